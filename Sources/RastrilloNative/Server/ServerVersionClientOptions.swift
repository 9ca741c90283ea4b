extension ServerVersionClient {
    /// Timeouts, the body cap and the debug-only insecure opt-in of a ``ServerVersionClient``.
    ///
    /// ```swift
    /// var options = ServerVersionClient.Options()
    /// options.connectTimeout = .seconds(5)
    /// #if DEBUG
    ///     options.allowsInsecureLocalNetwork = true  // http://192.168.1.20:8080 during development
    /// #endif
    /// let client = ServerVersionClient(options: options)
    /// ```
    public struct Options: Sendable, Hashable {
        /// How long the server may take to start answering: connecting, TLS and the
        /// response head. Default 10 seconds.
        public var connectTimeout: Duration
        /// How long the whole exchange may take, body included. Default 30 seconds.
        public var totalTimeout: Duration
        /// The largest body read, in bytes (default ``ServerVersion/defaultMaximumLength``).
        /// A longer announced Content-Length is refused before reading; a longer
        /// body is cancelled as soon as it passes the cap.
        public var maximumBodyLength: Int

        #if DEBUG
            /// Debug builds only: allow plain http to a host on the local network
            /// (a private address, `*.local`, or a single-label name). Off by default.
            /// The property does not exist in release builds, so a release build
            /// cannot turn it on. Public hosts always need https.
            public var allowsInsecureLocalNetwork = false
        #endif

        /// Creates options; the defaults suit an app's version check.
        public init(
            connectTimeout: Duration = .seconds(10),
            totalTimeout: Duration = .seconds(30),
            maximumBodyLength: Int = ServerVersion.defaultMaximumLength
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maximumBodyLength = maximumBodyLength
        }

        /// Whether plain http to the local network is allowed (always `false` in release builds).
        var permitsInsecureLocalNetwork: Bool {
            #if DEBUG
                return allowsInsecureLocalNetwork
            #else
                return false
            #endif
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var secondsValue: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
