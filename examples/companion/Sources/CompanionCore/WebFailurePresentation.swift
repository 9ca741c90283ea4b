import RastrilloNative

/// How the web screen's native failure view shows a ``WebScreenFailure``: localization keys of
/// the title and message (in `Localizable.xcstrings`), an SF Symbol, and what the message needs.
struct WebFailurePresentation: Hashable, Sendable {
    /// The title's key.
    let titleKey: String
    /// The message's key; for an HTTP status it is a format key taking ``status``.
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
        let name: String
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
}
