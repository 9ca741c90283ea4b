#!/usr/bin/env python3
"""The hostile server of `rastrillo-bench drip` (Python's standard library only).

Usage: drip-server.py http|https. Prints "port N" once listening on 127.0.0.1, then answers every
request with a response head of about 16,000 bytes (a status line, X-Pad header lines, the
blank line; under the transfers' 16 KiB limit) and a short body:
  GET /drip/...  the head sent one byte per send, each send a packet of its own (TCP_NODELAY,
                 a 100 µs pause after each byte, so the client wakes for every byte)
  GET /once/...  the same head in one send (the baseline)
A path ending in /api/version gets "v1.4.0" as text/plain; any other path "{}" as
application/json (the manifest fetch). https uses Tests/Fixtures/tls/loopback-cert.pem (the
client trusts it through SSL_CERT_FILE); over https each dripped byte is a TLS record of its own.
It ends when its stdin reaches EOF (the bench holds it open while it runs).
"""
import os
import socket
import ssl
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TLS = os.path.join(HERE, "..", "Tests", "Fixtures", "tls")
HEAD_SIZE = 16000


def head(content_type, body):
    lines = [b"HTTP/1.1 200 OK\r\n", b"Content-Type: " + content_type + b"\r\n",
             b"Content-Length: %d\r\n" % len(body), b"Connection: close\r\n"]
    size = sum(len(line) for line in lines) + 2
    index = 0
    while size < HEAD_SIZE - 64:
        line = b"X-Pad-%d: %s\r\n" % (index, b"a" * 44)
        lines.append(line)
        size += len(line)
        index += 1
    return b"".join(lines) + b"\r\n"


def handle(raw, context):
    try:
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection = context.wrap_socket(raw, server_side=True) if context else raw
        with connection:
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                request += chunk
            path = request.split(b" ", 2)[1]
            if path.endswith(b"/api/version"):
                body, content_type = b"v1.4.0", b"text/plain"
            else:
                body, content_type = b"{}", b"application/json"
            answer = head(content_type, body)
            if path.startswith(b"/drip/"):
                for index in range(len(answer)):
                    connection.sendall(answer[index:index + 1])
                    time.sleep(0.0001)
                connection.sendall(body)
            else:
                connection.sendall(answer + body)
    except OSError:
        pass  # the client gave up


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in ("http", "https"):
        sys.exit("usage: drip-server.py http|https")
    context = None
    if mode == "https":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(TLS, "loopback-cert.pem"), os.path.join(TLS, "loopback-key.pem"))
        context.set_alpn_protocols(["http/1.1"])
    listener = socket.create_server(("127.0.0.1", 0))
    # The bench holds this process's stdin open: at its end, even a killed one, stdin reaches EOF
    # and the server ends with it (never left running).
    threading.Thread(target=lambda: (sys.stdin.buffer.read(), os._exit(0)), daemon=True).start()
    print("port", listener.getsockname()[1], flush=True)
    while True:
        raw, _ = listener.accept()
        threading.Thread(target=handle, args=(raw, context), daemon=True).start()


if __name__ == "__main__":
    main()
