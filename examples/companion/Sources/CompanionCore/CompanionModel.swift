import Foundation
import Observation
import RastrilloNative

/// The companion's state: the person's servers, each one's status, and the refresh paths every
/// trigger uses.
///
/// Pull-to-refresh and Check Version on the server list, and the first appearance of the list,
/// call ``refresh()``, which checks every server through one ``CoalescedRunner``: a burst of
/// triggers costs at most the pass that is running plus one more. A server's own screen calls
/// ``refresh(_:)``, one runner per server (``refreshers``); a pass of ``refresh()`` checks each
/// server through that same runner.
///
/// ```swift
/// let model = CompanionModel()
/// await model.refresh()
/// model.status(of: model.servers[0].id)  // .reachable(v1.4.0) …
/// ```
@MainActor
@Observable
public final class CompanionModel {
    /// Checks one address with the given options (the real client by default).
    public typealias Checker =
        @Sendable (ServerAddress, ServerVersionClient.Options) async throws(ServerVersionError) -> ServerVersion

    /// The person's servers, in the order they were added. Kept in the ``AddressStore`` on every change.
    public internal(set) var servers: [SavedServer] {
        didSet { store.save(servers) }
    }

    /// The latest status of each server, by id; a server never checked has none.
    public internal(set) var statuses: [UUID: ServerStatus] = [:]

    /// The screen the sidebar selects (split view) or the stack shows on top (iPhone).
    /// Links (``open(_:)``) and commands change it; `nil` shows the server list.
    var selection: Screen? {
        didSet { if selection != oldValue { pushed = [] } }
    }

    /// The screens pushed on top of the selection: a server's screen from the list, and
    /// navigations in web screens (``followFromWebScreen(_:action:in:)``); a new selection
    /// starts a new stack.
    var pushed: [Screen] = []

    /// The web screen on screen now (its view reports appearing and disappearing); the Reload
    /// Page command reloads it.
    @ObservationIgnored var visibleWebScreen: WebScreenModel?

    /// The message of the last refused link, shown until the next link or dismissal.
    var linkProblem: String?

    /// The server Remove Server asked about, and the window it was asked in; that window asks
    /// for confirmation while it is set (``confirmRemoval()``, ``cancelRemoval()``).
    var removalRequest: RemovalRequest?

    /// The capabilities the person has; the companion has no sign-in, so all of them.
    var capabilities: Set<Capability> = Set(Capability.allCases)

    /// The runner every check of all servers goes through; `isRunning` drives progress UI.
    public let refresher = CoalescedRunner()

    /// One runner per server: every check of that server goes through it.
    @ObservationIgnored public let refreshers = CoalescedRunners<UUID>()

    /// How long a check may take.
    public var options = ServerVersionClient.Options(connectTimeout: .seconds(10), totalTimeout: .seconds(20))

    /// Where refused links and refused web-screen messages are reported (the app logs them).
    @ObservationIgnored public let diagnostics: RefusalDiagnostics
    /// The generated router, reporting its refusals to ``diagnostics``.
    @ObservationIgnored public let router: LinkRouter

    @ObservationIgnored private let store: AddressStore
    @ObservationIgnored private let checker: Checker

    /// Creates the model with the kept servers; on a first launch (nothing kept), one server
    /// at `defaultAddress`, kept at once so its id stays the same.
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
        if let kept = store.load() {
            self.servers = kept
        } else {
            let first = [SavedServer(address: defaultAddress)]
            store.save(first)
            self.servers = first
        }
    }

    #if DEBUG
        /// Debug builds only: allow plain http to a development server on the local
        /// network. Off until the person turns it on; release builds have no such switch.
        public var allowsInsecureLocalNetwork: Bool {
            get { options.allowsInsecureLocalNetwork }
            set { options.allowsInsecureLocalNetwork = newValue }
        }
    #endif

    /// The server with `id`, if it is in the list.
    public func server(_ id: UUID) -> SavedServer? {
        servers.first { $0.id == id }
    }

    /// The latest status of the server with `id`; `notChecked` when it was never checked.
    public func status(of id: UUID) -> ServerStatus {
        statuses[id] ?? .notChecked
    }

    /// The server the web screens talk about (the release notes' `compareRelease`): the one
    /// whose screen is nearest the top of the main window's stack, else the first in the list.
    public var currentServer: SavedServer? {
        let ids = ((selection.map { [$0] } ?? []) + pushed).reversed().compactMap { screen -> UUID? in
            if case .destination(.server(let id)) = screen { return id }
            return nil
        }
        return ids.lazy.compactMap(server).first ?? servers.first
    }

    /// The status of ``currentServer``; `notChecked` when there is no server.
    public var status: ServerStatus {
        currentServer.map { status(of: $0.id) } ?? .notChecked
    }

    /// Checks every server now, or joins the pass that will run next. Each server is checked
    /// through its own runner, all at once.
    public func refresh() async {
        await refresher.run { [weak self] in
            guard let self else { return }
            await withTaskGroup(of: Void.self) { group in
                for server in self.servers {
                    group.addTask { await self.refresh(server.id) }
                }
            }
        }
    }

    /// Checks the server with `id` now, or joins its check that will run next.
    public func refresh(_ id: UUID) async {
        await refreshers.run(for: id) { [weak self] in
            await self?.check(id)
        }
    }

    private func check(_ id: UUID) async {
        guard let server = server(id) else { return }
        let address: ServerAddress
        do {
            address = try ServerAddress(server.address)
        } catch {
            statuses[id] = ServerStatus(error: error) ?? status(of: id)
            return
        }
        statuses[id] = .checking
        let result: ServerStatus?
        do {
            result = .reachable(try await checker(address, options))
        } catch {
            result = ServerStatus(error: error)
        }
        // A server removed while its check ran gets no status back.
        guard self.server(id) != nil else { return }
        statuses[id] = result ?? .notChecked
    }
}
