import RastrilloJSON

/// A message from the page, decoded strictly from protocol v1 JSON.
///
/// Decoding reads the text with the shared strict reader (valid UTF-8, no duplicate keys — also
/// when spelled with escapes or nested —, the size and depth limits), then checks the envelope:
/// `protocol` first (so a future version gets ``BridgeRefusal/unsupportedProtocol(_:)``), then
/// `type`, `id`, exactly the fields of that type, each of the right kind. The payload stays
/// undecoded (a `BridgeNode`, part of the `RastrilloGenerated` SPI) until the dispatcher decodes
/// it into the action's generated type.
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
        /// The payload, not yet decoded into the action's type (the `RastrilloGenerated` SPI, like
        /// `BridgeNode`: generated code decodes it).
        @_spi(RastrilloGenerated) public let payload: BridgeNode
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
        try readEnvelope(bytes, limits: limits)
    }
}
