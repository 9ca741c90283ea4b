import RastrilloNative

extension ReleaseMatch {
    /// How the version a server reports relates to the release a page shows.
    ///
    /// Names are compared byte for byte after dropping one leading `v` from each, so a page at
    /// `/releases/1.4.0` and a server reporting `v1.4.0` agree:
    ///
    /// - a tag (or an unrecognised version text) equal to the release: `thisRelease`, or
    ///   `basedOnThisRelease` when the build is dirty (`v1.4.0-dirty`);
    /// - `git describe` output whose tag is the release (`v1.4.0-3-g1a2b3c4`): `basedOnThisRelease`;
    /// - anything else, `dev` and commit shas included: `otherVersion`.
    init(server version: ServerVersion, release: String) {
        let text = version.isDirty ? String(version.text.dropLast("-dirty".count)) : version.text
        switch version.kind {
        case .tag, .opaque:
            guard Self.sameRelease(text, release) else {
                self = .otherVersion
                return
            }
            self = version.isDirty ? .basedOnThisRelease : .thisRelease
        case .describe(let tag, _, _):
            self = Self.sameRelease(tag, release) ? .basedOnThisRelease : .otherVersion
        case .dev, .sha:
            self = .otherVersion
        }
    }

    /// Whether two release names are the same, ignoring one leading `v` on either.
    static func sameRelease(_ first: String, _ second: String) -> Bool {
        func name(_ text: String) -> Substring { text.first == "v" ? text.dropFirst() : text[...] }
        return name(first) == name(second)
    }
}
