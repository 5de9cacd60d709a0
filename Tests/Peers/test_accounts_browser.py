"""Sign-up and email verification in a real browser (headless Chromium): the person fills the sign-up
form, opens the link of the mail the SMTP server received, and presses the confirm button."""
import secrets
import tempfile

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import Server, free_port
from smtp_inbox import SMTPServer, link_in
from test_browser import browser  # noqa: F401  (the headless Chromium fixture)


@pytest.fixture(scope="module")
def mailing(standins):
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="accountlink-chromium-") as folder, SMTPServer(port) as smtp:
        server = Server(folder, standins, {"ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{port}"}).start()
        try:
            yield server, smtp.inbox
        finally:
            server.stop()


def page_text(driver, contains, timeout=20):
    """The text of the page once it contains `contains` (a click returns before the next page is in)."""
    WebDriverWait(driver, timeout, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: contains in main_text(d))
    return driver.find_element(By.TAG_NAME, "main").text


def main_text(driver):
    """The page's main text, or "" while a navigation replaces the page under it: chromedriver then
    answers "unhandled inspector error" for the node it just found (not yet the new page)."""
    try:
        return driver.find_element(By.TAG_NAME, "main").text
    except WebDriverException as error:
        if "unhandled inspector error" in str(error):
            return ""
        raise


def test_sign_up_and_confirm_in_chromium(browser, mailing):  # noqa: F811
    server, inbox = mailing
    email = f"chromium-{secrets.token_hex(4)}@example.com"
    browser.delete_all_cookies()
    browser.get(server.url("/login"))
    browser.find_element(By.LINK_TEXT, "Create an account").click()
    browser.find_element(By.ID, "email").send_keys(email)
    browser.find_element(By.ID, "password").send_keys("chromium passphrase 1")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert "Check your email" in page_text(browser, email)
    link = link_in(inbox.wait(email, "Confirm")[0], "/verify-email")
    browser.get(link)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert "Email address confirmed" in page_text(browser, "confirmed")
    browser.get(server.url("/account"))
    assert "Not confirmed yet" not in page_text(browser, email)
