# Real WebKit on Linux (issue 32): WebKitGTK, the engine family of WKWebView, embedded the way the
# Apple adapter embeds WKWebView, answers what the Chromium harness cannot: content-world
# isolation of the page-actions script and its handler, callAsyncJavaScript in a world, a
# cancelled 303's cookie (sign-in's landing), the navigation policy WebKit asks for a server
# redirect, requestSubmit with a submitter, new windows and downloads
# (tools/web-screen-harness/webkit_questions.py; docs/web-screens.md, "In real WebKit").
CI_STEPS += webkit-questions

.PHONY: webkit-questions screenshots-webkit

webkit-questions:
	@echo "== webkit-questions: what the adapter relies on, asserted in WebKitGTK (content worlds, a cancelled 303's cookie, redirect policy, requestSubmit, new windows, downloads)"
	scripts/webkit-run.sh tools/web-screen-harness/webkit_questions.py

# The notes web screens as WebKit draws them, beside Chromium's (`make screenshots`), into docs/images.
screenshots-webkit: browser-notes-build
	@echo "== screenshots-webkit: the notes web screens (sign-in, list, bookmark, edit form) in WebKitGTK at 390x844 @3x and 1280x800 @2x, light and dark, into docs/images/"
	scripts/webkit-run.sh tools/web-screen-harness/webkit_screenshots.py --server $(NOTES_BROWSER_SERVER) --out docs/images
