extension RouteTable {
    /// What a match on one of the manifest's destinations decides, and how its params are read.
    struct Destination: Sendable {
        /// What a match does with the URL.
        enum Decision: Sendable {
            case native
            case web
            case inAppBrowser
            case external
        }

        /// Where a param's value is read.
        enum Source: Sendable {
            /// The path segment at this index (a `{name}` wildcard).
            case segment(Int)
            /// The path from the segment at this index on (a `{name...}` wildcard).
            case remainder(from: Int)
            /// The query item of the param's name.
            case query
        }

        /// A param: its name, type, whether it may be absent (query params only), and source.
        struct Param: Sendable {
            let name: String
            let kind: LinkValue.Kind
            let optional: Bool
            let source: Source
        }

        /// The destination's id.
        let id: String
        let decision: Decision
        /// Path params in pattern order, then query params in manifest order.
        let params: [Param]

        init(_ destination: ManifestDestination, in manifest: AppManifest) {
            id = destination.id
            switch destination.link {
            case .externalBrowser: decision = .external
            case .inAppBrowser: decision = .inAppBrowser
            case .inApp, .universalLink: decision = destination.presentation == .native ? .native : .web
            }
            // A wildcard's position in the pattern is the index of the path segment it takes.
            var sources: [String: Source] = [:]
            for (index, segment) in destination.pattern.segments.enumerated() {
                switch segment {
                case .wildcard(let name): sources[name] = .segment(index)
                case .rest(let name?): sources[name] = .remainder(from: index)
                default: break
                }
            }
            params = destination.params.map { param in
                var type = param.type
                var optional = false
                if case .optional(let wrapped) = type {
                    type = wrapped
                    optional = true
                }
                // A path param is one of the pattern's wildcards (the decoder makes them so).
                let source = param.inPath ? sources[param.name]! : .query
                return Param(
                    name: param.name, kind: LinkValue.Kind(type, in: manifest), optional: optional, source: source)
            }
        }

        /// The typed params for a match on `path`, or `nil` when a value does not parse or a
        /// required query param is missing.
        func params(_ path: RequestPath, _ query: inout Query) -> LinkParams? {
            var entries: [LinkParams.Entry] = []
            for param in params {
                let value: LinkValue?
                switch param.source {
                case .segment(let index):
                    let segment = path.segments[index]
                    value = param.kind.parse(UnsafeBufferPointer(rebasing: path.bytes[segment.start..<segment.end]))
                case .remainder(let index):
                    value = param.kind.parse(path.remainder(from: index))
                case .query:
                    guard let raw = query.value(named: param.name) else {
                        if param.optional { continue }
                        return nil
                    }
                    value = param.kind.parse(raw)
                }
                guard let value else { return nil }
                entries.append(LinkParams.Entry(key: param.name, value: value))
            }
            // A destination's param names are distinct (the validator refuses duplicates).
            switch entries.count {
            case 0: return LinkParams()
            case 1: return LinkParams(key: entries[0].key, value: entries[0].value)
            default: return LinkParams(entries: entries)
            }
        }
    }

    /// The query as the lookup needs it: parsed once, and only when a candidate has query params.
    enum Query {
        case parsed([(String, String)])
        case unparsed(String?)

        /// The value of the first item named `name` (compared byte for byte), parsing the query
        /// on first use.
        mutating func value(named name: String) -> String? {
            let items: [(String, String)]
            switch self {
            case .parsed(let parsed): items = parsed
            case .unparsed(let raw):
                // The router parses queries with escapes up front (refusing bad ones), so this
                // parse of an escape-free query cannot fail.
                items = (try? QueryItems.parse(raw).get()) ?? []
                self = .parsed(items)
            }
            return items.first { $0.0.utf8.elementsEqual(name.utf8) }?.1
        }
    }
}
