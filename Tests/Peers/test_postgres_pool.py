"""docs/performance.md, PostgreSQL: with PostgreSQL every request runs on the store's own threads (StoreThreads), so a pool of
two connections serves many concurrent requests: every one is answered and none is lost."""
import re
import tempfile
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from conftest import Server, postgres_environment


@pytest.fixture(scope="module")
def small_pool(standins):
    env = postgres_environment()
    env["ACCOUNTLINK_POSTGRES_POOL_SIZE"] = "2"
    # The login throttle's counters live in this shared database, and test_postgres_instances leaves
    # 127.0.0.1 throttled: the password grant here comes from its own (forwarded) address.
    env["ACCOUNTLINK_TRUSTED_PROXIES"] = "127.0.0.1"
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder, standins, env)
        server.start()
        try:
            yield server
        finally:
            server.stop()


def test_many_concurrent_requests_on_a_pool_of_two(small_pool):
    server = small_pool
    client, secret, _, tokens = server.first_party_tokens(
        "pool-", "pool password 1", headers={"X-Forwarded-For": "192.0.2.16"})
    refresh = tokens.json()["refresh_token"]

    def refreshed(_):
        answer = requests.post(server.url("/token"), data={"grant_type": "refresh_token", "refresh_token": refresh,
                                                           "scope": "email"}, auth=(client, secret), timeout=60)
        return answer.status_code, answer.json().get("access_token")

    def introspected(access):
        answer = requests.post(server.url("/introspect"), data={"token": access}, auth=(client, secret), timeout=60)
        return answer.status_code, answer.json().get("active")

    with ThreadPoolExecutor(max_workers=32) as pool:
        issued = list(pool.map(refreshed, range(96)))
        assert [status for status, _ in issued] == [200] * 96
        access_tokens = {access for _, access in issued}
        assert len(access_tokens) == 96, "each refresh issued its own access token"
        checked = list(pool.map(introspected, sorted(access_tokens)))
    assert checked == [(200, True)] * 96, "every issued token was stored"
    gauges = requests.get(server.url("/metrics"), timeout=10).text
    opened = re.search(r"^accountlink_db_pool_connections_open (\d+)", gauges, re.M)
    assert opened and int(opened.group(1)) <= 2
