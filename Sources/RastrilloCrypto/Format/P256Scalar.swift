/// P-256 scalar checks shared by every backend.
enum P256Scalar {
    /// The order n of the P-256 group, big-endian.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// Whether `scalar` is 32 bytes, big-endian, in `1..<n`.
    static func isValid(_ scalar: [UInt8]) -> Bool {
        guard scalar.count == 32, scalar.contains(where: { $0 != 0 }) else { return false }
        for (byte, limit) in zip(scalar, order) where byte != limit {
            return byte < limit
        }
        return false
    }

    /// A fresh random valid scalar.
    static func random(_ backend: any CryptoBackend) throws(CryptoError) -> [UInt8] {
        while true {
            let candidate = try backend.randomBytes(32)
            if isValid(candidate) { return candidate }
        }
    }
}
