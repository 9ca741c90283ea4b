#!/usr/bin/env python3
"""What the page-actions script costs a long, live page in real WebKit (`make bench-page-actions`,
its WebKitGTK half): `bench_page_actions.py`'s measurements, in WebKitGTK embedded as the Apple
adapter embeds WKWebView (webkit_questions.Embedder).

    scripts/webkit-run.sh tools/web-screen-harness/webkit_bench_page_actions.py --page-actions FILE [--rows …] [--repeat N]

The same notes-style list pages (`bench_page_actions.page`, no script in the markup) are served
over HTTPS from a loopback server under the notes origin, cross-origin isolated as in the
Chromium half. The script is a user script in its own world at document start, main frame only,
with its message handler registered in that world,
as the adapter injects it; the plain tab is a second web view without it. The measurements
(`bench_page_actions.MEASURE`) run in the script's world, where they can see when the script
posts; the DOM, the page's clock and its task queue are the page's. Differences from the
Chromium half:

- every batch runs for at least 100 ms (WebKitGTK's page clock is coarser than Chromium's), and
  no batch starts from a collected heap (the page cannot ask for a collection);
- the paired all-rows swap's three pages are three web views, each with its own web process,
  taking turns (the bare observer in its own world at document start, as the script is);
- the first report is timed from `DOMContentLoaded` (a listener the prelude adds before the
  script's own) to the first post, read by wrapping the handler's `postMessage` in that world; a
  median of five loads.
"""

from __future__ import annotations

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_page_actions import (ALL_ROWS, BARE_OBSERVER, CHANNEL_HOOK, FORM_READS, HOST, MEASURE, OBSERVED,  # noqa: E402
                                arguments, page, print_report)
from harness_common import QuietHandler, by_size, median, paired_all_rows, serve_tls  # noqa: E402
from webkit_questions import Embedder, Proxy  # noqa: E402
from webscreen import PAGE_ACTIONS_WORLD, Certificate  # noqa: E402

# Before the script, in its world: its MessageChannel (CHANNEL_HOOK), the time of
# DOMContentLoaded, and each post's time.
PRELUDE = CHANNEL_HOOK + r"""
globalThis.__start = null;
document.addEventListener("DOMContentLoaded", () => { globalThis.__start = performance.now(); });
globalThis.__posts = [];
(() => {
  // On the handler's prototype: WebKit may give the script another wrapper of the handler later.
  const prototype = Object.getPrototypeOf(globalThis.webkit.messageHandlers.rastrilloPageActions);
  const post = prototype.postMessage;
  prototype.postMessage = function (text) {
    globalThis.__posts.push({ at: performance.now(), bytes: text.length });
    return Reflect.apply(post, this, [text]);
  };
})();
"""


class Server:
    """The list pages, by row count (`/bookmarks?rows=N`), over HTTPS on a loopback port."""

    def __init__(self, certificate: Certificate):
        class Handler(QuietHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                path, _, query = self.path.partition("?")
                rows = query[len("rows="):] if query.startswith("rows=") else ""
                found = path == "/bookmarks" and rows.isdigit()
                body = page(int(rows), None).encode() if found else b"not found"
                self.send(200 if found else 404, body, {
                    "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
                    # Cross-origin isolation: a 20 µs page clock instead of 1 ms (as in the Chromium half).
                    "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"})

        self.httpd = serve_tls(Handler, certificate)
        self.port = self.httpd.server_address[1]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def measure(web: Embedder, rows: int, with_script: bool, repeat: int) -> dict:
    """`MEASURE`'s result in a new load of the page in `web` (the script's view or the plain one)."""
    firsts = []
    for _ in range(5 if with_script else 1):
        before = len(web.world_messages)
        web.load_url(f"https://{HOST}/bookmarks?rows={rows}")
        if with_script:
            # A message counted here may be the last page's (posted as it left): the first
            # report is this page's first post, read in its world.
            first = None
            while first is None:
                web.until(lambda: len(web.world_messages) > before, f"the first report of {rows} rows")
                before = len(web.world_messages)
                first = web.evaluate("__posts.length > 0 ? __posts[0].at - __start : null", PAGE_ACTIONS_WORLD)
            firsts.append(first)
    result = web.call_async(
        "return await " + MEASURE.strip() % {"repeat": repeat, "min_batch_ms": 100, "observed": OBSERVED,
                                             "form_reads": FORM_READS}, PAGE_ACTIONS_WORLD,
        timeout=600)
    result["first"] = median(firsts) if firsts else None
    return result


def all_rows(webs: dict[str, Embedder], rows: int) -> dict:
    """`paired_all_rows` in the three web views, each with the page loaded once."""
    for web in webs.values():
        web.load_url(f"https://{HOST}/bookmarks?rows={rows}")
        web.evaluate(ALL_ROWS % {"min_batch_ms": 100} + "; true", PAGE_ACTIONS_WORLD)
    return paired_all_rows(lambda kind: webs[kind].call_async("return await __allRows();", PAGE_ACTIONS_WORLD,
                                                              timeout=600))


def main() -> int:
    script, sizes, repeat = arguments(__doc__, 9)
    with tempfile.TemporaryDirectory(prefix="webkit-bench-page-actions-") as directory:
        certificate = Certificate([HOST], directory)
        server = Server(certificate)
        proxy = Proxy({HOST: server.port})
        try:
            scripted = Embedder(proxy.port, certificate, host=HOST, world_script=PRELUDE + script, at_start=True)
            plain = Embedder(proxy.port, certificate, host=HOST, world_script="", at_start=True)
            # The bare observer in the script's place (a world of its own, at document start, its
            # MessageChannel seen as the script's is, so each swap waits for its task too).
            bare = Embedder(proxy.port, certificate, host=HOST, world_script=CHANNEL_HOOK + BARE_OBSERVER,
                            at_start=True)
            webs = {"plain": plain, "script": scripted, "bare": bare}
            results = by_size(sizes, lambda rows: measure(plain, rows, False, repeat),
                              lambda rows: measure(scripted, rows, True, repeat), lambda rows: all_rows(webs, rows))
            print_report("WebKitGTK", results)
        except AssertionError as error:
            print(f"webkit-bench-page-actions: {error}", file=sys.stderr)
            return 1
        finally:
            proxy.close()
            server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
