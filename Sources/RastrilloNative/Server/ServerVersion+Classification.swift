import RastrilloJSON

extension ServerVersion {
    /// The default largest version body accepted, in bytes. Real versions
    /// (tags, `git describe` output, 40-digit shas) are far shorter; anything
    /// longer is not a version.
    public static let defaultMaximumLength = 256

    /// Reads and classifies a `/api/version` response body.
    ///
    /// Accepts printable single-line UTF-8 text of at most `maximumLength`
    /// bytes, optionally followed by one line feed (which is not part of the
    /// version). Refuses, in this order: a body longer than `maximumLength`,
    /// bytes that are not UTF-8, an empty body, an HTML page (the first
    /// non-space character is `<`), several lines, control or invisible
    /// formatting characters (Unicode categories Cc and Cf), and spaces around
    /// the version.
    ///
    /// Classification, first match wins: `dev`; a sha (7–40 lowercase hex
    /// digits); `git describe` output (`<tag>-<n>-g<hex>`); a tag
    /// (`v1.4.0`, `1.4`, `v2.0.0-rc.1+build.5`); otherwise opaque. A
    /// `-dirty` suffix sets ``isDirty`` and is classified without it.
    ///
    /// - Throws: ``ServerVersionError/BodyProblem`` saying why the body is not a version.
    public init(
        body: [UInt8],
        maximumLength: Int = ServerVersion.defaultMaximumLength
    ) throws(ServerVersionError.BodyProblem) {
        guard body.count <= maximumLength else { throw .tooLong(limit: maximumLength) }
        guard let decoded = UTF8Text.string(body) else { throw .notUTF8 }
        var text = decoded
        if text.hasSuffix("\n") && !text.hasSuffix("\r\n") { text.removeLast() }
        guard !text.isEmpty else { throw .empty }
        if text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) == "<" { throw .htmlPage }
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .lineSeparator, .paragraphSeparator: throw .multipleLines
            case .control where scalar == "\n" || scalar == "\r" || scalar == "\u{85}": throw .multipleLines
            case .control, .format: throw .controlCharacter(scalar.value)
            default: continue
            }
        }
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            throw .surroundingWhitespace
        }
        let (core, isDirty) = Self.splitDirty(text)
        self.init(text: text, kind: Self.classify(core), isDirty: isDirty)
    }

    static func splitDirty(_ text: String) -> (core: String, isDirty: Bool) {
        let suffix = "-dirty"
        guard text.hasSuffix(suffix), text.count > suffix.count else { return (text, false) }
        return (String(text.dropLast(suffix.count)), true)
    }

    static func classify(_ text: String) -> Kind {
        if text == "dev" { return .dev }
        if isLowerHex(text, lengths: 7...40) { return .sha }
        if let describe = describeParts(text) { return describe }
        if isTag(text) { return .tag }
        return .opaque
    }

    static func isLowerHex(_ text: Substring, lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func isLowerHex(_ text: String, lengths: ClosedRange<Int>) -> Bool {
        isLowerHex(text[...], lengths: lengths)
    }

    /// `<tag>-<n>-g<hex>`: the tag may itself contain dashes, so split from the end.
    static func describeParts(_ text: String) -> Kind? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let commitPart = parts[parts.count - 1]
        let countPart = parts[parts.count - 2]
        let tag = parts[..<(parts.count - 2)].joined(separator: "-")
        guard commitPart.first == "g", isLowerHex(commitPart.dropFirst(), lengths: 4...40) else { return nil }
        guard !countPart.isEmpty, countPart.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let count = Int(countPart), !tag.isEmpty
        else { return nil }
        return .describe(tag: tag, commitsAhead: count, commit: String(commitPart.dropFirst()))
    }

    /// `v?N(.N)*` with an optional `-prerelease` and `+build` of `[0-9A-Za-z.-]`.
    static func isTag(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "v" { rest = rest.dropFirst() }
        var core = rest
        var suffix = Substring("")
        if let index = rest.firstIndex(where: { $0 == "-" || $0 == "+" }) {
            core = rest[..<index]
            suffix = rest[index...]
        }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        guard !numbers.isEmpty,
            numbers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } })
        else { return false }
        let allowed: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        return suffixParts(suffix).allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed) }
    }

    /// Splits `-pre.1+build.5` into `["pre.1", "build.5"]`; a second `+` yields an empty (refused) part.
    private static func suffixParts(_ suffix: Substring) -> [Substring] {
        guard let first = suffix.first else { return [] }
        let body = suffix.dropFirst()
        if first == "-", let plus = body.firstIndex(of: "+") {
            return [body[..<plus]]
                + body[body.index(after: plus)...].split(separator: "+", omittingEmptySubsequences: false)
        }
        return body.split(separator: "+", omittingEmptySubsequences: false)
    }
}
