#!/usr/bin/env python3
"""Makes Tests/Fixtures/schemas/: databases at earlier AccountLink schema levels, with realistic data,
for the upgrade tests (Tests/Peers/test_schema_upgrades.py; docs/operations.md, Upgrades). Run once,
when a schema level worth keeping is past, and commit what it writes:

    swift build -c release --product accountlink --static-swift-stdlib
    scripts/test-postgres.sh .build/python/bin/python scripts/make-schema-fixtures.py 1 5 8 12

How: (1) the current binary serves a fresh SQLite database under the fixed test master key below, with
the Apple/Google stand-ins of Tests/Peers, and makes real data through its CLI and HTTP API: a
confidential Google client (web and App Flip redirect URIs), a first-party public app client, a
password account, tokens from the password grant and from App Flip's code, and a Google identity whose
offline-access refresh token is sealed under the master key. Every plain value a test needs (passwords,
client secret, refresh tokens, the Google token) goes into manifest.json; the database holds only their
hashes or sealed forms. (2) For each level N: a new SQLite file gets the migrations numbered up to N, as
written in Sources/StoreSQLite/SQLiteMigrations*.swift (migrations are never edited once shipped), and
the rows of (1) in the columns that level has (so a level-8 file has no provider-token lookup keys,
exactly as that release left them). (3) The same for PostgreSQL from Sources/StorePostgres/
PostgresMigrations*.swift, into a database of the throwaway server of scripts/test-postgres.sh, saved
with pg_dump as plain SQL.
"""
import base64
import json
import os
import re
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests/Peers"))

import requests  # noqa: E402

from conftest import GOOGLE_CLIENT, Server  # noqa: E402
from standins import StandInServer  # noqa: E402

OUT = ROOT / "Tests/Fixtures/schemas"
# A fixed key for test data only: base64 of the bytes 0..31.
MASTER_KEY = base64.b64encode(bytes(range(32))).decode()
ISSUER = "http://127.0.0.1:8080"
APP_FLIP_REDIRECT = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"
EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"


def migrations(folder, prefix):
    """{version: sql} from the Swift sources: `static let name = \"\"\" … \"\"\"` and the `all` list."""
    text = "\n".join(path.read_text() for path in sorted((ROOT / "Sources" / folder).glob(prefix + "*.swift")))
    bodies = {name: body for name, body in re.findall(r'static let (\w+) = """\n(.*?)"""', text, re.S)}
    listing = re.search(r"static let all: \[\(version: Int, sql: String\)\] = \[(.*?)\]", text, re.S).group(1)
    return {int(number): bodies[name] for number, name in re.findall(r"\((\d+), (\w+)\)", listing)}


def make_data(folder, standins):
    server = Server(folder, standins, {"ACCOUNTLINK_MASTER_KEY": MASTER_KEY, "ACCOUNTLINK_ISSUER": ISSUER})
    server.start()
    try:
        secret = server.cli("client", "add", "--id", "google", "--name", "Google Home", "--google-project",
                            "fixture-project", "--app-flip", "--scope", "openid", "--scope", "devices").stdout.strip()
        server.cli("client", "add", "--id", "app", "--name", "Smart Home App", "--public", "--first-party",
                   "--scope", "openid", "--scope", "email", "--scope", "profile")
        email, password = "alice@example.com", "alice's fixture passphrase"
        server.cli("user", "add", "--email", email, "--name", "Alice", "--password-stdin", stdin=password + "\n")
        app = requests.post(server.url("/token"), data={"grant_type": "password", "client_id": "app",
                                                         "username": email, "password": password,
                                                         "scope": "openid email"}, timeout=30)
        assert app.status_code == 200, app.text
        flip = requests.post(server.url("/app-flip/authorize"), data={
            "client_id": "google", "redirect_uri": APP_FLIP_REDIRECT, "scope": "openid devices", "state": "fixture"},
            headers={"Authorization": "Bearer " + app.json()["access_token"]}, timeout=30)
        assert flip.status_code == 200, flip.text
        linked = requests.post(server.url("/token"), data={"grant_type": "authorization_code",
                                                           "code": flip.json()["code"],
                                                           "redirect_uri": APP_FLIP_REDIRECT},
                               auth=("google", secret), timeout=30)
        assert linked.status_code == 200, linked.text
        sub = "fixture-google-sub"
        code, google_refresh = standins.google.issue_server_auth_code(sub)
        nonce = secrets.token_urlsafe(12)
        google = requests.post(server.url("/token"), data={
            "grant_type": EXCHANGE, "client_id": "app", "subject_token_type": "urn:ietf:params:oauth:token-type:id_token",
            "subject_token": standins.google.id_token(GOOGLE_CLIENT, sub, nonce=nonce, email="bob@gmail.com"),
            "nonce": nonce, "google_server_auth_code": code}, timeout=30)
        assert google.status_code == 200, google.text
        accounts = {a["email"]: a["id"] for a in json.loads(server.cli("user", "list", "--json").stdout)}
        return {
            "master_key": MASTER_KEY, "issuer": ISSUER,
            "google_client": {"id": "google", "secret": secret, "redirect_uri": APP_FLIP_REDIRECT},
            "app_client": "app",
            "password_account": {"id": accounts[email], "email": email, "password": password,
                                 "refresh_token": app.json()["refresh_token"]},
            "linked": {"refresh_token": linked.json()["refresh_token"]},
            "google_account": {"id": google.json()["account_id"], "sub": sub, "email": "bob@gmail.com",
                               "google_refresh_token": google_refresh,
                               "refresh_token": google.json()["refresh_token"]},
        }
    finally:
        server.stop()


def sqlite_fixture(source, level, sql_by_version, target):
    target.unlink(missing_ok=True)
    db = sqlite3.connect(target)
    db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
    for version in sorted(v for v in sql_by_version if v <= level):
        db.executescript(sql_by_version[version])
        db.execute("INSERT INTO schema_migrations VALUES (?, 0)", (version,))
    db.execute("ATTACH DATABASE ? AS src", (str(source),))
    for (table,) in db.execute("SELECT name FROM main.sqlite_master WHERE type = 'table'").fetchall():
        if table in ("schema_migrations", "sqlite_sequence"):
            continue
        mine = [row[1] for row in db.execute(f"PRAGMA main.table_info({table})")]
        theirs = {row[1] for row in db.execute(f"PRAGMA src.table_info({table})")}
        columns = ", ".join(c for c in mine if c in theirs)
        db.execute(f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM src.{table}")
    db.commit()
    db.execute("DETACH DATABASE src")
    db.execute("VACUUM")
    db.close()


def literal(value, kind):
    if value is None:
        return "NULL"
    if kind == "boolean":
        return "TRUE" if value else "FALSE"
    if kind == "bytea":
        return "'\\x" + bytes(value).hex() + "'::bytea"
    if isinstance(value, (int, float)) and kind not in ("text", "character varying"):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"


def psql(url, sql):
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url], input=sql, text=True, check=True,
                   stdout=subprocess.DEVNULL)


def postgres_fixture(sqlite_file, level, sql_by_version, base_url, target):
    name = f"fixture_{level}_{secrets.token_hex(3)}"
    psql(base_url, f"CREATE DATABASE {name}")
    url = base_url.rsplit("/", 1)[0] + "/" + name
    script = ["CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL);"]
    for version in sorted(v for v in sql_by_version if v <= level):
        script += [sql_by_version[version], f"INSERT INTO schema_migrations VALUES ({version}, 0);"]
    psql(url, "\n".join(script))
    types = subprocess.run(["psql", "-At", "-F", "|", url, "-c",
                            "SELECT table_name, column_name, data_type FROM information_schema.columns "
                            "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position"],
                           capture_output=True, text=True, check=True).stdout
    columns = {}
    for line in types.splitlines():
        table, column, kind = line.split("|")
        columns.setdefault(table, {})[column] = kind
    source = sqlite3.connect(sqlite_file)
    inserts = []
    for table, kinds in columns.items():
        if table == "schema_migrations":
            continue
        present = [row[1] for row in source.execute(f"PRAGMA table_info({table})")]
        shared = [c for c in kinds if c in present]
        for row in source.execute(f"SELECT {', '.join(shared)} FROM {table}"):
            values = ", ".join(literal(v, kinds[c]) for c, v in zip(shared, row))
            inserts.append(f"INSERT INTO {table} ({', '.join(shared)}) VALUES ({values});")
    # Rows go in table by table; the foreign keys hold once all are in (checks off while loading).
    # Serial columns given explicit values (SQLite's own sequences) move their sequence past them.
    serials = subprocess.run(["psql", "-At", "-F", "|", url, "-c",
                              "SELECT table_name, column_name FROM information_schema.columns "
                              "WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'"],
                             capture_output=True, text=True, check=True).stdout.split()
    advance = [f"SELECT setval(pg_get_serial_sequence('{t}', '{c}'), coalesce((SELECT max({c}) FROM {t}), 0) + 1, false);"
               for t, c in (line.split("|") for line in serials)]
    psql(url, "BEGIN;\nSET LOCAL session_replication_role = replica;\n" + "\n".join(inserts + advance) + "\nCOMMIT;")
    dump = subprocess.run(["pg_dump", "--no-owner", "--no-privileges", "--format=plain", url],
                          capture_output=True, text=True, check=True).stdout
    target.write_text(dump)
    psql(base_url, f"DROP DATABASE {name}")


def main(levels):
    OUT.mkdir(parents=True, exist_ok=True)
    sqlite_sql = migrations("StoreSQLite", "SQLiteMigrations")
    postgres_sql = migrations("StorePostgres", "PostgresMigrations")
    with tempfile.TemporaryDirectory(prefix="accountlink-fixtures-") as folder, StandInServer() as standins:
        manifest = make_data(folder, standins)
        source = Path(folder) / "db/accountlink.sqlite"
        subprocess.run(["sqlite3", str(source), "PRAGMA wal_checkpoint(TRUNCATE);"], check=True,
                       stdout=subprocess.DEVNULL)
        manifest["levels"] = levels
        for level in levels:
            target = OUT / f"sqlite-{level}.sqlite"
            sqlite_fixture(source, level, sqlite_sql, target)
            print("wrote", target.relative_to(ROOT))
            postgres_url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
            if postgres_url and level in postgres_sql:
                dump = OUT / f"postgres-{level}.sql"
                postgres_fixture(target, level, postgres_sql, postgres_url, dump)
                print("wrote", dump.relative_to(ROOT))
        (OUT / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main([int(level) for level in sys.argv[1:]] or [1, 5, 8, 12])
