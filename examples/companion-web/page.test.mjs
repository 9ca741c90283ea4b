// The release-notes page's scripts under node: the generated module (static/bridge.js) posts
// exactly the messages recorded in examples/companion/Tests/web-screen-wire.json and reads
// native's recorded replies and event script (the companion's Swift tests check the native side
// of the same file); in a plain browser it reports unavailable; release-text.js words each answer.
// Run by `make bridge-web-screen`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { runningText, checkText } from "./static/release-text.js";

const wire = JSON.parse(readFileSync(new URL("../companion/Tests/web-screen-wire.json", import.meta.url), "utf8"));

// A plain browser: no webkit.messageHandlers. (Each import URL is its own module instance.)
const plain = await import("./static/bridge.js?plain-browser");
assert.equal(plain.available, false);
assert.equal(Object.hasOwn(globalThis, "__rastrilloBridge"), false, "no receiver outside the app");
await assert.rejects(plain.send("compareRelease", { release: wire.release }), { name: "BridgeError", code: "unavailable" });

// Inside the app: a stub handler that answers with native's recorded texts, and only those.
const posted = [];
const answers = new Map([[wire.hello, wire.welcome], [wire.request, wire.reply]]);
globalThis.webkit = {
  messageHandlers: {
    rastrillo: {
      postMessage(text) {
        posted.push(text);
        return answers.has(text) ? Promise.resolve(answers.get(text)) : Promise.reject(new Error(`not recorded: ${text}`));
      },
    },
  },
};
const bridge = await import("./static/bridge.js?in-app");
assert.equal(bridge.available, true);
const checks = [];
bridge.on("serverChecked", (check) => checks.push(check));
const running = await bridge.send("compareRelease", { release: wire.release });
assert.deepEqual(posted, [wire.hello, wire.request], "the module posts the recorded texts, byte for byte");
assert.deepEqual(running, { check: "reachable", version: wire.serverVersion, match: "thisRelease" });
vm.runInThisContext(wire.eventScript);
assert.deepEqual(checks, ["reachable"], "native's event script reaches the listener");
await assert.rejects(bridge.send("compareRelease", { release: 140 }), { code: "invalid-payload" });
await assert.rejects(bridge.send("compareRelease", { release: "1.4.0", origin: "x" }), { code: "invalid-payload" });
assert.equal(posted.length, 2, "payloads that do not match ReleaseQuery are never posted");

// What the page shows for each answer.
assert.equal(runningText(running), "This is the release your server runs.");
assert.equal(
  runningText({ check: "reachable", version: "v1.4.0-3-g1a2b3c4", match: "basedOnThisRelease" }),
  "Your server runs v1.4.0-3-g1a2b3c4, built from this release.",
);
assert.equal(runningText({ check: "reachable", version: "v1.5.0", match: "otherVersion" }), "Your server runs v1.5.0.");
assert.equal(runningText({ check: "unreachable", match: "unknown" }), "The app could not reach your server.");
assert.equal(checkText("checking"), "Checking which version your server runs…");
for (const check of ["notChecked", "checking", "unreachable", "notRastrillo", "insecureAddress", "invalidAddress"]) {
  assert.notEqual(checkText(check), checkText("reachable"), `${check} has its own line`);
}
console.log("companion web screen: the module posts the recorded messages, reads native's replies and event; plain browser: unavailable");
