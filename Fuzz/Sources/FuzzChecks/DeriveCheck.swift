@testable import FuzzDerive

/// `fuzz-derive`: any bytes through both readers of `manifest derive`.
///
/// The locale catalog reader: a refusal names a line of the input, and one more leading newline
/// moves it one line down; what it accepts is valid UTF-8, every key is non-empty parts joined by
/// dots with no control character and at most 256 bytes, the catalog written back as sorted
/// `key = "escaped"` lines (a separate writer) reads back equal, and a leading blank line and a
/// trailing comment change nothing.
///
/// The Go route scanner: never traps; every line is within the input and in call order; a
/// non-literal registration has no pattern or host, a chi literal starts with `/`; in input
/// without a backslash or carriage return (no escapes to decode) every import, pattern, host and
/// ServeMux method is text of the input; one more leading newline moves every line one down
/// and changes nothing else.
///
/// The `gen/manifest.json` reader: never traps; a refusal's pointer is the whole document or
/// starts at an index of its top-level array; every resource it accepts has a snake_case name, a route starting with `/`, field names of letters, digits and
/// underscores and filter values of `[a-z0-9_-]+`; JSON whitespace around the document changes
/// nothing (a syntax error stays a syntax error; only its line and column move).
enum DeriveCheck {
    /// Checks the three readers' properties on `bytes`.
    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        try checkCatalog(bytes)
        try checkScan(bytes)
        try checkResources(bytes)
    }

    // MARK: gen/manifest.json

    /// The resource reader's properties.
    static func checkResources(_ bytes: [UInt8]) throws(PropertyViolation) {
        let padded = [0x20, 0x0A] + bytes + [0x0A]
        let resources: [RastrilloResource]
        do {
            resources = try RastrilloResourceReader.read(bytes)
        } catch {
            try require(
                error.pointer.isEmpty || error.pointer.hasPrefix("/"),
                "resource refusal pointer \(escaped(error.pointer)) is not a JSON pointer: \(escaped(bytes))")
            if !error.pointer.isEmpty {
                let first = error.pointer.dropFirst().prefix { $0 != "/" }
                try require(
                    Int(first) != nil, "resource refusal pointer \(escaped(error.pointer)) names no array index")
            }
            var again: RastrilloResourceError?
            do { _ = try RastrilloResourceReader.read(padded) } catch { again = error }
            // A syntax error names its line and column, which the padding moves; every other
            // refusal reads the same.
            let syntax = error.message.hasPrefix("not valid JSON")
            let same: Bool
            if let again, syntax {
                same = again.pointer == error.pointer && again.message.hasPrefix("not valid JSON")
            } else {
                same = again == error
            }
            try require(
                same, "whitespace around \(escaped(bytes)) changed the refusal \(error) to \(String(describing: again))"
            )
            return
        }
        for resource in resources {
            try require(
                RastrilloResourceReader.isSnakeName(resource.name) && resource.route.hasPrefix("/"),
                "accepted resource \(escaped(resource.name)) at \(escaped(resource.route)): \(escaped(bytes))")
            for field in resource.columns + resource.basics + resource.advanced {
                try require(
                    RastrilloResourceReader.isFieldName(field.name),
                    "accepted field name \(escaped(field.name)): \(escaped(bytes))")
            }
            for filter in resource.filters {
                try require(
                    filter.values.allSatisfy(RastrilloResourceReader.isFilterValue),
                    "accepted filter values \(filter.values.map(escaped)): \(escaped(bytes))")
            }
        }
        let again: [RastrilloResource]
        do { again = try RastrilloResourceReader.read(padded) } catch {
            throw PropertyViolation(description: "whitespace around \(escaped(bytes)) made it refused: \(error)")
        }
        try require(again == resources, "whitespace around \(escaped(bytes)) changed the resources")
    }

    // MARK: Locale catalogs

    /// The locale catalog reader's properties.
    static func checkCatalog(_ bytes: [UInt8]) throws(PropertyViolation) {
        let lines = bytes.count { $0 == 0x0A } + 1
        let catalog: [String: String]
        do {
            catalog = try LocaleCatalogReader.read(bytes)
        } catch {
            try require(
                (1...lines).contains(error.line), "catalog refusal on line \(error.line) of \(lines): \(escaped(bytes))"
            )
            let shifted: Int?
            do {
                _ = try LocaleCatalogReader.read([0x0A] + bytes)
                shifted = nil
            } catch let again {
                shifted = again.line
            }
            try require(
                shifted == error.line + 1,
                "a leading newline moved the refusal from line \(error.line) to \(String(describing: shifted)): "
                    + escaped(bytes))
            return
        }
        try require(validUTF8(bytes) != nil, "catalog accepted invalid UTF-8: \(escaped(bytes))")
        for key in catalog.keys {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false)
            try require(
                parts.allSatisfy { !$0.isEmpty } && key.utf8.count <= LocaleCatalogReader.maxKeyBytes
                    && !key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "catalog key \(escaped(key)) is not non-empty parts joined by dots: \(escaped(bytes))")
        }
        let written = write(catalog)
        let again: [String: String]
        do { again = try LocaleCatalogReader.read(Array(written.utf8)) } catch {
            throw PropertyViolation(
                description: "the catalog of \(escaped(bytes)) written as \(escaped(written)) is refused: \(error)")
        }
        try require(again == catalog, "catalog round trip changed \(escaped(bytes)) → \(escaped(written))")
        let padded = [0x0A] + bytes + Array("\n# end\n".utf8)
        let paddedCatalog: [String: String]?
        do { paddedCatalog = try LocaleCatalogReader.read(padded) } catch { paddedCatalog = nil }
        try require(paddedCatalog == catalog, "a blank line and a comment changed the catalog of \(escaped(bytes))")
    }

    /// The catalog as sorted `key = "text"` lines: bare key parts where they can be, else quoted.
    static func write(_ catalog: [String: String]) -> String {
        var out = ""
        for (key, value) in catalog.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map { part in
                part.utf8.allSatisfy(isBare) ? String(part) : quote(String(part))
            }
            out += parts.joined(separator: ".") + " = " + quote(value) + "\n"
        }
        return out
    }

    static func isBare(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2D
    }

    /// A TOML basic string: `"` and `\` escaped, every control character as `\uXXXX`.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    // MARK: Go sources

    /// The Go route scanner's properties.
    static func checkScan(_ bytes: [UInt8]) throws(PropertyViolation) {
        let scan = GoRouteScanner.scan(bytes)
        let lines = bytes.count { $0 == 0x0A } + 1
        try require(!scan.truncated, "a scan of \(bytes.count) bytes says truncated")
        var previous = 1
        for route in scan.routes {
            try require(
                route.line >= previous && route.line <= lines,
                "route line \(route.line) after \(previous), of \(lines): \(escaped(bytes))")
            previous = route.line
            if !route.isLiteral {
                try require(
                    route.pattern.isEmpty && route.host == nil, "a dynamic route has a pattern: \(escaped(bytes))")
            } else if route.kind == .chi {
                try require(route.pattern.hasPrefix("/"), "a chi literal without a leading /: \(escaped(bytes))")
            }
        }
        if validUTF8(bytes) != nil && !bytes.contains(UInt8(ascii: "\\")) && !bytes.contains(0x0D) {
            var texts = scan.imports
            for route in scan.routes where route.isLiteral {
                texts.append(route.pattern)
                if let host = route.host { texts.append(host + route.pattern) }
                if route.kind == .serveMux, let method = route.method { texts.append(method) }
            }
            // An empty import ("") is in every file; `firstRange(of: [])` says nil.
            for text in texts where !text.isEmpty {
                try require(
                    bytes.firstRange(of: Array(text.utf8)) != nil,
                    "scanned \(escaped(text)), which is not in \(escaped(bytes))")
            }
        }
        let shifted = GoRouteScanner.scan([0x0A] + bytes)
        var expected = scan
        for index in expected.routes.indices { expected.routes[index].line += 1 }
        try require(shifted == expected, "a leading newline changed more than the lines: \(escaped(bytes))")
    }
}
