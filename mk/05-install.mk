# make install (issue 19): builds the command line tools (rastrillo-native, rastrillo-vectors) and
# installs them into $(PREFIX)/bin.
#   make install                      # release build, into /usr/local/bin
#   make install PREFIX="$HOME/.local"
# INSTALL_CONFIGURATION=debug installs the debug build instead (docs-check uses it to reuse the
# build its `swift run` blocks need; the release build is compiled by companion-release-gate).
PREFIX ?= /usr/local
INSTALL_CONFIGURATION ?= release
INSTALL_PRODUCTS := rastrillo-native $(if $(wildcard Sources/rastrillo-vectors),rastrillo-vectors)

.PHONY: install

install:
	@case "$(INSTALL_CONFIGURATION)" in release|debug) ;; \
		*) echo "error: INSTALL_CONFIGURATION='$(INSTALL_CONFIGURATION)': use release or debug" >&2; exit 2;; esac
	@for product in $(INSTALL_PRODUCTS); do \
		echo "$(SWIFT) build -c $(INSTALL_CONFIGURATION) --product $$product"; \
		$(SWIFT) build -c $(INSTALL_CONFIGURATION) --product $$product; \
	done
	@bin="$$($(SWIFT) build -c $(INSTALL_CONFIGURATION) --show-bin-path)"; \
	install -d "$(PREFIX)/bin"; \
	for product in $(INSTALL_PRODUCTS); do \
		install -m 0755 "$$bin/$$product" "$(PREFIX)/bin/$$product"; \
		echo "installed $(PREFIX)/bin/$$product"; \
	done; \
	case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "note: $(PREFIX)/bin is not on your PATH";; esac
