import RastrilloNative

/// Emits the Swift file: `Destination`, `Command`, `Capability`, the string
/// enums destination params use, and the embedded manifest the runtime
/// `LinkRouter` is compiled from. (Bridge payload types come from the bridge emitter.)
struct SwiftEmitter {
    let manifest: AppManifest
    let manifestJSON: String
    let sourceName: String

    func emit() -> String {
        var w = CodeWriter()
        w.line("// generated from \(CodeText.comment(sourceName)), do not edit")
        w.line("// swift-format-ignore-file")
        w.line()
        w.line("import Foundation")
        w.line("import RastrilloNative")
        w.line()
        emitSource(&w)
        emitDestination(&w)
        emitCapability(&w)
        emitCommand(&w)
        for type in manifest.types { emitNamedType(type, &w) }
        return w.text
    }

    func emitSource(_ w: inout CodeWriter) {
        // Swift refuses a raw DEL (U+007F) anywhere in a source file, even in a raw string; JSON
        // lets a string spell it `\u007f` (it can stand nowhere else in compact JSON). Found by
        // `make fuzz-emit-parse` (swiftc -parse).
        let embedded = manifestJSON.replacingOccurrences(of: "\u{7F}", with: "\\u007f")
        let hashes = String(repeating: "#", count: Self.longestHashRun(in: embedded) + 1)
        precondition(
            !embedded.utf8.contains(UInt8(ascii: "\n")), "the embedded manifest is compact JSON on one line")
        w.block("enum GeneratedManifest {") { w in
            w.line("/// The manifest file this code was generated from.")
            w.line("static let sourceName = \(Self.quoted(sourceName))")
            w.line("/// The manifest, as compact JSON.")
            w.line("static let json = \(hashes)\"\(embedded)\"\(hashes)")
            w.line("/// The decoded manifest. It was validated when this file was generated, so decoding")
            w.line("/// fails only if the RastrilloNative library is older than the generator.")
            w.block("static let manifest: AppManifest = {") { w in
                w.block("do {", close: "} catch {") { w in
                    w.line("return try AppManifest.decode(Array(json.utf8), source: sourceName)")
                }
                w.line("    fatalError(\"\\(error)\")")
            }
            w.line("}()")
            w.line("/// The router compiled from the manifest.")
            w.line("static let router = LinkRouter(manifest: manifest)")
            emitSession(&w)
        }
        w.line()
    }

    /// The manifest's `session`: the sign-in page's destination and the sign-out command.
    func emitSession(_ w: inout CodeWriter) {
        let session = manifest.session
        w.line("/// The destination id of the web app's sign-in page (the manifest's `session.signIn`), or `nil`")
        w.line("/// when the manifest declares no session.")
        w.line("static let signInDestination: String? = \(session.map { Self.quoted($0.signIn) } ?? "nil")")
        w.line("/// The command bound to the web app's sign-out form (`session.signOut`), or `nil`.")
        w.line("static let signOutCommand: Command? = \(session?.signOut.map { "." + $0 } ?? "nil")")
        w.line("/// Which sign-in the web app uses (`session.kind`: `.password`, or `.auth` for Rastrillo's auth), or")
        w.line("/// `nil` without a session; with `.auth`, `manifest.session?.auth` holds its paths.")
        w.line("static let sessionKind: ManifestSession.Kind? = \(session.map { "." + $0.kind.rawValue } ?? "nil")")
    }

    // MARK: Destination

    func emitDestination(_ w: inout CodeWriter) {
        w.line("/// A destination of the app, with its typed params.")
        w.block("enum Destination: Hashable, Codable, Sendable {") { w in
            for destination in manifest.destinations {
                w.line("/// `\(CodeText.comment(destination.pattern.text))`")
                if destination.params.isEmpty {
                    w.line("case \(destination.id)")
                } else {
                    let params = destination.params.map { "\(Self.label($0.name)): \(swiftType($0.type))" }
                    w.line("case \(destination.id)(\(params.joined(separator: ", ")))")
                }
            }
            w.line()
            w.line("/// The destination's manifest id.")
            w.block("var id: String {") { w in
                w.block("switch self {") { w in
                    for destination in manifest.destinations {
                        w.line("case .\(destination.id): return \(Self.quoted(destination.id))")
                    }
                }
            }
            w.line()
            w.line(
                "/// The destination's manifest entry (pattern, presentation, title key, capabilities, link intent).")
            w.block("var metadata: ManifestDestination {") { w in
                w.line("GeneratedManifest.manifest.destinations.first { $0.id == id }!")
            }
            w.line()
            w.line("/// Reads a URL with the manifest's router; `nil` unless it matches a destination.")
            w.block("init?(url: URL) {") { w in
                w.line("guard let match = GeneratedManifest.router.decide(url).match else { return nil }")
                w.line("self.init(match: match)")
            }
            w.line()
            w.line("/// Reads a URL string with the manifest's router; `nil` unless it matches a destination.")
            w.block("init?(string: String) {") { w in
                w.line("guard let match = GeneratedManifest.router.decide(string).match else { return nil }")
                w.line("self.init(match: match)")
            }
            w.line()
            w.line("/// The destination a router match names, with its params converted to their Swift types.")
            w.block("init?(match _match: LinkMatch) {") { w in
                w.block("switch _match.destination {") { w in
                    for destination in manifest.destinations {
                        w.line("case \(Self.quoted(destination.id)):")
                        for (index, param) in destination.params.enumerated() {
                            emitParamRead(param, local: Self.local(index), &w)
                        }
                        if destination.params.isEmpty {
                            w.line("    self = .\(destination.id)")
                        } else {
                            let args = destination.params.enumerated().map {
                                "\(Self.argumentLabel($1.name)): \(Self.local($0))"
                            }
                            .joined(separator: ", ")
                            w.line("    self = .\(destination.id)(\(args))")
                        }
                    }
                    w.line("default: return nil")
                }
            }
            w.line()
            w.line("/// The params as router values, by name.")
            w.block("var params: [String: LinkValue] {") { w in
                w.block("switch self {") { w in
                    for destination in manifest.destinations {
                        if destination.params.isEmpty {
                            w.line("case .\(destination.id): return [:]")
                            continue
                        }
                        let bindings = destination.params.indices.map { "let \(Self.local($0))" }.joined(
                            separator: ", ")
                        w.line("case .\(destination.id)(\(bindings)):")
                        w.line("    var _values: [String: LinkValue] = [:]")
                        for (index, param) in destination.params.enumerated() {
                            let local = Self.local(index)
                            if case .optional(let wrapped) = param.type {
                                w.line(
                                    "    if let \(local) { _values[\(Self.quoted(param.name))] = \(linkValue(local, wrapped)) }"
                                )
                            } else {
                                w.line("    _values[\(Self.quoted(param.name))] = \(linkValue(local, param.type))")
                            }
                        }
                        w.line("    return _values")
                    }
                }
            }
            w.line()
            w.line("/// The URL of this destination on the manifest's first origin; `nil` when a path value")
            w.line("/// cannot appear in a URL (empty, `.` or `..`).")
            w.block("var url: URL? {") { w in
                w.line("GeneratedManifest.manifest.urlString(for: id, params: params).flatMap { URL(string: $0) }")
            }
        }
        w.line()
    }

    /// A param's argument label in the case's declaration: its name. Swift takes any keyword as
    /// a label there but `inout`, `var` and `let`, which go in backticks.
    static func label(_ name: String) -> String {
        GeneratedNames.swiftLabelKeywords.contains(name) ? "`\(name)`" : name
    }

    /// A param's argument label in a call: its name, `inout` in backticks (Swift warns about any
    /// other escaped keyword there).
    static func argumentLabel(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// The generated code's local for the param at `index` (never a name a manifest can give:
    /// param names do not start with `_`).
    static func local(_ index: Int) -> String { "_p\(index)" }

    func emitParamRead(_ param: ManifestDestination.Param, local name: String, _ w: inout CodeWriter) {
        let key = Self.quoted(param.name)
        if case .optional(let wrapped) = param.type {
            w.line("    let \(name): \(swiftType(wrapped))?")
            w.line("    if let _raw = _match.params[\(key)] {")
            w.line("        guard let _value = \(fromLinkValue("_raw", wrapped)) else { return nil }")
            w.line("        \(name) = _value")
            w.line("    } else {")
            w.line("        \(name) = nil")
            w.line("    }")
        } else {
            w.line(
                "    guard let _raw = _match.params[\(key)], let \(name) = \(fromLinkValue("_raw", param.type)) else {")
            w.line("        return nil")
            w.line("    }")
        }
    }

    /// An expression converting LinkValue `raw` to the Swift type, or `nil`.
    func fromLinkValue(_ raw: String, _ type: ManifestType) -> String {
        switch type {
        case .string: return "{ if case .string(let v) = \(raw) { return v } else { return nil } }()"
        case .int: return "{ if case .int(let v) = \(raw) { return Int(v) } else { return nil } }()"
        case .bool: return "{ if case .bool(let v) = \(raw) { return v } else { return nil } }()"
        case .double: return "{ if case .double(let v) = \(raw) { return v } else { return nil } }()"
        case .uuid: return "{ if case .uuid(let v) = \(raw) { return v } else { return nil } }()"
        case .named(let name):
            return "{ if case .string(let v) = \(raw) { return \(name)(rawValue: v) } else { return nil } }()"
        case .optional(let wrapped): return fromLinkValue(raw, wrapped)
        case .array: return "nil"
        }
    }

    func linkValue(_ name: String, _ type: ManifestType) -> String {
        switch type {
        case .string: return ".string(\(name))"
        case .int: return ".int(Int64(\(name)))"
        case .bool: return ".bool(\(name))"
        case .double: return ".double(\(name))"
        case .uuid: return ".uuid(\(name))"
        case .named: return ".string(\(name).rawValue)"
        case .optional(let wrapped): return linkValue(name, wrapped)
        case .array: return ".string(\"\")"
        }
    }

    // MARK: Capabilities and commands

    func emitCapability(_ w: inout CodeWriter) {
        w.line("/// A capability declared in the manifest.")
        w.block("enum Capability: String, CaseIterable, Hashable, Codable, Sendable {") { w in
            if manifest.capabilities.isEmpty { w.line("case none = \"\"") }
            for capability in manifest.capabilities {
                w.line("/// \(CodeText.comment(capability.description))")
                w.line("case \(capability.caseName) = \(Self.quoted(capability.id))")
            }
        }
        w.line()
    }

    func emitCommand(_ w: inout CodeWriter) {
        w.line(
            "/// A command declared in the manifest; each platform picks its own controls from `metadata.placements`.")
        w.block("enum Command: String, CaseIterable, Hashable, Codable, Sendable {") { w in
            if manifest.commands.isEmpty { w.line("case none = \"\"") }
            for command in manifest.commands {
                if let action = command.pageAction {
                    w.line(
                        "/// Bound to the page action `\(action.method.rawValue) \(CodeText.comment(action.pattern.text))`."
                    )
                }
                w.line("case \(command.id)")
            }
            w.line()
            w.line(
                "/// The command's manifest entry (title key, symbol, shortcut, role, placements, and `pageAction`:"
            )
            w.line("/// the method and pattern of the web form or link it stands for, or `nil`).")
            w.block("var metadata: ManifestCommand {") { w in
                w.line("GeneratedManifest.manifest.commands.first { $0.id == rawValue }!")
            }
            w.line()
            w.line("/// The capabilities the command requires.")
            w.block("var requiredCapabilities: Set<Capability> {") { w in
                w.line("Set(metadata.capabilities.compactMap(Capability.init(rawValue:)))")
            }
            w.line()
            w.line(
                "/// Whether the command applies on `destination` (a command listing no destinations applies everywhere)."
            )
            w.block("func applies(to destination: Destination?) -> Bool {") { w in
                w.line("let ids = metadata.destinations")
                w.line("return ids.isEmpty || destination.map { ids.contains($0.id) } == true")
            }
            w.line()
            w.line("/// The commands available at `destination` with `capabilities`, that may take `placement`.")
            w.block(
                "static func available(at destination: Destination?, capabilities: Set<Capability>, placement: ManifestCommand.Placement) -> [Command] {"
            ) { w in
                w.block("allCases.filter { command in") { w in
                    w.line("command.metadata.placements.contains(placement) && command.applies(to: destination)")
                    w.line("    && command.requiredCapabilities.isSubset(of: capabilities)")
                }
            }
        }
        w.line()
    }

    // MARK: Types

    func swiftType(_ type: ManifestType) -> String {
        switch type {
        case .string: return "String"
        case .int: return "Int"
        case .bool: return "Bool"
        case .double: return "Double"
        case .uuid: return "UUID"
        case .named(let name): return name
        case .array(let element): return "[\(swiftType(element))]"
        case .optional(let wrapped): return "\(swiftType(wrapped))?"
        }
    }

    func emitNamedType(_ type: ManifestNamedType, _ w: inout CodeWriter) {
        switch type.kind {
        case .stringEnum(let cases):
            w.line("/// The manifest's `\(type.name)` string enum.")
            w.block("enum \(type.name): String, CaseIterable, Hashable, Codable, Sendable {") { w in
                for name in cases { w.line("case \(name)") }
            }
        case .object:
            // Object types are bridge payloads: the bridge emitter writes them.
            return
        }
        w.line()
    }

    // MARK: Helpers

    static func quoted(_ text: String) -> String {
        if CodeWriter.needsNoEscape(text) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
                    || scalar == "\u{FEFF}"
                {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func longestHashRun(in text: String) -> Int {
        var longest = 0
        var current = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "#") {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
        }
        return longest
    }
}
