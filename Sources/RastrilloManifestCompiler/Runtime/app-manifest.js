// @slot header
// The routing runtime of the generated app-manifest.js (`manifest build`), a JavaScript port of
// RastrilloNative's RawURL, HostName, RequestPath, QueryItems, RouteTable and
// LinkValue.Kind.parse that reaches the same decisions (make manifest-parity-js holds the two to
// one corpus). Each slot, from "// @slot name" to "// @end name", is replaced by generated text;
// the lines inside are stand-ins so this file checks on its own (RuntimeTemplate.swift).
// @end header
// ES module: route(url) gives the same decisions as the native LinkRouter.

// @slot manifest
const MANIFEST = {
  "origins": [["https", "app.example.com", 443]],
  "primaryOrigin": "https://app.example.com",
  "externalSchemes": [],
  "foreignWeb": "external",
  "enums": {},
  "destinations": [
    {"id": "home", "segments": [["e", null]], "params": [], "presentation": "native", "link": "auto"}
  ]
};
// @end manifest

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

export function route(input, options = {}) {
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
export function pathFor(id, params = {}) {
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
export function urlFor(id, params = {}) {
  const path = pathFor(id, params);
  return path === null ? null : MANIFEST.primaryOrigin + path;
}

// @slot exports
/** Destination ids. */
export const destinations = Object.freeze(["home"]);
// @end exports
