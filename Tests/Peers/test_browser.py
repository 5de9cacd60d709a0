"""The login and consent pages in a real browser (headless Chromium through Selenium): what a
person linking their account with Google sees and presses."""
import shutil
import urllib.parse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

EMAIL, PASSWORD = "browser@example.com", "browser password 1"
REDIRECT = "https://oauth-redirect.googleusercontent.com/r/browser-project"


@pytest.fixture(scope="module")
def browser():
    binary = shutil.which("chromium")
    driver_path = shutil.which("chromedriver")
    if not binary or not driver_path:
        pytest.fail("chromium and chromium-driver are required (make test installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(20)
    # Clicking submit returns before the next page is in; wait for elements instead of racing it.
    driver.implicitly_wait(10)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def linked(server):
    server.cli("client", "add", "--id", "google-browser", "--name", "Google", "--google-project", "browser-project",
               "--scope", "devices", "--scope", "email")
    server.cli("user", "add", "--email", EMAIL, "--password-stdin", stdin=PASSWORD + "\n")
    return server


def authorize_url(server, state):
    return server.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "google-browser", "redirect_uri": REDIRECT, "response_type": "code", "state": state,
        "scope": "devices email", "user_locale": "en-US"}))


def redirected_to(driver):
    """The browser cannot reach Google here; the URL it tried is still the current URL. Waits until
    the browser has left our pages."""
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 15).until(lambda d: not d.current_url.startswith(LOCAL_PREFIX[0]))
    return driver.current_url


LOCAL_PREFIX = [""]


def fresh(driver, server):
    """Cookies are per site: visit ours before clearing them."""
    LOCAL_PREFIX[0] = server.base_url + "/"
    driver.get(server.url("/healthz"))
    driver.delete_all_cookies()


def sign_in(driver, state, server):
    fresh(driver, server)
    driver.get(authorize_url(server, state))
    driver.find_element(By.NAME, "email").send_keys(EMAIL)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit], form input[type=submit]").click()


def test_agree_and_link_in_a_real_browser(browser, linked):
    sign_in(browser, "state-browser-1", linked)
    page = browser.page_source
    assert "Google" in page and "Google Home" not in page and "Google Assistant" not in page
    assert browser.find_element(By.CSS_SELECTOR, 'a[href="https://policies.google.com/privacy"]')
    assert browser.find_element(By.CSS_SELECTOR, 'a[href="/account"]')
    allow = browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="allow"]')
    deny = browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="deny"]')
    assert allow.text == "Agree and link" and deny.text == "Cancel"
    assert browser.find_element(By.CSS_SELECTOR, 'input[type="hidden"][name="csrf_token"]')
    allow.click()
    url = urllib.parse.urlsplit(redirected_to(browser))
    assert f"{url.scheme}://{url.netloc}{url.path}" == REDIRECT
    query = urllib.parse.parse_qs(url.query)
    assert query["state"] == ["state-browser-1"] and query["code"][0].startswith("alc_")


def test_cancel_in_a_real_browser(browser, linked):
    sign_in(browser, "state-browser-2", linked)
    browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="deny"]').click()
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(redirected_to(browser)).query)
    assert query["error"] == ["access_denied"] and query["state"] == ["state-browser-2"]


def test_wrong_password_shows_a_generic_error(browser, linked):
    fresh(browser, linked)
    browser.get(authorize_url(linked, "state-browser-3"))
    browser.find_element(By.NAME, "email").send_keys("nobody@example.com")
    browser.find_element(By.NAME, "password").send_keys("wrong password")
    submit = browser.find_element(By.CSS_SELECTOR, "form button[type=submit], form input[type=submit]")
    submit.click()
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(browser, 15).until(expected_conditions.staleness_of(submit))
    message = browser.find_element(By.CSS_SELECTOR, "[role=alert]").text
    assert message and "nobody@example.com" not in message
    assert browser.find_element(By.NAME, "password")


def test_native_app_loopback_redirect_is_not_blocked_by_the_page_policy(browser, linked):
    """RFC 8252 §7.3: a native app's loopback redirect (another origin, plain http) must be reachable
    from the consent form; a `form-action` policy would make the browser refuse it."""
    import base64, hashlib
    linked.cli("client", "add", "--id", "native-browser", "--name", "Native", "--public",
               "--redirect-uri", "http://127.0.0.1:9/callback")
    verifier = "v" * 50
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    fresh(browser, linked)
    browser.get(linked.url("/authorize?" + urllib.parse.urlencode({
        "client_id": "native-browser", "redirect_uri": "http://127.0.0.1:9/callback", "response_type": "code",
        "state": "native-state", "code_challenge": challenge, "code_challenge_method": "S256"})))
    browser.find_element(By.NAME, "email").send_keys(EMAIL)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "form button[type=submit], form input[type=submit]").click()
    browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="allow"]').click()
    url = urllib.parse.urlsplit(redirected_to(browser))
    assert (url.scheme, url.netloc, url.path) == ("http", "127.0.0.1:9", "/callback"), browser.current_url
    assert urllib.parse.parse_qs(url.query)["state"] == ["native-state"]
