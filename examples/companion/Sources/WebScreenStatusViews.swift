import SwiftUI

/// The web screen before its page appears: a labelled progress bar (VoiceOver reads the label
/// and the percentage; the label follows Dynamic Type).
struct WebLoadingView: View {
    let progress: Double

    var body: some View {
        ProgressView(value: progress) {
            Text("webScreen.loading")
                .font(.headline)
        }
        .progressViewStyle(.linear)
        .frame(maxWidth: 320)
        .padding()
    }
}

/// The web screen's native failure view: what went wrong in the person's words, and Try Again
/// (which reloads through the screen's runner). Text styles only, so Dynamic Type applies.
struct WebFailureView: View {
    let failure: WebFailurePresentation
    let retry: () -> Void

    var body: some View {
        ContentUnavailableView {
            Label(LocalizedStringKey(failure.titleKey), systemImage: failure.symbol)
        } description: {
            if let status = failure.status {
                Text("webScreen.failure.httpStatus.message \(status)")
            } else {
                Text(LocalizedStringKey(failure.messageKey))
            }
            if let detail = failure.detail {
                Text(verbatim: detail)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        } actions: {
            Button("webScreen.retry", action: retry)
                .buttonStyle(.borderedProminent)
                .accessibilityHint(Text("webScreen.retry.hint"))
        }
    }
}
