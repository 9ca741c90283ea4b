#!/usr/bin/env python3
"""Writes the worst-case manifest of issue 15: N destinations whose patterns all
conflict with each other (every pair would make Go's ServeMux panic).

Even destinations are /x/{wN} (equivalent to each other), odd ones /{vN}/y
(equivalent to each other); each of the first overlaps each of the second
(/x/y matches both). So N destinations have N(N-1)/2 conflicting pairs, which
validation must refuse while listing only a bounded number of them.

Usage: scripts/hostile-manifest.py <out.json> [N]   (N defaults to 10000)
"""
import json
import sys


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: hostile-manifest.py <out.json> [N]")
    count = int(sys.argv[2]) if len(sys.argv) == 3 else 10000
    destinations = [
        {
            "id": f"d{index}",
            "pattern": f"/x/{{w{index}}}" if index % 2 == 0 else f"/{{v{index}}}/y",
            "presentation": "native",
            "titleKey": f"t.d{index}",
            "link": "inApp",
        }
        for index in range(count)
    ]
    manifest = {
        "schemaVersion": 1,
        "app": {"name": "Hostile", "appIDs": ["ABCDE12345.com.example.hostile"]},
        "origins": [{"origin": "https://app.example.com"}],
        "destinations": destinations,
    }
    with open(sys.argv[1], "w") as out:
        json.dump(manifest, out, indent=1)
        out.write("\n")
    print(f"wrote {sys.argv[1]}: {count} mutually conflicting destinations")


main()
