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

    /// `main frame scheme://host:port` or `subframe …`, for logs; the scheme and host, as the web
    /// view reported them, are escaped with ``DiagnosticText``.
    public var description: String {
        let origin = DiagnosticText.escaped("\(scheme)://\(host)")
        return "\(isMainFrame ? "main frame" : "subframe") \(origin)\(port == 0 ? "" : ":\(port)")"
    }
}
