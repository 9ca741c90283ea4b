/// A JavaScript `alert`, `confirm` or `prompt` of a web screen's page, to present natively with
/// the page's origin, so a person can tell the page's words from the app's.
///
/// The adapter asks ``WebScreenModel/presentDialog(_:message:origin:)`` and waits; the view shows
/// ``WebScreenModel/dialog`` (a SwiftUI alert) and calls ``WebScreenModel/answerDialog(_:)``.
public struct WebPageDialog: Sendable, Hashable, Identifiable {
    /// Which JavaScript dialog.
    public enum Kind: Sendable, Hashable {
        /// `alert(message)`: one OK button.
        case alert
        /// `confirm(message)`: OK and Cancel.
        case confirm
        /// `prompt(message, defaultText)`: a text field, OK and Cancel.
        case prompt(defaultText: String)
    }

    /// Distinguishes successive dialogs (SwiftUI's `Identifiable`).
    public let id: UInt64
    /// Which dialog.
    public let kind: Kind
    /// The page's message, as given.
    public let message: String
    /// The origin of the frame that asked, as ``BridgeFrame/origin`` writes it
    /// (`https://app.example.com`, with a port when not the scheme's default): the alert's title.
    public let origin: String

    /// Creates a dialog (``WebScreenModel`` numbers them).
    public init(id: UInt64, kind: Kind, message: String, origin: String) {
        self.id = id
        self.kind = kind
        self.message = message
        self.origin = origin
    }
}

/// How a person answered a ``WebPageDialog``.
public enum WebPageDialogAnswer: Sendable, Hashable {
    /// OK (for a prompt: with an empty or untouched field, see ``text(_:)``).
    case ok
    /// Cancel, or the dialog went away unanswered.
    case cancel
    /// OK on a prompt, with the field's text.
    case text(String)

    /// What `confirm()` returns to the page: `true` for OK.
    public var confirmed: Bool { self != .cancel }

    /// What `prompt()` returns to the page: the text for OK (`""` for a plain OK), `nil` for Cancel.
    public var promptText: String? {
        switch self {
        case .ok: return ""
        case .cancel: return nil
        case .text(let text): return text
        }
    }
}
