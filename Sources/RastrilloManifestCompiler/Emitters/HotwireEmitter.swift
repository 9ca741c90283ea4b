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
        // One rule per line, appended straight to the output (building each rule from an array of
        // quoted pairs and joining lines made this the slowest emitter on large manifests).
        var out = "{\n  \"_generated\": \(JSONString.quoted(header)),\n  \"settings\": {},\n  \"rules\": [\n"
        let ordered = Array(DestinationOrder.mostSpecificFirst(manifest.destinations).reversed())
        for (index, destination) in ordered.enumerated() {
            func property(_ name: String, _ value: String) {
                out += ", "
                out += JSONString.quoted(name)
                out += ": "
                out += JSONString.quoted(value)
            }
            out += "    {\"patterns\": ["
            out += JSONString.quoted(Self.regex(destination.pattern))
            out += "], \"properties\": {\"context\": \"default\""
            property("presentation", "default")
            property("rastrillo_destination", destination.id)
            property("rastrillo_link", destination.link.rawValue)
            if destination.presentation == .native {
                property("view_controller", destination.id)
                property("uri", "hotwire://fragment/\(destination.id)")
            }
            out += index == ordered.count - 1 ? "}}\n" : "}},\n"
        }
        out += "  ]\n}\n"
        return out
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
        func special(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "/": return true
            default: return false
            }
        }
        if !text.unicodeScalars.contains(where: special) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if special(scalar) { out.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
