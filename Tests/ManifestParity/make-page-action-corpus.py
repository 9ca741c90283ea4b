#!/usr/bin/env python3
"""Writes page-action-corpus.json: forms (POST) and links (GET) with the command every page-action
router must read them as, for page-actions-manifest.json. Expectations are written out by hand below,
never computed by a router. Run: python3 Tests/ManifestParity/make-page-action-corpus.py

Entry fields:
  method   GET (a link's href) | POST (a form's action)
  url      the URL as the page reports it
  command  the bound command native's PageActionRouter reads it as, or null (not offered)
  params   the command's typed params (ints as JSON numbers, uuids lowercase)
"""
import json, pathlib

ID = "6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f"
APP = "https://app.example.com"

# (method, url, command, params)
CASES = [
    # exact internal origins: the origin, its alias, the second origin, default ports written out
    ("POST", f"{APP}/items/3/publish", "publishItem", {"id": 3}),
    ("POST", "https://www.example.com/items/3/publish", "publishItem", {"id": 3}),
    ("POST", "http://localhost:8080/items/3/publish", "publishItem", {"id": 3}),
    ("POST", "https://app.example.com:443/items/3/publish", "publishItem", {"id": 3}),
    ("POST", "https://APP.Example.com/items/3/publish", "publishItem", {"id": 3}),
    ("POST", "http://app.example.com/items/3/publish", None, {}),
    ("POST", "https://app.example.com:8443/items/3/publish", None, {}),
    ("POST", "http://localhost:8081/items/3/publish", None, {}),
    ("POST", "http://localhost/items/3/publish", None, {}),
    ("POST", "https://app.example.com.evil.example/items/3/publish", None, {}),
    ("POST", "https://evilapp.example.com/items/3/publish", None, {}),
    ("POST", "https://user@app.example.com/items/3/publish", None, {}),
    ("POST", "https://app.example.com./items/3/publish", None, {}),
    ("POST", "companion://app/items/3/publish", None, {}),
    ("POST", "/items/3/publish", None, {}),
    # ServeMux precedence and typed params
    ("POST", f"{APP}/items/all/publish", "publishAll", {}),
    ("POST", f"{APP}/items/-1/publish", "publishItem", {"id": -1}),
    ("POST", f"{APP}/items/9007199254740991/publish", "publishItem", {"id": 9007199254740991}),
    ("POST", f"{APP}/items/9007199254740992/publish", None, {}),
    ("POST", f"{APP}/items/x/publish", None, {}),
    ("POST", f"{APP}/items/007/publish", None, {}),
    ("POST", f"{APP}/items/%33/publish", "publishItem", {"id": 3}),
    ("POST", f"{APP}/items/3/publish?x=1", "publishItem", {"id": 3}),
    ("POST", f"{APP}/items/3/publish#confirm", "publishItem", {"id": 3}),
    ("POST", f"{APP}/items/3/publish/", None, {}),
    ("POST", f"{APP}/items/3/publish/now", None, {}),
    ("POST", f"{APP}/items/3", None, {}),
    ("POST", f"{APP}/items/3/delete", "deleteItem", {"id": 3}),
    ("POST", f"{APP}/items/all/delete", None, {}),
    ("POST", f"{APP}/notes/{ID}/move", "moveNote", {"note": ID}),
    ("POST", f"{APP}/notes/{ID.upper()}/move", "moveNote", {"note": ID}),
    ("POST", f"{APP}/notes/not-a-uuid/move", None, {}),
    ("POST", f"{APP}/signout", "signOut", {}),
    ("POST", f"{APP}/signout?return_to=%2F", "signOut", {}),
    ("POST", f"{APP}/signin", None, {}),
    # one method's bindings never match the other method
    ("GET", f"{APP}/items/3/delete", "confirmDelete", {"id": 3}),
    ("GET", f"{APP}/items/3/publish", None, {}),
    ("GET", f"{APP}/signout", None, {}),
    ("POST", f"{APP}/items/3/edit", None, {}),
    ("POST", f"{APP}/items/new", None, {}),
    ("POST", f"{APP}/", None, {}),
    # links
    ("GET", f"{APP}/", "home", {}),
    ("GET", f"{APP}", "home", {}),
    ("GET", f"{APP}/?q=1", "home", {}),
    ("GET", f"{APP}/x", None, {}),
    ("GET", f"{APP}/items/new", "newItem", {}),
    ("GET", "https://www.example.com/items/new", "newItem", {}),
    ("GET", f"{APP}/items/new/", None, {}),
    ("GET", f"{APP}/items/3/edit", "editItem", {"id": 3}),
    ("GET", f"{APP}/items/new/edit", None, {}),
    ("GET", f"{APP}/items", None, {}),
    ("GET", f"{APP}/items/3", None, {}),
    ("GET", f"{APP}/items/filter?status=draft", "filterItems", {"status": "draft"}),
    ("GET", f"{APP}/items/filter?status=draft&page=2", "filterItems", {"status": "draft", "page": 2}),
    ("GET", f"{APP}/items/filter?page=2&status=published", "filterItems", {"status": "published", "page": 2}),
    ("GET", f"{APP}/items/filter?status=draft&status=published", "filterItems", {"status": "draft"}),
    ("GET", f"{APP}/items/filter?status=archived", None, {}),
    ("GET", f"{APP}/items/filter?page=2", None, {}),
    ("GET", f"{APP}/items/filter?status=draft&page=x", None, {}),
    ("GET", f"{APP}/items/filter?status=Draft", None, {}),
    ("GET", f"{APP}/items/filter?status=%64raft", "filterItems", {"status": "draft"}),
    ("GET", f"{APP}/items/filter?status=draft%00", None, {}),
    ("GET", f"{APP}/docs/", "openDocs", {}),
    ("GET", f"{APP}/docs", "openDocs", {}),
    ("GET", f"{APP}/docs/a/b", "openDocs", {}),
    ("GET", f"{APP}/docs/search", "searchDocs", {}),
    ("GET", f"{APP}/docs/search/", "openDocs", {}),
    ("GET", f"{APP}/docs/search?q=forms", "searchDocs", {}),
    ("GET", f"{APP}/files/a/b.txt", "downloadFile", {"path": "a/b.txt"}),
    ("GET", f"{APP}/files/a%2Fb", "downloadFile", {"path": "a/b"}),
    ("GET", f"{APP}/files/caf%C3%A9", "downloadFile", {"path": "caf\u00e9"}),
    ("GET", f"{APP}/files/", "downloadFile", {"path": ""}),
    # what the router refuses is never offered
    ("GET", f"{APP}/items/%2E%2E/edit", None, {}),
    ("GET", f"{APP}/items/./new", None, {}),
    ("GET", f"{APP}//items/new", None, {}),
    ("GET", f"{APP}/items/new edit", None, {}),
    ("GET", f"{APP}/items/%ZZ/edit", None, {}),
    ("GET", f"{APP}/items/%C3/edit", None, {}),
    ("GET", f"{APP}/files/%00", None, {}),
    ("GET", f"{APP}/items/3/edit\\x", None, {}),
    ("GET", f"{APP}/items/caf\u00e9", None, {}),
    ("GET", "https:app.example.com/items/new", None, {}),
    ("GET", "mailto:someone@example.com", None, {}),
    ("GET", "javascript:location='https://app.example.com/items/new'", None, {}),
    ("GET", "data:text/html,<a href=/items/new>", None, {}),
    ("GET", "", None, {}),
]


def main():
    corpus = [{"method": m, "url": u, "command": c, "params": p} for (m, u, c, p) in CASES]
    keys = [(e["method"], e["url"]) for e in corpus]
    assert len(keys) == len(set(keys)), "duplicate case"
    out = pathlib.Path(__file__).with_name("page-action-corpus.json")
    out.write_text(json.dumps(corpus, indent=1, ensure_ascii=True) + "\n")
    offered = sum(1 for e in corpus if e["command"])
    print(f"wrote {out}: {len(corpus)} forms and links, {offered} offered")


if __name__ == "__main__":
    main()
