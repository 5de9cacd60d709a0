"""`accountlink backup` while the server serves refreshes, then `accountlink restore` into a new folder:
every token issued before the backup began works on the restored copy (docs/operations.md, Backup and
restore)."""
import base64
import secrets
import tempfile
import threading
import time
from pathlib import Path

import requests

from conftest import Server

MASTER_KEY = base64.b64encode(secrets.token_bytes(32)).decode()


def refresh(server, client, secret, refresh_token):
    return requests.post(server.url("/token"), data={"grant_type": "refresh_token", "refresh_token": refresh_token},
                         auth=(client, secret), timeout=30)


class RefreshLoad:
    """Threads refreshing their own grants in a loop; every access token received is kept with the time
    its answer arrived (so after it was issued)."""

    def __init__(self, server, client, secret, refresh_tokens):
        self.server, self.client, self.secret = server, client, secret
        self.refresh_tokens = refresh_tokens
        self.received = []  # (time answered, access token)
        self.failures = []
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.run, args=(token,)) for token in refresh_tokens]

    def run(self, refresh_token):
        while not self.stop.is_set():
            answer = refresh(self.server, self.client, self.secret, refresh_token)
            with self.lock:
                if answer.status_code == 200:
                    self.received.append((time.monotonic(), answer.json()["access_token"]))
                else:
                    self.failures.append(answer.text)

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=60)


def test_backup_under_refresh_load_restores_every_earlier_token(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-backup-") as first, \
            tempfile.TemporaryDirectory(prefix="accountlink-restore-") as second:
        source = Server(first, standins, {"ACCOUNTLINK_MASTER_KEY": MASTER_KEY})
        # The restored server answers at the same public address (the `iss` its tokens carry).
        issuer = {"ACCOUNTLINK_MASTER_KEY": MASTER_KEY, "ACCOUNTLINK_ISSUER": source.base_url}
        source.env.update(issuer)
        source.start()
        try:
            client, secret, email, answer = source.first_party_tokens("bk", "backup passphrase 1")
            pairs = [answer.json()]
            for _ in range(5):
                more = requests.post(source.url("/token"), data={
                    "grant_type": "password", "username": email, "password": "backup passphrase 1",
                    "scope": "openid email"}, auth=(client, secret), timeout=30)
                assert more.status_code == 200, more.text
                pairs.append(more.json())
            loaded = pairs[3:]
            with RefreshLoad(source, client, secret, [pair["refresh_token"] for pair in loaded]) as load:
                time.sleep(1.0)
                began = time.monotonic()
                with load.lock:
                    before_backup = [token for answered, token in load.received if answered < began]
                backup_file = Path(first) / "backup.sqlite"
                result = source.cli("backup", str(backup_file))
                assert "master key is not in the backup" in result.stderr
                time.sleep(0.5)
            assert not load.failures, load.failures[:3]
            assert len(before_backup) >= 10, "the load was not running when the backup began"
            assert any(answered > began for answered, _ in load.received), "no refresh while the backup ran"
        finally:
            source.stop()

        restored = Server(second, standins, issuer)
        assert "restored" in restored.cli("restore", str(backup_file)).stdout
        restored.start()
        try:
            access_tokens = [pair["access_token"] for pair in pairs] + before_backup
            for token in access_tokens:
                info = requests.get(restored.url("/userinfo"), headers={"Authorization": f"Bearer {token}"},
                                    timeout=30)
                assert info.status_code == 200, info.text
                assert info.json()["email"] == email
            for pair in pairs:
                again = refresh(restored, client, secret, pair["refresh_token"])
                assert again.status_code == 200, again.text
        finally:
            restored.stop()
