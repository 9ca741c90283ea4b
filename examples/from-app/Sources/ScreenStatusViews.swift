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

/// The web screen's failure view: what went wrong in the person's words ("Change Refused" for a
/// refused form), and Try Again, which reloads through the screen's runner (for a refused form,
/// the page the form was on).
struct WebFailureView: View {
    let failure: FailurePresentation
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
            Button(LocalizedStringKey(ScreenPresentation.tryAgainKey), action: retry)
                .buttonStyle(.borderedProminent)
        }
    }
}

/// A screen that needs sign-in and has nothing to show until then: Sign In shows the sign-in
/// sheet again, at the page the server sent this screen to.
struct SignInRequiredView: View {
    let signIn: () -> Void

    var body: some View {
        ContentUnavailableView {
            Label(LocalizedStringKey(ScreenPresentation.signInKeys.title), systemImage: "person.crop.circle")
        } description: {
            Text(LocalizedStringKey(ScreenPresentation.signInKeys.message))
        } actions: {
            Button(LocalizedStringKey(ScreenPresentation.signInKeys.button), action: signIn)
                .buttonStyle(.borderedProminent)
        }
    }
}
