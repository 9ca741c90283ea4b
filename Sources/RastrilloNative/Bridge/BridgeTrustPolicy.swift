/// The one place that decides whether a frame may use the bridge.
///
/// A frame is trusted only when it is the main frame and its security origin — scheme, host and
/// port, with WebKit's port `0` read as the scheme's default — equals one of the manifest's
/// internal origins or aliases, compared as ``ManifestOrigin`` values (the manifest's own
/// normalisation: lowercase scheme and host, default ports filled in). No prefix, suffix or
/// first-label matching; opaque origins (`null`, `about:`, `data:`, `blob:`, `file:`, empty) are
/// refused. The page's URL and anything inside the payload play no part, so a redirect to another
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
    /// Schemes whose origins are opaque or that never carry an app page.
    static let opaqueSchemes: Set<String> = ["", "null", "about", "data", "blob", "file", "javascript"]

    private let internalOrigins: Set<ManifestOrigin>

    /// Builds the policy from the manifest's internal origins (primaries and aliases).
    public init(manifest: AppManifest) {
        internalOrigins = Set(manifest.internalOrigins)
    }

    /// Decides whether `frame` may use the bridge; on success, the matched internal origin.
    public func decide(_ frame: BridgeFrame) -> Result<ManifestOrigin, BridgeTrustRefusal> {
        guard frame.isMainFrame else { return .failure(.notMainFrame(frame)) }
        let scheme = frame.scheme.lowercased()
        guard !Self.opaqueSchemes.contains(scheme), !frame.host.isEmpty, frame.host != "null" else {
            return .failure(.opaqueOrigin(frame))
        }
        // WebKit may report an IPv6 host without brackets; the manifest stores it bracketed.
        let bracketed =
            frame.host.contains(":") && !frame.host.hasPrefix("[") ? "[\(frame.host)]" : frame.host
        guard let host = HostName.canonical(bracketed) else { return .failure(.invalidHost(frame)) }
        guard (0...65535).contains(frame.port) else { return .failure(.invalidPort(frame)) }
        let origin = ManifestOrigin(scheme: scheme, host: host, port: frame.port == 0 ? nil : frame.port)
        guard internalOrigins.contains(origin) else { return .failure(.foreignOrigin(origin)) }
        return .success(origin)
    }
}
