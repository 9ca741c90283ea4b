import SwiftUI

/// One destination in a window of its own, opened with `openWindow(value:)`. A restored window
/// whose destination may no longer open one (``CompanionModel/opensInNewWindow(_:)``) shows nothing.
/// Screens its web screens push stack up in this window (``WindowStack``), not in the main one.
struct DestinationWindow: View {
    let model: CompanionModel
    let destination: Destination?
    @State private var stack: WindowStack

    init(model: CompanionModel, destination: Destination?) {
        self.model = model
        self.destination = destination
        _stack = State(initialValue: WindowStack(root: .destination(destination ?? .servers)))
    }

    var body: some View {
        NavigationStack(path: $stack.pushed) {
            if let destination, model.opensInNewWindow(destination) {
                ScreenView(model: model, screen: stack.root, window: stack)
                    .navigationTitle(LocalizedStringKey(CompanionModel.titleKey(of: stack.root)))
                    .navigationDestination(for: Screen.self) { screen in
                        ScreenView(model: model, screen: screen, window: stack)
                    }
            } else {
                ContentUnavailableView("Nothing to show", systemImage: "questionmark.square.dashed")
            }
        }
        .modifier(RemovalConfirmation(model: model, window: stack))
    }
}
