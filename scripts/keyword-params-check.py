#!/usr/bin/env python3
"""make manifest-keyword-params: param names are URL names, keywords included.

Builds Tests/ManifestParity/keyword-params-manifest.json (one destination whose path and query
params are named by every keyword of Swift, JavaScript/TypeScript and Go, and one whose names meet
the Go emitter's own suffix) with `manifest build --only swift,js,go` and holds each output to it:

- Swift: the generated file and a caller that builds the destination with every label and reads
  its params back type-check with warnings as errors (swiftc -typecheck against the package's
  modules, built by `swift build`);
- JavaScript: under node, for each destination, urlFor(id, params) gives a URL that route() reads
  back to exactly those params (the round trip), every keyword a key;
- TypeScript: tsc --strict accepts a caller passing every name to the typed path builders;
- Go: the generated package and a test calling KeywordsPath/TypedPath with every name as a
  parameter compile (go vet) and the built path's query holds every value (go test).

Usage: keyword-params-check.py RASTRILLO_NATIVE BIN_DIR (the CLI, and swift build's bin path).
Exit 0 when every language holds; 1 with what failed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "Tests", "ManifestParity", "keyword-params-manifest.json")


def run(what, command, cwd=None, env=None):
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"keyword-params: {what} failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
        sys.exit(1)
    print(f"ok   {what}")
    return done.stdout


def optional(kind):
    return isinstance(kind, dict) and "optional" in kind


def main():
    cli, bin_dir = sys.argv[1:3]
    manifest = json.load(open(MANIFEST))
    destinations = manifest["destinations"]
    out = tempfile.mkdtemp(prefix="keyword-params-")
    try:
        check(cli, bin_dir, destinations, out)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print("keyword-params: every language holds every keyword as a param name")


def check(cli, bin_dir, destinations, out):
    run("manifest build --only swift,js,go", [cli, "manifest", "build", MANIFEST, "--only", "swift,js,go", "--out", out])

    # Swift: the generated file and a caller, type-checked together.
    def swift_value(kind):
        base = kind["optional"] if optional(kind) else kind
        return {"string": '"v"', "int": "5", "bool": "true"}[base]

    calls = []
    for destination in destinations:
        # Path params first, in pattern order, then query params in declaration order (the case's order).
        path = [n for n in destination["params"] if "{" + n + "}" in destination["pattern"]]
        ordered = sorted(destination["params"].items(), key=lambda item: (item[0] not in path,
                         path.index(item[0]) if item[0] in path else 0))
        labels = [("`inout`" if n == "inout" else n) + ": " + swift_value(k) for n, k in ordered]
        calls.append(f"let {destination['id']}Value = Destination.{destination['id']}({', '.join(labels)})\n"
                     f"let {destination['id']}Params: [String: LinkValue] = {destination['id']}Value.params\n"
                     f"_ = Destination(match: LinkMatch(destination: {destination['id']}Value.id, params: LinkParams({destination['id']}Params)))\n")
    caller = os.path.join(out, "Caller.swift")
    with open(caller, "w") as handle:
        handle.write("import RastrilloNative\n\nfunc useEveryLabel() {\n" + "".join(
            "    " + line + "\n" for call in calls for line in call.strip().split("\n")) + "}\n")
    maps = [f"-fmodule-map-file={os.path.join(bin_dir, 'CRastrilloCurl.build', 'module.modulemap')}",
            f"-I{os.path.join(ROOT, 'Sources', 'CRastrilloCurl', 'include')}"]
    run("Swift: the generated file and a caller using every label type-check (warnings are errors)",
        ["swiftc", "-typecheck", "-warnings-as-errors", "-I", os.path.join(bin_dir, "Modules")]
        + [flag for m in maps for flag in ("-Xcc", m)]
        + [os.path.join(out, "AppManifest.generated.swift"), caller])

    # JavaScript: urlFor → route → the same params, for every destination.
    values = {}
    for destination in destinations:
        params = {}
        for name, kind in destination["params"].items():
            base = kind["optional"] if optional(kind) else kind
            params[name] = {"string": f"v-{name}", "int": 7, "bool": True}[base]
        values[destination["id"]] = params
    script = os.path.join(out, "roundtrip.mjs")
    with open(script, "w") as handle:
        handle.write(
            'import { route, urlFor } from "./app-manifest.js";\n'
            f"const values = {json.dumps(values)};\n"
            "let failures = 0;\n"
            "for (const [id, params] of Object.entries(values)) {\n"
            "  const url = urlFor(id, params);\n"
            "  const back = url === null ? null : route(url);\n"
            "  const same = back !== null && back.destination === id && JSON.stringify(Object.entries(back.params).sort())\n"
            "    === JSON.stringify(Object.entries(params).sort());\n"
            "  if (!same) { failures++; console.log(`${id}: ${url} read back as ${JSON.stringify(back)}`); }\n"
            "}\n"
            "console.log(`${Object.keys(values).length} destinations, ${Object.values(values).reduce((n, p) => n + Object.keys(p).length, 0)} names`);\n"
            "process.exit(failures === 0 ? 0 : 1);\n")
    print(run("JavaScript: urlFor then route gives back every keyword-named param", ["node", script]).strip())

    # TypeScript: a caller passing every name to the typed builders.
    ts = os.path.join(out, "caller.ts")
    with open(ts, "w") as handle:
        handle.write('import { keywordsPath, typedPath } from "./app-manifest.js";\n')
        for destination in destinations:
            handle.write(f"export const {destination['id']}Built: string | null = {destination['id']}Path("
                         f"{json.dumps(values[destination['id']])});\n")
    run("TypeScript: tsc --strict accepts every name in the typed builders",
        ["tsc", "--strict", "--noEmit", "--target", "es2022", "--module", "es2022", "--moduleResolution", "node",
         "--lib", "es2022,dom", ts])

    # Go: the package compiles with every name as a parameter, and the built query holds the values.
    module = os.path.join(out, "gomod")
    os.makedirs(os.path.join(module, "appmanifest"))
    os.rename(os.path.join(out, "app_manifest_gen.go"), os.path.join(module, "appmanifest", "app_manifest_gen.go"))
    with open(os.path.join(module, "go.mod"), "w") as handle:
        handle.write("module example.com/keywords\n\ngo 1.22\n")
    keywords = destinations[0]
    arguments, checks = [], []
    path = [n for n in keywords["params"] if "{" + n + "}" in keywords["pattern"]]
    ordered = path + [n for n in keywords["params"] if n not in path]
    lines = ["package appmanifest", "", 'import (\n\t"net/url"\n\t"strings"\n\t"testing"\n)', "",
             "func TestEveryName(t *testing.T) {"]
    for index, name in enumerate(ordered):
        if name in path:
            arguments.append(f'"p{index}"')
        else:
            lines.append(f'\tv{index} := "q{index}"')
            arguments.append(f"&v{index}")
            checks.append((name, f"q{index}"))
    lines.append(f"\tbuilt := KeywordsPath({', '.join(arguments)})")
    lines.append('\tpath, rawQuery, _ := strings.Cut(built, "?")')
    lines.append('\tif !strings.HasPrefix(path, "/k/p0/p1/p2/p3/p4") {\n\t\tt.Fatalf("path %q", path)\n\t}')
    lines.append("\tquery, err := url.ParseQuery(rawQuery)\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}")
    lines.append(f"\twant := map[string]string{{{', '.join(f'{json.dumps(n)}: {json.dumps(v)}' for n, v in checks)}}}")
    lines.append('\tfor name, value := range want {\n\t\tif query.Get(name) != value {\n\t\t\tt.Errorf("%s = %q, want %q", name, query.Get(name), value)\n\t\t}\n\t}')
    lines.append("\tif len(query) != len(want) {\n\t\tt.Errorf(\"%d query params, want %d\", len(query), len(want))\n\t}")
    lines.append('\ttp, c := "x", true\n\tif got := TypedPath(5, &tp, &c); got != "/t/5?constructor=true&typeParam=x" {\n\t\tt.Errorf("TypedPath: %q", got)\n\t}')
    lines.append("}")
    with open(os.path.join(module, "appmanifest", "names_test.go"), "w") as handle:
        handle.write("\n".join(lines) + "\n")
    env = dict(os.environ, GOWORK="off", GOFLAGS="-mod=mod")
    go = os.path.join(ROOT, "scripts", "go.sh")
    run("Go: the package with every keyword as a parameter passes go vet", [go, "-C", module, "vet", "./..."], env=env)
    run(f"Go: KeywordsPath builds the path and a query of {len(checks)} keyword-named values",
        [go, "-C", module, "test", "-count=1", "./..."], env=env)


if __name__ == "__main__":
    main()
