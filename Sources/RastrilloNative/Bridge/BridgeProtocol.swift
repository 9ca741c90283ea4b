/// The fixed names and numbers of bridge protocol v1 (see `docs/bridge-protocol.md`).
///
/// The ES module emitter writes these same constants into the generated module.
public enum BridgeProtocol {
    /// The protocol version this library speaks.
    public static let version = 1
    /// The versions this library accepts in a page's hello.
    public static let supportedVersions: Set<Int> = [1]
    /// The `webkit.messageHandlers` name the page posts to.
    public static let handlerName = "rastrillo"
    /// The global the page module installs to receive native events (`globalThis.__rastrilloBridge`).
    public static let receiverName = "__rastrilloBridge"
    /// The largest message accepted by default, in UTF-8 bytes.
    public static let defaultMaxMessageBytes = 64 * 1024
    /// The deepest nesting accepted by default.
    public static let defaultMaxDepth = 32
    /// The longest request id, in bytes.
    public static let maxIDBytes = 64
}
