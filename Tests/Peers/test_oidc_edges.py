"""OpenID Connect edges met by standard relying parties (docs/operations.md, OpenID Connect details), driven by
authlib and pyoidc against the built server: unknown scopes left out of the grant (OIDC Core §3.1.2.1),
`offline_access` (§11), `login_hint`, request objects refused (§6.1, §6.2), `response_mode=form_post`
(OAuth 2.0 Form Post Response Mode), RFC 9207 `iss`, and CORS for a browser-only client's origin."""
import base64
import hashlib
import re
import secrets
import tempfile
import urllib.parse

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from oic.oic import Client
from oic.oic.message import AuthorizationErrorResponse, AuthorizationResponse, RegistrationResponse
from oic.utils.authn.client import CLIENT_AUTHN_METHOD

from browserless import Browser, forms
from conftest import Server

EMAIL, PASSWORD = "edges@example.com", "an edge case password"
REDIRECT = "https://rp.example/callback"
WEB_ORIGIN = "https://spa.example"


@pytest.fixture(scope="module")
def provider(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-edges-") as folder:
        server = Server(folder, standins)
        secret = server.cli("client", "add", "--id", "rp", "--name", "Relying Party", "--redirect-uri", REDIRECT,
                            "--scope", "openid", "--scope", "email", "--scope", "profile").stdout.strip()
        server.cli("client", "add", "--id", "spa", "--name", "Browser App", "--public", "--redirect-uri",
                   WEB_ORIGIN + "/cb", "--web-origin", WEB_ORIGIN, "--web-origin", "http://localhost:5173")
        server.cli("user", "add", "--email", EMAIL, "--password-stdin", stdin=PASSWORD + "\n")
        server.start()
        try:
            yield server, secret
        finally:
            server.stop()


def session(secret, scope="openid email"):
    return OAuth2Session("rp", secret, scope=scope, redirect_uri=REDIRECT,
                         token_endpoint_auth_method="client_secret_basic")


def query(location):
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))


def test_discovery_says_what_is_supported(provider):
    server, secret = provider
    client = Client(client_authn_method=CLIENT_AUTHN_METHOD)
    info = client.provider_config(server.base_url)  # pyoidc validates the metadata
    assert "form_post" in info["response_modes_supported"]
    assert info["request_parameter_supported"] is False
    assert info["request_uri_parameter_supported"] is False
    assert info["authorization_response_iss_parameter_supported"] is True
    assert "offline_access" in info["scopes_supported"]


def test_unknown_scopes_are_left_out_and_offline_access_is_granted(provider):
    server, secret = provider
    rp = session(secret, scope="openid email phone offline_access address")
    url, state = rp.create_authorization_url(server.url("/authorize"), nonce=secrets.token_urlsafe(8))
    back = Browser(server.base_url).link(url, EMAIL, PASSWORD)
    assert back.status_code in (302, 303), back.text[:2000]
    items = query(back.headers["Location"])
    assert items["iss"] == server.base_url and items["state"] == state  # RFC 9207 §2
    token = rp.fetch_token(server.url("/token"), authorization_response=back.headers["Location"])
    assert token["scope"] == "openid email offline_access"
    assert token.get("refresh_token")
    assert token.get("id_token")


def test_errors_carry_iss_too(provider):
    server, secret = provider
    rp = session(secret, scope="openid")
    url, state = rp.create_authorization_url(server.url("/authorize"))
    back = Browser(server.base_url).link(url, EMAIL, PASSWORD, decision="deny")
    items = query(back.headers["Location"])
    assert items["error"] == "access_denied" and items["iss"] == server.base_url and items["state"] == state


def test_login_hint_prefills_the_email(provider):
    server, secret = provider
    url, _ = session(secret).create_authorization_url(server.url("/authorize"), login_hint="someone@example.com")
    page = Browser(server.base_url).get(url)
    form = next(f for f in forms(page.text) if "password" in f.fields)
    assert form.fields["email"] == "someone@example.com"
    plain, _ = session(secret).create_authorization_url(server.url("/authorize"))
    form = next(f for f in forms(Browser(server.base_url).get(plain).text) if "password" in f.fields)
    assert form.fields["email"] == ""


@pytest.mark.parametrize("name,code", [("request", "request_not_supported"),
                                       ("request_uri", "request_uri_not_supported")])
def test_request_objects_are_refused(provider, name, code):
    server, secret = provider
    client = Client(client_authn_method=CLIENT_AUTHN_METHOD)
    client.provider_config(server.base_url)
    client.store_registration_info(RegistrationResponse(client_id="rp", client_secret=secret, redirect_uris=[REDIRECT]))
    state = secrets.token_urlsafe(8)
    value = "eyJhbGciOiJub25lIn0.eyJzY29wZSI6Im9wZW5pZCJ9." if name == "request" else "https://rp.example/req.jwt"
    request = client.construct_AuthorizationRequest(request_args={
        "client_id": "rp", "response_type": "code", "scope": ["openid"], "redirect_uri": REDIRECT, "state": state,
        "nonce": "n"})
    # Added by hand: pyoidc's own `request` argument name shadows the parameter.
    url = request.request(client.authorization_endpoint) + "&" + urllib.parse.urlencode({name: value})
    back = Browser(server.base_url).get(url)
    assert back.status_code in (302, 303)
    answer = client.parse_response(AuthorizationResponse, info=urllib.parse.urlsplit(back.headers["Location"]).query,
                                   sformat="urlencoded", state=state)
    assert isinstance(answer, AuthorizationErrorResponse)
    assert answer["error"] == code and "code" not in answer.to_dict()


def test_form_post_posts_the_response_with_a_script_the_csp_allows(provider):
    server, secret = provider
    rp = session(secret, scope="openid email")
    url, state = rp.create_authorization_url(server.url("/authorize"), response_mode="form_post",
                                             nonce=secrets.token_urlsafe(8))
    page = Browser(server.base_url).link(url, EMAIL, PASSWORD)
    assert page.status_code == 200 and "Location" not in page.headers
    form = forms(page.text)[0]
    assert form.action == REDIRECT and form.method == "post"
    assert form.fields["state"] == state and form.fields["iss"] == server.base_url and form.fields["code"]
    # The one inline script runs because the CSP names its hash (CSP Level 3 §8.3), and nothing else may.
    script = re.search(r"<script>(.*?)</script>", page.text, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    csp = page.headers["Content-Security-Policy"]
    assert f"script-src 'sha256-{digest}'" in csp and "unsafe-inline'; img" in csp and "script-src 'self'" not in csp
    assert page.headers["Cache-Control"] == "no-store"
    token = rp.fetch_token(server.url("/token"), code=form.fields["code"], state=state)
    assert token["scope"] == "openid email"


def test_cors_allows_a_registered_web_origin_only(provider):
    server, secret = provider
    for path in ["/token", "/userinfo", "/revoke", "/.well-known/openid-configuration", "/jwks.json"]:
        preflight = requests.options(server.url(path), headers={
            "Origin": WEB_ORIGIN, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type"}, timeout=10)
        assert preflight.status_code == 204, path
        assert preflight.headers["Access-Control-Allow-Origin"] == WEB_ORIGIN
        assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
        assert "content-type" in preflight.headers["Access-Control-Allow-Headers"].lower()
        refused = requests.options(server.url(path), headers={
            "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}, timeout=10)
        assert refused.status_code == 403 and "Access-Control-Allow-Origin" not in refused.headers
    discovery = requests.get(server.url("/.well-known/openid-configuration"),
                             headers={"Origin": "http://localhost:5173"}, timeout=10)
    assert discovery.headers["Access-Control-Allow-Origin"] == "http://localhost:5173"
    assert "Origin" in discovery.headers["Vary"]
    keys = requests.get(server.url("/jwks.json"), headers={"Origin": "https://evil.example"}, timeout=10)
    assert keys.status_code == 200 and "Access-Control-Allow-Origin" not in keys.headers
    # An error answer is readable too, so the app can show it.
    token = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": "nope",
                                                      "client_id": "spa", "redirect_uri": WEB_ORIGIN + "/cb",
                                                      "code_verifier": "x" * 43},
                          headers={"Origin": WEB_ORIGIN}, timeout=10)
    assert token.status_code == 400 and token.headers["Access-Control-Allow-Origin"] == WEB_ORIGIN
    # Not for pages: the authorization endpoint never answers scripts of another origin.
    page = requests.get(server.url("/authorize"), headers={"Origin": WEB_ORIGIN}, timeout=10)
    assert "Access-Control-Allow-Origin" not in page.headers


def test_web_origins_are_checked_and_listed(provider):
    server, _ = provider
    for bad in ["https://spa.example/", "https://spa.example/path", "http://spa.example", "HTTPS://SPA.EXAMPLE"]:
        result = server.cli("client", "add", "--id", "bad", "--name", "Bad", "--public", "--redirect-uri",
                            WEB_ORIGIN + "/cb", "--web-origin", bad, check=False)
        assert result.returncode == 65, (bad, result.stderr)
        assert "web origin" in result.stderr
    import json
    listed = {c["id"]: c for c in json.loads(server.cli("client", "list", "--json").stdout)}
    assert listed["spa"]["web_origins"] == [WEB_ORIGIN, "http://localhost:5173"]
    assert listed["rp"]["web_origins"] == []


def test_form_post_submits_itself_in_a_real_browser(provider, tmp_path):
    """Chromium runs the page's one script under its CSP and posts the response to a loopback client."""
    import http.server
    import shutil
    import threading
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, _ = provider
    received = []

    class Callback(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"])).decode()
            received.append(dict(urllib.parse.parse_qsl(body)))
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<p id='done'>received</p>")

        def log_message(self, *args):
            pass

    rp = http.server.HTTPServer(("127.0.0.1", 0), Callback)
    thread = threading.Thread(target=rp.serve_forever, daemon=True)
    thread.start()
    callback = f"http://127.0.0.1:{rp.server_address[1]}/cb"
    client = "fp-" + secrets.token_hex(3)
    server.cli("client", "add", "--id", client, "--name", "Form Post", "--public", "--redirect-uri", callback)
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_page_load_timeout(20)
    driver.implicitly_wait(10)
    try:
        verifier = secrets.token_urlsafe(48)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        driver.get(server.url("/authorize?" + urllib.parse.urlencode({
            "client_id": client, "redirect_uri": callback, "response_type": "code", "state": "st-1",
            "response_mode": "form_post", "scope": "openid", "code_challenge": challenge,
            "code_challenge_method": "S256"})))
        driver.find_element(By.NAME, "email").send_keys(EMAIL)
        driver.find_element(By.NAME, "password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        driver.find_element(By.CSS_SELECTOR, "button[value=allow]").click()
        WebDriverWait(driver, 15).until(lambda d: received)  # nobody pressed Continue: the script posted
        assert driver.find_element(By.ID, "done").text == "received"
    finally:
        driver.quit()
        rp.shutdown()
        rp.server_close()
    [answer] = received
    assert answer["state"] == "st-1" and answer["iss"] == server.base_url
    token = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": answer["code"],
                                                      "client_id": client, "redirect_uri": callback,
                                                      "code_verifier": verifier}, timeout=10)
    assert token.status_code == 200 and token.json()["scope"] == "openid"
