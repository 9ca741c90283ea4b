/// The one diagnostics hook for everything RastrilloNative refuses: links the ``LinkRouter``
/// refused and page messages the ``BridgeDispatcher`` refused.
///
/// Create one and pass it to both, so a single logging function sees every refusal in the
/// order it happened:
///
/// ```swift
/// let diagnostics = RefusalDiagnostics { event in logger.warning("\(event)") }
/// let router = LinkRouter(manifest: manifest, diagnostics: diagnostics)
/// let bridge = BridgeDispatcher(manifest: manifest, diagnostics: diagnostics)
/// // A generated router gets the same hook without being recompiled:
/// let appRouter = GeneratedManifest.router.reporting(to: diagnostics)
/// ```
///
/// The closure is called synchronously on the thread that made the decision (the main actor
/// for the bridge); it must not block.
public struct RefusalDiagnostics: Sendable {
    /// One refusal.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// A URL the link router refused.
        case link(LinkRouter.RefusalEvent)
        /// A page message the bridge dispatcher refused.
        case bridge(BridgeRefusalEvent)
        /// A page-action report (or one of its offers) that ``PageCommands`` refused.
        case pageAction(PageActionRefusalEvent)
        /// A keymail authorize URL or callback that the `auth` sign-in rules refused.
        case signIn(SignInRefusalEvent)

        /// The refusal's own description (`refused <url>: <reason>`,
        /// `refused bridge message <id> from <frame>: <reason>`).
        public var description: String {
            switch self {
            case .link(let event): return event.description
            case .bridge(let event): return event.description
            case .pageAction(let event): return event.description
            case .signIn(let event): return event.description
            }
        }
    }

    private let report: (@Sendable (Event) -> Void)?

    /// A hook that passes every refusal to `report`.
    public init(_ report: @escaping @Sendable (Event) -> Void) {
        self.report = report
    }

    private init() { report = nil }

    /// A hook that reports nothing (the default).
    public static let ignore = RefusalDiagnostics()

    /// Reports `event`.
    public func callAsFunction(_ event: Event) { report?(event) }
}

/// A keymail URL the `auth` sign-in rules (``AuthSignInRules``) refused, for the diagnostics hook.
public struct SignInRefusalEvent: Sendable, Hashable, CustomStringConvertible {
    /// What was refused and why.
    public enum Reason: Sendable, Hashable {
        /// An attempt at an authorize URL (``AuthSignInRules/isAuthorizeAttempt(_:)``) off the
        /// app's origins that the sign-in screen navigated to and that fails Rastrillo's rule:
        /// refused (``LinkRefusal/keymailAuthorizeURL``) and reported only as this event.
        case authorize(KeymailRefusal)
        /// The callback the authentication session came back with: not loaded; the sign-in page's
        /// "send a link instead" state loads.
        case callback(KeymailCallbackRefusal)
    }

    /// The URL as given.
    public let url: String
    /// Why it was refused.
    public let reason: Reason

    /// Creates an event.
    public init(url: String, reason: Reason) {
        self.url = url
        self.reason = reason
    }

    /// `refused keymail authorize URL <url>: <reason>` or `refused keymail callback <url>: <reason>`,
    /// the URL escaped with ``DiagnosticText``.
    public var description: String {
        switch reason {
        case .authorize(let refusal): return "refused keymail authorize URL \(DiagnosticText.escaped(url)): \(refusal)"
        case .callback(let refusal): return "refused keymail callback \(DiagnosticText.escaped(url)): \(refusal)"
        }
    }
}
