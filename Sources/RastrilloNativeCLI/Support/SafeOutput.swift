import Foundation

/// The one way the CLI writes files: never through a symbolic link inside the destination, and
/// never over anything but a regular file (`--force` replaces files, not links, devices, pipes
/// or folders). Each refusal names the path and what to do.
enum SafeOutput {
    /// Why a path was not written.
    struct Refusal: Error, CustomStringConvertible {
        let path: String
        let problem: String

        var description: String { "refusing to write '\(path)': \(problem)" }
    }

    /// What is at `path`, read without following a final symbolic link (`nil`: nothing).
    static func kind(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    static func describe(_ kind: FileAttributeType) -> String {
        switch kind {
        case .typeSymbolicLink: return "it is a symbolic link"
        case .typeDirectory: return "it is a folder"
        case .typeCharacterSpecial, .typeBlockSpecial: return "it is a device"
        case .typeSocket: return "it is a socket"
        default: return "it is not a regular file (a pipe or another special file)"
        }
    }

    /// Makes `relative`'s folders below `root`, one component at a time, refusing a component
    /// that exists as anything but a real folder (a symbolic link to one included).
    static func makeFolders(_ relative: [String], under root: URL) throws(Refusal) {
        var url = root
        for component in relative {
            url.appendPathComponent(component)
            switch kind(url.path) {
            case nil:
                do {
                    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                } catch {
                    throw Refusal(
                        path: url.path, problem: "the folder could not be made (\(error.localizedDescription))")
                }
            case .typeDirectory?: continue
            case let other?:
                throw Refusal(
                    path: url.path, problem: "\(describe(other)), not a folder; remove it or choose another place")
            }
        }
    }

    /// Writes `data` to `url` (atomically: a new file renamed into place), refusing when a
    /// non-regular file is there.
    static func write(_ data: Data, to url: URL) throws(Refusal) {
        if let existing = kind(url.path), existing != .typeRegular {
            throw Refusal(path: url.path, problem: "\(describe(existing)); remove it or choose another path")
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw Refusal(path: url.path, problem: "it could not be written (\(error.localizedDescription))")
        }
    }

    /// Writes `data` to `relative` (a `/`-separated path) under `root`: its folders are made
    /// with ``makeFolders(_:under:)``, so nothing is written outside `root` through a link.
    static func write(_ data: Data, to relative: String, under root: URL) throws(Refusal) {
        let components = relative.split(separator: "/").map(String.init)
        guard let name = components.last, !components.contains(".."), !components.contains(".") else {
            throw Refusal(path: relative, problem: "the path is not a plain relative path")
        }
        try makeFolders(Array(components.dropLast()), under: root)
        var url = root
        for component in components.dropLast() { url.appendPathComponent(component) }
        try write(data, to: url.appendingPathComponent(name))
    }

    /// `text` quoted for a POSIX shell: as it is when it holds only characters no shell reads
    /// specially, else in single quotes (a `'` inside written as `'\''`).
    static func shellQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || "-_./+,:@%=".utf8.contains(byte)
            }
        if plain { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
