"""The account page: linked services with Unlink, delete with confirmation, logout; every form
checks its CSRF token and nothing happens without it."""
import secrets
import urllib.parse

import pytest
import requests

from browserless import Browser, form_with, forms

PASSWORD = "account page password"


@pytest.fixture(scope="module")
def google(server):
    secret = server.cli("client", "add", "--id", "google-acct", "--name", "Google", "--google-project", "acct",
                        "--scope", "devices").stdout.strip()
    return secret


def signed_in(server, google_secret):
    """A new user linked to Google through the browser flow, then signed in on /login."""
    email = f"acct-{secrets.token_hex(4)}@example.com"
    server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    browser = Browser(server.base_url)
    redirect = "https://oauth-redirect.googleusercontent.com/r/acct"
    back = browser.link(server.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "google-acct", "redirect_uri": redirect, "response_type": "code", "state": "s",
        "scope": "devices"})), email, PASSWORD)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(back.headers["Location"]).query)["code"][0]
    tokens = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                       "redirect_uri": redirect},
                           auth=("google-acct", google_secret), timeout=15).json()
    return browser, email, tokens


def account(browser):
    page = browser.get("/account")
    assert page.status_code == 200, page.status_code
    return page


def test_account_page_needs_a_session(server):
    response = requests.get(server.url("/account"), allow_redirects=False, timeout=5)
    assert response.status_code == 303 and response.headers["Location"].startswith("/login")


def test_unlink_revokes_google_and_needs_csrf(server, google):
    browser, email, tokens = signed_in(server, google)
    page = account(browser)
    assert email in page.text and "Google" in page.text
    form = form_with(page.text, field="grant_id")
    forged = browser.http.post(server.url("/account/unlink"), data={"grant_id": form.fields["grant_id"]},
                               allow_redirects=False, timeout=5)
    assert forged.status_code == 403
    refresh = {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]}
    assert requests.post(server.url("/token"), data=refresh, auth=("google-acct", google), timeout=5).status_code == 200
    done = browser.submit(page.text, page.url, field="grant_id")
    assert done.status_code == 303
    dead = requests.post(server.url("/token"), data=refresh, auth=("google-acct", google), timeout=5)
    assert dead.status_code == 400 and dead.json()["error"] == "invalid_grant"


def test_delete_needs_confirmation_and_csrf(server, google):
    browser, email, tokens = signed_in(server, google)
    forged = browser.http.post(server.url("/account/delete"), data={}, allow_redirects=False, timeout=5)
    assert forged.status_code == 403
    assert email in server.cli("user", "list", "--json").stdout, "nothing was deleted"
    page = account(browser)
    delete_form = [f for f in forms(page.text) if "delete" in f.action][0]
    confirm = browser.http.post(urllib.parse.urljoin(page.url, delete_form.action), data=delete_form.fields,
                                allow_redirects=False, timeout=5)
    assert confirm.status_code == 200 and "csrf_token" in confirm.text
    done = browser.submit(confirm.text, confirm.url, field="csrf_token")
    assert done.status_code == 200
    assert email not in server.cli("user", "list", "--json").stdout
    dead = requests.post(server.url("/token"), data={"grant_type": "refresh_token",
                                                     "refresh_token": tokens["refresh_token"]},
                         auth=("google-acct", google), timeout=5)
    assert dead.json()["error"] == "invalid_grant"


def test_logout_needs_csrf(server, google):
    browser, _, _ = signed_in(server, google)
    assert browser.http.post(server.url("/logout"), data={}, allow_redirects=False, timeout=5).status_code == 403
    page = account(browser)
    logout = [f for f in forms(page.text) if f.action.endswith("/logout")][0]
    out = browser.http.post(server.url("/logout"), data=logout.fields, allow_redirects=False, timeout=5)
    assert out.status_code == 303
    assert browser.get("/account").status_code == 303


def test_bearer_delete_only_with_the_apps_own_token(server, google):
    _, email, tokens = signed_in(server, google)
    refused = requests.post(server.url("/account/delete"), headers={"Authorization": f"Bearer {tokens['access_token']}"},
                            timeout=5)
    assert refused.status_code == 403, "Google's token cannot delete the account"
    assert email in server.cli("user", "list", "--json").stdout


def login_cookies(server, email, password):
    browser = Browser(server.base_url)
    page = browser.get("/login")
    done = browser.submit(page.text, page.url, {"email": email, "password": password}, field="password")
    assert done.status_code == 303, done.text[:300]
    return [v for k, v in done.raw.headers.items() if k.lower() == "set-cookie"], browser


def test_session_cookie_flags_on_a_loopback_http_issuer(server):
    email = f"cookie-{secrets.token_hex(4)}@example.com"
    server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    cookies, _ = login_cookies(server, email, PASSWORD)
    session = [c for c in cookies if c.startswith("al_session=")][0]
    assert "HttpOnly" in session and "SameSite=Lax" in session and "Path=/" in session
    assert "Secure" not in session, "a loopback http issuer cannot use Secure cookies"
    again, _ = login_cookies(server, email, PASSWORD)
    assert [c for c in again if c.startswith("al_session=")][0] != session, "every login gets a fresh session id"


def test_session_cookie_is_secure_on_an_https_issuer(standins):
    import tempfile
    from conftest import Server
    with tempfile.TemporaryDirectory() as folder:
        https = Server(folder, standins, {"ACCOUNTLINK_ISSUER": "https://auth.example.com"})
        https.start()
        try:
            # A browser would not send a Secure cookie back over this test's plain loopback http,
            # so the check reads the cookie the login page sets (the same policy as the session's).
            page = requests.get(https.url("/login"), timeout=5)
        finally:
            https.stop()
    cookie = page.headers["Set-Cookie"]
    assert cookie.startswith("al_login=") is False and "HttpOnly" in cookie
    # RFC 6265bis §4.1.3.2: a __Host- cookie is Secure, Path=/ and has no Domain, so no sibling
    # subdomain or plain-http hop can plant one (login CSRF, forced sign-up).
    attributes = [part.strip() for part in cookie.split(";")]
    assert attributes[0].startswith("__Host-al_login=") and "Secure" in attributes and "Path=/" in attributes
    assert not any(part.lower().startswith("domain=") for part in attributes)
