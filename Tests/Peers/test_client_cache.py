"""Client authentication's cache of clients (OAuthCore's ClientCache, ACCOUNTLINK_CLIENT_CACHE_SECONDS):
the secret is checked on every request; a client removed through the admin API is refused at once; one
removed by the CLI (another process) is refused within the cache's lifetime; 0 turns the cache off."""
import contextlib
import secrets
import tempfile
import time

import requests

from conftest import Server, free_port

ADMIN_TOKEN = "admin-" + secrets.token_urlsafe(32)


def introspect(server, client, secret):
    """/introspect authenticates the client: 200 for a good one (the token itself is unknown), 401 else."""
    return requests.post(server.url("/introspect"), data={"token": "ala_unknown"}, auth=(client, secret),
                         timeout=10).status_code


def add_client(server):
    client = "cached-" + secrets.token_hex(3)
    return client, server.cli("client", "add", "--id", client, "--name", "Cached").stdout.strip()


@contextlib.contextmanager
def running(standins, seconds, extra=None):
    """A server whose client cache keeps clients `seconds`, stopped by its PID afterwards."""
    with tempfile.TemporaryDirectory(prefix="accountlink-cache-") as folder:
        server = Server(folder, standins, {"ACCOUNTLINK_CLIENT_CACHE_SECONDS": seconds, **(extra or {})}).start()
        try:
            yield server
        finally:
            server.stop()


def test_the_secret_is_checked_every_time_and_an_admin_removal_is_seen_at_once(standins):
    port = free_port()
    admin = {"ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{port}", "ACCOUNTLINK_ADMIN_TOKEN": ADMIN_TOKEN}
    with running(standins, "60", admin) as server:
        client, secret = add_client(server)
        assert introspect(server, client, secret) == 200  # now cached for a minute
        assert introspect(server, client, secret[:-1] + ("A" if secret[-1] != "A" else "B")) == 401
        assert introspect(server, client, "") == 401
        assert introspect(server, client, secret) == 200
        removed = requests.delete(f"http://127.0.0.1:{port}/admin/clients/{client}",
                                  headers={"Authorization": "Bearer " + ADMIN_TOKEN}, timeout=10)
        assert removed.status_code == 204
        assert introspect(server, client, secret) == 401, "removed through the admin API: refused at once"


def test_a_cli_removal_is_seen_within_the_lifetime(standins):
    with running(standins, "1") as server:
        client, secret = add_client(server)
        assert introspect(server, client, secret) == 200
        server.cli("client", "remove", client)
        removed_at = time.monotonic()
        while introspect(server, client, secret) == 200:
            # The lifetime is one second; five is a bound that load on the machine cannot break.
            assert time.monotonic() - removed_at < 5, "a client removed by the CLI still authenticates"
            time.sleep(0.05)


def test_zero_turns_the_cache_off(standins):
    with running(standins, "0") as server:
        client, secret = add_client(server)
        assert introspect(server, client, secret) == 200
        server.cli("client", "remove", client)
        assert introspect(server, client, secret) == 401, "without the cache a removal is seen at once"
