import SwiftUI

/// The server row: its status, with a context menu to copy, open or share the address.
struct ServerStatusRow: View {
    let status: ServerStatus
    let serverURL: URL?
    @Environment(\.openURL) private var openURL

    var body: some View {
        let presentation = status.presentation
        Label {
            VStack(alignment: .leading, spacing: 2) {
                Text(LocalizedStringKey(presentation.title))
                    .font(.headline)
                if let detail = presentation.detail {
                    Text(verbatim: detail)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                        .textSelection(.enabled)
                }
            }
        } icon: {
            Image(systemName: presentation.systemImage)
                .foregroundStyle(presentation.tone.color)
        }
        .accessibilityElement(children: .combine)
        .contextMenu {
            if let serverURL {
                Button("Copy Address", systemImage: "doc.on.doc") {
                    Clipboard.copy(serverURL.absoluteString)
                }
                Button("Open in Browser", systemImage: "safari") {
                    openURL(serverURL)
                }
                ShareLink(item: serverURL) {
                    Label("Share Address", systemImage: "square.and.arrow.up")
                }
            }
        }
    }
}

extension ServerStatusPresentation.Tone {
    /// The colour of the status symbol.
    var color: Color {
        switch self {
        case .neutral: return .secondary
        case .good: return .green
        case .warning: return .orange
        case .bad: return .red
        }
    }
}
