// Cross-check of the generated ES module (generated/bridge.js) against the Swift dispatcher.
//
//   node crosscheck.mjs page <dir>    the page posts its messages to a stub webkit handler;
//                                     the exact JSON texts go to <dir>/page-messages.json
//   (Swift: BridgeCrossCheckTests decodes them into the generated Swift types, answers them and
//    writes <dir>/native-replies.json and <dir>/native-events.json)
//   node crosscheck.mjs verify <dir>  the same page gets Swift's replies and event scripts and
//                                     must decode them into the expected typed values
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [phase, dir] = process.argv.slice(2);
if (!["page", "verify"].includes(phase) || !dir) {
  console.error("usage: node crosscheck.mjs page|verify <dir>");
  process.exit(2);
}

const posted = [];
const swiftReplies = phase === "verify" ? JSON.parse(readFileSync(join(dir, "native-replies.json"), "utf8")) : null;

globalThis.webkit = {
  messageHandlers: {
    rastrillo: {
      postMessage(text) {
        assert.equal(typeof text, "string", "the module must post JSON text");
        posted.push(text);
        if (phase === "verify") return Promise.resolve(swiftReplies[posted.length - 1]);
        // Page phase: just enough of an answer for the module to go on; the texts are what counts.
        const envelope = JSON.parse(text);
        if (envelope.type === "hello") {
          return Promise.resolve(JSON.stringify({ protocol: 1, type: "welcome", id: envelope.id, version: 1, actions: [], events: [] }));
        }
        return Promise.resolve(JSON.stringify({ protocol: 1, type: "error", id: envelope.id, error: { code: "stub", message: "page phase" } }));
      },
    },
  },
};

const bridge = await import("./generated/bridge.js");
assert.equal(bridge.available, true);

const draft = {
  id: "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10", title: "Groceries", body: "milk\u2028eggs", tags: ["home", "今日"],
  color: "green", pinned: true, weight: 0.25, revision: 7, attachments: [{ name: "a.png", bytes: 1024 }],
};
const minimal = { title: "", body: "", tags: [], pinned: false, weight: 0, revision: 0, attachments: [] };

// [action, payload, expected outcome in the verify phase: { reply } or { code }]
const cases = [
  ["saveNote", draft, { reply: { id: draft.id, revision: 8, warnings: [] } }],
  ["saveNote", minimal, { reply: { id: "00000000-0000-4000-8000-000000000001", revision: 1, warnings: ["empty title"] } }],
  ["share", ["a", "\u2028\u2029", "😀", "\"quoted\"", "</script>", "\\"], { reply: true }],
  ["share", [], { code: "action-failed" }],
  ["share", ["\ud800"], { code: "invalid-json" }],
  ["ping", undefined, { reply: "pong: nil" }],
  ["ping", "hi", { reply: "pong: hi" }],
  ["exportReport", { from: "2026-01", count: 2 }, { code: "unhandled-action" }],
];

const welcome = await bridge.ready();
const outcomes = [];
for (const [action, payload] of cases) {
  try {
    outcomes.push({ reply: await bridge.send(action, payload) });
  } catch (error) {
    assert.ok(error instanceof bridge.BridgeError, `${action}: ${error}`);
    outcomes.push({ code: error.code });
  }
}

// The module checks payloads before posting: these never reach native.
await assert.rejects(bridge.send("saveNote", { ...minimal, revision: 1.5 }), { code: "invalid-payload" });
await assert.rejects(bridge.send("saveNote", { ...minimal, extra: 1 }), { code: "invalid-payload" });
await assert.rejects(bridge.send("nope", null), { code: "unknown-action" });

if (phase === "page") {
  writeFileSync(join(dir, "page-messages.json"), JSON.stringify(posted, null, 1));
  console.log(`page phase: ${posted.length} messages posted by the generated module`);
} else {
  assert.deepEqual([...welcome.actions], ["ping", "saveNote", "share"]);
  assert.deepEqual([...welcome.events], ["noteChanged", "syncStateChanged"]);
  cases.forEach(([action, , expected], index) => assert.deepEqual(outcomes[index], expected, `${action} #${index}`));

  const received = [];
  bridge.on("noteChanged", (payload) => received.push(["noteChanged", payload]));
  const stop = bridge.on("syncStateChanged", (payload) => received.push(["syncStateChanged", payload]));
  const events = JSON.parse(readFileSync(join(dir, "native-events.json"), "utf8"));
  for (const script of events) (0, eval)(script);
  stop();
  for (const script of events) (0, eval)(script);
  assert.deepEqual(received, [
    ["noteChanged", { ...draft, title: "</script>\"'\\\u2028\u2029`${x}" }],
    ["syncStateChanged", "failed"],
    ["noteChanged", { ...draft, title: "</script>\"'\\\u2028\u2029`${x}" }],
  ]);
  // A malformed or undeclared event is ignored, never half-delivered.
  assert.equal(globalThis.__rastrilloBridge.receive('{"protocol":1,"type":"event","name":"noteChanged","payload":{}}'), false);
  assert.equal(globalThis.__rastrilloBridge.receive('{"protocol":1,"type":"event","name":"stray","payload":1}'), false);
  console.log(`verify phase: ${cases.length} replies and ${events.length} events decoded as expected`);
}
