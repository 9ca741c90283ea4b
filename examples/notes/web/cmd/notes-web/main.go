// Command notes-web serves the notes web app (package notes) for the native companion and
// its browser test.
//
//	notes-web [-addr 127.0.0.1:0] [-origin https://notes.example.com] [-cert c.pem -key k.pem]
//	          [-email demo@example.com] [-password demo-password] [-seed 25] [-test-hooks]
//	          [-signin password|auth] [-keymail https://127.0.0.1:9443 -keymail-domain keymail.test
//	          -keymail-ca c.pem] [-totp other@example.com [-totp-secret BASE32]] [-fresh-for 15m]
//
// -signin auth serves Rastrillo's default sign-in (magic links, keymail, a TOTP second
// factor, step-up) instead of passwords; see the package's auth.go and the README.
//
// The first line on stdout is the bound address (host:port), so a harness can start it on
// port 0 and read where it listens. With -cert and -key it serves HTTPS (as
// examples/companion-web's browser-server does), otherwise plain HTTP. Without -origin the
// origin is http(s)://<bound address>. SIGINT or SIGTERM shuts it down.
package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
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
	signin := flags.String("signin", notes.SignInPassword, "sign-in kind: password or auth (Rastrillo's magic link + keymail + TOTP)")
	keymailBase := flags.String("keymail", "", "auth: the keymail server's https origin (e.g. keymail-fake's); empty sends every address a link")
	keymailDomain := flags.String("keymail-domain", "keymail.test", "auth: the address domain the keymail server claims")
	keymailCA := flags.String("keymail-ca", "", "auth: PEM certificate(s) to trust for the code exchange with the keymail server")
	keymailDial := flags.String("keymail-dial", "", "auth: connect to this host:port for the keymail server's host (a loopback test seam instead of DNS)")
	totpEmail := flags.String("totp", "", "auth: an account that has a TOTP second factor")
	totpSecret := flags.String("totp-secret", "", "auth: the -totp account's base32 secret (default: a random one, shown by GET /_test/totp)")
	freshFor := flags.Duration("fresh-for", 15*time.Minute, "auth: how recent a sign-in deleting a bookmark needs (step-up)")
	powBits := flags.Int("pow-bits", 8, "auth: the sign-in proof of work's difficulty in leading zero bits")
	beginBudget := flags.Int("begin-budget", 20, "auth: sign-in starts one IP may make per 15 minutes")
	addressBudget := flags.Int("address-budget", 5, "auth: sign-in starts one address may make per 15 minutes")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flags.Args())
	}
	if (*certFile == "") != (*keyFile == "") {
		return errors.New("-cert and -key go together")
	}

	if *signin != notes.SignInPassword && *signin != notes.SignInAuth {
		return fmt.Errorf("-signin %q: use password or auth", *signin)
	}
	keymail := notes.KeymailConfig{Base: *keymailBase, Domain: *keymailDomain}
	if *keymailCA != "" || *keymailDial != "" {
		transport := &http.Transport{TLSClientConfig: &tls.Config{}}
		if *keymailCA != "" {
			pem, err := os.ReadFile(*keymailCA)
			if err != nil {
				return fmt.Errorf("-keymail-ca: %w", err)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				return fmt.Errorf("-keymail-ca %s: no PEM certificate in it", *keymailCA)
			}
			transport.TLSClientConfig.RootCAs = pool
		}
		if *keymailDial != "" {
			base, err := url.Parse(*keymailBase)
			if err != nil || base.Host == "" {
				return fmt.Errorf("-keymail-dial needs -keymail, an https:// origin (got %q)", *keymailBase)
			}
			host := base.Host
			if base.Port() == "" {
				host += ":443"
			}
			var dialer net.Dialer
			transport.DialContext = func(ctx context.Context, network, address string) (net.Conn, error) {
				if address != host {
					return nil, fmt.Errorf("the keymail client dials only %s, not %s", host, address)
				}
				return dialer.DialContext(ctx, network, *keymailDial)
			}
		}
		keymail.Client = &http.Client{Timeout: 10 * time.Second, Transport: transport}
	}
	var totp map[string]string
	if *totpEmail != "" {
		if *totpSecret == "" {
			*totpSecret = notes.NewTOTPSecret()
		}
		totp = map[string]string{*totpEmail: *totpSecret}
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

		SignIn:                *signin,
		Keymail:               keymail,
		TOTP:                  totp,
		FreshFor:              *freshFor,
		PowBits:               *powBits,
		BeginBudgetPerIP:      *beginBudget,
		BeginBudgetPerAddress: *addressBudget,
	})
	if err != nil {
		return err
	}

	if _, err := fmt.Fprintln(stdout, listener.Addr().String()); err != nil {
		return err
	}
	log.Printf("notes-web: %s on %s for origin %s (sign-in %s, test hooks %v)", scheme, listener.Addr(), *origin, *signin, *testHooks)
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
