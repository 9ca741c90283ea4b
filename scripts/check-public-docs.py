#!/usr/bin/env python3
"""Fails when a public symbol declared in Sources/ has no documentation comment.

Usage: check-public-docs.py <symbolgraph dir> <module>...
Reads <module>.symbols.json and <module>@*.symbols.json (extensions). Symbols
without a source location (synthesized conformances) are not ours to document. SPI symbols
(when the graphs were dumped with --include-spi-symbols) need a comment too, and are counted.
"""
import glob
import json
import os
import sys

graph_dir, modules = sys.argv[1], sys.argv[2:]
missing = []
checked = 0
spi = 0
for module in modules:
    paths = [os.path.join(graph_dir, f"{module}.symbols.json")]
    paths += glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json"))
    if not os.path.exists(paths[0]):
        print(f"error: no symbol graph for {module} in {graph_dir}", file=sys.stderr)
        sys.exit(1)
    for path in paths:
        graph = json.load(open(path))
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in location:
                continue
            checked += 1
            spi += 1 if symbol.get("spi") else 0
            if not symbol.get("docComment", {}).get("lines"):
                line = symbol["location"]["position"]["line"] + 1
                name = ".".join(symbol.get("pathComponents", [])) or symbol["names"]["title"]
                missing.append(f"{location.split('/Sources/', 1)[1]}:{line}: public symbol '{name}' has no documentation comment")
if missing:
    print("\n".join("Sources/" + m for m in sorted(set(missing))), file=sys.stderr)
    print(f"error: {len(set(missing))} public symbols are undocumented; add a /// comment to each", file=sys.stderr)
    sys.exit(1)
print(f"docs: {checked} public symbols ({spi} of them SPI) in {', '.join(modules)}, all documented")
