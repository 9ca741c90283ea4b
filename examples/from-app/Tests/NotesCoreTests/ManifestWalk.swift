import Foundation
import RastrilloNative

/// Walks every destination and command of an app manifest, for a test that fails when one
/// resolves to a fallback. It depends only on RastrilloNative, so another example's tests can
/// copy it unchanged; the example supplies what a destination shows and what a command does,
/// each with an explicit fallback outcome (docs/companion.md, "Every destination and command").
enum ManifestWalk {
    /// The value every `uuid` param gets; a test that needs the thing it names (a server) sets it up.
    static let sampleUUID = UUID(uuidString: "0F6F1C9E-2B7D-4B8E-9C55-3C2D1A0B9E77")!

    /// One match per destination of `manifest`, in manifest order, each param (optional ones
    /// too) given a sample value of its type. The generated `Destination(match:)` reads each.
    static func sampleMatches(_ manifest: AppManifest) -> [LinkMatch] {
        manifest.destinations.map { destination in
            var params: [String: LinkValue] = [:]
            for param in destination.params {
                params[param.name] = sampleValue(param.type, in: manifest)
            }
            return LinkMatch(destination: destination.id, params: LinkParams(params))
        }
    }

    /// A value of `type`: a word for a string, 1 for an int, the first case of a string enum…
    /// `nil` for types a destination param cannot have.
    static func sampleValue(_ type: ManifestType, in manifest: AppManifest) -> LinkValue? {
        switch type {
        case .string: return .string("sample")
        case .int: return .int(1)
        case .bool: return .bool(true)
        case .double: return .double(1.5)
        case .uuid: return .uuid(sampleUUID)
        case .optional(let wrapped): return sampleValue(wrapped, in: manifest)
        case .array: return nil
        case .named(let name):
            guard case .stringEnum(let cases)? = manifest.types.first(where: { $0.name == name })?.kind else {
                return nil
            }
            return cases.first.map(LinkValue.string)
        }
    }

    /// What one destination resolved to.
    struct Resolved<Content: Hashable> {
        /// The destination's manifest id.
        let id: String
        /// What the app shows for it.
        let content: Content
        /// Whether that is the app's fallback.
        let isFallback: Bool
    }

    /// The problems of a walk over destinations: each one that falls back, and each one showing
    /// the same screen as an earlier one (a destination shown as another's screen). Empty when
    /// every destination has a screen of its own.
    static func screenProblems<Content: Hashable>(_ resolved: [Resolved<Content>]) -> [String] {
        var problems: [String] = []
        var firstShowing: [Content: String] = [:]
        for entry in resolved {
            if entry.isFallback {
                problems.append("\(entry.id) falls back: \(entry.content)")
            } else if let other = firstShowing[entry.content] {
                problems.append("\(entry.id) shows the same screen as \(other): \(entry.content)")
            } else {
                firstShowing[entry.content] = entry.id
            }
        }
        return problems
    }
}
