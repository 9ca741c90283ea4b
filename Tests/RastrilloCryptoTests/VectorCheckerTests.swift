import RastrilloCrypto
import Testing

/// `VectorChecker` replays upstream files and `VectorMaker` output, and reports tampering.
@Suite struct VectorCheckerTests {
    @Test(arguments: [
        ("crypto/golden.json", VectorSchema.crypto, 10), ("crypto/invites.json", .invites, 12),
        ("keyring/golden.json", .keyring, 10), ("assertion/golden.json", .assertion, 1),
    ])
    func upstreamFilesPass(path: String, schema: VectorSchema, count: Int) throws {
        let report = try VectorChecker.check(try VectorFiles.bytes(path), file: path)
        #expect(report.schema == schema)
        #expect(report.checks.count == count)
        for check in report.checks { #expect(check.passed, "\(path): \(check.name): \(check.detail)") }
    }

    @Test(arguments: VectorSchema.allCases)
    func madeFilesPass(schema: VectorSchema) throws {
        let text = try VectorMaker.make(schema, now: 1_700_000_000)
        let report = try VectorChecker.check(Array(text.utf8), file: "made")
        #expect(report.schema == schema)
        #expect(!report.checks.isEmpty)
        for check in report.checks { #expect(check.passed, "\(schema): \(check.name): \(check.detail)") }
    }

    @Test func tamperedValuesFailTheirCheck() throws {
        var text = String(decoding: try VectorFiles.bytes("crypto/golden.json"), as: UTF8.self)
        text = text.replacingOccurrences(
            of: "bxlbuQ3mwAeeVdwg8FxlFRfuyhzwwCbcCmYylBKgQi4=", with: "cxlbuQ3mwAeeVdwg8FxlFRfuyhzwwCbcCmYylBKgQi4=")
        let report = try VectorChecker.check(Array(text.utf8), file: "tampered")
        let failed = report.checks.filter { !$0.passed }.map(\.name)
        #expect(failed == ["repokey.derive.pack = Derive(key, \"amadan-pack-v1\")"])
    }

    @Test func assertionSettingsOverrideThePayload() throws {
        let bytes = try VectorFiles.bytes("assertion/golden.json")
        let late = try VectorChecker.check(bytes, file: "a", assertion: .init(now: 1_700_000_120))
        #expect(late.checks.map(\.passed) == [false])
        #expect(late.checks[0].detail.contains("expired"))
        let other = try VectorChecker.check(bytes, file: "a", assertion: .init(audience: "https://other.example.com"))
        #expect(other.checks[0].detail.contains("wrong audience"))
        let kid = try VectorChecker.check(bytes, file: "a", assertion: .init(keyID: "key_2"))
        #expect(kid.checks[0].detail.contains("unknown key"))
    }

    @Test func unknownSchemaIsRefused() {
        #expect(throws: CryptoError.self) { try VectorChecker.check(Array(#"{"x":1}"#.utf8), file: "x.json") }
        #expect(throws: CryptoError.self) { try VectorChecker.check(Array("not json".utf8), file: "x.json") }
    }
}
