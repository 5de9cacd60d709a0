"""Memory under 500 idle or slow connections (docs/performance.md): the server keeps answering /healthz
while they are held, and its RSS stays bounded. The bound is generous (a few KiB per connection
would be 2 MiB; libmicrohttpd's per-connection pool is released when the request line stalls);
the figure itself is reported by `make bench`."""
from idle_connections import measure

BOUND_KIB = 24 * 1024


def test_500_idle_connections_cost_bounded_memory(server):
    figures = measure(server.port, server.process.pid, count=500)
    assert figures["healthz_seconds"] < 5, figures
    grown = figures["rss_held_kib"] - figures["rss_before_kib"]
    assert grown < BOUND_KIB, f"RSS grew {grown} KiB under 500 idle connections: {figures}"
    assert server.process.poll() is None, "the server is still running"
