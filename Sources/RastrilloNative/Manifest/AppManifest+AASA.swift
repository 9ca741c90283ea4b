import RastrilloJSON

extension AppManifest {
    /// One `applinks` component of the apple-app-site-association file.
    public struct AASAComponent: Sendable, Hashable {
        /// The path glob (`*` matches any characters, including `/`).
        public let path: String
        /// Whether matching paths are excluded (not opened in the app).
        public let exclude: Bool
        /// The destination id it comes from (or the `session.auth` path).
        public let comment: String
        /// Query keys and their patterns (`"?": {"token": "?*"}`); empty matches any query.
        public var query: [QueryItem] = []

        /// One key of a component's `?` dictionary and the pattern its value must match.
        public struct QueryItem: Sendable, Hashable {
            /// The query key (`token`).
            public let key: String
            /// The value's pattern (`?*`: at least one character).
            public let pattern: String
        }
    }

    /// The components a Rastrillo `auth` session adds in front of the destinations' (none for
    /// `password`): keymail's callback excluded, so a callback opened in Safari never bounces
    /// into the app without its pending cookie, and the magic link's confirm page with a
    /// `token`, so an emailed link opens the app's sign-in screen.
    public var aasaSessionComponents: [AASAComponent] {
        guard let auth = session?.auth else { return [] }
        return [
            AASAComponent(path: auth.callbackPath, exclude: true, comment: "session.auth.callbackPath"),
            AASAComponent(
                path: auth.magicLinkPath, exclude: false, comment: "session.auth.magicLinkPath",
                query: [AASAComponent.QueryItem(key: "token", pattern: "?*")]),
        ]
    }

    /// The `applinks` components for universal-link destinations, in the order Apple evaluates them.
    ///
    /// Apple takes the first matching component, so excludes (destinations that
    /// are not universal links but whose paths an include would also cover) come
    /// before the includes; a universal destination more specific than an
    /// excluded one is listed before that exclude so the exclude does not hide it.
    public var aasaComponents: [AASAComponent] {
        let universal = destinations.filter { $0.link == .universalLink }
        let others = destinations.filter { $0.link != .universalLink }
        let includeGlobs = universal.map { Self.aasaGlob($0.pattern) }
        var excluded: [ManifestDestination] = []
        for destination in others {
            let glob = Self.aasaGlob(destination.pattern)
            if includeGlobs.contains(where: { Self.globsIntersect(glob, $0) }) { excluded.append(destination) }
        }
        var early: [ManifestDestination] = []
        var late: [ManifestDestination] = []
        for destination in universal {
            let shadowed = excluded.contains {
                destination.pattern.relationship(to: $0.pattern) == .moreSpecific
                    || Self.globsIntersect(Self.aasaGlob(destination.pattern), Self.aasaGlob($0.pattern))
                        && Self.literalLength(destination.pattern) > Self.literalLength($0.pattern)
            }
            if shadowed { early.append(destination) } else { late.append(destination) }
        }
        func component(_ destination: ManifestDestination, exclude: Bool) -> AASAComponent {
            AASAComponent(path: Self.aasaGlob(destination.pattern), exclude: exclude, comment: destination.id)
        }
        return early.map { component($0, exclude: false) } + excluded.map { component($0, exclude: true) }
            + late.map { component($0, exclude: false) }
    }

    /// The apple-app-site-association file's text (deterministic, 2-space indented).
    ///
    /// - Parameters:
    ///   - overrideAppIDs: app IDs to use instead of the manifest's `app.appIDs`.
    ///   - header: when set, written as a leading `"_generated"` member (JSON has no comments).
    public func appleAppSiteAssociation(appIDs overrideAppIDs: [String]? = nil, header: String? = nil) -> String {
        let ids = (overrideAppIDs ?? app.appIDs).map(JSONString.quoted).joined(separator: ", ")
        var lines = ["{"]
        if let header { lines.append("  \"_generated\": \(JSONString.quoted(header)),") }
        lines += ["  \"applinks\": {", "    \"details\": [", "      {", "        \"appIDs\": [\(ids)],"]
        lines.append("        \"components\": [")
        let components = aasaSessionComponents + aasaComponents
        for (index, component) in components.enumerated() {
            var fields = ["\"/\": \(JSONString.quoted(component.path))"]
            if !component.query.isEmpty {
                let entries = component.query.map { "\(JSONString.quoted($0.key)): \(JSONString.quoted($0.pattern))" }
                fields.append("\"?\": {" + entries.joined(separator: ", ") + "}")
            }
            if component.exclude { fields.append("\"exclude\": true") }
            fields.append("\"comment\": \(JSONString.quoted(component.comment))")
            let comma = index == components.count - 1 ? "" : ","
            lines.append("          {" + fields.joined(separator: ", ") + "}" + comma)
        }
        if session?.kind == .auth {
            // Passkeys on the app's host (the WebAuthn RP ID) in the web view, and https callbacks.
            lines += [
                "        ]", "      }", "    ]", "  },", "  \"webcredentials\": {", "    \"apps\": [\(ids)]", "  }",
                "}",
            ]
        } else {
            lines += ["        ]", "      }", "    ]", "  }", "}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The AASA glob for a pattern: wildcards become `*`, literals are percent-encoded.
    static func aasaGlob(_ pattern: PathPattern) -> String {
        var glob = ""
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): glob += "/" + PercentDecoding.encode(text, keeping: "!$&'()+,;=:@")
            case .wildcard: glob += "/*"
            case .rest: glob += "/*"
            case .end: glob += "/"
            }
        }
        return glob.isEmpty ? "/" : glob
    }

    static func literalLength(_ pattern: PathPattern) -> Int {
        pattern.segments.reduce(0) { total, segment in
            if case .literal(let text) = segment { return total + text.utf8.count + 1 }
            return total
        }
    }

    /// Whether some string matches both globs (`*` matches any run of characters).
    static func globsIntersect(_ lhs: String, _ rhs: String) -> Bool {
        // Fast path first, on the strings' own bytes: literal prefixes (before either's first '*')
        // that differ cannot both match. Most pairs end here, before any array is made.
        for (x, y) in zip(lhs.utf8, rhs.utf8) {
            if x == UInt8(ascii: "*") || y == UInt8(ascii: "*") { break }
            if x != y { return false }
        }
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        let star = UInt8(ascii: "*")
        var memo: [Int: Bool] = [:]
        func match(_ i: Int, _ j: Int) -> Bool {
            let key = i * (b.count + 1) + j
            if let known = memo[key] { return known }
            let result: Bool
            if i == a.count && j == b.count {
                result = true
            } else if i < a.count, a[i] == star {
                result = match(i + 1, j) || (j < b.count && match(i, j + 1))
            } else if j < b.count, b[j] == star {
                result = match(i, j + 1) || (i < a.count && match(i + 1, j))
            } else if i < a.count, j < b.count {
                result = a[i] == b[j] && match(i + 1, j + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
