// Command browser-server serves the companion's web screen for the browser harness
// (tools/web-screen-harness): the real handler (companionweb.Register, headers as shipped) over
// HTTPS on loopback, the harness's fixture pages beside it under /fixtures/, and, on a second
// plain-http loopback listener, the /api/version the companion's model checks, answering a
// version picked per run.
//
//	browser-server -cert cert.pem -key key.pem [-version v1.4.0-3-g1a2b3c4]
//
// prints one JSON line, {"https":PORT,"api":PORT,"version":"v1.N.M"}, then serves until killed.
// POST /control/version on the api listener with a new version text changes the answer.
// POST /control/site on the api listener with "down" closes the HTTPS listener and every
// connection (the browser's next connection is refused), "up" listens again on the same port,
// and "status 503" (any 4xx/5xx) answers every page (document) request with that status until
// "status 0".
package main

import (
	"crypto/rand"
	"embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"

	"example.com/companionweb"
)

//go:embed fixtures
var fixtures embed.FS

// fixturePolicies is the Content-Security-Policy of each fixture page: no inline script anywhere;
// the frames and subframe-link pages may frame the cross-site and same-origin fixtures.
var fixturePolicies = map[string]string{
	"frames":        "default-src 'self'; frame-src https://app.example.com https://elsewhere.example.net; frame-ancestors 'none'",
	"links":         "default-src 'self'; frame-ancestors 'none'",
	"subframe-link": "default-src 'self'; frame-src https://app.example.com https://elsewhere.example.net; frame-ancestors 'none'",
	"frame":         "default-src 'self'; frame-ancestors https://app.example.com",
	"blank":         "default-src 'self'",
	"noisy":         "default-src 'self'; frame-ancestors 'none'",
}

func main() {
	certFile := flag.String("cert", "", "PEM certificate for the HTTPS listener")
	keyFile := flag.String("key", "", "PEM private key for the HTTPS listener")
	fixed := flag.String("version", "", "answer this version instead of one picked at random (screenshots)")
	flag.Parse()
	if *certFile == "" || *keyFile == "" {
		fmt.Fprintln(os.Stderr, "usage: browser-server -cert cert.pem -key key.pem")
		os.Exit(2)
	}

	mux := http.NewServeMux()
	companionweb.Register(mux)
	for name, policy := range fixturePolicies {
		mux.HandleFunc("GET /fixtures/"+name, page(name, policy))
	}
	mux.Handle("GET /fixtures/scripts/", http.FileServerFS(fixtures))
	mux.HandleFunc("GET /fixtures/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://elsewhere.example.net/fixtures/blank", http.StatusFound)
	})
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })

	version := &current{text: *fixed}
	if version.text == "" {
		version.text = pickVersion()
	}
	api := http.NewServeMux()
	api.HandleFunc("GET /api/version", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, version.get())
	})
	api.HandleFunc("POST /control/version", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 64))
		if err != nil || len(strings.TrimSpace(string(body))) == 0 {
			http.Error(w, "POST the new version text", http.StatusBadRequest)
			return
		}
		version.set(strings.TrimSpace(string(body)))
	})

	secure := listen()
	plain := listen()
	site := &siteSwitch{addr: secure.Addr().String(), handler: mux, certFile: *certFile, keyFile: *keyFile}
	api.HandleFunc("POST /control/site", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 64))
		if err := site.control(strings.TrimSpace(string(body))); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
		}
	})
	line, _ := json.Marshal(map[string]any{
		"https":   secure.Addr().(*net.TCPAddr).Port,
		"api":     plain.Addr().(*net.TCPAddr).Port,
		"version": version.get(),
	})
	fmt.Println(string(line))
	site.serve(secure)
	log.Fatal(http.Serve(plain, api))
}

// siteSwitch runs the HTTPS side and lets the harness stop it, start it again on the same port,
// or make it answer an HTTP error status.
type siteSwitch struct {
	mu       sync.Mutex
	addr     string
	handler  http.Handler
	certFile string
	keyFile  string
	server   *http.Server
	status   int
}

func (s *siteSwitch) serve(listener net.Listener) {
	server := &http.Server{Handler: http.HandlerFunc(s.answer)}
	s.server = server
	go func() {
		if err := server.ServeTLS(listener, s.certFile, s.keyFile); err != http.ErrServerClosed {
			log.Fatal(err)
		}
	}()
}

func (s *siteSwitch) answer(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	status := s.status
	s.mu.Unlock()
	// Only documents (pages): a favicon or script answered with the status would make the
	// browser report errors whose number depends on timing.
	if status != 0 && r.Header.Get("Sec-Fetch-Dest") == "document" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		fmt.Fprintf(w, "<!doctype html><title>%d</title><p>The test server answers %d.</p>", status, status)
		return
	}
	s.handler.ServeHTTP(w, r)
}

// control applies "down", "up" or "status N"; it returns once the change is in effect.
func (s *siteSwitch) control(command string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case command == "down":
		if s.server == nil {
			return fmt.Errorf("the site is already down")
		}
		err := s.server.Close() // the listener and every open connection
		s.server = nil
		return err
	case command == "up":
		if s.server != nil {
			return fmt.Errorf("the site is already up")
		}
		listener, err := net.Listen("tcp", s.addr)
		if err != nil {
			return fmt.Errorf("listening again on %s: %v", s.addr, err)
		}
		s.serve(listener)
		return nil
	case strings.HasPrefix(command, "status "):
		status, err := strconv.Atoi(strings.TrimPrefix(command, "status "))
		if err != nil || (status != 0 && (status < 400 || status > 599)) {
			return fmt.Errorf("status must be 0 or 400-599, got %q", command)
		}
		s.status = status
		return nil
	}
	return fmt.Errorf("POST down, up or status N, got %q", command)
}

func listen() net.Listener {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatalf("browser-server: listening on loopback: %v", err)
	}
	return listener
}

func page(name, policy string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := fixtures.ReadFile("fixtures/" + name + ".html")
		if err != nil {
			http.Error(w, "no fixture "+name, http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Security-Policy", policy)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(body)
	}
}

// pickVersion is a release tag no test could have written down: v1.N.M with random N and M.
func pickVersion() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(900))
	m, _ := rand.Int(rand.Reader, big.NewInt(90))
	return fmt.Sprintf("v1.%d.%d", n.Int64()+100, m.Int64()+10)
}

type current struct {
	mu   sync.Mutex
	text string
}

func (c *current) get() string { c.mu.Lock(); defer c.mu.Unlock(); return c.text }

func (c *current) set(text string) { c.mu.Lock(); defer c.mu.Unlock(); c.text = text }
