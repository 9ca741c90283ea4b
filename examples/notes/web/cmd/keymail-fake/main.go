// Command keymail-fake serves the stand-in keymail server (package keymailfake) on its own
// loopback origin, for the notes web app's `-signin auth` mode and its browser day.
//
//	keymail-fake [-addr 127.0.0.1:0] [-domain keymail.test] [-cert c.pem -key k.pem]
//
// The first line on stdout is the bound address (host:port), as notes-web prints its own.
// With -cert and -key it serves HTTPS (Rastrillo only ever builds https:// authorize URLs).
// SIGINT or SIGTERM shuts it down.
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

	"example.com/notesweb/internal/keymailfake"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		log.Printf("keymail-fake: %v", err)
		os.Exit(2)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("keymail-fake", flag.ContinueOnError)
	addr := flags.String("addr", "127.0.0.1:0", "listen address; port 0 picks a free port")
	domain := flags.String("domain", "keymail.test", "the address domain whose inboxes this server claims")
	certFile := flags.String("cert", "", "PEM certificate: serve HTTPS (needs -key)")
	keyFile := flags.String("key", "", "PEM private key for -cert")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flags.Args())
	}
	if (*certFile == "") != (*keyFile == "") {
		return errors.New("-cert and -key go together")
	}
	listener, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	defer listener.Close()
	if _, err := fmt.Fprintln(stdout, listener.Addr().String()); err != nil {
		return err
	}
	server := &http.Server{Handler: keymailfake.New(*domain), ReadHeaderTimeout: 10 * time.Second}
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
