import Foundation
import RastrilloCrypto
import Testing

/// The committed vector copies are byte-identical to upstream: their SHA-256 sums match the
/// committed SHA256SUMS always, and upstream's SHA256SUMS when this machine has it.
@Suite struct VectorChecksumTests {
    static func sums(_ text: String) -> [String: String] {
        var sums: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2 else { continue }
            var path = String(fields[1])
            if path.hasPrefix("./") { path.removeFirst(2) }
            sums[path] = String(fields[0])
        }
        return sums
    }

    @Test func committedCopiesMatchCommittedSums() throws {
        let sums = Self.sums(String(decoding: try VectorFiles.bytes("SHA256SUMS"), as: UTF8.self))
        #expect(sums.count == 17)
        for (path, expected) in sums {
            #expect(Hex.encode(try Digest.sha256(try VectorFiles.bytes(path))) == expected, "\(path)")
        }
    }

    @Test func committedCopiesMatchUpstreamSumsWhenPresent() throws {
        let upstream = VectorFiles.upstream.appendingPathComponent("SHA256SUMS")
        guard FileManager.default.fileExists(atPath: upstream.path) else {
            print("SKIPPED: upstream SHA256SUMS not on this machine (\(upstream.path))")
            return
        }
        let sums = Self.sums(try String(contentsOf: upstream, encoding: .utf8))
        #expect(!sums.isEmpty)
        for (path, expected) in sums {
            #expect(Hex.encode(try Digest.sha256(try VectorFiles.bytes(path))) == expected, "\(path)")
        }
    }

    @Test func everyUpstreamFileIsCopiedByteForByteWhenPresent() throws {
        let upstream = VectorFiles.upstream
        guard FileManager.default.fileExists(atPath: upstream.path),
            let walker = FileManager.default.enumerator(atPath: upstream.path)
        else {
            print("SKIPPED: upstream vectors not on this machine (\(upstream.path))")
            return
        }
        var compared = 0
        for case let path as String in walker {
            var isDirectory: ObjCBool = false
            let file = upstream.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                continue
            }
            #expect(Array(try Data(contentsOf: file)) == (try VectorFiles.bytes(path)), "\(path)")
            compared += 1
        }
        #expect(compared == 19)
    }

    @Test func sha256KnownAnswer() throws {
        #expect(
            Hex.encode(try Digest.sha256(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
