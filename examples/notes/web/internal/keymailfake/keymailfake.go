// Package keymailfake is a stand-in keymail server (auth A5, A11 in
// shared/reference/rastrillo-auth.md) for the notes web app's `auth` sign-in: the discovery
// probes, an authorize page that checks the request the way keymail must and asks which
// inbox continues, and the token endpoint that checks PKCE. Standard library only. It is a
// test double: it proves nothing about who the person is; its page just names an address.
package keymailfake

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// Server is the fake keymail; it is an http.Handler.
type Server struct {
	// Domain is the address domain whose inboxes this server claims (lookup answers 200
	// for addresses there, 404 otherwise).
	Domain string

	mu    sync.Mutex
	codes map[string]grant
	mux   *http.ServeMux
}

type grant struct {
	challenge, clientID, redirectURI, address string
}

// New returns a fake keymail for addresses at domain.
func New(domain string) *Server {
	s := &Server{Domain: strings.ToLower(domain), codes: map[string]grant{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/keymail", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"version": "1"})
	})
	mux.HandleFunc("GET /api/federation/lookup", s.lookup)
	mux.HandleFunc("GET /oauth/authorize", s.authorize)
	mux.HandleFunc("POST /oauth/authorize", s.decide)
	mux.HandleFunc("POST /api/oauth/token", s.token)
	s.mux = mux
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func (s *Server) claims(address string) bool {
	_, domain, ok := strings.Cut(strings.ToLower(strings.TrimSpace(address)), "@")
	return ok && domain == s.Domain
}

func (s *Server) lookup(w http.ResponseWriter, r *http.Request) {
	if s.claims(r.URL.Query().Get("addr")) {
		writeJSON(w, http.StatusOK, map[string]bool{"claimed": true})
		return
	}
	writeJSON(w, http.StatusNotFound, map[string]bool{"claimed": false})
}

// checkAuthorize applies the rules a keymail server holds a client to (auth A5): the
// redirect_uri is client_id + "/auth/callback", scope identify, S256, and 43-character
// state and challenge; prompt, when present, is login. It returns what is wrong, or "".
func checkAuthorize(q url.Values) string {
	clientID := q.Get("client_id")
	u, err := url.Parse(clientID)
	switch {
	case err != nil || u.Scheme == "" || u.Host == "" || (u.Path != "" && u.Path != "/"):
		return "client_id must be the app's origin"
	case q.Get("redirect_uri") != strings.TrimSuffix(clientID, "/")+"/auth/callback":
		return "redirect_uri must be client_id + /auth/callback"
	case q.Get("scope") != "identify":
		return "scope must be identify"
	case q.Get("code_challenge_method") != "S256":
		return "code_challenge_method must be S256"
	case len(q.Get("state")) != 43 || len(q.Get("code_challenge")) != 43:
		return "state and code_challenge must be 43 characters"
	case q.Has("prompt") && q.Get("prompt") != "login":
		return "prompt must be login when present"
	}
	return ""
}

var page = template.Must(template.New("authorize").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>keymail · sign in to {{.Client}}</title></head>
<body><main>
<h1>Continue to {{.Client}}</h1>
{{if .Reauth}}<p id="reauth">Confirm it is you again.</p>{{end}}
<form method="post" action="/oauth/authorize">
{{range $k, $v := .Params}}<input type="hidden" name="{{$k}}" value="{{$v}}">
{{end}}<label for="address">Your keymail inbox</label>
<input id="address" name="address" type="email" autocomplete="username">
<button type="submit" name="decision" value="allow" id="allow">Continue</button>
<button type="submit" name="decision" value="deny" id="deny">Cancel</button>
</form></main></body></html>
`))

func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if problem := checkAuthorize(q); problem != "" {
		http.Error(w, "keymail: "+problem, http.StatusBadRequest)
		return
	}
	params := map[string]string{}
	for k := range q {
		params[k] = q.Get(k)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = page.Execute(w, map[string]any{"Client": q.Get("client_id"), "Params": params, "Reauth": q.Get("prompt") == "login"})
}

// decide answers the authorize page's form: allow redirects 302 to redirect_uri with a
// one-use code and the state; deny redirects with error=access_denied and the state.
func (s *Server) decide(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "keymail: bad form", http.StatusBadRequest)
		return
	}
	q := r.PostForm
	if problem := checkAuthorize(q); problem != "" {
		http.Error(w, "keymail: "+problem, http.StatusBadRequest)
		return
	}
	back := url.Values{"state": {q.Get("state")}}
	if q.Get("decision") != "allow" {
		back.Set("error", "access_denied")
	} else {
		address := strings.ToLower(strings.TrimSpace(q.Get("address")))
		if !s.claims(address) {
			http.Error(w, "keymail: no inbox "+address+" here", http.StatusBadRequest)
			return
		}
		code := random()
		s.mu.Lock()
		s.codes[code] = grant{challenge: q.Get("code_challenge"), clientID: q.Get("client_id"), redirectURI: q.Get("redirect_uri"), address: address}
		s.mu.Unlock()
		back.Set("code", code)
	}
	http.Redirect(w, r, q.Get("redirect_uri")+"?"+back.Encode(), http.StatusFound)
}

// token exchanges a code once: the verifier's S256 must equal the challenge and client_id
// and redirect_uri, when sent, must equal the authorize request's. The answer is
// {"access_token","token_type","address"}; any failure is 400 {"error":"invalid_grant"}.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	code := r.PostForm.Get("code")
	s.mu.Lock()
	g, found := s.codes[code]
	delete(s.codes, code) // one use, whatever happens next
	s.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	ok := found && base64.RawURLEncoding.EncodeToString(sum[:]) == g.challenge
	for _, field := range []struct{ name, want string }{{"client_id", g.clientID}, {"redirect_uri", g.redirectURI}} {
		if got := r.PostForm.Get(field.name); got != "" && got != field.want {
			ok = false
		}
	}
	if !ok {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"access_token": random(), "token_type": "Bearer", "address": g.address})
}

func random() string {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(raw)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
