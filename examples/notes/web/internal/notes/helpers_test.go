package notes

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	testOrigin   = "https://notes.example.com"
	demoEmail    = "demo@example.com"
	demoPassword = "demo-password"
	otherEmail   = "other@example.com"
	otherPass    = "other-password"
)

// clock is a settable Config.Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.now = c.now.Add(d) }

type fixture struct {
	t      *testing.T
	app    *App
	server *httptest.Server
	clock  *clock
}

// newFixture serves a real App on a loopback httptest server: the demo account with 25
// bookmarks (ids 1-25) and a second account with 2 (ids 26, 27).
func newFixture(t *testing.T, change ...func(*Config)) *fixture {
	t.Helper()
	clk := &clock{now: time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)}
	cfg := Config{
		Origin:         testOrigin,
		Version:        "v1.2.3",
		Accounts:       []Account{{demoEmail, demoPassword}, {otherEmail, otherPass}},
		Seed:           25,
		OtherSeed:      2,
		TestHooks:      true,
		HashIterations: 1000,
		Now:            clk.Now,
	}
	for _, f := range change {
		f(&cfg)
	}
	app, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(app)
	t.Cleanup(server.Close)
	return &fixture{t: t, app: app, server: server, clock: clk}
}

// browser is a client with a cookie jar of its own (cookies keyed by name; Max-Age<=0
// deletes) that never follows redirects and sends Sec-Fetch-Site: same-origin on POSTs
// unless the request's headers say otherwise.
type browser struct {
	f       *fixture
	cookies map[string]string
}

func (f *fixture) browser() *browser { return &browser{f: f, cookies: map[string]string{}} }

type result struct {
	*http.Response
	Body string
}

func (r result) setCookie(name string) (*http.Cookie, bool) {
	for _, c := range r.Cookies() {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

func (b *browser) do(method, path string, form url.Values, headers map[string]string) result {
	t := b.f.t
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, b.f.server.URL+path, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if method != http.MethodGet && method != http.MethodHead {
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	for name, value := range b.cookies {
		req.AddCookie(&http.Cookie{Name: name, Value: value})
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	for _, c := range resp.Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	return result{resp, string(raw)}
}

func (b *browser) get(path string) result {
	b.f.t.Helper()
	return b.do(http.MethodGet, path, nil, nil)
}

func (b *browser) post(path string, form url.Values) result {
	b.f.t.Helper()
	if form == nil {
		form = url.Values{}
	}
	return b.do(http.MethodPost, path, form, nil)
}

// signIn signs b in as email and fails the test unless it gets the 303.
func (b *browser) signIn(email, password string) {
	b.f.t.Helper()
	r := b.post("/signin", url.Values{"email": {email}, "password": {password}})
	if r.StatusCode != http.StatusSeeOther {
		b.f.t.Fatalf("sign in as %s: status %d, body %s", email, r.StatusCode, r.Body)
	}
}

func (f *fixture) demo() *browser {
	f.t.Helper()
	b := f.browser()
	b.signIn(demoEmail, demoPassword)
	return b
}

func expectStatus(t *testing.T, what string, r result, status int) {
	t.Helper()
	if r.StatusCode != status {
		t.Fatalf("%s: status %d, want %d; body:\n%s", what, r.StatusCode, status, r.Body)
	}
}

func expectSeeOther(t *testing.T, what string, r result, location string) {
	t.Helper()
	expectStatus(t, what, r, http.StatusSeeOther)
	if got := r.Header.Get("Location"); got != location {
		t.Fatalf("%s: Location %q, want %q", what, got, location)
	}
}

func expectContains(t *testing.T, what, body string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(body, want) {
			t.Errorf("%s: missing %q in:\n%s", what, want, body)
		}
	}
}

func expectInOrder(t *testing.T, what, body string, parts ...string) {
	t.Helper()
	at := 0
	for _, part := range parts {
		i := strings.Index(body[at:], part)
		if i < 0 {
			t.Fatalf("%s: %q missing or out of order (looked from byte %d) in:\n%s", what, part, at, body)
		}
		at += i + len(part)
	}
}
