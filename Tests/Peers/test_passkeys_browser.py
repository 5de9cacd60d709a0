"""Passkeys on the web pages in a real browser (headless Chromium through Selenium, WebDriver's virtual
authenticator: CTAP2, internal transport, resident keys, user verification): register on /account, sign
out, sign in with the button and by autofill, sign in inside Google's linking /authorize, user
verification off refused, a removed passkey no longer signs in; the pages pass axe-core.

WebAuthn needs a secure context: http://localhost counts, so the issuer is http://localhost:PORT and the
RP ID is `localhost` (docs/passkeys.md).

Autofill: Chromium's virtual authenticator answers a conditional (autofill) request by itself as soon as
the page starts one, so loading the login page with a passkey on the authenticator signs the person in:
that is the autofill test. The button test hides conditional mediation from the page
(`isConditionalMediationAvailable` answers false, as in a browser without it), so only the button can
sign in there.
"""
import shutil
import tempfile
import urllib.parse

import pytest
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import (Protocol, Transport,
                                                             VirtualAuthenticatorOptions)
from selenium.webdriver.support.ui import WebDriverWait

from axe_webauthn import real_violations
from conftest import Server

EMAIL, PASSWORD = "passkey-web@example.com", "passkey web password 1"
REDIRECT = "https://oauth-redirect.googleusercontent.com/r/passkey-project"
SERIOUS = {"serious", "critical"}
NO_AUTOFILL = "PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);"


@pytest.fixture(scope="module")
def site(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-passkeys-web-") as folder:
        instance = Server(folder, standins)
        instance.base_url = f"http://localhost:{instance.port}"
        instance.env["ACCOUNTLINK_ISSUER"] = instance.base_url
        instance.start()
        try:
            instance.cli("client", "add", "--id", "google-passkey", "--name", "Google", "--google-project",
                         "passkey-project", "--scope", "devices", "--scope", "email")
            instance.cli("user", "add", "--email", EMAIL, "--password-stdin", stdin=PASSWORD + "\n")
            yield instance
        finally:
            instance.stop()


@pytest.fixture()
def browser():
    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not binary or not driver_path:
        pytest.fail("chromium and chromium-driver are required (make test installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(20)
    driver.implicitly_wait(5)
    yield driver
    driver.quit()


def authenticator(driver, verified=True):
    driver.add_virtual_authenticator(VirtualAuthenticatorOptions(
        protocol=Protocol.CTAP2, transport=Transport.INTERNAL, has_resident_key=True,
        has_user_verification=True, is_user_verified=verified, is_user_consenting=True))


def wait_for(driver, condition, timeout=15):
    # A page that is being replaced answers with stale or missing elements: look again.
    return WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
                         ).until(condition)


def passkey_item(driver, name):
    return next(li for li in driver.find_elements(By.CSS_SELECTOR, "li[data-passkey-id]") if name in li.text)


def password_sign_in(driver, site):
    driver.get(site.url("/login"))
    driver.find_element(By.NAME, "email").send_keys(EMAIL)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    wait_for(driver, lambda d: urllib.parse.urlsplit(d.current_url).path == "/account")


def register(driver, site, name):
    """On /account: name the passkey, press "Add a passkey"; the page comes back listing it."""
    before = len(driver.find_elements(By.CSS_SELECTOR, "li[data-passkey-id]"))
    driver.find_element(By.ID, "passkey-new-name").send_keys(name)
    driver.find_element(By.CSS_SELECTOR, '[data-passkey="register"]').click()
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "li[data-passkey-id]")) == before + 1)
    return driver.find_elements(By.CSS_SELECTOR, "li[data-passkey-id]")[-1]


def sign_out(driver):
    driver.find_element(By.CSS_SELECTOR, 'form[action="/logout"] button').click()
    wait_for(driver, lambda d: urllib.parse.urlsplit(d.current_url).path == "/login")
    assert not any(c["name"].endswith("session") for c in driver.get_cookies() if "session" in c["name"])


def signed_in(driver, site):
    driver.get(site.url("/account"))
    return urllib.parse.urlsplit(driver.current_url).path == "/account"


def axe_problems(driver, name):
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    assert results["passes"], "axe-core ran no rule"
    return [f"{name}: {v['id']} {[n['target'] for n in v['nodes']][:3]}"
            for v in real_violations(driver, results["violations"]) if v["impact"] in SERIOUS]


def test_register_sign_out_sign_in_with_the_button_rename_and_remove(browser, site):
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_AUTOFILL})
    authenticator(browser)
    password_sign_in(browser, site)
    problems = axe_problems(browser, "account")
    item = register(browser, site, "Work laptop")
    assert "Work laptop" in item.text
    assert len(browser.get_credentials()) == 1 and browser.get_credentials()[0].is_resident_credential
    problems += axe_problems(browser, "account with a passkey")

    field = browser.find_element(By.CSS_SELECTOR, "li[data-passkey-id] input[name=name]")
    field.clear()
    field.send_keys("Travel laptop")
    browser.find_element(By.CSS_SELECTOR, 'form[action="/account/passkeys/rename"] button').click()
    wait_for(browser, lambda d: "Travel laptop" in d.find_element(By.CSS_SELECTOR, "li[data-passkey-id] strong").text)

    sign_out(browser)
    assert browser.find_element(By.NAME, "email").get_attribute("autocomplete") == "username webauthn"
    problems += axe_problems(browser, "login")
    assert not signed_in(browser, site)
    browser.get(site.url("/login"))
    browser.find_element(By.CSS_SELECTOR, '[data-passkey="sign-in"]').click()
    wait_for(browser, lambda d: urllib.parse.urlsplit(d.current_url).path == "/account")
    assert EMAIL in browser.page_source
    assert "Travel laptop" in browser.find_element(By.CSS_SELECTOR, "li[data-passkey-id]").text

    browser.find_element(By.CSS_SELECTOR, "button[data-passkey-remove]").click()
    wait_for(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "li[data-passkey-id]"))
    sign_out(browser)
    browser.get(site.url("/login"))
    browser.find_element(By.CSS_SELECTOR, '[data-passkey="sign-in"]').click()
    # The authenticator still holds the credential; the server no longer knows it: refused.
    alert = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "p.error[role=alert]:not([hidden])"))
    assert "passkey" in alert.text.lower()
    assert not signed_in(browser, site)
    assert not problems, "\n".join(problems)


def test_autofill_signs_in_with_conditional_mediation(browser, site):
    authenticator(browser)
    password_sign_in(browser, site)
    register(browser, site, "Phone")
    assert "not used yet" in passkey_item(browser, "Phone").text
    # Signed out by dropping the session (the sign-out button lands on /login, where autofill would
    # sign straight back in). The login page starts a conditional request; the virtual authenticator
    # answers it, and the page submits the assertion without any press.
    browser.delete_all_cookies()
    assert not browser.get_cookies()
    browser.get(site.url("/login"))
    wait_for(browser, lambda d: urllib.parse.urlsplit(d.current_url).path == "/account")
    assert EMAIL in browser.page_source
    assert "last used" in passkey_item(browser, "Phone").text


def test_sign_in_inside_googles_linking_flow(browser, site):
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_AUTOFILL})
    authenticator(browser)
    password_sign_in(browser, site)
    register(browser, site, "Linking key")
    sign_out(browser)
    browser.get(site.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "google-passkey", "redirect_uri": REDIRECT, "response_type": "code",
        "state": "passkey-state", "scope": "devices email"})))
    problems = axe_problems(browser, "authorize login")
    browser.find_element(By.CSS_SELECTOR, '[data-passkey="sign-in"]').click()
    allow = browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="allow"]')
    allow.click()
    wait_for(browser, lambda d: not d.current_url.startswith(site.base_url))
    url = urllib.parse.urlsplit(browser.current_url)
    assert f"{url.scheme}://{url.netloc}{url.path}" == REDIRECT
    query = urllib.parse.parse_qs(url.query)
    assert query["state"] == ["passkey-state"] and query["code"][0].startswith("alc_")
    assert not problems, "\n".join(problems)


def test_user_verification_off_is_refused(browser, site):
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_AUTOFILL})
    authenticator(browser, verified=True)
    password_sign_in(browser, site)
    register(browser, site, "Unverified later")
    sign_out(browser)
    # The same passkey, now on an authenticator that fails user verification.
    credential = browser.get_credentials()[0]
    browser.remove_virtual_authenticator()
    authenticator(browser, verified=False)
    browser.add_credential(credential)
    browser.get(site.url("/login"))
    browser.find_element(By.CSS_SELECTOR, '[data-passkey="sign-in"]').click()
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "p.error[role=alert]:not([hidden])"))
    assert not signed_in(browser, site)
