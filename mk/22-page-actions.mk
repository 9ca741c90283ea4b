# Page actions (issue 24): the generated page-actions.js, the script the WebKit adapter injects into
# web screens. page-actions-js checks the script node parses (as a classic script and as an ES
# module, the way runtime files are checked), runs it in a hand-written fake DOM against the notes
# manifest (Tests/PageActionsScript/page-actions.test.mjs: scan, match, report, invoke, gone,
# disabled submitters, limits, mutations, restores), and holds it to the page-action parity corpus
# (Tests/ManifestParity/page-action-corpus.json, which PageActionRouterCorpusTests holds native's
# PageActionRouter to). The script's template is Runtime/page-actions.js, embedded with the other
# runtime files (make runtime-embed; runtime-check checks it parses on its own).
PAGE_ACTIONS_GEN := .build/page-actions
NOTES_MANIFEST := examples/notes/Sources/NotesCore/app-manifest.json

PAGE_ACTIONS_FIXTURES := Tests/PageActionsScript/fixtures

CI_STEPS += page-actions-js

.PHONY: page-actions-js browser-page-actions fixture-page-actions

page-actions-js: manifest-cli
	@echo "== page-actions-js: page-actions.js parses, passes its fake-DOM tests (notes manifest; submit buttons and bound fields with the fixtures' manifest) and reads the page-action corpus as native does"
	@command -v node >/dev/null || { echo "page-actions-js: node is required (apt-get install nodejs)"; exit 1; }
	@rm -rf $(PAGE_ACTIONS_GEN) && mkdir -p $(PAGE_ACTIONS_GEN)/notes $(PAGE_ACTIONS_GEN)/parity
	$(MANIFEST_CLI) manifest build $(NOTES_MANIFEST) --only page-actions --out $(PAGE_ACTIONS_GEN)/notes >/dev/null
	$(MANIFEST_CLI) manifest build $(MANIFEST_PARITY)/page-actions-manifest.json --only page-actions \
		--out $(PAGE_ACTIONS_GEN)/parity >/dev/null
	@for file in $(PAGE_ACTIONS_GEN)/notes/page-actions.js Sources/RastrilloManifestCompiler/Runtime/page-actions.js; do \
		node --check "$$file" && node --input-type=module --check <"$$file" \
			|| { echo "page-actions-js: $$file does not parse"; exit 1; }; \
		if { cat "$$file"; echo 'function ('; } | node --check - 2>/dev/null; then \
			echo "page-actions-js: node accepted a broken copy of $$file, so its check proves nothing"; exit 1; fi; \
		echo "node --check (classic script and ES module): $$file"; \
	done
	PAGE_ACTIONS_JS=$(PAGE_ACTIONS_GEN)/notes/page-actions.js node --test Tests/PageActionsScript/page-actions.test.mjs
	$(MANIFEST_CLI) manifest build $(PAGE_ACTIONS_FIXTURES)/app-manifest.json --only page-actions \
		--out $(PAGE_ACTIONS_GEN)/fixtures >/dev/null
	PAGE_ACTIONS_JS=$(PAGE_ACTIONS_GEN)/fixtures/page-actions.js node --test Tests/PageActionsScript/submitters-fields.test.mjs
	node Tests/PageActionsScript/parity.mjs $(PAGE_ACTIONS_GEN)/parity/page-actions.js $(MANIFEST_PARITY)/page-action-corpus.json

# The script generated from the fixture pages' manifest (the notes commands plus a bulk action
# and the locale switch), for the byte-for-byte check below and browser-mutants.
fixture-page-actions: manifest-cli
	@rm -rf $(PAGE_ACTIONS_GEN)/fixtures && mkdir -p $(PAGE_ACTIONS_GEN)/fixtures
	$(MANIFEST_CLI) manifest build $(PAGE_ACTIONS_FIXTURES)/app-manifest.json --only page-actions \
		--out $(PAGE_ACTIONS_GEN)/fixtures >/dev/null

browser-page-actions: browser-tools fixture-page-actions
	@echo "== browser-page-actions: on fixture pages in the markup of Rastrillo's row menu, bulk bar, locale menu, topbar shell and submitter overrides (formaction, formmethod, formtarget, formenctype, form=, formnovalidate), every offer's invoke sends byte for byte the request a click on its button or link sends, and nothing else (no ping); what is not offered is what would leave the page's browsing context; a submission the page's validation stops answers invalid; a 2,000-row list offers New bookmark and no row's action (headless Chromium)"
	CHROMIUM=$(CHROMIUM) $(PYTHON) tools/web-screen-harness/page_actions_requests.py \
		--page-actions $(PAGE_ACTIONS_GEN)/fixtures/page-actions.js --fixtures $(PAGE_ACTIONS_FIXTURES)

# The notes manifest's graph in docs/images (bound commands and the session drawn), like
# manifest-graph-current for the companion's.
NOTES_GRAPH := docs/images/notes-manifest.svg
CI_STEPS += manifest-graph-notes-current

.PHONY: manifest-graph-notes-current

manifest-graph-notes-current: manifest-cli
	@echo "== manifest-graph-notes-current: $(NOTES_GRAPH) is what 'manifest graph' draws for the notes manifest"
	@diff -u $(NOTES_GRAPH) <($(MANIFEST_CLI) manifest graph $(NOTES_MANIFEST)) >/dev/null || \
		{ echo "$(NOTES_GRAPH) is stale: run rastrillo-native manifest graph $(NOTES_MANIFEST) --out $(NOTES_GRAPH)"; exit 1; }
