import Foundation

/// UUID text in the bridge's one form: 36 characters, 8-4-4-4-12 hex digits. Parsed and written
/// here rather than through `UUID(uuidString:)`/`uuidString`, which are slow on Linux and write
/// uppercase where `crypto.randomUUID()` writes lowercase.
enum BridgeUUID {

    /// The UUID, or `nil` unless `utf8` is exactly the 36-character form (the router's `uuid`
    /// params are read with it too).
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        let dash = UInt8(ascii: "-")
        guard utf8.count == 36, utf8[8] == dash, utf8[13] == dash, utf8[18] == dash, utf8[23] == dash else {
            return nil
        }
        // The 32 digits as two 64-bit halves, four bits at a time; `invalid` collects a non-digit.
        var invalid = false
        var high: UInt64 = 0
        var low: UInt64 = 0
        @inline(__always) func accumulate(_ value: inout UInt64, _ range: Range<Int>) {
            for index in range {
                let byte = utf8[index]
                let digit = byte &- UInt8(ascii: "0")
                let letter = (byte | 0x20) &- UInt8(ascii: "a")
                invalid = invalid || (digit >= 10 && letter >= 6)
                value = value << 4 | UInt64(digit < 10 ? digit : letter &+ 10)
            }
        }
        accumulate(&high, 0..<8)
        accumulate(&high, 9..<13)
        accumulate(&high, 14..<18)
        accumulate(&low, 19..<23)
        accumulate(&low, 24..<36)
        guard !invalid else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: uuid)
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
