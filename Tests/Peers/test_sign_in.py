"""Sign in with Apple and Google Sign-In, one account per person, notifications and deletion,
end to end: identity tokens signed by PyJWT with the stand-ins' keys (issue: Sign in with Apple
and Google Sign-In, one account per person, and the account lifecycle)."""
import hashlib
import json
import secrets
import sqlite3
import time
import urllib.parse

import jwt
import pytest
import requests

from browserless import Browser
from conftest import APPLE_BUNDLE, GOOGLE_CLIENT
from standins import APPLE_ISSUER, new_rsa_key

EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"


@pytest.fixture(scope="module")
def app(server):
    server.cli("client", "add", "--id", "app", "--name", "Smart Home App", "--public", "--first-party",
               "--scope", "openid", "--scope", "email", "--scope", "profile")
    return server


def hashed(nonce):
    return hashlib.sha256(nonce.encode()).hexdigest()


def exchange(server, token, nonce, **extra):
    data = {"grant_type": EXCHANGE, "client_id": "app", "subject_token": token, "subject_token_type": ID_TOKEN}
    if nonce is not None:
        data["nonce"] = nonce
    data.update(extra)
    return requests.post(server.url("/token"), data=data, timeout=15)


def apple_sign_in(server, standins, sub, email=None, private=False, **extra):
    nonce = secrets.token_urlsafe(16)
    token = standins.apple.identity_token(APPLE_BUNDLE, sub, nonce=hashed(nonce), email=email, private=private)
    return exchange(server, token, nonce, **extra)


def google_sign_in(server, standins, sub, email):
    nonce = secrets.token_urlsafe(16)
    return exchange(server, standins.google.id_token(GOOGLE_CLIENT, sub, nonce=nonce, email=email), nonce)


def accounts(server):
    return json.loads(server.cli("user", "list", "--json").stdout)


def test_first_apple_sign_in_creates_the_account_and_keeps_the_name(app, standins):
    sub = "001." + secrets.token_hex(8)
    code = standins.apple.issue_code(APPLE_BUNDLE, sub, "ann@example.com")
    first = apple_sign_in(app, standins, sub, "ann@example.com", given_name="Ann", family_name="Lee",
                          apple_authorization_code=code)
    assert first.status_code == 200, first.text
    body = first.json()
    assert body["account_created"] is True and body["access_token"] and body["token_type"] == "Bearer"
    assert first.headers["Cache-Control"] == "no-store"
    again = apple_sign_in(app, standins, sub, "ann@example.com")
    assert again.status_code == 200
    assert again.json()["account_id"] == body["account_id"]
    assert again.json()["account_created"] is False
    mine = [a for a in accounts(app) if a["id"] == body["account_id"]]
    assert mine and mine[0]["name"] == "Ann Lee"
    assert len(standins.apple.refresh_tokens) >= 1, "the authorization code was exchanged at /auth/token"


def test_google_for_an_existing_email_needs_proof_then_links(app, standins):
    email, password = "bob@example.com", "bob's long password"
    owner = app.cli("user", "add", "--email", email, "--password-stdin", stdin=password + "\n").stdout.strip()
    sub = "g-" + secrets.token_hex(6)
    refused = google_sign_in(app, standins, sub, email)
    assert refused.status_code == 400
    assert refused.json()["error"] == "link_required"
    link_token = refused.json()["link_token"]
    assert len([a for a in accounts(app) if a["email"] == email]) == 1, "no duplicate account"
    proof = requests.post(app.url("/token"), data={"grant_type": "password", "client_id": "app", "username": email,
                                                   "password": password, "link_token": link_token}, timeout=15)
    assert proof.status_code == 200, proof.text
    linked = google_sign_in(app, standins, sub, email)
    assert linked.status_code == 200
    assert linked.json()["account_id"] == owner
    methods = [a for a in accounts(app) if a["id"] == owner][0]["sign_in_methods"]
    assert sorted(methods) == ["google", "password"]
    reused = requests.post(app.url("/token"), data={"grant_type": "password", "client_id": "app", "username": email,
                                                    "password": password, "link_token": link_token}, timeout=15)
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"


def test_private_relay_email_never_links(app, standins):
    app.cli("user", "add", "--email", "relay-owner@privaterelay.appleid.com", "--password-stdin",
            stdin="relay password 1\n")
    response = apple_sign_in(app, standins, "001." + secrets.token_hex(8), "relay-owner@privaterelay.appleid.com",
                             private=True)
    assert response.status_code == 200
    assert response.json()["account_created"] is True


@pytest.mark.parametrize("case", ["wrong_aud", "expired", "missing_nonce", "different_nonce", "unknown_key"])
def test_bad_identity_tokens_are_invalid_grant(app, standins, case):
    nonce = secrets.token_urlsafe(16)
    sub = "001.bad"
    apple = standins.apple
    if case == "wrong_aud":
        token, sent = apple.identity_token("com.other.app", sub, nonce=hashed(nonce)), nonce
    elif case == "expired":
        token, sent = apple.identity_token(APPLE_BUNDLE, sub, nonce=hashed(nonce), lifetime=-3600), nonce
    elif case == "missing_nonce":
        token, sent = apple.identity_token(APPLE_BUNDLE, sub, nonce=hashed(nonce)), None
    elif case == "different_nonce":
        token, sent = apple.identity_token(APPLE_BUNDLE, sub, nonce=hashed(nonce)), "another nonce"
    else:
        now = int(time.time())
        token = jwt.encode({"iss": APPLE_ISSUER, "aud": APPLE_BUNDLE, "sub": sub, "iat": now, "exp": now + 600,
                            "nonce": hashed(nonce)}, new_rsa_key(), algorithm="RS256",
                           headers={"kid": apple.signing.keys[-1][0]})
        sent = nonce
    response = exchange(app, token, sent)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "invalid_grant"


def post_notification(server, payload):
    return requests.post(server.url("/apple/notifications"), json={"payload": payload}, timeout=15)


@pytest.mark.parametrize("as_string", [False, True])
def test_notifications_in_both_encodings(app, standins, as_string):
    sub = "001." + secrets.token_hex(8)
    created = apple_sign_in(app, standins, sub, f"{sub}@privaterelay.appleid.com", private=True)
    assert created.status_code == 200
    account, access = created.json()["account_id"], created.json()["access_token"]
    apple = standins.apple
    for event in ["email-disabled", "email-enabled"]:
        response = post_notification(app, apple.notification(APPLE_BUNDLE, event, sub, as_string=as_string,
                                                              millis=as_string, email=f"{sub}@privaterelay.appleid.com",
                                                              is_private_email="true"))
        assert response.status_code == 200
    assert requests.get(app.url("/userinfo"), headers={"Authorization": f"Bearer {access}"}, timeout=5).status_code == 200
    revoked = post_notification(app, apple.notification(APPLE_BUNDLE, "consent-revoked", sub, as_string=as_string))
    assert revoked.status_code == 200
    assert requests.get(app.url("/userinfo"), headers={"Authorization": f"Bearer {access}"},
                        timeout=5).status_code == 401, "consent-revoked ends the app's tokens"
    kind = "account-deleted" if as_string else "account-delete"
    jti = secrets.token_hex(8)
    deleted = post_notification(app, apple.notification(APPLE_BUNDLE, kind, sub, as_string=as_string, jti=jti))
    assert deleted.status_code == 200
    assert account not in [a["id"] for a in accounts(app)], "the Apple-only account is deleted"
    replay = post_notification(app, apple.notification(APPLE_BUNDLE, kind, sub, as_string=as_string, jti=jti))
    assert replay.status_code == 200


def test_notification_signed_by_an_unpublished_key_is_refused(app, standins):
    now = int(time.time())
    forged = jwt.encode({"iss": APPLE_ISSUER, "aud": APPLE_BUNDLE, "iat": now, "jti": "forged",
                         "events": {"type": "account-delete", "sub": "001.victim", "event_time": now}},
                        new_rsa_key(), algorithm="RS256", headers={"kid": standins.apple.signing.keys[-1][0]})
    assert post_notification(app, forged).status_code == 400
    wrong_aud = standins.apple.notification("com.other.app", "account-delete", "001.victim")
    assert post_notification(app, wrong_aud).status_code == 400


def test_deletion_revokes_at_apple_and_ends_google_link(app, standins):
    google_secret = app.cli("client", "add", "--id", "google-del", "--name", "Google", "--google-project", "del",
                            "--scope", "devices").stdout.strip()
    sub = "001." + secrets.token_hex(8)
    email = f"del-{secrets.token_hex(4)}@example.com"
    password = "deletion password 1"
    account = app.cli("user", "add", "--email", email, "--password-stdin", stdin=password + "\n").stdout.strip()
    # Link Apple to the password account (link_required, then the password proof with the Apple code).
    code = standins.apple.issue_code(APPLE_BUNDLE, sub, email)
    pending = apple_sign_in(app, standins, sub, email, apple_authorization_code=code)
    assert pending.json()["error"] == "link_required"
    proof = requests.post(app.url("/token"), data={"grant_type": "password", "client_id": "app", "username": email,
                                                   "password": password, "link_token": pending.json()["link_token"]},
                          timeout=15)
    app_token = proof.json()["access_token"]
    refresh_at_apple = [t for t, s in standins.apple.refresh_tokens.items() if s == sub]
    assert refresh_at_apple, "the Apple code was exchanged and its refresh token kept"
    # Link Google's cloud-to-cloud client through the browser flow.
    redirect = "https://oauth-redirect.googleusercontent.com/r/del"
    url = app.url("/authorize?response_type=code&client_id=google-del&state=s&scope=devices&redirect_uri=" +
                  urllib.parse.quote(redirect, safe=""))
    back = Browser(app.base_url).link(url, email, password)
    code = urllib.parse.urlparse(back.headers["Location"]).query.split("code=")[1].split("&")[0]
    google_tokens = requests.post(app.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                           "redirect_uri": redirect},
                                  auth=("google-del", google_secret), timeout=15).json()
    before = len(standins.apple.revocations)
    deleted = requests.post(app.url("/account/delete"), headers={"Authorization": f"Bearer {app_token}"}, timeout=30)
    assert deleted.status_code == 200, deleted.text
    calls = standins.apple.revocations[before:]
    assert {"client_id": APPLE_BUNDLE, "token": refresh_at_apple[0], "token_type_hint": "refresh_token"} in calls
    refresh = requests.post(app.url("/token"), data={"grant_type": "refresh_token",
                                                     "refresh_token": google_tokens["refresh_token"]},
                            auth=("google-del", google_secret), timeout=15)
    assert refresh.status_code == 400 and refresh.json()["error"] == "invalid_grant"
    db = sqlite3.connect(f"{app.folder}/db/accountlink.sqlite")
    try:
        row = db.execute("SELECT email, display_name, status FROM accounts WHERE id = ?", (account,)).fetchone()
        assert row[0] is None and row[1] is None and row[2] == "deleted"
        assert db.execute("SELECT COUNT(*) FROM identities WHERE account_id = ?", (account,)).fetchone()[0] == 0
        dump = "\n".join(db.iterdump())
        assert email not in dump, "no personal data left anywhere in the database"
    finally:
        db.close()


def test_web_sign_in_with_apple_form_post(app, standins):
    from conftest import APPLE_SERVICES_ID
    browser = Browser(app.base_url)
    login = browser.get("/login")
    assert 'href="/login/apple"' in login.text and "Sign in with Apple" in login.text
    start = browser.get("/login/apple")
    assert start.status_code == 302
    target = urllib.parse.urlparse(start.headers["Location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == standins.base_url + "/auth/authorize"
    query = dict(urllib.parse.parse_qsl(target.query))
    assert query["client_id"] == APPLE_SERVICES_ID and query["response_mode"] == "form_post"
    assert query["redirect_uri"] == app.url("/login/apple/callback")
    sub = "001." + secrets.token_hex(8)
    email = f"web-{secrets.token_hex(4)}@example.com"
    # Apple copies the nonce it was given into the identity token.
    id_token = standins.apple.identity_token(APPLE_SERVICES_ID, sub, nonce=query["nonce"], email=email)
    form = {"state": query["state"], "code": standins.apple.issue_code(APPLE_SERVICES_ID, sub, email),
            "id_token": id_token, "user": json.dumps({"name": {"firstName": "Cy", "lastName": "<Press>"}, "email": email})}
    # Apple's POST is cross-site: only the SameSite=None binding cookie (al_signin) comes with it.
    callback = browser.http.post(query["redirect_uri"], data=form, allow_redirects=False, timeout=15)
    assert callback.status_code == 303, callback.text[:500]
    assert callback.headers["Location"] == "/account"
    session = callback.cookies.get("al_session")
    page = requests.get(app.url("/account"), cookies={"al_session": session}, allow_redirects=False, timeout=5)
    assert page.status_code == 200 and email in page.text
    assert "&lt;Press&gt;" in page.text and "<Press>" not in page.text, "the name from the browser is escaped"
    exchanged = standins.apple.token_requests[-1]
    assert exchanged["redirect_uri"] == query["redirect_uri"], "web codes are redeemed with their redirect_uri"
    replay = browser.http.post(query["redirect_uri"], data=form, allow_redirects=False, timeout=15)
    assert replay.status_code == 400, "the state is single use"


def test_web_sign_in_with_apple_refuses_a_foreign_nonce(app, standins):
    from conftest import APPLE_SERVICES_ID
    browser = Browser(app.base_url)
    start = browser.get("/login/apple")
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(start.headers["Location"]).query))
    id_token = standins.apple.identity_token(APPLE_SERVICES_ID, "001.x", nonce=hashed("attacker's nonce"))
    response = browser.http.post(query["redirect_uri"], data={"state": query["state"], "id_token": id_token},
                             allow_redirects=False, timeout=15)
    assert response.status_code == 400
    assert "al_session" not in response.cookies


def test_web_google_sign_in_with_pkce_and_nonce(app, standins):
    google = standins.google
    browser = Browser(app.base_url)
    assert 'href="/login/google"' in browser.get("/login").text
    start = browser.get("/login/google")
    assert start.status_code == 302
    target = urllib.parse.urlparse(start.headers["Location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == standins.base_url + "/google/auth"
    query = dict(urllib.parse.parse_qsl(target.query))
    assert query["client_id"] == google.web_client_id and query["code_challenge_method"] == "S256"
    assert query["redirect_uri"] == app.url("/login/google/callback") and query["nonce"]
    sub, email = "g-web-" + secrets.token_hex(4), f"gweb-{secrets.token_hex(4)}@example.com"
    code = google.issue_code(sub, email, query["nonce"], query["code_challenge"], query["redirect_uri"])
    back = browser.get(query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]}))
    assert back.status_code == 303, back.text[:500]
    assert google.token_requests[-1]["code_verifier"], "the code was redeemed with its PKCE verifier"
    page = browser.follow(back)
    assert page.status_code == 200 and email in page.text
    replay = browser.get(query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]}))
    assert replay.status_code == 400, "the state is single use"


def test_web_google_refuses_an_id_token_with_another_nonce(app, standins):
    google = standins.google
    browser = Browser(app.base_url)
    start = browser.get("/login/google")
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(start.headers["Location"]).query))
    code = google.issue_code("g-x", "x@example.com", "not the nonce we sent", query["code_challenge"],
                             query["redirect_uri"])
    response = browser.http.get(query["redirect_uri"], params={"code": code, "state": query["state"]},
                            allow_redirects=False, timeout=15)
    assert response.status_code == 400
    assert "al_session" not in response.cookies
