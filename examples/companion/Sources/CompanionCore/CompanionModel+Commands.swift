import Foundation
import RastrilloNative

extension CompanionModel {
    /// The destination on top now (the last pushed screen, else the selection), if it is one.
    var selectedDestination: Destination? {
        if case .destination(let destination) = pushed.last ?? selection { return destination }
        return nil
    }

    /// The controls for `placement` at the current selection: the Mac menu asks
    /// for `.menu`, the toolbar for `.toolbar`, a row's context menu for `.contextMenu`.
    ///
    /// An internal page without a destination (``Screen/webPage(_:)``) is a web screen like the
    /// manifest's web destinations: it offers the commands for anywhere and
    /// ``webScreenCommands`` (Reload Page, ⌘R).
    func controls(for placement: ManifestCommand.Placement) -> [CommandControl] {
        if case .webPage = pushed.last ?? selection {
            return Command.allCases.filter { command in
                (command.applies(to: nil) || Self.webScreenCommands.contains(command))
                    && command.metadata.placements.contains(placement)
                    && command.requiredCapabilities.isSubset(of: capabilities)
            }
            .map(CommandControl.init)
        }
        return Command.available(at: selectedDestination, capabilities: capabilities, placement: placement)
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

    /// Runs a command and returns what is left for the view to do.
    ///
    /// `checkVersion` refreshes through the one runner, `reloadPage` reloads the visible web
    /// screen through that screen's runner (and returns when its page has loaded), `addServerCommand` selects
    /// the add-server destination, `copyAddress` asks the view to copy the server
    /// URL, `removeServer` forgets the address (the companion keeps one server).
    func perform(_ command: Command) async -> CommandEffect {
        switch command {
        case .checkVersion:
            await refresh()
            return .none
        case .reloadPage:
            await visibleWebScreen?.reload()
            return .none
        case .addServerCommand:
            selection = .destination(.addServer)
            return .none
        case .copyAddress:
            return serverURL.map { .copy($0.absoluteString) } ?? .none
        case .removeServer:
            addressText = ""
            return .none
        }
    }
}
