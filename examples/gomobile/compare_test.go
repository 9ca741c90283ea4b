package companioncore

import (
	"errors"
	"testing"
)

func mustParse(t *testing.T, s string) *ServerVersion {
	t.Helper()
	v, err := ParseVersion([]byte(s))
	if err != nil {
		t.Fatalf("ParseVersion(%q): %v", s, err)
	}
	return v
}

// ascending is a chain of versions, each strictly newer than the previous.
var ascending = []string{
	"v1.0.0-alpha",
	"v1.0.0-alpha.1",
	"v1.0.0-alpha.beta",
	"v1.0.0-beta",
	"v1.0.0-beta.2",
	"v1.0.0-beta.11",
	"v1.0.0-rc.1",
	"v1.0.0",
	"v1.0.0-1-gabcdef0",
	"v1.0.0-2-g1234567",
	"v1.0.1",
	"v1.4.0",
	"v1.4.0-3-g1a2b3c4-dirty",
	"v1.10.0",
	"v2.0.0-rc.1",
	"v2.0.0-rc.1.5",
	"v2.0.0-rc.99999999999999999999999",
	"v2.0.0",
}

func TestCompareOrdersSemverAndDescribe(t *testing.T) {
	for i, a := range ascending {
		for j, b := range ascending {
			want := int64(0)
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			got, err := mustParse(t, a).Compare(mustParse(t, b))
			if err != nil || got != want {
				t.Errorf("Compare(%q, %q) = %d, %v; want %d", a, b, got, err, want)
			}
		}
	}
}

func TestCompareSameBuild(t *testing.T) {
	same := [][2]string{
		{"v1.4.0", "1.4.0"},
		{"v1.4.0", "v1.4.0+build.5"},
		{"v1.4.0", "v1.4.0-dirty"},
		{"v1.4.0", "v1.4.0-0-gabcdef0"},
		{"1a2b3c4", "1a2b3c4d5e6f"},
		{"v1.4.0-3-g1a2b3c4", "v1.4.0-3-g1a2b3c4d5"},
		{"release-7-2-gabcd", "release-7-2-gabcd"},
		{"build 2024", "build 2024"},
	}
	for _, p := range same {
		for _, order := range [][2]string{p, {p[1], p[0]}} {
			got, err := mustParse(t, order[0]).Compare(mustParse(t, order[1]))
			if err != nil || got != 0 {
				t.Errorf("Compare(%q, %q) = %d, %v; want 0", order[0], order[1], got, err)
			}
		}
	}
}

func TestCompareRefusesUnordered(t *testing.T) {
	pairs := [][2]string{
		{"dev", "dev"},
		{"dev", "v1.4.0"},
		{"1a2b3c4", "7654321"},
		{"1a2b3c4", "v1.4.0"},
		{"v1.4.0-3-g1a2b3c4", "v1.4.0-3-g7654321"},
		{"release-a", "release-b"},
		{"release-7-1-gabcd", "v1.0.0"},
		{"build 2024", "build 2025"},
		{"build 2024", "v1.4.0"},
	}
	for _, p := range pairs {
		for _, order := range [][2]string{p, {p[1], p[0]}} {
			got, err := mustParse(t, order[0]).Compare(mustParse(t, order[1]))
			var verr *VersionError
			if !errors.As(err, &verr) || verr.Problem != ProblemUnordered || got != 0 {
				t.Errorf("Compare(%q, %q) = %d, %v; want ProblemUnordered", order[0], order[1], got, err)
			}
		}
	}
	var verr *VersionError
	if _, err := mustParse(t, "v1.0.0").Compare(nil); !errors.As(err, &verr) || verr.Problem != ProblemUnordered {
		t.Errorf("Compare(nil) = %v; want ProblemUnordered", err)
	}
}

func TestAtLeast(t *testing.T) {
	cases := []struct {
		body, minimum string
		want          bool
		problem       int64
	}{
		{"v1.4.0", "v1.4.0", true, 0},
		{"v1.4.0-3-g1a2b3c4", "v1.4.0", true, 0},
		{"v1.3.9", "v1.4.0", false, 0},
		{"v1.4.0-rc.2", "v1.4.0", false, 0},
		{"2.0.0", "v1.4.0", true, 0},
		{"dev", "v1.4.0", false, ProblemUnordered},
		{"1a2b3c4", "v1.4.0", false, ProblemUnordered},
		{"<html>", "v1.4.0", false, ProblemHTML},
		{"v1.4.0", "1.4", false, ProblemBadMinimum},
		{"v1.4.0", "latest", false, ProblemBadMinimum},
	}
	for _, c := range cases {
		got, err := AtLeast([]byte(c.body), c.minimum)
		if c.problem == 0 {
			if err != nil || got != c.want {
				t.Errorf("AtLeast(%q, %q) = %v, %v; want %v", c.body, c.minimum, got, err, c.want)
			}
			continue
		}
		var verr *VersionError
		if !errors.As(err, &verr) || verr.Problem != c.problem || got {
			t.Errorf("AtLeast(%q, %q) = %v, %v; want problem %d", c.body, c.minimum, got, err, c.problem)
		}
	}
}
