package companioncore

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

const propertySeed = 20261130

// checkParse states what ParseVersion promises for any input: a refusal
// is a *VersionError with a known problem and no version; an acceptance
// keeps the body exactly, has a known kind, and compares equal to itself
// unless it is a dev build.
func checkParse(t *testing.T, body []byte) {
	t.Helper()
	v, err := ParseVersion(body)
	if err != nil {
		verr, ok := err.(*VersionError)
		if !ok || v != nil || verr.Problem < ProblemEmpty || verr.Problem > ProblemWhitespace || verr.Message == "" {
			t.Fatalf("ParseVersion(%q) = %+v, %#v: a refusal must be a *VersionError with a body problem", body, v, err)
		}
		return
	}
	if v.Raw != string(body) || v.Kind < KindDev || v.Kind > KindOpaque || int64(len(body)) > MaxVersionBytes ||
		!utf8.Valid(body) || strings.ContainsAny(v.Raw, "\r\n\x00") {
		t.Fatalf("ParseVersion(%q) accepted %+v", body, v)
	}
	c, err := v.Compare(v)
	if v.Kind == KindDev {
		if err == nil {
			t.Fatalf("a dev build compared with itself without error")
		}
	} else if err != nil || c != 0 {
		t.Fatalf("Compare(%q, itself) = %d, %v; want 0", body, c, err)
	}
}

// TestParseVersionRandomBodies feeds seeded random bodies built from
// version-like pieces and random bytes.
func TestParseVersionRandomBodies(t *testing.T) {
	rng := rand.New(rand.NewSource(propertySeed))
	t.Logf("seed %d", propertySeed)
	pieces := []string{"v", "1", "0", ".", "-", "g", "a", "f", "dirty", "dev", "rc", "+", "<", "\n", "\x00", " ", "é", "\xff", "12345678"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(12); n > 0; n-- {
			if rng.Intn(8) == 0 {
				b.WriteByte(byte(rng.Intn(256)))
			} else {
				b.WriteString(pieces[rng.Intn(len(pieces))])
			}
		}
		checkParse(t, []byte(b.String()))
	}
}

// TestCompareRandomSemverAntisymmetric checks that Compare on random
// semantic versions and describe outputs is antisymmetric and matches a
// straightforward numeric order on (major, minor, patch, ahead) when there
// is no pre-release.
func TestCompareRandomSemverAntisymmetric(t *testing.T) {
	rng := rand.New(rand.NewSource(propertySeed + 1))
	t.Logf("seed %d", propertySeed+1)
	type key struct{ major, minor, patch, ahead int64 }
	random := func() (string, key) {
		k := key{rng.Int63n(3), rng.Int63n(3), rng.Int63n(3), rng.Int63n(3)}
		s := fmt.Sprintf("v%d.%d.%d", k.major, k.minor, k.patch)
		if k.ahead > 0 {
			s += fmt.Sprintf("-%d-gabc%04x", k.ahead, rng.Intn(2))
		}
		return s, k
	}
	less := func(a, b key) bool {
		return fmt.Sprintf("%03d%03d%03d%03d", a.major, a.minor, a.patch, a.ahead) <
			fmt.Sprintf("%03d%03d%03d%03d", b.major, b.minor, b.patch, b.ahead)
	}
	for i := 0; i < 5000; i++ {
		as, ak := random()
		bs, bk := random()
		a, b := mustParse(t, as), mustParse(t, bs)
		ab, errAB := a.Compare(b)
		ba, errBA := b.Compare(a)
		if (errAB == nil) != (errBA == nil) || ab != -ba {
			t.Fatalf("Compare(%q, %q) = %d, %v but reversed %d, %v", as, bs, ab, errAB, ba, errBA)
		}
		if errAB != nil {
			if ak != bk || a.Commit == b.Commit {
				t.Fatalf("Compare(%q, %q) refused: %v", as, bs, errAB)
			}
			continue
		}
		want := int64(0)
		if less(ak, bk) {
			want = -1
		} else if less(bk, ak) {
			want = 1
		}
		if ab != want {
			t.Fatalf("Compare(%q, %q) = %d, want %d", as, bs, ab, want)
		}
	}
}

// FuzzParseVersion runs the seed corpus under `go test` and explores under
// `go test -fuzz=FuzzParseVersion`.
func FuzzParseVersion(f *testing.F) {
	for _, s := range append([]string{"", "dev", "1a2b3c4", "<html>", "v1.4.0\n", "v1.4.0-3-g1a2b3c4-dirty"}, ascending...) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) { checkParse(t, body) })
}
