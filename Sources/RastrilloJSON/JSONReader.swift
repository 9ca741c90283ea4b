/// The strict JSON reader: exact RFC 8259 grammar over valid UTF-8, with positions.
///
/// It refuses what lenient parsers let through, because the same bytes must mean the same thing
/// to every reader (a signed assertion, a manifest, a bridge message):
/// - bytes that are not valid UTF-8 (overlong forms, encoded surrogates, above U+10FFFF);
/// - `\u` escapes of unpaired surrogates (paired ones decode to the one scalar they encode);
/// - a key repeated in one object, at any depth, compared after escapes are decoded
///   (`"a"` and `"\u0061"` are the same key);
/// - anything but whitespace after the root value (and, with ``Options/requireObjectRoot``,
///   any whitespace around the root object);
/// - documents larger than ``Options/maxBytes`` or nested deeper than ``Options/maxDepth``.
///
/// Numbers keep their literal text (``JSONNumber``). Every value carries its ``JSONPosition``, and
/// every error its position and JSON pointer (``JSONReadError``).
///
/// ```swift
/// let reader = JSONReader(options: .init(maxBytes: 64 * 1024))
/// do {
///     let root = try reader.read(Array(text.utf8))
/// } catch {
///     print(error)  // line 4, column 3 (/steps): unexpected ']' (0x5D); expected a value (no trailing commas)
/// }
/// ```
public struct JSONReader: Sendable {
    /// Limits and the root rule.
    public struct Options: Sendable {
        /// The largest document accepted, in bytes (default 4 MiB).
        public var maxBytes: Int
        /// The deepest nesting of arrays and objects accepted; the root container is depth 1
        /// (default 128).
        public var maxDepth: Int
        /// When `true`, the document must be one object whose first byte is `{` and whose last
        /// byte is `}`: no whitespace around it (the signed-assertion rule). Default `false`.
        public var requireObjectRoot: Bool

        /// Creates options; every parameter has a default.
        public init(maxBytes: Int = 4 * 1024 * 1024, maxDepth: Int = 128, requireObjectRoot: Bool = false) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
            self.requireObjectRoot = requireObjectRoot
        }
    }

    /// The options this reader applies.
    public let options: Options

    /// Creates a reader with `options`.
    public init(options: Options = .init()) {
        self.options = options
    }

    /// Reads one JSON document from UTF-8 bytes.
    ///
    /// - Returns: the root node.
    /// - Throws: ``JSONReadError`` naming the problem, its position and its JSON pointer.
    public func read(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> JSONNode {
        let result = bytes.withContiguousStorageIfAvailable { buffer in treeResult(buffer) }
        if let result { return try result.get() }
        // Refuse an oversized input before copying it into contiguous storage.
        try checkSize(bytes.count)
        return try Array(bytes).withUnsafeBufferPointer { buffer in treeResult(buffer) }.get()
    }

    /// Reads one JSON document from UTF-8 bytes into a ``JSONDocument``: the same checks as
    /// ``read(_:)``, without building the tree (strings, numbers and positions are decoded on
    /// demand).
    ///
    /// - Throws: ``JSONReadError`` naming the problem, its position and its JSON pointer.
    package func readDocument(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> JSONDocument {
        try checkSize(bytes.count)
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        let (_, written) = storage.initialize(from: bytes)
        switch tapeResult(UnsafeBufferPointer(rebasing: storage[..<written])) {
        case .success(let tape):
            return JSONDocument(owning: UnsafeMutableBufferPointer(rebasing: storage[..<written]), tape: tape.entries)
        case .failure(let error):
            storage.deallocate()
            throw error
        }
    }

    private func checkSize(_ count: Int) throws(JSONReadError) {
        guard count <= options.maxBytes else {
            throw JSONReadError(kind: .tooLarge(limit: options.maxBytes), position: .start, pointer: "")
        }
    }

    /// The checked tape of `buffer`; on success the caller owns it (hands it to a
    /// ``JSONDocument`` or frees it), on failure it is already freed.
    private func tapeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONTapeBuffer, JSONReadError> {
        guard buffer.count <= options.maxBytes else {
            return .failure(JSONReadError(kind: .tooLarge(limit: options.maxBytes), position: .start, pointer: ""))
        }
        var parser = JSONParser(bytes: buffer, maxDepth: options.maxDepth)
        do throws(JSONParser.Failure) {
            try parser.document(requireObjectRoot: options.requireObjectRoot)
            return .success(parser.tape)
        } catch {
            parser.tape.deallocate()
            return .failure(error.readError(in: buffer))
        }
    }

    private func treeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONNode, JSONReadError> {
        tapeResult(buffer).map { tape in
            defer { tape.deallocate() }
            var builder = JSONTreeBuilder(bytes: buffer, tape: UnsafeBufferPointer(tape.entries))
            var index = 0
            return builder.node(&index)
        }
    }
}

extension JSONReader {
    /// Reads `bytes` as ``readDocument(_:)`` does — every check, the tape, no tree — and returns
    /// the number of tape entries.
    ///
    /// Only for `rastrillo-bench bridge` (its own package, `Benchmarks/`, which cannot call
    /// `package` declarations), to time the reader the bridge uses; not API.
    @_spi(Benchmarks)
    public func tapeEntryCount(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> Int {
        try readDocument(bytes).count
    }
}
