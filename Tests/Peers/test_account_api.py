"""The app's account API (README "The app's API") and Google's
optional nonce and `azp` at token exchange (item 2), end to end with the Apple and Google stand-ins."""
import secrets
import time
import urllib.parse

import pytest
import requests

from browserless import Browser
from conftest import APPLE_BUNDLE, GOOGLE_CLIENT
from test_sign_in import ID_TOKEN, exchange, hashed

PASSWORD = "account api password 1"


@pytest.fixture(scope="module")
def app(server):
    server.cli("client", "add", "--id", "app", "--name", "Smart Home App", "--public", "--first-party",
               "--scope", "openid", "--scope", "email", "--scope", "profile")
    return server


@pytest.fixture(scope="module")
def google_home(app):
    return app.cli("client", "add", "--id", "google-api", "--name", "Google", "--google-project", "api",
                   "--scope", "devices").stdout.strip()


def password_account(server):
    email = f"api-{secrets.token_hex(4)}@example.com"
    account = server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n").stdout.strip()
    return account, email


def password_sign_in(server, email, password=PASSWORD):
    return requests.post(server.url("/token"), data={"grant_type": "password", "client_id": "app",
                                                     "username": email, "password": password}, timeout=30)


def api(server, method, path, token, **data):
    return requests.request(method, server.url(path), headers={"Authorization": f"Bearer {token}"},
                            data=data or None, timeout=30)


def apple_token(standins, sub, nonce, **extra):
    return standins.apple.identity_token(APPLE_BUNDLE, sub, nonce=hashed(nonce), **extra)


def google_token(standins, sub, nonce=None, **extra):
    return standins.google.id_token(GOOGLE_CLIENT, sub, nonce=nonce, **extra)


def methods(account_json):
    return {m["type"]: m for m in account_json["methods"]}


def test_apple_relay_identity_added_through_the_api_is_found_by_a_later_apple_sign_in(app, standins):
    account, email = password_account(app)
    token = password_sign_in(app, email).json()["access_token"]
    sub, relay = "001." + secrets.token_hex(8), f"{secrets.token_hex(5)}@privaterelay.appleid.com"
    nonce = secrets.token_urlsafe(16)
    added = api(app, "POST", "/api/account/identities", token, subject_token_type=ID_TOKEN, nonce=nonce,
                subject_token=apple_token(standins, sub, nonce, email=relay, private=True, real_user_status=2))
    assert added.status_code == 200, added.text
    body = added.json()
    assert body["id"] == account and body["email"] == email and body["email_verified"] is False
    apple = methods(body)["apple"]
    assert apple["email"] == relay and apple["is_private_email"] is True and apple["real_user_status"] == 2
    assert "password" in methods(body)
    later = secrets.token_urlsafe(16)
    signed_in = exchange(app, apple_token(standins, sub, later, email=relay, private=True), later)
    assert signed_in.status_code == 200, signed_in.text
    assert signed_in.json()["account_id"] == account and signed_in.json()["account_created"] is False
    shown = api(app, "GET", "/api/account", signed_in.json()["access_token"])
    assert shown.status_code == 200 and methods(shown.json())["apple"]["real_user_status"] == 2
    assert shown.headers["Cache-Control"] == "no-store"


def test_adding_a_refused_token_is_invalid_grant(app, standins):
    _, email = password_account(app)
    token = password_sign_in(app, email).json()["access_token"]
    nonce = secrets.token_urlsafe(16)
    refused = api(app, "POST", "/api/account/identities", token, subject_token_type=ID_TOKEN, nonce="another",
                  subject_token=apple_token(standins, "001." + secrets.token_hex(8), nonce))
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"


def test_identity_in_use(app, standins):
    sub, nonce = "001." + secrets.token_hex(8), secrets.token_urlsafe(16)
    owner = exchange(app, apple_token(standins, sub, nonce), nonce)
    assert owner.status_code == 200 and owner.json()["account_created"] is True
    _, email = password_account(app)
    token = password_sign_in(app, email).json()["access_token"]
    again = secrets.token_urlsafe(16)
    taken = api(app, "POST", "/api/account/identities", token, subject_token=apple_token(standins, sub, again),
                subject_token_type=ID_TOKEN, nonce=again)
    assert taken.status_code == 409 and taken.json()["error"] == "identity_in_use"
    assert set(methods(api(app, "GET", "/api/account", token).json())) == {"password"}


def test_last_method_and_removing_the_password(app, standins):
    _, email = password_account(app)
    token = password_sign_in(app, email).json()["access_token"]
    last = api(app, "POST", "/api/account/identities/remove", token, type="password")
    assert last.status_code == 409 and last.json()["error"] == "last_method"
    unknown = api(app, "POST", "/api/account/identities/remove", token, type="google")
    assert unknown.status_code == 400 and unknown.json()["error"] == "invalid_request"
    added = api(app, "POST", "/api/account/identities", token, subject_token_type=ID_TOKEN,
                subject_token=google_token(standins, "g-" + secrets.token_hex(6), email=email))
    assert added.status_code == 200, added.text
    removed = api(app, "POST", "/api/account/identities/remove", token, type="password")
    assert removed.status_code == 200, removed.text
    assert set(methods(removed.json())) == {"google"}
    assert password_sign_in(app, email).status_code == 400, "a removed password no longer signs in"
    google_last = api(app, "POST", "/api/account/identities/remove", token, type="google")
    assert google_last.status_code == 409 and google_last.json()["error"] == "last_method"


def test_google_request_nonce_must_match_and_a_token_nonce_alone_is_accepted(app, standins):
    sub = "g-" + secrets.token_hex(6)
    plain = exchange(app, google_token(standins, sub, given_name="Gia", family_name="Ruiz"), None)
    assert plain.status_code == 200, plain.text
    assert api(app, "GET", "/api/account", plain.json()["access_token"]).json()["name"] == "Gia Ruiz"
    for in_token, in_request in [("token-nonce", "other-nonce"), (None, "request-only")]:
        refused = exchange(app, google_token(standins, sub, nonce=in_token), in_request)
        assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant", (in_token, in_request)
    token_only = exchange(app, google_token(standins, sub, nonce="token-only"), None)
    assert token_only.status_code == 200 and token_only.json()["account_id"] == plain.json()["account_id"]
    same = exchange(app, google_token(standins, sub, nonce="n-" + "é"), "n-" + "é")
    assert same.status_code == 200 and same.json()["account_id"] == plain.json()["account_id"]
    apple_without = exchange(app, apple_token(standins, "001." + secrets.token_hex(8), "x"), None)
    assert apple_without.status_code == 400 and apple_without.json()["error"] == "invalid_grant", "Apple keeps it"


def test_google_azp_must_be_one_of_our_client_ids(app, standins):
    sub = "g-" + secrets.token_hex(6)
    wrong = exchange(app, google_token(standins, sub, azp="9999-other.apps.googleusercontent.com"), None)
    assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant"
    web = exchange(app, google_token(standins, sub, azp=standins.google.web_client_id), None)
    assert web.status_code == 200, web.text
    now = int(time.time())
    without_azp = standins.google.signing.sign({"iss": "https://accounts.google.com", "aud": GOOGLE_CLIENT, "sub": sub,
                                                "iat": now, "exp": now + 600})
    absent = exchange(app, without_azp, None)
    assert absent.status_code == 200, absent.text


def google_home_link(server, browser, email, secret):
    redirect = "https://oauth-redirect.googleusercontent.com/r/api"
    back = browser.link(server.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "google-api", "redirect_uri": redirect, "response_type": "code", "state": "s",
        "scope": "devices"})), email, PASSWORD)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(back.headers["Location"]).query)["code"][0]
    return requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                     "redirect_uri": redirect},
                         auth=("google-api", secret), timeout=15).json()


def works(server, tokens, client=None):
    """The app's access token reads UserInfo (Google's has no `openid`), and the refresh token refreshes."""
    info = client is not None or requests.get(server.url("/userinfo"), timeout=10,
                                              headers={"Authorization": f"Bearer {tokens['access_token']}"}
                                              ).status_code == 200
    data = {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]}
    if client is None:
        data["client_id"] = "app"
    refresh = requests.post(server.url("/token"), data=data, auth=client, timeout=10)
    return info and refresh.status_code == 200, refresh.status_code


def test_sign_out_everywhere_ends_sessions_and_app_sign_ins_but_not_google(app, google_home):
    _, email = password_account(app)
    browser = Browser(app.base_url)
    google = google_home_link(app, browser, email, google_home)
    assert browser.get("/account").status_code == 200, "the web session is live"
    this, other = password_sign_in(app, email).json(), password_sign_in(app, email).json()
    ended = api(app, "POST", "/api/account/sign-out-everywhere", this["access_token"])
    assert ended.status_code == 200 and ended.json()["app_sign_ins_ended"] == 2, ended.text
    assert browser.get("/account").status_code == 303, "the web session ended"
    assert works(app, this)[1] == 400 and works(app, other)[1] == 400, "both app sign-ins ended"
    assert api(app, "GET", "/api/account", other["access_token"]).status_code == 401
    assert works(app, google, client=("google-api", google_home))[0], "Google's link stays"


def test_api_logout_ends_only_this_sign_in(app):
    _, email = password_account(app)
    this, other = password_sign_in(app, email).json(), password_sign_in(app, email).json()
    assert works(app, this)[0] and works(app, other)[0]
    out = api(app, "POST", "/api/logout", this["access_token"])
    assert out.status_code == 200, out.text
    assert works(app, this)[1] == 400, "this sign-in's refresh token ended"
    assert api(app, "GET", "/api/account", this["access_token"]).status_code == 401
    assert works(app, other)[0], "the other sign-in goes on"


def test_the_account_api_takes_only_the_apps_own_bearer_tokens(app, google_home):
    assert requests.get(app.url("/api/account"), timeout=10).status_code == 401
    assert api(app, "GET", "/api/account", "not-a-token").status_code == 401
    _, email = password_account(app)
    google = google_home_link(app, Browser(app.base_url), email, google_home)
    refused = api(app, "GET", "/api/account", google["access_token"])
    assert refused.status_code == 403 and refused.json()["error"] == "insufficient_scope"
    assert api(app, "POST", "/api/logout", google["access_token"]).status_code == 403
