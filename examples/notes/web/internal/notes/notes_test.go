package notes

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

var wantHeaders = map[string]string{
	"Content-Security-Policy":   "default-src 'self'; style-src 'self' 'unsafe-hashes' 'sha256-yJxAE4rjdcckohdlnvecSporPcqS9xOaA4hJxi87LMc='; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
	"X-Content-Type-Options":    "nosniff",
	"X-Frame-Options":           "DENY",
	"Referrer-Policy":           "strict-origin-when-cross-origin",
	"Strict-Transport-Security": "max-age=31536000",
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	f := newFixture(t)
	in := f.demo()
	out := f.browser()
	cases := []struct {
		name   string
		b      *browser
		method string
		path   string
		hdr    map[string]string
		status int
	}{
		{"healthz", out, "GET", "/healthz", nil, 200},
		{"version", out, "GET", "/api/version", nil, 200},
		{"css", out, "GET", "/static/app.css", nil, 200},
		{"signin page", out, "GET", "/signin", nil, 200},
		{"unknown path", out, "GET", "/nope", nil, 404},
		{"wrong method", out, "PUT", "/signin", nil, 405},
		{"signed-out redirect", out, "GET", "/bookmarks", nil, 303},
		{"signed-out POST", out, "POST", "/bookmarks", nil, 403},
		{"csrf refusal", out, "POST", "/signin", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"list", in, "GET", "/bookmarks", nil, 200},
		{"non-numeric id", in, "GET", "/bookmarks/abc", nil, 404},
		{"foreign id", in, "GET", "/bookmarks/26", nil, 404},
		{"create 400", in, "POST", "/bookmarks", nil, 400},
		{"HEAD list", in, "HEAD", "/bookmarks", nil, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var form url.Values
			if c.method == "POST" || c.method == "PUT" {
				form = url.Values{}
			}
			r := c.b.do(c.method, c.path, form, c.hdr)
			expectStatus(t, c.path, r, c.status)
			for k, v := range wantHeaders {
				if got := r.Header.Get(k); got != v {
					t.Errorf("%s %s: %s = %q, want %q", c.method, c.path, k, got, v)
				}
			}
			if got := r.Header.Get("Speculation-Rules"); got != "" {
				t.Errorf("Speculation-Rules = %q; this app serves no ruleset", got)
			}
		})
	}
}

func TestFrameworkEndpointsAndMuxDefaults(t *testing.T) {
	f := newFixture(t)
	b := f.browser()
	r := b.get("/healthz")
	if r.StatusCode != 200 || r.Body != "ok" {
		t.Errorf("/healthz: %d %q", r.StatusCode, r.Body)
	}
	r = b.get("/api/version")
	if r.StatusCode != 200 || r.Body != "v1.2.3" || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("/api/version: %d %q %q", r.StatusCode, r.Body, r.Header.Get("Content-Type"))
	}
	r = b.get("/static/app.css")
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/css") {
		t.Errorf("app.css content type %q", r.Header.Get("Content-Type"))
	}
	expectContains(t, "app.css", r.Body, "color-scheme: light dark", "light-dark(")
	for _, path := range []string{"/nope", "/bookmarks/", "/static/other.css", "/bookmarks/1/extra"} {
		r = f.demo().get(path)
		if r.StatusCode != 404 || r.Body != "404 page not found\n" || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
			t.Errorf("GET %s: %d %q, want the mux's plain 404", path, r.StatusCode, r.Body)
		}
	}
	for _, c := range []struct{ method, path, allow string }{
		{"GET", "/signout", "POST"},
		{"DELETE", "/bookmarks/1", "GET, HEAD"},
		{"GET", "/bookmarks/1/publish", "POST"},
		{"POST", "/healthz", "GET, HEAD"},
	} {
		r = f.demo().do(c.method, c.path, nil, nil)
		if r.StatusCode != 405 || r.Header.Get("Allow") != c.allow {
			t.Errorf("%s %s: %d Allow %q, want 405 Allow %q", c.method, c.path, r.StatusCode, r.Header.Get("Allow"), c.allow)
		}
	}
	v := newFixture(t, func(c *Config) { c.Version = "" }).browser().get("/api/version")
	if v.Body != "dev" {
		t.Errorf("default version %q, want dev", v.Body)
	}
}

func TestRequireSendsPagesToSigninAndRefusesOtherMethods(t *testing.T) {
	f := newFixture(t)
	b := f.browser()
	before := f.app.store.list(1, "")
	for _, c := range []struct{ method, path, location string }{
		{"GET", "/bookmarks/3?x=1", "/signin?return_to=%2Fbookmarks%2F3%3Fx%3D1"},
		{"GET", "/", "/signin?return_to=%2F"},
		{"GET", "/bookmarks", "/signin?return_to=%2Fbookmarks"},
		{"GET", "/bookmarks?q=a+b&page=2", "/signin?return_to=%2Fbookmarks%3Fq%3Da%2Bb%26page%3D2"},
		{"GET", "/bookmarks/new", "/signin?return_to=%2Fbookmarks%2Fnew"},
		{"GET", "/bookmarks/26/edit", "/signin?return_to=%2Fbookmarks%2F26%2Fedit"},
		{"GET", "/bookmarks/1/delete", "/signin?return_to=%2Fbookmarks%2F1%2Fdelete"},
		{"HEAD", "/bookmarks", "/signin?return_to=%2Fbookmarks"},
	} {
		expectSeeOther(t, c.method+" "+c.path, b.do(c.method, c.path, nil, nil), c.location)
	}
	for _, path := range []string{"/bookmarks", "/bookmarks/1/edit-basics", "/bookmarks/1/edit-advanced",
		"/bookmarks/1/delete", "/bookmarks/1/publish", "/bookmarks/1/unpublish"} {
		r := b.post(path, url.Values{"Title": {"x"}})
		if r.StatusCode != 403 || r.Body != "signed out\n" {
			t.Errorf("signed-out POST %s: %d %q, want 403 signed out", path, r.StatusCode, r.Body)
		}
	}
	if after := f.app.store.list(1, ""); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("signed-out POSTs changed the store:\n%+v\n%+v", before, after)
	}
	// Signed in, / goes to the list.
	expectSeeOther(t, "GET / signed in", f.demo().get("/"), "/bookmarks")
}

func TestSafeReturn(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/bookmarks/3?x=1", "/bookmarks/3?x=1"},
		{"/", "/"},
		{"/bookmarks?q=a%2Fb#frag", "/bookmarks?q=a%2Fb#frag"},
		{"", "/"},
		{"//evil.example", "/"},
		{"/\\evil.example", "/"},
		{"\\\\evil.example", "/"},
		{"/a//b", "/"},
		{"http://x", "/"},
		{"https://notes.example.com/bookmarks", "/"},
		{"javascript:alert(1)", "/"},
		{"bookmarks", "/"},
		{"/bookmarks\r\nSet-Cookie: x=1", "/"},
		{"/bookmarks\x00", "/"},
		{"/\tevil", "/"},
		{"/bookmarks\x7f", "/"},
		{"/bookmarks\u0085", "/"},
		{"/\xff", "/"},
	} {
		if got := SafeReturn(c.in, "/"); got != c.want {
			t.Errorf("SafeReturn(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSigninPageEchoesReturnTo(t *testing.T) {
	f := newFixture(t)
	r := f.browser().get("/signin?return_to=" + url.QueryEscape(`/bookmarks/3?x=1&y="2"`))
	expectStatus(t, "GET /signin", r, 200)
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("sign-in page Cache-Control %q, want no-store", r.Header.Get("Cache-Control"))
	}
	expectContains(t, "sign-in page", r.Body,
		`<form class="stack" method="post" action="/signin">`,
		`<input type="hidden" name="return_to" value="/bookmarks/3?x=1&amp;y=&#34;2&#34;">`,
		`name="email"`, `name="password"`, `<title>Sign in · Notes</title>`, `<label for="email">`, `<label for="password">`)
}

func TestSignin(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct{ returnTo, location string }{
		{"/bookmarks/3?x=1", "/bookmarks/3?x=1"},
		{"", "/"},
		{"//evil.example/", "/"},
		{"/\\evil.example", "/"},
		{"http://x", "/"},
		{"/bookmarks\x01", "/"},
	} {
		b := f.browser()
		r := b.post("/signin", url.Values{"email": {"  Demo@Example.com "}, "password": {demoPassword}, "return_to": {c.returnTo}})
		expectSeeOther(t, fmt.Sprintf("sign in with return_to %q", c.returnTo), r, c.location)
		if _, ok := r.setCookie("__Host-rastrillo_session"); !ok {
			t.Errorf("sign in: no session cookie in %v", r.Header["Set-Cookie"])
		}
		expectStatus(t, "list after sign-in", b.get("/bookmarks"), 200)
	}

	b := f.browser()
	r := b.post("/signin", url.Values{"email": {demoEmail}, "password": {"wrong-password"}, "return_to": {"/bookmarks/2"}})
	expectStatus(t, "wrong password", r, http.StatusUnprocessableEntity)
	if _, ok := r.setCookie("__Host-rastrillo_session"); ok {
		t.Error("a failed sign-in set a session cookie")
	}
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("422 Cache-Control %q", r.Header.Get("Cache-Control"))
	}
	expectContains(t, "422 re-render", r.Body, `<p role="alert" class="form-error" id="signin-error">Wrong email or password.</p>`,
		`value="demo@example.com"`, `name="return_to" value="/bookmarks/2"`)
	if strings.Contains(r.Body, "wrong-password") {
		t.Error("the 422 re-render echoes the password")
	}
	r = b.post("/signin", url.Values{"email": {"nobody@example.com"}, "password": {demoPassword}})
	expectStatus(t, "unknown email", r, http.StatusUnprocessableEntity)
	expectContains(t, "unknown email", r.Body, "Wrong email or password.")
	r = b.post("/signin", url.Values{"email": {otherEmail}, "password": {demoPassword}})
	expectStatus(t, "another user's password", r, http.StatusUnprocessableEntity)
}

func TestSigninRateLimit(t *testing.T) {
	f := newFixture(t)
	b := f.browser()
	wrong := url.Values{"email": {demoEmail}, "password": {"nope-nope"}}
	// Ten failures, a minute apart from 9:00, are each 422.
	for i := 1; i <= 10; i++ {
		expectStatus(t, fmt.Sprintf("failure %d", i), b.post("/signin", wrong), http.StatusUnprocessableEntity)
		f.clock.advance(time.Minute)
	}
	r := b.post("/signin", wrong)
	expectStatus(t, "11th attempt", r, http.StatusTooManyRequests)
	expectContains(t, "429 re-render", r.Body, `role="alert"`, "Too many failed sign-ins")
	// Even the right password is refused while limited, whatever the email's case.
	r = b.post("/signin", url.Values{"email": {"DEMO@example.com"}, "password": {demoPassword}})
	expectStatus(t, "right password while limited", r, http.StatusTooManyRequests)
	if _, ok := r.setCookie("__Host-rastrillo_session"); ok {
		t.Error("a rate-limited sign-in set a session cookie")
	}
	// Another email is not limited.
	f.browser().signIn(otherEmail, otherPass)
	// The first failure was at 9:00; at 9:15 it leaves the window and only 9 remain.
	f.clock.advance(5 * time.Minute) // now 9:15
	expectSeeOther(t, "after the window", b.post("/signin", url.Values{"email": {demoEmail}, "password": {demoPassword}}), "/")
}

func TestSessionCookieByOriginScheme(t *testing.T) {
	for _, c := range []struct {
		origin, name string
		secure       bool
	}{
		{"https://notes.example.com", "__Host-rastrillo_session", true},
		{"http://127.0.0.1:8080", "rastrillo_session", false},
	} {
		t.Run(c.origin, func(t *testing.T) {
			f := newFixture(t, func(cfg *Config) { cfg.Origin = c.origin; cfg.SessionTTL = 2 * time.Hour })
			b := f.browser()
			r := b.post("/signin", url.Values{"email": {demoEmail}, "password": {demoPassword}})
			expectStatus(t, "sign in", r, 303)
			raw := r.Header.Values("Set-Cookie")
			if len(raw) != 1 {
				t.Fatalf("Set-Cookie %q, want one", raw)
			}
			token, _, _ := strings.Cut(strings.TrimPrefix(raw[0], c.name+"="), ";")
			want := c.name + "=" + token + "; Path=/; Max-Age=7200; HttpOnly; SameSite=Lax"
			if c.secure {
				want = c.name + "=" + token + "; Path=/; Max-Age=7200; HttpOnly; Secure; SameSite=Lax"
			}
			if raw[0] != want {
				t.Errorf("Set-Cookie %q, want %q", raw[0], want)
			}
			decoded, err := base64.RawURLEncoding.DecodeString(token)
			if err != nil || len(decoded) != 32 {
				t.Errorf("token %q is not base64url of 32 bytes (%v)", token, err)
			}
			sum := sha256.Sum256([]byte(token))
			f.app.sessions.mu.Lock()
			_, stored := f.app.sessions.rows[hex.EncodeToString(sum[:])]
			_, plain := f.app.sessions.rows[token]
			f.app.sessions.mu.Unlock()
			if !stored || plain {
				t.Errorf("the store should hold only the SHA-256 hex of the token (hash stored %v, token stored %v)", stored, plain)
			}
			// The TTL ends the session: the next page goes to sign-in and the cookie is cleared.
			f.clock.advance(2*time.Hour + time.Second)
			r = b.get("/bookmarks")
			expectSeeOther(t, "after the TTL", r, "/signin?return_to=%2Fbookmarks")
			clear := r.Header.Get("Set-Cookie")
			if !strings.HasPrefix(clear, c.name+"=; Path=/; Max-Age=0; HttpOnly") || strings.Contains(clear, "Secure") != c.secure {
				t.Errorf("clearing Set-Cookie %q", clear)
			}
		})
	}
}

func TestSignoutRevokesTheRow(t *testing.T) {
	f := newFixture(t)
	b := f.demo()
	token := b.cookies["__Host-rastrillo_session"]
	r := b.post("/signout", nil)
	expectSeeOther(t, "sign out", r, "/")
	if got := r.Header.Get("Set-Cookie"); !strings.HasPrefix(got, "__Host-rastrillo_session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax") {
		t.Errorf("sign-out Set-Cookie %q", got)
	}
	// The old token, replayed, resolves to nothing: GET goes to sign-in and clears it, POST is 403.
	replay := f.browser()
	replay.cookies["__Host-rastrillo_session"] = token
	r = replay.get("/bookmarks/1")
	expectSeeOther(t, "replayed token", r, "/signin?return_to=%2Fbookmarks%2F1")
	if c, ok := r.setCookie("__Host-rastrillo_session"); !ok || c.MaxAge >= 0 {
		t.Errorf("the stale cookie was not cleared: %v", r.Header["Set-Cookie"])
	}
	replay.cookies["__Host-rastrillo_session"] = token
	r = replay.post("/bookmarks/1/delete", nil)
	if r.StatusCode != 403 || r.Body != "signed out\n" {
		t.Errorf("replayed token POST: %d %q", r.StatusCode, r.Body)
	}
	if _, ok := f.app.store.get(1, 1); !ok {
		t.Error("a revoked session deleted a bookmark")
	}
	// Signing out signed out is fine too.
	expectSeeOther(t, "sign out again", f.browser().post("/signout", nil), "/")
	// A fresh sign-in rotates: the old token from before is dead.
	b2 := f.demo()
	old := b2.cookies["__Host-rastrillo_session"]
	b2.signIn(demoEmail, demoPassword)
	if b2.cookies["__Host-rastrillo_session"] == old {
		t.Error("sign-in did not mint a new token")
	}
	stale := f.browser()
	stale.cookies["__Host-rastrillo_session"] = old
	expectStatus(t, "the rotated-out token", stale.get("/bookmarks"), 303)
}

func TestCSRFOriginCheck(t *testing.T) {
	f := newFixture(t)
	creds := url.Values{"email": {demoEmail}, "password": {"wrong-password"}}
	for _, c := range []struct {
		name string
		hdr  map[string]string
		pass bool
	}{
		{"same-origin fetch metadata", map[string]string{"Sec-Fetch-Site": "same-origin"}, true},
		{"none (typed or bookmarked)", map[string]string{"Sec-Fetch-Site": "none"}, true},
		{"cross-site", map[string]string{"Sec-Fetch-Site": "cross-site"}, false},
		{"same-site", map[string]string{"Sec-Fetch-Site": "same-site"}, false},
		{"cross-site with the right Origin", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": testOrigin}, false},
		{"Origin exact", map[string]string{"Sec-Fetch-Site": "", "Origin": testOrigin}, true},
		{"Origin wrong host", map[string]string{"Sec-Fetch-Site": "", "Origin": "https://evil.example"}, false},
		{"Origin wrong scheme", map[string]string{"Sec-Fetch-Site": "", "Origin": "http://notes.example.com"}, false},
		{"Origin with a slash", map[string]string{"Sec-Fetch-Site": "", "Origin": testOrigin + "/"}, false},
		{"Origin null", map[string]string{"Sec-Fetch-Site": "", "Origin": "null"}, false},
		{"wrong Origin, right Referer", map[string]string{"Sec-Fetch-Site": "", "Origin": "https://evil.example", "Referer": testOrigin + "/signin"}, false},
		{"Referer same origin", map[string]string{"Sec-Fetch-Site": "", "Referer": testOrigin + "/signin?return_to=%2F"}, true},
		{"Referer other host", map[string]string{"Sec-Fetch-Site": "", "Referer": "https://evil.example/notes.example.com"}, false},
		{"Referer suffix host", map[string]string{"Sec-Fetch-Site": "", "Referer": "https://notes.example.com.evil.example/"}, false},
		{"missing everything", map[string]string{"Sec-Fetch-Site": ""}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := f.browser().do("POST", "/signin", creds, c.hdr)
			if c.pass {
				expectStatus(t, c.name, r, http.StatusUnprocessableEntity)
				return
			}
			expectStatus(t, c.name, r, http.StatusForbidden)
			if r.Body != "cross-origin form submission refused\n" || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
				t.Errorf("refusal: %q %q", r.Header.Get("Content-Type"), r.Body)
			}
		})
	}
	// Every POST route is behind it, signed in or not; GETs never are.
	b := f.demo()
	cross := map[string]string{"Sec-Fetch-Site": "cross-site"}
	for _, path := range []string{"/signout", "/bookmarks", "/bookmarks/1/edit-basics", "/bookmarks/1/edit-advanced",
		"/bookmarks/1/delete", "/bookmarks/1/publish", "/bookmarks/1/unpublish", "/_test/expire-sessions"} {
		r := b.do("POST", path, url.Values{"Title": {"x"}, "Notes": {"x"}}, cross)
		if r.StatusCode != 403 || r.Body != "cross-origin form submission refused\n" {
			t.Errorf("cross-site POST %s: %d %q", path, r.StatusCode, r.Body)
		}
	}
	expectStatus(t, "cross-site GET", b.do("GET", "/bookmarks/1", nil, cross), 200)
	if got, _ := f.app.store.get(1, 1); got.Title != "Routing enhancements for Go 1.22" || !got.Published || got.Notes != "" {
		t.Errorf("refused POSTs changed bookmark 1: %+v", got)
	}
	expectStatus(t, "still signed in", b.get("/bookmarks"), 200)
}

// A link's ping (hyperlink auditing) is a same-origin POST: the origin check lets it through, so
// every state-changing route refuses it by its Content-Type or its Ping-To header.
func TestPingRequestsChangeNothing(t *testing.T) {
	f := newFixture(t)
	b := f.demo()
	for _, headers := range []map[string]string{
		{"Content-Type": "text/ping", "Ping-From": testOrigin + "/bookmarks/1", "Ping-To": testOrigin + "/bookmarks/1/edit"},
		{"Content-Type": "Text/Ping; charset=utf-8"},
		{"Content-Type": "application/x-www-form-urlencoded", "Ping-To": testOrigin + "/bookmarks/1/edit"},
	} {
		for _, path := range []string{"/bookmarks/1/delete", "/bookmarks/1/unpublish", "/signout"} {
			r := b.do("POST", path, nil, headers)
			if r.StatusCode != http.StatusForbidden || r.Body != "a link's ping changes nothing\n" {
				t.Errorf("ping POST %s with %v: %d %q", path, headers, r.StatusCode, r.Body)
			}
		}
	}
	if got, found := f.app.store.get(1, 1); !found || !got.Published {
		t.Errorf("pings changed bookmark 1: %+v (found %v)", got, found)
	}
	expectStatus(t, "still signed in after pinging /signout", b.get("/bookmarks"), 200)
	expectSeeOther(t, "an ordinary same-origin POST still works", b.post("/bookmarks/1/unpublish", nil), "/bookmarks/1")
}

var rowLink = regexp.MustCompile(`<a class="row-main" href="/bookmarks/(\d+)">`)

func rowIDs(body string) []int {
	var ids []int
	for _, m := range rowLink.FindAllStringSubmatch(body, -1) {
		id, _ := strconv.Atoi(m[1])
		ids = append(ids, id)
	}
	return ids
}

func TestListPaginationAndSearch(t *testing.T) {
	f := newFixture(t)
	b := f.demo()
	r := b.get("/bookmarks")
	expectStatus(t, "list", r, 200)
	expectContains(t, "list", r.Body,
		`<title>Bookmarks · Notes</title>`,
		`<a class="button primary" href="/bookmarks/new">New bookmark</a>`,
		`<search>
<form class="rst-search" method="get" action="/bookmarks">`,
		`<input type="search" id="q" name="q" value=""`,
		`<button type="submit" class="visually-hidden">Search</button>`,
		`<nav rst-pagination aria-label="Pages">`,
		`<span aria-disabled="true">Previous</span>`,
		`<a href="/bookmarks?page=1" aria-current="page">1</a>`,
		`<a href="/bookmarks?page=2">2</a>`,
		`<a href="/bookmarks?page=3">3</a>`,
		`<a href="/bookmarks?page=2" rel="next">Next</a>`,
		`<span class="pill pill-published">Published</span>`,
		`<span class="pill pill-draft">Draft</span>`)
	if strings.Contains(r.Body, "rst-search-clear") {
		t.Error("the clear link shows without a query")
	}
	for _, c := range []struct {
		query string
		ids   []int
	}{
		{"", []int{25, 24, 23, 22, 21, 20, 19, 18, 17, 16}},
		{"?page=1", []int{25, 24, 23, 22, 21, 20, 19, 18, 17, 16}},
		{"?page=2", []int{15, 14, 13, 12, 11, 10, 9, 8, 7, 6}},
		{"?page=3", []int{5, 4, 3, 2, 1}},
		{"?page=99", []int{5, 4, 3, 2, 1}},
		{"?page=abc", []int{25, 24, 23, 22, 21, 20, 19, 18, 17, 16}},
		{"?page=-1", []int{25, 24, 23, 22, 21, 20, 19, 18, 17, 16}},
		// Title or link, case-insensitive; the other user's bookmarks never show.
		{"?q=ROUTING", []int{25, 13, 1}},
		{"?q=pkg.go.dev", []int{24, 12}},
		{"?q=developer.apple", []int{21, 20, 9, 8}},
		{"?q=zzz", nil},
	} {
		r := b.get("/bookmarks" + c.query)
		if got := rowIDs(r.Body); fmt.Sprint(got) != fmt.Sprint(c.ids) {
			t.Errorf("GET /bookmarks%s: rows %v, want %v", c.query, got, c.ids)
		}
	}
	r = b.get("/bookmarks?page=3")
	expectContains(t, "page 3", r.Body, `<a href="/bookmarks?page=2" rel="prev">Previous</a>`,
		`<a href="/bookmarks?page=3" aria-current="page">3</a>`, `<span aria-disabled="true">Next</span>`)
	r = b.get("/bookmarks?q=routing")
	expectContains(t, "search", r.Body, `value="routing"`,
		`<a class="rst-search-clear" href="/bookmarks" aria-label="Clear search">✕</a>`)
	if strings.Contains(r.Body, "rst-pagination") {
		t.Error("one page of results shows pagination")
	}
	r = b.get("/bookmarks?q=zzz")
	expectContains(t, "no match", r.Body, `No bookmarks match “zzz”.`)
	// Search results page too, and the page links carry q.
	for i := 0; i < 12; i++ {
		b.post("/bookmarks", url.Values{"Title": {fmt.Sprintf("Paged %d", i)}, "Link": {"https://paged.example/"}})
	}
	r = b.get("/bookmarks?q=paged&page=2")
	expectContains(t, "search page 2", r.Body, `<a href="/bookmarks?page=1&amp;q=paged" rel="prev">Previous</a>`,
		`<a href="/bookmarks?page=2&amp;q=paged" aria-current="page">2</a>`)
	if got := len(rowIDs(r.Body)); got != 2 {
		t.Errorf("search page 2 shows %d rows, want 2", got)
	}
	// An empty account.
	empty := newFixture(t, func(c *Config) { c.Seed = 0 }).demo().get("/bookmarks")
	expectContains(t, "empty list", empty.Body, "No bookmarks yet.")
	if strings.Contains(empty.Body, "rst-pagination") {
		t.Error("an empty list shows pagination")
	}
}

// flashOf decodes the flash cookie a response sets.
func flashOf(t *testing.T, r result) string {
	t.Helper()
	c, ok := r.setCookie("rastrillo_flash")
	if !ok {
		t.Fatalf("no flash cookie in %v", r.Header["Set-Cookie"])
	}
	raw, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil {
		t.Fatalf("flash value %q: %v", c.Value, err)
	}
	return string(raw)
}

func TestBookmarkLifecycle(t *testing.T) {
	// No seed for the demo user: the other user's two bookmarks are ids 1 and 2.
	f := newFixture(t, func(c *Config) { c.Seed = 0 })
	b := f.demo()

	r := b.get("/bookmarks/new")
	expectStatus(t, "new", r, 200)
	expectContains(t, "new form", r.Body, `<title>New bookmark · Notes</title>`, `<form rst-form class="stack" method="post" action="/bookmarks">`,
		`<label for="Title">`, `name="Title"`, `<label for="Link">`, `name="Link"`, `<a href="/bookmarks">Cancel</a>`)

	r = b.post("/bookmarks", url.Values{"Title": {"   "}, "Link": {"https://kept.example/<x>"}})
	expectStatus(t, "create without Title", r, http.StatusBadRequest)
	expectContains(t, "400 re-render", r.Body, `<p role="alert" class="form-error" id="form-error">Title is required.</p>`,
		`value="https://kept.example/&lt;x&gt;"`, `aria-invalid="true"`, `action="/bookmarks"`)
	if len(f.app.store.list(1, "")) != 0 {
		t.Fatal("a failed create stored a row")
	}

	r = b.post("/bookmarks", url.Values{"Title": {"  Go blog  "}, "Link": {"https://go.dev/blog/"}})
	expectSeeOther(t, "create", r, "/bookmarks/3")
	if got := flashOf(t, r); got != "notice\x00Bookmark created." {
		t.Errorf("flash %q", got)
	}
	raw := r.Header.Values("Set-Cookie")
	if len(raw) != 1 || !strings.HasSuffix(raw[0], "; Path=/; Max-Age=60; HttpOnly; SameSite=Lax") {
		t.Errorf("flash Set-Cookie %q", raw)
	}

	r = b.get("/bookmarks/3")
	expectStatus(t, "show", r, 200)
	expectContains(t, "show", r.Body,
		`<p role="status" class="flash flash-notice">Bookmark created.</p>`,
		`<title>Go blog · Notes</title>`, `<h1>Go blog</h1>`,
		`<dd class="link-text">https://go.dev/blog/</dd>`,
		`<a class="button" href="/bookmarks/3/edit">Edit</a>`,
		`<span class="pill pill-draft">Draft</span>`,
		`<form method="post" action="/bookmarks/3/publish"><button type="submit">Publish</button></form>`,
		`<form method="post" action="/bookmarks/3/delete"><button type="submit" class="danger">Delete</button></form>`)
	if strings.Contains(r.Body, `href="https://go.dev`) {
		t.Error("the link is rendered as a link; facts §10 say plain text")
	}
	if c, ok := r.setCookie("rastrillo_flash"); !ok || c.MaxAge >= 0 {
		t.Errorf("the flash was not cleared on render: %v", r.Header["Set-Cookie"])
	}
	if strings.Contains(b.get("/bookmarks/3").Body, "Bookmark created.") {
		t.Error("the flash showed twice")
	}

	r = b.post("/bookmarks/3/publish", nil)
	expectSeeOther(t, "publish", r, "/bookmarks/3")
	if got := flashOf(t, r); got != "notice\x00Bookmark published." {
		t.Errorf("publish flash %q", got)
	}
	r = b.get("/bookmarks/3")
	expectContains(t, "published show", r.Body, `<span class="pill pill-published">Published</span>`,
		`<form method="post" action="/bookmarks/3/unpublish"><button type="submit">Unpublish</button></form>`)

	r = b.get("/bookmarks/3/edit")
	expectStatus(t, "edit", r, 200)
	// facts §2's edit screen order: pill, unpublish, delete, the basics form; then Advanced.
	expectInOrder(t, "edit screen", r.Body,
		`<title>Edit Go blog · Notes</title>`,
		`<span class="pill pill-published">Published</span>`,
		`<form method="post" action="/bookmarks/3/unpublish"><button type="submit">Unpublish</button></form>`,
		`<form method="post" action="/bookmarks/3/delete"><button type="submit" class="danger">Delete</button></form>`,
		`<form rst-form class="stack" method="post" action="/bookmarks/3/edit-basics">`,
		`value="Go blog"`, `value="https://go.dev/blog/"`,
		`<button type="submit" class="primary">Save</button>`,
		`<a href="/bookmarks/3">Cancel</a>`,
		`<form rst-form class="stack" method="post" action="/bookmarks/3/edit-advanced">`,
		"<textarea id=\"Notes\" name=\"Notes\" rows=\"6\">\n</textarea>")

	r = b.post("/bookmarks/3/unpublish", nil)
	expectSeeOther(t, "unpublish", r, "/bookmarks/3")
	if got := flashOf(t, r); got != "notice\x00Bookmark unpublished." {
		t.Errorf("unpublish flash %q", got)
	}
	expectInOrder(t, "draft edit screen", b.get("/bookmarks/3/edit").Body,
		`<span class="pill pill-draft">Draft</span>`, `action="/bookmarks/3/publish"`, `action="/bookmarks/3/delete"`, `action="/bookmarks/3/edit-basics"`)

	r = b.post("/bookmarks/3/edit-basics", url.Values{"Title": {""}, "Link": {"https://changed.example/"}})
	expectStatus(t, "edit-basics without Title", r, http.StatusBadRequest)
	expectContains(t, "edit 400", r.Body, `role="alert"`, `Title is required.`, `value="https://changed.example/"`, `action="/bookmarks/3/edit-basics"`)
	if got, _ := f.app.store.get(1, 3); got.Link != "https://go.dev/blog/" {
		t.Errorf("a failed edit changed the row: %+v", got)
	}

	r = b.post("/bookmarks/3/edit-basics", url.Values{"Title": {"The Go Blog"}, "Link": {""}})
	expectSeeOther(t, "edit-basics", r, "/bookmarks/3")
	if got := flashOf(t, r); got != "notice\x00Bookmark saved." {
		t.Errorf("edit flash %q", got)
	}
	r = b.post("/bookmarks/3/edit-advanced", url.Values{"Notes": {"line one\r\n<b>two</b>"}})
	expectSeeOther(t, "edit-advanced", r, "/bookmarks/3")
	r = b.post("/bookmarks/3/edit-advanced", url.Values{"Notes": {""}})
	expectSeeOther(t, "edit-advanced may clear", r, "/bookmarks/3")
	b.post("/bookmarks/3/edit-advanced", url.Values{"Notes": {"line one\r\n<b>two</b>"}})
	r = b.get("/bookmarks/3")
	expectContains(t, "edited show", r.Body, `<h1>The Go Blog</h1>`, `<dd class="notes">line one
&lt;b&gt;two&lt;/b&gt;</dd>`, `<span class="none">None</span>`)
	if got, _ := f.app.store.get(1, 3); got.Title != "The Go Blog" || got.Link != "" || got.Notes != "line one\n<b>two</b>" {
		t.Errorf("stored %+v", got)
	}
	expectContains(t, "edit keeps notes", b.get("/bookmarks/3/edit").Body, "rows=\"6\">\nline one\n&lt;b&gt;two&lt;/b&gt;</textarea>")

	r = b.get("/bookmarks/3/delete")
	expectStatus(t, "confirm", r, 200)
	expectInOrder(t, "confirm page", r.Body,
		`<title>Delete The Go Blog? · Notes</title>`,
		`<nav class="back-nav" aria-label="Back"><a href="/bookmarks/3">`,
		`<h1>Delete bookmark?</h1>`,
		`will be deleted`,
		`<form rst-form-actions class="actions" method="post" action="/bookmarks/3/delete">`,
		`<a href="/bookmarks/3">Cancel</a>`,
		`<button type="submit" rst-btn="danger" class="danger">Delete</button>`)

	r = b.post("/bookmarks/3/delete", nil)
	expectSeeOther(t, "delete", r, "/bookmarks")
	if got := flashOf(t, r); got != "notice\x00Bookmark deleted." {
		t.Errorf("delete flash %q", got)
	}
	expectContains(t, "list after delete", b.get("/bookmarks").Body, `<p role="status" class="flash flash-notice">Bookmark deleted.</p>`, "No bookmarks yet.")
	for _, path := range []string{"/bookmarks/3", "/bookmarks/3/edit", "/bookmarks/3/delete"} {
		expectStatus(t, "after delete "+path, b.get(path), 404)
	}
	expectStatus(t, "delete twice", b.post("/bookmarks/3/delete", nil), 404)
}

func TestForeignMissingAndMalformedIDs(t *testing.T) {
	f := newFixture(t)
	b := f.demo()
	before := f.app.store.list(2, "")
	for _, id := range []string{"26", "27", "999", "0", "abc", "03", "+3", "-1", "1e3", "99999999999999999999"} {
		for _, c := range []struct{ method, suffix string }{
			{"GET", ""}, {"GET", "/edit"}, {"GET", "/delete"},
			{"POST", "/edit-basics"}, {"POST", "/edit-advanced"}, {"POST", "/delete"}, {"POST", "/publish"}, {"POST", "/unpublish"},
		} {
			path := "/bookmarks/" + url.PathEscape(id) + c.suffix
			var form url.Values
			if c.method == "POST" {
				form = url.Values{"Title": {"hijacked"}, "Notes": {"hijacked"}}
			}
			r := b.do(c.method, path, form, nil)
			if r.StatusCode != 404 || r.Body != "404 page not found\n" {
				t.Errorf("%s %s: %d %q, want http.NotFound", c.method, path, r.StatusCode, r.Body)
			}
		}
	}
	if after := f.app.store.list(2, ""); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("the other user's bookmarks changed: %+v -> %+v", before, after)
	}
	// The other user sees their own.
	o := f.browser()
	o.signIn(otherEmail, otherPass)
	expectStatus(t, "owner sees 26", o.get("/bookmarks/26"), 200)
	expectStatus(t, "owner cannot see 1", o.get("/bookmarks/1"), 404)
	if got := rowIDs(o.get("/bookmarks").Body); fmt.Sprint(got) != "[27 26]" {
		t.Errorf("other user's list %v", got)
	}
}

func TestBadRequestBodies(t *testing.T) {
	f := newFixture(t)
	b := f.demo()
	r := b.do("POST", "/bookmarks", url.Values{}, nil) // empty: 400 re-render, not Bad request.
	expectStatus(t, "empty create", r, 400)
	expectContains(t, "empty create", r.Body, "Title is required.")

	big := url.Values{"Title": {strings.Repeat("x", 1<<20)}}
	r = b.do("POST", "/bookmarks", big, nil)
	if r.StatusCode != 400 || r.Body != "Bad request.\n" {
		t.Errorf("over 1 MiB: %d %.40q", r.StatusCode, r.Body)
	}
	if n := len(f.app.store.list(1, "")); n != 25 {
		t.Errorf("%d bookmarks after refused creates", n)
	}
}

func TestPagesCarryNoScriptOrInlineStyle(t *testing.T) {
	f := newFixture(t)
	b := f.demo()
	pages := map[string]result{
		"signin":      f.browser().get("/signin?return_to=%2Fbookmarks"),
		"signin 422":  f.browser().post("/signin", url.Values{"email": {"x@example.com"}, "password": {"wrong-password"}}),
		"list":        b.get("/bookmarks"),
		"search":      b.get("/bookmarks?q=go&page=1"),
		"new":         b.get("/bookmarks/new"),
		"create 400":  b.post("/bookmarks", url.Values{"Link": {"x"}}),
		"show":        b.get("/bookmarks/1"),
		"edit":        b.get("/bookmarks/1/edit"),
		"edit 400":    b.post("/bookmarks/1/edit-basics", url.Values{"Title": {""}}),
		"confirm":     b.get("/bookmarks/1/delete"),
		"signed list": b.get("/bookmarks?page=3"),
	}
	title := regexp.MustCompile(`<title>[^<]+ · Notes</title>`)
	for name, r := range pages {
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html; charset=utf-8") {
			t.Errorf("%s: Content-Type %q", name, r.Header.Get("Content-Type"))
		}
		low := strings.ToLower(r.Body)
		for _, banned := range []string{"<script", "style=", "<style", "javascript:", " on"} {
			if banned == " on" {
				if regexp.MustCompile(`\son[a-z]+=`).MatchString(low) {
					t.Errorf("%s: an inline event handler", name)
				}
				continue
			}
			if strings.Contains(low, banned) {
				t.Errorf("%s: contains %q", name, banned)
			}
		}
		expectContains(t, name, r.Body, `<!doctype html>`, `<html lang="en">`, `<meta name="viewport" content="width=device-width">`,
			`<link rel="stylesheet" href="/static/app.css">`, `<main id="main">`, `<h1>`)
		if !title.MatchString(r.Body) {
			t.Errorf("%s: no '{Page title} · Notes' title", name)
		}
	}
	expectContains(t, "signed-in header", pages["list"].Body, `<form method="post" action="/signout"><button type="submit" class="quiet">Sign out</button></form>`)
}

func TestTestHooks(t *testing.T) {
	off := newFixture(t, func(c *Config) { c.TestHooks = false })
	b := off.demo()
	for _, c := range []struct{ method, path string }{{"POST", "/_test/expire-sessions"}, {"GET", "/_test/state"}} {
		r := b.do(c.method, c.path, url.Values{}, nil)
		if r.StatusCode != 404 || r.Body != "404 page not found\n" {
			t.Errorf("without -test-hooks %s %s: %d %q", c.method, c.path, r.StatusCode, r.Body)
		}
	}
	expectStatus(t, "still signed in", b.get("/bookmarks"), 200)

	f := newFixture(t)
	u1, u2 := f.demo(), f.demo()
	u1.post("/bookmarks/2/publish", nil)
	u1.post("/bookmarks/2/edit-advanced", url.Values{"Notes": {"n"}})
	r := f.browser().get("/_test/state")
	expectStatus(t, "state", r, 200)
	var st State
	if err := json.Unmarshal([]byte(r.Body), &st); err != nil {
		t.Fatalf("state JSON: %v\n%s", err, r.Body)
	}
	if st.LiveSessions != 2 || len(st.Users) != 2 || st.Users[0].Email != demoEmail || len(st.Users[0].Bookmarks) != 25 ||
		st.Users[1].Email != otherEmail || len(st.Users[1].Bookmarks) != 2 {
		t.Fatalf("state %+v", st)
	}
	if got := st.Users[0].Bookmarks[1]; got.ID != 2 || got.Title != "HTTP 303 See Other" || !got.Published || got.Notes != "n" ||
		got.Link != "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/303" {
		t.Errorf("bookmark 2 in state: %+v", got)
	}
	expectContains(t, "state JSON keys", r.Body, `"id":2`, `"title":`, `"link":`, `"notes":"n"`, `"published":true`, `"liveSessions":2`)

	// Expiry mid-use: the next page goes to sign-in with its return_to, a POST gets 403.
	r = f.browser().do("POST", "/_test/expire-sessions", url.Values{}, nil)
	expectStatus(t, "expire", r, 200)
	expectContains(t, "expire", r.Body, `{"revoked":2}`)
	expectSeeOther(t, "after expiry", u1.get("/bookmarks/3/edit"), "/signin?return_to=%2Fbookmarks%2F3%2Fedit")
	r = u2.post("/bookmarks/3/edit-basics", url.Values{"Title": {"late"}})
	if r.StatusCode != 403 || r.Body != "signed out\n" {
		t.Errorf("POST after expiry: %d %q", r.StatusCode, r.Body)
	}
	u1.signIn(demoEmail, demoPassword)
	expectStatus(t, "signed in again", u1.get("/bookmarks/3/edit"), 200)
	var again State
	_ = json.Unmarshal([]byte(f.browser().get("/_test/state").Body), &again)
	if again.LiveSessions != 1 {
		t.Errorf("live sessions after one sign-in: %d", again.LiveSessions)
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{Origin: "notes.example.com", Accounts: []Account{{demoEmail, demoPassword}}},
		{Origin: testOrigin},
		{Origin: testOrigin, Accounts: []Account{{demoEmail, "short"}}},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
}

func TestLimiterForgetsOldEmails(t *testing.T) {
	l := newLimiter()
	start := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	for i := 0; i < maxLimitedEmails; i++ {
		l.fail(fmt.Sprintf("u%d@example.com", i), start)
	}
	l.fail("late@example.com", start.Add(16*time.Minute))
	if len(l.failures) != 1 {
		t.Errorf("%d emails kept after their windows passed, want 1", len(l.failures))
	}
}
