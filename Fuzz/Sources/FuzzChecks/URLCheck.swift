import Foundation

@testable import RastrilloNative

/// A URL's origin read naively (no code under test): scheme, host and port exactly as written,
/// lowercased where WHATWG URL is case-insensitive (the scheme; the host only under a special
/// scheme or when it is a bracketed IPv6 address: a custom scheme's host keeps its case), the
/// port `nil` when not written.
struct NaiveOrigin: Hashable {
    let scheme: String
    let host: String
    let port: Int?

    /// WHATWG's special schemes, whose hosts are case-insensitive.
    static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

    /// Ports written without digits (`host:`) read as absent, like WHATWG `URL`.
    static let defaultPorts = ["http": 80, "https": 443]

    /// `(scheme, host, port or the scheme's default)` of `scheme://authority…`, or `nil`.
    static func read(_ text: String) -> NaiveOrigin? {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        let scheme = bytes[..<colon]
        guard scheme.allSatisfy({ isASCIIAlphanumeric($0) || "+-.".utf8.contains($0) }),
            isASCIILetter(scheme.first!)
        else { return nil }
        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: "//".utf8) else { return nil }
        let authorityStart = rest.startIndex + 2
        let authorityEnd = rest[authorityStart...].firstIndex { "/?#".utf8.contains($0) } ?? rest.endIndex
        let authority = Array(rest[authorityStart..<authorityEnd])
        var host = authority[...]
        var portText: ArraySlice<UInt8> = []
        if let last = authority.lastIndex(of: UInt8(ascii: ":")), !authority[last...].contains(UInt8(ascii: "]")) {
            host = authority[..<last]
            portText = authority[(last + 1)...]
        }
        var port: Int?
        if !portText.isEmpty {
            var value = 0
            for digit in portText {
                guard isASCIIDigit(digit) else { return nil }
                value = value * 10 + Int(digit - 0x30)
                if value > 65_535 { return nil }
            }
            port = value
        }
        let schemeText = String(decoding: scheme, as: UTF8.self).lowercased()
        let hostText = String(decoding: host, as: UTF8.self)
        let caseInsensitive = specialSchemes.contains(schemeText) || hostText.hasPrefix("[")
        return NaiveOrigin(
            scheme: schemeText, host: caseInsensitive ? hostText.lowercased() : hostText,
            port: port ?? defaultPorts[schemeText])
    }
}

func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
func isASCIIDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || isASCIIDigit(byte) }

/// The parity manifest (Tests/ManifestParity/parity-manifest.json) and its origins, read
/// from the file's own strings rather than from the decoded manifest.
enum ParityFixture {
    static let path = repositoryRoot + "/Tests/ManifestParity/parity-manifest.json"
    static let bytes: [UInt8] = Array(FileManager.default.contents(atPath: path) ?? Data())
    static let manifest: AppManifest = {
        do { return try AppManifest.decode(bytes, source: path) } catch {
            fatalError("the parity manifest must decode: \(error)")
        }
    }()
    static let router = LinkRouter(manifest: manifest)

    /// Every `"origin"` and `"aliases"` string of the file, naively read.
    static let origins: Set<NaiveOrigin> = {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let groups = object["origins"] as? [[String: Any]]
        else { fatalError("the parity manifest has no origins") }
        var out: Set<NaiveOrigin> = []
        for group in groups {
            let texts = [group["origin"] as? String] + ((group["aliases"] as? [String]) ?? []).map { $0 }
            for text in texts.compactMap({ $0 }) {
                guard let origin = NaiveOrigin.read(text) else { fatalError("unreadable origin \(text)") }
                out.insert(origin)
            }
        }
        return out
    }()
}

/// `fuzz-url`: any string through `RawURL.read` and `LinkRouter.decide` (string, `URL`, both
/// contexts). Properties: nothing traps; an internal decision's URL names one of the manifest's
/// origins byte for byte (naively read); a refusal explains itself; what `RawURL` accepts has
/// no whitespace, control or non-ASCII byte and keeps its path, query and fragment verbatim.
enum URLCheck {
    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let text = String(decoding: bytes, as: UTF8.self)
        let router = ParityFixture.router
        for context in [LinkRouter.Context.navigation, .redirect] {
            let decision = router.decide(text, context: context)
            try requireInternalOnlyOnListedOrigin(text, decision)
            if case .refused(let reason) = decision {
                try require(!reason.description.isEmpty, "empty refusal for \(escaped(text))")
            }
        }
        if let url = URL(string: text) {
            let decision = router.decide(url)
            try requireInternalOnlyOnListedOrigin(url.absoluteString, decision)
        }
        try checkRawURL(text)
    }

    static func requireInternalOnlyOnListedOrigin(_ text: String, _ decision: LinkDecision) throws(PropertyViolation) {
        guard decision.isInternal else { return }
        let origin = NaiveOrigin.read(text)
        try require(
            origin.map { ParityFixture.origins.contains($0) } == true,
            "internal (\(decision.name)) but its origin \(String(describing: origin)) is not one of the manifest's: "
                + escaped(text))
    }

    static func checkRawURL(_ text: String) throws(PropertyViolation) {
        guard case .success(let raw) = RawURL.read(text) else { return }
        try require(
            text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") },
            "RawURL accepted a control, space, backslash or non-ASCII byte: \(escaped(text))")
        let colon = text.firstIndex(of: ":")!
        try require(
            raw.scheme == text[..<colon].lowercased(), "scheme \(raw.scheme) is not the text's: \(escaped(text))")
        var tail = raw.rawPath
        if let query = raw.rawQuery { tail += "?" + query }
        if let fragment = raw.rawFragment { tail += "#" + fragment }
        try require(text.hasSuffix(tail), "path/query/fragment \(escaped(tail)) not verbatim in \(escaped(text))")
        if let host = raw.host {
            let origin = NaiveOrigin.read(text)
            try require(origin?.host == host, "host \(host) is not the written one \(escaped(text))")
            if let port = raw.port, let naivePort = origin?.port {
                try require(port == naivePort, "port \(port) is not the written one \(escaped(text))")
            }
            try require((raw.port ?? 1) > 0, "port 0 accepted: \(escaped(text))")
        }
    }
}
