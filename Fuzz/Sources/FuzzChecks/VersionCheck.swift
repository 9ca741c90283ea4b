import RastrilloNative

/// `fuzz-version`: any bytes as an `/api/version` body. Properties, against a separate reading
/// of the documented rules: an accepted body is at most 256 bytes of valid UTF-8 (standard
/// library), its text is the body minus at most one final line feed, holds no line break, C0,
/// DEL, C1 or format character, does not start with `<` and has no space at either end; its
/// kind and dirty flag are what the rules in `ServerVersion.init(body:)`'s doc give.
enum VersionCheck {
    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let version: ServerVersion
        do { version = try ServerVersion(body: bytes) } catch { return }
        try require(bytes.count <= 256, "accepted \(bytes.count) bytes")
        guard var text = validUTF8(bytes) else {
            throw PropertyViolation(description: "accepted invalid UTF-8: \(escaped(bytes))")
        }
        if text.utf8.last == 0x0A { text = String(decoding: bytes.dropLast(), as: UTF8.self) }
        try require(version.text == text, "text \(escaped(version.text)) is not the body's \(escaped(bytes))")
        let scalars = Array(text.unicodeScalars)
        try require(!scalars.isEmpty, "accepted an empty body")
        for scalar in scalars {
            let value = scalar.value
            try require(
                value >= 0x20 && !(0x7F...0x9F).contains(value) && value != 0x2028 && value != 0x2029
                    && scalar.properties.generalCategory != .format,
                "accepted U+\(String(value, radix: 16)) in \(escaped(bytes))")
        }
        try require(
            scalars.first(where: { !$0.properties.isWhitespace }) != "<", "accepted an HTML page \(escaped(bytes))")
        try require(
            !scalars.first!.properties.isWhitespace && !scalars.last!.properties.isWhitespace,
            "accepted surrounding space \(escaped(bytes))")
        var core = text
        var dirty = false
        if text.hasSuffix("-dirty") && text.count > 6 {
            core = String(text.dropLast(6))
            dirty = true
        }
        try require(version.isDirty == dirty, "dirty \(version.isDirty) for \(escaped(bytes))")
        let expected = expectedKind(core)
        try require(version.kind == expected, "kind \(version.kind) for \(escaped(bytes)), the rules say \(expected)")
    }

    static func expectedKind(_ core: String) -> ServerVersion.Kind {
        if core == "dev" { return .dev }
        if core.wholeMatch(of: /[0-9a-f]{7,40}/) != nil { return .sha }
        if let match = core.wholeMatch(of: /(.+)-([0-9]+)-g([0-9a-f]{4,40})/), let ahead = Int(match.2) {
            return .describe(tag: String(match.1), commitsAhead: ahead, commit: String(match.3))
        }
        if core.wholeMatch(of: /v?[0-9]+(\.[0-9]+)*(-[0-9A-Za-z.\-]+)?(\+[0-9A-Za-z.\-]+)*/) != nil { return .tag }
        return .opaque
    }
}
