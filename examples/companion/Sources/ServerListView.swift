import SwiftUI

/// The server address field and the status row. Pull-to-refresh, the toolbar's
/// Check Version command and Return in the field all call ``CompanionModel/refresh()``;
/// the toolbar shows the manifest commands placed in `toolbar`.
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
            ToolbarItemGroup(placement: .primaryAction) {
                ForEach(model.controls(for: .toolbar), id: \.self) { control in
                    // On the Mac the shortcuts belong to the Server menu commands.
                    #if os(iOS)
                        CommandButton(control: control, model: model)
                    #else
                        CommandButton(control: control, model: model, withShortcut: false)
                    #endif
                }
            }
        }
        .defaultFocus($addressFocused, true)
        .task { await model.refresh() }
    }
}
