import RastrilloJSON

/// The field names an object type declares, for matching a payload's keys as bytes.
///
/// Generated payload types keep one as a static constant and pass it to
/// ``BridgeNode/forEachField(_:_:)``, which hands them the index of each key in `names` (so the
/// generated code switches on an integer, never builds a key string) and refuses any key that
/// is not declared.
///
/// A class, so handing the constant to each decode costs one reference count, not one per
/// array inside.
///
/// ```swift
/// static let bridgeFields = BridgeFields("NoteDraft", ["title", "body"])
/// ```
///
/// Part of the `RastrilloGenerated` SPI: for the code the manifest compiler generates
/// (`@_spi(RastrilloGenerated) import RastrilloNative`), not for app code; it may change in any
/// release.
@_spi(RastrilloGenerated)
public final class BridgeFields: Sendable {
    /// The type's name, for error messages.
    public let typeName: String
    /// The declared names, in order.
    public let names: [String]
    /// The names, for matching keys as bytes.
    private let table: JSONKeyTable

    /// Creates the table for `typeName` with its declared field `names` (distinct).
    public init(_ typeName: String, _ names: [String]) {
        self.typeName = typeName
        self.names = names
        self.table = JSONKeyTable(names)
    }

    /// The index of the name equal to the decoded key at tape entry `key`, or `nil`.
    @usableFromInline
    func index(ofKeyAt key: Int, in document: JSONDocument) -> Int? {
        document.index(ofKeyAt: key, in: table)
    }
}
