import Foundation

/// Where the typed server address is kept between launches.
///
/// The app uses ``userDefaults(_:)`` (declared in PrivacyInfo.xcprivacy,
/// reason CA92.1: read and written only by this app); tests use ``inMemory(_:)``.
@MainActor
public struct AddressStore {
    /// Reads the kept address, if any.
    public let load: () -> String?
    /// Keeps an address.
    public let save: (String) -> Void

    /// Creates a store from two closures.
    public init(load: @escaping () -> String?, save: @escaping (String) -> Void) {
        self.load = load
        self.save = save
    }

    /// Keeps the address in `defaults` under ``CompanionDefaults/addressDefaultsKey``.
    public static func userDefaults(_ defaults: UserDefaults = .standard) -> AddressStore {
        AddressStore(
            load: { defaults.string(forKey: CompanionDefaults.addressDefaultsKey) },
            save: { defaults.set($0, forKey: CompanionDefaults.addressDefaultsKey) }
        )
    }

    /// Keeps the address in memory only.
    public static func inMemory(_ initial: String? = nil) -> AddressStore {
        final class Box {
            var value: String?
            init(_ value: String?) { self.value = value }
        }
        let box = Box(initial)
        return AddressStore(load: { box.value }, save: { box.value = $0 })
    }
}
