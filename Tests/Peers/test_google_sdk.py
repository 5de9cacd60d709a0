"""Google Sign-In as GoogleSignIn-iOS really sends it (docs/sign-in.md, "Google's ID token"): the guide's
default flow (no nonce of the app's, so the token carries AppAuth's own) signs in and links exactly as one
with a nonce; a mismatched nonce and a request nonce without a claim are refused, at the token exchange and
at POST /api/account/identities alike. Also ACCOUNTLINK_GOOGLE_HOSTED_DOMAINS."""
import secrets
import tempfile

import pytest
import requests

from conftest import GOOGLE_CLIENT, Server
from test_account_api import api, methods, password_account, password_sign_in
from test_sign_in import ID_TOKEN, exchange

SERVER_CLIENT = "1234-web.apps.googleusercontent.com"


@pytest.fixture(scope="module")
def app(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-gsdk-") as folder:
        server = Server(folder, standins, {"ACCOUNTLINK_GOOGLE_CLIENT_IDS": f"{SERVER_CLIENT},{GOOGLE_CLIENT}",
                                           "ACCOUNTLINK_GOOGLE_HOSTED_DOMAINS": "example.com, corp.example"})
        server.cli("client", "add", "--id", "app", "--name", "Smart Home App", "--public", "--first-party",
                   "--scope", "openid", "--scope", "email", "--scope", "profile")
        server.start()
        try:
            yield server
        finally:
            server.stop()


def sdk_token(standins, sub, **kwargs):
    kwargs.setdefault("hd", "example.com")
    return standins.google.sdk_id_token(GOOGLE_CLIENT, sub, f"{sub}@example.com", server_client=SERVER_CLIENT, **kwargs)


def refused(response):
    return response.status_code == 400 and response.json()["error"] == "invalid_grant"


def test_the_guides_default_flow_signs_in_exactly_as_one_with_a_nonce(app, standins):
    sub = "g-" + secrets.token_hex(6)
    first = exchange(app, sdk_token(standins, sub), None)
    assert first.status_code == 200, first.text
    assert first.json()["account_created"] is True
    restored = exchange(app, sdk_token(standins, sub, refreshed=True), None)
    assert restored.status_code == 200 and restored.json()["account_id"] == first.json()["account_id"], restored.text
    nonce = secrets.token_urlsafe(32)
    with_nonce = exchange(app, sdk_token(standins, sub, app_nonce=nonce), nonce)
    assert with_nonce.status_code == 200 and with_nonce.json()["account_id"] == first.json()["account_id"]
    assert with_nonce.json()["account_created"] is False
    account = api(app, "GET", "/api/account", first.json()["access_token"]).json()
    assert account["name"] == "Gia Ruiz" and set(methods(account)) == {"google"}
    assert methods(account)["google"]["picture"] == f"https://lh3.googleusercontent.com/a/{sub}=s96-c"


def test_google_picture_is_kept_only_as_an_https_url(app, standins):
    sub = "g-" + secrets.token_hex(6)
    plain = exchange(app, sdk_token(standins, sub, picture="javascript:alert(1)"), None)
    assert plain.status_code == 200, plain.text
    token = plain.json()["access_token"]
    assert "picture" not in methods(api(app, "GET", "/api/account", token).json())["google"]
    assert exchange(app, sdk_token(standins, sub), None).status_code == 200
    assert methods(api(app, "GET", "/api/account", token).json())["google"]["picture"].startswith("https://")


def test_mismatched_nonce_and_request_nonce_without_claim_are_refused_at_the_exchange(app, standins):
    sub = "g-" + secrets.token_hex(6)
    assert refused(exchange(app, sdk_token(standins, sub), "the app's nonce")), "AppAuth's nonce is not the app's"
    assert refused(exchange(app, sdk_token(standins, sub, app_nonce="n-é"), "n-e\u0301")), "other bytes"
    assert refused(exchange(app, sdk_token(standins, sub, refreshed=True), "a nonce")), "no claim"


def test_linking_from_the_app_follows_the_same_rule(app, standins):
    account, email = password_account(app)
    token = password_sign_in(app, email).json()["access_token"]
    sub = "g-" + secrets.token_hex(6)

    def add(subject_token, nonce=None):
        fields = {"subject_token": subject_token, "subject_token_type": ID_TOKEN}
        if nonce is not None:
            fields["nonce"] = nonce
        return api(app, "POST", "/api/account/identities", token, **fields)

    assert refused(add(sdk_token(standins, sub), "the app's nonce"))
    assert refused(add(sdk_token(standins, sub, refreshed=True), "a nonce"))
    added = add(sdk_token(standins, sub))
    assert added.status_code == 200, added.text
    assert set(methods(added.json())) == {"password", "google"}
    signed_in = exchange(app, sdk_token(standins, sub, refreshed=True), None)
    assert signed_in.status_code == 200 and signed_in.json()["account_id"] == account


def test_hosted_domains_admit_only_the_listed_workspace_domains(app, standins):
    assert exchange(app, sdk_token(standins, "g-" + secrets.token_hex(6), hd="corp.example"), None).status_code == 200
    assert refused(exchange(app, sdk_token(standins, "g-" + secrets.token_hex(6), hd="other.example"), None))
    consumer = standins.google.sdk_id_token(GOOGLE_CLIENT, "g-" + secrets.token_hex(6), "c@gmail.com",
                                            server_client=SERVER_CLIENT)
    assert refused(exchange(app, consumer, None)), "a consumer account has no hd"
