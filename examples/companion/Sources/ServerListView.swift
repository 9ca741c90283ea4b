import SwiftUI

/// The server address field and the status row. Pull-to-refresh, the toolbar
/// button and Return in the field all call ``CompanionModel/refresh()``.
struct ServerListView: View {
    @Bindable var model: CompanionModel
    @FocusState private var addressFocused: Bool

    var body: some View {
        List {
            Section("Server") {
                TextField("Server address", text: $model.addressText, prompt: Text(verbatim: "https://example.com"))
                    .focused($addressFocused)
                    .autocorrectionDisabled()
                    #if os(iOS)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .textContentType(.URL)
                    #endif
                    .submitLabel(.go)
                    .onSubmit { Task { await model.refresh() } }
                    .accessibilityLabel(Text("Server address"))
                    .accessibilityHint(Text("The address of your Rastrillo server. Press Return to check it."))
                ServerStatusRow(status: model.status, serverURL: model.serverURL)
                #if DEBUG
                    Toggle(
                        "Allow http on the local network (debug builds only)", isOn: $model.allowsInsecureLocalNetwork)
                #endif
            }
        }
        .navigationTitle("Companion")
        .refreshable { await model.refresh() }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                refreshButton
            }
        }
        .defaultFocus($addressFocused, true)
        .task { await model.refresh() }
    }

    private var refreshButton: some View {
        Button {
            Task { await model.refresh() }
        } label: {
            Label("Check Version", systemImage: "arrow.clockwise")
        }
        .disabled(model.refresher.isRunning)
        .accessibilityLabel(Text("Check the server's version"))
        #if os(iOS)
            // On the Mac, ⌘R belongs to the Server menu command.
            .keyboardShortcut("r", modifiers: .command)
        #endif
    }
}
