#!/usr/bin/env python3
"""make docs-check: every shell block in README.md, SKILL.md and docs/*.md runs as written.

A fresh clone of the committed HEAD is made in a temporary folder (under $TMPDIR). There,
`make install` puts the command line tools into a temporary PREFIX whose bin/ is first on PATH
(so the docs' bare `rastrillo-native …` commands run as they would after the README's install
step). Then each document's ```sh / ```bash / ```console blocks run in order, each from the
clone's root, in one `bash -e -o pipefail` per block. Documents run in the order above, in the
same clone.

The convention (also in docs/contributing.md): HTML comments on the lines just above a block,

  <!-- docs-check: skip <reason> -->        not run; listed as SKIPPED with the reason
  <!-- docs-check: expect-exit N -->        the block must exit N (default 0)
  <!-- docs-check: expect-output "text" --> the block's output (stdout and stderr) must contain text
  <!-- docs-check: replace "from" "to" -->  run the block with `from` replaced by `to` (placeholders)

and in ```console blocks, lines starting with "$ " are the commands and the other lines are
output that must appear, in order. A block that fails, or whose output contradicts an
expectation next to it, fails the check; so does a document that leaves files git sees in the
clone (example output belongs in ignored paths), and a directive that is not understood.

Exit status 0 when every block ran as documented (skips are listed, never counted as passes),
1 otherwise, 2 on a usage error. DOCS_CHECK_KEEP=1 keeps the temporary folder for a look.
scripts/docs-check-selftest.py shows that it fails on broken blocks (part of make docs-check).
"""
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

SHELL_LANGUAGES = {"sh", "bash", "shell", "console"}
DIRECTIVE = re.compile(r"^<!--\s*docs-check:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)\s*([A-Za-z0-9_+-]*)")


class DocsError(Exception):
    pass


class Block:
    def __init__(self, path, line, language, text, directives):
        self.path, self.line, self.language, self.text = path, line, language, text
        self.skip = None
        self.exit = 0
        self.outputs = []
        self.replacements = []
        for directive in directives:
            self.apply(directive)

    def where(self):
        return f"{self.path}:{self.line}"

    def apply(self, directive):
        keyword, _, rest = directive.partition(" ")
        rest = rest.strip()
        if keyword == "skip":
            if not rest:
                raise DocsError(f"{self.where()}: 'docs-check: skip' needs a reason, e.g. <!-- docs-check: skip needs a Mac -->")
            self.skip = rest
            return
        try:
            words = shlex.split(rest)
        except ValueError as error:
            raise DocsError(f"{self.where()}: docs-check directive '{directive}': {error}")
        if keyword == "expect-exit" and len(words) == 1 and words[0].isdigit():
            self.exit = int(words[0])
        elif keyword == "expect-output" and len(words) == 1:
            self.outputs.append(words[0])
        elif keyword == "replace" and len(words) == 2:
            if words[0] not in self.text:
                raise DocsError(f"{self.where()}: 'docs-check: replace' text {words[0]!r} is not in the block below it")
            self.replacements.append((words[0], words[1]))
        else:
            raise DocsError(
                f"{self.where()}: unknown docs-check directive '{directive}'; use skip <reason>, expect-exit N, "
                'expect-output "text" or replace "from" "to" (scripts/docs-check.py)')

    def script(self):
        text = self.text
        for old, new in self.replacements:
            text = text.replace(old, new)
        if self.language != "console":
            return text, []
        commands, expected = [], []
        for line in text.splitlines():
            if line.startswith("$ "):
                commands.append(line[2:])
            elif line.strip():
                expected.append(line)
        return "\n".join(commands) + "\n", expected


def closes(line, marker):
    """Whether line closes a fence opened with marker (the same character, at least as many)."""
    text = line.strip()
    return len(text) >= len(marker) and set(text) == {marker[0]}


def blocks_of(full_path, path):
    """The shell blocks of one Markdown file (shown as path), with the directives just above each."""
    lines = open(full_path, encoding="utf-8").read().splitlines()
    blocks, pending, index = [], [], 0
    while index < len(lines):
        line = lines[index]
        match = DIRECTIVE.match(line.strip())
        if match:
            pending.append(match.group(1))
            index += 1
            continue
        fence = FENCE.match(line)
        if fence and fence.group(1).startswith("`") and "`" in line[len(fence.group(1)):]:
            fence = None  # CommonMark: a backtick fence's info string has no backtick (this is inline code)
        if not fence:
            if line.strip() and pending and not line.strip().startswith("<!--"):
                raise DocsError(f"{path}:{index + 1}: a docs-check directive must be right above a shell block")
            index += 1
            continue
        marker, language, start = fence.group(1), fence.group(2).lower(), index + 1
        body = []
        index += 1
        while index < len(lines) and not closes(lines[index], marker):
            body.append(lines[index])
            index += 1
        index += 1
        if language in SHELL_LANGUAGES:
            blocks.append(Block(path, start, language, "\n".join(body) + "\n", pending))
        elif pending:
            raise DocsError(f"{path}:{start}: a docs-check directive is above a ```{language} block, not a shell block")
        pending = []
    if pending:
        raise DocsError(f"{path}: a docs-check directive at the end of the file has no block below it")
    return blocks


def run_block(block, clone, env):
    script, console_output = block.script()
    process = subprocess.Popen(["bash", "-e", "-o", "pipefail", "-c", script], cwd=clone, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = process.communicate()
    finally:
        # A block must not leave processes behind: end whatever it started.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    problems = []
    if process.returncode != block.exit:
        problems.append(f"exited {process.returncode}, expected {block.exit}")
    for text in block.outputs:
        if text not in output:
            problems.append(f"output does not contain {text!r}")
    position = 0
    out_lines = output.splitlines()
    for expected in console_output:
        while position < len(out_lines) and out_lines[position].rstrip() != expected.rstrip():
            position += 1
        if position == len(out_lines):
            problems.append(f"console output line {expected!r} not printed (in this order)")
            break
        position += 1
    return output, problems


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, stdout=subprocess.PIPE, text=True).stdout


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and not os.path.isdir(os.path.join(argv[1], "docs"))):
        print("usage: scripts/docs-check.py [<checkout with README.md, SKILL.md, docs/>]   (default: this one)",
              file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1]) if len(argv) == 2 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    documents = ["README.md", "SKILL.md"] + sorted(
        os.path.join("docs", name) for name in os.listdir(os.path.join(root, "docs")) if name.endswith(".md"))
    try:
        plan = [(document, blocks_of(os.path.join(root, document), document)) for document in documents]
    except DocsError as error:
        print(f"docs-check: {error}", file=sys.stderr)
        return 1
    head = git("rev-parse", "HEAD", cwd=root).strip()
    if git("status", "--porcelain", "--untracked-files=no", cwd=root).strip():
        print(f"docs-check: note: uncommitted changes are not checked; the clone is HEAD {head[:12]}")
    work = tempfile.mkdtemp(prefix="docs-check-")
    try:
        return check(root, head, work, plan)
    finally:
        if os.environ.get("DOCS_CHECK_KEEP") == "1":
            print(f"docs-check: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def check(root, head, work, plan):
    clone = os.path.join(work, "clone")
    prefix = os.path.join(work, "prefix")
    subprocess.run(["git", "clone", "--quiet", "--shared", "--no-checkout", root, clone], check=True)
    git("checkout", "--quiet", "--detach", head, cwd=clone)
    env = dict(os.environ)
    env["PATH"] = os.path.join(prefix, "bin") + os.pathsep + env.get("PATH", "")
    env["PREFIX"] = prefix
    # What the blocks and the toolchain put in TMPDIR (SwiftPM's lock files, swift-driver's
    # folders) goes inside the work folder and is removed with it.
    env["TMPDIR"] = os.path.join(work, "tmp")
    os.makedirs(env["TMPDIR"])
    # `make install` builds release by default; here it reuses the debug build the `swift run`
    # blocks need (make ci's companion-release-gate compiles the release build).
    env["INSTALL_CONFIGURATION"] = "debug"
    for name in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        env.pop(name, None)
    print(f"docs-check: fresh clone of {head[:12]} in {clone}; make install PREFIX={prefix}")
    setup = subprocess.run(["make", "install"], cwd=clone, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    if setup.returncode != 0:
        print(setup.stdout[-4000:])
        print("docs-check: FAILED: make install in the clone failed", file=sys.stderr)
        return 1
    failures, ran, skipped = [], 0, []
    for document, blocks in plan:
        for block in blocks:
            if block.skip:
                skipped.append(block)
                print(f"SKIPPED: {block.where()} ({block.skip})")
                continue
            output, problems = run_block(block, clone, env)
            ran += 1
            if problems:
                failures.append(block)
                print(f"FAILED:  {block.where()}: {'; '.join(problems)}")
                print("  | " + block.script()[0].rstrip().replace("\n", "\n  | "))
                print("  output:")
                print("    " + output.rstrip()[-4000:].replace("\n", "\n    "))
            else:
                print(f"ok:      {block.where()}")
        dirty = git("status", "--porcelain", cwd=clone).strip()
        if dirty:
            failures.append(document)
            print(f"FAILED:  {document}: its commands left files git sees (write example output to an ignored path):")
            print("    " + dirty.replace("\n", "\n    "))
            subprocess.run(["git", "clean", "-fdq"], cwd=clone, check=True)
            subprocess.run(["git", "checkout", "--quiet", "--", "."], cwd=clone, check=True)
    print(f"docs-check: {ran} block(s) ran, {len(failures)} failed, {len(skipped)} SKIPPED (listed above with reasons)")
    return 1 if failures or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
