"""Sign-up with a passkey alone (README, Passkeys; docs/passkeys.md, "Sign-up with a passkey"): the app asks for
options with an address, the software authenticator of soft_authenticator.py makes the credential, the server
makes the account and mails the verification link as any sign-up (a real SMTP server on loopback), on SQLite and
PostgreSQL. py_webauthn verifies the same registration as an independent oracle. An address that has an account
is answered as /api/signup answers it and never gets the passkey; every failed check is 400 invalid_grant."""
import json
import secrets
import tempfile

import pytest
import requests
import webauthn

import soft_authenticator as sa
from browserless import Browser
from conftest import Server, free_port
from smtp_inbox import SMTPServer, link_in, text_of
from test_accounts_email import api_client, confirm, new_email, world  # noqa: F401
from test_account_takeover import reset_by_mail

RP_ID = "127.0.0.1"  # the issuer's host: the default RP ID
SILENT = {"account_created": False, "verification_sent": True}


def post(server, path, body, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.post(server.url(path), json=body, headers=headers, timeout=30)


def start(server, client, email, name=None):
    """The options answer: (flow_id, challenge, publicKey)."""
    body = {"client_id": client, "email": email} | ({"name": name} if name else {})
    answer = post(server, "/api/signup/passkey/options", body)
    assert answer.status_code == 200, answer.text
    public_key = answer.json()["publicKey"]
    return answer.json()["flow_id"], sa.unb64url(public_key["challenge"]), public_key


def sign_up(server, client, email, origin=None, **knobs):
    """Options, a new credential for the user handle the options name, the server's answer."""
    flow, challenge, public_key = start(server, client, email)
    key = knobs.pop("key", None) or sa.Credential(user_handle=sa.unb64url(public_key["user"]["id"]))
    response = sa.create(key, knobs.pop("rp", RP_ID), origin or server.base_url,
                         knobs.pop("challenge", challenge), **knobs)
    answer = post(server, "/api/signup/passkey", {"client_id": client, "flow_id": flow, "credential": response})
    return answer, key, response, challenge


def passkey_sign_in(server, client, key):
    flow = post(server, "/api/passkeys/authentication/options", {"client_id": client}).json()
    assertion = sa.get(key, RP_ID, server.base_url, sa.unb64url(flow["publicKey"]["challenge"]))
    return post(server, "/api/passkeys/authentication",
                {"client_id": client, "flow_id": flow["flow_id"], "credential": assertion})


def users(server):
    return json.loads(server.cli("user", "list", "--json").stdout)


def test_sign_up_with_a_passkey_alone_then_verify_by_mail_and_sign_in(world):
    server, inbox = world
    client, email = api_client(server), new_email("pksignup")
    flow, challenge, public_key = start(server, client, email, name="Sam")
    assert public_key["user"]["name"] == email and public_key["user"]["displayName"] == "Sam"
    assert public_key["excludeCredentials"] == [] and public_key["rp"]["id"] == RP_ID
    assert public_key["authenticatorSelection"]["residentKey"] == "required"
    assert public_key["authenticatorSelection"]["userVerification"] == "required"
    key = sa.Credential(user_handle=sa.unb64url(public_key["user"]["id"]))
    response = sa.create(key, RP_ID, server.base_url, challenge)
    webauthn.verify_registration_response(credential=response, expected_challenge=challenge, expected_rp_id=RP_ID,
                                          expected_origin=server.base_url, require_user_verification=True)
    created = post(server, "/api/signup/passkey", {"client_id": client, "flow_id": flow, "credential": response})
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["account_created"] is True and body["access_token"] and body["refresh_token"]
    assert body["account_id"].encode() == key.user_handle, "the user handle is the new account's ID"
    shown = requests.get(server.url("/api/account"), headers={"Authorization": "Bearer " + body["access_token"]},
                         timeout=10).json()
    assert shown["email"] == email and shown["email_verified"] is False and shown["name"] == "Sam"
    assert [m["type"] for m in shown["methods"]] == ["passkey"], "a passkey alone, no password"
    assert shown["methods"][0]["id"] == sa.b64url(key.credential_id)
    mail = inbox.wait(email, "Confirm")[0]
    assert "to sign in with: Passkey" in text_of(mail), text_of(mail)
    confirm(Browser(server.base_url), link_in(mail, "/verify-email"))
    assert next(u for u in users(server) if u["id"] == body["account_id"])["email_verified"] is True
    signed_in = passkey_sign_in(server, client, key)
    assert signed_in.status_code == 200 and signed_in.json()["account_id"] == body["account_id"], signed_in.text


def test_an_existing_address_is_answered_as_api_signup_and_never_gets_the_passkey(world):
    server, inbox = world
    client, email = api_client(server), new_email("pkowner")
    owner_id = server.cli("user", "add", "--email", email, "--password-stdin", stdin="the owner's passphrase\n").stdout.strip()
    _, _, fresh = start(server, client, new_email("pkfresh"))
    _, _, taken = start(server, client, email.upper())
    assert taken.keys() == fresh.keys() and taken["excludeCredentials"] == [], "the options do not tell"
    assert taken["user"]["id"] != sa.b64url(owner_id.encode()), "not the owner's user handle"
    answer, key, _, _ = sign_up(server, client, email)
    assert answer.status_code == 202 and answer.json() == SILENT, answer.text
    assert "already has an account" in text_of(inbox.wait(email, "Someone tried to create")[0])
    owner = next(u for u in users(server) if u["id"] == owner_id)
    assert owner["sign_in_methods"] == ["password"], owner
    refused = passkey_sign_in(server, client, key)
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"


REFUSALS = {
    "wrong challenge": {"challenge": b"\x02" * 32},
    "wrong origin": {"origin": "https://evil.example"},
    "wrong RP ID hash": {"rp": "evil.example"},
    "UV missing": {"flags": sa.UP | sa.BE},
    "UP missing": {"flags": sa.UV | sa.BE},
    "a get, not a create": {"kind": "webauthn.get"},
}


@pytest.mark.parametrize("what", REFUSALS)
def test_each_registration_check_is_invalid_grant_and_makes_no_account(world, what):
    server, _ = world
    client, email = api_client(server), new_email("pkrefused")
    answer, _, _, _ = sign_up(server, client, email, **REFUSALS[what])
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant", answer.text
    assert email not in {u.get("email") for u in users(server)}


def test_flows_are_single_use_of_their_client_and_purpose_and_a_credential_of_another_account(world):
    server, _ = world
    client, other = api_client(server), api_client(server)
    email = new_email("pkflow")
    flow, challenge, public_key = start(server, client, email)
    key = sa.Credential(user_handle=sa.unb64url(public_key["user"]["id"]))
    response = sa.create(key, RP_ID, server.base_url, challenge)
    stolen = post(server, "/api/signup/passkey", {"client_id": other, "flow_id": flow, "credential": response})
    assert stolen.status_code == 400 and stolen.json()["error"] == "invalid_grant", "another client's flow"
    again = post(server, "/api/signup/passkey", {"client_id": client, "flow_id": flow, "credential": response})
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant", "the flow was used up"
    sign_in_flow = post(server, "/api/passkeys/authentication/options", {"client_id": client}).json()
    wrong_purpose = post(server, "/api/signup/passkey", {"client_id": client, "flow_id": sign_in_flow["flow_id"],
                                                         "credential": sa.create(key, RP_ID, server.base_url,
                                                                                 sa.unb64url(sign_in_flow["publicKey"]["challenge"]))})
    assert wrong_purpose.status_code == 400 and wrong_purpose.json()["error"] == "invalid_grant"
    unknown = post(server, "/api/signup/passkey", {"client_id": client, "flow_id": "nope", "credential": response})
    assert unknown.status_code == 400 and unknown.json()["error"] == "invalid_grant"
    assert email not in {u.get("email") for u in users(server)}
    first, first_key, _, _ = sign_up(server, client, new_email("pkfirst"))
    assert first.status_code == 201, first.text
    reused, _, _, _ = sign_up(server, client, new_email("pksecond"), key=first_key)
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant", "a credential already stored"
    assert passkey_sign_in(server, client, first_key).json()["account_id"] == first.json()["account_id"]


def test_the_options_refuse_a_bad_address_and_clients_that_are_not_the_makers_app(world):
    server, _ = world
    client = api_client(server)
    third = "third-" + secrets.token_hex(3)
    server.cli("client", "add", "--id", third, "--name", "Other", "--public", "--scope", "openid")
    bad = post(server, "/api/signup/passkey/options", {"client_id": client, "email": "not an address"})
    assert bad.status_code == 400 and bad.json()["error"] == "invalid_request"
    refused = post(server, "/api/signup/passkey/options", {"client_id": third, "email": new_email("x")})
    assert refused.status_code == 400 and refused.json()["error"] == "unauthorized_client"
    unknown = post(server, "/api/signup/passkey/options", {"client_id": "nobody", "email": new_email("x")})
    assert unknown.status_code == 401 and unknown.json()["error"] == "invalid_client"
    not_json = requests.post(server.url("/api/signup/passkey/options"), data={"client_id": client}, timeout=10)
    assert not_json.status_code == 400 and not_json.json()["error"] == "invalid_request"


def test_a_reset_that_proves_the_address_takes_the_squatters_passkey_away(world):
    server, inbox = world
    client, victim = api_client(server), new_email("pksquat")
    squatted, key, _, _ = sign_up(server, client, victim)
    assert squatted.status_code == 201, squatted.text
    done = reset_by_mail(server, inbox, victim, "the victim's own passphrase")
    assert done.status_code == 200, done.text
    refused = passkey_sign_in(server, client, key)
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant", refused.text
    user = next(u for u in users(server) if u.get("email") == victim)
    assert user["sign_in_methods"] == ["password"], user


@pytest.fixture(scope="module")
def verify_first(standins):
    port = free_port()
    env = {"ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{port}", "ACCOUNTLINK_SIGNUP_MODE": "verify-first"}
    with tempfile.TemporaryDirectory(prefix="accountlink-pksignup-") as folder, SMTPServer(port) as smtp:
        server = Server(folder, standins, env).start()
        try:
            yield server, smtp.inbox
        finally:
            server.stop()


def test_verify_first_says_the_same_for_every_address_and_signs_in_only_after_the_link(verify_first):
    server, inbox = verify_first
    client, email = api_client(server), new_email("pkvf")
    server.cli("user", "add", "--email", (taken := new_email("pkvftaken")), "--password-stdin", stdin="owner passphrase\n")
    existing, _, _, _ = sign_up(server, client, taken)
    new, key, _, _ = sign_up(server, client, email)
    assert existing.status_code == new.status_code == 202 and existing.json() == new.json() == SILENT, new.text
    early = passkey_sign_in(server, client, key)
    assert early.status_code == 400 and early.json()["error"] == "invalid_grant", "not before the address is proven"
    confirm(Browser(server.base_url), link_in(inbox.wait(email, "Confirm")[0], "/verify-email"))
    later = passkey_sign_in(server, client, key)
    assert later.status_code == 200 and later.json()["access_token"], later.text


def test_closed_sign_up_closes_the_passkey_sign_up_too(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-pkclosed-") as folder:
        server = Server(folder, standins, {"ACCOUNTLINK_SIGNUP": "closed"}).start()
        try:
            client = api_client(server)
            for path in ("/api/signup/passkey/options", "/api/signup/passkey"):
                closed = post(server, path, {"client_id": client, "email": new_email("x")})
                assert closed.status_code == 403 and closed.json()["error"] == "signup_closed"
        finally:
            server.stop()
