#!/usr/bin/env bash
# Runs the full `swift test` several times while the machine is kept busy the way a
# compile keeps it busy (one CPU hog per core, and disk writes with fsync), then reports
# passes and failures per test. For flaky tests: a test that passes here on a quiet
# machine but fails under load waits on time somewhere.
#
#   scripts/stress-tests.sh [--runs N] [--until EPOCH] [--no-load] [--filter REGEX] [--out DIR]
#
# Defaults: 10 runs, load on, every test. --until stops starting runs once the clock passes
# EPOCH (Unix seconds); the report says how many ran. The per-run logs stay in DIR (default a new
# temporary folder, printed). It loads the machine on purpose: on a shared machine run
# it under the exclusive lock (flock -x /work/heavy.lock scripts/stress-tests.sh …).
# Exit status: 0 when every run passed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=10
until=""
load=1
filter=()
out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs)
            runs=$2
            shift 2
            ;;
        --until)
            until=$2
            shift 2
            ;;
        --no-load)
            load=0
            shift
            ;;
        --filter)
            filter=(--filter "$2")
            shift 2
            ;;
        --out)
            out=$2
            shift 2
            ;;
        -h | --help)
            sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "stress-tests: unknown argument '$1' (see --help)" >&2
            exit 2
            ;;
    esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || {
    echo "stress-tests: --runs needs a positive number, not '$runs'" >&2
    exit 2
}
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/stress-tests.XXXXXX")
mkdir -p "$out"
SWIFT=${SWIFT:-swift}

echo "stress-tests: building the tests once (logs in $out)"
"$SWIFT" build --build-tests -Xswiftc -warnings-as-errors >"$out/build.log" 2>&1 || {
    tail -30 "$out/build.log"
    echo "stress-tests: the build failed (full log: $out/build.log)" >&2
    exit 1
}

hogs=()
stop_load() {
    local pid
    for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${hogs[@]}"; do wait "$pid" 2>/dev/null || true; done
    hogs=()
    rm -rf "$out/disk"
}
trap stop_load EXIT
trap 'exit 130' INT TERM

if [ "$load" = 1 ]; then
    cores=$(getconf _NPROCESSORS_ONLN)
    # CPU: one busy loop per core, as a parallel compile keeps every core busy.
    for _ in $(seq "$cores"); do
        bash -c 'while :; do :; done' &
        hogs+=($!)
    done
    # Disk: write and fsync 64 MB files in a loop, as a compile writes objects.
    mkdir -p "$out/disk"
    bash -c 'while :; do dd if=/dev/zero of="$1/blob" bs=1M count=64 conv=fsync status=none; rm -f "$1/blob"; done' \
        _ "$out/disk" &
    hogs+=($!)
    echo "stress-tests: load on: $cores CPU loops and one fsync writer (pids ${hogs[*]})"
fi

failed_runs=0
ran=0
for run in $(seq "$runs"); do
    if [ -n "$until" ] && [ "$(date +%s)" -ge "$until" ]; then
        echo "stress-tests: --until reached; stopping after $ran of $runs runs"
        break
    fi
    ran=$run
    log="$out/run-$run.log"
    start=$(date +%s)
    status=0
    "$SWIFT" test --skip-build "${filter[@]}" >"$log" 2>&1 || status=$?
    echo "stress-tests: run $run/$runs exit $status in $(($(date +%s) - start)) s"
    if [ "$status" != 0 ]; then
        failed_runs=$((failed_runs + 1))
        grep -E "(✘|error:|recorded an issue|failed after)" "$log" | head -20 | sed 's/^/    /'
    fi
done
stop_load

# Per test: Swift Testing prints one line per test ending in "passed after …" or
# "failed after …" (XCTest prints "Test Case '…' passed/failed").
python3 - "$out" "$ran" <<'EOF'
import glob, re, sys, collections
out, runs = sys.argv[1], int(sys.argv[2])
passed, failed = collections.Counter(), collections.Counter()
swift_testing = re.compile(r'Test (.+?) (passed|failed) after ')
xctest = re.compile(r"Test Case '(.+?)' (passed|failed) \(")
for path in sorted(glob.glob(f"{out}/run-*.log")):
    for line in open(path, encoding="utf-8", errors="replace"):
        match = swift_testing.search(line) or xctest.search(line)
        if match and not match.group(1).startswith("run with"):
            (passed if match.group(2) == "passed" else failed)[match.group(1)] += 1
names = set(passed) | set(failed)
print(f"stress-tests: {len(names)} tests seen over {runs} runs")
for name in sorted(names, key=lambda n: (-failed[n], n)):
    if failed[name]:
        print(f"  FAILED {failed[name]}/{failed[name] + passed[name]}: {name}")
flaky = sum(1 for n in names if failed[n])
print(f"stress-tests: {flaky} tests failed at least once; the others passed in every run they ran")
EOF
echo "stress-tests: $((ran - failed_runs)) of $ran runs passed (logs: $out)"
[ "$failed_runs" = 0 ]
