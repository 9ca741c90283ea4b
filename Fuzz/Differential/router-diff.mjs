// Differential check of the Swift router (rastrillo-native route), the emitted JS router and
// WHATWG URL, over the fuzz-url corpus and seeded mutations of it. No allowlist: any
// disagreement fails.
//
//   node router-diff.mjs urls <corpus dir> <mutations per entry> <seed> <out file>
//       writes the URLs to check, NUL-separated (corpus entries that are valid UTF-8 without
//       NUL, then deterministic mutations of them)
//   node router-diff.mjs compare <app-manifest.mjs> <manifest.json> <swift decisions.jsonl>
//       the JS router must give exactly Swift's decision, destination and params (and a
//       refusal for a refusal); when Swift says internal, WHATWG URL must parse the URL to
//       exactly one of the manifest's origins and the same path as written
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generator, mutate } from "./mutations.mjs";

const [mode, ...args] = process.argv.slice(2);

if (mode === "urls") {
  const [dir, perEntry, seed, out] = args;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const base = [];
  for (const name of readdirSync(dir).sort()) {
    try {
      const text = decoder.decode(readFileSync(join(dir, name)));
      if (!text.includes("\u0000") && text.length > 0) base.push(text);
    } catch { /* not UTF-8: argv cannot carry it; fuzz-url covers it */ }
  }
  const next = generator(Number(seed));
  const urls = [...base];
  for (const text of base) {
    for (let i = 0; i < Number(perEntry); i++) {
      const mutated = mutate(text, next);
      if (!mutated.includes("\u0000") && mutated.length > 0) urls.push(mutated);
    }
  }
  writeFileSync(out, urls.join("\u0000"));
  console.log(`router-diff: ${base.length} corpus URLs, ${urls.length - base.length} mutations`);
} else if (mode === "compare") {
  const [modulePath, manifestPath, swiftPath] = args;
  const { route } = await import(pathToFileURL(modulePath).href);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const origins = new Set();
  for (const group of manifest.origins) {
    for (const text of [group.origin, ...(group.aliases ?? [])]) {
      const u = new URL(text);
      origins.add(`${u.protocol}//${u.hostname}:${u.port}`);
    }
  }
  const lines = readFileSync(swiftPath, "utf8").split("\n").filter((line) => line.length > 0);
  let failures = 0, internal = 0;
  const fail = (url, why) => { failures++; if (failures <= 40) console.log(`MISMATCH ${JSON.stringify(url)}: ${why}`); };
  for (const line of lines) {
    const swift = JSON.parse(line);
    const js = route(swift.url, { redirect: false });
    const same = js.decision === swift.decision && (js.destination ?? null) === swift.destination
      && JSON.stringify(sorted(js.params ?? {})) === JSON.stringify(sorted(swift.params));
    if (!same) {
      fail(swift.url, `swift ${swift.decision} ${swift.destination} ${JSON.stringify(swift.params)}, `
        + `js ${js.decision} ${js.destination} ${JSON.stringify(js.params)}`);
    }
    if (swift.decision === "native" || swift.decision === "web") {
      internal++;
      let u;
      try { u = new URL(swift.url); } catch { fail(swift.url, "internal for Swift, WHATWG cannot parse it"); continue; }
      const origin = `${u.protocol}//${u.hostname}:${u.port}`;
      if (!origins.has(origin)) fail(swift.url, `internal for Swift, WHATWG origin ${origin} is not the manifest's`);
      const written = writtenPath(swift.url);
      if (u.pathname !== written && !(written === "" && u.pathname === "/")) {
        fail(swift.url, `internal for Swift, WHATWG path ${JSON.stringify(u.pathname)} is not the written ${JSON.stringify(written)}`);
      }
    }
  }
  console.log(`router-diff: ${lines.length} URLs (${internal} internal): Swift and JS agree on all, WHATWG on every internal one: ${failures === 0}`);
  process.exit(failures === 0 && lines.length > 0 ? 0 : 1);
} else {
  console.error("usage: node router-diff.mjs urls|compare …");
  process.exit(2);
}

function sorted(params) {
  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
}

// The path exactly as written: after "scheme://authority", before "?" or "#".
function writtenPath(url) {
  const afterScheme = url.slice(url.indexOf(":") + 1);
  const rest = afterScheme.startsWith("//") ? afterScheme.slice(2) : afterScheme;
  const authorityEnd = rest.search(/[/?#]/);
  if (authorityEnd < 0) return "";
  const tail = rest.slice(authorityEnd);
  const end = tail.search(/[?#]/);
  return end < 0 ? tail : tail.slice(0, end);
}
