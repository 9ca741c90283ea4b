#!/usr/bin/env bash
# make ci's clock (issue 47): runs `make ci-steps` (every step of the gate, in order, in one make
# so shared prerequisites build once) and, whether it passes or fails, prints how long each step
# took. Each step is preceded by a `ci-mark-<step>` target that appends "<step> <epoch seconds>"
# to $1; a step's time is the gap to the next mark, so a prerequisite a step builds first (say
# manifest-cli) counts for the first step that needs it. The last mark without a successor is
# the step that failed.
#
#   scripts/ci-times.sh TIMES_FILE make [ARGS…]
set -uo pipefail
times=$1
shift
mkdir -p "$(dirname "$times")"
: >"$times"
"$@"
rc=$?
now=$(date +%s.%N)
command -v python3 >/dev/null || { echo "make ci: step times (no python3 to tabulate; epoch seconds per step start):"; cat "$times"; exit "$rc"; }
python3 - "$times" "$now" "$rc" <<'PY'
import sys

path, now, rc = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
marks = []
with open(path) as f:
    for line in f:
        parts = line.split()
        if len(parts) == 2:
            marks.append((parts[0], float(parts[1])))
if not marks:
    print(f"make ci: step times: no step started (make exited {rc})")
    sys.exit(0)
rows = []
for index, (step, start) in enumerate(marks):
    end = marks[index + 1][1] if index + 1 < len(marks) else now
    if step == "end":
        continue
    rows.append((step, end - start))
failed = rc != 0 and marks[-1][0] != "end"
total = (marks[-1][1] if marks[-1][0] == "end" else now) - marks[0][1]
width = max(len(step) for step, _ in rows)
print()
print(f"make ci: step times ({len(rows)} steps, {total / 60:.1f} min in all)")
print(f"  {'step'.ljust(width)}  seconds   share")
for index, (step, seconds) in enumerate(rows):
    note = "  FAILED here" if failed and index == len(rows) - 1 else ""
    share = 100 * seconds / total if total > 0 else 0
    print(f"  {step.ljust(width)}  {seconds:7.1f}  {share:5.1f}%{note}")
slowest = sorted(rows, key=lambda row: -row[1])[:5]
print("  slowest: " + ", ".join(f"{step} {seconds:.0f} s" for step, seconds in slowest))
PY
exit "$rc"
