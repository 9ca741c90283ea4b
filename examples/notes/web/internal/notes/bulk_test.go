package notes

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestBulkBarInSelectMode(t *testing.T) {
	f := newFixture(t) // demo: ids 1-25, other: 26, 27
	b := f.demo()

	r := b.get("/bookmarks")
	expectStatus(t, "list", r, 200)
	expectContains(t, "list", r.Body, `<a class="button" href="/bookmarks?select=1">Select</a>`)
	if strings.Contains(r.Body, `action="/bookmarks/bulk"`) {
		t.Error("the bulk bar shows outside select mode")
	}

	r = b.get("/bookmarks?select=1")
	expectStatus(t, "select mode", r, 200)
	expectInOrder(t, "select mode", r.Body,
		`<a class="button" href="/bookmarks">Done</a>`,
		`<form method="post" action="/bookmarks/bulk" class="rst-bulk">`,
		`<button type="submit" name="action" value="publish">Publish selected</button>`,
		`<button type="submit" name="action" value="unpublish">Unpublish selected</button>`,
		`<button type="submit" name="action" value="delete" class="danger">Delete selected</button>`,
		`<input type="checkbox" name="ids" value="`, `</form>`)
	expectContains(t, "select mode's pages keep select mode", r.Body, `href="/bookmarks?page=2&amp;select=1"`)

	publish := url.Values{"action": {"publish"}, "ids": {"3", "4"}}
	r = b.post("/bookmarks/bulk", publish)
	expectSeeOther(t, "publish selected", r, "/bookmarks")
	if got := flashOf(t, r); got != "notice\x002 bookmarks published." {
		t.Errorf("flash %q", got)
	}
	for _, id := range []int64{3, 4} {
		if bm, _ := f.app.store.get(1, id); !bm.Published {
			t.Errorf("bookmark %d is not published", id)
		}
	}
	if bm, _ := f.app.store.get(1, 5); bm.Published {
		t.Error("an unchecked bookmark was published")
	}

	r = b.post("/bookmarks/bulk", url.Values{"action": {"unpublish"}, "ids": {"3"}})
	expectSeeOther(t, "unpublish selected", r, "/bookmarks")
	if bm, _ := f.app.store.get(1, 3); bm.Published {
		t.Error("bookmark 3 is still published")
	}

	// Foreign, missing and malformed ids are skipped, never acted on.
	r = b.post("/bookmarks/bulk", url.Values{"action": {"delete"}, "ids": {"26", "999", "03", "x", "6"}})
	expectSeeOther(t, "delete selected", r, "/bookmarks")
	if got := flashOf(t, r); got != "notice\x001 bookmarks deleted." {
		t.Errorf("flash %q", got)
	}
	if _, found := f.app.store.get(1, 6); found {
		t.Error("bookmark 6 was not deleted")
	}
	if _, found := f.app.store.get(2, 26); !found {
		t.Error("another person's bookmark was deleted")
	}

	r = b.post("/bookmarks/bulk", url.Values{"action": {"delete"}})
	expectSeeOther(t, "nothing selected", r, "/bookmarks?select=1")
	if got := flashOf(t, r); got != "notice\x00Select at least one bookmark." {
		t.Errorf("flash %q", got)
	}

	for _, action := range []string{"", "archive", "Delete"} {
		r = b.post("/bookmarks/bulk", url.Values{"action": {action}, "ids": {"7"}})
		expectStatus(t, "action "+action, r, http.StatusBadRequest)
	}
	if _, found := f.app.store.get(1, 7); !found {
		t.Error("an unknown action deleted a bookmark")
	}

	// Signed out: 403 like every other POST behind Require; cross-origin: refused.
	expectStatus(t, "signed out", f.browser().post("/bookmarks/bulk", publish), http.StatusForbidden)
	r = b.do(http.MethodPost, "/bookmarks/bulk", url.Values{"action": {"delete"}, "ids": {"8"}},
		map[string]string{"Sec-Fetch-Site": "cross-site"})
	expectStatus(t, "cross-site", r, http.StatusForbidden)
	if _, found := f.app.store.get(1, 8); !found {
		t.Error("a cross-site bulk delete deleted")
	}
}

func TestLocaleSwitch(t *testing.T) {
	f := newFixture(t)
	b := f.demo()

	r := b.get("/bookmarks?page=2")
	expectContains(t, "English by default", r.Body, `<html lang="en">`, `<h1>Bookmarks</h1>`,
		`<summary>Language</summary>`,
		`<form method="post" action="/_locale"><input type="hidden" name="locale" value="en"><input type="hidden" name="return" value="/bookmarks?page=2"><button type="submit" lang="en" aria-current="true">English</button></form>`,
		`<form method="post" action="/_locale"><input type="hidden" name="locale" value="es"><input type="hidden" name="return" value="/bookmarks?page=2"><button type="submit" lang="es">Español</button></form>`)

	r = b.post("/_locale", url.Values{"locale": {"es"}, "return": {"/bookmarks?page=2"}})
	expectSeeOther(t, "switch to Spanish", r, "/bookmarks?page=2")
	c, ok := r.setCookie(localeCookie)
	if !ok || c.Value != "es" || c.MaxAge != 365*24*60*60 || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || !c.Secure || c.Path != "/" {
		t.Errorf("locale cookie %+v (the origin is https: Secure)", c)
	}
	r = b.get("/bookmarks")
	expectContains(t, "Spanish", r.Body, `<html lang="es">`, `<h1>Marcadores</h1>`, `<title>Marcadores · Notes</title>`,
		`lang="es" aria-current="true">Español</button>`)

	for _, bad := range []url.Values{
		{"locale": {"fr"}, "return": {"/bookmarks"}},
		{"locale": {"es"}, "return": {"https://evil.example/"}},
		{"locale": {"es"}, "return": {"//evil.example/"}},
		{"locale": {"es"}, "return": {"/\\evil.example"}},
		{"locale": {"es"}},
	} {
		expectStatus(t, "bad switch "+bad.Encode(), b.post("/_locale", bad), http.StatusBadRequest)
	}
	r = b.do(http.MethodPost, "/_locale", url.Values{"locale": {"en"}, "return": {"/"}},
		map[string]string{"Sec-Fetch-Site": "cross-site"})
	expectStatus(t, "cross-site switch", r, http.StatusForbidden)
	if _, set := r.setCookie(localeCookie); set {
		t.Error("a refused switch set the cookie")
	}

	// Signed out, the sign-in page has the menu too, and the switch needs no session.
	anon := f.browser()
	expectSeeOther(t, "signed-out switch", anon.post("/_locale", url.Values{"locale": {"es"}, "return": {"/signin"}}), "/signin")
	expectContains(t, "signed-out page", anon.get("/signin").Body, `<html lang="es">`)

	// An unknown cookie value is English.
	anon.cookies[localeCookie] = "xx"
	expectContains(t, "unknown cookie", anon.get("/signin").Body, `<html lang="en">`)
}
