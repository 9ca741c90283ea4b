"""What the harness's Chromium and WebKit sides both use, engine-neutral and standard library only.

- Waits: :func:`hang_guard` (the cap ``$WEB_SCREEN_HANG_GUARD`` puts on every wait).
- Results: :class:`HarnessError`, :class:`Checks` (``equal``, ``run`` a step or ``run_steps``, ``fail``,
  ``report``), :class:`FirstFailure` (``$WEB_SCREEN_FIRST_FAIL``: a check ends at its first ``FAIL``).
- Servers: :func:`close_all`, :class:`LoopbackServer` (a child process that prints its address on its first stdout
  line), :func:`https_request` (a request under a host's real name to its loopback port),
  :func:`serve_tls` and :class:`QuietHandler` (pages served from a thread over HTTPS).
- Engines: :func:`open_browser` (``--engine chromium`` or ``webkit``: the backend module and its
  ``Browser``), :func:`no_display` (the WebKit scripts' guard).
- Page actions: :func:`read_text` (the generated script), :func:`without_boundary` (a multipart
  body as the request comparisons see it).
- Timing: :func:`median`, :func:`paired_all_rows` (both page-actions benchmarks).

Nothing here imports a browser engine: :func:`open_browser` imports the backend it is asked for.
"""

from __future__ import annotations

import http.client
import os
import random
import re
import socket
import ssl
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# ------------------------------------------------------------------------------------------------
# Results


def hang_guard(timeout: float) -> float:
    """A wait's hang guard: ``timeout`` seconds, or at most ``$WEB_SCREEN_HANG_GUARD`` when that is set.

    Every wait of both engines (their ``pump``) goes through it. scripts/browser-mutants.py sets it
    so that a mutant which stops a load is caught after that many seconds, not the default 30; the
    unchanged copy passes every check under the same cap first, so the cap never decides a pass.
    """
    cap = os.environ.get("WEB_SCREEN_HANG_GUARD")
    if not cap:
        return timeout
    try:
        seconds = float(cap)
    except ValueError:
        raise HarnessError(f"WEB_SCREEN_HANG_GUARD={cap!r} is not a number of seconds; unset it or set e.g. 10") from None
    if seconds <= 0:
        raise HarnessError(f"WEB_SCREEN_HANG_GUARD={cap!r} must be a positive number of seconds")
    return min(timeout, seconds)


class HarnessError(Exception):
    """The harness could not do what the test asked (with what to do about it)."""


class FirstFailure(SystemExit):
    """Ends a check at its first ``FAIL`` when ``$WEB_SCREEN_FIRST_FAIL`` is set (exit status 1).

    scripts/browser-mutants.py sets it for the mutants' runs only: a mutant is caught by one failure,
    and the rest of its day would only wait on a broken page. A ``SystemExit``, so no step's
    ``except`` takes it for a harness error, and every ``finally`` still closes the browser and the
    servers. The unchanged copy's baseline runs without it and reports every check.
    """

    def __init__(self, line: str):
        super().__init__(1)
        self.line = line


class Checks:
    """A check's results: each ``equal`` prints ``ok`` or ``FAIL`` with what differed, and counts it."""

    def __init__(self):
        self.failures: list[str] = []
        self.passed = 0

    def _failed(self, line: str):
        self.failures.append(line)
        print(f"FAIL {line}", flush=True)
        if os.environ.get("WEB_SCREEN_FIRST_FAIL"):
            print(f"{self.passed} passed, 1 failed (stopped at the first failure: WEB_SCREEN_FIRST_FAIL is set)",
                  flush=True)
            raise FirstFailure(line)

    def equal(self, what: str, got, expected):
        if got == expected:
            self.passed += 1
            print(f"ok   {what}")
        else:
            self._failed(f"{what}: got {got!r}, expected {expected!r}")

    def fail(self, name: str, error: BaseException, typed: bool = False):
        """Records ``error`` as the failure of ``name`` (with its exception type when ``typed``)."""
        text = f"{type(error).__name__}: {error}" if typed else f"{error}"
        if os.environ.get("WEB_SCREEN_TRACE"):
            self.failures.append(f"{name}: {text}")
            print(f"FAIL {name}: {text}")
            raise error
        self._failed(f"{name}: {text}")

    def run(self, name: str, step, errors: tuple = (HarnessError,), typed: bool = False) -> bool:
        """Runs ``step()``; one of ``errors`` is the failure of ``name`` (``fail``). False when it failed."""
        try:
            step()
        except errors as error:
            self.fail(name, error, typed)
            return False
        return True

    def run_steps(self, steps, errors: tuple = (HarnessError,), typed: bool = False, story: bool = False):
        """``run`` each (name, step) of ``steps``; in a ``story`` a step that fails ends it (later steps
        need its state)."""
        for name, step in steps:
            if not self.run(name, step, errors, typed) and story:
                break

    def report(self, started: float | None = None, extra: str = "") -> int:
        """Prints the count of passes and failures (and the seconds since ``started``); the exit code."""
        took = f" ({time.monotonic() - started:.0f} s)" if started is not None else ""
        print(f"{self.passed} passed, {len(self.failures)} failed{extra}{took}")
        return 1 if self.failures else 0


# ------------------------------------------------------------------------------------------------
# Servers


class LoopbackServer:
    """A loopback server process that prints its address (``host:port``) on its first stdout line;
    a subclass that prints something else reads it in ``announced``."""

    announces = "printing its address"  # what the server failed to do, when it printed nothing

    def __init__(self, arguments: list[str]):
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().strip()
        if not line:
            raise HarnessError(f"{arguments[0]} exited ({self.process.wait()}) without {self.announces}")
        self.port = self.announced(line)

    def announced(self, line: str) -> int:
        """The port in the server's first line."""
        return int(line.rsplit(":", 1)[1])

    def close(self):
        self.process.terminate()
        self.process.wait()


def close_all(*parts):
    """Closes each part that was started (browser, native side, servers), in order."""
    for part in parts:
        if part:
            part.close()


def https_request(host: str, port: int, context: ssl.SSLContext, method: str, path: str,
                  headers: dict | None = None) -> tuple[int, bytes]:
    """``method path`` to ``host`` (TLS checked under that name with ``context``) at 127.0.0.1:``port``;
    (status, body)."""
    connection = http.client.HTTPSConnection(host, port, timeout=10, context=context)
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sock = context.wrap_socket(raw, server_hostname=host)
    connection.request(method, path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def serve_tls(handler: type, certificate) -> ThreadingHTTPServer:
    """Serves ``handler`` over HTTPS with ``certificate`` on a loopback port, in a thread (close it
    with ``shutdown()`` and ``server_close()``). A connection the browser resets (a download it
    cancels, a page it leaves) is expected, not reported as an error."""

    class Quiet(ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            if not isinstance(sys.exc_info()[1], (ConnectionError, ssl.SSLError)):
                super().handle_error(request, client_address)

    httpd = Quiet(("127.0.0.1", 0), handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate.cert_path, certificate.key_path)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that logs nothing, with ``send`` for a whole answer."""

    def log_message(self, *args):
        pass

    def send(self, status: int, body: bytes, headers: dict[str, str]):
        """Answers ``status`` with ``headers``, ``Content-Length`` and ``body``."""
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


# ------------------------------------------------------------------------------------------------
# Engines


def open_browser(engine: str, hosts: list[str], port: int, certificate, routes: dict[str, int] | None = None):
    """The backend module for ``engine`` (``webscreen`` for chromium, ``webkit_screen`` for webkit)
    and its ``Browser`` mapping ``hosts`` to ``port`` (and ``routes``' hosts to theirs), trusting
    ``certificate``; prints the browser's version."""
    if engine == "webkit":
        import webkit_screen as backend  # imports WebKitGTK: only when asked for

        browser = backend.Browser(hosts, port, certificate, routes=routes)
    else:
        import webscreen as backend

        browser = backend.Browser(hosts, port, certificate.spki_hash, routes=routes)
    print(f"browser: {browser.version()}")
    return backend, browser


def no_display(name: str) -> bool:
    """True, having said so, when there is no display for WebKitGTK (``make NAME`` runs under xvfb-run)."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return False
    print(f"{name}: no display: run under xvfb-run -a (make {name} does)", file=sys.stderr)
    return True


# ------------------------------------------------------------------------------------------------
# Page actions


def read_text(path: str) -> str:
    """A file's text (the generated page-actions.js)."""
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def without_boundary(content_type: str, body: str) -> tuple[str, str]:
    """A request's Content-Type and body with its multipart boundary (random per submission) named
    BOUNDARY."""
    match = re.search(r"boundary=(\S+)", content_type)
    if match:
        body = body.replace(match.group(1), "BOUNDARY")
        content_type = content_type.replace(match.group(1), "BOUNDARY")
    return content_type, body


# ------------------------------------------------------------------------------------------------
# Timing

# Rounds of the paired all-rows swap: in each, every page runs one batch, in an order drawn anew.
ALL_ROWS_ROUNDS = 21


def median(values):
    """The middle value (of an even count, the upper one), as both benchmarks report it."""
    return sorted(values)[len(values) // 2]


def paired_all_rows(batch, kinds=("plain", "script", "bare")) -> dict:
    """The all-rows swap's page task in pages loaded side by side, paired in time: in each of
    `ALL_ROWS_ROUNDS` rounds every page runs one batch (`batch(kind)`: its page task per swap, in
    ms), in a shuffled order (a fixed seed: the same orders in every run), so a page never always
    follows the same one. Returns each page's median and the medians of the rounds' ratios."""
    chooser = random.Random(20261205)
    order = list(kinds)
    times = {kind: [] for kind in kinds}
    for _ in range(ALL_ROWS_ROUNDS):
        chooser.shuffle(order)
        for kind in order:
            times[kind].append(batch(kind))

    def ratio(a, b):
        return median([x / max(y, 1e-6) for x, y in zip(times[a], times[b])])

    return {"page": {kind: median(times[kind]) for kind in kinds}, "script/plain": ratio("script", "plain"),
            "bare/plain": ratio("bare", "plain"), "script/bare": ratio("script", "bare")}


def by_size(sizes: list[int], plain, scripted, paired) -> dict[int, tuple[dict, dict, dict]]:
    """Both benchmarks' results: per row count, (``plain(rows)``, ``scripted(rows)``, ``paired(rows)``),
    measured in that order."""
    return {rows: (plain(rows), scripted(rows), paired(rows)) for rows in sizes}
