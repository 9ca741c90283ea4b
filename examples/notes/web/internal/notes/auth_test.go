package notes

import (
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"example.com/notesweb/internal/keymailfake"
)

const (
	inboxEmail = "inbox@keymail.test"
	totpSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" // RFC 6238's SHA-1 key, "12345678901234567890"
)

type authFixture struct {
	*fixture
	keymail *httptest.Server
}

// newAuthFixture serves the auth mode: demo@example.com (magic link), other@example.com
// (magic link + TOTP) and inbox@keymail.test (keymail, served by a real fake keymail on its
// own TLS loopback origin).
func newAuthFixture(t *testing.T, change ...func(*Config)) *authFixture {
	t.Helper()
	ks := httptest.NewTLSServer(keymailfake.New("keymail.test"))
	t.Cleanup(ks.Close)
	f := newFixture(t, append([]func(*Config){func(c *Config) {
		c.SignIn = SignInAuth
		c.Accounts = append(c.Accounts, Account{inboxEmail, "unused-password"})
		c.Keymail = KeymailConfig{Base: ks.URL, Domain: "keymail.test", Client: ks.Client()}
		c.TOTP = map[string]string{otherEmail: totpSecret}
	}}, change...)...)
	return &authFixture{fixture: f, keymail: ks}
}

var powField = regexp.MustCompile(`name="pow_challenge" value="([^"]+)"`)

// begin loads /signin (with query), solves its proof of work and posts the form.
func (b *browser) begin(query string, form url.Values) result {
	b.f.t.Helper()
	page := b.get("/signin" + query)
	m := powField.FindStringSubmatch(page.Body)
	if m == nil {
		b.f.t.Fatalf("GET /signin%s has no pow challenge:\n%s", query, page.Body)
	}
	challenge := html.UnescapeString(m[1])
	form.Set("pow_challenge", challenge)
	form.Set("pow_nonce", SolvePow(challenge, 8))
	return b.post("/signin", form)
}

// lastLink is the newest emailed link to address, read through the outbox hook.
func (f *authFixture) lastLink(address string) string {
	f.t.Helper()
	mails := f.app.auth.outbox
	for i := len(mails) - 1; i >= 0; i-- {
		if mails[i].To == address {
			return mails[i].Link
		}
	}
	f.t.Fatalf("no mail to %s in %+v", address, mails)
	return ""
}

func pathOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.RequestURI()
}

func TestAuthMagicLink(t *testing.T) {
	f := newAuthFixture(t)
	b := f.browser()
	r := b.begin("", url.Values{"address": {"Demo@Example.com"}})
	expectStatus(t, "Begin", r, http.StatusSeeOther)
	loc := r.Header.Get("Location")
	if !regexp.MustCompile(`^/signin\?sent=1&attempt=[A-Za-z0-9_-]+$`).MatchString(loc) {
		t.Fatalf("Begin: Location %q", loc)
	}
	expectContains(t, "the Sent page", b.get(loc).Body, "Check your email", "<strong>demo@example.com</strong>")
	if body := f.browser().get(loc).Body; strings.Contains(body, "demo@example.com") {
		t.Errorf("another browser's Sent page names the address:\n%s", body)
	}
	link := f.lastLink(demoEmail)
	if !regexp.MustCompile(`^https://notes\.example\.com/auth/verify\?token=[A-Za-z0-9_-]+$`).MatchString(link) {
		t.Fatalf("link %q", link)
	}
	mail := f.app.auth.outbox[len(f.app.auth.outbox)-1]
	if mail.Subject != "Your sign-in link" || !strings.Contains(mail.Body, "Open this link to sign in: "+link+" It works once and expires in 15 minutes.") {
		t.Errorf("mail %+v", mail)
	}

	// The page a Mail tap opens: GET spends nothing, whoever opens it and however often.
	mailApp := f.browser()
	for i := 0; i < 2; i++ {
		page := mailApp.get(pathOf(t, link))
		expectStatus(t, "GET verify", page, http.StatusOK)
		expectContains(t, "the confirm page", page.Body, "<h1>Sign in to notes.example.com</h1>", `<form class="stack" method="post" action="/auth/verify">`, `<button type="submit" class="primary">Sign in</button>`)
		for name, want := range map[string]string{"Cache-Control": "no-store", "Referrer-Policy": "strict-origin", "X-Frame-Options": "DENY", "X-Robots-Tag": "noindex, nofollow"} {
			if got := page.Header.Get(name); got != want {
				t.Errorf("GET verify: %s %q, want %q", name, got, want)
			}
		}
		if csp := strings.Join(page.Header.Values("Content-Security-Policy"), ", "); !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("GET verify: CSP %q", csp)
		}
	}
	expectSeeOther(t, "GET verify without a token", mailApp.get("/auth/verify"), "/signin?err=expired")

	token := strings.TrimPrefix(link, "https://notes.example.com/auth/verify?token=")
	for _, headers := range []map[string]string{
		{"Sec-Fetch-Site": "", "Origin": "null"},
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "", "Origin": "https://evil.example"},
		{"Sec-Fetch-Site": "", "Referer": "https://notes.example.com/auth/verify"},
	} {
		r := mailApp.do(http.MethodPost, "/auth/verify", url.Values{"token": {token}}, headers)
		expectStatus(t, "a cross-origin redeem "+strings.Join(mapKeys(headers), ","), r, http.StatusForbidden)
	}
	r = mailApp.post("/auth/verify", url.Values{"token": {token}})
	expectSeeOther(t, "the confirm tap (the link survived the refusals)", r, "/")
	if _, ok := r.setCookie("__Host-rastrillo_session"); !ok {
		t.Fatal("the confirm tap set no session cookie")
	}
	expectStatus(t, "signed in", mailApp.get("/bookmarks"), http.StatusOK)
	expectSeeOther(t, "a replayed redeem", f.browser().post("/auth/verify", url.Values{"token": {token}}), "/signin?err=expired")

	// A link lasts 15 minutes.
	f.browser().begin("", url.Values{"address": {demoEmail}})
	late := strings.TrimPrefix(f.lastLink(demoEmail), "https://notes.example.com/auth/verify?token=")
	f.clock.advance(15*time.Minute + time.Second)
	expectSeeOther(t, "an expired link", f.browser().post("/auth/verify", url.Values{"token": {late}}), "/signin?err=expired")

	// An address with no account gets a link that is not admitted.
	f.browser().begin("", url.Values{"address": {"stranger@example.net"}})
	stranger := strings.TrimPrefix(f.lastLink("stranger@example.net"), "https://notes.example.com/auth/verify?token=")
	r = f.browser().post("/auth/verify", url.Values{"token": {stranger}})
	expectStatus(t, "a stranger's redeem", r, http.StatusForbidden)
	expectContains(t, "a stranger's redeem", r.Body, "This address is verified but not admitted here.")
}

func mapKeys(m map[string]string) []string {
	out := []string{}
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	return out
}

func TestAuthBeginRefusals(t *testing.T) {
	f := newAuthFixture(t, func(c *Config) { c.BeginBudgetPerIP = 100 })
	b := f.browser()
	expectSeeOther(t, "no proof of work", b.post("/signin", url.Values{"address": {demoEmail}}), "/signin?err=check&rec=1")
	page := b.get("/signin")
	challenge := html.UnescapeString(powField.FindStringSubmatch(page.Body)[1])
	expectContains(t, "the Ask page", page.Body, `<script src="/static/signin.js" defer></script>`, `data-pow-bits="8"`, `<button type="submit" class="primary" disabled>`)
	nonce := SolvePow(challenge, 8)
	expectSeeOther(t, "a wrong nonce", b.post("/signin", url.Values{"address": {demoEmail}, "pow_challenge": {challenge}, "pow_nonce": {nonce + "0"}}), "/signin?err=check&rec=1")
	forged := challenge[:len(challenge)-2] + "AA"
	expectSeeOther(t, "a forged challenge", b.post("/signin", url.Values{"address": {demoEmail}, "pow_challenge": {forged}, "pow_nonce": {SolvePow(forged, 8)}}), "/signin?err=check&rec=1")
	expectStatus(t, "a solved challenge", b.post("/signin", url.Values{"address": {demoEmail}, "pow_challenge": {challenge}, "pow_nonce": {nonce}}), http.StatusSeeOther)
	expectSeeOther(t, "the same challenge again", b.post("/signin", url.Values{"address": {demoEmail}, "pow_challenge": {challenge}, "pow_nonce": {nonce}}), "/signin?err=check&rec=1")
	old := html.UnescapeString(powField.FindStringSubmatch(b.get("/signin").Body)[1])
	f.clock.advance(10 * time.Minute)
	expectSeeOther(t, "a challenge 10 minutes old", b.post("/signin", url.Values{"address": {demoEmail}, "pow_challenge": {old}, "pow_nonce": {SolvePow(old, 8)}}), "/signin?err=check&rec=1")

	expectSeeOther(t, "no address", b.begin("", url.Values{"address": {"nobody"}}), "/signin?err=address")
	expectSeeOther(t, "force is kept", b.begin("?force=1", url.Values{"address": {"nobody"}, "force": {"1"}}), "/signin?err=address&force=1")
	for i := 0; i < 4; i++ {
		expectStatus(t, "a link within the address budget", b.begin("", url.Values{"address": {otherEmail}}), http.StatusSeeOther)
	}
	expectStatus(t, "the fifth link", b.begin("", url.Values{"address": {otherEmail}}), http.StatusSeeOther)
	expectSeeOther(t, "the sixth link", b.begin("", url.Values{"address": {otherEmail}}), "/signin?err=rate")
	r := b.do(http.MethodPost, "/signin", url.Values{"address": {demoEmail}}, map[string]string{"Sec-Fetch-Site": "cross-site"})
	expectStatus(t, "a cross-site Begin", r, http.StatusForbidden)
	expectContains(t, "a cross-site Begin", r.Body, "cross-origin form submission refused")
}

var metaRefresh = regexp.MustCompile(`<meta http-equiv="refresh" content="0;url=([^"]+)">`)

// keymailLeg runs Begin for address in b and returns the continue page's authorize URL.
func (f *authFixture) keymailLeg(b *browser, query string, form url.Values) string {
	f.t.Helper()
	r := b.begin(query, form)
	expectStatus(f.t, "keymail Begin", r, http.StatusSeeOther)
	loc := r.Header.Get("Location")
	if !regexp.MustCompile(`^/signin\?continue=[A-Za-z0-9_-]+$`).MatchString(loc) {
		f.t.Fatalf("keymail Begin: Location %q", loc)
	}
	page := b.get(loc)
	expectStatus(f.t, "the continue page", page, http.StatusOK)
	if got := page.Header.Get("Referrer-Policy"); got != "no-referrer" {
		f.t.Errorf("the continue page: Referrer-Policy %q", got)
	}
	m := metaRefresh.FindStringSubmatch(page.Body)
	if m == nil {
		f.t.Fatalf("the continue page has no meta refresh:\n%s", page.Body)
	}
	authorize := html.UnescapeString(m[1])
	expectInOrder(f.t, "the continue page", page.Body, `<div class="card" id="signin-continue">`, `<meta http-equiv="refresh"`, `href="`+m[1]+`"`)
	return authorize
}

// system runs the keymail page outside b (the system authentication session: no cookie of
// the app) and returns where keymail redirects.
func (f *authFixture) system(authorize, inbox, decision string) string {
	f.t.Helper()
	client := f.keymail.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	page, err := client.Get(authorize)
	if err != nil {
		f.t.Fatal(err)
	}
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if page.StatusCode != http.StatusOK {
		f.t.Fatalf("keymail's authorize page: %d %s", page.StatusCode, body)
	}
	u, _ := url.Parse(authorize)
	form := u.Query()
	form.Set("address", inbox)
	form.Set("decision", decision)
	resp, err := client.PostForm(f.keymail.URL+"/oauth/authorize", form)
	if err != nil {
		f.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		f.t.Fatalf("keymail's decision: %d", resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

func TestAuthKeymail(t *testing.T) {
	f := newAuthFixture(t)
	b := f.browser()
	r := b.begin("", url.Values{"address": {inboxEmail}})
	for _, name := range []string{"__Host-rastrillo_pending", "__Host-rastrillo_continue"} {
		c, ok := r.setCookie(name)
		if !ok || c.MaxAge != 600 || !c.HttpOnly || !c.Secure || c.Path != "/" || c.SameSite != http.SameSiteLaxMode {
			t.Errorf("Begin's %s: %+v", name, c)
		}
	}
	authorize := f.keymailLeg(b, "", url.Values{"address": {inboxEmail}})
	shape := regexp.MustCompile(`^` + regexp.QuoteMeta(f.keymail.URL) + `/oauth/authorize\?client_id=https%3A%2F%2Fnotes\.example\.com&redirect_uri=https%3A%2F%2Fnotes\.example\.com%2Fauth%2Fcallback&scope=identify&state=[A-Za-z0-9_-]{43}&code_challenge=[A-Za-z0-9_-]{43}&code_challenge_method=S256$`)
	if !shape.MatchString(authorize) {
		t.Fatalf("authorize URL %q", authorize)
	}
	if !f.app.validAuthorizeURL(authorize) {
		t.Fatal("the app's own authorize URL fails its predicate")
	}
	callback := f.system(authorize, inboxEmail, "allow")
	if !strings.HasPrefix(callback, "https://notes.example.com/auth/callback?") {
		t.Fatalf("keymail redirected to %q", callback)
	}
	// Negative control: the system session's jar has no pending cookie.
	expectSeeOther(t, "the callback in the other jar", f.browser().get(pathOf(t, callback)), "/signin?err=expired")
	r = b.get(pathOf(t, callback))
	expectSeeOther(t, "the callback in the web view's jar", r, "/")
	for _, name := range []string{"__Host-rastrillo_pending", "__Host-rastrillo_continue"} {
		if c, ok := r.setCookie(name); !ok || c.MaxAge >= 0 {
			t.Errorf("the callback did not clear %s", name)
		}
	}
	if _, ok := r.setCookie("__Host-rastrillo_session"); !ok {
		t.Fatal("the callback set no session")
	}
	expectStatus(t, "signed in by keymail", b.get("/bookmarks"), http.StatusOK)
	expectSeeOther(t, "the callback again", b.get(pathOf(t, callback)), "/signin?err=expired")

	// Without a continuation (a screen-off browser), the pending cookie's own state decides.
	c := f.browser()
	cb, _ := url.Parse(f.system(f.keymailLeg(c, "", url.Values{"address": {inboxEmail}}), inboxEmail, "allow"))
	delete(c.cookies, "__Host-rastrillo_continue")
	q := cb.Query()
	q.Set("state", strings.Repeat("A", 43))
	r = c.get("/auth/callback?" + q.Encode())
	expectSeeOther(t, "a callback whose state is not the pending cookie's", r, "/signin?err=expired")
	if c, ok := r.setCookie("__Host-rastrillo_pending"); !ok || c.MaxAge >= 0 {
		t.Error("a state mismatch without a continuation kept the pending cookie (it is spent)")
	}
}

func TestAuthKeymailAttempts(t *testing.T) {
	f := newAuthFixture(t, func(c *Config) { c.BeginBudgetPerAddress = 50 })
	b := f.browser()
	first := f.keymailLeg(b, "", url.Values{"address": {inboxEmail}})
	firstCallback := f.system(first, inboxEmail, "allow")
	second := f.keymailLeg(b, "", url.Values{"address": {inboxEmail}})
	// The late callback of the first attempt: expired, and the second attempt's cookies stay.
	r := b.get(pathOf(t, firstCallback))
	expectSeeOther(t, "a late callback", r, "/signin?err=expired")
	if len(r.Cookies()) != 0 {
		t.Fatalf("a late callback touched cookies: %v", r.Cookies())
	}
	expectSeeOther(t, "the second attempt's callback", b.get(pathOf(t, f.system(second, inboxEmail, "allow"))), "/")

	// A continue id that is not this browser's renders Ask with "expired".
	c := f.browser()
	f.keymailLeg(c, "", url.Values{"address": {inboxEmail}})
	page := c.get("/signin?continue=someoneelses")
	expectContains(t, "a foreign continue id", page.Body, "That sign-in link or attempt has expired.")
	if strings.Contains(page.Body, "http-equiv") {
		t.Error("a foreign continue id still refreshes to keymail")
	}

	// Cancel at keymail: back with error=access_denied, cookies cleared, a link instead.
	d := f.browser()
	r = d.get(pathOf(t, f.system(f.keymailLeg(d, "", url.Values{"address": {inboxEmail}}), inboxEmail, "deny")))
	expectSeeOther(t, "a cancelled keymail", r, "/signin?force=1&err=keymail")
	if c, ok := r.setCookie("__Host-rastrillo_pending"); !ok || c.MaxAge >= 0 {
		t.Error("a cancelled keymail kept the pending cookie")
	}
	fallback := d.get("/signin?force=1&err=keymail").Body
	expectContains(t, "send a link instead", fallback, "We’ll email you a sign-in link instead.", `<input type="hidden" name="force" value="1">`, "Email me a sign-in link")
	expectStatus(t, "the link instead", d.begin("?force=1&err=keymail", url.Values{"address": {inboxEmail}, "force": {"1"}}), http.StatusSeeOther)
	if link := f.lastLink(inboxEmail); link == "" {
		t.Error("force=1 mailed no link to a keymail address")
	}

	// Another inbox at keymail than the one typed.
	e := f.browser()
	r = e.get(pathOf(t, f.system(f.keymailLeg(e, "", url.Values{"address": {inboxEmail}}), "someone@keymail.test", "allow")))
	expectStatus(t, "a different address", r, http.StatusForbidden)
	expectContains(t, "a different address", r.Body, "Keymail returned a different address from the one you entered.")

	// Step-up asks keymail to re-authenticate.
	g := f.browser()
	reauth := f.keymailLeg(g, "?reauth=1", url.Values{"address": {inboxEmail}, "reauth": {"1"}})
	if !strings.HasSuffix(reauth, "&code_challenge_method=S256&prompt=login") || !f.app.validAuthorizeURL(reauth) {
		t.Errorf("a step-up authorize URL %q", reauth)
	}
	// The pending cookie lives 10 minutes.
	h := f.browser()
	late := f.system(f.keymailLeg(h, "", url.Values{"address": {inboxEmail}}), inboxEmail, "allow")
	f.clock.advance(10*time.Minute + time.Second)
	expectSeeOther(t, "a callback after 10 minutes", h.get(pathOf(t, late)), "/signin?err=expired")
}

func TestAuthorizePredicate(t *testing.T) {
	f := newAuthFixture(t)
	good := f.keymailLeg(f.browser(), "", url.Values{"address": {inboxEmail}})
	u, _ := url.Parse(good)
	q := u.Query()
	with := func(change func(url.Values)) string {
		v := url.Values{}
		for k, vs := range q {
			v[k] = append([]string(nil), vs...)
		}
		change(v)
		return f.keymail.URL + "/oauth/authorize?" + v.Encode()
	}
	for name, raw := range map[string]string{
		"wrong redirect_uri": with(func(v url.Values) { v.Set("redirect_uri", "https://evil.example/auth/callback") }),
		"an extra parameter": with(func(v url.Values) { v.Set("response_type", "code") }),
		"prompt=none":        with(func(v url.Values) { v.Set("prompt", "none") }),
		"a short state":      with(func(v url.Values) { v.Set("state", "abc") }),
		"plain PKCE":         with(func(v url.Values) { v.Set("code_challenge_method", "plain") }),
		"a repeated scope":   with(func(v url.Values) { v.Add("scope", "identify") }),
		"another host":       strings.Replace(good, f.keymail.URL, "https://keymail.evil", 1),
		"a fragment":         good + "#x",
		"userinfo":           strings.Replace(good, "https://", "https://user@", 1),
		"http":               strings.Replace(good, "https://", "http://", 1),
		"another path":       strings.Replace(good, "/oauth/authorize", "/oauth/authorise", 1),
	} {
		if f.app.validAuthorizeURL(raw) {
			t.Errorf("%s passes the predicate: %s", name, raw)
		}
	}
	if !f.app.validAuthorizeURL(with(func(v url.Values) { v.Set("prompt", "login") })) {
		t.Error("prompt=login fails the predicate")
	}
}

func TestKeymailFakeTokenEndpoint(t *testing.T) {
	f := newAuthFixture(t)
	b := f.browser()
	authorize := f.keymailLeg(b, "", url.Values{"address": {inboxEmail}})
	cb, _ := url.Parse(f.system(authorize, inboxEmail, "allow"))
	client := f.keymail.Client()
	post := func(code, verifier string) int {
		resp, err := client.PostForm(f.keymail.URL+"/api/oauth/token", url.Values{"code": {code}, "code_verifier": {verifier}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := post(cb.Query().Get("code"), strings.Repeat("a", 43)); got != http.StatusBadRequest {
		t.Errorf("a wrong verifier: %d", got)
	}
	// The code was spent by the wrong try: the app's own exchange now fails too.
	expectSeeOther(t, "a spent code", b.get(cb.RequestURI()), "/signin?force=1&err=keymail")
	resp, err := client.Get(f.keymail.URL + "/oauth/authorize?client_id=https://notes.example.com&redirect_uri=https://evil.example/auth/callback")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("keymail's authorize page with a foreign redirect_uri: %d", resp.StatusCode)
	}
}

func TestTOTPCodeRFC6238(t *testing.T) {
	for _, tc := range []struct {
		at   int64
		want string
	}{{59, "94287082"}, {1111111109, "07081804"}, {1234567890, "89005924"}, {2000000000, "69279037"}} {
		got, err := TOTPCode(totpSecret, time.Unix(tc.at, 0), 8)
		if err != nil || got != tc.want {
			t.Errorf("T=%d: %q %v, want %q", tc.at, got, err, tc.want)
		}
	}
}

func TestAuthSecondFactor(t *testing.T) {
	f := newAuthFixture(t)
	signInOther := func() *browser {
		b := f.browser()
		b.begin("", url.Values{"address": {otherEmail}})
		r := b.post("/auth/verify", url.Values{"token": {strings.TrimPrefix(f.lastLink(otherEmail), "https://notes.example.com/auth/verify?token=")}})
		expectSeeOther(t, "the first factor of a TOTP account", r, "/signin/confirm")
		if c, ok := r.setCookie("__Host-rastrillo_secondfactor"); !ok || c.MaxAge != 300 {
			t.Fatalf("the half-session cookie: %+v", c)
		}
		if _, ok := r.setCookie("__Host-rastrillo_session"); ok {
			t.Fatal("a session before the second factor")
		}
		return b
	}
	b := signInOther()
	expectContains(t, "the second-factor page", b.get("/signin/confirm").Body, `<form class="stack" method="post" action="/totp/signin">`)
	expectSeeOther(t, "a wrong code", b.post("/totp/signin", url.Values{"code": {"000000"}}), "/signin/confirm?totp=failed")
	expectContains(t, "after a wrong code", b.get("/signin/confirm?totp=failed").Body, "That code didn’t work.")
	code, _ := TOTPCode(totpSecret, f.clock.Now(), 6)
	r := b.post("/totp/signin", url.Values{"code": {code}})
	expectSeeOther(t, "the right code", r, "/")
	expectStatus(t, "signed in with TOTP", b.get("/bookmarks"), http.StatusOK)
	expectSeeOther(t, "the confirm page after", b.get("/signin/confirm"), "/signin?err=expired")

	c := signInOther()
	for i := 0; i < 4; i++ {
		expectSeeOther(t, "strike", c.post("/totp/signin", url.Values{"code": {"000000"}}), "/signin/confirm?totp=failed")
	}
	expectSeeOther(t, "the fifth strike", c.post("/totp/signin", url.Values{"code": {"000000"}}), "/signin?err=expired")
	expectSeeOther(t, "the right code after five strikes", c.post("/totp/signin", url.Values{"code": {code}}), "/signin?err=expired")
	d := signInOther()
	f.clock.advance(5*time.Minute + time.Second)
	code, _ = TOTPCode(totpSecret, f.clock.Now(), 6)
	expectSeeOther(t, "a half-session after 5 minutes", d.post("/totp/signin", url.Values{"code": {code}}), "/signin?err=expired")
}

func TestAuthStepUpAndSignout(t *testing.T) {
	f := newAuthFixture(t)
	expectSeeOther(t, "signed out", f.browser().get("/bookmarks/1"), "/signin")
	b := f.browser()
	b.begin("", url.Values{"address": {demoEmail}})
	b.post("/auth/verify", url.Values{"token": {strings.TrimPrefix(f.lastLink(demoEmail), "https://notes.example.com/auth/verify?token=")}})
	expectStatus(t, "a fresh delete page", b.get("/bookmarks/1/delete"), http.StatusOK)
	f.clock.advance(15*time.Minute + time.Second)
	expectSeeOther(t, "a stale delete page", b.get("/bookmarks/1/delete"), "/signin?reauth=1")
	r := b.post("/bookmarks/1/delete", nil)
	expectStatus(t, "a stale delete", r, http.StatusForbidden)
	expectContains(t, "a stale delete", r.Body, "re-authentication required")
	expectStatus(t, "a stale session still reads", b.get("/bookmarks/1"), http.StatusOK)
	page := b.get("/signin?reauth=1").Body
	expectContains(t, "the step-up page", page, "Confirm it’s you", `<input type="hidden" name="reauth" value="1">`, `value="demo@example.com"`)
	b.begin("?reauth=1", url.Values{"address": {demoEmail}, "reauth": {"1"}})
	expectSeeOther(t, "re-authenticated", b.post("/auth/verify", url.Values{"token": {strings.TrimPrefix(f.lastLink(demoEmail), "https://notes.example.com/auth/verify?token=")}}), "/")
	expectStatus(t, "a fresh delete page again", b.get("/bookmarks/1/delete"), http.StatusOK)

	r = b.post("/signout", nil)
	expectSeeOther(t, "sign-out", r, "/signin")
	if _, cleared := r.setCookie("__Host-rastrillo_last_signin"); cleared {
		t.Error("sign-out touched last_signin")
	}
	if _, ok := b.cookies["__Host-rastrillo_last_signin"]; !ok {
		t.Error("no last_signin cookie after sign-in")
	}
	expectSeeOther(t, "after sign-out", b.get("/bookmarks"), "/signin")
}

func TestAuthHooks(t *testing.T) {
	f := newAuthFixture(t)
	for _, path := range []string{"/_test/outbox", "/_test/totp?email=other@example.com"} {
		expectStatus(t, path, f.browser().get(path), http.StatusOK)
	}
	expectStatus(t, "TOTP of an account without", f.browser().get("/_test/totp?email=demo@example.com"), http.StatusNotFound)
	g := newAuthFixture(t, func(c *Config) { c.TestHooks = false })
	expectStatus(t, "no hooks without the flag", g.browser().get("/_test/outbox"), http.StatusNotFound)
	p := newFixture(t)
	expectStatus(t, "no auth routes in the password mode", p.browser().get("/auth/verify?token=x"), http.StatusNotFound)
	if _, err := New(Config{Origin: testOrigin, Accounts: []Account{{demoEmail, demoPassword}}, SignIn: "magic"}); err == nil {
		t.Error("an unknown sign-in kind was accepted")
	}
}
