import Foundation
import RastrilloTestSupport

@testable import RastrilloNativeCLI

/// Parses documents with PyYAML (`yaml.safe_load`, installed into the project venv by `make setup`) in
/// one python3 process and returns each as canonical JSON (sorted keys,
/// ASCII-escaped, compact), or `nil` when PyYAML refuses it.
enum PyYAMLOracle {
    static let script = """
        import json, sys, yaml
        out = []
        for doc in json.load(sys.stdin):
            try:
                out.append(json.dumps(yaml.safe_load(doc), sort_keys=True, ensure_ascii=True, separators=(",", ":")))
            except Exception as e:
                out.append(None)
        json.dump(out, sys.stdout)
        """

    static func canonicalJSON(of documents: [String]) throws -> [String?] {
        let payload = try JSONSerialization.data(withJSONObject: documents)
        let python = try ChildProcess(["python3", "-c", script], input: true)
        defer { python.stop() }
        // Read on another thread while writing, so neither pipe can fill up and block.
        let reader = Thread.detachedRead(python.output)
        python.input?.write(payload)
        try python.input?.close()
        let data = reader.wait()
        let status = python.waitForExit()
        guard status == 0 else { throw OracleError.pythonFailed(status) }
        guard let results = try JSONSerialization.jsonObject(with: data) as? [Any] else { throw OracleError.badOutput }
        return results.map { $0 as? String }
    }

    enum OracleError: Error {
        case pythonFailed(Int32)
        case badOutput
    }

    /// The same canonical JSON for a ``YAMLNode`` tree.
    static func canonicalJSON(of node: YAMLNode) -> String {
        switch node.value {
        case .null: return "null"
        case .boolean(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .string(let text): return quote(text)
        case .sequence(let items): return "[" + items.map(canonicalJSON).joined(separator: ",") + "]"
        case .mapping(let entries):
            let sorted = entries.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            return "{" + sorted.map { quote($0.key) + ":" + canonicalJSON(of: $0.value) }.joined(separator: ",") + "}"
        }
    }

    /// Python's `json.dumps(..., ensure_ascii=True)` string form.
    static func quote(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(unit)!)
            default:
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }
}

/// Reads a file handle to its end on a separate thread.
///
/// `@unchecked Sendable`: `data` is written by the reading thread before it
/// signals `done` and read only after `wait()` returns.
final class DetachedRead: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

extension Thread {
    static func detachedRead(_ handle: FileHandle) -> DetachedRead { DetachedRead(handle) }
}
