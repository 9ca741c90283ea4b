package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const fixtureDir = "testdata/fixture"

var loaded = map[string][]Finding{}

// findingsFor loads and checks dir once per test binary (type-checking the
// standard library from source takes a few seconds).
func findingsFor(t *testing.T, dir string) []Finding {
	t.Helper()
	if f, ok := loaded[dir]; ok {
		return f
	}
	fset, pkg, err := Load(dir)
	if err != nil {
		t.Fatalf("Load(%s): %v", dir, err)
	}
	loaded[dir] = Check(fset, pkg)
	return loaded[dir]
}

// TestFixtureMatchesGolden compares every finding line with the golden
// file, both ways: nothing missing, nothing extra, same order.
func TestFixtureMatchesGolden(t *testing.T) {
	want, err := os.ReadFile("testdata/fixture.golden")
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	for _, f := range findingsFor(t, fixtureDir) {
		fmt.Fprintln(&got, f)
	}
	wantLines, gotLines := lines(string(want)), lines(got.String())
	for _, l := range missing(wantLines, gotLines) {
		t.Errorf("missing finding: %s", l)
	}
	for _, l := range missing(gotLines, wantLines) {
		t.Errorf("unexpected finding: %s", l)
	}
	if got.String() != string(want) {
		t.Errorf("output differs from testdata/fixture.golden (order or spacing):\n%s", got.String())
	}
}

// TestFixtureRuleComments checks the findings against the fixture's own
// "// rule: <id>" comments, independently of the golden file: each
// comment's next line has exactly that finding, and no other line has any.
func TestFixtureRuleComments(t *testing.T) {
	path := filepath.Join(fixtureDir, "fixture.go")
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	marker := regexp.MustCompile(`^\s*// rule: ([a-z-]+)`)
	want := map[string]bool{}
	scanner := bufio.NewScanner(file)
	for line := 1; scanner.Scan(); line++ {
		if m := marker.FindStringSubmatch(scanner.Text()); m != nil {
			ruleByID(m[1]) // panics on a misspelt rule id
			want[fmt.Sprintf("%d %s", line+1, m[1])] = true
		}
	}
	got := map[string]bool{}
	for _, f := range findingsFor(t, fixtureDir) {
		if f.Pos.Filename != path {
			t.Errorf("finding in unexpected file: %s", f)
		}
		key := fmt.Sprintf("%d %s", f.Pos.Line, f.Rule.ID)
		if got[key] {
			t.Errorf("duplicate finding %s", key)
		}
		got[key] = true
	}
	for k := range want {
		if !got[k] {
			t.Errorf("fixture comment expects line/rule %s, not reported", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("reported line/rule %s has no fixture comment", k)
		}
	}
}

// TestEveryRuleHasAFixture: each rule is exercised by the fixture.
func TestEveryRuleHasAFixture(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range findingsFor(t, fixtureDir) {
		seen[f.Rule.ID] = true
	}
	for _, r := range rules {
		if !seen[r.ID] {
			t.Errorf("rule %s (%s) has no finding in %s", r.ID, r.Severity, fixtureDir)
		}
	}
	if len(seen) != len(rules) {
		t.Errorf("fixture exercises %d rules, the checker has %d", len(seen), len(rules))
	}
}

// TestExampleIsClean: the bindable example must produce no finding.
func TestExampleIsClean(t *testing.T) {
	for _, f := range findingsFor(t, "../../examples/gomobile") {
		t.Errorf("examples/gomobile: %s", f)
	}
}

func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// missing returns the lines of a that b lacks (as multisets).
func missing(a, b []string) []string {
	count := map[string]int{}
	for _, l := range b {
		count[l]++
	}
	var out []string
	for _, l := range a {
		if count[l] > 0 {
			count[l]--
			continue
		}
		out = append(out, l)
	}
	return out
}
