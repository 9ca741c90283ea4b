import SwiftUI

/// The server destination: the status, large, with a context menu of the
/// manifest commands placed in `contextMenu` here (copy, remove).
struct ServerDetailView: View {
    let model: CompanionModel

    private var status: ServerStatus { model.status }

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
        .contextMenu {
            ForEach(model.controls(for: .contextMenu), id: \.self) { control in
                CommandButton(control: control, model: model, withShortcut: false)
            }
        }
    }
}
