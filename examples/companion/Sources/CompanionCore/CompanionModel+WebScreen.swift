import RastrilloNative

extension CompanionModel {
    /// The longest release name a page may ask about (the longest version `/api/version` may report).
    static let maximumReleaseLength = ServerVersion.defaultMaximumLength

    /// Answers the release-notes page's `compareRelease` action: which version the current
    /// server (``currentServer``) runs, as native last checked it, and how it relates to the
    /// release the page shows.
    ///
    /// The answer comes from the model's own `/api/version` checks; the page's data stays the
    /// page's. When the server was never checked (the release notes opened from a link before
    /// the server list appeared), it checks once first, through that server's runner. The web screen
    /// registers it for the generated action type:
    ///
    /// ```swift
    /// dispatcher.handle(BridgeActions.CompareRelease.self) { query in try await model.compareRelease(query) }
    /// ```
    ///
    /// - Throws: ``BridgeActionError`` (an `action-failed` reply) when the release name is empty
    ///   or longer than ``maximumReleaseLength`` bytes.
    func compareRelease(_ query: ReleaseQuery) async throws(BridgeActionError) -> RunningVersion {
        let release = query.release
        guard !release.isEmpty, release.utf8.count <= Self.maximumReleaseLength else {
            throw BridgeActionError(
                "release must be 1 to \(Self.maximumReleaseLength) bytes, as in /releases/{version}; "
                    + "got \(release.utf8.count) bytes")
        }
        if let server = currentServer, status == .notChecked { await refresh(server.id) }
        guard case .reachable(let version) = status else {
            return RunningVersion(check: status.check, version: nil, match: .unknown)
        }
        return RunningVersion(
            check: .reachable, version: version.text, match: ReleaseMatch(server: version, release: release))
    }
}
