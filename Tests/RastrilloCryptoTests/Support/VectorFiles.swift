import Foundation
import RastrilloCrypto
import RastrilloJSON

/// A test failure with a message.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The committed copy of the upstream vectors (test resources).
enum VectorFiles {
    static var directory: URL {
        Bundle.module.url(forResource: "Vectors", withExtension: nil)!
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(path)))
    }

    static func object(_ path: String) throws -> JSONObject {
        try JSONReader().read(try bytes(path)).value.object()
    }

    /// The upstream directory, when this machine has it: `$RASTRILLO_VECTORS`,
    /// else `../shared/vectors/rastrillo` beside the repository checkout.
    static let upstream: URL = {
        if let path = ProcessInfo.processInfo.environment["RASTRILLO_VECTORS"] {
            return URL(fileURLWithPath: path)
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/vectors/rastrillo")
    }()
}

extension JSONValue {
    func object() throws -> JSONObject {
        guard let object = objectValue else { throw TestFailure("expected an object, found \(kindName)") }
        return object
    }
}

extension JSONObject {
    func object(_ key: String) throws -> JSONObject {
        guard let value = self[key] else { throw TestFailure("missing \(key)") }
        return try value.value.object()
    }

    func string(_ key: String) throws -> String {
        guard let value = self[key]?.value.stringValue else { throw TestFailure("missing string \(key)") }
        return value
    }

    func base64(_ key: String) throws -> [UInt8] {
        try Base64.decode(try string(key), what: key)
    }

    func base64url(_ key: String) throws -> [UInt8] {
        try Base64.decode(try string(key), alphabet: .url, padding: .forbidden, what: key)
    }
}
