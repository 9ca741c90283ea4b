#!/usr/bin/env python3
"""Validates manifests against docs/app-manifest.schema.json with the
`jsonschema` package: the given valid manifests must pass, and each shape
error below must be rejected by the schema (as the decoder rejects it).
Usage: check-schema.py <schema.json> <valid-manifest.json>..."""
import copy, json, sys
import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failures = 0
base = None
for path in sys.argv[2:]:
    document = json.load(open(path))
    base = base or document
    errors = list(validator.iter_errors(document))
    for error in errors:
        print(f"{path}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    failures += len(errors)

def mutated(change):
    document = copy.deepcopy(base)
    change(document)
    return document

bad = {
    "unknown top-level key": mutated(lambda d: d.update(extra=1)),
    "unknown destination key": mutated(lambda d: d["destinations"][0].update(colour="red")),
    "schemaVersion 2": mutated(lambda d: d.update(schemaVersion=2)),
    "presentation": mutated(lambda d: d["destinations"][0].update(presentation="modal")),
    "link intent": mutated(lambda d: d["destinations"][0].update(link="sometimes")),
    "placement": mutated(lambda d: d.setdefault("commands", [{}])[0].update(placements=["dock"])),
    "type expression": mutated(lambda d: d["destinations"][0].update(params={"x": {"list": "int"}})),
    "origin with userinfo": mutated(lambda d: d["origins"][0].update(origin="https://u@app.example.com")),
    # issue 15: script-capable schemes (the decoder's list), a trailing slash, an explicit :0
    "javascript origin": mutated(lambda d: d["origins"][0].update(origin="javascript://app.example.com")),
    "data alias": mutated(lambda d: d["origins"][0].update(aliases=["data://app.example.com"])),
    "view-source origin": mutated(lambda d: d["origins"][0].update(origin="view-source://app.example.com")),
    "filesystem origin": mutated(lambda d: d["origins"][0].update(origin="filesystem://app.example.com")),
    "origin with a trailing slash": mutated(lambda d: d["origins"][0].update(origin="https://app.example.com/")),
    "origin with port 0": mutated(lambda d: d["origins"][0].update(origin="https://app.example.com:0")),
    "external scheme vbscript": mutated(lambda d: d.setdefault("links", {}).update(externalSchemes=["vbscript"])),
    "missing titleKey": mutated(lambda d: d["destinations"][0].pop("titleKey")),
    "reserved shortcut cmd+c (Copy)": mutated(lambda d: d["commands"][0].update(shortcut="cmd+c")),
    "reserved shortcut shift+cmd+z (Redo)": mutated(lambda d: d["commands"][0].update(shortcut="shift+cmd+z")),
    "reserved shortcut cmd+, (Settings)": mutated(lambda d: d["commands"][0].update(shortcut="cmd+,")),
    # issue 24: a command bound to a page action, and the session
    "page action method PUT": mutated(lambda d: d["commands"][0].update(pageAction={"method": "PUT", "pattern": "/x"})),
    "page action method in lowercase": mutated(lambda d: d["commands"][0].update(pageAction={"method": "post", "pattern": "/x"})),
    "page action without a pattern": mutated(lambda d: d["commands"][0].update(pageAction={"method": "POST"})),
    "page action without a method": mutated(lambda d: d["commands"][0].update(pageAction={"pattern": "/x"})),
    "page action pattern without /": mutated(lambda d: d["commands"][0].update(pageAction={"method": "GET", "pattern": "x"})),
    "unknown page action key": mutated(lambda d: d["commands"][0].update(
        pageAction={"method": "POST", "pattern": "/x", "selector": "form#publish"})),
    "page action param type": mutated(lambda d: d["commands"][0].update(
        pageAction={"method": "GET", "pattern": "/x/{id}", "params": {"id": {"list": "int"}}})),
    "page action as a string": mutated(lambda d: d["commands"][0].update(pageAction="POST /x")),
    "session without signIn": mutated(lambda d: d.update(session={"signOut": "signOut"})),
    "unknown session key": mutated(lambda d: d.update(session={"signIn": "docs", "signUp": "register"})),
    "session signIn not an id": mutated(lambda d: d.update(session={"signIn": "/signin"})),
}
for name, document in bad.items():
    if validator.is_valid(document):
        print(f"schema accepted a manifest with a bad {name}")
        failures += 1
print(f"manifest-schema-check: {len(sys.argv) - 2} manifests valid, {len(bad)} bad shapes rejected" if failures == 0
      else f"manifest-schema-check: {failures} problem(s)")
sys.exit(1 if failures else 0)
