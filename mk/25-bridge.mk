# Bridge steps (issue 5): the generated ES module and the Swift dispatcher agree on the wire,
# in both directions, and the module keeps a plain browser page working. Needs node (fails,
# never skips, when node is missing).
BRIDGE_CROSSCHECK_DIR := $(CURDIR)/.build/bridge-crosscheck

CI_STEPS += bridge-crosscheck bridge-browser

.PHONY: bridge-crosscheck bridge-browser

bridge-crosscheck:
	@echo "== bridge-crosscheck: JSON posted by the generated ES module (node, stub webkit handler) decodes into the generated Swift types; Swift's replies and event scripts decode in the module"
	@command -v node >/dev/null || { echo "bridge-crosscheck: node is required (apt-get install nodejs)"; exit 1; }
	rm -rf "$(BRIDGE_CROSSCHECK_DIR)" && mkdir -p "$(BRIDGE_CROSSCHECK_DIR)"
	node Tests/BridgeFixture/crosscheck.mjs page "$(BRIDGE_CROSSCHECK_DIR)"
	BRIDGE_CROSSCHECK_DIR="$(BRIDGE_CROSSCHECK_DIR)" $(SWIFT) test $(STRICT) --filter BridgeCrossCheckTests 2>&1 \
		| tee "$(BRIDGE_CROSSCHECK_DIR)/swift.log" | grep -E "BridgeCrossCheck|Test run|error"
	@grep -q "Test answersWhatTheGeneratedModulePosted() passed" "$(BRIDGE_CROSSCHECK_DIR)/swift.log" \
		|| { echo "bridge-crosscheck: the Swift phase did not run and pass"; exit 1; }
	node Tests/BridgeFixture/crosscheck.mjs verify "$(BRIDGE_CROSSCHECK_DIR)"

bridge-browser:
	@echo "== bridge-browser: the generated module without webkit.messageHandlers (a plain browser) reports unavailable and the page keeps working"
	@command -v node >/dev/null || { echo "bridge-browser: node is required (apt-get install nodejs)"; exit 1; }
	node Tests/BridgeFixture/browser.mjs

# The companion's web screen (examples/companion-web): the Go handler serves the release-notes page
# at the manifest's pattern, and the generated module over a real loopback server (its own Go
# module, outside go.work: GOWORK=off); under node, the page's module posts and reads exactly the
# conversation in examples/companion/Tests/web-screen-wire.json, whose native side the companion's
# Swift tests check (companion-example).
CI_STEPS += bridge-web-screen

.PHONY: bridge-web-screen

bridge-web-screen:
	@echo "== bridge-web-screen: examples/companion-web is gofmt-clean, vets, serves the release-notes page at the manifest's pattern with its scripts and the generated module (httptest loopback); the module speaks the recorded conversation with native (node)"
	@command -v node >/dev/null || { echo "bridge-web-screen: node is required (apt-get install nodejs)"; exit 1; }
	@unformatted=$$("$$(scripts/go.sh env GOROOT)/bin/gofmt" -l examples/companion-web); \
	if [ -n "$$unformatted" ]; then echo "gofmt: not formatted (run gofmt -w):"; echo "$$unformatted"; exit 1; fi
	GOWORK=off scripts/go.sh -C examples/companion-web vet ./...
	GOWORK=off scripts/go.sh -C examples/companion-web test -count=1 ./...
	node examples/companion-web/page.test.mjs
