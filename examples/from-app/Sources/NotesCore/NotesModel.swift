import Foundation
import Observation
import RastrilloNative

/// The notes companion's state: the main stack of web screens, the sign-in sheet above it, the
/// page commands of the screen on top, and every navigation decision applied to them.
///
/// Every screen is a web screen (``NotesScreen``) with its own ``WebScreenModel``. The web view
/// layer (the SwiftUI views' `WebViewBridge`, or the browser harness's host) attaches each
/// page and hands every navigation that does not load in place to ``route(_:url:from:)``:
///
/// - `push` opens a screen on top, `replace` puts one in place of the screen that navigated;
/// - `leave` records where the URL went (``leftApp``) for the view to open;
/// - `submitted` pops back to the screen below that shows the form's landing page and reloads
///   it, or replaces the form's screen, so Back never returns to a submitted form;
/// - `signIn` shows the sign-in screen as a sheet above the stack; the screen that needed it
///   waits, and `signInEnded` dismisses the sheet and lets every waiting screen continue;
/// - `signedOut` returns to the start: one new start screen, every other screen closed.
///
/// ```swift
/// let model = NotesModel()
/// model.launch()                      // the stack is the start screen (Bookmarks)
/// model.commandStates                 // every manifest command, enabled while the page offers it
/// ```
@MainActor
@Observable
final class NotesModel {
    /// A screen opened or closed, for the layer that owns the web views: it attaches an opened
    /// screen's page (which loads its URL) and closes a closed screen's web view.
    enum ScreenChange {
        /// The screen appeared on the stack or as the sheet.
        case opened(NotesScreen)
        /// The screen left the app (popped, replaced, dismissed, or the app returned to its start);
        /// its page has been told it went away (``WebScreenEvent/detached``).
        case closed(NotesScreen)
    }

    /// The app's manifest: the generated one, or one with another origin (``manifest(origin:)``).
    let manifest: AppManifest
    /// The origin every screen's URL is built on: the manifest's first origin.
    let origin: String
    /// Where refused links, bridge messages and page-action reports are reported.
    @ObservationIgnored let diagnostics: RefusalDiagnostics
    /// The manifest's router, reporting refusals to ``diagnostics``.
    @ObservationIgnored let router: LinkRouter
    /// The navigation rules every web screen decides with.
    @ObservationIgnored let navigation: WebScreenNavigation
    /// The bound commands each new screen starts with (no offers yet).
    @ObservationIgnored let pageCommands: PageCommands

    /// The main stack, bottom first: the start (or sidebar) screen, then pushed screens. Empty
    /// until ``launch()``. Changed only by the model's methods (the views read it).
    var stack: [NotesScreen] = []
    /// The sign-in screen shown above the stack, if any. Changed only by the model's methods.
    var sheet: NotesScreen?
    /// The destructive command waiting for the person's answer, and the screen it would run on.
    /// Changed only by ``request(_:)`` and ``confirm(_:)`` (and screens closing).
    var confirmation: PendingConfirmation?
    /// Every URL that left the app, in order; the view opens the last one (``LeftApp``).
    private(set) var leftApp: [LeftApp] = []
    /// Why the last pasted sign-in link was refused, until the person dismisses the message
    /// (``dismissPasteRefusal()``); `nil` when there is nothing to say.
    private(set) var pasteRefusal: PastedSignInLinkRefusal?
    /// The tasks of reloads the model started (a landing screen's reload, Try Again), newest
    /// last; each ends when its load ended or the screen went away.
    @ObservationIgnored private(set) var reloads: [ReloadTask] = []
    /// Called for every screen opened and closed, in order (see ``ScreenChange``).
    @ObservationIgnored var screenChanges: (@MainActor (ScreenChange) -> Void)?

    /// The screens waiting for sign-in, by id, in the order they asked.
    @ObservationIgnored private var signInWaiting: [Int] = []
    @ObservationIgnored private var lastID = 0

    /// Creates the model for `manifest` (the generated one unless a test gives another);
    /// refusals go to `diagnostics`.
    init(manifest: AppManifest = GeneratedManifest.manifest, diagnostics: RefusalDiagnostics = .ignore) {
        self.manifest = manifest
        self.origin = manifest.origins.first?.primary.description ?? ""
        self.diagnostics = diagnostics
        self.router = LinkRouter(manifest: manifest, diagnostics: diagnostics)
        self.navigation = WebScreenNavigation(router: router)
        self.pageCommands = PageCommands(manifest: manifest, diagnostics: diagnostics)
    }

    /// The generated manifest with `origin` as its only origin (a development server, a test's
    /// loopback server), or `nil` when the manifest validator refuses it.
    static func manifest(origin: String) -> AppManifest? {
        guard var object = try? JSONSerialization.jsonObject(with: Data(GeneratedManifest.json.utf8)) as? [String: Any]
        else { return nil }
        object["origins"] = [["origin": origin]]
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return nil }
        return try? AppManifest.decode(Array(data), source: "app-manifest.json with origin \(origin)")
    }

    /// The generated manifest with its session made Rastrillo `auth` (the notes web app's
    /// `-signin auth` mode), keymail limited to `keymailServers` when given, or `nil` when the
    /// validator refuses it.
    static func authManifest(keymailServers: [String]?) -> AppManifest? {
        guard var object = try? JSONSerialization.jsonObject(with: Data(GeneratedManifest.json.utf8)) as? [String: Any],
            var session = object["session"] as? [String: Any]
        else { return nil }
        session["kind"] = "auth"
        if let keymailServers { session["auth"] = ["keymailServers": keymailServers] }
        object["session"] = session
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return nil }
        return try? AppManifest.decode(Array(data), source: "app-manifest.json with an auth session")
    }

    // MARK: Screens

    /// The destination the app starts with, and the one sign-out returns to
    /// (``CompanionLayout/start``).
    static let start = CompanionLayout.start

    /// The sidebar's destinations, in order (``CompanionLayout/sidebarDestinations``).
    static let sidebarDestinations = CompanionLayout.sidebarDestinations

    /// The String Catalog key of the menu bar's menu of page commands
    /// (``CompanionLayout/pageCommandsMenuTitleKey``).
    static let pageCommandsMenuTitleKey = CompanionLayout.pageCommandsMenuTitleKey

    /// The screen the person sees and the commands act on: the sheet when one is shown, else the
    /// top of the stack.
    var visible: NotesScreen? { sheet ?? stack.last }

    /// The sidebar's selection: the destination of the stack's first screen, if it is one of
    /// ``sidebarDestinations``.
    var selection: Destination? {
        stack.first?.screen.destination.flatMap { Self.sidebarDestinations.contains($0) ? $0 : nil }
    }

    /// Every open screen: the stack bottom first, then the sheet.
    var screens: [NotesScreen] { stack + (sheet.map { [$0] } ?? []) }

    /// The open screen numbered `id`.
    func screen(_ id: Int) -> NotesScreen? { screens.first { $0.id == id } }

    /// The NavigationStack path: the ids of the screens above the first. Setting a shorter
    /// prefix (Back, swipe-back, the Mac's history) closes the screens above it; any other
    /// value is ignored (only the model pushes).
    var path: [Int] {
        get { stack.dropFirst().map(\.id) }
        set {
            let current = path
            guard newValue.count < current.count, Array(current.prefix(newValue.count)) == newValue else { return }
            popTo(index: newValue.count + 1)
        }
    }

    /// What the app shows for `screen`: a web screen at the URL built on ``origin`` (the sign-in
    /// destination in its role), or the fallback when no URL can be built.
    func content(of screen: Screen) -> ScreenContent {
        switch screen {
        case .webPage(let url):
            return .web(url: url, role: .content)
        case .destination(let destination):
            guard destination.metadata.presentation == .web else {
                return .nothingToShow("\(destination.id) is not a web destination")
            }
            guard let url = manifest.urlString(for: destination.id, params: destination.params) else {
                return .nothingToShow("no URL for \(destination.id) with \(destination.params)")
            }
            let isSignIn = manifest.session?.signIn == destination.id
            return .web(url: url, role: isSignIn ? .signIn : .content)
        }
    }

    /// Starts the app: the stack is the start screen (``start``), every other screen closed.
    func launch() {
        returnToStart()
    }

    /// The person chose `destination` in the sidebar: the stack starts over at its screen.
    func select(_ destination: Destination) {
        guard case .web(let url, .content) = content(of: .destination(destination)) else { return }
        let old = stack
        stack = [makeScreen(.destination(destination), url: url, role: .content)]
        close(old)
        confirmation = nil
    }

    /// Back on the main stack: closes its top screen (the first screen stays).
    func back() {
        guard stack.count > 1 else { return }
        popTo(index: stack.count - 1)
    }

    /// Opens an incoming link (`onOpenURL`, a universal link): an internal page is pushed on
    /// the stack (sign-in is shown as the sheet), anything else leaves the app as the router
    /// says.
    func open(_ url: URL) {
        let text = url.absoluteString
        // A sign-in page (with `auth`, the magic link's confirm page too) opens in the sign-in
        // sheet, never as a content screen: the person taps the page's own button there.
        if navigation.isSignInPage(text) {
            showInSheet(url: text)
            return
        }
        let decision = router.decide(text)
        guard case .web = decision else {
            leave(decision, url: text)
            return
        }
        let screen = Screen(decision, url: text)
        if case .web(_, .signIn) = content(of: screen) {
            presentSheet(url: text)
        } else {
            stack.append(makeScreen(screen, url: text, role: .content))
        }
    }

    // MARK: Opening and closing

    /// A new screen (the next id) for `screen` at `url` in `role`, reported as opened.
    func makeScreen(_ screen: Screen, url: String, role: WebScreenNavigation.Role) -> NotesScreen {
        lastID += 1
        let made = NotesScreen(id: lastID, screen: screen, url: url, role: role, commands: pageCommands)
        screenChanges?(.opened(made))
        return made
    }

    /// Closes `screens` in order: each stops waiting for sign-in and for a confirmation, its
    /// page is told it went away, and it is reported as closed.
    func close(_ screens: [NotesScreen]) {
        for screen in screens {
            signInWaiting.removeAll { $0 == screen.id }
            if confirmation?.screen == screen.id { confirmation = nil }
            screen.page.handle(.detached)
            screenChanges?(.closed(screen))
        }
    }

    /// Keeps the stack's first `index` screens and closes the others, top first.
    func popTo(index: Int) {
        guard index >= 1, index < stack.count else { return }
        let removed = Array(stack[index...])
        stack.removeSubrange(index...)
        close(removed.reversed())
    }

    /// The stack is one new start screen; every other screen (the sheet too) is closed.
    func returnToStart() {
        let old = screens
        sheet = nil
        stack = []
        signInWaiting = []
        confirmation = nil
        if case .web(let url, _) = content(of: .destination(Self.start)) {
            stack = [makeScreen(.destination(Self.start), url: url, role: .content)]
        }
        close(old.reversed())
    }

    /// Reloads `screen` through its runner (``WebScreenModel/reload()``); the task is kept in
    /// ``reloads``.
    func startReload(_ screen: NotesScreen) {
        let page = screen.page
        reloads.append(ReloadTask(screen: screen.id, task: Task { await page.reload() }))
    }

    // MARK: Leaving the app

    /// Records that `url` left the app as `decision` says (``leftApp``); internal decisions are
    /// not recorded.
    func leave(_ decision: LinkDecision, url: String) {
        let how: LeftApp.How
        switch decision {
        case .inAppBrowser: how = .inAppBrowser
        case .external: how = .browser
        case .refused: how = .refused
        case .native, .web: return
        }
        leftApp.append(LeftApp(url: url, how: how))
    }

    // MARK: Sign-in

    /// Shows the sign-in screen at `url` (as the server sent it, with its `return_to`) as the
    /// sheet, unless one is shown.
    func presentSheet(url: String) {
        guard sheet == nil else { return }
        sheet = makeScreen(Screen(router.decide(url), url: url), url: url, role: .signIn)
    }

    /// Shows `url` in the sign-in sheet: a new sheet, or in place of the page the sheet shows.
    func showInSheet(url: String) {
        if let shown = sheet {
            replace(shown, with: Screen(router.decide(url), url: url), url: url)
        } else {
            presentSheet(url: url)
        }
    }

    /// The person pasted a sign-in link (one that opened in another app or browser): a link of
    /// the form `<origin><magic-link path>?token=…` opens in the sign-in sheet; anything else is
    /// refused with what to paste instead.
    @discardableResult
    func pasteSignInLink(_ text: String) -> PastedSignInLinkRefusal? {
        guard let rules = navigation.signInRules else { return .noMagicLinks }
        switch rules.pastedSignInLink(text) {
        case .success(let link):
            showInSheet(url: link)
            return nil
        case .failure(let refusal):
            return refusal
        }
    }

    /// Whether the app signs in with emailed links (the manifest's session is `auth`), so the
    /// sign-in sheet offers "Paste sign-in link".
    var acceptsPastedSignInLinks: Bool { navigation.signInRules != nil }

    /// The person pasted text (the system paste button's strings): the first string is read as
    /// a sign-in link (``pasteSignInLink(_:)``); a refusal is kept in ``pasteRefusal`` for the
    /// view to say, and nothing else changes.
    func paste(signInLinks strings: [String]) {
        pasteRefusal = pasteSignInLink(strings.first ?? "")
    }

    /// The person read why the pasted link was refused.
    func dismissPasteRefusal() {
        pasteRefusal = nil
    }

    /// The person chose Sign In on a screen that waits for sign-in: the sign-in screen is shown
    /// again, at the URL the server sent that screen to.
    func signIn(for screen: NotesScreen) {
        guard let wait = screen.page.machine.signInWait else { return }
        if !signInWaiting.contains(screen.id) { signInWaiting.append(screen.id) }
        presentSheet(url: wait.signIn)
    }

    /// The person closed the sign-in sheet without signing in: it goes away; the screens that
    /// waited keep waiting (each shows its Sign In button).
    func dismissSheet() {
        guard let shown = sheet else { return }
        sheet = nil
        close([shown])
    }

    /// Sign-in ended: the sheet goes away and every screen that waited continues where it was
    /// going, in the order they asked.
    func endSignIn() {
        dismissSheet()
        let waiting = signInWaiting
        signInWaiting = []
        for id in waiting {
            screen(id)?.page.continueAfterSignIn()
        }
    }

    /// A screen was sent to sign-in: it waits, and the sheet shows the sign-in page.
    func needsSignIn(_ screen: NotesScreen, url: String) {
        if !signInWaiting.contains(screen.id) { signInWaiting.append(screen.id) }
        presentSheet(url: url)
    }

    /// Whether `screen` offers a Sign In button: it waits for sign-in and no sign-in sheet is
    /// shown (the person closed it). A screen with nothing to show has the button in its
    /// ``ScreenPresentation/signInRequired`` view; one that keeps its earlier page shows it in a
    /// bar over the page.
    func offersSignIn(_ screen: NotesScreen) -> Bool {
        screen.page.machine.signInWait != nil && sheet == nil
    }
}

/// A reload the model started on a screen (``NotesModel/reloads``).
struct ReloadTask {
    /// The screen's id.
    let screen: Int
    /// The reload; it ends when a load that started after it ended, or the screen went away.
    let task: Task<Void, Never>
}

/// A URL that left the app, and how.
struct LeftApp: Hashable, Sendable {
    /// Where it went.
    enum How: String, Hashable, Sendable {
        /// The manifest's `foreignWeb` intent for other sites: the in-app browser.
        case inAppBrowser
        /// The system browser or the app for its scheme (`mailto:`).
        case browser
        /// Refused by the router (and reported to the diagnostics hook): never opened.
        case refused
    }

    /// The URL.
    let url: String
    /// How it left.
    let how: How
}

/// A destructive command waiting for the person's answer, on the screen that asked.
struct PendingConfirmation: Hashable, Sendable, Identifiable {
    /// The screen the command would run on.
    let screen: Int
    /// The confirmation its page commands asked for.
    let confirmation: PageCommandConfirmation

    /// The command and params it confirms.
    var id: String { "\(screen) \(confirmation.id)" }

    /// The key of the confirmation's message: the command's title key + `.confirmation`
    /// (`command.delete.confirmation`: "This bookmark will be deleted.").
    var messageKey: String { confirmation.titleKey + ".confirmation" }
}
