"""Connections are spread over the HTTP worker threads (docs/performance-history.md, Eleventh round).
libmicrohttpd's workers each accepted for themselves: a burst of keep-alive connections (a proxy's pool,
a load generator) woke them all, and the first to run took up to eleven, so one worker could serve every
connection while the others idled. The server now accepts on a thread of its own and hands the workers
connections in turn; `/metrics` shows each worker's open connections."""
import http.client
import os
import re


def healthz(connection):
    connection.request("GET", "/healthz")
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 200, answer.status


def worker_connections(connection):
    connection.request("GET", "/metrics")
    answer = connection.getresponse()
    text = answer.read().decode()
    assert answer.status == 200, answer.status
    found = re.findall(r'^accountlink_http_connections\{worker="(\d+)"\} (\d+)', text, re.M)
    return {int(worker): int(float(count)) for worker, count in found}


def test_a_burst_of_connections_is_spread_over_the_workers(server):
    workers = os.cpu_count() or 1  # the server's default: one HTTP worker per core
    first = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)  # keep-alive (HTTP/1.1)
    burst = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=10) for _ in range(4 * workers)]
    try:
        healthz(first)
        before = worker_connections(first)
        assert sorted(before) == list(range(workers)), before
        assert sum(before.values()) == 1, before
        # All connected before any sends a request: the server sees them arrive together.
        for connection in burst:
            connection.connect()
        for connection in burst:
            healthz(connection)
        counts = worker_connections(first)
        assert sum(counts.values()) == 1 + len(burst), counts
        # In turn, up to descriptors the server had freed before (a hole may repeat a worker once).
        assert max(counts.values()) - min(counts.values()) <= 2, counts
    finally:
        for connection in [first, *burst]:
            connection.close()
