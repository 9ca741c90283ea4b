package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestPrintsTheBoundAddressAndServesDiscovery(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out, in := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-domain", "keymail.test"}, in); in.Close() }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addr := strings.TrimSpace(line)
	go func() { _, _ = io.Copy(io.Discard, out) }()
	client := &http.Client{Timeout: 10 * time.Second}
	for path, want := range map[string]int{
		"/.well-known/keymail":                         200,
		"/api/federation/lookup?addr=a@keymail.test":   200,
		"/api/federation/lookup?addr=a@example.com":    404,
		"/oauth/authorize?client_id=https://x.example": 400,
	} {
		resp, err := client.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}

func TestRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-cert", "c.pem"}, {"extra"}} {
		if err := run(context.Background(), args, io.Discard); err == nil {
			t.Errorf("run(%q) accepted", args)
		}
	}
}
