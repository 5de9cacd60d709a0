"""Events for the maker's systems (docs/webhooks.md): each event type produced by its real cause reaches a
subscribed endpoint signed by the Standard Webhooks rule (checked by the `standardwebhooks` library);
failures, timeouts and a kill -9 keep one `webhook-id` per event and lose none; an event exists exactly
when its change committed; a relying party with a back-channel logout URI gets a logout token that PyJWT
verifies against /jwks.json; /metrics and the admin API show the outbox."""
import os
import secrets
import signal
import tempfile
import threading
import time
import urllib.parse

import pytest
import requests

from browserless import Browser
from conftest import GOOGLE_CLIENT, Server, free_port
from test_accounts_email import store
from test_sign_in import ID_TOKEN
from webhook_receiver import Receiver, same_events

PASSWORD = "webhook test password 1"
TOKEN = "admin-" + secrets.token_urlsafe(32)
GOOGLE_REDIRECT = "https://oauth-redirect.googleusercontent.com/r/hooks"


@pytest.fixture(scope="module")
def receiver():
    with Receiver() as instance:
        yield instance


def start(folder, standins, receiver, scale, extra=None, timeout=2):
    admin_port = free_port()
    env = {"ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{admin_port}", "ACCOUNTLINK_ADMIN_TOKEN": TOKEN,
           "ACCOUNTLINK_WEBHOOK_RETRY_SCALE": str(scale), "ACCOUNTLINK_WEBHOOK_TIMEOUT": str(timeout)}
    env.update(extra or {})
    server = Server(folder, standins, env).start()
    server.admin_url = f"http://127.0.0.1:{admin_port}"
    receiver.logout_check = (server.url("/jwks.json"), server.base_url)
    return server


def admin(server, method, path, body=None, expect=200):
    answer = requests.request(method, server.admin_url + path, json=body, timeout=30,
                              headers={"Authorization": "Bearer " + TOKEN})
    assert answer.status_code == expect, f"{method} {path}: {answer.status_code} {answer.text}"
    return answer.json() if answer.content else None


def subscribe(server, receiver, path, *events):
    args = ["webhook", "add", receiver.url(path)]
    for event in events or ("*",):
        args += ["--event", event]
    secret = server.cli(*args).stdout.strip()
    assert secret.startswith("whsec_")
    receiver.secrets[path] = secret
    endpoint = [w for w in admin(server, "GET", "/admin/webhooks") if w["url"] == receiver.url(path)][0]
    return endpoint["id"]


def new_user(server):
    email = f"hook-{secrets.token_hex(4)}@example.com"
    account = server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n").stdout.strip()
    return account, email


def sign_in(server, email, client="app"):
    answer = requests.post(server.url("/token"), data={"grant_type": "password", "client_id": client, "username": email,
                                                       "password": PASSWORD, "scope": "openid"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def google_link(server, email, secret):
    back = Browser(server.base_url).link(server.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "google-hooks", "redirect_uri": GOOGLE_REDIRECT, "response_type": "code", "state": "s",
        "scope": "devices"})), email, PASSWORD)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(back.headers["Location"]).query)["code"][0]
    return requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                     "redirect_uri": GOOGLE_REDIRECT},
                         auth=("google-hooks", secret), timeout=15).json()


def of(events, account):
    return [(e["type"], e["data"].get("client_id"), e["data"].get("reason"), e["data"].get("type"))
            for e in events if e["data"]["account_id"] == account]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_each_event_reaches_the_endpoint_signed_by_its_real_cause(standins, receiver, backend):
    path = "/all-" + backend
    with tempfile.TemporaryDirectory(prefix="accountlink-hooks-") as folder, store(backend) as database:
        server = start(folder, standins, receiver, scale=0.01, extra=database)
        try:
            server.cli("client", "add", "--id", "app", "--name", "App", "--public", "--first-party", "--scope", "openid")
            google = server.cli("client", "add", "--id", "google-hooks", "--name", "Google", "--google-project", "hooks",
                                "--scope", "devices").stdout.strip()
            endpoint = subscribe(server, receiver, path)
            # The first event's 2xx comes after the server's 2 s timeout (as on a loaded CI machine): the server
            # cannot know it arrived and sends it again, under the same webhook-id.
            receiver.modes[path] = "late"
            account, email = new_user(server)
            receiver.wait(lambda r: r.received(path), what="the first delivery")
            receiver.modes[path] = "ok"
            tokens = sign_in(server, email)
            subject = "g-" + secrets.token_hex(6)
            added = requests.post(server.url("/api/account/identities"), headers=bearer(tokens["access_token"]),
                                  data={"subject_token_type": ID_TOKEN,
                                        "subject_token": standins.google.id_token(GOOGLE_CLIENT, subject, email=email)},
                                  timeout=30)
            assert added.status_code == 200, added.text
            removed = requests.post(server.url("/api/account/identities/remove"), headers=bearer(tokens["access_token"]),
                                    data={"type": "google"}, timeout=30)
            assert removed.status_code == 200, removed.text
            linked = google_link(server, email, google)
            # Google revokes its refresh token when the person unlinks in the Google Home app (RFC 7009).
            assert requests.post(server.url("/revoke"), data={"token": linked["refresh_token"]},
                                 auth=("google-hooks", google), timeout=15).status_code == 200
            everywhere = requests.post(server.url("/api/account/sign-out-everywhere"),
                                       headers=bearer(tokens["access_token"]), timeout=30)
            assert everywhere.status_code == 200, everywhere.text
            admin(server, "POST", f"/admin/users/{account}/disable")
            admin(server, "POST", f"/admin/users/{account}/enable")
            admin(server, "DELETE", f"/admin/users/{account}", expect=204)
            expected = [("account.created", None, None, "password"), ("identity.added", None, None, "google"),
                        ("identity.removed", None, None, "google"), ("grant.revoked", "google-hooks", "user", None),
                        ("grant.revoked", "app", "user", None), ("sessions.revoked", None, None, None),
                        ("account.disabled", None, None, None), ("sessions.revoked", None, None, None),
                        ("account.enabled", None, None, None), ("account.deleted", None, None, None)]
            # Delivery is at least once: an attempt whose 2xx came back after the server's timeout (a loaded CI
            # machine) is sent again with the same webhook-id. The events are the distinct ids, each exactly once.
            # Every change committed before its answer: once the outbox is all delivered, it is complete.
            deliveries = receiver.wait(lambda r: settled(server, endpoint), what="every delivery settled")
            got = of(receiver.distinct(path).values(), account)
            same_events(got, expected)
            assert set(receiver.distinct(path)) == {d["id"] for d in deliveries}, "one webhook-id per outbox row"
            first = receiver.wait(lambda r: r.received(path)[0].get("answered") and r.received(path)[0],
                                  what="the late answer")
            assert first["answered"] == "late" and first["event"]["type"] == "account.created"
            assert [r["id"] for r in receiver.received(path)].count(first["id"]) >= 2, "re-sent under the same id"
        finally:
            server.stop()


def settled(server, endpoint):
    """The endpoint's outbox once every delivery in it is delivered; else None."""
    deliveries = admin(server, "GET", f"/admin/webhooks/{endpoint}/deliveries")
    return deliveries if deliveries and {d["status"] for d in deliveries} == {"delivered"} else None


def test_failures_and_timeouts_are_retried_with_one_webhook_id_then_failed_and_retried_by_hand(standins, receiver):
    with tempfile.TemporaryDirectory(prefix="accountlink-hooks-") as folder:
        server = start(folder, standins, receiver, scale=0.0001)
        try:
            receiver.modes["/flaky"] = "fail"
            endpoint = subscribe(server, receiver, "/flaky", "account.created")
            account, _ = new_user(server)
            receiver.wait(lambda r: len(r.received("/flaky")) >= 2, what="two failed attempts")
            receiver.modes["/flaky"] = "hang"
            receiver.wait(lambda r: any(x.get("answered") == "hang" for x in r.received("/flaky")), what="a timeout")
            # Every attempt failed: after the whole (scaled) schedule the delivery is `failed`.
            deadline = time.time() + 40
            while time.time() < deadline:
                listed = admin(server, "GET", f"/admin/webhooks/{endpoint}/deliveries")
                if listed and listed[0]["status"] == "failed":
                    break
                time.sleep(0.3)
            assert listed[0]["status"] == "failed" and listed[0]["attempts"] == 8, listed  # the first and seven retries
            assert listed[0]["last_status_code"] in (None, 500)
            attempts = receiver.received("/flaky")
            assert {r["id"] for r in attempts} == {listed[0]["id"]}, "one webhook-id across every retry"
            assert all(r["verified"] for r in attempts)
            receiver.modes["/flaky"] = "ok"
            admin(server, "POST", f"/admin/webhooks/{endpoint}/deliveries/{listed[0]['id']}/retry")
            receiver.wait(lambda r: any(x.get("answered") == "ok" for x in r.received("/flaky")), what="the manual retry")
            assert admin(server, "GET", f"/admin/webhooks/{endpoint}/deliveries")[0]["status"] == "delivered"
            admin(server, "POST", f"/admin/webhooks/{endpoint}/deliveries/{listed[0]['id']}/retry", expect=409)
            assert [e["data"]["account_id"] for e in receiver.events("/flaky")] == [account] * len(attempts + [0])
            metrics = requests.get(server.url("/metrics"), timeout=10).text
            assert f'accountlink_webhook_deliveries{{endpoint="{endpoint}",status="delivered"}} 1' in metrics
        finally:
            server.stop()


def test_kill_9_while_deliveries_are_pending_and_changes_commit_loses_nothing_and_invents_nothing(standins, receiver):
    with tempfile.TemporaryDirectory(prefix="accountlink-hooks-") as folder:
        server = start(folder, standins, receiver, scale=0.02)
        try:
            receiver.modes["/crash"] = "fail"
            endpoint = subscribe(server, receiver, "/crash", "account.disabled")
            accounts = [new_user(server)[0] for _ in range(12)]
            disabled = []

            def disable_all():
                for account in accounts:
                    try:
                        answer = requests.post(f"{server.admin_url}/admin/users/{account}/disable", timeout=5,
                                               headers={"Authorization": "Bearer " + TOKEN})
                        if answer.status_code == 200:
                            disabled.append(account)
                    except requests.RequestException:
                        return

            worker = threading.Thread(target=disable_all)
            worker.start()
            receiver.wait(lambda r: len(r.received("/crash")) >= 3, what="failed first attempts")
            server.process.send_signal(signal.SIGKILL)
            server.process.wait(timeout=10)
            worker.join(timeout=30)
            before = {r["event"]["data"]["account_id"]: r["id"] for r in receiver.received("/crash")}
            receiver.modes["/crash"] = "ok"
            server.log = open(server.folder / "server.log", "a+")
            server.start()
            listed = server.cli("user", "list", "--json").stdout
            import json
            committed = {u["id"] for u in json.loads(listed) if u["status"] == "disabled"}
            assert set(disabled) <= committed, "every answered change committed"
            receiver.wait(lambda r: {x["event"]["data"]["account_id"] for x in r.received("/crash")
                                     if x.get("answered") == "ok"} >= committed, seconds=60,
                          what="every committed event after the restart")
            arrived = receiver.received("/crash")
            assert {r["event"]["data"]["account_id"] for r in arrived} == committed, "no event without its change"
            ids = {}
            for r in arrived:
                ids.setdefault(r["event"]["data"]["account_id"], set()).add(r["id"])
            assert all(len(v) == 1 for v in ids.values()), "one webhook-id per event across retries and the crash"
            assert all(ids[a] == {i} for a, i in before.items()), "the id sent before the crash is kept"
            assert all(r["verified"] for r in arrived)
            statuses = {d["status"] for d in admin(server, "GET", f"/admin/webhooks/{endpoint}/deliveries")}
            assert statuses == {"delivered"}
        finally:
            server.stop()


def test_backchannel_logout_token_reaches_the_relying_party_and_verifies(standins, receiver):
    with tempfile.TemporaryDirectory(prefix="accountlink-hooks-") as folder:
        server = start(folder, standins, receiver, scale=0.01)
        try:
            discovery = requests.get(server.url("/.well-known/openid-configuration"), timeout=10).json()
            assert discovery["backchannel_logout_supported"] is True
            server.cli("client", "add", "--id", "rp", "--name", "RP", "--public", "--first-party", "--scope", "openid",
                       "--backchannel-logout-uri", receiver.url("/logout"))
            server.cli("client", "add", "--id", "quiet", "--name", "No BCL", "--public", "--first-party",
                       "--scope", "openid")
            bad = server.cli("client", "add", "--id", "bad", "--name", "Bad", "--public",
                             "--backchannel-logout-uri", "https://rp.example/logout#frag", check=False)
            assert bad.returncode == 65, bad.stderr
            account, email = new_user(server)
            quiet = sign_in(server, email, client="quiet")
            assert requests.post(server.url("/api/logout"), headers=bearer(quiet["access_token"]), timeout=30).ok
            tokens = sign_in(server, email, client="rp")
            assert requests.post(server.url("/api/logout"), headers=bearer(tokens["access_token"]), timeout=30).ok
            first = receiver.wait(lambda r: r.received("/logout"), what="the logout token")[0]
            assert first["verified"], first.get("error")
            claims = first["claims"]
            assert claims["aud"] == "rp" and claims["sub"] == account and claims["iss"] == server.base_url
            assert claims["exp"] > claims["iat"] and "nonce" not in claims
            # Disabling the account ends its other sign-in at the RP too.
            sign_in(server, email, client="rp")
            admin(server, "POST", f"/admin/users/{account}/disable")
            both = receiver.wait(lambda r: len(r.received("/logout")) >= 2 and r.received("/logout"),
                                 what="the second logout token")
            assert both[1]["verified"] and both[1]["claims"]["sub"] == account
            assert both[0]["id"] != both[1]["id"], "each logout token has its own jti"
            assert len(receiver.received("/logout")) == 2, "the client without a URI gets nothing"
            view = admin(server, "GET", "/admin/clients/rp")
            assert view["backchannel_logout_uri"] == receiver.url("/logout")
        finally:
            server.stop()


def test_doctor_reports_an_endpoint_failing_for_an_hour(standins, receiver):
    import json
    import sqlite3
    with tempfile.TemporaryDirectory(prefix="accountlink-hooks-") as folder:
        server = start(folder, standins, receiver, scale=0.01)
        try:
            receiver.modes["/dead"] = "fail"
            endpoint = subscribe(server, receiver, "/dead", "account.created")
            new_user(server)
            receiver.wait(lambda r: r.received("/dead"), what="a failed attempt")

            def finding():
                result = server.cli("doctor", "--json", "--via", server.base_url, check=False)
                return [f for f in json.loads(result.stdout) if f["check"] == f"webhook:{endpoint}"][0]

            assert finding()["ok"], "a failure of a few seconds is not yet reported"
            # The event waited an hour: its creation time moved back (the store keeps milliseconds).
            with sqlite3.connect(server.folder / "db" / "accountlink.sqlite") as db:
                db.execute("UPDATE event_outbox SET created_at = created_at - 3660000")
            late = finding()
            assert not late["ok"] and "undelivered for 61 minutes" in late["message"], late
        finally:
            server.stop()
