# The notes web app (examples/notes/web): the small stdlib Rastrillo-style server the notes
# companion (examples/notes) wraps and the headless-Chromium "whole day" test drives. Its own
# Go module outside go.work (GOWORK=off), like examples/companion-web; standard library only.
NOTES_WEB_DIR := examples/notes/web

CI_STEPS += notes-web-lint notes-web-test notes-web-mutants

.PHONY: notes-web-lint notes-web-test notes-web-mutants notes-web-build

notes-web-lint:
	@echo "== notes-web-lint: gofmt -l and go vet of examples/notes/web"
	@unformatted=$$("$$(scripts/go.sh env GOROOT)/bin/gofmt" -l $(NOTES_WEB_DIR)); \
	if [ -n "$$unformatted" ]; then echo "gofmt: not formatted (run gofmt -w):"; echo "$$unformatted"; exit 1; fi
	GOWORK=off scripts/go.sh -C $(NOTES_WEB_DIR) vet ./...

notes-web-test:
	@echo "== notes-web-test: every route, Require's redirects, sign-in 422/429, CSRF refusals, flashes, pagination and search, foreign ids, headers on every response, no script or inline style in the password mode, the auth mode (proof of work, magic link, keymail against the fake, TOTP, step-up, sign-out), test hooks only with the flag (httptest loopback); the command's first-line address and HTTPS"
	GOWORK=off scripts/go.sh -C $(NOTES_WEB_DIR) test -count=1 ./...

notes-web-mutants:
	@echo "== notes-web-mutants: deliberate breaks of the auth sign-in mode (a late callback clearing cookies, a reusable pending cookie or link, an unchecked state, address or PKCE verifier, a GET that spends the link, Referer as same-origin evidence, prompt=none, unlimited TOTP strikes, no step-up, sign-out to /, a reusable proof of work); go test must catch each"
	$(PYTHON) scripts/notes-web-mutants.py

# Not a CI step: the binary a browser harness starts (prints its address on the first line).
notes-web-build:
	@mkdir -p .build/notes-web
	GOWORK=off scripts/go.sh -C $(NOTES_WEB_DIR) build -o $(CURDIR)/.build/notes-web/notes-web ./cmd/notes-web
	GOWORK=off scripts/go.sh -C $(NOTES_WEB_DIR) build -o $(CURDIR)/.build/notes-web/keymail-fake ./cmd/keymail-fake
