// Package notes is a small, faithful Rastrillo "notes"-style web app: password sign-in with
// cookie sessions, per-user bookmarks (list, search, pagination, create, show, edit,
// publish, delete) and the framework's headers, built on net/http alone. It follows the
// fact sheet on real Rastrillo pages (shared/reference/rastrillo-pages.md); comments cite
// its sections as "facts §N".
package notes

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

//go:embed static/app.css
var appCSS []byte

// The auth mode's two scripts (the only scripts this app serves): the sign-in page starts
// the proof-of-work worker, which solves the challenge off the main thread.
var (
	//go:embed static/signin.js
	signinJS []byte
	//go:embed static/pow-worker.js
	powWorkerJS []byte
)

func staticScript(body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(body)
	}
}

//go:embed templates
var templateFS embed.FS

// Account is a seeded user.
type Account struct {
	Email    string
	Password string
}

// Config configures New.
type Config struct {
	// Origin is the app's external origin, e.g. https://notes.example.com: the CSRF check
	// compares against it and its scheme picks the session cookie's name and Secure.
	Origin string
	// Version is what GET /api/version answers; "dev" when empty.
	Version string
	// Accounts are seeded in order; Seed bookmarks are created for the first one.
	Accounts []Account
	Seed     int
	// OtherSeed bookmarks are created for the second account (the foreign ids).
	OtherSeed int
	// SessionTTL is a session's lifetime and the cookie's Max-Age; 30 days when zero.
	SessionTTL time.Duration
	// TestHooks mounts POST /_test/expire-sessions and GET /_test/state.
	TestHooks bool
	// HashIterations is PBKDF2's work factor; DefaultHashIterations when zero (tests lower it).
	HashIterations int
	// Now is the clock (sessions, the sign-in limiter); time.Now when nil.
	Now func() time.Time

	// SignIn is SignInPassword (the default: facts §3.2) or SignInAuth, Rastrillo's `auth`
	// with SigninScreen on (magic link, keymail, TOTP, step-up; auth.go).
	SignIn string
	// Keymail is the keymail server the auth mode sends its addresses to.
	Keymail KeymailConfig
	// TOTP maps an account's address to its base32 TOTP secret (the auth mode's second
	// factor at /signin/confirm).
	TOTP map[string]string
	// FreshFor is the auth mode's step-up age: deleting a bookmark needs a session younger
	// than this; 15 minutes when zero.
	FreshFor time.Duration
	// PowBits is the proof of work's difficulty in leading zero bits; 8 when zero.
	PowBits int
	// BeginBudgetPerIP is how many sign-in starts one IP may make in 15 minutes; 20 when
	// zero (auth A3).
	BeginBudgetPerIP int
	// BeginBudgetPerAddress is the same per address; 5 when zero (auth A3).
	BeginBudgetPerAddress int
}

// App is the notes web app; it is an http.Handler.
type App struct {
	cfg      Config
	store    *store
	sessions *sessions
	auth     *authState
	limiter  *limiter
	handler  http.Handler
}

// New builds the app and seeds its accounts and bookmarks.
func New(cfg Config) (*App, error) {
	cfg.Origin = strings.TrimSuffix(cfg.Origin, "/")
	if !strings.HasPrefix(cfg.Origin, "https://") && !strings.HasPrefix(cfg.Origin, "http://") {
		return nil, errors.New("notes: Origin must be an absolute origin like https://notes.example.com")
	}
	if len(cfg.Accounts) == 0 {
		return nil, errors.New("notes: at least one account is needed")
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 30 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	switch cfg.SignIn {
	case "":
		cfg.SignIn = SignInPassword
	case SignInPassword, SignInAuth:
	default:
		return nil, fmt.Errorf("notes: SignIn %q is neither %q nor %q", cfg.SignIn, SignInPassword, SignInAuth)
	}
	if cfg.FreshFor <= 0 {
		cfg.FreshFor = 15 * time.Minute
	}
	if cfg.PowBits <= 0 {
		cfg.PowBits = 8
	}
	if cfg.PowBits > 24 {
		return nil, fmt.Errorf("notes: PowBits %d is more than 24 (browsers would take too long)", cfg.PowBits)
	}
	if cfg.BeginBudgetPerIP <= 0 {
		cfg.BeginBudgetPerIP = 20
	}
	if cfg.BeginBudgetPerAddress <= 0 {
		cfg.BeginBudgetPerAddress = 5
	}
	if cfg.Keymail.Base != "" && (!strings.HasPrefix(cfg.Keymail.Base, "https://") || cfg.Keymail.Domain == "") {
		return nil, errors.New("notes: Keymail.Base must be an https:// origin (Rastrillo builds only https authorize URLs) and needs Keymail.Domain")
	}
	cfg.Keymail.Base = strings.TrimSuffix(cfg.Keymail.Base, "/")
	normalTOTP := map[string]string{}
	for email, secret := range cfg.TOTP {
		if _, err := TOTPCode(secret, time.Unix(0, 0), 6); err != nil {
			return nil, fmt.Errorf("notes: the TOTP secret of %s: %w", email, err)
		}
		normalTOTP[normalEmail(email)] = secret
	}
	cfg.TOTP = normalTOTP
	a := &App{
		cfg:      cfg,
		store:    newStore(cfg.HashIterations),
		sessions: newSessions(cfg.Origin, cfg.SessionTTL, cfg.Now),
		limiter:  newLimiter(),
		auth:     newAuthState(),
	}
	for i, acct := range cfg.Accounts {
		if len(acct.Password) < 8 {
			return nil, fmt.Errorf("notes: the password of %s is shorter than 8 characters", acct.Email)
		}
		u := a.store.addUser(acct.Email, acct.Password)
		switch i {
		case 0:
			seed(a.store, u.ID, cfg.Seed, 0)
		case 1:
			seed(a.store, u.ID, cfg.OtherSeed, 7)
		}
	}
	a.handler = securityHeaders(protect(cfg.Origin, a.middleware(a.routes())))
	return a, nil
}

func (a *App) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.handler.ServeHTTP(w, r) }

func (a *App) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", a.require(func(w http.ResponseWriter, r *http.Request) { seeOther(w, "/bookmarks") }))
	deleteGuard := func(h http.HandlerFunc) http.HandlerFunc { return h }
	if a.cfg.SignIn == SignInAuth {
		mux.HandleFunc("GET /signin", a.authSigninPage)
		mux.HandleFunc("POST /signin", a.begin)
		mux.HandleFunc("POST /signout", a.authSignout)
		mux.HandleFunc("GET /auth/verify", a.verifyPage) // GET and HEAD
		mux.HandleFunc("POST /auth/verify", a.verifyRedeem)
		mux.HandleFunc("GET /auth/callback", a.callback)
		mux.HandleFunc("GET /signin/confirm", a.secondFactorPage)
		mux.HandleFunc("POST /totp/signin", a.totpSignin)
		mux.HandleFunc("GET /static/signin.js", staticScript(signinJS))
		mux.HandleFunc("GET /static/pow-worker.js", staticScript(powWorkerJS))
		deleteGuard = a.fresh
	} else {
		mux.HandleFunc("GET /signin", a.signinPage)
		mux.HandleFunc("POST /signin", a.signin)
		mux.HandleFunc("POST /signout", a.signout)
	}

	mux.Handle("GET /bookmarks", a.require(a.list))
	mux.Handle("POST /bookmarks", a.require(a.create))
	mux.Handle("GET /bookmarks/new", a.require(a.newForm))
	mux.Handle("GET /bookmarks/{id}", a.require(a.show))
	mux.Handle("GET /bookmarks/{id}/edit", a.require(a.edit))
	mux.Handle("POST /bookmarks/{id}/edit-basics", a.require(a.editBasics))
	mux.Handle("POST /bookmarks/{id}/edit-advanced", a.require(a.editAdvanced))
	mux.Handle("GET /bookmarks/{id}/delete", a.require(deleteGuard(a.confirmDelete)))
	mux.Handle("POST /bookmarks/{id}/delete", a.require(deleteGuard(a.delete)))
	mux.Handle("POST /bookmarks/{id}/publish", a.require(a.publish(true)))
	mux.Handle("POST /bookmarks/{id}/unpublish", a.require(a.publish(false)))
	mux.Handle("POST /bookmarks/bulk", a.require(a.bulk))
	mux.HandleFunc("POST /_locale", a.switchLocale)

	mux.HandleFunc("GET /static/app.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		_, _ = w.Write(appCSS)
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok"))
	})
	mux.HandleFunc("GET /api/version", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte(a.cfg.Version))
	})
	if a.cfg.TestHooks {
		mux.HandleFunc("POST /_test/expire-sessions", a.expireSessions)
		mux.HandleFunc("GET /_test/state", a.state)
		if a.cfg.SignIn == SignInAuth {
			mux.HandleFunc("GET /_test/outbox", a.outboxHook)
			mux.HandleFunc("GET /_test/totp", a.totpHook)
			mux.HandleFunc("POST /_test/stale-sessions", a.staleSessions)
		}
	}
	return mux
}

// CSP is the v0.27 Content-Security-Policy verbatim (facts §5). The style hash admits only
// the pow honeypot's style attribute, which this app never renders; it is kept so the
// companion meets exactly the header a real app sends. No page has inline script or style.
const CSP = "default-src 'self'; style-src 'self' 'unsafe-hashes' 'sha256-yJxAE4rjdcckohdlnvecSporPcqS9xOaA4hJxi87LMc='; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

// securityHeaders sets facts §5's headers on every response, before any other code runs,
// so the mux's own 404 and 405 carry them too. The Speculation-Rules header is left out (as
// Options.NoSpeculationRules does): the ruleset only prerenders sidebar and console shell
// links, and this app has no such shell, so there is nothing to serve.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Strict-Transport-Security", "max-age=31536000")
		next.ServeHTTP(w, r)
	})
}

// seeOther answers 303 with Location exactly as given (every success is a 303, facts §2).
func seeOther(w http.ResponseWriter, location string) {
	w.Header().Set("Location", location)
	w.WriteHeader(http.StatusSeeOther)
}

// State is GET /_test/state's answer.
type State struct {
	Users        []UserState `json:"users"`
	LiveSessions int         `json:"liveSessions"`
}

// UserState is one account's bookmarks, oldest first.
type UserState struct {
	Email     string     `json:"email"`
	Bookmarks []Bookmark `json:"bookmarks"`
}

func (a *App) state(w http.ResponseWriter, r *http.Request) {
	var st State
	a.store.mu.Lock()
	users := append([]*User(nil), a.store.users...)
	a.store.mu.Unlock()
	for _, u := range users {
		list := a.store.list(u.ID, "")
		marks := make([]Bookmark, 0, len(list))
		for i := len(list) - 1; i >= 0; i-- {
			marks = append(marks, list[i])
		}
		st.Users = append(st.Users, UserState{Email: u.Email, Bookmarks: marks})
	}
	st.LiveSessions = a.sessions.live()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(st)
}

func (a *App) expireSessions(w http.ResponseWriter, r *http.Request) {
	n := a.sessions.revokeAll()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]int{"revoked": n})
}

var seedMarks = []struct{ title, link string }{
	{"Routing enhancements for Go 1.22", "https://go.dev/blog/routing-enhancements"},
	{"HTTP 303 See Other", "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/303"},
	{"Content Security Policy", "https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP"},
	{"The search element", "https://html.spec.whatwg.org/multipage/grouping-content.html#the-search-element"},
	{"light-dark()", "https://developer.mozilla.org/en-US/docs/Web/CSS/color_value/light-dark"},
	{"Cookie prefixes", "https://developer.mozilla.org/en-US/docs/Web/HTTP/Cookies#cookie_prefixes"},
	{"Fetch metadata request headers", "https://web.dev/articles/fetch-metadata"},
	{"WKWebView", "https://developer.apple.com/documentation/webkit/wkwebview"},
	{"Human Interface Guidelines", "https://developer.apple.com/design/human-interface-guidelines"},
	{"Swift concurrency", "https://docs.swift.org/swift-book/documentation/the-swift-programming-language/concurrency/"},
	{"Reading list: accessible forms", ""},
	{"PBKDF2 in the standard library", "https://pkg.go.dev/crypto/pbkdf2"},
}

// seed creates n bookmarks for owner from the fixed list (numbered past its end); every
// third is published.
func seed(s *store, owner int64, n, offset int) {
	for i := 0; i < n; i++ {
		m := seedMarks[(i+offset)%len(seedMarks)]
		title := m.title
		if round := (i + offset) / len(seedMarks); round > 0 {
			title = fmt.Sprintf("%s (%d)", title, round+1)
		}
		s.create(owner, title, m.link, "", i%3 == 0)
	}
}
