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
    /// The ES module (`bridge.js`); `header` is the first line's text (``ManifestCompiler/header``).
    public static func module(_ manifest: AppManifest, header: String) -> String {
        var out = "// \(header)\n"
        out += "// Typed web↔native bridge, protocol v\(BridgeProtocol.version) (docs/bridge-protocol.md).\n\n"
        out += "const PROTOCOL = \(BridgeProtocol.version);\n"
        out += "const HANDLER = \(quoted(BridgeProtocol.handlerName));\n"
        out += "const RECEIVER = \(quoted(BridgeProtocol.receiverName));\n"
        out += runtime
        out += "\n// Validators, one per manifest type.\n"
        for type in manifest.types { out += validator(type) }
        out += "\nconst ACTIONS = Object.freeze({\n"
        for action in manifest.bridge.actions {
            out += "  \(action.name): [\(check(action.payload)), \(check(action.reply))],\n"
        }
        out += "});\n\nconst EVENTS = Object.freeze({\n"
        for event in manifest.bridge.events { out += "  \(event.name): \(check(event.payload)),\n" }
        out += "});\n"
        out += api
        return out
    }

    /// The TypeScript declarations (`bridge.d.ts`); `header` as for ``module(_:header:)``.
    public static func declarations(_ manifest: AppManifest, header: String) -> String {
        var out = "// \(header)\n\n"
        for type in manifest.types {
            switch type.kind {
            case .stringEnum(let cases):
                out += "export type \(type.name) = \(cases.map(quoted).joined(separator: " | "));\n\n"
            case .object(let fields):
                out += "export interface \(type.name) {\n"
                for field in fields {
                    if case .optional = field.type {
                        out += "  \(field.name)?: \(tsType(field.type));\n"
                    } else {
                        out += "  \(field.name): \(tsType(field.type));\n"
                    }
                }
                out += "}\n\n"
            }
        }
        out += "/** The actions the page may send: payload and reply types. */\nexport interface BridgeActions {\n"
        for action in manifest.bridge.actions {
            out += "  \(action.name): { payload: \(tsType(action.payload)); reply: \(tsType(action.reply)) };\n"
        }
        out += "}\n\n/** The events native may send: payload types. */\nexport interface BridgeEvents {\n"
        for event in manifest.bridge.events { out += "  \(event.name): \(tsType(event.payload));\n" }
        out += "}\n"
        out += declarationsAPI
        return out
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

    /// The fixed part of the module before the validators.
    static let runtime = #"""
        const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

        /** A refusal from native or from this module; `code` is stable (see docs/bridge-protocol.md). */
        export class BridgeError extends Error {
          constructor(code, message) {
            super(message);
            this.name = "BridgeError";
            this.code = code;
          }
        }

        function kindOf(v) {
          if (v === null) return "null";
          if (Array.isArray(v)) return "array";
          return typeof v;
        }

        function fail(p, expected, v) {
          throw new BridgeError("invalid-payload", `payload${p}: expected ${expected}, found ${kindOf(v)}`);
        }

        const check = Object.freeze({
          string(v, p) { if (typeof v !== "string") fail(p, "string", v); return v; },
          int(v, p) { if (!Number.isSafeInteger(v)) fail(p, "int", v); return v; },
          bool(v, p) { if (typeof v !== "boolean") fail(p, "bool", v); return v; },
          double(v, p) { if (typeof v !== "number" || !Number.isFinite(v)) fail(p, "double", v); return v; },
          uuid(v, p) { if (typeof v !== "string" || !UUID_PATTERN.test(v)) fail(p, "uuid", v); return v; },
        });

        function arrayOf(v, p, element) {
          if (!Array.isArray(v)) fail(p, "array", v);
          v.forEach((item, index) => element(item, `${p}/${index}`));
          return v;
        }

        function optionalOf(v, p, inner) {
          return v === null || v === undefined ? null : inner(v, p);
        }

        function enumOf(v, p, name, cases) {
          if (typeof v !== "string" || !cases.includes(v)) fail(p, `${name} (${cases.join(", ")})`, v);
          return v;
        }

        function objectOf(v, p, name, fields) {
          if (v === null || typeof v !== "object" || Array.isArray(v)) fail(p, name, v);
          for (const key of Object.keys(v)) {
            if (!Object.hasOwn(fields, key)) {
              throw new BridgeError("invalid-payload", `payload${p}/${key}: field "${key}" is not declared by ${name}`);
            }
          }
          for (const [key, [optional, validate]] of Object.entries(fields)) {
            if (v[key] === undefined) {
              if (!optional) throw new BridgeError("invalid-payload", `payload${p}: ${name} needs field "${key}"`);
              continue;
            }
            validate(v[key], `${p}/${key}`);
          }
          return v;
        }

        """#

    /// The fixed part of the module after the contract tables.
    static let api = #"""

        function nativeHandler() {
          const handlers = globalThis.webkit && globalThis.webkit.messageHandlers;
          const handler = handlers && handlers[HANDLER];
          return handler && typeof handler.postMessage === "function" ? handler : null;
        }

        /** Whether the page runs inside the native app (false in a plain browser). */
        export const available = nativeHandler() !== null;

        let counter = 0;

        function invalidReply(detail) {
          return new BridgeError("invalid-reply", `native answered with an invalid envelope: ${detail}`);
        }

        async function post(envelope) {
          const handler = nativeHandler();
          if (!handler) {
            throw new BridgeError("unavailable", "not running inside the native app (no webkit.messageHandlers.rastrillo)");
          }
          const text = await handler.postMessage(JSON.stringify(envelope));
          let reply;
          try {
            reply = JSON.parse(text);
          } catch {
            throw invalidReply("not JSON");
          }
          if (reply === null || typeof reply !== "object" || reply.protocol !== PROTOCOL) throw invalidReply("no protocol 1");
          // The reply handler answers this very message; an error with a null id means native
          // could not read the id (the message was not valid JSON, for example).
          const unread = reply.type === "error" && reply.id === null;
          if (reply.id !== envelope.id && !unread) {
            throw invalidReply(`id ${JSON.stringify(reply.id)} answers another message`);
          }
          if (reply.type === "error") {
            const error = reply.error || {};
            const code = typeof error.code === "string" ? error.code : "invalid-reply";
            throw new BridgeError(code, typeof error.message === "string" ? error.message : "native refused the message");
          }
          return reply;
        }

        let welcome = null;

        /**
         * The handshake: says which versions, actions and events this page supports and resolves
         * with what native handles. Sent once at load inside the app; `send` waits for it.
         */
        export function ready() {
          if (welcome === null) {
            counter += 1;
            const hello = {
              protocol: PROTOCOL, type: "hello", id: `m${counter}`, versions: [PROTOCOL],
              actions: Object.keys(ACTIONS), events: Object.keys(EVENTS),
            };
            welcome = post(hello).then((reply) => {
              if (reply.type !== "welcome" || reply.version !== PROTOCOL
                || !Array.isArray(reply.actions) || !Array.isArray(reply.events)) {
                throw invalidReply("expected a welcome");
              }
              return Object.freeze({ version: reply.version, actions: reply.actions.slice(), events: reply.events.slice() });
            });
            welcome.catch(() => { welcome = null; });
          }
          return welcome;
        }

        /** Sends a declared action and resolves with its typed reply; rejects with a BridgeError. */
        export async function send(action, payload) {
          if (!Object.hasOwn(ACTIONS, action)) {
            throw new BridgeError("unknown-action", `action ${JSON.stringify(action)} is not declared in the manifest`);
          }
          const [checkPayload, checkReply] = ACTIONS[action];
          const value = payload === undefined ? null : payload;
          checkPayload(value, "");
          await ready();
          counter += 1;
          const reply = await post({ protocol: PROTOCOL, type: "request", id: `m${counter}`, action, payload: value });
          if (reply.type !== "reply" || !Object.hasOwn(reply, "payload")) throw invalidReply("expected a reply");
          try {
            return checkReply(reply.payload, "");
          } catch (error) {
            throw invalidReply(error.message);
          }
        }

        const listeners = new Map();

        /** Listens to a declared event; returns a function that stops listening. */
        export function on(event, listener) {
          if (!Object.hasOwn(EVENTS, event)) {
            throw new BridgeError("unknown-event", `event ${JSON.stringify(event)} is not declared in the manifest`);
          }
          if (typeof listener !== "function") throw new TypeError("listener must be a function");
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event).add(listener);
          return () => { listeners.get(event).delete(listener); };
        }

        function receive(text) {
          let envelope;
          try {
            envelope = JSON.parse(text);
          } catch {
            return false;
          }
          if (envelope === null || typeof envelope !== "object" || envelope.protocol !== PROTOCOL
            || envelope.type !== "event" || typeof envelope.name !== "string" || !Object.hasOwn(EVENTS, envelope.name)) {
            return false;
          }
          let payload;
          try {
            payload = EVENTS[envelope.name](envelope.payload, "");
          } catch {
            return false;
          }
          for (const listener of listeners.get(envelope.name) || []) {
            try {
              listener(payload);
            } catch (error) {
              setTimeout(() => { throw error; });
            }
          }
          return true;
        }

        if (available && !Object.hasOwn(globalThis, RECEIVER)) {
          Object.defineProperty(globalThis, RECEIVER, { value: Object.freeze({ receive }) });
          ready().catch(() => {});
        }

        """#

    /// The fixed part of the declarations.
    static let declarationsAPI = #"""

        /** A refusal from native or from this module; `code` is stable (see docs/bridge-protocol.md). */
        export declare class BridgeError extends Error {
          readonly code: string;
          constructor(code: string, message: string);
        }

        /** What native answered to the page's hello. */
        export interface Welcome {
          readonly version: number;
          readonly actions: readonly string[];
          readonly events: readonly string[];
        }

        /** Whether the page runs inside the native app (false in a plain browser). */
        export declare const available: boolean;

        /** The handshake; `send` waits for it. */
        export declare function ready(): Promise<Welcome>;

        /** Sends a declared action and resolves with its typed reply; rejects with a BridgeError. */
        export declare function send<A extends keyof BridgeActions>(
          action: A,
          payload: BridgeActions[A]["payload"],
        ): Promise<BridgeActions[A]["reply"]>;

        /** Listens to a declared event; returns a function that stops listening. */
        export declare function on<E extends keyof BridgeEvents>(
          event: E,
          listener: (payload: BridgeEvents[E]) => void,
        ): () => void;

        """#
}
