import SwiftUI

/// One destination in a window of its own, opened with `openWindow(value:)`. A restored window
/// whose destination may no longer open one (``CompanionModel/opensInNewWindow(_:)``) shows nothing.
struct DestinationWindow: View {
    let model: CompanionModel
    let destination: Destination?

    var body: some View {
        NavigationStack {
            if let destination, model.opensInNewWindow(destination) {
                ScreenView(model: model, screen: .destination(destination))
                    .navigationTitle(LocalizedStringKey(destination.metadata.titleKey))
            } else {
                ContentUnavailableView("Nothing to show", systemImage: "questionmark.square.dashed")
            }
        }
    }
}
