"""Two stateless instances behind one PostgreSQL database (DESIGN.md): what one issues, the other
honours, and a revocation on one is seen by the other at once."""
import os
import secrets
import tempfile

import pytest
import requests

from conftest import POSTGRES_MASTER_KEY, Server


@pytest.fixture(scope="module")
def instances(standins):
    url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
    if not url:
        pytest.fail("ACCOUNTLINK_TEST_POSTGRES_URL is not set: run through scripts/test-postgres.sh (make test does)")
    env = {"ACCOUNTLINK_DATABASE": url, "ACCOUNTLINK_MASTER_KEY": POSTGRES_MASTER_KEY}
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        first, second = Server(a, standins, env), Server(b, standins, env)
        first.start()
        second.start()
        try:
            yield first, second
        finally:
            first.stop()
            second.stop()


def test_tokens_cross_instances(instances):
    first, second = instances
    client = "pg-app-" + secrets.token_hex(3)
    secret = first.cli("client", "add", "--id", client, "--name", "App", "--first-party", "--scope", "openid",
                       "--scope", "email").stdout.strip()
    email = f"pg-{secrets.token_hex(4)}@example.com"
    first.cli("user", "add", "--email", email, "--password-stdin", stdin="postgres password 1\n")
    tokens = requests.post(first.url("/token"), data={"grant_type": "password", "username": email,
                                                      "password": "postgres password 1", "scope": "openid email"},
                           auth=(client, secret), timeout=15)
    assert tokens.status_code == 200, tokens.text
    access, refresh = tokens.json()["access_token"], tokens.json()["refresh_token"]
    info = requests.get(second.url("/userinfo"), headers={"Authorization": f"Bearer {access}"}, timeout=5)
    assert info.status_code == 200 and info.json()["email"] == email
    refreshed = requests.post(second.url("/token"), data={"grant_type": "refresh_token", "refresh_token": refresh},
                              auth=(client, secret), timeout=15)
    assert refreshed.status_code == 200
    assert requests.post(second.url("/revoke"), data={"token": refresh, "token_type_hint": "refresh_token"},
                         auth=(client, secret), timeout=15).status_code == 200
    again = requests.post(first.url("/token"), data={"grant_type": "refresh_token", "refresh_token": refresh},
                          auth=(client, secret), timeout=15)
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
    keys_a = requests.get(first.url("/jwks.json"), timeout=5).json()
    keys_b = requests.get(second.url("/jwks.json"), timeout=5).json()
    assert keys_a == keys_b, "both instances publish the same signing keys"
