# `swift test` needs only Swift (issue 25): the Swift tests that check against another language's
# implementation (PyYAML, node's WHATWG URL, Python's http.server and the TLS server of
# Tests/Fixtures/tls) are skipped unless RASTRILLO_ORACLES=1 (RastrilloTestSupport's
# CrossLanguageOracles). `make swift-test` runs the tests with a PATH without python3 and node
# (scripts/swift-only-path.sh); this step runs the oracle suites with the variable set and the
# project venv's python3 (PyYAML) and node on PATH, and fails unless every test in them ran and
# passed (scripts/check-oracle-run.py reads the xUnit report: a skip is never a pass).
ORACLES_DIR := $(CURDIR)/.build/swift-oracles
ORACLE_SUITES := YAMLSubsetDifferentialTests YAMLSubsetReaderTests VersionCommandTests LinkRouterFuzzTests EmitterEscapingTests \
	$(if $(filter Linux,$(shell uname -s)),ServerVersionHTTPSTransferTests)
SWIFT_ONLY_PATH_DIR := $(CURDIR)/.build/swift-only-path

CI_STEPS += swift-oracles

.PHONY: swift-oracles

swift-oracles:
	@echo "== swift-oracles: the cross-language oracle tests ($(ORACLE_SUITES)) run with RASTRILLO_ORACLES=1 and all pass"
	@command -v node >/dev/null || { echo "swift-oracles: node is required (apt-get install nodejs)"; exit 1; }
	@python3 -c 'import yaml' 2>/dev/null || { echo "swift-oracles: PyYAML is required in the project venv (run: make setup)"; exit 1; }
	rm -rf "$(ORACLES_DIR)" && mkdir -p "$(ORACLES_DIR)"
	RASTRILLO_ORACLES=1 $(SWIFT) test $(STRICT) --filter '$(subst $(eval) ,|,$(strip $(ORACLE_SUITES)))' \
		--xunit-output "$(ORACLES_DIR)/report.xml" >"$(ORACLES_DIR)/swift.log" 2>&1 \
		|| { grep -E "✘|error:" "$(ORACLES_DIR)/swift.log" | head -40; echo "swift-oracles: swift test failed (log: $(ORACLES_DIR)/swift.log)"; exit 1; }
	@grep -E "Test run|Executed" "$(ORACLES_DIR)/swift.log" || true
	@[ -s "$(ORACLES_DIR)/report-swift-testing.xml" ] || { echo "swift-oracles: swift test wrote no Swift Testing report"; tail -20 "$(ORACLES_DIR)/swift.log"; exit 1; }
	$(PYTHON) scripts/check-oracle-run.py "$(ORACLES_DIR)/report-swift-testing.xml" $(ORACLE_SUITES)
