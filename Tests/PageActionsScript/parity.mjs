// The generated page-actions.js against the page-action parity corpus: a page with one link (GET)
// or one form that posts (POST) per corpus entry must get exactly the entries that name a command
// offered — the forms and links native's PageActionRouter reads as a bound command
// (PageActionRouterCorpusTests holds Swift to the same file). Native reads each offer again, so
// offered or not is the script's whole decision about reading the URL. The scope rule (a command's
// destinations, path params pinned by the page's own URL) is a second decision, held by
// page-actions.test.mjs and by native's PageCommandsTests; here the script runs with the
// destinations and path params of its SCOPE table emptied (each route keeps its commands), so every
// corpus entry is judged on how its URL reads, as PageActionRouter does.
// Usage: node Tests/PageActionsScript/parity.mjs <page-actions.js for page-actions-manifest.json> <page-action-corpus.json>
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeWorld } from "./fake-dom.mjs";

const [scriptPath, corpusPath] = process.argv.slice(2);
if (!scriptPath || !corpusPath) {
  console.error("usage: node parity.mjs <page-actions.js> <page-action-corpus.json>");
  process.exit(2);
}
const corpus = JSON.parse(readFileSync(corpusPath, "utf8"));
const world = makeWorld({ url: "https://app.example.com/items", resolveURLs: false });
world.installHandler();
for (const entry of corpus) {
  const element = entry.method === "POST"
    ? world.el("form", { method: "post", action: entry.url }, world.el("button"))
    : world.el("a", { href: entry.url });
  world.body.appendChild(element);
}
const source = readFileSync(scriptPath, "utf8");
const scopeTable = /const SCOPE = Object\.freeze\(\{[^]*?\n {2}\}\);\n/g;
const matches = source.match(scopeTable) ?? [];
if (matches.length !== 1) {
  console.error(`parity: expected one SCOPE table in ${scriptPath}, found ${matches.length}; update parity.mjs`);
  process.exit(1);
}
const folder = mkdtempSync(join(tmpdir(), "page-actions-parity-"));
const unscoped = join(folder, "page-actions.js");
try {
  const unscope = (table) => table.replace(/destinations: \[[^\]]*\], pathParams: \[[^\]]*\]/g,
    "destinations: [], pathParams: []");
  if (unscope(matches[0]) === matches[0] && !matches[0].includes("destinations: [], pathParams: []")) {
    console.error(`parity: the SCOPE table of ${scriptPath} has no destinations and pathParams to empty; update parity.mjs`);
    process.exit(1);
  }
  writeFileSync(unscoped, source.replace(scopeTable, unscope));
  world.run(unscoped);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
const report = JSON.parse(world.posted.at(-1));
// Targets are opaque (the script numbers only the forms and links it reads), so each offer is
// matched to its corpus entry by its request: offers come in document order, so the first entry
// after the last matched one that sends the same method and URL is the offer's element.
let failures = 0;
const offered = new Map(); // corpus index -> offer
let cursor = 0;
for (const offer of report.offers) {
  while (cursor < corpus.length && (corpus[cursor].method !== offer.method || corpus[cursor].url !== offer.url)) cursor++;
  if (cursor === corpus.length) {
    failures++;
    console.log(`MISMATCH offered ${JSON.stringify(offer)}: no corpus entry after the last matched one sends it`);
    break;
  }
  offered.set(cursor++, offer);
}
const targets = report.offers.map((offer) => offer.target);
if (new Set(targets).size !== targets.length || targets.some((target, i) => i > 0 && target <= targets[i - 1])) {
  failures++;
  console.log(`MISMATCH the targets ${targets} are not distinct and increasing in document order`);
}
corpus.forEach((entry, index) => {
  const offer = offered.get(index);
  const expected = entry.command !== null;
  if ((offer !== undefined) !== expected) {
    failures++;
    console.log(`MISMATCH ${entry.method} ${JSON.stringify(entry.url)}: ${offer ? "offered" : "not offered"}, `
      + `native reads it as ${entry.command ?? "no command"}`);
  }
});
const count = corpus.filter((entry) => entry.command !== null).length;
console.log(`page-actions-parity: ${corpus.length - failures}/${corpus.length} forms and links agree with the corpus `
  + `(${count} offered)`);
process.exit(failures === 0 ? 0 : 1);
