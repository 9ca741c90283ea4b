/// The facts about the frame that sent a message, as the web view reports them — never taken
/// from the message itself.
///
/// On Apple platforms these come from `WKScriptMessage.frameInfo`: `isMainFrame` and
/// `securityOrigin` (`protocol`, `host`, `port`, where WebKit reports port `0` for the scheme's
/// default). Opaque origins (sandboxed frames, `data:` documents) arrive with an empty scheme or
/// host.
///
/// ```swift
/// let frame = BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0)
/// ```
public struct BridgeFrame: Sendable, Hashable, CustomStringConvertible {
    /// Whether the sender is the top-level document.
    public let isMainFrame: Bool
    /// The security origin's scheme, as reported.
    public let scheme: String
    /// The security origin's host, as reported.
    public let host: String
    /// The security origin's port; `0` means the scheme's default.
    public let port: Int

    /// Creates frame facts.
    public init(isMainFrame: Bool, scheme: String, host: String, port: Int) {
        self.isMainFrame = isMainFrame
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// The frame's origin as people and logs see it: `scheme://host`, with `:port` unless the
    /// port is `0` or the scheme's default, an IPv6 host in brackets, and everything the web view
    /// reported escaped with ``DiagnosticText`` (a page cannot put control characters in a dialog's
    /// title or a log line). Written exactly as ``ManifestOrigin/description`` writes origins.
    public var origin: String { DiagnosticText.escaped(OriginText.render(scheme: scheme, host: host, port: port)) }

    /// `main frame https://app.example.com` or `subframe …`: which frame, then ``origin``, for logs.
    public var description: String { "\(isMainFrame ? "main frame" : "subframe") \(origin)" }
}
