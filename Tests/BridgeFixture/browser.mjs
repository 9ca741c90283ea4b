// The generated module in a plain browser (no webkit.messageHandlers): the page keeps working.
import assert from "node:assert/strict";

const bridge = await import("./generated/bridge.js");
assert.equal(bridge.available, false);
assert.equal(Object.hasOwn(globalThis, "__rastrilloBridge"), false, "no receiver outside the app");
await assert.rejects(bridge.send("ping", "x"), { name: "BridgeError", code: "unavailable" });
await assert.rejects(bridge.ready(), { code: "unavailable" });
const stop = bridge.on("syncStateChanged", () => {});
assert.equal(typeof stop, "function");
assert.throws(() => bridge.on("stray", () => {}), { code: "unknown-event" });
console.log("plain browser: available=false, send rejects with 'unavailable', on() still registers");
