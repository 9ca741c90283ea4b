#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a server host is, as far as transport security is concerned.
///
/// - ``loopback``: this device (`localhost`, `127.0.0.0/8`, `::1`). Plain http is allowed.
/// - ``localNetwork``: a private address or a local name (`10/8`, `172.16/12`,
///   `192.168/16`, `169.254/16`, `fc00::/7`, `fe80::/10`, `*.local`, or a
///   single-label name such as `devbox`). Plain http needs the debug-only opt-in.
/// - ``publicInternet``: everything else. https only.
public enum ServerHostKind: String, Sendable, Hashable {
    /// This device.
    case loopback
    /// The local network.
    case localNetwork
    /// Any other host.
    case publicInternet

    /// Classifies a URL host (IPv6 literals with or without brackets).
    ///
    /// ```swift
    /// ServerHostKind(host: "127.0.0.1")  // .loopback
    /// ServerHostKind(host: "192.168.1.20")  // .localNetwork
    /// ServerHostKind(host: "example.com")  // .publicInternet
    /// ```
    public init(host rawHost: String) {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        if let octets = Self.ipv4(host) {
            self = Self.classify(ipv4: octets)
        } else if let bytes = Self.ipv6(host) {
            self = Self.classify(ipv6: bytes)
        } else if host == "localhost" {
            self = .loopback
        } else if host.hasSuffix(".local") || (!host.isEmpty && !host.contains(".")) {
            self = .localNetwork
        } else {
            self = .publicInternet
        }
    }

    private static func classify(ipv4 octets: [UInt8]) -> ServerHostKind {
        switch (octets[0], octets[1]) {
        case (127, _): return .loopback
        case (10, _), (192, 168), (169, 254): return .localNetwork
        case (172, 16...31): return .localNetwork
        default: return .publicInternet
        }
    }

    private static func classify(ipv6 bytes: [UInt8]) -> ServerHostKind {
        if bytes == [UInt8](repeating: 0, count: 15) + [1] { return .loopback }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return classify(ipv4: Array(bytes[12..<16]))  // IPv4-mapped ::ffff:a.b.c.d
        }
        if bytes[0] & 0xFE == 0xFC { return .localNetwork }  // fc00::/7 unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return .localNetwork }  // fe80::/10 link local
        return .publicInternet
    }

    /// Strict dotted quad: four decimal octets, no leading zeros.
    static func ipv4(_ host: String) -> [UInt8]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                part == "0" || part.first != "0", let value = UInt8(part)
            else { return nil }
            octets.append(value)
        }
        return octets
    }

    static func ipv6(_ host: String) -> [UInt8]? {
        guard host.contains(":") else { return nil }
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
