import SwiftUI

/// File ▸ Open in New Window: the selected destination in a window of its own, when
/// ``CompanionModel/newWindowDestination`` allows it and the platform has several windows.
struct OpenWindowCommands: Commands {
    let model: CompanionModel

    var body: some Commands {
        CommandGroup(after: .newItem) {
            OpenInNewWindowButton(destination: model.newWindowDestination)
        }
    }
}

/// "Open in New Window" for one destination (`openWindow(value:)`); hidden where the platform
/// shows one window only (iPhone), disabled when there is nothing to open.
struct OpenInNewWindowButton: View {
    let destination: Destination?
    @Environment(\.openWindow) private var openWindow
    @Environment(\.supportsMultipleWindows) private var supportsMultipleWindows

    var body: some View {
        if supportsMultipleWindows {
            Button("Open in New Window", systemImage: "macwindow.badge.plus") {
                if let destination { openWindow(value: destination) }
            }
            .disabled(destination == nil)
        }
    }
}
