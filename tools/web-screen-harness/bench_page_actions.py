#!/usr/bin/env python3
"""What the page-actions script costs a long, live page, as ratios to a floor measured in the same
page (`make bench-page-actions`; headless Chromium here, WebKitGTK in
webkit_bench_page_actions.py; `make ci` only runs both once, untimed).

    bench_page_actions.py --page-actions FILE [--rows 10,100,1000,5000] [--repeat 15]

FILE: the notes companion's generated page-actions.js. Each page is a notes-style list of N rows
(a title link, an Edit link, one-button Publish and Delete forms) and a page-level "New bookmark"
link after the list, served under the notes origin (https://notes.example.com, answered by the
browser's request interception: no server). The script runs as the adapter runs it, at document
end, posting to a `webkit.messageHandlers.rastrilloPageActions` stand-in that records the time.

Measured in the page, each the median of `--repeat` runs:

- plain floor: `querySelectorAll('form, a[href]')` and reading every element's `action`/`href`
  plainly, through the element: the least any scan of the page's forms and links costs, and what
  the goals are judged against (issue 48);
- floor: the same, read as the script reads them: through the prototypes'
  own getters (FORM_READS). A form's own members are looked up among its named controls first
  (`form.action`, even `form.tagName`), which in Chromium costs the page's later DOM work too: an
  all-rows swap of a 10-row list took 1.8× the plain page's time when an observing reader had
  called `getAttribute` through each new form, 1.1× (what a bare observer costs) when it called
  the prototype's on the form;
- first report: from `DOMContentLoaded` to the first report posted;
- then three changes, each repeated.

The script reads what its MutationObserver saw in a task of its own (a MessageChannel message to
itself), after the page's task. A stand-in for MessageChannel, installed before the script
(CHANNEL_HOOK), gives the bench the script's port: its handler is timed (the script's task),
and a listener on it tells when that task has run, so each operation waits for it (the bench
checks on each page that a link removed and put back gave two reports by then). Each operation
is timed in two parts: the page's task (the change and its microtasks, where the observer's
callback runs) and the script's task. Rendering, which the browser may fit in between the two
(at 5,000 rows in Chromium the next task after a one-row change often waited 22–26 ms, with the
script or without it), is in neither. What the script adds to an operation is both parts less the page's task in a plain tab.

- no-op rescan: an observed attribute set to its own value;
- one-row swap: one row's HTML replaced by the same HTML (what a fragment does to a row), and its
  floor, the row floor, measured in the same page and the same swaps: a stand-in reader (an
  observer with the script's options that reads the changed row's forms and links) reads each
  swap in the script's own task, just before the script's handler on alternate swaps and just
  after it on the others. In a long list the engine often renders the whole list before the
  first task after a change, which then runs with its caches cold: the script's handler and the
  reader are each compared where they ran first after their swap;
- all-rows swap: every row's HTML replaced. Its page task is timed apart (ALL_ROWS), paired:
  three pages loaded side by side (Chromium: frames of one page; WebKitGTK: three web views), the
  plain one, the one with the script and one with a bare observer (BARE_OBSERVER) in the
  script's place, take turns in ALL_ROWS_ROUNDS rounds of one batch each (at least 20 ms in
  Chromium, 100 ms in WebKitGTK), in a new order each round, and each ratio is the median of the
  rounds' ratios. Each swap starts from a laid-out list, as rows on screen are (without that, the
  plain page's swap of 100 rows took 1.6 or 2.4 ms from batch to batch in Chromium, as the
  engine had laid out the last rows in between or not; 2.1–2.4 ms with it). Timed one page after
  another, in loads of their own, the same ratio moved from 0.9× to 3.6× at 10 rows between
  runs: the machine's pace changes over seconds, and pairing the batches in time cancels it.

Printed per size: both floors, the first report against the plain floor (goal ≤ 3× + 1 ms), what a
rescan adds against the plain floor (goal ≤ 2×), the script's one-row task against the row floor (goal: that ratio
at any size at most 2× the smallest page's; what a one-row swap adds, a difference of two noisy
times, is printed beside it), the
page's own task in an all-rows swap against the plain page's, paired (goal ≤ 1.2×), beside the
bare observer's, and the script's task after it against the floor. Goals are reported, never enforced: timing on a shared machine is
not a test.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness_common import HarnessError, by_size, median, paired_all_rows, read_text  # noqa: E402
from webscreen import Browser, Certificate, WebScreen  # noqa: E402

HOST = "notes.example.com"
ORIGIN = f"https://{HOST}"

# Before the script: which MessageChannel it makes (its own task's), so the bench can tell when
# that task has run. Shared with the WebKitGTK half.
CHANNEL_HOOK = """
globalThis.__channels = [];
(() => {
  const Native = globalThis.MessageChannel;
  globalThis.MessageChannel = function MessageChannel() {
    const channel = new Native();
    globalThis.__channels.push(channel);
    return channel;
  };
})();
"""

STAND_IN = CHANNEL_HOOK + """
window.__posts = [];
window.webkit = { messageHandlers: { rastrilloPageActions: {
  postMessage(text) { window.__posts.push({ at: performance.now(), bytes: text.length }); } } } };
document.addEventListener("DOMContentLoaded", () => { window.__ready = performance.now(); });
"""

# The script's MutationObserver options (page-actions.js, start()), for both stand-ins below.
OBSERVED = """{ childList: true, subtree: true, attributes: true, attributeFilter: [
  "action", "method", "target", "href", "download", "disabled", "type", "form", "id",
  "formaction", "formmethod", "formtarget", "name", "value", "checked", "selected"] }"""

# The least any reader that observes the page costs the page's own task: a MutationObserver with
# the script's options whose callback posts a message to a task of its own, which reads nothing.
# The all-rows swap's page task is also timed in a page with it in the script's place.
BARE_OBSERVER = """
(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {};
  const start = () => new MutationObserver(() => channel.port2.postMessage(null)).observe(document, %s);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();
""" % OBSERVED

# Reading a form's or link's URL as the script reads it: the prototypes' own getters, called on the
# element (a form's own members are looked up among its named controls first), and a form told
# from a link by its prototype, not its `tagName` (another member of the form's).
FORM_READS = """
  const formAction = Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, "action").get;
  const linkHref = Object.getOwnPropertyDescriptor(HTMLAnchorElement.prototype, "href").get;
  const urlOf = (e) => (e instanceof HTMLFormElement ? formAction.call(e) : linkHref.call(e));
"""

MEASURE = r"""
(async () => {
  const repeat = %(repeat)d;%(form_reads)s
  const list = document.querySelector("ul.rows");
  const median = (values) => {
    const s = [...values].sort((a, b) => a - b);
    return s.length === 0 ? NaN : s[Math.floor(s.length / 2)];
  };
  const flush = async () => { for (let i = 0; i < 4; i++) await null; };
  // The script's own task's port (CHANNEL_HOOK), or null in a plain tab; its handler is timed.
  const scriptPort = (globalThis.__channels || []).length > 0 ? globalThis.__channels[0].port1 : null;
  let scriptTime = 0;
  let scriptRuns = 0;
  // The row floor's reader, while the one-row swap is measured: it reads in the script's task,
  // before the script's handler when `floorFirst`, else after it.
  let floorRead = null;
  let floorFirst = false;
  if (scriptPort !== null) {
    const handler = scriptPort.onmessage;
    scriptPort.onmessage = (event) => {
      if (floorRead !== null && floorFirst) floorRead();
      const t = performance.now();
      Reflect.apply(handler, scriptPort, [event]);
      scriptTime += performance.now() - t;
      scriptRuns++;
      if (floorRead !== null && !floorFirst) floorRead();
    };
  }
  // A task after the page's: a message to itself.
  const channel = new MessageChannel();
  let wake = null;
  channel.port1.onmessage = () => { const resume = wake; wake = null; resume(); };
  const nextTask = () => new Promise((resolve) => { wake = resolve; channel.port2.postMessage(null); });
  // Runs `mutate` and its microtasks (the page's task: where the observer's callback runs), then
  // waits until the script's task has run (a listener on its port runs right after its handler;
  // in a plain tab, one more task), and returns the page's part, in ms.
  const untilDone = async (mutate, port = scriptPort) => {
    const done = port === null ? null
      : new Promise((resolve) => port.addEventListener("message", () => resolve(), { once: true }));
    const t = performance.now();
    mutate();
    await flush();
    const page = performance.now() - t;
    await (done === null ? nextTask() : done);
    return page;
  };
  // Each sample runs a batch long enough for the clock (Chromium: 5 µs when cross-origin isolated,
  // 100 µs otherwise; WebKitGTK: 20 µs when isolated, 1 ms otherwise) to be far below it, and gives per-operation times: `page`,
  // the wall time of the batch or the sum of what its operations return, and `script`, the
  // script's task's handler time, each over the batch's size. Rendering the browser fits in
  // between tasks is in neither.
  // The one-row swaps' script handler and row floor reader times where each ran first in the
  // script's task: summed times and counts (see the row floor below).
  const first = { script: 0, scripts: 0, floor: 0, floors: 0 };
  const batch = async (operation, size) => {
    const t = performance.now();
    const before = scriptTime;
    const { script: firstScript, scripts, floor: firstFloor, floors } = first;
    let returned = 0;
    for (let i = 0; i < size; i++) returned += (await operation()) ?? NaN;
    const wall = performance.now() - t;
    return { page: (Number.isNaN(returned) ? wall : returned) / size, script: (scriptTime - before) / size,
             firstScript: (first.script - firstScript) / (first.scripts - scripts),
             firstFloor: (first.floor - firstFloor) / (first.floors - floors) };
  };
  const size = async (operation) => {
    let n = 1;
    for (;;) {
      const t = performance.now();
      for (let i = 0; i < n; i++) await operation();
      if (performance.now() - t >= %(min_batch_ms)d || n >= 4096) return n;
      n *= 2;
    }
  };
  // Where the engine lets the page collect garbage (Chromium with --expose-gc), every batch starts
  // from a collected heap, so a collection the last batch left is not charged to the next.
  const collect = typeof globalThis.gc === "function" ? () => globalThis.gc() : () => {};
  const sample = async (operation) => {
    const n = await size(operation);
    const values = [];
    for (let i = 0; i < repeat; i++) {
      collect();
      values.push(await batch(operation, n));
      await nextTask(); // what a batch left for the script's task, outside the timing
    }
    const known = (values) => values.filter((value) => !Number.isNaN(value));
    return { page: median(values.map((v) => v.page)), script: median(values.map((v) => v.script)),
             firstScript: median(known(values.map((v) => v.firstScript))),
             firstFloor: median(known(values.map((v) => v.firstFloor))) };
  };
  const link = document.querySelector("a.new");
  if (window.__posts !== undefined) {
    // What this bench relies on: when the script's task has run, it has reported.
    const before = window.__posts.length;
    const parent = link.parentNode, next = link.nextSibling;
    if (scriptPort === null) throw new Error("the script made no MessageChannel: nothing tells when its task ran");
    await untilDone(() => link.remove());
    await untilDone(() => parent.insertBefore(link, next));
    if (window.__posts.length !== before + 2) {
      throw new Error(`the script had not reported when its task had run (${window.__posts.length - before} of 2 reports, `
        + `${scriptRuns} runs of its task; ${window.__posts.length} posts, the last ${JSON.stringify(window.__posts.at(-1))})`);
    }
  }
  const floor = (await sample(async () => {
    let n = 0;
    const anchors = document.querySelectorAll("form, a[href]");
    for (let i = 0; i < anchors.length; i++) n += urlOf(anchors[i]).length;
    if (n < 0) throw new Error("unreachable");
  })).page;
  // The plain floor, the one the goals are judged against: the same query and each URL read the
  // plain way, through the element (a form's `action` looked up among its named controls first).
  const plainFloor = (await sample(async () => {
    let n = 0;
    const anchors = document.querySelectorAll("form, a[href]");
    for (let i = 0; i < anchors.length; i++) {
      const e = anchors[i];
      n += (e.tagName === "FORM" ? e.action : e.href).length;
    }
    if (n < 0) throw new Error("unreachable");
  })).page;
  const rescan = await sample(() => untilDone(() => link.setAttribute("href", link.getAttribute("href"))));
  const middle = () => list.children[Math.floor(list.children.length / 2)];
  // The middle row, found from the row before it (a fragment swap finds its element by id): an
  // index into the list's children would walk the whole list after every change.
  const before = middle().previousElementSibling;
  const swapRow = () => { const row = before.nextElementSibling; row.outerHTML = row.outerHTML; };
  // The row floor, in this page and these swaps: a stand-in reader (an observer with the script's
  // options) reads the added rows' forms and links (each URL) and counts the removed rows' (what
  // any incremental reader must do), in the script's own task: before the script's handler on
  // alternate swaps, after it on the others. After a change to a long list the engine often
  // renders the whole list before the next task, which then runs with its caches cold: the
  // script's handler and the reader are each compared where they ran first after their swap.
  let oneRow;
  let rowFloor = null;
  if (scriptPort === null) {
    oneRow = await sample(() => untilDone(swapRow));
  } else {
    let records = [];
    let floorTime = 0;
    const matches = Element.prototype.matches, queryWithin = Element.prototype.querySelectorAll;
    const read = (node) => {
      let n = 0;
      if (!(node instanceof Element)) return 0;
      if (matches.call(node, "form, a[href]")) n += urlOf(node).length;
      const inner = queryWithin.call(node, "form, a[href]");
      for (let i = 0; i < inner.length; i++) n += urlOf(inner[i]).length;
      return n;
    };
    const observer = new MutationObserver((list) => { records.push(...list); });
    observer.observe(document, %(observed)s);
    floorRead = () => {
      const t = performance.now();
      const batch = records;
      records = [];
      let n = 0;
      for (const record of batch) {
        for (const node of record.removedNodes) if (node instanceof Element) n += queryWithin.call(node, "form, a[href]").length;
        for (const node of record.addedNodes) n += read(node);
      }
      if (n < 0) throw new Error("unreachable");
      floorTime += performance.now() - t;
    };
    let swaps = 0;
    oneRow = await sample(async () => {
      floorFirst = swaps++ %% 2 === 0;
      const [script, floor, runs] = [scriptTime, floorTime, scriptRuns];
      const page = await untilDone(swapRow);
      if (scriptRuns !== runs + 1) throw new Error(`a one-row swap ran ${scriptRuns - runs} of the script's tasks`);
      if (floorFirst) {
        first.floor += floorTime - floor;
        first.floors++;
      } else {
        first.script += scriptTime - script;
        first.scripts++;
      }
      return page;
    });
    floorRead = null;
    observer.disconnect();
    // null: a run too short to have both a swap where the reader ran first and one where the script did.
    const orNull = (value) => (Number.isNaN(value) ? null : value);
    oneRow.firstScript = orNull(oneRow.firstScript);
    rowFloor = { script: orNull(oneRow.firstFloor) };
  }
  const html = list.innerHTML;
  const allRows = await sample(() => untilDone(() => { list.innerHTML = html; }));
  return { floor, plainFloor, rescan, oneRow, rowFloor, allRows, isolated: globalThis.crossOriginIsolated === true,
           posts: (window.__posts || []).length,
           first: window.__posts && window.__posts.length ? window.__posts[0].at - window.__ready : null };
})()
"""


def page(rows: int, script: str | None) -> str:
    items = "".join(
        f'<li class="row"><a class="row-main" href="/bookmarks/{i}">Bookmark {i}</a> '
        f'<a href="/bookmarks/{i}/edit">Edit</a>'
        f'<form method="post" action="/bookmarks/{i}/publish"><button>Publish</button></form>'
        f'<form method="post" action="/bookmarks/{i}/delete"><button>Delete</button></form></li>'
        for i in range(1, rows + 1)
    )
    head = f"<script>{STAND_IN}</script>" if script is not None else ""
    tail = f"<script>{script}</script>" if script is not None else ""
    return (f"<!doctype html><html><head><title>Bookmarks</title>{head}</head><body><h1>Bookmarks</h1>"
            f'<ul class="rows">{items}</ul><a class="new" href="/bookmarks/new">New bookmark</a>{tail}</body></html>')


class Bench:
    def __init__(self, browser: Browser, script: str):
        self.browser = browser
        self.script = script
        self.tab = WebScreen(browser, None, None)
        self.pages: dict[str, str] = {}
        browser.call("Fetch.enable", {"patterns": [{"urlPattern": f"{ORIGIN}/*", "requestStage": "Request"}]},
                     session=self.tab.session)
        browser.handlers.append(self._on_event)

    def _on_event(self, method: str, params: dict, session: str | None):
        if method != "Fetch.requestPaused" or session != self.tab.session:
            return
        body = self.pages.get(params["request"]["url"], "not found")
        self.browser.send("Fetch.fulfillRequest", {
            "requestId": params["requestId"], "responseCode": 200 if params["request"]["url"] in self.pages else 404,
            "responseHeaders": [{"name": "Content-Type", "value": "text/html; charset=utf-8"},
                                {"name": "Cache-Control", "value": "no-store"},
                                # Cross-origin isolation: a 5 µs clock instead of 100 µs.
                                {"name": "Cross-Origin-Opener-Policy", "value": "same-origin"},
                                {"name": "Cross-Origin-Embedder-Policy", "value": "require-corp"}],
            "body": base64.b64encode(body.encode()).decode(),
        }, session=session)

    def measure(self, rows: int, with_script: bool, repeat: int) -> dict:
        """`MEASURE`'s result in a new load of the page without the script or with it."""
        url = f"{ORIGIN}/bookmarks?rows={rows}&script={int(with_script)}"
        self.pages[url] = page(rows, self.script if with_script else None)
        firsts = []
        # The first report happens once per document: the median over a few loads.
        for _ in range(5 if with_script else 1):
            self.tab.load(url, timeout=120)
            if with_script:
                self.tab.wait_for("(window.__posts || []).length > 0", True, timeout=60)
                firsts.append(self.tab.evaluate("window.__posts[0].at - window.__ready"))
        result = self._evaluate(MEASURE % {"repeat": repeat, "min_batch_ms": 5, "observed": OBSERVED,
                                           "form_reads": FORM_READS})
        if firsts:
            result["first"] = median(firsts)
        return result

    def all_rows(self, rows: int) -> dict:
        """`paired_all_rows` in one page whose frames are the plain page, the one with the script
        and the one with the bare observer, side by side (one renderer, one compositor)."""
        kinds = ("plain", "script", "bare")
        bodies = {"plain": None, "script": self.script, "bare": BARE_OBSERVER}
        for kind in kinds:
            self.pages[f"{ORIGIN}/bookmarks?rows={rows}&frame={kind}"] = page(rows, bodies[kind])
        top = f"{ORIGIN}/frames?rows={rows}"
        self.pages[top] = ("<!doctype html><html><head><title>Frames</title></head><body style=\"margin:0\">"
                           + "".join(f'<iframe id="{kind}" src="/bookmarks?rows={rows}&amp;frame={kind}" '
                                     'style="width:33vw;height:95vh;border:0"></iframe>' for kind in kinds)
                           + "</body></html>")
        self.tab.load(top, timeout=120)
        # The load event waits for the frames' loads; each frame then gets its batch function.
        for kind in kinds:
            self._evaluate(f"document.getElementById({json.dumps(kind)}).contentWindow.eval("
                           f"{json.dumps(ALL_ROWS % {'min_batch_ms': 20})}) === undefined")
        return paired_all_rows(lambda kind: self._evaluate(
            f"document.getElementById({json.dumps(kind)}).contentWindow.__allRows()"))

    def _evaluate(self, expression: str):
        answer = self.browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                        "awaitPromise": True}, session=self.tab.session, timeout=600)
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            raise HarnessError(f"the measurement threw: {details.get('exception', {}).get('description') or details.get('text')}")
        return answer["result"]["value"]


# The all-rows swap's page task, in a page loaded beside the others (`paired_all_rows`): defines
# `__allRows()`, which times one batch of all-rows swaps (sized once to run at least
# `min_batch_ms`), each as MEASURE's `untilDone` times it, and resolves to its page part per swap.
ALL_ROWS = r"""
globalThis.__allRows = (() => {
  const list = document.querySelector("ul.rows");
  const html = list.innerHTML;
  const port = (globalThis.__channels || []).length > 0 ? globalThis.__channels[0].port1 : null;
  const flush = async () => { for (let i = 0; i < 4; i++) await null; };
  const channel = new MessageChannel();
  let wake = null;
  channel.port1.onmessage = () => { const resume = wake; wake = null; resume(); };
  const nextTask = () => new Promise((resolve) => { wake = resolve; channel.port2.postMessage(null); });
  const swap = async () => {
    const done = port === null ? null
      : new Promise((resolve) => port.addEventListener("message", () => resolve(), { once: true }));
    list.getBoundingClientRect(); // laid out, as rows on screen are: their layout is undone too
    const t = performance.now();
    list.innerHTML = html;
    await flush();
    const page = performance.now() - t;
    await (done === null ? nextTask() : done);
    return page;
  };
  const collect = typeof globalThis.gc === "function" ? () => globalThis.gc() : () => {};
  let size = 0;
  return async () => {
    for (let n = 1; size === 0; n *= 2) {
      const t = performance.now();
      for (let i = 0; i < n; i++) await swap();
      if (performance.now() - t >= %(min_batch_ms)d || n >= 4096) size = n;
    }
    collect();
    let page = 0;
    for (let i = 0; i < size; i++) page += await swap();
    await nextTask(); // what the batch left for the script's task, outside the timing
    return page / size;
  };
})();
"""


def print_report(engine: str, results: dict[int, tuple[dict, dict, dict]]) -> None:
    """Prints the table of one engine's run: per size, (plain tab, with the script) as `MEASURE`
    returns them, with `first` the first report's time in ms, and the `paired_all_rows` result."""
    print(f"page-actions benchmark: {engine}, medians; ratios against the floor or the plain page, "
          "measured in the same run")
    print(f"{'rows':>6} {'plain ms':>9} {'floor ms':>9} {'first ms':>9} {'first/plain':>12} {'rescan/plain':>13} "
          f"{'1-row +ms':>10} {'(task)':>7} {'row floor':>10} {'task/row floor':>15} {'swap/plain':>11} "
          f"{'all-rows task ms':>17} {'/plain':>7}")
    one_row = {}
    one_row_ratio = {}
    paired_figures = {}
    for rows, (plain, scripted, paired) in results.items():
        if not scripted["isolated"]:
            print("(not cross-origin isolated: the page's clock is coarser)")
        # The goals are judged against the plain floor; the floor read as the script reads is
        # printed beside it.
        floor = max(scripted["plainFloor"], 0.001)
        script_floor = scripted["floor"]
        first = scripted["first"]

        def added(name: str) -> float:
            # What the script adds: the page's task with it (the observer's callback in it) and its
            # own task, less the page's task in the plain tab.
            return max(scripted[name]["page"] + scripted[name]["script"] - plain[name]["page"], 0.0)

        one_row[rows] = added("oneRow")
        # The script's one-row handler against the stand-in reader, each where it ran first in the task;
        # None when a run was too short to see both there.
        task_first, row_floor = scripted["oneRow"]["firstScript"], scripted["rowFloor"]["script"]
        if task_first is not None and row_floor is not None:
            one_row_ratio[rows] = task_first / max(row_floor, 0.001)
        shown = lambda value, width, digits: f"{value:>{width}.{digits}f}" if value is not None else f"{'n/a':>{width}}"
        # The page's own task in an all-rows swap, paired in time with the plain page's.
        swap = paired["script/plain"]
        paired_figures[rows] = paired
        task = scripted["allRows"]["script"]
        goal_first = "ok" if first is not None and first <= 3 * floor + 1 else "over"
        goal_rescan = "ok" if added("rescan") <= 2 * floor else "over"
        goal_swap = "ok" if swap <= 1.2 else "over"
        print(f"{rows:>6} {floor:>9.3f} {script_floor:>9.3f} {first:>9.3f} {first / floor:>8.1f} {goal_first:>3} "
              f"{added('rescan') / floor:>9.1f} {goal_rescan:>3} {one_row[rows]:>10.3f} "
              f"{shown(task_first, 7, 3)} {shown(row_floor, 10, 3)} {shown(one_row_ratio.get(rows), 15, 1)} "
              f"{swap:>7.2f} {goal_swap:>3} {task:>17.3f} {task / floor:>7.1f}")
    sizes = list(results)
    smallest, largest = min(sizes), max(sizes)
    print(f"what the script adds to a one-row swap (both its parts less the plain tab's page task, a "
          f"difference of noisy times, not judged): {one_row[smallest]:.3f} ms at {smallest} rows and "
          f"{one_row[largest]:.3f} ms at {largest}")
    if smallest not in one_row_ratio:
        print(f"the script's one-row task against the row floor: not compared (at {smallest} rows the run never "
              "saw both the script's handler and the row floor's reader first after a swap)")
    else:
        compared = list(one_row_ratio)
        worst = max(compared, key=lambda rows: one_row_ratio[rows])
        growth = one_row_ratio[worst] / max(one_row_ratio[smallest], 0.001)
        print(f"the script's one-row task against the row floor (a stand-in reader of the changed row's forms and "
              f"links, in the script's task before or after its handler, in the same page and swaps; each where it "
              f"ran first after the swap): {one_row_ratio[smallest]:.1f}x at {smallest} rows, at most {one_row_ratio[worst]:.1f}x (at "
              f"{worst} rows), {growth:.2f}x (goal: proportional to the row, not the page: at most 2x; "
              f"{'ok' if growth <= 2 else 'over'}; sizes not compared: "
              f"{', '.join(str(rows) for rows in sizes if rows not in one_row_ratio) or 'none'})")
    print("the page's own task in an all-rows swap, paired (pages side by side taking turns; medians of the "
          "rounds' ratios), with the script and with a bare observer (the script's options, a task of its own "
          "that reads nothing): "
          + "; ".join(f"{rows} rows: plain {p['page']['plain']:.3f} ms, script {p['page']['script']:.3f} ms "
                      f"({p['script/plain']:.2f}x plain), bare {p['page']['bare']:.3f} ms ({p['bare/plain']:.2f}x plain; "
                      f"the script {p['script/bare']:.2f}x bare)" for rows, p in paired_figures.items()))
    print("plain: the plain floor (querySelectorAll('form, a[href]') and each element's action or href read "
          "through the element); floor: the same read as the script reads (the prototypes' getters). "
          "goals, against the plain floor: first ≤ 3× plain + 1 ms; what a rescan adds ≤ 2× plain; the page's own task in an "
          "all-rows swap ≤ 1.2× the plain page's, paired (reported, not enforced); the all-rows swap's own task "
          "(the script reading every row, after the page's task) is reported against the plain floor")


def arguments(description: str, repeat: int) -> tuple[str, list[int], int]:
    """Both benchmarks' command line: the script's text, the row counts and the samples per
    measurement (``repeat`` by default)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page-actions", required=True, help="the generated page-actions.js (notes manifest)")
    parser.add_argument("--rows", default="10,100,1000,5000")
    parser.add_argument("--repeat", type=int, default=repeat)
    options = parser.parse_args()
    return read_text(options.page_actions), [int(n) for n in options.rows.split(",")], options.repeat


def main() -> int:
    script, sizes, repeat = arguments(__doc__, 15)
    with tempfile.TemporaryDirectory(prefix="bench-page-actions-") as directory:
        certificate = Certificate([HOST], directory)
        # gc() in the page: each batch starts from a collected heap, in both tabs.
        browser = Browser([HOST], 9, certificate.spki_hash, extra_arguments=("--js-flags=--expose-gc",))
        try:
            bench = Bench(browser, script)
            results = by_size(sizes, lambda rows: bench.measure(rows, False, repeat),
                              lambda rows: bench.measure(rows, True, repeat), bench.all_rows)
            print_report("headless Chromium", results)
        except HarnessError as error:
            print(f"bench-page-actions: {error}", file=sys.stderr)
            return 1
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
