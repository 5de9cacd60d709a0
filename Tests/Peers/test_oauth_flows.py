"""The Google account-linking flows driven by an independent OAuth client (authlib) and JOSE library
(PyJWT), against the built server on loopback (issue: OAuth 2.0 server for Google account linking)."""
import secrets
import urllib.parse

import jwt
import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.integrations.base_client.errors import OAuthError

from browserless import Browser, random_state

GOOGLE_REDIRECT = "https://oauth-redirect.googleusercontent.com/r/test-project"
EMAIL, PASSWORD = "linker@example.com", "a long enough password"


@pytest.fixture(scope="module")
def setup(server):
    secret = server.cli("client", "add", "--id", "google", "--name", "Google", "--google-project", "test-project",
                        "--app-flip", "--scope", "openid", "--scope", "email", "--scope", "profile",
                        "--scope", "devices").stdout.strip()
    server.cli("client", "add", "--id", "native-app", "--name", "Test App", "--public",
               "--redirect-uri", "http://127.0.0.1/callback")
    server.cli("user", "add", "--email", EMAIL, "--name", "Lin Ker", "--password-stdin", stdin=PASSWORD + "\n")
    meta = requests.get(server.url("/.well-known/openid-configuration"), timeout=5).json()
    return {"secret": secret, "meta": meta}


def google_session(setup, method):
    return OAuth2Session("google", setup["secret"], scope="openid email devices", redirect_uri=GOOGLE_REDIRECT,
                         token_endpoint_auth_method=method)


def authorize(server, session, **kwargs):
    url, state = session.create_authorization_url(server.url("/authorize"), **kwargs)
    back = Browser(server.base_url).link(url, EMAIL, PASSWORD)
    assert back.status_code in (302, 303), back.text[:2000]
    location = back.headers["Location"]
    assert location.startswith(session.redirect_uri)
    return location, state


def test_discovery_document_names_every_endpoint(server, setup):
    meta = setup["meta"]
    assert meta["issuer"] == server.base_url
    for field, path in [("authorization_endpoint", "/authorize"), ("token_endpoint", "/token"),
                        ("revocation_endpoint", "/revoke"), ("introspection_endpoint", "/introspect"),
                        ("userinfo_endpoint", "/userinfo"), ("jwks_uri", "/jwks.json"),
                        ("app_flip_endpoint", "/app-flip/authorize")]:
        assert meta[field] == server.base_url + path
    assert meta["code_challenge_methods_supported"] == ["S256"]
    same = requests.get(server.url("/.well-known/oauth-authorization-server"), timeout=5).json()
    assert same == meta


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post"])
def test_code_flow_refresh_and_id_token(server, setup, method):
    session = google_session(setup, method)
    nonce = secrets.token_urlsafe(16)
    location, state = authorize(server, session, nonce=nonce)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    assert query["state"] == [state]
    token = session.fetch_token(server.url("/token"), authorization_response=location)
    assert token["token_type"] == "Bearer"
    assert isinstance(token["expires_in"], int)
    assert token["access_token"].count(".") != 2, "Google rejects JWT access tokens: ours are opaque"
    assert token["refresh_token"]

    keys = jwt.PyJWKClient(setup["meta"]["jwks_uri"])
    signing_key = keys.get_signing_key_from_jwt(token["id_token"])
    claims = jwt.decode(token["id_token"], signing_key.key, algorithms=["RS256"], audience="google",
                        issuer=server.base_url)
    assert claims["nonce"] == nonce
    assert claims["sub"] and claims["auth_time"] and claims["at_hash"]

    userinfo = session.get(server.url("/userinfo"), timeout=5)
    assert userinfo.status_code == 200
    assert userinfo.json()["sub"] == claims["sub"]
    assert userinfo.json()["email"] == EMAIL

    first_access = token["access_token"]
    refreshed = session.refresh_token(server.url("/token"))
    assert refreshed["access_token"] != first_access, "a refresh gives a new access token"
    assert isinstance(refreshed["expires_in"], int)
    old = requests.get(server.url("/userinfo"), headers={"Authorization": f"Bearer {first_access}"}, timeout=5)
    assert old.status_code == 200, "older unexpired access tokens keep working (Google's guidance)"


def test_public_client_with_pkce(server, setup):
    session = OAuth2Session("native-app", scope="openid", redirect_uri="http://127.0.0.1/callback",
                            code_challenge_method="S256", token_endpoint_auth_method="none")
    verifier = secrets.token_urlsafe(48)
    location, _ = authorize(server, session, code_verifier=verifier)
    token = session.fetch_token(server.url("/token"), authorization_response=location, code_verifier=verifier)
    assert token["access_token"] and token["refresh_token"]


def test_public_client_without_pkce_is_refused(server, setup):
    url = server.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "native-app", "redirect_uri": "http://127.0.0.1/callback", "response_type": "code",
        "state": "s1"}))
    response = Browser(server.base_url).get(url)
    assert response.status_code in (302, 303)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(response.headers["Location"]).query)
    assert query["error"] == ["invalid_request"]
    assert query["state"] == ["s1"]


def test_revoke_then_refresh_fails_and_introspection(server, setup):
    session = google_session(setup, "client_secret_basic")
    location, _ = authorize(server, session)
    token = session.fetch_token(server.url("/token"), authorization_response=location)
    active = session.introspect_token(server.url("/introspect"), token=token["access_token"]).json()
    assert active["active"] is True
    assert active["client_id"] == "google"
    revoked = session.revoke_token(server.url("/revoke"), token=token["refresh_token"],
                                   token_type_hint="refresh_token")
    assert revoked.status_code == 200
    with pytest.raises(OAuthError) as failure:
        session.refresh_token(server.url("/token"), refresh_token=token["refresh_token"])
    assert failure.value.error == "invalid_grant"
    inactive = session.introspect_token(server.url("/introspect"), token=token["access_token"]).json()
    assert inactive == {"active": False}


def test_wrong_client_secret_is_401_with_www_authenticate(server, setup):
    response = requests.post(server.url("/token"), data={"grant_type": "refresh_token", "refresh_token": "x"},
                             auth=("google", "wrong-secret"), timeout=5)
    assert response.status_code == 401
    assert response.json()["error"] == "invalid_client"
    assert response.headers["WWW-Authenticate"].startswith("Basic")
    assert response.headers["Cache-Control"] == "no-store"


def test_unregistered_redirect_uri_is_never_redirected(server, setup):
    for redirect in ["https://evil.example/r/test-project", GOOGLE_REDIRECT + "x", GOOGLE_REDIRECT + "/"]:
        url = server.url("/authorize?" + urllib.parse.urlencode({
            "client_id": "google", "redirect_uri": redirect, "response_type": "code", "state": "s"}))
        response = Browser(server.base_url).get(url)
        assert response.status_code == 400
        assert "Location" not in response.headers


def test_long_state_comes_back_byte_for_byte(server, setup):
    state = random_state(2000) + "-_.~"
    session = google_session(setup, "client_secret_post")
    location, _ = authorize(server, session, state=state)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    assert query["state"] == [state]


def test_cancel_redirects_with_access_denied(server, setup):
    session = google_session(setup, "client_secret_post")
    url, state = session.create_authorization_url(server.url("/authorize"))
    back = Browser(server.base_url).link(url, EMAIL, PASSWORD, decision="deny")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(back.headers["Location"]).query)
    assert query["error"] == ["access_denied"]
    assert query["state"] == [state]


def test_code_replay_revokes_the_grant(server, setup):
    session = google_session(setup, "client_secret_post")
    location, _ = authorize(server, session)
    token = session.fetch_token(server.url("/token"), authorization_response=location)
    with pytest.raises(OAuthError) as failure:
        google_session(setup, "client_secret_post").fetch_token(server.url("/token"), authorization_response=location)
    assert failure.value.error == "invalid_grant"
    gone = requests.get(server.url("/userinfo"), headers={"Authorization": f"Bearer {token['access_token']}"},
                        timeout=5)
    assert gone.status_code == 401


def test_duplicate_parameter_and_unknown_grant_type(server, setup):
    duplicate = requests.post(server.url("/token"), data="grant_type=refresh_token&grant_type=refresh_token",
                              headers={"Content-Type": "application/x-www-form-urlencoded"},
                              auth=("google", setup["secret"]), timeout=5)
    assert duplicate.status_code == 400 and duplicate.json()["error"] == "invalid_request"
    unknown = requests.post(server.url("/token"), data={"grant_type": "magic"}, auth=("google", setup["secret"]),
                            timeout=5)
    assert unknown.status_code == 400 and unknown.json()["error"] == "unsupported_grant_type"


def test_consent_without_or_with_wrong_csrf_is_refused(server, setup):
    session = google_session(setup, "client_secret_post")
    url, _ = session.create_authorization_url(server.url("/authorize"))
    for change in [{"drop": ("csrf_token",)}, {"fields": {"csrf_token": "forged"}}]:
        browser = Browser(server.base_url)
        page = browser.follow(browser.get(url))
        page = browser.follow(browser.submit(page.text, page.url, {"email": EMAIL, "password": PASSWORD},
                                             field="password"))
        assert 'name="decision"' in page.text
        refused = browser.submit(page.text, page.url, button=("decision", "allow"), **change)
        assert refused.status_code in (400, 403)
        assert "code=" not in refused.headers.get("Location", "")
