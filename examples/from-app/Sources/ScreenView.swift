import RastrilloNative
import SwiftUI

/// One web screen of the stack or the sheet: the page (``WebScreen``), the loading, failure or
/// sign-in view over it, its title, and the page commands of the visible screen in the toolbar,
/// the iPhone action menu and the title menu (`contextMenu` commands: never a context menu over
/// the web view, which keeps WebKit's own text and link menu).
struct ScreenView: View {
    let model: NotesModel
    let screen: NotesScreen

    var body: some View {
        // One web view per screen: a new screen in the same place (a new start, a replaced
        // screen) is a new view.
        WebScreen(model: model, screen: screen)
            .id(screen.id)
            .opacity(showsPage ? 1 : 0)
            .overlay { status }
            .overlay(alignment: .top) { progressBar }
            .overlay(alignment: .bottom) { signInBar }
            .navigationTitle(title)
            .toolbar { toolbar }
            .toolbarTitleMenu {
                ForEach(model.commands(for: .contextMenu), id: \.command) { state in
                    CommandButton(state: state, model: model, withShortcut: false)
                }
            }
    }

    /// The page's title, or the screen's title (localized) until it has one.
    private var title: String {
        screen.title(fallback: String(localized: String.LocalizationValue(screen.screen.titleKey)))
    }

    /// The web view stays under the loading and failure views, so Try Again reuses it.
    private var showsPage: Bool {
        if case .content = screen.page.display { return true }
        return false
    }

    @ViewBuilder private var status: some View {
        switch ScreenPresentation(screen.page.display) {
        case .loading(let progress):
            WebLoadingView(progress: progress)
        case .failed(let failure):
            WebFailureView(failure: failure) { model.retry(screen) }
        case .signInRequired:
            SignInRequiredView { model.signIn(for: screen) }
        case .content:
            EmptyView()
        }
    }

    /// A page kept on screen while it waits for sign-in, after the person closed the sheet.
    @ViewBuilder private var signInBar: some View {
        if case .content = screen.page.display, model.offersSignIn(screen) {
            Button(LocalizedStringKey(ScreenPresentation.signInKeys.button)) { model.signIn(for: screen) }
                .buttonStyle(.borderedProminent)
                .padding()
        }
    }

    @ViewBuilder private var progressBar: some View {
        if case .content(let progress?) = screen.page.display {
            ProgressView(value: progress)
                .progressViewStyle(.linear)
                .accessibilityLabel(Text("webScreen.loading"))
        }
    }

    /// Toolbar buttons (`toolbar` commands); on iPhone the `actionMenu` commands in one menu.
    @ToolbarContentBuilder private var toolbar: some ToolbarContent {
        ToolbarItemGroup(placement: .primaryAction) {
            ForEach(model.commands(for: .toolbar), id: \.command) { state in
                CommandButton(state: state, model: model, withShortcut: false)
            }
        }
        #if os(iOS)
            ToolbarItem(placement: .secondaryAction) {
                Menu {
                    ForEach(model.commands(for: .actionMenu), id: \.command) { state in
                        CommandButton(state: state, model: model, withShortcut: false)
                    }
                } label: {
                    Label("toolbar.actions", systemImage: "ellipsis.circle")
                }
            }
        #endif
    }
}
