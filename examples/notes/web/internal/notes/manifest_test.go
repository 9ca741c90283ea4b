package notes

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
)

// The companion's manifest names this app's routes: every destination must be a page this app
// serves (signed in), and every command's page action a form route that answers 303.
func TestServesTheCompanionManifestRoutes(t *testing.T) {
	raw, err := os.ReadFile("../../../Sources/NotesCore/app-manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct {
		Origins []struct {
			Origin string `json:"origin"`
		} `json:"origins"`
		Destinations []struct {
			ID      string `json:"id"`
			Pattern string `json:"pattern"`
		} `json:"destinations"`
		Commands []struct {
			ID         string `json:"id"`
			PageAction *struct {
				Method  string `json:"method"`
				Pattern string `json:"pattern"`
			} `json:"pageAction"`
		} `json:"commands"`
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	if len(manifest.Origins) != 1 || manifest.Origins[0].Origin != testOrigin {
		t.Errorf("manifest origins %+v, the tests use %s", manifest.Origins, testOrigin)
	}
	path := func(pattern string) string {
		return strings.NewReplacer("{$}", "", "{id}", "1").Replace(pattern)
	}
	f := newFixture(t)
	b := f.demo()
	if len(manifest.Destinations) == 0 || len(manifest.Commands) == 0 {
		t.Fatal("no destinations or commands in the manifest")
	}
	for _, d := range manifest.Destinations {
		r := b.get(path(d.Pattern))
		want := http.StatusOK
		if d.ID == "home" {
			want = http.StatusSeeOther
		}
		if r.StatusCode != want {
			t.Errorf("destination %s (GET %s): %d, want %d", d.ID, path(d.Pattern), r.StatusCode, want)
		}
	}
	// Page actions, delete and sign-out last (they end the bookmark and the session).
	var last []string
	for _, c := range manifest.Commands {
		if c.PageAction == nil {
			continue
		}
		if strings.Contains(c.PageAction.Pattern, "delete") || c.PageAction.Pattern == "/signout" {
			last = append(last, c.PageAction.Method+" "+c.PageAction.Pattern+" "+c.ID)
			continue
		}
		check(t, b, c.ID, c.PageAction.Method, path(c.PageAction.Pattern))
	}
	for _, entry := range last {
		parts := strings.Fields(entry)
		check(t, b, parts[2], parts[0], path(parts[1]))
	}
}

func check(t *testing.T, b *browser, id, method, path string) {
	t.Helper()
	var form url.Values
	if method == http.MethodPost {
		form = url.Values{}
	}
	r := b.do(method, path, form, nil)
	want := http.StatusOK
	if method == http.MethodPost {
		want = http.StatusSeeOther
	}
	if r.StatusCode != want {
		t.Errorf("command %s (%s %s): %d, want %d", id, method, path, r.StatusCode, want)
	}
}
