/// An exact web origin: lowercase scheme, the host as WHATWG URL reads it and an explicit port.
///
/// Default ports are normalised (`https://a.example` and `https://a.example:443`
/// are the same origin); nothing else is: no wildcard, no suffix match.
public struct ManifestOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The lowercase scheme (`https`).
    public let scheme: String
    /// The host as WHATWG URL reads it: lowercase under the special schemes (http, https, ws, wss,
    /// ftp, file) and for IPv6 addresses (`app.example.com`, `[::1]`), as written under a custom
    /// scheme (`companion://APP` has host `APP`, another origin than `companion://app`; a
    /// manifest's origins must be lowercase).
    public let host: String
    /// The port, with the scheme's default filled in.
    public let port: Int

    /// Creates an origin; `port` defaults to the scheme's default port. The host is lowercased
    /// under a special scheme or when it is an IPv6 address, and kept as written otherwise.
    public init(scheme: String, host: String, port: Int? = nil) {
        self.scheme = scheme.lowercased()
        self.host =
            RawURL.specialSchemes.contains(self.scheme) || host.hasPrefix("[") ? host.lowercased() : host
        self.port = port ?? Self.defaultPort(for: scheme.lowercased()) ?? 0
    }

    /// An origin from parts already lowercased by the URL reader (no re-lowercasing on the lookup path).
    init(canonicalScheme scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.port = port ?? Self.defaultPort(for: scheme) ?? 0
    }

    /// `scheme://host[:port]`, with the port left out when it is the scheme's default or `0`
    /// (a custom scheme without a port); ``AppManifest/urlString(for:params:)`` builds URLs from it.
    public var description: String { OriginText.render(scheme: scheme, host: host, port: port) }

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

extension ManifestOrigin {
    /// Parses `scheme://host[:port]` with the link router's strict reader
    /// (userinfo, escapes, non-canonical hosts refused); `nil` when it is not
    /// exactly an origin (a path other than `/`, a query or a fragment).
    ///
    /// Use it for origins reported by a platform (a web frame's security
    /// origin), then ask ``AppManifest/isInternal(origin:)``.
    public init?(parsing text: String) {
        guard case .success(let url) = RawURL.read(text), let host = url.host,
            url.rawPath.isEmpty || url.rawPath == "/", url.rawQuery == nil, url.rawFragment == nil
        else { return nil }
        self.init(scheme: url.scheme, host: host, port: url.port)
    }
}

extension AppManifest {
    /// Whether `origin` is exactly one of the manifest's origins or aliases
    /// (scheme, host and port; default ports normalised). The one origin check
    /// the link router and the bridge's frame trust share.
    public func isInternal(origin: ManifestOrigin) -> Bool {
        internalOrigins.contains(origin)
    }
}
