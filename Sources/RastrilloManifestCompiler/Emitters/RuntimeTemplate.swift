import Foundation

/// A JavaScript or TypeScript file of `Runtime/`, compiled into the target.
///
/// The files there (`app-manifest.js`, `app-manifest.d.ts`, `bridge.js`, `bridge.d.ts`) are the
/// fixed parts of the modules `manifest build` writes, kept as ordinary files so a change reads
/// as a JavaScript diff and `make runtime-check` can run `node --check` and `tsc --strict` on
/// them alone. `runtime-template-embedder` (`make runtime-embed`) writes every `*.js`, `*.ts` and
/// `*.d.ts` file of that folder into `RuntimeTemplates+Embedded.swift` as a static property
/// (`bridge.js` becomes ``bridgeJS``, `page-actions.js` would become `pageActionsJS`), so the
/// binaries carry them. Adding a runtime: add its file to `Runtime/`, run `make runtime-embed`, fill it in
/// an emitter with ``filling(_:)``. RuntimeTemplateTests and `make runtime-check` fail while the
/// Swift file is stale.
///
/// A slot is the lines from `// @slot name` to `// @end name`, each marker alone on its line:
/// the lines between are a stand-in that keeps the file valid on its own, and the emitter
/// replaces the whole slot (markers included) with the text it generates. The embedder refuses
/// a malformed slot when it writes the Swift file; ``filled(_:)`` refuses a slot left unfilled and a value for a
/// slot the file does not have, so nothing is dropped or left in place silently.
struct RuntimeTemplate: Sendable {
    /// A piece of the file: text kept as written, or a slot the emitter fills.
    enum Part: Sendable, Equatable {
        case text(String)
        case slot(String)

        /// Fixed text from its base64 form (how the embedder writes it, keeping the runtimes out
        /// of Swift string literals).
        static func text(base64: String) -> Part {
            guard let data = Data(base64Encoded: base64) else { preconditionFailure("invalid base64 in a runtime") }
            return .text(String(decoding: data, as: UTF8.self))
        }
    }

    /// The file name in `Runtime/`.
    let name: String
    /// The file, in order.
    let parts: [Part]

    /// The slot names, in order.
    var slots: [String] {
        parts.compactMap {
            if case .slot(let name) = $0 { return name }
            return nil
        }
    }

    /// Why a template could not be filled.
    struct FillError: Error, Equatable, CustomStringConvertible {
        let file: String
        let missing: [String]
        let unknown: [String]

        var description: String {
            var problems: [String] = []
            if !missing.isEmpty { problems.append("no text for slot(s) \(missing.joined(separator: ", "))") }
            if !unknown.isEmpty { problems.append("no slot(s) named \(unknown.joined(separator: ", "))") }
            return "Runtime/\(file): \(problems.joined(separator: "; ")); the emitter must fill exactly the "
                + "file's slots (// @slot name … // @end name)"
        }
    }

    /// The file with every slot replaced by `values[slot]`; throws unless `values` names
    /// exactly the file's slots.
    func filled(_ values: [String: String]) throws(FillError) -> String {
        let names = Set(slots)
        let missing = slots.filter { values[$0] == nil }
        let unknown = values.keys.filter { !names.contains($0) }.sorted()
        guard missing.isEmpty, unknown.isEmpty else { throw FillError(file: name, missing: missing, unknown: unknown) }
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .slot(let slot): out += values[slot] ?? ""
            }
        }
        return out
    }

    /// ``filled(_:)`` for an emitter: the templates ship with their emitters, so a mismatch is a
    /// defect of this package (the manifest compiler tests fill every template); it stops with
    /// the message rather than writing a module with a slot missing.
    func filling(_ values: [String: String]) -> String {
        do {
            return try filled(values)
        } catch {
            preconditionFailure(error.description)
        }
    }
}
