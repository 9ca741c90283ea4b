import RastrilloJSON

/// A message from the page, decoded strictly from protocol v1 JSON.
///
/// Decoding reads the text with the shared strict reader (valid UTF-8, no duplicate keys — also
/// when spelled with escapes or nested —, the size and depth limits), then checks the envelope:
/// `protocol` first (so a future version gets ``BridgeRefusal/unsupportedProtocol(_:)``), then
/// `type`, `id`, exactly the fields of that type, each of the right kind. The payload stays a
/// ``BridgeNode`` until the dispatcher decodes it into the action's generated type.
///
/// ```swift
/// switch try BridgeMessage.decode(#"{"protocol":1,"type":"request","id":"1","action":"share","payload":[]}"#) {
/// case .hello(let hello): …
/// case .request(let request): …
/// }
/// ```
public enum BridgeMessage: Sendable {
    /// The page's handshake: the protocol versions, actions and events it supports.
    case hello(Hello)
    /// An action invocation expecting a reply.
    case request(Request)

    /// The page's handshake.
    public struct Hello: Sendable, Hashable {
        /// Correlates the welcome.
        public let id: String
        /// Protocol versions the page speaks.
        public let versions: [Int]
        /// Actions the page may send.
        public let actions: [String]
        /// Events the page listens to.
        public let events: [String]
    }

    /// An action invocation.
    public struct Request: Sendable {
        /// Correlates the reply.
        public let id: String
        /// The action's name.
        public let action: String
        /// The payload, not yet decoded into the action's type.
        public let payload: BridgeNode
    }

    /// A refusal together with the envelope id when it was read before the problem.
    public struct DecodingFailure: Error, Sendable, Hashable {
        /// The id, if the envelope got that far.
        public let id: String?
        /// What is wrong.
        public let refusal: BridgeRefusal
    }

    /// The limits applied when reading.
    public struct Limits: Sendable, Hashable {
        /// Largest message, in UTF-8 bytes.
        public var maxBytes: Int
        /// Deepest nesting of arrays and objects.
        public var maxDepth: Int

        /// Creates limits (defaults: ``BridgeProtocol/defaultMaxMessageBytes``, ``BridgeProtocol/defaultMaxDepth``).
        public init(
            maxBytes: Int = BridgeProtocol.defaultMaxMessageBytes, maxDepth: Int = BridgeProtocol.defaultMaxDepth
        ) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    static let helloFields: Set<String> = ["protocol", "type", "id", "versions", "actions", "events"]
    static let requestFields: Set<String> = ["protocol", "type", "id", "action", "payload"]

    /// Decodes one message from its JSON text.
    ///
    /// - Throws: ``DecodingFailure``, never returns a partial message.
    public static func decode(_ text: String, limits: Limits = Limits()) throws(DecodingFailure) -> BridgeMessage {
        try decode(bytes: text.utf8, limits: limits)
    }

    /// Decodes one message from its UTF-8 bytes.
    public static func decode(bytes: some Collection<UInt8>, limits: Limits = Limits()) throws(DecodingFailure)
        -> BridgeMessage
    {
        let root: JSONNode
        do {
            root = try JSONReader(options: .init(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth)).read(bytes)
        } catch {
            if case .tooLarge(let limit) = error.kind {
                throw DecodingFailure(id: nil, refusal: .tooLarge(limit: limit))
            }
            throw DecodingFailure(id: nil, refusal: .invalidJSON(error.description))
        }
        guard case .object(let object) = root.value else {
            throw DecodingFailure(id: nil, refusal: .notAnObject(found: root.value.kindName))
        }
        var envelope = Envelope(object: object, id: nil)
        guard let version = object["protocol"] else { throw envelope.failure(.missingField("protocol")) }
        guard case .number(let number) = version.value, let exact = number.int64 else {
            throw envelope.failure(.unsupportedProtocol(JSONWriter.compact(version.value).prefix(32).description))
        }
        guard exact == Int64(BridgeProtocol.version) else {
            throw envelope.failure(.unsupportedProtocol(String(exact)))
        }
        let type = try envelope.string("type")
        let allowed: Set<String>
        switch type {
        case "hello": allowed = helloFields
        case "request": allowed = requestFields
        default: throw envelope.failure(.unknownType(type))
        }
        let id = try envelope.string("id")
        guard !id.isEmpty, id.utf8.count <= BridgeProtocol.maxIDBytes,
            id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            throw envelope.failure(.invalidField("id", expected: "1 to 64 printable ASCII characters"))
        }
        envelope.id = id
        for member in object.members where !allowed.contains(member.key) {
            throw envelope.failure(.unknownField(String(member.key.prefix(64))))
        }
        if type == "hello" {
            let versions = try envelope.array("versions", expected: "a non-empty array of integers") {
                (node: JSONNode) -> Int? in
                guard case .number(let number) = node.value, let value = number.int64, value > 0, value < 1 << 31 else {
                    return nil
                }
                return Int(value)
            }
            guard !versions.isEmpty else {
                throw envelope.failure(.invalidField("versions", expected: "a non-empty array of integers"))
            }
            let names = "an array of lowerCamel names"
            let actions = try envelope.array("actions", expected: names) { (node: JSONNode) -> String? in
                node.value.stringValue
            }
            let events = try envelope.array("events", expected: names) { (node: JSONNode) -> String? in
                node.value.stringValue
            }
            return .hello(Hello(id: id, versions: versions, actions: actions, events: events))
        }
        let action = try envelope.string("action")
        guard let payload = object["payload"] else { throw envelope.failure(.missingField("payload")) }
        return .request(Request(id: id, action: action, payload: BridgeNode(payload.value)))
    }

    /// Field readers that attach the id read so far to every failure.
    private struct Envelope {
        let object: JSONObject
        var id: String?

        func failure(_ refusal: BridgeRefusal) -> DecodingFailure { DecodingFailure(id: id, refusal: refusal) }

        func string(_ field: String) throws(DecodingFailure) -> String {
            guard let node = object[field] else { throw failure(.missingField(field)) }
            guard case .string(let text) = node.value else { throw failure(.invalidField(field, expected: "a string")) }
            return text
        }

        func array<T>(_ field: String, expected: String, element: (JSONNode) -> T?) throws(DecodingFailure) -> [T] {
            guard let node = object[field] else { throw failure(.missingField(field)) }
            guard case .array(let items) = node.value, items.count <= 1024 else {
                throw failure(.invalidField(field, expected: expected))
            }
            var values: [T] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = element(item) else { throw failure(.invalidField(field, expected: expected)) }
                values.append(value)
            }
            return values
        }
    }
}
