"""docs/performance.md, PostgreSQL: round trips to PostgreSQL per request, counted by the server itself (the
`accountlink_db_round_trips` gauge of /metrics). /healthz still reaches the database; a Bearer UserInfo and
an introspection cost one trip (the client and the token in one query, or the token alone when the client is
cached); a refresh without rotation that narrows the scope two (that read, then its one conditional INSERT),
and one that asks for what was granted (how Google refreshes) one: the INSERT reads what it needs itself."""
import re

import requests

# The server of test_postgres_pool (a pool of two; sign-ins from their own forwarded addresses).
from test_postgres_pool import small_pool  # noqa: F401


def round_trips(server):
    text = requests.get(server.url("/metrics"), timeout=30).text
    return int(float(re.search(r"^accountlink_db_round_trips (\S+)", text, re.M).group(1)))


def trips(server, request):
    """The fewest trips `request` was seen to cost in three tries: a background purge may fall in one."""
    counts = []
    for _ in range(3):
        first = round_trips(server)
        scrape = round_trips(server) - first  # what one /metrics scrape costs
        before = round_trips(server)
        answer = request()
        assert answer.status_code == 200, answer.text
        counts.append(round_trips(server) - before - scrape)
    return min(counts)


def test_round_trips_per_request(small_pool):  # noqa: F811
    server = small_pool
    client, secret, _, tokens = server.first_party_tokens(
        "trips-", "trips password 1", headers={"X-Forwarded-For": "192.0.2.17"})
    access, refresh = tokens.json()["access_token"], tokens.json()["refresh_token"]
    bearer = {"Authorization": "Bearer " + access}
    assert trips(server, lambda: requests.get(server.url("/healthz"), timeout=30)) == 1
    assert trips(server, lambda: requests.get(server.url("/userinfo"), headers=bearer, timeout=30)) == 1
    assert trips(server, lambda: requests.post(server.url("/introspect"), data={"token": access},
                                               auth=(client, secret), timeout=30)) == 1
    assert trips(server, lambda: requests.post(server.url("/token"), auth=(client, secret), timeout=30, data={
        "grant_type": "refresh_token", "refresh_token": refresh, "scope": "email"})) == 2
    as_granted = []

    def refresh_as_granted():
        answer = requests.post(server.url("/token"), auth=(client, secret), timeout=30, data={
            "grant_type": "refresh_token", "refresh_token": refresh})
        as_granted.append(answer)
        return answer
    assert trips(server, refresh_as_granted) == 1
    issued = as_granted[-1].json()
    assert issued["refresh_token"] == refresh and issued["scope"] == tokens.json()["scope"]
    fresh = {"Authorization": "Bearer " + issued["access_token"]}
    assert requests.get(server.url("/userinfo"), headers=fresh, timeout=30).status_code == 200


def test_a_wrong_secret_learns_nothing_of_the_token_read_with_the_client(small_pool):  # noqa: F811
    server = small_pool
    client, _, _, tokens = server.first_party_tokens(
        "trips-", "trips password 2", headers={"X-Forwarded-For": "192.0.2.18"})
    access, refresh = tokens.json()["access_token"], tokens.json()["refresh_token"]
    looked = requests.post(server.url("/introspect"), data={"token": access}, auth=(client, "wrong"), timeout=30)
    assert looked.status_code == 401 and looked.json()["error"] == "invalid_client"
    refreshed = requests.post(server.url("/token"), auth=(client, "wrong"), timeout=30,
                              data={"grant_type": "refresh_token", "refresh_token": refresh})
    assert refreshed.status_code == 401 and refreshed.json()["error"] == "invalid_client"
    assert "access_token" not in refreshed.json()
