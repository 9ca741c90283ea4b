// @slot header
// The fixed part of the generated bridge.js (`manifest build`): the typed web↔native bridge
// of docs/bridge-protocol.md. Each slot, from "// @slot name" to "// @end name", is replaced by
// generated text; the lines inside are stand-ins so this file checks on its own
// (RuntimeTemplate.swift).
// @end header
// @slot constants
const PROTOCOL = 1;
const HANDLER = "rastrillo";
const RECEIVER = "__rastrilloBridge";
// @end constants
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

// Validators, one per manifest type.
// @slot validators
function type_Note(v, p) {
  return objectOf(v, p, "Note", {
    title: [false, check.string],
  });
}
// @end validators

const ACTIONS = Object.freeze({
// @slot actions
  ping: [(v, p) => optionalOf(v, p, check.string), check.string],
// @end actions
});

const EVENTS = Object.freeze({
// @slot events
  noteChanged: type_Note,
// @end events
});

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
