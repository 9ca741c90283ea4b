#!/usr/bin/env python3
"""The notes web screens as WebKit draws them (`make screenshots-webkit`).

    webkit_screenshots.py --server BIN --out DIR

What a person sees in the app is WebKit's rendering, not Chromium's: this loads the notes web app
(BIN: examples/notes/web ./cmd/notes-web, over HTTPS on loopback under its real host name, with
`-test-hooks`) in WebKitGTK, embedded as webkit_questions.py embeds it, signs in through the page's
own form, and writes the sign-in page, the list, a bookmark and its edit form at 390×844 CSS
pixels ×3 and 1280×800 ×2, light and dark, as `notes-<screen>-<size>-<light|dark>-webkit.png`
beside Chromium's (`make screenshots`). Run with Debian's /usr/bin/python3 under xvfb-run (the
make target does).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from notes_check import EMAIL, HOST, PASSWORD, SCREENSHOT_SIZES, Server  # noqa: E402
# Importing webkit_questions loads WebKitGTK, or exits saying what to install.
from webkit_questions import Certificate, Embedder, Gtk, Proxy, WebKit2  # noqa: E402

try:
    import gi

    gi.require_foreign("cairo")  # WebKit's snapshots are cairo surfaces
except ImportError as error:
    sys.exit(f"webkit-screenshots: Python's cairo bindings for gi are missing ({error}): run make setup "
             "(apt-get install python3-gi-cairo)")

ORIGIN = f"https://{HOST}"


def shoot(web: Embedder, path: str, width: int, height: int, scale: int, dark: bool):
    """Draws the page at ``width``×``height`` CSS pixels, ``scale`` device pixels each (page zoom
    over a window that many times larger), in the light or dark appearance, and saves a PNG."""
    Gtk.Settings.get_default().set_property("gtk-application-prefer-dark-theme", dark)
    web.view.set_size_request(width * scale, height * scale)
    web.window.resize(width * scale, height * scale)
    web.view.set_zoom_level(scale)
    web.until(lambda: web.view.get_allocated_width() == width * scale,
              f"the window to take its size ({width * scale} wide, is {web.view.get_allocated_width()})")
    scheme = "dark" if dark else "light"
    web.until(
        lambda: web.evaluate(f'matchMedia("(prefers-color-scheme: {scheme})").matches') is True,
        f"the page to see prefers-color-scheme: {scheme}",
    )
    web.call_async("await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))); return true")
    # WebKit draws the visible area anew for a snapshot (not the window's last pixels).
    box: list = []
    web.view.get_snapshot(WebKit2.SnapshotRegion.VISIBLE, WebKit2.SnapshotOptions.NONE, None,
                          lambda view, result: box.append(view.get_snapshot_finish(result)))
    web.until(lambda: box, "WebKit's snapshot")
    surface = box[0]
    if surface.get_width() != width * scale:
        raise AssertionError(f"webkit-screenshots: the snapshot is {surface.get_width()} wide, not {width * scale}")
    surface.write_to_png(path)
    print(f"wrote {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the notes web app (examples/notes/web ./cmd/notes-web)")
    parser.add_argument("--out", required=True, help="the folder the PNGs are written to (docs/images)")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="webkit-screenshots-") as directory:
        certificate = Certificate([HOST], directory)
        server = Server(options.server, certificate)
        proxy = Proxy({HOST: server.port})
        web = Embedder(proxy.port, certificate, host=HOST)
        try:
            def shoot_all(name: str):
                for size, width, height, scale, _mobile in SCREENSHOT_SIZES:
                    for dark in (False, True):
                        mode = "dark" if dark else "light"
                        shoot(web, os.path.join(options.out, f"notes-{name}-{size}-{mode}-webkit.png"),
                              width, height, scale, dark)

            web.load_url(ORIGIN + "/signin")
            shoot_all("signin")
            fill = (f'document.querySelector("[name=email]").value = {json.dumps(EMAIL)};'
                    f'document.querySelector("[name=password]").value = {json.dumps(PASSWORD)};'
                    'document.querySelector("form.stack").requestSubmit(); true')
            before = web.finished
            web.evaluate(fill)
            web.until(lambda: web.finished > before and web.view.get_uri() == ORIGIN + "/bookmarks", "signing in")
            bookmark = next(u["bookmarks"] for u in server.state()["users"] if u["email"] == EMAIL)[-2]["id"]
            for name, path in (("list", "/bookmarks"), ("bookmark", f"/bookmarks/{bookmark}"),
                               ("edit", f"/bookmarks/{bookmark}/edit")):
                web.load_url(ORIGIN + path)
                shoot_all(name)
        finally:
            web.window.destroy()
            proxy.close()
            server.close()
    print(f"webkit-screenshots: WebKitGTK {WebKit2.get_major_version()}.{WebKit2.get_minor_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
