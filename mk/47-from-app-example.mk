# examples/from-app: what `companion new --from-app` writes for the notes Rastrillo app fixture
# (Tests/Fixtures/RastrilloApps/notes), committed so a team can read what the command gives and
# so the Apple type-check (apple-typecheck: every examples/*/project.yml app) checks a derived
# companion for iOS 17 and macOS 14. from-app-example-current writes it afresh two folders below
# the root, as the example is (so its relative path to this package is the same), and fails on any
# difference: rerun `make from-app-example` after changing the notes template, derive or the fixture.
FROM_APP_EXAMPLE := examples/from-app
FROM_APP_FIXTURE := Tests/Fixtures/RastrilloApps/notes
FROM_APP_ARGS := --from-app $(FROM_APP_FIXTURE) --origin https://notes.example.com --name FromApp \
	--bundle-id org.acme.fromapp
FROM_APP_FRESH := .build/from-app-current

CI_STEPS += from-app-example-current

.PHONY: from-app-example from-app-example-current

from-app-example: manifest-cli
	@echo "== from-app-example: $(FROM_APP_EXAMPLE) written afresh by companion new $(FROM_APP_ARGS)"
	rm -rf $(FROM_APP_EXAMPLE)
	$(MANIFEST_CLI) companion new $(FROM_APP_EXAMPLE) $(FROM_APP_ARGS) >/dev/null

from-app-example-current: manifest-cli
	@echo "== from-app-example-current: $(FROM_APP_EXAMPLE) is what companion new $(FROM_APP_ARGS) writes now"
	@rm -rf $(FROM_APP_FRESH)
	$(MANIFEST_CLI) companion new $(FROM_APP_FRESH) $(FROM_APP_ARGS) >/dev/null
	@diff -r --exclude=.build $(FROM_APP_EXAMPLE) $(FROM_APP_FRESH) || { \
		echo "from-app-example-current: $(FROM_APP_EXAMPLE) differs from what companion new --from-app writes now (above); run: make from-app-example"; exit 1; }
	@echo "from-app-example-current: $(FROM_APP_EXAMPLE) is current ($$(find $(FROM_APP_EXAMPLE) -type f | wc -l) files)"
