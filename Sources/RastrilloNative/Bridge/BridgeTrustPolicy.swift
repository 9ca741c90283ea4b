/// The one place that decides whether a frame may use the bridge.
///
/// A frame is trusted only when it is the main frame and its security origin — scheme, host and
/// port, with WebKit's port `0` read as the scheme's default — is one of the manifest's internal
/// origins or aliases: the frame's origin is read with ``ManifestOrigin/init(parsing:)`` and
/// checked with ``AppManifest/isInternal(origin:)``, the one origin check the ``LinkRouter``
/// shares (lowercase scheme and host, default ports normalised). No prefix, suffix or
/// first-label matching; opaque origins (`null`, empty, and every scheme of
/// ``ManifestOrigin/refusedSchemes``: `about:`, `data:`, `blob:`, `file:`, `javascript:` …) are refused. The page's URL and anything inside the payload play no part, so a redirect to another
/// internal page keeps working and a spoofed origin in the payload changes nothing.
///
/// ```swift
/// let policy = BridgeTrustPolicy(manifest: manifest)
/// switch policy.decide(BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0)) {
/// case .success(let origin): print("trusted \(origin)")
/// case .failure(let refusal): print(refusal)
/// }
/// ```
public struct BridgeTrustPolicy: Sendable {
    /// Whether frames of `scheme` (lowercased) are opaque or never carry an app page: empty,
    /// `null`, or one of ``ManifestOrigin/refusedSchemes`` (the list manifest validation uses).
    static func isOpaque(_ scheme: String) -> Bool {
        scheme.isEmpty || scheme == "null" || ManifestOrigin.isRefusedScheme(scheme)
    }

    private let manifest: AppManifest

    /// Builds the policy from the manifest's internal origins (primaries and aliases).
    public init(manifest: AppManifest) {
        self.manifest = manifest
    }

    /// Decides whether `frame` may use the bridge; on success, the matched internal origin.
    public func decide(_ frame: BridgeFrame) -> Result<ManifestOrigin, BridgeTrustRefusal> {
        guard frame.isMainFrame else { return .failure(.notMainFrame(frame)) }
        let scheme = frame.scheme.lowercased()
        guard !Self.isOpaque(scheme), !frame.host.isEmpty, frame.host != "null" else {
            return .failure(.opaqueOrigin(frame))
        }
        // WebKit may report an IPv6 host without brackets; the manifest stores it bracketed.
        let bracketed =
            frame.host.contains(":") && !frame.host.hasPrefix("[") ? "[\(frame.host)]" : frame.host
        // Only a canonical host goes into the origin text, so nothing in it can act as a
        // delimiter (`/`, `@`, `:`, `#`) when the shared reader parses it.
        // A custom scheme's host keeps its case, as WHATWG reads it: `companion://APP` is not
        // `companion://app`, so it is a foreign origin.
        guard let host = HostName.canonical(bracketed, scheme: scheme) else { return .failure(.invalidHost(frame)) }
        guard (0...65535).contains(frame.port) else { return .failure(.invalidPort(frame)) }
        let text = OriginText.render(scheme: scheme, host: host, port: frame.port)
        guard let origin = ManifestOrigin(parsing: text) else { return .failure(.invalidHost(frame)) }
        guard manifest.isInternal(origin: origin) else { return .failure(.foreignOrigin(origin)) }
        return .success(origin)
    }
}
