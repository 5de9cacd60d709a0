"""Every database of an earlier schema in Tests/Fixtures/schemas (made by scripts/make-schema-fixtures.py)
is upgraded by the current binary, whatever migrations it carries, and all its data still works: the
password account signs in, the clients authenticate, refresh tokens issued before the upgrade refresh,
their access tokens pass introspection and UserInfo, the Google identity signs in to the same account, and
the sealed Google refresh token opens under the master key and is revoked at Google when that account
is deleted (docs/operations.md, Upgrades)."""
import json
import re
import secrets
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest
import requests

from conftest import GOOGLE_CLIENT, ROOT, Server, binary

FIXTURES = ROOT / "Tests/Fixtures/schemas"
MANIFEST = json.loads((FIXTURES / "manifest.json").read_text())
EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"


def level(path):
    return int(re.search(r"-(\d+)\.", path.name).group(1))


SQLITE = sorted(FIXTURES.glob("sqlite-*.sqlite"), key=level)
POSTGRES = sorted(FIXTURES.glob("postgres-*.sql"), key=level)


def test_there_are_fixtures_of_both_stores():
    assert [level(p) for p in SQLITE] == MANIFEST["levels"]
    assert len(POSTGRES) >= 3


def upgraded(server, fixture_level):
    """`migrate --check` lists what is pending above the fixture's level; serving applies it all."""
    before = server.cli("migrate", "--check", check=False)
    pending = [int(n) for n in re.findall(r"^migration (\d+)$", before.stdout, re.M)]
    if before.returncode == 1:
        assert pending and min(pending) > fixture_level, before.stdout
    else:
        assert before.returncode == 0 and not pending, before.stdout + before.stderr
    server.start()
    after = server.cli("migrate", "--check", check=False)
    assert after.returncode == 0, after.stdout + after.stderr
    return pending


def check_all_data_works(server, standins):
    google = MANIFEST["google_client"]
    password = MANIFEST["password_account"]
    # Clients and the password account: a password sign-in of the first-party app.
    signed_in = requests.post(server.url("/token"), data={
        "grant_type": "password", "client_id": MANIFEST["app_client"], "username": password["email"],
        "password": password["password"], "scope": "openid email"}, timeout=30)
    assert signed_in.status_code == 200, signed_in.text
    assert requests.post(server.url("/token"), data={
        "grant_type": "password", "client_id": MANIFEST["app_client"], "username": password["email"],
        "password": "not the password", "scope": "openid"}, timeout=30).status_code == 400
    # Live refresh tokens issued before the upgrade: the app's and Google's link (client secret checked).
    for refresh_token, auth, data in [
            (password["refresh_token"], None, {"client_id": MANIFEST["app_client"]}),
            (MANIFEST["linked"]["refresh_token"], (google["id"], google["secret"]), {})]:
        answer = requests.post(server.url("/token"), data={"grant_type": "refresh_token",
                                                           "refresh_token": refresh_token, **data},
                               auth=auth, timeout=30)
        assert answer.status_code == 200, answer.text
        access = answer.json()["access_token"]
        if auth:
            introspected = requests.post(server.url("/introspect"), data={"token": access}, auth=auth, timeout=30)
            assert introspected.status_code == 200 and introspected.json()["active"] is True, introspected.text
        info = requests.get(server.url("/userinfo"), headers={"Authorization": f"Bearer {access}"}, timeout=30)
        assert info.status_code == 200 and info.json()["sub"] == password["id"], info.text
    assert requests.post(server.url("/token"), data={"grant_type": "refresh_token", "refresh_token": "nope"},
                         auth=(google["id"], google["secret"]), timeout=30).status_code == 400
    # The Google identity: the same account on a new sign-in.
    account = MANIFEST["google_account"]
    nonce = secrets.token_urlsafe(12)
    again = requests.post(server.url("/token"), data={
        "grant_type": EXCHANGE, "client_id": MANIFEST["app_client"],
        "subject_token_type": "urn:ietf:params:oauth:token-type:id_token", "nonce": nonce,
        "subject_token": standins.google.id_token(GOOGLE_CLIENT, account["sub"], nonce=nonce, email=account["email"])},
        timeout=30)
    assert again.status_code == 200, again.text
    assert again.json()["account_id"] == account["id"] and again.json()["account_created"] is False
    # The sealed Google refresh token opens under the master key: deleting the account revokes it at Google.
    standins.google.refresh_tokens.add(account["google_refresh_token"])
    deleted = requests.post(server.url("/account/delete"),
                            headers={"Authorization": "Bearer " + again.json()["access_token"]}, timeout=30)
    assert deleted.status_code == 200, deleted.text
    assert account["google_refresh_token"] in standins.google.revoked


def fixture_server(folder, standins, database):
    return Server(folder, standins, {"ACCOUNTLINK_MASTER_KEY": MANIFEST["master_key"],
                                     "ACCOUNTLINK_ISSUER": MANIFEST["issuer"], "ACCOUNTLINK_DATABASE": database})


@pytest.mark.parametrize("fixture", SQLITE, ids=lambda p: p.name)
def test_sqlite_fixture_upgrades_with_all_its_data(fixture, standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-upgrade-") as folder:
        (Path(folder) / "db").mkdir()
        database = Path(folder) / "db/accountlink.sqlite"
        shutil.copy(fixture, database)
        server = fixture_server(folder, standins, f"sqlite:{database}")
        try:
            upgraded(server, level(fixture))
            check_all_data_works(server, standins)
        finally:
            server.stop()


@pytest.mark.parametrize("fixture", POSTGRES, ids=lambda p: p.name)
def test_postgres_fixture_upgrades_with_all_its_data(fixture, standins):
    from conftest import postgres_environment
    base = postgres_environment()["ACCOUNTLINK_DATABASE"]
    name = f"upgrade_{level(fixture)}_{secrets.token_hex(4)}"
    subprocess.run(["psql", "-q", base, "-c", f"CREATE DATABASE {name}"], check=True, timeout=60,
                   capture_output=True)
    url = base.rsplit("/", 1)[0] + "/" + name
    try:
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-f", str(fixture)], check=True, timeout=120,
                       capture_output=True)
        with tempfile.TemporaryDirectory(prefix="accountlink-upgrade-pg-") as folder:
            server = fixture_server(folder, standins, url)
            try:
                upgraded(server, level(fixture))
                check_all_data_works(server, standins)
            finally:
                server.stop()
    finally:
        subprocess.run(["psql", "-q", base, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], timeout=60,
                       capture_output=True)


def test_a_binary_older_than_the_database_refuses_to_serve(tmp_path, standins):
    """A database that records a migration above every one this binary knows (an upgrade undone by
    reinstalling the older package) is refused before anything is written."""
    (tmp_path / "db").mkdir()
    database = tmp_path / "db/accountlink.sqlite"
    shutil.copy(SQLITE[-1], database)
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO schema_migrations VALUES (100000, 0)")
    db.close()

    def contents():
        with sqlite3.connect(database) as reader:
            return list(reader.iterdump())

    before = contents()
    server = fixture_server(tmp_path, standins, f"sqlite:{database}")
    result = subprocess.run([binary(), "serve"], env=server.env, cwd=tmp_path, capture_output=True, text=True,
                            timeout=30)
    assert result.returncode == 65, result.stderr
    assert "newer than this binary knows" in result.stderr
    assert contents() == before, "nothing was written (opening it may only switch the journal to WAL)"
