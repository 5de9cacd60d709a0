"""Fixtures for the end-to-end tests: the built `accountlink` binary serving on loopback with a
throwaway SQLite database, and the Apple/Google stand-ins it is pointed at."""
import base64
import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import requests

from standins import StandInServer

ROOT = Path(__file__).resolve().parents[2]
APPLE_BUNDLE = "com.example.smarthome"
APPLE_SERVICES_ID = "com.example.smarthome.web"
GOOGLE_CLIENT = "1234-ios.apps.googleusercontent.com"
# Every test on the shared PostgreSQL test database must use this one master key: the signing keys
# stored there are sealed with it, and a server refuses to start with another (ACCOUNTLINK_MASTER_KEY).
POSTGRES_MASTER_KEY = base64.b64encode(secrets.token_bytes(32)).decode()


def binary():
    path = Path(os.environ.get("ACCOUNTLINK_BINARY", ROOT / ".build/release/accountlink"))
    if not path.exists():
        pytest.fail(f"{path} is missing: run `swift build -c release` (make test does)")
    return str(path)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, folder, standins, extra_env=None):
        self.folder = Path(folder)
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        (self.folder / "db").mkdir(exist_ok=True)  # an explicit SQLite path's folder must exist
        key_file = self.folder / "apple.p8"
        key_file.write_text(standins.apple.p8_pem())
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("ACCOUNTLINK_")}
        self.env.update({
            "ACCOUNTLINK_LISTEN": f"127.0.0.1:{self.port}",
            # An issuer on 127.0.0.1 has no default From (README.md, ACCOUNTLINK_MAIL_FROM): a test domain's.
            "ACCOUNTLINK_MAIL_FROM": "no-reply@accountlink.test",
            "ACCOUNTLINK_DATABASE": f"sqlite:{self.folder}/db/accountlink.sqlite",
            "ACCOUNTLINK_APPLE_CLIENT_IDS": f"{APPLE_BUNDLE},{APPLE_SERVICES_ID}",
            "ACCOUNTLINK_APPLE_TEAM_ID": standins.apple.team_id,
            "ACCOUNTLINK_APPLE_KEY_ID": standins.apple.key_id,
            "ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE": str(key_file),
            "ACCOUNTLINK_APPLE_BASE_URL": standins.base_url,
            "ACCOUNTLINK_APPLE_SERVICES_ID": APPLE_SERVICES_ID,
            "ACCOUNTLINK_GOOGLE_WEB_CLIENT_ID": standins.google.web_client_id,
            "ACCOUNTLINK_GOOGLE_WEB_CLIENT_SECRET": standins.google.web_client_secret,
            "ACCOUNTLINK_GOOGLE_AUTHORIZATION_URL": standins.base_url + "/google/auth",
            "ACCOUNTLINK_GOOGLE_TOKEN_URL": standins.base_url + "/google/token",
            "ACCOUNTLINK_GOOGLE_CLIENT_IDS": GOOGLE_CLIENT,
            "ACCOUNTLINK_GOOGLE_JWKS_URL": standins.base_url + "/oauth2/v3/certs",
            "ACCOUNTLINK_APPLE_APP_IDS": f"{standins.apple.team_id}.{APPLE_BUNDLE}",
            "ACCOUNTLINK_GOOGLE_RISC_CONFIGURATION_URL": standins.base_url + "/google/risc-configuration",
            "ACCOUNTLINK_GOOGLE_REVOKE_URL": standins.base_url + "/google/revoke",
        })
        self.env.update(extra_env or {})
        self.process = None
        self.log = open(self.folder / "server.log", "w+")

    def cli(self, *args, stdin=None, check=True):
        result = subprocess.run([binary(), *args], input=stdin, capture_output=True, text=True, env=self.env,
                                cwd=self.folder, timeout=60)
        if check and result.returncode != 0:
            raise AssertionError(f"accountlink {' '.join(args)} exited {result.returncode}: {result.stderr}")
        return result

    def start(self):
        self.process = subprocess.Popen([binary(), "serve"], env=self.env, cwd=self.folder,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"serve exited {self.process.returncode}: {self.logs()}")
            try:
                if requests.get(self.base_url + "/healthz", timeout=1).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise AssertionError("serve did not become healthy in 30 s: " + self.logs())

    def logs(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read()[-4000:]

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def url(self, path):
        return self.base_url + path

    def first_party_tokens(self, prefix, password, headers=None):
        """A new first-party client (openid, email) and a new user, and the password grant's answer:
        (client id, client secret, email, the token response)."""
        client = prefix + secrets.token_hex(3)
        secret = self.cli("client", "add", "--id", client, "--name", "App", "--first-party", "--scope", "openid",
                          "--scope", "email").stdout.strip()
        email = f"{prefix}{secrets.token_hex(4)}@example.com"
        self.cli("user", "add", "--email", email, "--password-stdin", stdin=password + "\n")
        tokens = requests.post(self.url("/token"), data={"grant_type": "password", "username": email,
                                                         "password": password, "scope": "openid email"},
                               auth=(client, secret), headers=headers, timeout=30)
        assert tokens.status_code == 200, tokens.text
        return client, secret, email, tokens


def postgres_environment():
    """The settings for the throwaway PostgreSQL database of scripts/test-postgres.sh. Every module that
    uses it shares one master key (POSTGRES_MASTER_KEY), since the signing keys stored there are
    sealed with it."""
    url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
    if not url:
        pytest.fail("ACCOUNTLINK_TEST_POSTGRES_URL is not set: run through scripts/test-postgres.sh (make test does)")
    return {"ACCOUNTLINK_DATABASE": url, "ACCOUNTLINK_MASTER_KEY": POSTGRES_MASTER_KEY}


@pytest.fixture(scope="session")
def standins():
    with StandInServer() as server:
        yield server


@pytest.fixture(scope="module")
def server(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-e2e-") as folder:
        instance = Server(folder, standins).start()
        try:
            yield instance
        finally:
            instance.stop()
