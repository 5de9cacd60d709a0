"""Holds many idle or slow connections to a server and reports what they cost it (docs/performance.md).
Used by test_idle_connections.py and by `make bench` (scripts/bench.py). Standard library only.

Half the connections send nothing; the other half send a partial request line and then stall (slow
clients). They come from 127.0.0.2 and 127.0.0.3 so that the per-address cap
(ACCOUNTLINK_MAX_CONNECTIONS_PER_ADDRESS, 256 by default) does not refuse them; /healthz is asked from
127.0.0.1 meanwhile."""
import contextlib
import http.client
import socket
import sys
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


@contextlib.contextmanager
def idle_connections(port, count, sources=("127.0.0.2", "127.0.0.3")):
    opened = []
    try:
        for index in range(count):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10,
                                                  source_address=(sources[index % len(sources)], 0))
            if index % 2:
                connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            opened.append(connection)
        yield opened
    finally:
        for connection in opened:
            connection.close()


def healthz_seconds(port):
    """Seconds one /healthz takes on a fresh connection; raises when it does not answer 200."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise AssertionError(f"/healthz answered {response.status}")
    finally:
        connection.close()
    return time.monotonic() - started


def measure(port, pid, count=500, hold_seconds=2.0):
    """RSS before, while `count` connections are held, and after they close (KiB), and /healthz's time."""
    before = rss_kib(pid)
    with idle_connections(port, count):
        time.sleep(hold_seconds)
        answer = max(healthz_seconds(port) for _ in range(5))
        held = rss_kib(pid)
    time.sleep(0.5)
    return {"rss_before_kib": before, "rss_held_kib": held, "rss_after_kib": rss_kib(pid),
            "healthz_seconds": answer}


if __name__ == "__main__":
    figures = measure(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 500)
    for name, value in figures.items():
        print(name, value)
