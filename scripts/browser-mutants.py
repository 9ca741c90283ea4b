#!/usr/bin/env python3
"""Deliberate breaks the browser steps must catch (`make browser-mutants`).

Each mutant changes one line of the real code — the page, the generated module, the dispatcher,
the trust decision, the web screen's navigation, its failure classification and its retry, and for
the notes day the generated page-actions script, the landing of a form submission, the web app's
sign-in redirect and the native confirmation — in a copy of the working tree under
.build/browser-mutants/ (the checkout is never touched), rebuilds what it affects (the Go server
for the page and module, the native host for the Swift ones) and runs the browser check it
breaks: the companion's (tools/web-screen-harness/companion_check.py, `make browser`) or the
notes day (tools/web-screen-harness/notes_check.py, `make browser-notes`) or the notes auth day
(tools/web-screen-harness/notes_auth_check.py, `make browser-notes-auth`) or the page-actions
fixtures (page_actions_requests.py, `make browser-page-actions`). Every check runs in both
engines: in Chromium and, through scripts/webkit-run.sh, in WebKitGTK (`--engine webkit`;
webkit_page_actions.py), and a mutant must be caught by each, except one marked for one engine
(`"companion:chromium"`: subframe trust, which WebKitGTK cannot attribute, and a refused
connection, which its rig reports as a lost one; `"companion:webkit"`: that lost connection).
A mutant is caught when its check fails. The unchanged copy must pass every check first, so a
failure means the break, not the copy. A mutant's Chromium and WebKit checks run side by side on
one build, and every wait in them is capped at $WEB_SCREEN_HANG_GUARD seconds (10 unless set; the
baseline runs under the same cap): a mutant that stops a load is caught in seconds, not after
the harness's default 30. A mutant's check ends at its first FAIL ($WEB_SCREEN_FIRST_FAIL); the
baseline's run whole, and each prints its result: in make ci they are the browser days' only run.
Each line says how long the build and the checks took.

The notes day runs the page-actions.js `manifest build` generated in the checkout
(`make notes-page-actions`; its path in $NOTES_PAGE_ACTIONS); a mutant of the script breaks a
copy of that file (GENERATED_PAGE_ACTIONS below).

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
PAGE_ACTIONS = os.environ.get("NOTES_PAGE_ACTIONS", os.path.join(ROOT, ".build", "browser-notes", "generated", "page-actions.js"))
# A mutant's file: the copy of the generated page-actions.js the notes day runs, and the copy of the
# one generated from the page-action fixtures' manifest (make fixture-page-actions) that
# browser-page-actions runs.
GENERATED_PAGE_ACTIONS = "<generated page-actions.js>"
GENERATED_FIXTURE_PAGE_ACTIONS = "<generated fixture page-actions.js>"
FIXTURE_PAGE_ACTIONS = os.environ.get("FIXTURE_PAGE_ACTIONS",
                                      os.path.join(ROOT, ".build", "page-actions", "fixtures", "page-actions.js"))

# (name, file, original text, broken text[, check]): each original must occur exactly once; the
# check is "companion" unless named.
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
        "companion:chromium",  # subframes: WebKitGTK names no frame (webkit_screen.py)
    ),
    (
        "trust decision: subframes of an internal origin are trusted",
        "Sources/RastrilloNative/Bridge/BridgeTrustPolicy.swift",
        "guard frame.isMainFrame else { return .failure(.notMainFrame(frame)) }",
        "",
        "companion:chromium",  # subframes: WebKitGTK names no frame (webkit_screen.py)
    ),
    (
        "navigation: server redirects are routed like clicks",
        "Sources/RastrilloNative/WebScreen/WebScreenNavigation.swift",
        "let context: LinkRouter.Context = kind == .redirect ? .redirect : .navigation",
        "let context: LinkRouter.Context = .navigation",
    ),
    (
        "failure classification: a refused connection is not an unreachable host",
        "Sources/RastrilloNative/WebScreen/WebScreenEvent.swift",
        "case -1003, -1004, -1005, -1006: self = .unreachableHost",
        "case -1003, -1005, -1006: self = .unreachableHost",
        "companion:chromium",  # in WebKitGTK the rig's proxy turns a refused connection into a lost one
    ),
    (
        "failure classification: a lost connection is not an unreachable host",
        "Sources/RastrilloNative/WebScreen/WebScreenEvent.swift",
        "case -1003, -1004, -1005, -1006: self = .unreachableHost",
        "case -1003, -1004, -1006: self = .unreachableHost",
        "companion:webkit",  # what WebKitGTK reports for a server that is down, through the rig's proxy
    ),
    (
        "retry: reload() bypasses the screen's CoalescedRunner",
        "Sources/RastrilloNative/WebScreen/WebScreenModel.swift",
        "        await reloader.run { [weak self] in\n            await self?.reloadOnce()\n        }\n",
        "        await reloadOnce()\n",
    ),
    (
        "notes: the script offers Publish for the page's Unpublish form (a form the page does not have)",
        GENERATED_PAGE_ACTIONS,
        'const url = String(overrides("formaction") ? control(button).formAction(button) : formAction(form));',
        'const url = String(overrides("formaction") ? control(button).formAction(button) : formAction(form))'
        '.replace(/\\/unpublish$/, "/publish");',
        "notes",
    ),
    (
        "notes: a submitted form's screen stays under Back (the landing is pushed, not replaced)",
        "Sources/RastrilloNative/WebScreen/WebScreenNavigation.swift",
        "return showsSame(current, url, decision) ? .load : .submitted(decision)",
        "return showsSame(current, url, decision) ? .load : .push(decision)",
        "notes",
    ),
    (
        "notes: return_to ignored (the web app's sign-in redirect drops it)",
        "examples/notes/web/internal/notes/sessions.go",
        'seeOther(w, "/signin?return_to="+url.QueryEscape(r.URL.RequestURI()))',
        'seeOther(w, "/signin"+strings.Repeat(url.QueryEscape(r.URL.RequestURI()), 0))',
        "notes",
    ),
    (
        "notes: a destructive command runs without the native confirmation",
        "Sources/RastrilloNative/PageActions/PageCommands.swift",
        "if declared?.role == .destructive {",
        "if declared?.role == .destructive, false {",
        "notes",
    ),
    (
        "page actions: invoke submits with the form's first enabled button (the submitter ignored)",
        GENERATED_FIXTURE_PAGE_ACTIONS,
        "      else requestSubmit(element, button);\n",
        "      else requestSubmit(element, submitButtons(element).find((b) => !matchesSelector(b, \":disabled\")));\n",
        "page-actions",
    ),
    (
        "page actions: the bound field read from the page's first form (each language offered as the first)",
        GENERATED_FIXTURE_PAGE_ACTIONS,
        "        const value = fieldValue(candidate.element, name);\n",
        "        const value = fieldValue(querySelectorAll(doc, \"form\")[0] ?? candidate.element, name);\n",
        "page-actions",
    ),
    (
        "notes: the locale menu's languages read as one command (bound fields ignored, the first form kept)",
        "Sources/RastrilloNative/PageActions/PageActionRouter.swift",
        "        if kinds.isEmpty { return PageActionMatch(command: command.id, params: match.params) }\n",
        "        if kinds.isEmpty || true { return PageActionMatch(command: command.id, params: match.params) }\n",
        "notes",
    ),
    (
        "notes: the bulk bar read as its first button's command (the submitter ignored natively)",
        "Sources/RastrilloNative/PageActions/PageActionRouter.swift",
        "            command = submitter.flatMap { submitter in commands.first { $0.pageAction?.submitter == submitter } }\n",
        "            command = commands.first\n",
        "notes",
    ),
    (
        "page actions: a link is followed with click() (which also sends its ping)",
        GENERATED_FIXTURE_PAGE_ACTIONS,
        "      Reflect.apply(location.assign, location, [url]);\n",
        "      for (const c of scanned) if (c.element === element) element.click();\n",
        "page-actions",
    ),
    (
        "page actions: a submitter's formtarget is ignored (a POST offered that goes to a new window)",
        GENERATED_FIXTURE_PAGE_ACTIONS,
        "    const target = targetOf(overrides(\"formtarget\") ? getAttribute(button, \"formtarget\")\n",
        "    const target = targetOf(false ? getAttribute(button, \"formtarget\")\n",
        "page-actions",
    ),
    (
        "page actions: the script offers other rows' actions too (no path-param scope: a row menu lists its neighbours')",
        GENERATED_FIXTURE_PAGE_ACTIONS,
        "    if (spec === null || !inScope(spec, decision, screen)) return null;\n",
        "    if (spec === null) return null;\n",
        "page-actions",
    ),
    (
        "auth: a refused authorize attempt goes where the link policy sends it (the in-app browser)",
        "Sources/RastrilloNative/WebScreen/WebScreenNavigation.swift",
        "                    return .leave(.refused(.keymailAuthorizeURL))\n",
        "",
        "notes-auth",
    ),
    (
        "auth: keymail's authorize page loads in the web view (never handed to the system session)",
        "Sources/RastrilloNative/WebScreen/WebScreenNavigation.swift",
        "            case .success(let authorization):\n                return .authenticate(authorization)\n",
        "            case .success:\n                break\n",
        "notes-auth",
    ),
    (
        "auth: the authorize rule lets prompt=none through",
        "Sources/RastrilloNative/SignIn/AuthSignInRules.swift",
        'if let prompt = parameters["prompt"], prompt != "login" { return .failure(.value("prompt")) }',
        "",
        "notes-auth",
    ),
    (
        "auth: the callback's state is not compared with the started URL's",
        "Sources/RastrilloNative/SignIn/AuthSignInRules.swift",
        "guard states == [authorization.state] else { return .failure(.state) }",
        "guard !states.isEmpty else { return .failure(.state) }",
        "notes-auth",
    ),
    (
        "auth: a second attempt leaves the first running",
        "Sources/RastrilloNative/WebScreen/WebScreenModel.swift",
        "if let previous = keymail { perform?(.cancelAuthentication(previous)) }",
        "",
        "notes-auth",
    ),
    (
        "auth: a replaced attempt's late callback is still loaded",
        "Sources/RastrilloNative/WebScreen/WebScreenModel.swift",
        "guard attempt == keymail, !isDetached, let rules = navigation.signInRules else { return .ignored }",
        "guard !isDetached, let rules = navigation.signInRules else { return .ignored }",
        "notes-auth",
    ),
    (
        "auth: a cancelled keymail leaves the person on the continue page (no link instead)",
        "Sources/RastrilloNative/WebScreen/WebScreenModel.swift",
        "        let fallback = rules.sendALinkInstead(on: attempt.authorization.origin)\n        handle(.loadRequested(fallback))\n",
        "        let fallback = rules.sendALinkInstead(on: attempt.authorization.origin)\n",
        "notes-auth",
    ),
    (
        "auth: the web app's callback clears the newer attempt's cookies on a late callback",
        "examples/notes/web/internal/notes/auth.go",
        'subtle.ConstantTimeCompare([]byte(c.ST), []byte(sha256Hex(q.Get("state")))) != 1 {',
        "false {",
        "notes-auth",
    ),
]


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.split(b"\0")
    return [name.decode() for name in listed if name and os.path.isfile(os.path.join(ROOT, name.decode()))]


def sync_copy():
    """Copies changed files into COPY, keeping their times so builds there stay incremental, and
    removes the files the tree no longer has (a moved source left behind would be built twice);
    build directories (.build) are kept."""
    names = tracked_files()
    wanted = set(names)
    removed = 0
    for directory, subdirectories, files in os.walk(COPY):
        subdirectories[:] = [d for d in subdirectories if d != ".build"]
        for file in files:
            path = os.path.join(directory, file)
            if os.path.relpath(path, COPY) not in wanted:
                os.remove(path)
                removed += 1
    if removed:
        print(f"copy: removed {removed} file(s) the tree no longer has")
    copied = 0
    for name in names:
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


# What each check builds in the copy (package, host product, Go module, Go command, server binary)
# and how it runs.
CHECKS = {
    "companion": ("examples/companion", "CompanionBrowserHost", "examples/companion-web", "./cmd/browser-server",
                  "browser-server"),
    "notes": ("examples/notes", "NotesBrowserHost", "examples/notes/web", "./cmd/notes-web", "notes-web"),
    "notes-auth": ("examples/notes", "NotesBrowserHost", "examples/notes/web", "./cmd/notes-web", "notes-web"),
    "page-actions": None,
    # The same checks in WebKitGTK (scripts/webkit-run.sh; tools/web-screen-harness/webkit_screen.py).
    "companion-webkit": ("examples/companion", "CompanionBrowserHost", "examples/companion-web", "./cmd/browser-server",
                         "browser-server"),
    "notes-webkit": ("examples/notes", "NotesBrowserHost", "examples/notes/web", "./cmd/notes-web", "notes-web"),
    "notes-auth-webkit": ("examples/notes", "NotesBrowserHost", "examples/notes/web", "./cmd/notes-web", "notes-web"),
    "page-actions-webkit": None,
}
# A mutant named for a check that runs in both engines must be caught by each.
# A mutant named "check:chromium" or "check:webkit" runs in that engine only (its comment says why).
ENGINES = {"companion": ("companion", "companion-webkit"), "notes": ("notes", "notes-webkit"),
           "notes-auth": ("notes-auth", "notes-auth-webkit"), "page-actions": ("page-actions", "page-actions-webkit"),
           "companion:chromium": ("companion",), "companion:webkit": ("companion-webkit",)}
COPY_PAGE_ACTIONS = os.path.join(COPY, "..", "page-actions.js")
COPY_FIXTURE_PAGE_ACTIONS = os.path.join(COPY, "..", "fixture-page-actions.js")
LOGS = os.path.join(COPY, "..", "logs")
# The baseline's checks, a Chromium check beside its WebKit twin.
BASELINE_PAIRS = [("companion", "companion-webkit"), ("notes", "notes-webkit"), ("notes-auth", "notes-auth-webkit"),
                  ("page-actions", "page-actions-webkit")]


# Each check's runs wait at most this long for any one thing (harness_common.hang_guard): a mutant
# that stops a load is caught after it, not after the default 30 s. The baseline runs under it too.
HANG_GUARD_SECONDS = os.environ.get("WEB_SCREEN_HANG_GUARD", "10")


def build(label: str, check: str, built: set) -> None:
    """Builds what ``check`` runs (its native host and Go servers) in the copy, once per state of the
    copy: ``built`` holds the steps already run since the copy last changed."""
    if CHECKS[check] is None:  # the script alone, on the fixture pages: nothing to build
        return
    package, product, module, command, binary = CHECKS[check]
    server = os.path.join(COPY, "..", binary)
    steps = [
        [SWIFT, "build", "--package-path", package, "--product", product],
        ["env", "GOWORK=off", os.path.join(ROOT, "scripts", "go.sh"), "-C", module, "build", "-o", server, command],
    ]
    if check.startswith("notes-auth"):
        steps.append(["env", "GOWORK=off", os.path.join(ROOT, "scripts", "go.sh"), "-C", module, "build", "-o",
                      os.path.join(COPY, "..", "keymail-fake"), "./cmd/keymail-fake"])
    for number, step in enumerate(steps):
        if tuple(step) in built:
            continue
        log = os.path.join(LOGS, f"{slug(label, check)}-build{number}.log")
        if run(step, log) != 0:
            raise SystemExit(f"browser-mutants: building the copy failed for '{label}'; see {log}")
        built.add(tuple(step))


def slug(label: str, check: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in label)[:40] + f"-{check}"


def check_command(check: str) -> list[str]:
    """The browser check's command line, run in the copy."""
    if CHECKS[check] is None:
        runner = (["scripts/webkit-run.sh", "tools/web-screen-harness/webkit_page_actions.py"] if check.endswith("-webkit")
                  else ["python3", "tools/web-screen-harness/page_actions_requests.py"])
        return runner + ["--page-actions", COPY_FIXTURE_PAGE_ACTIONS,
                         "--fixtures", os.path.join(COPY, "Tests", "PageActionsScript", "fixtures")]
    package, product, _, _, binary = CHECKS[check]
    host_dir = subprocess.run(
        [SWIFT, "build", "--package-path", package, "--show-bin-path"],
        cwd=COPY, check=True, capture_output=True, text=True,
    ).stdout.strip()
    arguments = ["--host", os.path.join(host_dir, product), "--server", os.path.join(COPY, "..", binary)]
    if not check.startswith("companion"):
        arguments += ["--page-actions", COPY_PAGE_ACTIONS]
    if check.startswith("notes-auth"):
        arguments += ["--keymail", os.path.join(COPY, "..", "keymail-fake")]
    script = f"tools/web-screen-harness/{check.removesuffix('-webkit').replace('-', '_')}_check.py"
    if check.endswith("-webkit"):
        return ["scripts/webkit-run.sh", script, "--engine", "webkit"] + arguments
    return ["python3", script] + arguments


def build_and_check(label: str, checks: tuple[str, ...], first_fail: bool) -> tuple[list[tuple[str, bool, str]], float, float]:
    """Builds what ``checks`` need once, then runs them side by side (a Chromium check and its
    WebKit twin share the built host and servers; each waits mostly on its engine, and each
    starts its own servers on ports of their own). With ``first_fail`` each check ends at its first
    FAIL ($WEB_SCREEN_FIRST_FAIL, harness_common.FirstFailure). Returns (check, passed, log) in
    order, and the seconds the build and the checks took."""
    started = time.monotonic()
    built: set = set()
    for check in checks:
        build(label, check, built)
    built_at = time.monotonic()
    environment = dict(os.environ, WEB_SCREEN_HANG_GUARD=HANG_GUARD_SECONDS)
    environment.pop("WEB_SCREEN_FIRST_FAIL", None)
    if first_fail:
        environment["WEB_SCREEN_FIRST_FAIL"] = "1"
    running = []
    for check in checks:
        log = os.path.join(LOGS, f"{slug(label, check)}-check.log")
        handle = open(log, "w")
        process = subprocess.Popen(check_command(check), cwd=COPY, stdout=handle, stderr=subprocess.STDOUT,
                                   env=environment)
        running.append((check, process, handle, log))
    results = []
    for check, process, handle, log in running:
        status = process.wait()
        handle.close()
        results.append((check, status == 0, log))
    return results, built_at - started, time.monotonic() - built_at


def summary(log: str) -> str:
    """A check's own last line (``N passed, M failed …``), or what ended it without one."""
    lines = [line.strip() for line in open(log) if line.strip()]
    return lines[-1] if lines else "no output"


def main() -> int:
    started = time.monotonic()
    if not os.path.isfile(PAGE_ACTIONS):
        print(f"browser-mutants: no generated page-actions.js at {PAGE_ACTIONS}; run make notes-page-actions")
        return 1
    if not os.path.isfile(FIXTURE_PAGE_ACTIONS):
        print(f"browser-mutants: no fixture page-actions.js at {FIXTURE_PAGE_ACTIONS}; run make fixture-page-actions")
        return 1
    sync_copy()
    os.makedirs(LOGS, exist_ok=True)
    shutil.copyfile(PAGE_ACTIONS, COPY_PAGE_ACTIONS)
    shutil.copyfile(FIXTURE_PAGE_ACTIONS, COPY_FIXTURE_PAGE_ACTIONS)
    # The baseline runs each check whole (no first-failure stop) and prints its result: make ci
    # runs the browser days (make browser, browser-notes, browser-notes-auth, browser-page-actions
    # and their webkit-* twins) here, on the copy, and nowhere else (docs/contributing.md).
    for pair in BASELINE_PAIRS:
        results, built, checked = build_and_check("baseline", pair, first_fail=False)
        for check, passed, log in results:
            print(f"baseline {check}: {summary(log)} [build {built:.0f} s, checks {checked:.0f} s]")
            if not passed:
                for line in open(log):
                    if line.startswith("FAIL"):
                        print(f"  {line.rstrip()}")
                print(f"browser-mutants: the unchanged copy fails the {check} browser check "
                      f"(each wait capped at {HANG_GUARD_SECONDS} s); see {log}")
                return 1
    print(f"baseline: the unchanged copy passes every check ({', '.join(CHECKS)}), each wait capped at "
          f"{HANG_GUARD_SECONDS} s as the mutants' are")
    survivors = []
    runs = 0
    for name, path, original, broken, *rest in MUTANTS:
        named = rest[0] if rest else "companion"
        target = {GENERATED_PAGE_ACTIONS: COPY_PAGE_ACTIONS, GENERATED_FIXTURE_PAGE_ACTIONS: COPY_FIXTURE_PAGE_ACTIONS}.get(
            path, os.path.join(COPY, path))
        with open(target) as handle:
            text = handle.read()
        if text.count(original) != 1:
            print(f"browser-mutants: '{name}': the line to break is not in {path} exactly once; update scripts/browser-mutants.py")
            return 1
        checks = ENGINES.get(named, (named,))
        runs += len(checks)
        unchanged = os.stat(target)
        try:
            with open(target, "w") as handle:
                handle.write(text.replace(original, broken))
            results, built, checked = build_and_check(name, checks, first_fail=True)
        finally:
            # Restored in place (same inode) with its old modification time too: a package whose
            # build last saw the unchanged file (the other example's) has nothing to rebuild, and the
            # one that built the mutant sees a time other than the mutant's and rebuilds it.
            with open(target, "w") as handle:
                handle.write(text)
            os.utime(target, ns=(unchanged.st_atime_ns, unchanged.st_mtime_ns))
        for check, passed, log in results:
            failures = [line.strip() for line in open(log) if line.startswith("FAIL")]
            if passed:
                survivors.append(f"{name} [{check}]")
                print(f"SURVIVED {name} ({path}) [{check}]")
            else:
                print(f"caught   {name} ({path}) [{check}]: {failures[0][:160] if failures else summary(log)[:160]} "
                      f"[build {built:.0f} s, checks {checked:.0f} s]")
    elapsed = time.monotonic() - started
    print(f"{runs - len(survivors)} passed, {len(survivors)} failed ({elapsed:.0f} s: mutant runs caught / survived; "
          f"{len(MUTANTS)} mutants, each in Chromium and WebKit unless marked for one, the two side by side)")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
