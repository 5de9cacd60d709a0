"""The account page (docs/pages.md, The account page) in a real browser: in all five languages at desktop and
phone width axe-core finds no serious or critical violation, the brand header carries Log out, the email's
state sits beside it, the danger zone stands apart, nothing overflows a phone's width; the sessions and app
sign-ins list marks this device, signs out one of them and all of them; a refused form comes back on the page
with its error beside the field."""
import secrets
import tempfile

import pytest
import requests
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browserless import Browser, forms
from conftest import Server
from test_pages_browser import LANGUAGES, SERIOUS, SIZES, browser, open_page, resize, submit  # noqa: F401

PASSWORD = "account page browser password"


@pytest.fixture(scope="module")
def site(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-account-") as folder:
        server = Server(folder, standins, {"ACCOUNTLINK_PRODUCT_NAME": "Acme Lights"})
        server.cli("client", "add", "--id", "acct-google", "--name", "Google", "--google-project", "acct-project",
                   "--scope", "devices")
        server.start()
        try:
            yield server
        finally:
            server.stop()


def new_person(site):
    """A person with a password, signed in a second time from a script (another "device") and once in an app."""
    app = "app-" + secrets.token_hex(3)
    secret = site.cli("client", "add", "--id", app, "--name", "Acme Lights", "--first-party", "--scope", "openid",
                      "--scope", "email").stdout.strip()
    email = f"page-{secrets.token_hex(4)}@example.com"
    site.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    other = Browser(site.base_url)
    page = other.get("/login")
    done = other.submit(page.text, page.url, {"email": email, "password": PASSWORD}, field="password")
    assert done.status_code == 303, done.text[:300]
    tokens = requests.post(site.url("/token"), data={"grant_type": "password", "username": email,
                                                     "password": PASSWORD, "scope": "openid email"},
                           auth=(app, secret), headers={"User-Agent": "AcmeLights/3.1 CFNetwork"}, timeout=30)
    assert tokens.status_code == 200, tokens.text
    return email, other, (app, secret, tokens.json())


def sign_in(driver, site, email):
    driver.get(site.url("/healthz"))
    driver.delete_all_cookies()
    driver.get(site.url("/login?lang=en"))
    driver.find_element(By.NAME, "email").send_keys(email)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit(driver)
    WebDriverWait(driver, 20).until(lambda d: "/account" in d.current_url)


def refresh_works(site, app):
    client, secret, tokens = app
    answer = requests.post(site.url("/token"), data={"grant_type": "refresh_token",
                                                     "refresh_token": tokens["refresh_token"]},
                           auth=(client, secret), timeout=15)
    return answer.status_code == 200


def cards(driver):
    return driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=sessions-heading] .cards > li")


def test_the_account_page_in_five_languages_at_two_sizes(browser, site):
    email, _, _ = new_person(site)
    sign_in(browser, site, email)
    axe, problems = Axe(browser), []
    for size in SIZES:
        resize(browser, size)
        for lang in LANGUAGES:
            open_page(browser, site, "/account", lang)
            axe.inject()
            results = axe.run()
            assert results["passes"], "axe-core ran no rule"
            problems += [f"{lang} {size}: {v['id']} {[n['target'] for n in v['nodes']][:3]}"
                         for v in results["violations"] if v["impact"] in SERIOUS]
            assert browser.find_element(By.CSS_SELECTOR, "main header.brand").text == "Acme Lights"
            assert browser.find_elements(By.CSS_SELECTOR, ".topbar form[action='/logout'] button")
            assert email in browser.find_element(By.CSS_SELECTOR, "p.email").text
            assert browser.find_elements(By.CSS_SELECTOR, "p.email .badge"), "the email's state sits beside it"
            zone = browser.find_element(By.CSS_SELECTOR, "section.danger-zone")
            assert zone.find_elements(By.CSS_SELECTOR, "form[action='/account/delete/confirm']")
            assert not zone.find_elements(By.CSS_SELECTOR, "form[action='/logout']"), "Log out is not in the danger zone"
            assert len(cards(browser)) == 3, "two browsers and one app"
            assert len(browser.find_elements(By.CSS_SELECTOR, ".cards .badge")) == 1, "one card says this device"
            scripts = [(s.get_attribute("src"), s.get_attribute("innerHTML")) for s in
                       browser.find_elements(By.CSS_SELECTOR, "script")]
            assert scripts == [(site.url("/static/passkey.js"), "")], f"only our passkey script, no inline one: {scripts}"
            wide = browser.execute_script("return document.documentElement.scrollWidth > window.innerWidth")
            assert not wide, f"{lang} {size}: the page is wider than the screen"
    resize(browser, "desktop")
    assert not problems, "axe-core found serious or critical violations:\n" + "\n".join(problems)


def test_signing_out_one_browser_and_one_app(browser, site):
    email, other, app = new_person(site)
    sign_in(browser, site, email)
    open_page(browser, site, "/account", "en")
    listed = [c.text for c in cards(browser)]
    assert any("This device" in text and "IP address 127.0.0.1" in text for text in listed), listed
    assert any("Acme Lights app" in text for text in listed), listed
    assert any("python-requests" in text for text in listed), listed
    other_card = [c for c in cards(browser) if "python-requests" in c.text][0]
    old = browser.find_element(By.TAG_NAME, "html")
    other_card.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda d: old.id != d.find_element(By.TAG_NAME, "html").id)
    assert "That sign-in was signed out." in browser.find_element(By.CSS_SELECTOR, "[role=status]").text
    assert other.get("/account").status_code == 303, "the other browser is signed out"
    assert refresh_works(site, app), "the app is still signed in"
    app_card = [c for c in cards(browser) if "Acme Lights app" in c.text][0]
    old = browser.find_element(By.TAG_NAME, "html")
    app_card.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda d: old.id != d.find_element(By.TAG_NAME, "html").id)
    assert not refresh_works(site, app), "the app's sign-in ended"
    assert [c.text for c in cards(browser) if "This device" in c.text], "this browser is still signed in"
    assert len(cards(browser)) == 1


def test_ending_a_sign_in_needs_csrf_and_only_ends_this_accounts(site):
    email, other, app = new_person(site)
    _, stranger, _ = new_person(site)
    page = other.get("/account")
    form = [f for f in forms(page.text) if f.action == "/account/sign-ins/end" and "grant" in f.fields][0]
    forged = other.http.post(site.url("/account/sign-ins/end"), data={"grant": form.fields["grant"]},
                             allow_redirects=False, timeout=5)
    assert forged.status_code == 403 and refresh_works(site, app)
    theirs = stranger.get("/account")
    token = [f for f in forms(theirs.text) if f.action == "/account/sign-ins/end"][0].fields["csrf_token"]
    foreign = stranger.http.post(site.url("/account/sign-ins/end"),
                                 data={"grant": form.fields["grant"], "csrf_token": token},
                                 allow_redirects=False, timeout=5)
    assert foreign.status_code == 303 and "sign-in-gone" in foreign.headers["Location"]
    assert refresh_works(site, app), "another account cannot end this app sign-in"


def test_sign_out_everywhere_ends_every_browser_and_app(browser, site):
    email, other, app = new_person(site)
    sign_in(browser, site, email)
    open_page(browser, site, "/account", "en")
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.CSS_SELECTOR, "form[action='/account/sign-out-everywhere'] button").click()
    WebDriverWait(browser, 20).until(lambda d: old.id != d.find_element(By.TAG_NAME, "html").id)
    assert other.get("/account").status_code == 303
    assert not refresh_works(site, app)
    browser.get(site.url("/account"))
    assert "/login" in browser.current_url


def test_a_wrong_current_password_comes_back_beside_the_field(browser, site):
    email, _, _ = new_person(site)
    sign_in(browser, site, email)
    for lang in LANGUAGES:
        open_page(browser, site, "/account", lang)
        form = browser.find_element(By.CSS_SELECTOR, "form[action='/account/password']")
        form.find_element(By.NAME, "current_password").send_keys("not the password")
        form.find_element(By.NAME, "new_password").send_keys("a brand new passphrase 42")
        old = browser.find_element(By.TAG_NAME, "html")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        WebDriverWait(browser, 20).until(lambda d: old.id != d.find_element(By.TAG_NAME, "html").id)
        field = browser.find_element(By.ID, "current_password")
        assert field.get_attribute("aria-invalid") == "true"
        error = browser.find_element(By.ID, field.get_attribute("aria-describedby"))
        assert error.get_attribute("role") == "alert" and error.text
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        assert browser.find_elements(By.CSS_SELECTOR, "form[action='/account/email']"), "the whole page is kept"
        assert browser.find_elements(By.CSS_SELECTOR, "section.danger-zone")
    email_form = browser.find_element(By.CSS_SELECTOR, "form[action='/account/email']")
    email_form.find_element(By.NAME, "new_email").send_keys("not an address@")
    email_form.find_element(By.NAME, "current_password").send_keys(PASSWORD)
    old = browser.find_element(By.TAG_NAME, "html")
    browser.execute_script("arguments[0].setAttribute('novalidate', '')", email_form)
    email_form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda d: old.id != d.find_element(By.TAG_NAME, "html").id)
    kept = browser.find_element(By.ID, "new_email")
    assert kept.get_attribute("value") == "not an address@" and kept.get_attribute("aria-invalid") == "true"
    open_page(browser, site, "/account", "en")
    assert browser.find_element(By.ID, "current_password").get_attribute("aria-invalid") is None
