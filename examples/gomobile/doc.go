// Package companioncore is the logic a RastrilloNative companion shares with
// its Rastrillo server, written so that `gomobile bind` can expose all of it
// to Swift: it classifies and orders the plain-text body of GET /api/version.
//
// Every exported declaration uses only shapes gomobile binds: int64 (never
// int, which crosses as a 32-bit C int on Darwin), bool, string, []byte,
// pointers to structs declared here, and results of the form (T) or
// (T, error). tools/gomobile-check verifies that in `make ci`.
//
// The package is stdlib only and lives in its own Go module so that binding
// it never drags the web app's go line or module graph along.
package companioncore
