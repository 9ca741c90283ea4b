#if canImport(FoundationNetworking)
    import Foundation

    /// The one place a GET on Linux picks its transfer, for the version check and the manifest
    /// fetch alike: http through ``ServerVersionSocketTransfer``, https through
    /// ``ServerVersionCurlTransfer`` (refused, saying what to install, when libcurl cannot be
    /// loaded: never a silent fall back to FoundationNetworking's URLSession), any other scheme
    /// refused before anything is sent.
    enum LinuxGET {
        /// What one GET gave, and what its transfer read (for tests).
        typealias Exchange = (
            answer: Result<HTTPGetAnswer, ServerVersionError>, statistics: ServerVersionTransfer.Statistics?
        )

        /// GETs `url` within `options`' deadlines, asked and judged by `rule`; `nil` only for https
        /// where this build has no libcurl support compiled in (the caller uses URLSession then).
        /// `certificateAuthorityFile` (tests only) stands in for `SSL_CERT_FILE`; `deliveryStall`
        /// (tests only) runs where the answer is delivered.
        static func get(
            _ url: URL, options: ServerVersionClient.Options, rule: HTTPGetRule,
            certificateAuthorityFile: String? = nil, deliveryStall: (@Sendable () -> Void)? = nil
        ) async -> Exchange? {
            switch url.scheme?.lowercased() {
            case "http":
                let transfer = ServerVersionSocketTransfer(
                    url: url, options: options, rule: rule, deliveryStall: deliveryStall)
                let answer = await withTaskCancellationHandler {
                    await transfer.run()
                } onCancel: {
                    transfer.cancel()
                }
                return (answer, transfer.statistics)
            case "https":
                #if canImport(CRastrilloCurl)
                    if let refusal = ServerVersionClient.withoutCurl(
                        url, unavailableReason: ServerVersionCurlTransfer.unavailableReason)
                    {
                        return (.failure(refusal), nil)
                    }
                    let transfer = ServerVersionCurlTransfer(
                        url: url, options: options, rule: rule,
                        certificateAuthorityFile: certificateAuthorityFile
                            ?? ProcessInfo.processInfo.environment["SSL_CERT_FILE"],
                        deliveryStall: deliveryStall)
                    let answer = await withTaskCancellationHandler {
                        await transfer.run()
                    } onCancel: {
                        transfer.cancel()
                    }
                    return (answer, transfer.statistics)
                #else
                    return nil
                #endif
            default:
                return (.failure(.unreachable(url, reason: "only http and https URLs are fetched")), nil)
            }
        }
    }
#endif
