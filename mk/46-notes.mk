# The notes companion (issue 24): the model package examples/notes (NotesCore, its tests and
# NotesBrowserHost), built with warnings as errors and tested, and its Swift files linted. The
# Go web app it wraps is mk/45-notes-web.mk; the unsigned Xcode builds are in
# scripts/apple-builds.sh (the `apple` step).
CI_STEPS += notes-lint notes-example

.PHONY: notes-lint notes-example

notes-lint:
	@echo "== notes: swift format lint --strict on examples/notes (SwiftUI files and the browser host included)"
	$(SWIFT) format lint --strict --recursive --parallel examples/notes/Package.swift examples/notes/Sources examples/notes/Tests examples/notes/BrowserHost

notes-example:
	@echo "== notes: examples/notes builds (warnings as errors) and its model tests pass"
	$(SWIFT) build --package-path examples/notes --build-tests $(STRICT)
	$(SWIFT) test --package-path examples/notes $(STRICT)
