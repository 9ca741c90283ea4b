/// An array's elements copied once into memory that its owner (a ``RouteTable``) frees in
/// `deinit`, read without reference counting. A lookup walks several such tables per URL segment;
/// reading them through `Array` retained and released the array buffers on every step.
///
/// Indices are checked by `assert` only (debug builds and the tests): the route table computes
/// every index it reads from its own builder, never from a URL.
///
/// Never written after `init`, and freed only by its owner's `deinit`, when no reader can
/// remain: sharing it across threads is therefore safe, which is why it is `@unchecked Sendable`.
struct FrozenTable<Element>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Element>
    /// The number of elements.
    let count: Int

    /// Copies `elements` into memory aligned to a 64-byte cache line, so the route table can
    /// lay its entries out by line.
    init(_ elements: [Element]) {
        count = elements.count
        base = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, elements.count) * MemoryLayout<Element>.stride,
            alignment: max(64, MemoryLayout<Element>.alignment)
        ).bindMemory(to: Element.self, capacity: max(1, elements.count))
        elements.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.initialize(from: address, count: source.count) }
        }
    }

    @inline(__always) subscript(index: Int) -> Element {
        assert(index >= 0 && index < count, "route table index out of range")
        return base[index]
    }

    /// The first element's address, for tables read at a computed stride.
    var rawBase: UnsafeRawPointer { UnsafeRawPointer(base) }

    /// The elements `range` as a buffer (valid while the owner lives).
    @inline(__always) func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "route table range out of bounds")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Frees the elements; called once, from the owner's `deinit`.
    func free() {
        base.deinitialize(count: count)
        UnsafeMutableRawPointer(base).deallocate()
    }
}
