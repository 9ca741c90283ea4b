import SwiftUI

/// The server destination: its status and version, its address to copy, open or share. The
/// status row's context menu has the manifest commands placed in `contextMenu` here (Copy
/// Address, Remove Server), the iPhone's action menu those placed in `actionMenu`, the toolbar
/// those placed in `toolbar` (Check Version checks this server through its runner).
struct ServerDetailView: View {
    let model: CompanionModel
    let server: SavedServer
    var window: WindowStack?
    @Environment(\.openURL) private var openURL

    var body: some View {
        List {
            Section("Status") {
                ServerStatusRow(status: model.status(of: server.id))
                    .contextMenu {
                        ForEach(model.controls(for: .contextMenu, in: window), id: \.self) { control in
                            CommandButton(control: control, model: model, window: window, withShortcut: false)
                        }
                    }
            }
            Section("Address") {
                Text(verbatim: server.address)
                    .textSelection(.enabled)
                Button("Copy Address", systemImage: "doc.on.doc") { Clipboard.copy(server.copyText) }
                if let url = server.baseURL {
                    Button("Open in Browser", systemImage: "safari") { openURL(url) }
                    ShareLink(item: url) {
                        Label("Share Address", systemImage: "square.and.arrow.up")
                    }
                }
            }
        }
        .navigationTitle(Text(verbatim: server.baseURL?.host() ?? server.address))
        .refreshable { await model.refresh(server.id) }
        .toolbar {
            ToolbarItemGroup(placement: .primaryAction) {
                ForEach(model.controls(for: .toolbar, in: window), id: \.self) { control in
                    CommandButton(control: control, model: model, window: window, withShortcut: false)
                }
                #if os(iOS)
                    Menu {
                        ForEach(model.controls(for: .actionMenu, in: window), id: \.self) { control in
                            CommandButton(control: control, model: model, window: window, withShortcut: false)
                        }
                    } label: {
                        Label("Actions", systemImage: "ellipsis.circle")
                    }
                #endif
            }
        }
        .task {
            if model.status(of: server.id) == .notChecked { await model.refresh(server.id) }
        }
    }
}
