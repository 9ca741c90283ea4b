import Foundation

/// A cached manifest: the exact bytes, the URL they came from and their ETag.
public struct CachedManifest: Sendable, Codable, Equatable {
    /// The full URL the manifest was fetched from (the cache key).
    public let url: String
    /// The ETag the server sent, if any.
    public let etag: String?
    /// The manifest bytes as received.
    public let bytes: [UInt8]

    /// Creates an entry.
    public init(url: String, etag: String?, bytes: [UInt8]) {
        self.url = url
        self.etag = etag
        self.bytes = bytes
    }
}

/// Where fetched manifests are kept between launches, keyed by full URL.
public protocol ManifestCaching: Sendable {
    /// The entry for `url`, if any.
    func read(_ url: URL) -> CachedManifest?
    /// Stores `entry` (replacing any entry for the same URL).
    func write(_ entry: CachedManifest) throws
    /// Removes the entry for `url`.
    func remove(_ url: URL)
}

/// A cache of one file per URL in a directory. The file name is the URL's
/// UTF-8 bytes in hex, so two servers never share an entry (Hotwire keys its
/// cache by file name alone) and no name can escape the directory.
public struct FileManifestCache: ManifestCaching {
    /// The directory holding the entries.
    public let directory: URL

    /// Creates a cache in `directory` (created on first write).
    public init(directory: URL) { self.directory = directory }

    func file(for url: URL) -> URL {
        let name = url.absoluteString.utf8.map {
            String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
        }
        .joined()
        return directory.appendingPathComponent("manifest-\(name).json")
    }

    /// The entry for `url`; `nil` when absent, unreadable or stored for another URL.
    public func read(_ url: URL) -> CachedManifest? {
        guard let data = try? Data(contentsOf: file(for: url)),
            let entry = try? JSONDecoder().decode(CachedManifest.self, from: data), entry.url == url.absoluteString
        else { return nil }
        return entry
    }

    /// Writes atomically, so a crash never leaves half an entry.
    public func write(_ entry: CachedManifest) throws {
        guard let url = URL(string: entry.url) else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(entry).write(to: file(for: url), options: .atomic)
    }

    /// Deletes the entry, if any.
    public func remove(_ url: URL) { try? FileManager.default.removeItem(at: file(for: url)) }
}
