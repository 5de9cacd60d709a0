"""App Flip end to end against the built server: the association files, the App Flip link opened in
a browser, and `accountlink simulate app-flip` for the success path and each error flag (issue: App
Flip; docs/app-flip-ios.md §2)."""
import base64
import tempfile
import urllib.parse

import pytest
import requests

from browserless import Browser, random_state
from conftest import APPLE_BUNDLE, Server

EMAIL, PASSWORD = "flipper@example.com", "a long enough password"
APP_FLIP_REDIRECT = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"
WEB_REDIRECT = "https://oauth-redirect.googleusercontent.com/r/flip-project"


@pytest.fixture(scope="module")
def setup(server):
    secret = server.cli("client", "add", "--id", "google", "--name", "Google", "--google-project", "flip-project",
                        "--app-flip").stdout.strip()
    server.cli("client", "add", "--id", "web-only", "--name", "Web only", "--google-project", "web-project")
    server.cli("client", "add", "--id", "app", "--name", "Flip App", "--public", "--first-party")
    server.cli("user", "add", "--email", EMAIL, "--password-stdin", stdin=PASSWORD + "\n")
    return {"secret": secret}


def simulate(server, setup, *flags, with_server=True):
    args = ["simulate", "app-flip", "--google-secret-stdin", "--email", EMAIL, "--password-stdin", *flags]
    if with_server:
        args += ["--server", server.base_url]
    return server.cli(*args, stdin=f"{setup['secret']}\n{PASSWORD}\n", check=False)


def steps(result):
    return [line for line in result.stdout.splitlines() if line[:1].isdigit()]


def test_success_links_redeems_and_refreshes(server, setup):
    result = simulate(server, setup, with_server=False)  # the default server is the configured issuer
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert [s.split(".")[0] for s in steps(result)] == [str(n) for n in range(1, 9)]
    assert "200 random characters" in out
    assert f"apple-app-site-association lists /app-flip for {server.env['ACCOUNTLINK_APPLE_APP_IDS']}" in out
    assert "state decoded intact (200 characters)" in out
    assert "Bearer token → HTTP 200: code" in out
    assert "the same answer as the server's redirect_to" in out
    assert "state is identical" in out
    assert "redeems the code at POST /token (HTTP Basic" in out
    assert "new access token" in out
    assert "RESULT: as expected: linked" in out


def test_deny_returns_access_denied(server, setup):
    result = simulate(server, setup, "--deny")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "decision=deny" in result.stdout
    assert "error=access_denied: not recoverable" in result.stdout
    assert "RESULT: as expected: access_denied" in result.stdout
    assert "redeems the code" not in result.stdout


def test_wrong_client_is_invalid_request_and_never_redirected(server, setup):
    result = simulate(server, setup, "--wrong-client")
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "client_id is not the one Google registered" in out
    assert "error=invalid_request (Linking could not start. Please try again.)" in out
    assert "error=invalid_request: recoverable" in out
    assert "no Location: nothing is redirected" in out
    assert "RESULT: as expected: invalid_request" in out


def test_foreign_redirect_gets_no_redirect_to(server, setup):
    result = simulate(server, setup, "--foreign-redirect")
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "https://attacker.example/a/com.google.Chromecast" in out
    assert "the app answers nowhere" in out
    assert "no redirect_to, nothing is sent anywhere" in out
    assert "no Location: nothing is redirected" in out
    assert "RESULT: as expected: invalid_request" in out


def test_signed_out_is_cancelled_and_recoverable(server, setup):
    result = server.cli("simulate", "app-flip", "--server", server.base_url, "--signed-out", check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("error=cancelled (Please sign in to link your account.)") == 2
    assert "error=cancelled: recoverable" in result.stdout
    assert "RESULT: as expected: cancelled" in result.stdout


def test_unexpected_outcomes_exit_1(server, setup):
    wrong_password = server.cli("simulate", "app-flip", "--server", server.base_url, "--google-secret-stdin",
                                "--email", EMAIL, "--password-stdin", stdin=f"{setup['secret']}\nnot the password\n",
                                check=False)
    assert wrong_password.returncode == 1
    assert "FAILED: the app could not sign in" in wrong_password.stderr
    wrong_secret = server.cli("simulate", "app-flip", "--server", server.base_url, "--google-secret", "wrong-secret-x",
                              "--email", EMAIL, "--password-stdin", stdin=PASSWORD + "\n", check=False)
    assert wrong_secret.returncode == 1
    assert "FAILED: the code was not redeemed: HTTP 401" in wrong_secret.stderr
    nobody = server.cli("simulate", "app-flip", "--server", "http://127.0.0.1:9", "--signed-out", check=False)
    assert nobody.returncode == 1
    assert "cannot reach" in nobody.stderr
    both = server.cli("simulate", "app-flip", "--deny", "--signed-out", check=False)
    assert both.returncode == 64


def test_apple_app_site_association(server, setup):
    response = requests.get(server.url("/.well-known/apple-app-site-association"), allow_redirects=False, timeout=5)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    details = response.json()["applinks"]["details"]
    assert response.json()["applinks"]["apps"] == []
    app_id = server.env["ACCOUNTLINK_APPLE_APP_IDS"]
    assert app_id.endswith("." + APPLE_BUNDLE)
    assert details == [{"appIDs": [app_id], "components": [{"/": "/app-flip", "comment": details[0]["components"][0]["comment"]}],
                        "appID": app_id, "paths": ["/app-flip"]}]
    # Password AutoFill beside Sign in with Apple (docs/ios-apple-sign-in.md, 3).
    assert response.json()["webcredentials"] == {"apps": [app_id]}


def test_assetlinks_is_an_empty_list_when_not_configured(server, setup):
    response = requests.get(server.url("/.well-known/assetlinks.json"), allow_redirects=False, timeout=5)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    assert response.json() == []


def fallback(server, client_id="google", redirect_uri=APP_FLIP_REDIRECT, state=None, extra=""):
    query = urllib.parse.urlencode({"client_id": client_id, "scope": "openid devices", "state": state or "s",
                                    "redirect_uri": redirect_uri}, quote_via=urllib.parse.quote)
    return requests.get(server.url("/app-flip?" + query + extra), allow_redirects=False, timeout=5)


def test_app_flip_link_in_a_browser_continues_at_authorize(server, setup):
    state = random_state(48) + " +&=%é"
    response = fallback(server, state=state)
    assert response.status_code == 302
    location = urllib.parse.urlsplit(response.headers["Location"])
    assert location.path == "/authorize"
    query = urllib.parse.parse_qs(location.query)
    assert query == {"response_type": ["code"], "client_id": ["google"], "scope": ["openid devices"],
                     "state": [state], "redirect_uri": [APP_FLIP_REDIRECT]}
    # The browser flow then completes on the App Flip redirect URI, and that code redeems at /token.
    back = Browser(server.base_url).link(response.headers["Location"], EMAIL, PASSWORD)
    assert back.status_code in (302, 303), back.text[:1000]
    returned = urllib.parse.urlsplit(back.headers["Location"])
    assert back.headers["Location"].startswith(APP_FLIP_REDIRECT + "?")
    answer = urllib.parse.parse_qs(returned.query)
    assert answer["state"] == [state]
    basic = base64.b64encode(f"google:{setup['secret']}".encode()).decode()
    token = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": answer["code"][0],
                                                      "redirect_uri": APP_FLIP_REDIRECT},
                          headers={"Authorization": "Basic " + basic}, timeout=5)
    assert token.status_code == 200, token.text
    assert token.json()["refresh_token"]


def test_browser_fallback_keeps_a_registered_web_redirect(server, setup):
    response = fallback(server, redirect_uri=WEB_REDIRECT)
    assert response.status_code == 302
    assert urllib.parse.parse_qs(urllib.parse.urlsplit(response.headers["Location"]).query)["redirect_uri"] == [WEB_REDIRECT]


@pytest.mark.parametrize("case", ["unknown client", "unregistered App Flip URI", "foreign redirect", "doubled",
                                  "missing redirect"])
def test_browser_fallback_refuses_without_redirecting(server, setup, case):
    response = {
        "unknown client": lambda: fallback(server, client_id="nobody"),
        # web-only was registered without --app-flip: Google's /a/ URI is not its redirect URI.
        "unregistered App Flip URI": lambda: fallback(server, client_id="web-only"),
        "foreign redirect": lambda: fallback(server, redirect_uri="https://evil.example/a/com.google.Chromecast"),
        "doubled": lambda: fallback(server, extra="&client_id=web-only"),
        "missing redirect": lambda: requests.get(server.url("/app-flip?client_id=google&state=s"),
                                                 allow_redirects=False, timeout=5),
    }[case]()
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert response.headers["Content-Type"].startswith("text/html")


@pytest.fixture(scope="module")
def configured(standins):
    """A second server with the Android package and a custom App Flip path."""
    with tempfile.TemporaryDirectory(prefix="accountlink-e2e-flip-") as folder:
        instance = Server(folder, standins, extra_env={
            "ACCOUNTLINK_APP_FLIP_PATH": "/link/google",
            "ACCOUNTLINK_ANDROID_PACKAGE": "com.example.smarthome",
            "ACCOUNTLINK_ANDROID_CERT_FINGERPRINTS": "14:6d:e9:83,AA:BB:CC:DD",
        }).start()
        try:
            yield instance
        finally:
            instance.stop()


def test_configured_path_and_android_asset_links(configured):
    aasa = requests.get(configured.url("/.well-known/apple-app-site-association"), timeout=5).json()
    assert aasa["applinks"]["details"][0]["paths"] == ["/link/google"]
    assert aasa["applinks"]["details"][0]["components"][0]["/"] == "/link/google"
    assert aasa["webcredentials"]["apps"] == [d["appIDs"][0] for d in aasa["applinks"]["details"]]
    links = requests.get(configured.url("/.well-known/assetlinks.json"), timeout=5).json()
    assert links == [{"relation": ["delegate_permission/common.handle_all_urls"],
                      "target": {"namespace": "android_app", "package_name": "com.example.smarthome",
                                 "sha256_cert_fingerprints": ["14:6D:E9:83", "AA:BB:CC:DD"]}}]
    moved = requests.get(configured.url("/link/google?client_id=x&redirect_uri=y"), allow_redirects=False, timeout=5)
    assert moved.status_code == 400
    assert requests.get(configured.url("/app-flip"), allow_redirects=False, timeout=5).status_code == 404
    configured.cli("client", "add", "--id", "google", "--name", "Google", "--app-flip")
    configured.cli("client", "add", "--id", "app", "--name", "App", "--public", "--first-party")
    result = configured.cli("simulate", "app-flip", "--signed-out", check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert configured.base_url + "/link/google?client_id=" in result.stdout
    assert "apple-app-site-association lists /link/google for" in result.stdout


@pytest.mark.parametrize("accept_language, description", [
    ("de-DE,de;q=0.9,en;q=0.5", "Bitte melde dich an, um dein Konto zu verknüpfen."),
    ("ja", "アカウントを連携するにはログインしてください。"),
    ("fr-CA, fr;q=0.8", "Please sign in to link your account."),
    (None, "Please sign in to link your account."),
])
def test_app_flip_errors_speak_the_persons_language(server, setup, accept_language, description):
    """error_description reaches the person in Google's app: short, in Accept-Language, else English."""
    headers = {"Authorization": "Bearer not-a-token"}
    if accept_language:
        headers["Accept-Language"] = accept_language
    answer = requests.post(server.url("/app-flip/authorize"), headers=headers, timeout=15,
                           data={"client_id": "google", "redirect_uri": APP_FLIP_REDIRECT, "scope": "", "state": "s"})
    assert answer.status_code == 401 and answer.json()["error"] == "cancelled"
    assert answer.json()["error_description"] == description
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(answer.json()["redirect_to"]).query)
    assert query["error_description"] == [description] and query["error"] == ["cancelled"]

