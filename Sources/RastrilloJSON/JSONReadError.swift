/// Why ``JSONReader`` refused a document, and where.
///
/// `description` reads `line L, column C (pointer): what is wrong; what to do`, with `root` in
/// place of the empty pointer, for example:
/// `line 1, column 14 (/ext/a/x): key "x" appears more than once in the same object …`.
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the reader found.
    public enum Kind: Sendable, Hashable {
        /// A byte sequence is not valid UTF-8 (including overlong forms, UTF-8-encoded surrogates
        /// and code points above U+10FFFF). The position is the sequence's first byte.
        case invalidUTF8
        /// The document is longer than ``JSONReader/Options/maxBytes``. The position is the start.
        case tooLarge(limit: Int)
        /// Arrays and objects nest deeper than ``JSONReader/Options/maxDepth``. The position is the
        /// bracket that opens one level too many.
        case tooDeep(limit: Int)
        /// The input ended inside a value. The position is the end of the input.
        case unexpectedEnd
        /// A byte that the grammar does not allow here. The position is that byte.
        case unexpectedByte(UInt8)
        /// A backslash escape that is not one of `\" \\ \/ \b \f \n \r \t \uXXXX`. The position is
        /// the backslash.
        case invalidEscape
        /// A `\u` escape of a UTF-16 surrogate without its partner. The position is the backslash.
        case loneSurrogate
        /// A raw control character (U+0000–U+001F) inside a string. The position is that byte.
        case controlCharacterInString
        /// A number outside the RFC 8259 grammar (leading zero, `+`, `.5`, `1.`, `1e`, …). The
        /// position is the number's first byte.
        case invalidNumber
        /// A key repeated in one object, compared after escapes are decoded. The position is the
        /// second occurrence's opening quote; the pointer names that member.
        case duplicateKey(String)
        /// Something other than whitespace after the root value. The position is its first byte.
        case trailingData
        /// With ``JSONReader/Options/requireObjectRoot``: whitespace before `{` or after `}`. The
        /// position is the first such whitespace byte.
        case leadingOrTrailingWhitespace
    }

    /// What is wrong.
    public let kind: Kind
    /// Where: the byte offset, line and column (see ``JSONPosition``).
    public let position: JSONPosition
    /// The RFC 6901 JSON pointer of the value being read when the problem was found (`""` for the
    /// root, `/a/0` for the first element of member `a`). While a key or a separator is being read,
    /// this is the enclosing array or object; for ``Kind/duplicateKey(_:)`` it names the member.
    public let pointer: String
    /// What the grammar expected, for ``Kind/unexpectedByte(_:)``.
    let expected: String?

    init(kind: Kind, position: JSONPosition, pointer: String, expected: String? = nil) {
        self.kind = kind
        self.position = position
        self.pointer = pointer
        self.expected = expected
    }

    /// `line L, column C (pointer): message`, saying what is wrong and what to do.
    public var description: String {
        "line \(position.line), column \(position.column) (\(pointer.isEmpty ? "root" : pointer)): \(message)"
    }

    /// The message part of ``description``, without the location.
    public var message: String {
        switch kind {
        case .invalidUTF8:
            return "the bytes here are not valid UTF-8; save the document as UTF-8 "
                + "(no overlong forms, no encoded surrogates, nothing above U+10FFFF)"
        case .tooLarge(let limit):
            return "the document is larger than the limit of \(limit) bytes; send a smaller document"
        case .tooDeep(let limit):
            return "arrays and objects are nested more than \(limit) levels deep; flatten the structure"
        case .unexpectedEnd:
            return "the document ends in the middle of a value; close every string, array and object"
        case .unexpectedByte(let byte):
            let what = Self.describe(byte)
            if let expected { return "unexpected \(what); expected \(expected)" }
            return "unexpected \(what)"
        case .invalidEscape:
            return "invalid escape in a string; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
                + "or \\u followed by four hex digits"
        case .loneSurrogate:
            return "\\u escape of an unpaired UTF-16 surrogate; write a high surrogate (\\uD800-\\uDBFF) "
                + "directly followed by a low one (\\uDC00-\\uDFFF), or the character itself"
        case .controlCharacterInString:
            return "raw control character inside a string; escape it (\\n, \\t, or \\u00XX)"
        case .invalidNumber:
            return "invalid number; JSON numbers have no leading zeros, no '+' sign, digits on both sides "
                + "of '.', digits after 'e', and no NaN, Infinity or hex"
        case .duplicateKey(let key):
            return "key \(Self.shortQuoted(key)) appears more than once in the same object "
                + "(compared after escapes are decoded); keep only one"
        case .trailingData:
            return "extra data after the root value; a document holds exactly one JSON value"
        case .leadingOrTrailingWhitespace:
            return "whitespace before '{' or after '}'; this document must start with '{' and end with '}' "
                + "with nothing around them"
        }
    }

    /// Two errors are equal when kind, position and pointer are.
    public static func == (lhs: JSONReadError, rhs: JSONReadError) -> Bool {
        lhs.kind == rhs.kind && lhs.position == rhs.position && lhs.pointer == rhs.pointer
    }

    /// Hashes kind, position and pointer.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(position)
        hasher.combine(pointer)
    }

    static func describe(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        let code = "0x" + (hex.count < 2 ? "0" + hex : hex)
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))' (\(code))" }
        return "byte \(code)"
    }

    static func shortQuoted(_ key: String) -> String {
        let scalars = key.unicodeScalars
        guard scalars.count > 64 else { return JSONString.quoted(key) }
        var short = String.UnicodeScalarView()
        short.append(contentsOf: scalars.prefix(64))
        return JSONString.quoted(String(short)) + "…"
    }
}
