/// One value of a document read into a ``JSONDocument``: its kind and byte range, and for arrays
/// and objects where their contents end on the tape.
///
/// The tape lists values in document order. An array's entry is followed by its elements; an
/// object's by its members, each a key entry (kind ``Kind/string`` or ``Kind/escapedString``)
/// followed by the value's entries. ``next`` skips a value with everything inside it.
@usableFromInline
package struct JSONTapeEntry: Sendable, Hashable {
    /// What kind of value an entry is.
    @usableFromInline
    package enum Kind: UInt8, Sendable {
        case null
        case `true`
        case `false`
        case number
        /// A string without backslash escapes: its content is the bytes between the quotes.
        case string
        /// A string with at least one backslash escape: its content must be decoded.
        case escapedString
        case array
        case object

        /// Compares raw values. Written out (rather than synthesized) and inlinable so that a kind
        /// check in another module is one byte compare, not a call through the conformance.
        @inlinable
        package static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue == rhs.rawValue }

        /// Whether the entry is a string (with or without escapes).
        @inlinable
        package var isString: Bool { self == .string || self == .escapedString }
    }

    /// The byte offset of the value's first byte (the opening quote of a string).
    @usableFromInline
    package var start: Int
    /// The byte offset just past the value's last byte (past the closing quote of a string).
    @usableFromInline
    package var end: Int
    /// The tape index just past this value and everything inside it.
    @usableFromInline
    package var next: Int
    /// Elements of an array, members of an object, 0 otherwise.
    @usableFromInline
    package var count: Int32
    /// The value's kind.
    @usableFromInline
    package var kind: Kind

    init(kind: Kind, start: Int, end: Int, next: Int, count: Int32 = 0) {
        self.kind = kind
        self.start = start
        self.end = end
        self.next = next
        self.count = count
    }
}
