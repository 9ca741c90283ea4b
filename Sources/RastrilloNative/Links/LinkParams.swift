/// A match's typed params by name: its path wildcards and the query params present.
///
/// Reads like a dictionary — `params["id"]`, `keys`, iteration over `(key, value)` pairs, a
/// dictionary literal — but is kept as a short list sorted by name (a destination has a handful
/// of params at most), so the router makes no hash table per match: one param is held inline,
/// more in one array. Two values are equal when they hold the same names and values, whatever
/// order they were given in.
///
/// ```swift
/// if case .native(let match) = router.decide(url), case .int(let id)? = match.params["id"] { … }
/// ```
public struct LinkParams: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
    CustomStringConvertible
{
    /// One param: its name and value.
    public typealias Element = (key: String, value: LinkValue)

    /// One stored param.
    struct Entry: Sendable, Hashable {
        let key: String
        let value: LinkValue
    }

    /// Canonical for the contents (none, one, or two or more sorted by name, names distinct), so
    /// the synthesised equality and hashing are those of the contents.
    enum Storage: Sendable, Hashable {
        case one(Entry)
        case sorted([Entry])
    }

    let storage: Storage

    /// No params.
    public init() { storage = .sorted([]) }

    /// The params of `dictionary`.
    public init(_ dictionary: [String: LinkValue]) {
        self.init(entries: dictionary.map { Entry(key: $0.key, value: $0.value) })
    }

    /// Params from a literal, such as `["id": .int(42)]`. Each name may appear once (as in a
    /// dictionary literal).
    public init(dictionaryLiteral elements: (String, LinkValue)...) {
        precondition(Set(elements.map(\.0)).count == elements.count, "LinkParams literal has a duplicate name")
        self.init(entries: elements.map { Entry(key: $0.0, value: $0.1) })
    }

    /// `entries` with distinct names, in any order.
    init(entries: [Entry]) {
        if entries.count == 1 {
            storage = .one(entries[0])
        } else {
            storage = .sorted(entries.sorted { $0.key < $1.key })
        }
    }

    /// One param, without an array.
    init(key: String, value: LinkValue) {
        storage = .one(Entry(key: key, value: value))
    }

    /// The value of the param `key`, or `nil` when the match has none.
    public subscript(key: String) -> LinkValue? {
        switch storage {
        case .one(let entry): return entry.key == key ? entry.value : nil
        case .sorted(let entries): return entries.first { $0.key == key }?.value
        }
    }

    /// The param names, sorted.
    public var keys: [String] { map { $0.key } }

    /// The params as a dictionary.
    public var dictionary: [String: LinkValue] {
        Dictionary(uniqueKeysWithValues: map { ($0.key, $0.value) })
    }

    /// `0`.
    public var startIndex: Int { 0 }

    /// The number of params.
    public var endIndex: Int {
        switch storage {
        case .one: return 1
        case .sorted(let entries): return entries.count
        }
    }

    /// The param at `position`, in name order.
    public subscript(position: Int) -> Element {
        switch storage {
        case .one(let entry):
            precondition(position == 0, "LinkParams index out of range")
            return (entry.key, entry.value)
        case .sorted(let entries): return (entries[position].key, entries[position].value)
        }
    }

    /// `[name: value, …]` in name order, values as they appear in a URL, names and values
    /// escaped with ``DiagnosticText`` (a decoded value may hold bidi or C1 controls).
    public var description: String {
        isEmpty
            ? "[:]"
            : "["
                + map { "\(DiagnosticText.escaped($0.key)): \(DiagnosticText.escaped($0.value.description))" }
                .joined(separator: ", ") + "]"
    }
}
