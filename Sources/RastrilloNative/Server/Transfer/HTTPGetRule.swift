import Foundation

/// What differs between the GETs the package makes on Linux (the version check and the manifest
/// fetch): the request's own header fields, the body cap, and the decision on the final head.
///
/// Everything else belongs to the transfers (``ServerVersionSocketTransfer`` for http,
/// ``ServerVersionCurlTransfer`` for https) and is the same for every fetch: the redirect rule
/// (``ServerVersionResponsePolicy/redirect(status:location:url:current:)``), the head's rules and
/// its 16 KiB limit (``HTTPResponseHead``), the deadlines, the body cap held while reading, and
/// the error vocabulary (``ServerVersionError``).
struct HTTPGetRule: Sendable {
    /// What to do once the final (non-redirect) head arrives.
    enum HeadDecision: Equatable, Sendable {
        /// Read the body, at most ``HTTPGetRule/limit`` bytes.
        case readBody
        /// The answer is its status alone: the body is never read (a 304, or a status the fetch
        /// reports without looking at its body).
        case skipBody
        /// Stop with this error; the body is never read.
        case refuse(ServerVersionError)
    }

    /// Header fields sent besides `Host`, `Accept-Encoding`, `Connection` and `User-Agent`, in
    /// order. Each value holds only what ``isSafeFieldValue(_:)`` allows.
    let fields: [HTTPField]
    /// The largest body read, in bytes.
    let limit: Int
    /// Decides on the final head: its status, its declared length, its `Content-Type`.
    let decide: @Sendable (_ status: Int, _ declaredLength: Int64?, _ contentType: String?) -> HeadDecision

    /// Whether `value` can be sent as a header field's value as it is: visible ASCII, spaces and
    /// tabs only (RFC 9110 §5.5 without obsolete text), so a value taken from a server (an ETag)
    /// can never end the line and add a header of its own.
    static func isSafeFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) }
    }

    /// The version check's GET: `Accept` for Rastrillo's version or JSON error, decided by
    /// ``ServerVersionResponsePolicy/decide(url:status:declaredLength:contentType:limit:)``.
    static func version(url: URL, limit: Int) -> HTTPGetRule {
        HTTPGetRule(fields: [HTTPField(name: "Accept", value: ServerVersionClient.acceptHeader)], limit: limit) {
            status, declared, contentType in
            switch ServerVersionResponsePolicy.decide(
                url: url, status: status, declaredLength: declared, contentType: contentType, limit: limit)
            {
            case .readBody: return .readBody
            case .refuse(let error): return .refuse(error)
            }
        }
    }

    /// The manifest's conditional GET: `Accept: application/json`, `If-None-Match` when an ETag
    /// is kept and safe to send (an unsafe one is left out, so the fetch is a plain GET); the body
    /// of a 200 is read up to `limit` (a longer `Content-Length` is refused before it), any other
    /// status is reported without reading its body.
    static func manifest(url: URL, etag: String?, limit: Int) -> HTTPGetRule {
        var fields = [HTTPField(name: "Accept", value: "application/json")]
        if let etag, isSafeFieldValue(etag) { fields.append(HTTPField(name: "If-None-Match", value: etag)) }
        return HTTPGetRule(fields: fields, limit: limit) { status, declared, _ in
            guard status == 200 else { return .skipBody }
            if let declared, declared > Int64(limit) {
                return .refuse(.bodyTooLarge(url, limit: limit, declaredLength: declared))
            }
            return .readBody
        }
    }
}

/// One request header field.
struct HTTPField: Sendable, Equatable {
    /// The field's name.
    let name: String
    /// The field's value.
    let value: String
}

/// A GET's answer on Linux: the final status, its `ETag` (when it sent one), and the body read
/// (empty when the rule skipped it).
struct HTTPGetAnswer: Sendable, Equatable {
    /// The final head's status.
    var status: Int
    /// The final head's `ETag`, as sent.
    var etag: String?
    /// The body, at most the rule's limit.
    var body: [UInt8]
}
