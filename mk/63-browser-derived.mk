# The derived notes companion's day in real browsers (issue 46, last item): `companion new
# --from-app` on the notes Rastrillo app fixture writes a companion (its manifest derived, never
# hand-written); its NotesBrowserHost (the derived manifest compiled in) and the page-actions.js
# `manifest build` writes for that manifest drive the REAL notes web app (examples/notes/web, the
# server of browser-notes) in headless Chromium and in WebKitGTK, side by side
# (tools/web-screen-harness/derived_notes_check.py). Every id comes from the derived manifest and
# is checked against DeriveNotesOracleTests' list first; every step is asserted from the DOM, the
# server's /_test/state and the host's state. The second day is the same companion signing in to
# the web app's Rastrillo auth mode (the host's --session auth; the keymail fake of browser-notes).
DERIVED_NOTES_APP := $(CURDIR)/Tests/Fixtures/RastrilloApps/notes
DERIVED_NOTES_DIR := $(CURDIR)/.build/derived-notes
DERIVED_NOTES := $(DERIVED_NOTES_DIR)/FromApp
DERIVED_NOTES_MANIFEST := $(DERIVED_NOTES)/Sources/NotesCore/app-manifest.json
DERIVED_NOTES_PAGE_ACTIONS_DIR := $(DERIVED_NOTES_DIR)/generated
DERIVED_NOTES_HOST_DIR = $(shell $(SWIFT) build --package-path $(DERIVED_NOTES) $(STRICT) --show-bin-path)
DERIVED_NOTES_ARGS = --host "$(DERIVED_NOTES_HOST_DIR)/NotesBrowserHost" --server $(NOTES_BROWSER_SERVER) \
	--page-actions $(DERIVED_NOTES_PAGE_ACTIONS_DIR)/page-actions.js --companion $(DERIVED_NOTES) --app $(DERIVED_NOTES_APP)

# In make ci since 2026-12-07, after browser-mutants (its builds reuse browser-notes-build's).
CI_STEPS += browser-derived

.PHONY: browser-derived browser-derived-build

# The companion is written afresh each run (into FromApp.new); when it differs from the last one it
# replaces it, keeping the package's .build, so an unchanged derive rebuilds nothing.
browser-derived-build: manifest-cli browser-notes-build
	@echo "== browser-derived-build: companion new --from-app (the notes fixture), its NotesBrowserHost, and the page-actions.js manifest build writes for its manifest"
	@rm -rf $(DERIVED_NOTES).new && mkdir -p $(DERIVED_NOTES_DIR)
	$(MANIFEST_CLI) companion new $(DERIVED_NOTES).new --from-app $(DERIVED_NOTES_APP) --origin https://notes.example.com \
		--name FromApp --bundle-id org.acme.fromapp >/dev/null
	@if [ -d $(DERIVED_NOTES) ] && diff -r -q --exclude=.build $(DERIVED_NOTES) $(DERIVED_NOTES).new >/dev/null; then \
		rm -rf $(DERIVED_NOTES).new; \
	else \
		if [ -d $(DERIVED_NOTES)/.build ]; then mv $(DERIVED_NOTES)/.build $(DERIVED_NOTES).new/.build; fi; \
		rm -rf $(DERIVED_NOTES) && mv $(DERIVED_NOTES).new $(DERIVED_NOTES); \
	fi
	$(SWIFT) build --package-path $(DERIVED_NOTES) --product NotesBrowserHost $(STRICT)
	@rm -rf $(DERIVED_NOTES_PAGE_ACTIONS_DIR) && mkdir -p $(DERIVED_NOTES_PAGE_ACTIONS_DIR)
	$(MANIFEST_CLI) manifest build $(DERIVED_NOTES_MANIFEST) --only page-actions --out $(DERIVED_NOTES_PAGE_ACTIONS_DIR) >/dev/null
	@cmp -s $(DERIVED_NOTES_PAGE_ACTIONS_DIR)/page-actions.js $(DERIVED_NOTES)/Generated/page-actions.js || { \
		echo "browser-derived: the companion's Generated/page-actions.js is not what manifest build writes for $(DERIVED_NOTES_MANIFEST)"; exit 1; }

# Two lanes side by side, as browser-mutants runs a check beside its WebKit twin: Chromium's (the
# password day, then the auth day, each run whatever the other gave) and WebKitGTK's; each lane's
# output is printed whole once both ended, and the target fails when either lane failed.
DERIVED_NOTES_CHECK := tools/web-screen-harness/derived_notes_check.py
DERIVED_NOTES_AUTH = --session auth --keymail $(NOTES_KEYMAIL_FAKE)

browser-derived: browser-derived-build
	@echo "== browser-derived: the derived notes companion's day against the real notes web app in headless Chromium and WebKitGTK: its manifest's ids as the oracle lists them, the sidebar's lists in gen/manifest.json order, password sign-in in the sheet (wrong, then right), the list, New through the page's form (303 landing), Edit (303 back), publish and unpublish from the native commands, Delete from the confirm page with the native confirmation (cancel, then accept), sign out; then in auth mode keymail sign-in, step-up to the confirm page, Delete there, sign out; no console errors, CSP violations or refusals"
	@chromium_log=$(DERIVED_NOTES_DIR)/chromium.log; webkit_log=$(DERIVED_NOTES_DIR)/webkit.log; \
	( lane=0; \
	  CHROMIUM=$(CHROMIUM) $(PYTHON) $(DERIVED_NOTES_CHECK) $(DERIVED_NOTES_ARGS) || lane=1; \
	  CHROMIUM=$(CHROMIUM) $(PYTHON) $(DERIVED_NOTES_CHECK) $(DERIVED_NOTES_ARGS) $(DERIVED_NOTES_AUTH) || lane=1; \
	  exit $$lane ) >"$$chromium_log" 2>&1 & chromium=$$!; \
	( lane=0; \
	  scripts/webkit-run.sh $(DERIVED_NOTES_CHECK) --engine webkit $(DERIVED_NOTES_ARGS) || lane=1; \
	  scripts/webkit-run.sh $(DERIVED_NOTES_CHECK) --engine webkit $(DERIVED_NOTES_ARGS) $(DERIVED_NOTES_AUTH) || lane=1; \
	  exit $$lane ) >"$$webkit_log" 2>&1 & webkit=$$!; \
	status=0; wait $$chromium || status=1; wait $$webkit || status=$$((status + 2)); \
	echo "-- browser-derived in Chromium (password day, then auth day)"; cat "$$chromium_log"; \
	echo "-- browser-derived in WebKitGTK (password day, then auth day)"; cat "$$webkit_log"; \
	case $$status in 0) ;; 1) echo "browser-derived: FAIL in Chromium"; exit 1;; 2) echo "browser-derived: FAIL in WebKitGTK"; exit 1;; \
		*) echo "browser-derived: FAIL in Chromium and WebKitGTK"; exit 1;; esac
