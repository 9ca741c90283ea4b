#!/usr/bin/env python3
"""make mutants: one small patch per CoalescedRunner contract point.

Each mutant is applied to a scratch copy of the repository, the runner's tests
run, and the mutant counts as killed only if they fail (a failing test, a
crash, or a hang caught by the time limit; the report says which). A mutant
whose patch no longer applies is an error, never a silent pass. Exit status 1
if any mutant survives or cannot be applied.

The scratch copy is a fresh folder under $TMPDIR (Python's tempfile rules),
removed when the run ends, also on failure or Ctrl-C. MUTANT_DIR=<dir> uses
that folder instead and keeps it (its .build makes the next run incremental).
Every build and test runs in its own process group; on the time limit (or an
interrupt) the whole group is killed and reaped, so no hung test process stays.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile

RUNNER = "Sources/RastrilloNative/Refresh/CoalescedRunner.swift"
STATE = "Sources/RastrilloNative/Refresh/CoalescedRunnerState.swift"
TEST_FILTER = "CoalescedRunner"
TEST_TIMEOUT = int(os.environ.get("MUTANT_TEST_TIMEOUT", "120"))

# (name, contract point, [(file, old, new), ...])
MUTANTS = [
    ("join-running-pass", "4 freshness: a caller is never satisfied by a pass already running when it called",
     [(STATE, "        let waiters = running.drain()\n", "        let waiters = running.drain() + pending.drain()\n")]),
    ("last-callers-closure", "5 the trailing pass runs the first caller's closure",
     [(STATE, "        if pending.count == 0 { pendingWork = work }\n", "        pendingWork = work\n")]),
    ("cancellation-reaches-work", "7 a waiter's cancellation never reaches the shared work",
     [(RUNNER, "    @ObservationIgnored private var state = CoalescedRunnerState()\n",
       "    @ObservationIgnored private var state = CoalescedRunnerState()\n"
       "    @ObservationIgnored private var passTask: Task<Void, Never>?\n"),
      (RUNNER, "                await work()\n",
       "                let task = Task { @MainActor in await work() }\n                passTask = task\n"
       "                await task.value\n"),
      (RUNNER, "        state.cancel(id)?.resume(returning: nil)\n",
       "        passTask?.cancel()\n        state.cancel(id)?.resume(returning: nil)\n")]),
    ("drop-a-waiter", "every caller is resumed exactly once",
     [(STATE, "        for slot in slots {\n", "        for slot in slots.dropLast() {\n")]),
    ("cancelled-waiter-waits", "7 a cancelled caller returns promptly",
     [(RUNNER, "        state.cancel(id)?.resume(returning: nil)\n", "        _ = id\n")]),
    ("busy-slot-after-pass", "6 a pass that ends early leaves the runner usable",
     [(STATE, "            pendingWork = nil\n            isDriving = false\n            return nil\n",
       "            pendingWork = nil\n            return nil\n")]),
    ("cancelled-burst-still-runs", "7 a burst whose callers all cancelled runs no pass",
     [(STATE, "            if pending.count == 0 { pendingWork = nil }\n", ""),
      (STATE, "        guard pending.count > 0, let work = pendingWork else {\n", "        guard let work = pendingWork else {\n")]),
    ("already-cancelled-queues", "7 a call from a cancelled task returns at once and queues nothing",
     [(RUNNER, "        if Task.isCancelled { return nil }\n", "")]),
    ("no-recursion-check", "8 recursion stops with a clear message instead of hanging",
     [(RUNNER, "        if CoalescedRunnerMarker.isInsideWork(of: self) {\n", "        if false {\n")]),
    ("is-running-stuck", "isRunning is observable and true only while a pass runs",
     [(RUNNER, "        isRunning = false\n", "")]),
]


def run(cmd, cwd, timeout=None):
    """Runs cmd in a new process group; returns (exit status or None on timeout, output)."""
    process = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        out, _ = process.communicate(timeout=timeout)
        return process.returncode, out
    except subprocess.TimeoutExpired:
        kill_group(process)
        out, _ = process.communicate()
        return None, out or ""
    except BaseException:
        kill_group(process)
        process.communicate()
        raise
    finally:
        # The test binary may have started children of its own: end the group either way.
        kill_group(process)


def kill_group(process):
    """Kills every process of the session the command started (its own, start_new_session=True).

    Not just its process group: `swift test` starts the test binary in a process group of its
    own, so killing swift's group left hung test processes behind. They stay in the session."""
    for pid in session_members(process.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def session_members(session):
    """The pids whose session id is session (from /proc, or `ps` where there is none)."""
    if os.path.isdir("/proc/self"):
        members = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session:  # after ')': state, ppid, pgrp, session
                members.append(int(entry))
        return members
    listing = subprocess.run(["ps", "-A", "-o", "pid=,sess="], stdout=subprocess.PIPE, text=True).stdout
    return [int(pid) for pid, sess in (line.split() for line in listing.splitlines() if len(line.split()) == 2)
            if sess.isdigit() and int(sess) == session]


def main():
    keep = os.environ.get("MUTANT_DIR")
    if keep:
        os.makedirs(keep, exist_ok=True)
        return mutate(keep)
    scratch = tempfile.mkdtemp(prefix="rastrillo-mutants-")
    print(f"scratch copy: {scratch} (removed at the end; MUTANT_DIR=<dir> keeps one)")
    try:
        return mutate(scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def mutate(scratch):
    # The builds' and tests' own temporary files (the toolchain leaves some) stay inside the scratch copy.
    tmp = os.path.join(scratch, "tmp")
    os.makedirs(tmp, exist_ok=True)
    os.environ["TMPDIR"] = tmp
    try:
        return mutate_in(scratch)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def mutate_in(scratch):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    # A scratch copy of the sources; its .build is kept between runs to build incrementally.
    for entry in ("Package.swift", "Sources", "Tests", "Plugins"):
        target = os.path.join(scratch, entry)
        if os.path.isdir(target):
            shutil.rmtree(target)
        src = os.path.join(root, entry)
        if os.path.isdir(src):
            shutil.copytree(src, target)
        else:
            shutil.copy2(src, target)
    originals = {}
    code, out = run(["swift", "build", "--build-tests"], scratch)
    if code != 0:
        print(out[-3000:])
        print("error: the unmutated package does not build")
        return 1
    code, out = run(["swift", "test", "--skip-build", "--filter", TEST_FILTER], scratch, TEST_TIMEOUT)
    if code != 0:
        print(out[-3000:])
        print("error: the runner's tests fail before any mutation; fix them first")
        return 1
    print(f"baseline: runner tests pass unmutated")
    survivors = 0
    for name, point, edits in MUTANTS:
        for path in {e[0] for e in edits}:
            originals.setdefault(path, open(os.path.join(root, path)).read())
            open(os.path.join(scratch, path), "w").write(originals[path])
        applied = True
        for path, old, new in edits:
            full = os.path.join(scratch, path)
            text = open(full).read()
            if text.count(old) != 1:
                print(f"ERROR   {name}: patch does not apply to {path} (expected the text once); update scripts/mutants.py")
                applied = False
                break
            open(full, "w").write(text.replace(old, new))
        if not applied:
            survivors += 1
        else:
            code, out = run(["swift", "build", "--build-tests"], scratch)
            if code != 0:
                print(out[-2000:])
                print(f"ERROR   {name}: mutant does not compile; fix the patch")
                survivors += 1
            else:
                code, out = run(["swift", "test", "--skip-build", "--filter", TEST_FILTER], scratch, TEST_TIMEOUT)
                if code is None:
                    print(f"KILLED  {name} ({point}): tests hung and hit the {TEST_TIMEOUT}s limit")
                elif code != 0:
                    failed = sorted({line.split('"')[1] for line in out.splitlines()
                                     if line.startswith("✘ Test \"") and "failed" in line})
                    why = "; ".join(failed[:3]) if failed else f"test process exited {code}"
                    print(f"KILLED  {name} ({point}): {why}")
                else:
                    print(f"SURVIVED {name} ({point}): the tests still pass")
                    survivors += 1
        for path in {e[0] for e in edits}:
            open(os.path.join(scratch, path), "w").write(originals[path])
    total = len(MUTANTS)
    print(f"mutants: {total - survivors}/{total} killed")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
