"""Connections are spread over the HTTP worker threads (issue 16, docs/performance.md eleventh round).
libmicrohttpd's workers each accepted for themselves: a burst of keep-alive connections (a proxy's pool,
a load generator) woke them all, and the first to run took up to eleven, so one worker could serve every
connection while the others idled. The server now accepts on a thread of its own and hands the workers
connections in turn; `/metrics` shows each worker's open connections."""
import os
import re
import socket

REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def answer(connection):
    """Reads one whole response (headers and Content-Length body) from a keep-alive connection."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        assert chunk, "the server closed the connection"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?im)^content-length:\s*(\d+)", head).group(1))
    while len(body) < length:
        chunk = connection.recv(65536)
        assert chunk, "the server closed the connection mid-body"
        body += chunk
    assert head.startswith(b"HTTP/1.1 200"), head
    return body.decode()


def worker_connections(connection):
    connection.sendall(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    found = re.findall(r'^accountlink_http_connections\{worker="(\d+)"\} (\d+)', answer(connection), re.M)
    return {int(worker): int(float(count)) for worker, count in found}


def test_a_burst_of_connections_is_spread_over_the_workers(server):
    workers = os.cpu_count() or 1  # the server's default: one HTTP worker per core
    first = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    burst = []
    try:
        first.sendall(REQUEST)
        answer(first)
        before = worker_connections(first)
        assert sorted(before) == list(range(workers)), before
        assert sum(before.values()) == 1, before
        # All connected before any sends a request: the server sees them arrive together.
        burst = [socket.socket() for _ in range(4 * workers)]
        for connection in burst:
            connection.settimeout(10)
            connection.connect(("127.0.0.1", server.port))
        for connection in burst:
            connection.sendall(REQUEST)
        for connection in burst:
            answer(connection)
        counts = worker_connections(first)
        assert sum(counts.values()) == 1 + len(burst), counts
        # In turn, up to descriptors the server had freed before (a hole may repeat a worker once).
        assert max(counts.values()) - min(counts.values()) <= 2, counts
    finally:
        for connection in [first, *burst]:
            connection.close()
