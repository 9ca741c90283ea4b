#!/usr/bin/env bash
# Builds the DocC documentation of the public modules with the toolchain's
# docc (warnings are errors) and checks that every public symbol declared in
# Sources/ has a documentation comment. The DocC plugin cannot be fetched on
# these machines, so this uses `swift package dump-symbol-graph` directly.
# SPI symbols (@_spi(RastrilloGenerated), the runtime generated code calls; @_spi(Benchmarks))
# are dumped too and held to the same documentation rule, but DocC documents the public API
# only: scripts/symbol-graph-without-spi.py leaves them out of what it reads.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(RastrilloNative RastrilloCrypto)
out=.build/docs
rm -rf "$out" && mkdir -p "$out"
swift package dump-symbol-graph --minimum-access-level public --include-spi-symbols >"$out/dump.log" 2>&1 || { cat "$out/dump.log"; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$out/dump.log" | tail -n 1)
[ -d "$graphs" ] || graphs=$(find .build -type d -name symbolgraph | head -n 1)
[ -d "$graphs" ] || { echo "error: no symbol graphs found after dump-symbol-graph" >&2; exit 1; }

python3 scripts/check-public-docs.py "$graphs" "${modules[@]}"

for module in "${modules[@]}"; do
    dir="$out/graphs-$module"
    python3 scripts/symbol-graph-without-spi.py "$graphs" "$module" "$dir"
    catalog="Sources/$module/$module.docc"
    args=()
    [ -d "$catalog" ] && args+=("$catalog")
    docc convert "${args[@]}" \
        --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.rastrillo.$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors >"$out/$module.log" 2>&1 || { cat "$out/$module.log"; echo "error: docc failed for $module" >&2; exit 1; }
    echo "docs: $module built ($out/$module.doccarchive)"
done
