// Differential check of the page-actions script's look before routing (leftByLook: a form's or
// link's URL alone, tested against the routes of the commands native takes on the page, before
// the rest is read and routed). The look must leave out only what routing and the scope rule would
// not offer: on pages whose links and forms carry the fuzz-url corpus, the page-action corpus (as
// written, as a path alone, rewritten the ways a URL parser undoes) and seeded mutations of both,
// on screens of each kind (a destination with and without path params, another origin of the
// app, no destination) and with and without a <base href>, the script
// reports exactly the offers the same script with the look turned off (look-off.mjs) reports, in
// the same order; only the targets differ. Run in the fake DOM (Tests/PageActionsScript), whose
// URLs resolve with WHATWG URL. No allowlist: any difference fails.
//
//   node look-diff.mjs <page-actions.js for page-actions-manifest.json> <page-action-corpus.json>
//       <router-diff's URL file (NUL-separated)> <mutations per entry> <seed>
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { makeWorld } from "../../Tests/PageActionsScript/fake-dom.mjs";
import { requests, withoutLook } from "../../Tests/PageActionsScript/look-off.mjs";
import { URL_PIECES, generator, mutate } from "./mutations.mjs";

const [scriptPath, corpusPath, urlsPath, perEntry, seed] = process.argv.slice(2);
if (!scriptPath || !corpusPath || !urlsPath || perEntry === undefined || seed === undefined) {
  console.error("usage: node look-diff.mjs <page-actions.js> <page-action-corpus.json> <urls file> <mutations per entry> <seed>");
  process.exit(2);
}

// Pieces of the page-actions manifest's routes, and ways of writing a path that a URL parser undoes.
const PATH_PIECES = [...URL_PIECES, "items", "%69tems", "ITEMS", "3", "-1", "all", "new", "%6Eew", "edit", "delete",
  "publish", "filter", "docs", "search", "signin", "./", "../", "%2e%2e", "\n", "€", "/items/3/", "?status=draft", "#x"];
const next = generator(Number(seed));
const corpusURLs = JSON.parse(readFileSync(corpusPath, "utf8")).map((entry) => entry.url);
// Each corpus URL also as a path alone, the way pages mostly write them (the plain-path look).
const written = corpusURLs.flatMap((url) => {
  const path = url.replace(/^https?:\/\/[^/?#]*/i, "");
  return path !== url && path.startsWith("/") ? [url, path] : [url];
});
// Each also rewritten the ways a URL parser undoes, so the URL still reads as the corpus's: a
// backslash for a slash, a letter escaped, dot segments, a tab or newline inside, spaces around.
const hex = (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
const REWRITES = [
  (path) => path.replace("/", "\\"), (path) => path.replace(/\/(?=[^/]*$)/, "\\"),
  (path) => path.replace(/[a-z]/, hex), (path) => path.replace(/(?<=\/)[a-z0-9]/g, (c) => hex(c).toLowerCase()),
  (path) => path.replace("/", "/./"), (path) => path.replace("/", "/x/../"), (path) => path.replace("/", "/%2e/"),
  (path) => path.replace(/[a-z]/, "$&\t"), (path) => path.replace(/\/(?=[^/]*$)/, "/\n"), (path) => ` ${path} `,
];
const rewritten = written.flatMap((url) => {
  const at = url.search(/(?<!\/)\/(?!\/)/); // the path's first slash, past any "//" of the authority
  return at < 0 ? [] : REWRITES.map((rewrite) => url.slice(0, at) + rewrite(url.slice(at)));
});
const mutated = written.flatMap((url) => Array.from({ length: Number(perEntry) }, () => mutate(url, next, PATH_PIECES)));
const fuzzURLs = readFileSync(urlsPath, "utf8").split("\u0000").filter((url) => url.length > 0);
const urls = [...written, ...rewritten, ...mutated, ...fuzzURLs].filter((url) => !url.includes("\u0000"));

// A destination with a path param, one without, one no command takes, another origin of the app
// (an alias), a page that is no destination, and another origin altogether.
const screens = ["https://app.example.com/items/3", "https://app.example.com/items", "https://app.example.com/signin",
  "https://www.example.com/items/3", "http://localhost:8080/items/3/edit", "https://evil.example/items/3"];
const bases = [null, "https://app.example.com/items/", "/docs/"];

const source = readFileSync(scriptPath, "utf8");
const folder = mkdtempSync(join(tmpdir(), "look-diff-"));
const lookOff = join(folder, "page-actions.js");
let failures = 0, pages = 0, offers = 0, lookLeft = 0;
try {
  writeFileSync(lookOff, withoutLook(source));
  const run = (path, screen, base, batch) => {
    const world = makeWorld({ url: screen });
    world.installHandler();
    if (base !== null) world.body.appendChild(world.el("base", { href: base }));
    for (const url of batch) {
      world.body.appendChild(world.el("a", { href: url }));
      world.body.appendChild(world.el("form", { method: "post", action: url }, world.el("button")));
    }
    world.run(path);
    return JSON.parse(world.posted.at(-1));
  };
  const size = 100;
  for (let start = 0; start < urls.length; start += size) {
    const batch = urls.slice(start, start + size);
    screens.forEach((screen, index) => {
      const base = bases[(start / size + index) % bases.length];
      const on = run(scriptPath, screen, base, batch);
      const off = run(lookOff, screen, base, batch);
      pages++;
      offers += on.offers.length;
      if (!isDeepStrictEqual(requests(on), requests(off))) {
        failures++;
        const [a, b] = [requests(on).offers, requests(off).offers];
        const at = a.findIndex((offer, i) => !isDeepStrictEqual(offer, b[i]));
        const first = at < 0 ? a.length : at;
        console.log(`MISMATCH on ${screen} (base ${base}), URLs ${start}..<${start + batch.length}: with the look `
          + `${a.length} offers, without it ${b.length}; the first that differs (offer ${first}): with the look `
          + `${JSON.stringify(a[first] ?? null)}, without it ${JSON.stringify(b[first] ?? null)}`
          + (on.truncated !== off.truncated ? `; truncated ${on.truncated} against ${off.truncated}` : ""));
      }
      // The look left something before an offer: the offers' targets are lower with it.
      if (on.offers.some((offer, i) => off.offers[i] !== undefined && offer.target < off.offers[i].target)) lookLeft++;
    });
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(`look-diff: ${urls.length} URLs as links and forms on ${pages} pages; ${offers} offers; the look left `
  + `something out on ${lookLeft} pages; with and without it the offers agree on all: ${failures === 0}`);
// A run that offers nothing or where the look never acts proves nothing.
if (offers < 100 || lookLeft === 0) {
  console.log(`look-diff: the pages reached too little (${offers} offers, the look acted on ${lookLeft} pages)`);
  process.exit(1);
}
process.exit(failures === 0 ? 0 : 1);
