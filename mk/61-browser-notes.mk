# The notes companion's whole day in a real browser (issue 24, item 5): the notes web app
# (examples/notes/web) over HTTPS on loopback under the manifest's host with -test-hooks, the
# notes companion's native side (examples/notes, NotesBrowserHost: the real NotesModel, its
# WebScreenModels and PageCommands), the generated page-actions.js in its own isolated world,
# and headless Chromium, one page per native screen in one browser context
# (tools/web-screen-harness/notes_check.py). Every step is asserted from the DOM, the server's
# /_test/state and the host's state. Fails, never skips, when Chromium is missing (browser-tools).
NOTES_BROWSER_DIR := $(CURDIR)/.build/browser-notes
NOTES_BROWSER_SERVER := $(NOTES_BROWSER_DIR)/notes-web
NOTES_PAGE_ACTIONS_DIR := $(NOTES_BROWSER_DIR)/generated
NOTES_PAGE_ACTIONS := $(NOTES_PAGE_ACTIONS_DIR)/page-actions.js
NOTES_MANIFEST := examples/notes/Sources/NotesCore/app-manifest.json
NOTES_HOST_DIR = $(shell $(SWIFT) build --package-path examples/notes $(STRICT) --show-bin-path)
NOTES_CHECK = CHROMIUM=$(CHROMIUM) $(PYTHON) tools/web-screen-harness/notes_check.py \
	--host "$(NOTES_HOST_DIR)/NotesBrowserHost" --server $(NOTES_BROWSER_SERVER) --page-actions $(NOTES_PAGE_ACTIONS)

NOTES_KEYMAIL_FAKE := $(NOTES_BROWSER_DIR)/keymail-fake
NOTES_AUTH_CHECK = CHROMIUM=$(CHROMIUM) $(PYTHON) tools/web-screen-harness/notes_auth_check.py \
	--host "$(NOTES_HOST_DIR)/NotesBrowserHost" --server $(NOTES_BROWSER_SERVER) --keymail $(NOTES_KEYMAIL_FAKE) \
	--page-actions $(NOTES_PAGE_ACTIONS)

CI_STEPS += browser-notes-build

.PHONY: browser-notes browser-notes-auth browser-notes-build notes-page-actions

# The page-actions script exactly as the app ships it: what `manifest build` writes for the
# notes manifest (never a hand-written stand-in).
notes-page-actions: manifest-cli
	@rm -rf $(NOTES_PAGE_ACTIONS_DIR) && mkdir -p $(NOTES_PAGE_ACTIONS_DIR)
	$(MANIFEST_CLI) manifest build $(NOTES_MANIFEST) --out $(NOTES_PAGE_ACTIONS_DIR)
	@[ -s $(NOTES_PAGE_ACTIONS) ] || { echo "browser-notes: manifest build wrote no page-actions.js for $(NOTES_MANIFEST) into $(NOTES_PAGE_ACTIONS_DIR)"; exit 1; }

browser-notes-build: browser-tools notes-page-actions
	@echo "== browser-notes-build: the notes companion's native side (NotesBrowserHost), the notes web app and the generated page-actions.js"
	$(SWIFT) build --package-path examples/notes --product NotesBrowserHost $(STRICT)
	@mkdir -p $(NOTES_BROWSER_DIR)
	GOWORK=off scripts/go.sh -C examples/notes/web build -o $(NOTES_BROWSER_SERVER) ./cmd/notes-web
	GOWORK=off scripts/go.sh -C examples/notes/web build -o $(NOTES_KEYMAIL_FAKE) ./cmd/keymail-fake

browser-notes: browser-notes-build
	@echo "== browser-notes: the notes day in headless Chromium: sign in (wrong password, then right) in the sheet above the waiting screen, create (400, then 303 replacing the form), edit (303 popping back), publish and unpublish from the native commands, delete with the native confirmation, search, pagination, the bulk bar (Publish and Delete Selected) and the Language menu from native commands, session expiry mid-edit (403 forbidden, Try Again through sign-in), sign out; page actions in their own world, no console errors or CSP violations, no refusals"
	$(NOTES_CHECK)

browser-notes-auth: browser-notes-build
	@echo "== browser-notes-auth: the notes companion signing in to the web app's Rastrillo auth mode in headless Chromium with two cookie jars (the web view's context, the system authentication session's): keymail through the real core (the callback loaded in the session's jar answers expired; the session cookie only in the web view's), step-up with prompt=login, sign-out to /signin, crafted authorize URLs refused with reasons, two overlapping attempts, cancel to a link instead, a magic link as a universal link with its confirm tap (cross-origin POST 403, replay expired), TOTP, the below-iOS-17.4 fallback"
	$(NOTES_AUTH_CHECK)
