import RastrilloNative

/// `fuzz-manifest`: any bytes as an app manifest. Properties: decoding and validation never
/// trap; a refusal lists at least one issue and at most 21 conflict issues (docs/app-manifest.md:
/// at most 20 conflicts, then one issue saying there are more), so no manifest makes the report
/// grow with the square of its destinations; every rendered issue is free of raw control
/// characters (C0, DEL, C1, bidi controls); an accepted manifest has no origin on a
/// script-capable scheme, no port outside 1…65535, builds a router, and routes each
/// destination whose pattern is plain literal segments (and needs no query param) from its own URL to itself (or to the
/// web screen for a web destination).
///
/// An input that starts with `@` is an origin and its aliases instead, one per line: they are
/// written into a minimal manifest (JSON-escaped) that gets the same checks. Mutations of a short
/// origin reach its scheme far sooner than mutations of a whole manifest do.
enum ManifestCheck {
    static let refusedSchemes: Set<String> = [
        "javascript", "data", "file", "vbscript", "blob", "about", "filesystem", "view-source",
    ]

    /// The documented cap: 20 conflicts listed, then one issue saying there are more.
    static let maxConflictIssues = 21

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        if bytes.first == UInt8(ascii: "@") {
            try check(manifestWithOrigins(bytes.dropFirst()))
            return
        }
        let manifest: AppManifest
        do {
            manifest = try AppManifest.decode(bytes, source: "fuzz.json")
        } catch {
            try require(!error.issues.isEmpty, "refused without an issue: \(escaped(bytes))")
            let conflicts = error.issues.count { $0.kind == .conflictingPatterns }
            try require(
                conflicts <= maxConflictIssues,
                "\(conflicts) conflicts reported (at most \(maxConflictIssues)) for \(bytes.count) bytes")
            for issue in error.issues {
                try require(
                    !hasRawControl(issue.description),
                    "an issue echoes a control character: \(escaped(issue.description))")
            }
            return
        }
        for origin in manifest.internalOrigins {
            try require(
                !refusedSchemes.contains(origin.scheme.lowercased()),
                "origin on a script-capable scheme accepted: \(origin) in \(escaped(bytes))")
            try require((0...65_535).contains(origin.port), "origin port \(origin.port) accepted: \(origin)")
        }
        let router = LinkRouter(manifest: manifest)
        guard let primary = manifest.origins.first?.primary else { return }
        for destination in manifest.destinations {
            let pattern = destination.pattern.description
            let requiredQuery = destination.params.contains { param in
                if param.inPath { return false }
                if case .optional = param.type { return false }
                return true
            }
            guard isPlainLiteral(pattern), !requiredQuery else { continue }
            let url = "\(primary.scheme)://\(primary.host)\(portSuffix(primary))\(pattern)"
            let decision = router.decide(url)
            guard let match = decision.match else {
                throw PropertyViolation(description: "\(url) (\(destination.id)'s own URL) → \(decision)")
            }
            try require(
                match.destination == destination.id, "\(url) → \(match.destination), not \(destination.id)")
        }
    }

    static func portSuffix(_ origin: ManifestOrigin) -> String {
        let defaults = ["http": 80, "https": 443]
        return defaults[origin.scheme] == origin.port || origin.port <= 0 ? "" : ":\(origin.port)"
    }

    /// `/word/word…` (no trailing slash: `/a/` may lose `/a/` to a `/a/{$}`), words of letters, digits, `-`, `_`, `.`, `~`
    /// (no `.`/`..` segment).
    static func isPlainLiteral(_ pattern: String) -> Bool {
        guard pattern.hasPrefix("/") else { return false }
        let segments = pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments {
            if segment.isEmpty || segment == "." || segment == ".." { return false }
            guard segment.utf8.allSatisfy({ isASCIIAlphanumeric($0) || "-_.~".utf8.contains($0) }) else {
                return false
            }
        }
        return true
    }

    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
    }

    /// `{"schemaVersion":1,"app":{"name":"M"},"origins":[{"origin":LINE1,"aliases":[LINE2,…]}],"destinations":[]}`
    static func manifestWithOrigins(_ lines: ArraySlice<UInt8>) -> [UInt8] {
        func string(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var out: [UInt8] = [UInt8(ascii: "\"")]
            let hex = Array("0123456789abcdef".utf8)
            for byte in bytes {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    out += [UInt8(ascii: "\\"), byte]
                } else if byte < 0x20 {
                    out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                } else {
                    out.append(byte)  // non-UTF-8 bytes stay: the decoder must refuse them
                }
            }
            return out + [UInt8(ascii: "\"")]
        }
        let parts = lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var out = Array(#"{"schemaVersion":1,"app":{"name":"M"},"origins":[{"origin":"#.utf8)
        out += string(parts[0])
        out += Array(#","aliases":["#.utf8)
        for (index, alias) in parts.dropFirst().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += string(alias)
        }
        out += Array(#"]}],"destinations":[]}"#.utf8)
        return out
    }
}
