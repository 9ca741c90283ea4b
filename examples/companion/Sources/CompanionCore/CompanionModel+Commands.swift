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
    func controls(for placement: ManifestCommand.Placement) -> [CommandControl] {
        Command.available(at: selectedDestination, capabilities: capabilities, placement: placement)
            .map(CommandControl.init)
    }

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
