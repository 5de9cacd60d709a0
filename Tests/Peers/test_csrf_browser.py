"""Page attacks in a real browser (headless Chromium), each of which must fail: login CSRF with a
planted pre-session cookie (the attacker's page posts the login form with the attacker's own
credentials and a token computed from the cookie it planted), and a logout page that sends the
browser to `/logout` with someone else's ID token (docs/pages.md, Web forms; docs/operations.md)."""
import html
import secrets
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By

from conftest import free_port
from test_account_abuse import naive_csrf
from test_browser import browser  # noqa: F401  (the headless Chromium fixture)

PASSWORD = "a long csrf-test passphrase"


class AttackerSite:
    """Another origin on loopback serving whatever page the test sets."""

    def __init__(self):
        self.page = ""
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                body = site.page.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.port = free_port()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"


@pytest.fixture(scope="module")
def attacker_site():
    with AttackerSite() as site:
        yield site


def auto_post(action, fields):
    inputs = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in fields.items())
    return (f'<!doctype html><html><body><form id="f" method="post" action="{html.escape(action)}">{inputs}</form>'
            '<script>document.getElementById("f").submit()</script></body></html>')


def session_cookie(driver):
    return next((c["value"] for c in driver.get_cookies() if c["name"] == "al_session"), None)


def test_login_csrf_with_a_planted_cookie_fails_in_chromium(browser, server, attacker_site):  # noqa: F811
    attacker = f"attacker-{secrets.token_hex(4)}@example.com"
    server.cli("user", "add", "--email", attacker, "--password-stdin", stdin=PASSWORD + "\n")
    browser.delete_all_cookies()
    browser.get(server.url("/login"))
    # What a sibling subdomain or a plain-http hop can do without __Host-: set the form cookie.
    planted = secrets.token_urlsafe(32)
    browser.add_cookie({"name": "al_login", "value": planted, "path": "/"})
    attacker_site.page = auto_post(server.url("/login"), {"email": attacker, "password": PASSWORD,
                                                          "csrf_token": naive_csrf(planted)})
    browser.get(attacker_site.url)
    browser.find_element(By.TAG_NAME, "main")  # the answer page is in
    assert session_cookie(browser) is None, "the browser must not be signed in as the attacker"
    browser.get(server.url("/account"))
    assert "/login" in browser.current_url and attacker not in browser.page_source


def test_a_logout_link_with_someone_elses_id_token_keeps_the_session(browser, server, attacker_site):  # noqa: F811
    victim = f"victim-{secrets.token_hex(4)}@example.com"
    server.cli("user", "add", "--email", victim, "--password-stdin", stdin=PASSWORD + "\n")
    browser.delete_all_cookies()
    browser.get(server.url("/login"))
    browser.find_element(By.ID, "email").send_keys(victim)
    browser.find_element(By.ID, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    browser.find_element(By.TAG_NAME, "main")
    assert session_cookie(browser) is not None
    _, _, _, tokens = server.first_party_tokens("logout-", PASSWORD)
    hint = tokens.json()["id_token"]
    attacker_site.page = ('<!doctype html><html><body><script>location.href = '
                          f'"{server.url("/logout")}?id_token_hint={urllib.parse.quote(hint)}"</script></body></html>')
    browser.get(attacker_site.url)
    browser.find_element(By.CSS_SELECTOR, "form[action='/logout'] button[type=submit]")  # the question
    assert session_cookie(browser) is not None, "asked, not signed out"
    browser.get(server.url("/account"))
    assert victim in browser.find_element(By.TAG_NAME, "main").text
