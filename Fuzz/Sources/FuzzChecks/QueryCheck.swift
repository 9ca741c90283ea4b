@testable import RastrilloNative

/// `fuzz-query`: percent decoding and query decoding against a naive decoder, and typed query
/// params through the router. Properties: `PercentDecoding.decode` equals a naive byte-wise
/// decoder (with and without `+` as space); `QueryItems.parse` yields exactly the naively split
/// and decoded pairs or refuses; no param value of a native match holds a control character
/// (C0 or DEL), however it was encoded.
enum QueryCheck {
    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let text = String(decoding: bytes, as: UTF8.self)
        for plus in [false, true] {
            let decoded = PercentDecoding.decode(text, plusAsSpace: plus)
            let naive = naiveDecode(Array(text.utf8), plusAsSpace: plus)
            try require(
                decoded == naive,
                "decode(plusAsSpace: \(plus)) of \(escaped(text)) gave \(decoded.map(escaped) ?? "nil"), "
                    + "naively \(naive.map(escaped) ?? "nil")")
        }
        switch QueryItems.parse(text) {
        case .success(let items):
            let naive = naiveItems(text)
            try require(
                naive != nil && items.map({ [$0.0, $0.1] }) == naive!.map({ [$0.0, $0.1] }),
                "query \(escaped(text)) parsed as \(items), naively \(String(describing: naive))")
        case .failure(let refusal):
            let naive = naiveItems(text)
            let control = naive?.contains { hasControl($0.0) || hasControl($0.1) } ?? false
            try require(naive == nil || control, "query \(escaped(text)) refused (\(refusal)) but decodes naively")
        }
        // Typed params: /search takes q (string) and page (optional int).
        for url in ["https://app.example.com/search?" + text, "https://app.example.com/search?q=" + text] {
            let decision = ParityFixture.router.decide(url)
            guard case .native(let match) = decision else { continue }
            for (name, value) in match.params {
                if case .string(let string) = value {
                    try require(
                        !hasControl(string),
                        "param \(name) holds a control character: \(escaped(string)) from \(escaped(url))")
                }
            }
        }
    }

    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// `%XX` → the byte, `+` → space when asked; `nil` for a bad escape or invalid UTF-8.
    static func naiveDecode(_ bytes: [UInt8], plusAsSpace: Bool) -> String? {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
                else { return nil }
                out.append(high * 16 + low)
                index += 3
            } else {
                out.append(plusAsSpace && bytes[index] == UInt8(ascii: "+") ? 0x20 : bytes[index])
                index += 1
            }
        }
        return validUTF8(out)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        if isASCIIDigit(byte) { return byte - 0x30 }
        if (0x61...0x66).contains(byte) { return byte - 0x61 + 10 }
        if (0x41...0x46).contains(byte) { return byte - 0x41 + 10 }
        return nil
    }

    /// `&`-separated non-empty pairs split at the first `=`, each side decoded with `+` as space.
    static func naiveItems(_ text: String) -> [(String, String)]? {
        var out: [(String, String)] = []
        for pair in text.split(separator: "&") {
            let name: Substring
            let value: Substring
            if let equals = pair.firstIndex(of: "=") {
                name = pair[..<equals]
                value = pair[pair.index(after: equals)...]
            } else {
                name = pair
                value = ""
            }
            guard let decodedName = naiveDecode(Array(name.utf8), plusAsSpace: true),
                let decodedValue = naiveDecode(Array(value.utf8), plusAsSpace: true)
            else { return nil }
            out.append((decodedName, decodedValue))
        }
        return out
    }
}
