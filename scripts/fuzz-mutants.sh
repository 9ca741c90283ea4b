#!/usr/bin/env bash
# Proof that the fuzzers find things: reintroduces known defects one at a time in a temporary
# copy of the tree (under $TMPDIR; the working tree is never touched) and requires the named
# target to report that defect (its own message, not another violation) within
# FUZZ_MUTANT_SECONDS (default 60). Each run starts from the committed corpus, seed 1.
# Arguments name the mutants to run (default: all).
#
#   port-overflow     RawURL adds up every port digit again (Int overflow trap)      → fuzz-url
#   query-control     percent-encoded control characters reach query params again    → fuzz-query
#   origin-scheme     a script-capable scheme is accepted as an origin again         → fuzz-manifest
#   quadratic-report  every conflicting pair is reported again (no cap)              → fuzz-manifest
#
# A mutant whose code is not found is reported: on a tree from before the issue 15 fixes the
# defect is already there, so the target is run unchanged and must still find it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)" != Linux ]; then
    echo "SKIPPED: fuzz-mutants (needs libFuzzer; Xcode ships none)"
    exit 0
fi
SECONDS_EACH=${FUZZ_MUTANT_SECONDS:-60}
work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-mutants.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar --exclude=.build --exclude=.git --exclude='Fuzz/.build' -cf - . | tar -xf - -C "$work"
echo "fuzz-mutants: working copy in $work"

# name|target|what the target must report|file|original|mutant
mutants=(
    'port-overflow|url|Swift runtime failure: arithmetic overflow|Sources/RastrilloNative/Links/URLReading/RawURL+Scanning.swift|if index - portStart < 5 { port = port * 10 + Int(bytes[index] - UInt8(ascii: "0")) }|port = port * 10 + Int(bytes[index] - UInt8(ascii: "0"))'
    'query-control|query|holds a control character|Sources/RastrilloNative/Links/URLReading/QueryItems.swift|if let offset = controlEscapeOffset(pair.utf8) {|if false, let offset = controlEscapeOffset(pair.utf8) {'
    'origin-scheme|manifest|on a script-capable scheme accepted|Sources/RastrilloNative/Manifest/Decoding/AppManifest+Decoding.swift|guard !ManifestOrigin.isRefusedScheme(url.scheme) else {|guard true else {'
    'quadratic-report|manifest|conflicts reported (at most|Sources/RastrilloNative/Manifest/Validation/ManifestValidation.swift|static let maxReportedConflicts = 20|static let maxReportedConflicts = Int.max'
)

failed=()
for spec in "${mutants[@]}"; do
    IFS='|' read -r name target expected file original mutant <<<"$spec"
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
    cp "$work/$file" "$work/$file.orig"
    if python3 - "$work/$file" "$original" "$mutant" <<'PY'
import sys
path, original, mutant = sys.argv[1:]
text = open(path).read()
if text.count(original) != 1:
    sys.exit(1)
open(path, "w").write(text.replace(original, mutant))
PY
    then
        echo "== mutant $name: applied to $file"
    else
        echo "== mutant $name: code not found in $file (a tree from before the fix has the defect already); running the target unchanged"
    fi
    (cd "$work" && scripts/fuzz-run.sh build "$target" >"$work/$name.build.log" 2>&1) || {
        tail -5 "$work/$name.build.log"; failed+=("$name (build)"); mv "$work/$file.orig" "$work/$file"; continue; }
    rm -rf "$work/Fuzz/Regressions"  # the mutant must be found by fuzzing, not by a stored input
    start=$(date +%s)
    set +e
    (cd "$work" && SWIFT_BACKTRACE=enable=no Fuzz/.build/fuzzer/debug/fuzz-$target -max_total_time="$SECONDS_EACH" \
        -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=8192 -seed=1 \
        $(case $target in url | query) echo -dict=Fuzz/Dictionaries/url.dict ;; manifest) echo -dict=Fuzz/Dictionaries/json.dict ;; esac) \
        -artifact_prefix="$work/$name-" "Fuzz/Corpus/$target" >"$work/$name.log" 2>&1)
    status=$?
    set -e
    elapsed=$(($(date +%s) - start))
    if [ $status -ne 0 ] && ls "$work/$name-"* >/dev/null 2>&1 && grep -q -- "$expected" "$work/$name.log"; then
        echo "   found by fuzz-$target in ${elapsed} s: $(grep -m1 -- "$expected" "$work/$name.log" | cut -c1-200)"
    elif [ $status -ne 0 ]; then
        echo "   fuzz-$target stopped on another violation, not '$expected': $(grep -m1 -E 'Fatal error|ERROR: libFuzzer' "$work/$name.log" | cut -c1-200)"
        failed+=("$name")
    else
        echo "   NOT found by fuzz-$target in ${SECONDS_EACH} s"
        failed+=("$name")
    fi
    mv "$work/$file.orig" "$work/$file"
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz-mutants: not found: ${failed[*]}"
    exit 1
fi
echo "fuzz-mutants: every reintroduced defect was found by its target"
