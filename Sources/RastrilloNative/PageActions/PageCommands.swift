/// The commands a web screen's page offers now, decided from the page-actions script's reports.
///
/// - A report is accepted only from the main frame of an internal origin (``BridgeTrustPolicy``)
///   and only if it decodes strictly (``PageActionReport``).
/// - Each offered form or link is read again here with ``PageActionRouter``: the command is the
///   one native's router finds for the offer's method and URL, so a page that lies about its
///   forms can only offer commands the manifest binds, with params of their declared types.
///   An offer native does not read as any command is refused and reported.
/// - A command whose manifest `destinations` do not include the screen's destination is not
///   offered on that screen.
/// - **Scope.** A command's path params name what it acts on (`/bookmarks/{id}/publish`): the
///   offer is a command of the screen only when the screen's own URL carries every one of them
///   with the same typed value (Publish on bookmark 8's page acts on bookmark 8). Any other
///   offer is a row's action — one row of a list, or another bookmark the page links to — and
///   is never a command of the whole screen (no toolbar or menu item acts on a row the person
///   did not choose); it is left to the page. Query params and commands without path params
///   (Sign Out, New Bookmark, a bulk action) are not scoped.
/// - A link to the page itself (a skip link, `#main`) is navigation within the page, never a
///   command, and is not offered.
/// - **Submit buttons and fields.** A form's submit button sends its `name=value` pair and the
///   form its fields: a command bound to a `submitter` is only the submission made with that
///   button (Rastrillo's bulk bar: Publish, Unpublish and Delete selected on one form), and the
///   values of the fields a command binds are among its params (the locale menu: one offer of
///   the language command per language, `locale` its param).
/// - Offers of one command with equal params and submitter count once (the first in the page is
///   used); a command the page offers with several different params or submit buttons is
///   ``PageCommandAvailability/ambiguous(count:)`` and not enabled as one menu item, because it
///   cannot say which one it would act on. ``choices(of:)`` lists them (a language menu), and
///   ``request(_:params:)`` picks one by its params.
///
/// ```swift
/// var commands = PageCommands(manifest: manifest)
/// try commands.receive(reportText, from: frame, pageURL: "https://notes.example.com/bookmarks/3").get()
/// commands.availability(of: "publishBookmark")  // .available(offer)
/// commands.request("deleteBookmark")            // .confirm(…): destructive
/// ```
public struct PageCommands: Sendable {
    /// The bound commands' router.
    public let actions: PageActionRouter
    private let trust: BridgeTrustPolicy
    private let router: LinkRouter
    private let diagnostics: RefusalDiagnostics
    /// Each command's destinations by id (the first of equal ids), so an offer costs the same
    /// however many commands the manifest declares.
    private let destinationsByCommand: [String: [String]]
    /// Each command's path param names (what it acts on), by id.
    private let pathParamsByCommand: [String: [String]]
    /// The accepted offers of the page shown now, in page order, one per command and params.
    public private(set) var offers: [PageCommandOffer] = []

    /// The commands of `manifest`; refusals go to `diagnostics`.
    public init(manifest: AppManifest, diagnostics: RefusalDiagnostics = .ignore) {
        actions = PageActionRouter(manifest: manifest)
        trust = BridgeTrustPolicy(manifest: manifest)
        router = LinkRouter(manifest: manifest)
        self.diagnostics = diagnostics
        destinationsByCommand = Dictionary(
            manifest.commands.map { ($0.id, $0.destinations) }, uniquingKeysWith: { first, _ in first })
        pathParamsByCommand = Dictionary(
            manifest.commands.map { command in
                (command.id, command.pageAction?.params.filter(\.inPath).map(\.name) ?? [])
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The scope rule: whether the screen's own params pin every path param of an offer (same
    /// name, same typed value). Otherwise the offer acts on something the screen is not (a row).
    ///
    /// - Parameters:
    ///   - offer: the offer's params, read from its URL.
    ///   - pathParams: the names of the command's path params (what it acts on).
    ///   - screen: the params of the screen's own URL, as the link router read them.
    public static func isScoped(_ offer: LinkParams, pathParams: [String], to screen: LinkParams) -> Bool {
        pathParams.allSatisfy { name in
            guard let value = offer[name] else { return true }
            return screen[name] == value
        }
    }

    /// What tells two offers of one report apart: the command, its params and its submit button.
    private struct OfferKey: Hashable {
        let command: String
        let params: LinkParams
        let submitter: ManifestPageAction.Submitter?
    }

    /// Takes the page's latest report in place of the previous one.
    ///
    /// - Parameters:
    ///   - text: the message body the script posted.
    ///   - frame: the sending frame's facts, from WebKit (never from the body).
    ///   - pageURL: the URL of the page the screen shows (``WebScreenStateMachine/url``).
    /// - Returns: the accepted offers, or why the whole report was refused (the offers stay as
    ///   they were). Offers refused one by one are reported to the diagnostics hook.
    @discardableResult
    public mutating func receive(_ text: String, from frame: BridgeFrame, pageURL: String)
        -> Result<[PageCommandOffer], PageActionRefusal>
    {
        if case .failure(let refusal) = trust.decide(frame) {
            return refuse(.untrustedFrame(refusal), frame)
        }
        let report: PageActionReport
        do {
            report = try PageActionReport.decode(text)
        } catch {
            return refuse(error, frame)
        }
        if report.truncated {
            diagnostics(.pageAction(.init(frame: frame, refusal: .truncatedReport(kept: report.offers.count))))
        }
        let screen = router.decide(pageURL).match
        let destination = screen?.destination
        var accepted: [PageCommandOffer] = []
        // Linear in the offers: a set, not a search of what was accepted, tells repeats apart.
        var seen: Set<OfferKey> = []
        for offer in report.offers {
            if offer.method == .get, WebScreenNavigation.sameDocument(offer.url, pageURL) { continue }
            guard let match = actions.match(offer.method, offer.url, submitter: offer.submitter, fields: offer.fields),
                let commandDestinations = destinationsByCommand[match.command]
            else {
                diagnostics(
                    .pageAction(.init(frame: frame, refusal: .unboundOffer(method: offer.method, url: offer.url))))
                continue
            }
            if !commandDestinations.isEmpty, !commandDestinations.contains(destination ?? "") { continue }
            guard
                Self.isScoped(
                    match.params, pathParams: pathParamsByCommand[match.command] ?? [], to: screen?.params ?? [:])
            else { continue }
            guard
                seen.insert(OfferKey(command: match.command, params: match.params, submitter: offer.submitter))
                    .inserted
            else { continue }
            accepted.append(
                PageCommandOffer(
                    command: match.command, params: match.params, method: offer.method, url: offer.url,
                    target: offer.target, submitter: offer.submitter, fields: offer.fields))
        }
        offers = accepted
        return .success(accepted)
    }

    private func refuse(_ refusal: PageActionRefusal, _ frame: BridgeFrame)
        -> Result<[PageCommandOffer], PageActionRefusal>
    {
        diagnostics(.pageAction(.init(frame: frame, refusal: refusal)))
        return .failure(refusal)
    }

    /// Forgets every offer: a new document replaced the page, or the screen went away.
    public mutating func clear() { offers = [] }

    /// Whether `command` can run now, and on which form or link.
    public func availability(of command: String) -> PageCommandAvailability {
        let found = offers.filter { $0.command == command }
        switch found.count {
        case 0: return .unavailable
        case 1: return .available(found[0])
        default: return .ambiguous(count: found.count)
        }
    }

    /// Every offer of `command` on the page now, in page order: the choices a menu of it lists
    /// (one per language of a locale menu), each told apart by its ``PageCommandOffer/params``.
    public func choices(of command: String) -> [PageCommandOffer] {
        offers.filter { $0.command == command }
    }

    /// What happens when the person chooses the offer of `command` with `params` (one of
    /// ``choices(of:)``): as ``request(_:)``, for that offer alone.
    public func request(_ command: String, params: LinkParams) -> PageCommandRequest {
        let found = offers.filter { $0.command == command && $0.params == params }
        switch found.count {
        case 0: return .unavailable
        case 1: return ask(found[0])
        default: return .ambiguous(count: found.count)
        }
    }

    /// Whether `command` is enabled: the page offers it exactly once.
    public func isEnabled(_ command: String) -> Bool {
        if case .available = availability(of: command) { return true }
        return false
    }

    /// What happens when the person chooses `command`: nothing when the page does not offer it
    /// once, a native confirmation first for a destructive command, otherwise the offer to invoke.
    public func request(_ command: String) -> PageCommandRequest {
        switch availability(of: command) {
        case .unavailable: return .unavailable
        case .ambiguous(let count): return .ambiguous(count: count)
        case .available(let offer): return ask(offer)
        }
    }

    /// A destructive command's offer asks first; any other is invoked.
    private func ask(_ offer: PageCommandOffer) -> PageCommandRequest {
        let declared = actions.manifest.commands.first { $0.id == offer.command }
        if declared?.role == .destructive {
            return .confirm(PageCommandConfirmation(offer: offer, titleKey: declared?.titleKey ?? offer.command))
        }
        return .invoke(offer)
    }

    /// The person confirmed: the offer to invoke if the page still offers that command with the
    /// same params and submit button exactly once (it may have changed while the confirmation was
    /// shown).
    public func confirm(_ confirmation: PageCommandConfirmation) -> PageCommandRequest {
        let asked = confirmation.offer
        let found = offers.filter {
            $0.command == asked.command && $0.params == asked.params && $0.submitter == asked.submitter
        }
        guard found.count == 1 else { return .unavailable }
        return .invoke(found[0])
    }
}

/// One command the page offers: the command, its params, and the form or link that runs it.
public struct PageCommandOffer: Sendable, Hashable {
    /// The command's id.
    public let command: String
    /// The command's typed params, read from the URL.
    public let params: LinkParams
    /// `POST` for a form, `GET` for a link.
    public let method: ManifestPageAction.Method
    /// The form's action or the link's URL, as the page reported it.
    public let url: String
    /// The number the script gave the submission (see ``PageActionProtocol/scriptGlobal``).
    public let target: Int
    /// The submit button's `name` and `value`, when it has a name; passed back to `invoke`.
    public let submitter: ManifestPageAction.Submitter?
    /// The bound fields' values as the page reported them; passed back to `invoke` (their typed
    /// values are in ``params``).
    public let fields: [String: String]

    /// Creates an offer.
    public init(
        command: String, params: LinkParams, method: ManifestPageAction.Method, url: String, target: Int,
        submitter: ManifestPageAction.Submitter? = nil, fields: [String: String] = [:]
    ) {
        self.command = command
        self.params = params
        self.method = method
        self.url = url
        self.target = target
        self.submitter = submitter
        self.fields = fields
    }
}

/// Whether a command can run on the page shown now.
public enum PageCommandAvailability: Sendable, Hashable {
    /// The page does not offer it (or a navigation is under way).
    case unavailable
    /// The page offers it once: this form or link.
    case available(PageCommandOffer)
    /// The page offers it with `count` different params (a list with one form per row).
    case ambiguous(count: Int)
}

/// A destructive command waiting for the person's confirmation.
public struct PageCommandConfirmation: Sendable, Hashable, Identifiable {
    /// The offer it would invoke.
    public let offer: PageCommandOffer
    /// The command's title key, for the confirmation's title and its destructive button.
    public let titleKey: String

    /// Creates a confirmation.
    public init(offer: PageCommandOffer, titleKey: String) {
        self.offer = offer
        self.titleKey = titleKey
    }

    /// The command, params and submit button it confirms.
    public var id: String { "\(offer.command) \(offer.params) \(offer.submitter.map(\.description) ?? "")" }
}

/// What choosing a page command leads to.
public enum PageCommandRequest: Sendable, Hashable {
    /// The page does not offer it now: nothing happens.
    case unavailable
    /// The page offers it with several params: nothing happens.
    case ambiguous(count: Int)
    /// Ask first (a destructive command); ``PageCommands/confirm(_:)`` with the answer.
    case confirm(PageCommandConfirmation)
    /// Invoke this offer in the page (submit the form with `requestSubmit(button)` using the
    /// submit button the offer stands for, or navigate to the link's URL).
    case invoke(PageCommandOffer)
}
