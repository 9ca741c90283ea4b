#!/usr/bin/env python3
"""Writes the seed inputs of every fuzz target into Fuzz/Seeds/<target>/ (from the tests, docs
and fixtures of the tree); `make fuzz-corpus` then merges them with libFuzzer (-merge=1) into the
committed, minimized Fuzz/Corpus/<target>/. Re-running it gives the same files."""
import hashlib, json, os, pathlib, re, shutil, struct, sys

root = pathlib.Path(__file__).resolve().parent.parent
out = root / "Fuzz" / "Seeds"


def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = out / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


shutil.rmtree(out, ignore_errors=True)

# url and query: the parity corpus, the docs' URLs and the router tests' bases.
corpus = json.loads((root / "Tests/ManifestParity/corpus.json").read_text())
for entry in corpus:
    write("url", entry["url"])
    if "?" in entry["url"]:
        write("query", entry["url"].split("?", 1)[1].split("#", 1)[0])
url_pattern = re.compile(r"(?:https?|companion)://[^\s`'\")<>\]]+")
for doc in sorted((root / "docs").glob("*.md")) + [root / "README.md"]:
    for url in sorted(set(url_pattern.findall(doc.read_text()))):
        write("url", url)
for url in ["https://app.example.com:443/", "http://localhost:8080/search?q=x", "companion://app/users/42",
            "mailto:a@b.c", "https://app.example.com:65535/", "https://[::1]/", "javascript:alert(1)"]:
    write("url", url)
for query in ["q=hello&page=2", "q=a+b%20c", "q=%00", "q=%0D%0A", "page=9223372036854775808", "q=%C3%A9&&=",
              "q=%e2%80%ae", "%zz=1"]:
    write("query", query)

# json, manifest: every manifest in the tree, the bridge fixture and small documents.
manifests = [root / "Tests/ManifestParity/parity-manifest.json", root / "Tests/BridgeFixture/bridge-fixture.json",
             root / "examples/companion/Sources/CompanionCore/app-manifest.json",
             root / "examples/manifest-plugin/Sources/AppRoutes/app-manifest.json"]
for path in manifests:
    write("manifest", path.read_bytes())
    write("json", path.read_bytes())
for text in ['{"a":[1,2.5e-3,-0,true,false,null,"\\u00e9\\ud83d\\ude00"]}', "[]", '"x"', "0", '{"a":{"b":{}}}',
             '[1e400, 123456789012345678901234567890]']:
    write("json", text)
conflicts = [{"id": f"d{i}", "pattern": f"/{{w{i}}}", "presentation": "native", "titleKey": f"t{i}"}
             for i in range(10)]
write("manifest", json.dumps({"schemaVersion": 1, "app": {"name": "C", "appIDs": ["ABCDE12345.com.example.c"]},
                              "origins": [{"origin": "https://app.example.com"}], "destinations": conflicts}))

# The smallest accepted manifests (one web origin, one custom-scheme origin): short inputs let
# mutations reach an origin's scheme quickly.
for origin in ["https://app.example.com", "companion://app"]:
    write("manifest", json.dumps({"schemaVersion": 1, "app": {"name": "M"}, "origins": [{"origin": origin}],
                                  "destinations": []}, separators=(",", ":")))
# fuzz-manifest's origin mode: "@" then an origin and its aliases, one per line.
for text in ["@https://app.example.com", "@companion://app", "@https://app.example.com\nhttp://localhost:8080",
             "@https://app.example.com:8443\nhttps://[::1]"]:
    write("manifest", text)

# bridge: the envelopes of the bridge tests.
draft = ('{"id":"6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10","title":"Groceries","body":"milk\\u2028eggs",'
         '"tags":["home","今日"],"color":"green","pinned":true,"weight":0.25,"revision":7,'
         '"attachments":[{"name":"a.png","bytes":1024}]}')
def request(action, payload):
    return '{"protocol":1,"type":"request","id":"r1","action":"%s","payload":%s}' % (action, payload)
write("bridge", '{"protocol":1,"type":"hello","id":"h1","versions":[1],"actions":["saveNote","share","ping",'
                '"exportReport"],"events":["noteChanged","syncStateChanged"]}')
for action, payload in [("saveNote", draft), ("share", '["a","b"]'), ("ping", "null"), ("ping", '"hi"'),
                        ("exportReport", '{"from":"2026","count":3}'), ("nope", "{}")]:
    write("bridge", request(action, payload))

# yaml: the companion's project.yml and the reader's documented subset.
write("yaml", (root / "examples/companion/project.yml").read_bytes())
for text in ["a: 1\nb: [x, 'y', \"z\\n\"]\nc:\n  - d: true\n    e: ~\n  -\n    - 7\n", "---\nname: App # c\n",
             "list:\n- a\n- b\n", "\"k\": 'v'\n"]:
    write("yaml", text)

# version: one body of each kind, and near misses.
for text in ["dev", "v1.4.0", "1.4", "v2.0.0-rc.1+build.5", "v1.4.0-3-gabcdef0", "v1.4.0-3-gabcdef0-dirty",
             "0123456789abcdef0123456789abcdef01234567", "abcdef0\n", "<html>", " v1", "release\u202e"]:
    write("version", text)

# head: response heads as servers send them, and near misses.
for text in ["HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n\r\n",
             "HTTP/2 200 \r\ncontent-length: 6\r\n\r\n",
             "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 302 Found\r\nLocation: /api/version\r\n\r\n",
             "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
             "HTTP/1.1 +20 OK\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\n",
             "HTTP/1.1 200 OK\r\nX: " + "a" * 16400 + "\r\n\r\n", "ICY 200 OK\r\n\r\n"]:
    write("head", text)

# crypto: a flip and a raw read of each format (selector byte, then position and mask).
for selector in range(10):
    write("crypto", bytes([selector, 5, 0, 1]))
    write("crypto", bytes([selector, 200, 0, 0x80]) + b'{"sign_priv_d":"00"}')

# routes: a few pattern sets (count, shape/tail pairs) and paths.
for data in [bytes([2, 0b000001, 1, 0b001010, 0, 2, 0, 1]), bytes([3, 0, 1, 0b0001, 2, 0b1010, 3, 0x81, 1]),
             bytes([7] + list(range(16)) + [5, 0, 1, 2, 0, 1])]:
    write("routes", data)

# pageactions: reports as page-actions.js posts them (from the page-action corpus) and near misses.
APP = "https://notes.example.com"
reports = [
    {"v": 1, "offers": []},
    {"v": 1, "offers": [{"target": 0, "method": "POST", "url": APP + "/bookmarks/3/publish"},
                        {"target": 2, "method": "GET", "url": APP + "/bookmarks/3/edit"},
                        {"target": 5, "method": "POST", "url": APP + "/bookmarks/3/delete"},
                        {"target": 6, "method": "POST", "url": APP + "/signout"}]},
    {"v": 1, "offers": [{"target": 1, "method": "GET", "url": APP + "/bookmarks/?status=draft"},
                        {"target": 2, "method": "POST", "url": "https://www.example.com/files/a%2Fb/c"},
                        {"target": 3, "method": "POST", "url": "https://evil.example/bookmarks/3/publish"},
                        {"target": 4, "method": "POST", "url": APP + "/bookmarks/4/publish"},
                        {"target": 4, "method": "POST", "url": APP + "/bookmarks/4/publish"}]},
    # submit buttons and bound fields (the bulk bar, the locale menu)
    {"v": 1, "offers": [{"target": 0, "method": "POST", "url": APP + "/bookmarks/bulk",
                         "submitter": {"name": "action", "value": "delete"}},
                        {"target": 1, "method": "POST", "url": APP + "/bookmarks/bulk",
                         "submitter": {"name": "action", "value": "publish"}},
                        {"target": 2, "method": "POST", "url": APP + "/bookmarks/bulk",
                         "submitter": {"name": "action", "value": "archive"}},
                        {"target": 3, "method": "POST", "url": APP + "/_locale",
                         "fields": {"locale": "es", "page": "3", "status": "draft"}},
                        {"target": 4, "method": "POST", "url": APP + "/_locale", "fields": {"locale": "fr"}},
                        {"target": 5, "method": "POST", "url": APP + "/signout", "submitter": {"name": "go", "value": ""}}]},
]
page_corpus = json.loads((root / "Tests/ManifestParity/page-action-corpus.json").read_text())
reports.append({"v": 1, "offers": [{"target": i, "method": e["method"], "url": e["url"].replace("app.example.com", "notes.example.com")}
                                   for i, e in enumerate(page_corpus) if e["url"]]})
for report in reports:
    write("pageactions", json.dumps(report, separators=(",", ":")))
for text in ['{"v":2,"offers":[]}', '{"v":1,"offers":[],"v":1}', '{"v":1,"offers":[{"target":-1,"method":"GET","url":"x"}]}',
             '{"v":1,"offers":[{"target":0,"method":"get","url":"' + APP + '/bookmarks/3/edit"}]}',
             '{"v":1,"offers":[{"target":0,"method":"POST","url":""}]}', '{"v":1,"offers":{}}', '[]',
             '{"v":1,"offers":[{"target":1.0,"method":"POST","url":"' + APP + '/signout"}]}',
             '{"v":1,"offers":[{"target":0,"method":"POST","url":"' + APP + '/sign\\u006fut"}]}']:
    write("pageactions", text)

# signin: authorize URLs in the exact shape Rastrillo builds (rastrillo-auth.md A5) and crafted
# near misses, callbacks, pasted sign-in links.
SIGNIN = "https://app.example.com"
STATE = "s" * 42 + "A"
CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
authorize = ("https://keymail.example.net/oauth/authorize?client_id=https%3A%2F%2Fapp.example.com"
             "&code_challenge=" + CHALLENGE + "&code_challenge_method=S256"
             "&redirect_uri=https%3A%2F%2Fapp.example.com%2Fauth%2Fcallback&scope=identify&state=" + STATE)
for text in [authorize, authorize + "&prompt=login", authorize + "&prompt=none", authorize + "&x=1", authorize + "#f",
             authorize.replace("keymail.example.net", "user@keymail.example.net"),
             authorize.replace("keymail.example.net", "keymail.example.net:8443"),
             authorize.replace("keymail.example.net", "other.example"), authorize.replace("https:", "http:"),
             authorize.replace("%2Fauth%2Fcallback", "%2Fauth%2Fcallback2"), authorize + "&state=" + STATE,
             SIGNIN + "/auth/callback?code=c&state=" + "S" * 43, SIGNIN + "/auth/callback?state=" + "S" * 43 + "#x",
             SIGNIN + ":443/auth/callback?state=" + "S" * 43 + "&state=" + "S" * 43,
             SIGNIN + "/auth/verify?token=abc_DEF-123", " " + SIGNIN + "/auth/verify?token=abc\n",
             SIGNIN + "/auth/verify?token=abc&x=1", SIGNIN + "/auth/verify?token=", "https://evil.example/auth/verify?token=a"]:
    write("signin", text)

# emit: five strings split at 0xFF (name, capability description, pattern literal, title key,
# file name), plain and hostile to every language's strings and comments.
SEP = b"\xff"
for fields in [["Notes", "Create bookmarks", "items", "t", "app-manifest.json"],
               ["App */ x", "line one\rlet pwned = 1 // \u2028 */ end", "x*/globalThis.PWNED=1;/*y", "title.key",
                "app\u2028globalThis.PWNED_NAME=1;\rlet x.json"],
               ["${x}`y`", "</script><script>alert(1)</script>", "a%2Ab", "t", "\ufeffname.json"],
               ["\"quoted\\", "tab\there\u2029para", "%E2%80%A8", "k", "q\"uote.json"]]:
    write("emit", SEP.join(f.encode() for f in fields))

print("seeds:", {t.name: len(list(t.iterdir())) for t in sorted(out.iterdir())})
