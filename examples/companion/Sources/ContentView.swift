import SwiftUI

/// A split view on Mac and regular-width iPad, a stack on iPhone; the choice
/// is ``CompanionLayout``'s.
struct ContentView: View {
    @Bindable var model: CompanionModel
    #if os(iOS)
        @Environment(\.horizontalSizeClass) private var horizontalSizeClass
    #endif

    private var layout: CompanionLayout {
        #if os(iOS)
            CompanionLayout(horizontalSizeClassIsCompact: horizontalSizeClass.map { $0 == .compact })
        #else
            CompanionLayout(horizontalSizeClassIsCompact: nil)
        #endif
    }

    @Environment(\.openURL) private var openURL

    var body: some View {
        navigation
            .onOpenURL { url in perform(model.open(url)) }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                if let url = activity.webpageURL { perform(model.open(url)) }
            }
            .modifier(RemovalConfirmation(model: model, window: nil))
            .alert("Cannot open link", isPresented: linkProblemShown) {
                Button("OK") { model.linkProblem = nil }
            } message: {
                Text(verbatim: model.linkProblem ?? "")
            }
    }

    @ViewBuilder private var navigation: some View {
        switch layout {
        case .split:
            NavigationSplitView {
                List(selection: $model.selection) { sidebarLinks }
                    .navigationTitle("Companion")
            } detail: {
                // Screens pushed from a web screen stack up here: back and swipe-back follow them.
                NavigationStack(path: $model.pushed) {
                    ScreenView(model: model, screen: model.selection ?? .destination(.servers))
                        .navigationDestination(for: Screen.self) { screen in
                            ScreenView(model: model, screen: screen)
                        }
                }
            }
        case .stack:
            NavigationStack(path: $model.stackPath) {
                List { sidebarLinks }
                    .navigationTitle("Companion")
                    .navigationDestination(for: Screen.self) { screen in
                        ScreenView(model: model, screen: screen)
                    }
            }
        }
    }

    /// One row per sidebar destination of the manifest; its context menu opens it in a new
    /// window where the model allows it (Mac, iPad).
    private var sidebarLinks: some View {
        ForEach(CompanionModel.sidebarDestinations, id: \.self) { destination in
            NavigationLink(value: Screen.destination(destination)) {
                Text(LocalizedStringKey(destination.metadata.titleKey))
            }
            .contextMenu {
                if model.opensInNewWindow(destination) {
                    OpenInNewWindowButton(destination: destination)
                }
            }
        }
    }

    private var linkProblemShown: Binding<Bool> {
        Binding(
            get: { model.linkProblem != nil },
            set: { if !$0 { model.linkProblem = nil } }
        )
    }

    /// The model already selected internal screens; links out go to the system.
    private func perform(_ outcome: LinkOutcome) {
        if case .openExternally(let url, _) = outcome {
            openURL(url)
        }
    }
}
