#!/usr/bin/env python3
"""Deliberate breaks the browser step must catch (`make browser-mutants`).

Each mutant changes one line of the real code — the page, the generated module, the dispatcher,
the trust decision, the web screen's navigation, its failure classification and its retry — in a copy of the working tree under
.build/browser-mutants/ (the checkout is never touched), rebuilds what it affects (the Go server
for the page and module, the companion's native host for the Swift ones) and runs the browser
check (tools/web-screen-harness/companion_check.py). A mutant is caught when the check fails.
The unchanged copy must pass first, so a failure means the break, not the copy.

The copy is kept between runs with its build directory, so a run rebuilds only what the mutants
change. Exit 0 when every mutant is caught; 1 naming each survivor (or a broken baseline).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPY = os.path.join(ROOT, ".build", "browser-mutants", "src")
SWIFT = os.environ.get("SWIFT", "swift")

# (name, file, original text, broken text): each original must occur exactly once.
MUTANTS = [
    (
        "page: the release page never asks native",
        "examples/companion-web/static/release.js",
        "  on(\"serverChecked\", (check) => (check === \"checking\" ? show(checkText(check)) : ask()));\n  ask();\n",
        "  on(\"serverChecked\", (check) => (check === \"checking\" ? show(checkText(check)) : ask()));\n",
    ),
    (
        "module: events reach no listener",
        "examples/companion-web/static/bridge.js",
        "for (const listener of listeners.get(envelope.name) || []) {",
        "for (const listener of []) {",
    ),
    (
        "dispatcher: the trust cache answers any frame after the first trusted one",
        "Sources/RastrilloNative/Bridge/BridgeDispatcher.swift",
        "if let lastTrusted, lastTrusted.frame == frame {",
        "if let lastTrusted {",
    ),
    (
        "trust decision: subframes of an internal origin are trusted",
        "Sources/RastrilloNative/Bridge/BridgeTrustPolicy.swift",
        "guard frame.isMainFrame else { return .failure(.notMainFrame(frame)) }",
        "",
    ),
    (
        "navigation: server redirects are routed like clicks",
        "Sources/RastrilloNative/WebScreen/WebScreenNavigation.swift",
        "context: kind == .redirect ? .redirect : .navigation)",
        "context: .navigation)",
    ),
    (
        "failure classification: a refused connection is not an unreachable host",
        "Sources/RastrilloNative/WebScreen/WebScreenEvent.swift",
        "case -1003, -1004, -1005, -1006: self = .unreachableHost",
        "case -1003, -1005, -1006: self = .unreachableHost",
    ),
    (
        "retry: reload() bypasses the screen's CoalescedRunner",
        "Sources/RastrilloNative/WebScreen/WebScreenModel.swift",
        "        await reloader.run { [weak self] in\n            await self?.reloadOnce()\n        }\n",
        "        await reloadOnce()\n",
    ),
]


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.split(b"\0")
    return [name.decode() for name in listed if name and os.path.isfile(os.path.join(ROOT, name.decode()))]


def sync_copy():
    """Copies changed files into COPY, keeping their times so builds there stay incremental."""
    copied = 0
    for name in tracked_files():
        source, target = os.path.join(ROOT, name), os.path.join(COPY, name)
        stat = os.stat(source)
        if os.path.exists(target):
            other = os.stat(target)
            if other.st_size == stat.st_size and int(other.st_mtime) == int(stat.st_mtime):
                continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)
        copied += 1
    print(f"copy: {COPY} ({copied} file(s) updated)")


def run(command: list[str], log: str) -> int:
    with open(log, "w") as handle:
        return subprocess.run(command, cwd=COPY, stdout=handle, stderr=subprocess.STDOUT).returncode


def build_and_check(label: str) -> tuple[bool, str]:
    """Builds the host and the Go server in the copy and runs the browser check; (passed, log)."""
    logs = os.path.join(COPY, "..", "logs")
    os.makedirs(logs, exist_ok=True)
    slug = "".join(c if c.isalnum() else "-" for c in label)[:40]
    host_dir = subprocess.run(
        [SWIFT, "build", "--package-path", "examples/companion", "--show-bin-path"],
        cwd=COPY, check=True, capture_output=True, text=True,
    ).stdout.strip()
    steps = [
        [SWIFT, "build", "--package-path", "examples/companion", "--product", "CompanionBrowserHost"],
        ["env", "GOWORK=off", os.path.join(ROOT, "scripts", "go.sh"), "-C", "examples/companion-web", "build",
         "-o", os.path.join(COPY, "..", "browser-server"), "./cmd/browser-server"],
    ]
    for number, step in enumerate(steps):
        log = os.path.join(logs, f"{slug}-build{number}.log")
        if run(step, log) != 0:
            raise SystemExit(f"browser-mutants: building the copy failed for '{label}'; see {log}")
    log = os.path.join(logs, f"{slug}-check.log")
    status = run(
        ["python3", "tools/web-screen-harness/companion_check.py", "--host",
         os.path.join(host_dir, "CompanionBrowserHost"), "--server", os.path.join(COPY, "..", "browser-server")],
        log,
    )
    return status == 0, log


def main() -> int:
    started = time.monotonic()
    sync_copy()
    passed, log = build_and_check("baseline")
    if not passed:
        print(f"browser-mutants: the unchanged copy fails the browser check; see {log}")
        return 1
    print("baseline: the unchanged copy passes")
    survivors = []
    for name, path, original, broken in MUTANTS:
        target = os.path.join(COPY, path)
        with open(target) as handle:
            text = handle.read()
        if text.count(original) != 1:
            print(f"browser-mutants: '{name}': the line to break is not in {path} exactly once; update scripts/browser-mutants.py")
            return 1
        try:
            with open(target, "w") as handle:
                handle.write(text.replace(original, broken))
            passed, log = build_and_check(name)
        finally:
            with open(target, "w") as handle:
                handle.write(text)
        failures = [line.strip() for line in open(log) if line.startswith("FAIL")]
        if passed:
            survivors.append(name)
            print(f"SURVIVED {name} ({path})")
        else:
            print(f"caught   {name} ({path}): {len(failures)} check(s) failed, first: {failures[0][:160] if failures else '?'}")
    elapsed = time.monotonic() - started
    print(f"{len(MUTANTS) - len(survivors)} passed, {len(survivors)} failed ({elapsed:.0f} s: mutants caught / survived)")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
