#!/usr/bin/env python3
"""The derived notes companion's day against the real notes web app (`make browser-derived`).

    derived_notes_check.py --host BIN --server BIN --page-actions FILE --companion DIR --app DIR
                           [--session password|auth --keymail BIN] [--engine chromium|webkit]

DIR (--companion): the package `rastrillo-native companion new --from-app` wrote from the notes
Rastrillo app fixture (Tests/Fixtures/RastrilloApps/notes, the --app DIR); BIN (--host) its
NotesBrowserHost (the derived manifest compiled in; protocol examples/notes/BrowserHost/PROTOCOL.md),
BIN (--server) the notes web app (examples/notes/web, ./cmd/notes-web), FILE the page-actions.js
`manifest build` writes for the derived manifest.

Every id the day uses is read from the derived manifest (DIR/Sources/NotesCore/app-manifest.json)
by the route it binds, and checked first against what the oracle
(Tests/RastrilloNativeCLITests/Derive/DeriveNotesOracleTests.swift) says derive gives, so a change
in derive is a failure here, never a silent retarget. The day: the sidebar's lists
(DIR/Sources/NotesCore/CompanionLayout.swift against gen/manifest.json), sign-in in the sheet, the
list, New through the page's form (a 303 landing), Edit (a 303 back), publish and unpublish (the
native command's hand POST), Delete from the confirm page with the native confirmation, sign-out.
Each step is asserted from the page's DOM, the server's /_test/state and the host's state, as
notes_check.py does (its Server and Day are reused).

With `--session auth` the web app runs in Rastrillo auth mode (`-signin auth`, the fake keymail
server at --keymail BIN) and the host with `--session auth`: notes_auth_check.py's keymail sign-in
(two cookie stores) and step-up, which leaves the waiting screen on the confirm page, then Delete
there with the native confirmation and sign-out to /signin, with the derived ids.

Exit 0 when every check passed; 1 with each failure listed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness_common import Checks, HarnessError, LoopbackServer, close_all, open_browser, read_text  # noqa: E402
from notes_auth_check import KEYMAIL_HOST, AuthDay, Authenticator, OSSwitch  # noqa: E402
from notes_auth_check import Server as AuthServer  # noqa: E402
from notes_check import HOST, ORIGIN, Day, Server, describe, url  # noqa: E402
from webscreen import Certificate, NativeSide  # noqa: E402

# What the oracle says derive gives for the notes fixture: the destinations by route (the
# hand-written manifest's, without /{$} and with the confirm page's id naming its resource)...
ORACLE_DESTINATIONS = {
    "/bookmarks": "bookmarks", "/bookmarks/new": "newBookmark", "/bookmarks/{id}": "bookmark",
    "/bookmarks/{id}/edit": "editBookmark", "/bookmarks/{id}/delete": "confirmDeleteBookmark", "/signin": "signIn",
}
# ... and the commands by the request they bind (the shared seven, and the bulk bar bound once).
ORACLE_COMMANDS = {
    "GET /bookmarks/new": "newBookmarkCommand", "GET /bookmarks/{id}/edit": "editBookmarkCommand",
    "POST /bookmarks/{id}/delete": "deleteBookmark", "POST /bookmarks/{id}/publish": "publishBookmark",
    "POST /bookmarks/{id}/unpublish": "unpublishBookmark", "POST /bookmarks/bulk": "bulkBookmarks",
    "POST /signout": "signOut", "POST /_locale": "switchLanguage",
}
# What each page of the web app offers (its links and forms, read off its templates): a command is
# enabled on a page exactly when it applies to the page's destination and the page offers its request.
SIGN_IN_PAGE = {"POST /_locale"}
LIST_PAGE = {"GET /bookmarks/new", "POST /signout", "POST /_locale"}
FORM_PAGE = {"POST /signout", "POST /_locale"}
DRAFT_PAGE = {"GET /bookmarks/{id}/edit", "POST /bookmarks/{id}/publish", "POST /bookmarks/{id}/delete",
              "POST /signout", "POST /_locale"}
PUBLISHED_PAGE = DRAFT_PAGE - {"POST /bookmarks/{id}/publish"} | {"POST /bookmarks/{id}/unpublish"}
CONFIRM_PAGE = {"POST /bookmarks/{id}/delete", "POST /signout", "POST /_locale"}


def request_of(command: dict) -> str:
    action = command.get("pageAction") or {}
    return f"{action.get('method')} {action.get('pattern')}"


class Derived:
    """The derived companion's files, read: its manifest, its layout, the app's resources."""

    def __init__(self, companion: str, app: str):
        with open(os.path.join(companion, "Sources", "NotesCore", "app-manifest.json"), encoding="utf-8") as file:
            self.manifest = json.load(file)
        with open(os.path.join(app, "gen", "manifest.json"), encoding="utf-8") as file:
            self.resources = json.load(file)
        self.layout = read_text(os.path.join(companion, "Sources", "NotesCore", "CompanionLayout.swift"))
        self.destinations = {d["pattern"]: d["id"] for d in self.manifest["destinations"]}
        self.commands = {request_of(c): c for c in self.manifest["commands"]}

    def destination(self, pattern: str) -> str:
        if pattern not in self.destinations:
            raise HarnessError(f"the derived manifest has no destination for {pattern}: {sorted(self.destinations)}")
        return self.destinations[pattern]

    def command(self, request: str) -> dict:
        if request not in self.commands:
            raise HarnessError(f"the derived manifest binds no command to {request}: {sorted(self.commands)}")
        return self.commands[request]

    def command_id(self, request: str) -> str:
        return self.command(request)["id"]

    def enabled_on(self, destination: str, offered: set[str]) -> list[str]:
        """The commands the manifest makes available on ``destination`` whose request the page offers."""
        return sorted(c["id"] for c in self.manifest["commands"]
                      if request_of(c) in offered and destination in c.get("destinations", [destination]))

    def sidebar(self) -> list[str]:
        """CompanionLayout.sidebarDestinations, as written (`.bookmarks(q: nil, page: nil)` → bookmarks)."""
        found = re.search(r"sidebarDestinations: \[Destination\] = \[(.*?)\]", self.layout, re.S)
        if found is None:
            raise HarnessError("CompanionLayout.swift declares no sidebarDestinations")
        return re.findall(r"\.(\w+)\b(?:\([^)]*\))?", found.group(1))

    def start(self) -> str:
        found = re.search(r"static let start = Destination\.(\w+)", self.layout)
        if found is None:
            raise HarnessError("CompanionLayout.swift declares no start destination")
        return found.group(1)


class DerivedDay(Day):
    """The notes day's steps that the derived companion shares, with the derived manifest's ids."""

    def __init__(self, app, server: Server, native: NativeSide, checks: Checks, derived: Derived):
        super().__init__(app, server, native, checks)
        self.derived = derived

    # --- the manifest, as the oracle says derive writes it ---------------------------------------

    def manifest(self):
        derived = self.derived
        self.equal("manifest: the destinations by route (the oracle's: no /{$}, the confirm page confirmDeleteBookmark)",
                   derived.destinations, ORACLE_DESTINATIONS)
        self.equal("manifest: the commands by the request they bind (the oracle's: the bulk bar bound once)",
                   {r: c["id"] for r, c in derived.commands.items()}, ORACLE_COMMANDS)
        self.equal("manifest: the session is password sign-in's pages",
                   derived.manifest.get("session"), {"signIn": derived.destination("/signin"),
                                                    "signOut": derived.command_id("POST /signout")})
        delete = derived.command("POST /bookmarks/{id}/delete")
        self.equal("manifest: Delete is destructive and on the confirm page only (no form.html posts delete)",
                   (delete.get("role"), delete.get("destinations")),
                   ("destructive", [derived.destination("/bookmarks/{id}/delete")]))
        # The ids the day uses, each read off the manifest by its route.
        self.list_id = derived.destination("/bookmarks")
        self.new_id = derived.destination("/bookmarks/new")
        self.show_id = derived.destination("/bookmarks/{id}")
        self.edit_id = derived.destination("/bookmarks/{id}/edit")
        self.confirm_id = derived.destination("/bookmarks/{id}/delete")
        self.sign_in_id = derived.manifest["session"]["signIn"]
        self.new_command = derived.command_id("GET /bookmarks/new")
        self.edit_command = derived.command_id("GET /bookmarks/{id}/edit")
        self.delete_command = derived.command_id("POST /bookmarks/{id}/delete")
        self.publish_command = derived.command_id("POST /bookmarks/{id}/publish")
        self.unpublish_command = derived.command_id("POST /bookmarks/{id}/unpublish")
        self.sign_out_command = derived.manifest["session"]["signOut"]
        self.delete_title = delete["titleKey"]

    # --- the day --------------------------------------------------------------------------------

    def lists(self):
        """The sidebar is the app's lists in gen/manifest.json order; the app starts at the first."""
        derived = self.derived
        lists = [derived.destination(r["route"]) for r in derived.resources if r["route"] in derived.destinations]
        self.equal("lists: the sidebar is the list destinations of gen/manifest.json, in its order",
                   derived.sidebar(), lists)
        self.equal("lists: the oracle's one list", lists, [self.list_id])
        self.equal("lists: the start is the first list", derived.start(), lists[0])
        self.list_path = next(r["route"] for r in derived.resources if derived.destination(r["route"]) == lists[0])

    def launch(self):
        since = self.mark()
        self.app.ask({"op": "launch"})
        sign_in = "/signin?return_to=" + urllib.parse.quote(self.list_path, safe="")
        sheet = self.wait_sheet(sign_in, since, "launch")
        self.start = self.app.state["stack"][0]["screen"]
        self.equal("launch, signed out: the start screen's load 303s to sign-in, which the host answers signIn",
                   self.navigations(self.start),
                   [(self.list_path, "link", "load"), (sign_in, "redirect", "signIn")])
        self.equal("launch: the first list waits under the sheet (stack)", self.stack(),
                   [{"screen": self.start, "destination": self.list_id, "url": url(self.list_path),
                     "display": "signInRequired", "role": "content"}])
        self.equal("launch: the sheet shows the session's sign-in page", describe(self.sheet()),
                   {"screen": sheet, "destination": self.sign_in_id, "url": url(sign_in), "display": "content",
                    "role": "signIn"})
        self.equal("launch: the sheet is the visible screen", self.app.state.get("visible"), sheet)
        self.equal("launch: on the sign-in page only what it offers is enabled (the manifest's, the host's)",
                   (self.derived.enabled_on(self.sign_in_id, SIGN_IN_PAGE), self.app.enabled()),
                   (["switchLanguage"], ["switchLanguage"]))
        self.equal("launch: the sign-in page (DOM: heading, return_to field)",
                   (self.text(sheet, "h1"),
                    self.app.page(sheet).evaluate('document.querySelector("[name=return_to]").value')),
                   ("Sign in", self.list_path))
        self.equal("launch: the server has no live session", self.server.state()["liveSessions"], 0)
        self.waiting = self.snapshot(self.start)
        self.equal("launch: the waiting start screen's page loaded nothing", self.waiting[0], "about:blank")
        self.isolation(sheet)

    def the_list(self):
        self.equal("the list: the start screen shows it (host)", self.stack(),
                   [{"screen": self.start, "destination": self.list_id, "url": url(self.list_path),
                     "display": "content", "role": "content"}])
        titles = [b["title"] for b in reversed(self.server.bookmarks())][:10]
        self.equal("the list: the newest 10 bookmarks (DOM vs server)",
                   (self.text(self.start, "h1"), self.texts(self.start, "li.row a.row-main")), ("Bookmarks", titles))
        self.equal("the list: New, Sign Out and Language are enabled (the manifest's, the host's)",
                   (self.derived.enabled_on(self.list_id, LIST_PAGE), self.app.enabled()),
                   ([self.new_command, self.sign_out_command, "switchLanguage"],
                    [self.new_command, self.sign_out_command, "switchLanguage"]))
        self.equal("the list: New's placements and shortcut (one resource: cmd+n)",
                   {k: self.app.command(self.new_command)[k] for k in ("placements", "shortcut")},
                   {"placements": ["toolbar", "menu"], "shortcut": "cmd+n"})

    def create(self):
        list_screen = self.start
        before = len(self.server.bookmarks())
        since = self.mark()
        self.equal("New: the host asks the page to follow its link", self.command(self.new_command).get("request"),
                   "invoke")
        self.app.until(lambda: len(self.app.state.get("stack", [])) == 2, "New: the new-bookmark screen")
        form = self.app.state["stack"][-1]["screen"]
        self.wait_loaded(form, "/bookmarks/new", since, "New")
        self.equal("New: invoke followed the page's link; it was pushed, the list stays",
                   ([i["answer"] for i in self.app.page(list_screen).invocations], self.navigations(list_screen)[-1],
                    self.app.page(list_screen).evaluate("location.href")),
                   (["followed"], ("/bookmarks/new", "link", "push"), url(self.list_path)))
        self.equal("New: stack = list, new bookmark (host)", [(e["destination"], e["display"]) for e in self.stack()],
                   [(self.list_id, "content"), (self.new_id, "content")])
        self.equal("New: the form (DOM)", self.text(form, "h1"), "New bookmark")
        self.equal("New: on the form only Sign Out and Language (the manifest's, the host's)",
                   (self.derived.enabled_on(self.new_id, FORM_PAGE), self.app.enabled()),
                   ([self.sign_out_command, "switchLanguage"], [self.sign_out_command, "switchLanguage"]))

        since = self.mark()
        start = len(self.app.page(form).navigations)
        self.fill(form, {"Title": "Derived field notes", "Link": "https://example.org/derived"})
        self.click(form, "form[rst-form] button[type=submit]")
        self.wait_decided(form, "redirect", start, "create")
        created = self.server.bookmarks()[-1]
        self.bookmark_id = created["id"]
        shown = self.app.state["stack"][-1]["screen"]
        path = f"/bookmarks/{self.bookmark_id}"
        self.wait_loaded(shown, path, since, "create")
        self.equal("create: the server has the bookmark",
                   (created["title"], created["link"], created["published"], len(self.server.bookmarks())),
                   ("Derived field notes", "https://example.org/derived", False, before + 1))
        self.equal("create: the form's 303 is a submission that lands elsewhere", self.navigations(form)[-2:],
                   [("/bookmarks", "formSubmission", "load"), (path, "redirect", "submitted")])
        self.equal("create: the form screen is replaced by the bookmark's (host)",
                   [(e["screen"], e["destination"], e.get("params")) for e in self.stack()],
                   [(list_screen, self.list_id, None), (shown, self.show_id, {"id": self.bookmark_id})])
        self.equal("create: the bookmark's page with the flash (DOM)",
                   (self.text(shown, "h1"), self.text(shown, "[role=status]")),
                   ("Derived field notes", "Bookmark created."))
        enabled = [self.edit_command, self.publish_command, self.sign_out_command, "switchLanguage"]
        self.equal("create: Edit, Publish, Sign Out, Language; not Delete, bound to the confirm page "
                   "(the manifest's, the host's)",
                   (self.derived.enabled_on(self.show_id, DRAFT_PAGE), self.app.enabled()), (enabled, enabled))
        self.bookmark_screen = shown

    def edit(self):
        shown = self.bookmark_screen
        since = self.mark()
        self.equal("Edit: the host asks the page to follow its Edit link",
                   self.command(self.edit_command).get("request"), "invoke")
        self.app.until(lambda: len(self.app.state.get("stack", [])) == 3, "Edit: the edit screen")
        form = self.app.state["stack"][-1]["screen"]
        path = f"/bookmarks/{self.bookmark_id}/edit"
        self.wait_loaded(form, path, since, "Edit")
        self.equal("Edit: pushed edit screen (host)", [e["destination"] for e in self.stack()],
                   [self.list_id, self.show_id, self.edit_id])
        self.equal("Edit: the edit form (DOM)",
                   (self.text(form, "h1"), self.app.page(form).evaluate('document.getElementById("Title").value')),
                   ("Edit bookmark", "Derived field notes"))

        since = self.mark()
        start = len(self.app.page(form).navigations)
        self.fill(form, {"Title": "Derived field notes, edited"})
        self.click(form, "form[rst-form] button[type=submit]")
        self.wait_decided(form, "redirect", start, "save")
        self.wait_loaded(shown, f"/bookmarks/{self.bookmark_id}", since, "save")
        self.equal("save: the 303 back to the bookmark closes the edit screen and pops to it (host)",
                   (form in self.app.closed, [e["screen"] for e in self.stack()]), (True, [self.start, shown]))
        self.equal("save: the bookmark's screen reloaded: the new title and the flash (DOM)",
                   (self.text(shown, "h1"), self.text(shown, "[role=status]")),
                   ("Derived field notes, edited", "Bookmark saved."))
        self.equal("save: the server has the new title", self.server.bookmarks()[-1]["title"],
                   "Derived field notes, edited")

    def publish(self, published: bool):
        """The native command posts the page's own form by hand (invoke), and its 303 continues in place."""
        shown = self.bookmark_screen
        command, offered = ((self.publish_command, self.unpublish_command) if published
                            else (self.unpublish_command, self.publish_command))
        self.equal(f"{command}: enabled while the page offers its form; {offered} is not",
                   (self.app.command(command)["enabled"], self.app.command(offered)["enabled"]), (True, False))
        since = self.mark()
        self.equal(f"{command}: the page submits its form", self.command(command).get("request"), "invoke")
        path = f"/bookmarks/{self.bookmark_id}"
        self.wait_loaded(shown, path, since, command)
        action = "publish" if published else "unpublish"
        self.equal(f"{command}: the form posted and its 303 continued in place", self.navigations(shown)[-2:],
                   [(f"{path}/{action}", "formSubmission", "load"), (path, "redirect", "load")])
        self.equal(f"{command}: the page's status and flash (DOM)",
                   (self.text(shown, "dd .pill"), self.text(shown, "[role=status]")),
                   ("Published", "Bookmark published.") if published else ("Draft", "Bookmark unpublished."))
        self.equal(f"{command}: the server's state", self.server.bookmarks()[-1]["published"], published)
        page = PUBLISHED_PAGE if published else DRAFT_PAGE
        enabled = sorted([self.edit_command, offered, self.sign_out_command, "switchLanguage"])
        self.equal(f"{command}: now the page offers {offered} (the manifest's, the host's)",
                   (self.derived.enabled_on(self.show_id, page), self.app.enabled()), (enabled, enabled))
        self.equal(f"{command}: the stack is unchanged", [e["screen"] for e in self.stack()], [self.start, shown])

    def delete(self):
        """Delete from the confirm page (its link opened in the app, as the web app links it from
        nowhere): the destructive command asks natively first; cancelled, nothing runs; accepted,
        the page posts and the 303 pops to the list."""
        shown = self.bookmark_screen
        path = f"/bookmarks/{self.bookmark_id}"
        since = self.mark()
        self.app.ask({"op": "openURL", "url": url(f"{path}/delete")})
        self.app.until(lambda: len(self.app.state.get("stack", [])) == 3, "Delete: the confirm screen")
        confirm = self.app.state["stack"][-1]["screen"]
        self.wait_loaded(confirm, f"{path}/delete", since, "Delete: the confirm page")
        self.equal("Delete: the confirm page is pushed as its destination (host, DOM)",
                   ([(e["destination"], e.get("params")) for e in self.stack()], self.text(confirm, "h1")),
                   ([(self.list_id, None), (self.show_id, {"id": self.bookmark_id}),
                     (self.confirm_id, {"id": self.bookmark_id})], "Delete bookmark?"))
        self.confirmed_delete(confirm, [shown], self.bookmark_id, "Delete")

    def bookmark_ids(self) -> list[int]:
        """Every user's bookmarks on the server (the password day's user, or auth's)."""
        return [b["id"] for u in self.server.state()["users"] for b in u["bookmarks"]]

    def bookmarks_of(self, email: str) -> list[dict]:
        return next(u["bookmarks"] for u in self.server.state()["users"] if u["email"] == email)

    def confirmed_delete(self, confirm: int, popped: list[int], bookmark_id: int, label: str):
        """On the confirm page of ``bookmark_id`` (screen ``confirm``): the native confirmation,
        cancelled then accepted; the 303 to the list closes ``confirm`` and ``popped``."""
        path = f"/bookmarks/{bookmark_id}"
        owner = next(u["email"] for u in self.server.state()["users"] if bookmark_id in [b["id"] for b in u["bookmarks"]])
        self.equal(f"{label}: enabled on the confirm page (the manifest's, the host's)",
                   (self.derived.enabled_on(self.confirm_id, CONFIRM_PAGE), self.app.enabled()),
                   ([self.delete_command, self.sign_out_command, "switchLanguage"],
                    [self.delete_command, self.sign_out_command, "switchLanguage"]))
        navigations = len(self.app.page(confirm).navigations)
        confirmation = {"command": self.delete_command, "titleKey": self.delete_title}
        answer = self.command(self.delete_command)
        self.equal(f"{label}: the host asks for a native confirmation first, with the app's title (host)",
                   (answer.get("request"), answer.get("confirmation"), self.app.state.get("confirmation")),
                   ("confirm", confirmation, confirmation))
        self.equal(f"{label}: the confirmation's title is the app's key", self.delete_title,
                   "resource.bookmarks.delete.title")
        self.equal(f"{label}: nothing was submitted yet", len(self.app.page(confirm).navigations), navigations)
        self.equal(f"{label}, cancelled: nothing runs",
                   self.app.ask({"op": "confirm", "accept": False}).get("request"), "unavailable")
        self.equal(f"{label}, cancelled: the confirmation is gone, the bookmark stays (host, server, page)",
                   (self.app.state.get("confirmation"), bookmark_id in self.bookmark_ids(),
                    len(self.app.page(confirm).navigations)),
                   (None, True, navigations))
        self.equal(f"{label} again: confirmation", self.command(self.delete_command).get("request"), "confirm")
        since = self.mark()
        self.equal(f"{label}, accepted: the page submits its Delete form",
                   self.app.ask({"op": "confirm", "accept": True}).get("request"), "invoke")
        self.app.until(lambda: all(n in self.app.closed for n in [confirm, *popped]), f"{label}: the screens popped")
        self.wait_loaded(self.start, self.list_path, since, label)
        self.equal(f"{label}: the form's 303 to the list is a submission that pops back",
                   self.navigations(confirm)[-2:],
                   [(f"{path}/delete", "formSubmission", "load"), (self.list_path, "redirect", "submitted")])
        self.equal(f"{label}: stack = the list, reloaded (host)", [(e["screen"], e["display"]) for e in self.stack()],
                   [(self.start, "content")])
        self.equal(f"{label}: the list is the server's newest 10 without it, with the flash (DOM vs server)",
                   (self.texts(self.start, "li.row a.row-main"), self.app.page(self.start).evaluate(
                       f"!!document.querySelector({json.dumps(f'li.row a.row-main[href={json.dumps(path)}]')})"),
                    self.text(self.start, "[role=status]")),
                   ([b["title"] for b in reversed(self.bookmarks_of(owner))][:10], False, "Bookmark deleted."))
        self.equal(f"{label}: the server has no such bookmark", bookmark_id in self.bookmark_ids(), False)

    def delete_after_step_up(self, auth_day):
        """Auth's step-up (notes_auth_check: a stale session, the confirm page opened as a link,
        keymail again with prompt=login) leaves the waiting screen on the confirm page: it is the
        derived confirm destination, and Delete there asks natively first, then deletes."""
        confirm = auth_day.back_to_start
        entry = describe(self.app.entry(confirm))
        bookmark_id = (entry.get("params") or {}).get("id")
        self.equal("step-up: the waiting screen is the confirm destination, its bookmark on the server (host, server)",
                   (entry["destination"], entry["url"], bookmark_id in self.bookmark_ids(),
                    [e["screen"] for e in self.stack()]),
                   (self.confirm_id, url(f"/bookmarks/{bookmark_id}/delete"), True, [self.start, confirm]))
        self.confirmed_delete(confirm, [], bookmark_id, "Delete after step-up")

    def sign_out(self, auth: bool = False):
        """Sign Out from the list: every screen closes, the app waits at its first list under the
        sign-in sheet (password sign-in returns to the list; auth's sign-out lands on a bare /signin)."""
        before = set(self.app.screens)
        since = self.mark()
        self.equal("Sign Out: the page submits its sign-out form",
                   self.command(self.sign_out_command).get("request"), "invoke")
        self.app.until(lambda: before <= set(self.app.closed) and self.sheet() is not None, "sign out")
        start = self.app.state["stack"][0]["screen"]
        sign_in = "/signin" if auth else "/signin?return_to=" + urllib.parse.quote(self.list_path, safe="")
        sheet = self.wait_sheet(sign_in, since, "sign out")
        self.equal("Sign Out: every screen closed; the app is back at its first list, waiting for sign-in",
                   (self.stack(), describe(self.sheet()), start in before),
                   ([{"screen": start, "destination": self.list_id, "url": url(self.list_path),
                      "display": "signInRequired", "role": "content"}],
                    {"screen": sheet, "destination": self.sign_in_id, "url": url(sign_in), "display": "content",
                     "role": "signIn"}, False))
        self.equal("Sign Out: the server has no live session", self.server.state()["liveSessions"], 0)


def password_day(options, derived: Derived, checks: Checks, certificate: Certificate, page_actions: str):
    server = browser = native = None
    try:
        server = Server(options.server, certificate)
        print(f"notes web app: {ORIGIN} on 127.0.0.1:{server.port} (-test-hooks); "
              f"companion: {derived.manifest['app']['name']} ({options.engine}, password sign-in)")
        native = NativeSide([options.host])
        engine, browser = open_browser(options.engine, [HOST], server.port, certificate)
        app = engine.App(browser, native, page_actions=page_actions)
        day = DerivedDay(app, server, native, checks, derived)
        steps = [
            ("the derived manifest", day.manifest),
            ("the sidebar's lists", day.lists),
            ("launch, signed out", day.launch),
            ("sign in", lambda: day.sign_in(day.app.state["sheet"]["screen"], day.start, day.list_path, "sign-in")),
            ("the list", day.the_list),
            ("new", day.create),
            ("edit", day.edit),
            ("publish", lambda: day.publish(True)),
            ("unpublish", lambda: day.publish(False)),
            ("delete", day.delete),
            ("sign out", day.sign_out),
            ("hygiene", day.hygiene),
        ]
        # The day is one story: a step that cannot finish ends it (later steps need its state).
        checks.run_steps(steps, (HarnessError, KeyError, TypeError, IndexError, StopIteration), typed=True, story=True)
    finally:
        close_all(browser, native, server)


def auth_day(options, derived: Derived, checks: Checks, certificate: Certificate, page_actions: str):
    """The web app in Rastrillo auth mode (-signin auth) and the derived host with `--session auth`:
    notes_auth_check's keymail sign-in and step-up, then Delete and sign-out with the derived ids."""
    keymail = server = browser = native = None
    try:
        keymail = LoopbackServer([options.keymail, "-addr", "127.0.0.1:0", "-domain", KEYMAIL_HOST,
                                  "-cert", certificate.cert_path, "-key", certificate.key_path])
        server = AuthServer(options.server, certificate, keymail.port)
        print(f"notes web app (-signin auth): {ORIGIN} on 127.0.0.1:{server.port}; keymail on 127.0.0.1:{keymail.port}; "
              f"companion: {derived.manifest['app']['name']} ({options.engine}, --session auth)")
        native = NativeSide([options.host, "--session", "auth", "--keymail-servers", KEYMAIL_HOST])
        engine, browser = open_browser(options.engine, [HOST], server.port, certificate,
                                       routes={KEYMAIL_HOST: keymail.port})
        authenticator = (Authenticator if options.engine == "chromium"
                         else type("Authenticator", (OSSwitch, engine.AuthenticationSession), {}))
        auth = authenticator(browser)
        app = engine.App(browser, native, page_actions=page_actions, authenticator=auth)
        day = DerivedDay(app, server, native, checks, derived)
        signing_in = AuthDay(app, server, native, checks, auth)

        def launch():
            signing_in.launch()
            day.start = signing_in.start

        steps = [
            ("the derived manifest", day.manifest),
            ("the sidebar's lists", day.lists),
            ("launch, signed out (auth)", launch),
            ("keymail sign-in", signing_in.keymail),
            ("step-up to the confirm page", signing_in.step_up),
            ("delete after step-up", lambda: day.delete_after_step_up(signing_in)),
            ("sign out (auth)", lambda: day.sign_out(auth=True)),
            ("hygiene", day.hygiene),
        ]
        checks.run_steps(steps, (HarnessError, KeyError, TypeError, IndexError, StopIteration, AttributeError),
                         typed=True, story=True)
    finally:
        close_all(browser, native, server, keymail)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", required=True, help="the derived companion's NotesBrowserHost")
    parser.add_argument("--server", required=True, help="the notes web app (examples/notes/web ./cmd/notes-web)")
    parser.add_argument("--page-actions", required=True, help="the page-actions.js generated from the derived manifest")
    parser.add_argument("--companion", required=True, help="the package companion new --from-app wrote")
    parser.add_argument("--app", required=True, help="the Rastrillo app it was derived from (its gen/manifest.json)")
    parser.add_argument("--session", choices=("password", "auth"), default="password",
                        help="password (the web app's own sign-in) or auth (-signin auth, keymail; needs --keymail)")
    parser.add_argument("--keymail", help="the fake keymail server (examples/notes/web ./cmd/keymail-fake)")
    parser.add_argument("--engine", choices=("chromium", "webkit"), default="chromium",
                        help="chromium (headless Chromium) or webkit (WebKitGTK; run with scripts/webkit-run.sh)")
    options = parser.parse_args()
    if options.session == "auth" and not options.keymail:
        parser.error("--session auth needs --keymail (the fake keymail server)")
    page_actions = read_text(options.page_actions)

    checks = Checks()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="derived-day-") as directory:
        try:
            derived = Derived(options.companion, options.app)
            if options.session == "auth":
                auth_day(options, derived, checks, Certificate([HOST, KEYMAIL_HOST], directory), page_actions)
            else:
                password_day(options, derived, checks, Certificate([HOST], directory), page_actions)
        except HarnessError as error:
            checks.fail("harness", error)
    return checks.report(started)


if __name__ == "__main__":
    sys.exit(main())
