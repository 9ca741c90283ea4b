package companioncore

import (
	"errors"
	"strings"
	"testing"
)

func TestParseVersionClassifies(t *testing.T) {
	cases := []struct {
		body string
		want ServerVersion
	}{
		{"dev", ServerVersion{Kind: KindDev}},
		{"v1.4.0", ServerVersion{Kind: KindTag, Tag: "v1.4.0", Semver: true, Major: 1, Minor: 4}},
		{"1.4.2", ServerVersion{Kind: KindTag, Tag: "1.4.2", Semver: true, Major: 1, Minor: 4, Patch: 2}},
		{"v2.0.0-rc.1+build.7", ServerVersion{Kind: KindTag, Tag: "v2.0.0-rc.1+build.7", Semver: true, Major: 2, Prerelease: "rc.1"}},
		{"v1.4.0-dirty", ServerVersion{Kind: KindTag, Tag: "v1.4.0", Semver: true, Major: 1, Minor: 4, Dirty: true}},
		{"v1.4.0-3-g1a2b3c4", ServerVersion{Kind: KindDescribe, Tag: "v1.4.0", Semver: true, Major: 1, Minor: 4, Ahead: 3, Commit: "1a2b3c4"}},
		{"v1.4.0-12-g1a2b3c4d5e-dirty", ServerVersion{Kind: KindDescribe, Tag: "v1.4.0", Semver: true, Major: 1, Minor: 4, Ahead: 12, Commit: "1a2b3c4d5e", Dirty: true}},
		{"release-2024-3-gabcd", ServerVersion{Kind: KindDescribe, Tag: "release-2024", Ahead: 3, Commit: "abcd"}},
		{"1a2b3c4", ServerVersion{Kind: KindCommit, Commit: "1a2b3c4"}},
		{"1a2b3c4-dirty", ServerVersion{Kind: KindCommit, Commit: "1a2b3c4", Dirty: true}},
		{strings.Repeat("f", 40), ServerVersion{Kind: KindCommit, Commit: strings.Repeat("f", 40)}},
		// Not versions of a known format: kept as opaque, never misread.
		{"1a2b3c", ServerVersion{Kind: KindOpaque}},                // 6 hex: too short for a sha
		{strings.Repeat("f", 41), ServerVersion{Kind: KindOpaque}}, // 41 hex: too long
		{"1A2B3C4", ServerVersion{Kind: KindOpaque}},               // git prints lowercase
		{"v1.4", ServerVersion{Kind: KindOpaque}},                  // not major.minor.patch
		{"v01.4.0", ServerVersion{Kind: KindOpaque}},               // leading zero
		{"v1.4.0-0-g1a2b3c4", ServerVersion{Kind: KindDescribe, Tag: "v1.4.0", Semver: true, Major: 1, Minor: 4, Commit: "1a2b3c4"}}, // --long
		{"build 2024 spring", ServerVersion{Kind: KindOpaque}},
		{"dev-dirty", ServerVersion{Kind: KindOpaque}},
		{"2024.11.30", ServerVersion{Kind: KindTag, Tag: "2024.11.30", Semver: true, Major: 2024, Minor: 11, Patch: 30}},
	}
	for _, c := range cases {
		got, err := ParseVersion([]byte(c.body))
		if err != nil {
			t.Errorf("ParseVersion(%q): unexpected error %v", c.body, err)
			continue
		}
		want := c.want
		want.Raw = c.body
		if *got != want {
			t.Errorf("ParseVersion(%q)\n got %+v\nwant %+v", c.body, *got, want)
		}
	}
}

func TestParseVersionRefuses(t *testing.T) {
	cases := []struct {
		body    string
		problem int64
	}{
		{"", ProblemEmpty},
		{"<!DOCTYPE html><title>Sign in</title>", ProblemHTML},
		{"  <html>", ProblemHTML},
		{"v1 <HTML>", ProblemHTML},
		{strings.Repeat("a", int(MaxVersionBytes)+1), ProblemTooLong},
		{"v1.4.0\xff", ProblemNotUTF8},
		{"v1.4.0\n", ProblemMultiLine},
		{"v1.4.0\r\nv1.5.0", ProblemMultiLine},
		{"v1.4.0\x00", ProblemControl},
		{"v1.4.0\t", ProblemControl},
		{"v1.4.0\x7f", ProblemControl},
		{"v1.4.0\u0085", ProblemControl},
		{" v1.4.0", ProblemWhitespace},
		{"v1.4.0\u00a0", ProblemWhitespace},
	}
	for _, c := range cases {
		v, err := ParseVersion([]byte(c.body))
		var verr *VersionError
		if !errors.As(err, &verr) {
			t.Errorf("ParseVersion(%q) = %+v, %v; want a *VersionError", c.body, v, err)
			continue
		}
		if v != nil || verr.Problem != c.problem || verr.Message == "" || verr.Error() != verr.Message {
			t.Errorf("ParseVersion(%q) = %+v, problem %d %q; want nil, problem %d", c.body, v, verr.Problem, verr.Message, c.problem)
		}
	}
	// The longest accepted body is exactly MaxVersionBytes.
	if _, err := ParseVersion([]byte(strings.Repeat("a", int(MaxVersionBytes)))); err != nil {
		t.Errorf("a body of exactly MaxVersionBytes was refused: %v", err)
	}
}

func TestKindName(t *testing.T) {
	names := map[int64]string{KindDev: "dev", KindTag: "tag", KindDescribe: "describe", KindCommit: "commit", KindOpaque: "opaque"}
	for kind, name := range names {
		if got := (&ServerVersion{Kind: kind}).KindName(); got != name {
			t.Errorf("KindName(%d) = %q, want %q", kind, got, name)
		}
	}
}
