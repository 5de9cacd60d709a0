"""The deployment of docs/deploy.md, tested as written: Debian's nginx runs the configuration block of
that page (only ports, certificate paths and the host name replaced) with a certificate from a CA made
here, in front of the built server; through it Google's linking flow, App Flip's browser fallback, web
sign-in with Apple (form_post) and the account page; Secure cookies, HSTS, the https issuer in discovery
and tokens, the person's address as client_ip, and an http:// public issuer refused."""
import base64
import datetime
import ipaddress
import json
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.parse
from pathlib import Path

import jwt
import pytest
import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from requests.adapters import HTTPAdapter

from browserless import Browser, random_state
from conftest import APPLE_SERVICES_ID, ROOT, Server, binary, free_port

PERSON_IP = "127.0.0.2"  # the browser's address; nginx and the server talk over 127.0.0.1
EMAIL, PASSWORD = "deployed@example.com", "a deployed passphrase"
GOOGLE_REDIRECT = "https://oauth-redirect.googleusercontent.com/r/deploy-project"
APP_FLIP_REDIRECT = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"


def documented_nginx_config():
    text = (ROOT / "docs/deploy.md").read_text()
    blocks = re.findall(r"```nginx\n(.*?)```", text, re.S)
    assert len(blocks) == 1, "docs/deploy.md has exactly one nginx block"
    return blocks[0]


def config_for_test(documented, tls_port, plain_port, upstream_port, cert, key):
    """Only ports, paths and the host name change; every other line is the documented one."""
    replacements = [
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{tls_port} ssl http2;"),
        ("listen 80;", f"listen 127.0.0.1:{plain_port};"),
        ("/etc/ssl/accountlink/fullchain.pem", str(cert)),
        ("/etc/ssl/accountlink/privkey.pem", str(key)),
        ("http://127.0.0.1:8080", f"http://127.0.0.1:{upstream_port}"),
        ("login.example.com", "localhost"),
    ]
    config = documented
    for old, new in replacements:
        assert old in config, f"docs/deploy.md no longer has {old!r}"
        config = config.replace(old, new)
    changed = [a for a, b in zip(documented.splitlines(), config.splitlines()) if a != b]
    assert all(any(old in line for old, _ in replacements) for line in changed), changed
    return config


def make_certificates(folder):
    """A test CA and a certificate for localhost / 127.0.0.1 signed by it."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "AccountLink test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                        x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    paths = {name: folder / f"{name}.pem" for name in ("ca", "cert", "key")}
    paths["ca"].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths["cert"].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths["key"].write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption()))
    return paths


class FromPersonAddress(HTTPAdapter):
    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (PERSON_IP, 0)
        super().init_poolmanager(*args, **kwargs)


def person_session(ca):
    session = requests.Session()
    session.trust_env = False  # REQUESTS_CA_BUNDLE in the environment would win over `verify`
    session.verify = str(ca)
    session.mount("https://", FromPersonAddress())
    return session


class Nginx:
    def __init__(self, folder, server_blocks):
        self.folder = folder
        temp = folder / "temp"
        temp.mkdir()
        user = "user root;\n" if hasattr(__import__("os"), "geteuid") and __import__("os").geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(f"""{user}worker_processes 1;
error_log {folder}/error.log info;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
{server_blocks}
}}
""")
        self.process = None

    def start(self, port):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([nginx, "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                                         "-c", str(self.folder / "nginx.conf"),
                                         "-g", f"daemon off; pid {self.folder}/nginx.pid;"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 20
        import socket
        while time.time() < deadline:
            assert self.process.poll() is None, self.process.stderr.read().decode() + self.error_log()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.1)
        raise AssertionError("nginx did not listen: " + self.error_log())

    def error_log(self):
        path = self.folder / "error.log"
        return path.read_text()[-3000:] if path.exists() else ""

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="module")
def deployment(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-nginx-") as folder:
        folder = Path(folder)
        (folder / "app").mkdir()
        (folder / "proxy").mkdir()
        certs = make_certificates(folder)
        tls_port, plain_port = free_port(), free_port()
        issuer = f"https://localhost:{tls_port}"
        server = Server(folder / "app", standins, {"ACCOUNTLINK_ISSUER": issuer,
                                                    "ACCOUNTLINK_TRUSTED_PROXIES": "127.0.0.1"})
        config = config_for_test(documented_nginx_config(), tls_port, plain_port, server.port, certs["cert"],
                               certs["key"])
        nginx = Nginx(folder / "proxy", config)
        server.start()
        try:
            nginx.start(tls_port)
            secret = server.cli("client", "add", "--id", "google", "--name", "Google", "--google-project",
                                "deploy-project", "--app-flip", "--scope", "openid", "--scope", "devices").stdout.strip()
            server.cli("user", "add", "--email", EMAIL, "--password-stdin", stdin=PASSWORD + "\n")
            yield {"server": server, "issuer": issuer, "ca": certs["ca"], "secret": secret, "nginx": nginx,
                   "plain": f"http://127.0.0.1:{plain_port}"}
        finally:
            nginx.stop()
            server.stop()


def browser(deployment):
    person = Browser(deployment["issuer"])
    person.http = person_session(deployment["ca"])
    return person


def redeem(deployment, code, redirect_uri):
    session = person_session(deployment["ca"])
    return session.post(deployment["issuer"] + "/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri},
        auth=("google", deployment["secret"]), timeout=15)


def test_discovery_names_the_https_issuer_over_http2_with_hsts(deployment):
    issuer = deployment["issuer"]
    answer = person_session(deployment["ca"]).get(issuer + "/.well-known/openid-configuration", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["Strict-Transport-Security"].startswith("max-age=63072000")
    document = answer.json()
    assert document["issuer"] == issuer
    for name in ["authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint"]:
        assert document[name].startswith(issuer + "/"), (name, document[name])
    version = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_version}", "--http2",
                              "--cacert", str(deployment["ca"]), issuer + "/healthz"],
                             capture_output=True, text=True, timeout=20).stdout
    assert version == "2"
    plain = requests.get(deployment["plain"] + "/login", headers={"Host": "localhost"}, allow_redirects=False,
                         timeout=10)
    assert plain.status_code == 301 and plain.headers["Location"] == f"https://localhost/login"


def test_google_linking_flow_end_to_end(deployment):
    issuer = deployment["issuer"]
    person = browser(deployment)
    state = random_state()
    query = urllib.parse.urlencode({"response_type": "code", "client_id": "google", "redirect_uri": GOOGLE_REDIRECT,
                                    "scope": "openid devices", "state": state})
    login_page = person.follow(person.get(f"/authorize?{query}"))
    assert login_page.status_code == 200 and 'name="password"' in login_page.text
    signed_in = person.submit(login_page.text, login_page.url, {"email": EMAIL, "password": PASSWORD},
                              field="password")
    cookies = signed_in.headers.get("Set-Cookie", "")
    assert "al_session=" in cookies and "Secure" in cookies and "HttpOnly" in cookies, cookies
    assert signed_in.headers["Strict-Transport-Security"]
    consent = person.follow(signed_in)
    assert 'name="decision"' in consent.text
    back = person.submit(consent.text, consent.url, button=("decision", "allow"))
    assert back.status_code in (302, 303) and back.headers["Location"].startswith(GOOGLE_REDIRECT + "?")
    answer = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(back.headers["Location"]).query))
    assert answer["state"] == state
    tokens = redeem(deployment, answer["code"], GOOGLE_REDIRECT)
    assert tokens.status_code == 200, tokens.text
    body = tokens.json()
    jwks = jwt.PyJWKClient(issuer + "/jwks.json", ssl_context=__import__("ssl").create_default_context(
        cafile=str(deployment["ca"])))
    claims = jwt.decode(body["id_token"], jwks.get_signing_key_from_jwt(body["id_token"]).key,
                        algorithms=["RS256", "ES256"], audience="google", issuer=issuer)
    assert claims["iss"] == issuer
    refreshed = person_session(deployment["ca"]).post(issuer + "/token", data={
        "grant_type": "refresh_token", "refresh_token": body["refresh_token"]},
        auth=("google", deployment["secret"]), timeout=15)
    assert refreshed.status_code == 200, refreshed.text


def test_app_flip_browser_fallback(deployment):
    person = browser(deployment)
    state = random_state(48)
    link = "/app-flip?" + urllib.parse.urlencode({"client_id": "google", "scope": "openid devices", "state": state,
                                                  "redirect_uri": APP_FLIP_REDIRECT},
                                                 quote_via=urllib.parse.quote)
    first = person.get(link)
    assert first.status_code == 302 and urllib.parse.urlsplit(first.headers["Location"]).path == "/authorize"
    back = person.link(first.headers["Location"], EMAIL, PASSWORD)
    assert back.status_code in (302, 303) and back.headers["Location"].startswith(APP_FLIP_REDIRECT + "?")
    answer = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(back.headers["Location"]).query))
    assert answer["state"] == state and "code" in answer, answer
    assert redeem(deployment, answer["code"], APP_FLIP_REDIRECT).status_code == 200


def test_web_sign_in_with_apple_form_post_and_the_account_page(deployment, standins):
    issuer = deployment["issuer"]
    person = browser(deployment)
    start = person.get("/login/apple")
    assert start.status_code == 302
    binding = start.headers.get("Set-Cookie", "")
    assert "SameSite=None" in binding and "Secure" in binding, binding
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(start.headers["Location"]).query))
    assert query["response_mode"] == "form_post" and query["redirect_uri"] == issuer + "/login/apple/callback"
    sub = "001." + secrets.token_hex(8)
    email = f"apple-{secrets.token_hex(4)}@example.com"
    form = {"state": query["state"], "code": standins.apple.issue_code(APPLE_SERVICES_ID, sub, email),
            "id_token": standins.apple.identity_token(APPLE_SERVICES_ID, sub, nonce=query["nonce"], email=email)}
    callback = person.http.post(query["redirect_uri"], data=form, allow_redirects=False, timeout=15)
    assert callback.status_code == 303, callback.text[:500]
    assert "Secure" in callback.headers["Set-Cookie"]
    page = person.get(callback.headers["Location"])
    assert page.status_code == 200 and email in page.text
    assert page.headers["Strict-Transport-Security"]


def test_logs_carry_the_person_address_not_the_proxy(deployment):
    session = person_session(deployment["ca"])
    marker = "/healthz"
    # A client cannot choose its address: nginx replaces X-Forwarded-For with the connecting one.
    assert session.get(deployment["issuer"] + marker, headers={"X-Forwarded-For": "203.0.113.9"},
                       timeout=10).status_code == 200
    time.sleep(0.3)
    lines = [json.loads(line) for line in deployment["server"].logs().splitlines() if line.startswith("{")]
    requests_seen = [line for line in lines if line.get("event") == "http_request" and line.get("path") == marker
                     and line.get("client_ip") != "127.0.0.1"]
    proxied = [line["client_ip"] for line in lines if line.get("event") == "http_request"
               and line.get("path") in ("/authorize", "/token", "/login", "/healthz")]
    assert PERSON_IP in proxied, proxied[-10:]
    assert "203.0.113.9" not in proxied
    assert requests_seen and requests_seen[-1]["client_ip"] == PERSON_IP


def test_an_http_issuer_that_is_not_loopback_is_refused(tmp_path):
    result = subprocess.run([binary(), "serve", "--issuer", "http://login.example.com",
                             "--listen", f"127.0.0.1:{free_port()}",
                             "--database", f"sqlite:{tmp_path}/db.sqlite"], capture_output=True, text=True,
                            timeout=30, cwd=tmp_path,
                            env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 64, result.stderr
    assert "ACCOUNTLINK_ISSUER" in result.stderr or "--issuer" in result.stderr
