#!/usr/bin/env python3
"""Writes corpus.json: URLs with the decision every router must reach for
parity-manifest.json. Expectations are written out by hand below (tables of
cases), never computed by a router. Run: python3 Tests/ManifestParity/make-corpus.py

Entry fields:
  url          the raw URL string
  decision     native | web | in-app-browser | external | refused
  destination  destination id or null
  params       typed params (ints and doubles as JSON numbers, uuids lowercase)
  reason       for refusals: a substring the reason must contain
  redirect     true: judged as a redirect target (only internal URLs honoured)
  go           what Go's net/http.ServeMux answers for the path, where Go sees it:
               {"pattern": P} | {"redirect": path} | {"notFound": true}; absent = not a Go case
"""
import json, pathlib

ID = "6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f"
PATTERNS = {
    "home": "/{$}", "notes": "/notes/{$}", "newNote": "/notes/new", "note": "/notes/{id}",
    "noteEdit": "/notes/{id}/edit", "noteTag": "/notes/{id}/tags/{color}", "docs": "/docs/",
    "docsSearch": "/docs/search", "files": "/files/{path...}", "user": "/users/{userID}",
    "userByName": "/users/by-name/{name}", "report": "/reports/{year}/{month}", "billing": "/billing/",
    "help": "/help/{topic}", "search": "/search", "flag": "/flags/{enabled}", "ratio": "/ratio/{value}",
    "version": "/v/{number}", "versionsAll": "/v/", "encoded": "/caf%C3%A9/{item}", "settings": "/settings",
    "settingsSection": "/settings/{section}/{$}",
}
ORIGINS = ["https://app.example.com", "https://www.example.com", "http://localhost:8080", "companion://app"]
GO_ORIGINS = {"https://app.example.com", "http://localhost:8080"}

# (path, decision, destination, params, go) — go: None = Go agrees (pattern of the destination, or
# notFound when there is none); otherwise Go's own answer, recorded where it differs by design.
PATHS = [
    ("/", "native", "home", {}, None),
    ("/notes/", "native", "notes", {}, None),
    ("/notes", "native", "notes", {}, {"redirect": "/notes/"}),
    ("/notes/new", "native", "newNote", {}, None),
    ("/notes/new?x=1", "native", "newNote", {}, None),
    (f"/notes/{ID}", "native", "note", {"id": ID}, None),
    (f"/notes/{ID.upper()}", "native", "note", {"id": ID}, None),
    ("/notes/not-a-uuid", "web", None, {}, {"pattern": "/notes/{id}"}),
    ("/notes/new%2Fedit", "web", None, {}, {"pattern": "/notes/{id}"}),
    (f"/notes/{ID}/edit", "native", "noteEdit", {"id": ID}, None),
    (f"/notes/{ID}/", "web", None, {}, None),
    (f"/notes/{ID}/tags/red", "native", "noteTag", {"id": ID, "color": "red"}, None),
    (f"/notes/{ID}/tags/purple", "web", None, {}, {"pattern": "/notes/{id}/tags/{color}"}),
    ("/notes/#section", "native", "notes", {}, None),
    ("/NOTES/", "web", None, {}, None),
    ("/docs/", "web", "docs", {}, None),
    ("/docs", "web", "docs", {}, {"redirect": "/docs/"}),
    ("/docs/a/b/c", "web", "docs", {}, None),
    ("/docs/search", "web", "docsSearch", {}, None),
    ("/docs/search/", "web", "docs", {}, None),
    ("/files/", "native", "files", {"path": ""}, None),
    ("/files", "native", "files", {"path": ""}, {"redirect": "/files/"}),
    ("/files/a/b.txt", "native", "files", {"path": "a/b.txt"}, None),
    ("/files/a%2Fb/c", "native", "files", {"path": "a/b/c"}, None),
    ("/files/a/", "native", "files", {"path": "a/"}, None),
    ("/files/%E2%9C%93", "native", "files", {"path": "\u2713"}, None),
    ("/users/42", "native", "user", {"userID": 42}, None),
    ("/users/-7", "native", "user", {"userID": -7}, None),
    ("/users/0", "native", "user", {"userID": 0}, None),
    ("/users/007", "web", None, {}, {"pattern": "/users/{userID}"}),
    ("/users/+7", "web", None, {}, {"pattern": "/users/{userID}"}),
    ("/users/-0", "web", None, {}, {"pattern": "/users/{userID}"}),
    ("/users/1e3", "web", None, {}, {"pattern": "/users/{userID}"}),
    ("/users/9007199254740991", "native", "user", {"userID": 9007199254740991}, None),
    ("/users/-9007199254740991", "native", "user", {"userID": -9007199254740991}, None),
    ("/users/9007199254740992", "web", None, {}, {"pattern": "/users/{userID}"}),
    ("/users/by-name/ada", "native", "userByName", {"name": "ada"}, None),
    ("/users/by-name/ad%C3%A9", "native", "userByName", {"name": "ad\u00e9"}, None),
    ("/users/by-name/a%20b", "native", "userByName", {"name": "a b"}, None),
    ("/users/by-name", "web", None, {}, {"pattern": "/users/{userID}"}),
    ("/users/by-name/", "web", None, {}, None),
    ("/reports/2026/11", "web", "report", {"year": 2026, "month": 11}, None),
    ("/reports/2026/11?format=csv", "web", "report", {"year": 2026, "month": 11, "format": "csv"}, None),
    ("/reports/2026/11?format=xls", "web", None, {}, {"pattern": "/reports/{year}/{month}"}),
    ("/reports/2026/nov", "web", None, {}, {"pattern": "/reports/{year}/{month}"}),
    ("/billing/", "external", "billing", {}, None),
    ("/billing/invoices/3", "external", "billing", {}, None),
    ("/billing", "external", "billing", {}, {"redirect": "/billing/"}),
    ("/help/links", "in-app-browser", "help", {"topic": "links"}, None),
    ("/search?q=swift+go", "native", "search", {"q": "swift go"}, None),
    ("/search?page=2&q=a%26b", "native", "search", {"q": "a&b", "page": 2}, None),
    ("/search?q=first&q=second", "native", "search", {"q": "first"}, None),
    ("/search?q=", "native", "search", {"q": ""}, None),
    ("/search", "web", None, {}, {"pattern": "/search"}),
    ("/search?q=x&page=two", "web", None, {}, {"pattern": "/search"}),
    ("/flags/true", "native", "flag", {"enabled": True}, None),
    ("/flags/false", "native", "flag", {"enabled": False}, None),
    ("/flags/True", "web", None, {}, {"pattern": "/flags/{enabled}"}),
    ("/flags/1", "web", None, {}, {"pattern": "/flags/{enabled}"}),
    ("/ratio/1.5e3", "native", "ratio", {"value": 1500}, None),
    ("/ratio/-0.25", "native", "ratio", {"value": -0.25}, None),
    ("/ratio/0", "native", "ratio", {"value": 0}, None),
    ("/ratio/.5", "web", None, {}, {"pattern": "/ratio/{value}"}),
    ("/ratio/1.", "web", None, {}, {"pattern": "/ratio/{value}"}),
    ("/ratio/NaN", "web", None, {}, {"pattern": "/ratio/{value}"}),
    ("/ratio/Infinity", "web", None, {}, {"pattern": "/ratio/{value}"}),
    ("/ratio/1e400", "web", None, {}, {"pattern": "/ratio/{value}"}),
    ("/v/3", "native", "version", {"number": 3}, None),
    ("/v/latest", "web", "versionsAll", {}, {"pattern": "/v/{number}"}),
    ("/v/", "web", "versionsAll", {}, None),
    ("/v/3/notes", "web", "versionsAll", {}, None),
    ("/v", "web", "versionsAll", {}, {"redirect": "/v/"}),
    ("/caf%C3%A9/x", "native", "encoded", {"item": "x"}, None),
    ("/caf%c3%a9/x", "native", "encoded", {"item": "x"}, None),
    ("/cafe%CC%81/x", "web", None, {}, None),
    ("/settings", "native", "settings", {}, None),
    ("/settings/", "web", None, {}, None),
    ("/settings/general/", "native", "settingsSection", {"section": "general"}, None),
    ("/settings/general", "native", "settingsSection", {"section": "general"},
     {"redirect": "/settings/general/"}),
    ("/settings/general/x", "web", None, {}, None),
    ("/settings/general/%2F", "web", None, {}, {"pattern": "/settings/{section}/{$}"}),
    ("/nowhere", "web", None, {}, None),
    ("/nowhere/", "web", None, {}, None),
    ("/%7Euser", "web", None, {}, None),
    ("", "native", "home", {}, {"redirect": "/"}),
]

# Refusals and non-internal URLs: (url, decision, reason-substring or None).
PITFALLS = [
    # 2. look-alike origins (never internal; foreign http(s) opens in the browser)
    ("https://app.example.com.evil.tld/notes/", "external", None),
    ("https://app.example.comevil.tld/notes/", "external", None),
    ("https://evil.app.example.com/notes/", "external", None),
    ("https://app.example.co/notes/", "external", None),
    ("http://app.example.com/notes/", "external", None),
    ("https://app.example.com:8443/notes/", "external", None),
    ("https://localhost:8080/notes/", "external", None),
    ("http://localhost:8081/notes/", "external", None),
    ("https://app-example.com/notes/", "external", None),
    ("https://example.com/", "external", None),
    # 3. userinfo and escapes in the authority
    ("https://app.example.com@evil.com/notes/", "refused", "userinfo"),
    ("https://app.example.com:pw@evil.com/notes/", "refused", "userinfo"),
    ("https://evil.com@app.example.com/notes/", "refused", "userinfo"),
    ("https://@app.example.com/", "refused", "userinfo"),
    ("https://user:@app.example.com/", "refused", "userinfo"),
    ("https://app.example.com%40evil.com/", "refused", "percent-escape in the authority"),
    ("https://evil.com%40app.example.com/", "refused", "percent-escape in the authority"),
    ("https://app.example.com%2Fevil.com/", "refused", "percent-escape in the authority"),
    ("https://app.example.com%2fevil.com/", "refused", "percent-escape in the authority"),
    ("https://app.example.com%5Cevil.com/", "refused", "percent-escape in the authority"),
    ("https://app%2eexample.com/", "refused", "percent-escape in the authority"),
    # 4. parser differentials
    ("http://example.com\\@evil.com", "refused", "backslash"),
    ("https://app.example.com\\@evil.com/", "refused", "backslash"),
    ("https://app.example.com\\notes\\", "refused", "backslash"),
    ("https://app.example.com/notes\\..\\", "refused", "backslash"),
    ("https://app.example.com /notes/", "refused", "whitespace"),
    (" https://app.example.com/notes/", "refused", "whitespace"),
    ("https://app.example.com/notes/\n", "refused", "whitespace"),
    ("https://app.example.com/notes/\t", "refused", "whitespace"),
    ("https://app.exa\tmple.com/", "refused", "whitespace"),
    ("https://app.exa\nmple.com/", "refused", "whitespace"),
    ("https://app.example.com/no\u0000tes", "refused", "control character"),
    ("https://app.example.com/\u007f", "refused", "control character"),
    ("https://app.example.com/\u001b", "refused", "control character"),
    ("https://app.example.com/notes/%00", "refused", "control character"),
    ("https://app.example.com/notes/%0A", "refused", "control character"),
    ("https://app.example.com/notes/%7F", "refused", "control character"),
    # issue 15: percent-encoded control characters in the query refuse too (keys and values,
    # whether or not the destination reads the param)
    ("https://app.example.com/search?q=%00", "refused", "control character"),
    ("https://app.example.com/search?q=a%0D%0Ab", "refused", "control character"),
    ("https://app.example.com/search?q=%1B%5B31m", "refused", "control character"),
    ("https://app.example.com/search?q=%7F", "refused", "control character"),
    ("https://app.example.com/search?q=%09", "refused", "control character"),
    ("https://app.example.com/search?q=ok&%0A=1", "refused", "control character"),
    ("https://app.example.com/notes/?unused=%0a", "refused", "control character"),
    ("https://app.example.com/nowhere?x=%00", "refused", "control character"),
    ("https://app.ex\u00e4mple.com/", "refused", "non-ASCII"),
    ("https://app.example.com/\u2028", "refused", "non-ASCII"),
    ("https://app.example.com/caf\u00e9/x", "refused", "non-ASCII"),
    ("https://\uff41pp.example.com/", "refused", "non-ASCII"),
    ("https://app.example.com/a<b", "refused", "must be percent-encoded"),
    ("https://app.example.com/a\"b", "refused", "must be percent-encoded"),
    ("https://app.example.com/a{b}", "refused", "must be percent-encoded"),
    ("https://app.example.com/a|b", "refused", "must be percent-encoded"),
    ("https://app.example.com/a^b", "refused", "must be percent-encoded"),
    ("https://app.example.com/a`b", "refused", "must be percent-encoded"),
    ("https://app.example.com/#a#b", "refused", "must be percent-encoded"),
    # hosts that parsers read differently
    ("https://2130706433/", "refused", "invalid host"),
    ("https://0x7f.1/", "refused", "invalid host"),
    ("https://127.1/", "refused", "invalid host"),
    ("https://010.0.0.1/", "refused", "invalid host"),
    ("https://[0:0::1]/", "refused", "invalid host"),
    ("https://[::1/", "refused", "invalid host"),
    ("https://app..example.com/", "refused", "invalid host"),
    ("https://.app.example.com/", "refused", "invalid host"),
    ("https://app.example.com./", "refused", "invalid host"),
    ("https:///notes/", "refused", "invalid host"),
    ("https://-app.example.com/", "refused", "invalid host"),
    ("https://app.example.com:99999/", "refused", "invalid port"),
    ("https://app.example.com:8o/", "refused", "invalid port"),
    ("https://app.example.com:-1/", "refused", "invalid port"),
    # issue 15: a port longer than an integer refuses (no overflow trap); an explicit :0 refuses
    ("https://app.example.com:99999999999999999999/notes/", "refused", "invalid port"),
    ("https://app.example.com:18446744073709551617/", "refused", "invalid port"),
    ("https://app.example.com:000000000000000000000443/", "refused", "invalid port"),
    ("http://localhost:80800000000000000000000/notes/", "refused", "invalid port"),
    ("companion://app:9223372036854775808/notes/", "refused", "invalid port"),
    ("https://app.example.com:0/notes/", "refused", "invalid port"),
    ("https://app.example.com:00/notes/", "refused", "invalid port"),
    ("http://localhost:0/", "refused", "invalid port"),
    ("https:app.example.com/", "refused", "without '//'"),
    ("https:/app.example.com/", "refused", "without '//'"),
    ("http:app.example.com", "refused", "without '//'"),
    ("https://127.0.0.1/", "external", None),
    ("https://[::1]/", "external", None),
    ("https://app.example.com:/notes/", "native", None),
    # 5. scheme allowlist, whatever the case
    ("javascript:alert(1)", "refused", "scheme 'javascript'"),
    ("JavaScript:alert(1)", "refused", "scheme 'javascript'"),
    ("JAVASCRIPT://app.example.com/%0Aalert(1)", "refused", "scheme 'javascript'"),
    ("jAvAsCrIpT:alert(1)", "refused", "scheme 'javascript'"),
    ("data:text/html,hi", "refused", "scheme 'data'"),
    ("DATA:text/html,hi", "refused", "scheme 'data'"),
    ("file:///etc/passwd", "refused", "scheme 'file'"),
    ("FILE:///etc/passwd", "refused", "scheme 'file'"),
    ("about:blank", "refused", "scheme 'about'"),
    ("About:blank", "refused", "scheme 'about'"),
    ("blob:https://app.example.com/uuid", "refused", "scheme 'blob'"),
    ("vbscript:x", "refused", "scheme 'vbscript'"),
    ("ftp://app.example.com/", "refused", "scheme 'ftp'"),
    ("ws://app.example.com/", "refused", "scheme 'ws'"),
    ("intent://x", "refused", "scheme 'intent'"),
    ("companion2://app/", "refused", "scheme 'companion2'"),
    ("companion://other/notes/", "refused", "scheme 'companion'"),
    ("/notes/", "refused", "relative URL"),
    ("//app.example.com/notes/", "refused", "relative URL"),
    ("notes/new", "refused", "relative URL"),
    ("", "refused", "empty URL"),
    ("mailto:help@example.com", "external", None),
    ("MAILTO:help@example.com", "external", None),
    ("tel:+15550100", "external", None),
    # 7. path confusion
    ("https://app.example.com/notes/../admin", "refused", "'.' or '..'"),
    ("https://app.example.com/notes/./new", "refused", "'.' or '..'"),
    ("https://app.example.com/notes/%2e%2e/admin", "refused", "'.' or '..'"),
    ("https://app.example.com/notes/%2E%2E", "refused", "'.' or '..'"),
    ("https://app.example.com/notes/.%2e/", "refused", "'.' or '..'"),
    ("https://app.example.com/notes/%2e", "refused", "'.' or '..'"),
    ("https://app.example.com/..", "refused", "'.' or '..'"),
    ("https://app.example.com/.", "refused", "'.' or '..'"),
    ("https://evil.com/a/../b", "refused", "'.' or '..'"),
    ("https://app.example.com//notes/", "refused", "empty path segment"),
    ("https://app.example.com/notes//new", "refused", "empty path segment"),
    ("https://app.example.com/notes/%zz", "refused", "malformed percent-escape"),
    ("https://app.example.com/notes/%C3", "refused", "malformed percent-escape"),
    ("https://app.example.com/notes/%", "refused", "malformed percent-escape"),
    ("https://app.example.com/search?q=%FF", "refused", "malformed percent-escape"),
]

# 8. letter case in the host: a special scheme's host is case-insensitive, a custom scheme's host
#    is case-sensitive (WHATWG URL keeps it as written), so companion://APP is another origin than
#    companion://app: refused, naming the near-miss. (url, decision, destination, reason)
HOST_CASE = [
    ("HTTPS://APP.EXAMPLE.COM/notes/", "native", "notes", None),
    ("https://App.Example.Com/notes/", "native", "notes", None),
    ("COMPANION://app/notes/", "native", "notes", None),
    ("companion://APP/notes/", "refused", None, "only in letter case"),
    ("companion://App/", "refused", None, "only in letter case"),
    ("Companion://aPP/notes/", "refused", None, "only in letter case"),
    ("companion://APP:1/notes/", "refused", None, "scheme 'companion'"),
    ("companion://OTHER/notes/", "refused", None, "scheme 'companion'"),
]

# 6. redirect targets: (url, decision, destination, reason)
REDIRECTS = [
    ("https://evil.com/", "refused", None, "redirect target is not an internal URL"),
    ("https://app.example.com.evil.com/", "refused", None, "redirect target is not an internal URL"),
    ("mailto:x@evil.com", "refused", None, "redirect target is not an internal URL"),
    ("http://app.example.com/notes/", "refused", None, "redirect target is not an internal URL"),
    ("javascript:alert(1)", "refused", None, "scheme 'javascript'"),
    ("https://app.example.com/notes/", "native", "notes", None),
    ("https://www.example.com/anything", "web", None, None),
    ("https://app.example.com/billing/", "external", "billing", None),
    ("companion://APP/notes/", "refused", None, "only in letter case"),
    ("COMPANION://app/notes/", "native", "notes", None),
]


def main():
    corpus = []
    for origin in ORIGINS:
        for path, decision, destination, params, go in PATHS:
            if path == "" and origin.startswith("companion"):
                continue
            entry = {"url": origin + path, "decision": decision, "destination": destination, "params": params}
            if origin in GO_ORIGINS:
                if go is None:
                    go = {"pattern": PATTERNS[destination]} if destination else {"notFound": True}
                entry["go"] = go
            corpus.append(entry)
    for url, decision, reason in PITFALLS:
        entry = {"url": url, "decision": decision, "destination": None, "params": {}}
        if url == "https://app.example.com:/notes/":
            entry["destination"] = "notes"
        if reason:
            entry["reason"] = reason
        corpus.append(entry)
    for url, decision, destination, reason in HOST_CASE:
        entry = {"url": url, "decision": decision, "destination": destination, "params": {}}
        if reason:
            entry["reason"] = reason
        corpus.append(entry)
    for url, decision, destination, reason in REDIRECTS:
        entry = {"url": url, "redirect": True, "decision": decision, "destination": destination, "params": {}}
        if reason:
            entry["reason"] = reason
        corpus.append(entry)
    out = pathlib.Path(__file__).with_name("corpus.json")
    out.write_text(json.dumps(corpus, indent=1, ensure_ascii=True) + "\n")
    print(f"wrote {out} ({len(corpus)} URLs)")


main()
