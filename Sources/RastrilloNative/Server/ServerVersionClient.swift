import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks a Rastrillo server for its public version: `GET <base>/api/version`.
///
/// The endpoint is public (no session, no sign-in), so this checks that an
/// address points at a reachable Rastrillo server and which build it runs; it
/// does not link an account.
///
/// ## What it refuses
///
/// - Plain http, except to this device (`127.0.0.0/8`, `localhost`, `[::1]`),
///   or, in debug builds with ``Options/allowsInsecureLocalNetwork`` set, to a
///   host on the local network. Checked before anything is sent.
/// - Redirects to another origin (same-origin redirects are followed).
/// - Any status but 200. Rastrillo sends its JSON error (`{"status":N,"ref":…}`)
///   only when asked, so the request sends `Accept: text/plain,
///   application/json;q=0.5`; the `ref` of a 500 ends up in the error.
/// - A Content-Length over ``Options/maximumBodyLength`` (before reading the
///   body), and any body that passes it (the transfer is cancelled at once;
///   at most the cap is ever held).
/// - Bodies that are not a version; see ``ServerVersion/init(body:maximumLength:)``.
///
/// Cancelling the calling task cancels the transfer and throws
/// ``ServerVersionError/cancelled(_:)``.
///
/// ```swift
/// let client = ServerVersionClient()
/// let version = try await client.version(of: ServerAddress("https://example.com"))
/// print(version.text, version.kindName)  // "v1.4.0 tag"
/// ```
public struct ServerVersionClient: Sendable {
    /// The value of the `Accept` header sent with every check.
    public static let acceptHeader = "text/plain, application/json;q=0.5"

    /// Timeouts, body cap and the insecure opt-in.
    public var options: Options

    /// Creates a client.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Checks the server at `address` and returns its version.
    ///
    /// - Throws: ``ServerVersionError``, always; the message says what to do.
    public func version(of address: ServerAddress) async throws(ServerVersionError) -> ServerVersion {
        try await exchange(with: address).outcome.get()
    }

    /// The exchange behind ``version(of:)-(ServerAddress)``, with the transfer's statistics for tests.
    /// `deliveryStall` (tests only) runs on the thread that delivers the answer, before the
    /// transfer first looks at it: it stands for a thread that runs late. `certificateAuthorityFile`
    /// (tests only) stands in for `SSL_CERT_FILE` on Linux.
    func exchange(
        with address: ServerAddress,
        deliveryStall: (@Sendable () -> Void)? = nil,
        certificateAuthorityFile: String? = nil
    ) async -> (outcome: ServerVersionTransfer.Outcome, statistics: ServerVersionTransfer.Statistics?) {
        do {
            try checkTransport(of: address)
        } catch {
            return (.failure(error), nil)
        }
        let url = address.versionURL
        #if canImport(FoundationNetworking)
            // On Linux: a socket or libcurl on its own thread (see LinuxGET for why), never
            // FoundationNetworking's URLSession where libcurl support is compiled in.
            if let exchange = await LinuxGET.get(
                url, options: options, rule: rule(for: url), certificateAuthorityFile: certificateAuthorityFile,
                deliveryStall: deliveryStall)
            {
                return (version(from: exchange.answer, url: url), exchange.statistics)
            }
        #endif
        return await exchangeThroughURLSession(url, deliveryStall: deliveryStall)
    }

    /// The Linux transfers' rule for the version GET of `url`.
    private func rule(for url: URL) -> HTTPGetRule {
        .version(url: url, limit: options.maximumBodyLength)
    }

    /// The version a Linux transfer's answer holds (or Rastrillo's error, or why it holds none).
    private func version(
        from answer: Result<HTTPGetAnswer, ServerVersionError>, url: URL
    ) -> ServerVersionTransfer.Outcome {
        answer.flatMap {
            ServerVersionResponsePolicy.finish(
                url: url, status: $0.status, body: $0.body, limit: options.maximumBodyLength)
        }
    }

    /// On Linux, https goes through libcurl only: when it cannot be loaded the check is refused,
    /// saying what is missing and how to install it, instead of falling back to
    /// FoundationNetworking's URLSession (which queues a flooding body without bound and once
    /// crashed under one). `nil` when libcurl is there.
    static func withoutCurl(_ url: URL, unavailableReason: String?) -> ServerVersionError? {
        guard let reason = unavailableReason else { return nil }
        return .unreachable(
            url,
            reason: "https on Linux needs libcurl, and \(reason); install it (apt-get install libcurl4) and try again")
    }

    /// The exchange through URLSession: every check on Apple platforms (on Linux only where
    /// libcurl support is not compiled in). Tests call it directly to run this path on Linux too.
    func exchangeThroughURLSession(
        _ url: URL, deliveryStall: (@Sendable () -> Void)? = nil
    ) async -> (outcome: ServerVersionTransfer.Outcome, statistics: ServerVersionTransfer.Statistics?) {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue(Self.acceptHeader, forHTTPHeaderField: "Accept")
        request.cachePolicy = .reloadIgnoringLocalCacheData

        let configuration = URLSessionConfiguration.ephemeral
        // URLSession's own timeouts are whole seconds on some platforms; they only
        // back up the transfer's exact timers.
        configuration.timeoutIntervalForRequest = max(1, options.totalTimeout.secondsValue.rounded(.up) + 1)
        configuration.timeoutIntervalForResource = max(1, options.totalTimeout.secondsValue.rounded(.up) + 1)
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never

        let transfer = ServerVersionTransfer(url: url, options: options, deliveryStall: deliveryStall)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let result = await withTaskCancellationHandler {
            await transfer.run(request, in: session)
        } onCancel: {
            transfer.cancel()
        }
        return (result, transfer.statistics)
    }

    /// Parses `addressText` (see ``ServerAddress``) and checks that server.
    ///
    /// - Throws: ``ServerVersionError``, always.
    public func version(of addressText: String) async throws(ServerVersionError) -> ServerVersion {
        try await version(of: ServerAddress(addressText))
    }

    /// Refuses plain http unless the host is loopback, or on the local network
    /// with the debug-only opt-in. Nothing is sent when this throws.
    ///
    /// - Throws: ``ServerVersionError/insecureAddress(_:isLocalNetwork:)``.
    public func checkTransport(of address: ServerAddress) throws(ServerVersionError) {
        if address.isHTTPS { return }
        switch address.hostKind {
        case .loopback: return
        case .localNetwork where options.permitsInsecureLocalNetwork: return
        case .localNetwork: throw .insecureAddress(address.baseURL, isLocalNetwork: true)
        case .publicInternet: throw .insecureAddress(address.baseURL, isLocalNetwork: false)
        }
    }
}
