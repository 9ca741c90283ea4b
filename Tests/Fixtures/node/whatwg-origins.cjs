// The WHATWG side of LinkRouterFuzzTests' differential (make swift-oracles runs it through
// swift test): for each URL the Swift test recorded, node's WHATWG URL says whether its origin is
// listed. A URL the router calls internal must be listed for WHATWG and for Foundation; where the
// two parsers disagree, the router must have refused the URL.
// Usage: node whatwg-origins.cjs <urls.jsonl> <listed-origins.json>
const fs = require("fs");
const listed = new Set(JSON.parse(fs.readFileSync(process.argv[3], "utf8")));
const defaults = { "http:": 80, "https:": 443 };
let failures = 0, disagreements = 0, internal = 0;
for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
  const r = JSON.parse(line);
  let whatwg = false;
  try {
    const u = new URL(r.url);
    const scheme = u.protocol.slice(0, -1);
    const port = u.port !== "" ? Number(u.port) : (defaults[u.protocol] ?? 0);
    // hostname as WHATWG reads it: lowercased for special schemes, as written for custom ones.
    whatwg = u.hostname !== "" && listed.has(`${scheme}://${u.hostname}:${port}`);
  } catch (e) {}
  if (r.internal) internal++;
  if (r.internal && !(whatwg && r.foundation)) { failures++; console.log("INTERNAL WITHOUT AGREEMENT " + JSON.stringify(r.url)); }
  if (whatwg !== r.foundation) {
    disagreements++;
    if (!r.refused) { failures++; console.log("DISAGREEMENT NOT REFUSED " + JSON.stringify(r.url) + " whatwg=" + whatwg); }
  }
}
console.log(`checked ${internal} internal decisions; ${disagreements} parser disagreements, all refused: ${failures === 0}`);
process.exit(failures === 0 ? 0 : 1);
