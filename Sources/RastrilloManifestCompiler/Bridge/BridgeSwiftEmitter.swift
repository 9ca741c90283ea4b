import RastrilloNative

/// Emits the Swift side of the bridge contract (`AppManifest.bridge.swift`): a struct per object
/// type with strict decoding and encoding, a ``BridgeValue`` conformance for each string enum
/// (the enums themselves are declared by the main Swift emitter, in `AppManifest.generated.swift`,
/// which this file is compiled with), and one ``BridgeAction``/``BridgeEvent`` type per declared
/// action and event. Declarations are internal, like the rest of the generated code. The file
/// imports RastrilloNative with `@_spi(RastrilloGenerated)`: the decoding and encoding runtime it
/// calls is not part of the documented API.
///
/// The output is deterministic (manifest order, no dates) and starts with the compiler's
/// "generated from …, do not edit" header.
///
/// ```swift
/// let swift = BridgeSwiftEmitter.emit(manifest, header: "generated from app-manifest.json, do not edit")
/// ```
public enum BridgeSwiftEmitter {
    /// The whole generated Swift file.
    ///
    /// - Parameters:
    ///   - manifest: a validated manifest.
    ///   - header: the first line's text (``ManifestCompiler/header``).
    public static func emit(_ manifest: AppManifest, header: String) -> String {
        var out = "// \(header)\n"
        out += "// swift-format-ignore-file\n\n"
        // The runtime this file calls (BridgeNode, BridgeFields, BridgeJSONWriter, BridgeValue's
        // requirements) is SPI: for generated code only, outside the documented API.
        out += "import Foundation\n@_spi(RastrilloGenerated) import RastrilloNative\n"
        for type in manifest.types { out += "\n" + namedType(type) }
        out += "\n" + actions(manifest.bridge.actions)
        out += "\n" + events(manifest.bridge.events)
        return out
    }

    /// The Swift spelling of a manifest type.
    static func swiftType(_ type: ManifestType) -> String {
        switch type {
        case .string: return "Swift.String"
        case .int: return "Swift.Int"
        case .bool: return "Swift.Bool"
        case .double: return "Swift.Double"
        case .uuid: return "Foundation.UUID"
        case .named(let name): return name
        case .array(let element): return "[\(swiftType(element))]"
        case .optional(let wrapped): return "\(swiftType(wrapped))?"
        }
    }

    /// The type as spelled in a call (`Optional<Foundation.UUID>`, `Array<Swift.String>`), where
    /// the sugared `T?` would not parse.
    static func constructor(_ type: ManifestType) -> String {
        switch type {
        case .array(let element): return "Array<\(constructor(element))>"
        case .optional(let wrapped): return "Optional<\(constructor(wrapped))>"
        default: return swiftType(type)
        }
    }

    /// One named type with its ``BridgeValue`` conformance.
    static func namedType(_ type: ManifestNamedType) -> String {
        switch type.kind {
        case .stringEnum(let cases): return stringEnum(type.name, cases)
        case .object(let fields): return objectType(type.name, fields)
        }
    }

    static func stringEnum(_ name: String, _ cases: [String]) -> String {
        var out =
            "/// The manifest's string enum `\(name)` (\(CodeText.comment(cases.joined(separator: ", ")))) crosses the bridge as its string.\n"
        out += "extension \(name): BridgeValue {\n"
        out += """
                /// Decodes one of the enum's strings; any other value is refused.
                init(bridge node: BridgeNode) throws(BridgeDecodingError) {
                    let text = try node.string(expected: "\(name)")
                    guard let value = Self(rawValue: text) else {
                        throw .unknownEnumCase(pointer: node.pointer, value: text, allowed: Self.allCases.map(\\.rawValue))
                    }
                    self = value
                }

                /// Encodes the case's string.
                func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
                    writer.string(rawValue)
                }
            }

            """
        return out
    }

    static func objectType(_ name: String, _ fields: [ManifestNamedType.Field]) -> String {
        var out = "/// The manifest's object type `\(name)`.\n"
        out += "struct \(name): BridgeValue, Hashable {\n"
        for field in fields {
            out += "    /// `\(field.name)` (\(CodeText.comment(field.type.description))).\n"
            out += "    var \(field.name): \(swiftType(field.type))\n"
        }
        let parameters = fields.map { field -> String in
            if case .optional = field.type { return "\(field.name): \(swiftType(field.type)) = nil" }
            return "\(field.name): \(swiftType(field.type))"
        }
        out += "\n    /// Creates a value from its fields.\n"
        if parameters.isEmpty {
            out += "    init() {}\n"
        } else {
            out += "    init(\n        \(parameters.joined(separator: ", "))\n    ) {\n"
            for field in fields { out += "        self.\(field.name) = \(field.name)\n" }
            out += "    }\n"
        }
        // The generated code's own names start with `_`, which no field name can (fields are
        // lowerCamel letters and digits), so a field called `node`, `value` or `writer` compiles.
        let names = fields.map { "\"\($0.name)\"" }.joined(separator: ", ")
        out += "\n    /// The declared field names, matched against the payload's keys as bytes.\n"
        out += "    static let _bridgeFields = BridgeFields(\"\(name)\", [\(names)])\n"
        out += "\n    /// Decodes an object with exactly the declared fields; unknown fields are refused.\n"
        out += "    init(bridge _node: BridgeNode) throws(BridgeDecodingError) {\n"
        for field in fields { out += "        var \(field.name): \(swiftType(field.type))? = nil\n" }
        out += "        try _node.forEachField(Self._bridgeFields) { _field, _value throws(BridgeDecodingError) in\n"
        out += "            switch _field {\n"
        for (index, field) in fields.enumerated() {
            out += "            case \(index): \(field.name) = try \(constructor(field.type))(bridge: _value)\n"
        }
        out += "            default: break  // forEachField refuses undeclared keys\n"
        out += "            }\n        }\n"
        for field in fields {
            out += "        self.\(field.name) = try _node.require(\(field.name), field: \"\(field.name)\")\n"
        }
        out += "    }\n"
        out += "\n    /// Encodes the object; `nil` optional fields are left out.\n"
        out += "    func encode(to _writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {\n"
        out += "        _writer.beginObject()\n"
        for field in fields { out += "        try _writer.field(\"\(field.name)\", self.\(field.name))\n" }
        out += "        _writer.endObject()\n    }\n}\n"
        return out
    }

    static func actions(_ actions: [ManifestBridge.Action]) -> String {
        var out = "/// The bridge actions the manifest declares, one type each.\nenum BridgeActions {\n"
        for action in actions {
            out += """
                    /// `\(action.name)`: the page sends \(action.payload), native replies \(action.reply).
                    enum \(upperFirst(action.name)): BridgeAction {
                        /// The payload type.
                        typealias Payload = \(swiftType(action.payload))
                        /// The reply type.
                        typealias Reply = \(swiftType(action.reply))
                        /// `"\(action.name)"`.
                        static let name = "\(action.name)"
                    }

                """
        }
        out += "}\n"
        return out
    }

    static func events(_ events: [ManifestBridge.Event]) -> String {
        var out = "/// The bridge events the manifest declares, one type each.\nenum BridgeEvents {\n"
        for event in events {
            out += """
                    /// `\(event.name)`: native sends \(event.payload).
                    enum \(upperFirst(event.name)): BridgeEvent {
                        /// The payload type.
                        typealias Payload = \(swiftType(event.payload))
                        /// `"\(event.name)"`.
                        static let name = "\(event.name)"
                    }

                """
        }
        out += "}\n"
        return out
    }

    static func upperFirst(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
