package notes

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode"
)

// sessions follows facts §3.1: a random 32-byte token rides the cookie as base64url, only
// its SHA-256 hex is stored, and a session is a row, so revoking the row signs out for real.
// The rows live in memory (the real package keeps them in SQLite).
type sessions struct {
	mu     sync.Mutex
	rows   map[string]sessionRow // by SHA-256 hex of the token
	ttl    time.Duration
	secure bool // the configured origin is https: __Host- name and Secure
	now    func() time.Time
}

type sessionRow struct {
	user    int64
	expires time.Time
	created time.Time // step-up (auth A7) compares its age with Config.FreshFor
}

func newSessions(origin string, ttl time.Duration, now func() time.Time) *sessions {
	return &sessions{
		rows:   map[string]sessionRow{},
		ttl:    ttl,
		secure: strings.HasPrefix(origin, "https://"),
		now:    now,
	}
}

// cookieName is __Host-rastrillo_session on an https origin, rastrillo_session on http
// (the __Host- prefix requires Secure).
func (s *sessions) cookieName() string {
	if s.secure {
		return "__Host-rastrillo_session"
	}
	return "rastrillo_session"
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func (s *sessions) setCookie(w http.ResponseWriter, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{
		Name:     s.cookieName(),
		Value:    value,
		Path:     "/",
		MaxAge:   maxAge,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   s.secure,
	})
}

// signIn mints a session for user and sets the cookie. A session the request already
// carries is revoked first, so a token never survives a fresh sign-in.
func (s *sessions) signIn(w http.ResponseWriter, r *http.Request, user int64) {
	if c, err := r.Cookie(s.cookieName()); err == nil {
		s.revoke(hashToken(c.Value))
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	s.mu.Lock()
	now := s.now()
	s.rows[hashToken(token)] = sessionRow{user: user, expires: now.Add(s.ttl), created: now}
	s.mu.Unlock()
	s.setCookie(w, token, int(s.ttl/time.Second))
}

// signOut revokes the presented session's row and clears the cookie.
func (s *sessions) signOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(s.cookieName()); err == nil {
		s.revoke(hashToken(c.Value))
	}
	s.setCookie(w, "", -1)
}

func (s *sessions) revoke(hash string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.rows, hash)
}

// revokeAll deletes every row (the -test-hooks session-expiry simulation) and says how many.
func (s *sessions) revokeAll() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.rows)
	s.rows = map[string]sessionRow{}
	return n
}

// makeStale backdates every row's creation past any freshness (the -test-hooks step-up
// simulation) and says how many rows there are.
func (s *sessions) makeStale() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	for hash, row := range s.rows {
		row.created = time.Time{}
		s.rows[hash] = row
	}
	return len(s.rows)
}

// created is when the presented session was minted.
func (s *sessions) created(r *http.Request) (time.Time, bool) {
	c, err := r.Cookie(s.cookieName())
	if err != nil {
		return time.Time{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	row, found := s.rows[hashToken(c.Value)]
	return row.created, found
}

// live counts unexpired rows.
func (s *sessions) live() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	now := s.now()
	for _, row := range s.rows {
		if now.Before(row.expires) {
			n++
		}
	}
	return n
}

// resolve returns the signed-in user id; stale is true when a cookie was presented that
// resolves to no live row (revoked or expired).
func (s *sessions) resolve(r *http.Request) (user int64, ok, stale bool) {
	c, err := r.Cookie(s.cookieName())
	if err != nil {
		return 0, false, false
	}
	hash := hashToken(c.Value)
	s.mu.Lock()
	defer s.mu.Unlock()
	row, found := s.rows[hash]
	if !found {
		return 0, false, true
	}
	if !s.now().Before(row.expires) {
		delete(s.rows, hash)
		return 0, false, true
	}
	return row.user, true, false
}

type userKey struct{}

// middleware resolves the session once per request, puts the user in the context and never
// blocks; a stale cookie is cleared on the way through.
func (a *App) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok, stale := a.sessions.resolve(r)
		if stale {
			a.sessions.setCookie(w, "", -1)
		}
		if ok {
			if u, found := a.store.user(id); found {
				r = r.WithContext(context.WithValue(r.Context(), userKey{}, u))
			}
		}
		next.ServeHTTP(w, r)
	})
}

func currentUser(r *http.Request) *User {
	u, _ := r.Context().Value(userKey{}).(*User)
	return u
}

// require guards a handler (facts §3.1): no session sends a GET or HEAD to
// /signin?return_to=<url.QueryEscape(RequestURI)> with 303 (the bare /signin in the auth
// mode, whose RequireSession carries no return_to: auth A9) and answers any other method
// 403 "signed out".
func (a *App) require(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if currentUser(r) != nil {
			next(w, r)
			return
		}
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			if a.cfg.SignIn == SignInAuth {
				seeOther(w, "/signin")
				return
			}
			seeOther(w, "/signin?return_to="+url.QueryEscape(r.URL.RequestURI()))
			return
		}
		http.Error(w, "signed out", http.StatusForbidden)
	})
}

// SafeReturn returns to when it is a local path, else fallback (facts §3.1): exactly one
// leading "/", no backslash, no control characters. The facts' "no //" is read the safe way:
// a "//" anywhere is refused, not only at the start.
func SafeReturn(to, fallback string) string {
	if to == "" || to[0] != '/' || strings.Contains(to, "//") || strings.ContainsRune(to, '\\') {
		return fallback
	}
	for _, c := range to {
		if unicode.IsControl(c) || c == unicode.ReplacementChar {
			return fallback
		}
	}
	return to
}
