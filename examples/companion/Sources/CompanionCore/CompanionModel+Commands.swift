import Foundation
import RastrilloNative

extension CompanionModel {
    /// The destination on top now (the last pushed screen, else the selection), if it is one.
    var selectedDestination: Destination? {
        if case .destination(let destination) = pushed.last ?? selection { return destination }
        return nil
    }

    /// The screen on top of `window`'s stack, or of the main window's when `nil`.
    func topScreen(in window: WindowStack?) -> Screen? {
        window?.top ?? pushed.last ?? selection
    }

    /// The controls for `placement` on the screen on top of `window` (the main window when
    /// `nil`, as the Mac menu asks): the Mac menu asks for `.menu`, the toolbar for `.toolbar`,
    /// a screen's context menu for `.contextMenu`, the iPhone action menu for `.actionMenu`.
    ///
    /// An internal page without a destination (``Screen/webPage(_:)``) is a web screen like the
    /// manifest's web destinations: it offers the commands for anywhere and
    /// ``webScreenCommands`` (Reload Page, ⌘R).
    func controls(for placement: ManifestCommand.Placement, in window: WindowStack? = nil) -> [CommandControl] {
        let top = topScreen(in: window)
        if case .webPage = top {
            return Command.allCases.filter { command in
                (command.applies(to: nil) || Self.webScreenCommands.contains(command))
                    && command.metadata.placements.contains(placement)
                    && command.requiredCapabilities.isSubset(of: capabilities)
            }
            .map(CommandControl.init)
        }
        let destination: Destination? = if case .destination(let shown) = top { shown } else { nil }
        return Command.available(at: destination, capabilities: capabilities, placement: placement)
            .map(CommandControl.init)
    }

    /// The commands every web screen offers: those the manifest lists for each of its web
    /// destinations the app shows as a screen (not the links out to the system browser).
    static let webScreenCommands: Set<Command> = {
        let screens = GeneratedManifest.manifest.destinations.filter {
            $0.presentation == .web && $0.link != .externalBrowser
        }
        return Set(
            Command.allCases.filter { command in
                let ids = command.metadata.destinations
                return !ids.isEmpty && screens.allSatisfy { ids.contains($0.id) }
            })
    }()

    /// Runs a command on the screen on top of `window` (the main window when `nil`) and returns
    /// what it did (``CommandEffect``).
    ///
    /// - `checkVersion`: on a server's screen checks that server through its runner, elsewhere
    ///   every server; returns when the checks ended.
    /// - `reloadPage`: reloads the visible web screen through that screen's runner and returns
    ///   when its page has loaded.
    /// - `addServerCommand`: selects the add-server form in the main window.
    /// - `copyAddress`: hands the server's address to the view to copy.
    /// - `removeServer`: asks to confirm removing the server (``requestRemoval(of:in:)``).
    ///
    /// Where a command has nothing to act on (no server, no web screen on screen), nothing
    /// happens and the effect is ``CommandEffect/nothing(_:)`` with the reason.
    func perform(_ command: Command, in window: WindowStack? = nil) async -> CommandEffect {
        let destination: Destination? =
            if case .destination(let shown) = topScreen(in: window) { shown } else { nil }
        switch command {
        case .checkVersion:
            if case .server(let id) = destination {
                guard server(id) != nil else { return .nothing(Self.notInList(id)) }
                await refresh(id)
                return .checked([id])
            }
            guard !servers.isEmpty else { return .nothing("no servers to check; add one with Add Server") }
            let ids = servers.map(\.id)
            await refresh()
            return .checked(ids)
        case .reloadPage:
            guard let screen = visibleWebScreen else { return .nothing("no web screen is on screen to reload") }
            await screen.reload()
            return .reloaded
        case .addServerCommand:
            let form = Screen.destination(.addServer)
            selection = form
            return .showed(form)
        case .copyAddress:
            guard case .server(let id) = destination else {
                return .nothing("Copy Address copies the address of the server on screen; none is")
            }
            guard let server = server(id) else { return .nothing(Self.notInList(id)) }
            return .copy(server.copyText)
        case .removeServer:
            guard case .server(let id) = destination else {
                return .nothing("Remove Server removes the server on screen; none is")
            }
            guard let server = server(id) else { return .nothing(Self.notInList(id)) }
            requestRemoval(of: server, in: window)
            return .confirmRemoval(server)
        }
    }

    private static func notInList(_ id: UUID) -> String {
        "server \(id.uuidString.lowercased()) is not in your servers"
    }
}
