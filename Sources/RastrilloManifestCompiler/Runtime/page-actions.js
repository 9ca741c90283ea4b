// @slot header
// page-actions.js: the runtime template of the page-actions script; manifest build fills its slots.
// @end header
// The page-actions script: a classic script the app injects into its web screens (a WKUserScript at
// document end, main frame only, in a content world of its own, so the page's scripts cannot reach it
// and the page's Content Security Policy does not apply to it). It finds the page's forms that post
// and its links, keeps those whose method and URL match a command bound to a page action (the same
// router as the app-manifest module's route(), compiled once per method with the bound commands as
// its destinations), and reports them to native as JSON text:
//   {"v":1,"offers":[{"target":0,"method":"POST","url":"https://…/bookmarks/3/publish"}]}
// on load, whenever the set changes, and after a back/forward-cache restore. Native reads every
// offer again with its own router, so a report can only offer commands the manifest binds.
// rastrilloPageActions.invoke(target, method, url) submits that form with requestSubmit() or
// follows that link with click(): the page's own validation, busy rule, cookies and CSRF origin
// checks apply. It never changes the page: no elements, styles or listeners on page elements.
(() => {
  "use strict";

// @slot protocol
  const PROTOCOL = Object.freeze({
    handler: "rastrilloPageActions", global: "rastrilloPageActions", version: 1,
    maxOffers: 512, maxURLBytes: 8192, maxReportBytes: 262144,
  });
// @end protocol

// @slot tables
  const TABLES = Object.freeze({ GET: null, POST: null });
// @end tables

  // The app-manifest module's routing runtime over one table: the destinations are the commands
  // bound to one method, so route(url) names the bound command as its destination.
  function compileRouter(MANIFEST) {
// @slot router
    function route() { return { decision: "refused", destination: null, params: {}, reason: "no router" }; }
// @end router
    return route;
  }

  if (globalThis[PROTOCOL.global] !== undefined) return;

  // DOM members are read through the prototypes of this world: a form's named controls shadow its
  // own members (<input name="action">), and the document's named elements shadow the document's.
  const getter = (Type, name) => {
    const descriptor = Object.getOwnPropertyDescriptor(Type.prototype, name);
    return (self) => Reflect.apply(descriptor.get, self, []);
  };
  const method = (Type, name) => {
    const fn = Type.prototype[name];
    return (self, ...args) => Reflect.apply(fn, self, args);
  };
  const readyState = getter(Document, "readyState");
  const querySelectorAll = method(Document, "querySelectorAll");
  const isConnected = getter(Node, "isConnected");
  const matchesSelector = method(Element, "matches");
  const hasAttribute = method(Element, "hasAttribute");
  const formMethod = getter(HTMLFormElement, "method");
  const formAction = getter(HTMLFormElement, "action");
  const formElements = getter(HTMLFormElement, "elements");
  const requestSubmit = method(HTMLFormElement, "requestSubmit");
  const linkHref = getter(HTMLAnchorElement, "href");
  const click = method(HTMLElement, "click");
  const buttonType = getter(HTMLButtonElement, "type");
  const inputType = getter(HTMLInputElement, "type");
  const doc = globalThis.document;
  const encoder = new TextEncoder();

  const ROUTERS = Object.freeze({
    GET: TABLES.GET === null ? null : compileRouter(TABLES.GET),
    POST: TABLES.POST === null ? null : compileRouter(TABLES.POST),
  });

  /** Whether a bound command's page action matches `method` and `url`, by the router's rules. */
  function isBound(method, url) {
    const route = ROUTERS[method];
    if (route === null || route === undefined) return false;
    const decision = route(url);
    return decision.decision === "web" && decision.destination !== null;
  }

  /** The method and resolved URL of a form that posts or a link; null for anything else. */
  function read(element) {
    if (element instanceof HTMLFormElement) {
      return formMethod(element) === "post" ? { method: "POST", url: String(formAction(element)) } : null;
    }
    if (element instanceof HTMLAnchorElement && hasAttribute(element, "href")) {
      return { method: "GET", url: String(linkHref(element)) };
    }
    return null;
  }

  /** The form's submit buttons, in tree order. */
  function submitButtons(form) {
    const buttons = [];
    for (const control of Array.from(formElements(form))) {
      if (control instanceof HTMLButtonElement && buttonType(control) === "submit") buttons.push(control);
      else if (control instanceof HTMLInputElement && ["submit", "image"].includes(inputType(control))) {
        buttons.push(control);
      }
    }
    return buttons;
  }

  /**
   * The button to submit `form` with: its first enabled submit button, `undefined` when it has
   * none, or null when all of its submit buttons are disabled (the busy rule disables the
   * submitter while a submission is under way).
   */
  function submitter(form) {
    const buttons = submitButtons(form);
    if (buttons.length === 0) return undefined;
    return buttons.find((button) => !matchesSelector(button, ":disabled")) ?? null;
  }

  const utf8Length = (text) => encoder.encode(text).length;

  // The candidates of the last scan (every form and link, in document order): an offer's target
  // is its index here.
  let elements = [];

  /** Scans the document: the report's JSON text, offers in document order within the limits. */
  function scan() {
    const found = Array.from(querySelectorAll(doc, "form, a[href]"));
    const offers = [];
    let bytes = utf8Length(JSON.stringify({ v: PROTOCOL.version, offers: [] }));
    for (let target = 0; target < found.length && offers.length < PROTOCOL.maxOffers; target++) {
      const candidate = read(found[target]);
      if (candidate === null || utf8Length(candidate.url) > PROTOCOL.maxURLBytes) continue;
      if (candidate.method === "POST" && submitter(found[target]) === null) continue;
      if (!isBound(candidate.method, candidate.url)) continue;
      const offer = { target, method: candidate.method, url: candidate.url };
      const size = utf8Length(JSON.stringify(offer)) + (offers.length > 0 ? 1 : 0);
      if (bytes + size > PROTOCOL.maxReportBytes) break;
      bytes += size;
      offers.push(offer);
    }
    elements = found;
    return JSON.stringify({ v: PROTOCOL.version, offers });
  }

  let posted = null;

  /** Posts the report when it differs from the last one posted (looking the handler up now). */
  function report() {
    const text = scan();
    if (text === posted) return;
    const handlers = globalThis.webkit && globalThis.webkit.messageHandlers;
    const handler = handlers ? handlers[PROTOCOL.handler] : undefined;
    if (!handler || typeof handler.postMessage !== "function") return;
    posted = text;
    handler.postMessage(text);
  }

  let scheduled = false;

  /** One report after a burst of changes: at the end of the current task's microtasks. */
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      report();
    });
  }

  /**
   * Submits the form or follows the link at `target`, after checking it still has `method` and
   * resolves to `url` and is still a bound page action. Resolves to "submitted", "followed" or
   * "gone" (the element changed or left, or every submit button of the form is disabled).
   */
  async function invoke(target, method, url) {
    const element = Number.isInteger(target) ? elements[target] : undefined;
    if (element === undefined || !isConnected(element)) return "gone";
    const candidate = read(element);
    if (candidate === null || candidate.method !== method || candidate.url !== url) return "gone";
    if (!isBound(method, url)) return "gone";
    if (method === "POST") {
      const button = submitter(element);
      if (button === null) return "gone";
      try {
        requestSubmit(element, button);
      } catch {
        return "gone";
      }
      return "submitted";
    }
    click(element);
    return "followed";
  }

  globalThis[PROTOCOL.global] = Object.freeze({ invoke });

  function start() {
    new MutationObserver(schedule).observe(doc, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["action", "method", "href", "disabled"],
    });
    report();
  }

  // A page restored from the back/forward cache is a new page to native: report it again.
  globalThis.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    posted = null;
    schedule();
  });
  if (readyState(doc) === "loading") globalThis.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();
