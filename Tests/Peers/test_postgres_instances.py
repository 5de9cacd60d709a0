"""Two stateless instances behind one PostgreSQL database (docs/architecture.md, Decisions): what one issues, the other
honours, and a revocation on one is seen by the other at once."""
import secrets
import tempfile

import jwt
import pytest
import requests

from conftest import Server, postgres_environment


@pytest.fixture(scope="module")
def instances(standins):
    env = postgres_environment()
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
    client, secret, email, tokens = first.first_party_tokens("pg-", "postgres password 1")
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


def test_refreshes_run_on_the_reader_with_rotation_and_id_tokens(instances):
    """docs/performance.md, PostgreSQL: a refresh runs on PostgreSQL's reader; rotation's transaction and the ID token's
    signature go to the store's threads inside it (OAuthEnvironment.blocking). Both still work end to end:
    each refresh rotates the token, the other instance honours the new one, every ID token verifies
    against /jwks.json, and a wrong secret is refused."""
    first, second = instances
    client = "pg-rotate-" + secrets.token_hex(3)
    secret = first.cli("client", "add", "--id", client, "--name", "App", "--first-party", "--scope", "openid",
                       "--scope", "email", "--rotate-refresh-tokens").stdout.strip()
    email = f"pg-rotate-{secrets.token_hex(4)}@example.com"
    first.cli("user", "add", "--email", email, "--password-stdin", stdin="rotating password 1\n")
    tokens = requests.post(first.url("/token"), data={"grant_type": "password", "username": email,
                                                      "password": "rotating password 1", "scope": "openid email"},
                           auth=(client, secret), timeout=30).json()
    keys = jwt.PyJWKSet.from_dict(requests.get(first.url("/jwks.json"), timeout=5).json())

    def verified(id_token):
        kid = jwt.get_unverified_header(id_token)["kid"]
        key = next(k for k in keys.keys if k.key_id == kid)
        return jwt.decode(id_token, key=key, algorithms=["RS256", "ES256"], audience=client)

    assert "refresh_token" in tokens, tokens
    refresh = tokens["refresh_token"]
    for instance in (second, first, second):
        answer = requests.post(instance.url("/token"), data={"grant_type": "refresh_token", "refresh_token": refresh},
                               auth=(client, secret), timeout=15)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["refresh_token"] != refresh, "rotated"
        assert verified(body["id_token"])["email"] == email
        refresh = body["refresh_token"]
    wrong = requests.post(first.url("/token"), data={"grant_type": "refresh_token", "refresh_token": refresh},
                          auth=(client, "not the secret"), timeout=15)
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"


def test_login_throttle_budget_is_shared_by_the_instances(instances):
    """docs/hardening.md, Sign-in: the throttle's counters live in the database, so two instances share one budget of
    five attempts (LoginThrottle); with per-instance memory each allowed five. Runs last in this
    module: it leaves 127.0.0.1 throttled in this database."""
    first, second = instances
    client = "pg-throttle-" + secrets.token_hex(3)
    secret = first.cli("client", "add", "--id", client, "--name", "App", "--first-party", "--scope", "openid")\
        .stdout.strip()
    email = f"pg-throttle-{secrets.token_hex(4)}@example.com"
    first.cli("user", "add", "--email", email, "--password-stdin", stdin="the right password 1\n")

    def guess(instance, password):
        return requests.post(instance.url("/token"), data={"grant_type": "password", "username": email,
                                                           "password": password, "scope": "openid"},
                             auth=(client, secret), timeout=30)
    for attempt in range(5):
        answer = guess(first if attempt % 2 == 0 else second, f"wrong {attempt}")
        assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant"
    # Three guesses reached `second` before: alone it would still allow two more.
    refused = guess(second, "the right password 1")
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant", \
        "the sixth attempt is refused on either instance, even with the right password"
