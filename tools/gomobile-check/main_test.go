package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func writePackage(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestExitStatus(t *testing.T) {
	dirty := writePackage(t, "package p\n\nfunc F(n uint) {}\n")
	clean := writePackage(t, "package p\n\nfunc F(n int64) (string, error) { return \"\", nil }\n")
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{"finding", []string{dirty}, 1, "p.go:3: skipped: func F(n uint): parameter n: type uint (unsigned)", "1 finding(s)"},
		{"warn-only", []string{"--warn-only", dirty}, 0, "(unsigned)", "1 finding(s)"},
		{"warn-only single dash", []string{"-warn-only", dirty}, 0, "(unsigned)", "1 finding(s)"},
		{"clean", []string{clean}, 0, "", "binds cleanly"},
		{"no args", nil, 2, "", "expected exactly one package directory, got 0"},
		{"two dirs", []string{clean, dirty}, 2, "", "expected exactly one package directory, got 2"},
		{"unknown flag", []string{"--strict", clean}, 2, "", "flag provided but not defined: -strict"},
		{"not a dir", []string{filepath.Join(clean, "p.go")}, 2, "", "is not a directory"},
		{"missing dir", []string{filepath.Join(clean, "nope")}, 2, "", "is not a directory"},
		{"help", []string{"--help"}, 0, "usage: gomobile-check", ""},
	}
	for _, c := range cases {
		code, stdout, stderr := runCmd(c.args...)
		if code != c.code || !strings.Contains(stdout, c.stdout) || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%s: exit %d (want %d)\nstdout: %s\nstderr: %s", c.name, code, c.code, stdout, stderr)
		}
		if c.code == 0 && c.stdout == "" && stdout != "" {
			t.Errorf("%s: expected no findings, got %s", c.name, stdout)
		}
	}
}

func TestUncheckablePackages(t *testing.T) {
	cases := []struct {
		name, src, stderr string
	}{
		{"package main", "package main\n\nfunc main() {}\n", "package main cannot be bound"},
		{"type error", "package p\n\nfunc F() int64 { return \"x\" }\n", "does not type-check"},
		{"syntax error", "package p\n\nfunc F( {\n", "cannot"},
	}
	for _, c := range cases {
		code, stdout, stderr := runCmd(writePackage(t, c.src))
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", c.name, code, stdout, stderr, c.stderr)
		}
	}
	code, _, stderr := runCmd(t.TempDir())
	if code != 2 || !strings.Contains(stderr, "no Go files") {
		t.Errorf("empty dir: exit %d, stderr %q", code, stderr)
	}
}

// TestBuildConstraints: files are selected as gomobile builds them for iOS
// (test files and other platforms' files are left out).
func TestBuildConstraints(t *testing.T) {
	dir := writePackage(t, "package p\n\nfunc Shared() int64 { return 0 }\n")
	files := map[string]string{
		"p_linux.go":  "package p\n\nfunc LinuxOnly(n uint) {}\n",
		"p_ios.go":    "package p\n\nfunc IOSOnly(n uint16) {}\n",
		"p_darwin.go": "package p\n\nfunc DarwinToo(n uint32) {}\n",
		"p_test.go":   "package p\n\nfunc TestOnly(n uint64) {}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, _ := runCmd(dir)
	if code != 1 || !strings.Contains(stdout, "IOSOnly") || !strings.Contains(stdout, "DarwinToo") ||
		strings.Contains(stdout, "LinuxOnly") || strings.Contains(stdout, "TestOnly") {
		t.Errorf("exit %d, findings:\n%s", code, stdout)
	}
}

// TestForeignMethodsReportedAtTheType: methods promoted or embedded from
// another package are reported at the exported type that exposes them.
func TestForeignMethodsReportedAtTheType(t *testing.T) {
	dir := writePackage(t, `package p

import (
	"io"
	"strings"
)

type Buffer struct {
	strings.Builder
}

type Source interface {
	io.Reader
}

type Lines interface {
	interface{ Split(sep string) []string }
}
`)
	code, stdout, _ := runCmd(dir)
	for _, want := range []string{
		"p.go:8: trap: func (*Buffer) Write(p []byte) (int, error) (promoted from strings): result 1: type int (int-width)",
		"p.go:9: skipped: field Buffer.Builder strings.Builder: type strings.Builder is from package strings (unbound-package)",
		"p.go:12: trap: method Source.Read(p []byte) (n int, err error) (embedded from io): result 1: type int (int-width)",
		"p.go:17: skipped: method Lines.Split(sep string) []string: result 1: type []string (slice)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in:\n%s", want, stdout)
		}
	}
	if code != 1 {
		t.Errorf("exit %d", code)
	}
}
