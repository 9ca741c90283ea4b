import Observation

/// One web screen's state on the main actor: it feeds adapter events to a
/// ``WebScreenStateMachine``, hands the effects to the adapter, and reloads through one
/// ``CoalescedRunner``.
///
/// Pull-to-refresh, the Reload command (⌘R) and the failure view's Retry all call ``reload()``,
/// so a burst of them reloads once (plus at most one trailing reload for calls made during it),
/// and each caller returns when a load that started after its call has ended — loaded, failed,
/// or the screen went away. A crash of the web content process during a reload is reloaded
/// once by the state machine and the callers keep waiting for that load.
///
/// The adapter calls ``attach(_:)`` once the web view exists (the model asks it to load the
/// screen's URL), ``handle(_:)`` for every WebKit callback, and ``handle(_:)`` with
/// ``WebScreenEvent/detached`` when the web view goes away. Until it attaches, and after it
/// detaches, ``reload()`` returns at once.
///
/// ```swift
/// let screen = WebScreenModel(url: "https://app.example.com/releases/1.4.0")
/// screen.attach { effect in
///     switch effect {
///     case .load(let url): webView.load(URLRequest(url: URL(string: url)!))
///     case .reload: webView.reload()
///     case .loadSettled: break
///     }
/// }
/// .refreshable { await screen.reload() }
/// ```
@MainActor
@Observable
public final class WebScreenModel {
    /// The state machine; ``display`` and ``navigationTitle(fallback:)`` read it.
    public private(set) var machine: WebScreenStateMachine

    /// The runner every reload trigger goes through (one per screen).
    public let reloader = CoalescedRunner()

    /// The page's JavaScript dialog shown now, if any (present it as an alert).
    public private(set) var dialog: WebPageDialog?

    @ObservationIgnored private var dialogAnswer: CheckedContinuation<WebPageDialogAnswer, Never>?
    @ObservationIgnored private var dialogCount: UInt64 = 0
    @ObservationIgnored private var keymailCount: UInt64 = 0
    @ObservationIgnored private var isDetached = false
    @ObservationIgnored private var perform: (@MainActor (WebScreenEffect) -> Void)?
    @ObservationIgnored private var settleWaiters: [CheckedContinuation<Void, Never>] = []

    /// What the screen is for: an ordinary screen, or the sign-in screen above another.
    public let role: WebScreenNavigation.Role

    /// The commands the page offers now (``PageCommands``), when the app binds any; the
    /// adapter feeds it the page-actions script's reports with ``receivePageActions(_:from:)``.
    public private(set) var pageCommands: PageCommands?

    /// A screen for `url`; nothing loads until the adapter attaches.
    ///
    /// - Parameters:
    ///   - url: the page to show.
    ///   - role: ``WebScreenNavigation/Role/signIn`` for the sign-in screen shown above another.
    ///   - pageCommands: the app's bound commands, so the page's forms and links can be offered
    ///     as native commands; `nil` when the app binds none.
    public init(url: String, role: WebScreenNavigation.Role = .content, pageCommands: PageCommands? = nil) {
        machine = WebScreenStateMachine(url: url)
        self.role = role
        self.pageCommands = pageCommands
    }

    /// What the screen shows.
    public var display: WebScreenDisplay { machine.display }

    /// The page's title, or `fallback` (the manifest's title) while it has none.
    public func navigationTitle(fallback: String) -> String { machine.navigationTitle(fallback: fallback) }

    /// Connects the adapter: `perform` carries out ``WebScreenEffect/load(_:)`` and
    /// ``WebScreenEffect/reload`` on the web view. Sends ``WebScreenEvent/attached``, so the
    /// screen's URL is loaded at once. Attaching again replaces `perform` and loads nothing.
    public func attach(_ perform: @escaping @MainActor (WebScreenEffect) -> Void) {
        self.perform = perform
        handle(.attached)
    }

    /// Where a navigation of this screen goes: ``WebScreenNavigation/Action/load`` for the load
    /// the screen asked for itself (``WebScreenStateMachine/requestedLoad``), otherwise
    /// `navigation`'s decision against the page shown now.
    ///
    /// WebKit asks the navigation policy again for every server redirect, before it reports the
    /// redirect, without saying (publicly) that it is one and with the navigation type of the
    /// navigation it redirects (a form's `303` is asked as a form submission of the landing URL;
    /// WebKitGTK shows both, `make webkit-questions`). So a main-frame
    /// ``WebScreenNavigation/Kind/link`` or ``WebScreenNavigation/Kind/formSubmission`` that
    /// arrives while a navigation is provisional (``WebScreenStateMachine/isProvisional``) is
    /// decided as its ``WebScreenNavigation/Kind/redirect``: a redirect continues in place,
    /// replaces the screen or lands a form, it never pushes one.
    ///
    /// It also tells the state machine what the decision means for the screen: a form submission
    /// loaded in place (``WebScreenEvent/formSubmitted(_:)``), a redirect followed in place
    /// (``WebScreenEvent/redirected(_:)``), a page sent to sign-in
    /// (``WebScreenEvent/signInRequired(_:)``).
    public func decide(
        _ url: String, kind: WebScreenNavigation.Kind, using navigation: WebScreenNavigation
    ) -> WebScreenNavigation.Action {
        if kind != .subframe, kind != .newWindow, let requested = machine.requestedLoad,
            WebScreenNavigation.sameDocument(url, requested)
        {
            return .load
        }
        let kind = (kind == .link || kind == .formSubmission) && machine.isProvisional ? .redirect : kind
        let action = navigation.decide(
            url: url, kind: kind, current: machine.url, submission: machine.submission, role: role)
        switch (action, kind) {
        case (.authenticate(let authorization), _): startKeymail(authorization)
        case (.load, .formSubmission): handle(.formSubmitted(WebFormSubmission(action: url, page: machine.url)))
        case (.load, .redirect): handle(.redirected(url))
        // A new window to sign-in opens sign-in, but the screen's own page is not what needed it.
        case (.signIn, let kind) where kind != .newWindow: handle(.signInRequired(url))
        default: break
        }
        return action
    }

    /// Sign-in ended (the sign-in screen's ``WebScreenNavigation/Action/signInEnded(_:)``): a
    /// screen waiting for it (``WebScreenStateMachine/signInWait``) loads where it was going. A
    /// screen that was not waiting does nothing. When the person closes the sign-in screen
    /// without signing in, do not call it: the screen keeps waiting (its page, or
    /// ``WebScreenDisplay/signInRequired`` with a Sign In button), since loading would only be
    /// sent to sign-in again.
    public func continueAfterSignIn() {
        handle(.signInCompleted)
    }

    /// The keymail attempt under way, if any: one at a time.
    public private(set) var keymail: KeymailAttempt?

    /// Starts a keymail attempt (``WebScreenEffect/authenticate(_:)``), cancelling the one under
    /// way (``WebScreenEffect/cancelAuthentication(_:)``): a second attempt replaces the first.
    private func startKeymail(_ authorization: KeymailAuthorization) {
        guard !isDetached else { return }
        if let previous = keymail { perform?(.cancelAuthentication(previous)) }
        keymailCount += 1
        let attempt = KeymailAttempt(id: keymailCount, authorization: authorization)
        keymail = attempt
        perform?(.authenticate(attempt))
    }

    /// The authentication session of `attempt` ended: the adapter reports it, and the screen
    /// decides. Only the current attempt counts. A callback that passes
    /// ``AuthSignInRules/checkCallback(_:for:)`` loads **in this web screen** (the pending cookie
    /// is here, and the session lands in this store); anything else — cancelled, failed,
    /// unavailable on this OS, or a callback that fails the checks (reported to `diagnostics`) —
    /// loads the sign-in page's "send a link instead" state.
    @discardableResult
    public func keymailEnded(
        _ attempt: KeymailAttempt, _ outcome: KeymailOutcome, using navigation: WebScreenNavigation
    ) -> KeymailCompletion {
        guard attempt == keymail, !isDetached, let rules = navigation.signInRules else { return .ignored }
        keymail = nil
        let reason: String
        switch outcome {
        case .callback(let url):
            switch rules.checkCallback(url, for: attempt.authorization) {
            case .success(let load):
                handle(.loadRequested(load))
                return .loadingCallback(load)
            case .failure(let refusal):
                reason = refusal.description
                navigation.router.diagnostics(.signIn(SignInRefusalEvent(url: url, reason: .callback(refusal))))
            }
        case .cancelled: reason = "cancelled"
        case .failed(let text): reason = "failed: " + text
        case .unavailable: reason = "unavailable on this OS (iOS 17.4 / macOS 14.4 needed)"
        }
        let fallback = rules.sendALinkInstead(on: attempt.authorization.origin)
        handle(.loadRequested(fallback))
        return .sendingALinkInstead(url: fallback, because: reason)
    }

    /// Takes a report of the page-actions script (``PageActionProtocol``) from `frame`.
    ///
    /// - Returns: the accepted offers, or why the report was refused (also reported to the
    ///   diagnostics hook); a screen without page commands refuses nothing and accepts nothing.
    @discardableResult
    public func receivePageActions(_ text: String, from frame: BridgeFrame)
        -> Result<[PageCommandOffer], PageActionRefusal>
    {
        guard var commands = pageCommands, !isDetached else { return .success([]) }
        let result = commands.receive(text, from: frame, pageURL: machine.url)
        pageCommands = commands
        return result
    }

    /// Whether `command` can run on the page now: the page offers it once, no navigation is under
    /// way, no failure or sign-in view covers the page, and the screen is not waiting for sign-in
    /// (its page's forms would only be refused).
    public func availability(of command: String) -> PageCommandAvailability {
        guard let pageCommands = actionablePageCommands else { return .unavailable }
        return pageCommands.availability(of: command)
    }

    /// The page's commands while they can run: no navigation under way, no failure or sign-in
    /// view covering the page, no wait for sign-in.
    private var actionablePageCommands: PageCommands? {
        guard let pageCommands, !machine.isProvisional, machine.signInWait == nil, case .content = display else {
            return nil
        }
        return pageCommands
    }

    /// Every offer of `command` the page makes now, in page order (empty while the page cannot
    /// act, as for ``availability(of:)``): the choices of a command told apart by its params, such
    /// as one per language of a locale menu (``PageCommands/choices(of:)``).
    public func choices(of command: String) -> [PageCommandOffer] {
        actionablePageCommands?.choices(of: command) ?? []
    }

    /// The person chose the offer of `command` with `params` (one of ``choices(of:)``): as
    /// ``request(_:)`` for that offer.
    @discardableResult
    public func request(_ command: String, params: LinkParams) -> PageCommandRequest {
        guard let pageCommands = actionablePageCommands else { return .unavailable }
        return carryOut(pageCommands.request(command, params: params))
    }

    /// The person chose `command`: a destructive one asks first (present the returned
    /// ``PageCommandRequest/confirm(_:)`` and call ``confirm(_:)`` with it); otherwise the page
    /// submits the form or follows the link (``WebScreenEffect/invokePageAction(_:)``).
    @discardableResult
    public func request(_ command: String) -> PageCommandRequest {
        switch availability(of: command) {
        case .unavailable: return .unavailable
        case .ambiguous(let count): return .ambiguous(count: count)
        case .available: return carryOut(pageCommands?.request(command) ?? .unavailable)
        }
    }

    /// The person confirmed a destructive command: the page runs it if it still offers exactly
    /// that command with the same params.
    @discardableResult
    public func confirm(_ confirmation: PageCommandConfirmation) -> PageCommandRequest {
        guard let pageCommands = actionablePageCommands else { return .unavailable }
        return carryOut(pageCommands.confirm(confirmation))
    }

    private func carryOut(_ request: PageCommandRequest) -> PageCommandRequest {
        if case .invoke(let offer) = request { perform?(.invokePageAction(offer)) }
        return request
    }

    /// Shows a page's `alert`, `confirm` or `prompt` as ``dialog`` and returns the person's
    /// answer. A dialog asked for while another is shown answers the older one with
    /// ``WebPageDialogAnswer/cancel``; after the screen went away every dialog is answered
    /// ``WebPageDialogAnswer/cancel`` at once, so the page is never left waiting.
    public func presentDialog(_ kind: WebPageDialog.Kind, message: String, origin: String) async
        -> WebPageDialogAnswer
    {
        if isDetached { return .cancel }
        answerDialog(.cancel)
        dialogCount += 1
        let shown = WebPageDialog(id: dialogCount, kind: kind, message: message, origin: origin)
        return await withCheckedContinuation { continuation in
            dialogAnswer = continuation
            dialog = shown
        }
    }

    /// Answers the dialog shown now (the alert's buttons call it); does nothing when none is.
    public func answerDialog(_ answer: WebPageDialogAnswer) {
        let waiting = dialogAnswer
        dialogAnswer = nil
        dialog = nil
        waiting?.resume(returning: answer)
    }

    /// Applies one adapter event and carries out its effects.
    public func handle(_ event: WebScreenEvent) {
        if event == .detached {
            isDetached = true
            answerDialog(.cancel)
            pageCommands?.clear()
            if let attempt = keymail {
                keymail = nil
                perform?(.cancelAuthentication(attempt))
            }
        }
        if case .committed(let id, _) = event, id == machine.currentNavigation {
            // A new document: its script reports its own forms and links.
            pageCommands?.clear()
        }
        let effects = machine.handle(event)
        for effect in effects {
            if effect == .loadSettled {
                let waiters = settleWaiters
                settleWaiters = []
                for waiter in waiters { waiter.resume() }
            } else {
                perform?(effect)
            }
        }
    }

    /// Loads the page again (Retry loads the page that failed), through ``reloader``, and
    /// returns when a load that started after this call has ended or the screen went away.
    public func reload() async {
        await reloader.run { [weak self] in
            await self?.reloadOnce()
        }
    }

    private func reloadOnce() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            settleWaiters.append(continuation)
            handle(.reloadRequested)
        }
    }
}
