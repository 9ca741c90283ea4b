import Foundation
import Observation
import RastrilloNative

/// The companion's state: the server address, its status, and the one
/// refresh path every trigger uses.
///
/// Pull-to-refresh, the toolbar button, the Mac menu command, ⌘R and the
/// first appearance all call ``refresh()``, which goes through one
/// ``CoalescedRunner``: a burst of triggers costs at most the check that is
/// running plus one more.
///
/// ```swift
/// let model = CompanionModel()
/// await model.refresh()
/// model.status  // .reachable(v1.4.0) …
/// ```
@MainActor
@Observable
public final class CompanionModel {
    /// Checks one address with the given options (the real client by default).
    public typealias Checker =
        @Sendable (ServerAddress, ServerVersionClient.Options) async throws(ServerVersionError) -> ServerVersion

    /// The address as typed. Kept in the ``AddressStore`` on every change.
    public var addressText: String {
        didSet { store.save(addressText) }
    }

    /// The latest status.
    public private(set) var status: ServerStatus = .notChecked

    /// The screen the sidebar selects (split view) or the stack shows on top (iPhone).
    /// Links (``open(_:)``) and commands change it; `nil` shows the server list.
    var selection: Screen? {
        didSet { if selection != oldValue { pushed = [] } }
    }

    /// The screens pushed on top of the selection by navigations in web screens
    /// (``followFromWebScreen(_:action:in:)``); a new selection starts a new stack.
    var pushed: [Screen] = []

    /// The web screen on screen now (its view reports appearing and disappearing); the Reload
    /// Page command reloads it.
    @ObservationIgnored var visibleWebScreen: WebScreenModel?

    /// The message of the last refused link, shown until the next link or dismissal.
    var linkProblem: String?

    /// The capabilities the person has; the companion has no sign-in, so all of them.
    var capabilities: Set<Capability> = Set(Capability.allCases)

    /// The runner every refresh trigger goes through; `isRunning` drives progress UI.
    public let refresher = CoalescedRunner()

    /// How long a check may take.
    public var options = ServerVersionClient.Options(connectTimeout: .seconds(10), totalTimeout: .seconds(20))

    /// Where refused links and refused web-screen messages are reported (the app logs them).
    @ObservationIgnored public let diagnostics: RefusalDiagnostics
    /// The generated router, reporting its refusals to ``diagnostics``.
    @ObservationIgnored public let router: LinkRouter

    @ObservationIgnored private let store: AddressStore
    @ObservationIgnored private let checker: Checker

    /// Creates the model, reading the kept address (or the default).
    public init(
        store: AddressStore = .userDefaults(),
        defaultAddress: String = CompanionDefaults.serverAddress,
        diagnostics: RefusalDiagnostics = .ignore,
        checker: @escaping Checker = { address, options throws(ServerVersionError) in
            try await ServerVersionClient(options: options).version(of: address)
        }
    ) {
        self.store = store
        self.checker = checker
        self.diagnostics = diagnostics
        self.router = GeneratedManifest.router.reporting(to: diagnostics)
        self.addressText = store.load() ?? defaultAddress
    }

    #if DEBUG
        /// Debug builds only: allow plain http to a development server on the local
        /// network. Off until the person turns it on; release builds have no such switch.
        public var allowsInsecureLocalNetwork: Bool {
            get { options.allowsInsecureLocalNetwork }
            set { options.allowsInsecureLocalNetwork = newValue }
        }
    #endif

    /// The server's base URL when the address is valid (for copy, open and share).
    public var serverURL: URL? {
        try? ServerAddress(addressText).baseURL
    }

    /// Checks the server now, or joins the check that will run next.
    public func refresh() async {
        await refresher.run { [weak self] in
            await self?.check()
        }
    }

    private func check() async {
        let address: ServerAddress
        do {
            address = try ServerAddress(addressText)
        } catch {
            status = ServerStatus(error: error) ?? status
            return
        }
        status = .checking
        do {
            status = .reachable(try await checker(address, options))
        } catch {
            status = ServerStatus(error: error) ?? .notChecked
        }
    }
}
