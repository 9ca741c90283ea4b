// The generated page-actions.js for the notes manifest, run in a fake DOM (fake-dom.mjs):
// scan, match, report, invoke, "gone", disabled submitters, limits, mutations and restores.
// Usage: node --test Tests/PageActionsScript/page-actions.test.mjs  (PAGE_ACTIONS_JS=<generated script>)
import assert from "node:assert/strict";
import { test } from "node:test";
import { makeWorld, settle } from "./fake-dom.mjs";
import { requests, withoutLook } from "./look-off.mjs";

const script = process.env.PAGE_ACTIONS_JS;
if (!script) throw new Error("set PAGE_ACTIONS_JS to the page-actions.js generated from the notes manifest");
const ORIGIN = "https://notes.example.com";

/** A world with the handler installed, the page built by `build`, and the script run. */
function page(build, options = {}) {
  const world = makeWorld(options);
  if (options.handler !== false) world.installHandler();
  build(world);
  world.run(script);
  return world;
}

const reports = (world) => world.posted.map((text) => JSON.parse(text));
const offers = (world) => reports(world).at(-1).offers;
const button = (world, attributes = {}) => world.el("button", attributes);
const form = (world, action, ...children) =>
  world.el("form", { method: "post", action }, ...(children.length > 0 ? children : [button(world)]));
const link = (world, href) => world.el("a", { href });

test("on load it reports the bound forms and links in document order, with targets into its list", () => {
  const world = page((w) => {
    w.body.appendChild(link(w, "/bookmarks")); // 0: not bound
    w.body.appendChild(form(w, "/bookmarks/3/publish")); // 1
    w.body.appendChild(link(w, "/bookmarks/3/edit")); // 2
    w.body.appendChild(w.el("form", { method: "get", action: "/bookmarks" }, button(w))); // 3: GET form
    w.body.appendChild(form(w, "https://evil.example/bookmarks/3/delete")); // 4: foreign origin
    w.body.appendChild(form(w, "/bookmarks/x/publish")); // 5: id is not an int
    w.body.appendChild(w.el("a", {})); // no href: not a candidate
    w.body.appendChild(link(w, "http://notes.example.com/bookmarks/new")); // 6: http, not internal
    w.body.appendChild(form(w, "3/delete")); // 7: relative to /bookmarks/3
    w.body.appendChild(link(w, "new")); // 8: /bookmarks/new
    w.body.appendChild(form(w, "/signout")); // 9
    w.body.appendChild(w.el("form", { method: "POST", action: "/bookmarks/3/unpublish#x" }, button(w))); // 10
    w.body.appendChild(form(w, "delete")); // 11: /bookmarks/delete, no id
  });
  assert.equal(world.posted.length, 1);
  assert.equal(typeof world.posted[0], "string", "the report is posted as JSON text");
  assert.deepEqual(JSON.parse(world.posted[0]), {
    v: 1,
    offers: [
      // Targets are given in document order to the submissions whose URL alone could be a
      // command here (leftByLook): the link to /bookmarks gets none, the GET form, the foreign
      // form, /bookmarks/x/publish and the http link get 2 to 4 (their paths could match a route;
      // the router refuses them).
      { target: 0, method: "POST", url: `${ORIGIN}/bookmarks/3/publish` },
      { target: 1, method: "GET", url: `${ORIGIN}/bookmarks/3/edit` },
      { target: 5, method: "POST", url: `${ORIGIN}/bookmarks/3/delete` },
      { target: 6, method: "GET", url: `${ORIGIN}/bookmarks/new` },
      { target: 7, method: "POST", url: `${ORIGIN}/signout` },
      { target: 8, method: "POST", url: `${ORIGIN}/bookmarks/3/unpublish#x` },
    ],
  });
  assert.equal(world.posted[0], JSON.stringify(JSON.parse(world.posted[0])), "compact JSON");
});

test("relative actions resolve against the document's URL, as the browser resolves them", () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "3/publish"));
    w.body.appendChild(form(w, "./3/delete"));
    w.body.appendChild(link(w, "?q=1"));
  }, { url: `${ORIGIN}/bookmarks/3` });
  assert.deepEqual(offers(world), [
    { target: 0, method: "POST", url: `${ORIGIN}/bookmarks/3/publish` },
    { target: 1, method: "POST", url: `${ORIGIN}/bookmarks/3/delete` },
  ]);
});

test("every matching form is offered, the same command twice too (native dedupes); another bookmark's is a row's", () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(form(w, "/bookmarks/4/publish")); // bookmark 3's page: 4's Publish is a row's action
  });
  assert.deepEqual(offers(world).map((o) => o.target), [0, 1]);
});

test("the script offers only what native takes on this page: its destinations and the scope rule", () => {
  const rows = (w, count) => {
    for (let id = 1; id <= count; id++) {
      w.body.appendChild(link(w, `/bookmarks/${id}`));
      w.body.appendChild(link(w, `/bookmarks/${id}/edit`));
      w.body.appendChild(form(w, `/bookmarks/${id}/publish`));
      w.body.appendChild(form(w, `/bookmarks/${id}/delete`));
    }
    w.body.appendChild(link(w, "/bookmarks/new"));
    w.body.appendChild(form(w, "/signout"));
  };
  // A 200-row list (600 bound forms and links, more than the 512 a report holds): every row's
  // Edit, Publish and Delete are rows' actions (and the manifest scopes them to a bookmark's
  // screens); New bookmark after the list is offered, nothing is cut. (make browser-page-actions
  // runs 2,000 rows in Chromium.)
  const list = page((w) => rows(w, 200), { url: `${ORIGIN}/bookmarks` });
  // The rows' links and forms get no targets: their URLs alone show they are no command here.
  assert.deepEqual(reports(list).at(-1), { v: 1, offers: [
    { target: 0, method: "GET", url: `${ORIGIN}/bookmarks/new` },
    { target: 1, method: "POST", url: `${ORIGIN}/signout` },
  ] });
  // Bookmark 7's page listing the same rows: only bookmark 7's own actions.
  const show = page((w) => rows(w, 20), { url: `${ORIGIN}/bookmarks/7` });
  assert.deepEqual(offers(show).map((o) => o.url.slice(ORIGIN.length)),
    ["/bookmarks/7/edit", "/bookmarks/7/publish", "/bookmarks/7/delete", "/bookmarks/new", "/signout"]);
});

test("a form whose submit buttons are all disabled is not offered; one enabled button is enough", () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/3/publish", button(w, { disabled: "" })));
    w.body.appendChild(form(w, "/bookmarks/3/delete", button(w, { disabled: "" }), w.el("input", { type: "submit" })));
    w.body.appendChild(w.el("fieldset", { disabled: "" }, form(w, "/bookmarks/3/unpublish")));
    w.body.appendChild(form(w, "/signout", button(w, { type: "button" })));
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/publish" }, w.el("input", { name: "x" })));
  });
  // Targets are submissions: 0 the disabled publish button; 1 and 2 the delete form's disabled
  // button and its enabled input; 3 the unpublish button, disabled by its fieldset; 4 /signout,
  // which has only a type=button (no submit button), and 5 a publish form with none at all,
  // both offered without a submitter.
  assert.deepEqual(offers(world).map((o) => [o.target, o.url.slice(ORIGIN.length)]),
    [[2, "/bookmarks/3/delete"], [4, "/signout"], [5, "/bookmarks/3/publish"]]);
});

test("the busy rule: disabling the submitter withdraws the offer, re-enabling offers it again", async () => {
  let submit;
  const world = page((w) => {
    submit = button(w);
    w.body.appendChild(form(w, "/bookmarks/3/publish", submit));
  });
  assert.equal(offers(world).length, 1);
  submit.setAttribute("disabled", "");
  await settle();
  assert.deepEqual(offers(world), []);
  submit.removeAttribute("disabled");
  await settle();
  assert.equal(offers(world).length, 1);
  assert.equal(world.posted.length, 3);
});

test("a burst of changes gives one report, and a change that keeps the set posts nothing", async () => {
  const world = page(() => {});
  assert.deepEqual(reports(world), [{ v: 1, offers: [] }]);
  for (let n = 1; n <= 5; n++) world.body.appendChild(form(world, "/bookmarks/3/publish"));
  await settle();
  assert.equal(world.posted.length, 2);
  assert.equal(offers(world).length, 5);
  world.body.appendChild(link(world, "/bookmarks")); // not bound: same report
  world.body.childNodes[0].setAttribute("class", "x"); // not an observed attribute
  await settle();
  assert.equal(world.posted.length, 2);
  world.body.childNodes[0].setAttribute("action", "/bookmarks/3/unpublish");
  await settle();
  assert.equal(world.posted.length, 3);
  assert.equal(offers(world)[0].url, `${ORIGIN}/bookmarks/3/unpublish`);
});

test("the page's own task never waits for the script: records are read in the script's own task", async () => {
  const world = page(() => {});
  world.body.appendChild(form(world, "/bookmarks/3/publish"));
  // The page's task ends with its microtasks (the observer's callback among them): no report yet.
  for (let i = 0; i < 10; i++) await Promise.resolve();
  assert.equal(world.posted.length, 1);
  // The script's task comes after: the records are read and the report posted then.
  await settle();
  assert.equal(world.posted.length, 2);
  assert.equal(offers(world).length, 1);
});

test("without the message handler nothing is posted and nothing fails; the handler is looked up each time", async () => {
  const world = page((w) => w.body.appendChild(form(w, "/bookmarks/3/publish")), { handler: false });
  assert.equal(world.posted.length, 0);
  world.installHandler();
  world.body.appendChild(link(world, "/bookmarks")); // any change: the report is sent now
  await settle();
  assert.equal(world.posted.length, 1);
  assert.equal(offers(world).length, 1);
});

test("a back/forward-cache restore reports again, even when nothing changed", async () => {
  const world = page((w) => w.body.appendChild(form(w, "/bookmarks/3/publish")));
  world.fire("pageshow", { persisted: false });
  await settle();
  assert.equal(world.posted.length, 1);
  world.fire("pageshow", { persisted: true });
  await settle();
  assert.equal(world.posted.length, 2);
  assert.equal(world.posted[1], world.posted[0]);
});

// `form, a[href]` matches an SVG <a href> too (an inline icon's link): the script reads HTML forms
// and links only, and such a link neither stops the report nor is offered.
test("an SVG link is neither read nor offered, and the rest of the page is", async () => {
  const world = page((w) => {
    w.body.appendChild(w.el("svg:a", { href: "/bookmarks/new" }));
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(link(w, "/bookmarks/new"));
  });
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/3/publish`, `${ORIGIN}/bookmarks/new`]);
  world.body.appendChild(world.el("svg:a", { href: "/bookmarks/3/edit" }));
  world.fire("pageshow", { persisted: true });
  await settle();
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/3/publish`, `${ORIGIN}/bookmarks/new`],
    "a full scan again, with an SVG link added");
});

test("a document still loading is scanned at DOMContentLoaded", async () => {
  const world = page((w) => w.body.appendChild(form(w, "/bookmarks/3/publish")), { readyState: "loading" });
  assert.equal(world.posted.length, 0);
  world.fire("DOMContentLoaded");
  assert.equal(world.posted.length, 1);
});

// While the document loads, the script runs its routers and its look once on the page's own URL
// (prepare, issue 48), keeping nothing: its first report is the one a script injected into the
// parsed document posts.
test("a document still loading gets the first report of a parsed one", async () => {
  const build = (w) => {
    w.body.appendChild(link(w, "/bookmarks/3/edit"));
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(link(w, "/bookmarks/new"));
  };
  const url = `${ORIGIN}/bookmarks/3`;
  const loading = page(build, { readyState: "loading", url });
  assert.equal(loading.posted.length, 0);
  loading.fire("DOMContentLoaded");
  const parsed = page(build, { url });
  assert.equal(loading.posted.length, 1);
  assert.deepEqual(JSON.parse(loading.posted[0]), JSON.parse(parsed.posted[0]));
  assert.deepEqual(offers(loading).map((offer) => offer.url),
    [`${ORIGIN}/bookmarks/3/edit`, `${ORIGIN}/bookmarks/3/publish`, `${ORIGIN}/bookmarks/new`]);
});

// A page that changes its URL (history.pushState) is another screen from its next scan on: an
// offer the new screen does not take goes, though its form did not change.
test("after the page's URL changes, the next scan drops what the new screen does not take", async () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(link(w, "/bookmarks/new"));
  }, { url: `${ORIGIN}/bookmarks/3` });
  assert.equal(offers(world).length, 2);
  world.document.url = `${ORIGIN}/bookmarks`;
  world.body.appendChild(world.el("div"));
  await settle();
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/new`]);
  world.document.url = `${ORIGIN}/bookmarks/3`;
  world.body.appendChild(world.el("div"));
  await settle();
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/3/publish`, `${ORIGIN}/bookmarks/new`],
    "back on the bookmark, its publish is offered again");
});

// Injected at document start, the script routes the page's URL while the document loads; a page
// that changes its URL before DOMContentLoaded (history.replaceState) is read at its new URL.
test("a URL changed while the document loads is the one the first report is made for", async () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(link(w, "/bookmarks/new"));
  }, { readyState: "loading", url: `${ORIGIN}/bookmarks` });
  world.document.url = `${ORIGIN}/bookmarks/3`;
  world.fire("DOMContentLoaded");
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/3/publish`, `${ORIGIN}/bookmarks/new`],
    "the bookmark's own publish, which the list page does not offer");
  const list = page((w) => w.body.appendChild(form(w, "/bookmarks/3/publish")),
    { readyState: "loading", url: `${ORIGIN}/bookmarks/3` });
  list.document.url = `${ORIGIN}/bookmarks`;
  list.fire("DOMContentLoaded");
  assert.deepEqual(offers(list), [], "on the list, a row's publish is not offered");
});

test("invoke submits the form with requestSubmit and its first enabled submit button", async () => {
  let first, second;
  const world = page((w) => {
    first = button(w, { disabled: "" });
    second = button(w, { name: "go" });
    w.body.appendChild(link(w, "/bookmarks/3/edit"));
    w.body.appendChild(form(w, "/bookmarks/3/publish", first, second, button(w)));
  });
  const [, offer] = offers(world);
  assert.deepEqual(offer.submitter, { name: "go", value: "" }, "a named button's pair is part of its offer");
  assert.equal(await world.api.invoke(offer.target, offer.method, offer.url), "gone", "without its submitter");
  assert.equal(await world.api.invoke(offer.target, offer.method, offer.url, offer.submitter, {}), "submitted");
  const submits = world.log.filter(([what]) => what === "submit");
  assert.equal(submits.length, 1);
  assert.equal(submits[0][2], second);
});

test("invoke submits a form without submit buttons without a submitter", async () => {
  const world = page((w) => w.body.appendChild(w.el("form", { method: "post", action: "/signout" })));
  const [offer] = offers(world);
  assert.equal(await world.api.invoke(offer.target, "POST", offer.url), "submitted");
  assert.deepEqual(world.log.filter(([what]) => what === "submit").map((entry) => entry[2]), [null]);
});

test("invoke follows a link by navigating to its URL, never with click() (which would send its ping)", async () => {
  const world = page((w) => w.body.appendChild(w.el("a", { href: "/bookmarks/3/edit", ping: "/bookmarks/3/delete" })));
  const [offer] = offers(world);
  assert.equal(await world.api.invoke(offer.target, "GET", offer.url), "followed");
  assert.deepEqual(world.log.filter(([what]) => what === "assign" || what === "click"), [["assign", `${ORIGIN}/bookmarks/3/edit`]]);
});

test("each enabled submit button is an offer of its own, with the URL its formaction gives", async () => {
  let publish, remove;
  const world = page((w) => {
    publish = button(w, { name: "action", value: "publish" });
    remove = button(w, { name: "action", value: "delete", formaction: "/bookmarks/3/delete" });
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/publish" }, publish, remove));
  });
  assert.deepEqual(offers(world), [
    { target: 0, method: "POST", url: `${ORIGIN}/bookmarks/3/publish`, submitter: { name: "action", value: "publish" } },
    { target: 1, method: "POST", url: `${ORIGIN}/bookmarks/3/delete`, submitter: { name: "action", value: "delete" } },
  ]);
  assert.equal(await world.api.invoke(1, "POST", `${ORIGIN}/bookmarks/3/delete`, { name: "action", value: "publish" }),
    "gone", "another button's pair");
  assert.equal(await world.api.invoke(1, "POST", `${ORIGIN}/bookmarks/3/delete`, { name: "action", value: "delete" }),
    "submitted");
  assert.deepEqual(world.log.filter(([what]) => what === "submit").map((entry) => entry[2]), [remove]);
});

test("a hidden formaction button placed before a form cannot turn that form's command into another", async () => {
  let own;
  const world = page((w) => {
    w.body.appendChild(button(w, { form: "pub", formaction: "/bookmarks/3/delete", hidden: "" }));
    own = button(w);
    w.body.appendChild(w.el("form", { id: "pub", method: "post", action: "/bookmarks/3/publish" }, own));
  });
  // Tree order puts the outside button first; each is its own submission.
  const publish = offers(world).find((o) => o.url === `${ORIGIN}/bookmarks/3/publish`);
  assert.ok(publish, "Publish is offered");
  assert.equal(await world.api.invoke(publish.target, "POST", publish.url), "submitted");
  assert.deepEqual(world.log.filter(([what]) => what === "submit").map((entry) => entry[2]), [own]);
});

test("a row's form is left by its action only where no button can override it", async () => {
  const list = { url: `${ORIGIN}/bookmarks` };
  // The row's own action is no command on the list, but a button's formaction is: inside the
  // form, and outside it naming the form's id.
  const inside = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/9/delete", button(w, { formaction: "/signout" })));
  }, list);
  assert.deepEqual(offers(inside).map((o) => o.url), [`${ORIGIN}/signout`]);
  const outside = page((w) => {
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/9/delete", id: "row9" }));
    w.body.appendChild(button(w, { form: "row9", formaction: "/signout" }));
  }, list);
  assert.deepEqual(offers(outside).map((o) => o.url), [`${ORIGIN}/signout`]);
  // A page without any formaction at first: the row is left; a button with one added later is read.
  let row;
  const later = page((w) => {
    row = form(w, "/bookmarks/9/delete");
    w.body.appendChild(row);
  }, list);
  assert.deepEqual(offers(later), []);
  row.appendChild(button(later, { formaction: "/signout" }));
  await settle();
  assert.deepEqual(offers(later).map((o) => o.url), [`${ORIGIN}/signout`]);
});

test("a formaction changed after the report: a new report, and the old offer answers gone", async () => {
  let own;
  const world = page((w) => {
    own = button(w);
    w.body.appendChild(form(w, "/bookmarks/3/publish", own));
  });
  const [offer] = offers(world);
  own.setAttribute("formaction", "/bookmarks/3/delete");
  assert.equal(await world.api.invoke(offer.target, "POST", offer.url), "gone");
  await settle();
  assert.deepEqual(offers(world), [{ target: 0, method: "POST", url: `${ORIGIN}/bookmarks/3/delete` }]);
  assert.deepEqual(world.log.filter(([what]) => what === "submit"), []);
});

test("requests that leave the page's own context, GET submitters, downloads and in-page links are not offered", () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/3/publish", button(w, { formmethod: "get" })));
    w.body.appendChild(form(w, "/bookmarks/3/publish", button(w, { formtarget: "_blank" })));
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/delete", target: "frame" }, button(w)));
    w.body.appendChild(w.el("a", { href: "/bookmarks/3/edit", download: "" }));
    w.body.appendChild(w.el("a", { href: "/bookmarks/3/edit", target: "_blank" }));
    w.body.appendChild(w.el("a", { href: "#main" }));
    w.body.appendChild(form(w, "/bookmarks/3/unpublish", button(w, { formtarget: "_self" }))); // offered
    w.body.appendChild(form(w, "/signout", button(w, { formmethod: "post", formaction: "/signout" }))); // offered
  });
  assert.deepEqual(offers(world).map((o) => o.url.slice(ORIGIN.length)), ["/bookmarks/3/unpublish", "/signout"]);
});

test("a <base target> that is not the page's own context withdraws every offer that follows it", () => {
  const world = page((w) => {
    w.body.appendChild(w.el("base", { target: "_blank" }));
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(link(w, "/bookmarks/3/edit"));
    w.body.appendChild(w.el("a", { href: "/bookmarks/3/edit", target: "_self" }));
  });
  assert.deepEqual(offers(world).map((o) => o.target), [2]);
});

test("a form with an image button is offered only through its other submit buttons", () => {
  const world = page((w) => {
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/publish" }, w.el("input", { type: "image" })));
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/delete" }, w.el("input", { type: "image" }), button(w)));
  });
  assert.deepEqual(offers(world).map((o) => o.url.slice(ORIGIN.length)), ["/bookmarks/3/delete"]);
});

test("invoke answers invalid when the page's validation stops the submission (and still asks it, so its message shows)", async () => {
  const world = page((w) => {
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/publish" }, w.el("input", { name: "Title", required: "" }), button(w)));
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/delete", novalidate: "" }, w.el("input", { name: "Title", required: "" }), button(w)));
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/unpublish" }, w.el("input", { name: "Title", required: "" }), button(w, { formnovalidate: "" })));
  });
  const [publish, remove, unpublish] = offers(world);
  assert.equal(await world.api.invoke(publish.target, "POST", publish.url), "invalid");
  assert.equal(await world.api.invoke(remove.target, "POST", remove.url), "submitted");
  assert.equal(await world.api.invoke(unpublish.target, "POST", unpublish.url), "submitted");
  assert.equal(world.log.filter(([what]) => what === "submit").length, 3);
});

test("invoke answers gone when the element left, changed, or cannot be submitted now", async () => {
  let publish, submit, edit;
  const world = page((w) => {
    submit = button(w);
    publish = form(w, "/bookmarks/3/publish", submit);
    edit = link(w, "/bookmarks/3/edit");
    w.body.appendChild(publish);
    w.body.appendChild(edit);
  });
  const url = `${ORIGIN}/bookmarks/3/publish`;
  const api = world.api;
  assert.equal(await api.invoke(0, "GET", url), "gone", "wrong method");
  assert.equal(await api.invoke(0, "POST", `${ORIGIN}/bookmarks/4/publish`), "gone", "other URL");
  assert.equal(await api.invoke(1, "POST", url), "gone", "other element");
  assert.equal(await api.invoke(7, "POST", url), "gone", "no such target");
  assert.equal(await api.invoke("0", "POST", url), "gone", "not an integer");
  assert.equal(await api.invoke(-1, "POST", url), "gone");
  assert.equal(await api.invoke(1, "GET", `${ORIGIN}/bookmarks`), "gone", "not a bound URL");
  submit.setAttribute("disabled", "");
  assert.equal(await api.invoke(0, "POST", url), "gone", "every submit button disabled (busy)");
  submit.removeAttribute("disabled");
  publish.setAttribute("action", "/bookmarks/4/publish");
  assert.equal(await api.invoke(0, "POST", url), "gone", "the action changed");
  publish.setAttribute("action", "/bookmarks/3/publish");
  publish.setAttribute("method", "get");
  assert.equal(await api.invoke(0, "POST", url), "gone", "the form no longer posts");
  publish.setAttribute("method", "post");
  edit.remove();
  assert.equal(await api.invoke(1, "GET", `${ORIGIN}/bookmarks/3/edit`), "gone", "the link left the page");
  assert.equal(world.log.filter(([what]) => what === "submit" || what === "click").length, 0);
  assert.equal(await api.invoke(0, "POST", url), "submitted");
});

test("a form's named controls cannot change what is read or submitted (DOM clobbering)", async () => {
  let clobbered;
  const world = page((w) => {
    clobbered = form(w, "/bookmarks/3/publish");
    // <input name="action">, <input name="method">, <input name="requestSubmit"> shadow the members
    Object.defineProperty(clobbered, "action", { value: `${ORIGIN}/bookmarks/9/delete` });
    Object.defineProperty(clobbered, "method", { value: "get" });
    Object.defineProperty(clobbered, "requestSubmit", { value: () => { throw new Error("clobbered"); } });
    w.body.appendChild(clobbered);
  });
  assert.deepEqual(offers(world), [{ target: 0, method: "POST", url: `${ORIGIN}/bookmarks/3/publish` }]);
  assert.equal(await world.api.invoke(0, "POST", `${ORIGIN}/bookmarks/3/publish`), "submitted");
});

test("limits: at most 512 offers, no URL over 8 KiB, no report over 256 KiB", async () => {
  const many = page((w) => {
    w.body.appendChild(link(w, `/bookmarks/3/edit?pad=${"a".repeat(8 * 1024)}`)); // over 8 KiB: skipped
    for (let n = 0; n < 600; n++) w.body.appendChild(form(w, "/bookmarks/3/publish"));
  });
  assert.equal(offers(many).length, 512);
  assert.equal(offers(many)[0].target, 1);
  assert.equal(offers(many).at(-1).target, 512);
  assert.equal(reports(many).at(-1).truncated, true, "the report says offers were left out");
  const exact = page((w) => {
    for (let n = 0; n < 512; n++) w.body.appendChild(form(w, "/bookmarks/3/publish"));
  });
  assert.deepEqual(Object.keys(reports(exact).at(-1)), ["v", "offers"], "512 offers exactly: nothing left out");
  const big = page((w) => {
    for (let n = 0; n < 100; n++) w.body.appendChild(link(w, `/bookmarks/3/edit?pad=${"b".repeat(8000)}`));
  });
  const text = big.posted.at(-1);
  assert.ok(new TextEncoder().encode(text).length <= 256 * 1024);
  assert.ok(offers(big).length >= 31 && offers(big).length < 100);
  assert.equal(reports(big).at(-1).truncated, true);
});

test("the script defines one frozen global, never changes the page, and runs once per world", async () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(link(w, "/bookmarks/3/edit"));
  });
  const api = world.api;
  assert.deepEqual(Object.keys(api), ["invoke"]);
  assert.ok(Object.isFrozen(api));
  assert.equal(api.invoke.constructor.name, "AsyncFunction");
  world.run(script); // a second injection keeps the first
  assert.equal(world.api, api);
  assert.equal(world.posted.length, 1);
  await api.invoke(0, "POST", `${ORIGIN}/bookmarks/3/publish`);
  assert.deepEqual(world.log.filter(([what]) => what !== "submit"), [], "no attribute written, no listener added");
});

// The reports native decodes in PageActionScriptReportsTests (Swift): the script must post exactly
// these texts for the bookmark page below. RECORD_PAGE_ACTION_REPORTS=1 rewrites the file's reports
// (the commands native should accept stay hand-written).
test("the bookmark page's reports are the ones recorded for native (recorded-reports.json)", async () => {
  const { readFileSync, writeFileSync } = await import("node:fs");
  const path = new URL("./recorded-reports.json", import.meta.url);
  let publish;
  const world = page((w) => {
    w.body.appendChild(link(w, "/bookmarks")); // back link: not bound
    w.body.appendChild(link(w, "/bookmarks/3/edit"));
    publish = button(w);
    w.body.appendChild(form(w, "/bookmarks/3/publish", publish));
    w.body.appendChild(link(w, "/bookmarks/3/delete")); // the confirm page: not bound
    w.body.appendChild(form(w, "/signout"));
  });
  publish.setAttribute("disabled", ""); // the busy rule, after a click
  await settle();
  world.body.childNodes[2].remove(); // the page swaps Publish for Unpublish
  world.body.appendChild(form(world, "/bookmarks/3/unpublish"));
  await settle();
  const recorded = JSON.parse(readFileSync(path, "utf8"));
  if (process.env.RECORD_PAGE_ACTION_REPORTS === "1") {
    const entries = world.posted.map((report, i) => ({ report, commands: recorded[i]?.commands ?? [] }));
    writeFileSync(path, JSON.stringify(entries, null, 1) + "\n");
  }
  assert.deepEqual(world.posted, recorded.map((entry) => entry.report));
});

// Incremental scanning: a change costs what it touches, and targets stay put.

test("targets stay put: a row added before an offer or removed leaves the others' targets and invokes", async () => {
  let list;
  const world = page((w) => {
    list = w.el("ul");
    w.body.appendChild(list);
    w.body.appendChild(link(w, "/bookmarks/3/edit"));
    w.body.appendChild(form(w, "/signout"));
  });
  const [edit, signOut] = offers(world);
  assert.deepEqual([edit.target, signOut.target], [0, 1]);
  const row = w => w.el("li", {}, link(w, "/bookmarks/3/edit"));
  list.appendChild(row(world));
  await settle();
  assert.deepEqual(offers(world).map((o) => o.target), [2, 0, 1], "the new row's link is new; the others keep theirs");
  assert.equal(await world.api.invoke(signOut.target, "POST", signOut.url, null, {}), "submitted");
  list.childNodes[0].remove();
  await settle();
  assert.deepEqual(offers(world).map((o) => o.target), [0, 1]);
  assert.equal(await world.api.invoke(2, "GET", edit.url, null, {}), "gone", "the removed row's target");
});

test("a fieldset disabled or enabled around a form withdraws and restores its offer", async () => {
  let fieldset;
  const world = page((w) => {
    fieldset = w.el("fieldset", {}, button(w));
    w.body.appendChild(w.el("form", { method: "post", action: "/signout" }, fieldset));
  });
  assert.equal(offers(world).length, 1);
  fieldset.setAttribute("disabled", "");
  await settle();
  assert.deepEqual(offers(world), []);
  fieldset.removeAttribute("disabled");
  await settle();
  assert.equal(offers(world).length, 1);
});

test("a button moved to another form with form= offers that form's action", async () => {
  let moving;
  const world = page((w) => {
    moving = button(w, { form: "pub" });
    w.body.appendChild(w.el("form", { id: "pub", method: "post", action: "/bookmarks/3/publish" }));
    w.body.appendChild(w.el("form", { id: "del", method: "post", action: "/bookmarks/3/delete" }, button(w)));
    w.body.appendChild(moving);
  });
  const before = offers(world).map((o) => o.url.slice(ORIGIN.length));
  assert.deepEqual(before, ["/bookmarks/3/publish", "/bookmarks/3/delete"]);
  moving.setAttribute("form", "del");
  await settle();
  assert.deepEqual(offers(world).map((o) => o.url.slice(ORIGIN.length)),
    ["/bookmarks/3/publish", "/bookmarks/3/delete", "/bookmarks/3/delete"],
    "the publish form has no button now (offered as itself), the moved button is delete's second");
});

test("a <base target> added later withdraws every offer after the change", async () => {
  const world = page((w) => w.body.appendChild(form(w, "/signout")));
  assert.equal(offers(world).length, 1);
  world.body.appendChild(world.el("base", { target: "_blank" }));
  await settle();
  assert.deepEqual(offers(world), []);
});

test("a <base target> that leaves, inside what was removed, gives every offer back", async () => {
  const world = page((w) => {
    w.body.appendChild(w.el("div", {}, w.el("base", { target: "_blank" })));
    w.body.appendChild(form(w, "/signout"));
  });
  assert.deepEqual(offers(world), []);
  world.body.childNodes[0].remove();
  await settle();
  assert.deepEqual(offers(world).map((o) => o.url.slice(ORIGIN.length)), ["/signout"]);
});

test("a <base target> that leaves is noticed even when an invoke read the base before the scan", async () => {
  const world = page((w) => {
    w.body.appendChild(w.el("div", {}, w.el("base", { target: "_blank" })));
    w.body.appendChild(w.el("form", { method: "post", action: "/bookmarks/3/publish", target: "_self" }, button(w)));
    w.body.appendChild(form(w, "/signout"));
  });
  const [offer] = offers(world);
  assert.equal(offer.url, `${ORIGIN}/bookmarks/3/publish`);
  world.body.childNodes[0].remove();
  assert.equal(await world.api.invoke(offer.target, offer.method, offer.url), "submitted");
  await settle();
  assert.deepEqual(offers(world).map((o) => o.url.slice(ORIGIN.length)), ["/bookmarks/3/publish", "/signout"]);
});

// A seeded generator of pages and changes: after every burst of changes, the report the script
// posts incrementally must be exactly the one a full scan of the same document gives (a
// back/forward restore makes the script scan the whole document and post again).
function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    // The high bits: an LCG's low bits repeat with short periods (the lowest alternates).
    return Math.floor((state / 2 ** 32) * n);
  };
}

test("incremental reports equal full scans after random changes (seeded)", async () => {
  const actions = ["/bookmarks/3/publish", "/bookmarks/3/delete", "/bookmarks/4/publish", "/signout", "/bookmarks/3/unpublish"];
  const links = ["/bookmarks/3/edit", "/bookmarks/new", "/bookmarks", "#main", "/bookmarks/3/edit#x"];
  for (let seed = 1; seed <= 40; seed++) {
    const random = generator(seed);
    const pick = (list) => list[random(list.length)];
    let world;
    const containers = [];
    const make = (w) => {
      switch (random(5)) {
        case 0: return w.el("form", { method: "post", action: pick(actions) }, ...Array.from({ length: random(3) },
          () => button(w, random(3) === 0 ? { disabled: "" } : {})));
        case 1: return link(w, pick(links));
        case 2: return w.el("fieldset", random(2) ? { disabled: "" } : {}, button(w));
        case 3: return button(w, { form: pick(["f0", "f1", "nope"]) });
        default: return w.el("div", {}, form(w, pick(actions)), link(w, pick(links)));
      }
    };
    world = page((w) => {
      for (let i = 0; i < 4; i++) {
        const box = w.el("div");
        containers.push(box);
        w.body.appendChild(box);
        for (let j = 0; j < 3; j++) box.appendChild(make(w));
      }
      w.body.appendChild(w.el("form", { id: "f0", method: "post", action: "/signout" }));
      w.body.appendChild(w.el("form", { id: "f1", method: "post", action: "/bookmarks/3/delete" }, button(w)));
    });
    for (let burst = 0; burst < 12; burst++) {
      for (let change = 0; change < 1 + random(3); change++) {
        const box = pick(containers);
        const elements = [...box.descendants()];
        switch (random(6)) {
          case 0: box.appendChild(make(world)); break;
          case 1: if (box.childNodes.length > 0) pick(box.childNodes).remove(); break;
          case 2: { const e = elements.find((n) => n.localName === "form"); if (e) e.setAttribute("action", pick(actions)); break; }
          case 3: { const e = elements.find((n) => n.localName === "button"); if (e) e.hasAttribute("disabled") ? e.removeAttribute("disabled") : e.setAttribute("disabled", ""); break; }
          case 4: { const e = elements.find((n) => n.localName === "a"); if (e) e.setAttribute("href", pick(links)); break; }
          default: { const e = elements.find((n) => n.localName === "fieldset"); if (e) e.hasAttribute("disabled") ? e.removeAttribute("disabled") : e.setAttribute("disabled", ""); break; }
        }
      }
      await settle();
      const incremental = world.posted.at(-1);
      world.fire("pageshow", { persisted: true });
      await settle();
      assert.equal(world.posted.at(-1), incremental, `seed ${seed}, burst ${burst}: a full scan reports otherwise`);
    }
  }
});

// The script reads a form's or link's URL alone first and leaves it when its path can match no
// route of a command native takes on the page (mightMatch), before reading the rest and routing.
// That look must leave out only what the router and the scope rule would not offer: on random
// pages of forms and links (paths from literal, escaped, numeric, dot and empty segments, with
// queries and fragments) on each kind of screen, the report offers exactly what the same script
// with the look turned off offers, in the same order (only the targets differ).
test("the look before routing leaves out only what routing would not offer (seeded)", async () => {
  const { readFileSync, writeFileSync, mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const folder = mkdtempSync(join(tmpdir(), "page-actions-look-"));
  const unfiltered = join(folder, "page-actions.js");
  writeFileSync(unfiltered, withoutLook(readFileSync(script, "utf8")));
  try {
    // Pieces a URL parser changes (spaces, braces, a backslash, tabs, non-ASCII, dot segments) put
    // the plain-path look to the test: a URL it reads as written must resolve to the same path.
    const pieces = ["bookmarks", "%62ookmarks", "BOOKMARKS", "3", "x", "-1", "new", "%6Eew", "edit", "publish",
      "unpublish", "delete", "bulk", "_locale", "signout", "signin", "", ".", "%2F", "%E2%82%AC", "..", "%2e",
      "a b", "{new}", "ne\tw", "new\n", "\\new", "€", "new.", "new ", ":new", "@"];
    // How a URL is written: a path, relative, with an authority, or with a scheme.
    const heads = ["/", "/", "/", "/", "/", "", "./", "../", "//notes.example.com/", "https://notes.example.com/",
      "/\\", " /", "https://other.example/"];
    const screens = ["/", "/bookmarks", "/bookmarks/3", "/bookmarks/3/edit", "/bookmarks/new", "/signin"];
    let offered = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const random = generator(seed);
      const pick = (list) => list[random(list.length)];
      const routes = ["bookmarks/3/publish", "bookmarks/3/unpublish", "bookmarks/3/delete", "bookmarks/3/edit",
        "bookmarks/new", "%62ookmarks/new", "bookmarks/%6Eew", "bookmarks/bulk", "signout", "_locale", "bookmarks/4/edit"];
      // Ways of writing the same path that a URL parser undoes (or escapes), applied to a route.
      const rewrites = [(p) => p, (p) => p, (p) => p, (p) => "x/../" + p, (p) => "./" + p, (p) => p.replace("/", "/./"),
        (p) => p.replace("e", "e\t"), (p) => p.replace("/", "/\n"), (p) => p.replace("/", "\\"), (p) => p + " ",
        (p) => p.replace("new", "%6Eew"), (p) => p.replace("e", "€"), (p) => p.replace("/", "/%2e/")];
      const url = () => pick(heads) + (random(2) === 0 ? pick(rewrites)(pick(routes))
        : Array.from({ length: random(5) }, () => pick(pieces)).join("/")) + pick(["", "", "?q=1", "#top", "/"]);
      const elements = Array.from({ length: 40 }, () => [random(2) === 0 ? "form" : "a", url()]);
      const screen = `https://notes.example.com${pick(screens)}`;
      // Sometimes a <base href>: URLs as written are then resolved, never read as they are.
      const base = pick([null, null, null, "https://notes.example.com/bookmarks/", "/elsewhere/"]);
      const build = (w) => {
        if (base !== null) w.body.appendChild(w.el("base", { href: base }));
        for (const [kind, target] of elements) {
          w.body.appendChild(kind === "form" ? form(w, target) : link(w, target));
        }
      };
      const run = (path) => {
        const world = makeWorld({ url: screen });
        world.installHandler();
        build(world);
        world.run(path);
        return world.posted.at(-1);
      };
      // Targets differ (what the look leaves gets none); the offers, their order and the
      // truncation must not, and targets stay increasing in document order.
      const filtered = JSON.parse(run(script));
      const unfilteredReport = JSON.parse(run(unfiltered));
      assert.deepEqual(requests(filtered), requests(unfilteredReport),
        `seed ${seed} on ${screen}: the look left out an offer`);
      const targets = filtered.offers.map((offer) => offer.target);
      assert.ok(targets.every((target, index) => index === 0 || target > targets[index - 1]),
        `seed ${seed}: targets ${targets} are not in document order`);
      offered += filtered.offers.length;
    }
    assert.ok(offered > 100, `the random pages offered only ${offered} commands: the test reaches too little`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// The selectors the script asks with ("base", "form", "input[type=image]", "select") also match
// elements of another namespace with those names (inline SVG's <base>, <form>, <input>, <select>),
// which are none of HTML's: such a <base target> sets no target, such an <input type=image> is no
// image button, a change inside such a <form> or under such a <select> is no form's, and none of
// them stops the script reporting the rest of the page.
test("SVG elements named base, form, input or select are not HTML's, and stop nothing", async () => {
  const world = page((w) => {
    w.body.appendChild(w.el("svg:base", { target: "_blank" }));
    w.body.appendChild(link(w, "/bookmarks/new"));
    w.body.appendChild(w.el("form", { method: "post", action: "/signout" }, w.el("svg:input", { type: "image" })));
    w.body.appendChild(w.el("svg:form", { action: "elsewhere" }, w.el("svg:text")));
    w.body.appendChild(w.el("svg:select", {}, w.el("option", { value: "a" })));
  });
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/new`, `${ORIGIN}/signout`]);
  const [, newLink, , svgForm, svgSelect] = world.body.childNodes;
  // In one burst: a change inside the SVG form, an option of the SVG select chosen, the link removed.
  svgForm.appendChild(world.el("svg:text"));
  svgSelect.childNodes[0].setAttribute("selected", "");
  newLink.remove();
  await settle();
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/signout`]);
});

// A report is made again only when what it says may have changed: an offer read again the same is
// not a change, unless nodes left in the same burst (an offered element moved: the order changed).
test("offered elements moved: the report lists them in their new order", async () => {
  const world = page((w) => {
    w.body.appendChild(form(w, "/bookmarks/3/publish"));
    w.body.appendChild(link(w, "/bookmarks/3/edit"));
  });
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/3/publish`, `${ORIGIN}/bookmarks/3/edit`]);
  const [publish, edit] = world.body.childNodes;
  world.body.appendChild(publish); // moved after the link: removed, then added again
  await settle();
  assert.deepEqual(offers(world).map((offer) => offer.url), [`${ORIGIN}/bookmarks/3/edit`, `${ORIGIN}/bookmarks/3/publish`]);
  assert.equal(world.posted.length, 2);
  edit.setAttribute("href", "/bookmarks/3/edit");
  await settle();
  assert.equal(world.posted.length, 2, "an attribute set to its own value: the report as it was, not posted again");
});
