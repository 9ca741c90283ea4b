import SwiftUI

/// The detail column of the split view: the status, large.
struct ServerDetailView: View {
    let status: ServerStatus

    var body: some View {
        let presentation = status.presentation
        ContentUnavailableView {
            Label(LocalizedStringKey(presentation.title), systemImage: presentation.systemImage)
        } description: {
            if let detail = presentation.detail {
                Text(verbatim: detail)
            }
        }
        .accessibilityElement(children: .combine)
    }
}
