package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
)

// loadError is a package that cannot be checked (exit 2).
type loadError struct{ msg string }

func (e *loadError) Error() string { return e.msg }

// Load parses and type-checks the package in dir as gomobile builds it for
// iOS: GOOS=ios, GOARCH=arm64, cgo on, test files left out. Imports are
// type-checked from source (stdlib only; GOPROXY is never needed).
func Load(dir string) (*token.FileSet, *types.Package, error) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "ios", "arm64", true
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil, nil, &loadError{fmt.Sprintf("%s: no Go files to check (is this the package directory gomobile bind is given?)", dir)}
		}
		return nil, nil, &loadError{fmt.Sprintf("%s: cannot read the package: %v", dir, err)}
	}
	if bp.Name == "main" {
		return nil, nil, &loadError{fmt.Sprintf("%s: package main cannot be bound; gomobile bind needs a library package", dir)}
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range append(append([]string{}, bp.GoFiles...), bp.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, &loadError{fmt.Sprintf("%s: cannot parse: %v", dir, err)}
		}
		files = append(files, f)
	}
	var typeErrs []string
	conf := types.Config{
		Importer:    importer.ForCompiler(fset, "source", nil),
		FakeImportC: true,
		Error: func(err error) {
			if len(typeErrs) < 10 {
				typeErrs = append(typeErrs, err.Error())
			}
		},
	}
	pkg, _ := conf.Check(bp.Name, fset, files, nil)
	if len(typeErrs) > 0 {
		return nil, nil, &loadError{fmt.Sprintf("%s: the package does not type-check, so it cannot be bound either:\n  %s", dir, strings.Join(typeErrs, "\n  "))}
	}
	return fset, pkg, nil
}
