import Foundation
import RastrilloNative

/// Why the add-server form refused what was typed: a message naming the input and what to do.
struct AddServerProblem: Error, Hashable, Sendable {
    /// The message the form shows under the address field.
    let message: String
}

/// A removal waiting for the person's confirmation: the server, and the window that asks.
struct RemovalRequest {
    /// The server to remove.
    let server: SavedServer
    /// The destination window that asks (``WindowStack``), or `nil` for the main window.
    let window: WindowStack?

    /// Whether the window with `stack` (`nil`: the main window) shows the confirmation.
    func isAsked(in stack: WindowStack?) -> Bool { window === stack }
}

extension CompanionModel {
    /// Adds the server typed into the add-server form, and shows its screen in place of the form
    /// (so Back never returns to the submitted form).
    ///
    /// The address goes through the rules every check uses: `ServerAddress` (https, or http;
    /// no user name, query or fragment; a host) and the client's transport rule (plain http only
    /// to this device, or the local network with the debug opt-in). It is kept normalized
    /// (`example.com` → `https://example.com`). An address already in the list is refused.
    ///
    /// The form is the selection, the top of the main window's stack, or the root of `window`
    /// (a destination's own window); its screen is replaced by the new server's. When the form
    /// is the selection, the list is selected with the new server's screen on top.
    ///
    /// - Throws: ``AddServerProblem``, whose message names the field, the text and what to do.
    @discardableResult
    func addServer(_ text: String, in window: WindowStack? = nil) throws(AddServerProblem) -> SavedServer {
        let address: ServerAddress
        do {
            address = try ServerAddress(text)
            try ServerVersionClient(options: options).checkTransport(of: address)
        } catch {
            throw AddServerProblem(message: "Server address: \(error.description)")
        }
        if let existing = servers.first(where: { $0.baseURL == address.baseURL }) {
            throw AddServerProblem(
                message: "Server address: \(existing.copyText) is already in your servers. "
                    + "Enter another address, or open it from the server list.")
        }
        let server = SavedServer(address: address.description)
        servers.append(server)
        let shown = Screen.destination(.server(serverID: server.id))
        if let window {
            window.show(shown, push: false)
        } else if pushed.last == .destination(.addServer) {
            pushed[pushed.count - 1] = shown
        } else {
            selection = .destination(.servers)
            pushed = [shown]
        }
        return server
    }

    /// Asks to remove `server`: the window it is asked in (`window`, or the main one when `nil`)
    /// shows a destructive confirmation while ``removalRequest`` is set. Remove Server and the
    /// list's swipe-to-delete both come here.
    func requestRemoval(of server: SavedServer, in window: WindowStack? = nil) {
        removalRequest = RemovalRequest(server: server, window: window)
    }

    /// The person confirmed: removes the server asked about, its status and its runner, and
    /// takes its pushed screens off the main window's stack and off the window it was asked in
    /// (a selected one gives way to the list; a window whose root it was shows that it is gone).
    /// Returns the removed server; `nil` when nothing was asked or it is already gone.
    @discardableResult
    func confirmRemoval() -> SavedServer? {
        guard let request = removalRequest else { return nil }
        removalRequest = nil
        guard let server = server(request.server.id) else { return nil }
        servers.removeAll { $0.id == server.id }
        statuses[server.id] = nil
        refreshers.removeRunner(for: server.id)
        let screen = Screen.destination(.server(serverID: server.id))
        if selection == screen {
            selection = .destination(.servers)
        } else {
            pushed.removeAll { $0 == screen }
        }
        request.window?.pushed.removeAll { $0 == screen }
        return server
    }

    /// The person cancelled the removal: nothing changes.
    func cancelRemoval() {
        removalRequest = nil
    }
}
