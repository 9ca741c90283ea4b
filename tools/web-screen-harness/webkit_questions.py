#!/usr/bin/env python3
"""Questions about WKWebView that Chromium cannot answer, answered in real WebKit (WebKitGTK).

Debian's WebKitGTK (API ``WebKit2`` 4.1) is the engine family of WKWebView, and its embedding API
has the same shapes as the one RastrilloNative's Apple adapter (``WebViewBridge``) uses: user
scripts and message handlers in a named script world (``WKContentWorld``), a policy decision for
every navigation (``WKNavigationDelegate``), new-window requests (``createWebViewWith``), a cookie
store. This check embeds it the way the adapter embeds WKWebView and asserts, against a
loopback HTTPS server under the app's real host name, what the adapter relies on:

1. content-world isolation: the page-actions script (``rastrillo-page-actions`` world, main frame,
   document end) reads the DOM under the page's strict CSP, cannot see the page's globals, and its
   message handler and global are invisible to the page, which cannot post to it; the bridge's
   handler in the page world is visible there; a function called in the world
   (``callAsyncJavaScript(in:)``) sees the world's global and the page world's call does not;
2. sign-in's landing: a ``303`` with ``Set-Cookie`` whose redirect the navigation policy cancels
   still leaves the cookie in the store, and the redirect's URL is never requested;
3. ``requestSubmit(submitter)`` sends the submitter's ``name=value`` to its ``formaction``, as a
   form submission the policy sees as such;
4. ``target=_blank`` and ``window.open`` reach the embedder as a new-window request with the URL
   (``create``) and, when it makes no web view, nothing is loaded; a ``download`` link and an
   ``attachment`` response reach it as what they are.

Run headless: ``xvfb-run -a /usr/bin/python3 tools/web-screen-harness/webkit_questions.py``
(``make webkit-questions``). It needs Debian's ``gir1.2-webkit2-4.1``, ``python3-gi``,
``python3-cryptography`` and ``xvfb`` (``make setup`` installs them). Every wait is on an event
WebKit or the server reports; the timeouts are only hang guards.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness_common import QuietHandler, no_display, serve_tls  # noqa: E402
from webscreen import PAGE_ACTIONS_HANDLER, PAGE_ACTIONS_WORLD, Certificate  # noqa: E402

from webkit_screen import HANG_GUARD, Gio, GLib, Gtk, Proxy, WebKit2  # noqa: E402,F401 - gi, or an exit naming what to install

import webkit_screen  # noqa: E402 - the harness's WebKit backend

HOST = "app.example.com"
ORIGIN = f"https://{HOST}"
BRIDGE_HANDLER = "rastrillo"


# ------------------------------------------------------------------------------------------------
# The app's server: pages for each question, every request recorded.



class Server:
    """An HTTPS server on a loopback port with the throwaway certificate; records every request."""

    PAGES = {
        # Question 1: the page's own script is allowed ('self'); inline script is not.
        "/isolation": (
            "default-src 'none'; script-src 'self'",
            '<!doctype html><title>Isolation</title><p id="p">page text</p><script src="/isolation.js"></script>',
        ),
        # Question 1 under a CSP that runs no script at all.
        "/strict": ("default-src 'none'; script-src 'none'", "<!doctype html><title>Strict</title><p>strict</p>"),
        "/signin": (
            "default-src 'none'; form-action 'self'",
            '<!doctype html><title>Sign in</title><form method="post" action="/signin"><button>Sign in</button></form>',
        ),
        "/bulk": (
            "default-src 'none'; form-action 'self'",
            '<!doctype html><title>Bulk</title><form method="post" action="/bulk">'
            '<input type="hidden" name="ids" value="3">'
            '<button name="action" value="publish">Publish</button>'
            '<button name="action" value="delete" formaction="/bulk/delete">Delete selected</button></form>',
        ),
        "/windows": (
            "default-src 'none'; script-src 'self'",
            '<!doctype html><title>Windows</title><a id="blank" target="_blank" href="/opened">Open</a>'
            '<a id="download" href="/file.txt" download>Download</a>'
            '<a id="attachment" href="/attachment">Attachment</a>',
        ),
        "/landing": ("default-src 'none'", "<!doctype html><title>Landing</title>"),
        "/refresh": ("default-src 'none'",
                     '<!doctype html><title>Refresh</title><meta http-equiv="refresh" content="0; url=/frames">'),
        "/frames": ("default-src 'self'", '<!doctype html><title>Frames</title><iframe src="/frame-inner"></iframe>'),
        "/frame-inner": ("default-src 'none'", "<!doctype html><title>Inner</title>"),
        # The WebKit backend's problem collector (webkit_screen.py): one of each kind.
        "/noisy": (
            "default-src 'self'; style-src 'self'",
            '<!doctype html><title>Noisy</title><p id="styled" style="color: red">styled</p>'
            '<script src="/noisy.js"></script>',
        ),
        "/opened": ("default-src 'none'", "<!doctype html><title>Opened</title>"),
        "/popup": ("default-src 'none'", "<!doctype html><title>Popup</title>"),
    }

    ISOLATION_JS = """
var pageSecret = "page";
window.addEventListener("load", () => {
  const handlers = window.webkit && window.webkit.messageHandlers;
  let posted = "no handler";
  try { handlers.rastrilloPageActions.postMessage("from the page"); posted = "posted"; } catch (e) { posted = "no handler"; }
  document.documentElement.dataset.pageSaw = JSON.stringify({
    actionsGlobal: typeof rastrilloPageActions,
    actionsHandler: typeof (handlers && handlers.rastrilloPageActions),
    bridgeHandler: typeof (handlers && handlers.rastrillo),
    posted,
  });
});
"""

    NOISY_JS = """
console.error("an error from the page", 42);
console.assert(1 === 2, "one is not two");
Promise.reject(new Error("nobody caught this"));
setTimeout(() => { throw new Error("thrown from a timer"); }, 0);
fetch("/missing").then(() => { document.title = "Noisy, done"; });
"""

    def __init__(self, certificate: Certificate):
        self.requests: list[tuple[str, str, str]] = []
        self.lock = threading.Lock()
        server = self

        class Handler(QuietHandler):
            protocol_version = "HTTP/1.1"

            def _send(self, status: int, body: bytes, headers: dict[str, str]):
                self.send(status, body, {**headers, "Cache-Control": "no-store"})

            def _record(self, body: str = ""):
                with server.lock:
                    server.requests.append((self.command, self.path, body))

            def do_GET(self):
                self._record()
                if self.path in Server.PAGES:
                    csp, html = Server.PAGES[self.path]
                    self._send(200, html.encode(), {"Content-Type": "text/html; charset=utf-8",
                                                    "Content-Security-Policy": csp})
                elif self.path == "/isolation.js":
                    self._send(200, Server.ISOLATION_JS.encode(), {"Content-Type": "text/javascript"})
                elif self.path == "/noisy.js":
                    self._send(200, Server.NOISY_JS.encode(), {"Content-Type": "text/javascript"})
                elif self.path == "/plain-forbidden":
                    # What Go's http.Error sends (a Rastrillo app's 403), under the app's style-src.
                    self._send(403, b"re-authentication required\n", {
                        "Content-Type": "text/plain; charset=utf-8",
                        "Content-Security-Policy": "default-src 'self'; style-src 'self'"})
                elif self.path == "/file.txt":
                    self._send(200, b"a file", {"Content-Type": "text/plain"})
                elif self.path == "/attachment":
                    self._send(200, b"an attachment", {"Content-Type": "text/plain",
                                                       "Content-Disposition": 'attachment; filename="a.txt"'})
                else:
                    self._send(404, b"not found", {"Content-Type": "text/plain"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length).decode()
                self._record(body)
                if self.path == "/signin":
                    self._send(303, b"", {"Location": "/landing",
                                          "Set-Cookie": "session=s3cret; Path=/; Secure; HttpOnly; SameSite=Lax"})
                else:
                    self._send(303, b"", {"Location": "/landing"})

        self.httpd = serve_tls(Handler, certificate)
        self.port = self.httpd.server_address[1]

    def seen(self, method: str, path: str) -> list[str]:
        with self.lock:
            return [body for (m, p, body) in self.requests if m == method and p == path]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# ------------------------------------------------------------------------------------------------
# The embedder: one WebKitGTK web view set up as WebViewBridge sets up a WKWebView.

PAGE_ACTIONS_PROBE = """
globalThis.%(global)s = Object.freeze({ world: true });
webkit.messageHandlers.%(handler)s.postMessage(JSON.stringify({
  title: document.title,
  text: (document.querySelector("p") || {}).textContent || "",
  pageSecret: typeof pageSecret,
}));
"""


class Embedder:
    def __init__(self, proxy_port: int, certificate: Certificate, host: str = HOST, world_script: str | None = None,
                 at_start: bool = False):
        """``world_script``: the script for the page-actions world (the generated page-actions.js);
        the questions' probe when None. ``at_start``: injected at document start, not end."""
        # Ephemeral: cookies and caches in memory only, as a fresh WKWebsiteDataStore would hold them
        # (nothing is left on disk for another run to read).
        manager = WebKit2.WebsiteDataManager.new_ephemeral()
        manager.set_network_proxy_settings(
            WebKit2.NetworkProxyMode.CUSTOM, WebKit2.NetworkProxySettings.new(f"http://127.0.0.1:{proxy_port}", None)
        )
        self.manager = manager
        self.context = WebKit2.WebContext.new_with_website_data_manager(manager)
        # Exactly the throwaway certificate, for exactly the app's host.
        self.context.allow_tls_certificate_for_host(Gio.TlsCertificate.new_from_file(certificate.cert_path), host)
        self.downloads: list[str] = []
        self.context.connect("download-started", self._download_started)
        content = WebKit2.UserContentManager()
        # The page-actions script: its own world, main frame only, at document end.
        content.add_script(
            WebKit2.UserScript.new_for_world(
                world_script if world_script is not None
                else PAGE_ACTIONS_PROBE % {"global": "rastrilloPageActions", "handler": PAGE_ACTIONS_HANDLER},
                WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START if at_start else WebKit2.UserScriptInjectionTime.END,
                PAGE_ACTIONS_WORLD,
                None,
                None,
            )
        )
        self.world_messages: list[str] = []
        self.bridge_messages: list[str] = []
        content.connect(f"script-message-received::{PAGE_ACTIONS_HANDLER}", self._world_message)
        content.connect(f"script-message-received::{BRIDGE_HANDLER}", self._bridge_message)
        assert content.register_script_message_handler_in_world(PAGE_ACTIONS_HANDLER, PAGE_ACTIONS_WORLD)
        assert content.register_script_message_handler(BRIDGE_HANDLER)
        self.view = WebKit2.WebView(web_context=self.context, user_content_manager=content)
        self.window = Gtk.OffscreenWindow()
        self.window.set_default_size(800, 600)
        self.window.add(self.view)
        self.window.show_all()
        self.decisions: list[dict] = []
        self.events: list[tuple[str, str | None]] = []
        self.created: list[dict] = []
        self.policy = lambda record: "use"
        self.finished = 0
        self.finished_uris: list[str] = []  # the web view's URI at each load's end, in order
        self.failures: list[str] = []
        self.view.connect("decide-policy", self._decide)
        self.view.connect("create", self._create)
        self.view.connect("load-changed", self._load_changed)
        self.view.connect("load-failed", self._load_failed)
        self.ticker = GLib.timeout_add(50, lambda: True)  # wakes the loop so hang guards are checked

    # Signals ------------------------------------------------------------------------------------

    def _world_message(self, _manager, result):
        self.world_messages.append(result.get_js_value().to_string())

    def _bridge_message(self, _manager, result):
        self.bridge_messages.append(result.get_js_value().to_string())

    def _download_started(self, _context, download):
        self.downloads.append(download.get_request().get_uri())
        download.cancel()

    def _decide(self, _view, decision, kind):
        record: dict = {"type": kind.value_nick}
        if kind in (WebKit2.PolicyDecisionType.NAVIGATION_ACTION, WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION):
            action = decision.get_navigation_action()
            request = action.get_request()
            record.update(url=request.get_uri(), method=request.get_http_method(),
                          navigation=action.get_navigation_type().value_nick, redirect=action.is_redirect(),
                          gesture=action.is_user_gesture())
            record["frameName"] = action.get_frame_name()
        else:
            response = decision.get_response()
            headers = response.get_http_headers()
            record.update(url=response.get_uri(), status=response.get_status_code(),
                          disposition=headers.get_one("Content-Disposition") if headers else None,
                          supported=decision.is_mime_type_supported(),
                          mainResource=decision.is_main_frame_main_resource())
        self.decisions.append(record)
        self.events.append(("decide-policy", record.get("url")))
        answer = self.policy(record)
        record["answer"] = answer
        if answer == "ignore":
            decision.ignore()
        elif answer == "download":
            decision.download()
        else:
            decision.use()
        return True

    def _create(self, _view, action):
        self.created.append({"url": action.get_request().get_uri(), "navigation": action.get_navigation_type().value_nick})
        return None  # as the adapter's createWebViewWith: no second web view

    def _load_changed(self, _view, event):
        self.events.append((event.value_nick, self.view.get_uri()))
        if event == WebKit2.LoadEvent.FINISHED:
            self.finished += 1
            self.finished_uris.append(self.view.get_uri())

    def _load_failed(self, _view, _event, uri, error):
        self.failures.append(f"{uri}: {error.domain} {error.code} {error.message}")
        return False

    # Driving ------------------------------------------------------------------------------------

    def until(self, condition, what: str, timeout: float = HANG_GUARD):
        deadline = time.monotonic() + timeout
        context = GLib.MainContext.default()
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"webkit-questions: timed out waiting for {what}")
            context.iteration(True)

    def load(self, path: str):
        self.load_url(ORIGIN + path)

    def load_url(self, url: str):
        before = len(self.finished_uris)
        self.view.load_uri(url)
        # A load's end is the one of this URL: a late end of the load before it does not count.
        self.until(lambda: url in self.finished_uris[before:], f"{url} to finish loading")

    def _run(self, what: str, start, finish, timeout: float = HANG_GUARD):
        """Starts a script with ``start(callback)``, waits for it, and returns its JSON value."""
        box: list = []

        def done(view, result):
            try:
                box.append(("ok", finish(view, result)))
            except GLib.Error as error:
                box.append(("error", error.message))

        start(done)
        self.until(lambda: box, f"the script {what[:40]!r}", timeout)
        status, value = box[0]
        if status == "error":
            raise AssertionError(f"webkit-questions: {what[:60]!r} failed: {value}")
        return json.loads(value.to_json(0)) if not value.is_undefined() else None

    def evaluate(self, script: str, world: str | None = None):
        """Evaluates ``script`` in the page world, or in ``world``."""
        return self._run(
            script, lambda done: self.view.evaluate_javascript(script, -1, world, None, None, done),
            lambda view, result: view.evaluate_javascript_finish(result))

    def call_async(self, body: str, world: str | None = None, timeout: float = HANG_GUARD):
        """Calls ``body`` as an async function (``callAsyncJavaScript``) in the page world or ``world``."""
        return self._run(
            body, lambda done: self.view.call_async_javascript_function(body, -1, None, world, None, None, done),
            lambda view, result: view.call_async_javascript_function_finish(result), timeout)

    def cookies(self) -> dict[str, str]:
        box: list = []
        cookie_manager = self.manager.get_cookie_manager()

        def done(manager, result):
            box.append(manager.get_cookies_finish(result))

        cookie_manager.get_cookies(ORIGIN + "/", None, done)
        self.until(lambda: box, "the cookie store")
        return {cookie.get_name(): cookie.get_value() for cookie in box[0]}


# ------------------------------------------------------------------------------------------------
# The questions.


def check(condition: bool, what: str, detail=None):
    if not condition:
        raise AssertionError(f"webkit-questions: {what}" + (f" ({detail})" if detail is not None else ""))
    print(f"  ok: {what}")


def content_world_isolation(web: Embedder, server: Server):
    print("1. content-world isolation (WKContentWorld)")
    web.load("/isolation")
    web.until(lambda: web.world_messages, "the page-actions world's message")
    saw = json.loads(web.world_messages[-1])
    check(saw["title"] == "Isolation" and saw["text"] == "page text", "the world's script reads the page's DOM", saw)
    check(saw["pageSecret"] == "undefined", "the page's globals are invisible in the world", saw)
    page = web.evaluate("document.documentElement.dataset.pageSaw")
    page = json.loads(page)
    check(page["actionsGlobal"] == "undefined", "the page cannot see the world's global", page)
    check(page["actionsHandler"] == "undefined", "the page cannot see the world's message handler", page)
    check(page["posted"] == "no handler", "the page cannot post to the world's handler", page)
    check(page["bridgeHandler"] == "object", "the bridge's handler (page world) is visible to the page", page)
    check(len(web.world_messages) == 1, "the world's handler received only the world's message", web.world_messages)
    check(web.call_async("return typeof rastrilloPageActions", PAGE_ACTIONS_WORLD) == "object",
          "a function called in the world (callAsyncJavaScript in:) sees the world's global")
    check(web.call_async("return typeof rastrilloPageActions") == "undefined",
          "the same function in the page world does not")
    check(web.call_async("return typeof pageSecret", PAGE_ACTIONS_WORLD) == "undefined",
          "a function called in the world cannot read the page's globals")
    web.world_messages.clear()
    web.load("/strict")
    web.until(lambda: web.world_messages, "the world's message under script-src 'none'")
    check(json.loads(web.world_messages[-1])["title"] == "Strict",
          "the world's script runs and reads the DOM under the page's script-src 'none'")
    check(server.seen("GET", "/isolation.js") != [], "the page's own script ran under its CSP")


def cancelled_redirect_keeps_cookie(web: Embedder, server: Server):
    print("2. sign-in's landing: a 303 whose redirect the policy cancels")
    web.load("/signin")
    web.decisions.clear()
    web.events.clear()
    web.policy = lambda record: "ignore" if record.get("url") == ORIGIN + "/landing" else "use"
    web.evaluate("document.forms[0].requestSubmit(); true")
    web.until(lambda: any(d.get("url") == ORIGIN + "/landing" for d in web.decisions), "the redirect's decision")
    post = next(d for d in web.decisions if d.get("url") == ORIGIN + "/signin" and d["type"] == "navigation-action")
    check(post["navigation"] == "form-submitted" and post["method"] == "POST",
          "the sign-in POST is asked as a form submission", post)
    redirect = next(d for d in web.decisions if d.get("url") == ORIGIN + "/landing")
    check(redirect["type"] == "navigation-action" and redirect["redirect"],
          "WebKit asks the navigation policy for the server redirect, marked as a redirect", redirect)
    web.until(lambda: server.seen("POST", "/signin"), "the server to see the POST")
    check(web.cookies().get("session") == "s3cret", "the 303's Set-Cookie is in the store though its redirect was cancelled")
    check(server.seen("GET", "/landing") == [], "the cancelled redirect's URL was never requested")
    web.policy = lambda record: "use"


def request_submit_with_submitter(web: Embedder, server: Server):
    print("3. requestSubmit with a submitter")
    web.load("/bulk")
    web.decisions.clear()
    before = len(web.finished_uris)
    web.call_async(
        'document.forms[0].requestSubmit(document.querySelector("button[value=delete]")); return true',
        PAGE_ACTIONS_WORLD,
    )
    # The 303's landing: the server asked for /landing, and a load ended after the submission.
    # Waiting for /landing among the finished URLs timed out once in a fresh clone's make ci (the
    # cause not known); the server's log is the surer sign, and a timeout now says what it saw.
    try:
        web.until(lambda: server.seen("GET", "/landing") and len(web.finished_uris) > before,
                  "the submission to land on /landing")
    except AssertionError as error:
        raise AssertionError(f"{error} (the server saw POST /bulk/delete {server.seen('POST', '/bulk/delete')}, "
                             f"GET /landing {server.seen('GET', '/landing')}; loads ended: "
                             f"{web.finished_uris[before:]})") from None
    check(server.seen("POST", "/bulk/delete") == ["ids=3&action=delete"],
          "the submitter's formaction and name=value are sent", server.seen("POST", "/bulk/delete"))
    check(server.seen("POST", "/bulk") == [], "the form's own action is not used")
    submitted = next(d for d in web.decisions if d.get("url") == ORIGIN + "/bulk/delete")
    check(submitted["navigation"] == "form-submitted", "the policy sees a form submission", submitted)


def new_windows_and_downloads(web: Embedder, server: Server):
    print("4. target=_blank, window.open, downloads")
    web.load("/windows")
    web.decisions.clear()
    web.evaluate('document.getElementById("blank").click(); true')
    web.until(lambda: web.created, "the new-window request")
    check(web.created[-1]["url"] == ORIGIN + "/opened", "target=_blank reaches create (createWebViewWith) with its URL",
          web.created)
    asked = [d for d in web.decisions if d["type"] == "new-window-action"]
    check(len(asked) == 1 and asked[0]["url"] == ORIGIN + "/opened" and asked[0]["frameName"] == "_blank",
          "it is asked first as a new-window action naming _blank (no target frame)", asked)
    check(server.seen("GET", "/opened") == [], "no web view made: nothing is loaded")
    web.created.clear()
    web.evaluate('window.open("/popup"); true')
    web.until(lambda: web.created, "window.open's request")
    check(web.created[-1]["url"] == ORIGIN + "/popup", "window.open reaches create with its URL", web.created)
    check(server.seen("GET", "/popup") == [], "and loads nothing")

    web.decisions.clear()
    web.evaluate('document.getElementById("download").click(); true')
    web.until(lambda: web.downloads, "the download link")
    asked = [d for d in web.decisions if d.get("url") == ORIGIN + "/file.txt"]
    check(len(asked) == 1 and asked[0]["type"] == "navigation-action" and asked[0]["navigation"] == "link-clicked",
          "a download link is asked as a clicked link, like any link (WKWebView: shouldPerformDownload tells them apart)",
          asked)
    check(web.downloads[-1] == ORIGIN + "/file.txt", "allowed, it becomes a download", web.downloads)
    check(web.view.get_uri() == ORIGIN + "/windows", "and the page stays", web.view.get_uri())

    web.decisions.clear()
    before, failed = web.finished, len(web.failures)
    web.evaluate('document.getElementById("attachment").click(); true')
    web.until(lambda: any(d["type"] == "response" for d in web.decisions), "the attachment's response")
    response = next(d for d in web.decisions if d["type"] == "response")
    check(response["disposition"] == 'attachment; filename="a.txt"' and response["mainResource"],
          "an attachment reaches the response policy with its Content-Disposition", response)
    web.until(lambda: web.finished > before or len(web.failures) > failed, "the attachment's load to end")
    check(web.view.get_uri() == ORIGIN + "/attachment" and not web.downloads[1:],
          "used (the adapter allows every response), it is shown in place, not downloaded", web.view.get_uri())


class _LoadEverything:
    """A native side that lets every navigation load (only for the backend's subframe guard)."""

    def ask(self, request: dict, timeout: float = 60) -> dict:
        return {"action": "load"} if request["op"] == "navigate" else {"state": {}, "effects": []}


def navigation_frames(web: Embedder, server: Server, certificate: Certificate):
    print("5. which frame a navigation is for (WKNavigationAction.targetFrame)")
    web.load("/landing")
    web.decisions.clear()
    web.load("/refresh")  # the main frame goes on to /frames by itself (a meta refresh, no gesture)
    web.until(lambda: server.seen("GET", "/frame-inner"), "the subframe's load")
    shape = lambda d: (d["type"], d["navigation"], d["redirect"], d["gesture"], d["method"], d["frameName"])  # noqa: E731
    asked = [d for d in web.decisions if d["type"] == "navigation-action"]
    check([d["url"] for d in asked] == [ORIGIN + "/refresh", ORIGIN + "/frames", ORIGIN + "/frame-inner"],
          "WebKitGTK asks decide-policy for the main frame's navigation and for the iframe's load", asked)
    check(shape(asked[1]) == shape(asked[2]),
          "and the two look the same: WebKitGTK 2.50 names no target frame (so the WebKit backend refuses subframes)",
          asked)
    browser = webkit_screen.Browser([HOST], server.port, certificate)
    tab = webkit_screen.WebScreen(browser, _LoadEverything())
    try:
        tab.view.load_uri(ORIGIN + "/frames")
        try:
            browser.pump(lambda: False, HANG_GUARD, "the backend to refuse the page with a subframe")
            refused = None
        except webkit_screen.HarnessError as error:
            refused = str(error)
        check(refused is not None and "1 subframe(s)" in refused,
              "the WebKit backend refuses a page with a subframe instead of misreading its navigations", refused)
    finally:
        tab.close()
        browser.close()
    browser = webkit_screen.Browser([HOST], server.port, certificate)
    tab = webkit_screen.WebScreen(browser, _LoadEverything(), "rastrillo")
    try:
        tab.view.load_uri(ORIGIN + "/landing")
        browser.pump(lambda: tab.loads, HANG_GUARD, "/landing to load")
        tab.view.evaluate_javascript(
            'document.body.appendChild(document.createElement("iframe")); '
            'webkit.messageHandlers.rastrillo.postMessage("hello")', -1, None, None, None, None, None)
        try:
            browser.pump(lambda: False, HANG_GUARD, "the backend to refuse the message")
            refused = None
        except webkit_screen.HarnessError as error:
            refused = str(error)
        check(refused is not None and "a bridge message" in refused and "1 subframe(s)" in refused
              and tab.messages == [],
              "a bridge message while the page has a subframe is refused, not answered as the main frame's", refused)
    finally:
        tab.close()
        browser.close()


def problems_collector(server: Server, certificate: Certificate):
    print("6. the WebKit backend's problem collector (webkit_screen.py)")
    browser = webkit_screen.Browser([HOST], server.port, certificate)
    tab = webkit_screen.WebScreen(browser, None)
    try:
        tab.load(ORIGIN + "/noisy")
        browser.pump(lambda: len(tab.problems) >= 6, HANG_GUARD, "one problem of each kind")
        got = sorted((p["kind"], p["text"]) for p in tab.problems)
        check(got == sorted([
            ("console error", "an error from the page 42"),
            ("console error", "Assertion failed: one is not two"),
            ("unhandled rejection", "Error: nobody caught this"),
            ("uncaught exception", "Error: thrown from a timer"),
            ("CSP violation", "style-src-attr blocked inline"),
            ("network error", webkit_screen.failed_load_text(404)),
        ]), "a console error, a failed assert, an unhandled rejection, an uncaught exception, a CSP violation and "
            "a 404 are each collected", got)
        check(tab.evaluate("typeof webkit") == "undefined", "the page's world sees no message handler of the harness")
        tab.problems.clear()
        tab.load(ORIGIN + "/plain-forbidden")
        browser.pump(lambda: len(tab.problems) >= 2, HANG_GUARD, "the plain-text page's problems")
        check(tab.evaluate('document.querySelector("pre").getAttribute("style")')
              == "word-wrap: break-word; white-space: pre-wrap;",
              "WebKit shows a text/plain answer as <pre style=…> (its own markup)")
        check(sorted((p["kind"], p["text"]) for p in tab.problems)
              == [("CSP violation", "style-src-attr blocked inline"), ("network error", webkit_screen.failed_load_text(403))],
              "under a style-src without 'unsafe-inline', WebKit blocks that attribute and reports it (Chromium does "
              "not: the notes day expects it in WebKit only)", tab.problems)
        spacing = tab.evaluate('getComputedStyle(document.querySelector("pre")).whiteSpace')
        check(spacing == "pre",
              "so the text is shown with <pre>'s own white-space (pre), not pre-wrap: long lines do not wrap", spacing)
    finally:
        tab.close()
        browser.close()


def main() -> int:
    if no_display("webkit-questions"):
        return 2
    print(f"webkit-questions: WebKitGTK {WebKit2.get_major_version()}.{WebKit2.get_minor_version()}."
          f"{WebKit2.get_micro_version()}")
    with tempfile.TemporaryDirectory(prefix="webkit-questions-") as directory:
        certificate = Certificate([HOST], directory)
        server = Server(certificate)
        proxy = Proxy({HOST: server.port})
        web = Embedder(proxy.port, certificate)
        try:
            content_world_isolation(web, server)
            cancelled_redirect_keeps_cookie(web, server)
            request_submit_with_submitter(web, server)
            new_windows_and_downloads(web, server)
            navigation_frames(web, server, certificate)
            problems_collector(server, certificate)
            check(proxy.refused == [], "no request went to any host but the app's", proxy.refused)
        finally:
            web.window.destroy()
            proxy.close()
            server.close()
    print("webkit-questions: every answer holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
