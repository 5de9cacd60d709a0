"""docs/hardening.md: what an outside attack run found, each closed at its cause.
Login CSRF in the web sign-in callbacks (RFC 6749 §10.12, RFC 9700 §4.7), the open redirect through
`next`, and emails in two Unicode forms or with control characters."""
import secrets
import urllib.parse

import pytest
import requests

from browserless import Browser, form_with
from conftest import APPLE_SERVICES_ID


def start(browser, path):
    response = browser.get(path)
    assert response.status_code == 302, response.text[:300]
    return dict(urllib.parse.parse_qsl(urllib.parse.urlparse(response.headers["Location"]).query))


def apple_form(standins, query, sub, email):
    return {"state": query["state"], "code": standins.apple.issue_code(APPLE_SERVICES_ID, sub, email),
            "id_token": standins.apple.identity_token(APPLE_SERVICES_ID, sub, nonce=query["nonce"], email=email)}


def test_apple_callback_with_an_attackers_state_is_refused_in_the_victims_browser(server, standins):
    attacker, victim = Browser(server.base_url), Browser(server.base_url)
    query = start(attacker, "/login/apple")
    form = apple_form(standins, query, "001.attacker" + secrets.token_hex(4), "attacker@example.com")
    # The victim has started a sign-in of their own: a binding cookie, just not the attacker's.
    start(victim, "/login/apple")
    forced = victim.http.post(query["redirect_uri"], data=form, allow_redirects=False, timeout=15)
    assert forced.status_code == 400 and "al_session" not in forced.cookies
    # Without any binding cookie (a fresh browser) it is refused too.
    fresh = requests.post(query["redirect_uri"], data=form, allow_redirects=False, timeout=15)
    assert fresh.status_code == 400 and "al_session" not in fresh.cookies


def test_google_callback_with_an_attackers_state_is_refused_in_the_victims_browser(server, standins):
    google = standins.google
    attacker, victim = Browser(server.base_url), Browser(server.base_url)
    query = start(attacker, "/login/google")
    code = google.issue_code("g-attacker-" + secrets.token_hex(3), "gattacker@example.com", query["nonce"],
                             query["code_challenge"], query["redirect_uri"])
    callback = query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]})
    forced = victim.get(callback)
    assert forced.status_code == 400 and "al_session" not in forced.cookies
    # The state was taken by that attempt: even the attacker's own browser cannot use it now.
    assert attacker.get(callback).status_code == 400


def test_the_binding_cookie_is_http_only_and_short_lived(server):
    response = Browser(server.base_url).get("/login/apple")
    cookie = next(v for k, v in response.headers.items() if k.lower() == "set-cookie" and "al_signin=" in v)
    assert "HttpOnly" in cookie and "Max-Age=600" in cookie


@pytest.fixture(scope="module")
def person(server):
    email = f"next-{secrets.token_hex(4)}@example.com"
    server.cli("user", "add", "--email", email, "--password-stdin", stdin="a long enough password\n")
    return email


def login_with_next(server, email, next_value):
    browser = Browser(server.base_url)
    page = browser.get("/login?" + urllib.parse.urlencode({"next": next_value}))
    form = form_with(page.text, field="password")
    data = dict(form.fields)
    data.update({"email": email, "password": "a long enough password"})
    url = server.url("/login?" + urllib.parse.urlencode({"next": next_value}))
    return browser.http.post(url, data=data, allow_redirects=False, timeout=15)


@pytest.mark.parametrize("next_value", [
    "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/\\evil.example", "\\/evil.example",
    "//evil.example", "https://evil.example/", "/\x00/evil.example", " //evil.example", "evil.example",
])
def test_next_values_a_browser_reads_as_another_origin_are_not_followed(server, person, next_value):
    response = login_with_next(server, person, next_value)
    assert response.status_code == 303
    assert response.headers["Location"] == "/account"


def test_a_same_origin_next_path_is_followed(server, person):
    response = login_with_next(server, person, "/account?tab=security")
    assert response.headers["Location"] == "/account?tab=security"


def test_one_email_in_two_unicode_forms_is_one_account(server):
    tag = secrets.token_hex(3)
    server.cli("user", "add", "--email", f"ren\u00e9-{tag}@example.com", "--password-stdin", stdin="password one two\n")
    second = server.cli("user", "add", "--email", f"RENE\u0301-{tag}@example.com", "--password-stdin",
                        stdin="password one two\n", check=False)
    assert second.returncode != 0, "the decomposed form names the same account"
    listed = server.cli("user", "list", "--json").stdout
    assert listed.count(tag) == 1


@pytest.mark.parametrize("email", ["a\x01b@example.com", "ab\u200b@example.com", "a\x7f@example.com"])
def test_an_email_with_control_characters_is_refused(server, email):
    result = server.cli("user", "add", "--email", email, "--password-stdin", stdin="password one two\n", check=False)
    assert result.returncode == 65, result.stderr
