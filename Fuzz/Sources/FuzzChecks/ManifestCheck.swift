import RastrilloNative

/// `fuzz-manifest`: any bytes as an app manifest. Properties: decoding and validation never
/// trap; a refusal lists at least one issue and reports at most `2 × destinations + 40`
/// conflicts (destinations counted naively as `"pattern"` keys in the bytes), so no manifest makes
/// the report grow faster than the manifest; every rendered issue is free of raw control
/// characters (C0, DEL, C1, bidi controls); an accepted manifest has no origin on a
/// script-capable scheme, no port outside 1…65535, builds a router, and routes each
/// destination whose pattern is plain literal segments (and needs no query param) from its own URL to itself (or to the
/// web screen for a web destination).
enum ManifestCheck {
    static let refusedSchemes: Set<String> = [
        "javascript", "data", "file", "vbscript", "blob", "about", "filesystem", "view-source",
    ]

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let manifest: AppManifest
        do {
            manifest = try AppManifest.decode(bytes, source: "fuzz.json")
        } catch {
            try require(!error.issues.isEmpty, "refused without an issue: \(escaped(bytes))")
            let destinations = occurrences(of: Array("\"pattern\"".utf8), in: bytes)
            let conflicts = error.issues.count { $0.kind == .conflictingPatterns }
            try require(
                conflicts <= 2 * destinations + 40,
                "\(conflicts) conflicts reported for \(destinations) destinations in \(bytes.count) bytes")
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

    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        var count = 0
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { count += 1 }
        }
        return count
    }
}
