/// A JSON object: its members in document order, keys unique.
///
/// Keys are compared by their Unicode scalars, without normalization (as RFC 8259 and Go's
/// `encoding/json` do): `"é"` written precomposed and `"e\u0301"` are two different keys. The
/// reader refuses an object in which a key appears twice (after escapes are decoded).
///
/// ```swift
/// let node = try JSONReader().read(Array(#"{"name":"x","n":1}"#.utf8))
/// if case .object(let object) = node.value {
///     object.keys            // ["name", "n"]
///     object["n"]?.position  // offset 16, line 1, column 17
/// }
/// ```
public struct JSONObject: Sendable, Hashable {
    /// The members, in document order.
    public let members: [JSONMember]
    /// Member indexes by key, kept only for larger objects (small ones are scanned).
    private let index: [JSONKey: Int]?

    /// Objects with at most this many members are searched linearly.
    static let linearLimit = 32

    /// Creates an object from members whose keys are unique; returns `nil` when a key repeats.
    public init?(members: [JSONMember]) {
        var seen = Set<JSONKey>()
        for member in members where !seen.insert(JSONKey(member.key)).inserted {
            return nil
        }
        self.init(uniqueMembers: members)
    }

    /// Creates an object from members already checked for unique keys (by the reader).
    init(uniqueMembers members: [JSONMember]) {
        self.members = members
        if members.count > Self.linearLimit {
            var built = [JSONKey: Int](minimumCapacity: members.count)
            for (offset, member) in members.enumerated() { built[JSONKey(member.key)] = offset }
            self.index = built
        } else {
            self.index = nil
        }
    }

    /// The member value for `key`, or `nil` when the object has no such key.
    public subscript(key: String) -> JSONNode? {
        if let index {
            return index[JSONKey(key)].map { members[$0].value }
        }
        // By index: `for member in members` copied every member (key, value, positions) it passed.
        for position in members.indices where JSONKey.same(members[position].key, key) {
            return members[position].value
        }
        return nil
    }

    /// The keys, in document order.
    public var keys: [String] { members.map(\.key) }

    /// Two objects are equal when their members are (in order, positions included).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }

    /// Hashes the members.
    public func hash(into hasher: inout Hasher) { hasher.combine(members) }
}

/// A key compared and hashed by its UTF-8 bytes (Unicode scalars, no normalization).
struct JSONKey: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func same(_ lhs: String, _ rhs: String) -> Bool {
        // `==` is fast and never false for equal bytes; it can be true for different bytes
        // (canonically equivalent text), so equal strings are confirmed byte by byte.
        guard lhs == rhs, lhs.utf8.count == rhs.utf8.count else { return false }
        var left = lhs
        var right = rhs
        return left.withUTF8 { a in right.withUTF8 { b in a.elementsEqual(b) } }
    }

    static func == (lhs: JSONKey, rhs: JSONKey) -> Bool { same(lhs.text, rhs.text) }

    func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
