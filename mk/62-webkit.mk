# Real WebKit on Linux (issue 32): WebKitGTK, the engine family of WKWebView, embedded the way the
# Apple adapter embeds WKWebView, answers what the Chromium harness cannot: content-world
# isolation of the page-actions script and its handler, callAsyncJavaScript in a world, a
# cancelled 303's cookie (sign-in's landing), the navigation policy WebKit asks for a server
# redirect, requestSubmit with a submitter, new windows and downloads
# (tools/web-screen-harness/webkit_questions.py; docs/web-screens.md, "In real WebKit").
CI_STEPS += webkit-questions

.PHONY: webkit-questions

webkit-questions:
	@echo "== webkit-questions: what the adapter relies on, asserted in WebKitGTK (content worlds, a cancelled 303's cookie, redirect policy, requestSubmit, new windows, downloads)"
	scripts/webkit-questions.sh
