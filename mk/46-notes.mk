# The notes companion (issue 24): the model package examples/notes (NotesCore, its tests and
# NotesBrowserHost), built with warnings as errors and tested, its Swift files linted, and its
# project.yml read by `companion check` (the example's placeholders are warnings). The
# Go web app it wraps is mk/45-notes-web.mk; the unsigned Xcode builds are in
# scripts/apple-builds.sh (the `apple` step).
CI_STEPS += notes-lint notes-example notes-check notes-page-actions-current

.PHONY: notes-lint notes-example notes-check notes-page-actions-current

notes-lint:
	@echo "== notes: swift format lint --strict on examples/notes (SwiftUI files and the browser host included)"
	$(SWIFT) format lint --strict --recursive --parallel examples/notes/Package.swift examples/notes/Sources examples/notes/Tests examples/notes/BrowserHost

notes-example:
	@echo "== notes: examples/notes builds (warnings as errors) and its model tests pass"
	$(SWIFT) build --package-path examples/notes --build-tests $(STRICT)
	$(SWIFT) test --package-path examples/notes $(STRICT)

notes-check:
	@echo "== notes: companion check examples/notes (project.yml, plugin, associated domains)"
	$(SWIFT) build --product rastrillo-native $(STRICT)
	"$$($(SWIFT) build --show-bin-path)/rastrillo-native" companion check examples/notes

notes-page-actions-current: manifest-cli
	@echo "== notes: examples/notes/Generated/page-actions.js is what manifest build writes for its manifest"
	@$(MANIFEST_CLI) manifest build examples/notes/Sources/NotesCore/app-manifest.json --only page-actions \
		--out examples/notes/Generated --check || \
		{ echo "run: rastrillo-native manifest build examples/notes/Sources/NotesCore/app-manifest.json --only page-actions --out examples/notes/Generated"; exit 1; }
