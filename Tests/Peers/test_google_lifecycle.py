"""Google's side of the lifecycle end to end (docs/sign-in.md): Cross-Account Protection events at
POST /google/risc, signed by the stand-in's own RISC keys with PyJWT, and offline access
(`google_server_auth_code`) whose refresh token is revoked at the stand-in when the account goes."""
import secrets

import pytest
import requests

from browserless import Browser
from conftest import GOOGLE_CLIENT
from standins import new_rsa_key

EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"
PASSWORD = "lifecycle password 1"


@pytest.fixture(scope="module")
def app(server):
    server.cli("client", "add", "--id", "app", "--name", "Smart Home App", "--public", "--first-party",
               "--scope", "openid", "--scope", "email")
    return server


def google_exchange(server, standins, sub, email, **extra):
    nonce = secrets.token_urlsafe(12)
    token = standins.google.id_token(GOOGLE_CLIENT, sub, nonce=nonce, email=email)
    return requests.post(server.url("/token"), data={
        "grant_type": EXCHANGE, "client_id": "app", "subject_token": token, "subject_token_type": ID_TOKEN,
        "nonce": nonce, **extra}, timeout=15)


def post_event(server, token):
    return requests.post(server.url("/google/risc"), data=token,
                         headers={"Content-Type": "application/secevent+jwt"}, timeout=15)


def person_with_google(app, standins):
    """A password account with a linked Google identity, a live web session and a live app token."""
    email, sub = f"risc-{secrets.token_hex(4)}@example.com", "g-" + secrets.token_hex(6)
    app.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    link = google_exchange(app, standins, sub, email).json()["link_token"]
    proof = requests.post(app.url("/token"), data={"grant_type": "password", "client_id": "app", "username": email,
                                                   "password": PASSWORD, "link_token": link}, timeout=15)
    assert proof.status_code == 200, proof.text
    signed_in = google_exchange(app, standins, sub, email)
    assert signed_in.status_code == 200, signed_in.text
    browser = Browser(app.base_url)
    login = browser.get("/login")
    from browserless import form_with
    browser.submit(login.text, app.url("/login"), {"email": email, "password": PASSWORD}, field="password")
    assert browser.get("/account").status_code == 200
    return sub, browser, signed_in.json()["access_token"]


def alive(app, browser, token):
    page = browser.get("/account").status_code == 200
    api = requests.get(app.url("/userinfo"), headers={"Authorization": f"Bearer {token}"}, timeout=15).status_code == 200
    return page, api


def test_forged_wrong_audience_and_foreign_issuer_events_are_refused(app, standins):
    sub, browser, token = person_with_google(app, standins)
    google = standins.google
    impostor = new_rsa_key()
    cases = {
        "invalid_key": google.security_event(GOOGLE_CLIENT, "risc/event-type/sessions-revoked", sub, kid="unknown-kid",
                                             key=impostor),
        "authentication_failed": google.security_event(GOOGLE_CLIENT, "risc/event-type/sessions-revoked", sub,
                                                       key=impostor),
        "invalid_audience": google.security_event("other-app.apps.googleusercontent.com",
                                                  "risc/event-type/sessions-revoked", sub),
        "invalid_issuer": google.security_event(GOOGLE_CLIENT, "risc/event-type/sessions-revoked", sub,
                                                issuer="https://accounts.example.com/"),
    }
    for code, event in cases.items():
        refused = post_event(app, event)
        assert refused.status_code == 400, (code, refused.text)
        assert refused.json()["err"] == code
    assert post_event(app, "not.a.token").status_code == 400
    assert alive(app, browser, token) == (True, True), "nothing was acted on"


def test_hijacking_ends_the_live_session_and_app_token_and_holds_google_sign_in(app, standins):
    sub, browser, token = person_with_google(app, standins)
    assert alive(app, browser, token) == (True, True)
    event = standins.google.security_event(GOOGLE_CLIENT, "risc/event-type/account-disabled", sub, reason="hijacking")
    accepted = post_event(app, event)
    assert accepted.status_code == 202, accepted.text
    assert alive(app, browser, token) == (False, False)
    held = google_exchange(app, standins, sub, "whoever@example.com")
    assert held.status_code == 400 and held.json()["error"] == "invalid_grant"
    enabled = post_event(app, standins.google.security_event(GOOGLE_CLIENT, "risc/event-type/account-enabled", sub))
    assert enabled.status_code == 202
    assert google_exchange(app, standins, sub, "whoever@example.com").status_code == 200


def test_a_replayed_event_is_accepted_but_acts_once(app, standins):
    sub, browser, token = person_with_google(app, standins)
    event = standins.google.security_event(GOOGLE_CLIENT, "risc/event-type/sessions-revoked", sub)
    assert post_event(app, event).status_code == 202
    assert alive(app, browser, token) == (False, False)
    again = google_exchange(app, standins, sub, "x@example.com")
    assert again.status_code == 200
    replay = post_event(app, event)
    assert replay.status_code == 202
    fresh = again.json()["access_token"]
    assert requests.get(app.url("/userinfo"), headers={"Authorization": f"Bearer {fresh}"},
                        timeout=15).status_code == 200, "the redelivery ended nothing new"


def test_offline_access_token_is_revoked_at_google_on_deletion(app, standins):
    sub = "g-" + secrets.token_hex(6)
    code, refresh = standins.google.issue_server_auth_code(sub)
    signed_in = google_exchange(app, standins, sub, f"{sub}@gmail.com", google_server_auth_code=code)
    assert signed_in.status_code == 200, signed_in.text
    token = signed_in.json()["access_token"]
    deleted = requests.post(app.url("/account/delete"), headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert deleted.status_code == 200, deleted.text
    assert refresh in standins.google.revoked


def test_offline_access_while_google_is_down_is_a_retryable_503(app, standins):
    sub = "g-" + secrets.token_hex(6)
    code, _ = standins.google.issue_server_auth_code(sub)
    standins.google.down = True
    try:
        down = google_exchange(app, standins, sub, f"{sub}@gmail.com", google_server_auth_code=code)
    finally:
        standins.google.down = False
    assert down.status_code == 503 and down.json()["error"] == "temporarily_unavailable"
    refused = google_exchange(app, standins, sub, f"{sub}@gmail.com", google_server_auth_code="4/0never-issued")
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"
