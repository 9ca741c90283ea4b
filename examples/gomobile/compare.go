package companioncore

import "strings"

// Compare orders v against other: -1 when v is older, 0 when they are the
// same build, 1 when v is newer. Semantic version tags order by semantic
// version precedence, then by the number of commits past the tag
// (v1.4.0 < v1.4.0-1-g… < v1.4.1-rc.1 < v1.4.1). Two shas are the same
// build when one abbreviates the other. Everything else has no order and
// returns a *VersionError with ProblemUnordered: dev builds, unrelated
// shas, opaque strings, different non-semantic tags, and two describe
// outputs at the same distance from a tag with different commits.
func (v *ServerVersion) Compare(other *ServerVersion) (int64, error) {
	if other == nil {
		return 0, refuse(ProblemUnordered, "cannot compare %q with nothing", v.Raw)
	}
	unordered := func(why string) (int64, error) {
		return 0, refuse(ProblemUnordered, "%q and %q have no order: %s", v.Raw, other.Raw, why)
	}
	switch {
	case v.Kind == KindDev || other.Kind == KindDev:
		return unordered("a dev build is unstamped and could be any code")
	case v.Kind == KindOpaque || other.Kind == KindOpaque:
		if v.Raw == other.Raw {
			return 0, nil
		}
		return unordered("a version of unknown format is only ever equal to itself")
	case v.Kind == KindCommit || other.Kind == KindCommit:
		if v.Kind == KindCommit && other.Kind == KindCommit &&
			(sameCommit(v.Commit, other.Commit)) {
			return 0, nil
		}
		return unordered("commits can only be ordered with the repository at hand")
	}
	// Both are tags or describe output.
	var c int64
	switch {
	case v.Semver && other.Semver:
		c = compareSemver(v, other)
	case v.Tag == other.Tag:
		c = 0
	default:
		return unordered("tags that are not semantic versions are only ordered against themselves")
	}
	if c != 0 {
		return c, nil
	}
	switch {
	case v.Ahead < other.Ahead:
		return -1, nil
	case v.Ahead > other.Ahead:
		return 1, nil
	case v.Ahead > 0 && !sameCommit(v.Commit, other.Commit):
		return unordered("they are the same distance past the same tag on different commits")
	}
	return 0, nil
}

// AtLeast tells whether the server version in body is at or after
// minimum, a semantic version tag such as "v1.4.0". It returns an error when
// body is refused (see ParseVersion), when minimum is not a semantic
// version tag (ProblemBadMinimum), or when the server's version has no order
// against it (ProblemUnordered), for example a dev build: the companion
// decides what an unordered server means, this function does not guess.
func AtLeast(body []byte, minimum string) (bool, error) {
	var floor ServerVersion
	if !floor.setSemver(minimum) {
		return false, refuse(ProblemBadMinimum, "the minimum version %q is not a release tag such as v1.4.0", minimum)
	}
	floor.Raw, floor.Kind, floor.Tag = minimum, KindTag, minimum
	server, err := ParseVersion(body)
	if err != nil {
		return false, err
	}
	c, err := server.Compare(&floor)
	if err != nil {
		return false, err
	}
	return c >= 0, nil
}

func sameCommit(a, b string) bool {
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}

// compareSemver applies semantic version precedence (build metadata ignored).
func compareSemver(a, b *ServerVersion) int64 {
	for _, p := range [][2]int64{{a.Major, b.Major}, {a.Minor, b.Minor}, {a.Patch, b.Patch}} {
		if p[0] != p[1] {
			return sign(p[0] < p[1])
		}
	}
	switch {
	case a.Prerelease == b.Prerelease:
		return 0
	case a.Prerelease == "":
		return 1
	case b.Prerelease == "":
		return -1
	}
	as, bs := strings.Split(a.Prerelease, "."), strings.Split(b.Prerelease, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if c := compareIdentifier(as[i], bs[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(as) < len(bs):
		return -1
	case len(as) > len(bs):
		return 1
	}
	return 0
}

// compareIdentifier compares two pre-release identifiers: numeric ones
// numerically (by length, then digits, so any size works) and below
// alphanumeric ones, alphanumeric ones in ASCII order.
func compareIdentifier(x, y string) int64 {
	xn, yn := allDigits(x), allDigits(y)
	switch {
	case xn && yn:
		if len(x) != len(y) {
			return sign(len(x) < len(y))
		}
	case xn:
		return -1
	case yn:
		return 1
	}
	if x == y {
		return 0
	}
	return sign(x < y)
}

// sign is -1 when less, else 1.
func sign(less bool) int64 {
	if less {
		return -1
	}
	return 1
}
