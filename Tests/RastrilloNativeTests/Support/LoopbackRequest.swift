/// A request ``LoopbackHTTPServer`` received, as recorded in its log.
struct LoopbackRequest: Sendable, Equatable {
    var method: String
    /// The request target's path, without the query.
    var path: String
    /// The query after `?`, if any.
    var query: String?
    /// Header fields in arrival order (names as sent).
    var headers: [LoopbackHeader]

    /// The first value of the header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// One header field.
struct LoopbackHeader: Sendable, Equatable {
    var name: String
    var value: String
}
