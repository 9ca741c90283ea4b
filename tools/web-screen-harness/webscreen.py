"""A browser harness for web screens: headless Chromium (Debian's) over the DevTools protocol.

Reusable for any RastrilloNative web screen, not only the companion's. What it gives a test:

- ``Certificate``: a throwaway certificate for the manifest's real host names, made at run time
  (Python ``cryptography``); Chromium trusts exactly its key (``--ignore-certificate-errors-spki-list``).
- ``Browser``: Chromium launched from an explicit path with ``--remote-debugging-pipe`` (the
  DevTools protocol over two file descriptors, so no client library and nothing downloaded),
  ``--host-resolver-rules`` sending the manifest's hosts to a loopback port and every other
  host nowhere.
- ``WebScreen``: one page driven as a web view would be:

  * a ``window.webkit.messageHandlers.<name>.postMessage`` stand-in in every frame, whose
    promise resolves with native's reply (``Runtime.addBinding`` plus a small shim evaluated
    on each new document); each message goes to the *native side* with the sending frame's
    facts, main frame or not and its security origin, read from the browser's frame tree and
    execution contexts — never from the page;
  * every document navigation (main frame, subframes, server redirects) paused
    (``Fetch.requestPaused``) and decided by the native side, then continued or aborted; new
    windows (``target=_blank``, ``window.open``: ``Page.windowOpen``) and non-http schemes
    (``Page.frameRequestedNavigation``) are decided as main-frame navigations, as WebKit asks
    its navigation delegate with no target frame;
  * events from native evaluated in the main frame exactly as native wrote the script;
  * the page's load events translated into the ``WebScreenEvent``s the WebKit adapter sends
    (started, httpStatus, committed, titleChanged, finished, failed with Chromium's ``net::``
    error as WebKit's NSError domain and code), and the effects native's ``WebScreenModel`` asks
    for (load, reload) carried out;
  * a collector of console errors, uncaught exceptions, unhandled rejections and
    security-policy (CSP) violations, from the browser's own reports.

- ``App``: several screens of one app, one page per native screen id in one browser context
  (one cookie store), for a native side that names its screens (the notes companion's,
  examples/notes/BrowserHost/PROTOCOL.md); with the generated ``page-actions.js`` run in an
  isolated world of its own (``rastrillo-page-actions``), its reports forwarded as
  ``pageActions`` with the browser's frame facts and ``invoke`` effects carried out in that world;
  form submissions (POST and GET forms), server redirects and links told apart as WebKit's
  adapter does.

The *native side* is any process that speaks one JSON object per line (see
examples/companion/BrowserHost/main.swift for the companion's, which runs the real
``BridgeDispatcher``, ``WebScreenModel`` and ``WebScreenNavigation``).

What a Chromium stand-in cannot show: WebKit's rendering, WebKit's reply-handler error
semantics (``replyHandler(nil, errorMessage)`` rejecting the page's promise), and content worlds:
the bridge's shim lives in the page's own world, where WKWebView keeps the handler out of reach
of page script; the page-actions script runs in a Chromium isolated world, which shows the page
cannot see it but not that a ``WKContentWorld`` behaves the same. Those need WKWebView on an
Apple platform.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from urllib.parse import urlsplit

from harness_common import Checks, HarnessError, hang_guard  # noqa: F401 - re-exported for a team's own checks

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

SHIM = r"""
(() => {
  const binding = globalThis.%(binding)s;
  if (typeof binding !== "function" || globalThis.webkit) return;
  const pending = new Map();
  let sequence = 0;
  const kind = (body) => body === null ? "null" : Array.isArray(body) ? "an array"
    : typeof body === "object" ? "an object" : `a ${typeof body}`;
  const postMessage = (body) => new Promise((resolve) => {
    sequence += 1;
    pending.set(sequence, resolve);
    binding(JSON.stringify({ sequence, text: typeof body === "string" ? body : null, kind: kind(body) }));
  });
  Object.defineProperty(globalThis, "%(reply)s", {
    value: (number, text) => { const resolve = pending.get(number); pending.delete(number); if (resolve) resolve(text); },
  });
  const handler = Object.freeze({ postMessage });
  globalThis.webkit = Object.freeze({ messageHandlers: Object.freeze({ %(handler)s: handler }) });
})();
"""

# The page-actions script's channel (RastrilloNative's ``PageActionProtocol``): its content world's
# name, its message handler and the global it defines in that world.
PAGE_ACTIONS_WORLD = "rastrillo-page-actions"
PAGE_ACTIONS_HANDLER = "rastrilloPageActions"
PAGE_ACTIONS_GLOBAL = "rastrilloPageActions"
PAGE_ACTIONS_BINDING = "__webScreenHarnessPageActions"

# Evaluated in the isolated world before the script: webkit.messageHandlers.rastrilloPageActions
# over the binding, which only contexts of that world's name can see. Main frame only, as the
# adapter adds the script (forMainFrameOnly); a body that is not text is posted as "" (native
# refuses it as a malformed report).
PAGE_ACTIONS_SHIM = r"""
if (globalThis.top === globalThis) {
(() => {
  const binding = globalThis.%(binding)s;
  if (typeof binding !== "function" || globalThis.webkit) return;
  const postMessage = (body) => { binding(typeof body === "string" ? body : ""); };
  const handler = Object.freeze({ postMessage });
  globalThis.webkit = Object.freeze({ messageHandlers: Object.freeze({ %(handler)s: handler }) });
})();
%(source)s
}
"""


def page_actions_source(source: str) -> str:
    """The isolated world's script: the shim, then the generated ``page-actions.js``."""
    return PAGE_ACTIONS_SHIM % {"binding": PAGE_ACTIONS_BINDING, "handler": PAGE_ACTIONS_HANDLER, "source": source}


class Certificate:
    """A self-signed certificate for ``hosts``, written to a temporary directory."""

    def __init__(self, hosts: list[str], directory: str):
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID

        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0])])
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (
            x509.CertificateBuilder()
            .subject_name(name)
            .issuer_name(name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(h) for h in hosts]), critical=False)
            .sign(key, hashes.SHA256())
        )
        self.cert_path = os.path.join(directory, "cert.pem")
        self.key_path = os.path.join(directory, "key.pem")
        with open(self.cert_path, "wb") as handle:
            handle.write(cert.public_bytes(serialization.Encoding.PEM))
        with open(self.key_path, "wb") as handle:
            handle.write(
                key.private_bytes(
                    serialization.Encoding.PEM,
                    serialization.PrivateFormat.PKCS8,
                    serialization.NoEncryption(),
                )
            )
        spki = key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        self.spki_hash = base64.b64encode(hashlib.sha256(spki).digest()).decode()


def _pipe_fds(reading: int, writing: int):
    """In the child: Chromium reads DevTools messages from fd 3 and writes them to fd 4."""
    reading, writing = os.dup(reading), os.dup(writing)  # out of the way of 3 and 4 first
    os.dup2(reading, 3)
    os.dup2(writing, 4)


class Browser:
    """Headless Chromium driven over ``--remote-debugging-pipe``."""

    engine = "chromium"

    @staticmethod
    def failed_load_text(status: int) -> str:
        """How Chromium words a resource answered with HTTP ``status`` (a ``network error`` problem)."""
        return f"Failed to load resource: the server responded with a status of {status} ()"

    def __init__(self, hosts: list[str], port: int, spki_hash: str, chromium: str = CHROMIUM,
                 routes: dict[str, int] | None = None, extra_arguments: tuple[str, ...] = ()):
        """``hosts`` reach ``port`` on loopback; ``routes`` maps further host names to ports of their
        own (a second origin, such as a sign-in server); every other host reaches nothing.
        ``extra_arguments``: further Chromium switches (the benchmark's ``--js-flags``)."""
        if not (os.path.isfile(chromium) and os.access(chromium, os.X_OK)):
            raise HarnessError(
                f"Chromium not found at {chromium}: install Debian's chromium (apt-get install chromium "
                "chromium-driver; `make setup` does) or set CHROMIUM to its path. On a Mac, point CHROMIUM "
                "at a Chromium or Chrome binary."
            )
        self.profile = tempfile.mkdtemp(prefix="web-screen-profile-")
        mapped = [(host, port) for host in hosts] + sorted((routes or {}).items())
        rules = ", ".join(f"MAP {host} 127.0.0.1:{to}" for host, to in mapped) + ", MAP * ~NOTFOUND"
        arguments = [
            chromium,
            "--headless",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            f"--host-resolver-rules={rules}",
            f"--ignore-certificate-errors-spki-list={spki_hash}",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-sync",
            "--disable-extensions",
            "--mute-audio",
            "--hide-scrollbars",
            "--font-render-hinting=none",
            *extra_arguments,
            "about:blank",
        ]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox.
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        self.process = subprocess.Popen(
            arguments,
            pass_fds=(3, 4),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.profile, "chromium.log"), "wb"),
            preexec_fn=lambda: _pipe_fds(to_browser_r, from_browser_w),
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self._responses: dict[int, dict] = {}
        self._callbacks: dict[int, object] = {}  # id -> called with the response instead of storing it
        self.handlers: list = []  # called with (method, params, session) for every event
        # Work a handler hands over to run once the message being dispatched is done (creating a
        # page for a new screen, carrying out effects): never inside another message's handling.
        self._later: list = []
        self._dispatching = 0

    def version(self) -> str:
        return self.call("Browser.getVersion")["product"]

    def navigate(self, session: str, url: str, timeout: float, also=lambda: True):
        """Navigates ``session``'s main frame to ``url`` and waits for its load event (and ``also()``)."""
        loaded = []

        def on_load(method, params, on):
            if method == "Page.loadEventFired" and on == session:
                loaded.append(True)

        self.handlers.append(on_load)
        try:
            result = self.call("Page.navigate", {"url": url}, session=session)
            if result.get("errorText"):
                raise HarnessError(f"loading {url} failed: {result['errorText']}")
            self.pump(lambda: loaded and also(), timeout, f"{url} to load")
        finally:
            self.handlers.remove(on_load)

    def later(self, task):
        """Runs ``task()`` now, or, while a message is being dispatched, right after it."""
        if self._dispatching:
            self._later.append(task)
        else:
            task()

    def _run_later(self):
        while self._later and not self._dispatching:
            task = self._later.pop(0)
            self._dispatching += 1  # what the task hands over waits for it to finish
            try:
                task()
            finally:
                self._dispatching -= 1

    def send(self, method: str, params: dict | None = None, session: str | None = None, then=None) -> int:
        """Sends a command without waiting; ``then``, if given, is called with its response."""
        self._next_id += 1
        if then is not None:
            self._callbacks[self._next_id] = then
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self._to_browser, data)
            data = data[written:]
        return self._next_id

    def call(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30):
        number = self.send(method, params, session)
        self.pump(lambda: number in self._responses, timeout, f"{method} to answer")
        response = self._responses.pop(number)
        if "error" in response:
            raise HarnessError(f"{method} failed: {response['error'].get('message')}")
        return response.get("result", {})

    def pump(self, done, timeout: float, what: str):
        """Reads and dispatches messages until ``done()`` holds; fails after ``timeout`` seconds."""
        timeout = hang_guard(timeout)
        deadline = time.monotonic() + timeout
        while not done():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise HarnessError(f"timed out after {timeout:.0f} s waiting for {what}")
            ready, _, _ = select.select([self._from_browser], [], [], min(remaining, 0.5))
            if not ready:
                if self.process.poll() is not None:
                    raise HarnessError(f"Chromium exited ({self.process.returncode}); see its log in {self.profile}")
                continue
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise HarnessError(f"Chromium closed the DevTools pipe; see its log in {self.profile}")
            self._buffer += chunk
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                message = json.loads(raw)
                self._dispatching += 1
                try:
                    if "id" in message and message["id"] in self._callbacks:
                        self._callbacks.pop(message["id"])(message)
                    elif "id" in message:
                        self._responses[message["id"]] = message
                    else:
                        for handler in list(self.handlers):
                            handler(message["method"], message.get("params", {}), message.get("sessionId"))
                finally:
                    self._dispatching -= 1
                self._run_later()

    def cookie_names(self, context: str, host: str) -> list[str]:
        """The names of every cookie browser context ``context`` holds for ``host`` (any path)."""
        cookies = self.call("Storage.getCookies", {"browserContextId": context})["cookies"]
        return sorted(c["name"] for c in cookies if c["domain"].lstrip(".") == host)

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:  # noqa: BLE001 - closing is best effort; kill below
            pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class NativeSide:
    """The native process: one JSON request per line in, one JSON answer per line out."""

    def __init__(self, command: list[str]):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, request: dict, timeout: float = 60) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)  # a hang guard only
        if not ready:
            raise HarnessError(f"the native side did not answer {request} within {timeout:.0f} s")
        line = self.process.stdout.readline()
        if not line:
            raise HarnessError(f"the native side exited ({self.process.poll()}) before answering {request}")
        answer = json.loads(line)
        if "error" in answer:
            raise HarnessError(f"the native side could not handle {request}: {answer['error']}")
        return answer

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# Chromium's network errors (``Network.loadingFailed``'s ``errorText``) as the NSError WebKit reports
# for the same condition (``NSURLErrorDomain`` codes, ``URLError.Code``). RastrilloNative's
# ``WebLoadErrorKind(domain:code:)`` classifies the result, as it does for WebKit; an error not
# listed here reaches native as domain ``chromium <errorText>`` with code 0, which it classifies
# as an unknown error naming it — never dropped.
CHROMIUM_ERRORS = {
    "net::ERR_INTERNET_DISCONNECTED": -1009,  # NSURLErrorNotConnectedToInternet
    "net::ERR_NAME_NOT_RESOLVED": -1003,  # NSURLErrorCannotFindHost
    "net::ERR_NAME_RESOLUTION_FAILED": -1003,
    "net::ERR_CONNECTION_REFUSED": -1004,  # NSURLErrorCannotConnectToHost
    "net::ERR_ADDRESS_UNREACHABLE": -1004,
    "net::ERR_CONNECTION_RESET": -1005,  # NSURLErrorNetworkConnectionLost
    "net::ERR_CONNECTION_CLOSED": -1005,
    "net::ERR_TIMED_OUT": -1001,  # NSURLErrorTimedOut
    "net::ERR_CONNECTION_TIMED_OUT": -1001,
    "net::ERR_SSL_PROTOCOL_ERROR": -1200,  # NSURLErrorSecureConnectionFailed
    "net::ERR_CERT_AUTHORITY_INVALID": -1202,  # NSURLErrorServerCertificateUntrusted
    "net::ERR_CERT_COMMON_NAME_INVALID": -1202,
    "net::ERR_CERT_DATE_INVALID": -1201,  # NSURLErrorServerCertificateHasBadDate
    "net::ERR_ABORTED": -999,  # NSURLErrorCancelled (a navigation the policy cancelled, or a stop)
}


def load_error(error_text: str) -> dict:
    """The NSError domain and code WebKit reports for Chromium's ``error_text``."""
    if error_text in CHROMIUM_ERRORS:
        return {"domain": "NSURLErrorDomain", "code": CHROMIUM_ERRORS[error_text], "chromium": error_text}
    return {"domain": f"chromium {error_text}", "code": 0, "chromium": error_text}


def origin_parts(origin: str) -> tuple[str, str, int]:
    """Scheme, host and port of a security origin as WebKit reports them (port 0: the default)."""
    if not origin or origin == "null" or "://" not in origin:
        return ("", "", 0)
    parts = urlsplit(origin)
    return (parts.scheme, parts.hostname or "", parts.port or 0)


class ScreenDriving:
    """What a test does with a web screen, the same in every engine (``WebScreen`` here and in
    ``webkit_screen``): open it in native, reload it through native, wait on the page, carry out
    native's effects (each engine's ``_load_effect``, ``_reload_effect``, ``_invoke``, ``close``)."""

    def perform(self, effects: list[dict]):
        """Carries out what native asked the web view to do: ``load(URLRequest)``, ``reload()``,
        ``invoke`` (the page-actions script's ``invoke`` in its world) or ``close``, as the adapter does."""
        for effect in effects:
            self.effects.append(effect)
            if "load" in effect:
                self._load_effect(effect["load"])
            elif effect.get("reload"):
                self._reload_effect()
            elif "invoke" in effect:
                self._invoke(effect["invoke"])
            elif effect.get("close"):
                self.close()
            else:
                raise HarnessError(f"native asked for an effect the harness does not know: {effect}")

    def open(self, url: str, timeout: float = 30) -> dict:
        """Opens a new web screen for ``url`` in native (its model loads the URL); waits for the load
        to end, loaded or failed, and returns native's state of the screen."""
        answer = self.native.ask({"op": "open", "url": url})
        return self._until_settled(lambda: self.perform(answer["effects"]), timeout, f"{url} to load")

    def reload(self, count: int = 1, timeout: float = 30) -> dict:
        """Calls the screen's ``reload()`` ``count`` times at once (Retry, ⌘R, pull-to-refresh), carries
        out what the model asks, and returns native's state once every call returned."""
        before = len(self.effects)
        answer = self.native.ask({"op": "reload", "count": count})
        self._until_settled(lambda: self.perform(answer["effects"]), timeout, "the reload to end")
        self.reload_effects = self.effects[before:]
        self.reloads_asked += count
        return self.native.ask({"op": "state", "reloads": self.reloads_asked})["state"]

    def _until_settled(self, start, timeout: float, what: str) -> dict:
        events = len(self.screen_events)

        def settled():
            return any(e["type"] in ("finished", "failed") for e in self.screen_events[events:])

        start()
        self.browser.pump(settled, timeout, what)
        return self.state

    def wait_for(self, expression: str, expected, frame_id: str | None = None, timeout: float = 20):
        """Waits until ``expression`` (evaluated in the frame) equals ``expected``; returns it."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = self.evaluate(expression, frame_id)
            if last == expected:
                return last
            self.settle(0.1)
        raise HarnessError(f"{expression} was {last!r}, expected {expected!r} within {timeout:.0f} s")

    def settle(self, seconds: float = 0.3):
        """Dispatches whatever the browser reports for ``seconds``."""
        end = time.monotonic() + seconds
        self.browser.pump(lambda: time.monotonic() >= end, seconds + 1, "the browser to settle")


class WebScreen(ScreenDriving):
    """One page in the browser, wired to a native side as a web view would be."""

    BINDING = "__webScreenHarnessPost"
    REPLY = "__webScreenHarnessReply"

    def __init__(
        self,
        browser: Browser,
        native: NativeSide | None,
        handler_name: str | None = "rastrillo",
        *,
        screen_id: int | None = None,
        app: "App | None" = None,
        page_actions: str | None = None,
        browser_context: str | None = None,
    ):
        """Opens a page; with ``native`` None it is a plain browser tab (no stand-in, no policy).

        ``handler_name`` None: no bridge stand-in (an app without a bridge). ``screen_id``/``app``:
        one screen of an :class:`App` (its requests name the screen, the app carries out effects).
        ``page_actions``: the generated ``page-actions.js``, run in its own isolated world.
        ``browser_context``: the browser context (cookie store) to open the page in.
        """
        self.browser = browser
        self.native = native
        self.screen_id = screen_id
        self.app = app
        self.bridge = handler_name is not None
        self.page_actions = page_actions
        self.shim = SHIM % {"binding": self.BINDING, "reply": self.REPLY, "handler": handler_name or ""}
        self.world_contexts: dict[tuple[str, int], str] = {}  # the page-actions world: (session, id) -> frameId
        self.reports: list[dict] = []  # every page-actions report, with its frame facts and native's answer
        self.invocations: list[dict] = []  # every invoke effect carried out, with what invoke() answered
        self.requested: dict[str, dict] = {}  # frameId -> the navigation the renderer asked for last
        self.documents: list[dict] = []  # every main-frame document response: url, status, headers
        self.closed = False
        self.detached = False  # the native side closed the screen: its page's events go nowhere
        self.frames: dict[str, dict] = {}  # frameId -> {parentId, origin, url, session}
        self.contexts: dict[tuple[str, int], str] = {}  # (session, contextId) -> frameId
        self.messages: list[dict] = []  # every message posted, with the frame facts sent to native
        self.navigations: list[dict] = []  # every navigation decided, with native's answer
        self.effects: list[dict] = []  # every effect native asked for, in order
        self.problems: list[dict] = []  # console errors, exceptions, rejections, CSP violations
        self.commits = 0
        # The web screen's events, as the WebKit adapter reports them (native side only): each
        # main-frame navigation the native side lets load gets the next number, kept by Chromium's
        # loader id (the navigation request's id), so late reports of an old one keep its number.
        self.navigation_ids: dict[str, int] = {}
        self.error_pages: set[str] = set()
        self.screen_events: list[dict] = []  # every event sent, with native's state after it
        self.state: dict = {}  # what native says the screen shows, after the last event
        self.reloads_asked = 0  # reload() calls asked of native in all
        self.reload_effects: list[dict] = []  # the effects of the last reload(count)
        self.children: set[str] = set()
        self.session = None
        self.target_id = None
        browser.handlers.append(self._on_event)
        create = {"url": "about:blank"}
        if browser_context:
            create["browserContextId"] = browser_context
        target = browser.call("Target.createTarget", create)
        self.target_id = target["targetId"]
        self.session = browser.call("Target.attachToTarget", {"targetId": self.target_id, "flatten": True})[
            "sessionId"
        ]
        browser.call("Target.setDiscoverTargets", {"discover": True})
        self._prepare(self.session, is_page=True)

    # --- wiring -------------------------------------------------------------------------------

    def _prepare(self, session: str, is_page: bool):
        call = self.browser.call
        call("Page.enable", session=session)
        if self.native is not None and self.bridge:
            call("Runtime.addBinding", {"name": self.BINDING}, session=session)
            call("Page.addScriptToEvaluateOnNewDocument", {"source": self.shim}, session=session)
        if self.native is not None and is_page and self.page_actions is not None:
            # WebKit: a WKUserScript in a WKContentWorld of its own, main frame only, with the
            # rastrilloPageActions handler added to that world. Chromium: an isolated world of the
            # same name, the binding exposed only to contexts of that name, and a shim there
            # defining webkit.messageHandlers.rastrilloPageActions over it.
            call(
                "Runtime.addBinding",
                {"name": PAGE_ACTIONS_BINDING, "executionContextName": PAGE_ACTIONS_WORLD},
                session=session,
            )
            call(
                "Page.addScriptToEvaluateOnNewDocument",
                {"source": page_actions_source(self.page_actions), "worldName": PAGE_ACTIONS_WORLD},
                session=session,
            )
        if self.native is not None:
            call(
                "Fetch.enable",
                {"patterns": [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]},
                session=session,
            )
        if self.native is not None and is_page:
            # Main-frame responses, failures and load events become the screen's events.
            call("Network.enable", session=session)
            # Every load reaches the server, so a page seen after the server came back is its answer.
            call("Network.setCacheDisabled", {"cacheDisabled": True}, session=session)
            call("Page.setLifecycleEventsEnabled", {"enabled": True}, session=session)
        call("Runtime.enable", session=session)
        call("Log.enable", session=session)
        call(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True},
            session=session,
        )
        if is_page:
            tree = call("Page.getFrameTree", session=session)["frameTree"]
            self._remember(tree["frame"], session)

    def _remember(self, frame: dict, session: str):
        self.frames[frame["id"]] = {
            "parentId": frame.get("parentId"),
            "origin": frame.get("securityOrigin", ""),
            "url": frame.get("url", ""),
            "session": session,
        }

    def is_main(self, frame_id: str) -> bool:
        return frame_id == self.target_id

    def _on_event(self, method: str, params: dict, session: str | None):
        if self.detached:
            return  # WebKit reports nothing for a web view the app dismantled
        if session is not None and session != self.session and session not in self.children:
            return  # another page's session
        if method == "Target.attachedToTarget" and session is not None:
            child = params["sessionId"]
            self.children.add(child)
            if params["targetInfo"]["type"] == "iframe":
                self._prepare(child, is_page=False)
            self.browser.send("Runtime.runIfWaitingForDebugger", session=child)
        elif method == "Target.targetCreated":
            info = params["targetInfo"]
            if self.target_id and info.get("openerId") == self.target_id and info["type"] == "page":
                self.browser.send("Target.closeTarget", {"targetId": info["targetId"]})
        elif method == "Page.frameNavigated":
            frame = params["frame"]
            self._remember(frame, session)
            if self.is_main(frame["id"]) and params.get("type", "Navigation") == "Navigation":
                self.commits += 1
                if self.native is not None:
                    if self.bridge:
                        self.native.ask({"op": "document"})
                    if frame["url"].startswith("chrome-error:") or frame.get("unreachableUrl"):
                        # Chromium's own error page: WebKit commits none (its failure was reported).
                        self.error_pages.add(frame.get("loaderId", ""))
                    elif frame.get("loaderId") in self.navigation_ids:
                        self._screen_event("committed", frame["loaderId"], url=frame["url"])
        elif method == "Network.responseReceived" and self.native is not None and session == self.session:
            if params.get("type") == "Document" and params.get("frameId") == self.target_id:
                response = params["response"]
                self.documents.append(
                    {"url": response["url"], "status": response["status"],
                     "headers": {k.lower(): v for k, v in response.get("headers", {}).items()}}
                )
                if params.get("loaderId") in self.navigation_ids:
                    self._send_screen_event({"type": "httpStatus", "status": params["response"]["status"]})
        elif method == "Network.loadingFailed" and self.native is not None and session == self.session:
            if params.get("type") == "Document" and params["requestId"] in self.navigation_ids:
                self._screen_event("failed", params["requestId"], **load_error(params["errorText"]))
        elif method == "Page.lifecycleEvent" and self.native is not None and session == self.session:
            loader = params.get("loaderId", "")
            if params["name"] == "load" and params["frameId"] == self.target_id and loader in self.navigation_ids:
                if loader not in self.error_pages:
                    self._title_then_finished(loader)
        elif method == "Page.navigatedWithinDocument" and self.native is not None:
            if self.is_main(params["frameId"]) and params.get("navigationType", "fragment") == "fragment":
                # WebKit asks its navigation delegate before a fragment navigation (not before
                # history.pushState); Chromium does not ask, so the decision is asked for
                # afterwards and recorded like the others.
                self._decide(params["url"], kind="link", main=True, origin="same document")
        elif method == "Page.frameAttached":
            self.frames.setdefault(params["frameId"], {"parentId": params["parentFrameId"], "origin": "", "url": ""})
        elif method == "Runtime.executionContextCreated":
            context = params["context"]
            aux = context.get("auxData", {})
            if aux.get("frameId") and aux.get("isDefault"):
                self.contexts[(session, context["id"])] = aux["frameId"]
            elif aux.get("frameId") and context.get("name") == PAGE_ACTIONS_WORLD:
                self.world_contexts[(session, context["id"])] = aux["frameId"]
        elif method == "Runtime.executionContextDestroyed":
            self.contexts.pop((session, params["executionContextId"]), None)
            self.world_contexts.pop((session, params["executionContextId"]), None)
        elif method == "Runtime.executionContextsCleared":
            for key in [k for k in self.contexts if k[0] == session]:
                del self.contexts[key]
            for key in [k for k in self.world_contexts if k[0] == session]:
                del self.world_contexts[key]
        elif method == "Runtime.bindingCalled" and params["name"] == self.BINDING:
            self._on_message(params, session)
        elif method == "Runtime.bindingCalled" and params["name"] == PAGE_ACTIONS_BINDING:
            self._on_report(params, session)
        elif method == "Fetch.requestPaused" and self.native is not None:
            # (A plain tab's requests are paused only by whoever enabled Fetch on it, who answers.)
            self._on_request(params, session)
        elif method == "Page.windowOpen":
            self._decide(params["url"], kind="newWindow", main=True, origin="new window")
        elif method == "Page.frameRequestedNavigation":
            # What the renderer asked for (anchorClick, formSubmissionGet, formSubmissionPost,
            # scriptInitiated, …): read when its request is paused, as WebKit's navigationType.
            self.requested[params["frameId"]] = {"url": params["url"], "reason": params["reason"]}
            if urlsplit(params["url"]).scheme not in ("http", "https"):
                main = self.is_main(params["frameId"])
                self._decide(params["url"], kind="link" if main else "subframe", main=main, origin=params["reason"])
        elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            self.problems.append({"kind": "console error", "text": text})
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text", "")
            kind = "unhandled rejection" if "(in promise)" in details.get("text", "") else "uncaught exception"
            self.problems.append({"kind": kind, "text": text})
        elif method == "Log.entryAdded":
            entry = params["entry"]
            if entry["level"] == "error":
                csp = "Content Security Policy" in entry["text"]
                problem = {"kind": "CSP violation" if csp else f"{entry['source']} error", "text": entry["text"]}
                if entry.get("url"):
                    problem["url"] = entry["url"]
                self.problems.append(problem)

    def _on_message(self, params: dict, session: str):
        frame_id = self.contexts.get((session, params["executionContextId"]))
        facts = self.frames.get(frame_id or "", {})
        scheme, host, port = origin_parts(facts.get("origin", ""))
        frame = {"main": bool(frame_id) and self.is_main(frame_id), "scheme": scheme, "host": host, "port": port}
        posted = json.loads(params["payload"])
        request = {"op": "message", "frame": frame}
        if posted["text"] is None:
            request["nonText"] = posted["kind"]
        else:
            request["body"] = posted["text"]
        reply = self.native.ask(request)["reply"]
        self.messages.append({"frame": frame, "origin": facts.get("origin", ""), "body": posted["text"], "reply": reply})
        expression = f"globalThis.{self.REPLY}({int(posted['sequence'])}, {json.dumps(reply)})"
        self.browser.send(
            "Runtime.evaluate", {"expression": expression, "contextId": params["executionContextId"]}, session=session
        )

    def _on_report(self, params: dict, session: str):
        """A report of the page-actions script: forwarded with the browser's facts of its frame."""
        frame_id = self.world_contexts.get((session, params["executionContextId"]))
        facts = self.frames.get(frame_id or "", {})
        scheme, host, port = origin_parts(facts.get("origin", ""))
        frame = {"main": bool(frame_id) and self.is_main(frame_id), "scheme": scheme, "host": host, "port": port}
        answer = self._ask({"op": "pageActions", "body": params["payload"], "frame": frame})
        self.reports.append(
            {
                "frame": frame, "url": facts.get("url", ""), "body": params["payload"],
                "accepted": answer.get("accepted"), "refused": answer.get("refused"),
            }
        )

    def _ask(self, request: dict) -> dict:
        """Asks the native side, naming this screen when it is one of an app's screens."""
        if self.screen_id is not None:
            request = {**request, "screen": self.screen_id}
        return self.native.ask(request)

    def _decide(self, url: str, kind: str, main: bool, origin: str) -> dict:
        """Asks native where a navigation goes (``WebScreenNavigation.Kind`` named by ``kind``)."""
        answer = self._ask({"op": "navigate", "url": url, "kind": kind})
        self.navigations.append({"url": url, "kind": kind, "main": main, "origin": origin, **answer})
        return answer

    def _kind(self, params: dict, main: bool, redirect: bool) -> str:
        """The navigation's ``WebScreenNavigation.Kind``, as the WebKit adapter reads it: a form
        submission (``navigationType`` ``.formSubmitted``: POST, and GET forms) from what the
        renderer asked for, a server redirect from the browser's redirect chain, else a link."""
        if not main:
            return "subframe"
        if redirect:
            return "redirect"
        requested = self.requested.pop(params.get("frameId", ""), None)
        if requested and requested["url"].split("#")[0] == params["request"]["url"]:
            if requested["reason"] in ("formSubmissionGet", "formSubmissionPost"):
                return "formSubmission"
        return "formSubmission" if params["request"]["method"] == "POST" else "link"

    def _on_request(self, params: dict, session: str):
        redirect = bool(params.get("redirectedRequestId"))
        main = self.is_main(params.get("frameId", ""))
        kind = self._kind(params, main, redirect)
        # DevTools keeps the fragment apart (``urlFragment``); WebKit's navigation action carries the
        # whole URL, so the decision sees it whole.
        whole = params["request"]["url"] + params["request"].get("urlFragment", "")
        answer = self._decide(whole, kind=kind, main=main, origin="request")
        if answer["action"] == "load":
            self.browser.send("Fetch.continueRequest", {"requestId": params["requestId"]}, session=session)
            if main and not redirect:
                # WebKit starts the provisional navigation once its delegate allowed it.
                loader = params.get("networkId") or params["requestId"]
                self.navigation_ids[loader] = len(self.navigation_ids) + 1
                self._screen_event("started", loader, url=whole)
        else:
            self.browser.send(
                "Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "Aborted"}, session=session
            )

    # --- the screen's events and effects (native side only) -----------------------------------

    def _screen_event(self, kind: str, loader: str, **fields):
        self._send_screen_event({"type": kind, "navigation": self.navigation_ids[loader], **fields})

    def _send_screen_event(self, event: dict):
        if self.detached:
            return  # an answer that arrived after the screen left the app (a late title, say)
        answer = self._ask({"op": "screen", "event": event})
        self.state = answer["state"]
        self.screen_events.append({**event, "state": self.state})
        if self.app is None:  # an app's native side hands its effects to the app (App.ask)
            self.perform(answer["effects"])

    def _title_then_finished(self, loader: str):
        """At the load event: the page's title (WebKit's ``title``), then ``didFinish``."""

        def reported(response: dict):
            title = response.get("result", {}).get("result", {}).get("value")
            self._send_screen_event({"type": "titleChanged", "title": title if isinstance(title, str) else None})
            self._screen_event("finished", loader)

        self.browser.send(
            "Runtime.evaluate", {"expression": "document.title", "returnByValue": True}, session=self.session,
            then=reported,
        )

    def _load_effect(self, url: str):
        self.browser.send("Page.navigate", {"url": url}, session=self.session)

    def _reload_effect(self):
        self.browser.send("Page.reload", {}, session=self.session)

    def world_context(self) -> int | None:
        """The page-actions world's execution context of the main frame's document, if any."""
        return max(
            (c for (s, c), f in self.world_contexts.items() if s == self.session and f == self.target_id), default=None
        )

    def _invoke(self, offer: dict):
        """``rastrilloPageActions.invoke(target, method, url, submitter, fields)`` in the script's own world, as the
        adapter's ``callAsyncJavaScript(in: frame, in: contentWorld)`` does; its answer is recorded."""
        record = {"offer": offer, "url": self.frames.get(self.target_id, {}).get("url", "")}
        self.invocations.append(record)
        context = self.world_context()
        if context is None:
            record["answer"] = "no page-actions world in the main frame"
            return

        def answered(response: dict):
            result = response.get("result", {})
            if "exceptionDetails" in result:
                record["answer"] = f"threw: {result['exceptionDetails'].get('text')}"
            else:
                record["answer"] = result.get("result", {}).get("value", response.get("error"))

        self.browser.send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": ("(target, method, url, submitter, fields) => "
                                        f"globalThis.{PAGE_ACTIONS_GLOBAL}.invoke(target, method, url, submitter, fields)"),
                "executionContextId": context,
                "arguments": [{"value": offer["target"]}, {"value": offer["method"]}, {"value": offer["url"]},
                              {"value": offer.get("submitter")}, {"value": offer.get("fields", {})}],
                "awaitPromise": True,
                "returnByValue": True,
                "userGesture": True,
            },
            session=self.session,
            then=answered,
        )

    def close(self):
        """Closes the page (its screen left the app)."""
        if self.closed:
            return
        self.closed = self.detached = True
        self.browser.send("Target.closeTarget", {"targetId": self.target_id})
        if self._on_event in self.browser.handlers:
            self.browser.handlers.remove(self._on_event)

    # --- what a test does ---------------------------------------------------------------------

    def load(self, url: str, timeout: float = 30):
        """Opens ``url``: in a web screen of the native side (``open``; it must load), or, in a plain
        tab, navigates the main frame and waits for its load event."""
        if self.native is not None:
            state = self.open(url, timeout)
            if state.get("display") != "content":
                raise HarnessError(f"opening {url} did not show the page: {state}")
            return
        self.browser.navigate(self.session, url, timeout)

    def evaluate(self, expression: str, frame_id: str | None = None, gesture: bool = False, world: bool = False):
        """Evaluates ``expression`` in a frame's page world (the main frame by default), or with
        ``world`` in the main frame's page-actions world."""
        frame_id = frame_id or self.target_id
        session = self.frames[frame_id]["session"]
        contexts = self.world_contexts if world else self.contexts
        context = max((c for (s, c), f in contexts.items() if s == session and f == frame_id), default=None)
        if world and context is None:
            raise HarnessError("the page has no page-actions world")
        params = {"expression": expression, "returnByValue": True, "awaitPromise": True, "userGesture": gesture}
        if context is not None:
            params["contextId"] = context
        result = self.browser.call("Runtime.evaluate", params, session=session)
        if "exceptionDetails" in result:
            raise HarnessError(f"evaluating {expression!r} threw: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def deliver_event(self) -> str:
        """Asks native for its event script and evaluates it in the main frame, as the adapter does."""
        answer = self.native.ask({"op": "event"})
        if "script" not in answer:
            raise HarnessError(f"native refused to send the event: {answer.get('refused')}")
        # callAsyncJavaScript runs the script as an async function body.
        self.evaluate(f"(async () => {{ {answer['script']} }})()")
        return answer["script"]

    def frame_with_url(self, prefix: str, main: bool | None = None) -> str:
        for frame_id, facts in self.frames.items():
            if facts.get("url", "").startswith(prefix) and (main is None or self.is_main(frame_id) == main):
                return frame_id
        raise HarnessError(f"no frame loaded {prefix}; frames: {[f.get('url') for f in self.frames.values()]}")

    def headers_of(self, url: str) -> dict:
        """The response headers of ``url`` as the browser received them (Network domain)."""
        headers: dict = {}

        def on_network(method, params, session):
            if method == "Network.responseReceived" and params["response"]["url"] == url:
                headers.update({k.lower(): v for k, v in params["response"]["headers"].items()})

        self.browser.handlers.append(on_network)
        self.browser.call("Network.enable", session=self.session)
        try:
            self.load(url)
            self.browser.pump(lambda: bool(headers), 10, f"the response headers of {url}")
        finally:
            self.browser.handlers.remove(on_network)
            self.browser.call("Network.disable", session=self.session)
        return headers

    def screenshot(self, path: str, width: int, height: int, scale: float, mobile: bool, dark: bool):
        """Saves a PNG of the page at ``width``×``height`` CSS pixels and ``scale``, light or dark."""
        call = self.browser.call
        call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile},
            session=self.session,
        )
        call(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]},
            session=self.session,
        )
        self.settle(0.3)
        data = call("Page.captureScreenshot", {"format": "png"}, session=self.session)["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))


class App:
    """An app's web screens: one Chromium page per native screen id, all in one browser context
    (one cookie store, as WebKit's default website data store), for a native side that names its
    screens (``{"screen": N, …}`` in requests and effects; see examples/notes/BrowserHost/PROTOCOL.md).

    A page is created when an effect first names its screen and closed on ``close``. Every answer's
    ``state`` is kept in :attr:`state`; its effects are carried out once the browser message being
    handled is done (``Browser.later``), in order, each on its screen's page.
    """

    def __init__(self, browser: Browser, native: NativeSide, page_actions: str | None = None,
                 handler_name: str | None = None, authenticator=None):
        """``authenticator``: called with each ``authenticate`` and ``cancelAuthentication`` effect
        (the system authentication session's stand-in, e.g. :class:`AuthenticationSession`)."""
        self.authenticator = authenticator
        self.browser = browser
        self.native = native
        self.page_actions = page_actions
        self.handler_name = handler_name
        self.context = browser.call("Target.createBrowserContext")["browserContextId"]
        self.screens: dict[int, WebScreen] = {}  # the open pages, by screen id
        self.closed: dict[int, WebScreen] = {}  # pages closed on a close effect
        self.state: dict = {}
        self.effects: list[dict] = []  # every effect, in order

    def ask(self, request: dict, timeout: float = 60) -> dict:
        answer = self.native.ask(request, timeout)
        if "state" in answer:
            self.state = answer["state"]
        effects = answer.get("effects") or []
        for effect in effects:
            if effect.get("close") and effect["screen"] in self.screens:
                # The screen left the app now; its page is closed with the other effects.
                self.screens[effect["screen"]].detached = True
        if effects:
            self.effects.extend(effects)
            self.browser.later(lambda: self.perform(effects))
        return answer

    def perform(self, effects: list[dict]):
        for effect in effects:
            number = effect["screen"]
            if "authenticate" in effect or "cancelAuthentication" in effect:
                if self.authenticator is None:
                    raise HarnessError(f"native asked for {effect}: give App an authenticator to run it")
                self.authenticator(effect)
                continue
            screen = self.screens.get(number)
            if screen is None:
                if number in self.closed:
                    raise HarnessError(f"native asked for {effect} on screen {number}, whose page it closed")
                if effect.get("close"):
                    continue  # a screen that never loaded anything
                screen = self._new_screen(number)
                self.screens[number] = screen
            screen.perform([{key: value for key, value in effect.items() if key != "screen"}])
            if effect.get("close"):
                self.closed[number] = self.screens.pop(number)

    def _new_screen(self, number: int) -> "WebScreen":
        """The page of screen ``number``, in the app's browser context (the engine's own kind)."""
        return WebScreen(self.browser, self, self.handler_name, screen_id=number, app=self,
                         page_actions=self.page_actions, browser_context=self.context)

    # --- reading the state --------------------------------------------------------------------

    def cookie_stores(self) -> list[str]:
        """The browser contexts (cookie stores) of the open screens' pages, as Chromium lists its targets."""
        targets = self.browser.call("Target.getTargets")["targetInfos"]
        pages = {p.target_id for p in self.screens.values()}
        return sorted({t.get("browserContextId") for t in targets if t["targetId"] in pages})

    def store(self) -> str:
        """The app's own browser context: the one cookie store every screen's page should use."""
        return self.context

    def failed_load_text(self, status: int) -> str:
        """How the browser words a resource answered with HTTP ``status`` (a ``network error`` problem)."""
        return self.browser.failed_load_text(status)

    def plain_tab(self, context) -> "WebScreen":
        """A plain tab (no native side, no handler) in browser context ``context``: a page outside
        the app that shares (or not) a cookie store with it."""
        return WebScreen(self.browser, None, None, browser_context=context)

    def entries(self) -> list[dict]:
        """Every screen the app shows: the stack, bottom first, then the sheet."""
        return list(self.state.get("stack", [])) + ([self.state["sheet"]] if self.state.get("sheet") else [])

    def entry(self, number: int) -> dict | None:
        return next((e for e in self.entries() if e["screen"] == number), None)

    def page(self, number: int) -> WebScreen:
        if number not in self.screens:
            raise HarnessError(f"screen {number} has no open page; open: {sorted(self.screens)}")
        return self.screens[number]

    def command(self, identifier: str) -> dict | None:
        return next((c for c in self.state.get("commands", []) if c["id"] == identifier), None)

    def enabled(self) -> list[str]:
        return sorted(c["id"] for c in self.state.get("commands", []) if c.get("enabled"))

    def until(self, condition, what: str, timeout: float = 30):
        """Dispatches the browser's reports until ``condition()`` holds (a hang guard, not a delay)."""
        self.browser.pump(condition, timeout, what)

    def close(self):
        for screen in list(self.screens.values()):
            screen.close()


class AuthenticationSession:
    """The system authentication session's stand-in (``ASWebAuthenticationSession``): each attempt
    runs in a page of a browser context of its own, so its cookies are not the web view's (a new
    context per attempt when ephemeral, else one context shared by every attempt, as Safari's
    cookies are). A document request to the callback's https host and path is the callback: the
    session completes with its URL, which is never loaded there (the request is failed)."""

    def __init__(self, browser: Browser):
        self.browser = browser
        self.shared_context: str | None = None
        self.page: WebScreen | None = None
        self.attempt: dict | None = None
        self.callback: str | None = None
        self.cancelled: list[int] = []
        self.requests: list[str] = []  # every document URL the session's page asked for

    def start(self, attempt: dict):
        """Runs ``attempt`` (an ``authenticate`` effect's body): opens its URL in the session."""
        self.close_page()
        if attempt.get("ephemeral") or self.shared_context is None:
            context = self.browser.call("Target.createBrowserContext")["browserContextId"]
            if not attempt.get("ephemeral"):
                self.shared_context = context
        else:
            context = self.shared_context
        self.attempt, self.callback = attempt, None
        self.page = WebScreen(self.browser, None, None, browser_context=context)
        session = self.page.session
        self.browser.call(
            "Fetch.enable", {"patterns": [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]},
            session=session,
        )
        self.browser.handlers.append(self._on_event)
        self.browser.send("Page.navigate", {"url": attempt["url"]}, session=session)

    def _on_event(self, method: str, params: dict, session: str | None):
        if self.page is None or session != self.page.session or method != "Fetch.requestPaused":
            return
        url = params["request"]["url"] + params["request"].get("urlFragment", "")
        self.requests.append(url)
        if self.is_callback(url):
            self.callback = url
            self.browser.send("Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "Aborted"},
                              session=session)
        else:
            self.browser.send("Fetch.continueRequest", {"requestId": params["requestId"]}, session=session)

    def is_callback(self, url: str) -> bool:
        """Whether ``url`` is the attempt's callback: its https host and path."""
        parts = urlsplit(url)
        attempt = self.attempt or {}
        return parts.scheme == "https" and parts.hostname == attempt.get("callbackHost") \
            and parts.path == attempt.get("callbackPath")

    def cancel(self, attempt_id: int):
        """The app cancelled attempt ``attempt_id`` (``cancelAuthentication``)."""
        self.cancelled.append(attempt_id)
        if self.attempt and self.attempt.get("attempt") == attempt_id:
            self.close_page()
            self.attempt = None

    def __call__(self, effect: dict):
        if "authenticate" in effect:
            self.start({**effect["authenticate"], "screen": effect["screen"]})
        else:
            self.cancel(effect["cancelAuthentication"])

    def close_page(self):
        if self.page is not None:
            if self._on_event in self.browser.handlers:
                self.browser.handlers.remove(self._on_event)
            self.page.close()
            self.page = None
