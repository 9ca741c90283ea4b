package companioncore

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kinds of version string a Rastrillo server reports (ServerVersion.Kind).
const (
	// KindDev is the default BuildVersion "dev": an unstamped build.
	KindDev int64 = 1
	// KindTag is a semantic version tag exactly, such as "v1.4.0" or "1.4.0".
	// Tags of other shapes are KindOpaque (or KindDescribe past them).
	KindTag int64 = 2
	// KindDescribe is `git describe` output past a tag, such as
	// "v1.4.0-3-g1a2b3c4" (or "v1.4.0-0-g1a2b3c4" from --long).
	KindDescribe int64 = 3
	// KindCommit is a 7 to 40 character lowercase hex commit sha.
	KindCommit int64 = 4
	// KindOpaque is any other single-line text: kept, but never ordered.
	KindOpaque int64 = 5
)

// MaxVersionBytes is the longest body accepted as a version. A 40-character
// sha plus a long tag and describe suffix fits easily; anything longer is
// a page, not a version.
const MaxVersionBytes int64 = 128

// ServerVersion is a classified /api/version body.
type ServerVersion struct {
	// Raw is the body exactly as received.
	Raw string
	// Kind is one of the Kind… constants.
	Kind int64
	// Tag is the tag part for KindTag and KindDescribe, such as "v1.4.0".
	Tag string
	// Semver is true when Tag is a semantic version (with or without "v");
	// Major, Minor, Patch and Prerelease are then set.
	Semver bool
	// Major is the major version of a semantic version tag.
	Major int64
	// Minor is the minor version of a semantic version tag.
	Minor int64
	// Patch is the patch version of a semantic version tag.
	Patch int64
	// Prerelease is the pre-release part of a semantic version tag
	// ("rc.1" in "v2.0.0-rc.1"), or "".
	Prerelease string
	// Ahead is the number of commits past Tag (KindDescribe), else 0.
	Ahead int64
	// Commit is the abbreviated sha of KindDescribe (without the "g") or
	// the sha of KindCommit, else "".
	Commit string
	// Dirty is true when a tag, describe output or sha ends in "-dirty"
	// (`git describe --dirty`). Ordering ignores it.
	Dirty bool
}

// KindName names the kind: "dev", "tag", "describe", "commit" or "opaque".
func (v *ServerVersion) KindName() string {
	switch v.Kind {
	case KindDev:
		return "dev"
	case KindTag:
		return "tag"
	case KindDescribe:
		return "describe"
	case KindCommit:
		return "commit"
	default:
		return "opaque"
	}
}

// ParseVersion classifies the body of GET /api/version. It refuses bodies
// that are clearly not a version (empty, longer than MaxVersionBytes, not
// UTF-8, several lines, control characters, HTML, surrounding white space)
// with a *VersionError; any other single line is accepted, as KindOpaque
// when it has no known format.
//
// It is deliberately not called NewServerVersion: gomobile turns
// New<T>(…) (*T, error) into a Swift initialiser that drops the error.
func ParseVersion(body []byte) (*ServerVersion, error) {
	if err := screen(body); err != nil {
		return nil, err
	}
	raw := string(body)
	v := &ServerVersion{Raw: raw}
	s := raw
	if rest, ok := strings.CutSuffix(s, "-dirty"); ok && rest != "" {
		v.Dirty = true
		s = rest
	}
	switch {
	case s == "dev" && !v.Dirty:
		v.Kind = KindDev
	case isHex(s, 7, 40):
		v.Kind = KindCommit
		v.Commit = s
	default:
		if tag, ahead, commit, ok := splitDescribe(s); ok {
			v.Kind = KindDescribe
			v.Tag, v.Ahead, v.Commit = tag, ahead, commit
			v.setSemver(tag)
		} else if v.setSemver(s) {
			v.Kind = KindTag
			v.Tag = s
		} else {
			v.Kind = KindOpaque
			v.Dirty = false
		}
	}
	return v, nil
}

// screen refuses bodies that are clearly not a version string.
func screen(body []byte) error {
	if len(body) == 0 {
		return refuse(ProblemEmpty, "the server answered /api/version with an empty body; check that the URL points at a Rastrillo server")
	}
	s := string(body)
	lower := strings.ToLower(s)
	if strings.HasPrefix(strings.TrimSpace(lower), "<") || strings.Contains(lower, "<html") || strings.Contains(lower, "<!doctype") {
		return refuse(ProblemHTML, "the server answered /api/version with an HTML page, not a version; the URL may point at a login page or a proxy")
	}
	if n := int64(len(body)); n > MaxVersionBytes {
		return refuse(ProblemTooLong, "the /api/version body is %d bytes, more than the %d a version can be; the URL probably points at a web page or a proxy", n, MaxVersionBytes)
	}
	if !utf8.Valid(body) {
		return refuse(ProblemNotUTF8, "the /api/version body is not UTF-8 text; check that the URL points at a Rastrillo server")
	}
	if strings.ContainsAny(s, "\r\n") {
		return refuse(ProblemMultiLine, "the /api/version body has several lines; a version is one line without a trailing newline")
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return refuse(ProblemControl, "the /api/version body contains the control character U+%04X; a version is printable text", r)
		}
	}
	if strings.TrimSpace(s) != s {
		return refuse(ProblemWhitespace, "the /api/version body %q starts or ends with white space; the server sends the version without padding", s)
	}
	return nil
}

// splitDescribe splits `git describe` output "<tag>-<n>-g<hex>".
func splitDescribe(s string) (tag string, ahead int64, commit string, ok bool) {
	g := strings.LastIndex(s, "-g")
	if g < 0 || !isHex(s[g+2:], 4, 40) {
		return "", 0, "", false
	}
	head := s[:g]
	dash := strings.LastIndex(head, "-")
	if dash <= 0 {
		return "", 0, "", false
	}
	count := head[dash+1:]
	n, err := strconv.ParseInt(count, 10, 64)
	if !isNumericIdentifier(count) || err != nil {
		return "", 0, "", false
	}
	return head[:dash], n, s[g+2:], true
}

// setSemver fills the semantic version fields when tag is one and reports
// whether it was.
func (v *ServerVersion) setSemver(tag string) bool {
	core := strings.TrimPrefix(tag, "v")
	core, _, _ = strings.Cut(core, "+")
	core, pre, hasPre := strings.Cut(core, "-")
	if hasPre && !validPrerelease(pre) {
		return false
	}
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return false
	}
	var nums [3]int64
	for i, p := range parts {
		if !isNumericIdentifier(p) {
			return false
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return false
		}
		nums[i] = n
	}
	v.Semver = true
	v.Major, v.Minor, v.Patch, v.Prerelease = nums[0], nums[1], nums[2], pre
	return true
}

func validPrerelease(pre string) bool {
	for _, id := range strings.Split(pre, ".") {
		if id == "" {
			return false
		}
		for _, c := range id {
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
				return false
			}
		}
		if allDigits(id) && !isNumericIdentifier(id) {
			return false
		}
	}
	return true
}

// isNumericIdentifier: digits only, no leading zero unless it is "0".
func isNumericIdentifier(s string) bool {
	return s != "" && allDigits(s) && (s == "0" || s[0] != '0')
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func isHex(s string, shortest, longest int) bool {
	if len(s) < shortest || len(s) > longest {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
