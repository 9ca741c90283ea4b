// The companion side of examples/gomobile: the shared Go version rules, bound
// by `gomobile bind -o Companioncore.xcframework`, called from Swift.
//
// Not built against the real framework here (that needs a Mac): the Go-side
// names and shapes are checked by tools/gomobile-check, and `make ci`
// type-checks this file under Swift 6 against a hand-written stand-in
// (tools/gomobile-check/testdata/swift-stub). The Swift spellings follow
// gobind's Objective-C naming (package prefix "Companioncore", `NSError**`
// last, `ret0_` out-parameters) as read from x/mobile's source.
// See docs/go-mobile.md.
#if canImport(Companioncore)
    import Companioncore
    import Foundation

    /// The server version checks a companion runs with the rules its Rastrillo server shares in Go.
    ///
    /// Every call runs the Go code on a detached task: a Go call blocks the thread that makes it, so it
    /// must never run on the main actor. Go objects never leave the detached task; the results are
    /// `Sendable` Swift values.
    ///
    /// ```swift
    /// let version = try await VersionCheck.classify(body)
    /// if try await VersionCheck.isAtLeast(body, minimum: "v1.4.0") { … }
    /// ```
    enum VersionCheck {
        /// The kind of a version string, mirroring Go's `Kind…` constants.
        enum Kind: Sendable, Equatable {
            /// An unstamped build ("dev").
            case dev
            /// A tag exactly, such as "v1.4.0".
            case tag
            /// `git describe` output past a tag, such as "v1.4.0-3-g1a2b3c4".
            case describe
            /// A 7 to 40 character hex commit sha.
            case commit
            /// Any other single line: kept, never ordered.
            case opaque
        }

        /// A classified `/api/version` body.
        struct Classified: Sendable, Equatable {
            /// The body exactly as received.
            let raw: String
            /// What kind of version string it is.
            let kind: Kind
            /// The tag part of a tag or `git describe` output, else "".
            let tag: String
            /// Commits past the tag (`git describe`), else 0.
            let ahead: Int64
            /// The abbreviated or full commit sha, else "".
            let commit: String
            /// Whether the string ended in "-dirty".
            let isDirty: Bool
        }

        /// Why a check failed.
        enum Failure: Error, Sendable, Equatable {
            /// The Go rules refused the body or could not order the versions. The message is the Go error's
            /// text (gomobile passes only that: `NSError` domain "go", code 1).
            case refused(String)
        }

        /// Classifies the body of `GET /api/version` off the main actor.
        static func classify(_ body: Data) async throws(Failure) -> Classified {
            try await Task.detached(priority: .utility) { classifyNow(body) }.value.get()
        }

        /// Tells whether the server's version is at or after `minimum` (a tag such as "v1.4.0").
        ///
        /// Throws ``Failure/refused(_:)`` when the body is not a version, when `minimum` is not a tag,
        /// or when the two have no order (a dev build, a bare commit): the companion decides what that
        /// means, for example "the server is a development build; some features may be missing".
        static func isAtLeast(_ body: Data, minimum: String) async throws(Failure) -> Bool {
            try await Task.detached(priority: .utility) { atLeastNow(body, minimum: minimum) }.value.get()
        }

        /// Orders two version strings: -1, 0 or 1, through the bound `Compare` method.
        static func order(_ lhs: String, _ rhs: String) async throws(Failure) -> Int64 {
            try await Task.detached(priority: .utility) { orderNow(lhs, rhs) }.value.get()
        }

        // MARK: Blocking calls into Go (detached tasks only)

        private static func classifyNow(_ body: Data) -> Result<Classified, Failure> {
            var error: NSError?
            guard let version = CompanioncoreParseVersion(body, &error) else {
                return .failure(refusal(error))
            }
            return .success(
                Classified(
                    raw: version.raw,
                    kind: kind(version.kind),
                    tag: version.tag,
                    ahead: version.ahead,
                    commit: version.commit,
                    isDirty: version.dirty
                )
            )
        }

        private static func atLeastNow(_ body: Data, minimum: String) -> Result<Bool, Failure> {
            var answer = ObjCBool(false)
            var error: NSError?
            guard CompanioncoreAtLeast(body, minimum, &answer, &error) else {
                return .failure(refusal(error))
            }
            return .success(answer.boolValue)
        }

        private static func orderNow(_ lhs: String, _ rhs: String) -> Result<Int64, Failure> {
            var error: NSError?
            guard let left = CompanioncoreParseVersion(Data(lhs.utf8), &error),
                let right = CompanioncoreParseVersion(Data(rhs.utf8), &error)
            else {
                return .failure(refusal(error))
            }
            var result: Int64 = 0
            do {
                try left.compare(right, ret0_: &result)
            } catch {
                return .failure(refusal(error as NSError))
            }
            return .success(result)
        }

        private static func refusal(_ error: NSError?) -> Failure {
            // gomobile treats a nil result with a nil error as a failure; say so rather than invent a reason.
            .refused(error?.localizedDescription ?? "the shared Go rules returned neither a result nor an error")
        }

        private static func kind(_ goKind: Int64) -> Kind {
            switch goKind {
            case CompanioncoreKindDev: return .dev
            case CompanioncoreKindTag: return .tag
            case CompanioncoreKindDescribe: return .describe
            case CompanioncoreKindCommit: return .commit
            default: return .opaque
            }
        }
    }
#endif
