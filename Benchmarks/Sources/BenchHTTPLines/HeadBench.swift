import Foundation

/// `rastrillo-bench head`: a response head dripped one byte per read, as a hostile server sends
/// it, read by the transfers' line finder (`CRLFScanner`, the package's own file compiled here
/// as it is) against a baseline in the same run: a naive reader that searches the whole head
/// read so far for its end after every byte (what made a dripped head quadratic). It prints the time per byte of the
/// head at 1, 4 and 16 KB for both and the ratio of 16 KB's per-byte time to 1 KB's: flat (about
/// 1×) for the scanner, growing with the head for the baseline.
public enum HeadBench {
    /// A head of `size` bytes: a status line and `X-Pad` header lines of about 60 bytes, then the
    /// blank line.
    static func head(size: Int) -> [UInt8] {
        var text = "HTTP/1.1 200 OK\r\n"
        var index = 0
        while text.utf8.count < size - 64 {
            text += "X-Pad-\(index): " + String(repeating: "a", count: 44) + "\r\n"
            index += 1
        }
        return Array((text + "\r\n").utf8)
    }

    /// Feeds `head` one byte at a time, finding every line as soon as its CRLF arrives; returns
    /// the lines found (so the work cannot be skipped).
    static func dripped(_ head: [UInt8]) -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(head.count)
        var scanner = CRLFScanner()
        var start = 0
        var lines = 0
        for byte in head {
            buffer.append(byte)
            while let line = scanner.nextLine(in: buffer, from: start) {
                start = line.upperBound
                lines += 1
            }
        }
        return lines
    }

    /// The baseline, a naive head reader: after every byte, search the whole head read so far for
    /// the blank line that ends it (what made a dripped head quadratic), then count its lines.
    static func rescanned(_ head: [UInt8]) -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(head.count)
        for byte in head {
            buffer.append(byte)
            var index = 0
            while index + 3 < buffer.count {
                if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10
                {
                    var lines = 0
                    var at = 0
                    while at + 1 <= index + 3 {
                        if buffer[at] == 13 && buffer[at + 1] == 10 { lines += 1 }
                        at += 1
                    }
                    return lines
                }
                index += 1
            }
        }
        return 0
    }

    /// Nanoseconds per byte of `head`: the median of 7 runs, each repeating the read until it
    /// has taken at least 20 ms.
    static func nanosecondsPerByte(_ head: [UInt8], _ read: ([UInt8]) -> Int) -> Double {
        var samples: [Double] = []
        var sink = 0
        for _ in 0..<7 {
            let clock = ContinuousClock()
            var repeats = 0
            let start = clock.now
            var elapsed = Duration.zero
            repeat {
                sink &+= read(head)
                repeats += 1
                elapsed = start.duration(to: clock.now)
            } while elapsed < .milliseconds(20)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            samples.append(seconds * 1e9 / Double(repeats * head.count))
        }
        if sink == 42 { print("") }  // keeps the reads from being optimized away
        return samples.sorted()[samples.count / 2]
    }

    /// Prints both readers' time per byte at 1, 4 and 16 KB and the 16 KB / 1 KB ratios.
    public static func run() {
        var scanner: [Int: Double] = [:]
        var baseline: [Int: Double] = [:]
        for kilobytes in [1, 4, 16] {
            let head = head(size: kilobytes * 1024)
            precondition(dripped(head) == rescanned(head), "the two readers find different lines")
            scanner[kilobytes] = nanosecondsPerByte(head, dripped)
            baseline[kilobytes] = nanosecondsPerByte(head, rescanned)
            print(
                String(
                    format: "head %2d KB dripped a byte per read: scanner %7.1f ns/byte, rescan baseline %9.1f ns/byte",
                    kilobytes, scanner[kilobytes]!, baseline[kilobytes]!))
        }
        print(
            String(
                format: "per-byte cost 16 KB / 1 KB: scanner %.2f× (goal: flat, ≤ 1.5×), baseline %.2f×",
                scanner[16]! / scanner[1]!, baseline[16]! / baseline[1]!))
    }
}
