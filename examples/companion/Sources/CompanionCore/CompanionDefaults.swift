/// Values the companion starts with. `rastrillo-native companion new --server`
/// rewrites ``serverAddress``.
public enum CompanionDefaults {
    /// The server address shown before the person types one.
    public static let serverAddress = "https://example.com"

    /// The user-defaults key under which the typed server address is kept
    /// (declared in PrivacyInfo.xcprivacy, reason CA92.1).
    public static let addressDefaultsKey = "serverAddress"
}
