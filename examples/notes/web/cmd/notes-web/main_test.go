package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// start runs the command in-process and returns the address it printed first.
func start(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, in := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, in); in.Close() }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	lines := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		lines <- line
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case line := <-lines:
		addr := strings.TrimSpace(line)
		if _, _, err := net.SplitHostPort(addr); err != nil {
			t.Fatalf("first stdout line %q is not host:port", line)
		}
		return addr
	case err := <-done:
		t.Fatalf("run ended before printing the address: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no address on stdout within 10s")
	}
	return ""
}

func noRedirects(client *http.Client) *http.Client {
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return client
}

func TestPrintsTheBoundAddressAndServesHTTP(t *testing.T) {
	addr := start(t, "-addr", "127.0.0.1:0", "-version", "v9.9.9", "-seed", "0")
	if strings.HasSuffix(addr, ":0") {
		t.Fatalf("printed %q, not the bound port", addr)
	}
	client := noRedirects(&http.Client{Timeout: 10 * time.Second})
	for path, want := range map[string]string{"/healthz": "ok", "/api/version": "v9.9.9"} {
		resp, err := client.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(body) != want {
			t.Errorf("%s: %d %q, want %q", path, resp.StatusCode, body, want)
		}
	}
	// The default origin is http://<addr>: an exact Origin passes the CSRF check, and the
	// cookie is the plain one. Without -test-hooks there is no /_test/state.
	req, _ := http.NewRequest("POST", "http://"+addr+"/signin", strings.NewReader(url.Values{
		"email": {"demo@example.com"}, "password": {"demo-password"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://"+addr)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 303 || !strings.HasPrefix(resp.Header.Get("Set-Cookie"), "rastrillo_session=") {
		t.Errorf("sign-in with the default origin: %d %q", resp.StatusCode, resp.Header.Get("Set-Cookie"))
	}
	resp, err = client.Get("http://" + addr + "/_test/state")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("/_test/state without -test-hooks: %d", resp.StatusCode)
	}
}

func TestServesHTTPSWithCertAndKey(t *testing.T) {
	dir := t.TempDir()
	certPEM, keyPEM := selfSigned(t)
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, keyPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	addr := start(t, "-addr", "127.0.0.1:0", "-origin", "https://notes.example.com", "-cert", certFile, "-key", keyFile, "-test-hooks")
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	client := noRedirects(&http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "notes.example.com"},
	}})
	req, _ := http.NewRequest("POST", "https://"+addr+"/signin", strings.NewReader(url.Values{
		"email": {"demo@example.com"}, "password": {"demo-password"}, "return_to": {"/bookmarks?page=2"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/bookmarks?page=2" ||
		!strings.HasPrefix(resp.Header.Get("Set-Cookie"), "__Host-rastrillo_session=") {
		t.Errorf("HTTPS sign-in: %d %q %q", resp.StatusCode, resp.Header.Get("Location"), resp.Header.Get("Set-Cookie"))
	}
	resp, err = client.Get("https://" + addr + "/_test/state")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"liveSessions":1`) {
		t.Errorf("/_test/state with -test-hooks: %d %s", resp.StatusCode, body)
	}
}

func TestRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-cert", "c.pem"},
		{"-addr", "127.0.0.1:0", "-password", "short"},
		{"-addr", "127.0.0.1:0", "-origin", "notes.example.com"},
		{"extra"},
		{"-addr", "127.0.0.1:0", "-signin", "magic"},
		{"-addr", "127.0.0.1:0", "-signin", "auth", "-keymail-dial", "127.0.0.1:1"},
		{"-addr", "127.0.0.1:0", "-signin", "auth", "-keymail", "https://keymail.test", "-keymail-ca", "missing.pem"},
		{"-addr", "127.0.0.1:0", "-signin", "auth", "-keymail", "http://keymail.test"},
		{"-addr", "127.0.0.1:0", "-signin", "auth", "-totp", "demo@example.com", "-totp-secret", "not base32!"},
	} {
		if err := run(context.Background(), args, io.Discard); err == nil {
			t.Errorf("run(%q) accepted", args)
		}
	}
}

// selfSigned makes a throwaway certificate for notes.example.com and 127.0.0.1.
func selfSigned(t *testing.T) (certPEM, keyPEM []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "notes.example.com"},
		DNSNames:              []string{"notes.example.com"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})
}
