#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of Fuzz/ (see docs/security.md).
#
#   scripts/fuzz-run.sh build            build every fuzz-<target> (-sanitize=fuzzer,address)
#   scripts/fuzz-run.sh ci [target…]     replay every corpus entry and regression, then a fixed
#                                        -runs=$FUZZ_RUNS with -seed=$FUZZ_SEED (deterministic)
#   scripts/fuzz-run.sh fuzz [target…]   fuzz each target $FUZZ_SECONDS (default 60) seconds, print
#                                        exec/s and coverage, append a line to Fuzz/Logs/<target>.log
#   scripts/fuzz-run.sh corpus [target…] merge seeds, corpus and the local work corpus into a
#                                        minimized Fuzz/Corpus/<target> (-merge=1)
#
# Limits: -timeout (per input), -rss_limit_mb and -malloc_limit_mb; a blowup is an input that
# exceeds them, never a slow machine. Crashes found while fuzzing are copied into
# Fuzz/Regressions/<target>/ so that make ci and swift test replay them from then on.
# Where libFuzzer cannot link (macOS: Xcode ships none) every mode prints SKIPPED and succeeds.
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS=(url routes json bridge manifest yaml version crypto query head pageactions signin emit derive)
mode=${1:?usage: scripts/fuzz-run.sh build|ci|fuzz|corpus [target…]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

SWIFT=${SWIFT:-swift}
SCRATCH=${FUZZ_SCRATCH:-Fuzz/.build/fuzzer}
BIN=$SCRATCH/debug
FUZZ_RUNS=${FUZZ_RUNS:-5000}
FUZZ_SEED=${FUZZ_SEED:-1}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
WORK=${FUZZ_WORK:-Fuzz/.build/fuzz-work}
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan-suppressions.txt
# Inputs up to 8 KiB, above every documented size limit a target reaches; the response head's
# 16 KiB limit needs longer ones.
limits() {
    local max_len=8192
    [ "$1" = head ] && max_len=20480
    echo "-timeout=60 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=$max_len"
}

if [ "$(uname -s)" != Linux ]; then
    echo "SKIPPED: fuzz $mode (needs libFuzzer; Xcode ships none) — swift test --package-path Fuzz still replays the corpora"
    exit 0
fi

dictionary() {
    case $1 in
    url | query | signin) echo "-dict=Fuzz/Dictionaries/url.dict" ;;
    json | manifest | bridge | pageactions) echo "-dict=Fuzz/Dictionaries/json.dict" ;;
    yaml) echo "-dict=Fuzz/Dictionaries/yaml.dict" ;;
    derive) echo "-dict=Fuzz/Dictionaries/derive.dict" ;;
    head) echo "-dict=Fuzz/Dictionaries/head.dict" ;;
    *) ;;
    esac
}

inputs() { find "Fuzz/$1/$2" -type f ! -name '.*' 2>/dev/null | sort; }

build() {
    # The coverage flags are spelled out: SwiftPM passes -sanitize=fuzzer and -sanitize=address as two
    # flags in no fixed order, and swiftc instruments nothing for coverage when fuzzer comes first.
    echo "== fuzz build: swift build --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing"
    "$SWIFT" build --package-path Fuzz --scratch-path "$SCRATCH" --sanitize=fuzzer --sanitize=address \
        -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table -Xswiftc -enable-testing 2>&1 | grep -v "Cannot export local symbol '__asan" | tail -3
    for target in "${targets[@]}"; do [ -x "$BIN/fuzz-$target" ] || { echo "fuzz-$target did not build"; exit 1; }; done
}

# The last "#N DONE/INITED cov: … ft: …" line and the final stats of a libFuzzer log.
stat() { grep -E "^stat::$1:" "$2" | tail -1 | awk '{print $2}'; }
coverage() { grep -E "^#[0-9]+.*cov: " "$1" | tail -1 | sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+).*/\1 \2/'; }

save_crashes() {  # target, artifact dir → copies crash/timeout/oom inputs into Fuzz/Regressions
    local found=0
    for file in "$2"/*; do
        [ -f "$file" ] || continue
        mkdir -p "Fuzz/Regressions/$1"
        cp "$file" "Fuzz/Regressions/$1/$(basename "$file")"
        echo "fuzz-$1: $(basename "$file") saved to Fuzz/Regressions/$1/"
        found=1
    done
    return $found
}

case $mode in
build) build ;;
ci)
    build
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-ci.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    # One target's replay and fixed-seed runs; its lines go to $tmp/$target.out, and
    # $tmp/$target.failed marks a failure. Targets run FUZZ_JOBS at a time (default 2, the
    # machine's cores); their lines are printed in target order once all have finished.
    ci_one() {
        local target=$1 log=$tmp/$1.log out=$tmp/$1.out files
        mapfile -t files < <(inputs Corpus "$target"; inputs Regressions "$target")
        mkdir -p "$tmp/$target/corpus" "$tmp/$target/artifacts"
        # Replay: libFuzzer runs each file given by name once.
        if ! "$BIN/fuzz-$target" $(limits "$target") -artifact_prefix="$tmp/$target/artifacts/" "${files[@]}" >"$log" 2>&1; then
            { echo "fuzz-ci $target: replay of ${#files[@]} corpus and regression inputs FAILED:"
              grep -E "Fatal error|ERROR|Running: " "$log" | tail -4; } >"$out"
            touch "$tmp/$target.failed"
            return
        fi
        cp "Fuzz/Corpus/$target/"* "$tmp/$target/corpus/" 2>/dev/null || true
        # shellcheck disable=SC2046
        if ! "$BIN/fuzz-$target" $(limits "$target") $(dictionary "$target") -runs="$FUZZ_RUNS" -seed="$FUZZ_SEED" \
            -print_final_stats=1 -artifact_prefix="$tmp/$target/artifacts/" "$tmp/$target/corpus" >"$log" 2>&1; then
            { echo "fuzz-ci $target: -runs=$FUZZ_RUNS -seed=$FUZZ_SEED FAILED:"
              grep -E "Fatal error|ERROR" "$log" | head -3; } >"$out"
            touch "$tmp/$target.failed"
            return
        fi
        read -r cov ft < <(coverage "$log")
        echo "fuzz-ci $target: replayed ${#files[@]} inputs; $(stat number_of_executed_units "$log") runs (seed $FUZZ_SEED), cov $cov ft $ft: ok" >"$out"
    }
    jobs_max=${FUZZ_JOBS:-2}
    for target in "${targets[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
        ci_one "$target" &
    done
    wait
    failed=()
    for target in "${targets[@]}"; do
        if [ -f "$tmp/$target.out" ]; then cat "$tmp/$target.out"; else echo "fuzz-ci $target: no result (the job did not finish)"; touch "$tmp/$target.failed"; fi
        [ -f "$tmp/$target.failed" ] && failed+=("$target")
    done
    if [ ${#failed[@]} -gt 0 ]; then
        echo "fuzz-ci: property violations or crashes in: ${failed[*]}"
        exit 1
    fi
    ;;
fuzz)
    build
    commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Fuzz/Sources || echo "+dirty")
    mkdir -p Fuzz/Logs
    failed=()
    printf '%-9s %10s %9s %7s %7s %8s  %s\n' target runs exec/s cov ft cpu_s result
    for target in "${targets[@]}"; do
        mkdir -p "$WORK/$target" "$WORK/artifacts-$target"
        cp -n "Fuzz/Corpus/$target/"* "$WORK/$target/" 2>/dev/null || true
        log=$WORK/$target.log
        TIMEFORMAT='%U %S'
        # shellcheck disable=SC2046
        cpu=$({ time "$BIN/fuzz-$target" $(limits "$target") $(dictionary "$target") -max_total_time="$FUZZ_SECONDS" \
            -print_final_stats=1 -artifact_prefix="$WORK/artifacts-$target/" "$WORK/$target" >"$log" 2>&1 || true; } 2>&1 |
            awk '{printf "%.1f", $1 + $2}')
        result=ok
        save_crashes "$target" "$WORK/artifacts-$target" || {
            result="crash: $(grep -m1 -E 'Fatal error|ERROR' "$log" | cut -c1-160)"
            failed+=("$target")
            rm -f "$WORK/artifacts-$target"/*
        }
        read -r cov ft < <(coverage "$log")
        runs=$(stat number_of_executed_units "$log")
        speed=$(stat average_exec_per_sec "$log")
        printf '%-9s %10s %9s %7s %7s %8s  %s\n' "$target" "$runs" "$speed" "$cov" "$ft" "$cpu" "$result"
        echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) commit=$commit seconds=$FUZZ_SECONDS runs=$runs exec/s=$speed cov=$cov ft=$ft cpu_s=$cpu result=$result" \
            >>"Fuzz/Logs/$target.log"
    done
    for target in "${ALL_TARGETS[@]}"; do
        [ -f "Fuzz/Logs/$target.log" ] || continue
        awk -v t="$target" '{for (i = 1; i <= NF; i++) if ($i ~ /^cpu_s=/) { split($i, a, "="); s += a[2] }}
            END {printf "fuzz-%s: %.1f CPU-minutes logged in total\n", t, s / 60}' "Fuzz/Logs/$target.log"
    done
    if [ ${#failed[@]} -gt 0 ]; then
        echo "fuzz: crashes or property violations in: ${failed[*]} (inputs saved under Fuzz/Regressions/)"
        exit 1
    fi
    ;;
corpus)
    build
    python3 scripts/fuzz-seed.py
    for target in "${targets[@]}"; do
        merged=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-merge.XXXXXX")
        mkdir -p "Fuzz/Corpus/$target" "$WORK/$target"
        "$BIN/fuzz-$target" $(limits "$target") -merge=1 "$merged" "Fuzz/Corpus/$target" "Fuzz/Seeds/$target" "$WORK/$target" \
            >"$merged.log" 2>&1 || { tail -5 "$merged.log"; exit 1; }
        rm -rf "Fuzz/Corpus/$target" && mv "$merged" "Fuzz/Corpus/$target"
        size=$(du -sk --apparent-size "Fuzz/Corpus/$target" | cut -f1)
        echo "fuzz-corpus $target: $(ls "Fuzz/Corpus/$target" | wc -l) inputs, ${size} KB"
        [ "$size" -le 1100 ] || { echo "fuzz-corpus $target: over ~1 MB; minimize further"; exit 1; }
    done
    ;;
*) echo "unknown mode $mode"; exit 2 ;;
esac
