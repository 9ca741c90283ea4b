import Foundation

/// `Runtime/page-actions.js`, compiled into the target until the runtime embedder
/// (`RuntimeTemplate`, `make runtime-embed`) carries every runtime file; then this type and its
/// embedded text go and ``PageActionsEmitter/template`` becomes `RuntimeTemplate.pageActionsJS`.
///
/// The file is embedded as base64 (`make page-actions-embed` writes
/// `PageActionsTemplate+Embedded.swift`; a test fails while it is stale), so no JavaScript sits in
/// a Swift string literal. A slot is the lines from `// @slot name` to `// @end name`, each alone on
/// its line and unindented, as the embedder reads them: ``filling(_:)`` replaces each whole slot.
struct PageActionsTemplate: Sendable {
    /// The file's text.
    let text: String

    /// The template from its base64 form.
    init(base64: String) {
        guard let data = Data(base64Encoded: base64) else { preconditionFailure("invalid base64 in a runtime") }
        text = String(decoding: data, as: UTF8.self)
    }

    /// The text with every slot replaced by `values[slot]`; stops when `values` does not name
    /// exactly the file's slots (a defect of this package, which the compiler tests catch).
    func filling(_ values: [String: String]) -> String {
        var out = ""
        var open: String?
        var seen: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("// @slot ") {
                let name = String(line.dropFirst("// @slot ".count))
                precondition(open == nil, "page-actions.js: slot \(name) opens inside another")
                guard let value = values[name] else { preconditionFailure("page-actions.js: no text for slot \(name)") }
                out += value
                open = name
                seen.append(name)
            } else if line.hasPrefix("// @end ") {
                precondition(open == String(line.dropFirst("// @end ".count)), "page-actions.js: unbalanced slot")
                open = nil
            } else if open == nil {
                out += line + "\n"
            }
        }
        precondition(open == nil && Set(seen) == Set(values.keys), "page-actions.js: slots \(seen) ≠ \(values.keys)")
        return out
    }
}
