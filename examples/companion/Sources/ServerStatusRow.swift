import SwiftUI

/// A server's status: title, version or message (selectable), symbol and tone, read as one element.
struct ServerStatusRow: View {
    let status: ServerStatus

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
