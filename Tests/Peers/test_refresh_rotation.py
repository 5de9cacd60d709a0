"""Refresh rotation as an operator sees it (docs/operations.md "Refresh rotation"): a lost answer
retried with the old token gets a fresh pair and is counted as `refresh_token_retry`; a token presented
after a later one was used revokes the grant and is counted as `refresh_token_reuse_detected`."""
import re
import secrets

import requests

PASSWORD = "a long enough password"


def security_events(server, kind):
    text = requests.get(server.url("/metrics"), timeout=10).text
    found = re.search(r'accountlink_security_events_total\{kind="%s"\} (\d+)' % kind, text)
    return int(found.group(1)) if found else 0


def refresh(server, client, token):
    return requests.post(server.url("/token"), data={"grant_type": "refresh_token", "refresh_token": token},
                         auth=client, timeout=10)


def test_a_lost_answer_and_a_theft_are_told_apart(server):
    client_id = "rotating-" + secrets.token_hex(3)
    secret = server.cli("client", "add", "--id", client_id, "--name", "App", "--first-party",
                        "--rotate-refresh-tokens", "--scope", "devices").stdout.strip()
    email = f"rotation-{secrets.token_hex(4)}@example.com"
    server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    client = (client_id, secret)
    first = requests.post(server.url("/token"), data={"grant_type": "password", "username": email,
                                                      "password": PASSWORD, "scope": "devices"},
                          auth=client, timeout=30).json()["refresh_token"]
    retries, thefts = security_events(server, "refresh_token_retry"), security_events(server, "refresh_token_reuse_detected")

    lost = refresh(server, client, first)  # the answer the client never received
    assert lost.status_code == 200
    retried = refresh(server, client, first)
    assert retried.status_code == 200, retried.text
    kept = retried.json()["refresh_token"]
    assert kept not in (first, lost.json()["refresh_token"])
    assert security_events(server, "refresh_token_retry") == retries + 1
    assert security_events(server, "refresh_token_reuse_detected") == thefts

    latest = refresh(server, client, kept)
    assert latest.status_code == 200
    stolen = refresh(server, client, first)
    assert stolen.status_code == 400 and stolen.json()["error"] == "invalid_grant"
    assert security_events(server, "refresh_token_reuse_detected") == thefts + 1
    assert security_events(server, "refresh_token_retry") == retries + 1
    revoked = refresh(server, client, latest.json()["refresh_token"])
    assert revoked.status_code == 400, "the grant was revoked with every token of it"
