@testable import RastrilloNative

/// `fuzz-head`: any bytes as a server's response head, cut into lines after each `\n` and fed to
/// `HTTPResponseHead` the way both Linux transfers feed it. After every line its state must be
/// what a separate, naive reading of the documented rules gives (each byte read as one Latin-1
/// character, so nothing is repaired): refused exactly when the rules refuse, the same status,
/// completeness and headers, and the same declared length or refusal of `Content-Length`.
enum HeadCheck {
    /// The rules, read naively.
    struct Model {
        var status: Int?
        var headers: [(name: [UInt8], value: [UInt8])] = []
        var isComplete = false
        var length = 0

        /// `nil` when the line is accepted; otherwise the refusal the rules give.
        mutating func add(_ line: [UInt8]) -> HTTPResponseHead.Problem? {
            if isComplete { return nil }
            length += line.count
            if length > 16_384 { return .tooLong }
            var text = String(line.map { Character(Unicode.Scalar($0)) })
            while text.hasSuffix("\n") || text.hasSuffix("\r") || text.hasSuffix("\r\n") { text.removeLast() }
            let bytes = text.unicodeScalars.map { UInt8($0.value) }
            if status == nil {
                // RFC 9112 §2.3: HTTP/1.<digit> (both transfers speak HTTP/1.1 only).
                let version = /HTTP\/1\.[0-9]/
                guard let match = text.wholeMatch(of: /(HTTP\/[^ ]*) ([0-9]{3})( .*)?/.dotMatchesNewlines()),
                    (try? version.wholeMatch(in: String(match.1))) != nil, let code = Int(match.2)
                else { return .notHTTP }
                status = code
                headers = []
                return nil
            }
            if bytes.isEmpty {
                if status! >= 100 && status! <= 199 { status = nil } else { isComplete = true }
                return nil
            }
            guard let colon = bytes.firstIndex(of: 58) else { return nil }
            var value = Array(bytes[(colon + 1)...])
            while value.first == 32 || value.first == 9 { value.removeFirst() }
            while value.last == 32 || value.last == 9 { value.removeLast() }
            headers.append((Array(bytes[..<colon]), value))
            return nil
        }

        func named(_ name: String) -> [UInt8]? { all(name).first }

        /// Every value of the headers called `name` (ASCII case only), in order.
        func all(_ name: String) -> [[UInt8]] {
            let wanted = Array(name.lowercased().utf8)
            return headers.filter { header in
                header.name.count == wanted.count
                    && zip(header.name, wanted).allSatisfy { ($0 >= 65 && $0 <= 90 ? $0 + 32 : $0) == $1 }
            }.map(\.value)
        }

        /// The declared length, `.some(nil)` for none, or `nil` when the rules refuse it.
        func declaredLength() -> Int64?? {
            if named("transfer-encoding") != nil { return .some(nil) }
            guard let value = named("content-length") else { return .some(nil) }
            // RFC 9112 §6.3: the same field with another value is unrecoverable.
            guard all("content-length").allSatisfy({ $0 == value }) else { return nil }
            guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return .some(Int64(String(decoding: value, as: UTF8.self))!)
        }
    }

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        var lines: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 10 {
            lines.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }

        try check(lines, bytes)
    }

    static func check(_ lines: [[UInt8]], _ bytes: [UInt8]) throws(PropertyViolation) {
        var head = HTTPResponseHead()
        var model = Model()
        for line in lines {
            let expected = model.add(line)
            var problem: HTTPResponseHead.Problem?
            do { try head.add(line) } catch { problem = error }
            try require(
                problem == expected,
                "line \(escaped(line)): \(String(describing: problem)), rules say \(String(describing: expected))")
            if problem != nil { return }
            try require(
                head.status == model.status,
                "status \(String(describing: head.status)) after \(escaped(line)), rules say \(String(describing: model.status))"
            )
            try require(head.isComplete == model.isComplete, "complete \(head.isComplete) after \(escaped(line))")
            try require(
                head.headers.count == model.headers.count,
                "\(head.headers.count) headers after \(escaped(line)), rules say \(model.headers.count)")
            for (read, rule) in zip(head.headers, model.headers) {
                try require(
                    read.name == String(decoding: rule.name, as: UTF8.self)
                        && read.value == String(decoding: rule.value, as: UTF8.self),
                    "header \(escaped(Array(read.name.utf8))): \(escaped(Array(read.value.utf8))) after \(escaped(line))"
                )
            }
        }
        let declared: Int64??
        do { declared = .some(try head.declaredLength()) } catch { declared = nil }
        let expected = model.declaredLength()
        try require(
            declared == expected,
            "declared length \(String(describing: declared)), rules say \(String(describing: expected)) for \(escaped(bytes))"
        )
    }
}
