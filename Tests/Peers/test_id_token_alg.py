"""ID tokens signed with ES256 for the clients registered so (docs/performance.md): `client add --id-token-alg`
(OIDC Dynamic Client Registration 1.0 §2 `id_token_signed_response_alg`) is refused until an ES256 key
is active; then that client's ID tokens, from the password grant and from a refresh, are ES256 and
verify with PyJWT against the published /jwks.json, while other clients keep RS256."""
import json

import jwt
import requests

PASSWORD = "an id token algorithm password"


def add_client(server, client_id, *extra, check=True):
    return server.cli("client", "add", "--id", client_id, "--name", client_id, "--first-party",
                      "--scope", "openid", "--scope", "email", *extra, check=check)


def verified(server, token, client_id, algorithm):
    assert jwt.get_unverified_header(token)["alg"] == algorithm
    jwks = requests.get(server.url("/.well-known/openid-configuration"), timeout=10).json()["jwks_uri"]
    key = jwt.PyJWKClient(jwks).get_signing_key_from_jwt(token)
    other = "RS256" if algorithm == "ES256" else "ES256"
    try:
        jwt.decode(token, key.key, algorithms=[other], audience=client_id)
        raise AssertionError(f"a {algorithm} token verified as {other}")
    except jwt.InvalidTokenError:
        pass
    return jwt.decode(token, key.key, algorithms=[algorithm], audience=client_id, issuer=server.base_url)


def tokens(server, client_id, secret, form):
    answer = requests.post(server.url("/token"), data=form, auth=(client_id, secret), timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_an_es256_client_needs_an_es256_key(server):
    refused = add_client(server, "es-too-early", "--id-token-alg", "ES256", check=False)
    assert refused.returncode == 65 and "keys rotate --es256" in refused.stderr, refused.stderr
    unknown = add_client(server, "hs-client", "--id-token-alg", "HS256", check=False)
    assert unknown.returncode == 65 and "RS256 or ES256" in unknown.stderr, unknown.stderr
    listed = json.loads(server.cli("client", "list", "--json").stdout)
    assert not [c for c in listed if c["id"] in ("es-too-early", "hs-client")], "nothing was stored"


def test_es256_and_rs256_clients_get_id_tokens_of_their_algorithm(server):
    server.cli("keys", "rotate", "--es256")
    secrets = {"es-client": add_client(server, "es-client", "--id-token-alg", "ES256").stdout.strip(),
               "rs-client": add_client(server, "rs-client").stdout.strip()}
    server.cli("user", "add", "--email", "alg@example.com", "--password-stdin", stdin=PASSWORD + "\n")
    listed = {c["id"]: c for c in json.loads(server.cli("client", "list", "--json").stdout)}
    assert listed["es-client"]["id_token_signed_response_alg"] == "ES256"
    assert listed["rs-client"]["id_token_signed_response_alg"] == "RS256"
    for client_id, algorithm in (("es-client", "ES256"), ("rs-client", "RS256")):
        issued = tokens(server, client_id, secrets[client_id], {
            "grant_type": "password", "username": "alg@example.com", "password": PASSWORD, "scope": "openid email"})
        claims = verified(server, issued["id_token"], client_id, algorithm)
        assert claims["email"] == "alg@example.com"
        refreshed = tokens(server, client_id, secrets[client_id],
                           {"grant_type": "refresh_token", "refresh_token": issued["refresh_token"]})
        assert verified(server, refreshed["id_token"], client_id, algorithm)["sub"] == claims["sub"]
    meta = requests.get(server.url("/.well-known/openid-configuration"), timeout=10).json()
    assert {"RS256", "ES256"} <= set(meta["id_token_signing_alg_values_supported"])
