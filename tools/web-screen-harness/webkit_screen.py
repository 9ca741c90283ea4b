"""The web-screen harness's WebKit backend: WebKitGTK embedded as the Apple adapter embeds WKWebView.

``webscreen.py`` drives headless Chromium; this module gives the same ``Browser``, ``WebScreen``
and ``App`` shapes over Debian's WebKitGTK (``WebKit2`` 4.1, the engine family of WKWebView), so a
check written against ``webscreen`` runs in real WebKit too (``--engine webkit`` of
``companion_check.py``, ``notes_check.py`` and ``notes_auth_check.py``).
Run it with Debian's ``/usr/bin/python3`` under ``xvfb-run`` (``scripts/webkit-run.sh`` does).

How each piece is embedded, as ``WebViewBridge`` embeds WKWebView:

- **One web view per screen, one cookie store.** An ``App`` makes one ``WebContext`` over one
  ephemeral ``WebsiteDataManager`` (cookies in memory, as a fresh ``WKWebsiteDataStore`` holds
  them); every screen's web view is made in it. The app's host names reach the loopback server
  through a loopback CONNECT proxy (``Proxy``; a tunnel to any other host, or to a server that is
  down, is reset), and exactly the throwaway certificate is allowed for each of them, so pages
  keep their real origins.
- **Page actions in their own world.** The generated ``page-actions.js`` is a user script in the
  ``rastrillo-page-actions`` script world, main frame only, at document start, with the
  ``rastrilloPageActions`` handler registered in that world (WebKit's own handler, not a shim).
  ``invoke`` runs there with ``call_async_javascript_function`` (``callAsyncJavaScript(in:)``).
- **Every navigation decided by the native side** in ``decide-policy``: a redirect (WebKit marks
  it), a form submission (``form-submitted``/``form-resubmitted``, or a POST), else a link;
  new windows (``target=_blank`` and ``window.open``) in ``create`` as ``newWindow``, where no
  second web view is made (``createWebViewWith``).
- **Load events** become the ``WebScreenEvent``s the adapter sends: ``load-changed`` started,
  committed, finished (with the title first), ``load-failed`` as ``failed`` with WebKitGTK's error
  translated to the NSError WebKit on Apple platforms reports (``WEBKIT_ERRORS``), and the main
  resource's response as ``httpStatus``.
- **Problems**: uncaught exceptions, unhandled rejections and CSP violations from each frame's DOM
  events, seen by a listener in a script world of the harness's own (the page cannot see or stop
  it); ``console.error`` and failed ``console.assert`` through a wrapper in the page's world
  (``CONSOLE_SCRIPT``); and every resource answered with an HTTP error status, from WebKit's
  resource reports.
- **The bridge** (a screen with a ``handler_name``): WebKit's own handler with replies
  (``register_script_message_handler_with_reply``, as ``WKScriptMessageHandlerWithReply``) in the
  page world; each message goes to native with the main frame's facts and native's reply is the
  page's answer; native hears ``document`` at each main-frame commit; ``deliver_event`` runs
  native's event script with ``call_async_javascript_function`` in the page world.

What this backend does not do: subframes. WebKitGTK 2.50 names no frame for a navigation
(``decide-policy``; ``WKNavigationAction.targetFrame`` does) or for a script message
(``WKScriptMessage.frameInfo`` does), so every navigation is decided as the main frame's, every
message is the main frame's, and a page with a subframe (at the end of its load, or when a
message arrives) is refused with an error rather than misread. Subframe trust is checked in
Chromium (``webscreen.py``).
"""

from __future__ import annotations

import json
import select
import socket
import struct
import sys
import threading
import time
from urllib.parse import urlsplit

import webscreen
from harness_common import HarnessError, hang_guard
from webscreen import PAGE_ACTIONS_GLOBAL, PAGE_ACTIONS_HANDLER, PAGE_ACTIONS_WORLD, origin_parts

try:
    import gi

    gi.require_version("Gtk", "3.0")
    gi.require_version("WebKit2", "4.1")
    gi.require_version("JavaScriptCore", "4.1")
    from gi.repository import Gio, GLib, Gtk, JavaScriptCore, WebKit2  # noqa: E402
except (ImportError, ValueError) as error:
    sys.exit(
        f"the harness's WebKit backend: WebKitGTK for Python is missing ({error}): run make setup "
        "(apt-get install gir1.2-webkit2-4.1 python3-gi python3-cryptography xvfb) and run this "
        "with Debian's /usr/bin/python3 under xvfb-run"
    )

HANG_GUARD = 30.0

ENGINE = "webkit"

# The DOM event that carries a console error from the page's world to the harness's (below).
CONSOLE_EVENT = "rastrillo-harness-console"

# The harness's own world: a listener for each frame's problems, out of the page's reach.
PROBLEMS_WORLD = "rastrillo-harness-problems"
PROBLEMS_HANDLER = "rastrilloHarnessProblems"
PROBLEMS_SCRIPT = r"""
(() => {
  const post = (problem) => webkit.messageHandlers.%(handler)s.postMessage(JSON.stringify(problem));
  window.addEventListener("error", (event) => post({
    kind: "uncaught exception", text: String(event.message || event.error), url: event.filename || "" }));
  window.addEventListener("unhandledrejection", (event) => {
    post({ kind: "unhandled rejection", text: String(event.reason) });
  });
  window.addEventListener("%(console)s", (event) => {
    event.stopImmediatePropagation();
    post({ kind: "console error", text: event.message });
  });
  document.addEventListener("securitypolicyviolation", (event) => post({
    kind: "CSP violation", url: event.documentURI,
    text: `${event.effectiveDirective} blocked ${event.blockedURI || "inline"}` }));
})();
""" % {"handler": PROBLEMS_HANDLER, "console": CONSOLE_EVENT}

# In the page's own world, at document start: ``console.error`` and a failed ``console.assert`` are
# also announced as a DOM event (an ``ErrorEvent`` whose ``message`` is a string, so the harness's
# world reads it across worlds). WebKitGTK gives an embedder no console messages, so this wrapper is
# the one piece of the harness the page's world can see (as the Chromium backend's bridge shim is).
CONSOLE_SCRIPT = r"""
(() => {
  const announce = (text) => window.dispatchEvent(new ErrorEvent("%(event)s", { message: text }));
  const describe = (args) => args.map((a) => a instanceof Error ? String(a.stack || a) : String(a)).join(" ");
  const error = console.error, assert = console.assert;
  console.error = function (...args) { announce(describe(args)); return error.apply(this, args); };
  console.assert = function (condition, ...args) {
    if (!condition) announce(`Assertion failed: ${describe(args)}`);
    return assert.call(this, condition, ...args);
  };
})();
"""
# WebKitGTK's load errors as the NSError WebKit reports on Apple platforms for the same condition
# (RastrilloNative's ``WebLoadErrorKind(domain:code:)`` classifies the result): the two the checks
# meet, each seen in them. An error not listed reaches native as domain ``webkitgtk <domain>
# <code>: <message>`` with code 0, which it classifies as an unknown error naming it: never dropped.
WEBKIT_ERRORS = {
    # A navigation the policy ignored while it was provisional (a cancelled redirect).
    ("WebKitPolicyError", 102): ("WebKitErrorDomain", 102),
    # GIO's connection-closed: the rig's proxy reset the tunnel to a server that is down.
    ("g-io-error-quark", 44): ("NSURLErrorDomain", -1005),  # NSURLErrorNetworkConnectionLost
}


def load_error(error: GLib.Error) -> dict:
    """The NSError domain and code WebKit reports on Apple platforms for WebKitGTK's ``error``."""
    domain = GLib.quark_to_string(error.domain) if isinstance(error.domain, int) else str(error.domain)
    found = WEBKIT_ERRORS.get((domain, error.code))
    webkitgtk = f"{domain} {error.code}: {error.message}"
    if found:
        return {"domain": found[0], "code": found[1], "webkitgtk": webkitgtk}
    return {"domain": f"webkitgtk {webkitgtk}", "code": 0, "webkitgtk": webkitgtk}


def failed_load_text(status: int) -> str:
    """How this backend words a resource answered with HTTP ``status`` in ``problems``."""
    return f"the server responded with HTTP status {status}"


class Proxy:
    """A loopback CONNECT proxy: the app's host name reaches the server's port, nothing else
    reaches anything (the page keeps its real origin, ``https://app.example.com``)."""

    def __init__(self, routes: dict[str, int]):
        self.routes = routes
        self.refused: list[str] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket):
        with client:
            try:
                self._tunnel(client)
            except OSError:  # WebKit or the server reset their side: the tunnel ends
                pass

    @staticmethod
    def _reset(client: socket.socket):
        """Ends the client's connection with a reset, as a host that cannot be reached does (a
        proxy's own error response would reach WebKitGTK as the page's response)."""
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))

    def _tunnel(self, client: socket.socket):
        head = b""
        while b"\r\n\r\n" not in head and len(head) < 16384:
            chunk = client.recv(4096)
            if not chunk:
                return
            head += chunk
        line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = line.split()
        target = parts[1] if len(parts) == 3 and parts[0] == "CONNECT" else ""
        host, _, port = target.rpartition(":")
        if host not in self.routes or port != "443":
            self.refused.append(line)
            self._reset(client)
            return
        try:
            upstream = socket.create_connection(("127.0.0.1", self.routes[host]))
        except OSError:  # the server is down
            self._reset(client)
            return
        with upstream:
            client.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            sockets = [client, upstream]
            while True:
                readable, _, _ = select.select(sockets, [], [], HANG_GUARD)
                if not readable:
                    return
                for source in readable:
                    data = source.recv(65536)
                    if not data:
                        return
                    (upstream if source is client else client).sendall(data)

    def close(self):
        self.listener.close()


class Browser:
    """WebKitGTK in this process: the app's hosts mapped to loopback ports, the certificate allowed."""

    engine = ENGINE

    def __init__(self, hosts: list[str], port: int, certificate, routes: dict[str, int] | None = None):
        self.routes = {**{host: port for host in hosts}, **(routes or {})}
        self.proxy = Proxy(self.routes)
        self.certificate = Gio.TlsCertificate.new_from_file(certificate.cert_path)
        self._later: list = []
        self._iterating = False
        self.screens: list = []  # every web screen made, whose callbacks may have found a harness error
        self._ticker = GLib.timeout_add(50, lambda: True)  # wakes the loop so hang guards are checked

    failed_load_text = staticmethod(failed_load_text)

    def version(self) -> str:
        return f"WebKitGTK {WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()}"

    def new_context(self) -> WebKit2.WebContext:
        """A web context over an ephemeral data manager of its own (one cookie store)."""
        manager = WebKit2.WebsiteDataManager.new_ephemeral()
        manager.set_network_proxy_settings(
            WebKit2.NetworkProxyMode.CUSTOM,
            WebKit2.NetworkProxySettings.new(f"http://127.0.0.1:{self.proxy.port}", None),
        )
        context = WebKit2.WebContext.new_with_website_data_manager(manager)
        context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)  # every load reaches the server
        for host in self.routes:
            context.allow_tls_certificate_for_host(self.certificate, host)
        return context

    def later(self, task):
        """Runs ``task()`` now, or, while WebKit's signals are being handled, right after them."""
        if self._iterating:
            self._later.append(task)
        else:
            task()

    def _run_later(self):
        while self._later:
            self._later.pop(0)()

    def pump(self, done, timeout: float, what: str):
        """Runs WebKit's loop until ``done()`` holds; fails after ``timeout`` seconds."""
        timeout = hang_guard(timeout)
        deadline = time.monotonic() + timeout
        context = GLib.MainContext.default()
        self._run_later()
        while not done():
            if time.monotonic() > deadline:
                raise HarnessError(f"timed out after {timeout:.0f} s waiting for {what}")
            self._iterating = True
            try:
                context.iteration(True)
            finally:
                self._iterating = False
            self._run_later()
            for screen in self.screens:
                if screen.harness_errors:
                    raise HarnessError(screen.harness_errors.pop(0))

    def cookie_names(self, context: WebKit2.WebContext, host: str) -> list[str]:
        """The names of every cookie ``context``'s store holds for ``host`` (any path)."""
        box: list = []
        manager = context.get_website_data_manager().get_cookie_manager()
        manager.get_all_cookies(None, lambda m, result: box.append(m.get_all_cookies_finish(result)))
        self.pump(lambda: box, 30, "the cookie store")
        return sorted(c.get_name() for c in box[0] if c.get_domain().lstrip(".") == host)

    def close(self):
        GLib.source_remove(self._ticker)
        self.proxy.close()


class WebScreen(webscreen.ScreenDriving):
    """One web view, wired to a native side as the Apple adapter wires a WKWebView."""

    def __init__(self, browser: Browser, native, handler_name: str | None = None, *, screen_id: int | None = None,
                 app: "App | None" = None, page_actions: str | None = None, browser_context=None):
        """``browser_context``: the ``WebContext`` (cookie store) to make the web view in; a new one
        when None. ``native`` None: a plain tab (every navigation allowed, no events sent)."""
        self.browser = browser
        self.native = native
        self.screen_id = screen_id
        self.app = app
        self.page_actions = page_actions
        self.reports: list[dict] = []
        self.invocations: list[dict] = []
        self.documents: list[dict] = []
        self.navigations: list[dict] = []
        self.effects: list[dict] = []
        self.problems: list[dict] = []
        self.screen_events: list[dict] = []
        self.state: dict = {}
        self.closed = self.detached = False
        self.navigation = 0  # the number of the main-frame navigation under way or last
        self.committed_url = "about:blank"
        self.loads = 0  # load-changed FINISHED, counted for plain tabs too
        self.bridge = native is not None and handler_name is not None
        self.messages: list[dict] = []  # every bridge message, with the frame facts sent to native
        self.frames: dict = {}  # subframes are refused, so no frame but the main one is ever named
        self.reloads_asked = 0
        self.reload_effects: list[dict] = []
        self.harness_errors: list[str] = []  # what a WebKit callback found wrong, raised by the next pump
        content = WebKit2.UserContentManager()
        content.add_script(WebKit2.UserScript.new_for_world(
            PROBLEMS_SCRIPT, WebKit2.UserContentInjectedFrames.ALL_FRAMES, WebKit2.UserScriptInjectionTime.START,
            PROBLEMS_WORLD, None, None))
        content.add_script(WebKit2.UserScript.new(
            CONSOLE_SCRIPT % {"event": CONSOLE_EVENT}, WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START, None, None))
        content.connect(f"script-message-received::{PROBLEMS_HANDLER}", self._on_problem)
        content.register_script_message_handler_in_world(PROBLEMS_HANDLER, PROBLEMS_WORLD)
        if native is not None and page_actions is not None:
            content.add_script(WebKit2.UserScript.new_for_world(
                page_actions, WebKit2.UserContentInjectedFrames.TOP_FRAME, WebKit2.UserScriptInjectionTime.START,
                PAGE_ACTIONS_WORLD, None, None))
            content.connect(f"script-message-received::{PAGE_ACTIONS_HANDLER}", self._on_report)
            content.register_script_message_handler_in_world(PAGE_ACTIONS_HANDLER, PAGE_ACTIONS_WORLD)
        if self.bridge:
            # The bridge's handler in the page world, with replies (WKScriptMessageHandlerWithReply).
            content.connect(f"script-message-with-reply-received::{handler_name}", self._on_message)
            content.register_script_message_handler_with_reply(handler_name, None)
        self.content = content
        self.view = WebKit2.WebView(web_context=browser_context or browser.new_context(), user_content_manager=content)
        self.window = Gtk.OffscreenWindow()
        self.window.set_default_size(1024, 768)
        self.window.add(self.view)
        self.window.show_all()
        self.view.connect("decide-policy", self._on_policy)
        browser.screens.append(self)
        self.view.connect("create", self._on_create)
        self.view.connect("load-changed", self._on_load_changed)
        self.view.connect("load-failed", self._on_load_failed)
        self.view.connect("resource-load-started", self._on_resource)

    # --- WebKit's reports -------------------------------------------------------------------------

    def _frame(self) -> dict:
        """The page-actions script's frame facts: it is added to the main frame only, so a message to
        its handler comes from the main frame, whose origin is its last committed document's."""
        scheme, host, port = origin_parts(_origin(self.committed_url))
        return {"main": True, "scheme": scheme, "host": host, "port": port}

    def _on_report(self, _manager, result):
        if self.detached:
            return
        value = result.get_js_value()
        body = value.to_string() if value.is_string() else ""  # native refuses "" as a malformed report
        frame = self._frame()
        answer = self._ask({"op": "pageActions", "body": body, "frame": frame})
        self.reports.append({"frame": frame, "url": self.committed_url, "body": body,
                             "accepted": answer.get("accepted"), "refused": answer.get("refused")})

    def _on_message(self, _manager, value, reply):
        """A bridge message: answered with native's reply once the main frame is known to have no
        subframe (WebKitGTK's script messages name no frame, so a page with one is refused)."""
        if self.detached:
            reply.return_error_message("the screen left the app")  # (a dismantled web view posts nothing)
            return True
        if value.is_string():
            request = {"op": "message", "body": value.to_string()}
        else:
            kind = ("null" if value.is_null() else "an array" if value.is_array() else "a number" if value.is_number()
                    else "a boolean" if value.is_boolean() else "a undefined" if value.is_undefined()
                    else "an object")
            request = {"op": "message", "nonText": kind}
        context = value.get_context()

        def counted(view, result):
            try:
                frames = view.evaluate_javascript_finish(result).to_int32()
            except GLib.Error as error:
                frames = f"unknown ({error.message})"
            if frames != 0:
                text = (f"a bridge message on {self.committed_url}, which has {frames} subframe(s): WebKitGTK's script "
                        "messages name no frame, so the WebKit backend cannot say which sent it; check it in Chromium")
                self.harness_errors.append(text)
                reply.return_error_message(text)
                return
            frame = self._frame()
            answer = self.native.ask({**request, "frame": frame})["reply"]
            self.messages.append({"frame": frame, "origin": _origin(self.committed_url),
                                  "body": request.get("body"), "reply": answer})
            reply.return_value(JavaScriptCore.Value.new_string(context, answer))

        self.view.evaluate_javascript("window.length", -1, PROBLEMS_WORLD, None, None, counted)
        return True

    def _on_problem(self, _manager, result):
        self.problems.append(json.loads(result.get_js_value().to_string()))

    def _on_resource(self, _view, resource, _request):
        def finished(res):
            response = res.get_response()
            status = response.get_status_code() if response else 0
            if status >= 400:
                self.problems.append({"kind": "network error", "url": res.get_uri(), "text": failed_load_text(status)})
        resource.connect("finished", finished)

    def _on_policy(self, _view, decision, kind):
        if self.native is None:
            return False  # a plain tab: WebKit's own default (or a handler connected later) decides
        if kind == WebKit2.PolicyDecisionType.RESPONSE:
            if decision.is_main_frame_main_resource():
                response = decision.get_response()
                headers: dict = {}
                http = response.get_http_headers()
                if http is not None:
                    # A header sent more than once keeps each value, one per line (as the Chromium
                    # backend reports it): a second Content-Security-Policy is a policy of its own.
                    http.foreach(lambda name, value: headers.__setitem__(
                        name.lower(), f"{headers[name.lower()]}\n{value}" if name.lower() in headers else value))
                self.documents.append({"url": response.get_uri(), "status": response.get_status_code(),
                                       "headers": headers})
                if self.navigation:
                    self._send_screen_event({"type": "httpStatus", "status": response.get_status_code()})
            decision.use()
            return True
        action = decision.get_navigation_action()
        request = action.get_request()
        url = request.get_uri()
        if kind == WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION:
            decision.use()  # on to create, where every new window (window.open too) is decided
            return True
        navigation_type = action.get_navigation_type()
        if action.is_redirect():
            what = "redirect"
        elif navigation_type in (WebKit2.NavigationType.FORM_SUBMITTED, WebKit2.NavigationType.FORM_RESUBMITTED) \
                or request.get_http_method() == "POST":
            what = "formSubmission"
        else:
            what = "link"
        answer = self._decide(url, what)
        if answer["action"] == "load":
            decision.use()
        else:
            decision.ignore()
        return True

    def _on_create(self, _view, action):
        """A new window (``target=_blank``, ``window.open``): decided as ``newWindow``, and no second
        web view is made, as the adapter's ``createWebViewWith`` does. WebKitGTK asks the
        new-window policy for a link only, so this is where both are decided."""
        if self.native is not None and not self.detached:
            self._decide(action.get_request().get_uri(), "newWindow")
        return None

    def _on_load_changed(self, _view, event):
        if event == WebKit2.LoadEvent.FINISHED:
            self.loads += 1
        if self.native is None or self.detached:
            return
        if event == WebKit2.LoadEvent.STARTED:
            self.navigation += 1
            self._send_screen_event({"type": "started", "navigation": self.navigation, "url": self.view.get_uri()})
        elif event == WebKit2.LoadEvent.COMMITTED:
            self.committed_url = self.view.get_uri()
            if self.bridge:
                self.native.ask({"op": "document"})  # dispatcher.documentDidChange()
            self._send_screen_event({"type": "committed", "navigation": self.navigation, "url": self.committed_url})
        elif event == WebKit2.LoadEvent.FINISHED and self.navigation and not self._failed:
            self._title_then_finished(self.navigation)
        if event == WebKit2.LoadEvent.STARTED:
            self._failed = False

    def _title_then_finished(self, navigation: int):
        """At the end of the load: the document's title (the web view's ``title``, which WebKitGTK
        may report only after the load ended), then ``didFinish`` — once the page is known to have
        no subframe."""

        def read(view, result):
            try:
                title, frames = json.loads(view.evaluate_javascript_finish(result).to_json(0))
            except GLib.Error as error:
                self.harness_errors.append(f"reading the title of {self.committed_url} failed: {error.message}")
                return
            if frames:
                self.harness_errors.append(
                    f"{self.committed_url} has {frames} subframe(s): the WebKit backend cannot tell a subframe's "
                    "navigation from the main frame's (WebKitGTK's decide-policy names no frame); check it in Chromium")
                return
            self._send_screen_event({"type": "titleChanged", "title": title})
            self._send_screen_event({"type": "finished", "navigation": navigation})

        self.view.evaluate_javascript("[document.title, window.length]", -1, PROBLEMS_WORLD, None, None, read)

    _failed = False

    def _on_load_failed(self, _view, _event, _uri, error):
        if self.native is None or self.detached or not self.navigation:
            return False
        self._failed = True
        self._send_screen_event({"type": "failed", "navigation": self.navigation, **load_error(error)})
        return True  # no error page: the screen shows the model's failure view

    # --- native -------------------------------------------------------------------------------------

    def _ask(self, request: dict) -> dict:
        if self.screen_id is not None:
            request = {**request, "screen": self.screen_id}
        if self.app is not None:
            return self.app.ask(request)
        return self.native.ask(request)

    def _decide(self, url: str, kind: str) -> dict:
        answer = self._ask({"op": "navigate", "url": url, "kind": kind})
        self.navigations.append({"url": url, "kind": kind, "main": True, "origin": "request", **answer})
        return answer

    def _send_screen_event(self, event: dict):
        if self.detached:
            return
        answer = self._ask({"op": "screen", "event": event})
        self.state = answer.get("state", self.state)
        self.screen_events.append({**event, "state": self.state})
        if self.app is None:
            self.browser.later(lambda: self.perform(answer.get("effects", [])))

    def _load_effect(self, url: str):
        self.view.load_uri(url)

    def _reload_effect(self):
        self.view.reload_bypass_cache()

    def _invoke(self, offer: dict):
        """``rastrilloPageActions.invoke(…)`` in the script's world (``callAsyncJavaScript(in:)``)."""
        record = {"offer": offer, "url": self.committed_url}
        self.invocations.append(record)
        arguments = [offer["target"], offer["method"], offer["url"], offer.get("submitter"), offer.get("fields", {})]
        body = f"return globalThis.{PAGE_ACTIONS_GLOBAL}.invoke(...{json.dumps(arguments)});"

        def answered(view, result):
            try:
                value = view.call_async_javascript_function_finish(result)
                record["answer"] = None if value.is_undefined() else json.loads(value.to_json(0))
            except GLib.Error as error:
                record["answer"] = f"threw: {error.message}"

        self.view.call_async_javascript_function(body, -1, None, PAGE_ACTIONS_WORLD, None, None, answered)

    def close(self):
        if self.closed:
            return
        self.closed = self.detached = True
        self.window.destroy()

    # --- what a test does -------------------------------------------------------------------------

    def deliver_event(self) -> str:
        """Asks native for its event script and runs it in the page world as an async function body,
        as the adapter's ``callAsyncJavaScript(script, in: nil, in: .page)`` does."""
        answer = self.native.ask({"op": "event"})
        if "script" not in answer:
            raise HarnessError(f"native refused to send the event: {answer.get('refused')}")
        box: list = []
        self.view.call_async_javascript_function(answer["script"], -1, None, None, None, None,
                                                 lambda view, result: box.append(result))
        self.browser.pump(lambda: box, 30, "the event script")
        self.view.call_async_javascript_function_finish(box[0])
        return answer["script"]

    def frame_with_url(self, prefix: str, main: bool | None = None) -> str:
        raise HarnessError("the WebKit backend names no subframe (WebKitGTK's decide-policy and script messages "
                           "name none); check frames in Chromium")

    def headers_of(self, url: str) -> dict:
        """The response headers of ``url``'s main resource, as WebKit received them (a plain tab)."""
        self.load(url)
        headers: dict = {}
        http = self.view.get_main_resource().get_response().get_http_headers()
        http.foreach(lambda name, value: headers.__setitem__(name.lower(), value))
        return headers

    def load(self, url: str, timeout: float = 30):
        """Opens ``url``: in a web screen of the native side (``open``; it must show the page), or,
        in a plain tab, navigates and waits until it finished loading."""
        if self.native is not None:
            state = self.open(url, timeout)
            if state.get("display") != "content":
                raise HarnessError(f"opening {url} did not show the page: {state}")
            return
        before = self.loads
        self.view.load_uri(url)
        self.browser.pump(lambda: self.loads > before, timeout, f"{url} to load")

    def evaluate(self, expression: str, frame_id: str | None = None, gesture: bool = False, world=False):
        """Evaluates ``expression`` (awaited) in the main frame's page world, or with ``world`` in
        the page-actions world (or the named world)."""
        if frame_id is not None:
            raise HarnessError("the WebKit backend evaluates in the main frame only")
        world_name = PAGE_ACTIONS_WORLD if world is True else (world or None)
        box: list = []
        if gesture:
            # As a person's action: WebKit counts a script the embedder evaluates as a user gesture
            # (window.open from the click's listener then opens no popup-blocked window); the
            # expression's value is returned, not awaited.
            def evaluated(view, result):
                try:
                    box.append(("ok", view.evaluate_javascript_finish(result)))
                except GLib.Error as error:
                    box.append(("error", error.message))

            self.view.evaluate_javascript(expression, -1, world_name, None, None, evaluated)
            self.browser.pump(lambda: box, 30, f"evaluating {expression[:60]!r}")
            status, value = box[0]
            if status == "error":
                raise HarnessError(f"evaluating {expression!r} threw: {value}")
            return None if value.is_undefined() else json.loads(value.to_json(0))

        def done(view, result):
            try:
                box.append(("ok", view.call_async_javascript_function_finish(result)))
            except GLib.Error as error:
                box.append(("error", error.message))

        self.view.call_async_javascript_function(f"return ({expression});", -1, None, world_name, None, None, done)
        self.browser.pump(lambda: box, 30, f"evaluating {expression[:60]!r}")
        status, value = box[0]
        if status == "error":
            raise HarnessError(f"evaluating {expression!r} threw: {value}")
        return None if value.is_undefined() else json.loads(value.to_json(0))


def _origin(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return ""
    default = {"http": 80, "https": 443}[parts.scheme]
    port = f":{parts.port}" if parts.port and parts.port != default else ""
    return f"{parts.scheme}://{parts.hostname}{port}"


class App(webscreen.App):
    """An app's web screens: one web view per native screen id, all in one web context (one cookie
    store), for a native side that names its screens (examples/notes/BrowserHost/PROTOCOL.md).
    What reads the app's state and carries out its effects is ``webscreen.App``'s."""

    def __init__(self, browser: Browser, native, page_actions: str | None = None, handler_name: str | None = None,
                 authenticator=None):
        self.authenticator = authenticator
        self.browser = browser
        self.native = native
        self.page_actions = page_actions
        self.handler_name = handler_name
        self.context = browser.new_context()
        self.manager = self.context.get_website_data_manager()  # kept, so its wrapper (and id) stays
        self.screens: dict[int, WebScreen] = {}
        self.closed: dict[int, WebScreen] = {}
        self.state: dict = {}
        self.effects: list[dict] = []

    def _new_screen(self, number: int) -> WebScreen:
        return WebScreen(self.browser, self.native, self.handler_name, screen_id=number, app=self,
                         page_actions=self.page_actions, browser_context=self.context)

    def cookie_stores(self) -> list[str]:
        """The cookie stores the open screens' pages use: each web context's data manager."""
        return sorted({f"{id(s.view.get_context().get_website_data_manager()):x}" for s in self.screens.values()})

    def store(self) -> str:
        """The app's own data manager: the one cookie store every screen's page should use."""
        return f"{id(self.manager):x}"

    def plain_tab(self, context) -> WebScreen:
        """A plain tab (no native side, no handler) in web context ``context``."""
        return WebScreen(self.browser, None, None, browser_context=context)


class AuthenticationSession(webscreen.AuthenticationSession):
    """The system authentication session's stand-in (``ASWebAuthenticationSession``): each attempt
    runs in a web view of a web context of its own, so its cookies are not the app's (a new
    context per attempt when ephemeral, else one context shared by every attempt, as Safari's
    cookies are). A navigation to the callback's https host and path is the callback: the
    session completes with its URL, which is never loaded there (the policy ignores it)."""

    def start(self, attempt: dict):
        """Runs ``attempt`` (an ``authenticate`` effect's body): opens its URL in the session."""
        self.close_page()
        if attempt.get("ephemeral") or self.shared_context is None:
            context = self.browser.new_context()
            if not attempt.get("ephemeral"):
                self.shared_context = context
        else:
            context = self.shared_context
        self.attempt, self.callback = attempt, None
        self.page = WebScreen(self.browser, None, None, browser_context=context)
        self.page.view.connect("decide-policy", self._on_policy)  # the plain tab leaves every decision to it
        self.page.view.load_uri(attempt["url"])

    def _on_policy(self, _view, decision, kind):
        if kind == WebKit2.PolicyDecisionType.RESPONSE:
            return False  # WebKit's default uses it
        url = decision.get_navigation_action().get_request().get_uri()
        self.requests.append(url)
        if not self.is_callback(url):
            return False
        self.callback = url
        decision.ignore()
        return True

    def close_page(self):
        if self.page is not None:
            self.page.close()
            self.page = None


if __name__ == "__main__":
    sys.exit("webkit_screen.py is a module: run notes_check.py --engine webkit (make webkit-notes)")
