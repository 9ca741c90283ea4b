#!/usr/bin/env python3
"""Checks the Swift Testing xUnit report of `make swift-oracles` (issue 25).

Usage: check-oracle-run.py <report-swift-testing.xml> <suite>...

The cross-language oracle tests (PyYAML, node, Python servers) are skipped by `swift test`
unless RASTRILLO_ORACLES=1. This run sets it, so every test in the report must have run and
passed: a skipped or failed test fails the step, and so does a named suite without a passing
test (a filter that matched nothing proves nothing).
"""
import sys
import xml.etree.ElementTree as ET


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    report, suites = sys.argv[1], sys.argv[2:]
    cases = ET.parse(report).getroot().iter("testcase")
    passed = {suite: 0 for suite in suites}
    problems = []
    total = 0
    for case in cases:
        total += 1
        name = f"{case.get('classname')}/{case.get('name')}"
        if case.find("skipped") is not None:
            problems.append(f"skipped: {name}")
        elif case.find("failure") is not None or case.find("error") is not None:
            problems.append(f"failed: {name}")
        else:
            for suite in suites:
                if suite in (case.get("classname") or "").split("."):
                    passed[suite] += 1
    for suite, count in passed.items():
        if count == 0:
            problems.append(f"no passing test in suite {suite}")
    for problem in problems:
        print(f"swift-oracles: {problem}")
    if problems:
        print(f"swift-oracles: {len(problems)} problem(s) in {total} test(s): every oracle test must run and pass")
        return 1
    print(f"swift-oracles: {total} tests ran and passed, none skipped (" +
          ", ".join(f"{suite} {count}" for suite, count in passed.items()) + ")")
    return 0


sys.exit(main())
