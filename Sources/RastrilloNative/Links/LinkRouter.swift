import Foundation

/// Decides what a URL does in the app — native screen, web screen, in-app
/// browser, external, or refused — from the manifest, compiled once.
///
/// The router reads the raw string itself with ``RawURL`` (never Foundation's
/// repaired form), so userinfo, backslashes, whitespace, control characters,
/// escapes in the authority and dot segments are refused rather than guessed
/// at. A URL is internal only when its scheme, host and port exactly equal one
/// of the manifest's origins or aliases (default ports normalised). Internal
/// paths are matched with Go ServeMux's rules on a segment trie: no regex, no
/// per-lookup compilation; `%2F` never acts as a separator.
///
/// ```swift
/// let router = LinkRouter(manifest: manifest) { event in logger.warning("\(event)") }
/// switch router.decide("https://app.example.com/notes/42") { … }
/// ```
///
/// Incoming links (`onOpenURL`, universal links from `onContinueUserActivity`)
/// go through the same ``decide(_:context:)-(String,_)``.
public struct LinkRouter: Sendable {
    /// Where a URL came from; redirects are only honoured to internal URLs.
    public enum Context: Sendable, Hashable {
        /// A link the user followed or the app opened (including incoming links).
        case navigation
        /// A server-driven redirect or a `next=`/`return_to=` parameter: anything
        /// that is not internal is refused with ``LinkRefusal/redirectNotInternal``.
        case redirect
    }

    /// One refusal, as seen by the diagnostics hook.
    public struct RefusalEvent: Sendable, Hashable, CustomStringConvertible {
        /// The URL as given (a `URL` value's `absoluteString`).
        public let url: String
        /// Why it was refused.
        public let refusal: LinkRefusal
        /// Where it came from.
        public let context: Context

        /// `refused <url>: <reason>`.
        public var description: String { "refused \(url): \(refusal)" }
    }

    struct OriginKey: Hashable, Sendable {
        let scheme: String
        let host: String
        let port: Int
    }

    /// The manifest the router was compiled from.
    public let manifest: AppManifest
    let table: RouteTable
    let internalOrigins: Set<OriginKey>
    let allowedSchemes: Set<String>
    let onRefusal: (@Sendable (RefusalEvent) -> Void)?

    /// Compiles the router from a validated manifest.
    ///
    /// - Parameters:
    ///   - manifest: the manifest (from ``AppManifest/decode(_:source:)-(Collection<UInt8>,_)``).
    ///   - onRefusal: called for every refused URL, for logging; it must not block.
    public init(manifest: AppManifest, onRefusal: (@Sendable (RefusalEvent) -> Void)? = nil) {
        self.manifest = manifest
        self.table = RouteTable(patterns: manifest.destinations.map(\.pattern))
        self.internalOrigins = Set(
            manifest.internalOrigins.map { OriginKey(scheme: $0.scheme, host: $0.host, port: $0.port) })
        self.allowedSchemes = Set(manifest.internalOrigins.map(\.scheme)).union(["http", "https"])
            .union(manifest.links.externalSchemes)
        self.onRefusal = onRefusal
    }

    /// Decides what `url` does; reports refusals to the diagnostics hook.
    public func decide(_ url: String, context: Context = .navigation) -> LinkDecision {
        let decision = classify(url, context: context)
        if case .refused(let refusal) = decision {
            onRefusal?(RefusalEvent(url: url, refusal: refusal, context: context))
        }
        return decision
    }

    /// Decides what a `URL` value does, by reading its `absoluteString` with the
    /// same strict reader (Foundation's repairs, such as `\` → `%5C`, are then refused).
    public func decide(_ url: URL, context: Context = .navigation) -> LinkDecision {
        decide(url.absoluteString, context: context)
    }

    func classify(_ text: String, context: Context) -> LinkDecision {
        if let scheme = RawURL.leadingScheme(text), !allowedSchemes.contains(scheme) {
            return .refused(.schemeNotAllowed(scheme))
        }
        let url: RawURL
        switch RawURL.read(text) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let value): url = value
        }
        guard allowedSchemes.contains(url.scheme) else { return .refused(.schemeNotAllowed(url.scheme)) }
        let isInternal =
            url.host.map { internalOrigins.contains(OriginKey(scheme: url.scheme, host: $0, port: url.port ?? 0)) }
            ?? false
        let path: RequestPath
        if url.host != nil {
            switch RequestPath.split(url.rawPath) {
            case .failure(let refusal): return .refused(refusal)
            case .success(let value): path = value
            }
        } else {
            path = RequestPath(segments: [])
        }
        guard isInternal else {
            if context == .redirect { return .refused(.redirectNotInternal) }
            if url.scheme == "http" || url.scheme == "https" {
                return manifest.links.foreignWeb == .inAppBrowser ? .inAppBrowser(nil) : .external(nil)
            }
            if manifest.links.externalSchemes.contains(url.scheme) { return .external(nil) }
            return .refused(.schemeNotAllowed(url.scheme))
        }
        let query: [(String, String)]
        switch QueryItems.parse(url.rawQuery) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let items): query = items
        }
        guard let (match, index) = matchDestination(path, query: query) else { return .web(nil) }
        let destination = manifest.destinations[index]
        switch destination.link {
        case .externalBrowser: return .external(match)
        case .inAppBrowser: return .inAppBrowser(match)
        case .inApp, .universalLink: return destination.presentation == .native ? .native(match) : .web(match)
        }
    }

    /// Matches the path with ServeMux's rules, including its `/tree` → `/tree/` redirect.
    func matchDestination(_ path: RequestPath, query: [(String, String)]) -> (LinkMatch, destination: Int)? {
        let accept = { (index: Int, values: [String]) -> Bool in
            self.params(for: index, values: values, query: query) != nil
        }
        var found = table.match(path, accept: accept)
        if found?.exact != true, !path.endsWithSlash, !path.segments.isEmpty {
            if let redirected = table.match(path.withTrailingSlash(), accept: accept), redirected.exact {
                found = redirected
            }
        }
        guard let found, let params = params(for: found.destination, values: found.values, query: query) else {
            return nil
        }
        let id = manifest.destinations[found.destination].id
        return (LinkMatch(destination: id, params: params), found.destination)
    }

    /// Typed params for destination `index`, or `nil` when a value does not parse.
    func params(for index: Int, values: [String], query: [(String, String)]) -> [String: LinkValue]? {
        let destination = manifest.destinations[index]
        var result: [String: LinkValue] = [:]
        var position = 0
        for param in destination.params {
            if param.inPath {
                guard position < values.count,
                    let value = LinkValue.parse(values[position], as: param.type, in: manifest)
                else { return nil }
                result[param.name] = value
                position += 1
            } else if let raw = query.first(where: { $0.0.utf8.elementsEqual(param.name.utf8) })?.1 {
                guard let value = LinkValue.parse(raw, as: param.type, in: manifest) else { return nil }
                result[param.name] = value
            } else if case .optional = param.type {
                continue
            } else {
                return nil
            }
        }
        return result
    }
}
