package main

// Severity says what gomobile does with a declaration that breaks a rule.
type Severity string

const (
	// Reject: gobind exits non-zero, or the Go it generates does not compile.
	Reject Severity = "reject"
	// Skipped: gobind exits 0 and leaves only a "// skipped …" comment in the
	// generated header.
	Skipped Severity = "skipped"
	// Dropped: gobind exits 0 and leaves no trace at all.
	Dropped Severity = "dropped"
	// Trap: it binds, but not the way a Swift caller would expect.
	Trap Severity = "trap"
)

// Rule is one gomobile binding rule (from docs/go-mobile.md and the
// x/mobile sources it cites).
type Rule struct {
	ID       string
	Severity Severity
	// Advice is appended to every finding of the rule: what to do instead.
	Advice string
}

// rules lists every rule, in the order findings on one line are printed.
// Each has a declaration in testdata/fixture (TestEveryRuleHasAFixture).
var rules = []Rule{
	{"result-count", Reject, "gomobile allows (), (T), (error) or (T, error); return a *struct for several values"},
	{"second-result", Reject, "a second result must be error"},
	{"const-overflow", Reject, "integer constants must fit in int64"},
	{"generic-type", Reject, "gobind passes a generic type, then its generated Go does not compile (golang/go#64486); declare a concrete type"},
	{"unexported-type", Dropped, "a function or method whose signature mentions an unexported type is dropped without any trace; export the type or unexport the function"},
	{"unsigned", Skipped, "only byte/uint8 crosses among the unsigned integers; use int64"},
	{"complex", Skipped, "complex numbers do not cross; pass the parts as float64"},
	{"unsafe-pointer", Skipped, "unsafe.Pointer does not cross"},
	{"map", Skipped, "maps do not cross; use a *struct with methods, or encode to []byte/string"},
	{"chan", Skipped, "channels do not cross; use a callback interface"},
	{"array", Skipped, "arrays do not cross; use []byte or a *struct"},
	{"slice", Skipped, "only []byte crosses among slices; use a *struct with Len/At methods, or encode to []byte/string"},
	{"variadic", Skipped, "a variadic parameter is a slice and does not cross; take a *struct or []byte"},
	{"func-value", Skipped, "func values do not cross; callbacks must be named interfaces"},
	{"unnamed-interface", Skipped, "any and unnamed interfaces do not cross; declare a named interface"},
	{"unnamed-struct", Skipped, "unnamed struct types do not cross; declare a named struct and pass *T"},
	{"struct-by-value", Skipped, "structs cross only as *T (golang/go#27691)"},
	{"pointer-shape", Skipped, "only a pointer to a named struct of the bound package crosses"},
	{"named-non-struct", Skipped, "named non-struct types are not bound (golang/go#27733); use the basic type (int64, string…)"},
	{"typed-constant", Skipped, "constants of a named type are skipped (golang/go#27733); give them a basic type (const X int64 = 1)"},
	{"unbound-package", Skipped, "types from packages outside the bind (time.Time, context.Context…) do not cross; convert at the boundary (int64 Unix milliseconds, a string, a callback interface)"},
	{"generic-func", Skipped, "generic functions are skipped; write a concrete function"},
	{"unexported-field", Trap, "an exported field or variable of an unexported type cannot be used from Swift; export the type or unexport the field"},
	{"int-width", Trap, "Go int crosses as a 32-bit C int on Darwin although the header says long (x/mobile source reading; needs a Mac to observe); use int64"},
	{"empty-bytes-result", Trap, "an empty []byte with a nil error reaches Swift as a failure or crashes (golang/mobile PR #82); return a *struct or a string, or an error instead of an empty slice"},
	{"init-trap", Trap, "New<T>… returning (*T, error) becomes a Swift initialiser that returns nil and drops the error; rename it (e.g. Parse<T>) and call the package function"},
}

func ruleByID(id string) Rule {
	for _, r := range rules {
		if r.ID == id {
			return r
		}
	}
	panic("gomobile-check: unknown rule " + id)
}

func ruleIndex(id string) int {
	for i, r := range rules {
		if r.ID == id {
			return i
		}
	}
	return len(rules)
}
