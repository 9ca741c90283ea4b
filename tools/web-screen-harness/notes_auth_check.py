#!/usr/bin/env python3
"""The notes companion signing in to a Rastrillo `auth` app, in headless Chromium with two cookie
jars (`make browser-notes-auth`).

    notes_auth_check.py --host BIN --server BIN --keymail BIN --page-actions FILE

BIN paths: the notes companion's native side (NotesBrowserHost, run with `--session auth
--keymail-servers keymail.test`), the notes web app (./cmd/notes-web, run with `-signin auth`) and
the fake keymail server (./cmd/keymail-fake). FILE: the generated page-actions.js.

Two browser contexts stand for the two cookie stores of a device: the app's context is the web
view's (every screen's page), and :class:`AuthenticationSession` runs each keymail attempt in a
context of its own (the system authentication session, Safari's cookies). The real Swift core
decides every navigation; the harness only carries out its effects: an `authenticate` effect
opens keymail's page in the session's context, where the callback request to
`https://notes.example.com/auth/callback` is captured and failed (never loaded there), and is
handed back to the core with `keymailEnded`, which loads it in the sign-in screen.

The day: keymail sign-in (the callback loaded in the session's context answers expired, a negative
control; the session cookie exists only in the web view's context), step-up (`?reauth=1`, keymail
with `prompt=login`, the waiting screen continues to where it was going), sign-out to /signin,
crafted authorize URLs refused, two overlapping attempts, cancel → "send a link instead", a magic
link opened as a universal link with its confirm tap (a cross-origin POST refused with the link
still usable; a replay expired), TOTP, and the below-iOS-17.4 fallback.

Exit 0 when every check passed; 1 with each failure listed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from urllib.parse import parse_qs, urlencode, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness_common import Checks, HarnessError, LoopbackServer, close_all, hang_guard, open_browser, read_text  # noqa: E402
from notes_check import SHIPPED_CSP, Day, describe  # noqa: E402
from notes_check import Server as NotesServer  # noqa: E402
from webscreen import App, AuthenticationSession, Certificate, NativeSide, WebScreen  # noqa: E402

HOST = "notes.example.com"
ORIGIN = f"https://{HOST}"
KEYMAIL_HOST = "keymail.test"
KEYMAIL = f"https://{KEYMAIL_HOST}"
KEYMAIL_USER = "demo@keymail.test"  # signs in with keymail (or a link, when sent one instead)
TOTP_USER = "other@example.com"  # signs in with a link, then a TOTP code
COOKIE_PREFIX = "__Host-rastrillo_"


def url(path: str) -> str:
    return ORIGIN + path


class Server(NotesServer):
    """The notes web app in its auth mode, and its test hooks."""

    def __init__(self, binary: str, certificate: Certificate, keymail_port: int):
        super().__init__(binary, certificate, (
            "-signin", "auth", "-keymail", KEYMAIL,
            "-keymail-domain", KEYMAIL_HOST, "-keymail-ca", certificate.cert_path,
            "-keymail-dial", f"127.0.0.1:{keymail_port}", "-email", KEYMAIL_USER, "-totp", TOTP_USER,
            "-begin-budget", "100", "-address-budget", "100",
        ))

    def request(self, method: str, path: str, expect: int = 200) -> dict:
        body = self.answer(method, path, expect)
        return json.loads(body) if body.strip().startswith(b"{") else {}

    def links(self, to: str) -> list[str]:
        return [m["link"] for m in self.request("GET", "/_test/outbox")["messages"] if m["to"] == to]

    def totp(self, email: str) -> str:
        return self.request("GET", "/_test/totp?" + urlencode({"email": email}))["code"]


class OSSwitch:
    """Over an engine's authentication session (``webscreen`` or ``webkit_screen``), the OS switch
    the day needs: below iOS 17.4 / macOS 14.4 the adapter cannot start an https-callback session
    and reports `unavailable`."""

    def __init__(self, browser):
        super().__init__(browser)
        self.available = True
        self.unavailable: list[dict] = []  # attempts reported unavailable
        self.contexts: list[str] = []  # every context an attempt ran in

    def start(self, attempt: dict):
        if not self.available:
            self.attempt, self.callback = attempt, None
            self.unavailable.append(attempt)
            return
        super().start(attempt)
        context = self.shared_context
        if context and context not in self.contexts:
            self.contexts.append(context)


class Authenticator(OSSwitch, AuthenticationSession):
    """The system authentication session in Chromium, with the OS switch."""


class AuthDay(Day):
    """The auth day, against one app (host + Chromium), the notes web app and the fake keymail."""

    def __init__(self, app: App, server: Server, native: NativeSide, checks: Checks, auth: Authenticator):
        super().__init__(app, server, native, checks)
        self.auth = auth

    # --- helpers ----------------------------------------------------------------------------------

    def poll(self, page: WebScreen, expression: str, expected, what: str, timeout: float = 20):
        """Evaluates ``expression`` until it equals ``expected`` (a hang guard: a document being
        replaced makes an evaluation fail, which is retried)."""
        deadline = time.monotonic() + hang_guard(timeout)
        last = None
        while time.monotonic() < deadline:
            try:
                last = page.evaluate(expression)
                if last == expected:
                    return
            except HarnessError as error:
                last = error
            page.settle(0.1)
        raise HarnessError(f"{what}: {expression} was {last!r}, expected {expected!r}")

    def cookies(self, context) -> list[str]:
        """The names of the cookies a browser context (a web context in WebKit) holds for the app's host."""
        return self.app.browser.cookie_names(context, HOST)

    def authenticate_effects(self) -> list[dict]:
        return [e for e in self.app.effects if "authenticate" in e]

    def begin(self, sheet: int, address: str, what: str):
        """Types the address into the sign-in page (once its proof of work is solved) and taps its
        button, as a person does."""
        page = self.app.page(sheet)
        self.poll(page, "document.querySelector('form.stack button[type=submit]')?.disabled", False,
                  f"{what}: the sign-in form ready (proof of work solved in its worker)")
        self.fill(sheet, {"address": address})
        self.click(sheet, "form.stack button[type=submit]")

    def wait_authenticate(self, count: int, what: str) -> dict:
        """Waits for the core's ``count``th authenticate effect; returns its body."""
        self.app.until(lambda: len(self.authenticate_effects()) >= count, f"{what}: an authenticate effect")
        return self.authenticate_effects()[count - 1]["authenticate"]

    def keymail_page(self, inbox: str, decision: str, what: str) -> str:
        """At keymail's page in the session: the person names the inbox and decides; returns the
        callback URL the session captured."""
        page = self.auth.page
        self.poll(page, "!!document.getElementById('allow')", True, f"{what}: keymail's page")
        page.evaluate(f"document.getElementById('address').value = {json.dumps(inbox)}")
        page.evaluate(f"document.getElementById({json.dumps(decision)}).click()", gesture=True)
        self.app.until(lambda: self.auth.callback is not None, f"{what}: the session's callback")
        return self.auth.callback

    def ended(self, sheet: int, attempt: dict, outcome: str, **fields) -> dict:
        return self.app.ask({"op": "keymailEnded", "screen": sheet, "attempt": attempt["attempt"],
                             "outcome": outcome, **fields})

    def sign_in_with_keymail(self, sheet: int, label: str, count: int) -> dict:
        """Begin → the continue page → the core's authenticate effect → keymail → the callback."""
        self.begin(sheet, KEYMAIL_USER, label)
        attempt = self.wait_authenticate(count, label)
        callback = self.keymail_page(KEYMAIL_USER, "allow", label)
        return {"attempt": attempt, "callback": callback}

    # --- the day ----------------------------------------------------------------------------------

    def launch(self):
        since = self.mark()
        self.app.ask({"op": "launch"})
        sheet = self.wait_sheet("/signin", since, "launch")
        self.start = self.app.state["stack"][0]["screen"]
        self.equal("launch: /bookmarks 303s to the bare /signin (auth carries no return_to); the host answers signIn",
                   self.navigations(self.start),
                   [("/bookmarks", "link", "load"), ("/signin", "redirect", "signIn")])
        self.equal("launch: the start screen waits under the sign-in sheet",
                   (describe(self.app.state["stack"][0])["display"], describe(self.sheet())["role"]),
                   ("signInRequired", "signIn"))
        self.equal("launch: the Ask step (DOM)", self.text(sheet, "h1"), "Sign in")

    def keymail(self):
        sheet = self.sheet()["screen"]
        start_navigations = len(self.app.page(sheet).navigations)
        self.begin(sheet, KEYMAIL_USER, "keymail")
        attempt = self.wait_authenticate(1, "keymail")
        parts = urlsplit(attempt["url"])
        query = parse_qs(parts.query)
        self.equal("keymail: the core hands keymail's authorize URL to the system session (https, the listed host, "
                   "the callback on the app's host and /auth/callback, the URL's own state)",
                   (parts.scheme, parts.hostname, parts.path, attempt["callbackHost"], attempt["callbackPath"],
                    attempt["state"] == query["state"][0], attempt["ephemeral"]),
                   ("https", KEYMAIL_HOST, "/oauth/authorize", HOST, "/auth/callback", True, False))
        self.equal("keymail: the sign-in screen posted Begin, loaded the continue page, and its meta refresh to "
                   "keymail was cancelled in the web view (authenticate)",
                   [(u.split("?")[0] if u.startswith(KEYMAIL) else u.split("=")[0], kind, action)
                    for u, kind, action in self.navigations(sheet, start_navigations)],
                   [("/signin", "formSubmission", "load"), ("/signin?continue", "redirect", "load"),
                    (f"{KEYMAIL}/oauth/authorize", "link", "authenticate")])
        self.equal("keymail: the web view's jar holds the pending and continue cookies",
                   self.cookies(self.app.context), [COOKIE_PREFIX + "continue", COOKIE_PREFIX + "pending"])
        callback = self.keymail_page(KEYMAIL_USER, "allow", "keymail")
        self.equal("keymail: the session stops at the callback; it is never loaded there (the request is failed)",
                   [u for u in self.auth.requests if u.startswith(ORIGIN)], [callback])
        session_context = self.auth.shared_context
        self.equal("keymail: the system session runs in a browser context of its own",
                   session_context not in (None, self.app.context), True)

        # Negative control: the same callback loaded in the session's jar (what Safari would do).
        control = self.app.plain_tab(session_context)
        try:
            control.load(callback)
            self.equal("keymail, negative control: the callback in the session's jar answers expired (no pending "
                       "cookie there) and signs nobody in",
                       (control.evaluate("location.href"), self.server.state()["liveSessions"]),
                       (url("/signin?err=expired"), 0))
        finally:
            control.close()

        since = self.mark()
        answer = self.ended(sheet, attempt, "callback", url=callback)
        self.equal("keymail: the core checks the callback and loads it in the sign-in screen",
                   answer.get("completion"), {"loadingCallback": callback})
        self.wait_loaded(self.start, "/bookmarks", since, "keymail")
        self.equal("keymail: the callback's 303 to / ends sign-in; the sheet is gone; the start screen continues",
                   (self.navigations(sheet)[-2:], self.sheet(), [e["display"] for e in self.stack()]),
                   ([(callback[len(ORIGIN):], "link", "load"), ("/", "redirect", "signInEnded")], None, ["content"]))
        self.equal("keymail: the session cookie is in the web view's jar only (pending and continue spent)",
                   (COOKIE_PREFIX + "session" in self.cookies(self.app.context),
                    [n for n in self.cookies(self.app.context) if n in (COOKIE_PREFIX + "pending", COOKIE_PREFIX + "continue")],
                    self.cookies(session_context)),
                   (True, [], []))
        self.equal("keymail: the server has one live session", self.server.state()["liveSessions"], 1)

    def step_up(self):
        self.server.request("POST", "/_test/stale-sessions")
        target = self.server.state()["users"][0]["bookmarks"][0]["id"]
        path = f"/bookmarks/{target}/delete"
        since = self.mark()
        self.app.ask({"op": "openURL", "url": url(path)})
        sheet = self.wait_sheet("/signin?reauth=1", since, "step-up")
        waiting = self.app.state["stack"][-1]["screen"]
        self.equal("step-up: the delete page, opened as a link, 303s to /signin?reauth=1; it waits under the sheet",
                   (self.navigations(waiting), describe(self.app.state["stack"][-1])["display"]),
                   ([(path, "link", "load"), ("/signin?reauth=1", "redirect", "signIn")], "signInRequired"))
        self.equal("step-up: the page asks to confirm, with the address filled in (DOM)",
                   (self.text(sheet, "h1"), self.app.page(sheet).evaluate("document.getElementById('address').value")),
                   ("Confirm it’s you", KEYMAIL_USER))
        count = len(self.authenticate_effects()) + 1
        self.begin(sheet, KEYMAIL_USER, "step-up")
        attempt = self.wait_authenticate(count, "step-up")
        self.equal("step-up: keymail is asked to re-authenticate (prompt=login passes the core's rule)",
                   parse_qs(urlsplit(attempt["url"]).query).get("prompt"), ["login"])
        callback = self.keymail_page(KEYMAIL_USER, "allow", "step-up")
        since = self.mark()
        self.ended(sheet, attempt, "callback", url=callback)
        self.wait_loaded(waiting, path, since, "step-up")
        self.equal("step-up: the waiting screen continues to the delete page (native remembered it)",
                   (self.sheet(), self.text(waiting, "h1")), (None, "Delete bookmark?"))
        self.back_to_start = waiting

    def sign_out(self, label: str = "sign-out") -> int:
        before = set(self.app.screens)
        since = self.mark()
        self.equal(f"{label}: the page submits its sign-out form", self.command("signOut").get("request"), "invoke")
        self.app.until(lambda: before <= set(self.app.closed) and self.sheet() is not None, label)
        self.start = self.app.state["stack"][0]["screen"]
        sheet = self.wait_sheet("/signin", since, label)
        self.equal(f"{label}: auth's sign-out lands on /signin; the app waits at its start",
                   ([e["display"] for e in self.stack()], describe(self.sheet())["url"]), (["signInRequired"], url("/signin")))
        self.equal(f"{label}: no live session", self.server.state()["liveSessions"], 0)
        return sheet

    def crafted(self):
        sheet = self.sheet()["screen"]
        self.begin(sheet, KEYMAIL_USER, "crafted")
        good = self.wait_authenticate(len(self.authenticate_effects()) + 1, "crafted")
        parts = urlsplit(good["url"])
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}

        def variant(**change) -> str:
            q = dict(query)
            for k, v in change.items():
                if v is None:
                    q.pop(k, None)
                else:
                    q[k] = v
            return f"{KEYMAIL}/oauth/authorize?" + urlencode(q)

        crafted = {
            "a wrong redirect_uri": variant(redirect_uri="https://evil.test/auth/callback"),
            "an extra parameter": variant(response_type="code"),
            "prompt=none": variant(prompt="none"),
            "an unlisted host": good["url"].replace(KEYMAIL, "https://keymail.evil", 1),
            "a fragment": good["url"] + "#x",
            "userinfo": good["url"].replace("https://", "https://someone@", 1),
            "a trailing slash": good["url"].replace("/oauth/authorize?", "/oauth/authorize/?", 1),
            "an encoded slash": good["url"].replace("/oauth/authorize?", "/oauth%2Fauthorize?", 1),
            "another path": good["url"].replace("/oauth/authorize?", "/login/oauth/authorize?", 1),
        }
        reasons = {
            "a wrong redirect_uri": "parameter 'redirect_uri' has a value the rule refuses",
            "an extra parameter": "parameter 'response_type=code' is not allowed",
            "prompt=none": "parameter 'prompt' has a value the rule refuses",
            "an unlisted host": "keymail server 'keymail.evil' is not in keymailServers",
            "a fragment": "the URL has a fragment",
            "userinfo": "the URL does not read strictly: userinfo",
            "a trailing slash": "the path is not /oauth/authorize",
            "an encoded slash": "the path is not /oauth/authorize",
            "another path": "the path is not /oauth/authorize",
        }
        page = self.app.page(sheet)
        effects = len(self.authenticate_effects())
        self.equal("crafted: nothing was refused before", self.refusals(), [])
        for name, target in crafted.items():
            start, refused = len(page.navigations), len(self.refusals())
            page.evaluate(f"location.href = {json.dumps(target)}")
            self.app.until(lambda: len(page.navigations) > start, f"crafted ({name}): the decision")
            decided = page.navigations[start]
            self.app.until(lambda: len(self.refusals()) > refused, f"crafted ({name}): its refusal")
            said = self.refusals()[refused:]
            self.equal(f"crafted authorize URL ({name}): refused (never loaded, handed to the system session or "
                       "a browser), reported once, naming the rule it failed",
                       (decided["url"], decided["action"], decided.get("decision"), decided.get("refusal"), len(said), said[0]["kind"],
                        said[0]["text"].startswith(f"refused keymail authorize URL {target}: ") and reasons[name] in said[0]["text"]),
                       (target, "leave", "refused", "keymail-authorize-url", 1, "signIn", True))
        self.equal("crafted: no authenticate effect for any of them", len(self.authenticate_effects()), effects)
        # A valid authorize URL reached by window.open (a new window) starts the session as the
        # continue page's meta refresh does, replacing the attempt under way; never a browser.
        start, refused, cancelled = len(page.navigations), len(self.refusals()), list(self.auth.cancelled)
        page.evaluate(f"(window.open({json.dumps(good['url'])}, '_blank'), true)")
        opened = self.wait_authenticate(effects + 1, "crafted: window.open of a valid authorize URL")
        decided = [n for n in page.navigations[start:] if n["kind"] == "newWindow"]
        self.equal("crafted: a valid authorize URL opened by window.open starts the authentication session, the "
                   "attempt under way cancelled, nothing refused",
                   ([(n["url"], n["action"]) for n in decided], opened["url"], self.auth.cancelled[len(cancelled):],
                    self.refusals()[refused:]),
                   ([(good["url"], "authenticate")], good["url"], [good["attempt"]], []))
        good = opened
        # The session comes back with a callback whose state is not the started URL's (planted).
        planted = url("/auth/callback?" + urlencode({"code": "planted", "state": "A" * 43}))
        refused = len(self.refusals())
        since = self.mark()
        answer = self.ended(sheet, good, "callback", url=planted)
        self.wait_loaded(sheet, "/signin?force=1&err=keymail", since, "crafted: a planted callback")
        self.equal("crafted: a callback with another state is not loaded; the person is offered a link instead",
                   (answer.get("completion", {}).get("sendingALinkInstead"),
                    [n["url"] for n in page.navigations if n["url"].startswith(url("/auth/callback"))],
                    [r["kind"] for r in self.refusals()[refused:]]),
                   (url("/signin?force=1&err=keymail"), [], ["signIn"]))
        self.refused_by_crafted = len(self.refusals())

    def overlapping(self):
        sheet = self.sheet()["screen"]
        page = self.app.page(sheet)
        since = self.mark()
        page.evaluate("location.href = '/signin'")
        self.wait_loaded(sheet, "/signin", since, "overlapping: a fresh Ask")
        count = len(self.authenticate_effects())
        first = self.sign_in_with_keymail(sheet, "overlapping: the first attempt", count + 1)
        # The person goes back and starts again before the first attempt reports.
        since = self.mark()
        page.evaluate("location.href = '/signin'")
        self.wait_loaded(sheet, "/signin", since, "overlapping: back to Ask")
        cancelled = list(self.auth.cancelled)
        self.begin(sheet, KEYMAIL_USER, "overlapping: the second attempt")
        second = self.wait_authenticate(count + 2, "overlapping: the second attempt")
        self.equal("overlapping: the second attempt cancels the first (one session at a time)",
                   (self.auth.cancelled[len(cancelled):], second["attempt"] != first["attempt"]["attempt"]),
                   ([first["attempt"]["attempt"]], True))
        answer = self.ended(sheet, first["attempt"], "callback", url=first["callback"])
        self.equal("overlapping: the first attempt's late callback is ignored by the core",
                   answer.get("completion"), {"ignored": True})
        # Planted anyway (a link in a page): the server answers expired and keeps attempt 2's cookies.
        since = self.mark()
        jar = self.cookies(self.app.context)
        page.evaluate(f"location.href = {json.dumps(first['callback'])}")
        self.app.until(lambda: any(n["url"].startswith(url("/signin?err=expired")) for n in page.navigations[-2:]),
                       "overlapping: the planted callback")
        self.equal("overlapping: a planted late callback answers expired and leaves the newer attempt's cookies",
                   self.cookies(self.app.context), jar)
        callback = self.keymail_page(KEYMAIL_USER, "allow", "overlapping: the second attempt")
        since = self.mark()
        self.equal("overlapping: the second attempt's callback loads",
                   self.ended(sheet, second, "callback", url=callback).get("completion"), {"loadingCallback": callback})
        self.wait_loaded(self.start, "/bookmarks", since, "overlapping")
        self.equal("overlapping: signed in by the second attempt", (self.sheet(), self.server.state()["liveSessions"]),
                   (None, 1))

    def link_instead(self):
        sheet = self.sheet()["screen"]
        count = len(self.authenticate_effects())
        self.begin(sheet, KEYMAIL_USER, "cancel")
        attempt = self.wait_authenticate(count + 1, "cancel")
        since = self.mark()
        answer = self.ended(sheet, attempt, "cancelled")
        fallback = url("/signin?force=1&err=keymail")
        self.equal("cancel: the core sends the person to the page's own \"send a link instead\" state",
                   answer.get("completion", {}).get("sendingALinkInstead"), fallback)
        self.wait_loaded(sheet, "/signin?force=1&err=keymail", since, "cancel")
        self.equal("cancel: the page offers a link (DOM)",
                   (self.text(sheet, "[role=alert]"), self.text(sheet, "form.stack button[type=submit]")),
                   ("Keymail sign-in didn’t finish. We’ll email you a sign-in link instead.", "Email me a sign-in link"))
        since = self.mark()
        self.begin(sheet, KEYMAIL_USER, "link instead")
        self.app.until(lambda: "sent=1" in (self.sheet() or {}).get("url", ""), "link instead: the Sent step")
        self.wait_loaded(sheet, None, since, "link instead")
        self.poll(self.app.page(sheet), "document.querySelector('#signin-sent h1')?.textContent", "Check your email",
                  "link instead: the Sent step (DOM)")
        link = self.server.links(KEYMAIL_USER)[-1]
        self.equal("link instead: a link was mailed, of the magic-link shape",
                   link.startswith(url("/auth/verify?token=")), True)

        # A cross-origin POST of the token (another site's form): 403, and the link survives.
        other = self.app.plain_tab(self.app.context)
        try:
            other.load(f"{KEYMAIL}/.well-known/keymail")
            token = parse_qs(urlsplit(link).query)["token"][0]
            other.evaluate(
                "(() => { const f = document.createElement('form'); f.method = 'post';"
                f" f.action = {json.dumps(url('/auth/verify'))}; const i = document.createElement('input');"
                f" i.name = 'token'; i.value = {json.dumps(token)}; f.append(i); document.body.append(f); f.submit(); }})()")
            self.poll(other, "document.body?.innerText.trim()", "cross-origin form submission refused",
                      "a cross-origin redeem")
            self.equal("magic link: a cross-origin POST is refused and signs nobody in",
                       self.server.state()["liveSessions"], 0)
        finally:
            other.close()

        since = self.mark()
        self.app.ask({"op": "openURL", "url": link})
        self.app.until(lambda: (self.sheet() or {}).get("url") == link, "magic link: the sheet")
        sheet = self.sheet()["screen"]
        self.wait_loaded(sheet, link[len(ORIGIN):], since, "magic link")
        self.equal("magic link: the universal link opens the confirm page in the sign-in sheet; nothing is posted "
                   "by itself (DOM, server)",
                   (self.text(sheet, "h1"), self.text(sheet, "main form button"), self.server.state()["liveSessions"]),
                   (f"Sign in to {HOST}", "Sign in", 0))
        since = self.mark()
        self.click(sheet, "main form button")
        self.wait_loaded(self.start, "/bookmarks", since, "magic link: the tap")
        self.equal("magic link: the person's tap signs in (the link survived the refused POST)",
                   (self.sheet(), self.server.state()["liveSessions"]), (None, 1))
        self.link = link

    def replay(self):
        sheet = self.sign_out("sign-out again")
        since = self.mark()
        self.app.ask({"op": "openURL", "url": self.link})
        self.app.until(lambda: (self.sheet() or {}).get("url") == self.link, "replay: the sheet")
        sheet = self.sheet()["screen"]
        self.wait_loaded(sheet, self.link[len(ORIGIN):], since, "replay")
        since = self.mark()
        self.click(sheet, "main form button")
        self.wait_loaded(sheet, "/signin?err=expired", since, "replay")
        self.equal("replay: a spent link answers expired; the sheet stays on sign-in (DOM, server)",
                   (self.text(sheet, "[role=alert]"), describe(self.sheet())["role"], self.server.state()["liveSessions"]),
                   ("That sign-in link or attempt has expired. Ask for a new one.", "signIn", 0))

    def totp(self):
        sheet = self.sheet()["screen"]
        since = self.mark()
        self.begin(sheet, TOTP_USER, "TOTP")
        self.app.until(lambda: "sent=1" in (self.sheet() or {}).get("url", ""), "TOTP: the Sent step")
        link = self.server.links(TOTP_USER)[-1]
        since = self.mark()
        self.app.ask({"op": "openURL", "url": link})
        self.app.until(lambda: (self.sheet() or {}).get("url") == link, "TOTP: the link")
        sheet = self.sheet()["screen"]
        self.wait_loaded(sheet, link[len(ORIGIN):], since, "TOTP: the link")
        since = self.mark()
        self.click(sheet, "main form button")
        self.wait_loaded(sheet, "/signin/confirm", since, "TOTP: the second factor")
        self.equal("TOTP: the first factor holds at /signin/confirm; the sheet keeps waiting (host, server)",
                   (describe(self.sheet())["url"], [e["display"] for e in self.stack()], self.server.state()["liveSessions"]),
                   (url("/signin/confirm"), ["signInRequired"], 0))
        since = self.mark()
        self.fill(sheet, {"code": "000000" if self.server.totp(TOTP_USER) != "000000" else "111111"})
        self.click(sheet, "form.stack button[type=submit]")
        self.wait_loaded(sheet, "/signin/confirm?totp=failed", since, "TOTP: a wrong code")
        self.equal("TOTP: a wrong code stays in the sheet with the page's message (DOM)",
                   self.text(sheet, "[role=alert]"), "That code didn’t work. Try again.")
        since = self.mark()
        self.fill(sheet, {"code": self.server.totp(TOTP_USER)})
        self.click(sheet, "form.stack button[type=submit]")
        self.wait_loaded(self.start, "/bookmarks", since, "TOTP: the right code")
        self.equal("TOTP: the right code ends sign-in; the start screen continues (host, server)",
                   (self.sheet(), [e["display"] for e in self.stack()], self.server.state()["liveSessions"]),
                   (None, ["content"], 1))

    def unavailable(self):
        sheet = self.sign_out("sign-out before the fallback")
        self.auth.available = False
        count = len(self.authenticate_effects())
        self.begin(sheet, KEYMAIL_USER, "below iOS 17.4")
        attempt = self.wait_authenticate(count + 1, "below iOS 17.4")
        since = self.mark()
        answer = self.ended(sheet, attempt, "unavailable")
        self.wait_loaded(sheet, "/signin?force=1&err=keymail", since, "below iOS 17.4")
        self.equal("below iOS 17.4 / macOS 14.4: no session is started; the person is offered a link",
                   (answer.get("completion", {}).get("sendingALinkInstead"), self.text(sheet, "form.stack button[type=submit]")),
                   (url("/signin?force=1&err=keymail"), "Email me a sign-in link"))
        self.auth.available = True

    def hygiene(self):
        pages = list(self.app.screens.values()) + list(self.app.closed.values())
        problems = [f"{p.get('url', '')} {p['text']}" for page in pages for p in page.problems
                    if not p.get("url", "").endswith("/favicon.ico")]
        self.equal("the day: no console error, exception or CSP violation in the app's screens", sorted(problems), [])
        documents = [d for page in pages for d in page.documents if d["url"].startswith(ORIGIN)]

        def expected_csp(document: dict) -> list[str]:
            confirm = urlsplit(document["url"]).path == "/auth/verify" and document["status"] == 200
            return [SHIPPED_CSP] + (["frame-ancestors 'none'"] if confirm else [])

        def policies(document: dict) -> list[str]:
            """The document's CSP policies: one per header, or per comma of one header (RFC 9110
            lets a recipient combine repeated fields with commas; WebKit reports them so)."""
            value = document["headers"].get("content-security-policy") or ""
            return [p.strip() for p in value.replace("\n", ",").split(",") if p.strip()]

        self.equal("the day: every app page arrived with the web app's strict CSP, unchanged (the magic link's confirm "
                   "page adds its own frame-ancestors header)",
                   [(d["url"], policies(d)) for d in documents if policies(d) != expected_csp(d)], [])
        self.equal("the day: the confirm page was among them", any(len(expected_csp(d)) > 1 for d in documents), True)
        self.equal("the day: the session cookie never reached a system-session context",
                   [c for context in self.auth.contexts for c in self.cookies(context) if c.endswith("session")], [])
        self.equal("the day: nothing refused after the crafted URLs", self.refusals()[self.refused_by_crafted:], [])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", required=True, help="the notes companion's native side (NotesBrowserHost)")
    parser.add_argument("--server", required=True, help="the notes web app (./cmd/notes-web)")
    parser.add_argument("--keymail", required=True, help="the fake keymail server (./cmd/keymail-fake)")
    parser.add_argument("--page-actions", required=True, help="the generated page-actions.js")
    parser.add_argument("--engine", choices=("chromium", "webkit"), default="chromium",
                        help="chromium (webscreen.py) or webkit (webkit_screen.py; run with scripts/webkit-run.sh)")
    options = parser.parse_args()
    page_actions = read_text(options.page_actions)

    checks = Checks()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="notes-auth-day-") as directory:
        certificate = Certificate([HOST, KEYMAIL_HOST], directory)
        keymail = server = browser = native = None
        try:
            keymail = LoopbackServer([options.keymail, "-addr", "127.0.0.1:0", "-domain", KEYMAIL_HOST,
                               "-cert", certificate.cert_path, "-key", certificate.key_path])
            server = Server(options.server, certificate, keymail.port)
            print(f"notes web app (-signin auth): {ORIGIN} on 127.0.0.1:{server.port}; keymail: {KEYMAIL} on "
                  f"127.0.0.1:{keymail.port}")
            native = NativeSide([options.host, "--session", "auth", "--keymail-servers", KEYMAIL_HOST])
            engine, browser = open_browser(options.engine, [HOST], server.port, certificate,
                                           routes={KEYMAIL_HOST: keymail.port})
            authenticator = (Authenticator if options.engine == "chromium"
                             else type("Authenticator", (OSSwitch, engine.AuthenticationSession), {}))
            auth = authenticator(browser)
            app = engine.App(browser, native, page_actions=page_actions, authenticator=auth)
            day = AuthDay(app, server, native, checks, auth)
            steps = [
                ("launch, signed out", day.launch),
                ("keymail sign-in", day.keymail),
                ("step-up", day.step_up),
                ("sign out", day.sign_out),
                ("crafted authorize URLs", day.crafted),
                ("overlapping attempts", day.overlapping),
                ("sign out", lambda: day.sign_out("sign-out after overlapping")),
                ("cancel, then a magic link", day.link_instead),
                ("replay", day.replay),
                ("TOTP", day.totp),
                ("below iOS 17.4", day.unavailable),
                ("hygiene", day.hygiene),
            ]
            # One story, as the notes day: a step that cannot finish ends it.
            checks.run_steps(steps, (HarnessError, KeyError, TypeError, IndexError, StopIteration, AttributeError),
                             typed=True, story=True)
        except HarnessError as error:
            checks.fail("harness", error)
        finally:
            close_all(browser, native, server, keymail)
    return checks.report(started)


if __name__ == "__main__":
    sys.exit(main())
