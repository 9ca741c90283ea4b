// The generated page-actions.js against the page-action parity corpus: a page with one link (GET)
// or one form that posts (POST) per corpus entry must get exactly the entries that name a command
// offered — the forms and links native's PageActionRouter reads as a bound command
// (PageActionRouterCorpusTests holds Swift to the same file). Native reads each offer again, so
// offered or not is the script's whole decision.
// Usage: node Tests/PageActionsScript/parity.mjs <page-actions.js for page-actions-manifest.json> <page-action-corpus.json>
import { readFileSync } from "node:fs";
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
world.run(scriptPath);
const report = JSON.parse(world.posted.at(-1));
const offered = new Map(report.offers.map((offer) => [offer.target, offer]));
let failures = 0;
corpus.forEach((entry, index) => {
  const offer = offered.get(index);
  const expected = entry.command !== null;
  if ((offer !== undefined) !== expected) {
    failures++;
    console.log(`MISMATCH ${entry.method} ${JSON.stringify(entry.url)}: ${offer ? "offered" : "not offered"}, `
      + `native reads it as ${entry.command ?? "no command"}`);
  } else if (offer !== undefined && (offer.method !== entry.method || offer.url !== entry.url)) {
    failures++;
    console.log(`MISMATCH ${entry.method} ${JSON.stringify(entry.url)}: offered as ${JSON.stringify(offer)}`);
  }
});
const count = corpus.filter((entry) => entry.command !== null).length;
console.log(`page-actions-parity: ${corpus.length - failures}/${corpus.length} forms and links agree with the corpus `
  + `(${count} offered)`);
process.exit(failures === 0 ? 0 : 1);
