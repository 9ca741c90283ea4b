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

    var body: some View {
        switch layout {
        case .split:
            NavigationSplitView {
                ServerListView(model: model)
            } detail: {
                ServerDetailView(status: model.status)
            }
        case .stack:
            NavigationStack {
                ServerListView(model: model)
            }
        }
    }
}
