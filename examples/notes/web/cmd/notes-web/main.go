// Command notes-web serves the notes web app (package notes) for the native companion and
// its browser test.
//
//	notes-web [-addr 127.0.0.1:0] [-origin https://notes.example.com] [-cert c.pem -key k.pem]
//	          [-email demo@example.com] [-password demo-password] [-seed 25] [-test-hooks]
//
// The first line on stdout is the bound address (host:port), so a harness can start it on
// port 0 and read where it listens. With -cert and -key it serves HTTPS (as
// examples/companion-web's browser-server does), otherwise plain HTTP. Without -origin the
// origin is http(s)://<bound address>. SIGINT or SIGTERM shuts it down.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"example.com/notesweb/internal/notes"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		log.Printf("notes-web: %v", err)
		os.Exit(2)
	}
}

// run parses args, listens, writes the bound address as the first line of stdout and serves
// until ctx ends.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("notes-web", flag.ContinueOnError)
	addr := flags.String("addr", "127.0.0.1:8080", "listen address; port 0 picks a free port")
	origin := flags.String("origin", "", "the app's external origin for the CSRF check and cookies (default http(s)://<bound address>)")
	certFile := flags.String("cert", "", "PEM certificate: serve HTTPS (needs -key)")
	keyFile := flags.String("key", "", "PEM private key for -cert")
	version := flags.String("version", "dev", "what GET /api/version answers")
	email := flags.String("email", "demo@example.com", "the demo account's email")
	password := flags.String("password", "demo-password", "the demo account's password (8 characters or more)")
	otherEmail := flags.String("other-email", "other@example.com", "a second account whose bookmarks are foreign to the demo user; empty for none")
	otherPassword := flags.String("other-password", "other-password", "the second account's password")
	seed := flags.Int("seed", 25, "bookmarks seeded for the demo account (more than 10 shows pagination)")
	otherSeed := flags.Int("other-seed", 2, "bookmarks seeded for the second account")
	ttl := flags.Duration("session-ttl", 30*24*time.Hour, "session lifetime (and the cookie's Max-Age)")
	testHooks := flags.Bool("test-hooks", false, "mount POST /_test/expire-sessions and GET /_test/state (tests only, never in production)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flags.Args())
	}
	if (*certFile == "") != (*keyFile == "") {
		return errors.New("-cert and -key go together")
	}

	scheme := "http"
	if *certFile != "" {
		scheme = "https"
	}
	accounts := []notes.Account{{Email: *email, Password: *password}}
	if *otherEmail != "" {
		accounts = append(accounts, notes.Account{Email: *otherEmail, Password: *otherPassword})
	}
	listener, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	defer listener.Close()
	if *origin == "" {
		*origin = scheme + "://" + listener.Addr().String()
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
		return err
	}

	if _, err := fmt.Fprintln(stdout, listener.Addr().String()); err != nil {
		return err
	}
	log.Printf("notes-web: %s on %s for origin %s (test hooks %v)", scheme, listener.Addr(), *origin, *testHooks)
	server := &http.Server{Handler: app, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() {
		if *certFile != "" {
			served <- server.ServeTLS(listener, *certFile, *keyFile)
		} else {
			served <- server.Serve(listener)
		}
	}()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return server.Shutdown(shutdown)
	}
}
