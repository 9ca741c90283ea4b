#!/usr/bin/env python3
"""A native command sends exactly what the page's own button sends (`make browser-page-actions`).

    page_actions_requests.py --page-actions FILE [--fixtures DIR]

FILE: the page-actions.js `manifest build` generated from the fixtures' manifest
(Tests/PageActionsScript/fixtures/app-manifest.json); DIR: the fixture pages (that folder), written in
the markup of Rastrillo's row menu, bulk bar, locale menu, topbar shell and forms whose buttons
override their form (formaction, formmethod, formtarget, formenctype, form=, formnovalidate).

Each page is served over HTTPS on loopback under notes.example.com and loaded in headless
Chromium with the script in its own isolated world (as the WebKit adapter injects it), a stand-in
message handler recording its reports. For every offer the script reports, the harness calls
`rastrilloPageActions.invoke(target, method, url)` and captures the request it causes (DevTools
`Fetch`: captured, then failed, so nothing loads and the page stays), then does what a person does
with the same element — clicks that submit button or link, or submits a form without one — and
captures that request. The two must be the same request: method, URL, body (multipart boundaries
aside), Content-Type, Origin and Referer; and invoke must send nothing else (a link's ping, say).
The offered set of each page is also checked against what the page offers by HTML's rules
(submissions that stay in the page's own browsing context, no downloads, no in-page links).

Exit 0 when every check passed; 1 with each failure listed.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness_common import Checks, HarnessError, QuietHandler, read_text, serve_tls, without_boundary  # noqa: E402
from webscreen import PAGE_ACTIONS_WORLD, Browser, Certificate  # noqa: E402

HOST = "notes.example.com"
ORIGIN = f"https://{HOST}"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Where each fixture page is served (the screen it stands for: the offers native can take depend on
# it) and what it offers, by HTML's rules for what a click would send and by the scope rule (a row
# of another bookmark is never the screen's command): (method, path), in document order of the
# submissions (a form's submit buttons in tree order), with the submit button's name=value when it
# has a name and the values of the fields the command binds (the locale menu's `locale`).
PAGES = {
    "row-menu.html": "/bookmarks/3",
    "bulk-bar.html": "/bookmarks",
    "locale-menu.html": "/bookmarks",
    "topbar.html": "/bookmarks",
    "submitters.html": "/bookmarks/3",
    "foreign.html": "/bookmarks",
}
EXPECTED = {
    "row-menu.html": [("GET", "/bookmarks/3/edit"), ("POST", "/bookmarks/3/publish")],
    "bulk-bar.html": [("POST", "/bookmarks/bulk", "action=publish"), ("POST", "/bookmarks/bulk", "action=unpublish"),
                      ("POST", "/bookmarks/bulk", "action=delete")],
    "locale-menu.html": [("POST", "/_locale", {"locale": "en"}), ("POST", "/_locale", {"locale": "es"}),
                         ("POST", "/_locale", {"locale": "fr"})],
    "topbar.html": [("GET", "/bookmarks/new"), ("POST", "/signout")],
    "submitters.html": [("POST", "/bookmarks/3/delete"), ("POST", "/bookmarks/3/publish", "go=publish"),
                        ("POST", "/bookmarks/3/unpublish", "plain=Unpublish"), ("POST", "/bookmarks/3/publish"),
                        ("POST", "/bookmarks/3/publish", "draft=1"), ("POST", "/bookmarks/3/delete"),
                        ("POST", "/bookmarks/3/delete"), ("GET", "/bookmarks/3/edit")],
    "foreign.html": [("GET", "/bookmarks/new"), ("POST", "/signout")],
}
LIST_ROWS = 2000


def page_url(name: str) -> str:
    return f"{ORIGIN}{PAGES[name]}?fixture={name}"


def generated_list(rows: int) -> bytes:
    """A notes-style list of ``rows`` rows (a title link, an Edit link, one-button Publish and Delete
    forms each), then the page-level New bookmark link and the sign-out form."""
    items = "".join(
        f'<li><a href="/bookmarks/{n}">Bookmark {n}</a> <a href="/bookmarks/{n}/edit">Edit</a>'
        f'<form method="post" action="/bookmarks/{n}/publish"><button>Publish</button></form>'
        f'<form method="post" action="/bookmarks/{n}/delete"><button>Delete</button></form></li>'
        for n in range(1, rows + 1))
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>List</title></head><body>'
            f'<ul>{items}</ul><a href="/bookmarks/new">New bookmark</a>'
            f'<form method="post" action="/signout"><button>Sign out</button></form></body></html>').encode()

# The oracle: the submissions of the page as a person can make them (each form's submit buttons
# from form.elements, or the form itself when it has none; each link), in document order, each
# with the request it sends by HTML's rules when that request stays in the page's own browsing
# context (a form's effective method post and target "" or _self, its button enabled; a link's
# target the same, no download, not an in-page fragment), else null. Written here independently
# of the script. The person's submission for an offer is found by its request, not by the
# offer's target (the script numbers only what it reads; a target is opaque): the k-th offer
# with a given request (method, URL, submitter pair, bound fields' values) is the k-th
# submission sending it, and the two counts must be equal, so a wrong element shows as a
# different request and an unmatched offer as an error.
ORACLE = """(() => {
  const formGet = (name) => Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, name).get;
  const [formMethod, formAction, formElements] = ["method", "action", "elements"].map(formGet);
  // HTML's <base target>: the first with a target (an SVG <base> sets none).
  const base = Array.from(document.querySelectorAll("base[target]")).find((b) => b instanceof HTMLBaseElement) ?? null;
  const baseTarget = base === null ? "" : base.getAttribute("target");
  const own = (target) => target === "" || target.toLowerCase() === "_self";
  const requestOf = (element, button) => {
    if (element instanceof HTMLAnchorElement) {
      const target = element.hasAttribute("target") ? element.getAttribute("target") : baseTarget;
      const url = element.href;
      if (element.hasAttribute("download") || !own(target)) return null;
      if (url.includes("#") && url.split("#")[0] === document.URL.split("#")[0]) return null;
      return { method: "GET", url, submitter: null };
    }
    if (button !== null && button.matches(":disabled")) return null;
    const method = button !== null && button.hasAttribute("formmethod") ? button.formMethod : formMethod.call(element);
    const target = button !== null && button.hasAttribute("formtarget") ? button.getAttribute("formtarget")
      : element.hasAttribute("target") ? element.getAttribute("target") : baseTarget;
    if (method !== "post" || !own(target)) return null;
    if (button instanceof HTMLInputElement && button.name !== "" && !button.hasAttribute("value")) return null;
    const url = button !== null && button.hasAttribute("formaction") ? button.formAction : formAction.call(element);
    return { method: "POST", url, submitter: button !== null && button.name !== "" ? { name: button.name, value: button.value } : null };
  };
  const found = [];
  for (const element of document.querySelectorAll("form, a[href]")) {
    if (element instanceof HTMLAnchorElement) { found.push({ element, button: null }); continue; }
    if (!(element instanceof HTMLFormElement)) continue; // an SVG <a> or <form> (foreign.html)
    const buttons = Array.from(formElements.call(element)).filter((c) => (c instanceof HTMLButtonElement && c.type === "submit")
      || (c instanceof HTMLInputElement && c.type === "submit"));
    const images = Array.from(document.querySelectorAll("input[type=image]"))
      .filter((i) => i instanceof HTMLInputElement && i.form === element);
    if (buttons.length === 0 && images.length === 0) found.push({ element, button: null });
    for (const button of buttons) found.push({ element, button });
  }
  for (const submission of found) submission.request = requestOf(submission.element, submission.button);
  const key = (request) => JSON.stringify([request.method, request.url,
    request.submitter === null || request.submitter === undefined ? null : [request.submitter.name, request.submitter.value]]);
  const fieldValue = (form, name) => {
    const control = formElements.call(form).namedItem(name);
    return control === null ? null : control.value;
  };
  const sends = (submission, offer) => submission.request !== null && key(submission.request) === key(offer)
    && Object.entries(offer.fields || {}).every(([name, value]) => fieldValue(submission.element, name) === value);
  const same = (a, b) => key(a) === key(b) && JSON.stringify(Object.entries(a.fields || {}).sort())
    === JSON.stringify(Object.entries(b.fields || {}).sort());
  globalThis.__submissionFor = (offer, offers) => {
    const alike = offers.filter((o) => same(o, offer));
    const sending = found.filter((submission) => sends(submission, offer));
    if (sending.length !== alike.length) {
      throw new Error(`${sending.length} submissions send ${key(offer)}, ${alike.length} offers name it`);
    }
    return sending[alike.indexOf(alike.find((o) => o.target === offer.target))];
  };
  globalThis.__submissions = found;
  return found.length;
})()"""

# What a person types first, so the page's own validation lets the submissions through (the
# stopped submission is checked on its own, check_invalid).
PREPARE = {"submitters.html": "document.querySelector('input[name=Title]').value = 'A title'"}

PERSON = """((offer, offers) => {
  const { element, button } = globalThis.__submissionFor(offer, offers);
  if (element instanceof HTMLAnchorElement) element.click();
  else if (button !== null) button.click();
  else element.requestSubmit();
})(%s, %s)"""


def person_script(offer: dict, offers: list[dict]) -> str:
    """What a person does for ``offer`` (one of the page's ``offers``): a click on its submission
    (run ORACLE first)."""
    return PERSON % (json.dumps(offer), json.dumps(offers))


def serve(directory: str, certificate: Certificate):
    """The fixture pages at <their screen's path>?fixture=<name>, and a generated list at
    /bookmarks?rows=N, over HTTPS on a loopback port (a thread); (server, port)."""

    class Handler(QuietHandler):
        def do_GET(self):
            query = dict(part.split("=", 1) for part in self.path.partition("?")[2].split("&") if "=" in part)
            name = query.get("fixture", "")
            if "rows" in query:
                body = generated_list(int(query["rows"]))
            elif name in PAGES and self.path.partition("?")[0] == PAGES[name]:
                with open(os.path.join(directory, name), "rb") as handle:
                    body = handle.read()
            else:
                self.send_error(404)
                return
            self.send(200, body, {"Content-Type": "text/html; charset=utf-8"})

    server = serve_tls(Handler, certificate)
    return server, server.server_address[1]


class Page:
    """One tab with the page-actions script in its isolated world and every request paused."""

    def __init__(self, browser: Browser, script: str):
        self.browser = browser
        self.target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.call("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        self.world: int | None = None
        self.main: int | None = None
        self.allowed: set[str] = set()  # URLs that load (the fixture page itself)
        self.captured: list[dict] = []  # every other request, captured and failed
        browser.handlers.append(self._on_event)
        for method in ("Page.enable", "Runtime.enable"):
            browser.call(method, session=self.session)
        handler = ("globalThis.webkit = { messageHandlers: { rastrilloPageActions: { postMessage(text) {"
                   " (globalThis.__reports ||= []).push(text); } } } };\n")
        browser.call("Page.addScriptToEvaluateOnNewDocument",
                     {"source": handler + script, "worldName": PAGE_ACTIONS_WORLD}, session=self.session)
        browser.call("Fetch.enable", {"patterns": [{"urlPattern": "*", "requestStage": "Request"}]}, session=self.session)

    def _on_event(self, method: str, params: dict, session: str | None):
        if session != self.session:
            return
        if method == "Runtime.executionContextCreated":
            context = params["context"]
            aux = context.get("auxData", {})
            if aux.get("frameId") != self.target:
                return
            if context.get("name") == PAGE_ACTIONS_WORLD:
                self.world = context["id"]
            elif aux.get("isDefault"):
                self.main = context["id"]
        elif method == "Fetch.requestPaused":
            request = params["request"]
            url = request["url"] + request.get("urlFragment", "")
            if url in self.allowed:
                self.browser.send("Fetch.continueRequest", {"requestId": params["requestId"]}, session=self.session)
                return
            body = "".join(base64.b64decode(e.get("bytes", "")).decode("utf-8", "replace")
                           for e in request.get("postDataEntries", [])) or request.get("postData", "")
            headers = {k.lower(): v for k, v in request["headers"].items()}
            if url == f"{ORIGIN}/favicon.ico":  # the browser's own, for any page
                self.browser.send("Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "Aborted"},
                                  session=self.session)
                return
            self.captured.append({"method": request["method"], "url": url, "type": params.get("resourceType"),
                                  "body": body, "headers": headers})
            self.browser.send("Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "Aborted"},
                              session=self.session)

    def evaluate(self, expression: str, world: bool = False, gesture: bool = False):
        context = self.world if world else self.main
        result = self.browser.call("Runtime.evaluate", {
            "expression": expression, "contextId": context, "returnByValue": True, "awaitPromise": True,
            "userGesture": gesture}, session=self.session)
        if "exceptionDetails" in result:
            raise HarnessError(f"evaluating {expression[:80]!r} threw: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def load(self, url: str):
        self.allowed = {url}
        self.world = self.main = None
        self.browser.navigate(self.session, url, 20, lambda: self.world is not None and self.main is not None)
        self.browser.pump(lambda: (self.evaluate("globalThis.__reports?.length ?? 0", world=True) or 0) > 0, 20,
                          "the page-actions report")

    def offers(self) -> list[dict]:
        return json.loads(self.evaluate("globalThis.__reports.at(-1)", world=True))["offers"]

    def requests_after(self, action, expect_document: bool) -> list[dict]:
        """Runs ``action`` and returns the requests it caused: waits for a document request when one
        is expected, then lets the browser report anything else for a moment."""
        start = len(self.captured)
        action()
        if expect_document:
            self.browser.pump(lambda: any(c["type"] == "Document" for c in self.captured[start:]), 10,
                              "the submission's request")
        end = time.monotonic() + 0.3
        self.browser.pump(lambda: time.monotonic() >= end, 2, "other requests")
        return self.captured[start:]

    def close(self):
        self.browser.handlers.remove(self._on_event)
        self.browser.send("Target.closeTarget", {"targetId": self.target})


def comparable(request: dict) -> dict:
    """A captured request as the comparison sees it: the multipart boundary (random per
    submission) named BOUNDARY, and the headers the page's request decides."""
    content_type, body = without_boundary(request["headers"].get("content-type", ""), request["body"])
    return {"method": request["method"], "url": request["url"], "body": body, "content-type": content_type,
            "origin": request["headers"].get("origin"), "referer": request["headers"].get("referer")}


def offer_summary(offer: dict) -> tuple:
    """(method, path) and the submitter's name=value or the bound fields, when the offer has them."""
    summary = (offer["method"], offer["url"][len(ORIGIN):] if offer["url"].startswith(ORIGIN) else offer["url"])
    if "submitter" in offer:
        summary += (f"{offer['submitter']['name']}={offer['submitter']['value']}",)
    if "fields" in offer:
        summary += (offer["fields"],)
    return summary


def offer_request(offer: dict) -> dict:
    """An offer's request as ORACLE writes a submission's."""
    return {"method": offer["method"], "url": offer["url"], "submitter": offer.get("submitter")}


def invocation(offer: dict) -> str:
    """The call native makes for ``offer``: ``invoke(target, method, url, submitter, fields)``."""
    arguments = [offer["target"], offer["method"], offer["url"], offer.get("submitter"), offer.get("fields", {})]
    return f"rastrilloPageActions.invoke({', '.join(json.dumps(a) for a in arguments)})"


def check_page(page: Page, name: str, checks: Checks):
    url = page_url(name)
    page.load(url)
    offers = page.offers()
    checks.equal(f"{name}: the offers are what the page's buttons and links send by HTML's rules",
                 [offer_summary(o) for o in offers], EXPECTED[name])
    for offer in offers:
        label = f"{name}: offer {offer['target']} ({offer['method']} {offer['url'][len(ORIGIN):]})"
        page.load(url)
        page.evaluate(PREPARE.get(name, "0"))
        outcome = []
        native = page.requests_after(lambda: outcome.append(page.evaluate(invocation(offer), world=True)),
                                     expect_document=True)
        page.load(url)
        page.evaluate(PREPARE.get(name, "0"))
        page.evaluate(ORACLE)
        person = page.requests_after(lambda: page.evaluate(person_script(offer, offers), gesture=True), expect_document=True)
        native_documents = [comparable(r) for r in native if r["type"] == "Document"]
        person_documents = [comparable(r) for r in person if r["type"] == "Document"]
        checks.equal(f"{label}: invoke sends the very request the person's click sends", native_documents, person_documents)
        checks.equal(f"{label}: invoke answers {'followed' if offer['method'] == 'GET' else 'submitted'} and sends "
                     "nothing else (no ping)",
                     (outcome, [r["url"] for r in native if r["type"] != "Document"], len(native_documents)),
                     (["followed" if offer["method"] == "GET" else "submitted"], [], 1))


def check_invalid(page: Page, checks: Checks):
    """A submit the page's validation stops: invoke answers invalid and sends nothing, like the click."""
    url = page_url("submitters.html")
    page.load(url)
    page.evaluate(ORACLE)
    offers = page.offers()
    titled = page.evaluate("JSON.stringify(globalThis.__submissions.find((s) => s.button === document.querySelector('#titled button')).request)")
    offer = next(o for o in offers if offer_request(o) == json.loads(titled))
    page.evaluate("document.querySelector('input[name=Title]').value = ''")
    outcome = []
    native = page.requests_after(lambda: outcome.append(page.evaluate(invocation(offer), world=True)),
                                 expect_document=False)
    page.load(url)
    page.evaluate(ORACLE)
    person = page.requests_after(lambda: page.evaluate(person_script(offer, offers), gesture=True), expect_document=False)
    checks.equal("submitters.html: an empty required Title: invoke answers invalid and sends nothing, as the click sends nothing",
                 (outcome, native, person), (["invalid"], [], []))


def check_long_list(page: Page, checks: Checks):
    """A 2,000-row list: rows' actions are never the list's commands, so they do not use up the
    report; New bookmark after the list is offered and nothing is cut."""
    page.load(f"{ORIGIN}/bookmarks?rows={LIST_ROWS}")
    report = json.loads(page.evaluate("globalThis.__reports.at(-1)", world=True))
    checks.equal(f"a {LIST_ROWS}-row list: New bookmark (after the list) and Sign Out are offered, no row's action, "
                 "nothing cut", long_list_summary(report), LONG_LIST)


# What a long list offers: its two page-level commands, with two targets, and nothing cut.
LONG_LIST = {"offers": [("GET", f"{ORIGIN}/bookmarks/new"), ("POST", f"{ORIGIN}/signout")], "targets": 2,
             "truncated": False}


def long_list_summary(report: dict) -> dict:
    return {"offers": [(o["method"], o["url"]) for o in report["offers"]],
            "targets": len({o["target"] for o in report["offers"]}), "truncated": report.get("truncated", False)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page-actions", required=True, help="page-actions.js generated from the fixtures' manifest")
    parser.add_argument("--fixtures", default=os.path.join(ROOT, "Tests", "PageActionsScript", "fixtures"))
    options = parser.parse_args()
    script = read_text(options.page_actions)
    checks = Checks()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="page-actions-requests-") as directory:
        certificate = Certificate([HOST], directory)
        server, port = serve(options.fixtures, certificate)
        browser = None
        try:
            browser = Browser([HOST], port, certificate.spki_hash)
            print(f"browser: {browser.version()}")
            page = Page(browser, script)
            for name in EXPECTED:
                checks.run(name, lambda: check_page(page, name, checks))
            checks.run("long list", lambda: check_long_list(page, checks))
            checks.run("invalid", lambda: check_invalid(page, checks), (HarnessError, StopIteration), typed=True)
        except HarnessError as error:
            checks.fail("harness", error)
        finally:
            if browser:
                browser.close()
            server.shutdown()
            server.server_close()
    return checks.report(started)


if __name__ == "__main__":
    sys.exit(main())
