import SwiftUI

/// The add-server form: an address field, and Add (or Return). ``CompanionModel/addServer(_:in:)``
/// validates the address with the rules every check uses and, on success, shows the new server's
/// screen in place of this form; otherwise its message (naming the field, the text and what to
/// do) is shown under the field until the text changes.
struct AddServerView: View {
    @Bindable var model: CompanionModel
    var window: WindowStack?
    @State private var address = ""
    @State private var problem: String?
    @FocusState private var addressFocused: Bool

    var body: some View {
        Form {
            Section {
                TextField("Server address", text: $address, prompt: Text(verbatim: "https://example.com"))
                    .focused($addressFocused)
                    .autocorrectionDisabled()
                    #if os(iOS)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .textContentType(.URL)
                    #endif
                    .submitLabel(.done)
                    .onSubmit(add)
                    .accessibilityHint(Text("The address of your Rastrillo server. Press Return to add it."))
                if let problem {
                    Label {
                        Text(verbatim: problem)
                    } icon: {
                        Image(systemName: "exclamationmark.triangle.fill")
                    }
                    .foregroundStyle(.red)
                }
            } footer: {
                Text("Use https. Plain http is only allowed to this device (127.0.0.1, localhost, [::1]).")
            }
            #if DEBUG
                Toggle("Allow http on the local network (debug builds only)", isOn: $model.allowsInsecureLocalNetwork)
            #endif
        }
        .navigationTitle("destination.addServer")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Add", action: add)
            }
        }
        .defaultFocus($addressFocused, true)
        .onChange(of: address) { problem = nil }
    }

    private func add() {
        do throws(AddServerProblem) {
            try model.addServer(address, in: window)
        } catch {
            problem = error.message
        }
    }
}
