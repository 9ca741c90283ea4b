#!/usr/bin/env python3
"""The notes companion's whole day in headless Chromium (`make browser-notes`).

    notes_check.py --host BIN --server BIN --page-actions FILE [--screenshots DIR]

BIN paths: the notes companion's native side (examples/notes, product NotesBrowserHost; its line
protocol is examples/notes/BrowserHost/PROTOCOL.md) and the notes web app (examples/notes/web,
./cmd/notes-web). FILE: the generated page-actions.js (`rastrillo-native manifest build
examples/notes/Sources/NotesCore/app-manifest.json --out DIR`).

The web app runs over HTTPS on loopback under the manifest's host (notes.example.com) with
`-test-hooks`; every screen the host opens is its own Chromium page in one browser context; the
page-actions script runs in its own isolated world. Each step of the day is asserted from three
places: the page's DOM, the server's state (`GET /_test/state`) and the host's state (stack,
sheet, commands, confirmation).

Exit 0 when every check passed; 1 with each failure listed.
"""

from __future__ import annotations

import argparse
import json
import os
import ssl
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness_common import (  # noqa: E402
    Checks, HarnessError, LoopbackServer, close_all, https_request, open_browser, read_text,
)
from webscreen import PAGE_ACTIONS_WORLD, App, Certificate, NativeSide, WebScreen  # noqa: E402

# The web app's Content-Security-Policy (the framework's v0.27 policy, verbatim): every page the day
# loads must arrive with it, unchanged — the harness never bypasses it.
SHIPPED_CSP = (
    "default-src 'self'; style-src 'self' 'unsafe-hashes' 'sha256-yJxAE4rjdcckohdlnvecSporPcqS9xOaA4hJxi87LMc='; "
    "img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
HOST = "notes.example.com"
ORIGIN = f"https://{HOST}"
EMAIL, PASSWORD = "demo@example.com", "demo-password"
ALL_COMMANDS = [
    "deleteBookmark", "editBookmarkCommand", "newBookmarkCommand", "publishBookmark", "signOut", "unpublishBookmark",
]


def url(path: str) -> str:
    return ORIGIN + path


class Server(LoopbackServer):
    """The notes web app on loopback: its HTTPS port and its test hooks."""

    def __init__(self, binary: str, certificate: Certificate, extra_arguments: tuple[str, ...] = ()):
        self.certificate = certificate
        super().__init__([binary, "-addr", "127.0.0.1:0", "-origin", ORIGIN, "-cert", certificate.cert_path,
                          "-key", certificate.key_path, "-test-hooks", *extra_arguments])
        self.context = ssl.create_default_context(cafile=certificate.cert_path)

    def answer(self, method: str, path: str, expect: int = 200) -> bytes:
        """A request to the app under its real host name (TLS checked against the throwaway
        certificate), as a same-origin POST when it is one (the CSRF check's `Origin`); its body,
        once it answered ``expect``."""
        status, body = https_request(HOST, self.port, self.context, method, path,
                                     {"Origin": ORIGIN} if method == "POST" else {})
        if status != expect:
            raise HarnessError(f"{method} {path} answered {status}: {body[:200]!r}")
        return body

    def request(self, method: str, path: str) -> dict:
        return json.loads(self.answer(method, path))

    def state(self) -> dict:
        return self.request("GET", "/_test/state")

    def bookmarks(self) -> list[dict]:
        return next(u["bookmarks"] for u in self.state()["users"] if u["email"] == EMAIL)


def describe(entry: dict | None):
    """A screen of the host's state, as the checks compare it."""
    if entry is None:
        return None
    described = {
        "screen": entry["screen"], "destination": entry.get("destination"), "url": entry.get("url"),
        "display": entry.get("display"), "role": entry.get("role"),
    }
    if entry.get("params"):
        described["params"] = entry["params"]
    if entry.get("failure"):
        described["failure"] = entry["failure"]
    return described


class Day:
    """The notes day, step by step, against one app (host + Chromium) and one server."""

    def __init__(self, app: App, server: Server, native: NativeSide, checks: Checks):
        self.app = app
        self.server = server
        self.native = native
        self.checks = checks
        self.equal = checks.equal
        # Problems the browser reports that a step expects (an HTTP 4xx page it loads on purpose).
        self.expected_problems: list[str] = []

    # --- waiting --------------------------------------------------------------------------------

    def mark(self) -> dict:
        """Where each open page's events and reports stand now."""
        return {n: (len(p.screen_events), len(p.reports)) for n, p in self.app.screens.items()}

    def loaded(self, number: int, path: str | None, since: dict) -> bool:
        """Screen ``number`` finished a load (of ``path``, when given) after ``since``, its
        page-actions script reported on that document, and the host shows its content."""
        page = self.app.screens.get(number)
        if page is None:
            return False
        events, reports = since.get(number, (0, 0))
        entry = self.app.entry(number) or {}
        return (
            any(e["type"] == "finished" for e in page.screen_events[events:])
            and any(path is None or r["url"] == url(path) for r in page.reports[reports:])
            and entry.get("display") == "content"
        )

    def wait_loaded(self, number: int, path: str, since: dict, what: str):
        self.app.until(lambda: self.loaded(number, path, since), f"{what}: screen {number} to load {path}")

    def wait_failed(self, number: int, since: dict, what: str):
        def failed():
            page = self.app.screens.get(number)
            events = since.get(number, (0, 0))[0]
            return page is not None and any(e["type"] in ("finished", "failed") for e in page.screen_events[events:]) \
                and (self.app.entry(number) or {}).get("display") == "failed"
        self.app.until(failed, f"{what}: screen {number} to show its failure")

    def sheet(self) -> dict | None:
        return self.app.state.get("sheet")

    def wait_sheet(self, path: str, since: dict, what: str) -> int:
        """Waits for the sign-in sheet to load its first page, which must be ``path``; returns its
        screen id."""
        self.app.until(lambda: self.sheet() is not None, f"{what}: the sign-in sheet")
        number = self.sheet()["screen"]
        self.app.until(lambda: self.loaded(number, None, since), f"{what}: the sign-in sheet to load")
        self.equal(f"{what}: the sheet shows {path}", self.sheet()["url"], url(path))
        self.wait_loaded(number, path, since, what)
        return number

    def wait_decided(self, number: int, kind: str, start: int, what: str):
        """Waits until screen ``number`` decided a navigation of ``kind`` after its ``start``th."""
        def decided():
            page = self.app.screens.get(number) or self.app.closed.get(number)
            return page is not None and any(n["kind"] == kind for n in page.navigations[start:])
        self.app.until(decided, f"{what}: a {kind} on screen {number}")

    def navigations(self, number: int, start: int = 0) -> list[tuple]:
        page = self.app.screens.get(number) or self.app.closed[number]
        return [(n["url"][len(ORIGIN):] if n["url"].startswith(ORIGIN) else n["url"], n["kind"], n["action"])
                for n in page.navigations[start:] if n["main"]]

    # --- reading --------------------------------------------------------------------------------

    def text(self, number: int, selector: str):
        return self.app.page(number).evaluate(
            f"document.querySelector({json.dumps(selector)})?.textContent.trim() ?? null"
        )

    def texts(self, number: int, selector: str) -> list:
        return self.app.page(number).evaluate(
            f"Array.from(document.querySelectorAll({json.dumps(selector)}), (e) => e.textContent.trim())"
        )

    def snapshot(self, number: int) -> tuple:
        """What a waiting screen's page shows: its URL and its whole DOM."""
        page = self.app.page(number)
        return (page.evaluate("location.href"), page.evaluate("document.documentElement.outerHTML"))

    def contexts(self) -> list:
        """The cookie stores of the open screens' pages, as the browser reports them."""
        return self.app.cookie_stores()

    def stack(self) -> list:
        return [describe(e) for e in self.app.state.get("stack", [])]

    def host_state(self) -> dict:
        return self.app.ask({"op": "state"})["state"]

    def refusals(self) -> list:
        return self.native.ask({"op": "refusals"})["refusals"]

    # --- acting ---------------------------------------------------------------------------------

    def fill(self, number: int, values: dict):
        """Types into the page's fields (by id) as a person would: value set, input event."""
        page = self.app.page(number)
        for field, value in values.items():
            page.evaluate(
                f"(() => {{ const e = document.getElementById({json.dumps(field)}); e.value = {json.dumps(value)};"
                " e.dispatchEvent(new Event('input', {bubbles: true})); })()"
            )

    def click(self, number: int, selector: str):
        self.app.page(number).evaluate(f"document.querySelector({json.dumps(selector)}).click()", gesture=True)

    def command(self, identifier: str) -> dict:
        return self.app.ask({"op": "command", "id": identifier})

    def expect_problem(self, path: str, status: int):
        self.expected_problems.append(f"{url(path)} {self.app.failed_load_text(status)}")

    def expect_plain_text_page(self, path: str, status: int):
        """A 4xx answered in text/plain (``http.Error``), which the web view shows as it arrives."""
        self.expect_problem(path, status)
        if self.app.browser.engine == "webkit":
            # A known engine difference, pinned by make webkit-questions: WebKit shows a text/plain
            # document as <pre style="word-wrap: break-word; white-space: pre-wrap;">, and the page's
            # style-src (no 'unsafe-inline') blocks that attribute and reports it. Chromium does not.
            self.expected_problems.append(f"{url(path)} style-src-attr blocked inline")

    # --- the day --------------------------------------------------------------------------------

    def launch(self):
        since = self.mark()
        self.app.ask({"op": "launch"})
        sheet = self.wait_sheet("/signin?return_to=%2Fbookmarks", since, "launch")
        self.start = self.app.state["stack"][0]["screen"]
        self.equal(
            "launch, signed out: the start screen's load 303s to sign-in, which the host answers signIn",
            self.navigations(self.start),
            [("/bookmarks", "link", "load"), ("/signin?return_to=%2Fbookmarks", "redirect", "signIn")],
        )
        self.equal(
            "launch: the start screen waits under the sheet (stack)",
            self.stack(),
            [{"screen": self.start, "destination": "bookmarks", "url": url("/bookmarks"), "display": "signInRequired",
              "role": "content"}],
        )
        self.equal(
            "launch: the sheet shows sign-in with the server's return_to",
            describe(self.sheet()),
            {"screen": sheet, "destination": "signIn", "url": url("/signin?return_to=%2Fbookmarks"),
             "display": "content", "role": "signIn"},
        )
        self.equal("launch: the sheet is the visible screen", self.app.state.get("visible"), sheet)
        self.equal("launch: on the sign-in page only the Language menu is enabled (its locale menu)",
                   self.app.enabled(), ["switchLanguage"])
        self.equal(
            "launch: the sign-in page (DOM: heading, return_to field)",
            (self.text(sheet, "h1"), self.app.page(sheet).evaluate('document.querySelector("[name=return_to]").value')),
            ("Sign in", "/bookmarks"),
        )
        self.equal("launch: the server has no live session", self.server.state()["liveSessions"], 0)
        self.equal(
            "launch: one browser context holds every screen's page (one cookie store)",
            self.contexts(),
            [self.app.store()],
        )
        self.waiting = self.snapshot(self.start)
        self.equal("launch: the waiting start screen's page loaded nothing", self.waiting[0], "about:blank")
        self.isolation(sheet)

    def isolation(self, number: int):
        """The page-actions script lives in its own world: the page's scripts see none of it."""
        page = self.app.page(number)
        probe = ("[typeof globalThis.webkit, typeof globalThis.rastrilloPageActions, "
                 "typeof globalThis.__webScreenHarnessPageActions]")
        self.equal("isolation: the page's own world has no handler, script global or binding",
                   page.evaluate(probe), ["undefined", "undefined", "undefined"])
        self.equal(
            f"isolation: the {PAGE_ACTIONS_WORLD} world has the handler and the script's invoke",
            page.evaluate("[typeof webkit.messageHandlers.rastrilloPageActions.postMessage, "
                          "typeof rastrilloPageActions.invoke]", world=True),
            ["function", "function"],
        )

    def sign_in(self, sheet: int, waiting: int, waiting_path: str, label: str):
        """Wrong password (422 re-render in the sheet), then the right one: the sheet goes away
        and the waiting screen continues at ``waiting_path``."""
        since = self.mark()
        self.fill(sheet, {"email": EMAIL, "password": "not-the-password"})
        self.click(sheet, "form.stack button[type=submit]")
        self.expect_problem("/signin", 422)
        self.wait_loaded(sheet, "/signin", since, f"{label}: wrong password")
        self.equal(
            f"{label}: wrong password: a 422 re-render in the sheet (DOM)",
            self.text(sheet, "[role=alert]"),
            "Wrong email or password.",
        )
        self.equal(
            f"{label}: wrong password: the sheet stays, showing its page (host)",
            (describe(self.sheet())["screen"], describe(self.sheet())["display"], self.app.state.get("visible")),
            (sheet, "content", sheet),
        )
        self.equal(f"{label}: wrong password: the waiting screen's page is untouched",
                   self.snapshot(waiting), self.waiting)
        self.equal(f"{label}: wrong password: still no live session", self.server.state()["liveSessions"], 0)

        since = self.mark()
        self.fill(sheet, {"email": EMAIL, "password": PASSWORD})
        self.click(sheet, "form.stack button[type=submit]")
        self.wait_loaded(waiting, waiting_path, since, f"{label}: right password")
        self.equal(f"{label}: the sheet is dismissed and its page closed",
                   (self.sheet(), sheet in self.app.closed), (None, True))
        self.equal(
            f"{label}: the sign-in form's 303 to return_to ends sign-in",
            self.navigations(sheet)[-2:],
            [("/signin", "formSubmission", "load"), (waiting_path, "redirect", "signInEnded")],
        )
        self.equal(f"{label}: the server has one live session", self.server.state()["liveSessions"], 1)

    def list_signed_in(self):
        self.equal(
            "signed in: the start screen shows the list (host)",
            self.stack(),
            [{"screen": self.start, "destination": "bookmarks", "url": url("/bookmarks"), "display": "content",
              "role": "content"}],
        )
        titles = [b["title"] for b in reversed(self.server.bookmarks())][:10]
        self.equal("signed in: the list shows the newest 10 bookmarks (DOM vs server)",
                   self.texts(self.start, "li.row a.row-main"), titles)
        self.equal("signed in: ⌘N, Sign Out and the Language menu are enabled (the page offers them)",
                   self.app.enabled(), ["newBookmarkCommand", "signOut", "switchLanguage"])
        self.equal("signed in: ⌘N's placements and shortcut",
                   {k: self.app.command("newBookmarkCommand")[k] for k in ("placements", "shortcut")},
                   {"placements": ["toolbar", "menu"], "shortcut": "cmd+n"})

    def create(self):
        list_screen = self.start
        before = len(self.server.bookmarks())
        since = self.mark()
        answer = self.command("newBookmarkCommand")
        self.equal("⌘N: the host asks the page to follow its link", answer.get("request"), "invoke")
        self.app.until(lambda: len(self.app.state.get("stack", [])) == 2, "⌘N: the new-bookmark screen")
        form = self.app.state["stack"][-1]["screen"]
        self.wait_loaded(form, "/bookmarks/new", since, "⌘N")
        self.equal("⌘N: invoke followed the page's link (the script's answer)",
                   [i["answer"] for i in self.app.page(list_screen).invocations], ["followed"])
        self.equal("⌘N: the link was pushed as a new screen; the list stays",
                   (self.navigations(list_screen)[-1], self.app.page(list_screen).evaluate("location.href")),
                   (("/bookmarks/new", "link", "push"), url("/bookmarks")))
        self.equal("⌘N: stack = list, new bookmark", [(e["destination"], e["display"]) for e in self.stack()],
                   [("bookmarks", "content"), ("newBookmark", "content")])
        self.equal("⌘N: the form (DOM)", self.text(form, "h1"), "New bookmark")
        self.equal("⌘N: disabled on the form (it has no New bookmark link; its skip link to #main is the page "
                   "itself, not ⌘N)", self.app.enabled(), ["signOut", "switchLanguage"])

        since = self.mark()
        self.fill(form, {"Title": "", "Link": "https://example.org/field-notes"})
        self.click(form, "form[rst-form] button[type=submit]")
        self.expect_problem("/bookmarks", 400)
        self.wait_loaded(form, "/bookmarks", since, "empty title")
        self.equal("empty Title: a 400 re-render on the form screen (DOM)",
                   (self.text(form, "[role=alert]"), self.app.page(form).evaluate('document.getElementById("Link").value')),
                   ("Title is required.", "https://example.org/field-notes"))
        self.equal("empty Title: the form screen stays, not a failure (host)",
                   [(e["screen"], e["display"]) for e in self.stack()], [(list_screen, "content"), (form, "content")])
        self.equal("empty Title: nothing created (server)", len(self.server.bookmarks()), before)

        since = self.mark()
        start = len(self.app.page(form).navigations)
        self.fill(form, {"Title": "Rastrillo field notes"})
        self.click(form, "form[rst-form] button[type=submit]")
        self.wait_decided(form, "redirect", start, "create")
        created = self.server.bookmarks()[-1]
        self.bookmark_id = created["id"]
        shown = self.app.state["stack"][-1]["screen"]
        path = f"/bookmarks/{self.bookmark_id}"
        self.wait_loaded(shown, path, since, "create")
        self.equal("create: the server has the bookmark",
                   (created["title"], created["link"], created["published"], len(self.server.bookmarks())),
                   ("Rastrillo field notes", "https://example.org/field-notes", False, before + 1))
        self.equal("create: the form's 303 is a submission that lands elsewhere",
                   self.navigations(form)[-2:], [("/bookmarks", "formSubmission", "load"), (path, "redirect", "submitted")])
        self.equal(
            "create: the form screen is replaced by the bookmark's (stack = list, bookmark; Back goes to the list)",
            [(e["screen"], e["destination"], e.get("params")) for e in self.stack()],
            [(list_screen, "bookmarks", None), (shown, "bookmark", {"id": self.bookmark_id})],
        )
        self.equal("create: the bookmark's page with the flash (DOM)",
                   (self.text(shown, "h1"), self.text(shown, "[role=status]")),
                   ("Rastrillo field notes", "Bookmark created."))
        self.equal("create: the bookmark's commands (Edit, Publish, Delete, Sign Out, Language)", self.app.enabled(),
                   ["deleteBookmark", "editBookmarkCommand", "publishBookmark", "signOut", "switchLanguage"])
        self.bookmark_screen = shown

    def edit(self):
        shown = self.bookmark_screen
        since = self.mark()
        self.equal("⌘E: the host asks the page to follow its Edit link",
                   self.command("editBookmarkCommand").get("request"), "invoke")
        self.app.until(lambda: len(self.app.state.get("stack", [])) == 3, "⌘E: the edit screen")
        form = self.app.state["stack"][-1]["screen"]
        path = f"/bookmarks/{self.bookmark_id}/edit"
        self.wait_loaded(form, path, since, "⌘E")
        self.equal("⌘E: pushed edit screen (stack)", [e["destination"] for e in self.stack()],
                   ["bookmarks", "bookmark", "editBookmark"])
        self.equal("⌘E: the edit form (DOM)",
                   (self.text(form, "h1"), self.app.page(form).evaluate('document.getElementById("Title").value')),
                   ("Edit bookmark", "Rastrillo field notes"))

        since = self.mark()
        start = len(self.app.page(form).navigations)
        self.fill(form, {"Title": "Rastrillo field notes, edited"})
        self.click(form, "form[rst-form] button[type=submit]")
        self.wait_decided(form, "redirect", start, "save")
        self.equal("save: the edit screen is closed", form in self.app.closed, True)
        self.wait_loaded(shown, f"/bookmarks/{self.bookmark_id}", since, "save")
        self.equal("save: the 303 to the bookmark pops back to its screen (stack)",
                   [e["screen"] for e in self.stack()], [self.start, shown])
        self.equal("save: the bookmark's screen reloaded: the new title and the flash (DOM)",
                   (self.text(shown, "h1"), self.text(shown, "[role=status]")),
                   ("Rastrillo field notes, edited", "Bookmark saved."))
        self.equal("save: the server has the new title", self.server.bookmarks()[-1]["title"],
                   "Rastrillo field notes, edited")

    def publish(self, command: str, published: bool, flash: str):
        shown = self.bookmark_screen
        offered = "unpublishBookmark" if published else "publishBookmark"  # the page's form afterwards
        self.equal(f"{command}: enabled while the page offers its form; {offered} is not",
                   (self.app.command(command)["enabled"], self.app.command(offered)["enabled"]), (True, False))
        since = self.mark()
        self.equal(f"{command}: the page submits its form", self.command(command).get("request"), "invoke")
        path = f"/bookmarks/{self.bookmark_id}"
        self.wait_loaded(shown, path, since, command)
        action = "publish" if published else "unpublish"
        self.equal(f"{command}: the form posted and its 303 continued in place",
                   self.navigations(shown)[-2:], [(f"{path}/{action}", "formSubmission", "load"), (path, "redirect", "load")])
        self.equal(f"{command}: the page's status and flash (DOM)",
                   (self.text(shown, "dd .pill"), self.text(shown, "[role=status]")),
                   ("Published" if published else "Draft", flash))
        self.equal(f"{command}: the server's state", self.server.bookmarks()[-1]["published"], published)
        self.equal(f"{command}: now the page offers {offered}",
                   (self.app.command(offered)["enabled"], self.app.command(command)["enabled"]), (True, False))
        self.equal(f"{command}: the stack is unchanged", [e["screen"] for e in self.stack()], [self.start, shown])

    def delete(self):
        shown = self.bookmark_screen
        navigations = len(self.app.page(shown).navigations)
        answer = self.command("deleteBookmark")
        self.equal("Delete: the host asks for a native confirmation first",
                   (answer.get("request"), answer.get("confirmation")),
                   ("confirm", {"command": "deleteBookmark", "titleKey": "command.delete"}))
        self.equal("Delete: the confirmation is shown (host)", self.app.state.get("confirmation"),
                   {"command": "deleteBookmark", "titleKey": "command.delete"})
        self.equal("Delete: nothing was submitted yet", len(self.app.page(shown).navigations), navigations)
        self.equal("Delete, cancelled: nothing runs", self.app.ask({"op": "confirm", "accept": False}).get("request"),
                   "unavailable")
        self.equal("Delete, cancelled: the confirmation is gone, the bookmark stays (host, server)",
                   (self.app.state.get("confirmation"), self.bookmark_id in [b["id"] for b in self.server.bookmarks()],
                    len(self.app.page(shown).navigations)),
                   (None, True, navigations))
        self.equal("Delete again: confirmation", self.command("deleteBookmark").get("request"), "confirm")
        since = self.mark()
        self.equal("Delete, accepted: the page submits its Delete form",
                   self.app.ask({"op": "confirm", "accept": True}).get("request"), "invoke")
        self.app.until(lambda: shown in self.app.closed, "delete: the bookmark's screen popped")
        self.wait_loaded(self.start, "/bookmarks", since, "delete")
        path = f"/bookmarks/{self.bookmark_id}"
        self.equal("Delete: the form's 303 to the list is a submission that pops back",
                   self.navigations(shown)[-2:], [(f"{path}/delete", "formSubmission", "load"), ("/bookmarks", "redirect", "submitted")])
        self.equal("Delete: stack = the list, reloaded (host)", [(e["screen"], e["display"]) for e in self.stack()],
                   [(self.start, "content")])
        self.equal("Delete: the list without it, with the flash (DOM)",
                   ("Rastrillo field notes, edited" in self.texts(self.start, "li.row a.row-main"),
                    self.text(self.start, "[role=status]")),
                   (False, "Bookmark deleted."))
        self.equal("Delete: the server has no such bookmark",
                   self.bookmark_id in [b["id"] for b in self.server.bookmarks()], False)

    def search_and_pages(self):
        screen = self.start
        since = self.mark()
        self.fill(screen, {"q": "wkwebview"})
        self.app.page(screen).evaluate('document.querySelector("form.rst-search").requestSubmit()', gesture=True)
        self.wait_loaded(screen, "/bookmarks?q=wkwebview", since, "search")
        expected = [b["title"] for b in reversed(self.server.bookmarks())
                    if "wkwebview" in (b["title"] + b["link"]).lower()]
        self.equal("search: the GET form loads in place (a form submission of this page)",
                   self.navigations(screen)[-1:], [("/bookmarks?q=wkwebview", "formSubmission", "load")])
        self.equal("search: the results (DOM vs server)", self.texts(screen, "li.row a.row-main"), expected)
        self.equal("search: literally", expected, ["WKWebView (2)", "WKWebView"])
        self.equal("search: same screen, same stack", [e["screen"] for e in self.stack()], [screen])

        since = self.mark()
        self.click(screen, "a.rst-search-clear")
        self.wait_loaded(screen, "/bookmarks", since, "clear search")
        since = self.mark()
        self.click(screen, 'nav[rst-pagination] a[href="/bookmarks?page=2"]')
        self.wait_loaded(screen, "/bookmarks?page=2", since, "page 2")
        self.equal("pagination: the page 2 link loads in place", self.navigations(screen)[-1:],
                   [("/bookmarks?page=2", "link", "load")])
        titles = [b["title"] for b in reversed(self.server.bookmarks())][10:20]
        self.equal("pagination: page 2 (DOM vs server)",
                   (self.text(screen, "nav[rst-pagination] [aria-current=page]"), self.texts(screen, "li.row a.row-main")),
                   ("2", titles))
        self.equal("pagination: same screen", [e["screen"] for e in self.stack()], [screen])

    def bulk(self):
        """Select mode's bulk bar: each of its buttons is a native command; Publish Selected and
        Delete Selected (after the native confirmation) send what the page's own buttons send,
        with the rows the person checked."""
        screen = self.start
        since = self.mark()
        self.click(screen, 'a[href="/bookmarks?select=1"]')
        self.wait_loaded(screen, "/bookmarks?select=1", since, "select mode")
        self.equal("bulk: Select loads select mode in place", self.navigations(screen)[-1:],
                   [("/bookmarks?select=1", "link", "load")])
        self.equal("bulk: the bar's three buttons are three enabled commands",
                   [self.app.command(c)["enabled"] for c in ("publishSelected", "unpublishSelected", "deleteSelected")],
                   [True, True, True])
        drafts = [b for b in reversed(self.server.bookmarks()) if not b["published"]][:2]
        for bookmark in drafts:
            self.click(screen, f'input[name=ids][value="{bookmark["id"]}"]')
        since = self.mark()
        self.equal("bulk: Publish Selected makes the page submit with its button",
                   self.command("publishSelected").get("request"), "invoke")
        self.wait_loaded(screen, "/bookmarks", since, "publish selected")
        self.equal("bulk: the form posted and its 303 continued in place", self.navigations(screen)[-2:],
                   [("/bookmarks/bulk", "formSubmission", "load"), ("/bookmarks", "redirect", "load")])
        published = {b["id"]: b["published"] for b in self.server.bookmarks()}
        self.equal("bulk: the checked drafts are published, nothing else changed (server, flash)",
                   ([published[b["id"]] for b in drafts], self.text(screen, "[role=status]")),
                   ([True, True], "2 bookmarks published."))

        since = self.mark()
        self.click(screen, 'a[href="/bookmarks?select=1"]')
        self.wait_loaded(screen, "/bookmarks?select=1", since, "select mode again")
        victim = drafts[0]["id"]
        self.click(screen, f'input[name=ids][value="{victim}"]')
        navigations = len(self.app.page(screen).navigations)
        answer = self.command("deleteSelected")
        self.equal("bulk: Delete Selected asks for a native confirmation first, nothing submitted",
                   (answer.get("request"), answer.get("confirmation"), len(self.app.page(screen).navigations)),
                   ("confirm", {"command": "deleteSelected", "titleKey": "command.deleteSelected"}, navigations))
        since = self.mark()
        self.equal("bulk: accepted, the page submits with its Delete button",
                   self.app.ask({"op": "confirm", "accept": True}).get("request"), "invoke")
        self.wait_loaded(screen, "/bookmarks", since, "delete selected")
        self.equal("bulk: the checked bookmark is deleted, with the flash (server, DOM)",
                   (victim in [b["id"] for b in self.server.bookmarks()], self.text(screen, "[role=status]")),
                   (False, "1 bookmarks deleted."))

    def language(self):
        """The locale menu: one native Language command whose choices are the page's languages;
        choosing one submits that language's own form."""
        screen = self.start
        state = self.app.command("switchLanguage")
        self.equal("language: a menu of the page's languages, enabled",
                   (state["enabled"], state["availability"], state["choices"]),
                   (True, "ambiguous", [{"locale": "en"}, {"locale": "es"}]))
        for code, heading in (("es", "Marcadores"), ("en", "Bookmarks")):
            since = self.mark()
            answer = self.app.ask({"op": "command", "id": "switchLanguage", "choice": {"locale": code}})
            self.equal(f"language {code}: the page submits that language's form", answer.get("request"), "invoke")
            self.wait_loaded(screen, "/bookmarks", since, f"language {code}")
            self.equal(f"language {code}: the form posted, its 303 returned to the list in place",
                       self.navigations(screen)[-2:],
                       [("/_locale", "formSubmission", "load"), ("/bookmarks", "redirect", "load")])
            self.equal(f"language {code}: the page is in that language (DOM)",
                       (self.app.page(screen).evaluate("document.documentElement.lang"), self.text(screen, "h1")),
                       (code, heading))
        self.equal("language: same screen, same stack", [e["screen"] for e in self.stack()], [screen])

    def expiry(self):
        """Session expiry mid-edit: the 403 is a typed failure; Try Again goes through sign-in and
        the screen continues at the edit page."""
        screen = self.start
        path = self.app.page(screen).evaluate('document.querySelector("li.row a.row-main").getAttribute("href")')
        target = next(b for b in self.server.bookmarks() if f"/bookmarks/{b['id']}" == path)
        since = self.mark()
        self.click(screen, f'li.row a.row-main[href="{path}"]')
        self.app.until(lambda: len(self.app.state.get("stack", [])) == 2, "expiry: the bookmark's screen")
        shown = self.app.state["stack"][-1]["screen"]
        self.wait_loaded(shown, path, since, "expiry: open a bookmark")
        since = self.mark()
        self.command("editBookmarkCommand")
        self.app.until(lambda: len(self.app.state.get("stack", [])) == 3, "expiry: the edit screen")
        form = self.app.state["stack"][-1]["screen"]
        self.wait_loaded(form, f"{path}/edit", since, "expiry: open edit")

        revoked = self.server.request("POST", "/_test/expire-sessions")["revoked"]
        self.equal("expiry: the server revoked the session", (revoked, self.server.state()["liveSessions"]), (1, 0))
        since = self.mark()
        self.fill(form, {"Title": "Edited after expiry"})
        self.click(form, "form[rst-form] button[type=submit]")
        self.expect_plain_text_page(f"{path}/edit-basics", 403)
        self.wait_failed(form, since, "expiry: submit")
        self.equal("expiry: the 403 is the typed forbidden failure (host)", describe(self.app.entry(form))["failure"],
                   "forbidden")
        self.equal("expiry: the stack is unchanged, no sheet yet",
                   ([e["screen"] for e in self.stack()], self.sheet()), ([screen, shown, form], None))
        self.equal("expiry: nothing changed on the server",
                   next(b["title"] for b in self.server.bookmarks() if b["id"] == target["id"]), target["title"])
        self.equal("expiry: no command on a failed screen", self.app.enabled(), [])
        self.waiting = self.snapshot(form)

        since = self.mark()
        answer = self.app.ask({"op": "retry", "screen": form})
        self.equal("Try Again: the screen loads the form's page",
                   [e for e in answer.get("effects", []) if e.get("screen") == form], [{"screen": form, "load": url(f"{path}/edit")}])
        escaped = path.replace("/", "%2F")
        sheet = self.wait_sheet(f"/signin?return_to={escaped}%2Fedit", since, "Try Again")
        self.equal("Try Again: 303 to sign-in, answered signIn",
                   self.navigations(form)[-2:],
                   [(f"{path}/edit", "link", "load"), (f"/signin?return_to={escaped}%2Fedit", "redirect", "signIn")])
        # The screen had a page (the 403's), so it keeps showing it while it waits (web-screens.md,
        # "Waiting for sign-in"); the sheet is above it.
        self.equal("Try Again: the edit screen waits under the sheet, its page kept (host)",
                   (describe(self.app.entry(form))["display"], describe(self.sheet())["role"], self.app.state["visible"]),
                   ("content", "signIn", sheet))
        self.equal("Try Again: the waiting edit screen's page is untouched", self.snapshot(form), self.waiting)
        self.sign_in(sheet, form, f"{path}/edit", "expiry")
        self.equal("expiry: the edit screen continues at the edit page (host, DOM)",
                   (describe(self.app.entry(form))["display"], self.text(form, "h1"),
                    [e["screen"] for e in self.stack()]),
                   ("content", "Edit bookmark", [screen, shown, form]))
        self.app.ask({"op": "back"})
        self.app.until(lambda: form in self.app.closed, "Back: the edit screen closed")
        self.equal("Back: the edit screen is popped; the bookmark's screen is visible with its page",
                   ([e["screen"] for e in self.stack()], self.app.state.get("visible"),
                    self.app.page(shown).evaluate("location.href")),
                   ([screen, shown], shown, url(path)))

    def sign_out(self):
        before = set(self.app.screens)
        since = self.mark()
        self.equal("Sign Out: the page submits its sign-out form", self.command("signOut").get("request"), "invoke")
        self.app.until(lambda: before <= set(self.app.closed) and self.sheet() is not None, "sign out")
        start = self.app.state["stack"][0]["screen"]
        sheet = self.wait_sheet("/signin?return_to=%2Fbookmarks", since, "sign out")
        self.equal("Sign Out: every screen closed; the app is back at its start, waiting for sign-in",
                   (self.stack(), describe(self.sheet())),
                   ([{"screen": start, "destination": "bookmarks", "url": url("/bookmarks"), "display": "signInRequired",
                      "role": "content"}],
                    {"screen": sheet, "destination": "signIn", "url": url("/signin?return_to=%2Fbookmarks"),
                     "display": "content", "role": "signIn"}))
        self.equal("Sign Out: a new start screen", start in before, False)
        self.equal("Sign Out: the server has no live session", self.server.state()["liveSessions"], 0)

    def hygiene(self):
        pages = list(self.app.screens.values()) + list(self.app.closed.values())
        problems = [
            f"{p.get('url', '')} {p['text']}" for page in pages for p in page.problems
            if not p.get("url", "").endswith("/favicon.ico")
        ]
        self.equal("the day: no console error, exception or CSP violation; only the 4xx pages it loads on purpose",
                   sorted(problems), sorted(self.expected_problems))
        documents = [d for page in pages for d in page.documents]
        self.equal("the day: every page arrived with the web app's strict CSP, unchanged",
                   sorted({d["headers"].get("content-security-policy") for d in documents}), [SHIPPED_CSP])
        self.equal("the day: every page-actions report came from the main frame of https://notes.example.com",
                   sorted({json.dumps(r["frame"], sort_keys=True) for page in pages for r in page.reports}),
                   [json.dumps({"host": HOST, "main": True, "port": 0, "scheme": "https"}, sort_keys=True)])
        self.equal("the day: no report refused", [r["refused"] for page in pages for r in page.reports if r["refused"]], [])
        self.equal("the day: no refusals", self.refusals(), [])


SCREENSHOT_SIZES = (("phone", 390, 844, 3, True), ("desktop", 1280, 800, 2, False))


def screenshots(day: Day, directory: str):
    """The notes web screens as people see them: list, bookmark, edit form, sign-in."""
    os.makedirs(directory, exist_ok=True)
    day.launch()
    shots = [("signin", day.sheet()["screen"])]

    def shoot(name: str, number: int):
        for size, width, height, scale, mobile in SCREENSHOT_SIZES:
            for dark in (False, True):
                path = os.path.join(directory, f"notes-{name}-{size}-{'dark' if dark else 'light'}.png")
                day.app.page(number).screenshot(path, width, height, scale, mobile, dark)
                print(f"wrote {path}")

    shoot(*shots[0])
    sheet = shots[0][1]
    since = day.mark()
    day.fill(sheet, {"email": EMAIL, "password": PASSWORD})
    day.click(sheet, "form.stack button[type=submit]")
    day.wait_loaded(day.start, "/bookmarks", since, "screenshots: sign in")
    shoot("list", day.start)
    target = day.server.bookmarks()[-2]  # the newest but one: a draft with a link
    since = day.mark()
    day.click(day.start, f'li.row a.row-main[href="/bookmarks/{target["id"]}"]')
    day.app.until(lambda: len(day.app.state.get("stack", [])) == 2, "screenshots: the bookmark")
    shown = day.app.state["stack"][-1]["screen"]
    day.wait_loaded(shown, f"/bookmarks/{target['id']}", since, "screenshots: the bookmark")
    shoot("bookmark", shown)
    since = day.mark()
    day.command("editBookmarkCommand")
    day.app.until(lambda: len(day.app.state.get("stack", [])) == 3, "screenshots: the edit form")
    form = day.app.state["stack"][-1]["screen"]
    day.wait_loaded(form, f"/bookmarks/{target['id']}/edit", since, "screenshots: the edit form")
    shoot("edit", form)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", required=True, help="the notes companion's native side (NotesBrowserHost)")
    parser.add_argument("--server", required=True, help="the notes web app (examples/notes/web ./cmd/notes-web)")
    parser.add_argument("--page-actions", required=True, help="the generated page-actions.js")
    parser.add_argument("--screenshots", help="write the notes web screens' screenshots here instead of checking")
    parser.add_argument("--engine", choices=("chromium", "webkit"), default="chromium",
                        help="chromium (webscreen.py, headless Chromium) or webkit (webkit_screen.py, WebKitGTK; "
                             "run with scripts/webkit-run.sh)")
    options = parser.parse_args()
    if options.engine == "webkit" and options.screenshots:
        parser.error("--screenshots is Chromium's; WebKit's screenshots are make screenshots-webkit")
    page_actions = read_text(options.page_actions)

    checks = Checks()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="notes-day-") as directory:
        certificate = Certificate([HOST], directory)
        server = browser = native = None
        try:
            server = Server(options.server, certificate)
            print(f"notes web app: https://{HOST} on 127.0.0.1:{server.port} (-test-hooks)")
            native = NativeSide([options.host])
            engine, browser = open_browser(options.engine, [HOST], server.port, certificate)
            app = engine.App(browser, native, page_actions=page_actions)
            day = Day(app, server, native, checks)
            if options.screenshots:
                screenshots(day, options.screenshots)
                return 0
            steps = [
                ("launch, signed out", day.launch),
                ("sign in", lambda: day.sign_in(day.app.state["sheet"]["screen"], day.start, "/bookmarks", "sign-in")),
                ("the list", day.list_signed_in),
                ("create", day.create),
                ("edit", day.edit),
                ("publish", lambda: day.publish("publishBookmark", True, "Bookmark published.")),
                ("unpublish", lambda: day.publish("unpublishBookmark", False, "Bookmark unpublished.")),
                ("delete", day.delete),
                ("search and pages", day.search_and_pages),
                ("bulk actions", day.bulk),
                ("language", day.language),
                ("session expiry", day.expiry),
                ("sign out", day.sign_out),
                ("hygiene", day.hygiene),
            ]
            # The day is one story: a step that cannot finish ends it (later steps need its state).
            checks.run_steps(steps, (HarnessError, KeyError, TypeError, IndexError, StopIteration), typed=True, story=True)
        except HarnessError as error:
            checks.fail("harness", error)
        finally:
            close_all(browser, native, server)
    return checks.report(started)


if __name__ == "__main__":
    sys.exit(main())
