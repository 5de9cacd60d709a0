"""What the events work must prove (docs/webhooks.md), on SQLite and PostgreSQL: every change another system must learn
of, made by its real cause through the real server (the person's app and web pages, the operator's admin API,
Google's /revoke, Apple's server-to-server notification and Google's RISC from the stand-ins), reaches a
subscribed endpoint as a Standard Webhooks delivery (checked by `standardwebhooks`) while the receiver answers
500, hangs past the server's timeout, and the server is killed with -9 while deliveries are pending: after the
restart every event has arrived with exactly one `webhook-id` (copies allowed, at least once, never a second id),
and the outbox shows each delivered. A relying party with a back-channel logout URI gets a logout token, verified
with PyJWT against /jwks.json, for sign-out everywhere and for deletion."""
import secrets
import signal
import tempfile
import time
import urllib.parse

import pytest
import requests

import soft_authenticator as sa
from browserless import Browser
from conftest import APPLE_BUNDLE, GOOGLE_CLIENT, Server, free_port
from smtp_inbox import SMTPServer, link_in
from test_accounts_email import confirm, sign_up, store
from test_passkeys_api import register
from test_sign_in import EXCHANGE, ID_TOKEN, hashed
from webhook_receiver import Receiver, same_events

TOKEN = "admin-" + secrets.token_urlsafe(32)
PASSWORD = "a long signup passphrase"  # test_accounts_email's, which sign_up uses
GOOGLE_REDIRECT = "https://oauth-redirect.googleusercontent.com/r/causes"
LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout"


@pytest.fixture(scope="module")
def receiver():
    with Receiver() as instance:
        yield instance


class World:
    """A server (admin API, SMTP to a loopback inbox, a short retry schedule) with the maker's app, Google's
    cloud-to-cloud client and a relying party that takes back-channel logout tokens."""

    def __init__(self, server, inbox, receiver, backend):
        self.server, self.inbox, self.receiver = server, inbox, receiver
        self.hooks, self.logout = f"/causes-{backend}", f"/bcl-{backend}"
        self.expected = []  # (account, type, client_id, reason, data type)

    def admin(self, method, path, body=None, expect=200):
        answer = requests.request(method, self.server.admin_url + path, json=body, timeout=30,
                                  headers={"Authorization": "Bearer " + TOKEN})
        assert answer.status_code == expect, f"{method} {path}: {answer.status_code} {answer.text}"
        return answer.json() if answer.content else None

    def expect(self, account, kind, client=None, reason=None, data_type=None):
        self.expected.append((account, kind, client, reason, data_type))

    def url(self, path):
        return self.server.url(path)

    def token(self, email, client="app", password=PASSWORD):
        answer = requests.post(self.url("/token"), data={"grant_type": "password", "client_id": client, "username": email,
                                                         "password": password, "scope": "openid"}, timeout=30)
        assert answer.status_code == 200, answer.text
        return answer.json()["access_token"]

    def exchange(self, subject_token, nonce):
        answer = requests.post(self.url("/token"), data={"grant_type": EXCHANGE, "client_id": "app", "nonce": nonce,
                                                         "subject_token": subject_token, "subject_token_type": ID_TOKEN},
                               timeout=30)
        assert answer.status_code == 200, answer.text
        return answer.json()["account_id"]

    def api(self, path, token, data=None, expect=200):
        answer = requests.post(self.url(path), headers={"Authorization": f"Bearer {token}"}, data=data, timeout=30)
        assert answer.status_code == expect, f"{path}: {answer.status_code} {answer.text}"
        return answer


@pytest.fixture(params=["sqlite", "postgres"])
def world(request, standins, receiver):
    smtp_port, admin_port = free_port(), free_port()
    env = {"ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{admin_port}", "ACCOUNTLINK_ADMIN_TOKEN": TOKEN,
           "ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}", "ACCOUNTLINK_PRODUCT_NAME": "Acme Home",
           # Retries after 25 ms, 1.5 s, 9 s, 36 s, … (docs/webhooks.md, Settings); one attempt may take 1 s.
           "ACCOUNTLINK_WEBHOOK_RETRY_SCALE": "0.005", "ACCOUNTLINK_WEBHOOK_TIMEOUT": "1"}
    with tempfile.TemporaryDirectory(prefix="accountlink-causes-") as folder, SMTPServer(smtp_port) as smtp, \
            store(request.param) as database:
        env.update(database)
        server = Server(folder, standins, env).start()
        server.admin_url = f"http://127.0.0.1:{admin_port}"
        receiver.logout_check = (server.url("/jwks.json"), server.base_url)
        try:
            yield World(server, smtp.inbox, receiver, request.param)
        finally:
            server.stop()


def setup_clients(w):
    cli = w.server.cli
    cli("client", "add", "--id", "app", "--name", "App", "--public", "--first-party", "--scope", "openid")
    cli("client", "add", "--id", "rp", "--name", "RP", "--public", "--first-party", "--scope", "openid",
        "--backchannel-logout-uri", w.receiver.url(w.logout))
    google = cli("client", "add", "--id", "google-home", "--name", "Google", "--google-project", "causes",
                 "--scope", "devices").stdout.strip()
    secret = cli("webhook", "add", w.receiver.url(w.hooks), "--event", "*").stdout.strip()
    w.receiver.secrets[w.hooks] = secret
    return google, [e for e in w.admin("GET", "/admin/webhooks") if e["url"] == w.receiver.url(w.hooks)][0]["id"]


def apple_notification(w, standins, event, sub):
    answer = requests.post(w.url("/apple/notifications"), json={"payload": standins.apple.notification(APPLE_BUNDLE, event, sub)},
                           timeout=30)
    assert answer.status_code == 200, answer.text


def person_with_every_method(w, standins, google_secret):
    """Made by the operator; adds and removes Google, a passkey and Apple through the app; is unlinked by
    Google's /revoke; loses Apple by Apple's consent-revoked."""
    email = f"causes-{secrets.token_hex(4)}@example.com"
    account = w.server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n").stdout.strip()
    w.expect(account, "account.created", data_type="password")
    token = w.token(email)
    google = standins.google.id_token(GOOGLE_CLIENT, "g-" + secrets.token_hex(6), email=email)
    w.api("/api/account/identities", token, {"subject_token": google, "subject_token_type": ID_TOKEN})
    w.api("/api/account/identities/remove", token, {"type": "google"})
    w.expect(account, "identity.added", data_type="google")
    w.expect(account, "identity.removed", data_type="google")
    key = sa.Credential()
    assert register(w.server, token, key).status_code == 201
    w.api("/api/account/identities/remove", token, {"type": "passkey", "id": sa.b64url(key.credential_id)})
    w.expect(account, "passkey.added", data_type="passkey")
    w.expect(account, "passkey.removed", data_type="passkey")
    # Google Home unlinks: Google revokes its refresh token (RFC 7009; docs/smart-home-fulfillment.md).
    back = Browser(w.server.base_url).link(w.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "google-home", "redirect_uri": GOOGLE_REDIRECT, "response_type": "code", "state": "s",
        "scope": "devices"})), email, PASSWORD)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(back.headers["Location"]).query)["code"][0]
    linked = requests.post(w.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                  "redirect_uri": GOOGLE_REDIRECT},
                           auth=("google-home", google_secret), timeout=30).json()
    assert requests.post(w.url("/revoke"), data={"token": linked["refresh_token"]}, auth=("google-home", google_secret),
                         timeout=30).status_code == 200
    w.expect(account, "grant.revoked", "google-home", "user")
    return account, email, token


def apple_comes_and_goes(w, standins, account, token):
    """Apple added and removed by the person, added again, then ended by Apple's consent-revoked (reason apple)."""
    sub = "001." + secrets.token_hex(8)

    def add():
        nonce = secrets.token_urlsafe(16)
        w.api("/api/account/identities", token, {"subject_token_type": ID_TOKEN, "nonce": nonce,
                                                 "subject_token": standins.apple.identity_token(APPLE_BUNDLE, sub,
                                                                                                nonce=hashed(nonce))})
        w.expect(account, "identity.added", data_type="apple")

    add()
    w.api("/api/account/identities/remove", token, {"type": "apple"})
    w.expect(account, "identity.removed", data_type="apple")
    add()
    apple_notification(w, standins, "consent-revoked", sub)
    w.expect(account, "grant.revoked", "app", "apple")  # the app sign-in of `token`
    w.expect(account, "sessions.revoked")
    w.expect(account, "identity.removed", data_type="apple")


def signs_out_is_disabled_and_deleted(w, account, email):
    """Sign-out everywhere, disable and enable, the operator's email change, then deletion by the person."""
    token = w.token(email)
    w.token(email, client="rp")
    w.api("/api/account/sign-out-everywhere", token)
    w.expect(account, "grant.revoked", "app", "user")
    w.expect(account, "grant.revoked", "rp", "user")
    w.expect(account, "sessions.revoked")
    w.admin("POST", f"/admin/users/{account}/disable")
    w.admin("POST", f"/admin/users/{account}/enable")
    w.expect(account, "sessions.revoked")
    w.expect(account, "account.disabled")
    w.expect(account, "account.enabled")
    moved = f"moved-{secrets.token_hex(4)}@example.com"
    w.admin("PATCH", f"/admin/users/{account}", {"email": moved})
    w.expect(account, "account.email_changed")
    token = w.token(moved)
    w.token(moved, client="rp")
    w.api("/account/delete", token)
    w.expect(account, "grant.revoked", "app", "deletion")
    w.expect(account, "grant.revoked", "rp", "deletion")
    w.expect(account, "account.deleted")


def provider_events(w, standins):
    """Google's RISC ends a Google account's sign-ins (reason google_risc); Apple's account-delete deletes an
    Apple-only account."""
    sub, nonce = "g-" + secrets.token_hex(6), secrets.token_urlsafe(16)
    google_only = w.exchange(standins.google.id_token(GOOGLE_CLIENT, sub, nonce=nonce,
                                                      email=f"{sub}@example.com"), nonce)
    w.expect(google_only, "account.created", data_type="google")
    event = standins.google.security_event(GOOGLE_CLIENT, "risc/event-type/sessions-revoked", sub)
    answer = requests.post(w.url("/google/risc"), data=event, headers={"Content-Type": "application/secevent+jwt"},
                           timeout=30)
    assert answer.status_code == 202, answer.text
    w.expect(google_only, "grant.revoked", "app", "google_risc")
    w.expect(google_only, "sessions.revoked")
    apple_sub, nonce = "001." + secrets.token_hex(8), secrets.token_urlsafe(16)
    apple_only = w.exchange(standins.apple.identity_token(APPLE_BUNDLE, apple_sub, nonce=hashed(nonce)), nonce)
    w.expect(apple_only, "account.created", data_type="apple")
    apple_notification(w, standins, "account-delete", apple_sub)
    w.expect(apple_only, "grant.revoked", "app", "deletion")
    w.expect(apple_only, "account.deleted")


def email_lifecycle(w):
    """Web sign-up, the mailed verification, an email change confirmed at the new address, and the old
    address's cancel link, which restores it and signs out everywhere."""
    old, new = f"mail-{secrets.token_hex(4)}@example.com", f"new-{secrets.token_hex(4)}@example.com"
    browser, _ = sign_up(w.server, old)
    confirm(Browser(w.server.base_url), link_in(w.inbox.wait(old, "Confirm")[0], "/verify-email"))
    account = w.admin("GET", "/admin/users?email=" + urllib.parse.quote(old))[0]["id"]
    w.expect(account, "account.created", data_type="password")
    w.expect(account, "account.email_verified")
    page = browser.get("/account")
    assert browser.submit(page.text, page.url, {"new_email": new}, field="new_email").status_code == 303
    confirm(Browser(w.server.base_url), link_in(w.inbox.wait(new, "Confirm your new email address")[0], "/verify-email"))
    w.expect(account, "account.email_changed")
    holder = Browser(w.server.base_url)
    page = holder.get(link_in(w.inbox.wait(old, "is being changed")[0], "/email-change/cancel"))
    assert holder.submit(page.text, page.url, field="token").status_code == 200
    w.expect(account, "account.email_changed")
    w.expect(account, "sessions.revoked")


def events_of(distinct):
    return sorted(((e["data"]["account_id"], e["type"], e["data"].get("client_id"), e["data"].get("reason"),
                    e["data"].get("type")) for e in distinct.values()), key=repr)


def attempts_answered(receiver, path, mode):
    return [r for r in receiver.received(path) if r.get("answered") == mode]


def test_every_cause_reaches_the_endpoint_through_failures_and_a_kill_9(world, standins):
    w, receiver = world, world.receiver
    google_secret, endpoint = setup_clients(w)
    # Phase 1: the receiver answers 500, then hangs past the server's 1 s timeout, then recovers.
    receiver.modes[w.hooks] = "fail"
    account, email, token = person_with_every_method(w, standins, google_secret)
    receiver.wait(lambda r: len(attempts_answered(r, w.hooks, "fail")) >= 3, what="answers 500")
    receiver.modes[w.hooks] = "hang"
    hung_from = len(receiver.received(w.hooks))
    receiver.wait(lambda r: len(r.received(w.hooks)) > hung_from, what="an attempt that hangs")
    time.sleep(2)  # the server gave up on it (its timeout) and scheduled a retry
    receiver.modes[w.hooks] = "ok"
    apple_comes_and_goes(w, standins, account, token)
    # Phase 2: failing again while the rest happens; kill -9 with deliveries pending.
    receiver.modes[w.hooks] = "fail"
    failed_before = len(attempts_answered(receiver, w.hooks, "fail"))
    signs_out_is_disabled_and_deleted(w, account, email)
    provider_events(w, standins)
    email_lifecycle(w)
    receiver.wait(lambda r: len(attempts_answered(r, w.hooks, "fail")) > failed_before + 3, what="failed attempts")
    pending = [d for d in w.admin("GET", f"/admin/webhooks/{endpoint}/deliveries") if d["status"] == "pending"]
    assert pending, "deliveries are pending when the server dies"
    w.server.process.send_signal(signal.SIGKILL)
    w.server.process.wait(timeout=10)
    # Ids the receiver saw before the crash but never answered with a 2xx: they must come again, the same.
    unanswered = set(receiver.distinct(w.hooks)) - {r["id"] for r in attempts_answered(receiver, w.hooks, "ok")}
    assert unanswered
    receiver.modes[w.hooks] = "ok"
    w.server.log = open(w.server.folder / "server.log", "a+")
    w.server.start()

    def settled(r):
        # Every change committed before its answer came back, so the outbox is complete: wait until it is
        # all delivered, then compare (a missing or doubled event shows as such, not as a timeout).
        listed = w.admin("GET", f"/admin/webhooks/{endpoint}/deliveries")
        done = listed and {d["status"] for d in listed} == {"delivered"}
        return listed if done and {d["id"] for d in listed} <= set(r.distinct(w.hooks)) else None

    outbox = receiver.wait(settled, seconds=180, what="every delivery after the restart")
    distinct = receiver.distinct(w.hooks)
    same_events(events_of(distinct), w.expected)  # every event once: none missing, none under a second id
    assert set(distinct) == {d["id"] for d in outbox}, "one webhook-id per outbox row"
    assert unanswered <= {r["id"] for r in attempts_answered(receiver, w.hooks, "ok")}, \
        "an event attempted before the crash arrives after it under its first webhook-id"
    assert {p["id"] for p in pending} <= set(distinct), "the pending ones arrived after the restart"
    retried = [i for i in distinct if len([r for r in receiver.received(w.hooks) if r["id"] == i]) > 1]
    assert retried and attempts_answered(receiver, w.hooks, "hang"), "failures and a timeout were retried"

    # Back-channel logout: sign-out everywhere and deletion each ended the relying party's sign-in.
    tokens = receiver.wait(lambda r: len({x["id"] for x in r.received(w.logout)}) >= 2 and r.received(w.logout),
                           what="two logout tokens")
    assert all(t["verified"] for t in tokens), [t.get("error") for t in tokens]
    assert {t["claims"]["sub"] for t in tokens} == {account} and {t["claims"]["aud"] for t in tokens} == {"rp"}
    assert all(t["claims"]["events"] == {LOGOUT_EVENT: {}} for t in tokens)
    assert len({t["id"] for t in tokens}) == 2, "one jti per logout, the same on every retry"
