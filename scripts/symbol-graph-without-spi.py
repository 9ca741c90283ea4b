#!/usr/bin/env python3
"""Copies a module's symbol graphs without their SPI symbols, for DocC.

Usage: symbol-graph-without-spi.py <symbolgraph dir> <module> <out dir>

scripts/docs.sh dumps the graphs with SPI symbols included, so that check-public-docs.py holds
SPI symbols (the runtime generated code calls, @_spi(RastrilloGenerated); benchmark hooks) to
the same documentation rule as the public API. DocC documents the public API only: this drops
every symbol the graph marks `"spi": true` and every relationship that names one, and writes
<module>.symbols.json and <module>@*.symbols.json into <out dir>.
"""
import glob
import json
import os
import sys

graph_dir, module, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
paths = [os.path.join(graph_dir, f"{module}.symbols.json")]
paths += sorted(glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json")))
if not os.path.exists(paths[0]):
    print(f"error: no symbol graph for {module} in {graph_dir}", file=sys.stderr)
    sys.exit(1)
os.makedirs(out_dir, exist_ok=True)
dropped = 0
for path in paths:
    graph = json.load(open(path))
    symbols = graph.get("symbols", [])
    spi = {symbol["identifier"]["precise"] for symbol in symbols if symbol.get("spi")}
    dropped += len(spi)
    graph["symbols"] = [symbol for symbol in symbols if symbol["identifier"]["precise"] not in spi]
    graph["relationships"] = [
        relation
        for relation in graph.get("relationships", [])
        if relation.get("source") not in spi and relation.get("target") not in spi
    ]
    with open(os.path.join(out_dir, os.path.basename(path)), "w") as out:
        json.dump(graph, out)
print(f"docs: {module}: {dropped} SPI symbols left out of the DocC documentation")
