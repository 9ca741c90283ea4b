#!/usr/bin/env bash
# Differential fuzzing of the link router: the Swift router (rastrillo-native route), the JS
# router emitted by `manifest build --only js`, and WHATWG URL (node), on every fuzz-url corpus
# entry plus FUZZ_DIFF_MUTATIONS (default 20) seeded mutations of each. Then the page-actions
# script's look before routing against the same script without it (look-diff.mjs), on those URLs
# and the page-action corpus's with as many mutations each. Deterministic; run by make ci and
# make fuzz-differential. Needs node (fails, never skips, without it).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v node >/dev/null || { echo "fuzz-differential: node is required (apt-get install nodejs)"; exit 1; }
SWIFT=${SWIFT:-swift}
# The gate's own flags (make's STRICT), so this build is the `build` step's and nothing relinks.
STRICT=${STRICT:--Xswiftc -warnings-as-errors}
MANIFEST=Tests/ManifestParity/parity-manifest.json
work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-diff.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
"$SWIFT" build --product rastrillo-native $STRICT >/dev/null
# shellcheck disable=SC2086
bin="$("$SWIFT" build $STRICT --show-bin-path)/rastrillo-native"
"$bin" manifest build "$MANIFEST" --only js --out "$work/js" >/dev/null
module="$work/js/app-manifest.mjs"
cp "$work/js/app-manifest.js" "$module"  # an ES module; .mjs so node loads it as one
[ -s "$module" ] || { echo "fuzz-differential: manifest build emitted no app-manifest.js"; exit 1; }
node Fuzz/Differential/router-diff.mjs urls Fuzz/Corpus/url "${FUZZ_DIFF_MUTATIONS:-20}" "${FUZZ_SEED:-1}" "$work/urls"
xargs -0 "$bin" route --manifest "$MANIFEST" -- <"$work/urls" >"$work/swift.jsonl"
node Fuzz/Differential/router-diff.mjs compare "$module" "$MANIFEST" "$work/swift.jsonl"
# The page-actions script of the page-action parity manifest (Tests/ManifestParity), whose
# origins and routes the page-action corpus was written for.
"$bin" manifest build Tests/ManifestParity/page-actions-manifest.json --only page-actions --out "$work/page-actions" >/dev/null
[ -s "$work/page-actions/page-actions.js" ] || { echo "fuzz-differential: manifest build emitted no page-actions.js"; exit 1; }
node Fuzz/Differential/look-diff.mjs "$work/page-actions/page-actions.js" Tests/ManifestParity/page-action-corpus.json \
  "$work/urls" "${FUZZ_DIFF_MUTATIONS:-20}" "${FUZZ_SEED:-1}"
