extension AppManifest {
    /// Characters kept unescaped in a built path segment (RFC 3986 pchar minus `%`).
    static let pathSegmentKeep = "!$&'()*+,;=:@"
    /// Characters kept unescaped in a built query value (never `&`, `=`, `+`, `#`).
    static let queryKeep = "!$'()*,;:@/?"

    /// The path and query for destination `id` with `params` (`/notes/6f1c…?tab=2`),
    /// or `nil` when the destination does not exist, a required param is missing,
    /// or a value cannot appear in a path (empty, `.` or `..`).
    ///
    /// The result routes back to the same destination and params.
    public func path(for id: String, params: [String: LinkValue]) -> String? {
        guard let destination = destinations.first(where: { $0.id == id }) else { return nil }
        var path = ""
        for segment in destination.pattern.segments {
            switch segment {
            case .literal(let text): path += "/" + PercentDecoding.encode(text, keeping: Self.pathSegmentKeep)
            case .end, .rest(nil): path += "/"
            case .wildcard(let name):
                guard let value = params[name]?.description, !value.isEmpty, value != ".", value != ".." else {
                    return nil
                }
                path += "/" + PercentDecoding.encode(value, keeping: Self.pathSegmentKeep)
            case .rest(let name?):
                guard let value = params[name]?.description else { return nil }
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                for (index, part) in parts.enumerated() {
                    let isLast = index == parts.count - 1
                    if part == "." || part == ".." || (part.isEmpty && !isLast && parts.count > 1) { return nil }
                }
                path +=
                    "/"
                    + parts.map { PercentDecoding.encode(String($0), keeping: Self.pathSegmentKeep) }
                    .joined(separator: "/")
            }
        }
        var query: [String] = []
        for param in destination.params where !param.inPath {
            guard let value = params[param.name] else {
                if case .optional = param.type { continue }
                return nil
            }
            query.append(
                PercentDecoding.encode(param.name, keeping: Self.queryKeep) + "="
                    + PercentDecoding.encode(value.description, keeping: Self.queryKeep))
        }
        return (path.isEmpty ? "/" : path) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// The absolute URL string for destination `id` on the first origin; see ``path(for:params:)``.
    public func urlString(for id: String, params: [String: LinkValue]) -> String? {
        guard let origin = origins.first?.primary, let path = path(for: id, params: params) else { return nil }
        return origin.description + path
    }
}
