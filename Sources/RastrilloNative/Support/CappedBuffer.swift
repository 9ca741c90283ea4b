/// Collects a response body, never holding more than `limit` bytes: the version check's
/// transfers (256 bytes) and the manifest fetch (``URLSessionManifestFetcher/maxBytes``).
///
/// ``append(_:)`` keeps bytes only while the total stays within the limit;
/// the chunk that would pass it is dropped and the buffer reports
/// ``isOverLimit``, so the caller cancels the transfer.
struct CappedBuffer {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var isOverLimit = false

    init(limit: Int) {
        self.limit = limit
        bytes.reserveCapacity(min(limit, 4_096))  // a large limit is reserved as the body grows
    }

    /// Adds a chunk; returns `false` (and keeps nothing of it) once the limit is passed.
    mutating func append<Bytes: Collection>(_ chunk: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard !isOverLimit, chunk.count <= limit - bytes.count else {
            isOverLimit = true
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }
}
