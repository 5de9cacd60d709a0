"""Passkeys through the app's JSON API (README, Passkeys), with the software authenticator of
soft_authenticator.py (cbor2 + cryptography) and py_webauthn as an independent verifier of the same
registrations and assertions. Every refused check answers 400 invalid_grant. Expiry of a flow is
tested in Swift with a fixed clock (Tests/IdentityTests/Passkeys)."""
import base64
import hashlib
import json
import os
import secrets
import subprocess
import tempfile

import pytest
import requests
import webauthn
from webauthn.helpers.exceptions import InvalidAuthenticationResponse

import soft_authenticator as sa
from conftest import Server, binary, free_port
from test_admin_api import TOKEN, Admin

PASSWORD = "passkey api password 1"
ANDROID_ORIGIN = "android:apk-key-hash:" + base64.urlsafe_b64encode(hashlib.sha256(b"app-signing-cert").digest()).decode().rstrip("=")
FULL = sa.UP | sa.UV | sa.BE | sa.BS


@pytest.fixture(scope="module")
def app(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-passkeys-") as folder:
        port = free_port()
        server = Server(folder, standins, {"ACCOUNTLINK_PASSKEY_ORIGINS": ANDROID_ORIGIN, "ACCOUNTLINK_ADMIN_TOKEN": TOKEN,
                                           "ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{port}"}).start()
        server.admin_url = f"http://127.0.0.1:{port}"
        try:
            server.cli("client", "add", "--id", "app", "--name", "App", "--public", "--first-party",
                       "--scope", "openid", "--scope", "email")
            yield server
        finally:
            server.stop()


def rp_id(server):
    return "127.0.0.1"  # the issuer's host: the default RP ID


def account(server):
    email = f"pk-{secrets.token_hex(4)}@example.com"
    account_id = server.cli("user", "add", "--email", email, "--password-stdin", stdin=PASSWORD + "\n").stdout.strip()
    tokens = requests.post(server.url("/token"), data={"grant_type": "password", "client_id": "app", "username": email,
                                                       "password": PASSWORD}, timeout=30)
    assert tokens.status_code == 200, tokens.text
    return account_id, tokens.json()["access_token"]


def post(server, path, body, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.post(server.url(path), json=body, headers=headers, timeout=30)


def options(server, path, body, token=None):
    answer = post(server, path, body, token)
    assert answer.status_code == 200, answer.text
    return answer.json()["flow_id"], sa.unb64url(answer.json()["publicKey"]["challenge"]), answer.json()["publicKey"]


def register(server, token, credential, origin=None, **knobs):
    """Options, the authenticator's answer (checked by py_webauthn first when it should pass), the server's answer."""
    flow, challenge, public_key = options(server, "/api/passkeys/registration/options", {}, token)
    assert public_key["authenticatorSelection"]["residentKey"] == "required"
    assert public_key["authenticatorSelection"]["userVerification"] == "required"
    response = sa.create(credential, knobs.pop("rp", rp_id(server)), origin or server.base_url, challenge, **knobs)
    return post(server, "/api/passkeys/registration", {"flow_id": flow, "credential": response, "name": "Phone"}, token)


def sign_in(server, credential, origin=None, flow=None, challenge=None, **knobs):
    if flow is None:
        flow, challenge, public_key = options(server, "/api/passkeys/authentication/options", {"client_id": "app"})
        assert "allowCredentials" not in public_key and public_key["userVerification"] == "required"
    rp = knobs.pop("rp", rp_id(server))
    assertion = sa.get(credential, rp, origin or server.base_url, knobs.pop("challenge_override", challenge), **knobs)
    answer = post(server, "/api/passkeys/authentication", {"client_id": "app", "flow_id": flow, "credential": assertion})
    return answer, assertion, flow, challenge


def oracle_accepts(server, credential, assertion, challenge, count=0):
    """py_webauthn's verdict on the very assertion the server judged, expecting the origins we accept."""
    try:
        webauthn.verify_authentication_response(
            credential=assertion, expected_challenge=challenge, expected_rp_id=rp_id(server),
            expected_origin=[server.base_url, ANDROID_ORIGIN], credential_public_key=credential.cose(),
            credential_current_sign_count=count, require_user_verification=True)
        return True
    except InvalidAuthenticationResponse:
        return False


def methods(body):
    return [m for m in body["methods"] if m["type"] == "passkey"]


def test_register_sign_in_list_and_remove(app):
    account_id, token = account(app)
    key = sa.Credential(user_handle=account_id.encode())
    registered = register(app, token, key)
    assert registered.status_code == 201, registered.text
    [method] = methods(registered.json())
    assert method["id"] == sa.b64url(key.credential_id) and method["name"] == "Phone"
    assert method["backed_up"] is True and method["last_used_at"] is None and method["created_at"]
    answer, assertion, _, challenge = sign_in(app, key)
    assert answer.status_code == 200, answer.text
    assert answer.json()["account_id"] == account_id and answer.json()["access_token"]
    assert oracle_accepts(app, key, assertion, challenge)
    shown = requests.get(app.url("/api/account"), headers={"Authorization": f"Bearer {answer.json()['access_token']}"},
                         timeout=30).json()
    assert methods(shown)[0]["last_used_at"] is not None
    listed = json.loads(app.cli("user", "list", "--json").stdout)
    assert "passkey" in next(u for u in listed if u["id"] == account_id)["sign_in_methods"]
    removed = requests.post(app.url("/api/account/identities/remove"), headers={"Authorization": f"Bearer {token}"},
                            data={"type": "passkey", "id": sa.b64url(key.credential_id)}, timeout=30)
    assert removed.status_code == 200, removed.text
    assert methods(removed.json()) == []
    assert sign_in(app, key)[0].json()["error"] == "invalid_grant"


def test_an_rs256_passkey_and_a_counting_authenticator(app):
    account_id, token = account(app)
    key = sa.Credential(alg=-257, user_handle=account_id.encode(), sign_count=10)
    assert register(app, token, key).status_code == 201
    answer, assertion, _, challenge = sign_in(app, key)
    assert answer.status_code == 200, answer.text
    assert oracle_accepts(app, key, assertion, challenge, count=10)
    # The counter going back (both non-zero, not larger) is refused; py_webauthn agrees.
    answer, assertion, _, challenge = sign_in(app, key, count=11)
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant"
    assert not oracle_accepts(app, key, assertion, challenge, count=11)


def test_app_origins(app):
    account_id, token = account(app)
    key = sa.Credential(user_handle=account_id.encode())
    # An Android app registers and signs in with its apk-key-hash origin; an iOS app uses the issuer's origin.
    assert register(app, token, key, origin=ANDROID_ORIGIN).status_code == 201
    answer, assertion, _, challenge = sign_in(app, key, origin=ANDROID_ORIGIN)
    assert answer.status_code == 200, answer.text
    assert oracle_accepts(app, key, assertion, challenge)
    assert sign_in(app, key, origin="android:apk-key-hash:other")[0].json()["error"] == "invalid_grant"


ASSERTION_REFUSALS = {
    "wrong challenge": {"challenge_override": b"\x01" * 32},
    "wrong origin": {"origin": "https://evil.example"},
    "wrong RP ID hash": {"rp": "evil.example"},
    "UV missing": {"flags": sa.UP | sa.BE | sa.BS},
    "UP missing": {"flags": sa.UV | sa.BE | sa.BS},
    "bad signature": {"tamper_signature": True},
}


@pytest.mark.parametrize("what", ASSERTION_REFUSALS)
def test_each_assertion_check_is_invalid_grant_and_the_oracle_agrees(app, what):
    account_id, token = account(app)
    key = sa.Credential(user_handle=account_id.encode())
    assert register(app, token, key).status_code == 201
    knobs = dict(ASSERTION_REFUSALS[what])
    answer, assertion, _, challenge = sign_in(app, key, **knobs)
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant", answer.text
    assert not oracle_accepts(app, key, assertion, challenge)


def test_a_reused_flow_an_unknown_credential_and_a_disabled_account_are_invalid_grant(app):
    account_id, token = account(app)
    key = sa.Credential(user_handle=account_id.encode())
    assert register(app, token, key).status_code == 201
    answer, _, flow, challenge = sign_in(app, key)
    assert answer.status_code == 200
    again = sign_in(app, key, flow=flow, challenge=challenge)[0]
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
    stranger = sa.Credential(user_handle=account_id.encode())
    assert sign_in(app, stranger)[0].json()["error"] == "invalid_grant"
    app.cli("user", "disable", account_id)
    assert sign_in(app, key)[0].json()["error"] == "invalid_grant"


def test_registration_refusals_and_a_credential_of_another_account(app):
    first_id, first_token = account(app)
    _, second_token = account(app)
    key = sa.Credential(user_handle=first_id.encode())
    for knobs in ({"origin": "https://evil.example"}, {"rp": "evil.example"}, {"flags": sa.UP}, {"flags": sa.UV}):
        refused = register(app, first_token, key, **knobs)
        assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant", knobs
    assert register(app, first_token, key).status_code == 201
    taken = register(app, second_token, key)
    assert taken.status_code == 400 and taken.json()["error"] == "invalid_grant"
    # The passkey still signs in to the first account only.
    assert sign_in(app, key)[0].json()["account_id"] == first_id


@pytest.mark.parametrize("setting,value", [("ACCOUNTLINK_PASSKEY_RP_ID", "example.org"),
                                           ("ACCOUNTLINK_PASSKEY_RP_ID", "com"),
                                           ("ACCOUNTLINK_PASSKEY_ORIGINS", "http://app.example.com")])
def test_passkey_settings_are_checked_at_start(tmp_path, setting, value):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACCOUNTLINK_")}
    env.update({"ACCOUNTLINK_ISSUER": "https://login.example.com", setting: value,
                "ACCOUNTLINK_LISTEN": "127.0.0.1:0", "ACCOUNTLINK_DATABASE": f"sqlite:{tmp_path}/db.sqlite"})
    started = subprocess.run([binary(), "serve"], env=env, capture_output=True, text=True, timeout=30)
    assert started.returncode != 0 and setting in started.stderr, started.stderr


def test_operators_see_passkeys_in_the_admin_api_the_cli_and_the_audit(app):
    api = Admin(app)
    account_id, token = account(app)
    key = sa.Credential(user_handle=account_id.encode(), sign_count=5)
    assert register(app, token, key).status_code == 201
    assert sign_in(app, key)[0].status_code == 200
    assert sign_in(app, key, count=3)[0].status_code == 400
    user = api.call("GET", f"/admin/users/{account_id}")
    [shown] = user["passkeys"]
    assert shown["id"] == sa.b64url(key.credential_id) and shown["name"] == "Phone" and shown["backed_up"] is True
    assert shown["last_used_at"] and "passkey" in user["sign_in_methods"]
    listed = next(u for u in json.loads(app.cli("user", "list", "--json").stdout) if u["id"] == account_id)
    assert listed["passkeys"] == user["passkeys"]
    removed = requests.post(app.url("/api/account/identities/remove"), headers={"Authorization": f"Bearer {token}"},
                            data={"type": "passkey", "id": sa.b64url(key.credential_id)}, timeout=30)
    assert removed.status_code == 200, removed.text
    assert api.call("GET", f"/admin/users/{account_id}")["passkeys"] == []
    kinds = {e["kind"] for e in api.call("GET", "/admin/audit", params={"account_id": account_id})}
    assert {"passkey.added", "passkey.sign_in", "passkey.counter_regressed", "passkey.removed"} <= kinds, kinds
