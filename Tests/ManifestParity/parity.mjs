// Checks the emitted JavaScript route() against the parity corpus.
// Usage: node Tests/ManifestParity/parity.mjs <generated app-manifest.mjs> <corpus.json>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [modulePath, corpusPath] = process.argv.slice(2);
if (!modulePath || !corpusPath) {
  console.error("usage: node parity.mjs <app-manifest.mjs> <corpus.json>");
  process.exit(2);
}
const { route } = await import(pathToFileURL(modulePath).href);
const corpus = JSON.parse(readFileSync(corpusPath, "utf8"));

function sameParams(actual, expected) {
  const a = Object.keys(actual).sort(), e = Object.keys(expected).sort();
  if (a.join("\u0000") !== e.join("\u0000")) return false;
  return a.every((key) => actual[key] === expected[key]);
}

let failures = 0;
for (const entry of corpus) {
  const got = route(entry.url, { redirect: entry.redirect === true });
  const problems = [];
  if (got.decision !== entry.decision) problems.push(`decision ${got.decision} != ${entry.decision}`);
  if (got.destination !== entry.destination) problems.push(`destination ${got.destination} != ${entry.destination}`);
  if (!sameParams(got.params, entry.params)) {
    problems.push(`params ${JSON.stringify(got.params)} != ${JSON.stringify(entry.params)}`);
  }
  if (entry.reason && got.decision === "refused" && !String(got.reason).includes(entry.reason)) {
    problems.push(`reason ${JSON.stringify(got.reason)} lacks ${JSON.stringify(entry.reason)}`);
  }
  if (problems.length > 0) {
    failures++;
    console.log(`MISMATCH ${JSON.stringify(entry.url)}: ${problems.join("; ")}`);
  }
}
console.log(`manifest-parity-js: ${corpus.length - failures}/${corpus.length} URLs agree with the corpus`);
process.exit(failures === 0 ? 0 : 1);
