import RastrilloJSON

/// The envelope reader: ``BridgeMessage/decode(bytes:limits:)`` reads a page's message here, beside
/// the writer of native's envelopes (``BridgeEnvelopeWriter``). It reads the text with the shared
/// strict reader, then checks the envelope field by field (see ``BridgeMessage``).
extension BridgeMessage {
    /// Every envelope field, in the order of ``Field``.
    static let envelopeFields = BridgeFields(
        "envelope", ["protocol", "type", "id", "versions", "actions", "events", "action", "payload"])

    /// The envelope fields, as indexes into ``envelopeFields``.
    enum Field: Int, CaseIterable {
        case `protocol`, type, id, versions, actions, events, action, payload

        var name: String { BridgeMessage.envelopeFields.names[rawValue] }
    }

    /// The message types the page may send, matched as bytes.
    static let messageTypes = BridgeFields("type", ["hello", "request"])

    static let helloFields: [Field] = [.protocol, .type, .id, .versions, .actions, .events]
    static let requestFields: [Field] = [.protocol, .type, .id, .action, .payload]
    /// The fields each message type does not allow (the complements of the lists above).
    static let notHelloFields: [Field] = Field.allCases.filter { !helloFields.contains($0) }
    static let notRequestFields: [Field] = Field.allCases.filter { !requestFields.contains($0) }

    /// Reads one message from its UTF-8 bytes: the work of ``decode(bytes:limits:)``.
    static func readEnvelope(_ bytes: some Collection<UInt8>, limits: Limits) throws(DecodingFailure) -> BridgeMessage {
        let document: JSONDocument
        do {
            document = try JSONReader(options: .init(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth))
                .readDocument(bytes)
        } catch {
            if case .tooLarge(let limit) = error.kind {
                throw DecodingFailure(id: nil, refusal: .tooLarge(limit: limit))
            }
            throw DecodingFailure(id: nil, refusal: .invalidJSON(error.description))
        }
        let root = document[0]
        guard root.kind == .object else {
            throw DecodingFailure(id: nil, refusal: .notAnObject(found: BridgeNode.kindName(root.kind)))
        }
        // One pass over the members: the key entry of each envelope field, and the first other key.
        var keys = EnvelopeKeys()
        var firstOther: Int?
        var cursor = 1
        for _ in 0..<root.count {
            if let field = envelopeFields.index(ofKeyAt: cursor, in: document) {
                keys[field] = cursor
            } else if firstOther == nil {
                firstOther = cursor
            }
            cursor = document[cursor + 1].next
        }
        var envelope = Envelope(document: document, keys: keys, id: nil)
        guard let version = envelope.value(.protocol) else { throw envelope.failure(.missingField("protocol")) }
        guard document[version].kind == .number, let exact = document.int64(at: version) else {
            let text = JSONWriter.compact(document.node(at: version).value)
            throw envelope.failure(.unsupportedProtocol(text.prefix(32).description))
        }
        guard exact == Int64(BridgeProtocol.version) else {
            throw envelope.failure(.unsupportedProtocol(String(exact)))
        }
        guard let type = envelope.value(.type) else { throw envelope.failure(.missingField("type")) }
        guard envelope.isString(type) else {
            throw envelope.failure(.invalidField("type", expected: "a string"))
        }
        let isHello: Bool
        switch messageTypes.index(ofKeyAt: type, in: document) {
        case 0: isHello = true
        case 1: isHello = false
        default: throw envelope.failure(.unknownType(document.string(at: type)))
        }
        let id = try envelope.string(.id)
        guard !id.isEmpty, id.utf8.count <= BridgeProtocol.maxIDBytes,
            id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            throw envelope.failure(.invalidField("id", expected: "1 to 64 printable ASCII characters"))
        }
        envelope.id = id
        // The first key in document order that this type does not allow.
        var unknown = firstOther
        for field in isHello ? notHelloFields : notRequestFields {
            if let key = keys[field.rawValue], key < unknown ?? Int.max { unknown = key }
        }
        if let unknown {
            throw envelope.failure(.unknownField(String(document.string(at: unknown).prefix(64))))
        }
        if isHello {
            let versions = try envelope.array(.versions, expected: "a non-empty array of integers") {
                (entry: Int) -> Int? in
                guard document[entry].kind == .number, let value = document.int64(at: entry), value > 0,
                    value < 1 << 31
                else {
                    return nil
                }
                return Int(value)
            }
            guard !versions.isEmpty else {
                throw envelope.failure(.invalidField("versions", expected: "a non-empty array of integers"))
            }
            let names = "an array of lowerCamel names"
            let actions = try envelope.array(.actions, expected: names, element: envelope.stringValue)
            let events = try envelope.array(.events, expected: names, element: envelope.stringValue)
            return .hello(Hello(id: id, versions: versions, actions: actions, events: events))
        }
        let action = try envelope.string(.action)
        guard let payload = envelope.value(.payload) else { throw envelope.failure(.missingField("payload")) }
        return .request(
            Request(id: id, action: action, payload: BridgeNode(document: document, root: payload, entry: payload)))
    }

    /// The key entry of each envelope field present, by ``Field`` raw value: eight integers in
    /// place (0 for absent: entry 0 is the root, never a key), so decoding a message allocates no
    /// array for them.
    struct EnvelopeKeys {
        private var entries: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

        subscript(field: Int) -> Int? {
            get {
                precondition(field >= 0 && field < 8, "envelope field \(field) out of range")
                let entry = withUnsafeBytes(of: entries) {
                    $0.load(fromByteOffset: field * MemoryLayout<Int>.stride, as: Int.self)
                }
                return entry == 0 ? nil : entry
            }
            set {
                precondition(field >= 0 && field < 8, "envelope field \(field) out of range")
                withUnsafeMutableBytes(of: &entries) {
                    $0.storeBytes(of: newValue ?? 0, toByteOffset: field * MemoryLayout<Int>.stride, as: Int.self)
                }
            }
        }
    }

    /// Field readers that attach the id read so far to every failure.
    private struct Envelope {
        let document: JSONDocument
        /// The key entry of each field present, by ``Field`` raw value.
        let keys: EnvelopeKeys
        var id: String?

        func failure(_ refusal: BridgeRefusal) -> DecodingFailure { DecodingFailure(id: id, refusal: refusal) }

        /// The value entry of `field`, if present.
        func value(_ field: Field) -> Int? { keys[field.rawValue].map { $0 + 1 } }

        /// The text of a string entry, or `nil` for any other kind.
        func stringValue(_ entry: Int) -> String? {
            isString(entry) ? document.string(at: entry) : nil
        }

        func isString(_ entry: Int) -> Bool {
            let kind = document[entry].kind
            return kind == .string || kind == .escapedString
        }

        func string(_ field: Field) throws(DecodingFailure) -> String {
            guard let entry = value(field) else { throw failure(.missingField(field.name)) }
            guard let text = stringValue(entry) else { throw failure(.invalidField(field.name, expected: "a string")) }
            return text
        }

        func array<T>(_ field: Field, expected: String, element: (Int) -> T?) throws(DecodingFailure) -> [T] {
            guard let entry = value(field) else { throw failure(.missingField(field.name)) }
            let array = document[entry]
            guard array.kind == .array, array.count <= 1024 else {
                throw failure(.invalidField(field.name, expected: expected))
            }
            var values: [T] = []
            values.reserveCapacity(Int(array.count))
            var cursor = entry + 1
            for _ in 0..<array.count {
                guard let value = element(cursor) else { throw failure(.invalidField(field.name, expected: expected)) }
                values.append(value)
                cursor = document[cursor].next
            }
            return values
        }
    }
}
