// The generated page-actions.js for the page-action fixtures' manifest
// (Tests/PageActionsScript/fixtures/app-manifest.json), run in a fake DOM (fake-dom.mjs): commands
// told apart by their submit button (Rastrillo's bulk bar) and by a bound field (the locale menu).
// Usage: PAGE_ACTIONS_JS=<generated script> node --test Tests/PageActionsScript/submitters-fields.test.mjs
import assert from "node:assert/strict";
import { test } from "node:test";
import { makeWorld, settle } from "./fake-dom.mjs";

const script = process.env.PAGE_ACTIONS_JS;
if (!script) throw new Error("set PAGE_ACTIONS_JS to the page-actions.js generated from the fixtures' manifest");
const ORIGIN = "https://notes.example.com";

function page(build, url = `${ORIGIN}/bookmarks?select=1`) {
  const world = makeWorld({ url });
  world.installHandler();
  build(world);
  world.run(script);
  return world;
}

const offers = (world) => JSON.parse(world.posted.at(-1)).offers;
const submits = (world) => world.log.filter(([what]) => what === "submit").map((entry) => entry[2]);

/** Rastrillo's bulk bar: one selection form, its actions named submit buttons. */
function bulkBar(w, buttons = ["publish", "unpublish", "delete"]) {
  const made = buttons.map((value) => w.el("button", { type: "submit", name: "action", value }));
  const form = w.el("form", { method: "post", action: "/bookmarks/bulk" }, ...made,
    w.el("input", { type: "checkbox", name: "ids", value: "3", checked: "" }),
    w.el("input", { type: "checkbox", name: "ids", value: "4" }));
  w.body.appendChild(form);
  return made;
}

/** Rastrillo's locale menu: one form per language, differing only in a hidden locale. */
function localeMenu(w, codes = ["en", "es", "fr"]) {
  for (const code of codes) {
    w.body.appendChild(w.el("form", { method: "post", action: "/_locale" },
      w.el("input", { type: "hidden", name: "locale", value: code }),
      w.el("input", { type: "hidden", name: "return", value: "/bookmarks" }),
      w.el("button", { type: "submit" })));
  }
}

test("each bulk-bar button is its own offer, carrying its name=value pair", () => {
  const world = page((w) => bulkBar(w));
  assert.deepEqual(offers(world), ["publish", "unpublish", "delete"].map((value, target) => ({
    target, method: "POST", url: `${ORIGIN}/bookmarks/bulk`, submitter: { name: "action", value },
  })));
});

test("invoke submits with the very button native approved, never the form's first", async () => {
  let buttons;
  const world = page((w) => { buttons = bulkBar(w); });
  const remove = offers(world)[2];
  assert.equal(await world.api.invoke(remove.target, "POST", remove.url, { name: "action", value: "publish" }, {}),
    "gone", "a pair other than the button's");
  assert.equal(await world.api.invoke(remove.target, "POST", remove.url, null, {}), "gone", "no pair");
  assert.deepEqual(submits(world), []);
  assert.equal(await world.api.invoke(remove.target, "POST", remove.url, remove.submitter, {}), "submitted");
  assert.deepEqual(submits(world), [buttons[2]]);
});

test("a button whose value changed after the report: a new report, and the old offer answers gone", async () => {
  let buttons;
  const world = page((w) => { buttons = bulkBar(w); });
  const publish = offers(world)[0];
  buttons[0].setAttribute("value", "delete");
  assert.equal(await world.api.invoke(publish.target, "POST", publish.url, publish.submitter, {}), "gone");
  await settle();
  assert.deepEqual(offers(world).map((o) => o.submitter.value), ["delete", "unpublish", "delete"]);
  assert.deepEqual(submits(world), []);
});

test("a button no command names is not offered on a route whose commands name their buttons", () => {
  const world = page((w) => {
    bulkBar(w, ["archive"]);
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/bulk" }, w.el("button", {})));
  });
  assert.deepEqual(offers(world), []);
});

test("a named <input type=submit> without a value is not offered: the browser sends its own label", () => {
  const world = page((w) => {
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/bulk" },
      w.el("input", { type: "submit", name: "action" }),
      w.el("input", { type: "submit", name: "action", value: "delete" })));
  });
  assert.deepEqual(offers(world), [
    { target: 1, method: "POST", url: `${ORIGIN}/bookmarks/bulk`, submitter: { name: "action", value: "delete" } },
  ]);
});

test("the locale menu: one offer per language, the bound field's value in each", async () => {
  const world = page((w) => localeMenu(w));
  assert.deepEqual(offers(world), ["en", "es", "fr"].map((locale, target) => ({
    target, method: "POST", url: `${ORIGIN}/_locale`, fields: { locale },
  })));
  const spanish = offers(world)[1];
  assert.equal(await world.api.invoke(spanish.target, "POST", spanish.url, null, { locale: "en" }), "gone",
    "another language's value");
  assert.equal(await world.api.invoke(spanish.target, "POST", spanish.url, null, {}), "gone", "no field");
  assert.equal(await world.api.invoke(spanish.target, "POST", spanish.url, null, { locale: "es" }), "submitted");
  assert.equal(submits(world).length, 1);
});

test("a field's value changed after the report answers gone and is reported again", async () => {
  let input;
  const world = page((w) => {
    input = w.el("input", { type: "hidden", name: "locale", value: "es" });
    w.body.appendChild(w.el("form", { method: "post", action: "/_locale" }, input, w.el("button", {})));
  });
  const [offer] = offers(world);
  input.setAttribute("value", "fr");
  assert.equal(await world.api.invoke(offer.target, "POST", offer.url, null, offer.fields), "gone");
  await settle();
  assert.deepEqual(offers(world)[0].fields, { locale: "fr" });
});

test("a bound field is read as the form sends it: checked boxes, selected options, enabled controls, one value", () => {
  const world = page((w) => {
    const form = (...children) => w.el("form", { method: "post", action: "/_locale" }, ...children, w.el("button", {}));
    w.body.appendChild(form(w.el("input", { type: "radio", name: "locale", value: "en" }),
      w.el("input", { type: "radio", name: "locale", value: "es", checked: "" }))); // 0: es
    w.body.appendChild(form(w.el("select", { name: "locale" }, w.el("option", { value: "en" }),
      w.el("option", { value: "ja", selected: "" })))); // 1: ja
    w.body.appendChild(form(w.el("input", { type: "hidden", name: "locale", value: "en", disabled: "" }),
      w.el("input", { type: "hidden", name: "locale", value: "vi" }))); // 2: vi
    w.body.appendChild(form(w.el("input", { type: "hidden", name: "locale", value: "en" }),
      w.el("input", { type: "hidden", name: "locale", value: "es" }))); // 3: two values
    w.body.appendChild(form(w.el("input", { type: "hidden", name: "language", value: "en" }))); // 4: none
    w.body.appendChild(form(w.el("input", { type: "checkbox", name: "locale", value: "ar" }))); // 5: unchecked
    w.body.appendChild(form(w.el("textarea", { name: "locale", value: "pt" }))); // 6: pt
  });
  assert.deepEqual(offers(world).map((o) => [o.target, o.fields.locale]), [[0, "es"], [1, "ja"], [2, "vi"], [6, "pt"]]);
});

test("a bound field's value over 1,024 bytes is not offered", () => {
  const world = page((w) => localeMenu(w, ["x".repeat(1025), "es"]));
  assert.deepEqual(offers(world).map((o) => o.fields.locale), ["es"]);
});

test("a bound field's 1,024 bytes are UTF-8's, as TextEncoder counts them: 2-, 3- and 4-byte characters and lone surrogates", () => {
  const values = [
    "é".repeat(512), "é".repeat(512) + "a", // 2 bytes each
    "€".repeat(341) + "a", "€".repeat(341) + "aa", // 3 bytes each
    "😀".repeat(256), "😀".repeat(256) + "a", // a surrogate pair: 4 bytes
    "\ud800".repeat(341) + "a", "\ud800".repeat(341) + "aa", // a lone surrogate: U+FFFD, 3 bytes
    "\udc00a".repeat(256), "\udc00a".repeat(256) + "a", // a low surrogate alone first: 3 bytes
  ];
  const fits = values.filter((value) => new TextEncoder().encode(value).length <= 1024);
  assert.equal(fits.length, 5, "half of the values are at the limit, half one byte over");
  const world = page((w) => localeMenu(w, values));
  assert.deepEqual(offers(world).map((o) => o.fields.locale), fits);
});

test("the bulk commands are offered only where the manifest says (the list), as native takes them", () => {
  const world = page((w) => bulkBar(w), `${ORIGIN}/bookmarks/3`);
  assert.deepEqual(offers(world), []);
});

test("invoke refuses arguments that are not a submitter and an object of strings", async () => {
  const world = page((w) => localeMenu(w, ["es"]));
  const [offer] = offers(world);
  for (const [submitter, fields] of [[null, null], [null, { locale: 1 }], ["action", { locale: "es" }],
    [{ name: 1, value: "x" }, { locale: "es" }]]) {
    assert.equal(await world.api.invoke(offer.target, "POST", offer.url, submitter, fields), "gone");
  }
  assert.deepEqual(submits(world), []);
});
