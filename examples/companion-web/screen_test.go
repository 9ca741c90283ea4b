package companionweb

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func get(t *testing.T, server *httptest.Server, path string) (*http.Response, string) {
	t.Helper()
	response, err := server.Client().Get(server.URL + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer response.Body.Close()
	body, err := io.ReadAll(response.Body)
	if err != nil {
		t.Fatalf("GET %s: reading the body: %v", path, err)
	}
	return response, string(body)
}

func TestServesTheScreenAndTheGeneratedModule(t *testing.T) {
	mux := http.NewServeMux()
	Register(mux)
	server := httptest.NewServer(mux)
	defer server.Close()

	page, html := get(t, server, "/notes/6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10/edit")
	if page.StatusCode != http.StatusOK || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("editor page: status %d, content type %q", page.StatusCode, page.Header.Get("Content-Type"))
	}
	if !strings.Contains(page.Header.Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("editor page: missing CSP, got %q", page.Header.Get("Content-Security-Policy"))
	}
	if !strings.Contains(html, `<script type="module" src="/static/note.js"></script>`) {
		t.Errorf("editor page does not load /static/note.js as a module:\n%s", html)
	}

	for path, want := range map[string]string{
		"/static/bridge.js": "// generated from bridge-manifest.json",
		"/static/note.js":   `from "./bridge.js"`,
	} {
		response, body := get(t, server, path)
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
}
