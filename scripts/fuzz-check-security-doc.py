#!/usr/bin/env python3
"""Fails when docs/security.md cites a name that does not exist: a test suite (…Tests), a fuzz
target (fuzz-<name>), a make step (`make <step>`) or a path (starting with Fuzz/, scripts/,
Tests/, Sources/, docs/ or mk/; `<target>` placeholders are allowed)."""
import pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
doc = (root / "docs/security.md").read_text()
cited = re.findall(r"`([^`]+)`", doc)

suites = set()
for folder in ("Tests", "Fuzz/Tests"):
    for path in (root / folder).rglob("*.swift"):
        suites.update(re.findall(r"(?:struct|class|enum)\s+([A-Za-z0-9_]+Tests)\b", path.read_text()))
fuzz_targets = set(re.findall(r'"([a-z]+)"', re.search(r"let fuzzTargets = \[([^\]]*)\]",
                                                    (root / "Fuzz/Package.swift").read_text()).group(1)))
make_steps = set()
for path in [root / "Makefile", *sorted((root / "mk").glob("*.mk"))]:
    make_steps.update(re.findall(r"^([A-Za-z0-9_-]+):", path.read_text(), re.M))

problems, checked = [], 0
for name in cited:
    if re.fullmatch(r"[A-Z][A-Za-z0-9]*Tests", name):
        checked += 1
        if name not in suites: problems.append(f"test suite {name} is not in Tests/ or Fuzz/Tests/")
    elif re.fullmatch(r"fuzz-[a-z]+", name) and not (root / "scripts" / name).exists():
        checked += 1
        if name[5:] not in fuzz_targets and name not in make_steps:
            problems.append(f"fuzz target {name} is not in Fuzz/Package.swift")
    elif name.startswith("make "):
        checked += 1
        step = name.split()[1]
        if step not in make_steps: problems.append(f"make step {step} is not defined in Makefile or mk/")
    elif re.match(r"(Fuzz|scripts|Tests|Sources|docs|mk)/", name) and " " not in name:
        path = name.split("<")[0].rstrip("/")
        checked += 1
        if not (root / path).exists(): problems.append(f"path {name} does not exist")
for problem in problems:
    print(f"docs/security.md: {problem}")
print(f"security-doc: {checked} cited names checked, {len(problems)} missing")
sys.exit(1 if problems or checked == 0 else 0)
