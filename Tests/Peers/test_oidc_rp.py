"""An OpenID-certified relying-party library (pyoidc, PyPI package `oic`) runs the whole OpenID Connect
code flow against AccountLink with its defaults, once with RS256 and once with ES256 signing keys:
discovery, authorization, code exchange, ID-token verification with the published keys, UserInfo
(pyoidc sends the token in a POST body, RFC 6750 §2.2), prompt=none, max_age and RP-initiated logout
(docs/operations.md)."""
import secrets
import tempfile
import urllib.parse

import pytest
import requests
from oic.oic import Client
from oic.oic.message import AuthorizationResponse, OpenIDSchema, RegistrationResponse
from oic.utils.authn.client import CLIENT_AUTHN_METHOD

from browserless import Browser
from conftest import Server

EMAIL, PASSWORD = "rp@example.com", "relying party password"
REDIRECT = "http://127.0.0.1/rp/callback"
LOGGED_OUT = "http://127.0.0.1/rp/logged-out"


@pytest.fixture(scope="module", params=["RS256", "ES256"])
def provider(request, standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-rp-") as folder:
        server = Server(folder, standins)
        # ES256 ID tokens for this client: an ES256 key and the client's id_token_signed_response_alg.
        if request.param == "ES256":
            server.cli("keys", "rotate", "--es256")
            id_token_alg = ["--id-token-alg", "ES256"]
        else:
            id_token_alg = []
        secret = server.cli("client", "add", "--id", "rp", "--name", "Relying Party", "--redirect-uri", REDIRECT,
                            "--redirect-uri", LOGGED_OUT, "--scope", "openid", "--scope", "email",
                            "--scope", "profile", *id_token_alg).stdout.strip()
        server.cli("user", "add", "--email", EMAIL, "--name", "Are Pee", "--password-stdin", stdin=PASSWORD + "\n")
        server.start()
        try:
            yield server, secret, request.param
        finally:
            server.stop()


def rp_client(server, secret):
    client = Client(client_authn_method=CLIENT_AUTHN_METHOD)
    client.provider_config(server.base_url)
    client.store_registration_info(RegistrationResponse(
        client_id="rp", client_secret=secret, redirect_uris=[REDIRECT, LOGGED_OUT],
        post_logout_redirect_uris=[LOGGED_OUT], token_endpoint_auth_method="client_secret_basic"))
    client.redirect_uris = [REDIRECT]
    return client


def authorization_url(client, **extra):
    state, nonce = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
    args = {"client_id": client.client_id, "response_type": "code", "scope": ["openid", "email", "profile"],
            "nonce": nonce, "redirect_uri": REDIRECT, "state": state, **extra}
    request = client.construct_AuthorizationRequest(request_args=args)
    return request.request(client.authorization_endpoint), state


def parse(client, location, state):
    query = urllib.parse.urlsplit(location).query
    return client.parse_response(AuthorizationResponse, info=query, sformat="urlencoded", state=state)


def test_certified_rp_runs_the_whole_flow(provider):
    server, secret, algorithm = provider
    client = rp_client(server, secret)
    assert algorithm in client.provider_info["id_token_signing_alg_values_supported"]
    assert client.provider_info["end_session_endpoint"] == server.url("/logout")

    url, state = authorization_url(client)
    browser = Browser(server.base_url)
    back = browser.link(url, EMAIL, PASSWORD)
    assert back.status_code in (302, 303), back.text[:1000]
    response = parse(client, back.headers["Location"], state)
    assert "code" in response

    tokens = client.do_access_token_request(state=state, request_args={"code": response["code"]},
                                            authn_method="client_secret_basic")
    id_token = tokens["id_token"]  # pyoidc verified the signature, iss, aud, exp and nonce
    assert id_token.jws_header["alg"] == algorithm
    assert id_token["iss"] == server.base_url and id_token["aud"] == ["rp"]
    assert isinstance(id_token["auth_time"], int)

    info = client.do_user_info_request(state=state)  # default: POST with the token in the body
    assert isinstance(info, OpenIDSchema)
    assert info["sub"] == id_token["sub"] and info["email"] == EMAIL

    # prompt=none with the session and the consent given: a code without any page.
    url, state = authorization_url(client, prompt="none")
    silent = browser.get(url)
    assert silent.status_code in (302, 303)
    assert "code" in parse(client, silent.headers["Location"], state)

    # max_age=0 after time has passed: a fresh sign-in is asked for.
    url, state = authorization_url(client, max_age=0, prompt="none")
    fresh = browser.get(url)
    assert parse(client, fresh.headers["Location"], state)["error"] == "login_required"

    # RP-initiated logout with the registered post_logout_redirect_uri and state.
    logout_state = secrets.token_urlsafe(8)
    out = browser.get(server.url("/logout") + "?" + urllib.parse.urlencode({
        "id_token_hint": tokens["id_token_jwt"],
        "post_logout_redirect_uri": LOGGED_OUT, "state": logout_state}))
    assert out.status_code == 303
    assert out.headers["Location"] == LOGGED_OUT + "?state=" + logout_state
    url, state = authorization_url(client, prompt="none")
    after = browser.get(url)
    assert parse(client, after.headers["Location"], state)["error"] == "login_required", "the session ended"


def test_logout_refuses_an_unregistered_post_logout_uri_and_a_forged_hint(provider):
    server, secret, _ = provider
    client = rp_client(server, secret)
    url, state = authorization_url(client)
    browser = Browser(server.base_url)
    response = parse(client, browser.link(url, EMAIL, PASSWORD).headers["Location"], state)
    raw = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": response["code"],
                                                    "redirect_uri": REDIRECT}, auth=("rp", secret), timeout=30)
    hint = raw.json()["id_token"]
    evil = browser.get(server.url("/logout") + "?" + urllib.parse.urlencode({
        "id_token_hint": hint, "post_logout_redirect_uri": "https://evil.example/out"}))
    assert evil.status_code == 400
    head, payload, signature = hint.split(".")
    forged = browser.get(server.url("/logout") + "?" + urllib.parse.urlencode({
        "id_token_hint": f"{head}.{payload}.{signature[:-4]}AAAA", "post_logout_redirect_uri": LOGGED_OUT}))
    assert forged.status_code == 400
    # No hint: nobody is signed out; RP-Initiated Logout §2: the signed-in person is asked.
    none = browser.get(server.url("/logout"))
    assert none.status_code == 200 and 'action="/logout"' in none.text
    assert "al_session" not in none.headers.get("Set-Cookie", "")
    nobody = requests.get(server.url("/logout"), allow_redirects=False, timeout=10)
    assert nobody.status_code == 303 and nobody.headers["Location"] == "/account", "no session: nothing to ask"
