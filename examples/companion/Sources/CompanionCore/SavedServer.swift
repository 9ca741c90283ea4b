import Foundation
import RastrilloNative

/// One server in the person's list: a stable id (the `serverID` of `/servers/{serverID}`, kept
/// across launches so links and restored windows find it again) and the address as it was kept.
public struct SavedServer: Identifiable, Hashable, Codable, Sendable {
    /// The server's id in the list and in `/servers/{serverID}`.
    public let id: UUID
    /// The address as kept: normalized when added through the form, as typed for one migrated
    /// from the single address earlier versions kept.
    public let address: String

    /// A server with `id` and `address`.
    public init(id: UUID = UUID(), address: String) {
        self.id = id
        self.address = address
    }

    /// The base URL when the address is valid (for copy, open and share); `nil` otherwise.
    public var baseURL: URL? {
        try? ServerAddress(address).baseURL
    }

    /// What Copy Address copies: the base URL, or the address as kept when it is not valid.
    public var copyText: String {
        baseURL?.absoluteString ?? address
    }
}
