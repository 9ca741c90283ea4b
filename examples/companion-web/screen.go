// Package companionweb is the web screen the companion app shows inside its native navigation:
// the few lines a Rastrillo server adds to serve it.
//
// The release-notes page (the manifest's releaseNotes destination, /releases/{version}) loads
// static/bridge.js, the ES module `rastrillo-native manifest build` generates from the
// companion's app-manifest.json. Inside the app the page asks native which version the selected
// server runs (the compareRelease action) and hears when native checked it again (the
// serverChecked event); in a plain browser the module reports `available === false` and the page
// is just the release notes. Sign-in inside the web view uses the web app's own cookie session;
// the native app does not manage it.
package companionweb

import (
	"embed"
	"html/template"
	"net/http"

	"example.com/companionweb/appmanifest"
)

//go:embed static
var static embed.FS

//go:embed release.html
var pages embed.FS

var releasePage = template.Must(template.ParseFS(pages, "release.html"))

// Register adds the release-notes screen and its scripts to mux. The screen's pattern comes from
// the manifest (appmanifest is generated from the same app-manifest.json as the app's Swift).
func Register(mux *http.ServeMux) {
	mux.Handle("GET /static/", http.FileServerFS(static))
	mux.HandleFunc("GET "+pattern(appmanifest.DestinationReleaseNotes), func(w http.ResponseWriter, r *http.Request) {
		// Scripts only from this origin (no inline script), and no framing by other sites:
		// the bridge only answers the main frame anyway.
		w.Header().Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if err := releasePage.Execute(w, struct{ Version string }{r.PathValue("version")}); err != nil {
			http.Error(w, "could not render the release notes", http.StatusInternalServerError)
		}
	})
}

// pattern is the manifest's ServeMux pattern of destination id.
func pattern(id string) string {
	for _, route := range appmanifest.Routes {
		if route.ID == id {
			return route.Pattern
		}
	}
	panic("companionweb: the manifest has no destination " + id + "; regenerate appmanifest")
}
