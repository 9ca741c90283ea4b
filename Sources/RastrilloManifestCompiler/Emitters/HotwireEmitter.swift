import RastrilloJSON
import RastrilloNative

/// Emits a Hotwire Native path configuration for teams migrating from Hotwire.
///
/// Hotwire merges every matching rule in file order, later wins, so rules go
/// from least to most specific. Patterns are anchored regexes over the
/// (decoded) path with an optional query. Properties: `context`,
/// `presentation`, `view_controller` and `uri` for native screens, plus
/// `rastrillo_destination` / `rastrillo_link` naming the manifest entry.
struct HotwireEmitter {
    let manifest: AppManifest
    let header: String

    func emit() -> String {
        var lines = ["{", "  \"_generated\": \(JSONString.quoted(header)),", "  \"settings\": {},", "  \"rules\": ["]
        let ordered = Array(DestinationOrder.mostSpecificFirst(manifest.destinations).reversed())
        for (index, destination) in ordered.enumerated() {
            var properties: [(String, String)] = [
                ("context", "default"), ("presentation", "default"),
                ("rastrillo_destination", destination.id), ("rastrillo_link", destination.link.rawValue),
            ]
            if destination.presentation == .native {
                properties.append(("view_controller", destination.id))
                properties.append(("uri", "hotwire://fragment/\(destination.id)"))
            }
            let body = properties.map { "\(JSONString.quoted($0.0)): \(JSONString.quoted($0.1))" }
                .joined(separator: ", ")
            let comma = index == ordered.count - 1 ? "" : ","
            lines.append(
                "    {\"patterns\": [\(JSONString.quoted(Self.regex(destination.pattern)))], \"properties\": {\(body)}}\(comma)"
            )
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func regex(_ pattern: PathPattern) -> String {
        var out = "^"
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): out += "/" + escape(text)
            case .wildcard: out += "/[^/?]+"
            case .rest: out += "/[^?]*"
            case .end: out += "/"
            }
        }
        return out + "(?:\\?.*)?$"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "/": out.append("\\")
            default: break
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
