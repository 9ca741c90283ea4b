/// Values the companion starts with. `rastrillo-native companion new --server`
/// rewrites ``serverAddress``.
public enum CompanionDefaults {
    /// The server the list starts with on a first launch.
    public static let serverAddress = "https://example.com"

    /// The user-defaults key under which the server list is kept
    /// (declared in PrivacyInfo.xcprivacy, reason CA92.1).
    public static let serversDefaultsKey = "servers"

    /// The user-defaults key under which earlier versions kept the one typed server address;
    /// read once, to migrate it into the list (``AddressStore/userDefaults(_:)``).
    public static let addressDefaultsKey = "serverAddress"
}
