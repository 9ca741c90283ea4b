import RastrilloJSON
import RastrilloNative

/// Emits the web side of the bridge contract: an ES module with typed `send`/`on` for the declared
/// actions and events, and its TypeScript declarations.
///
/// The module is feature-detected: inside the app it posts to `webkit.messageHandlers.rastrillo`;
/// in a plain browser `available` is `false`, `send` rejects with a `BridgeError` whose code is
/// `unavailable`, and the page keeps working. Payloads are checked against the manifest types
/// before they are posted, and replies and events are checked when they arrive.
///
/// ```swift
/// let header = "generated from app-manifest.json, do not edit"
/// let js = BridgeJSEmitter.module(manifest, header: header)
/// let dts = BridgeJSEmitter.declarations(manifest, header: header)
/// ```
public enum BridgeJSEmitter {
    /// The ES module (`bridge.js`): `Runtime/bridge.js` with its slots filled; `header` is the
    /// first line's text (``ManifestCompiler/header``).
    public static func module(_ manifest: AppManifest, header: String) -> String {
        var actions = ""
        for action in manifest.bridge.actions {
            actions += "  \(action.name): [\(check(action.payload)), \(check(action.reply))],\n"
        }
        var events = ""
        for event in manifest.bridge.events { events += "  \(event.name): \(check(event.payload)),\n" }
        return RuntimeTemplate.bridgeJS.filling([
            "header": "// \(header)\n"
                + "// Typed web↔native bridge, protocol v\(BridgeProtocol.version) (docs/bridge-protocol.md).\n\n",
            "constants": "const PROTOCOL = \(BridgeProtocol.version);\n"
                + "const HANDLER = \(quoted(BridgeProtocol.handlerName));\n"
                + "const RECEIVER = \(quoted(BridgeProtocol.receiverName));\n",
            "validators": manifest.types.map(validator).joined(),
            "actions": actions,
            "events": events,
        ])
    }

    /// The TypeScript declarations (`bridge.d.ts`): `Runtime/bridge.d.ts` with its slots filled;
    /// `header` as for ``module(_:header:)``.
    public static func declarations(_ manifest: AppManifest, header: String) -> String {
        var types = ""
        for type in manifest.types {
            switch type.kind {
            case .stringEnum(let cases):
                types += "export type \(type.name) = \(cases.map(quoted).joined(separator: " | "));\n\n"
            case .object(let fields):
                types += "export interface \(type.name) {\n"
                for field in fields {
                    if case .optional = field.type {
                        types += "  \(field.name)?: \(tsType(field.type));\n"
                    } else {
                        types += "  \(field.name): \(tsType(field.type));\n"
                    }
                }
                types += "}\n\n"
            }
        }
        var actions = ""
        for action in manifest.bridge.actions {
            actions += "  \(action.name): { payload: \(tsType(action.payload)); reply: \(tsType(action.reply)) };\n"
        }
        var events = ""
        for event in manifest.bridge.events { events += "  \(event.name): \(tsType(event.payload));\n" }
        return RuntimeTemplate.bridgeDTS.filling([
            "header": "// \(header)\n", "types": types, "actions": actions, "events": events,
        ])
    }

    /// A JavaScript string literal (JSON quoting, U+2028/U+2029 escaped).
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// The validator expression for a type.
    static func check(_ type: ManifestType) -> String {
        switch type {
        case .string: return "check.string"
        case .int: return "check.int"
        case .bool: return "check.bool"
        case .double: return "check.double"
        case .uuid: return "check.uuid"
        case .named(let name): return "type_\(name)"
        case .array(let element): return "(v, p) => arrayOf(v, p, \(check(element)))"
        case .optional(let wrapped): return "(v, p) => optionalOf(v, p, \(check(wrapped)))"
        }
    }

    static func validator(_ type: ManifestNamedType) -> String {
        switch type.kind {
        case .stringEnum(let cases):
            let list = cases.map(quoted).joined(separator: ", ")
            return "function type_\(type.name)(v, p) {\n  return enumOf(v, p, \(quoted(type.name)), [\(list)]);\n}\n"
        case .object(let fields):
            var out = "function type_\(type.name)(v, p) {\n  return objectOf(v, p, \(quoted(type.name)), {\n"
            for field in fields {
                let optional: Bool
                if case .optional = field.type { optional = true } else { optional = false }
                out += "    \(field.name): [\(optional), \(check(field.type))],\n"
            }
            out += "  });\n}\n"
            return out
        }
    }

    /// The TypeScript spelling of a type.
    static func tsType(_ type: ManifestType) -> String {
        switch type {
        case .string, .uuid: return "string"
        case .int, .double: return "number"
        case .bool: return "boolean"
        case .named(let name): return name
        case .array(let element):
            if case .optional = element { return "(\(tsType(element)))[]" }
            return "\(tsType(element))[]"
        case .optional(let wrapped): return "\(tsType(wrapped)) | null"
        }
    }
}
