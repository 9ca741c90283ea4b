import RastrilloNative

/// What a web screen's view shows, read from its ``WebScreenDisplay``: the loading view, the
/// page, the failure view (title and message keys, an SF Symbol, Try Again), or the sign-in
/// view (a Sign In button that shows the sign-in sheet again).
enum ScreenPresentation: Hashable, Sendable {
    /// Nothing shown yet: the loading view with the load's progress (0 to 1).
    case loading(progress: Double)
    /// The page, with a progress bar while a navigation runs.
    case content(progress: Double?)
    /// The failure view; its Try Again calls ``NotesModel/retry(_:)``.
    case failed(FailurePresentation)
    /// The page needs sign-in: a Sign In button calls ``NotesModel/signIn(for:)``.
    case signInRequired

    /// The presentation of `display`.
    init(_ display: WebScreenDisplay) {
        switch display {
        case .loading(let progress): self = .loading(progress: progress)
        case .content(let progress): self = .content(progress: progress)
        case .failed(let failure): self = .failed(FailurePresentation(failure))
        case .signInRequired: self = .signInRequired
        }
    }

    /// The keys of the sign-in view's title, message and button.
    static let signInKeys = (
        title: "webScreen.signIn.title", message: "webScreen.signIn.message", button: "webScreen.signIn.button"
    )
    /// The key of the failure view's Try Again button.
    static let tryAgainKey = "webScreen.failure.tryAgain"

    /// The key of the alert's title when a pasted sign-in link is refused.
    static let pasteRefusedTitleKey = "signIn.paste.refused"

    /// The key of the message that says why a pasted sign-in link was refused and what to paste.
    static func pasteRefusalKey(_ refusal: PastedSignInLinkRefusal) -> String {
        switch refusal {
        case .noMagicLinks: return "signIn.paste.noMagicLinks"
        case .notALink: return "signIn.paste.notALink"
        case .otherOrigin: return "signIn.paste.otherOrigin"
        case .otherPath: return "signIn.paste.otherPath"
        case .token: return "signIn.paste.token"
        }
    }

    /// Every refusal a pasted sign-in link can get (each has a message key).
    static let pasteRefusals: [PastedSignInLinkRefusal] = [.noMagicLinks, .notALink, .otherOrigin, .otherPath, .token]
}

/// How the failure view shows a ``WebScreenFailure``: localization keys of its title and
/// message (in `Localizable.xcstrings`), an SF Symbol, and what the message needs.
struct FailurePresentation: Hashable, Sendable {
    /// The failure's name: `forbidden`, `offline`, `httpStatus` …
    let name: String
    /// The title's key (`forbidden`: "Change Refused").
    let titleKey: String
    /// The message's key; for an HTTP status a format key taking ``status``.
    let messageKey: String
    /// The SF Symbol beside the title.
    let symbol: String
    /// The HTTP status the message names, for ``WebScreenFailure/httpStatus(_:)``.
    let status: Int?
    /// Text shown as is under the message (an unclassified error's description).
    let detail: String?

    /// The presentation of `failure`.
    init(_ failure: WebScreenFailure) {
        var status: Int?
        var detail: String?
        switch failure {
        case .offline: (name, symbol) = ("offline", "wifi.slash")
        case .unreachableHost: (name, symbol) = ("unreachableHost", "network.slash")
        case .tls: (name, symbol) = ("tls", "lock.slash")
        case .timeout: (name, symbol) = ("timeout", "clock")
        case .httpStatus(let code):
            (name, symbol) = ("httpStatus", "exclamationmark.triangle")
            status = code
        case .forbidden: (name, symbol) = ("forbidden", "hand.raised")
        case .contentProcessTerminated: (name, symbol) = ("processTerminated", "exclamationmark.arrow.circlepath")
        case .interrupted: (name, symbol) = ("interrupted", "stop.circle")
        case .other(let text):
            (name, symbol) = ("other", "exclamationmark.triangle")
            detail = text
        }
        titleKey = "webScreen.failure.\(name).title"
        messageKey = "webScreen.failure.\(name).message" + (status == nil ? "" : " %lld")
        self.status = status
        self.detail = detail
    }

    /// Every failure kind once, for the String Catalog test.
    static let all: [FailurePresentation] = [
        .offline, .unreachableHost, .tls, .timeout, .httpStatus(500), .forbidden, .contentProcessTerminated,
        .interrupted, .other("x"),
    ].map(FailurePresentation.init)
}
