#!/usr/bin/env bash
# make fuzz-emit-parse: the coverage-guided fuzz-emit target generates manifests (its corpus, then
# FUZZ_EMIT_PARSE_RUNS mutated inputs with a fixed seed) and writes what each compiles to
# (FUZZ_EMIT_DUMP); scripts/emit-parse-check.py then runs node, tsc, gofmt and go vet, and
# swiftc -parse over all of it and checks the strings round-trip. See docs/security.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)" != Linux ]; then
    echo "SKIPPED: fuzz-emit-parse (needs libFuzzer; Xcode ships none)"
    exit 0
fi
GO=${GO:?set GO to the pinned go: make fuzz-emit-parse sets it}
RUNS=${FUZZ_EMIT_PARSE_RUNS:-1500}
SEED=${FUZZ_SEED:-1}
BIN=${FUZZ_SCRATCH:-Fuzz/.build/fuzzer}/debug
scripts/fuzz-run.sh build emit
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-emit-parse.XXXXXX")
# FUZZ_EMIT_PARSE_KEEP=1 keeps the generated folders for a look (their path is printed).
if [ -n "${FUZZ_EMIT_PARSE_KEEP:-}" ]; then echo "fuzz-emit-parse: keeping $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
mkdir -p "$tmp/dump" "$tmp/corpus"
cp Fuzz/Corpus/emit/* "$tmp/corpus/"
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan-suppressions.txt
limits="-timeout=60 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=8192"
# shellcheck disable=SC2086
FUZZ_EMIT_DUMP="$tmp/dump" "$BIN/fuzz-emit" $limits -runs="$RUNS" -seed="$SEED" "$tmp/corpus" >"$tmp/fuzz.log" 2>&1 || {
    echo "fuzz-emit-parse: fuzz-emit failed:"
    tail -5 "$tmp/fuzz.log"
    exit 1
}
echo "fuzz-emit: $(ls "$tmp/corpus" | wc -l) corpus inputs and $RUNS runs (seed $SEED): $(ls "$tmp/dump" | wc -l) valid manifests written"
"${PYTHON:-python3}" scripts/emit-parse-check.py "$tmp/dump" "$GO"
