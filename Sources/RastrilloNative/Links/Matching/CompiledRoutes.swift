import Foundation

/// A ``LinkRouter``'s compiled form: the allowed schemes and internal origins as bytes, and the
/// route table. Immutable after `init`.
final class CompiledRoutes: Sendable {
    let manifest: AppManifest
    let table: RouteTable
    let schemes: [SchemeRule]
    let origins: [OriginRule]
    /// The schemes' and origin hosts' lowercase bytes, one after another (rules hold ranges into
    /// it rather than arrays of their own, so comparing them retains nothing).
    let names: [UInt8]

    /// An allowed scheme, compared by its lowercase bytes.
    struct SchemeRule: Sendable {
        let name: String
        /// `names[start..<start + length]`.
        let start: Int
        let length: Int
        /// `http` or `https`.
        let isWeb: Bool
        /// One of the manifest's external schemes (`mailto`).
        let isExternal: Bool
        /// One of WHATWG's special schemes (http, https, ws, wss, ftp, file), whose hosts are
        /// case-insensitive; a custom scheme's host is compared as written.
        let isSpecial: Bool
        /// The port an origin of this scheme has when none is written (0 when the scheme has none).
        let defaultPort: Int
    }

    /// An internal origin or alias: index into ``schemes``, lowercase host bytes
    /// (`names[hostStart..<hostStart + hostLength]`), port.
    struct OriginRule: Sendable {
        let scheme: Int
        let hostStart: Int
        let hostLength: Int
        let port: Int
    }

    init(manifest: AppManifest) {
        self.manifest = manifest
        self.table = RouteTable(manifest: manifest)
        var names: [UInt8] = []
        let schemeNames = Set(manifest.internalOrigins.map(\.scheme)).union(["http", "https"])
            .union(manifest.links.externalSchemes).sorted()
        let schemes = schemeNames.map { name in
            names.append(contentsOf: name.utf8)
            return SchemeRule(
                name: name, start: names.count - name.utf8.count, length: name.utf8.count,
                isWeb: name == "http" || name == "https", isExternal: manifest.links.externalSchemes.contains(name),
                isSpecial: RawURL.specialSchemes.contains(name),
                defaultPort: ManifestOrigin.defaultPort(for: name) ?? 0)
        }
        self.schemes = schemes
        self.origins = Set(manifest.internalOrigins).sorted { $0.description < $1.description }.map { origin in
            names.append(contentsOf: origin.host.utf8)
            return OriginRule(
                scheme: schemes.firstIndex { $0.name == origin.scheme } ?? -1,
                hostStart: names.count - origin.host.utf8.count, hostLength: origin.host.utf8.count, port: origin.port)
        }
        self.names = names
    }

    /// Whether `names[start..<start + bytes.count]` equals `bytes` lowercased.
    @inline(__always) func equalsLowercased(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        names.withUnsafeBufferPointer { names in
            for offset in 0..<bytes.count where names[start + offset] != ASCIIByte.lowercase(bytes[offset]) {
                return false
            }
            return true
        }
    }

    /// The index of the allowed scheme `bytes` spell (any case), if allowed. `bytes` are scheme
    /// characters (``RawURL/leadingSchemeEnd(_:)`` read them): letters, digits, `+`, `-` and `.`,
    /// which `| 0x20` lowercases without changing the others.
    func scheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        names.withUnsafeBufferPointer { names in
            for index in schemes.indices where schemes[index].length == bytes.count {
                let start = schemes[index].start
                var offset = 0
                while offset < bytes.count, names[start + offset] == bytes[offset] | 0x20 { offset += 1 }
                if offset == bytes.count { return index }
            }
            return nil
        }
    }

    /// Whether scheme `scheme`, host and port are exactly one of the internal origins, the host
    /// read as WHATWG URL reads it: any case under a special scheme (and for an IPv6 address), as
    /// written under a custom scheme (the manifest's origins are lowercase, so `companion://APP`
    /// is not `companion://app`). `ignoringCase` compares a custom scheme's host in any case too,
    /// to name a near-miss (``LinkRefusal/customSchemeHostCase(_:)``).
    func isInternal(
        scheme: Int, host: RawURL.Spans.Host, port: Int, in bytes: UnsafeBufferPointer<UInt8>,
        ignoringCase: Bool = false
    ) -> Bool {
        let hostBytes = UnsafeBufferPointer(rebasing: bytes[host.range])
        let caseInsensitive = ignoringCase || schemes[scheme].isSpecial || host.isAddress(in: bytes)
        for index in origins.indices
        where origins[index].scheme == scheme && origins[index].port == port
            && origins[index].hostLength == hostBytes.count
        {
            if host.hasUpper && caseInsensitive {
                if equalsLowercased(origins[index].hostStart, hostBytes) { return true }
            } else if let host = hostBytes.baseAddress,
                names.withUnsafeBufferPointer({
                    memcmp($0.baseAddress! + origins[index].hostStart, host, hostBytes.count)
                })
                    == 0
            {
                return true
            }
        }
        return false
    }

    func classify(_ bytes: UnsafeBufferPointer<UInt8>, context: LinkRouter.Context) -> LinkDecision {
        // A disallowed scheme is named before anything else is read (`javascript:` with spaces is
        // refused for its scheme). RawURL.scan reads the scheme with the same rule, so a URL it
        // accepts has exactly this scheme.
        var leading: Int?
        if let end = RawURL.leadingSchemeEnd(bytes) {
            guard let index = scheme(UnsafeBufferPointer(rebasing: bytes[0..<end])) else {
                return .refused(.schemeNotAllowed(RawURL.schemeString(UnsafeBufferPointer(rebasing: bytes[0..<end]))))
            }
            leading = index
        }
        let url: RawURL.Spans
        switch RawURL.scan(bytes, schemeEnd: leading.map { schemes[$0].length }) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let value): url = value
        }
        guard let schemeIndex = leading else { return .refused(.noScheme) }
        guard let host = url.host else {
            // No authority (`mailto:`): never internal.
            return foreign(schemeIndex, context: context)
        }
        let port = url.explicitPort ?? schemes[schemeIndex].defaultPort
        let isInternal = isInternal(scheme: schemeIndex, host: host, port: port, in: bytes)
        let decision = RequestPath.withSegments(
            UnsafeBufferPointer(rebasing: bytes[url.path]), hasPercent: url.pathHasPercent
        ) {
            path -> LinkDecision in
            guard isInternal else {
                if host.hasUpper,
                    self.isInternal(scheme: schemeIndex, host: host, port: port, in: bytes, ignoringCase: true)
                {
                    return .refused(.customSchemeHostCase(String(decoding: bytes[host.range], as: UTF8.self)))
                }
                return foreign(schemeIndex, context: context)
            }
            var query: RouteTable.Query
            let rawQuery = url.query.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
            if let rawQuery, rawQuery.contains(UInt8(ascii: "%")) {
                // Escapes can decode to invalid UTF-8 or control characters: such a query is refused even
                // when no destination reads it.
                switch QueryItems.parse(String(decoding: rawQuery, as: UTF8.self)) {
                case .failure(.controlCharacter(let offset)):
                    // The offset within the whole URL, as the reader gives for raw control characters.
                    return .refused(.controlCharacter(offset: (url.query?.lowerBound ?? 0) + offset))
                case .failure(let refusal): return .refused(refusal)
                case .success(let items): query = .parsed(items)
                }
            } else {
                query = .unparsed(rawQuery.map { String(decoding: $0, as: UTF8.self) })
            }
            guard let found = table.match(path, query: &query) else { return .web(nil) }
            let match = LinkMatch(destination: found.destination.id, params: found.params)
            switch found.destination.decision {
            case .native: return .native(match)
            case .web: return .web(match)
            case .inAppBrowser: return .inAppBrowser(match)
            case .external: return .external(match)
            }
        }
        switch decision {
        case .failure(let refusal): return .refused(refusal)
        case .success(let decision): return decision
        }
    }

    /// The decision for a URL outside the internal origins.
    func foreign(_ scheme: Int, context: LinkRouter.Context) -> LinkDecision {
        let rule = schemes[scheme]
        if context == .redirect { return .refused(.redirectNotInternal) }
        if rule.isWeb { return manifest.links.foreignWeb == .inAppBrowser ? .inAppBrowser(nil) : .external(nil) }
        if rule.isExternal { return .external(nil) }
        return .refused(.schemeNotAllowed(rule.name))
    }
}
