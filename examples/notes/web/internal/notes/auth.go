package notes

// The `auth` sign-in mode: Rastrillo's family default (magic link, keymail with PKCE, TOTP
// as a second factor, step-up), with SigninScreen on and a proof of work, as
// shared/reference/rastrillo-auth.md describes it. Comments cite its sections as "auth A5".

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Sign-in kinds for Config.SignIn.
const (
	SignInPassword = "password"
	SignInAuth     = "auth"
)

// KeymailConfig points the auth mode at one keymail server.
type KeymailConfig struct {
	// Base is the server's https origin, e.g. https://keymail.test:8443. Empty: every
	// address gets a magic link.
	Base string
	// Domain is the address domain the server claims. It stands in for Rastrillo's DNS
	// classification (`_keymail.<domain>` TXT, auth A5), as Rastrillo's own tests replace
	// LookupTXT.
	Domain string
	// Client makes the server-to-server code exchange; one refusing any redirect that is
	// not https to Base's host when nil.
	Client *http.Client
}

const (
	linkTTL         = 15 * time.Minute // auth A4
	pendingTTL      = 10 * time.Minute // auth A5, A10
	secondFactorTTL = 5 * time.Minute  // auth A8
	lastSigninTTL   = 400 * 24 * time.Hour
	totpStrikes     = 5
	budgetWindow    = 15 * time.Minute
	maxOutbox       = 1000
)

// Mail is one message the auth mode "sent" (GET /_test/outbox lists them).
type Mail struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Body    string `json:"body"`
	Link    string `json:"link"`
}

// authState is everything the auth mode keeps in memory.
type authState struct {
	mu      sync.Mutex
	key     []byte                // the instance key: seals cookies and pow challenges
	links   map[string]linkRow    // magic links by SHA-256 hex of the token
	halves  map[string]*halfState // second-factor half-sessions by SHA-256 hex
	powUsed map[string]time.Time  // spent pow challenges until they expire
	budgets map[string][]time.Time
	outbox  []Mail
}

type linkRow struct {
	address string
	expires time.Time
}

type halfState struct {
	user    int64
	expires time.Time
	strikes int
}

func newAuthState() *authState {
	key := make([]byte, 32)
	mustRandom(key)
	return &authState{key: key, links: map[string]linkRow{}, halves: map[string]*halfState{}, powUsed: map[string]time.Time{}, budgets: map[string][]time.Time{}}
}

func mustRandom(b []byte) {
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
}

// token43 is 32 random bytes as unpadded base64url: 43 characters (auth A5's state and
// PKCE verifier, the magic link's token).
func token43() string {
	raw := make([]byte, 32)
	mustRandom(raw)
	return base64.RawURLEncoding.EncodeToString(raw)
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// ---- cookies (auth A10: Path=/, HttpOnly, SameSite=Lax; Secure and __Host- on https) ----

func (a *App) authCookieName(base string) string {
	if a.sessions.secure {
		return "__Host-" + base
	}
	return base
}

func (a *App) setAuthCookie(w http.ResponseWriter, base, value string, life time.Duration) {
	maxAge := int(life / time.Second)
	if life < 0 {
		maxAge, value = -1, ""
	}
	http.SetCookie(w, &http.Cookie{Name: a.authCookieName(base), Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: a.sessions.secure})
}

func (a *App) authCookie(r *http.Request, base string) string {
	if c, err := r.Cookie(a.authCookieName(base)); err == nil {
		return c.Value
	}
	return ""
}

// ---- sealing (auth A5: HMAC under sha256(label NUL InstanceKey)) ----

func (a *App) sealKey(label string) []byte {
	sum := sha256.Sum256(append([]byte("rastrillo/auth/"+label+"\x00"), a.auth.key...))
	return sum[:]
}

func (a *App) seal(label string, v any) string {
	body, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	mac := hmac.New(sha256.New, a.sealKey(label))
	mac.Write(body)
	return base64.RawURLEncoding.EncodeToString(body) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func (a *App) unseal(label, sealed string, v any) bool {
	bodyText, macText, ok := strings.Cut(sealed, ".")
	if !ok || len(sealed) > 8192 {
		return false
	}
	body, err1 := base64.RawURLEncoding.DecodeString(bodyText)
	got, err2 := base64.RawURLEncoding.DecodeString(macText)
	if err1 != nil || err2 != nil {
		return false
	}
	mac := hmac.New(sha256.New, a.sealKey(label))
	mac.Write(body)
	if !hmac.Equal(got, mac.Sum(nil)) {
		return false
	}
	return json.Unmarshal(body, v) == nil
}

// pending is the sealed rastrillo_pending blob: the server, the address, the state and the
// PKCE verifier (auth A5).
type pending struct {
	Server   string `json:"s"`
	Address  string `json:"a"`
	State    string `json:"st"`
	Verifier string `json:"v"`
	Expires  int64  `json:"e"`
}

// continuation is the sealed rastrillo_continue blob: the authorize URL, a digest of the
// state (ST) and a digest of the pending cookie (PH) (auth A5, A6).
type continuation struct {
	ID      string `json:"id"`
	URL     string `json:"u"`
	ST      string `json:"st"`
	PH      string `json:"ph"`
	Expires int64  `json:"e"`
}

// ---- proof of work (auth A3: checked before anything else) ----

// powChallenge is "<16 random bytes b64url>.<expiry unix>.<mac>", valid for 10 minutes
// and spendable once.
func (a *App) powChallenge() string {
	raw := make([]byte, 16)
	mustRandom(raw)
	body := base64.RawURLEncoding.EncodeToString(raw) + "." + strconv.FormatInt(a.cfg.Now().Add(10*time.Minute).Unix(), 10)
	mac := hmac.New(sha256.New, a.sealKey("pow"))
	mac.Write([]byte(body))
	return body + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// PowSolves reports whether nonce solves challenge at bits: SHA-256 of
// "<challenge>:<nonce>" starts with that many zero bits (static/pow-worker.js searches for
// the nonce; tests solve it with SolvePow).
func PowSolves(challenge, nonce string, bits int) bool {
	if nonce == "" || len(nonce) > 20 {
		return false
	}
	sum := sha256.Sum256([]byte(challenge + ":" + nonce))
	for i := 0; i < bits; i++ {
		if sum[i/8]&(0x80>>(i%8)) != 0 {
			return false
		}
	}
	return true
}

// SolvePow finds the smallest decimal nonce that solves challenge at bits.
func SolvePow(challenge string, bits int) string {
	for n := 0; ; n++ {
		if nonce := strconv.Itoa(n); PowSolves(challenge, nonce, bits) {
			return nonce
		}
	}
}

func (a *App) powAccepts(challenge, nonce string) bool {
	parts := strings.Split(challenge, ".")
	if len(parts) != 3 {
		return false
	}
	mac := hmac.New(sha256.New, a.sealKey("pow"))
	mac.Write([]byte(parts[0] + "." + parts[1]))
	got, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || !hmac.Equal(got, mac.Sum(nil)) {
		return false
	}
	expiry, err := strconv.ParseInt(parts[1], 10, 64)
	now := a.cfg.Now()
	if err != nil || now.Unix() >= expiry || !PowSolves(challenge, nonce, a.cfg.PowBits) {
		return false
	}
	a.auth.mu.Lock()
	defer a.auth.mu.Unlock()
	for c, until := range a.auth.powUsed {
		if !now.Before(until) {
			delete(a.auth.powUsed, c)
		}
	}
	if _, spent := a.auth.powUsed[challenge]; spent {
		return false
	}
	a.auth.powUsed[challenge] = time.Unix(expiry, 0)
	return true
}

// spendBudget counts one Begin against key's 15-minute budget; false when it is used up.
func (a *App) spendBudget(key string, limit int) bool {
	now := a.cfg.Now()
	a.auth.mu.Lock()
	defer a.auth.mu.Unlock()
	kept := a.auth.budgets[key][:0]
	for _, at := range a.auth.budgets[key] {
		if now.Sub(at) < budgetWindow {
			kept = append(kept, at)
		}
	}
	if len(kept) >= limit {
		a.auth.budgets[key] = kept
		return false
	}
	a.auth.budgets[key] = append(kept, now)
	return true
}

// ---- the sign-in page (auth A6's steps) ----

// authView is what templates/signin_auth.html, verify.html and secondfactor.html read.
type authView struct {
	Step         string // ask, sent, continue, confirm (the magic link's), secondfactor
	Problem      string // rate, address, expired, keymail, check, reauth, totp
	Address      string
	Force        bool
	Reauth       bool
	ContinueURL  string
	PowChallenge string
	PowBits      int
	Host         string
	Token        string
}

var problems = map[string]string{
	"rate":    "Too many sign-in attempts. Try again in 15 minutes.",
	"address": "Enter a valid email address.",
	"expired": "That sign-in link or attempt has expired. Ask for a new one.",
	"keymail": "Keymail sign-in didn’t finish. We’ll email you a sign-in link instead.",
	"check":   "We couldn’t check this browser. Try again.",
	"1":       "Something went wrong. Try again.",
	"totp":    "That code didn’t work. Try again.",
}

func (a *App) authSigninPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store") // auth A6: no-store on every state
	q := r.URL.Query()
	v := authView{Step: "ask", Force: q.Get("force") != "", Reauth: q.Get("reauth") == "1", Problem: q.Get("err")}
	if u := currentUser(r); u != nil && v.Reauth {
		v.Address = u.Email
	}
	switch {
	case q.Has("continue"):
		if c, ok := a.resolveContinue(r, q.Get("continue")); ok {
			v.Step, v.ContinueURL = "continue", c.URL
			w.Header().Set("Referrer-Policy", "no-referrer")
		} else {
			v.Problem = "expired"
		}
	case q.Get("sent") == "1":
		v.Step = "sent"
		if id := q.Get("attempt"); id != "" {
			var at attempt
			if a.unseal("attempt", a.authCookie(r, "rastrillo_attempt"), &at) && at.ID == id {
				v.Address = at.Address
			}
		}
	}
	if v.Step == "ask" {
		v.PowChallenge, v.PowBits = a.powChallenge(), a.cfg.PowBits
	}
	a.renderAuth(w, r, http.StatusOK, "signin_auth", "Sign in", v)
}

type attempt struct {
	ID      string `json:"id"`
	Address string `json:"a"`
}

// resolveContinue reads the continuation only from this browser's cookie (never from the
// query): in date, naming id, its PH matching the pending cookie, its URL passing the
// authorize-URL rule again (auth A6 step 2).
func (a *App) resolveContinue(r *http.Request, id string) (continuation, bool) {
	var c continuation
	pendingValue := a.authCookie(r, "rastrillo_pending")
	if pendingValue == "" || !a.unseal("continue", a.authCookie(r, "rastrillo_continue"), &c) {
		return c, false
	}
	ok := c.ID == id && a.cfg.Now().Unix() < c.Expires && c.PH == sha256Hex(pendingValue) && a.validAuthorizeURL(c.URL)
	return c, ok
}

// validAuthorizeURL is auth A5's predicate: https://<the keymail server>/oauth/authorize
// with no fragment, userinfo or RawPath, exactly the allowed parameters once each and
// non-empty, client_id the origin, redirect_uri origin + /auth/callback, scope identify,
// S256, 43-character state and challenge, prompt absent or login.
func (a *App) validAuthorizeURL(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.User != nil || u.Fragment != "" || strings.Contains(raw, "#") || u.RawPath != "" || u.Path != "/oauth/authorize" {
		return false
	}
	base, err := url.Parse(a.cfg.Keymail.Base)
	if err != nil || u.Host != base.Host {
		return false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return false
	}
	allowed := map[string]bool{"client_id": true, "redirect_uri": true, "scope": true, "state": true, "code_challenge": true, "code_challenge_method": true, "prompt": false}
	for k, vs := range q {
		if _, known := allowed[k]; !known || len(vs) != 1 || vs[0] == "" {
			return false
		}
	}
	for k, required := range allowed {
		if required && !q.Has(k) {
			return false
		}
	}
	return q.Get("client_id") == a.cfg.Origin && q.Get("redirect_uri") == a.cfg.Origin+"/auth/callback" &&
		q.Get("scope") == "identify" && q.Get("code_challenge_method") == "S256" &&
		isBase64URL43(q.Get("state")) && isBase64URL43(q.Get("code_challenge")) &&
		(!q.Has("prompt") || q.Get("prompt") == "login")
}

func isBase64URL43(s string) bool {
	if len(s) != 43 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ---- Begin (POST /signin, auth A3) ----

func (a *App) begin(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	force := r.PostFormValue("force") != ""
	reauth := r.PostFormValue("reauth") == "1"
	back := func(query string) {
		if force && !strings.Contains(query, "force=1") {
			query += "&force=1"
		}
		seeOther(w, "/signin?"+query)
	}
	if !a.powAccepts(r.PostFormValue("pow_challenge"), r.PostFormValue("pow_nonce")) {
		back("err=check&rec=1")
		return
	}
	address := normalEmail(r.PostFormValue("address"))
	local, domain, ok := strings.Cut(address, "@")
	if !ok || local == "" || domain == "" || strings.ContainsAny(address, " <>\"\\,;") || len(address) > 254 {
		back("err=address")
		return
	}
	ip, _, _ := net.SplitHostPort(r.RemoteAddr)
	if !a.spendBudget("ip:"+ip, a.cfg.BeginBudgetPerIP) || !a.spendBudget("address:"+address, a.cfg.BeginBudgetPerAddress) {
		back("err=rate")
		return
	}
	if !force && a.cfg.Keymail.Base != "" && domain == strings.ToLower(a.cfg.Keymail.Domain) {
		a.beginKeymail(w, address, reauth)
		return
	}
	token := token43()
	link := a.cfg.Origin + "/auth/verify?token=" + token
	a.auth.mu.Lock()
	a.auth.links[sha256Hex(token)] = linkRow{address: address, expires: a.cfg.Now().Add(linkTTL)}
	if len(a.auth.outbox) < maxOutbox {
		a.auth.outbox = append(a.auth.outbox, Mail{To: address, Subject: "Your sign-in link", Link: link,
			Body: "Open this link to sign in: " + link + " It works once and expires in 15 minutes. If you didn’t ask for it, you can ignore this email."})
	}
	a.auth.mu.Unlock()
	id := token43()[:16]
	a.setAuthCookie(w, "rastrillo_attempt", a.seal("attempt", attempt{ID: id, Address: address}), linkTTL)
	seeOther(w, "/signin?sent=1&attempt="+id)
}

// beginKeymail sets the sealed pending and continue cookies and answers 303
// /signin?continue=<id> (auth A5, A6 step 1).
func (a *App) beginKeymail(w http.ResponseWriter, address string, reauth bool) {
	base := strings.TrimSuffix(a.cfg.Keymail.Base, "/")
	state, verifier := token43(), token43()
	sum := sha256.Sum256([]byte(verifier))
	challenge := base64.RawURLEncoding.EncodeToString(sum[:])
	authorize := base + "/oauth/authorize?client_id=" + url.QueryEscape(a.cfg.Origin) +
		"&redirect_uri=" + url.QueryEscape(a.cfg.Origin+"/auth/callback") +
		"&scope=identify&state=" + state + "&code_challenge=" + challenge + "&code_challenge_method=S256"
	if reauth {
		authorize += "&prompt=login" // auth A7
	}
	expires := a.cfg.Now().Add(pendingTTL).Unix()
	pendingValue := a.seal("pending", pending{Server: base, Address: address, State: state, Verifier: verifier, Expires: expires})
	id := token43()[:16]
	continueValue := a.seal("continue", continuation{ID: id, URL: authorize, ST: sha256Hex(state), PH: sha256Hex(pendingValue), Expires: expires})
	a.setAuthCookie(w, "rastrillo_pending", pendingValue, pendingTTL)
	a.setAuthCookie(w, "rastrillo_continue", continueValue, pendingTTL)
	seeOther(w, "/signin?continue="+id)
}

// ---- the keymail callback (GET /auth/callback, auth A5) ----

func (a *App) callback(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	pendingValue := a.authCookie(r, "rastrillo_pending")
	if pendingValue == "" {
		seeOther(w, "/signin?err=expired")
		return
	}
	q := r.URL.Query()
	var c continuation
	if a.unseal("continue", a.authCookie(r, "rastrillo_continue"), &c) && c.PH == sha256Hex(pendingValue) &&
		subtle.ConstantTimeCompare([]byte(c.ST), []byte(sha256Hex(q.Get("state")))) != 1 {
		// A late or planted callback for another attempt: keep this attempt's cookies.
		seeOther(w, "/signin?err=expired")
		return
	}
	a.setAuthCookie(w, "rastrillo_continue", "", -1) // single use, whatever follows
	a.setAuthCookie(w, "rastrillo_pending", "", -1)
	var p pending
	if !a.unseal("pending", pendingValue, &p) || a.cfg.Now().Unix() >= p.Expires ||
		subtle.ConstantTimeCompare([]byte(p.State), []byte(q.Get("state"))) != 1 {
		seeOther(w, "/signin?err=expired") // ErrPendingInvalid
		return
	}
	address, err := a.exchange(r, p, q.Get("code"))
	switch {
	case err != nil:
		seeOther(w, "/signin?force=1&err=keymail")
	case address != p.Address:
		http.Error(w, "Keymail returned a different address from the one you entered.", http.StatusForbidden)
	default:
		a.admit(w, r, address)
	}
}

// exchange POSTs the code and the PKCE verifier to the server's token endpoint and returns
// the address it answers for.
func (a *App) exchange(r *http.Request, p pending, code string) (string, error) {
	if code == "" {
		return "", errors.New("keymail sent no code")
	}
	client := a.cfg.Keymail.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	base, err := url.Parse(p.Server)
	if err != nil {
		return "", err
	}
	guarded := *client
	guarded.CheckRedirect = func(req *http.Request, _ []*http.Request) error {
		if req.URL.Scheme != "https" || req.URL.Host != base.Host {
			return fmt.Errorf("keymail redirected the exchange to %s", req.URL.Redacted())
		}
		return nil
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "code_verifier": {p.Verifier},
		"client_id": {a.cfg.Origin}, "redirect_uri": {a.cfg.Origin + "/auth/callback"}}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, p.Server+"/api/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := guarded.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("keymail token endpoint answered %d", resp.StatusCode)
	}
	var answer struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		Address     string `json:"address"`
	}
	if err := json.NewDecoder(bytes.NewReader(body)).Decode(&answer); err != nil || answer.AccessToken == "" || answer.Address == "" {
		return "", errors.New("keymail's token answer is not {access_token, token_type, address}")
	}
	return normalEmail(answer.Address), nil
}

// ---- admit: Authorize, then SecondFactor, then the session (auth A4, A8, A9) ----

func (a *App) admit(w http.ResponseWriter, r *http.Request, address string) {
	u, ok := a.store.userByEmail(address)
	if !ok {
		http.Error(w, "This address is verified but not admitted here.", http.StatusForbidden)
		return
	}
	a.setAuthCookie(w, "rastrillo_last_signin", base64.RawURLEncoding.EncodeToString([]byte(address)), lastSigninTTL)
	if _, enrolled := a.cfg.TOTP[address]; enrolled {
		token := token43()
		a.auth.mu.Lock()
		for k, h := range a.auth.halves {
			if !a.cfg.Now().Before(h.expires) {
				delete(a.auth.halves, k)
			}
		}
		a.auth.halves[sha256Hex(token)] = &halfState{user: u.ID, expires: a.cfg.Now().Add(secondFactorTTL)}
		a.auth.mu.Unlock()
		a.setAuthCookie(w, "rastrillo_secondfactor", token, secondFactorTTL)
		seeOther(w, "/signin/confirm")
		return
	}
	a.sessions.signIn(w, r, u.ID)
	seeOther(w, "/") // SignedInPath; auth carries no return_to
}

// ---- the magic link (GET/HEAD and POST /auth/verify, auth A4) ----

func (a *App) verifyPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	if token == "" {
		seeOther(w, "/signin?err=expired")
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("X-Frame-Options", "DENY")
	h.Add("Content-Security-Policy", "frame-ancestors 'none'")
	h.Set("Referrer-Policy", "strict-origin")
	host := strings.TrimPrefix(strings.TrimPrefix(a.cfg.Origin, "https://"), "http://")
	// The page is the same for a live, spent or forged token: GET spends nothing.
	a.renderAuth(w, r, http.StatusOK, "verify", "Sign in to "+host, authView{Step: "confirm", Host: host, Token: token})
}

// verifyOrigin is Verify's stricter rule: Sec-Fetch-Site same-origin, or, without it, an
// Origin equal to the app's ("null" and a Referer alone are no evidence).
func (a *App) verifyOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "same-origin"
	}
	return r.Header.Get("Origin") == a.cfg.Origin
}

func (a *App) verifyRedeem(w http.ResponseWriter, r *http.Request) {
	if !a.verifyOrigin(r) {
		http.Error(w, "cross-origin form submission refused", http.StatusForbidden) // the link is not spent
		return
	}
	if !parseForm(w, r) {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	hash := sha256Hex(r.PostFormValue("token"))
	a.auth.mu.Lock()
	row, found := a.auth.links[hash]
	delete(a.auth.links, hash) // DELETE … RETURNING: one use
	a.auth.mu.Unlock()
	if !found || !a.cfg.Now().Before(row.expires) {
		seeOther(w, "/signin?err=expired")
		return
	}
	a.admit(w, r, row.address)
}

// ---- the second factor (/signin/confirm, POST /totp/signin, auth A8) ----

func (a *App) half(r *http.Request) (string, *halfState) {
	token := a.authCookie(r, "rastrillo_secondfactor")
	if token == "" {
		return "", nil
	}
	hash := sha256Hex(token)
	a.auth.mu.Lock()
	defer a.auth.mu.Unlock()
	h := a.auth.halves[hash]
	if h == nil || !a.cfg.Now().Before(h.expires) {
		delete(a.auth.halves, hash)
		return "", nil
	}
	return hash, h
}

func (a *App) secondFactorPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if _, h := a.half(r); h == nil {
		seeOther(w, "/signin?err=expired")
		return
	}
	v := authView{Step: "secondfactor"}
	if r.URL.Query().Get("totp") == "failed" {
		v.Problem = "totp"
	}
	a.renderAuth(w, r, http.StatusOK, "secondfactor", "Confirm sign-in", v)
}

func (a *App) totpSignin(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	hash, h := a.half(r)
	if h == nil {
		seeOther(w, "/signin?err=expired")
		return
	}
	u, _ := a.store.user(h.user)
	if u == nil || !TOTPValid(a.cfg.TOTP[u.Email], r.PostFormValue("code"), a.cfg.Now()) {
		a.auth.mu.Lock()
		h.strikes++
		out := h.strikes >= totpStrikes
		if out {
			delete(a.auth.halves, hash)
		}
		a.auth.mu.Unlock()
		if out { // five strikes: start again from the first factor
			a.setAuthCookie(w, "rastrillo_secondfactor", "", -1)
			seeOther(w, "/signin?err=expired")
			return
		}
		seeOther(w, "/signin/confirm?totp=failed")
		return
	}
	a.auth.mu.Lock()
	delete(a.auth.halves, hash)
	a.auth.mu.Unlock()
	a.setAuthCookie(w, "rastrillo_secondfactor", "", -1)
	a.sessions.signIn(w, r, u.ID)
	seeOther(w, "/")
}

// TOTPCode is RFC 6238's code for secret (base32, no padding needed) at t: HMAC-SHA-1,
// 30-second steps, the given number of digits.
func TOTPCode(secret string, t time.Time, digits int) (string, error) {
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(strings.ToUpper(strings.TrimRight(secret, "=")))
	if err != nil {
		return "", fmt.Errorf("TOTP secret is not base32: %w", err)
	}
	var counter [8]byte
	binary.BigEndian.PutUint64(counter[:], uint64(t.Unix()/30))
	mac := hmac.New(sha1.New, key)
	mac.Write(counter[:])
	sum := mac.Sum(nil)
	offset := sum[len(sum)-1] & 0x0f
	value := binary.BigEndian.Uint32(sum[offset:offset+4]) & 0x7fffffff
	mod := uint32(1)
	for i := 0; i < digits; i++ {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, value%mod), nil
}

// TOTPValid accepts a 6-digit code of the step at now or one step either side.
func TOTPValid(secret, code string, now time.Time) bool {
	if secret == "" || len(code) != 6 {
		return false
	}
	for _, skew := range []time.Duration{0, -30 * time.Second, 30 * time.Second} {
		if want, err := TOTPCode(secret, now.Add(skew), 6); err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return true
		}
	}
	return false
}

// NewTOTPSecret is 20 random bytes in unpadded base32.
func NewTOTPSecret() string {
	raw := make([]byte, 20)
	mustRandom(raw)
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(raw)
}

// ---- step-up (auth A7) and sign-out (auth A9) ----

// fresh guards a handler with RequireFreshSession(FreshFor): a session older than that
// sends GET and HEAD to /signin?reauth=1 (303) and answers other methods 403
// "re-authentication required".
func (a *App) fresh(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if created, ok := a.sessions.created(r); ok && a.cfg.Now().Sub(created) > a.cfg.FreshFor {
			if r.Method == http.MethodGet || r.Method == http.MethodHead {
				seeOther(w, "/signin?reauth=1")
				return
			}
			http.Error(w, "re-authentication required", http.StatusForbidden)
			return
		}
		next(w, r)
	}
}

func (a *App) authSignout(w http.ResponseWriter, r *http.Request) {
	a.sessions.signOut(w, r)
	seeOther(w, "/signin") // auth A9: /signin, not /
}

// ---- rendering and test hooks ----

func (a *App) renderAuth(w http.ResponseWriter, r *http.Request, status int, name, title string, v authView) {
	a.render(w, r, status, name, view{Title: title, Auth: v, AuthMessage: problems[v.Problem]})
}

func (a *App) outboxHook(w http.ResponseWriter, r *http.Request) {
	a.auth.mu.Lock()
	mails := append([]Mail{}, a.auth.outbox...)
	a.auth.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string][]Mail{"messages": mails})
}

// totpHook answers {"secret","code"} for ?email= (the code at the app's clock), 404 for an
// account without TOTP.
func (a *App) totpHook(w http.ResponseWriter, r *http.Request) {
	secret, ok := a.cfg.TOTP[normalEmail(r.URL.Query().Get("email"))]
	if !ok {
		http.Error(w, "no TOTP secret for that email", http.StatusNotFound)
		return
	}
	code, err := TOTPCode(secret, a.cfg.Now(), 6)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]string{"secret": secret, "code": code})
}

func (a *App) staleSessions(w http.ResponseWriter, r *http.Request) {
	n := a.sessions.makeStale()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]int{"stale": n})
}
