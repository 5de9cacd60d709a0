"""Sign-up with a passkey on the web /signup page (docs/passkeys.md, The web pages) in headless Chromium with
WebDriver's virtual authenticator: the person lands signed in, the verification mail arrives at a real SMTP
server on loopback, and the passkey signs in after signing out; started inside Google's linking /authorize it
ends with a code at the redirect URI; an address that has an account gets the password sign-up's answer and no
passkey; a closed sign-up and a post without the page's CSRF field are refused (plain HTTP, with the software
authenticator of soft_authenticator.py, so the refusal is the CSRF check's alone)."""
import json
import secrets
import tempfile
import urllib.parse

import pytest
import requests
from selenium.webdriver.common.by import By

import soft_authenticator as sa
from conftest import Server, free_port
from smtp_inbox import SMTPServer, link_in, text_of
from test_accounts_browser import main_text
from test_passkeys_browser import (NO_AUTOFILL, authenticator, axe_problems, browser, sign_out,  # noqa: F401
                                   signed_in, wait_for)

OWNER, OWNER_PASSWORD = "passkey-owner@example.com", "the owner's password 1"
REDIRECT = "https://oauth-redirect.googleusercontent.com/r/signup-project"


def localhost_server(folder, standins, smtp_port, extra=None):
    """WebAuthn needs a secure context: http://localhost is one, so the issuer (and RP ID) is localhost."""
    instance = Server(folder, standins, {"ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}", **(extra or {})})
    instance.base_url = f"http://localhost:{instance.port}"
    instance.env["ACCOUNTLINK_ISSUER"] = instance.base_url
    return instance.start()


@pytest.fixture(scope="module")
def site(standins):
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="accountlink-passkey-signup-") as folder, SMTPServer(port) as smtp:
        instance = localhost_server(folder, standins, port)
        try:
            instance.cli("client", "add", "--id", "google-signup", "--name", "Google", "--google-project",
                         "signup-project", "--scope", "devices", "--scope", "email")
            instance.cli("user", "add", "--email", OWNER, "--password-stdin", stdin=OWNER_PASSWORD + "\n")
            yield instance, smtp.inbox
        finally:
            instance.stop()


def new_email(prefix):
    return f"{prefix}-{secrets.token_hex(4)}@example.com"


def users(server):
    return json.loads(server.cli("user", "list", "--json").stdout)


def passkey_sign_up(driver, email, name=None):
    """On the sign-up page: the address (and name), then "Create the account with a passkey"."""
    driver.find_element(By.ID, "email").send_keys(email)
    if name:
        driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.CSS_SELECTOR, '[data-passkey="sign-up"]').click()


def test_sign_up_with_a_passkey_verify_mail_sign_out_and_sign_in_with_it(browser, site):
    server, inbox = site
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_AUTOFILL})
    authenticator(browser)
    browser.get(server.url("/signup"))
    assert browser.find_element(By.CSS_SELECTOR, '[data-passkey="sign-up"]').is_displayed()
    problems = axe_problems(browser, "signup")
    email = new_email("web-passkey")
    passkey_sign_up(browser, email, name="Robin")
    wait_for(browser, lambda d: "Check your email" in main_text(d) and email in main_text(d))
    [credential] = browser.get_credentials()
    assert credential.is_resident_credential

    assert signed_in(browser, server), "the new account is signed in, as after a password sign-up"
    assert email in main_text(browser)
    assert len(browser.find_elements(By.CSS_SELECTOR, "li[data-passkey-id]")) == 1
    user = next(u for u in users(server) if u.get("email") == email)
    assert user["sign_in_methods"] == ["passkey"] and user["email_verified"] is False, user
    mail = inbox.wait(email, "Confirm")[0]
    assert link_in(mail, "/verify-email").startswith(server.base_url + "/verify-email?token=")

    sign_out(browser)
    assert not signed_in(browser, server)
    browser.get(server.url("/login"))
    browser.find_element(By.CSS_SELECTOR, '[data-passkey="sign-in"]').click()
    wait_for(browser, lambda d: urllib.parse.urlsplit(d.current_url).path == "/account")
    assert email in main_text(browser)
    assert not problems, "\n".join(problems)


def test_sign_up_inside_googles_linking_flow_ends_with_a_code(browser, site):
    server, inbox = site
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_AUTOFILL})
    # The redirect URI is Google's: the browser must not leave loopback, so its request is blocked.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*googleusercontent.com*"]})
    authenticator(browser)
    browser.get(server.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "google-signup", "redirect_uri": REDIRECT, "response_type": "code",
        "state": "signup-state", "scope": "devices email"})))
    browser.find_element(By.CSS_SELECTOR, 'a[href^="/signup?interaction="]').click()
    wait_for(browser, lambda d: urllib.parse.urlsplit(d.current_url).path == "/signup")
    problems = axe_problems(browser, "signup inside authorize")
    email = new_email("linking-passkey")
    passkey_sign_up(browser, email)
    allow = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="allow"]'))
    allow.click()
    wait_for(browser, lambda d: d.current_url.startswith(REDIRECT))
    url = urllib.parse.urlsplit(browser.current_url)
    assert f"{url.scheme}://{url.netloc}{url.path}" == REDIRECT
    query = urllib.parse.parse_qs(url.query)
    assert query["state"] == ["signup-state"] and query["code"][0].startswith("alc_")
    user = next(u for u in users(server) if u.get("email") == email)
    assert user["sign_in_methods"] == ["passkey"], user
    inbox.wait(email, "Confirm")
    assert not problems, "\n".join(problems)


def test_an_address_with_an_account_gets_the_password_sign_ups_answer_and_no_passkey(browser, site):
    server, inbox = site
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_AUTOFILL})
    authenticator(browser)
    browser.get(server.url("/signup"))
    passkey_sign_up(browser, OWNER)
    wait_for(browser, lambda d: "Check your email" in main_text(d))
    with_passkey = main_text(browser)
    assert not signed_in(browser, server), "nobody is signed in to the existing account"
    [notice] = inbox.wait(OWNER, "Someone tried to create")
    assert "already has an account" in text_of(notice)
    owner = next(u for u in users(server) if u.get("email") == OWNER)
    assert owner["sign_in_methods"] == ["password"], owner

    browser.get(server.url("/signup"))
    browser.find_element(By.ID, "email").send_keys(OWNER)
    browser.find_element(By.ID, "password").send_keys("someone else's password 1")
    browser.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    wait_for(browser, lambda d: "Check your email" in main_text(d))
    assert main_text(browser) == with_passkey, "the same answer as the password sign-up's"
    inbox.wait(OWNER, "Someone tried to create", count=2)


def loopback(server, path):
    """Plain HTTP goes to 127.0.0.1 (the cookie jar keeps no cookie of a dotless host such as localhost)."""
    return f"http://127.0.0.1:{server.port}{path}"


def page_form(session, server, path="/signup"):
    """The page's CSRF field, with the form cookie in `session`."""
    page = session.get(loopback(server, path), timeout=30)
    assert page.status_code == 200, page.text
    token = page.text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    return token


def credential_for(server, options):
    public_key = options["publicKey"]
    key = sa.Credential(user_handle=sa.unb64url(public_key["user"]["id"]))
    return json.dumps(sa.create(key, "localhost", server.base_url, sa.unb64url(public_key["challenge"])))


def test_a_post_without_the_pages_csrf_field_is_refused(site):
    server, _ = site
    session, email = requests.Session(), new_email("csrf-passkey")
    token = page_form(session, server)
    for forged in [{}, {"csrf_token": ""}, {"csrf_token": token + "x"}]:
        refused = session.post(loopback(server, "/signup/passkey/options"), data={"email": email, **forged}, timeout=30)
        assert refused.status_code == 403 and "flow_id" not in refused.text
    options = session.post(loopback(server, "/signup/passkey/options"), data={"email": email, "csrf_token": token},
                           timeout=30)
    assert options.status_code == 200, options.text
    flow = options.json()
    fields = {"email": email, "flow_id": flow["flow_id"], "credential": credential_for(server, flow)}
    for forged in [{}, {"csrf_token": token + "x"}]:
        refused = session.post(loopback(server, "/signup/passkey"), data={**fields, **forged}, timeout=30)
        assert refused.status_code == 403 and not any(c.name.endswith("session") for c in session.cookies)
    assert email not in {u.get("email") for u in users(server)}
    # Another browser's own form cookie with this page's token: refused too.
    stranger = requests.Session()
    page_form(stranger, server)
    refused = stranger.post(loopback(server, "/signup/passkey"), data={**fields, "csrf_token": token}, timeout=30)
    assert refused.status_code == 403 and not any(c.name.endswith("session") for c in stranger.cookies)
    assert email not in {u.get("email") for u in users(server)}
    # The same credential with the page's own field: the flow was never spent, the account is made.
    made = session.post(loopback(server, "/signup/passkey"), data={**fields, "csrf_token": token}, timeout=30)
    assert made.status_code == 200 and "Check your email" in made.text, made.text
    assert any(c.name.endswith("session") for c in session.cookies)
    assert email in {u.get("email") for u in users(server)}


def test_a_closed_sign_up_refuses_the_passkey_too(standins):
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="accountlink-passkey-closed-") as folder, SMTPServer(port) as smtp:
        server = localhost_server(folder, standins, port, {"ACCOUNTLINK_SIGNUP": "closed"})
        try:
            session, email = requests.Session(), new_email("closed-passkey")
            assert session.get(loopback(server, "/signup"), timeout=30).status_code == 403
            token = page_form(session, server, "/login")
            options = session.post(loopback(server, "/signup/passkey/options"),
                                   data={"email": email, "csrf_token": token}, timeout=30)
            assert options.status_code == 403 and options.json()["error"] == "signup_closed"
            finish = session.post(loopback(server, "/signup/passkey"), data={
                "email": email, "csrf_token": token, "flow_id": "any", "credential": "{}"}, timeout=30)
            assert finish.status_code == 403 and "Sign-up is closed" in finish.text
            assert not any(c.name.endswith("session") for c in session.cookies)
            assert email not in {u.get("email") for u in users(server)}
            assert not smtp.inbox.to(email)
        finally:
            server.stop()
