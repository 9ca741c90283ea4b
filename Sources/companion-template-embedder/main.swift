// Writes the companion template as Swift source for rastrillo-native.
//
// Usage: companion-template-embedder <output.swift> <variable> <template folder> <relative path>...
// Run by CompanionTemplatePlugin at build time, once per template, which lists the files; the
// output defines `<variable>` (path and base64 bytes of each file, in the order given) in the
// rastrillo-native executable. The file is rewritten only when it changes.

import Foundation

/// `text` as a Swift string literal.
func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

let arguments = CommandLine.arguments
guard arguments.count >= 5 else {
    FileHandle.standardError.write(
        Data(
            "usage: companion-template-embedder <output.swift> <variable> <template folder> <relative path>...\n".utf8
        ))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[1])
let variable = arguments[2]
let root = URL(fileURLWithPath: arguments[3], isDirectory: true)
var lines = [
    "// Generated at build time by companion-template-embedder from \(root.lastPathComponent). Do not edit.",
    "",
    "/// Every file of the examples/\(root.lastPathComponent) template: path and base64 contents.",
    "let \(variable): [(path: String, base64: String)] = [",
]
for path in arguments[4...] {
    guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
        FileHandle.standardError.write(
            Data("error: cannot read template file \(root.appendingPathComponent(path).path)\n".utf8))
        exit(1)
    }
    lines.append("    (path: \(literal(path)), base64: \"\(data.base64EncodedString())\"),")
}
lines += ["]", ""]
let text = Data(lines.joined(separator: "\n").utf8)
if FileManager.default.contents(atPath: output.path) != text {
    do {
        try text.write(to: output, options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("error: cannot write \(output.path): \(error)\n".utf8))
        exit(1)
    }
}
