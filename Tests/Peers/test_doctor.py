"""`accountlink doctor` (docs/operations.md) against a deployment that satisfies Google's and Apple's
requirements, and against one that does not: exit status, the findings and their fixes."""
import base64
import copy
import json
import os
import secrets
import socket
import tempfile
from pathlib import Path

import pytest

from conftest import Server, free_port

ISSUER = "https://auth.example.test"


@pytest.fixture(scope="module")
def smtp_port():
    """A listening loopback socket: the kernel completes the TCP handshake, which is all doctor checks."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield listener.getsockname()[1]


@pytest.fixture(scope="module")
def ready(standins, smtp_port):
    with tempfile.TemporaryDirectory(prefix="accountlink-doctor-") as folder:
        server = Server(folder, standins, {
            "ACCOUNTLINK_ISSUER": ISSUER, "ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
            "ACCOUNTLINK_TRUSTED_PROXIES": "127.0.0.1",
            "ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{free_port()}", "ACCOUNTLINK_ADMIN_TOKEN": "a" * 40,
            "ACCOUNTLINK_METRICS_LISTENER": "admin",
            "ACCOUNTLINK_MASTER_KEY": base64.b64encode(secrets.token_bytes(32)).decode()})
        server.cli("client", "add", "--id", "google", "--name", "Google", "--google-project", "home-project",
                   "--app-flip")
        server.start()
        try:
            yield server
        finally:
            server.stop()


def doctor(server, *args):
    result = server.cli("doctor", "--json", *args, check=False)
    findings = json.loads(result.stdout)
    assert all(set(f) == {"check", "ok", "message", "fix"} for f in findings)
    return result.returncode, {f["check"]: f for f in findings}


def test_a_ready_deployment_passes_every_check(ready):
    status, findings = doctor(ready, "--via", ready.base_url)
    assert status == 0, [f for f in findings.values() if not f["ok"]]
    for check in ["https_issuer", "apple_app_ids", "apple_key", "master_key", "token_lifetime", "smtp",
                  "mail_from", "metrics",
                  "trusted_proxies", "master_key_file", "database_writable",
                  "google_client:google", "google_client:google:app_flip", "discovery", "jwks",
                  "apple_app_site_association"]:
        assert findings[check]["ok"], check
    text = ready.cli("doctor", "--via", ready.base_url, check=False)
    assert text.returncode == 0 and "ready for Google and Apple" in text.stderr


def test_a_broken_deployment_lists_each_problem_with_its_fix(ready):
    ready.cli("client", "add", "--id", "google-partial", "--name", "Partial", "--redirect-uri",
              "https://oauth-redirect.googleusercontent.com/r/other-project", "--rotate-refresh-tokens")
    broken = copy.copy(ready)  # the same database and server, a worse configuration
    dropped = {"ACCOUNTLINK_APPLE_APP_IDS", "ACCOUNTLINK_APPLE_KEY_ID", "ACCOUNTLINK_APPLE_TEAM_ID",
               "ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE"}
    broken.env = {k: v for k, v in ready.env.items() if k not in dropped}
    status, findings = doctor(broken, "--via", ready.base_url)
    assert status == 1
    failing = {name for name, f in findings.items() if not f["ok"]}
    assert {"apple_app_ids", "apple_key", "google_client:google-partial",
            "google_client:google-partial:refresh"} <= failing, failing
    assert "--google-project" in findings["google_client:google-partial"]["fix"]
    assert "ACCOUNTLINK_APPLE_APP_IDS" in findings["apple_app_ids"]["fix"]
    # One cause, one finding: the missing app IDs are not counted again as a missing association file.
    assert "apple_app_site_association" not in failing
    ready.cli("client", "remove", "google-partial")


def test_a_correct_deployment_without_app_flip_passes(ready):
    ready.cli("client", "add", "--id", "google-web", "--name", "Google", "--google-project", "web-project")
    ready.cli("client", "remove", "google")
    try:
        no_flip = copy.copy(ready)
        no_flip.env = {k: v for k, v in ready.env.items() if k != "ACCOUNTLINK_APPLE_APP_IDS"}
        status, findings = doctor(no_flip, "--via", ready.base_url)
        assert status == 0, [f for f in findings.values() if not f["ok"]]
        assert findings["apple_app_ids"]["ok"] and findings["apple_app_site_association"]["ok"]
    finally:
        ready.cli("client", "add", "--id", "google", "--name", "Google", "--google-project", "home-project",
                  "--app-flip")
        ready.cli("client", "remove", "google-web")


@pytest.mark.parametrize("mail_from", ["no-reply@127.0.0.1", "no-reply@localhost"])
def test_a_public_metrics_endpoint_and_an_invalid_from_are_findings(ready, mail_from):
    changed = copy.copy(ready)
    changed.env = {k: v for k, v in ready.env.items() if k != "ACCOUNTLINK_METRICS_LISTENER"}
    changed.env["ACCOUNTLINK_MAIL_FROM"] = mail_from
    status, findings = doctor(changed, "--via", ready.base_url)
    assert status == 1
    assert sorted(name for name, f in findings.items() if not f["ok"]) == ["mail_from", "metrics"]
    assert "ACCOUNTLINK_METRICS_LISTENER=admin" in findings["metrics"]["fix"]
    assert "ACCOUNTLINK_MAIL_FROM" in findings["mail_from"]["fix"]


def test_an_address_issuer_has_no_default_from_and_says_so(tmp_path, standins):
    server = Server(tmp_path, standins)  # issuer http://127.0.0.1:PORT
    del server.env["ACCOUNTLINK_MAIL_FROM"]
    server.cli("migrate")
    status, findings = doctor(server)
    assert not findings["mail_from"]["ok"] and "ACCOUNTLINK_MAIL_FROM" in findings["mail_from"]["fix"]


def test_an_unreachable_http_development_server_fails(tmp_path, standins):
    server = Server(tmp_path, standins)
    server.cli("migrate")
    status, findings = doctor(server)
    assert status == 1
    assert not findings["https_issuer"]["ok"] and "ACCOUNTLINK_ISSUER" in findings["https_issuer"]["fix"]
    assert not findings["master_key"]["ok"], "the generated key lies beside the SQLite database"
    assert not findings["google_client"]["ok"] and "--google-project" in findings["google_client"]["fix"]
    assert not findings["server"]["ok"]



def test_an_smtp_server_that_does_not_answer_fails_with_its_fix(ready):
    closed = copy.copy(ready)
    closed.env = dict(ready.env, ACCOUNTLINK_SMTP_URL=f"smtp://127.0.0.1:{free_port()}")  # nothing listens
    status, findings = doctor(closed, "--via", ready.base_url)
    assert status == 1
    assert not findings["smtp"]["ok"] and "ACCOUNTLINK_SMTP_URL" in findings["smtp"]["fix"]
    assert [name for name, f in findings.items() if not f["ok"]] == ["smtp"]


def test_no_smtp_url_means_mail_never_leaves_the_outbox(ready):
    silent = copy.copy(ready)
    silent.env = {k: v for k, v in ready.env.items() if k != "ACCOUNTLINK_SMTP_URL"}
    status, findings = doctor(silent, "--via", ready.base_url)
    assert status == 1
    assert not findings["smtp"]["ok"] and "outbox" in findings["smtp"]["message"]
    assert "ACCOUNTLINK_SMTP_URL" in findings["smtp"]["fix"]


@pytest.mark.parametrize("proxies", [None, "*", "0.0.0.0/0"])
def test_proxy_headers_not_trusted_or_trusted_from_everywhere(ready, proxies):
    changed = copy.copy(ready)
    changed.env = {k: v for k, v in ready.env.items() if k != "ACCOUNTLINK_TRUSTED_PROXIES"}
    if proxies:
        changed.env["ACCOUNTLINK_TRUSTED_PROXIES"] = proxies
    status, findings = doctor(changed, "--via", ready.base_url)
    assert status == 1
    assert [name for name, f in findings.items() if not f["ok"]] == ["trusted_proxies"]
    assert "ACCOUNTLINK_TRUSTED_PROXIES" in findings["trusted_proxies"]["message" if proxies else "fix"]


def test_an_http_development_issuer_needs_no_proxy(tmp_path, standins):
    server = Server(tmp_path, standins)
    server.cli("migrate")
    status, findings = doctor(server)
    assert findings["trusted_proxies"]["ok"], findings["trusted_proxies"]


def test_a_master_key_file_readable_by_others(tmp_path, standins):
    server = Server(tmp_path, standins)
    server.cli("migrate")  # generates db/master.key, 0600
    key = tmp_path / "db/master.key"
    status, findings = doctor(server)
    assert findings["master_key_file"]["ok"], findings["master_key_file"]
    key.chmod(0o644)
    status, findings = doctor(server)
    assert status == 1 and not findings["master_key_file"]["ok"]
    assert "readable by others" in findings["master_key_file"]["message"] and "chmod 600" in findings["master_key_file"]["fix"]


def as_other_user(command):
    """Runs as `nobody` when we are root (root writes anywhere), as ourselves otherwise."""
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *command]


def test_a_database_the_service_cannot_write(standins):
    import subprocess
    from conftest import binary
    with tempfile.TemporaryDirectory(prefix="accountlink-doctor-db-") as top:
        top = Path(top)
        top.chmod(0o755)  # the other user must reach the configuration and the database
        folder = top / "data"
        folder.mkdir()
        server = Server(top, standins, {"ACCOUNTLINK_DATABASE": f"sqlite:{folder}/accountlink.sqlite"})
        server.cli("migrate")
        folder.chmod(0o555)  # readable, not writable: SQLite cannot write its -wal, -shm or lock files
        try:
            result = subprocess.run(as_other_user([binary(), "doctor", "--json"]), capture_output=True, text=True,
                                    env=server.env, cwd=top, timeout=60)
        finally:
            folder.chmod(0o755)
        assert result.returncode == 1, result.stderr
        findings = {f["check"]: f for f in json.loads(result.stdout)}
        assert not findings["database_writable"]["ok"], findings
        assert "is not writable by this user" in findings["database_writable"]["message"]
