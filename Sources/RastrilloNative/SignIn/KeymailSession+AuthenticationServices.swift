#if canImport(AuthenticationServices) && canImport(WebKit)
    import AuthenticationServices
    import WebKit

    /// Runs a sign-in screen's keymail attempt in an `ASWebAuthenticationSession` — the only
    /// place keymail's authorize page is shown — and reports how it ended. It translates and
    /// decides nothing: the attempt comes from ``WebScreenEffect/authenticate(_:)``, and the
    /// callback URL goes back to ``WebScreenModel/keymailEnded(_:_:using:)``, which checks it
    /// and loads it in the web view (never here, and never in Safari).
    ///
    /// - The callback is `.https(host:path:)`: the app's host and the callback path, which needs
    ///   iOS 17.4 / macOS 14.4 and the `webcredentials:` associated domain for the host. Below
    ///   those versions the attempt is not started and reports ``KeymailOutcome/unavailable``
    ///   (the screen loads the sign-in page's "send a link instead" state).
    /// - `prefersEphemeralWebBrowserSession` is the manifest's `ephemeralSession`.
    /// - The presentation anchor is the web view's window.
    /// - One session at a time: starting one cancels the one under way.
    ///
    /// ``WebViewBridge`` owns one and drives it; an app with its own web view adapter can do the
    /// same.
    @MainActor
    public final class KeymailSession: NSObject, ASWebAuthenticationPresentationContextProviding {
        private var session: ASWebAuthenticationSession?
        private var running: KeymailAttempt?
        private var report: (@MainActor (KeymailAttempt, KeymailOutcome) -> Void)?
        /// The view whose window presents the session.
        public weak var anchorView: WKWebView?

        /// Creates an adapter; `anchorView`'s window presents the sessions.
        public init(anchorView: WKWebView? = nil) {
            self.anchorView = anchorView
        }

        /// Starts `attempt`, cancelling the one under way, and calls `report` once when it ends.
        public func start(
            _ attempt: KeymailAttempt, report: @escaping @MainActor (KeymailAttempt, KeymailOutcome) -> Void
        ) {
            cancel()
            guard #available(iOS 17.4, macOS 14.4, *) else {
                report(attempt, .unavailable)
                return
            }
            let authorization = attempt.authorization
            guard let url = URL(string: authorization.url) else {
                report(attempt, .failed("the authorize URL does not parse"))
                return
            }
            let session = ASWebAuthenticationSession(
                url: url, callback: .https(host: authorization.callbackHost, path: authorization.callbackPath)
            ) { [weak self] callbackURL, error in
                let callback = callbackURL?.absoluteString
                let cancelled = (error as? ASWebAuthenticationSessionError)?.code == .canceledLogin
                let failure = error.map { String(describing: $0) }
                Task { @MainActor [weak self] in
                    self?.finished(attempt, callback: callback, cancelled: cancelled, failure: failure)
                }
            }
            session.presentationContextProvider = self
            session.prefersEphemeralWebBrowserSession = authorization.prefersEphemeralSession
            self.session = session
            self.running = attempt
            self.report = report
            if !session.start() {
                finished(attempt, callback: nil, cancelled: false, failure: "the session did not start")
            }
        }

        /// Cancels the session under way, if it runs `attempt` (or any, when `attempt` is `nil`);
        /// its late answer is not reported.
        public func cancel(_ attempt: KeymailAttempt? = nil) {
            guard let running, attempt == nil || attempt == running else { return }
            self.running = nil
            self.report = nil
            let session = self.session
            self.session = nil
            session?.cancel()
        }

        private func finished(_ attempt: KeymailAttempt, callback: String?, cancelled: Bool, failure: String?) {
            guard attempt == running, let report else { return }
            running = nil
            session = nil
            self.report = nil
            if let callback {
                report(attempt, .callback(callback))
            } else if cancelled {
                report(attempt, .cancelled)
            } else {
                report(attempt, .failed(failure ?? "no callback"))
            }
        }

        /// The web view's window (a new window when it has none yet).
        public nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            MainActor.assumeIsolated {
                anchorView?.window ?? ASPresentationAnchor()
            }
        }
    }
#endif
