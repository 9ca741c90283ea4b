#!/usr/bin/env python3
"""Self-test of scripts/docs-check.py on a throwaway repository (part of `make docs-check`).

Each case is a tiny git repository whose docs hold one kind of break (or none); docs-check must
fail on every break, with the message that names it, and pass the clean one, listing its skip.
Runs in a temporary folder under $TMPDIR, removed at the end; takes about a second.
"""
import os
import shutil
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "docs-check.py")
MAKEFILE = "install:\n\tmkdir -p \"$(PREFIX)/bin\"\n\tprintf '#!/bin/sh\\necho tool $$*\\n' > \"$(PREFIX)/bin/tool\"\n" \
    "\tchmod +x \"$(PREFIX)/bin/tool\"\n"

# (name, README.md, expected exit status, texts the output must contain)
CASES = [
    ("clean", """# ok
<!-- docs-check: skip needs a Mac -->
```sh
xcodebuild
```
<!-- docs-check: expect-output "tool hello" -->
```sh
tool hello
```
<!-- docs-check: expect-exit 3 -->
```bash
exit 3
```
<!-- docs-check: replace "<NAME>" "world" -->
```console
$ echo "hi <NAME>"
hi world
```
""", 0, ["SKIPPED: README.md:3 (needs a Mac)", "ok:      README.md:7", "3 block(s) ran, 0 failed, 1 SKIPPED"]),
    ("a failing command", "```sh\ntool ok\nfalse\necho never\n```\n", 1,
     ["FAILED:  README.md:1: exited 1, expected 0"]),
    ("a contradicted expectation", '<!-- docs-check: expect-output "tool bye" -->\n```sh\ntool hello\n```\n', 1,
     ["output does not contain 'tool bye'"]),
    ("console output that is not printed", "```console\n$ echo one\ntwo\n```\n", 1,
     ["console output line 'two' not printed"]),
    ("a file left where git sees it", "```sh\necho x > stray.txt\n```\n", 1,
     ["README.md: its commands left files git sees", "?? stray.txt"]),
    ("a skip without a reason", "<!-- docs-check: skip -->\n```sh\ntrue\n```\n", 1, ["needs a reason"]),
    ("an unknown directive", "<!-- docs-check: expect-ouput \"x\" -->\n```sh\ntrue\n```\n", 1,
     ["unknown docs-check directive"]),
    ("a directive away from its block", "<!-- docs-check: skip Mac -->\ntext\n```sh\ntrue\n```\n", 1,
     ["must be right above a shell block"]),
]


def make_repo(folder, readme):
    os.makedirs(os.path.join(folder, "docs"))
    for name, text in (("README.md", readme), ("SKILL.md", "# skill\n"), ("docs/a.md", "# a\n"),
                       ("Makefile", MAKEFILE)):
        with open(os.path.join(folder, name), "w") as file:
            file.write(text)
    git = ["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "docs"], check=True)


def main():
    work = tempfile.mkdtemp(prefix="docs-check-selftest-")
    failures = 0
    try:
        for index, (name, readme, status, texts) in enumerate(CASES):
            repo = os.path.join(work, f"case{index}")
            make_repo(repo, readme)
            result = subprocess.run([sys.executable, CHECK, repo], stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
            missing = [text for text in texts if text not in result.stdout]
            if result.returncode != status or missing:
                failures += 1
                print(f"docs-check-selftest: FAILED: {name}: exit {result.returncode} (expected {status}); "
                      f"missing {missing}\n{result.stdout}")
            elif os.environ.get("VERBOSE"):
                print(f"docs-check-selftest: ok: {name} (exit {status})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"docs-check-selftest: {len(CASES) - failures}/{len(CASES)} cases as expected: "
          + ", ".join(case[0] for case in CASES) + " (VERBOSE=1 lists each)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
