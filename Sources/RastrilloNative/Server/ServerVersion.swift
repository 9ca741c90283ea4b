/// The version a Rastrillo server reports at `GET /api/version`, with what
/// kind of version string it is.
///
/// Rastrillo answers with its `BuildVersion` as plain text: `dev` by default,
/// `git describe --tags --always --dirty` output from a release build, or a
/// commit sha stamped by a deploy. No format is promised, so anything that is
/// printable single-line text is accepted as ``Kind-swift.enum/opaque`` rather
/// than refused; bodies that are clearly not a version (HTML, control
/// characters, several lines, empty) are refused by ``init(body:maximumLength:)``.
///
/// ```swift
/// let version = try ServerVersion(body: Array("v1.4.0-3-g1a2b3c4".utf8))
/// // version.kind == .describe(tag: "v1.4.0", commitsAhead: 3, commit: "1a2b3c4")
/// ```
public struct ServerVersion: Sendable, Hashable, CustomStringConvertible {
    /// What kind of version string the server sent.
    public enum Kind: Sendable, Hashable {
        /// `dev`: a development build (Rastrillo's default when nothing is stamped).
        case dev
        /// A release tag such as `v1.4.0`, `1.4` or `v2.0.0-rc.1`.
        case tag
        /// `git describe` output: `tag` plus `commitsAhead` commits, at `commit`
        /// (the abbreviated sha after `-g`).
        case describe(tag: String, commitsAhead: Int, commit: String)
        /// A commit sha: 7 to 40 lowercase hexadecimal digits.
        case sha
        /// Printable text that matches none of the shapes above. Shown as is.
        case opaque
    }

    /// The version exactly as the server sent it, without the `-dirty`
    /// suffix removed (a single trailing line feed, if any, is not part of it).
    public let text: String
    /// The classification of ``text``.
    public let kind: Kind
    /// Whether the build came from a working tree with uncommitted changes
    /// (`git describe --dirty` appends `-dirty`). Rastrillo's `make release`
    /// refuses such builds, so a dirty version usually means a hand-made build.
    public let isDirty: Bool

    /// A short human-readable name of the kind: `dev`, `tag`, `describe`, `sha`
    /// or `opaque` (what `rastrillo-native version` prints).
    public var kindName: String {
        switch kind {
        case .dev: return "dev"
        case .tag: return "tag"
        case .describe: return "describe"
        case .sha: return "sha"
        case .opaque: return "opaque"
        }
    }

    /// The version text.
    public var description: String { text }

    init(text: String, kind: Kind, isDirty: Bool) {
        self.text = text
        self.kind = kind
        self.isDirty = isDirty
    }
}
