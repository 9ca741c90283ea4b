/// A string compared and hashed by its UTF-8 bytes, as Go and JavaScript
/// compare strings (Swift's `==` would equate canonically equivalent Unicode,
/// so `café` precomposed and decomposed would match the same literal).
struct UTF8Key: Hashable, Sendable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
