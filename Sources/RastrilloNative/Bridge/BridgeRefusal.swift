/// Why native refused a message from the page. Each refusal is answered with an error reply
/// carrying ``code`` and ``description`` and is reported to the diagnostics hook.
public enum BridgeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sending frame may not use the bridge.
    case untrusted(BridgeTrustRefusal)
    /// The web view delivered something other than a string (the page module always posts JSON text).
    case bodyNotText(String)
    /// The message is larger than the limit.
    case tooLarge(limit: Int)
    /// The message is not strict JSON (invalid UTF-8, a duplicate key, a lone surrogate, …).
    case invalidJSON(String)
    /// The message is not a JSON object.
    case notAnObject(found: String)
    /// The envelope lacks a field.
    case missingField(String)
    /// The envelope has a field protocol v1 does not define.
    case unknownField(String)
    /// An envelope field has the wrong JSON kind or value.
    case invalidField(String, expected: String)
    /// The envelope's `protocol` is not one this library speaks.
    case unsupportedProtocol(String)
    /// The envelope's `type` is not `hello` or `request`.
    case unknownType(String)
    /// The page's hello lists no protocol version native speaks.
    case noCommonVersion([Int])
    /// The action is not declared in the manifest.
    case unknownAction(String)
    /// The action is declared but this app registered no handler for it.
    case unhandledAction(String)
    /// The payload does not decode into the action's declared type.
    case invalidPayload(action: String, BridgeDecodingError)
    /// The handler answered with a failure.
    case actionFailed(action: String, BridgeActionError)
    /// The handler's reply could not be encoded.
    case replyNotEncodable(action: String, BridgeEncodingError)

    /// A stable code the page can branch on (`unknown-action`, `invalid-payload`, …).
    public var code: String {
        switch self {
        case .untrusted: return "untrusted-sender"
        case .bodyNotText: return "body-not-text"
        case .tooLarge: return "too-large"
        case .invalidJSON: return "invalid-json"
        case .notAnObject: return "not-an-object"
        case .missingField: return "missing-field"
        case .unknownField: return "unknown-field"
        case .invalidField: return "invalid-field"
        case .unsupportedProtocol: return "unsupported-protocol"
        case .unknownType: return "unknown-type"
        case .noCommonVersion: return "no-common-version"
        case .unknownAction: return "unknown-action"
        case .unhandledAction: return "unhandled-action"
        case .invalidPayload: return "invalid-payload"
        case .actionFailed: return "action-failed"
        case .replyNotEncodable: return "reply-not-encodable"
        }
    }

    /// What is wrong and what to do; what it quotes from the page (field names, types, action
    /// names, JSON details) is escaped with ``DiagnosticText``.
    public var description: String {
        if case .untrusted(let refusal) = self { return refusal.description }  // escapes its frame itself
        return DiagnosticText.escaped(rawDescription)
    }

    private var rawDescription: String {
        switch self {
        case .untrusted(let refusal): return refusal.description
        case .bodyNotText(let kind):
            return "the message body is \(kind), not text; post JSON.stringify(envelope) (the generated module does)"
        case .tooLarge(let limit): return "the message is larger than \(limit) bytes; send less per message"
        case .invalidJSON(let detail): return "the message is not strict JSON: \(detail)"
        case .notAnObject(let found): return "the message is a JSON \(found), not an envelope object"
        case .missingField(let field): return "the envelope lacks \"\(field)\"; protocol v1 requires it"
        case .unknownField(let field):
            return "the envelope has \"\(field)\", which protocol v1 does not define; remove it"
        case .invalidField(let field, let expected): return "the envelope's \"\(field)\" must be \(expected)"
        case .unsupportedProtocol(let version):
            return "protocol \(version) is not supported; this app speaks protocol \(BridgeProtocol.version)"
        case .unknownType(let type):
            return "envelope type \"\(type.prefix(64))\" is unknown; the page sends \"hello\" or \"request\""
        case .noCommonVersion(let versions):
            return "the page speaks protocol versions \(versions), this app speaks \(BridgeProtocol.version); "
                + "update the page module or the app"
        case .unknownAction(let action):
            return "action \"\(action.prefix(64))\" is not declared in the manifest's bridge.actions"
        case .unhandledAction(let action):
            return "this app version does not handle action \"\(action)\"; check the welcome's action list first"
        case .invalidPayload(let action, let error): return "\(action): \(error)"
        case .actionFailed(let action, let error): return "\(action) failed: \(error.message)"
        case .replyNotEncodable(let action, let error): return "\(action): the reply could not be encoded: \(error)"
        }
    }
}

/// One refused message, as seen by the diagnostics hook.
public struct BridgeRefusalEvent: Sendable, Hashable, CustomStringConvertible {
    /// The frame the message came from (as the web view reported it).
    public let frame: BridgeFrame
    /// The envelope id, when the message got far enough to have one.
    public let id: String?
    /// Why it was refused.
    public let refusal: BridgeRefusal

    /// `refused bridge message <id> from <frame>: <reason>`, the page's id escaped with
    /// ``DiagnosticText`` (``id`` stays raw).
    public var description: String {
        "refused bridge message\(id.map { " " + DiagnosticText.escaped($0) } ?? "") from \(frame): \(refusal)"
    }
}
