// generated from app-manifest.json, do not edit
// The page-actions script: a classic script the app injects into its web screens (a WKUserScript at
// document start, main frame only, in a content world of its own, so the page's scripts cannot reach
// it and the page's Content Security Policy does not apply to it; it reads the page from
// DOMContentLoaded on, or at once when injected later). It finds the page's forms that post
// and its links, keeps those whose method and URL match a command bound to a page action (the same
// router as the app-manifest module's route(), compiled once per method with the bound commands as
// its destinations), and reports them to native as JSON text:
//   {"v":1,"offers":[{"target":0,"method":"POST","url":"https://…/bookmarks/bulk",
//     "submitter":{"name":"action","value":"delete"}},
//    {"target":3,"method":"POST","url":"https://…/_locale","fields":{"locale":"es"}}]}
// on load, whenever the set changes, and after a back/forward-cache restore. Native reads every
// offer again with its own router, so a report can only offer commands the manifest binds.
// An offer is a request, not an element: each enabled submit button of a form that posts is its own
// offer, with the URL its formaction gives (HTML's form submission algorithm takes the action,
// method and target from the submitter); forms and links whose request would go to another
// browsing context, and download links, are not offered. A submit button's name=value pair is
// part of its offer ("submitter"), and so are the values of the form fields the command binds
// ("fields"). rastrilloPageActions.invoke(target, method, url, submitter, fields) computes the
// request again and carries it out only if it is exactly the one native approved: requestSubmit(button) for a form (the page's own validation, busy rule, cookies and
// CSRF origin checks apply), a navigation to the URL for a link. It never changes the page: no
// elements, styles or listeners on page elements.
(() => {
  "use strict";

  const PROTOCOL = Object.freeze({handler: "rastrilloPageActions", global: "rastrilloPageActions", version: 1, maxOffers: 512, maxURLBytes: 8192, maxReportBytes: 262144, maxFieldBytes: 1024});

  const TABLES = Object.freeze({
  GET: {
    "origins": [["https", "notes.example.com", 443]],
    "primaryOrigin": "https://notes.example.com",
    "externalSchemes": [],
    "foreignWeb": "externalBrowser",
    "enums": {},
    "destinations": [
      {"id": "newBookmarkCommand", "segments": [["l", "bookmarks"], ["l", "new"]], "params": [], "presentation": "web", "link": "inApp"},
      {"id": "editBookmarkCommand", "segments": [["l", "bookmarks"], ["w", "id"], ["l", "edit"]], "params": [{"name": "id", "type": "int", "inPath": true}], "presentation": "web", "link": "inApp"}
    ]
  },
  POST: {
    "origins": [["https", "notes.example.com", 443]],
    "primaryOrigin": "https://notes.example.com",
    "externalSchemes": [],
    "foreignWeb": "externalBrowser",
    "enums": {},
    "destinations": [
      {"id": "deleteBookmark", "segments": [["l", "bookmarks"], ["w", "id"], ["l", "delete"]], "params": [{"name": "id", "type": "int", "inPath": true}], "presentation": "web", "link": "inApp"},
      {"id": "publishBookmark", "segments": [["l", "bookmarks"], ["w", "id"], ["l", "publish"]], "params": [{"name": "id", "type": "int", "inPath": true}], "presentation": "web", "link": "inApp"},
      {"id": "unpublishBookmark", "segments": [["l", "bookmarks"], ["w", "id"], ["l", "unpublish"]], "params": [{"name": "id", "type": "int", "inPath": true}], "presentation": "web", "link": "inApp"},
      {"id": "bulkBookmarks", "segments": [["l", "bookmarks"], ["l", "bulk"]], "params": [], "presentation": "web", "link": "inApp"},
      {"id": "signOut", "segments": [["l", "signout"]], "params": [], "presentation": "web", "link": "inApp"},
      {"id": "switchLanguage", "segments": [["l", "_locale"]], "params": [], "presentation": "web", "link": "inApp"}
    ]
  },
  PAGE: {
    "origins": [["https", "notes.example.com", 443]],
    "primaryOrigin": "https://notes.example.com",
    "externalSchemes": [],
    "foreignWeb": "externalBrowser",
    "enums": {},
    "destinations": [
      {"id": "bookmarks", "segments": [["l", "bookmarks"]], "params": [{"name": "q", "type": {"optional": "string"}, "inPath": false}, {"name": "page", "type": {"optional": "int"}, "inPath": false}], "presentation": "web", "link": "inApp"},
      {"id": "newBookmark", "segments": [["l", "bookmarks"], ["l", "new"]], "params": [], "presentation": "web", "link": "inApp"},
      {"id": "bookmark", "segments": [["l", "bookmarks"], ["w", "id"]], "params": [{"name": "id", "type": "int", "inPath": true}], "presentation": "web", "link": "inApp"},
      {"id": "editBookmark", "segments": [["l", "bookmarks"], ["w", "id"], ["l", "edit"]], "params": [{"name": "id", "type": "int", "inPath": true}], "presentation": "web", "link": "inApp"},
      {"id": "confirmDeleteBookmark", "segments": [["l", "bookmarks"], ["w", "id"], ["l", "delete"]], "params": [{"name": "id", "type": "int", "inPath": true}], "presentation": "web", "link": "inApp"},
      {"id": "signIn", "segments": [["l", "signin"]], "params": [], "presentation": "web", "link": "inApp"}
    ]
  }
  });
  const SCOPE = Object.freeze({
  "newBookmarkCommand": [{command: "newBookmarkCommand", destinations: ["bookmarks"], pathParams: [], submitter: null, fields: []}],
  "editBookmarkCommand": [{command: "editBookmarkCommand", destinations: ["bookmark"], pathParams: ["id"], submitter: null, fields: []}],
  "deleteBookmark": [{command: "deleteBookmark", destinations: ["confirmDeleteBookmark"], pathParams: ["id"], submitter: null, fields: []}],
  "publishBookmark": [{command: "publishBookmark", destinations: ["bookmark", "editBookmark"], pathParams: ["id"], submitter: null, fields: []}],
  "unpublishBookmark": [{command: "unpublishBookmark", destinations: ["bookmark", "editBookmark"], pathParams: ["id"], submitter: null, fields: []}],
  "bulkBookmarks": [{command: "bulkBookmarks", destinations: ["bookmarks"], pathParams: [], submitter: null, fields: []}],
  "signOut": [{command: "signOut", destinations: [], pathParams: [], submitter: null, fields: []}],
  "switchLanguage": [{command: "switchLanguage", destinations: [], pathParams: [], submitter: null, fields: ["locale"]}]
  });
  const HAS_FIELDS = true;

  // The app-manifest module's routing runtime over one table: the destinations are the commands
  // bound to one method, so route(url) names the bound command as its destination.
  function compileRouter(MANIFEST) {

    const SPECIAL_SCHEMES = new Set(["http", "https", "ws", "wss", "ftp", "file"]);
    const DEFAULT_PORTS = { http: 80, ws: 80, https: 443, wss: 443 };
    const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
    // Character classes of ASCII codes, looked up once per character (a regular expression per
    // character made reading a URL cost about 16 µs): 1 unreserved, 2 allowed in a path or query as
    // written ("!$&'()*+,;=:@/%"), 4 a hex digit.
    const CHAR_CLASS = (() => {
      const table = new Uint8Array(128);
      for (let code = 0; code < 128; code++) {
        const c = String.fromCharCode(code);
        if (UNRESERVED.test(c)) table[code] |= 1;
        if ("!$&'()*+,;=:@/%".includes(c)) table[code] |= 2;
        if (/^[0-9A-Fa-f]$/.test(c)) table[code] |= 4;
      }
      return table;
    })();
    const ENCODER = new TextEncoder();
    const DECODER = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

    function isAlpha(c) { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z"); }
    function isDigit(c) { return c >= "0" && c <= "9"; }
    function isHex(c) { const code = c === undefined ? 128 : c.charCodeAt(0); return code < 128 && (CHAR_CLASS[code] & 4) !== 0; }

    function refusal(code, reason) { return { refused: code, reason }; }

    function leadingScheme(text) {
      const colon = text.indexOf(":");
      if (colon <= 0 || !isAlpha(text[0])) return null;
      const body = text.slice(0, colon);
      if (!/^[A-Za-z][A-Za-z0-9+\-.]*$/.test(body)) return null;
      return body.toLowerCase();
    }

    function utf8Offset(text, index) { return ENCODER.encode(text.slice(0, index)).length; }

    function canonicalIPv6(host) {
      if (!host.startsWith("[") || !host.endsWith("]") || host.length <= 2) return null;
      const inner = host.slice(1, -1);
      if (!/^[0-9a-f:]+$/.test(inner)) return null;
      const halves = inner.split("::");
      if (halves.length > 2) return null;
      const groups = (text) => {
        if (text === "") return [];
        const out = [];
        for (const part of text.split(":")) {
          if (part.length < 1 || part.length > 4) return null;
          out.push(parseInt(part, 16));
        }
        return out;
      };
      const head = groups(halves[0]);
      if (head === null) return null;
      let words = head;
      if (halves.length === 2) {
        const tail = groups(halves[1]);
        if (tail === null || head.length + tail.length >= 8) return null;
        words = head.concat(new Array(8 - head.length - tail.length).fill(0), tail);
      }
      if (words.length !== 8) return null;
      let bestStart = -1, bestLength = 1, i = 0;
      while (i < 8) {
        if (words[i] === 0) {
          let end = i;
          while (end < 8 && words[end] === 0) end++;
          if (end - i > bestLength) { bestStart = i; bestLength = end - i; }
          i = end;
        } else { i++; }
      }
      let text = "";
      i = 0;
      while (i < 8) {
        if (i === bestStart) { text += "::"; i += bestLength; continue; }
        if (text !== "" && !text.endsWith(":")) text += ":";
        text += words[i].toString(16);
        i++;
      }
      return "[" + text + "]" === host ? host : null;
    }

    function canonicalHost(raw) {
      const host = raw.toLowerCase();
      if (host === "") return null;
      if (host.startsWith("[")) return canonicalIPv6(host);
      const labels = host.split(".");
      for (const label of labels) {
        if (label === "" || label.length > 63 || !/^[a-z0-9\-_]+$/.test(label)) return null;
        if (label.startsWith("-") || label.endsWith("-")) return null;
      }
      const last = labels[labels.length - 1];
      if (/^[0-9]+$/.test(last) || /^0x[0-9a-f]*$/.test(last)) {
        if (labels.length !== 4) return null;
        for (const label of labels) {
          if (!/^[0-9]{1,3}$/.test(label) || Number(label) > 255 || String(Number(label)) !== label) return null;
        }
      }
      return host;
    }

    function readURL(text) {
      if (text.length === 0) return refusal("empty", "empty URL");
      for (let i = 0; i < text.length; i++) {
        const c = text[i], code = text.charCodeAt(i);
        // The UTF-8 offset is counted only for a character that is refused: counting it for every
        // character made reading a URL quadratic in its length (48 ms for 8 KiB).
        if (c !== " " && c !== "\\" && code >= 0x20 && code !== 0x7f && code < 0x80) continue;
        const offset = utf8Offset(text, i);
        if (c === " ") return refusal("whitespace", `whitespace at offset ${offset}`);
        if (code < 0x20 || code === 0x7f) {
          if (code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c) {
            return refusal("whitespace", `whitespace at offset ${offset}`);
          }
          return refusal("control-character", `control character at offset ${offset}`);
        }
        if (c === "\\") return refusal("backslash", `backslash at offset ${offset}`);
        if (code >= 0x80) return refusal("non-ascii", `raw non-ASCII character at offset ${offset} (percent-encode it)`);
      }
      const colon = text.indexOf(":");
      if (colon <= 0 || !/^[A-Za-z][A-Za-z0-9+\-.]*$/.test(text.slice(0, colon))) {
        return refusal("no-scheme", "relative URL (no scheme)");
      }
      const scheme = text.slice(0, colon).toLowerCase();
      let index = colon + 1;
      let host = null, port = null;
      const hasAuthority = text.startsWith("//", index);
      if (hasAuthority) {
        index += 2;
        let end = index;
        while (end < text.length && !"/?#".includes(text[end])) end++;
        const authority = text.slice(index, end);
        if (authority.includes("@")) return refusal("userinfo", "userinfo (user@ or user:password@) in the authority");
        if (authority.includes("%")) return refusal("percent-in-authority", "percent-escape in the authority");
        let hostText = authority, portText = null;
        if (authority.startsWith("[")) {
          const close = authority.indexOf("]");
          if (close < 0) return refusal("invalid-host", `invalid host '${authority}'`);
          hostText = authority.slice(0, close + 1);
          const after = authority.slice(close + 1);
          if (after.length > 0) {
            if (after[0] !== ":") return refusal("invalid-host", `invalid host '${authority}'`);
            portText = after.slice(1);
          }
        } else {
          const last = authority.lastIndexOf(":");
          if (last >= 0) { hostText = authority.slice(0, last); portText = authority.slice(last + 1); }
        }
        host = canonicalHost(hostText);
        if (host === null) return refusal("invalid-host", `invalid host '${hostText}'`);
        // WHATWG URL keeps a custom scheme's host name as written (only special schemes' hosts, and
        // IPv6 addresses, are lowercased): companion://APP is not companion://app.
        if (!SPECIAL_SCHEMES.has(scheme) && !host.startsWith("[")) host = hostText;
        port = DEFAULT_PORTS[scheme] ?? null;
        if (portText !== null && portText !== "") {
          if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) > 65535 || Number(portText) === 0) {
            return refusal("invalid-port", `invalid port '${portText}'`);
          }
          port = Number(portText);
        }
        index = end;
      } else if (SPECIAL_SCHEMES.has(scheme)) {
        return refusal("missing-authority", "http(s) URL without '//' before the host");
      }
      let pathEnd = index;
      while (pathEnd < text.length && text[pathEnd] !== "?" && text[pathEnd] !== "#") pathEnd++;
      let query = null, fragmentStart = text.length, cursor = pathEnd;
      if (cursor < text.length && text[cursor] === "?") {
        let queryEnd = cursor + 1;
        while (queryEnd < text.length && text[queryEnd] !== "#") queryEnd++;
        query = text.slice(cursor + 1, queryEnd);
        cursor = queryEnd;
      }
      if (cursor < text.length && text[cursor] === "#") fragmentStart = cursor;
      for (let offset = index; offset < text.length; offset++) {
        if (offset === pathEnd || offset === fragmentStart) continue;
        const c = text[offset];
        const code = text.charCodeAt(offset);
        const ok = (code < 128 && (CHAR_CLASS[code] & 3) !== 0) || (offset >= pathEnd && c === "?");
        if (!ok) return refusal("invalid-character", `character '${c}' at offset ${offset} must be percent-encoded`);
        if (c === "%") {
          if (offset + 2 >= text.length || !isHex(text[offset + 1]) || !isHex(text[offset + 2])) {
            return refusal("bad-percent-encoding", "malformed percent-escape or invalid UTF-8");
          }
        }
      }
      const path = text.slice(index, pathEnd);
      if (!hasAuthority && path.startsWith("//")) return refusal("empty-segment", "empty path segment ('//')");
      return { scheme, host, port, path, query };
    }

    // Text with none of these decodes to itself (ASCII, no escape, no '+'): no bytes, no decoder.
    const NEEDS_DECODING = /[%+\u0080-\uffff]/;

    function percentDecode(text, plusAsSpace) {
      if (!NEEDS_DECODING.test(text)) return text;
      const bytes = [];
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === "%") {
          if (i + 2 >= text.length || !isHex(text[i + 1]) || !isHex(text[i + 2])) return null;
          bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else if (plusAsSpace && c === "+") {
          bytes.push(0x20);
        } else {
          const code = text.charCodeAt(i);
          if (code < 0x80) bytes.push(code);
          else bytes.push(...ENCODER.encode(c));
        }
      }
      try {
        return DECODER.decode(new Uint8Array(bytes));
      } catch {
        return null;
      }
    }

    const TRAILING_SLASH = { trailingSlash: true };

    function splitPath(rawPath) {
      const path = rawPath === "" ? "/" : rawPath;
      if (!path.startsWith("/")) return refusal("empty-segment", "empty path segment ('//')");
      const parts = path.split("/").slice(1);
      const segments = [];
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part === "") {
          if (i === parts.length - 1) { segments.push(TRAILING_SLASH); continue; }
          return refusal("empty-segment", "empty path segment ('//')");
        }
        const decoded = percentDecode(part, false);
        if (decoded === null) return refusal("bad-percent-encoding", "malformed percent-escape or invalid UTF-8");
        if (decoded === "." || decoded === "..") return refusal("dot-segment", "'.' or '..' path segment");
        if (/[\u0000-\u001f\u007f]/.test(decoded)) return refusal("control-character", "control character at offset 0");
        segments.push(decoded);
      }
      return { segments };
    }

    function parseQuery(rawQuery) {
      if (rawQuery === null || rawQuery === "") return { items: [] };
      const items = [];
      for (const pair of rawQuery.split("&")) {
        if (pair === "") continue;
        const eq = pair.indexOf("=");
        const name = percentDecode(eq < 0 ? pair : pair.slice(0, eq), true);
        const value = percentDecode(eq < 0 ? "" : pair.slice(eq + 1), true);
        if (name === null || value === null) return refusal("bad-percent-encoding", "malformed percent-escape or invalid UTF-8");
        if (/[\u0000-\u001f\u007f]/.test(name + value)) {
          return refusal("control-character", "control character in the query (percent-encoded)");
        }
        items.push([name, value]);
      }
      return { items };
    }

    const MAX_SAFE = 9007199254740991;
    const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
    const UUID_TEXT = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

    function parseValue(text, type) {
      if (typeof type === "object" && type.optional !== undefined) return parseValue(text, type.optional);
      if (typeof type === "object") return undefined;
      switch (type) {
        case "string": return text;
        case "int": {
          if (!/^-?(0|[1-9][0-9]*)$/.test(text) || text === "-0") return undefined;
          const value = Number(text);
          return Math.abs(value) <= MAX_SAFE && String(value) === text ? value : undefined;
        }
        case "bool": return text === "true" ? true : text === "false" ? false : undefined;
        case "double": {
          if (!JSON_NUMBER.test(text)) return undefined;
          const value = Number(text);
          return Number.isFinite(value) ? value : undefined;
        }
        case "uuid": return UUID_TEXT.test(text) ? text.toLowerCase() : undefined;
        default: {
          const cases = MANIFEST.enums[type];
          return cases !== undefined && cases.includes(text) ? text : undefined;
        }
      }
    }

    function newNode() { return { literals: new Map(), wildcard: null, end: null, terminal: [], rest: [] }; }

    function buildTable() {
      const root = newNode();
      MANIFEST.destinations.forEach((destination, index) => {
        let node = root;
        for (const [kind, value] of destination.segments) {
          if (kind === "l") {
            if (!node.literals.has(value)) node.literals.set(value, newNode());
            node = node.literals.get(value);
          } else if (kind === "w") {
            node.wildcard ??= newNode();
            node = node.wildcard;
          } else if (kind === "e") {
            node.end ??= newNode();
            node = node.end;
          } else {
            node.rest.push([index, value !== null]);
            return;
          }
        }
        node.terminal.push(index);
      });
      return root;
    }

    let table = null;

    function walk(node, segments, at, values, accept) {
      if (at === segments.length) {
        for (const index of node.terminal) if (accept(index, values)) return { index, values, exact: true };
        return null;
      }
      const segment = segments[at];
      if (segment !== TRAILING_SLASH) {
        const child = node.literals.get(segment);
        if (child !== undefined) {
          const found = walk(child, segments, at + 1, values, accept);
          if (found !== null) return found;
        }
        if (node.wildcard !== null) {
          const found = walk(node.wildcard, segments, at + 1, values.concat([segment]), accept);
          if (found !== null) return found;
        }
      } else if (node.end !== null) {
        const found = walk(node.end, segments, at + 1, values, accept);
        if (found !== null) return found;
      }
      if (node.rest.length > 0) {
        const restValue = segments.slice(at).map((s) => (s === TRAILING_SLASH ? "" : s)).join("/");
        const exact = segments.length - at === 1 && segment === TRAILING_SLASH;
        for (const [index, named] of node.rest) {
          const withRest = named ? values.concat([restValue]) : values;
          if (accept(index, withRest)) return { index, values: withRest, exact };
        }
      }
      return null;
    }

    function paramsFor(index, values, query) {
      const destination = MANIFEST.destinations[index];
      const result = {};
      let position = 0;
      for (const param of destination.params) {
        if (param.inPath) {
          if (position >= values.length) return null;
          const value = parseValue(values[position], param.type);
          if (value === undefined) return null;
          result[param.name] = value;
          position++;
        } else {
          const item = query.find(([name]) => name === param.name);
          if (item !== undefined) {
            const value = parseValue(item[1], param.type);
            if (value === undefined) return null;
            result[param.name] = value;
          } else if (!(typeof param.type === "object" && param.type.optional !== undefined)) {
            return null;
          }
        }
      }
      return result;
    }

    function matchDestination(segments, query) {
      table ??= buildTable();
      const accept = (index, values) => paramsFor(index, values, query) !== null;
      let found = walk(table, segments, 0, [], accept);
      const endsWithSlash = segments.length > 0 && segments[segments.length - 1] === TRAILING_SLASH;
      if ((found === null || !found.exact) && !endsWithSlash && segments.length > 0) {
        const redirected = walk(table, segments.concat([TRAILING_SLASH]), 0, [], accept);
        if (redirected !== null && redirected.exact) found = redirected;
      }
      if (found === null) return null;
      return { index: found.index, params: paramsFor(found.index, found.values, query) };
    }

    function decision(name, match, reason) {
      return {
        decision: name,
        destination: match ? MANIFEST.destinations[match.index].id : null,
        params: match ? match.params : {},
        reason: reason ?? null,
      };
    }

    /**
     * Decides what a URL does, exactly as the native LinkRouter does.
     * @param {string | URL} input the URL; a URL object is read from its href (already normalised by WHATWG).
     * @param {{redirect?: boolean}} [options] redirect: only internal targets are honoured.
     */
    let allowedSchemes = null;

    function route(input, options = {}) {
      const text = typeof input === "string" ? input : String(input.href);
      allowedSchemes ??= new Set(MANIFEST.origins.map((o) => o[0]).concat(["http", "https"], MANIFEST.externalSchemes));
      const allowed = allowedSchemes;
      const leading = leadingScheme(text);
      if (leading !== null && !allowed.has(leading)) {
        return decision("refused", null, `scheme '${leading}' is not on the allowlist`);
      }
      const url = readURL(text);
      if (url.refused) return decision("refused", null, url.reason);
      if (!allowed.has(url.scheme)) return decision("refused", null, `scheme '${url.scheme}' is not on the allowlist`);
      const isInternal = url.host !== null &&
        MANIFEST.origins.some(([s, h, p]) => s === url.scheme && h === url.host && p === (url.port ?? 0));
      let segments = [];
      if (url.host !== null) {
        const split = splitPath(url.path);
        if (split.refused) return decision("refused", null, split.reason);
        segments = split.segments;
      }
      if (!isInternal) {
        const lowercased = url.host === null ? null : url.host.toLowerCase();
        if (lowercased !== url.host &&
          MANIFEST.origins.some(([s, h, p]) => s === url.scheme && h === lowercased && p === (url.port ?? 0))) {
          return decision("refused", null, `host '${url.host}' differs from an internal origin's host only in letter ` +
            "case; a custom scheme's host is case-sensitive (WHATWG URL keeps it as written), so it is not internal");
        }
        if (options.redirect) return decision("refused", null, "redirect target is not an internal URL");
        if (url.scheme === "http" || url.scheme === "https") {
          return decision(MANIFEST.foreignWeb === "inAppBrowser" ? "in-app-browser" : "external", null);
        }
        if (MANIFEST.externalSchemes.includes(url.scheme)) return decision("external", null);
        return decision("refused", null, `scheme '${url.scheme}' is not on the allowlist`);
      }
      const query = parseQuery(url.query);
      if (query.refused) return decision("refused", null, query.reason);
      const match = matchDestination(segments, query.items);
      if (match === null) return decision("web", null);
      const destination = MANIFEST.destinations[match.index];
      switch (destination.link) {
        case "externalBrowser": return decision("external", match);
        case "inAppBrowser": return decision("in-app-browser", match);
        default: return decision(destination.presentation === "native" ? "native" : "web", match);
      }
    }

    const PATH_KEEP = "!$&'()*+,;=:@";
    const QUERY_KEEP = "!$'()*,;:@/?";

    function encode(text, keep) {
      let out = "";
      for (const byte of ENCODER.encode(text)) {
        const c = String.fromCharCode(byte);
        if (byte < 0x80 && (UNRESERVED.test(c) || keep.includes(c))) out += c;
        else out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
      }
      return out;
    }

    function formatValue(value) {
      return typeof value === "boolean" ? (value ? "true" : "false") : String(value);
    }

    /**
     * The path (and query) of destination `id` with `params`, or null when a value cannot appear in a path.
     * @param {string} id
     * @param {Record<string, unknown>} params
     */
    function pathFor(id, params = {}) {
      const destination = MANIFEST.destinations.find((d) => d.id === id);
      if (destination === undefined) return null;
      let path = "";
      for (const [kind, value] of destination.segments) {
        if (kind === "l") path += "/" + encode(value, PATH_KEEP);
        else if (kind === "e" || (kind === "r" && value === null)) path += "/";
        else if (kind === "w") {
          if (params[value] === undefined || params[value] === null) return null;
          const text = formatValue(params[value]);
          if (text === "" || text === "." || text === "..") return null;
          path += "/" + encode(text, PATH_KEEP);
        } else {
          if (params[value] === undefined || params[value] === null) return null;
          const parts = formatValue(params[value]).split("/");
          for (let i = 0; i < parts.length; i++) {
            const part = parts[i];
            if (part === "." || part === ".." || (part === "" && i !== parts.length - 1 && parts.length > 1)) return null;
          }
          path += "/" + parts.map((p) => encode(p, PATH_KEEP)).join("/");
        }
      }
      const query = [];
      for (const param of destination.params) {
        if (param.inPath) continue;
        const value = params[param.name];
        if (value === undefined || value === null) {
          if (typeof param.type === "object" && param.type.optional !== undefined) continue;
          return null;
        }
        query.push(encode(param.name, QUERY_KEEP) + "=" + encode(formatValue(value), QUERY_KEEP));
      }
      return (path === "" ? "/" : path) + (query.length > 0 ? "?" + query.join("&") : "");
    }

    /**
     * The absolute URL of destination `id` on the manifest's first origin, or null.
     * @param {string} id
     * @param {Record<string, unknown>} params
     */
    function urlFor(id, params = {}) {
      const path = pathFor(id, params);
      return path === null ? null : MANIFEST.primaryOrigin + path;
    }

    return route;
  }

  if (globalThis[PROTOCOL.global] !== undefined) return;

  // The DOM's interfaces, read once from this world's window: a name the script's scope does not
  // hold is looked up on the window each time it is used, which in a cold engine costs several
  // times a local's read (WebKit: about a fifth of a 1,000-row page's first scan went to the
  // instanceof tests' names).
  const { Document, Element, Node, HTMLAnchorElement, HTMLBaseElement, HTMLButtonElement, HTMLFormElement,
    HTMLInputElement, HTMLOptionElement, HTMLSelectElement, HTMLTextAreaElement, MessageChannel, MessagePort,
    MutationObserver } = globalThis;
  // DOM members are read through the prototypes of this world: a form's named controls shadow its
  // own members (<input name="action">), and the document's named elements shadow the document's.
  // Each is a function's own `call`, bound once: `getter(T, n)(self)` calls T's getter `n` on self,
  // with nothing looked up or allocated per call.
  const callOf = Function.prototype.bind.bind(Function.prototype.call);
  const getter = (Type, name) => callOf(Object.getOwnPropertyDescriptor(Type.prototype, name).get);
  const method = (Type, name) => callOf(Type.prototype[name]);
  const readyState = getter(Document, "readyState");
  const documentURL = getter(Document, "URL");
  const querySelectorAll = method(Document, "querySelectorAll");
  const queryFirst = method(Document, "querySelector");
  const queryWithin = method(Element, "querySelectorAll");
  const queryFirstWithin = method(Element, "querySelector");
  const closest = method(Element, "closest");
  const compareDocumentPosition = method(Node, "compareDocumentPosition");
  const isConnected = getter(Node, "isConnected");
  const matchesSelector = method(Element, "matches");
  const hasAttribute = method(Element, "hasAttribute");
  const getAttribute = method(Element, "getAttribute");
  const elementGetAttribute = Element.prototype.getAttribute;
  const formMethod = getter(HTMLFormElement, "method");
  const formAction = getter(HTMLFormElement, "action");
  const formElements = getter(HTMLFormElement, "elements");
  const inputType = getter(HTMLInputElement, "type");
  const inputValue = getter(HTMLInputElement, "value");
  const inputChecked = getter(HTMLInputElement, "checked");
  const textareaValue = getter(HTMLTextAreaElement, "value");
  const selectedOptions = getter(HTMLSelectElement, "selectedOptions");
  const selectForm = getter(HTMLSelectElement, "form");
  const textareaForm = getter(HTMLTextAreaElement, "form");
  const optionValue = getter(HTMLOptionElement, "value");
  const requestSubmit = method(HTMLFormElement, "requestSubmit");
  const linkHref = getter(HTMLAnchorElement, "href");
  // What a submit button can override (HTML's form submission algorithm reads them from the
  // submitter), read through each button type's own prototype.
  const controls = new Map([HTMLButtonElement, HTMLInputElement].map((Type) => [Type, Object.freeze({
    type: getter(Type, "type"), form: getter(Type, "form"), formAction: getter(Type, "formAction"),
  })]));
  const doc = globalThis.document;

  const ROUTERS = Object.freeze({
    GET: TABLES.GET === null ? null : compileRouter(TABLES.GET),
    POST: TABLES.POST === null ? null : compileRouter(TABLES.POST),
  });
  // The manifest's own destinations: which screen this page is, and its params.
  const PAGE_ROUTE = TABLES.PAGE === null ? null : compileRouter(TABLES.PAGE);

  // URLs already read, by method and URL: the manifest does not change while the page lives, so
  // an element whose URL was read before is not routed again. Emptied when it grows past 20,000
  // URLs or 4 MB of URL text, so a page that keeps minting URLs cannot grow it without bound.
  const decided = new Map();
  let decidedLength = 0;

  /** The bound command a page action of `method` and `url` matches, by the router's rules: its
   * decision (the command as its destination, with its params), or null. */
  function boundCommand(method, url) {
    const key = method + " " + url;
    const known = decided.get(key);
    if (known !== undefined) return known;
    const route = ROUTERS[method];
    let found = null;
    if (route !== null && route !== undefined) {
      const decision = route(url);
      if (decision.decision === "web" && decision.destination !== null) found = decision;
    }
    if (decided.size >= 20000 || decidedLength + key.length > 4000000) {
      decided.clear();
      decidedLength = 0;
    }
    decided.set(key, found);
    decidedLength += key.length;
    return found;
  }

  let screenOf = { url: null, screen: null };

  /** The page's destination and params, as native's router reads the document's URL. */
  function pageScreen() {
    if (PAGE_ROUTE === null) return { destination: null, params: {} };
    const url = String(documentURL(doc));
    if (screenOf.url !== url) {
      const decision = PAGE_ROUTE(url);
      screenOf = { url, screen: { destination: decision.destination, params: decision.params } };
    }
    return screenOf.screen;
  }

  /**
   * The command a routed request is, by its submit button: the route's only command when that
   * one names no submitter, else the one whose submitter is the request's (several commands share
   * a route only when each names its own button, as PageActionRouter reads them); null for none.
   */
  function resolve(decision, submitter) {
    const specs = Object.hasOwn(SCOPE, decision.destination) ? SCOPE[decision.destination] : [];
    if (specs.length === 1 && specs[0].submitter === null) return specs[0];
    if (submitter === null) return null;
    return specs.find((spec) => spec.submitter !== null && spec.submitter.name === submitter.name
      && spec.submitter.value === submitter.value) ?? null;
  }

  /**
   * Whether native would take the command on this page: the command's destinations (none: any)
   * include the page's, and every path param it has (what it acts on) is the page's own, with
   * the same value (the scope rule of PageCommands: anything else is a row's action). The
   * script keeps to it so the report's limits are spent only on what native can use.
   */
  function inScope(spec, decision, screen) {
    if (spec.destinations.length > 0 && !spec.destinations.includes(screen.destination)) return false;
    return spec.pathParams.every((name) => !Object.hasOwn(decision.params, name)
      || (Object.hasOwn(screen.params, name) && screen.params[name] === decision.params[name]));
  }

  const control = (element) => controls.get(element instanceof HTMLButtonElement ? HTMLButtonElement
    : element instanceof HTMLInputElement ? HTMLInputElement : null);

  /** Whether a browsing-context name is the page's own context ("" or "_self"). */
  const isOwnContext = (name) => name === "" || name.toLowerCase() === "_self";

  // The document's <base target> (its first <base> with a target), read once per full scan or
  // invoke (readBase).
  let baseTarget = "";
  // Whether URLs as written resolve against the document's own http(s) URL (no <base href>), so a
  // plain path is read as written (PLAIN_PATH); read with the base target.
  let plainBase = false;
  // The document's <base> elements at the last full scan: one that leaves changes URLs or targets.
  let bases = [];

  // An http(s) URL (the document's, for plainBase); tested once while the document loads (prepare).
  const HTTP_URL = /^https?:\/\//;

  /** Reads the base target and whether URLs are read as written; returns the document's <base>s
   * (HTML's only: the selector also matches an element of another namespace named "base", an SVG
   * <base>, which sets neither). */
  function readBase() {
    const found = querySelectorAll(doc, "base");
    const html = [];
    let target = null;
    let href = false;
    for (let i = 0; i < found.length; i++) {
      const base = found[i];
      if (!(base instanceof HTMLBaseElement)) continue;
      html.push(base);
      if (target === null && hasAttribute(base, "target")) target = getAttribute(base, "target");
      if (hasAttribute(base, "href")) href = true;
    }
    baseTarget = target ?? "";
    plainBase = !href && HTTP_URL.test(String(documentURL(doc)));
    return html;
  }

  /** The target an element's navigation goes to: its own attribute, else the document's <base target>. */
  function targetOf(own) {
    return own !== null ? own : baseTarget;
  }

  /** The form's submit buttons (button and input type=submit), in tree order. */
  function submitButtons(form) {
    const buttons = [];
    for (const element of Array.from(formElements(form))) {
      const members = control(element);
      if (members !== undefined && members.type(element) === "submit") buttons.push(element);
    }
    return buttons;
  }

  /** Whether `form` has an image button (form.elements never lists them; its click sends
   * coordinates): inside it, or outside naming it with form= (only a form with an id can be
   * named, so a form without one costs no search of the document). */
  function hasImageButton(form) {
    // The selector also matches an SVG <input>: no image button, and no member of HTML's to call.
    const owned = (input) => input instanceof HTMLInputElement && control(input).form(input) === form;
    if (Array.from(queryWithin(form, "input[type=image]")).some(owned)) return true;
    const id = getAttribute(form, "id");
    return id !== null && id !== "" && Array.from(querySelectorAll(doc, "input[type=image][form]")).some(owned);
  }
  /**
   * What submitting `form` with `button` (null: no submitter) sends, by HTML's form submission
   * algorithm: the method and action from the button's formmethod/formaction when it has them,
   * else the form's, and the button's name=value pair when it has a name; null unless the
   * effective method is POST and the effective target (formtarget, the form's target, <base
   * target>) is the page's own browsing context, or when the button is disabled, or when it is
   * a named <input type=submit> without a value (the browser sends its own label, which the
   * script cannot know).
   */
  function submission(form, button) {
    if (button !== null && matchesSelector(button, ":disabled")) return null;
    const overrides = (name) => button !== null && hasAttribute(button, name);
    const method = overrides("formmethod") ? (getAttribute(button, "formmethod") ?? "").toLowerCase()
      : formMethod(form);
    if (method !== "post") return null;
    const target = targetOf(overrides("formtarget") ? getAttribute(button, "formtarget")
      : hasAttribute(form, "target") ? getAttribute(form, "target") : null);
    if (!isOwnContext(target)) return null;
    const url = String(overrides("formaction") ? control(button).formAction(button) : formAction(form));
    const name = button === null ? "" : getAttribute(button, "name") ?? "";
    if (name === "") return { method: "POST", url, submitter: null };
    const value = getAttribute(button, "value");
    if (value === null && button instanceof HTMLInputElement) return null;
    return { method: "POST", url, submitter: { name, value: value ?? "" } };
  }

  /**
   * The value `form` sends for the field `name`, by HTML's rules for a form's data set: the
   * enabled controls of that name (not buttons: only the submitter is sent), a checkbox or radio
   * only when checked, a select's selected options; null unless there is exactly one value (a
   * command's field is one value).
   */
  function fieldValue(form, name) {
    const values = [];
    for (const element of Array.from(formElements(form))) {
      if (getAttribute(element, "name") !== name || matchesSelector(element, ":disabled")) continue;
      if (element instanceof HTMLInputElement) {
        const type = inputType(element);
        if (["submit", "image", "button", "reset", "file"].includes(type)) continue;
        if ((type === "checkbox" || type === "radio") && !inputChecked(element)) continue;
        values.push(inputValue(element));
      } else if (element instanceof HTMLTextAreaElement) {
        values.push(textareaValue(element));
      } else if (element instanceof HTMLSelectElement) {
        for (const option of Array.from(selectedOptions(element))) {
          if (!matchesSelector(option, ":disabled")) values.push(optionValue(option));
        }
      }
    }
    return values.length === 1 ? values[0] : null;
  }

  /** What following `link` does: GET its URL; null for a download, another target, or an in-page fragment. */
  function following(link) {
    if (!hasAttribute(link, "href") || hasAttribute(link, "download")) return null;
    if (!isOwnContext(targetOf(hasAttribute(link, "target") ? getAttribute(link, "target") : null))) return null;
    const url = String(linkHref(link));
    if (url.includes("#") && url.split("#")[0] === String(documentURL(doc)).split("#")[0]) return null;
    return { method: "GET", url, submitter: null };
  }

  /** The submissions of one form or link (its anchor) now, in order; none once it left the page. */
  function candidatesOf(anchor) {
    if (!isConnected(anchor)) return [];
    if (anchor instanceof HTMLAnchorElement) return hasAttribute(anchor, "href") ? [{ element: anchor, button: null }] : [];
    const buttons = submitButtons(anchor);
    if (buttons.length === 0) return hasImageButton(anchor) ? [] : [{ element: anchor, button: null }];
    return buttons.map((button) => ({ element: anchor, button }));
  }

  /** The candidate's request now, or null when it sends nothing that can be offered. */
  function read(candidate) {
    if (candidate.element instanceof HTMLAnchorElement) return following(candidate.element);
    return submission(candidate.element, candidate.button);
  }

  const NON_ASCII = /[^\u0000-\u007f]/;
  /** The UTF-8 length of `text` as TextEncoder encodes it (a lone surrogate as U+FFFD, 3 bytes),
   * counted without encoding it: the report is sized on every change, and an encoding is a new
   * buffer each time, work the engine's collector then does inside the page's own tasks. */
  function utf8Length(text) {
    if (!NON_ASCII.test(text)) return text.length;
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) bytes += 1;
      else if (code < 0x800) bytes += 2;
      else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length
        && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    }
    return bytes;
  }
  /** Whether `text` is at most `limit` UTF-8 bytes (no encoding when its UTF-16 length says so:
   * a UTF-16 code unit is at most 3 UTF-8 bytes). */
  const fitsBytes = (text, limit) => text.length * 3 <= limit || utf8Length(text) <= limit;
  const fitsField = (text) => text.length <= PROTOCOL.maxFieldBytes && fitsBytes(text, PROTOCOL.maxFieldBytes);

  // The look before routing: per screen, one regular expression per method that matches the URLs
  // whose path could match a route of a command native takes there (one of its destinations, none
  // meaning any, is the page's). Read per route segment: a literal where the path's segment is
  // written the same or holds an escape, a wildcard any segment but an empty one, `{$}` or the
  // pattern's end only at the path's end or its trailing slash, and a rest anything. Precedence,
  // param types and the origin are left to the router, so a URL this refuses is one the router
  // cannot read as such a command. Compiled once per screen, tested by the engine's own matcher: a
  // long page's URLs are mostly read once, while the page's code is still cold.
  let reachableOf = { screen: null, urls: null, plainLeft: null };
  // A URL with an authority: a scheme-like head holding no ":" or "//", or "//" first in a URL
  // with no ":"; then the authority, up to the path's "/" or its end. A URL of another shape
  // (mailto:, a URL the browser could not resolve) is never left by the look.
  const AUTHORITY = "(?:(?:[^:/]|/(?!/))*:|(?=//[^:]*$))//[^/?#]*(?:/|(?=[?#]|$))";
  const escapePattern = (text) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

  /** A route's segments as a pattern of the path after its first "/" (see `reachableOf`). The
   * literal's other choice takes no "%" before the first one, so matching stays linear. */
  function pathPattern(segments) {
    const parts = [];
    for (const [kind, value] of segments) {
      if (kind === "l") parts.push(`(?:${escapePattern(value)}|[^/?#%]*%[^/?#]*)`);
      else if (kind === "w") parts.push("[^/?#]+");
      else if (kind !== "e") return parts.length === 0 ? "" : parts.join("/") + "(?=[/?#]|$)";
      else break;
    }
    return parts.length === 0 ? "(?=[?#]|$)" : parts.join("/") + "/?(?=[?#]|$)";
  }

  /** The look's expressions for `screen`, by method: `urls` matches an absolute URL whose path
   * could match, and `plainLeft` a plain path as written (PLAIN_PATH) whose path cannot: one test
   * tells that a row's URL is left, the most common case on a long page. */
  function reachable(screen) {
    if (reachableOf.screen !== screen) {
      const urls = { GET: null, POST: null };
      const plainLeft = { GET: null, POST: null };
      for (const method of ["GET", "POST"]) {
        const patterns = [];
        for (const route of TABLES[method] === null ? [] : TABLES[method].destinations) {
          const specs = Object.hasOwn(SCOPE, route.id) ? SCOPE[route.id] : [];
          if (specs.some((spec) => spec.destinations.length === 0 || spec.destinations.includes(screen.destination))) {
            patterns.push(pathPattern(route.segments));
          }
        }
        const any = patterns.length === 0 ? "(?!)" : `(?:${patterns.join("|")})`;
        urls[method] = new RegExp(`^(?!${AUTHORITY})|^${AUTHORITY}${any}`);
        plainLeft[method] = new RegExp(`^(?!/${any})${PLAIN_PATH.source.slice(1)}`);
      }
      reachableOf = { screen, urls, plainLeft };
    }
    return reachableOf;
  }

  /** Whether a request of `method` to `url` could be a command native takes on `screen`: false
   * only when its path can match no route of such a command (on a long list, a row's URLs). */
  function mayBeReachable(method, url, screen) {
    return reachable(screen).urls[method].test(url);
  }

  // A URL as written that the URL parser keeps as it is, so its path is the resolved URL's when
  // the document's base is its own http(s) URL: a single "/" first, then only characters no parser
  // removes or escapes, and no "." or ".." segment, up to its query or fragment. Reading it needs
  // no resolving, which is most of what a cold scan costs (each element's URL resolved the first
  // time); any other URL is resolved.
  const PLAIN_PATH = /^(?![^?#]*\/\.\.?(?:[/?#]|$))\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*(?:[?#]|$)/;

  /**
   * Whether none of an anchor's submissions can be a command native takes on `screen`, known
   * from one URL: a link's, or a form's action when no submit button can override it (no
   * `formaction` inside the form, and no id, so no button outside it can belong to it). Such an
   * anchor gets no entries and no ids (on a long list, the rows' links and forms); any change
   * that could make it offer something (its URL, a button added, an id) marks it to be read again.
   * `look`: the screen's (`reachable`). `overridable` false: the document has no `formaction` at
   * all (one search for a whole scan), so every form's action is its URL. The URL is the one
   * written (PLAIN_PATH) or else the resolved one. Called for every form and link of a full
   * scan, most of them read once while the script is still cold: it calls nothing of its own.
   * `isLink`: whether `anchor` is a link (else a form), when the caller knows.
   */
  function leftByLook(anchor, look, overridable = true, isLink = anchor instanceof HTMLAnchorElement) {
    if (isLink) {
      // A link has no named properties, so its members are this world's own prototypes': called
      // directly, the cheapest way in a cold engine.
      const href = anchor.getAttribute("href");
      if (href === null) return false;
      if (plainBase) {
        if (look.plainLeft.GET.test(href)) return true;
        if (PLAIN_PATH.test(href)) return false;
      }
      return !look.urls.GET.test(String(anchor.href));
    }
    if (overridable) {
      const id = getAttribute(anchor, "id");
      if ((id !== null && id !== "") || queryFirstWithin(anchor, "[formaction]") !== null) return false;
    }
    // A form's named controls shadow its members: the prototype's own, called on it.
    const action = plainBase ? elementGetAttribute.call(anchor, "action") : null;
    if (action !== null) {
      if (look.plainLeft.POST.test(action)) return true;
      if (PLAIN_PATH.test(action)) return false;
    }
    return !look.urls.POST.test(String(formAction(anchor)));
  }

  const NONE = Object.freeze([]);

  /** The submissions of an anchor the script reads on `screen`: none when its URL alone leaves it. */
  function submissionsOf(anchor, screen) {
    return leftByLook(anchor, reachable(screen)) ? NONE : candidatesOf(anchor);
  }

  /** The URL the candidate's request goes to, read alone (a form's, or its button's formaction),
   * for the look before the whole request is read: a form offers only POST, a link only GET. */
  function urlOf(candidate) {
    const { element, button } = candidate;
    if (element instanceof HTMLAnchorElement) return String(linkHref(element));
    return String(button !== null && hasAttribute(button, "formaction") ? control(button).formAction(button)
      : formAction(element));
  }

  /**
   * What native would be offered for the candidate on this page: its method and URL, its
   * submitter when it has one and the values of the fields its command binds; null when its
   * request is no bound command native can take here (another route, another button, out of
   * scope, a bound field missing or repeated, or past the protocol's limits).
   */
  function offerOf(candidate, screen) {
    // Most of a long page's forms and links (its rows' actions) go where no command native takes
    // here could: those are left after reading one URL, neither read whole nor routed.
    const method = candidate.element instanceof HTMLAnchorElement ? "GET" : "POST";
    if (!mayBeReachable(method, urlOf(candidate), screen)) return null;
    const request = read(candidate);
    if (request === null || !fitsBytes(request.url, PROTOCOL.maxURLBytes)) return null;
    const decision = boundCommand(request.method, request.url);
    if (decision === null) return null;
    const spec = resolve(decision, request.submitter);
    if (spec === null || !inScope(spec, decision, screen)) return null;
    const offer = { method: request.method, url: request.url };
    if (request.submitter !== null) {
      if (!fitsField(request.submitter.name) || !fitsField(request.submitter.value)) return null;
      offer.submitter = request.submitter;
    }
    if (spec.fields.length > 0) {
      const fields = {};
      for (const name of spec.fields) {
        const value = fieldValue(candidate.element, name);
        if (value === null || !fitsField(value)) return null;
        fields[name] = value;
      }
      offer.fields = fields;
    }
    return offer;
  }

  /** An offer as one comparable string: method, URL, submitter and fields (by name). */
  function requestKey(method, url, submitter, fields) {
    const pairs = Object.keys(fields).sort().map((name) => [name, fields[name]]);
    return JSON.stringify([method, url, submitter === null ? null : [submitter.name, submitter.value], pairs]);
  }

  /** Whether the page's own validation lets the form through (formnovalidate and novalidate skip it). */
  function passesValidation(form, button) {
    if (hasAttribute(form, "novalidate") || (button !== null && hasAttribute(button, "formnovalidate"))) return true;
    return Array.from(formElements(form)).every((element) => !element.willValidate || element.validity.valid);
  }

  // What the page offers, kept between scans so a change costs what it touches, not the page.
  // Each submission has a key (its submit button, or the form without one, or the link) and an
  // entry {id, element, button, offer}: `id` is the target native sees, given once per key in
  // document order and kept while the key stays in the page; `offer` is what native would be
  // offered for it on this page, or null.
  const entries = new Map(); // key -> entry
  const byTarget = new Map(); // id -> entry
  const ofAnchor = new Map(); // form or link -> the keys of its submissions
  const offered = new Set(); // the entries whose offer is not null
  const ids = new WeakMap(); // key -> id, so a submission that leaves and comes back keeps its id
  let nextId = 0;
  // What the next scan must read again: every anchor (full) or these forms and links.
  let full = true;
  const dirty = new Set();
  let screenSeen = null;
  // Whether nodes left since the last scan. Removed nodes are not read (each would get this world's
  // wrapper, keeping the removed nodes alive for the engine's collector): the scan looks for what
  // left among the <base> elements, forms, links and buttons it keeps, which on a long list are
  // the page's own few.
  let removed = false;
  // The last report made, and whether the next may differ from it: an offer came, went or
  // changed, or was read again in a scan that saw nodes leave (its element may have moved) or that
  // read the whole document. A change that touches no offered element (on a list, a row), or
  // reads offers again to find each as it was (an attribute set to its own value), leaves the
  // report as it was, not made again.
  let lastReport = null;
  let reportChanged = true;
  // Whether the scan under way follows a removal or reads the whole document (see lastReport).
  let reordered = false;

  /** Whether two offers say the same (method, URL, submitter pair and bound fields' values). */
  function sameOffer(a, b) {
    if (a === null || a.method !== b.method || a.url !== b.url) return false;
    const x = a.submitter, y = b.submitter;
    if (x === undefined || y === undefined) {
      if (x !== y) return false;
    } else if (x.name !== y.name || x.value !== y.value) {
      return false;
    }
    const f = a.fields, g = b.fields;
    if (f === undefined || g === undefined) return f === g;
    const names = Object.keys(f);
    return names.length === Object.keys(g).length && names.every((name) => Object.hasOwn(g, name) && f[name] === g[name]);
  }

  const idOf = (key) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = nextId++;
      ids.set(key, id);
    }
    return id;
  };

  function drop(key) {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    byTarget.delete(entry.id);
    if (offered.delete(entry)) reportChanged = true;
  }

  /** Reads one anchor's submissions again: new ones get their entries, gone ones lose them, and
   * each one's offer is computed for `screen`. */
  function refresh(anchor, screen, found = submissionsOf(anchor, screen)) {
    const before = ofAnchor.get(anchor);
    // Made only when there are keys: most anchors of a long page have none, and a change to a
    // page's rows refreshes every anchor in them (what the script allocates, the engine's
    // collector later collects in the page's own tasks).
    let keys = null;
    for (let i = 0; i < found.length; i++) {
      const candidate = found[i];
      const key = candidate.button ?? candidate.element;
      (keys ??= []).push(key);
      let entry = entries.get(key);
      if (entry === undefined || entry.element !== candidate.element) {
        drop(key);
        entry = { id: idOf(key), element: candidate.element, button: candidate.button, offer: null };
        entries.set(key, entry);
        byTarget.set(entry.id, entry);
      }
      const offer = offerOf(entry, screen);
      if (offer === null) {
        if (offered.delete(entry)) reportChanged = true;
      } else {
        if (reordered || !offered.has(entry) || !sameOffer(entry.offer, offer)) reportChanged = true;
        offered.add(entry);
      }
      entry.offer = offer;
    }
    if (before !== undefined) {
      for (const key of before) {
        if ((keys === null || !keys.includes(key)) && entries.get(key)?.element === anchor) drop(key);
      }
    }
    if (keys !== null) ofAnchor.set(anchor, keys);
    else ofAnchor.delete(anchor);
  }

  /** Reads the whole document: every form and link, in document order (new keys get ids in that
   * order), and forgets the ones no longer in it. */
  function scanAll(screen) {
    // A static NodeList, read by index (no copy: a cold engine copies it element by element).
    const anchors = querySelectorAll(doc, "form, a[href]");
    const overridable = queryFirst(doc, "[formaction]") !== null;
    const look = reachable(screen);
    // Nothing kept yet (the first scan): nothing to forget either.
    const kept = ofAnchor.size > 0;
    for (let i = 0; i < anchors.length; i++) {
      const anchor = anchors[i];
      // The selector matches an SVG <a href> too (any namespace's "a"): not a link the script reads.
      const isLink = anchor instanceof HTMLAnchorElement;
      if (!isLink && !(anchor instanceof HTMLFormElement)) continue;
      // Most of a long page's anchors are left by the look and offered nothing before: no entries.
      if (!leftByLook(anchor, look, overridable, isLink)) refresh(anchor, screen, candidatesOf(anchor));
      else if (kept && ofAnchor.has(anchor)) refresh(anchor, screen, NONE);
    }
    if (!kept) return;
    const seen = new Set(anchors);
    for (const anchor of Array.from(ofAnchor.keys())) {
      if (!seen.has(anchor)) refresh(anchor, screen, NONE);
    }
  }

  /** Document order of two entries: their forms or links, then a form's buttons in tree order. */
  function order(a, b) {
    if (a === b) return 0;
    const [x, y] = a.element === b.element ? [a.button, b.button] : [a.element, b.element];
    if (x === null) return -1;
    if (y === null) return 1;
    return compareDocumentPosition(x, y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  }

  /**
   * Scans what changed (the whole document the first time, after a restore and after a change
   * that can touch every offer): the report's JSON text, the offers native can take on this page
   * in document order within the limits. When the limits leave out an offer native could take,
   * the report says so ("truncated": true) and native reports it to its diagnostics hook.
   */
  function scan() {
    const screen = pageScreen();
    if (screen !== screenSeen) {
      // Another page URL (history.pushState): what native takes depends on it.
      screenSeen = screen;
      full = true;
    }
    if (removed && !full) noteLeft();
    reordered = removed || full;
    removed = false;
    if (full) {
      full = false;
      dirty.clear();
      // Kept from a full scan only: an invoke reads the base again, but reads nothing else.
      bases = readBase();
      scanAll(screen);
    } else {
      const anchors = Array.from(dirty);
      dirty.clear();
      for (const anchor of anchors) refresh(anchor, screen);
    }
    if (!reportChanged && lastReport !== null) return lastReport;
    reportChanged = false;
    const sorted = Array.from(offered).sort(order);
    const offers = [];
    let bytes = utf8Length(JSON.stringify({ v: PROTOCOL.version, offers: [], truncated: true }));
    let truncated = false;
    for (const entry of sorted) {
      const offer = { target: entry.id, ...entry.offer };
      const size = utf8Length(JSON.stringify(offer)) + (offers.length > 0 ? 1 : 0);
      if (offers.length >= PROTOCOL.maxOffers || bytes + size > PROTOCOL.maxReportBytes) {
        truncated = true;
        break;
      }
      bytes += size;
      offers.push(offer);
    }
    lastReport = JSON.stringify(truncated ? { v: PROTOCOL.version, offers, truncated } : { v: PROTOCOL.version, offers });
    return lastReport;
  }

  /** The form a control belongs to (its form owner; an option's is its select's), or null. */
  function formOfControl(element) {
    if (element instanceof HTMLOptionElement) {
      const select = closest(element, "select"); // or an SVG <select>, which has no form
      return select instanceof HTMLSelectElement ? selectForm(select) : null;
    }
    if (element instanceof HTMLSelectElement) return selectForm(element);
    if (element instanceof HTMLTextAreaElement) return textareaForm(element);
    const members = control(element);
    return members === undefined ? null : members.form(element);
  }

  // While the observer's records are read (readRecords): the look of the page's screen, for `mark`.
  let marking = null;

  /**
   * Marks a form or link for the next scan: an HTML one (`closest("form")` also finds an SVG
   * element named "form"), unless its URL alone leaves it on this page and the script keeps
   * nothing of it, so that reading it again would change nothing (a changed list's rows). The
   * scan reads the rest in the same task, with the same screen and look.
   */
  function mark(anchor) {
    if (!(anchor instanceof HTMLFormElement) && !(anchor instanceof HTMLAnchorElement)) return;
    if (marking === null || ofAnchor.has(anchor) || !leftByLook(anchor, marking)) dirty.add(anchor);
  }

  /** Marks what a changed or added element can change: itself as a form or link, the form of a
   * control, and for anything else (a fieldset's disabled) every form and link inside it and its
   * own form. */
  function noteElement(element) {
    if (element instanceof HTMLFormElement || element instanceof HTMLAnchorElement) {
      mark(element);
      return;
    }
    const form = formOfControl(element);
    if (form !== null) mark(form);
    noteInside(element);
  }

  /** Marks the forms and links inside `element` and the forms of its controls. */
  function noteInside(element) {
    const enclosing = closest(element, "form");
    if (enclosing !== null) mark(enclosing);
    const within = queryWithin(element, "form, a, button, input, select, textarea, base");
    for (let i = 0; i < within.length; i++) {
      const inner = within[i];
      if (inner instanceof HTMLBaseElement) full = true;
      else if (inner instanceof HTMLFormElement || inner instanceof HTMLAnchorElement) mark(inner);
      else {
        const form = formOfControl(inner);
        if (form !== null) mark(form);
      }
    }
  }

  /** After nodes left: the whole document when a <base> it read left, else marks the kept forms
   * and links that left the document, or whose kept buttons left it or their form (all that a
   * removal can take away: an anchor the script keeps nothing of offered nothing). */
  function noteLeft() {
    for (let i = 0; i < bases.length; i++) {
      if (!isConnected(bases[i])) {
        full = true;
        return;
      }
    }
    const gone = (key, anchor) => key !== anchor && (!isConnected(key) || control(key).form(key) !== anchor);
    for (const [anchor, keys] of ofAnchor) {
      if (!isConnected(anchor) || keys.some((key) => gone(key, anchor))) dirty.add(anchor);
    }
  }

  // The observer's records not read yet. The observer's callback only keeps them: it runs in the
  // page's own task (at its microtask checkpoint), so reading them there would make the page's DOM
  // work wait for the script's; they are read, and the report made, in a task of the script's own.
  let unread = [];

  function observed(records) {
    unread.push(records);
    schedule();
  }

  /** What the observer saw: the forms and links to read again, or the whole document. */
  function readRecords() {
    const batches = unread;
    unread = [];
    marking = reachable(pageScreen());
    try {
      for (const records of batches) readBatch(records);
    } finally {
      marking = null;
    }
  }

  function readBatch(records) {
    for (const record of records) {
      if (full) break;
      const target = record.target;
      if (record.type === "attributes") {
        const name = record.attributeName;
        if (target instanceof HTMLBaseElement || (name === "id" && target instanceof HTMLFormElement)) {
          full = true; // every offer's target, or every button's form
          break;
        }
        const entry = entries.get(target);
        if (entry !== undefined) mark(entry.element); // the form a button belonged to
        noteElement(target);
        continue;
      }
      if (target instanceof Element) {
        const form = closest(target, "form");
        if (form !== null) mark(form);
      }
      if (record.removedNodes.length > 0) removed = true;
      // Static NodeLists, read by index (no copy).
      const added = record.addedNodes;
      for (let i = 0; i < added.length; i++) {
        const node = added[i];
        if (node instanceof Element) {
          if (node instanceof HTMLBaseElement) full = true;
          noteElement(node);
        }
      }
    }
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
  // The script's own task: a message to itself (no timer, so no clamp for timers nested in timers).
  const channel = new MessageChannel();
  const postToSelf = method(MessagePort, "postMessage");
  channel.port1.onmessage = () => {
    scheduled = false;
    readRecords();
    report();
  };

  /** One report after a burst of changes, in a task of its own after the page's (see `unread`). */
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    postToSelf(channel.port2, null);
  }

  /**
   * Carries out the offer at `target` if, computed again now, it is exactly the offer native
   * approved (`method`, `url`, the `submitter` pair or null and the bound `fields`' values, with the
   * same submit button of the same form) and still a bound page action native takes here. A form is submitted with requestSubmit(button), so the page's own validation,
   * busy rule, cookies and CSRF origin checks apply; a link is followed by navigating to its URL
   * (no click: a click would also send the link's ping). Resolves to "submitted", "followed",
   * "invalid" (the page's validation stopped the submission and shows its own message) or
   * "gone" (the element or its button changed or left, or the button is disabled).
   */
  async function invoke(target, method, url, submitter = null, fields = {}) {
    const candidate = Number.isInteger(target) ? byTarget.get(target) : undefined;
    if (candidate === undefined || !isConnected(candidate.element)) return "gone";
    const { element, button } = candidate;
    if (button !== null && (!isConnected(button) || control(button).form(button) !== element)) return "gone";
    const isText = (value) => typeof value === "string";
    if (!isText(method) || !isText(url) || (submitter !== null
      && (typeof submitter !== "object" || !isText(submitter.name) || !isText(submitter.value)))
      || fields === null || typeof fields !== "object" || !Object.values(fields).every(isText)) {
      return "gone";
    }
    readBase();
    const offer = offerOf(candidate, pageScreen());
    if (offer === null || requestKey(offer.method, offer.url, offer.submitter ?? null, offer.fields ?? {})
      !== requestKey(method, url, submitter, fields)) {
      return "gone";
    }
    if (method === "GET") {
      // Location's members are the window's own (unforgeable), and this world's wrapper is its own.
      const location = globalThis.location;
      Reflect.apply(location.assign, location, [url]);
      return "followed";
    }
    const valid = passesValidation(element, button);
    try {
      if (button === null) requestSubmit(element);
      else requestSubmit(element, button);
    } catch {
      return "gone";
    }
    return valid ? "submitted" : "invalid";
  }

  globalThis[PROTOCOL.global] = Object.freeze({ invoke });

  function start() {
    new MutationObserver(observed).observe(doc, {
      childList: true, subtree: true, attributes: true,
      attributeFilter: [
        "action", "method", "target", "href", "download", "disabled", "type", "form", "id",
        "formaction", "formmethod", "formtarget", "name", "value", "checked", "selected",
      ],
    });
    // A bound field's value also changes as a person types or chooses (no attribute changes):
    // listened to on this world's window, never on page elements.
    if (HAS_FIELDS) {
      const edited = (event) => {
        const element = event.target;
        if (element instanceof Element) {
          const form = formOfControl(element);
          if (form !== null) dirty.add(form);
        }
        schedule();
      };
      for (const type of ["input", "change"]) globalThis.addEventListener(type, edited, { capture: true, passive: true });
    }
    report();
  }

  /**
   * While the document loads, runs once what the first scan would otherwise run cold: each
   * method's router on the page's own URL (a router builds its route table and scheme set at its
   * first route) and each of the look's expressions (an engine compiles an expression at its first
   * test). Nothing is kept: the results are dropped, and `decided` is not touched, so the first
   * scan reads every URL as it would have (issue 48: in Chromium, about a quarter of a 10-row
   * page's first report after DOMContentLoaded).
   */
  function prepare(look) {
    const url = String(documentURL(doc));
    for (const method of ["GET", "POST"]) {
      if (ROUTERS[method] !== null) ROUTERS[method](url);
      look.urls[method].test(url);
      look.plainLeft[method].test("/");
    }
    PLAIN_PATH.test("/");
    HTTP_URL.test(url);
  }

  // A page restored from the back/forward cache is a new page to native: report it again.
  globalThis.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    posted = null;
    full = true;
    schedule();
  });
  if (readyState(doc) === "loading") {
    // Injected at document start (as the adapter injects it), the script waits for the document;
    // meanwhile it routes the page's own URL, compiles the look for that screen and runs the
    // routers and the look once (prepare), so the first
    // report after DOMContentLoaded costs only the page's reading (pageScreen reads the URL again
    // then, and routes it again only if the page changed it).
    prepare(reachable(pageScreen()));
    globalThis.addEventListener("DOMContentLoaded", start, { once: true });
  } else {
    start();
  }
})();
