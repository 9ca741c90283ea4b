/// What a web screen shows.
public enum WebScreenDisplay: Sendable, Hashable {
    /// Nothing to show yet: the loading view, with the progress of the load (0 to 1).
    case loading(progress: Double)
    /// The page. `progress` is set while a navigation is under way (a bar over the page).
    case content(progress: Double?)
    /// The failure view, with a Retry button.
    case failed(WebScreenFailure)
    /// The page needs sign-in and the screen has nothing to show until then: a view with a Sign In
    /// button (the app shows the sign-in screen above it; ``WebScreenStateMachine/signInWait``).
    case signInRequired
}

/// Why a web screen shows its failure view; each kind gets its own message.
public enum WebScreenFailure: Sendable, Hashable {
    /// The device is offline.
    case offline
    /// The server's host could not be reached.
    case unreachableHost
    /// A secure connection could not be made (certificate or TLS).
    case tls
    /// The server did not answer in time.
    case timeout
    /// The server answered the page with this HTTP error status (400 or above).
    case httpStatus(Int)
    /// The server refused a form submission with 403: the session ended (signed out) or the
    /// submission failed the web app's origin check. Retry loads the page the form was on, so a
    /// session that ended goes to sign-in.
    case forbidden
    /// The web content process ended twice in a row (the screen reloaded once already).
    case contentProcessTerminated
    /// The first load was stopped before anything was shown.
    case interrupted
    /// Any other error, with its description.
    case other(String)

    init(_ kind: WebLoadErrorKind) {
        switch kind {
        case .offline: self = .offline
        case .unreachableHost: self = .unreachableHost
        case .tls: self = .tls
        case .timeout: self = .timeout
        case .cancelled: self = .interrupted
        case .other(let text): self = .other(text)
        }
    }
}

/// What the adapter must do for the screen.
public enum WebScreenEffect: Sendable, Hashable {
    /// Load this URL in the web view (`load(URLRequest(url:))`).
    case load(String)
    /// Reload the page the web view shows (`reload()`).
    case reload
    /// Submit the offered form (`requestSubmit()`) or follow the offered link in the page, through
    /// the page-actions script (``PageActionProtocol/scriptGlobal``).
    case invokePageAction(PageCommandOffer)
    /// The load the person asked for (``WebScreenEvent/reloadRequested``) ended — loaded or
    /// failed — or can no longer happen: release whoever waits for it. No web view call.
    case loadSettled
    /// Run this keymail attempt outside the web view (`ASWebAuthenticationSession` with an https
    /// callback on the app's host and the callback path) and report how it ended with
    /// ``WebScreenModel/keymailEnded(_:_:using:)``. ``WebScreenModel`` sends it, never the state machine.
    case authenticate(KeymailAttempt)
    /// Cancel this attempt's authentication session (a newer attempt replaces it, or the screen
    /// went away); its late answer is ignored.
    case cancelAuthentication(KeymailAttempt)
}

/// The pure state machine of one web screen: adapter events in, what the screen shows and what
/// the adapter must do out. It never touches a web view; ``WebScreenModel`` feeds it and carries
/// out its effects.
///
/// - Loading: ``WebScreenDisplay/loading(progress:)`` until the first page commits, then
///   ``WebScreenDisplay/content(progress:)``, with a progress while a later navigation runs.
/// - Failure: a failed navigation, or a main-frame HTTP status of 400 or more, shows
///   ``WebScreenDisplay/failed(_:)``; ``WebScreenEvent/reloadRequested`` (Retry) loads the
///   failed URL again. A cancelled navigation keeps the page when there is one.
/// - Crash: the first ``WebScreenEvent/processTerminated`` since the last page that finished
///   loads the page again; a second one shows ``WebScreenFailure/contentProcessTerminated``.
/// - Forms: after a form submission (``WebScreenEvent/formSubmitted(_:)``) that was not
///   redirected, a 400, 422 or 429 is the page's own re-render of the form and shows as content;
///   a 403 shows ``WebScreenFailure/forbidden``, whose Retry loads the page the form was on.
/// - Sign-in: ``WebScreenEvent/signInRequired(_:)`` keeps the page when there is one (or shows
///   ``WebScreenDisplay/signInRequired``) and remembers where the screen was going;
///   ``WebScreenEvent/signInCompleted`` loads it.
/// - Identity: events naming a navigation other than the current one (a superseded
///   navigation's late callbacks) change nothing; so do an HTTP status after the commit and
///   progress with no navigation under way.
///
/// ```swift
/// var machine = WebScreenStateMachine(url: "https://app.example.com/releases/1.4.0")
/// machine.handle(.attached)  // [.load("https://app.example.com/releases/1.4.0")]
/// machine.handle(.started(WebNavigationID(1), url: "https://app.example.com/releases/1.4.0"))
/// machine.display  // .loading(progress: 0)
/// ```
public struct WebScreenStateMachine: Sendable, Hashable {
    /// Where a requested reload stands.
    enum ReloadProgress: Sendable, Hashable {
        /// Nobody waits.
        case none
        /// Asked for; its navigation has not started.
        case requested
        /// Its navigation is the current one.
        case loading
    }

    /// What the screen shows.
    public private(set) var display: WebScreenDisplay = .loading(progress: 0)
    /// The URL the screen was opened with.
    public let initialURL: String
    /// The URL of the page shown last (the last commit), or ``initialURL`` before any.
    public private(set) var url: String
    /// The page's title, trimmed; `nil` when it has none.
    public private(set) var pageTitle: String?
    /// The navigation under way, if any.
    public private(set) var currentNavigation: WebNavigationID?
    /// The URL of the last ``WebScreenEffect/load(_:)`` until its navigation starts: the adapter
    /// loads it in place without asking ``WebScreenNavigation`` (Retry of a page the screen
    /// was sent to by a redirect or a form must not push a new screen).
    public private(set) var requestedLoad: String?

    /// The form submission of the navigation under way (or of the page it showed last), if any.
    public private(set) var submission: WebFormSubmission?
    /// Why the screen waits for sign-in, while it does.
    public private(set) var signInWait: WebSignInWait?

    private var pendingSubmission: WebFormSubmission?
    private var redirected = false
    private var target: String?
    private var failedURL: String?
    private var currentCommitted = false
    private var pendingStatus: Int?
    private var hasContent = false
    private var crashReloadUsed = false
    private var isAttached = false
    private var isDetached = false
    private(set) var reload = ReloadProgress.none

    /// A screen for `url`, showing the loading view until the adapter attaches.
    public init(url: String) {
        self.initialURL = url
        self.url = url
    }

    /// Whether a navigation is under way and has not committed (WebKit's provisional load).
    public var isProvisional: Bool { currentNavigation != nil && !currentCommitted }

    /// The navigation title: the page's title, or `fallback` (the manifest's title) while the
    /// page has none or an empty one.
    public func navigationTitle(fallback: String) -> String { pageTitle ?? fallback }

    /// Applies one event and returns the effects the adapter must carry out, in order.
    @discardableResult
    public mutating func handle(_ event: WebScreenEvent) -> [WebScreenEffect] {
        let effects = apply(event)
        for case .load(let url) in effects { requestedLoad = url }
        return effects
    }

    private mutating func apply(_ event: WebScreenEvent) -> [WebScreenEffect] {
        if isDetached {
            // Nothing loads any more; a reload asked for now is settled at once.
            if case .reloadRequested = event { return [.loadSettled] }
            return []
        }
        switch event {
        case .attached:
            guard !isAttached else { return [] }
            isAttached = true
            display = .loading(progress: 0)
            return [.load(initialURL)]
        case .started(let id, let url):
            submission = pendingSubmission
            pendingSubmission = nil
            redirected = false
            signInWait = nil
            requestedLoad = nil
            currentNavigation = id
            target = url
            currentCommitted = false
            pendingStatus = nil
            display = hasContent ? .content(progress: 0) : .loading(progress: 0)
            if reload == .requested { reload = .loading }
            return []
        case .httpStatus(let code):
            guard currentNavigation != nil, !currentCommitted else { return [] }
            pendingStatus = code
            return []
        case .committed(let id, let url):
            guard id == currentNavigation else { return [] }
            currentCommitted = true
            hasContent = true
            self.url = url
            let submitted = submission != nil && !redirected
            if let code = pendingStatus, code >= 400, !(submitted && Self.reRenderStatuses.contains(code)) {
                if submitted, code == 403, let page = submission?.page {
                    failedURL = page
                    display = .failed(.forbidden)
                } else {
                    failedURL = url
                    display = .failed(.httpStatus(code))
                }
            } else {
                display = .content(progress: progress ?? 0)
            }
            return []
        case .progress(let value):
            guard currentNavigation != nil, value.isFinite else { return [] }
            let clamped = min(max(value, 0), 1)
            switch display {
            case .loading: display = .loading(progress: clamped)
            case .content: display = .content(progress: clamped)
            case .failed, .signInRequired: break
            }
            return []
        case .finished(let id):
            guard id == currentNavigation else { return [] }
            currentNavigation = nil
            hasContent = true
            crashReloadUsed = false
            if case .failed = display {} else { display = .content(progress: nil) }
            return settle()
        case .failed(let id, let kind):
            guard id == currentNavigation else { return [] }
            currentNavigation = nil
            if kind == .cancelled, hasContent {
                display = .content(progress: nil)
            } else {
                failedURL = target ?? url
                display = .failed(WebScreenFailure(kind))
            }
            return settle()
        case .processTerminated:
            return processTerminated()
        case .titleChanged(let title):
            let trimmed = title?.trimmingWhitespace() ?? ""
            pageTitle = trimmed.isEmpty ? nil : trimmed
            return []
        case .reloadRequested:
            return reloadRequested()
        case .detached:
            isDetached = true
            currentNavigation = nil
            return settle()
        case .formSubmitted(let submission):
            pendingSubmission = submission
            return []
        case .redirected(let url):
            guard currentNavigation != nil else { return [] }
            target = url
            redirected = true
            return []
        case .signInRequired(let signIn):
            signInWait = WebSignInWait(signIn: signIn, resume: target ?? url)
            currentNavigation = nil
            display = hasContent ? .content(progress: nil) : .signInRequired
            return settle()
        case .loadRequested(let url):
            guard isAttached else { return [] }
            display = hasContent ? .content(progress: 0) : .loading(progress: 0)
            return [.load(url)]
        case .signInCompleted:
            guard let wait = signInWait, isAttached else { return [] }
            signInWait = nil
            display = hasContent ? .content(progress: 0) : .loading(progress: 0)
            return [.load(wait.resume)]
        }
    }

    /// The statuses a web app answers a form submission with when it shows the form again with
    /// its errors: 400 (generated actions), 422 (hand-written handlers, sign-in) and 429 (too
    /// many sign-in attempts).
    static let reRenderStatuses: Set<Int> = [400, 422, 429]

    private var progress: Double? {
        switch display {
        case .loading(let progress): return progress
        case .content(let progress): return progress
        case .failed, .signInRequired: return nil
        }
    }

    private mutating func settle() -> [WebScreenEffect] {
        guard reload != .none else { return [] }
        reload = .none
        return [.loadSettled]
    }

    private mutating func processTerminated() -> [WebScreenEffect] {
        let inFlight = currentNavigation != nil
        let lost = inFlight ? (target ?? url) : url
        currentNavigation = nil
        hasContent = false
        if case .failed = display, !inFlight {
            // The failure view stays; Retry loads the failed URL in a new process.
            return []
        }
        if !crashReloadUsed, isAttached {
            crashReloadUsed = true
            display = .loading(progress: 0)
            if reload == .loading { reload = .requested }
            return [.load(lost)]
        }
        failedURL = lost
        display = .failed(.contentProcessTerminated)
        return settle()
    }

    private mutating func reloadRequested() -> [WebScreenEffect] {
        guard isAttached else { return [.loadSettled] }
        reload = .requested
        if let wait = signInWait {
            signInWait = nil
            display = hasContent ? .content(progress: 0) : .loading(progress: 0)
            return [.load(wait.resume)]
        }
        if case .failed = display {
            display = .loading(progress: 0)
            return [.load(failedURL ?? url)]
        }
        if hasContent { return [.reload] }
        return [.load(target ?? url)]
    }
}

/// Why a web screen waits for sign-in: the sign-in page it was sent to and where it continues.
public struct WebSignInWait: Sendable, Hashable {
    /// The sign-in page's URL, as the web app sent it (`/signin?return_to=…`): the app shows it
    /// above the screen.
    public let signIn: String
    /// Where the screen was going when it was sent to sign-in; it loads it after sign-in.
    public let resume: String

    /// Creates a wait.
    public init(signIn: String, resume: String) {
        self.signIn = signIn
        self.resume = resume
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
