package companionweb

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"example.com/companionweb/appmanifest"
)

func fetch(t *testing.T, server *httptest.Server, method, path string) (*http.Response, string) {
	t.Helper()
	request, err := http.NewRequest(method, server.URL+path, nil)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	response, err := server.Client().Do(request)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer response.Body.Close()
	body, err := io.ReadAll(response.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return response, string(body)
}

func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	Register(mux)
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	return server
}

func TestServesTheReleaseNotesAtTheManifestPattern(t *testing.T) {
	server := newServer(t)
	// The path is built by the generated appmanifest, from the same manifest as the app's router.
	page, html := fetch(t, server, http.MethodGet, appmanifest.ReleaseNotesPath("v1.4.0"))
	if page.StatusCode != http.StatusOK || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("release notes: status %d, content type %q", page.StatusCode, page.Header.Get("Content-Type"))
	}
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("release notes: missing CSP, got %q", csp)
	}
	for _, want := range []string{
		`<script type="module" src="/static/release.js"></script>`,
		`<main data-release="v1.4.0">`,
		`<h1>Release v1.4.0</h1>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("release notes page lacks %q:\n%s", want, html)
		}
	}
}

func TestEscapesTheVersion(t *testing.T) {
	server := newServer(t)
	_, html := fetch(t, server, http.MethodGet, appmanifest.ReleaseNotesPath(`"><script>alert(1)</script>`))
	if strings.Contains(html, "<script>alert(1)") {
		t.Fatalf("the version reached the page unescaped:\n%s", html)
	}
	if !strings.Contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("expected the version escaped as text:\n%s", html)
	}
}

func TestOnlyGetAndOnlyTheDeclaredPattern(t *testing.T) {
	server := newServer(t)
	if response, _ := fetch(t, server, http.MethodPost, appmanifest.ReleaseNotesPath("v1.4.0")); response.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST release notes: status %d, want 405", response.StatusCode)
	}
	// /releases/{version} is one segment: deeper paths and the bare collection are not this screen.
	for _, path := range []string{"/releases/v1.4.0/extra", "/releases/"} {
		if response, _ := fetch(t, server, http.MethodGet, path); response.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, response.StatusCode)
		}
	}
}

func TestServesTheScriptsAndTheGeneratedModule(t *testing.T) {
	server := newServer(t)
	for path, want := range map[string]string{
		"/static/bridge.js":       "// generated from app-manifest.json, do not edit",
		"/static/release.js":      `from "./bridge.js"`,
		"/static/release-text.js": "export function runningText",
	} {
		response, body := fetch(t, server, http.MethodGet, path)
		if response.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", path, response.StatusCode)
		}
		if contentType := response.Header.Get("Content-Type"); !strings.HasPrefix(contentType, "text/javascript") {
			t.Errorf("%s: content type %q, modules need text/javascript", path, contentType)
		}
		if !strings.Contains(body, want) {
			t.Errorf("%s does not contain %q", path, want)
		}
	}
	// The module declares the companion's action and event, from the same manifest as the app.
	_, module := fetch(t, server, http.MethodGet, "/static/bridge.js")
	for _, want := range []string{"compareRelease: [type_ReleaseQuery, type_RunningVersion]", "serverChecked: type_ServerCheck"} {
		if !strings.Contains(module, want) {
			t.Errorf("/static/bridge.js does not declare %q", want)
		}
	}
}
