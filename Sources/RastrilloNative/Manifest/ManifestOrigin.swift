/// An exact web origin: lowercase scheme, lowercase host and an explicit port.
///
/// Default ports are normalised (`https://a.example` and `https://a.example:443`
/// are the same origin); nothing else is: no wildcard, no suffix match.
public struct ManifestOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The lowercase scheme (`https`).
    public let scheme: String
    /// The lowercase host (`app.example.com`, `[::1]`).
    public let host: String
    /// The port, with the scheme's default filled in.
    public let port: Int

    /// Creates an origin; `port` defaults to the scheme's default port.
    public init(scheme: String, host: String, port: Int? = nil) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port ?? Self.defaultPort(for: scheme.lowercased()) ?? 0
    }

    /// `scheme://host[:port]`, with the port left out when it is the default.
    public var description: String {
        if let defaultPort = Self.defaultPort(for: scheme), defaultPort == port { return "\(scheme)://\(host)" }
        return "\(scheme)://\(host):\(port)"
    }

    /// The default port of `scheme` (80 for http, 443 for https), if it has one.
    public static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": return 80
        case "https", "wss": return 443
        default: return nil
        }
    }
}

/// One entry of the manifest's `"origins"`: a primary origin and its aliases,
/// all of them internal.
public struct ManifestOriginGroup: Sendable, Hashable {
    /// The origin URLs are built against.
    public let primary: ManifestOrigin
    /// Other origins that count as the same app (`https://www.example.com`).
    public let aliases: [ManifestOrigin]
}
