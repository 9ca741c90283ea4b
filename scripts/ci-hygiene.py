#!/usr/bin/env python3
"""The last step of `make ci`: the gate left nothing behind.

mk/99-ci-hygiene.mk gives every process of a `make ci` run the marker RASTRILLO_CI_RUN=<run dir>
and TMPDIR=<run dir>/tmp. At the end this fails when
  - a process other than this check and its ancestors (make itself) still carries the marker
    (read from /proc/<pid>/environ; where there is no /proc the check says SKIPPED),
  - <run dir>/tmp is not empty (a temporary folder or file some step did not remove); the Swift
    toolchain's own leftovers (see is_toolchain_leftover) are removed and counted, not failed,
  - `git status --porcelain` differs from what it was when the run started (the gate wrote or
    changed files git sees).
On success it removes the run dir. On failure the run dir stays for a look (its path is printed).
"""
import os
import shutil
import subprocess
import sys


def ancestors():
    pids, pid = set(), os.getpid()
    while pid > 1:
        pids.add(pid)
        try:
            with open(f"/proc/{pid}/stat") as stat:
                # The command name (field 2) may hold spaces; the parent pid follows its ')'.
                pid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return pids


def is_toolchain_leftover(tmp, name):
    """What the Swift toolchain itself leaves in TMPDIR on every build, which no step can remove
    where it is made: swift-driver's TemporaryDirectory.XXXXXX folders holding only
    .keep-directory, SwiftPM's empty lock files named after the locked path (_work_x_.build.lock),
    and the compiler's swift-generated-sources folder of macro expansions (@__swiftmacro_*.swift)."""
    path = os.path.join(tmp, name)
    if name.startswith("TemporaryDirectory.") and os.path.isdir(path) and not os.path.islink(path):
        return all(entry == ".keep-directory" for entry in os.listdir(path))
    if name.startswith("_") and name.endswith(".lock") and os.path.isfile(path) and not os.path.islink(path):
        return os.path.getsize(path) == 0
    if name == "swift-generated-sources" and os.path.isdir(path) and not os.path.islink(path):
        return all(entry.startswith("@__swiftmacro_") and entry.endswith(".swift") for entry in os.listdir(path))
    return False


def leftover_processes(marker):
    if not os.path.isdir("/proc/self"):
        print("SKIPPED: ci-hygiene process check (no /proc on this system)")
        return []
    mine, found = ancestors(), []
    needle = f"RASTRILLO_CI_RUN={marker}".encode() + b"\0"
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in mine:
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if needle not in environ.read() + b"\0":
                    continue
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue  # gone meanwhile, or not ours to read
        found.append(f"{entry} {command or '(zombie or kernel thread)'}")
    return found


def main():
    run_dir = os.environ.get("RASTRILLO_CI_RUN")
    if not run_dir or not os.path.isdir(run_dir):
        print("ci-hygiene: RASTRILLO_CI_RUN is not set to a run folder: run it as part of `make ci` "
              "(or `make <steps> ci-hygiene`)", file=sys.stderr)
        return 2
    problems = []
    processes = leftover_processes(run_dir)
    if processes:
        problems.append("processes started by this run are still running (end and reap them where they start):\n    "
                        + "\n    ".join(processes))
    tmp = os.path.join(run_dir, "tmp")
    left = sorted(os.listdir(tmp)) if os.path.isdir(tmp) else []
    toolchain = [name for name in left if is_toolchain_leftover(tmp, name)]
    if toolchain:
        for name in toolchain:
            path = os.path.join(tmp, name)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        print(f"ci-hygiene: removed {len(toolchain)} toolchain leftovers (swift-driver's empty TemporaryDirectory.* "
              "folders, SwiftPM's empty _<path>_*.lock files, the compiler's swift-generated-sources), "
              "not the gate's own")
        left = [name for name in left if name not in toolchain]
    if left:
        shown = left[:20] + ([f"… and {len(left) - 20} more"] if len(left) > 20 else [])
        problems.append(f"temporary files or folders left in {tmp} (remove them where they are made):\n    "
                        + "\n    ".join(shown))
    before_path = os.path.join(run_dir, "git-status-before")
    before = open(before_path).read() if os.path.exists(before_path) else ""
    now = subprocess.run(["git", "status", "--porcelain"], check=True, stdout=subprocess.PIPE, text=True).stdout
    if now != before:
        new = sorted(set(now.splitlines()) - set(before.splitlines())) or ["(an entry changed or went away)"]
        problems.append("`git status --porcelain` changed during the run (write output to ignored paths):\n    "
                        + "\n    ".join(new))
    if problems:
        for problem in problems:
            print(f"ci-hygiene: FAILED: {problem}")
        print(f"ci-hygiene: the run folder {run_dir} is kept for a look")
        return 1
    subprocess.run(["rm", "-rf", "--", run_dir], check=True)
    print("ci-hygiene: no process of this run left, its TMPDIR is empty (removed), git status unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
