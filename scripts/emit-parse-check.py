#!/usr/bin/env python3
"""make fuzz-emit-parse: each language's own parser over the manifests fuzz-emit generated.

`scripts/fuzz-emit-parse.sh` runs the coverage-guided `fuzz-emit` target over its committed
corpus and then a fixed number of mutated inputs (fixed seed), with FUZZ_EMIT_DUMP set: every
input that makes a valid manifest leaves a folder of its generated files, `strings.json` (the
app name, capability description, pattern, title key and file name the input chose) and
`input.bin`. This script holds every folder to:

- JSON: `apple-app-site-association` and `path-configuration.json`, where written, read as strict
  JSON;
- JavaScript: `app-manifest.js` and `bridge.js` import as ES modules under node without
  adding a global (so no manifest text runs as code), `page-actions.js` compiles as a classic
  script (`vm.Script`); the capability description, the page action's pattern and the command's
  title key read back equal to what the input chose (the round trip);
- TypeScript: `tsc --strict --noEmit` accepts every `.d.ts`;
- Go: `gofmt -l -e` lists no file, `go vet ./...` passes over every package, and a program
  importing them all prints each package's `Routes` and `PageActions` patterns, which must
  equal the input's;
- Swift: `swiftc -parse` accepts every generated Swift file (the embedded manifest's round trip
  is fuzz-emit's own in-process property).

Usage: emit-parse-check.py DUMP_DIR GO_BINARY. Exit 0 when every folder holds; 1 naming the
first input (its folder and input.bin) that does not.
"""
import json
import os
import subprocess
import sys

MINIMUM = 100  # fewer generated manifests means the dump itself is broken


def fail(message):
    print(f"fuzz-emit-parse: {message}")
    sys.exit(1)


def run(what, command, cwd=None, env=None):
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"{what} failed:\n{done.stdout[-6000:]}{done.stderr[-6000:]}")
    return done.stdout


NODE_CHECK = r"""
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { pathToFileURL } from "node:url";
const root = process.argv[2];
const before = new Set(Object.getOwnPropertyNames(globalThis));
let count = 0;
for (const name of fs.readdirSync(root).sort()) {
  const dir = path.join(root, name);
  if (!fs.existsSync(path.join(dir, "strings.json"))) continue;
  const expected = JSON.parse(fs.readFileSync(path.join(dir, "strings.json"), "utf8"));
  const where = `${dir} (input ${path.join(dir, "input.bin")})`;
  try {
    new vm.Script(fs.readFileSync(path.join(dir, "page-actions.js"), "utf8"), { filename: "page-actions.js" });
  } catch (error) {
    throw new Error(`page-actions.js does not compile as a classic script in ${where}: ${error}`);
  }
  const manifest = await import(pathToFileURL(path.join(dir, "app-manifest.js")).href);
  await import(pathToFileURL(path.join(dir, "bridge.js")).href);
  const added = Object.getOwnPropertyNames(globalThis).filter((key) => !before.has(key));
  if (added.length) throw new Error(`importing ${where} added globals: ${added.join(", ")}`);
  const same = (what, got, want) => {
    if (got !== want) throw new Error(`${what} reads ${JSON.stringify(got)}, the input chose ${JSON.stringify(want)}: ${where}`);
  };
  same("capabilities.c", manifest.capabilities.c, expected.description);
  same("commands[0].pageAction.pattern", manifest.commands[0].pageAction.pattern, expected.pattern);
  same("commands[0].titleKey", manifest.commands[0].titleKey, "c");
  same("destinations", JSON.stringify(manifest.destinations), JSON.stringify(["home", "page"]));
  count += 1;
}
console.log(count);
"""


def go_program(folders):
    imports = "\n".join(f'\tp{i} "emitparse/{name}"' for i, name in enumerate(folders))
    entries = "\n".join(
        f'\tout["{name}"] = entry{{p{i}.Routes[1].Pattern, p{i}.PageActions[0].Pattern}}'
        for i, name in enumerate(folders))
    return f"""package main

import (
\t"encoding/json"
\t"os"

{imports}
)

type entry struct {{
\tRoute      string
\tPageAction string
}}

func main() {{
\tout := map[string]entry{{}}
{entries}
\t_ = json.NewEncoder(os.Stdout).Encode(out)
}}
"""


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: emit-parse-check.py DUMP_DIR GO_BINARY")
    root, go = os.path.abspath(sys.argv[1]), sys.argv[2]
    folders = sorted(name for name in os.listdir(root) if os.path.isfile(os.path.join(root, name, "strings.json")))
    if len(folders) < MINIMUM:
        fail(f"only {len(folders)} valid manifests were generated (at least {MINIMUM} expected); the dump is broken")
    strings = {name: json.load(open(os.path.join(root, name, "strings.json"), encoding="utf-8")) for name in folders}

    json_files = 0
    for name in folders:
        for file in ("apple-app-site-association", "path-configuration.json"):
            if not os.path.exists(os.path.join(root, name, file)):
                continue  # written only when the manifest has what the file holds
            json_files += 1
            try:
                json.loads(open(os.path.join(root, name, file), encoding="utf-8").read(),
                           parse_constant=lambda constant: fail(f"{file} holds {constant} in {root}/{name}"))
            except (ValueError, UnicodeDecodeError) as error:
                fail(f"{file} is not strict JSON in {root}/{name}: {error}")
    print(f"ok   JSON: {json_files} files read as strict JSON")

    with open(os.path.join(root, "package.json"), "w") as f:
        f.write('{"type": "module"}\n')
    with open(os.path.join(root, "check.mjs"), "w") as f:
        f.write(NODE_CHECK)
    count = run("node", ["node", os.path.join(root, "check.mjs"), root]).strip()
    print(f"ok   JavaScript: {count} manifests: app-manifest.js and bridge.js import without a new global, "
          f"page-actions.js compiles, the description, pattern and title key read back")

    declarations = [os.path.join(root, name, file) for name in folders for file in ("app-manifest.d.ts", "bridge.d.ts")]
    run("tsc", ["tsc", "--strict", "--noEmit", "--target", "es2022", "--module", "es2022", *declarations])
    print(f"ok   TypeScript: tsc --strict accepts {len(declarations)} declaration files")

    env = dict(os.environ, GOFLAGS="-mod=mod", GO111MODULE="on", GOTOOLCHAIN="local")
    with open(os.path.join(root, "go.mod"), "w") as f:
        f.write("module emitparse\n\ngo 1.22\n")
    gofmt = os.path.join(run("go env GOROOT", [go, "env", "GOROOT"], env=env).strip(), "bin", "gofmt")
    unformatted = run("gofmt", [gofmt, "-l", "-e", *[os.path.join(root, name, "app_manifest_gen.go") for name in folders]])
    if unformatted.strip():
        fail(f"gofmt would change these generated files:\n{unformatted}")
    os.makedirs(os.path.join(root, "zzroundtrip"), exist_ok=True)
    with open(os.path.join(root, "zzroundtrip", "main.go"), "w") as f:
        f.write(go_program(folders))
    run("go vet", [go, "vet", "./..."], cwd=root, env=env)
    read = json.loads(run("go run", [go, "run", "./zzroundtrip"], cwd=root, env=env))
    for name in folders:
        want = strings[name]["pattern"]
        if read[name] != {"Route": want, "PageAction": "POST " + want}:
            fail(f"Go reads {read[name]}, the input chose {want!r}: {root}/{name}")
    print(f"ok   Go: gofmt-clean, go vet passes, {len(folders)} packages give back every pattern")

    # swiftc wants every file name once: each file is linked under its folder's name.
    os.makedirs(os.path.join(root, "zzswift"), exist_ok=True)
    swift_files = []
    for name in folders:
        for file in ("AppManifest.generated.swift", "AppManifest.bridge.swift"):
            link = os.path.join(root, "zzswift", f"{name}-{file}")
            os.symlink(os.path.join(root, name, file), link)
            swift_files.append(link)
    # One frontend process parses them all (the driver would start one per file).
    run("swiftc -frontend -parse", ["swiftc", "-frontend", "-parse", *swift_files])
    print(f"ok   Swift: swiftc -parse accepts {len(swift_files)} files")
    print(f"fuzz-emit-parse: {len(folders)} generated manifests parse in every language and give back their strings")


if __name__ == "__main__":
    main()
