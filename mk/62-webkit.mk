# Real WebKit on Linux (issue 32): WebKitGTK, the engine family of WKWebView, embedded the way the
# Apple adapter embeds WKWebView, answers what the Chromium harness cannot: content-world
# isolation of the page-actions script and its handler, callAsyncJavaScript in a world, a
# cancelled 303's cookie (sign-in's landing), the navigation policy WebKit asks for a server
# redirect, requestSubmit with a submitter, new windows and downloads
# (tools/web-screen-harness/webkit_questions.py; docs/web-screens.md, "In real WebKit").
CI_STEPS += webkit-questions

.PHONY: webkit-questions webkit-page-actions webkit-browser webkit-notes webkit-notes-auth screenshots-webkit

webkit-questions:
	@echo "== webkit-questions: what the adapter relies on, asserted in WebKitGTK (content worlds, a cancelled 303's cookie, redirect policy, requestSubmit, new windows, downloads, no target frame in decide-policy), and the WebKit backend's problem collector"
	scripts/webkit-run.sh tools/web-screen-harness/webkit_questions.py

webkit-page-actions: fixture-page-actions
	@echo "== webkit-page-actions: in WebKitGTK (the script in its own world, invoke through call_async_javascript_function in that world, as the adapter does), every offer on the page-action fixture pages sends byte for byte the request a click on its button or link sends, and nothing else; a 2,000-row list offers New bookmark and no row's action"
	scripts/webkit-run.sh tools/web-screen-harness/webkit_page_actions.py \
		--page-actions $(PAGE_ACTIONS_GEN)/fixtures/page-actions.js --fixtures $(PAGE_ACTIONS_FIXTURES)

# The notes web screens as WebKit draws them, beside Chromium's (`make screenshots`), into docs/images.
screenshots-webkit: browser-notes-build
	@echo "== screenshots-webkit: the notes web screens (sign-in, list, bookmark, edit form) in WebKitGTK at 390x844 @3x and 1280x800 @2x, light and dark, into docs/images/"
	scripts/webkit-run.sh tools/web-screen-harness/webkit_screenshots.py --server $(NOTES_BROWSER_SERVER) --out docs/images

# The companion's check of `make browser` in WebKitGTK (companion_check.py --engine webkit): the
# bridge's handler with replies in the page world, WebKit's own navigation and load events. Its
# two subframe sections print SKIPPED: WebKitGTK names no frame for a message or a navigation.
webkit-browser: browser-build
	@echo "== webkit-browser: the companion's check of browser in WebKitGTK (plain browser, typed round trip with WebKit's reply handler, serverChecked, navigation, failure and Retry, the collector); its subframe sections are SKIPPED (WebKitGTK names no frame) and run in browser"
	scripts/webkit-run.sh tools/web-screen-harness/companion_check.py --engine webkit \
		--host "$(BROWSER_HOST_DIR)/CompanionBrowserHost" --server $(BROWSER_SERVER)

# The notes day of `make browser-notes`, step for step, in WebKitGTK: the same check
# (notes_check.py --engine webkit) over the harness's WebKit backend (webkit_screen.py), which
# embeds one web view per screen in one web context as the adapter embeds WKWebView.
webkit-notes: browser-notes-build
	@echo "== webkit-notes: the notes day of browser-notes in WebKitGTK (webkit_screen.py: a web view per screen in one web context, page actions in their own world with WebKit's own handler, every navigation through decide-policy); the one engine difference it expects is pinned by webkit-questions"
	scripts/webkit-run.sh tools/web-screen-harness/notes_check.py --engine webkit \
		--host "$(NOTES_HOST_DIR)/NotesBrowserHost" --server $(NOTES_BROWSER_SERVER) --page-actions $(NOTES_PAGE_ACTIONS)

# The auth day of `make browser-notes-auth` in WebKitGTK: the system authentication session's
# stand-in is a web view in a web context of its own (webkit_screen.AuthenticationSession).
webkit-notes-auth: browser-notes-build
	@echo "== webkit-notes-auth: the auth day of browser-notes-auth in WebKitGTK (keymail through the real core, the cancelled landing's cookie kept, step-up, crafted URLs, overlapping attempts, a magic link, TOTP), the system session in a web context of its own"
	scripts/webkit-run.sh tools/web-screen-harness/notes_auth_check.py --engine webkit \
		--host "$(NOTES_HOST_DIR)/NotesBrowserHost" --server $(NOTES_BROWSER_SERVER) --keymail $(NOTES_KEYMAIL_FAKE) \
		--page-actions $(NOTES_PAGE_ACTIONS)
