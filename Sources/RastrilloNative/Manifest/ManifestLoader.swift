import Foundation

/// Loads the app manifest: the bundled copy, then a cached copy, then a fresh
/// one from the server — each accepted only if its `schemaVersion` is
/// supported and it passes full validation, and never partially applied.
///
/// ```swift
/// let loader = ManifestLoader(
///     bundled: bundledBytes, remoteURL: URL(string: "https://app.example.com/app-manifest.json")!,
///     cache: FileManifestCache(directory: cachesDirectory))
/// let report = await loader.load()
/// router = LinkRouter(manifest: report.manifest)
/// for note in report.notes { logger.info("\(note)") }
/// ```
///
/// The fresh fetch is conditional (`If-None-Match` with the cached ETag); a
/// 304 keeps the cached copy. A fresh manifest that fails validation, or any
/// fetch failure, leaves the previous one in force and is reported.
public struct ManifestLoader: Sendable {
    /// Where the manifest in force came from.
    public enum Origin: String, Sendable, Equatable {
        /// Shipped in the app.
        case bundled
        /// Fetched earlier and cached (still current, or the server was unreachable).
        case cached
        /// Fetched now.
        case fresh
    }

    /// One thing the loader did or refused, in order.
    public enum Note: Sendable, Equatable, CustomStringConvertible {
        /// The bundled manifest was loaded.
        case bundledLoaded
        /// No cached copy for the URL.
        case noCache
        /// The cached copy was loaded (with its ETag).
        case cachedLoaded(etag: String?)
        /// The cached copy failed validation and was discarded.
        case cachedRefused(String)
        /// The server said the cached copy is current (304).
        case notModified
        /// A fresh copy was accepted and cached.
        case freshLoaded(etag: String?)
        /// A fresh copy was refused; the previous manifest stays in force.
        case freshRefused(String)
        /// The fetch failed; the previous manifest stays in force.
        case fetchFailed(String)

        /// A sentence for logs.
        public var description: String {
            switch self {
            case .bundledLoaded: return "loaded the bundled manifest"
            case .noCache: return "no cached manifest for this URL"
            case .cachedLoaded(let etag): return "loaded the cached manifest (ETag \(etag ?? "none"))"
            case .cachedRefused(let why): return "discarded the cached manifest: \(why)"
            case .notModified: return "the server's manifest is unchanged (304)"
            case .freshLoaded(let etag): return "loaded a fresh manifest (ETag \(etag ?? "none"))"
            case .freshRefused(let why): return "refused the server's manifest, keeping the previous one: \(why)"
            case .fetchFailed(let why): return "could not fetch the manifest, keeping the previous one: \(why)"
            }
        }
    }

    /// What was loaded and why anything was refused.
    public struct Report: Sendable {
        /// The manifest in force.
        public let manifest: AppManifest
        /// Where it came from.
        public let origin: Origin
        /// Everything that happened, in order.
        public let notes: [Note]
    }

    /// The bundled manifest's bytes.
    public let bundled: [UInt8]
    /// The URL of the server's manifest (also the cache key).
    public let remoteURL: URL
    /// The cache.
    public let cache: any ManifestCaching
    /// The fetcher.
    public let fetcher: any ManifestFetching

    /// Creates a loader.
    public init(
        bundled: [UInt8], remoteURL: URL, cache: any ManifestCaching,
        fetcher: any ManifestFetching = URLSessionManifestFetcher()
    ) {
        self.bundled = bundled
        self.remoteURL = remoteURL
        self.cache = cache
        self.fetcher = fetcher
    }

    /// Loads bundled → cached → fresh and reports.
    ///
    /// - Throws: ``ManifestError`` only when the bundled manifest itself is invalid
    ///   (a build problem: `manifest check` it).
    public func load() async throws(ManifestError) -> Report {
        var notes: [Note] = []
        var manifest = try AppManifest.decode(bundled, source: "bundled manifest")
        var origin = Origin.bundled
        notes.append(.bundledLoaded)
        var etag: String?
        if let entry = cache.read(remoteURL) {
            do {
                manifest = try AppManifest.decode(entry.bytes, source: "cached \(remoteURL.absoluteString)")
                origin = .cached
                etag = entry.etag
                notes.append(.cachedLoaded(etag: entry.etag))
            } catch {
                cache.remove(remoteURL)
                notes.append(.cachedRefused(error.description))
            }
        } else {
            notes.append(.noCache)
        }
        do {
            switch try await fetcher.fetch(remoteURL, etag: etag) {
            case .notModified where origin == .cached:
                notes.append(.notModified)
            case .notModified:
                notes.append(.freshRefused("304 without a cached copy to keep"))
            case .status(let status):
                notes.append(.freshRefused("HTTP \(status)"))
            case .fresh(let bytes, let newETag):
                do {
                    let fresh = try AppManifest.decode(bytes, source: remoteURL.absoluteString)
                    do {
                        try cache.write(CachedManifest(url: remoteURL.absoluteString, etag: newETag, bytes: bytes))
                    } catch {
                        notes.append(.fetchFailed("accepted but could not cache: \(error)"))
                    }
                    manifest = fresh
                    origin = .fresh
                    notes.append(.freshLoaded(etag: newETag))
                } catch {
                    notes.append(.freshRefused(error.description))
                }
            }
        } catch {
            notes.append(.fetchFailed("\(error)"))
        }
        return Report(manifest: manifest, origin: origin, notes: notes)
    }
}
