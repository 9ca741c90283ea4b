#!/usr/bin/env bash
# make ci's clock (issue 47): runs `make ci-steps` (every step of the gate, in order, in one make
# so shared prerequisites build once) and, whether it passes or fails, prints how long each step
# took. Each step is preceded by a `ci-mark-<step>` target that appends "<step> <epoch seconds>"
# to $1; a step's time is the gap to the next mark, so a prerequisite a step builds first (say
# manifest-cli) counts for the first step that needs it. The last mark without a successor is
# the step that failed.
#
# The beside lane (Makefile: CI_BESIDE, a second make started by ci-beside-start) marks its steps
# in .build/ci-beside/times the same way; its rows are printed after the main lane's, their seconds
# not counted in the total (they ran beside browser-mutants). When the gate stops before
# ci-beside-join, the beside lane's process group is ended here.
#
#   scripts/ci-times.sh TIMES_FILE make [ARGS…]
set -uo pipefail
times=$1
shift
beside=$(dirname "$times")/ci-beside
mkdir -p "$(dirname "$times")"
: >"$times"
rm -rf "$beside"
"$@"
rc=$?
now=$(date +%s.%N)
if [ -e "$beside/pid" ] && [ ! -e "$beside/rc" ] && kill -0 "$(cat "$beside/pid")" 2>/dev/null; then
    echo "make ci: ending the beside lane (process group $(cat "$beside/pid")): the gate stopped before ci-beside-join"
    kill -TERM -- "-$(cat "$beside/pid")" 2>/dev/null
    echo "make ci: the beside lane's output so far:"
    cat "$beside/log" 2>/dev/null
fi
# The CPU seconds of everything the run started (bash's `times`: children's user and system), so
# the step that failed, which has no mark after it, gets its CPU too.
times >"$times.cpu"  # a builtin in this shell: a pipe or $(…) would run it in a subshell, whose children are none
cpu_now=$(tail -1 "$times.cpu" | awk '{ total = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); total += t[1] * 60 + t[2] } print total }')
command -v python3 >/dev/null || { echo "make ci: step times (no python3 to tabulate; epoch seconds per step start):"; cat "$times"; exit "$rc"; }
python3 - "$times" "$now" "$rc" "$cpu_now" "$beside/times" <<'PY'
import os
import sys

path, now, rc, cpu_now, beside_path = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]


def read_marks(path):
    marks = []  # (step, wall clock, CPU seconds so far or None)
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) in (2, 3):
                    marks.append((parts[0], float(parts[1]), float(parts[2]) if len(parts) == 3 else None))
    return marks


def step_rows(marks, cpu_now):
    """(step, wall seconds, CPU seconds or None) per mark; the last unfinished one ends now."""
    rows = []
    for index, (step, start, cpu) in enumerate(marks):
        end, cpu_end = (marks[index + 1][1], marks[index + 1][2]) if index + 1 < len(marks) else (now, cpu_now)
        if step == "end":
            continue
        rows.append((step, end - start, cpu_end - cpu if cpu is not None and cpu_end is not None else None))
    return rows


marks = read_marks(path)
if not marks:
    print(f"make ci: step times: no step started (make exited {rc})")
    sys.exit(0)
rows = step_rows(marks, cpu_now)
beside_marks = read_marks(beside_path)
# The beside lane's make is not this shell's child: a step it never finished has no CPU figure.
beside_rows = step_rows(beside_marks, None)
failed = rc != 0 and marks[-1][0] != "end"
beside_unfinished = bool(beside_marks) and beside_marks[-1][0] != "end"
total = (marks[-1][1] if marks[-1][0] == "end" else now) - marks[0][1]
width = max(len(step) for step, _, _ in rows + beside_rows)
print()
print(f"make ci: step times ({len(rows) + len(beside_rows)} steps, {total / 60:.1f} min in all)")
# CPU is what the step's processes used (user + system, all cores): above its seconds, it kept
# both cores busy; far below, it mostly waited (a browser, a server, a lock).
print(f"  {'step'.ljust(width)}  seconds   share  cpu s")
for index, (step, seconds, cpu) in enumerate(rows):
    note = "  FAILED here" if failed and index == len(rows) - 1 else ""
    share = 100 * seconds / total if total > 0 else 0
    cpu_text = f"{cpu:6.1f}" if cpu is not None else "     -"
    print(f"  {step.ljust(width)}  {seconds:7.1f}  {share:5.1f}%  {cpu_text}{note}")
if beside_rows:
    print("  beside browser-mutants (from ci-beside-start to ci-beside-join; not in the total):")
    for index, (step, seconds, cpu) in enumerate(beside_rows):
        note = "  unfinished" if beside_unfinished and index == len(beside_rows) - 1 else ""
        cpu_text = f"{cpu:6.1f}" if cpu is not None else "     -"
        print(f"  {step.ljust(width)}  {seconds:7.1f}       -  {cpu_text}{note}")
slowest = sorted(rows, key=lambda row: -row[1])[:5]
print("  slowest: " + ", ".join(f"{step} {seconds:.0f} s" for step, seconds, _ in slowest))
known = [cpu for _, _, cpu in rows + beside_rows if cpu is not None]
if known:
    print(f"  cpu: {sum(known) / 60:.1f} min in all (both lanes)")
PY
exit "$rc"
