import RastrilloNative

/// How a ``ServerStatus`` is shown: a title (also the String Catalog key), an
/// optional detail line, an SF Symbol name, a tone and the VoiceOver label.
public struct ServerStatusPresentation: Sendable, Equatable {
    /// How the status reads at a glance.
    public enum Tone: Sendable, Equatable {
        case neutral
        case good
        case warning
        case bad
    }

    /// The title; it is the key of the string in Localizable.xcstrings.
    public let title: String
    /// The version or the error message (not localized: it comes from the server or the client).
    public let detail: String?
    /// The SF Symbol shown next to the title.
    public let systemImage: String
    /// The colour family the view uses.
    public let tone: Tone

    /// Every title key, for the String Catalog check.
    public static let titleKeys = [
        "Not checked yet", "Checking…", "Reachable", "Unreachable", "Not a Rastrillo server", "Insecure address",
        "Invalid address",
    ]
}

extension ServerStatus {
    /// How this status is shown.
    public var presentation: ServerStatusPresentation {
        switch self {
        case .notChecked:
            return .init(title: "Not checked yet", detail: nil, systemImage: "questionmark.circle", tone: .neutral)
        case .checking:
            return .init(title: "Checking…", detail: nil, systemImage: "arrow.triangle.2.circlepath", tone: .neutral)
        case .reachable(let version):
            return .init(
                title: "Reachable", detail: Self.versionLine(version), systemImage: "checkmark.circle.fill", tone: .good
            )
        case .unreachable(let message):
            return .init(title: "Unreachable", detail: message, systemImage: "wifi.exclamationmark", tone: .bad)
        case .notRastrillo(let message):
            return .init(
                title: "Not a Rastrillo server", detail: message, systemImage: "questionmark.diamond", tone: .warning)
        case .insecureAddress(let message):
            return .init(
                title: "Insecure address", detail: message, systemImage: "lock.open.trianglebadge.exclamationmark",
                tone: .bad)
        case .invalidAddress(let message):
            return .init(
                title: "Invalid address", detail: message, systemImage: "exclamationmark.triangle", tone: .warning)
        }
    }

    /// `v1.4.0 (tag)`, `v1.4.0-3-g1a2b3c4 (describe)`, `dev (dev)`…
    static func versionLine(_ version: ServerVersion) -> String {
        "\(version.text) (\(version.kindName)\(version.isDirty ? ", dirty" : ""))"
    }
}
