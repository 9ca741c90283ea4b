/// Why a RastrilloCrypto operation refused its input or failed.
///
/// Messages name the input (`box_pub`, `sealed envelope`, …) and say what to do; they never
/// contain key material, plaintext or any other secret.
public enum CryptoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An input has the wrong length.
    case invalidLength(what: String, expected: Int, actual: Int)
    /// An input is shorter than the format's minimum.
    case tooShort(what: String, minimum: Int, actual: Int)
    /// A P-256 private scalar is zero or not below the group order.
    case invalidPrivateKey(what: String)
    /// A P-256 public key is not a 65-byte uncompressed point on the curve (or is the point at infinity).
    case invalidPublicKey(what: String)
    /// Authenticated decryption failed: wrong key, wrong context, or tampered/truncated bytes.
    case openFailed(what: String)
    /// A signature does not verify under the key, context and message given.
    case signatureMismatch
    /// Text is not the expected base64 form.
    case malformedBase64(what: String, form: String)
    /// Text is not hexadecimal of the expected form.
    case malformedHex(what: String)
    /// A name (namespace, blob name, context) breaks its grammar.
    case invalidName(what: String, rule: String)
    /// A JSON document (key pair, vector file) does not have the expected shape.
    case malformedJSON(what: String, reason: String)
    /// The platform crypto library failed unexpectedly.
    case backendFailure(operation: String)

    /// What went wrong and what to do, without any secret.
    public var description: String {
        switch self {
        case .invalidLength(let what, let expected, let actual):
            return "\(what) must be \(expected) bytes but is \(actual); pass the value the format defines"
        case .tooShort(let what, let minimum, let actual):
            return
                "\(what) is \(actual) bytes, shorter than the minimum of \(minimum); it is truncated or not this format"
        case .invalidPrivateKey(let what):
            return
                "\(what) is not a valid P-256 private scalar (it must be 32 bytes, non-zero and below the group order)"
        case .invalidPublicKey(let what):
            return
                "\(what) is not a P-256 public key: it must be 65 bytes, 0x04 followed by X and Y of a point on the curve"
        case .openFailed(let what):
            return "\(what) could not be opened: wrong key, wrong context, or the bytes were changed or truncated"
        case .signatureMismatch:
            return "the signature does not verify for this key, context and message"
        case .malformedBase64(let what, let form):
            return "\(what) is not valid \(form); check that the value was copied whole and in the right encoding"
        case .malformedHex(let what):
            return "\(what) is not valid hex (an even number of the characters 0-9 a-f)"
        case .invalidName(let what, let rule):
            return "\(what) is not allowed: \(rule)"
        case .malformedJSON(let what, let reason):
            return "\(what): \(reason)"
        case .backendFailure(let operation):
            return "the platform crypto library failed in \(operation); this is a bug or a broken installation"
        }
    }
}
