#!/usr/bin/env python3
"""A native command sends exactly what the page's own button sends, in real WebKit
(`make webkit-page-actions`): `page_actions_requests.py`'s check, in WebKitGTK.

    scripts/webkit-run.sh tools/web-screen-harness/webkit_page_actions.py --page-actions FILE [--fixtures DIR]

FILE: the page-actions.js generated from Tests/PageActionsScript/fixtures/app-manifest.json
(`make fixture-page-actions`). WebKitGTK is embedded as the Apple adapter embeds WKWebView
(webkit_questions.Embedder): the script as a user script in its own world at document start, main
frame only, its message handler registered in that world, and `invoke` called in that world with
`call_async_javascript_function` (`callAsyncJavaScript(in:)`). The fixture pages are served over
HTTPS under their screen's path (page_actions_requests.PAGES) on a loopback server that records
every request it receives and answers a form's or link's request with 204 No Content, so the page
stays. For every offer: the request `invoke` causes, then the request a person's click on the same
button or link causes (in the page's own world), recorded by the server, must be the same: method,
path, body (multipart boundaries aside), Content-Type, Origin and Referer; and `invoke` must send
nothing else. Every wait is on a request or an event; the timeouts are only hang guards.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_actions_requests import (  # noqa: E402
    EXPECTED, LIST_ROWS, LONG_LIST, ORACLE, PAGES, PREPARE, generated_list, invocation, long_list_summary,
    offer_summary, person_script)
from harness_common import Checks, QuietHandler, no_display, read_text, serve_tls, without_boundary  # noqa: E402
from webkit_questions import Embedder, Proxy, WebKit2  # noqa: E402
from webscreen import PAGE_ACTIONS_WORLD, Certificate  # noqa: E402

HOST = "notes.example.com"
ORIGIN = f"https://{HOST}"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Server:
    """The fixture pages and a generated list; every other request is recorded and answered 204."""

    def __init__(self, directory: str, certificate: Certificate):
        self.recorded: list[dict] = []
        self.lock = threading.Lock()
        server = self

        class Handler(QuietHandler):
            protocol_version = "HTTP/1.1"

            def _send(self, status: int, body: bytes, content_type: str = "text/html; charset=utf-8",
                      cacheable: bool = False):
                # no-store keeps a page out of WebKit's back/forward cache: only the Back check's
                # list (cacheable=1) may go in.
                self.send(status, body, {"Content-Type": content_type,
                                         **({} if cacheable else {"Cache-Control": "no-store"})})

            def _page(self) -> bytes | None:
                path, _, raw = self.path.partition("?")
                query = dict(part.split("=", 1) for part in raw.split("&") if "=" in part)
                if "rows" in query and path == "/bookmarks" and set(query) <= {"rows", "cacheable"}:
                    return generated_list(int(query["rows"]))
                name = query.get("fixture", "")
                if name in PAGES and path == PAGES[name] and set(query) == {"fixture"}:
                    with open(os.path.join(directory, name), "rb") as handle:
                        return handle.read()
                return None

            def _record(self, body: bytes):
                with server.lock:
                    server.recorded.append({
                        "method": self.command, "url": ORIGIN + self.path, "body": body.decode("utf-8", "replace"),
                        "content-type": self.headers.get("Content-Type", ""), "origin": self.headers.get("Origin"),
                        "referer": self.headers.get("Referer"),
                    })

            def do_GET(self):
                page = self._page()
                if page is not None:
                    self._send(200, page, cacheable=self.path.endswith("&cacheable=1"))
                elif self.path == "/favicon.ico":
                    self._send(404, b"", "text/plain")
                else:
                    self._record(b"")
                    self._send(204, b"", "text/plain")

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self._record(body)
                self._send(204, b"", "text/plain")

        self.httpd = serve_tls(Handler, certificate)
        self.port = self.httpd.server_address[1]

    def count(self) -> int:
        with self.lock:
            return len(self.recorded)

    def since(self, start: int) -> list[dict]:
        with self.lock:
            return list(self.recorded[start:])

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def comparable(request: dict) -> dict:
    content_type, body = without_boundary(request["content-type"], request["body"])
    return {**request, "body": body, "content-type": content_type}


class Day:
    def __init__(self, web: Embedder, server: Server, checks: Checks):
        self.web, self.server, self.checks = web, server, checks

    def load(self, url: str) -> list[dict]:
        """Loads ``url`` and returns the offers of the script's last report for it."""
        before = len(self.web.world_messages)
        self.web.load_url(url)
        self.web.until(lambda: len(self.web.world_messages) > before, f"the page-actions report of {url}")
        return json.loads(self.web.world_messages[-1])["offers"]

    def requests_after(self, action, expect: bool) -> list[dict]:
        start = self.server.count()
        action()
        if expect:
            self.web.until(lambda: self.server.count() > start, "the request")
        end = time.monotonic() + 0.3
        self.web.until(lambda: time.monotonic() >= end, "other requests", timeout=2)
        return [comparable(r) for r in self.server.since(start)]

    def invoke(self, offer: dict):
        return self.web.call_async(f"return await {invocation(offer)};", world=PAGE_ACTIONS_WORLD)

    def person(self, offer: dict, offers: list[dict]):
        self.web.evaluate(ORACLE)
        self.web.evaluate(person_script(offer, offers))

    def page(self, name: str):
        url = f"{ORIGIN}{PAGES[name]}?fixture={name}"
        offers = self.load(url)
        self.checks.equal(f"WebKit {name}: the offers are what the page's buttons and links send by HTML's rules",
                          [offer_summary(o) for o in offers], EXPECTED[name])
        for offer in offers:
            label = f"WebKit {name}: offer {offer['target']} ({offer['method']} {offer['url'][len(ORIGIN):]})"
            self.load(url)
            self.web.evaluate(PREPARE.get(name, "0"))
            outcome = []
            native = self.requests_after(lambda: outcome.append(self.invoke(offer)), expect=True)
            self.load(url)
            self.web.evaluate(PREPARE.get(name, "0"))
            person = self.requests_after(lambda: self.person(offer, offers), expect=True)
            # A click on a link with ping also sends the ping (text/ping): not part of the comparison.
            clicked = [r for r in person if not r["content-type"].startswith("text/ping")]
            self.checks.equal(f"{label}: invoke sends the very request the person's click sends", native, clicked)
            self.checks.equal(f"{label}: invoke answers and sends nothing else (no ping)",
                              (outcome, len(native)), (["followed" if offer["method"] == "GET" else "submitted"], 1))

    def long_list(self):
        self.load(f"{ORIGIN}/bookmarks?rows={LIST_ROWS}")
        report = json.loads(self.web.world_messages[-1])
        self.checks.equal(f"WebKit: a {LIST_ROWS}-row list offers New bookmark and Sign Out, no row's action, "
                          "nothing cut", long_list_summary(report), LONG_LIST)


    def back_forward(self):
        """The script's own task (a MessageChannel) keeps a page in WebKit's back/forward cache,
        and the restored page reports again (pageshow with persisted)."""
        self.load(f"{ORIGIN}/bookmarks?rows=3&cacheable=1")
        self.web.evaluate("globalThis.__beforeLeaving = true", PAGE_ACTIONS_WORLD)
        self.load(f"{ORIGIN}/bookmarks?rows=4&cacheable=1")
        before, sent = self.web.finished, len(self.web.world_messages)
        self.web.view.go_back()
        self.web.until(lambda: self.web.finished > before, "the page Back returns to")
        self.web.until(lambda: len(self.web.world_messages) > sent, "the report of the restored page")
        restored = self.web.evaluate("globalThis.__beforeLeaving === true", PAGE_ACTIONS_WORLD)
        report = json.loads(self.web.world_messages[-1])
        self.checks.equal("WebKit: Back restores the list from the back/forward cache (the script's world kept), "
                          "and it reports New bookmark again", (restored, long_list_summary(report)), (True, LONG_LIST))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page-actions", required=True)
    parser.add_argument("--fixtures", default=os.path.join(ROOT, "Tests", "PageActionsScript", "fixtures"))
    options = parser.parse_args()
    if no_display("webkit-page-actions"):
        return 2
    script = read_text(options.page_actions)
    print(f"webkit-page-actions: WebKitGTK {WebKit2.get_major_version()}.{WebKit2.get_minor_version()}."
          f"{WebKit2.get_micro_version()}")
    checks = Checks()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="webkit-page-actions-") as directory:
        certificate = Certificate([HOST], directory)
        server = Server(options.fixtures, certificate)
        proxy = Proxy({HOST: server.port})
        web = Embedder(proxy.port, certificate, host=HOST, world_script=script, at_start=True)
        day = Day(web, server, checks)
        try:
            for name in EXPECTED:
                checks.run(name, lambda: day.page(name), (AssertionError,))
            checks.run("long list", day.long_list, (AssertionError,))
            checks.run("back/forward", day.back_forward, (AssertionError,))
            checks.equal("WebKit: no request went to any host but the app's", proxy.refused, [])
        finally:
            web.window.destroy()
            proxy.close()
            server.close()
    return checks.report(started)


if __name__ == "__main__":
    sys.exit(main())
