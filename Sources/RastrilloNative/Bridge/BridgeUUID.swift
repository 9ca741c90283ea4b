import Foundation

/// UUID text in the bridge's one form: 36 characters, 8-4-4-4-12 hex digits. Parsed and written
/// here rather than through `UUID(uuidString:)`/`uuidString`, which are slow on Linux and write
/// uppercase where `crypto.randomUUID()` writes lowercase.
enum BridgeUUID {

    /// The UUID, or `nil` unless `utf8` is exactly the 36-character form.
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        let dash = UInt8(ascii: "-")
        guard utf8.count == 36, utf8[8] == dash, utf8[13] == dash, utf8[18] == dash, utf8[23] == dash else {
            return nil
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
            var cursor = 0
            for byteIndex in 0..<16 {
                // The dashes sit before bytes 4, 6, 8 and 10 (checked above).
                if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 { cursor += 1 }
                guard let high = PercentDecoding.hexValue(utf8[cursor]),
                    let low = PercentDecoding.hexValue(utf8[cursor + 1])
                else { return false }
                bytes[byteIndex] = high << 4 | low
                cursor += 2
            }
            return true
        }
        return valid ? UUID(uuid: uuid) : nil
    }

    /// The lowercase 36-character form.
    static func format(_ uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: 36) { out in write(uuid, into: out) }
    }

    /// Appends the lowercase 36-character form, quoted as a JSON string (it needs no escapes).
    static func appendQuoted(_ uuid: UUID, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { buffer in
            buffer[0] = UInt8(ascii: "\"")
            let count = write(uuid, into: UnsafeMutableBufferPointer(rebasing: buffer[1..<37]))
            buffer[count + 1] = UInt8(ascii: "\"")
            bytes.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    /// Writes the 36-character form into `out` (at least 36 bytes); returns 36.
    private static func write(_ uuid: UUID, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        withUnsafeBytes(of: uuid.uuid) { raw in
            let digits: StaticString = "0123456789abcdef"
            var cursor = 0
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    out[cursor] = UInt8(ascii: "-")
                    cursor += 1
                }
                out[cursor] = digits.utf8Start[Int(byte >> 4)]
                out[cursor + 1] = digits.utf8Start[Int(byte & 0x0F)]
                cursor += 2
            }
            return cursor
        }
    }

}
