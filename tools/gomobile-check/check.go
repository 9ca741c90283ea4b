package main

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Finding is one declaration that breaks one rule.
type Finding struct {
	Pos    token.Position
	Rule   Rule
	Decl   string // the declaration, as Go source would spell it
	Detail string // what in the declaration breaks the rule
}

// String formats the finding as `file:line: severity: declaration: rule`.
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d: %s: %s: %s (%s): %s", f.Pos.Filename, f.Pos.Line, f.Rule.Severity, f.Decl,
		f.Detail, f.Rule.ID, f.Rule.Advice)
}

// checker applies the rules to one type-checked package, the only package
// bound in the gomobile invocation.
type checker struct {
	fset     *token.FileSet
	pkg      *types.Package
	qual     types.Qualifier
	findings []Finding
}

// Check returns the findings for pkg, sorted by file, line and rule.
func Check(fset *token.FileSet, pkg *types.Package) []Finding {
	c := &checker{fset: fset, pkg: pkg, qual: types.RelativeTo(pkg)}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			c.checkFunc(obj)
		case *types.Const:
			c.checkConst(obj)
		case *types.Var:
			c.checkValue(obj.Pos(), "var "+obj.Name()+" "+c.typeString(obj.Type()), obj.Type())
		case *types.TypeName:
			c.checkTypeName(obj)
		}
	}
	sort.SliceStable(c.findings, func(i, j int) bool {
		a, b := c.findings[i], c.findings[j]
		if a.Pos.Filename != b.Pos.Filename {
			return a.Pos.Filename < b.Pos.Filename
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Decl != b.Decl {
			return a.Decl < b.Decl
		}
		return ruleIndex(a.Rule.ID) < ruleIndex(b.Rule.ID)
	})
	return c.findings
}

func (c *checker) report(pos token.Pos, decl, ruleID, detail string) {
	c.findings = append(c.findings, Finding{Pos: c.fset.Position(pos), Rule: ruleByID(ruleID), Decl: decl, Detail: detail})
}

func (c *checker) typeString(t types.Type) string { return types.TypeString(t, c.qual) }

// signatureString spells a signature without its leading "func".
func (c *checker) signatureString(sig *types.Signature) string {
	return strings.TrimPrefix(types.TypeString(sig, c.qual), "func")
}

func (c *checker) checkFunc(fn *types.Func) {
	sig := fn.Type().(*types.Signature)
	decl := "func " + fn.Name() + c.signatureString(sig)
	c.checkSignature(fn.Pos(), decl, sig)
	c.checkInitialiserTrap(fn, decl, sig)
}

// checkSignature applies the rules for functions, methods and interface
// methods. Every broken rule is reported, so one pass shows all there is to
// fix (gobind itself stops at the first that applies).
func (c *checker) checkSignature(pos token.Pos, decl string, sig *types.Signature) {
	if sig.TypeParams().Len() > 0 {
		c.report(pos, decl, "generic-func", "it has type parameters")
		return
	}
	params, results := sig.Params(), sig.Results()
	for _, tuple := range []*types.Tuple{params, results} {
		for i := 0; i < tuple.Len(); i++ {
			if name, ok := unexportedName(tuple.At(i).Type()); ok {
				c.report(pos, decl, "unexported-type", "it mentions unexported type "+name)
				return
			}
		}
	}
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if sig.Variadic() && i == params.Len()-1 {
			c.report(pos, decl, "variadic", "parameter "+paramName(params.At(i), i)+" is variadic")
			continue
		}
		if id, detail := c.typeProblem(t); id != "" {
			c.report(pos, decl, id, "parameter "+paramName(params.At(i), i)+": "+detail)
		}
	}
	for i := 0; i < results.Len(); i++ {
		if id, detail := c.typeProblem(results.At(i).Type()); id != "" {
			c.report(pos, decl, id, fmt.Sprintf("result %d: %s", i+1, detail))
		}
	}
	if results.Len() == 2 && isError(results.At(1).Type()) && isBytes(results.At(0).Type()) {
		c.report(pos, decl, "empty-bytes-result", "it returns ([]byte, error)")
	}
	switch {
	case results.Len() > 2:
		c.report(pos, decl, "result-count", fmt.Sprintf("it has %d results", results.Len()))
	case results.Len() == 2 && !isError(results.At(1).Type()):
		c.report(pos, decl, "second-result", "its second result is "+c.typeString(results.At(1).Type())+", not error")
	}
}

func paramName(v *types.Var, i int) string {
	if v.Name() != "" && v.Name() != "_" {
		return v.Name()
	}
	return fmt.Sprintf("#%d", i+1)
}

// checkInitialiserTrap reports New<T>… functions returning (*T, error):
// gobind's constructor rule (name prefix "New"+T, result *T or (*T, error)).
func (c *checker) checkInitialiserTrap(fn *types.Func, decl string, sig *types.Signature) {
	res := sig.Results()
	if sig.TypeParams().Len() > 0 || res.Len() != 2 || !isError(res.At(1).Type()) {
		return
	}
	ptr, ok := types.Unalias(res.At(0).Type()).(*types.Pointer)
	if !ok {
		return
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pkg || !named.Obj().Exported() {
		return
	}
	if _, isStruct := named.Underlying().(*types.Struct); isStruct && strings.HasPrefix(fn.Name(), "New"+named.Obj().Name()) {
		c.report(fn.Pos(), decl, "init-trap", "it becomes an initialiser of "+named.Obj().Name())
	}
}

func (c *checker) checkConst(k *types.Const) {
	decl := "const " + k.Name() + " " + c.typeString(k.Type())
	basic, ok := k.Type().(*types.Basic)
	if !ok {
		c.report(k.Pos(), decl, "typed-constant", "its type "+c.typeString(k.Type())+" is a named type")
		return
	}
	if id, detail := c.typeProblem(basic); id != "" {
		c.report(k.Pos(), decl, id, detail)
		return
	}
	if basic.Info()&types.IsInteger != 0 {
		if _, exact := constant.Int64Val(k.Val()); !exact {
			c.report(k.Pos(), decl, "const-overflow", "its value "+k.Val().ExactString()+" does not fit in int64")
		}
	}
}

// checkValue applies the type rules to an exported field or variable.
func (c *checker) checkValue(pos token.Pos, decl string, t types.Type) {
	if name, ok := unexportedName(t); ok {
		c.report(pos, decl, "unexported-field", "its type mentions unexported type "+name)
		return
	}
	if id, detail := c.typeProblem(t); id != "" {
		c.report(pos, decl, id, detail)
	}
}

func (c *checker) checkTypeName(tn *types.TypeName) {
	if tn.IsAlias() {
		return // an alias binds (or not) as the type it names
	}
	named := tn.Type().(*types.Named)
	switch u := named.Underlying().(type) {
	case *types.Struct:
		if named.TypeParams().Len() > 0 {
			c.report(tn.Pos(), "type "+tn.Name()+typeParamsString(named, c.qual)+" struct", "generic-type", "it has type parameters")
			return
		}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if f.Exported() {
				c.checkValue(f.Pos(), "field "+tn.Name()+"."+f.Name()+" "+c.typeString(f.Type()), f.Type())
			}
		}
		c.checkMethods(tn, named)
	case *types.Interface:
		if named.TypeParams().Len() > 0 {
			c.report(tn.Pos(), "type "+tn.Name()+typeParamsString(named, c.qual)+" interface", "generic-type", "it has type parameters")
			return
		}
		if !u.IsMethodSet() {
			return // a constraint, not a type a value can have
		}
		for i := 0; i < u.NumMethods(); i++ {
			m := u.Method(i)
			if m.Exported() {
				sig := m.Type().(*types.Signature)
				pos, decl := m.Pos(), "method "+tn.Name()+"."+m.Name()+c.signatureString(sig)
				if m.Pkg() != c.pkg {
					pos, decl = tn.Pos(), decl+" (embedded from "+m.Pkg().Path()+")"
				}
				c.checkSignature(pos, decl, sig)
			}
		}
	default:
		c.report(tn.Pos(), "type "+tn.Name()+typeParamsString(named, c.qual)+" "+c.typeString(u), "named-non-struct",
			"its underlying type is "+c.typeString(u))
	}
}

// checkMethods checks the exported methods of *T (gobind binds the method
// set of the pointer). Promoted methods declared elsewhere are reported at
// the type.
func (c *checker) checkMethods(tn *types.TypeName, named *types.Named) {
	mset := types.NewMethodSet(types.NewPointer(named))
	for i := 0; i < mset.Len(); i++ {
		m, ok := mset.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() {
			continue
		}
		sig := m.Type().(*types.Signature)
		decl := "func (*" + tn.Name() + ") " + m.Name() + c.signatureString(sig)
		pos := m.Pos()
		if m.Pkg() != c.pkg {
			pos = tn.Pos()
			decl += " (promoted from " + m.Pkg().Path() + ")"
		}
		c.checkSignature(pos, decl, sig)
	}
}

func typeParamsString(named *types.Named, qual types.Qualifier) string {
	tps := named.TypeParams()
	if tps.Len() == 0 {
		return ""
	}
	parts := make([]string, tps.Len())
	for i := range parts {
		tp := tps.At(i)
		parts[i] = tp.Obj().Name() + " " + types.TypeString(tp.Constraint(), qual)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// typeProblem mirrors gobind's isSupported: it returns the rule a type
// breaks, or "" when the type crosses the boundary.
func (c *checker) typeProblem(t types.Type) (ruleID, detail string) {
	t = types.Unalias(t)
	if isError(t) {
		return "", ""
	}
	ts := c.typeString(t)
	switch t := t.(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.Int:
			return "int-width", "type int"
		case types.Bool, types.UntypedBool, types.Int8, types.Int16, types.Int32, types.Int64,
			types.UntypedInt, types.UntypedRune, types.Uint8, types.Float32, types.Float64, types.UntypedFloat,
			types.String, types.UntypedString:
			return "", ""
		case types.Uint, types.Uint16, types.Uint32, types.Uint64, types.Uintptr:
			return "unsigned", "type " + ts
		case types.Complex64, types.Complex128, types.UntypedComplex:
			return "complex", "type " + ts
		case types.UnsafePointer:
			return "unsafe-pointer", "type " + ts
		}
		panic("gomobile-check: unexpected basic type " + ts) // only invalid types remain; Load refuses those
	case *types.Slice:
		if isBytes(t) {
			return "", ""
		}
		return "slice", "type " + ts
	case *types.Array:
		return "array", "type " + ts
	case *types.Map:
		return "map", "type " + ts
	case *types.Chan:
		return "chan", "type " + ts
	case *types.Signature:
		return "func-value", "type " + ts
	case *types.Interface:
		return "unnamed-interface", "type " + ts
	case *types.Struct:
		return "unnamed-struct", "type " + ts
	case *types.TypeParam:
		return "generic-func", "type parameter " + ts
	case *types.Pointer:
		named, ok := types.Unalias(t.Elem()).(*types.Named)
		if !ok {
			return "pointer-shape", "type " + ts + " points to an unnamed type"
		}
		if named.Obj().Pkg() != c.pkg {
			return "unbound-package", "type " + ts + " is from package " + pkgPath(named)
		}
		switch named.Underlying().(type) {
		case *types.Struct, *types.Interface:
			return "", ""
		}
		return "named-non-struct", "type " + ts + " points to a named non-struct type"
	case *types.Named:
		if named := t; named.Obj().Pkg() != c.pkg {
			return "unbound-package", "type " + ts + " is from package " + pkgPath(named)
		}
		switch t.Underlying().(type) {
		case *types.Interface:
			return "", ""
		case *types.Struct:
			return "struct-by-value", "type " + ts + " is a struct passed by value"
		}
		return "named-non-struct", "type " + ts + " is a named non-struct type"
	}
	panic("gomobile-check: unexpected type " + ts) // go/types has no other kinds
}

func pkgPath(named *types.Named) string {
	if p := named.Obj().Pkg(); p != nil {
		return p.Path()
	}
	return "(builtin)"
}

func isError(t types.Type) bool {
	return types.Identical(types.Unalias(t), types.Universe.Lookup("error").Type())
}

// unexportedName mirrors gobind's isExported: a named type, or a pointer
// to one, whose name is unexported. Such a signature is dropped silently.
func unexportedName(t types.Type) (string, bool) {
	t = types.Unalias(t)
	if isError(t) {
		return "", false
	}
	switch t := t.(type) {
	case *types.Named:
		return t.Obj().Name(), !t.Obj().Exported()
	case *types.Pointer:
		return unexportedName(t.Elem())
	}
	return "", false
}

// isBytes reports []byte (a slice of the basic uint8, not of a named type).
func isBytes(t types.Type) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := types.Unalias(s.Elem()).(*types.Basic)
	return ok && b.Kind() == types.Uint8
}
