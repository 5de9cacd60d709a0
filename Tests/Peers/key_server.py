#!/usr/bin/env python3
"""A tiny JWKS server on 127.0.0.1 for JOSETests. Usage: key_server.py DIR

Prints the bound port on stdout, then serves every GET from files in DIR, re-read per request:
  DIR/body    the response body (default: {"keys":[]})
  DIR/status  the HTTP status (default 200)
  DIR/cache   the Cache-Control value (absent: no header)
and writes the running request count to DIR/hits before answering.
"""
import http.server
import os
import signal
import sys

# The Swift test runner spawns us with signals blocked; unblock them so SIGTERM works.
signal.pthread_sigmask(signal.SIG_UNBLOCK, set(signal.Signals))

DIRECTORY = sys.argv[1]
HITS = 0


def read(name, default):
    try:
        with open(os.path.join(DIRECTORY, name), "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return default


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        global HITS
        HITS += 1
        with open(os.path.join(DIRECTORY, "hits.tmp"), "w") as handle:
            handle.write(str(HITS))
        os.replace(os.path.join(DIRECTORY, "hits.tmp"), os.path.join(DIRECTORY, "hits"))
        body = read("body", b'{"keys":[]}')
        status = int(read("status", b"200").decode().strip())
        cache = read("cache", None)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if cache:
            self.send_header("Cache-Control", cache.decode().strip())
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
