#!/usr/bin/env python3
"""The companion's web screen in headless Chromium, end to end (`make browser`).

    companion_check.py --host BIN --server BIN [--screenshots DIR]

BIN paths: the companion's native side (examples/companion, product CompanionBrowserHost) and
examples/companion-web's browser-server (Go). Every expectation below is written out literally;
the only value not written here is the server version the Go server picks per run, which the
page and native must carry through unchanged.

Exit 0 when every check passed; 1 with each failure listed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness_common import Checks, HarnessError, LoopbackServer, close_all, open_browser  # noqa: E402
from webscreen import Browser, Certificate, NativeSide, WebScreen  # noqa: E402

HOSTS = ["app.example.com", "www.example.com", "elsewhere.example.net"]
APP = "https://app.example.com"
SERVER_UUID = "6f1c2a84-3d5e-4b7a-9c21-0e8f4d6a1b35"
SHIPPED_CSP = "default-src 'self'; frame-ancestors 'none'"


def text_of(screen: WebScreen, selector: str, frame_id: str | None = None):
    return screen.evaluate(f"document.querySelector({json.dumps(selector)})?.textContent ?? null", frame_id)


def plain_browser(browser: Browser, version: str, checks: Checks):
    """A plain browser: no webkit.messageHandlers, the module says unavailable, the notes show."""
    tab = Screen(browser, None)
    headers = tab.headers_of(f"{APP}/releases/{version}")
    checks.equal("the release page's Content-Security-Policy, as shipped", headers.get("content-security-policy"), SHIPPED_CSP)
    checks.equal("plain browser: the heading", text_of(tab, "h1"), f"Release {version}")
    checks.equal(
        "plain browser: the module reports unavailable",
        tab.evaluate('import("/static/bridge.js").then((m) => m.available)'),
        False,
    )
    checks.equal("plain browser: the server line stays hidden", tab.evaluate('document.querySelector("#server").hidden'), True)
    checks.equal("plain browser: the stylesheet applies", tab.evaluate("document.styleSheets.length"), 1)
    checks.equal("plain browser: no console error, exception, rejection or CSP violation", tab.problems, [])


def inside_the_app(screen: WebScreen, api: int, version: str, checks: Checks):
    """The typed action round trip and the serverChecked event."""
    screen.load(f"{APP}/releases/{version}")
    checks.equal(
        "this release: the page shows native's answer",
        screen.wait_for('document.querySelector("#server").textContent', "This is the release your server runs."),
        "This is the release your server runs.",
    )
    posted = [json.loads(m["body"]) for m in screen.messages]
    checks.equal("the module's hello then one compareRelease request", [m["type"] for m in posted], ["hello", "request"])
    checks.equal("the request carries the page's release", posted[1]["payload"], {"release": version})
    reply = json.loads(screen.messages[1]["reply"])
    checks.equal(
        "native's typed reply",
        reply["payload"],
        {"check": "reachable", "version": version, "match": "thisRelease"},
    )
    checks.equal(
        "the messages came from the main frame of https://app.example.com (browser's frame facts)",
        [m["frame"] for m in screen.messages],
        [{"main": True, "scheme": "https", "host": "app.example.com", "port": 0}] * 2,
    )

    reply = json.loads(screen.evaluate("webkit.messageHandlers.rastrillo.postMessage(42)"))
    checks.equal(
        "a body that is not text: native's error reply",
        (reply["type"], reply["id"], reply["error"]["code"], reply["error"]["message"]),
        (
            "error", None, "body-not-text",
            "the message body is a number, not text; post JSON.stringify(envelope) (the generated module does)",
        ),
    )

    screen.load(f"{APP}/releases/v0.9.0")
    checks.equal(
        "another release: the page shows the server's version",
        screen.wait_for('document.querySelector("#server").textContent', f"Your server runs {version}."),
        f"Your server runs {version}.",
    )
    checks.equal(
        "native's typed reply for v0.9.0",
        json.loads(screen.messages[-1]["reply"])["payload"],
        {"check": "reachable", "version": version, "match": "otherVersion"},
    )

    # The server is redeployed from v0.9.0; native checks again and sends serverChecked.
    redeployed = "v0.9.0-3-g1a2b3c4"
    urllib.request.urlopen(
        urllib.request.Request(f"http://127.0.0.1:{api}/control/version", data=redeployed.encode(), method="POST"),
        timeout=10,
    ).read()
    before = len(screen.messages)
    script = screen.deliver_event()
    checks.equal(
        "the event script native evaluates",
        script,
        'globalThis.__rastrilloBridge && globalThis.__rastrilloBridge.receive('
        '"{\\"protocol\\":1,\\"type\\":\\"event\\",\\"name\\":\\"serverChecked\\",\\"payload\\":\\"reachable\\"}");',
    )
    checks.equal(
        "serverChecked: the page asked again and shows the new version",
        screen.wait_for(
            'document.querySelector("#server").textContent', "Your server runs v0.9.0-3-g1a2b3c4, built from this release."
        ),
        "Your server runs v0.9.0-3-g1a2b3c4, built from this release.",
    )
    checks.equal(
        "serverChecked: exactly one more request",
        [json.loads(m["body"])["type"] for m in screen.messages[before:]],
        ["request"],
    )


def trust(screen: WebScreen, native: NativeSide, checks: Checks):
    """A cross-site iframe and a same-origin subframe are refused; the main frame keeps working."""
    screen.load(f"{APP}/fixtures/frames")
    checks.equal(
        "frames fixture: the main frame still gets answers",
        screen.wait_for('document.querySelector("#result").textContent', "main frame answered: reachable v0.9.0-3-g1a2b3c4"),
        "main frame answered: reachable v0.9.0-3-g1a2b3c4",
    )
    cross = screen.frame_with_url("https://elsewhere.example.net/fixtures/frame")
    same = screen.frame_with_url("https://app.example.com/fixtures/frame", main=False)
    checks.equal(
        "cross-site iframe: the typed refusal in its own DOM",
        screen.wait_for(
            'document.querySelector("#result").textContent',
            "refused untrusted-sender: message from a subframe (subframe https://elsewhere.example.net); "
            "only the main frame may use the bridge",
            cross,
        ),
        "refused untrusted-sender: message from a subframe (subframe https://elsewhere.example.net); "
        "only the main frame may use the bridge",
    )
    checks.equal(
        "same-origin subframe: the typed refusal in its own DOM",
        screen.wait_for(
            'document.querySelector("#result").textContent',
            "refused untrusted-sender: message from a subframe (subframe https://app.example.com); "
            "only the main frame may use the bridge",
            same,
        ),
        "refused untrusted-sender: message from a subframe (subframe https://app.example.com); "
        "only the main frame may use the bridge",
    )
    refusals = native.ask({"op": "refusals"})["refusals"]
    checks.equal(
        "the dispatcher recorded each refusal with that frame's origin",
        sorted((r["code"], r["frame"]) for r in refusals if r["kind"] == "bridge"),
        [
            ("body-not-text", "main frame https://app.example.com"),  # the non-text body sent above
            ("untrusted-sender", "subframe https://app.example.com"),
            ("untrusted-sender", "subframe https://elsewhere.example.net"),
        ],
    )


def navigation(screen: WebScreen, checks: Checks):
    """Each way the web screen leaves or changes a page, decided by RastrilloNative's
    WebScreenNavigation from the companion's router, and what the companion's stack does."""
    screen.load(f"{APP}/fixtures/links")
    links = f"{APP}/fixtures/links"
    checks.equal(
        "the links fixture, opened as a screen, loaded in place (the load its screen asked for)",
        [(n["url"], n["kind"], n["action"]) for n in screen.navigations if n["url"] == links][-1:],
        [(links, "link", "load")],
    )
    checks.equal("the stack: the links page", native_stack(screen), [f"web page {links}"])
    # (url, WebScreenNavigation.Kind, action, router decision, companion outcome, stack's top, stack depth)
    server = "server(serverID: 6F1C2A84-3D5E-4B7A-9C21-0E8F4D6A1B35)"
    expectations = [
        ("#server", [(f"{APP}/servers/{SERVER_UUID}", "link", "push", "native", f"navigate {server}", server, 2)]),
        (
            "#release",
            [
                (
                    f"{APP}/releases/v0.8.0", "link", "push", "web", 'show web releaseNotes(version: "v0.8.0")',
                    'releaseNotes(version: "v0.8.0")', 3,
                )
            ],
        ),
        (
            "#redirect",
            [
                (
                    f"{APP}/fixtures/redirect", "link", "push", "web", f"show web page {APP}/fixtures/redirect",
                    f"web page {APP}/fixtures/redirect", 4,
                )
            ],
        ),
        (
            "#other-site",
            [
                (
                    "https://elsewhere.example.net/fixtures/blank", "link", "leave", "in-app-browser",
                    "open https://elsewhere.example.net/fixtures/blank in the in-app browser",
                    f"web page {APP}/fixtures/redirect", 4,
                )
            ],
        ),
        (
            "#account",
            [
                (
                    f"{APP}/account/", "link", "leave", "external", f"open {APP}/account/ in the browser",
                    f"web page {APP}/fixtures/redirect", 4,
                )
            ],
        ),
        (
            "#mail",
            [
                (
                    "mailto:support@example.com", "link", "leave", "external",
                    "open mailto:support@example.com in the browser", f"web page {APP}/fixtures/redirect", 4,
                )
            ],
        ),
        (
            "#blank-target",
            [
                (
                    "https://elsewhere.example.net/fixtures/blank?via=target", "newWindow", "leave", "in-app-browser",
                    "open https://elsewhere.example.net/fixtures/blank?via=target in the in-app browser",
                    f"web page {APP}/fixtures/redirect", 4,
                )
            ],
        ),
        (
            "#open",
            [
                (
                    "https://elsewhere.example.net/fixtures/blank?via=window-open", "newWindow", "leave", "in-app-browser",
                    "open https://elsewhere.example.net/fixtures/blank?via=window-open in the in-app browser",
                    f"web page {APP}/fixtures/redirect", 4,
                )
            ],
        ),
        (
            "#internal-new-window",
            [
                (
                    f"{APP}/releases/v0.7.0", "newWindow", "push", "web", 'show web releaseNotes(version: "v0.7.0")',
                    'releaseNotes(version: "v0.7.0")', 5,
                )
            ],
        ),
    ]
    for selector, expected in expectations:
        start = len(screen.navigations)
        screen.evaluate(f"document.querySelector({json.dumps(selector)}).click()", gesture=True)
        screen.browser.pump(lambda: len(screen.navigations) >= start + len(expected), 10, f"{selector} to be decided")
        screen.settle(0.3)
        got = [
            (n["url"], n["kind"], n["action"], n.get("link"), n.get("outcome"), n["stack"][-1], len(n["stack"]))
            for n in screen.navigations[start:]
        ]
        checks.equal(
            f"navigation {selector}: (url, kind, action, router decision, companion outcome, stack top, depth)",
            got,
            expected,
        )
        checks.equal(
            f"navigation {selector}: the web screen still shows the links fixture",
            screen.evaluate("location.href"),
            links,
        )
    # A fragment of the page shown stays in place (Chromium asks nobody first: see webscreen.py;
    # WebKit asks its policy first).
    start = len(screen.navigations)
    screen.evaluate('document.querySelector("#fragment").click()', gesture=True)
    screen.browser.pump(lambda: len(screen.navigations) > start, 10, "#fragment to be decided")
    checks.equal(
        "navigation #fragment: loads in place, the stack unchanged",
        [(n["url"], n["kind"], n["action"], len(n["stack"])) for n in screen.navigations[start:]],
        [(f"{links}#inner", "link", "load", 5)],
    )

    # The same destination with other params replaces the screen (the release notes of v0.9.0).
    screen.load(f"{APP}/releases/v0.9.0")
    start = len(screen.navigations)
    screen.evaluate('location.assign("/releases/v0.8.0")', gesture=True)
    screen.browser.pump(lambda: len(screen.navigations) > start, 10, "the release link to be decided")
    screen.settle(0.3)
    checks.equal(
        "navigation to another release: replaces the screen (url, kind, action, outcome, stack)",
        [(n["url"], n["kind"], n["action"], n.get("outcome"), n["stack"]) for n in screen.navigations[start:]],
        [
            (
                f"{APP}/releases/v0.8.0", "link", "replace", 'show web releaseNotes(version: "v0.8.0")',
                ['releaseNotes(version: "v0.8.0")'],
            )
        ],
    )
    checks.equal("navigation to another release: the page stays", screen.evaluate("location.href"), f"{APP}/releases/v0.9.0")

    # The pushed page that redirects to another site, as its own screen: it loads, then the server's
    # redirect is decided as one (refused: a redirect leaves the app only for an internal page).
    state = screen.open(f"{APP}/fixtures/redirect")
    checks.equal(
        "the redirecting page as a screen: (url, kind, action, router decision, outcome)",
        [(n["url"], n["kind"], n["action"], n.get("link"), n.get("outcome")) for n in screen.navigations[-2:]],
        [
            (f"{APP}/fixtures/redirect", "link", "load", None, None),
            (
                "https://elsewhere.example.net/fixtures/blank", "redirect", "leave", "refused",
                "refused: Cannot open https://elsewhere.example.net/fixtures/blank: redirect target is not an internal URL",
            ),
        ],
    )
    checks.equal(
        "the refused redirect: the screen shows the failure view (interrupted, nothing shown yet)",
        (state["display"], state.get("failure")),
        ("failed", "interrupted"),
    )


def subframe_link(screen: WebScreen, checks: Checks):
    """A link that targets a named iframe navigates the subframe, decided as a subframe load."""
    page = f"{APP}/fixtures/subframe-link"
    screen.load(page)
    depth = len(native_stack(screen))
    start = len(screen.navigations)
    screen.evaluate('document.querySelector("#in-frame").click()', gesture=True)
    screen.browser.pump(lambda: len(screen.navigations) > start, 10, "#in-frame to be decided")
    checks.equal(
        "navigation #in-frame: (url, kind, action, router decision, companion outcome, stack depth)",
        [(n["url"], n["kind"], n["action"], n.get("link"), n.get("outcome"), len(n["stack"]))
         for n in screen.navigations[start:]],
        [("https://elsewhere.example.net/fixtures/blank?via=subframe", "subframe", "load", None, None, depth)],
    )
    screen.browser.pump(
        lambda: any(f.get("url", "").endswith("?via=subframe") for f in screen.frames.values()), 10, "the subframe to load"
    )
    inner = screen.frame_with_url("https://elsewhere.example.net/fixtures/blank?via=subframe", main=False)
    checks.equal(
        "the subframe navigation loaded in the subframe",
        screen.wait_for('document.querySelector("#blank")?.textContent ?? null', "blank", inner),
        "blank",
    )
    checks.equal("navigation #in-frame: the page stays", screen.evaluate("location.href"), page)


def native_stack(screen: WebScreen) -> list[str]:
    return screen.native.ask({"op": "state"})["stack"]


def control(api: int, command: str):
    """Changes the test server's HTTPS side (down, up, status N); returns once it took effect."""
    urllib.request.urlopen(
        urllib.request.Request(f"http://127.0.0.1:{api}/control/site", data=command.encode(), method="POST"),
        timeout=10,
    ).read()


def failure_and_retry(screen: WebScreen, api: int, version: str, checks: Checks):
    """The server goes down and comes back: the failure view, then Retry through the screen's runner.
    Chromium's reports become WebScreenEvents; the companion's WebScreenModel decides the rest."""
    url = f"{APP}/releases/{version}"
    problems = len(screen.problems)
    state = screen.open(url)
    checks.equal("failure: the release page loads first", (state["display"], state["title"]), ("content", f"Release {version}"))

    control(api, "down")
    state = screen.reload(1)
    failed = [e for e in screen.screen_events if e["type"] == "failed"][-1]
    if screen.browser.engine == "webkit":
        checks.equal(
            "server down: WebKitGTK's error (the rig's proxy resets the tunnel to a refused server), as WebKit's "
            "NSError on Apple platforms (a lost connection; a device's refused one is -1004), sent to native",
            (failed["webkitgtk"], failed["domain"], failed["code"]),
            (WEBKIT_SERVER_DOWN, "NSURLErrorDomain", -1005),
        )
    else:
        checks.equal(
            "server down: Chromium's error, as WebKit's NSError, sent to native",
            (failed["chromium"], failed["domain"], failed["code"]),
            ("net::ERR_CONNECTION_REFUSED", "NSURLErrorDomain", -1004),
        )
    checks.equal("server down: the model asked the web view to reload", screen.reload_effects, [{"reload": True}])
    checks.equal(
        "server down: the failure view for an unreachable host, with Retry (title key, message key)",
        (state["display"], state.get("failure"), state.get("failureTitleKey"), state.get("failureMessageKey")),
        (
            "failed", "unreachableHost", "webScreen.failure.unreachableHost.title",
            "webScreen.failure.unreachableHost.message",
        ),
    )

    control(api, "up")
    start = len(screen.navigations)
    state = screen.reload(3)
    checks.equal("Retry x3 after the server came back: one load of the failed page", screen.reload_effects, [{"load": url}])
    checks.equal(
        "Retry x3: the browser asked for the page once, loaded in place",
        [(n["url"], n["kind"], n["action"]) for n in screen.navigations[start:] if n["main"]],
        [(url, "link", "load")],
    )
    checks.equal(
        "Retry x3: the page again, its <title> as the navigation title",
        (state["display"], state["title"], text_of(screen, "h1")),
        ("content", f"Release {version}", f"Release {version}"),
    )

    control(api, "status 503")
    state = screen.reload(1)
    checks.equal(
        "HTTP 503: the failure view for the status (failure, message key)",
        (state["display"], state.get("failure"), state.get("failureMessageKey")),
        ("failed", "httpStatus(503)", "webScreen.failure.httpStatus.message %lld"),
    )
    control(api, "status 0")
    state = screen.reload(1)
    checks.equal(
        "HTTP 503, then Retry: one load of the page, content again",
        (screen.reload_effects, state["display"], state["title"]),
        ([{"load": url}], "content", f"Release {version}"),
    )
    # Chromium fetches /favicon.ico on its own after a load; whether that lands while the server is
    # down or answering 503 depends on timing, so only the page's own requests are compared.
    checks.equal(
        "failure and retry: the browser reported only the deliberate 503 for the page",
        [p for p in screen.problems[problems:] if not p.get("url", "").endswith("/favicon.ico")],
        [
            {"kind": "network error", "url": url, "text": screen.browser.failed_load_text(503)}
        ],
    )


def noisy(browser: Browser, native: NativeSide, checks: Checks):
    """The collector sees each kind of problem (a fixture that makes one of each)."""
    tab = Screen(browser, native, "rastrillo")
    tab.load(f"{APP}/fixtures/noisy")
    tab.settle(0.5)
    checks.equal(
        "the collector saw a console error, an uncaught exception, an unhandled rejection and a CSP violation",
        sorted({p["kind"] for p in tab.problems}),
        ["CSP violation", "console error", "uncaught exception", "unhandled rejection"],
    )
    checks.equal("the inline script was blocked by the CSP", tab.evaluate("document.title"), "Noisy fixture: proves the diagnostics collector")


SCREENSHOT_SERVER_VERSION = "v1.4.0-3-g1a2b3c4"

# The web screen's class of the engine the check runs in (webscreen.WebScreen, or
# webkit_screen.WebScreen with --engine webkit).
Screen = WebScreen
# What WebKitGTK reports when the app's server is down: the rig's CONNECT proxy resets the tunnel
# when the server refuses it (webkit_screen.Proxy; a 502 would reach WebKitGTK as the page's own
# response), which WebKitGTK reports as GIO's connection-closed error.
WEBKIT_SERVER_DOWN = "g-io-error-quark 44: Error receiving data: Connection reset by peer"


class TestServer(LoopbackServer):
    """examples/companion-web's browser-server: its first stdout line is a JSON object naming its
    HTTPS port (``https``), its /api/version port (``api``) and the version it answers."""

    announces = "announcing its ports"

    def announced(self, line: str) -> int:
        self.started = json.loads(line)
        return self.started["https"]


def screenshots(screen: WebScreen, directory: str):
    """The web screen as people see it: the release notes of v1.4.0 with native's answer."""
    os.makedirs(directory, exist_ok=True)
    screen.load(f"{APP}/releases/v1.4.0")
    screen.wait_for(
        'document.querySelector("#server").textContent', "Your server runs v1.4.0-3-g1a2b3c4, built from this release."
    )
    for name, width, height, scale, mobile in (("phone", 390, 844, 3, True), ("desktop", 1280, 800, 2, False)):
        for dark in (False, True):
            path = os.path.join(directory, f"web-screen-{name}-{'dark' if dark else 'light'}.png")
            screen.screenshot(path, width, height, scale, mobile, dark)
            print(f"wrote {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", required=True, help="the companion's native side (CompanionBrowserHost)")
    parser.add_argument("--server", required=True, help="examples/companion-web's browser-server binary")
    parser.add_argument("--screenshots", help="write the web screen's screenshots here instead of checking")
    parser.add_argument("--engine", choices=("chromium", "webkit"), default="chromium",
                        help="chromium (webscreen.py) or webkit (webkit_screen.py; run with scripts/webkit-run.sh)")
    options = parser.parse_args()
    if options.engine == "webkit" and options.screenshots:
        parser.error("--screenshots is Chromium's; WebKit's screenshots are make screenshots-webkit")
    global Screen

    checks = Checks()
    skipped: list[str] = []
    with tempfile.TemporaryDirectory(prefix="web-screen-") as directory:
        certificate = Certificate(HOSTS, directory)
        server = browser = native = None
        try:
            server = TestServer([options.server, "-cert", certificate.cert_path, "-key", certificate.key_path]
                                + (["-version", SCREENSHOT_SERVER_VERSION] if options.screenshots else []))
            started = server.started
            version = started["version"]
            print(f"test server: https on 127.0.0.1:{started['https']}, /api/version on {started['api']} answers {version}")
            native = NativeSide([options.host, f"http://127.0.0.1:{started['api']}"])
            engine, browser = open_browser(options.engine, HOSTS, started["https"], certificate)
            Screen = engine.WebScreen
            screen = Screen(browser, native, "rastrillo")
            if options.screenshots:
                screenshots(screen, options.screenshots)
                return 0
            sections = [
                ("plain browser", lambda: plain_browser(browser, version, checks)),
                ("inside the app", lambda: inside_the_app(screen, started["api"], version, checks)),
                ("trust", lambda: trust(screen, native, checks)),
                ("navigation", lambda: navigation(screen, checks)),
                ("subframe link", lambda: subframe_link(screen, checks)),
                (
                    "problems",
                    lambda: checks.equal(
                        "inside the app: no console error, exception, rejection or CSP violation", screen.problems, []
                    ),
                ),
                ("failure and retry", lambda: failure_and_retry(screen, started["api"], version, checks)),
                ("collector", lambda: noisy(browser, native, checks)),
            ]
            # A section that cannot finish is one failure; the others still run.
            # WebKitGTK names no frame for a navigation or a script message (make webkit-questions pins
            # it), so the WebKit backend refuses pages with subframes: these sections are Chromium's.
            subframes = {"trust", "subframe link"}
            for name, section in sections:
                if options.engine == "webkit" and name in subframes:
                    print(f"SKIPPED: {name} (needs a message's or navigation's frame, which WebKitGTK 2.50 does not "
                          "give an embedder; it runs in Chromium, make browser)")
                    skipped.append(name)
                    continue
                checks.run(name, section)
        except HarnessError as error:
            checks.fail("harness", error)
        finally:
            close_all(browser, native, server)
    return checks.report(extra=f", {len(skipped)} section(s) SKIPPED" if skipped else "")


if __name__ == "__main__":
    sys.exit(main())
