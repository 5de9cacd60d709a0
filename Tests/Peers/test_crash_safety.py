"""docs/hardening.md, Crash safety: kill -9 the release server while clients refresh, exchange authorization codes and run
App Flip and sign up (/api/signup, docs/accounts-and-email.md); restart it on the same database (SQLite and
PostgreSQL). Every token a client received still works, no code works twice, every answered sign-up can
sign in and its verification mail is delivered exactly once after the restart (an account that exists
always has its mail: same transaction), and the database passes its integrity check."""
import json
import os
import secrets
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.parse

import pytest
import requests

from browserless import Browser
from conftest import Server, free_port, postgres_environment
from smtp_inbox import SMTPServer

PASSWORD = "a long enough password"
APP_FLIP_REDIRECT = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"
MAX_SIGNUPS = 12  # below the sign-up throttle's 30 free attempts per address (AccountFlowContext.swift)


def environment(kind):
    if kind == "sqlite":
        return {}
    return postgres_environment()


class Load:
    """Client threads that keep what the server answered: tokens (to check later) and used codes."""

    def __init__(self, server, google, secret, app, app_token, browser, authorize_url, redirect):
        self.server, self.google, self.secret, self.app = server, google, secret, app
        self.app_token, self.browser, self.authorize_url = app_token, browser, authorize_url
        self.redirect = redirect
        self.email = browser.email
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.access, self.refresh, self.used_codes, self.unanswered_codes, self.redirects = [], [], [], [], {}
        self.signed_up, self.unanswered_signups, self.signup_errors = [], [], []
        self.counts = {"refresh": 0, "code": 0, "app_flip": 0, "signup": 0}

    def post_token(self, data):
        return requests.post(self.server.url("/token"), data=data, auth=(self.google, self.secret), timeout=10)

    def keep(self, kind, body, code=None, redirect=None):
        with self.lock:
            self.counts[kind] += 1
            self.access.append(body["access_token"])
            if "refresh_token" in body:
                self.refresh.append(body["refresh_token"])
            if code:
                self.used_codes.append(code)
                self.redirects[code] = redirect

    def redeem(self, kind, code, redirect):
        try:
            answer = self.post_token({"grant_type": "authorization_code", "code": code, "redirect_uri": redirect})
        except requests.RequestException:
            with self.lock:
                self.unanswered_codes.append((code, redirect))  # the kill came first: it may or may not have been used
            raise
        if answer.status_code == 200:
            self.keep(kind, answer.json(), code, redirect)

    def refresher(self, token):
        while not self.stop.is_set():
            answer = self.post_token({"grant_type": "refresh_token", "refresh_token": token})
            if answer.status_code == 200:
                self.keep("refresh", answer.json())

    def code_flow(self):
        while not self.stop.is_set():
            location = self.browser.link(self.authorize_url, self.email, PASSWORD).headers.get("Location", "")
            code = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(location).query)).get("code")
            if code:
                self.redeem("code", code, self.redirect)

    def app_flip(self):
        while not self.stop.is_set():
            answer = requests.post(self.server.url("/app-flip/authorize"), timeout=10,
                                   headers={"Authorization": f"Bearer {self.app_token}"},
                                   data={"client_id": self.google, "redirect_uri": APP_FLIP_REDIRECT,
                                         "scope": "openid email", "state": secrets.token_urlsafe(8)})
            if answer.status_code == 200:
                self.redeem("app_flip", answer.json()["code"], APP_FLIP_REDIRECT)

    def sign_ups(self):
        for _ in range(MAX_SIGNUPS):
            if self.stop.is_set():
                return
            email = f"crash-signup-{secrets.token_hex(4)}@example.com"
            try:
                answer = requests.post(self.server.url("/api/signup"), timeout=10, data={
                    "client_id": self.app, "email": email, "password": PASSWORD, "scope": "openid"})
            except requests.RequestException:
                with self.lock:
                    self.unanswered_signups.append(email)  # the kill came first: it may or may not exist
                raise
            with self.lock:
                if answer.status_code != 201:
                    self.signup_errors.append(answer.text)
                    return
                self.counts["signup"] += 1
                self.signed_up.append(email)

    def run(self, target, *args):
        def loop():
            try:
                target(*args)
            except requests.RequestException:
                pass  # the server is gone
        thread = threading.Thread(target=loop, daemon=True)
        thread.start()
        return thread


def prepare(server):
    google = "crash-" + secrets.token_hex(3)
    project = "crash-project-" + secrets.token_hex(3)
    secret = server.cli("client", "add", "--id", google, "--name", "Google", "--google-project", project,
                        "--app-flip", "--scope", "openid", "--scope", "email").stdout.strip()
    app = "crash-app-" + secrets.token_hex(3)
    server.cli("client", "add", "--id", app, "--name", "App", "--public", "--first-party", "--scope", "openid")
    email = f"crash-{secrets.token_hex(4)}@example.com"
    server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    app_token = requests.post(server.url("/token"), timeout=30, data={
        "grant_type": "password", "username": email, "password": PASSWORD, "client_id": app, "scope": "openid"})
    assert app_token.status_code == 200, app_token.text
    redirect = f"https://oauth-redirect.googleusercontent.com/r/{project}"
    authorize = "/authorize?" + urllib.parse.urlencode({
        "response_type": "code", "client_id": google, "redirect_uri": redirect, "scope": "openid email",
        "state": "s"})
    browser = Browser(server.base_url)
    browser.email = email
    first = browser.link(authorize, email, PASSWORD)
    code = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(first.headers["Location"]).query))["code"]
    tokens = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                       "redirect_uri": redirect}, auth=(google, secret), timeout=10)
    assert tokens.status_code == 200, tokens.text
    load = Load(server, google, secret, app, app_token.json()["access_token"], browser, authorize, redirect)
    return load, tokens.json()


def wait_for(load, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline and min(load.counts.values()) < 3:
        time.sleep(0.05)
    assert min(load.counts.values()) >= 3, f"the load never got going: {load.counts} {load.signup_errors}"


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_kill_9_under_load_loses_nothing_that_was_answered(standins, kind):
    # The first run has no SMTP URL, so sign-up mail waits in the outbox (no sender thread); the restart
    # points ACCOUNTLINK_SMTP_URL at a loopback SMTP server, which must then get each mail exactly once.
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="accountlink-crash-") as folder, SMTPServer(port) as smtp:
        server = Server(folder, standins, environment(kind)).start()
        try:
            load, first = prepare(server)
            load.refresh.append(first["refresh_token"])
            threads = [load.run(load.refresher, first["refresh_token"]), load.run(load.code_flow),
                       load.run(load.app_flip), load.run(load.sign_ups)]
            wait_for(load)
            server.process.kill()  # SIGKILL: no shutdown path runs
            server.process.wait(timeout=30)
            load.stop.set()
            for thread in threads:
                thread.join(timeout=30)
            outbox = verification_mail(server)
            server.env["ACCOUNTLINK_SMTP_URL"] = f"smtp://127.0.0.1:{port}"
            server.start()
            check_everything_answered_still_works(server, load)
            check_sign_ups(server, load, outbox, smtp.inbox)
        finally:
            server.stop()
        if kind == "sqlite":
            db = sqlite3.connect(f"{folder}/db/accountlink.sqlite")
            try:
                assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            finally:
                db.close()
        else:
            check_postgres_integrity(load)


def verification_mail(server):
    """Recipient -> number of sign-up mails in the outbox, read by the CLI from the same database."""
    counts = {}
    for mail in json.loads(server.cli("mail", "list", "--json").stdout):
        if mail["to"].startswith("crash-signup-"):
            counts[mail["to"]] = counts.get(mail["to"], 0) + 1
    return counts


def signs_in(server, load, email):
    answer = requests.post(server.url("/token"), timeout=30, data={
        "grant_type": "password", "username": email, "password": PASSWORD, "client_id": load.app, "scope": "openid"})
    assert answer.status_code in (200, 400, 401), answer.text
    return answer.status_code == 200


def check_sign_ups(server, load, outbox, inbox):
    assert not load.signup_errors, load.signup_errors
    assert load.signed_up, "no sign-up was answered before the kill"
    for email in load.signed_up:
        assert signs_in(server, load, email), f"an answered sign-up cannot sign in: {email}"
        assert outbox.get(email) == 1, f"an answered sign-up has {outbox.get(email, 0)} mails in the outbox"
    existing = list(load.signed_up)
    for email in load.unanswered_signups:
        exists = signs_in(server, load, email)
        assert outbox.get(email, 0) == (1 if exists else 0), "an account and its mail are one transaction"
        existing += [email] if exists else []
    assert set(outbox) <= set(existing), "mail in the outbox for an account that does not exist"
    for email in existing:
        inbox.wait(email, "Confirm", timeout=60)
    deadline = time.time() + 60
    while time.time() < deadline and any(m["status"] != "sent" for m in sent_state(server)):
        time.sleep(0.2)
    assert all(m["status"] == "sent" for m in sent_state(server)), sent_state(server)
    for email in existing:
        assert len(inbox.to(email)) == 1, f"{email} got {len(inbox.to(email))} mails, not exactly one"


def sent_state(server):
    return [m for m in json.loads(server.cli("mail", "list", "--json").stdout) if m["to"].startswith("crash-signup-")]


ORPHANS = """
SELECT 'identity' FROM identities x LEFT JOIN accounts a ON a.id = x.account_id WHERE a.id IS NULL
UNION ALL SELECT 'password' FROM password_credentials x LEFT JOIN accounts a ON a.id = x.account_id WHERE a.id IS NULL
UNION ALL SELECT 'grant' FROM grants x LEFT JOIN accounts a ON a.id = x.account_id WHERE a.id IS NULL
UNION ALL SELECT 'session' FROM sessions x LEFT JOIN accounts a ON a.id = x.account_id WHERE a.id IS NULL
UNION ALL SELECT 'one-time token' FROM one_time_tokens x LEFT JOIN accounts a ON a.id = x.account_id WHERE a.id IS NULL
UNION ALL SELECT 'code' FROM authorization_codes x LEFT JOIN grants g ON g.id = x.grant_id WHERE g.id IS NULL
UNION ALL SELECT 'token' FROM tokens x LEFT JOIN grants g ON g.id = x.grant_id WHERE g.id IS NULL
UNION ALL SELECT 'outbox' FROM outbox x LEFT JOIN accounts a ON a.id = x.account_id
          WHERE x.account_id IS NOT NULL AND a.id IS NULL
UNION ALL SELECT 'sign-up without mail ' || a.email FROM accounts a LEFT JOIN outbox o ON o.account_id = a.id
          WHERE a.email LIKE 'crash-signup-%' AND o.id IS NULL
UNION ALL SELECT 'mail twice ' || recipient FROM outbox WHERE recipient LIKE 'crash-signup-%'
          GROUP BY recipient HAVING count(*) > 1
UNION ALL SELECT 'account without password ' || a.email FROM accounts a
          LEFT JOIN password_credentials p ON p.account_id = a.id WHERE a.email LIKE 'crash-signup-%' AND p.account_id IS NULL;
"""


def check_postgres_integrity(load):
    """Every row references what it belongs to, and every sign-up has its password and exactly one mail."""
    url = os.environ["ACCOUNTLINK_TEST_POSTGRES_URL"]
    result = subprocess.run(["psql", url, "-At", "-v", "ON_ERROR_STOP=1", "-c", ORPHANS],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"PostgreSQL integrity after the kill: {result.stdout}"
    count = subprocess.run(["psql", url, "-At", "-c", "SELECT count(*) FROM accounts WHERE email LIKE 'crash-signup-%'"],
                           capture_output=True, text=True, timeout=60, check=True)
    assert int(count.stdout) >= len(load.signed_up)


def check_everything_answered_still_works(server, load):
    assert load.access and load.used_codes
    for token in load.access + [load.app_token]:
        info = requests.get(server.url("/userinfo"), headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert info.status_code == 200, f"an access token answered before the kill stopped working: {info.text}"
    for token in set(load.refresh):
        answer = load.post_token({"grant_type": "refresh_token", "refresh_token": token})
        assert answer.status_code == 200, f"a refresh token answered before the kill stopped working: {answer.text}"
    # Last, since a replayed code revokes its grant (RFC 6749 §4.1.2).
    for code, redirect in load.unanswered_codes:
        answers = [load.post_token({"grant_type": "authorization_code", "code": code, "redirect_uri": redirect})
                   .status_code for _ in range(2)]
        assert answers.count(200) <= 1, "an in-flight code worked twice"
    for code in load.used_codes:
        again = load.post_token({"grant_type": "authorization_code", "code": code,
                                 "redirect_uri": load.redirects[code]})
        assert again.status_code == 400 and again.json()["error"] == "invalid_grant", "a used code worked again"
