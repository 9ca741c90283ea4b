import Foundation

/// UUID text in the bridge's one form: 36 characters, 8-4-4-4-12 hex digits. Parsed and written
/// here rather than through `UUID(uuidString:)`/`uuidString`, which are slow on Linux and write
/// uppercase where `crypto.randomUUID()` writes lowercase.
enum BridgeUUID {

    /// The UUID, or `nil` unless `text` is exactly the 36-character form.
    static func parse(_ text: String) -> UUID? {
        let utf8 = text.utf8
        guard utf8.count == 36 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var byteIndex = 0
        var high: UInt8?
        for (offset, character) in utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = hexValue(character) else { return nil }
            if let first = high {
                bytes[byteIndex] = first << 4 | nibble
                byteIndex += 1
                high = nil
            } else {
                high = nibble
            }
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The lowercase 36-character form.
    static func format(_ uuid: UUID) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(36)
        withUnsafeBytes(of: uuid.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
