// A tiny hand-written DOM for running the generated page-actions.js under node (no npm packages):
// just what the script reads (forms, links, submit buttons, :disabled, MutationObserver, pageshow)
// with the browser's behaviour where it matters (URLs resolved against the document's URL, a form's
// named controls shadowing its members, mutation records delivered in a microtask). It records what
// the script does to the page: submissions, clicks, and any attribute write or listener an element
// gets, so a test can require that the script changes nothing.
import { readFileSync } from "node:fs";
import vm from "node:vm";

export function makeWorld({ url = "https://notes.example.com/bookmarks/3", readyState = "complete", resolveURLs = true } = {}) {
  const log = [];
  const observers = [];
  const windowListeners = new Map();
  let pending = [];
  let delivering = false;

  function notify(record) {
    for (const observer of observers) {
      const options = observer.options;
      if (record.type === "attributes") {
        if (!options.attributes) continue;
        if (options.attributeFilter && !options.attributeFilter.includes(record.attributeName)) continue;
      } else if (!options.childList) continue;
      pending.push([observer, record]);
    }
    if (pending.length > 0 && !delivering) {
      delivering = true;
      queueMicrotask(() => {
        const batch = pending;
        pending = [];
        delivering = false;
        const byObserver = new Map();
        for (const [observer, record] of batch) {
          if (!byObserver.has(observer)) byObserver.set(observer, []);
          byObserver.get(observer).push(record);
        }
        for (const [observer, records] of byObserver) observer.callback(records, observer);
      });
    }
  }

  class Node {
    constructor() {
      this.parentNode = null;
      this.childNodes = [];
    }
    get isConnected() {
      let node = this;
      while (node.parentNode !== null) node = node.parentNode;
      return node === document;
    }
    appendChild(child) {
      if (child.parentNode !== null) child.remove();
      child.parentNode = this;
      this.childNodes.push(child);
      notify({ type: "childList", target: this, addedNodes: [child], removedNodes: [] });
      return child;
    }
    addEventListener(type) {
      log.push(["listener", this, type]);
    }
    compareDocumentPosition(other) {
      // Only what the script asks: whether `other` follows this node in tree order.
      const all = [...document.descendants()];
      return all.indexOf(other) > all.indexOf(this) ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING;
    }
    *descendants() {
      for (const child of this.childNodes) {
        yield child;
        yield* child.descendants();
      }
    }
  }

  Node.DOCUMENT_POSITION_PRECEDING = 2;
  Node.DOCUMENT_POSITION_FOLLOWING = 4;

  class Element extends Node {
    constructor(localName, attributes = {}) {
      super();
      this.localName = localName;
      this.attributes = new Map(Object.entries(attributes));
    }
    getAttribute(name) {
      return this.attributes.has(name) ? this.attributes.get(name) : null;
    }
    hasAttribute(name) {
      return this.attributes.has(name);
    }
    setAttribute(name, value) {
      this.attributes.set(name, String(value));
      log.push(["setAttribute", this, name]);
      notify({ type: "attributes", target: this, attributeName: name });
    }
    removeAttribute(name) {
      this.attributes.delete(name);
      log.push(["removeAttribute", this, name]);
      notify({ type: "attributes", target: this, attributeName: name });
    }
    remove() {
      const parent = this.parentNode;
      if (parent === null) return;
      parent.childNodes.splice(parent.childNodes.indexOf(this), 1);
      this.parentNode = null;
      notify({ type: "childList", target: parent, addedNodes: [], removedNodes: [this] });
    }
    closest(selector) {
      if (selector !== "form" && selector !== "select") throw new Error(`fake DOM: unsupported closest(${selector})`);
      for (let node = this; node instanceof Element; node = node.parentNode) {
        if (node.localName === selector) return node;
      }
      return null;
    }
    querySelectorAll(selector) {
      return [...this.descendants()].filter((n) => n instanceof Element && matchesList(n, selector));
    }
    querySelector(selector) {
      return this.querySelectorAll(selector)[0] ?? null;
    }
    matches(selector) {
      if (selector !== ":disabled") throw new Error(`fake DOM: unsupported selector ${selector}`);
      if (!(this instanceof FormControl || this instanceof HTMLOptionElement)) return false;
      if (this.hasAttribute("disabled")) return true;
      for (let node = this.parentNode; node !== null; node = node.parentNode) {
        if (node.localName === "fieldset" && node.hasAttribute("disabled")) return true;
      }
      return false;
    }
  }

  /** A selector list of tag names, `a[href]`, `input[type=image]` and `[formaction]` (what the script asks for). */
  function matchesList(element, selector) {
    return selector.split(",").map((part) => part.trim()).some((part) => {
      if (part === "a[href]") return element.localName === "a" && element.hasAttribute("href");
      if (part === "input[type=image]") return element.localName === "input" && element.getAttribute("type") === "image";
      if (part === "[formaction]") return element.hasAttribute("formaction");
      if (/^[a-z]+$/.test(part)) return element.localName === part;
      throw new Error(`fake DOM: unsupported selector ${selector}`);
    });
  }

  class HTMLElement extends Element {
    click() {
      log.push(["click", this]);
    }
  }

  // resolveURLs false: a form's action and a link's href read as written (the parity corpus gives
  // the URLs as a browser would report them).
  // The document's base URL: its first <base href> resolved against its URL, else its URL.
  const baseURL = () => {
    const base = document.querySelector("base[href]");
    if (base === null) return document.URL;
    try {
      return new URL(base.getAttribute("href"), document.URL).href;
    } catch {
      return document.URL;
    }
  };
  const resolve = (text) => {
    if (!resolveURLs) return text;
    try {
      return new URL(text, baseURL()).href;
    } catch {
      return text;
    }
  };

  class HTMLFormElement extends HTMLElement {
    // A WebIDL member called on an object of another interface throws, as the browser's do.
    static brand(self) {
      if (!(self instanceof HTMLFormElement)) throw new TypeError("Illegal invocation");
    }
    get method() {
      HTMLFormElement.brand(this);
      const method = (this.getAttribute("method") ?? "").toLowerCase();
      return method === "post" || method === "dialog" ? method : "get";
    }
    get action() {
      HTMLFormElement.brand(this);
      const action = this.getAttribute("action");
      if (!resolveURLs) return action ?? "";
      return action === null || action === "" ? document.URL : resolve(action);
    }
    get elements() {
      HTMLFormElement.brand(this);
      // Form-associated controls (form= included), never image buttons, in tree order.
      return [...document.descendants()].filter((n) => n instanceof FormControl
        && !(n instanceof HTMLInputElement && n.type === "image") && n.form === this);
    }
    requestSubmit(submitter) {
      if (submitter !== undefined && submitter !== null && submitter.form !== this) {
        throw new TypeError("The specified element is not a submit button of this form");
      }
      if (!this.isConnected) throw new Error("fake DOM: submitting a form that is not connected");
      log.push(["submit", this, submitter ?? null]);
    }
  }

  class HTMLAnchorElement extends HTMLElement {
    get href() {
      if (!(this instanceof HTMLAnchorElement)) throw new TypeError("Illegal invocation");
      const href = this.getAttribute("href");
      return href === null ? "" : resolve(href);
    }
  }

  // A submit button's form owner (its form attribute names a form by id, else its nearest form
  // ancestor), its formaction (resolved; the document's URL when empty), and constraint validation
  // (an element with a "required" attribute and an empty "value" attribute is invalid).
  class FormControl extends HTMLElement {
    get form() {
      if (this.hasAttribute("form")) {
        const id = this.getAttribute("form");
        return [...document.descendants()].find((n) => n instanceof HTMLFormElement && n.getAttribute("id") === id) ?? null;
      }
      for (let node = this.parentNode; node !== null; node = node.parentNode) {
        if (node instanceof HTMLFormElement) return node;
      }
      return null;
    }
    get formAction() {
      const action = this.getAttribute("formaction");
      if (!resolveURLs) return action ?? "";
      return action === null || action === "" ? document.URL : resolve(action);
    }
    get willValidate() {
      return !this.hasAttribute("disabled") && !(this instanceof HTMLButtonElement && this.type !== "submit");
    }
    get validity() {
      return { valid: !(this.hasAttribute("required") && (this.getAttribute("value") ?? "") === "") };
    }
  }

  class HTMLButtonElement extends FormControl {
    get type() {
      const type = (this.getAttribute("type") ?? "").toLowerCase();
      return type === "reset" || type === "button" ? type : "submit";
    }
  }

  // A field's value is its value attribute (the fake DOM has no typing; a test sets the attribute),
  // a checkbox's checkedness its checked attribute, a select's selected options those with a
  // selected attribute (else its first option).
  class HTMLInputElement extends FormControl {
    get type() {
      return (this.getAttribute("type") ?? "text").toLowerCase();
    }
    get value() {
      return this.getAttribute("value") ?? "";
    }
    get checked() {
      return this.hasAttribute("checked");
    }
  }

  class HTMLTextAreaElement extends FormControl {
    get value() {
      return this.getAttribute("value") ?? "";
    }
  }

  class HTMLBaseElement extends HTMLElement {}

  class HTMLOptionElement extends HTMLElement {
    get value() {
      return this.getAttribute("value") ?? "";
    }
  }

  class HTMLSelectElement extends FormControl {
    get selectedOptions() {
      const options = this.childNodes.filter((n) => n instanceof HTMLOptionElement);
      const selected = options.filter((n) => n.hasAttribute("selected"));
      return selected.length > 0 ? selected : options.slice(0, 1);
    }
  }

  // Browsers define form, formAction, willValidate and validity on each control interface's own
  // prototype (the script reads them through those prototypes), and each throws when called on an
  // element of another interface.
  for (const Type of [HTMLButtonElement, HTMLInputElement, HTMLTextAreaElement, HTMLSelectElement]) {
    for (const name of ["form", "formAction", "willValidate", "validity"]) {
      const own = Object.getOwnPropertyDescriptor(FormControl.prototype, name).get;
      Object.defineProperty(Type.prototype, name, {
        configurable: true,
        get() {
          if (!(this instanceof Type)) throw new TypeError("Illegal invocation");
          return own.call(this);
        },
      });
    }
  }

  // Location's members are own properties of the instance in browsers (unforgeable).
  class Location {
    constructor() {
      this.assign = (to) => log.push(["assign", to]);
    }
  }

  class Document extends Node {
    constructor() {
      super();
      this.url = url;
      this.state = readyState;
      this.localName = "#document";
    }
    get readyState() {
      return this.state;
    }
    get URL() {
      return this.url;
    }
    querySelectorAll(selector) {
      const all = [...this.descendants()];
      switch (selector) {
        case "form, a[href]":
          // By local name, as CSS matches it: an SVG <a href> too.
          return all.filter((n) => n instanceof Element
            && (n.localName === "form" || (n.localName === "a" && n.hasAttribute("href"))));
        case "base":
          return all.filter((n) => n.localName === "base");
        case "base[target]":
          return all.filter((n) => n.localName === "base" && n.hasAttribute("target"));
        // By local name, as CSS matches it: an SVG <input type=image> too.
        case "input[type=image]":
          return all.filter((n) => n instanceof Element && n.localName === "input" && n.getAttribute("type") === "image");
        case "input[type=image][form]":
          return all.filter((n) => n instanceof Element && n.localName === "input" && n.getAttribute("type") === "image"
            && n.hasAttribute("form"));
        case "[formaction]":
          return all.filter((n) => n instanceof Element && n.hasAttribute("formaction"));
        case "base[href]":
          return all.filter((n) => n.localName === "base" && n.hasAttribute("href"));
        default:
          throw new Error(`fake DOM: unsupported selector ${selector}`);
      }
    }
    querySelector(selector) {
      return this.querySelectorAll(selector)[0] ?? null;
    }
  }

  class MutationObserver {
    constructor(callback) {
      this.callback = callback;
    }
    observe(target, options) {
      if (target !== document) throw new Error("fake DOM: the script observes the document");
      this.options = options;
      observers.push(this);
    }
  }

  const document = new Document();
  const body = new HTMLElement("body");
  document.appendChild(body);

  const classes = {
    form: HTMLFormElement, a: HTMLAnchorElement, button: HTMLButtonElement, input: HTMLInputElement,
    textarea: HTMLTextAreaElement, select: HTMLSelectElement, option: HTMLOptionElement, base: HTMLBaseElement,
  };
  /** `el("form", {method: "post", action: "/x"}, el("button"))` */
  function el(tag, attributes = {}, ...children) {
    // "svg:a": an element of another namespace (an SVG <a>), which is no HTMLElement.
    const element = tag.startsWith("svg:") ? new Element(tag.slice(4), attributes)
      : new (classes[tag] ?? HTMLElement)(tag, attributes);
    for (const child of children) element.appendChild(child);
    return element;
  }

  // The browser's MessageChannel as far as the script uses it: a message is a task of its own
  // (setImmediate here), after the microtasks of the task that posted it.
  class MessagePort {
    constructor() { this.other = null; this.onmessage = null; }
    postMessage(data) {
      const other = this.other;
      setImmediate(() => { if (typeof other.onmessage === "function") other.onmessage({ data }); });
    }
  }
  class MessageChannel {
    constructor() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }

  const posted = [];
  const sandbox = {
    document, Node, Element, HTMLElement, HTMLFormElement, HTMLAnchorElement, HTMLButtonElement, HTMLInputElement,
    HTMLTextAreaElement, HTMLSelectElement, HTMLOptionElement, HTMLBaseElement, Document, MutationObserver, MessageChannel, MessagePort, TextEncoder, TextDecoder, queueMicrotask, Location, location: new Location(),
    addEventListener(type, listener, options) {
      if (!windowListeners.has(type)) windowListeners.set(type, []);
      windowListeners.get(type).push({ listener, once: options?.once === true });
    },
  };
  sandbox.globalThis = sandbox;
  const context = vm.createContext(sandbox);

  return {
    document, body, el, log, posted, context,
    /** Installs the `webkit.messageHandlers.rastrilloPageActions` stand-in, recording each post. */
    installHandler() {
      sandbox.webkit = { messageHandlers: { rastrilloPageActions: { postMessage: (text) => posted.push(text) } } };
    },
    /** Runs the script in the page-actions world. */
    run(scriptPath) {
      vm.runInContext(readFileSync(scriptPath, "utf8"), context, { filename: scriptPath });
    },
    /** Fires a window event (pageshow, DOMContentLoaded) as the browser would. */
    fire(type, properties = {}) {
      if (type === "DOMContentLoaded") document.state = "interactive";
      const listeners = windowListeners.get(type) ?? [];
      windowListeners.set(type, listeners.filter((entry) => !entry.once));
      for (const entry of listeners) entry.listener({ type, ...properties });
    },
    get api() {
      return sandbox.rastrilloPageActions;
    },
  };
}

/** Lets what is queued so far run: the microtasks (mutation records), then the script's own task
 * (its coalesced report), then that task's microtasks. */
export async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
