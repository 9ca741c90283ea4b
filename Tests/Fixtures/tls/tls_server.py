#!/usr/bin/env python3
"""A TLS server on 127.0.0.1 for the version client's https tests (Python's ssl module only).

Usage: tls_server.py <mode>. Prints "port N" once listening, "request" when it has read a
request, and "written N" when that connection ends (the body bytes it managed to write). Modes, for every request:
  version   200, "v1.4.0"
  flood     200 with no length, then an endless body as fast as the connection takes it
  redirect  302 to https://elsewhere.example/api/version, with an endless body
  silent    completes TLS, reads the request, never answers
  bighead   offers h2 before http/1.1 (ALPN), prints "alpn P" (what was agreed, or none), then
            answers over HTTP/1.1 with 100 headers of 1,000 bytes each (over the 16 KiB head)
  giantline like bighead, with one header line of 200,000 bytes (over libcurl's own limit)
The certificate is loopback-cert.pem beside this file (127.0.0.1, ::1, localhost; a test key).
"""
import os
import socket
import ssl
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
# One TLS record's worth (16 KiB, the most plaintext a record holds): a send of several records
# that fails part way (the client closed after reading the first) raises and returns nothing, so
# the records it did deliver would go uncounted; one record per send counts each delivered one.
CHUNK = b"v" * 16384


def answer(mode, connection):
    written = 0
    if mode == "version":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n\r\nv1.4.0")
        written = 6
    elif mode in ("flood", "redirect"):
        if mode == "flood":
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")
        else:
            connection.sendall(b"HTTP/1.1 302 Found\r\nLocation: https://elsewhere.example/api/version\r\n\r\n")
        try:
            while True:  # send, not sendall: every byte that left is counted, even in the last call
                written += connection.send(CHUNK)
        except OSError:
            pass  # the client closed the connection
    elif mode in ("bighead", "giantline"):
        if mode == "bighead":
            padding = b"".join(b"X-Pad-%03d: %s\r\n" % (i, b"a" * 1000) for i in range(100))
        else:
            padding = b"X-Pad: " + b"a" * 200000 + b"\r\n"
        try:
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n" + padding
                               + b"Content-Length: 6\r\n\r\nv1.4.0")
        except OSError:
            pass  # the client stopped reading at its limit
    elif mode == "silent":
        while connection.recv(4096):
            pass
    return written


def handle(context, mode, raw):
    written = 0
    try:
        with context.wrap_socket(raw, server_side=True) as connection:
            if mode in ("bighead", "giantline"):
                print("alpn", connection.selected_alpn_protocol() or "none", flush=True)
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                request += chunk
            else:
                print("request", flush=True)
                written = answer(mode, connection)
    except OSError:
        pass  # a client that refused the certificate, or closed early
    print("written", written, flush=True)


def main():
    mode = sys.argv[1]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(HERE, "loopback-cert.pem"), os.path.join(HERE, "loopback-key.pem"))
    context.set_alpn_protocols(["h2", "http/1.1"] if mode in ("bighead", "giantline") else ["http/1.1"])
    listener = socket.create_server(("127.0.0.1", 0))
    print("port", listener.getsockname()[1], flush=True)
    while True:
        raw, _ = listener.accept()
        threading.Thread(target=handle, args=(context, mode, raw), daemon=True).start()


if __name__ == "__main__":
    main()
