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
				Method    string `json:"method"`
				Pattern   string `json:"pattern"`
				Submitter *struct {
					Name  string `json:"name"`
					Value string `json:"value"`
				} `json:"submitter"`
				Fields map[string]string `json:"fields"`
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
	var last []laterCheck
	for _, c := range manifest.Commands {
		if c.PageAction == nil {
			continue
		}
		// What the page's form sends: the submit button's pair, a sample of each bound field, and
		// the fields the page's form always carries.
		form := url.Values{}
		for name, value := range pageSends[c.PageAction.Pattern] {
			form[name] = value
		}
		if s := c.PageAction.Submitter; s != nil {
			form.Set(s.Name, s.Value)
		}
		for name := range c.PageAction.Fields {
			sample, ok := fieldSamples[name]
			if !ok {
				t.Fatalf("command %s binds the field %s: add a sample value to fieldSamples", c.ID, name)
			}
			form.Set(name, sample)
		}
		if strings.Contains(c.PageAction.Pattern, "delete") || c.PageAction.Pattern == "/signout" ||
			form.Get("action") == "delete" {
			last = append(last, laterCheck{c.ID, c.PageAction.Method, path(c.PageAction.Pattern), form})
			continue
		}
		check(t, b, c.ID, c.PageAction.Method, path(c.PageAction.Pattern), form)
	}
	for _, p := range last {
		check(t, b, p.id, p.method, p.path, p.form)
	}
}

type laterCheck struct {
	id, method, path string
	form             url.Values
}

// pageSends holds the fields a route's form always carries besides the bound ones; fieldSamples
// a value of each bound field this app accepts.
var (
	pageSends = map[string]url.Values{
		"/bookmarks/bulk": {"ids": {"2"}},
		"/_locale":        {"return": {"/bookmarks"}},
	}
	fieldSamples = map[string]string{"locale": "es"}
)

func check(t *testing.T, b *browser, id, method, path string, form url.Values) {
	t.Helper()
	if method != http.MethodPost {
		form = nil
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
