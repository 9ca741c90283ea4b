import Foundation

/// Where the person's servers are kept between launches.
///
/// The app uses ``userDefaults(_:)`` (declared in PrivacyInfo.xcprivacy, reason CA92.1: read and
/// written only by this app); tests use `inMemory(_:)`.
@MainActor
public struct AddressStore {
    /// Reads the kept servers; `nil` when nothing was ever kept (a first launch).
    public let load: () -> [SavedServer]?
    /// Keeps the list.
    public let save: ([SavedServer]) -> Void

    /// Creates a store from two closures.
    public init(load: @escaping () -> [SavedServer]?, save: @escaping ([SavedServer]) -> Void) {
        self.load = load
        self.save = save
    }

    /// Keeps the list in `defaults` under ``CompanionDefaults/serversDefaultsKey``, one
    /// `["id": …, "address": …]` dictionary per server.
    ///
    /// Migration from the one address earlier versions kept under
    /// ``CompanionDefaults/addressDefaultsKey``: while no list has been kept, that address
    /// (exactly as typed, valid or not) becomes the list's one server, and the list is kept at
    /// once so the server keeps its id. The old key is left as it was. An empty old address
    /// (earlier versions' Remove Server) migrates to an empty list. An entry whose id is not a
    /// UUID keeps its address under a new id.
    public static func userDefaults(_ defaults: UserDefaults = .standard) -> AddressStore {
        let save: ([SavedServer]) -> Void = { servers in
            defaults.set(
                servers.map { ["id": $0.id.uuidString, "address": $0.address] },
                forKey: CompanionDefaults.serversDefaultsKey)
        }
        return AddressStore(
            load: {
                if let entries = defaults.array(forKey: CompanionDefaults.serversDefaultsKey) {
                    return entries.compactMap { entry in
                        guard let entry = entry as? [String: Any], let address = entry["address"] as? String else {
                            return nil
                        }
                        let id = (entry["id"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID()
                        return SavedServer(id: id, address: address)
                    }
                }
                guard let address = defaults.string(forKey: CompanionDefaults.addressDefaultsKey) else { return nil }
                let migrated =
                    address.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    ? [] : [SavedServer(address: address)]
                save(migrated)
                return migrated
            },
            save: save)
    }

    /// Keeps the list in memory only; `nil` behaves as a first launch.
    public static func inMemory(_ initial: [SavedServer]? = nil) -> AddressStore {
        final class Box {
            var value: [SavedServer]?
            init(_ value: [SavedServer]?) { self.value = value }
        }
        let box = Box(initial)
        return AddressStore(load: { box.value }, save: { box.value = $0 })
    }

    /// Keeps one server with `address` in memory.
    public static func inMemory(_ address: String) -> AddressStore {
        inMemory([SavedServer(address: address)])
    }
}
