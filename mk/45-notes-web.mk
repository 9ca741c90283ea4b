# The notes web app (examples/notes/web): the small stdlib Rastrillo-style server the notes
# companion (examples/notes) wraps and the headless-Chromium "whole day" test drives. Its own
# Go module outside go.work (GOWORK=off), like examples/companion-web; standard library only.
NOTES_WEB_DIR := examples/notes/web

CI_STEPS += notes-web-lint notes-web-test

.PHONY: notes-web-lint notes-web-test notes-web-build

notes-web-lint:
	@echo "== notes-web-lint: gofmt -l and go vet of examples/notes/web"
	@unformatted=$$("$$(scripts/go.sh env GOROOT)/bin/gofmt" -l $(NOTES_WEB_DIR)); \
	if [ -n "$$unformatted" ]; then echo "gofmt: not formatted (run gofmt -w):"; echo "$$unformatted"; exit 1; fi
	GOWORK=off scripts/go.sh -C $(NOTES_WEB_DIR) vet ./...

notes-web-test:
	@echo "== notes-web-test: every route, Require's redirects, sign-in 422/429, CSRF refusals, flashes, pagination and search, foreign ids, headers on every response, no script or inline style, test hooks only with the flag (httptest loopback); the command's first-line address and HTTPS"
	GOWORK=off scripts/go.sh -C $(NOTES_WEB_DIR) test -count=1 ./...

# Not a CI step: the binary a browser harness starts (prints its address on the first line).
notes-web-build:
	@mkdir -p .build/notes-web
	GOWORK=off scripts/go.sh -C $(NOTES_WEB_DIR) build -o $(CURDIR)/.build/notes-web/notes-web ./cmd/notes-web
