package companioncore

import "fmt"

// Problem codes carried by *VersionError. They are basic-typed int64
// constants (a named type such as `type Problem int` would be skipped by
// gomobile, golang/go#27733).
const (
	// ProblemEmpty: the body was empty.
	ProblemEmpty int64 = 1
	// ProblemTooLong: the body is longer than MaxVersionBytes.
	ProblemTooLong int64 = 2
	// ProblemNotUTF8: the body is not valid UTF-8.
	ProblemNotUTF8 int64 = 3
	// ProblemMultiLine: the body contains a line break.
	ProblemMultiLine int64 = 4
	// ProblemControl: the body contains a control character.
	ProblemControl int64 = 5
	// ProblemHTML: the body is an HTML page (a login page, a proxy error page).
	ProblemHTML int64 = 6
	// ProblemWhitespace: the body starts or ends with white space.
	ProblemWhitespace int64 = 7
	// ProblemUnordered: the two versions have no order (dev builds, unrelated
	// commits, opaque strings, different tags of no known format).
	ProblemUnordered int64 = 8
	// ProblemBadMinimum: the minimum passed to AtLeast is not a release tag.
	ProblemBadMinimum int64 = 9
)

// VersionError says why a version body was refused or why two versions
// cannot be ordered. Swift receives it as an NSError (domain "go", code 1)
// whose localizedDescription is Error(); Go callers can use errors.As.
type VersionError struct {
	// Problem is one of the Problem… constants.
	Problem int64
	// Message is a sentence a person can act on.
	Message string
}

// Error returns the message.
func (e *VersionError) Error() string { return e.Message }

func refuse(problem int64, format string, args ...any) *VersionError {
	return &VersionError{Problem: problem, Message: fmt.Sprintf(format, args...)}
}
