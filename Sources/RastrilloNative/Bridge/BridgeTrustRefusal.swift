/// Why a frame may not use the bridge.
public enum BridgeTrustRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message came from an iframe; only the main frame may use the bridge.
    case notMainFrame(BridgeFrame)
    /// The frame's origin is opaque (`null`, `about:`, `data:`, `blob:`, `file:`, sandboxed, or empty).
    case opaqueOrigin(BridgeFrame)
    /// The host (or the scheme) is not one every URL parser reads the same way, so it is never matched.
    case invalidHost(BridgeFrame)
    /// The port is outside 0…65535.
    case invalidPort(BridgeFrame)
    /// The origin is well-formed but is none of the manifest's internal origins or aliases.
    case foreignOrigin(ManifestOrigin)

    /// What was refused and why.
    public var description: String {
        switch self {
        case .notMainFrame(let frame):
            return "message from a subframe (\(frame)); only the main frame may use the bridge"
        case .opaqueOrigin(let frame):
            return "message from an opaque origin (\(frame)); only the manifest's internal origins may use the bridge"
        case .invalidHost(let frame):
            return "message from a frame whose host is not canonical (\(frame))"
        case .invalidPort(let frame):
            return "message from a frame with an impossible port (\(frame))"
        case .foreignOrigin(let origin):
            return "message from \(origin), which is not one of the manifest's internal origins or aliases; "
                + "add it to \"origins\" if it is yours"
        }
    }

    /// A stable code for logs: `not-main-frame`, `opaque-origin`, `invalid-host`, `invalid-port`, `foreign-origin`.
    public var code: String {
        switch self {
        case .notMainFrame: return "not-main-frame"
        case .opaqueOrigin: return "opaque-origin"
        case .invalidHost: return "invalid-host"
        case .invalidPort: return "invalid-port"
        case .foreignOrigin: return "foreign-origin"
        }
    }
}
