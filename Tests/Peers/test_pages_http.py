"""The pages' language and branding over plain HTTP (docs/pages.md): the order in which the language is
chosen, the cookie that remembers it, HTML landing and 404 pages, error pages worded for a person,
the maker's logo served from a local file, and branding settings refused at start with their name."""
import re
import subprocess
import tempfile
import urllib.parse
from pathlib import Path

import pytest
import requests

from conftest import Server, binary

GOOGLE_REDIRECT = "https://oauth-redirect.googleusercontent.com/r/http-pages"
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360f8cfc000000301010018dd8db00000000049454e44ae426082")


@pytest.fixture(scope="module")
def site(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-pages-http-") as folder:
        logo = Path(folder) / "logo.png"
        logo.write_bytes(PNG)
        server = Server(folder, standins, {"ACCOUNTLINK_LOGO_URL": str(logo),
                                           "ACCOUNTLINK_PRIVACY_URL": "https://acme.example/privacy"})
        server.cli("client", "add", "--id", "http-pages", "--name", "Google", "--google-project", "http-pages",
                   "--scope", "devices")
        server.start()
        try:
            yield server
        finally:
            server.stop()


def lang_of(html):
    return re.search(r'<html lang="([^"]+)" dir="(ltr|rtl)">', html).groups()


def authorize(**extra):
    query = {"client_id": "http-pages", "redirect_uri": GOOGLE_REDIRECT, "response_type": "code", "state": "s",
             "scope": "devices", **extra}
    return "/authorize?" + urllib.parse.urlencode(query)


def test_landing_and_not_found_are_html_in_the_persons_language(site):
    landing = requests.get(site.url("/"), headers={"Accept-Language": "pt-BR,pt;q=0.9"}, timeout=10)
    assert landing.status_code == 200 and landing.headers["Content-Type"].startswith("text/html")
    assert lang_of(landing.text) == ("pt-BR", "ltr") and "Sua conta" in landing.text
    missing = requests.get(site.url("/no/such/page"), headers={"Accept-Language": "fa"}, timeout=10)
    assert missing.status_code == 404 and missing.headers["Content-Type"].startswith("text/html")
    assert lang_of(missing.text) == ("fa", "rtl") and "صفحه پیدا نشد" in missing.text
    assert "Not Found" not in missing.text


def test_language_order_explicit_then_request_then_browser_then_english(site):
    get = lambda path, **headers: requests.get(site.url(path), headers=headers, timeout=10)
    assert lang_of(get(authorize(), **{"Accept-Language": "de"}).text)[0] == "de"
    assert lang_of(get(authorize(user_locale="ja-JP"), **{"Accept-Language": "de"}).text)[0] == "ja"
    assert lang_of(get(authorize(ui_locales="fr-CA fa"), **{"Accept-Language": "de"}).text)[0] == "fa"
    assert lang_of(get(authorize(ui_locales="pt-BR", lang="de")).text)[0] == "de"
    assert lang_of(get(authorize(), **{"Accept-Language": "fr, es;q=0.5"}).text)[0] == "en"
    assert lang_of(get("/", Cookie="al_lang=ja", **{"Accept-Language": "de"}).text)[0] == "ja"


def test_the_choice_is_remembered_in_a_cookie(site):
    session = requests.Session()
    chosen = session.get(site.url("/?lang=fa"), timeout=10)
    assert "al_lang=fa" in chosen.headers["Set-Cookie"] and "Max-Age=" in chosen.headers["Set-Cookie"]
    later = session.get(site.url("/account/nothing-here"), headers={"Accept-Language": "de"}, timeout=10)
    assert lang_of(later.text) == ("fa", "rtl")
    assert "al_lang" not in requests.get(site.url("/?lang=xx"), timeout=10).headers.get("Set-Cookie", "")


def test_error_pages_speak_to_a_person_with_the_code_small(site):
    page = requests.get(site.url("/authorize?client_id=nobody&response_type=code&lang=de"), timeout=10)
    assert page.status_code == 400 and lang_of(page.text) == ("de", "ltr")
    assert "Kehre zur App zurück" in page.text and "<small>Fehlercode: invalid_request</small>" in page.text
    assert "unknown client_id" not in page.text, "the English protocol description is not shown to a person"
    wrong = requests.get(site.url(authorize(redirect_uri="https://evil.example/r")), timeout=10)
    assert wrong.status_code == 400 and "address it has not registered" in wrong.text
    assert "evil.example" not in wrong.headers.get("Location", "")


def test_footer_links_logo_and_discovery(site):
    page = requests.get(site.url("/"), timeout=10).text
    assert '<a href="https://acme.example/privacy">Privacy</a>' in page
    assert '<img class="logo" src="/branding/logo"' in page
    for tag in ["en", "de", "pt-BR", "fa", "ja"]:
        assert f'hreflang="{tag}"' in page
    logo = requests.get(site.url("/branding/logo"), timeout=10)
    assert logo.status_code == 200 and logo.headers["Content-Type"] == "image/png" and logo.content == PNG
    discovery = requests.get(site.url("/.well-known/openid-configuration"), timeout=10).json()
    assert discovery["ui_locales_supported"] == ["en", "de", "pt-BR", "fa", "ja"]


@pytest.mark.parametrize("name,value,words", [
    ("ACCOUNTLINK_LOGO_URL", "data:image/png;base64,iVBORw0KGgo=", "data: URL is not accepted"),
    ("ACCOUNTLINK_LOGO_URL", "http://cdn.example/logo.png", "https:// URL or the absolute path"),
    ("ACCOUNTLINK_LOGO_URL", "/nonexistent/logo.png", "cannot read"),
    ("ACCOUNTLINK_ACCENT_COLOR", "#ffcc00", "too light"),
    ("ACCOUNTLINK_ACCENT_COLOR", "blue", "expected a colour"),
    ("ACCOUNTLINK_PRIVACY_URL", "javascript:alert(1)", "must be an https:// URL"),
    ("ACCOUNTLINK_TERMS_URL", "http://acme.example/terms", "must be an https:// URL"),
])
def test_wrong_branding_is_refused_at_start_with_its_name(tmp_path, name, value, words):
    env = {"PATH": "/usr/bin:/bin", "ACCOUNTLINK_DATABASE": f"sqlite:{tmp_path}/db.sqlite", name: value}
    result = subprocess.run([binary(), "migrate"], env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 64, (result.returncode, result.stderr)
    assert name in result.stderr and words in result.stderr, result.stderr
