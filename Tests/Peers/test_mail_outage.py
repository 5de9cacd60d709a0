"""Mail is never lost (docs/accounts-and-email.md): while the SMTP server is down the mail waits in the outbox and is
retried, across a restart of AccountLink, and arrives exactly once when the server is back. Without
ACCOUNTLINK_SMTP_URL mail stays in the outbox; ACCOUNTLINK_SIGNUP=closed turns sign-up off."""
import json
import secrets
import tempfile
import time

import requests

from browserless import Browser
from conftest import Server, free_port
from smtp_inbox import SMTPServer, link_in


def outbox(server, email):
    return [m for m in json.loads(server.cli("mail", "list", "--json").stdout) if m["to"] == email]


def wait_until(predicate, what, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


def sign_up(server, email):
    browser = Browser(server.base_url)
    page = browser.get("/signup")
    answer = browser.submit(page.text, page.url, {"email": email, "password": "outage passphrase 1"},
                            field="password")
    assert answer.status_code == 200, answer.text


def test_smtp_down_during_sign_up_mail_arrives_once_after_restart(standins):
    port = free_port()
    env = {"ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{port}"}
    email = f"outage-{secrets.token_hex(4)}@example.com"
    with tempfile.TemporaryDirectory(prefix="accountlink-outage-") as folder:
        first = Server(folder, standins, env).start()
        try:
            sign_up(first, email)
            waiting = wait_until(lambda: [m for m in outbox(first, email)
                                          if m["attempts"] >= 2 and m["status"] == "pending"],
                                 "two failed attempts")
            assert waiting[0]["status"] == "pending" and "not delivered" in waiting[0]["last_outcome"]
        finally:
            first.stop()
        with SMTPServer(port) as smtp:
            second = Server(folder, standins, env).start()
            try:
                [mail] = smtp.inbox.wait(email, "Confirm", timeout=120)
                assert "/verify-email?token=" in link_in(mail, "/verify-email")
                wait_until(lambda: outbox(second, email)[0]["status"] == "sent", "status sent")
                time.sleep(3)
                assert len(smtp.inbox.to(email)) == 1, "delivered exactly once"
            finally:
                second.stop()


def test_without_smtp_mail_stays_in_the_outbox_and_signup_can_be_closed(standins):
    email = f"kept-{secrets.token_hex(4)}@example.com"
    with tempfile.TemporaryDirectory(prefix="accountlink-nosmtp-") as folder:
        server = Server(folder, standins).start()
        try:
            sign_up(server, email)
            time.sleep(1.5)
            [kept] = outbox(server, email)
            assert kept["status"] == "pending" and kept["attempts"] == 0
            assert "/verify-email?token=" in kept["text"]
            table = server.cli("mail", "list").stdout
            assert email in table and "pending" in table and "token=" not in table
        finally:
            server.stop()
    with tempfile.TemporaryDirectory(prefix="accountlink-closed-") as folder:
        server = Server(folder, standins, {"ACCOUNTLINK_SIGNUP": "closed"}).start()
        try:
            assert requests.get(server.url("/signup"), timeout=10).status_code == 403
            api = requests.post(server.url("/api/signup"), data={"client_id": "x", "email": email,
                                                                 "password": "closed passphrase"}, timeout=10)
            assert api.status_code == 403 and api.json()["error"] == "signup_closed"
            assert "/signup" not in requests.get(server.url("/login"), timeout=10).text
            assert "/password/forgot" in requests.get(server.url("/login"), timeout=10).text
        finally:
            server.stop()
    with tempfile.TemporaryDirectory(prefix="accountlink-bad-") as folder:
        for setting, value in [("ACCOUNTLINK_SMTP_URL", "http://x"), ("ACCOUNTLINK_SIGNUP", "maybe"),
                               ("ACCOUNTLINK_SMTP_CA_FILE", folder + "/missing.pem")]:
            result = Server(folder, standins, {setting: value}).cli("migrate", check=False)
            assert result.returncode == 64 and setting in result.stderr, result.stderr
