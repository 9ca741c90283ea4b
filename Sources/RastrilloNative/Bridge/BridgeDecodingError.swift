/// Why a bridge payload does not decode into its declared type.
///
/// Every case names the JSON pointer of the offending value inside the payload (`/tags/0`), so the
/// page author can find it. Generated payload types throw these; they never return `nil`.
public enum BridgeDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value has another JSON kind than the type needs (`expected` is the manifest type).
    case wrongType(pointer: String, expected: String, found: String)
    /// A required field is absent.
    case missingField(pointer: String, field: String)
    /// The object has a field its type does not declare.
    case unknownField(pointer: String, field: String)
    /// An `int` that is not an integer literal or lies outside ±(2^53 − 1).
    case invalidInt(pointer: String, literal: String)
    /// A `double` too large to be finite (`1e400`).
    case invalidDouble(pointer: String, literal: String)
    /// A `uuid` that is not a 36-character UUID.
    case invalidUUID(pointer: String, text: String)
    /// A string that is not one of the enum's cases.
    case unknownEnumCase(pointer: String, value: String, allowed: [String])

    /// The pointer of the offending value (empty for the payload itself).
    public var pointer: String {
        switch self {
        case .wrongType(let pointer, _, _), .missingField(let pointer, _), .unknownField(let pointer, _),
            .invalidInt(let pointer, _), .invalidDouble(let pointer, _), .invalidUUID(let pointer, _),
            .unknownEnumCase(let pointer, _, _):
            return pointer
        }
    }

    /// `payload<pointer>: what is wrong; what to do`.
    public var description: String {
        let at = "payload" + pointer
        switch self {
        case .wrongType(_, let expected, let found):
            return "\(at): expected \(expected), found \(found); send the type the manifest declares"
        case .missingField(_, let field):
            return "\(at): required field \"\(field)\" is missing; send it (only optional fields may be left out)"
        case .unknownField(_, let field):
            return "\(at): field \"\(field)\" is not declared by the manifest; remove it or declare it"
        case .invalidInt(_, let literal):
            return "\(at): \(literal) is not an integer within ±9007199254740991; send a whole number in that range"
        case .invalidDouble(_, let literal):
            return "\(at): \(literal) is not a finite number; send a finite number"
        case .invalidUUID(_, let text):
            return "\(at): \"\(text.prefix(64))\" is not a UUID; send the 36-character form (8-4-4-4-12 hex digits)"
        case .unknownEnumCase(_, let value, let allowed):
            return "\(at): \"\(value.prefix(64))\" is not one of \(allowed.joined(separator: ", "))"
        }
    }
}

/// Why a value could not be encoded for the page.
public enum BridgeEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `double` that is NaN or infinite: JSON cannot carry it.
    case nonFiniteDouble(pointer: String)
    /// An `int` outside ±(2^53 − 1): JavaScript would round it.
    case intOutOfRange(pointer: String, value: Int)

    /// The same error with its pointer one level deeper: inside the member or element named
    /// `component` (thrown up through ``BridgeJSONWriter/field(_:_:)`` and arrays, so pointers are
    /// only built when an error happens).
    @usableFromInline
    func inside(_ component: String) -> BridgeEncodingError {
        let prefix = "/" + BridgeNode.escape(component)
        switch self {
        case .nonFiniteDouble(let pointer): return .nonFiniteDouble(pointer: prefix + pointer)
        case .intOutOfRange(let pointer, let value): return .intOutOfRange(pointer: prefix + pointer, value: value)
        }
    }

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .nonFiniteDouble(let pointer):
            return "value\(pointer): NaN or infinity cannot be sent as JSON; send a finite number"
        case .intOutOfRange(let pointer, let value):
            return "value\(pointer): \(value) is outside ±9007199254740991, which JavaScript cannot hold exactly"
        }
    }
}
