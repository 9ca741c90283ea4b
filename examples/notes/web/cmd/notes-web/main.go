// Command notes-web serves the notes web app (package notes) for the native companion and
// its browser test.
//
//	notes-web [-addr 127.0.0.1:0] [-origin https://notes.example.com] [-cert c.pem -key k.pem]
//	          [-email demo@example.com] [-password demo-password] [-seed 25] [-test-hooks]
//
// The first line on stdout is the bound address (host:port), so a harness can start it on
// port 0 and read where it listens. With -cert and -key it serves HTTPS (as
// examples/companion-web's browser-server does), otherwise plain HTTP. Without -origin the
// origin is http(s)://<bound address>.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"example.com/notesweb/internal/notes"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address; port 0 picks a free port")
	origin := flag.String("origin", "", "the app's external origin for the CSRF check and cookies (default http(s)://<bound address>)")
	certFile := flag.String("cert", "", "PEM certificate: serve HTTPS (needs -key)")
	keyFile := flag.String("key", "", "PEM private key for -cert")
	version := flag.String("version", "dev", "what GET /api/version answers")
	email := flag.String("email", "demo@example.com", "the demo account's email")
	password := flag.String("password", "demo-password", "the demo account's password (8 characters or more)")
	otherEmail := flag.String("other-email", "other@example.com", "a second account whose bookmarks are foreign to the demo user; empty for none")
	otherPassword := flag.String("other-password", "other-password", "the second account's password")
	seed := flag.Int("seed", 25, "bookmarks seeded for the demo account (more than 10 shows pagination)")
	otherSeed := flag.Int("other-seed", 2, "bookmarks seeded for the second account")
	ttl := flag.Duration("session-ttl", 30*24*time.Hour, "session lifetime")
	testHooks := flag.Bool("test-hooks", false, "mount POST /_test/expire-sessions and GET /_test/state (tests only)")
	flag.Parse()
	if (*certFile == "") != (*keyFile == "") {
		fmt.Fprintln(os.Stderr, "notes-web: -cert and -key go together")
		os.Exit(2)
	}

	listener, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("notes-web: listening on %s: %v", *addr, err)
	}
	scheme := "http"
	if *certFile != "" {
		scheme = "https"
	}
	if *origin == "" {
		*origin = scheme + "://" + listener.Addr().String()
	}
	accounts := []notes.Account{{Email: *email, Password: *password}}
	if *otherEmail != "" {
		accounts = append(accounts, notes.Account{Email: *otherEmail, Password: *otherPassword})
	}
	app, err := notes.New(notes.Config{
		Origin:     *origin,
		Version:    *version,
		Accounts:   accounts,
		Seed:       *seed,
		OtherSeed:  *otherSeed,
		SessionTTL: *ttl,
		TestHooks:  *testHooks,
	})
	if err != nil {
		log.Fatalf("notes-web: %v", err)
	}

	fmt.Println(listener.Addr().String())
	log.Printf("notes-web: %s on %s for origin %s (test hooks %v)", scheme, listener.Addr(), *origin, *testHooks)
	server := &http.Server{Handler: app, ReadHeaderTimeout: 10 * time.Second}
	if *certFile != "" {
		err = server.ServeTLS(listener, *certFile, *keyFile)
	} else {
		err = server.Serve(listener)
	}
	log.Fatal(err)
}
