"""Issue #14: kill -9 the release server while clients refresh, exchange authorization codes and run
App Flip; restart it on the same database (SQLite and PostgreSQL). Every token a client received
still works, no code works twice, and SQLite passes `PRAGMA integrity_check`.
(The sign-up/outbox part of the issue depends on issue #10's /api/signup and outbox.)"""
import secrets
import sqlite3
import tempfile
import threading
import time
import urllib.parse

import pytest
import requests

from browserless import Browser
from conftest import Server, postgres_environment

PASSWORD = "a long enough password"
APP_FLIP_REDIRECT = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"


def environment(kind):
    if kind == "sqlite":
        return {}
    return postgres_environment()


class Load:
    """Client threads that keep what the server answered: tokens (to check later) and used codes."""

    def __init__(self, server, google, secret, app_token, browser, authorize_url, redirect):
        self.server, self.google, self.secret = server, google, secret
        self.app_token, self.browser, self.authorize_url = app_token, browser, authorize_url
        self.redirect = redirect
        self.email = browser.email
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.access, self.refresh, self.used_codes, self.unanswered_codes, self.redirects = [], [], [], [], {}
        self.counts = {"refresh": 0, "code": 0, "app_flip": 0}

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
    return Load(server, google, secret, app_token.json()["access_token"], browser, authorize, redirect), tokens.json()


def wait_for(load, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline and min(load.counts.values()) < 3:
        time.sleep(0.05)
    assert min(load.counts.values()) >= 3, f"the load never got going: {load.counts}"


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_kill_9_under_load_loses_nothing_that_was_answered(standins, kind):
    with tempfile.TemporaryDirectory(prefix="accountlink-crash-") as folder:
        server = Server(folder, standins, environment(kind)).start()
        try:
            load, first = prepare(server)
            load.refresh.append(first["refresh_token"])
            threads = [load.run(load.refresher, first["refresh_token"]), load.run(load.code_flow),
                       load.run(load.app_flip)]
            wait_for(load)
            server.process.kill()  # SIGKILL: no shutdown path runs
            server.process.wait(timeout=30)
            load.stop.set()
            for thread in threads:
                thread.join(timeout=30)
            server.start()
            check_everything_answered_still_works(server, load)
        finally:
            server.stop()
        if kind == "sqlite":
            db = sqlite3.connect(f"{folder}/db/accountlink.sqlite")
            try:
                assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            finally:
                db.close()


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
