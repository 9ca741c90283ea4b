/// Query-string reading shared by the router: `&`-separated `name=value`
/// pairs, `+` as space, percent-decoded.
enum QueryItems {
    static func parse(_ rawQuery: String?) -> Result<[(String, String)], LinkRefusal> {
        guard let rawQuery, !rawQuery.isEmpty else { return .success([]) }
        var items: [(String, String)] = []
        for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(parts[0], plusAsSpace: true),
                let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusAsSpace: true)
            else { return .failure(.badPercentEncoding) }
            items.append((name, value))
        }
        return .success(items)
    }
}
