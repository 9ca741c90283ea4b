# The web screen in a real browser (issue 16): the companion's release-notes page served by the real
# Go handler over HTTPS on loopback under the manifest's host names, loaded in Debian's headless
# Chromium through the DevTools protocol (tools/web-screen-harness, Python standard library plus
# `cryptography` for the throwaway certificate), talking to the real BridgeDispatcher,
# WebScreenNavigation and WebScreenModel (examples/companion's CompanionBrowserHost), with Chromium's
# load events translated into the WebKit adapter's WebScreenEvents. Fails, never skips, when Chromium is missing:
# `make setup` installs it (apt-get install chromium chromium-driver). On a Mac, set CHROMIUM to a
# Chromium or Chrome binary (e.g. /Applications/Chromium.app/Contents/MacOS/Chromium).
CHROMIUM ?= /usr/bin/chromium
BROWSER_DIR := $(CURDIR)/.build/browser
BROWSER_SERVER := $(BROWSER_DIR)/browser-server
BROWSER_HOST_DIR = $(shell $(SWIFT) build --package-path examples/companion $(STRICT) --show-bin-path)
MANIFEST_GRAPH := docs/images/companion-manifest.svg

CI_STEPS += browser-build browser-mutants manifest-graph-current

.PHONY: browser browser-tools browser-build browser-mutants screenshots manifest-graph-current

browser-tools:
	@[ -x "$(CHROMIUM)" ] || { echo "browser: Chromium not found at $(CHROMIUM): run make setup (apt-get install chromium chromium-driver), or on a Mac set CHROMIUM=/path/to/Chromium"; exit 1; }
	@$(PYTHON) -c 'import cryptography' 2>/dev/null || { echo "browser: Python's cryptography is required in the project venv (run: make setup)"; exit 1; }
	@"$(CHROMIUM)" --version

browser-build: browser-tools
	@echo "== browser-build: the companion's native side (CompanionBrowserHost, swift format lint --strict) and the Go test server"
	$(SWIFT) format lint --strict --recursive examples/companion/BrowserHost
	$(SWIFT) build --package-path examples/companion --product CompanionBrowserHost $(STRICT)
	@mkdir -p $(BROWSER_DIR)
	GOWORK=off scripts/go.sh -C examples/companion-web build -o $(BROWSER_SERVER) ./cmd/browser-server

browser: browser-build
	@echo "== browser: the companion's web screen in headless Chromium: plain browser, typed round trip, serverChecked, subframe refusals, navigation (push, replace, load, leave), failure and Retry against a server that goes down and comes back, no console errors or CSP violations"
	CHROMIUM=$(CHROMIUM) $(PYTHON) tools/web-screen-harness/companion_check.py \
		--host "$(BROWSER_HOST_DIR)/CompanionBrowserHost" --server $(BROWSER_SERVER)

# What browser-mutants needs made first (make ci's beside lane starts after them: Makefile).
BROWSER_MUTANTS_NEEDS := browser-tools notes-page-actions fixture-page-actions

browser-mutants: $(BROWSER_MUTANTS_NEEDS)
	@echo "== browser-mutants: deliberate breaks of the page, the module, the dispatcher, the trust decision, the web screen's navigation, failure classification and retry (make browser must catch each), and of the notes day: a command offered for a form the page does not have, a submitted form left under Back, return_to dropped, a destructive command without its confirmation (make browser-notes must catch each), and of sign-in with auth: the authorize URL loaded in the web view, a refused authorize attempt sent to the in-app browser, prompt=none accepted, the callback state unchecked, overlapping attempts, a replaced attempt's callback loaded, no link after a cancel, the web app clearing a newer attempt's cookies (make browser-notes-auth must catch each), and of the page-actions script: the submitter ignored, a bound field read from the first form, a link followed with click() (its ping sent), a formtarget ignored, rows' actions offered on a long list (make browser-page-actions must catch each), and natively the locale menu read as one command and the bulk bar as its first button's (make browser-notes must catch each)"
	CHROMIUM=$(CHROMIUM) SWIFT="$(SWIFT)" NOTES_PAGE_ACTIONS=$(NOTES_PAGE_ACTIONS) FIXTURE_PAGE_ACTIONS=$(PAGE_ACTIONS_GEN)/fixtures/page-actions.js $(PYTHON) scripts/browser-mutants.py

screenshots: browser-build browser-notes-build
	@echo "== screenshots: the companion's web screen and the notes web screens (list, bookmark, edit form, sign-in) at 390x844 @3x and 1280x800 @2x, light and dark, into docs/images/"
	CHROMIUM=$(CHROMIUM) $(PYTHON) tools/web-screen-harness/companion_check.py \
		--host "$(BROWSER_HOST_DIR)/CompanionBrowserHost" --server $(BROWSER_SERVER) --screenshots docs/images
	$(NOTES_CHECK) --screenshots docs/images

manifest-graph-current: manifest-cli
	@echo "== manifest-graph-current: $(MANIFEST_GRAPH) is what 'manifest graph' draws for the companion's manifest"
	@diff -u $(MANIFEST_GRAPH) <($(MANIFEST_CLI) manifest graph examples/companion/Sources/CompanionCore/app-manifest.json) >/dev/null || \
		{ echo "$(MANIFEST_GRAPH) is stale: run rastrillo-native manifest graph examples/companion/Sources/CompanionCore/app-manifest.json --out $(MANIFEST_GRAPH)"; exit 1; }
