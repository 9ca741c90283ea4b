package notes

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"sort"
	"strings"
	"sync"
	"time"
)

// User is an account that can sign in. Only the PBKDF2 hash of the password and its
// per-user salt are kept.
type User struct {
	ID    int64
	Email string
	salt  []byte
	hash  []byte
}

// Bookmark is one row of the bookmarks resource (facts §1.4: notes' manifest has basics
// Title (required) and Link, advanced Notes, scope "user"), plus the published flag the
// companion's publish/unpublish commands toggle.
type Bookmark struct {
	ID        int64  `json:"id"`
	Owner     int64  `json:"-"`
	Title     string `json:"title"`
	Link      string `json:"link"`
	Notes     string `json:"notes"`
	Published bool   `json:"published"`
}

// DefaultHashIterations is PBKDF2-HMAC-SHA256's work factor (OWASP's 2023 figure).
const DefaultHashIterations = 600_000

const hashLength = 32

// store holds users and bookmarks in memory behind one mutex. Ids are global, so another
// user's bookmark has an id this user can try (and gets 404 for).
type store struct {
	mu         sync.Mutex
	iterations int
	users      []*User
	nextID     int64
	bookmarks  map[int64]*Bookmark
	dummy      *User // hashed against when the email is unknown, so both paths cost the same
}

func newStore(iterations int) *store {
	if iterations <= 0 {
		iterations = DefaultHashIterations
	}
	s := &store{iterations: iterations, bookmarks: map[int64]*Bookmark{}}
	s.dummy = s.newUser(0, "", "not a password anyone has")
	return s
}

func (s *store) newUser(id int64, email, password string) *User {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return &User{ID: id, Email: email, salt: salt, hash: s.derive(password, salt)}
}

func (s *store) derive(password string, salt []byte) []byte {
	key, err := pbkdf2.Key(sha256.New, password, salt, s.iterations, hashLength)
	if err != nil {
		panic(err) // only for FIPS-mode parameter refusals, which these parameters pass
	}
	return key
}

func normalEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// userByEmail finds an account by its address, compared case-insensitively.
func (s *store) userByEmail(email string) (*User, bool) {
	email = normalEmail(email)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range s.users {
		if u.Email == email {
			return u, true
		}
	}
	return nil, false
}

// addUser registers an account; the email is compared case-insensitively.
func (s *store) addUser(email, password string) *User {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.newUser(int64(len(s.users)+1), normalEmail(email), password)
	s.users = append(s.users, u)
	return u
}

// authenticate returns the user whose email and password match. The password is hashed
// even for an unknown email, and hashes are compared in constant time.
func (s *store) authenticate(email, password string) (*User, bool) {
	email = normalEmail(email)
	s.mu.Lock()
	candidate := s.dummy
	for _, u := range s.users {
		if u.Email == email {
			candidate = u
		}
	}
	s.mu.Unlock()
	got := s.derive(password, candidate.salt)
	if subtle.ConstantTimeCompare(got, candidate.hash) != 1 || candidate == s.dummy {
		return nil, false
	}
	return candidate, true
}

func (s *store) user(id int64) (*User, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range s.users {
		if u.ID == id {
			return u, true
		}
	}
	return nil, false
}

// list returns owner's bookmarks, newest first, whose title or link contains q
// (case-insensitive); q == "" matches everything.
func (s *store) list(owner int64, q string) []Bookmark {
	q = strings.ToLower(strings.TrimSpace(q))
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Bookmark
	for _, b := range s.bookmarks {
		if b.Owner != owner {
			continue
		}
		if q != "" && !strings.Contains(strings.ToLower(b.Title), q) && !strings.Contains(strings.ToLower(b.Link), q) {
			continue
		}
		out = append(out, *b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out
}

// get returns owner's bookmark id; another user's bookmark is as missing as a deleted one.
func (s *store) get(owner, id int64) (Bookmark, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.bookmarks[id]
	if !ok || b.Owner != owner {
		return Bookmark{}, false
	}
	return *b, true
}

func (s *store) create(owner int64, title, link, notes string, published bool) Bookmark {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	b := &Bookmark{ID: s.nextID, Owner: owner, Title: title, Link: link, Notes: notes, Published: published}
	s.bookmarks[b.ID] = b
	return *b
}

// update applies change to owner's bookmark id and reports whether it existed.
func (s *store) update(owner, id int64, change func(*Bookmark)) (Bookmark, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.bookmarks[id]
	if !ok || b.Owner != owner {
		return Bookmark{}, false
	}
	change(b)
	return *b, true
}

func (s *store) delete(owner, id int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.bookmarks[id]
	if !ok || b.Owner != owner {
		return false
	}
	delete(s.bookmarks, id)
	return true
}

// limiter counts failed sign-ins per email (facts §3.2: 429 after 10 failures in 15 minutes).
type limiter struct {
	mu       sync.Mutex
	failures map[string][]time.Time
	max      int
	window   time.Duration
}

func newLimiter() *limiter {
	return &limiter{failures: map[string][]time.Time{}, max: 10, window: 15 * time.Minute}
}

func (l *limiter) recent(email string, now time.Time) []time.Time {
	kept := l.failures[email][:0]
	for _, at := range l.failures[email] {
		if now.Sub(at) < l.window {
			kept = append(kept, at)
		}
	}
	if len(kept) == 0 {
		delete(l.failures, email)
		return nil
	}
	l.failures[email] = kept
	return kept
}

// limited reports whether email already has max failures inside the window.
func (l *limiter) limited(email string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(email, now)) >= l.max
}

func (l *limiter) fail(email string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.failures) >= maxLimitedEmails {
		// Many distinct emails (a spray): drop every entry whose window has passed.
		for other := range l.failures {
			l.recent(other, now)
		}
	}
	l.failures[email] = append(l.recent(email, now), now)
}

// maxLimitedEmails bounds the limiter's map between sweeps.
const maxLimitedEmails = 10_000
