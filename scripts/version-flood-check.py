#!/usr/bin/env python3
"""Peak memory of `rastrillo-native version` while a server floods /api/version, and of
`rastrillo-native manifest check <url>` while a server floods the manifest.

Runs the CLI under GNU time (/usr/bin/time -f %M) on 127.0.0.1, over http and then over
https (TLS with the test certificate in Tests/Fixtures/tls, trusted through SSL_CERT_FILE):
against a server that answers "v1.4.0", and against one that answers 200 and then writes
an endless body as fast as the connection takes it (counting what it managed to write).
The flooded run must exit 1 with the body-too-large message, and its peak resident memory
may exceed the normal run's by at most MARGIN_KB: the client holds the 256-byte cap plus
one read buffer (4 KiB on the http socket, one 16 KiB libcurl write chunk over https) and
a head of at most 16 KiB, so anything near the margin means it buffered the flood.
The manifest fetch holds at most its 8 MiB limit plus one read, so its flooded run may exceed
a normal fetch of the notes example's manifest by at most 8 MiB plus twice the margin (the
buffer's last growth copies it once); through FoundationNetworking's URLSession it grew by
hundreds of MB.
Usage: version-flood-check.py <rastrillo-native binary> [margin KB, default 1024]
"""
import os
import socket
import ssl
import subprocess
import sys
import threading

TIME = "/usr/bin/time"


TLS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "tls")
CERT = os.path.join(TLS_DIR, "loopback-cert.pem")


def serve(body_writer, tls):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    result = {"written": 0}

    def run():
        connection, _ = listener.accept()
        if tls:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(CERT, os.path.join(TLS_DIR, "loopback-key.pem"))
            try:
                connection = context.wrap_socket(connection, server_side=True)
            except OSError:
                return
        with connection:
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                request += chunk
            try:
                body_writer(connection, result)
            except OSError:
                pass  # the client closed the connection: what the flood test wants
        listener.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return listener.getsockname()[1], thread, result


def normal(connection, result):
    body = b"v1.4.0"
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body)


def flooding(content_type, byte):
    """A writer that answers 200 with `content_type` and then writes `byte` without end."""
    def write(connection, result):
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + content_type + b"\r\n\r\n")
        chunk = byte * 65536
        while True:
            connection.sendall(chunk)
            result["written"] += len(chunk)
    return write


flood = flooding(b"text/plain", b"v")


MANIFEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "notes", "Sources",
                        "NotesCore", "app-manifest.json")
MANIFEST_LIMIT = 8 << 20


def manifest(connection, result):
    with open(MANIFEST, "rb") as f:
        body = f.read()
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                       % len(body) + body)


manifest_flood = flooding(b"application/json", b" ")


def measure(binary, writer, scheme, command=("version",), path=""):
    port, thread, result = serve(writer, scheme == "https")
    completed = subprocess.run(
        [TIME, "-f", "peak-kb %M", binary, *command, f"{scheme}://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, timeout=120,  # hang guard only
        env=dict(os.environ, SSL_CERT_FILE=CERT),
    )
    thread.join(timeout=120)  # hang guard only
    lines = completed.stderr.strip().splitlines()
    peak = int(lines[-1].split()[1])
    return completed.returncode, completed.stdout, "\n".join(lines[:-1]), peak, result["written"]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: version-flood-check.py <rastrillo-native binary> [margin KB]")
    binary = sys.argv[1]
    margin = int(sys.argv[2]) if len(sys.argv) == 3 else 1024
    for scheme in ("http", "https"):
        status, out, err, base_peak, _ = measure(binary, normal, scheme)
        if status != 0 or "version: v1.4.0" not in out:
            sys.exit(f"version-flood-check: the normal {scheme} run failed (exit {status}): {out}{err}")
        status, out, err, flood_peak, written = measure(binary, flood, scheme)
        print(f"{scheme}: normal answer: peak {base_peak} KB; flooded: peak {flood_peak} KB "
              f"(+{flood_peak - base_peak} KB, margin {margin} KB), "
              f"the server wrote {written} bytes before the client closed")
        if status != 1 or "sent more than 256 bytes" not in err:
            sys.exit(f"version-flood-check: the flooded {scheme} run should exit 1 with 'sent more than 256 bytes'; "
                     f"exit {status}: {err}")
        if flood_peak - base_peak > margin:
            sys.exit(f"version-flood-check: the {scheme} flood raised peak memory by {flood_peak - base_peak} KB, "
                     f"over the {margin} KB margin")
    manifest_margin = MANIFEST_LIMIT // 1024 + 2 * margin
    for scheme in ("http", "https"):
        check = ("manifest", "check")
        status, out, err, base_peak, _ = measure(binary, manifest, scheme, check, "/app-manifest.json")
        if status != 0 or ": valid (" not in out:
            sys.exit(f"version-flood-check: the normal {scheme} manifest check failed (exit {status}): {out}{err}")
        status, out, err, flood_peak, written = measure(binary, manifest_flood, scheme, check, "/app-manifest.json")
        print(f"{scheme} manifest: normal answer: peak {base_peak} KB; flooded: peak {flood_peak} KB "
              f"(+{flood_peak - base_peak} KB, margin {manifest_margin} KB), "
              f"the server wrote {written} bytes before the client closed")
        if status != 1 or f"longer than the {MANIFEST_LIMIT}-byte limit" not in err:
            sys.exit(f"version-flood-check: the flooded {scheme} manifest check should exit 1 naming the "
                     f"{MANIFEST_LIMIT}-byte limit; exit {status}: {err}")
        if flood_peak - base_peak > manifest_margin:
            sys.exit(f"version-flood-check: the {scheme} manifest flood raised peak memory by "
                     f"{flood_peak - base_peak} KB, over the {manifest_margin} KB margin")


if __name__ == "__main__":
    main()
