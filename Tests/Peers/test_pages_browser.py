"""Every page in every language in a real browser (Debian's Chromium through Selenium), docs/pages.md:
axe-core finds no serious or critical violation, `lang` and `dir` are right, screenshots at
1280×900 and 390×844 are written under .build/screenshots/ for a person to look at, the consent
page's two actions are on screen on a phone, and the Persian page is mirrored (checked in pixels).

The pages are ONE table, `PAGES`: a name, the path to open and whether the browser is signed in.
A new page is one line."""
import io
import shutil
import tempfile
import urllib.parse
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from axe_webauthn import real_violations
from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, Server

LANGUAGES = {"en": "ltr", "de": "ltr", "pt-BR": "ltr", "fa": "rtl", "ja": "ltr"}
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
SHOTS = ROOT / ".build" / "screenshots"
EMAIL, PASSWORD = "pages@example.com", "pages password 1"
GOOGLE_REDIRECT = "https://oauth-redirect.googleusercontent.com/r/pages-project"
OTHER_REDIRECT = "https://rp.example/callback"
ACCENT = "#0b5cad"


def authorize(client, redirect, scope):
    return "/authorize?" + urllib.parse.urlencode({
        "client_id": client, "redirect_uri": redirect, "response_type": "code", "state": "pages-state",
        "scope": scope})


# (name, path, signed in?). Sign-up pages (docs/accounts-and-email.md) are one line each here once they exist.
PAGES = [
    ("landing", "/", False),
    ("not-found", "/no-such-page", False),
    ("login", authorize("pages-google", GOOGLE_REDIRECT, "devices"), False),
    ("error-unknown-client", "/authorize?client_id=nobody&response_type=code", False),
    ("error-unregistered-redirect", authorize("pages-google", "https://evil.example/r", "devices"), False),
    ("consent-google", authorize("pages-google", GOOGLE_REDIRECT, "devices email"), True),
    ("consent-other", authorize("pages-rp", OTHER_REDIRECT, "openid email profile"), True),
    ("account", "/account", True),
    ("delete", "/account/delete/confirm", True),
    ("signup", "/signup", False),
    ("forgot-password", "/password/forgot", False),
    ("reset-password", "/password/reset?token=not-a-token", False),
    ("verify-email", "/verify-email?token=not-a-token", False),
]
SERIOUS = {"serious", "critical"}


def logo_file(folder):
    """A 48×48 logo: a solid square in the accent colour (so its position shows in a screenshot)."""
    path = Path(folder) / "logo.png"
    Image.new("RGB", (48, 48), ACCENT).save(path)
    return path


@pytest.fixture(scope="module")
def site(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-pages-") as folder:
        server = Server(folder, standins, {
            "ACCOUNTLINK_PRODUCT_NAME": "Acme Lights", "ACCOUNTLINK_LOGO_URL": str(logo_file(folder)),
            "ACCOUNTLINK_ACCENT_COLOR": ACCENT, "ACCOUNTLINK_PRIVACY_URL": "https://acme.example/privacy",
            "ACCOUNTLINK_TERMS_URL": "https://acme.example/terms"})
        server.cli("client", "add", "--id", "pages-google", "--name", "Google", "--google-project", "pages-project",
                   "--scope", "devices", "--scope", "email")
        server.cli("client", "add", "--id", "pages-rp", "--name", "Garden Planner", "--redirect-uri", OTHER_REDIRECT,
                   "--scope", "openid", "--scope", "email", "--scope", "profile")
        server.cli("user", "add", "--email", EMAIL, "--password-stdin", stdin=PASSWORD + "\n")
        server.start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="module")
def browser():
    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not binary or not driver_path:
        pytest.fail("chromium and chromium-driver are required (make test installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    driver.implicitly_wait(10)
    yield driver
    driver.quit()


def resize(driver, size):
    width, height = SIZES[size]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"})


def with_lang(path, lang):
    return path + ("&" if "?" in path else "?") + "lang=" + lang


def sign_in(driver, site):
    driver.get(site.url("/login"))
    driver.find_element(By.NAME, "email").send_keys(EMAIL)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit(driver)
    WebDriverWait(driver, 20).until(lambda d: urllib.parse.urlsplit(d.current_url).path == "/account")


def submit(driver):
    """Presses the form's submit button and waits until the next page has replaced this one."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    # Asking about the old page while it is being replaced can fail with chromedriver's "unhandled
    # inspector error" (the page's context is gone): that means "not yet", so ask again.
    WebDriverWait(driver, 20, ignored_exceptions=(WebDriverException,)).until(expected_conditions.staleness_of(old))


def open_page(driver, site, path, lang):
    driver.get(site.url(with_lang(path, lang)))
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
    root = driver.find_element(By.TAG_NAME, "html")
    assert root.get_attribute("lang") == lang, (path, lang, root.get_attribute("lang"))
    assert root.get_attribute("dir") == LANGUAGES[lang], (path, lang)
    assert driver.find_elements(By.CSS_SELECTOR, "footer nav a[hreflang]"), "the language switch is on every page"


def visit_all(driver, site, check):
    """Opens every page of the table in every language, signed out first, then signed in."""
    driver.get(site.url("/healthz"))
    driver.delete_all_cookies()
    for signed_in in (False, True):
        if signed_in:
            sign_in(driver, site)
        for name, path, needs_session in PAGES:
            if needs_session == signed_in:
                for lang in LANGUAGES:
                    open_page(driver, site, path, lang)
                    check(name, lang)


def test_every_page_in_every_language_passes_axe_and_is_photographed(browser, site):
    SHOTS.mkdir(parents=True, exist_ok=True)
    axe, problems = Axe(browser), []

    def desktop(name, lang):
        axe.inject()
        results = axe.run()
        assert results["passes"], "axe-core ran no rule"
        for violation in real_violations(browser, results["violations"]):
            if violation["impact"] in SERIOUS:
                targets = [node["target"] for node in violation["nodes"]][:3]
                problems.append(f"{name} [{lang}]: {violation['id']} ({violation['impact']}) {targets}")
        browser.save_screenshot(str(SHOTS / f"{name}.{lang}.1280x900.png"))
        loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        remote = [url for url in loaded if not url.startswith(site.base_url + "/")]
        # The one script allowed is our own same-origin passkey script (docs/passkeys.md); nothing inline.
        tags = browser.execute_script(
            "return document.querySelectorAll('script:not([src=\"/static/passkey.js\"]), link[rel=stylesheet]').length")
        if remote or tags:
            problems.append(f"{name} [{lang}]: loads remote or script resources {remote}")

    def phone(name, lang):
        browser.save_screenshot(str(SHOTS / f"{name}.{lang}.390x844.png"))
        if name.startswith("consent"):
            assert_actions_on_screen(browser, name, lang)

    resize(browser, "desktop")
    visit_all(browser, site, desktop)
    resize(browser, "phone")
    visit_all(browser, site, phone)
    resize(browser, "desktop")
    assert not problems, "axe-core found serious or critical violations:\n" + "\n".join(problems)
    assert len(list(SHOTS.glob("*.png"))) >= len(PAGES) * len(LANGUAGES) * len(SIZES)


def assert_actions_on_screen(driver, name, lang):
    height = driver.execute_script("return window.innerHeight")
    for value in ("allow", "deny"):
        button = driver.find_element(By.CSS_SELECTOR, f'button[name="decision"][value="{value}"]')
        rect = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", button)
        assert 0 <= rect["top"] and rect["bottom"] <= height, f"{name} [{lang}]: {value} is below the fold: {rect}"


def ink_columns(png, colour):
    """The x range of pixels close to `colour` in a screenshot (the logo square)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    target = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    width, height = image.size
    pixels = image.load()
    xs = [x for x in range(width) for y in range(0, min(height, 300), 4)
          if sum(abs(a - b) for a, b in zip(pixels[x, y], target)) < 30]
    assert xs, "the logo is not on the page"
    return min(xs), max(xs), width


def test_persian_page_is_mirrored_in_pixels(browser, site):
    resize(browser, "desktop")
    spans = {}
    for lang in ("en", "fa"):
        open_page(browser, site, "/", lang)
        header = browser.find_element(By.CSS_SELECTOR, "main header.brand")
        spans[lang] = ink_columns(header.screenshot_as_png, ACCENT)
    (en_left, en_right, width), (fa_left, fa_right, _) = spans["en"], spans["fa"]
    assert en_right < width / 2 < fa_left, spans
    # Mirrored: the logo's distance from the start edge is the same on both sides (±4 px).
    assert abs(en_left - (width - 1 - fa_right)) <= 4, spans


def test_language_switch_keeps_a_pending_authorization(browser, site):
    browser.get(site.url("/healthz"))
    browser.delete_all_cookies()
    open_page(browser, site, authorize("pages-google", GOOGLE_REDIRECT, "devices"), "en")
    browser.find_element(By.CSS_SELECTOR, 'footer a[hreflang="de"]').click()
    WebDriverWait(browser, 20).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")
    assert urllib.parse.urlsplit(browser.current_url).path == "/authorize/resume"
    browser.find_element(By.NAME, "email").send_keys(EMAIL)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit(browser)
    allow = browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="allow"]')
    assert allow.text == "Zustimmen und verknüpfen", "the remembered choice holds on the next page"
    browser.find_element(By.CSS_SELECTOR, 'footer a[hreflang="ja"]').click()
    WebDriverWait(browser, 20).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja")
    browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="allow"]').click()
    WebDriverWait(browser, 20).until(lambda d: d.current_url.startswith(GOOGLE_REDIRECT))
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(browser.current_url).query)
    assert query["state"] == ["pages-state"] and query["code"][0].startswith("alc_")


def test_throttled_sign_in_says_to_wait(browser, site):
    """Last in this module: it throttles 127.0.0.1 for a while."""
    browser.get(site.url("/healthz"))
    browser.delete_all_cookies()
    message = ""
    for _ in range(8):
        open_page(browser, site, "/login", "en")
        browser.find_element(By.NAME, "email").send_keys(EMAIL)
        browser.find_element(By.NAME, "password").send_keys("not the password")
        submit(browser)
        message = browser.find_element(By.CSS_SELECTOR, "[role=alert]").text
        if "wait" in message:
            break
    assert "wait about" in message and "minute" in message and "incorrect" not in message, message
    open_page(browser, site, "/login", "en")
    browser.find_element(By.NAME, "email").send_keys(EMAIL)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit(browser)
    assert "wait about" in browser.find_element(By.CSS_SELECTOR, "[role=alert]").text, "the right password waits too"
