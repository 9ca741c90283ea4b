// Command gomobile-check is a pre-flight for `gomobile bind` that runs
// without a Mac: it reports every exported declaration of a Go package that
// gomobile would reject, skip silently, or drop without a trace, and the
// New<T> initialiser trap. Each finding is one line:
//
//	file:line: severity: declaration: what breaks the rule (rule-id): what to do
//
// Usage:
//
//	gomobile-check [--warn-only] <package dir>
//
// Exit status: 0 when nothing is reported (or --warn-only), 1 when anything
// is reported, 2 for a usage error or a package that cannot be checked.
// The rules are those of docs/go-mobile.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: gomobile-check [--warn-only] <package dir>

Reports every exported declaration of the Go package in <package dir> that
gomobile bind would reject, skip, or drop without a trace, as
  file:line: severity: declaration: detail (rule): advice
Severities: reject (gobind fails or its Go does not compile), skipped (a
"// skipped" comment only), dropped (no trace at all), trap (binds, but not as
expected).

Exit status: 0 clean, 1 findings, 2 usage error or package not checkable.
  --warn-only   report findings but exit 0
`

// run is the whole command, testable: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gomobile-check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	warnOnly := fs.Bool("warn-only", false, "report findings but exit 0")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		fmt.Fprintf(stderr, "gomobile-check: %v\n%s", err, usage)
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "gomobile-check: expected exactly one package directory, got %d\n%s", fs.NArg(), usage)
		return 2
	}
	dir := fs.Arg(0)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		fmt.Fprintf(stderr, "gomobile-check: %s is not a directory; give the directory of the Go package you bind\n", dir)
		return 2
	}
	fset, pkg, err := Load(dir)
	if err != nil {
		fmt.Fprintf(stderr, "gomobile-check: %v\n", err)
		return 2
	}
	findings := Check(fset, pkg)
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
	}
	if len(findings) == 0 {
		fmt.Fprintf(stderr, "gomobile-check: %s: package %s binds cleanly (no findings)\n", dir, pkg.Name())
		return 0
	}
	fmt.Fprintf(stderr, "gomobile-check: %s: %d finding(s) in package %s\n", dir, len(findings), pkg.Name())
	if *warnOnly {
		return 0
	}
	return 1
}
