/// The tape the parser writes: a growable buffer of ``JSONTapeEntry`` values in manually managed
/// memory, so appending checks no uniqueness and a finished tape is handed to ``JSONDocument``
/// as it is, without a copy.
///
/// Not a class and not freed automatically: whoever holds it last either gives it away
/// (``JSONDocument/init(owning:tape:)``) or calls ``deallocate()``. ``JSONReader`` does one or
/// the other on every path.
struct JSONTapeBuffer {
    /// The first entry; valid for `capacity` entries, of which the first ``count`` are written.
    private(set) var base: UnsafeMutablePointer<JSONTapeEntry>
    /// The entries written so far.
    private(set) var count = 0
    private var capacity: Int

    /// An empty tape with room for `capacity` entries (at least 1) before it grows.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.base = .allocate(capacity: self.capacity)
    }

    /// The entry at `index` (below ``count``).
    subscript(index: Int) -> JSONTapeEntry {
        get {
            precondition(index >= 0 && index < count, "tape entry \(index) out of range")
            return base[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < count, "tape entry \(index) out of range")
            base[index] = newValue
        }
    }

    /// Appends `entry`, doubling the capacity when full.
    mutating func append(_ entry: JSONTapeEntry) {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)
        count += 1
    }

    /// The written entries.
    var entries: UnsafeMutableBufferPointer<JSONTapeEntry> { UnsafeMutableBufferPointer(start: base, count: count) }

    /// Frees the memory; the tape must not be used afterwards.
    func deallocate() { base.deallocate() }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<JSONTapeEntry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
