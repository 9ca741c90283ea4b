// Package companionweb is the web screen the companion app shows inside its
// native navigation: the few lines a Rastrillo server adds to serve it.
//
// The page loads static/bridge.js, the ES module `rastrillo-native manifest
// build` generates from the manifest's bridge contract. Inside the app the
// module talks to the native side; in a plain browser it reports
// `available === false` and the page still works. Sign-in inside the web view
// uses the web app's own cookie session; the native app does not manage it.
package companionweb

import (
	"embed"
	"net/http"
)

//go:embed static
var static embed.FS

// Register adds the note editor screen and its scripts to mux.
func Register(mux *http.ServeMux) {
	mux.Handle("GET /static/", http.FileServerFS(static))
	mux.HandleFunc("GET /notes/{id}/edit", func(w http.ResponseWriter, r *http.Request) {
		// Scripts only from this origin (no inline script), and no framing by other sites:
		// the bridge only answers the main frame anyway.
		w.Header().Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'")
		http.ServeFileFS(w, r, static, "static/note.html")
	})
}
