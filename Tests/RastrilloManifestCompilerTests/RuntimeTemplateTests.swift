import Foundation
import Testing

@testable import RastrilloManifestCompiler

/// The runtimes in `Sources/RastrilloManifestCompiler/Runtime/` are embedded whole, and an
/// emitter that leaves a slot unfilled (or fills one the file lacks) is an error.
@Suite("Runtime templates")
struct RuntimeTemplateTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/RastrilloManifestCompiler/Runtime")

    @Test("every .js and .ts file of Runtime/ is embedded, with its text and stand-ins as written")
    func everyFileIsEmbedded() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".js") || $0.hasSuffix(".ts") }.sorted()
        #expect(RuntimeTemplate.all.map(\.name).sorted() == files)
        for template in RuntimeTemplate.all {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(template.name), encoding: .utf8)
            // Filling each slot with a marker and dropping the stand-ins gives the file back.
            var expected = ""
            var inSlot = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                if line.hasPrefix("// @slot ") {
                    inSlot = true
                    expected += "<\(line.dropFirst(9))>"
                } else if line.hasPrefix("// @end ") {
                    inSlot = false
                } else if !inSlot {
                    expected += line + "\n"
                }
            }
            let filled = try template.filled(Dictionary(uniqueKeysWithValues: template.slots.map { ($0, "<\($0)>") }))
            #expect(filled == expected, "\(template.name)")
            #expect(!template.slots.isEmpty, "\(template.name)")
        }
    }

    @Test("a slot left unfilled or a value for a slot the file lacks is an error naming both")
    func fillingIsExact() throws {
        let template = RuntimeTemplate(name: "t.js", parts: [.slot("header"), .text("x\n"), .slot("body")])
        #expect(try template.filled(["header": "// h\n", "body": "y\n"]) == "// h\nx\ny\n")
        #expect(throws: RuntimeTemplate.FillError(file: "t.js", missing: ["body"], unknown: [])) {
            try template.filled(["header": ""])
        }
        #expect(throws: RuntimeTemplate.FillError(file: "t.js", missing: [], unknown: ["bodi"])) {
            try template.filled(["header": "", "body": "", "bodi": ""])
        }
        let error = RuntimeTemplate.FillError(file: "t.js", missing: ["body"], unknown: ["bodi"])
        #expect(
            error.description == "Runtime/t.js: no text for slot(s) body; no slot(s) named bodi; the emitter "
                + "must fill exactly the file's slots (// @slot name … // @end name)")
    }
}
