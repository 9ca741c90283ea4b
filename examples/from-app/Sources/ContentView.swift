import SwiftUI

/// The sidebar (Bookmarks) and the main stack of web screens, the sign-in sheet above them, and
/// the native confirmation of a destructive command. On iPhone the split view collapses into
/// one stack. Every change goes through ``NotesModel``.
struct ContentView: View {
    @Bindable var model: NotesModel
    @Environment(\.openURL) private var openURL
    /// On iPhone (the split view collapsed) the app opens on the stack, not the sidebar.
    @State private var compactColumn = NavigationSplitViewColumn.detail

    var body: some View {
        NavigationSplitView(preferredCompactColumn: $compactColumn) {
            List(selection: selection) {
                ForEach(NotesModel.sidebarDestinations, id: \.self) { destination in
                    NavigationLink(value: destination) {
                        Text(LocalizedStringKey(destination.metadata.titleKey))
                    }
                }
            }
            .navigationTitle("app.title")
        } detail: {
            NavigationStack(path: $model.path) {
                Group {
                    if let root = model.stack.first {
                        ScreenView(model: model, screen: root)
                    }
                }
                .navigationDestination(for: Int.self) { id in
                    if let screen = model.screen(id) {
                        ScreenView(model: model, screen: screen)
                    }
                }
            }
        }
        .sheet(item: sheet) { screen in
            NavigationStack {
                ScreenView(model: model, screen: screen)
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("sheet.cancel") { model.dismissSheet() }
                        }
                        // For a sign-in link that opened in another app or browser: the system
                        // paste button reads the pasteboard only when tapped (no paste prompt).
                        if model.acceptsPastedSignInLinks {
                            ToolbarItem(placement: .primaryAction) {
                                PasteButton(payloadType: String.self) { strings in
                                    Task { @MainActor in model.paste(signInLinks: strings) }
                                }
                                .help("signIn.paste.help")
                            }
                        }
                    }
                    .alert(
                        pasteRefusedTitle, isPresented: pasteRefused, presenting: model.pasteRefusal
                    ) { _ in
                    } message: { refusal in
                        Text(LocalizedStringKey(ScreenPresentation.pasteRefusalKey(refusal)))
                    }
            }
            .frame(minWidth: 360, minHeight: 480)
        }
        .confirmationDialog(
            confirmationTitle, isPresented: confirmationShown, titleVisibility: .visible,
            presenting: model.confirmation
        ) { pending in
            Button(LocalizedStringKey(pending.confirmation.titleKey), role: .destructive) { model.confirm(true) }
            Button("confirmation.cancel", role: .cancel) { model.confirm(false) }
        } message: { pending in
            Text(LocalizedStringKey(pending.messageKey))
        }
        .onOpenURL { url in model.open(url) }
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
            if let url = activity.webpageURL { model.open(url) }
        }
        .onChange(of: model.leftApp.count) {
            // The model recorded where a link went; a refused one is never opened.
            guard let left = model.leftApp.last, left.how != .refused, let url = URL(string: left.url) else { return }
            openURL(url)
        }
        .task {
            if model.stack.isEmpty { model.launch() }
        }
    }

    /// The sidebar's selection: the stack's first screen; choosing a row starts the stack over.
    private var selection: Binding<Destination?> {
        Binding(
            get: { model.selection },
            set: { destination in
                if let destination, destination != model.selection { model.select(destination) }
            })
    }

    /// The sign-in sheet; closing it by hand is ``NotesModel/dismissSheet()``.
    private var sheet: Binding<NotesScreen?> {
        Binding(get: { model.sheet }, set: { if $0 == nil { model.dismissSheet() } })
    }

    /// Whether the message about a refused pasted sign-in link shows; closing it forgets it.
    private var pasteRefused: Binding<Bool> {
        Binding(get: { model.pasteRefusal != nil }, set: { if !$0 { model.dismissPasteRefusal() } })
    }

    private var pasteRefusedTitle: Text {
        Text(LocalizedStringKey(ScreenPresentation.pasteRefusedTitleKey))
    }

    private var confirmationShown: Binding<Bool> {
        Binding(get: { model.confirmation != nil }, set: { if !$0 { model.confirm(false) } })
    }

    private var confirmationTitle: Text {
        Text(LocalizedStringKey(model.confirmation?.confirmation.titleKey ?? ""))
    }
}
