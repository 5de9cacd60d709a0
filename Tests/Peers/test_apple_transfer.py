"""Apple's app transfer between two teams on the stand-in (docs/sign-in.md): the sending team exports a
transfer identifier per Apple user, the recipient team imports them with its own key; both steps are
resumable and idempotent, and a sign-in carrying `transfer_sub` meanwhile reaches the right account."""
import hashlib
import json
import secrets

import pytest
import requests

from conftest import APPLE_BUNDLE

EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"
RECIPIENT, RECIPIENT_KEY = "TEAMB98765", "KEYB987654"


@pytest.fixture(scope="module")
def app(server):
    server.cli("client", "add", "--id", "app", "--name", "Smart Home App", "--public", "--first-party",
               "--scope", "openid")
    return server


def apple_sign_in(server, standins, sub, **claims):
    nonce = secrets.token_urlsafe(12)
    token = standins.apple.identity_token(APPLE_BUNDLE, sub, nonce=hashlib.sha256(nonce.encode()).hexdigest(),
                                          **claims)
    response = requests.post(server.url("/token"), data={
        "grant_type": EXCHANGE, "client_id": "app", "subject_token": token, "subject_token_type": ID_TOKEN,
        "nonce": nonce}, timeout=15)
    assert response.status_code == 200, response.text
    return response.json()["account_id"]


def recipient_env(server, standins):
    if RECIPIENT not in standins.apple.teams:
        standins.apple.add_team(RECIPIENT, RECIPIENT_KEY)
    key_file = server.folder / "recipient.p8"
    key_file.write_text(standins.apple.p8_pem(RECIPIENT))
    return {**server.env, "ACCOUNTLINK_APPLE_TEAM_ID": RECIPIENT, "ACCOUNTLINK_APPLE_KEY_ID": RECIPIENT_KEY,
            "ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE": str(key_file)}


def run(server, env, *args):
    import subprocess
    from conftest import binary
    return subprocess.run([binary(), "apple", "transfer", *args], capture_output=True, text=True, env=env,
                          cwd=server.folder, timeout=60)


def test_a_transfer_round_trip_between_two_teams(app, standins):
    ann_sub, bob_sub = "001." + secrets.token_hex(8), "001." + secrets.token_hex(8)
    ann, bob = apple_sign_in(app, standins, ann_sub), apple_sign_in(app, standins, bob_sub)
    env = recipient_env(app, standins)
    out = app.folder / "transfer.jsonl"
    exported = run(app, app.env, "export", "--recipient-team", RECIPIENT, "--out", str(out))
    assert exported.returncode == 0, exported.stderr
    assert "2 transfer identifier(s) written" in exported.stderr, exported.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert {line["account_id"] for line in lines} >= {ann, bob}
    assert ann_sub not in out.read_text() and bob_sub not in out.read_text(), "never Apple's sub"
    # Interrupted mid-line, then resumed: the cut line is rewritten, nothing is doubled.
    text = out.read_text()
    out.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 1] + '{"account_id": "cut')
    resumed = run(app, app.env, "export", "--recipient-team", RECIPIENT, "--out", str(out))
    assert resumed.returncode == 0, resumed.stderr
    assert sorted(out.read_text().splitlines()) == sorted(text.splitlines())
    wrong_team = run(app, app.env, "export", "--recipient-team", "TEAMC00000", "--out", str(out))
    assert wrong_team.returncode == 65

    standins.apple.down = True
    try:
        interrupted = run(app, env, "import", "--in", str(out))
    finally:
        standins.apple.down = False
    assert interrupted.returncode == 69, interrupted.stderr
    ann_transfer = next(line["transfer_sub"] for line in lines if line["account_id"] == ann)
    new_ann = standins.apple.new_team_sub(RECIPIENT, ann_sub)
    assert apple_sign_in(app, standins, new_ann, transfer_sub=ann_transfer) == ann, "matched by transfer_sub"

    imported = run(app, env, "import", "--in", str(out))
    assert imported.returncode == 0, imported.stderr
    assert apple_sign_in(app, standins, standins.apple.new_team_sub(RECIPIENT, bob_sub)) == bob
    assert apple_sign_in(app, standins, new_ann) == ann
    again = run(app, env, "import", "--in", str(out))
    assert again.returncode == 0 and "0 identit(ies) moved" in again.stderr
    secrets_seen = [r for r in standins.apple.migration_requests if "transfer_sub" in r]
    assert secrets_seen, "the recipient step used /auth/usermigrationinfo with its own client secret"


def test_help_and_usage_errors(app):
    helped = run(app, app.env, "export", "--help")
    assert helped.returncode == 0 and "--recipient-team" in helped.stdout
    assert run(app, app.env, "export", "--out", "x").returncode == 64
    assert run(app, app.env, "export", "--recipient-team", "short", "--out", "x").returncode == 64
    assert run(app, app.env, "import", "--in", str(app.folder / "missing.jsonl")).returncode == 65
