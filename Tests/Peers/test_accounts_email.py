"""Sign-up, email verification and password reset as a person does them (docs/accounts-and-email.md): a real SMTP
server on loopback receives the mails, the tests follow their links with requests, on SQLite and
PostgreSQL."""
import base64
import json
import os
import secrets
import subprocess
import tempfile
import time
from contextlib import contextmanager
import urllib.parse

import jwt
import pytest
import requests

from browserless import Browser, form_with
from conftest import Server, free_port
from smtp_inbox import SMTPServer, link_in, text_of

PASSWORD = "a long signup passphrase"


@contextmanager
def own_schema(url):
    """A schema of its own on the shared test server (other modules use other master keys)."""
    schema = "mail_" + secrets.token_hex(6)
    subprocess.run(["psql", url, "-q", "-c", f"CREATE SCHEMA {schema}"], check=True, timeout=30)
    try:
        yield url + ("&" if "?" in url else "?") + f"options=-csearch_path%3D{schema}"
    finally:
        subprocess.run(["psql", url, "-q", "-c", f"DROP SCHEMA {schema} CASCADE"], check=False, timeout=30)


@contextmanager
def store(kind):
    if kind == "sqlite":
        yield {}
        return
    url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
    if not url:
        pytest.fail("ACCOUNTLINK_TEST_POSTGRES_URL is not set: run through scripts/test-postgres.sh (make test does)")
    with own_schema(url) as schema_url:
        yield {"ACCOUNTLINK_DATABASE": schema_url,
               "ACCOUNTLINK_MASTER_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def world(request, standins):
    """A server with an SMTP URL and the SMTP server it points at, on either store."""
    env = {"ACCOUNTLINK_PRODUCT_NAME": "Acme Home"}
    port = free_port()
    env["ACCOUNTLINK_SMTP_URL"] = f"smtp://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="accountlink-mail-") as folder, SMTPServer(port) as smtp, \
            store(request.param) as database:
        env.update(database)
        server = Server(folder, standins, env).start()
        try:
            yield server, smtp.inbox
        finally:
            server.stop()


def new_email(tag):
    return f"{tag}-{secrets.token_hex(4)}@example.com"


def sign_up(server, email, password=PASSWORD, browser=None):
    browser = browser or Browser(server.base_url)
    page = browser.get("/signup")
    assert page.status_code == 200, page.text
    answer = browser.submit(page.text, page.url, {"email": email, "password": password, "name": "Sam"},
                            field="password")
    assert answer.status_code in (200, 400), answer.text
    return browser, answer


def confirm(browser, link):
    """Opens the mail's link (a page with a button) and presses the button."""
    page = browser.get(link)
    assert page.status_code == 200 and 'name="token"' in page.text
    return browser.submit(page.text, page.url, field="token")


def test_sign_up_then_verify_by_the_mailed_link(world):
    server, inbox = world
    email = new_email("verify")
    browser, answer = sign_up(server, email)
    assert answer.status_code == 200 and email in answer.text
    account = browser.get("/account")
    assert account.status_code == 200 and "Not confirmed yet" in account.text
    [mail] = inbox.wait(email, "Confirm your email address for Acme Home")
    assert mail["From"].addresses[0].addr_spec == "no-reply@accountlink.test"  # conftest: a 127.0.0.1 issuer has no default From
    assert "<img" not in mail.get_body(preferencelist=("html",)).get_content()
    link = link_in(mail, "/verify-email")
    assert link.startswith(server.base_url + "/verify-email?token=")
    # A GET alone (what a mail scanner does) changes nothing.
    assert Browser(server.base_url).get(link).status_code == 200
    assert "Not confirmed yet" in browser.get("/account").text
    done = confirm(Browser(server.base_url), link)
    assert done.status_code == 200 and "confirmed" in done.text
    assert "Not confirmed yet" not in browser.get("/account").text
    again = confirm(Browser(server.base_url), link)
    assert again.status_code == 400 and "does not work" in again.text
    listed = json.loads(server.cli("mail", "list", "--json").stdout)
    mine = [m for m in listed if m["to"] == email]
    assert [m["status"] for m in mine] == ["sent"] and mine[0]["attempts"] == 1
    token = link.split("token=")[1]
    assert all(token not in (m["last_outcome"] or "") for m in listed)
    assert token not in server.logs() and "token=" not in server.logs(), "no link token in the logs"


def test_existing_email_same_answer_and_a_mail_to_the_owner(world):
    server, inbox = world
    email = new_email("twice")
    _, first = sign_up(server, email)
    browser, second = sign_up(server, email, "someone else's passphrase")
    assert second.status_code == first.status_code == 200
    assert second.text == first.text
    assert browser.get("/account").status_code == 303, "the second sign-up must not be signed in"
    [notice] = inbox.wait(email, "Someone tried to create")
    assert server.url("/password/forgot") in text_of(notice)


def test_weak_passwords_are_refused_with_the_reason(world):
    server, _ = world
    for password, reason in [("short", "at least 8"), ("password123", "too common")]:
        _, answer = sign_up(server, new_email("weak"), password)
        assert answer.status_code == 400 and reason in answer.text


def api_client(server):
    client = "app-" + secrets.token_hex(3)
    server.cli("client", "add", "--id", client, "--name", "App", "--public", "--first-party", "--scope", "openid",
               "--scope", "email")
    return client


def test_app_sign_up_then_userinfo_and_id_token_say_verified(world):
    server, inbox = world
    client, email = api_client(server), new_email("api")
    created = requests.post(server.url("/api/signup"), data={"client_id": client, "email": email,
                                                             "password": PASSWORD, "scope": "openid email"}, timeout=30)
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["account_created"] is True and body["account_id"].startswith("acc_")
    claims = jwt.decode(body["id_token"], options={"verify_signature": False})
    assert claims["email"] == email and claims["email_verified"] is False
    bearer = {"Authorization": "Bearer " + body["access_token"]}
    assert requests.get(server.url("/userinfo"), headers=bearer, timeout=10).json()["email_verified"] is False
    confirm(Browser(server.base_url), link_in(inbox.wait(email, "Confirm")[0], "/verify-email"))
    assert requests.get(server.url("/userinfo"), headers=bearer, timeout=10).json()["email_verified"] is True
    refreshed = requests.post(server.url("/token"), data={"grant_type": "refresh_token", "client_id": client,
                                                          "refresh_token": body["refresh_token"]}, timeout=30).json()
    assert jwt.decode(refreshed["id_token"], options={"verify_signature": False})["email_verified"] is True
    third = "third-" + secrets.token_hex(3)
    server.cli("client", "add", "--id", third, "--name", "Other", "--public", "--scope", "openid")
    refused = requests.post(server.url("/api/signup"), data={"client_id": third, "email": new_email("x"),
                                                             "password": PASSWORD}, timeout=30)
    assert refused.status_code == 400 and refused.json()["error"] == "unauthorized_client"
    unknown = requests.post(server.url("/api/signup"), data={"client_id": "nobody", "email": new_email("x"),
                                                             "password": PASSWORD}, timeout=30)
    assert unknown.status_code == 401 and unknown.json()["error"] == "invalid_client"
    weak = requests.post(server.url("/api/signup"), data={"client_id": client, "email": new_email("x"),
                                                          "password": "qwertyuiop"}, timeout=30)
    assert weak.status_code == 400 and weak.json()["error"] == "weak_password"
    same = requests.post(server.url("/api/signup"), data={"client_id": client, "email": email,
                                                          "password": "another passphrase"}, timeout=30)
    assert same.status_code == 202 and "access_token" not in same.json()
    forgot = requests.post(server.url("/api/password/forgot"), data={"client_id": client, "email": "x@nowhere.example"},
                           timeout=30)
    assert forgot.status_code == 202


def sign_in(server, email, password):
    browser = Browser(server.base_url)
    page = browser.get("/login")
    answer = browser.submit(page.text, page.url, {"email": email, "password": password}, field="password")
    return browser, answer


def test_reset_ends_other_sessions_keeps_google_and_links_work_once(world):
    server, inbox = world
    email = new_email("reset")
    sign_up(server, email)
    elsewhere, answer = sign_in(server, email, PASSWORD)
    assert answer.status_code == 303 and elsewhere.get("/account").status_code == 200
    google = "google-" + secrets.token_hex(3)
    secret = server.cli("client", "add", "--id", google, "--name", "Google", "--google-project", google,
                        "--scope", "devices").stdout.strip()
    redirect = f"https://oauth-redirect.googleusercontent.com/r/{google}"
    back = Browser(server.base_url).link(server.url("/authorize?" + urllib.parse.urlencode({
        "client_id": google, "redirect_uri": redirect, "response_type": "code", "state": "s", "scope": "devices"})),
        email, PASSWORD)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(back.headers["Location"]).query)["code"][0]
    tokens = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                       "redirect_uri": redirect}, auth=(google, secret), timeout=30).json()
    person = Browser(server.base_url)
    page = person.get("/password/forgot")
    sent = person.submit(page.text, page.url, {"email": email}, field="email")
    unknown = Browser(server.base_url)
    other = unknown.get("/password/forgot")
    nobody = unknown.submit(other.text, other.url, {"email": new_email("nobody")}, field="email")
    assert sent.status_code == nobody.status_code == 200
    [mail] = inbox.wait(email, "Reset your Acme Home password")
    link = link_in(mail, "/password/reset")
    # The verification link of this account is no reset link.
    verify_token = link_in(inbox.wait(email, "Confirm")[0], "/verify-email").split("token=")[1]
    wrong = person.get("/password/reset?token=" + verify_token)
    assert person.submit(wrong.text, wrong.url, {"password": "brand new passphrase"}, field="token").status_code == 400
    form = person.get(link)
    done = person.submit(form.text, form.url, {"password": "brand new passphrase"}, field="token")
    assert done.status_code == 200, done.text
    assert elsewhere.get("/account").status_code == 303, "the other session ended"
    assert sign_in(server, email, PASSWORD)[1].status_code == 401
    assert sign_in(server, email, "brand new passphrase")[1].status_code == 303
    refreshed = requests.post(server.url("/token"), data={"grant_type": "refresh_token",
                                                          "refresh_token": tokens["refresh_token"]},
                              auth=(google, secret), timeout=30)
    assert refreshed.status_code == 200, "Google's link stays"
    again = person.submit(form.text, form.url, {"password": "third passphrase!"}, field="token")
    assert again.status_code == 400 and "does not work" in again.text
    inbox.wait(email, "password was changed")


def test_sign_up_inside_a_pending_authorization_lands_on_consent(world):
    server, inbox = world
    client = "third-" + secrets.token_hex(3)
    server.cli("client", "add", "--id", client, "--name", "Google", "--google-project", client, "--scope", "devices")
    browser = Browser(server.base_url)
    login = browser.follow(browser.get("/authorize?" + urllib.parse.urlencode({
        "client_id": client, "redirect_uri": f"https://oauth-redirect.googleusercontent.com/r/{client}",
        "response_type": "code", "state": "st", "scope": "devices"})))
    signup_path = next(part.split('"')[0] for part in login.text.split('href="')[1:] if part.startswith("/signup"))
    assert "interaction=" in signup_path
    page = browser.get(signup_path.replace("&amp;", "&"))
    email = new_email("midway")
    consent = browser.submit(page.text, page.url, {"email": email, "password": PASSWORD}, field="password")
    assert consent.status_code == 200 and 'name="decision"' in consent.text, consent.text[:2000]
    back = browser.submit(consent.text, consent.url, button=("decision", "allow"))
    assert back.status_code in (302, 303) and "code=" in back.headers["Location"]
    inbox.wait(email, "Confirm")


def test_cli_set_password_disable_enable(world):
    server, _ = world
    email = new_email("cli")
    sign_up(server, email)
    server.cli("user", "set-password", email, "--password-stdin", stdin="operator passphrase\n")
    assert sign_in(server, email, "operator passphrase")[1].status_code == 303
    weak = server.cli("user", "set-password", email, "--password-stdin", stdin="123456789\n", check=False)
    assert weak.returncode == 65 and "common" in weak.stderr
    server.cli("user", "disable", email)
    assert sign_in(server, email, "operator passphrase")[1].status_code == 401
    server.cli("user", "enable", email)
    assert sign_in(server, email, "operator passphrase")[1].status_code == 303
    assert server.cli("user", "disable", "nobody@example.com", check=False).returncode == 65


def test_account_page_changes_password_and_email(world):
    server, inbox = world
    old, new = new_email("change"), new_email("changed")
    browser, _ = sign_up(server, old)
    page = browser.get("/account")
    wrong = browser.submit(page.text, page.url, {"current_password": "not it", "new_password": "changed passphrase"},
                           field="current_password")
    assert wrong.status_code == 400 and "current password is incorrect" in wrong.text
    no_csrf = browser.http.post(server.url("/account/password"), data={"current_password": PASSWORD,
                                                                      "new_password": "changed passphrase"},
                                allow_redirects=False, timeout=10)
    assert no_csrf.status_code == 403
    changed = browser.submit(page.text, page.url, {"current_password": PASSWORD, "new_password": "changed passphrase"},
                             field="current_password")
    assert changed.status_code == 303
    assert sign_in(server, old, "changed passphrase")[1].status_code == 303
    inbox.wait(old, "password was changed")
    page = browser.get("/account")
    asked = browser.submit(page.text, page.url, {"new_email": new}, field="new_email")
    assert asked.status_code == 303
    inbox.wait(old, "is being changed")
    assert old in browser.get("/account").text, "nothing changes before the click"
    confirm(Browser(server.base_url), link_in(inbox.wait(new, "Confirm your new email address")[0], "/verify-email"))
    assert new in browser.get("/account").text
    assert sign_in(server, new, "changed passphrase")[1].status_code == 303
    assert sign_in(server, old, "changed passphrase")[1].status_code == 401


def test_mail_in_the_persons_language_and_reset_ends_app_tokens(world):
    server, inbox = world
    client, email = api_client(server), new_email("sprache")
    created = requests.post(server.url("/api/signup"), data={"client_id": client, "email": email, "password": PASSWORD,
                                                             "scope": "openid email"},
                            headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, timeout=30).json()
    [mail] = inbox.wait(email, "Bestätige deine E-Mail-Adresse für Acme Home")
    assert "E-Mail-Adresse bestätigen" in mail.get_body(preferencelist=("html",)).get_content()
    bearer = {"Authorization": "Bearer " + created["access_token"]}
    assert requests.get(server.url("/userinfo"), headers=bearer, timeout=10).status_code == 200
    forgot = requests.post(server.url("/api/password/forgot"), data={"client_id": client, "email": email},
                           headers={"Accept-Language": "de"}, timeout=30)
    assert forgot.status_code == 202
    link = link_in(inbox.wait(email, "Passwort zurück")[0], "/password/reset")
    person = Browser(server.base_url)
    form = person.get(link)
    assert person.submit(form.text, form.url, {"password": "neues passwort 1"}, field="token").status_code == 200
    assert requests.get(server.url("/userinfo"), headers=bearer, timeout=10).status_code == 401, \
        "the app's tokens end with a reset"
    refused = requests.post(server.url("/token"), data={"grant_type": "refresh_token", "client_id": client,
                                                        "refresh_token": created["refresh_token"]}, timeout=30)
    assert refused.status_code == 400


def test_a_link_acts_only_on_the_account_it_was_sent_for(world):
    server, inbox = world
    first, second = new_email("first"), new_email("second")
    sign_up(server, first)
    other, _ = sign_up(server, second)
    # Signed in as the second person, open and confirm the first person's link.
    done = confirm(other, link_in(inbox.wait(first, "Confirm")[0], "/verify-email"))
    assert done.status_code == 200
    assert "Not confirmed yet" in other.get("/account").text, "the second account stays unconfirmed"
    users = json.loads(server.cli("user", "list", "--json").stdout)
    verified = {u["email"]: u["email_verified"] for u in users}
    assert verified[first] is True and verified[second] is False


def stored_text(server):
    """Everything the store holds, as text: the whole SQLite file's dump, or PostgreSQL's outbox and
    one-time-token rows (docs/accounts-and-email.md, Outbox)."""
    database = server.env["ACCOUNTLINK_DATABASE"]
    if database.startswith("sqlite:"):
        import sqlite3
        connection = sqlite3.connect(f"file:{database[len('sqlite:'):]}?mode=ro", uri=True, timeout=10)
        try:
            return "\n".join(connection.iterdump())
        finally:
            connection.close()
    rows = subprocess.run(["psql", database, "-At", "-c", "SELECT o::text FROM outbox o UNION ALL "
                           "SELECT t::text FROM one_time_tokens t UNION ALL SELECT a::text FROM audit_events a"],
                          capture_output=True, text=True, check=True, timeout=30)
    return rows.stdout


def test_no_live_link_is_readable_in_the_store_or_mail_list_after_delivery(world):
    server, inbox = world
    email = new_email("sealed")
    sign_up(server, email)
    person = Browser(server.base_url)
    page = person.get("/password/forgot")
    person.submit(page.text, page.url, {"email": email}, field="email")
    [reset] = inbox.wait(email, "Reset")
    token = link_in(reset, "/password/reset").split("token=")[1]
    [verify] = inbox.wait(email, "Confirm")
    verify_token = link_in(verify, "/verify-email").split("token=")[1]
    deadline = time.time() + 30
    while time.time() < deadline:
        mine = [m for m in json.loads(server.cli("mail", "list", "--json").stdout) if m["to"] == email]
        if len(mine) == 2 and all(m["status"] == "sent" for m in mine):
            break
        time.sleep(0.2)
    assert sorted(m["kind"] for m in mine) == ["password-reset", "verify-email"]
    assert all(m["status"] == "sent" and m["to"] == email for m in mine)
    listing = server.cli("mail", "list", "--json").stdout + server.cli("mail", "list").stdout
    dump = stored_text(server)
    for live in (token, verify_token):
        assert live not in listing and live not in dump, "a live one-time link is readable"
    assert "token=" not in listing and "token=" not in dump
    assert email in dump, "the record and its recipient stay"
    # The links still work: only their hashes were ever stored, and the mail carried them.
    assert confirm(Browser(server.base_url), link_in(verify, "/verify-email")).status_code == 200
