import SwiftUI

/// The server list: each server with its status, opening its screen. Pull-to-refresh, the
/// toolbar's Check Version command and the list's first appearance check every server through
/// ``CompanionModel/refresh()``; the toolbar shows the manifest commands placed in `toolbar`
/// (Check Version, Add Server). Remove (swipe or context menu) asks first (``RemovalConfirmation``).
struct ServerListView: View {
    @Bindable var model: CompanionModel
    var window: WindowStack?
    @Environment(\.openURL) private var openURL

    var body: some View {
        List {
            ForEach(model.servers) { server in
                NavigationLink(value: Screen.destination(.server(serverID: server.id))) {
                    ServerRow(server: server, status: model.status(of: server.id))
                }
                .swipeActions {
                    Button("command.removeServer", systemImage: "trash") {
                        model.requestRemoval(of: server, in: window)
                    }
                    .tint(.red)
                }
                .contextMenu { rowMenu(server) }
            }
            #if DEBUG
                Toggle("Allow http on the local network (debug builds only)", isOn: $model.allowsInsecureLocalNetwork)
            #endif
        }
        .overlay {
            if model.servers.isEmpty {
                ContentUnavailableView {
                    Label("No servers", systemImage: "server.rack")
                } description: {
                    Text("Add the address of your Rastrillo server to check its version.")
                } actions: {
                    CommandButton(control: CommandControl(.addServerCommand), model: model, withShortcut: false)
                }
            }
        }
        .navigationTitle("destination.servers")
        .refreshable { await model.refresh() }
        .toolbar {
            ToolbarItemGroup(placement: .primaryAction) {
                ForEach(model.controls(for: .toolbar, in: window), id: \.self) { control in
                    // On the Mac the shortcuts belong to the Server menu commands.
                    #if os(iOS)
                        CommandButton(control: control, model: model, window: window)
                    #else
                        CommandButton(control: control, model: model, window: window, withShortcut: false)
                    #endif
                }
            }
        }
        .task { await model.refresh() }
    }

    /// A row's context menu: copy, open or share the address, or remove the server (asks first).
    @ViewBuilder private func rowMenu(_ server: SavedServer) -> some View {
        Button("Copy Address", systemImage: "doc.on.doc") { Clipboard.copy(server.copyText) }
        if let url = server.baseURL {
            Button("Open in Browser", systemImage: "safari") { openURL(url) }
            ShareLink(item: url) {
                Label("Share Address", systemImage: "square.and.arrow.up")
            }
        }
        Button("command.removeServer", systemImage: "trash", role: .destructive) {
            model.requestRemoval(of: server, in: window)
        }
    }
}

/// One server in the list: its address, and its status read as one element.
struct ServerRow: View {
    let server: SavedServer
    let status: ServerStatus

    var body: some View {
        let presentation = status.presentation
        Label {
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: server.address)
                    .font(.headline)
                Text(LocalizedStringKey(presentation.title))
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
        } icon: {
            Image(systemName: presentation.systemImage)
                .foregroundStyle(presentation.tone.color)
        }
        .accessibilityElement(children: .combine)
    }
}
