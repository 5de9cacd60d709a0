"""Taking over an account through its own lifecycle (docs/accounts-and-email.md, "Taking over an account
through its lifecycle"): each attack performed over HTTP as the attacker would, on SQLite and PostgreSQL,
with the mails read from a real SMTP server on loopback. Each must fail."""
import hashlib
import json
import secrets
import sqlite3
import subprocess
import time
import urllib.parse

import requests

from browserless import Browser
from conftest import APPLE_BUNDLE, GOOGLE_CLIENT
from smtp_inbox import link_in, text_of
from test_accounts_email import PASSWORD, api_client, confirm, new_email, sign_in, sign_up, world  # noqa: F401

ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"
EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"


def proven_owner(server, inbox, tag):
    """The owner signs up on the web and confirms the address; answers (their browser, email)."""
    email = new_email(tag)
    browser, _ = sign_up(server, email)
    confirm(Browser(server.base_url), link_in(inbox.wait(email, "Confirm")[0], "/verify-email"))
    return browser, email


def account_form(browser, field, values):
    page = browser.get("/account")
    assert page.status_code == 200, page.status_code
    return browser.submit(page.text, page.url, values, field=field)


def reset_by_mail(server, inbox, email, password, subject="Reset your Acme Home password"):
    person = Browser(server.base_url)
    page = person.get("/password/forgot")
    assert person.submit(page.text, page.url, {"email": email}, field="email").status_code == 200
    form = person.get(link_in(inbox.wait(email, subject)[-1], "/password/reset"))
    return person.submit(form.text, form.url, {"password": password}, field="token")


def change_link_for(inbox, address):
    return link_in(inbox.wait(address, "Confirm your new email address")[-1], "/verify-email")


def test_a_pending_email_change_dies_when_the_owner_resets_or_signs_out_everywhere(world):
    server, inbox = world
    for ending in ("reset", "sign-out-everywhere"):
        owner, email = proven_owner(server, inbox, "pending")
        attacker_address = new_email("attacker")
        # The attacker holds the owner's fresh session for a moment and asks for the change.
        asked = account_form(owner, "new_email", {"new_email": attacker_address})
        assert asked.status_code == 303, asked.text
        change = change_link_for(inbox, attacker_address)
        if ending == "reset":
            assert reset_by_mail(server, inbox, email, "the owner's new passphrase").status_code == 200
        else:
            page = owner.get("/account")
            ended = owner.http.post(server.url("/account/sign-out-everywhere"),
                                    data={"csrf_token": csrf_of(page.text, "/account/sign-out-everywhere")},
                                    allow_redirects=False, timeout=10)
            assert ended.status_code == 200 and "signed out everywhere" in ended.text
        used = confirm(Browser(server.base_url), change)
        assert used.status_code == 400 and "does not work" in used.text, ending
        users = {u.get("email") for u in server_users(server)}
        assert email in users and attacker_address not in users, ending


def csrf_of(html, action):
    """The CSRF field of the form posting to `action`."""
    form = html.split(f'action="{action}"', 1)[1].split("</form>", 1)[0]
    return form.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]


def server_users(server):
    return json.loads(server.cli("user", "list", "--json").stdout)


def test_sign_out_everywhere_needs_the_forms_csrf(world):
    server, inbox = world
    owner, _ = proven_owner(server, inbox, "csrf")
    forged = owner.http.post(server.url("/account/sign-out-everywhere"), data={}, allow_redirects=False, timeout=10)
    assert forged.status_code == 403
    assert owner.get("/account").status_code == 200, "a request without the form's token ends nothing"


def test_a_reset_link_mailed_to_the_old_address_dies_after_the_email_changed(world):
    server, inbox = world
    owner, old = proven_owner(server, inbox, "oldaddr")
    person = Browser(server.base_url)
    page = person.get("/password/forgot")
    person.submit(page.text, page.url, {"email": old}, field="email")
    old_reset = link_in(inbox.wait(old, "Reset your Acme Home password")[0], "/password/reset")
    new = new_email("newaddr")
    assert account_form(owner, "new_email", {"new_email": new}).status_code == 303
    assert confirm(Browser(server.base_url), change_link_for(inbox, new)).status_code == 200
    holder = Browser(server.base_url)
    form = holder.get(old_reset)
    used = holder.submit(form.text, form.url, {"password": "whoever holds the old mailbox"}, field="token")
    assert used.status_code == 400 and "does not work" in used.text
    assert sign_in(server, new, PASSWORD)[1].status_code == 303


def test_the_old_address_cancels_a_change_already_made_and_signs_out_everywhere(world):
    server, inbox = world
    owner, old = proven_owner(server, inbox, "cancel")
    attacker_address = new_email("taker")
    assert account_form(owner, "new_email", {"new_email": attacker_address}).status_code == 303
    notice = inbox.wait(old, "is being changed")[0]
    assert "Cancel the change and sign out everywhere" in text_of(notice)
    assert confirm(Browser(server.base_url), change_link_for(inbox, attacker_address)).status_code == 200
    holder = Browser(server.base_url)
    page = holder.get(link_in(notice, "/email-change/cancel"))
    assert page.status_code == 200 and 'name="token"' in page.text
    done = holder.submit(page.text, page.url, field="token")
    assert done.status_code == 200 and "cancelled" in done.text
    assert owner.get("/account").status_code == 303, "every session ended"
    assert sign_in(server, old, PASSWORD)[1].status_code == 303, "the old address is the account's again"
    assert sign_in(server, attacker_address, PASSWORD)[1].status_code == 401


def api_sign_up(server, client, email):
    created = requests.post(server.url("/api/signup"), data={"client_id": client, "email": email,
                                                             "password": "the attacker's passphrase",
                                                             "scope": "openid email"}, timeout=30)
    assert created.status_code == 201, created.text
    return created.json()


def test_a_pre_registered_account_cannot_add_the_attackers_passkey(world):
    """An unproven self-service account adds no passkey either (UnprovenAccountRule), before any ceremony."""
    server, _ = world
    body = api_sign_up(server, api_client(server), new_email("victim"))
    bearer = {"Authorization": "Bearer " + body["access_token"]}
    refused = requests.post(server.url("/api/passkeys/registration/options"), headers=bearer, json={}, timeout=30)
    assert refused.status_code == 403 and refused.json()["error"] == "email_unverified", refused.text
    finish = requests.post(server.url("/api/passkeys/registration"), headers=bearer,
                           json={"flow_id": "made-up", "credential": {}}, timeout=30)
    assert finish.status_code in (400, 403), finish.text
    shown = requests.get(server.url("/api/account"), headers=bearer, timeout=10).json()
    assert [m["type"] for m in shown["methods"]] == ["password"]


def test_a_pre_registered_account_cannot_add_the_attackers_apple_identity(world, standins):
    server, inbox = world
    client, victim = api_client(server), new_email("victim")
    body = api_sign_up(server, client, victim)
    nonce = secrets.token_urlsafe(16)
    token = standins.apple.identity_token(APPLE_BUNDLE, "001." + secrets.token_hex(8),
                                          nonce=hashlib.sha256(nonce.encode()).hexdigest())
    added = requests.post(server.url("/api/account/identities"),
                          headers={"Authorization": "Bearer " + body["access_token"]},
                          data={"subject_token": token, "subject_token_type": ID_TOKEN, "nonce": nonce}, timeout=30)
    assert added.status_code == 403 and added.json()["error"] == "email_unverified", added.text
    shown = requests.get(server.url("/api/account"), headers={"Authorization": "Bearer " + body["access_token"]},
                         timeout=10).json()
    assert [m["type"] for m in shown["methods"]] == ["password"]
    # The web page offers no "add" and says why.
    attacker, _ = sign_in(server, victim, "the attacker's passphrase")
    page = attacker.get("/account").text
    assert "Confirm your email address before you add another way to sign in." in page
    assert "/login/apple?add=1" not in page and "/login/google?add=1" not in page
    # Going to Google anyway (the add flow's address typed by hand): refused once Google answers.
    start = attacker.get("/login/google?add=1")
    assert start.status_code == 302
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(start.headers["Location"]).query))
    code = standins.google.issue_code("g-attacker-" + secrets.token_hex(4), new_email("attacker"), query["nonce"],
                                      query["code_challenge"], query["redirect_uri"])
    back = attacker.get(query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]}))
    assert back.status_code == 403 and "Confirm your email address" in back.text, back.text[:500]
    shown = requests.get(server.url("/api/account"), headers={"Authorization": "Bearer " + body["access_token"]},
                         timeout=10).json()
    assert [m["type"] for m in shown["methods"]] == ["password"]


def run_sql(server, statement):
    """Writes to the server's own database, as a pre-hijacked account made before this rule left it."""
    database = server.env["ACCOUNTLINK_DATABASE"]
    if database.startswith("sqlite:"):
        with sqlite3.connect(database[len("sqlite:"):], timeout=10) as db:
            db.execute(statement.replace("false", "0").replace("true", "1"))
        return
    subprocess.run(["psql", database, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement], check=True, timeout=30)


def test_a_reset_that_proves_the_address_removes_the_attackers_methods(world, standins):
    server, inbox = world
    client, victim = api_client(server), new_email("prehijack")
    body = api_sign_up(server, client, victim)
    apple_sub = "001." + secrets.token_hex(8)
    now = int(time.time() * 1000)
    run_sql(server, "INSERT INTO identities (id, account_id, provider, subject, email, email_verified, "
                    "is_private_email, real_user_status, email_reachable, first_sign_in_at, last_sign_in_at) VALUES "
                    f"('idn_attacker{secrets.token_hex(4)}', '{body['account_id']}', 'apple', '{apple_sub}', NULL, "
                    f"false, false, NULL, true, {now}, {now})")
    # Our own "account exists" mail leads the owner to a reset, which proves the address.
    done = reset_by_mail(server, inbox, victim, "the victim's own passphrase")
    assert done.status_code == 200, done.text
    assert "they were removed: Apple" in done.text
    mail = inbox.wait(victim, "password was changed")[-1]
    assert "they were removed: Apple" in text_of(mail)
    user = next(u for u in server_users(server) if u.get("email") == victim)
    assert user["email_verified"] is True
    nonce = secrets.token_urlsafe(16)
    token = standins.apple.identity_token(APPLE_BUNDLE, apple_sub, nonce=hashlib.sha256(nonce.encode()).hexdigest())
    signed_in = requests.post(server.url("/token"), data={"grant_type": EXCHANGE, "client_id": client, "nonce": nonce,
                                                          "subject_token": token, "subject_token_type": ID_TOKEN},
                              timeout=30)
    assert signed_in.status_code == 200, signed_in.text
    assert signed_in.json()["account_id"] != body["account_id"], "the attacker's Apple ID no longer reaches it"


def test_an_unverified_google_email_never_becomes_the_accounts_email(world, standins):
    server, inbox = world
    client, victim = api_client(server), new_email("gvictim")
    token = standins.google.id_token(GOOGLE_CLIENT, "g" + secrets.token_hex(8), email=victim, verified=False)
    signed_in = requests.post(server.url("/token"), data={"grant_type": EXCHANGE, "client_id": client,
                                                          "subject_token": token, "subject_token_type": ID_TOKEN},
                              timeout=30)
    assert signed_in.status_code == 200, signed_in.text
    shown = requests.get(server.url("/api/account"),
                         headers={"Authorization": "Bearer " + signed_in.json()["access_token"]}, timeout=10).json()
    assert shown["email"] is None and shown["email_verified"] is False
    assert victim not in {u.get("email") for u in server_users(server)}
    # The owner of the address signs up as if nobody had used it.
    assert api_sign_up(server, client, victim)["account_created"] is True


def test_this_wasnt_me_deletes_the_never_proven_account_and_frees_the_address(world):
    server, inbox = world
    client, victim = api_client(server), new_email("notme")
    body = api_sign_up(server, client, victim)
    mail = inbox.wait(victim, "Confirm your email address")[0]
    assert "to sign in with: Password" in text_of(mail) and "This wasn't me" in text_of(mail)
    owner = Browser(server.base_url)
    page = owner.get(link_in(mail, "/verify-email"))
    assert "This account was made on" in page.text and "This wasn&#39;t me" in page.text
    done = owner.http.post(server.url("/verify-email/not-me"),
                           data={"csrf_token": csrf_of(page.text, "/verify-email/not-me"),
                                 "token": link_in(mail, "/verify-email").split("token=")[1]},
                           allow_redirects=False, timeout=10)
    assert done.status_code == 200 and "deleted" in done.text, done.text[:500]
    assert requests.get(server.url("/api/account"), headers={"Authorization": "Bearer " + body["access_token"]},
                        timeout=10).status_code == 401
    assert victim not in {u.get("email") for u in server_users(server)}
    assert api_sign_up(server, client, victim)["account_created"] is True


def test_a_password_change_ends_other_sessions_and_app_sign_ins(world):
    server, inbox = world
    client, email = api_client(server), new_email("pwchange")
    app = requests.post(server.url("/api/signup"), data={"client_id": client, "email": email, "password": PASSWORD,
                                                         "scope": "openid email"}, timeout=30).json()
    here, _ = sign_in(server, email, PASSWORD)
    elsewhere, _ = sign_in(server, email, PASSWORD)
    changed = account_form(here, "current_password", {"current_password": PASSWORD,
                                                      "new_password": "a changed passphrase"})
    assert changed.status_code == 303
    page = here.follow(changed)
    assert page.status_code == 200 and "Every other browser and app sign-in of your account has ended" in page.text
    assert elsewhere.get("/account").status_code == 303, "the other browser is signed out"
    bearer = {"Authorization": "Bearer " + app["access_token"]}
    assert requests.get(server.url("/userinfo"), headers=bearer, timeout=10).status_code == 401
    refused = requests.post(server.url("/token"), data={"grant_type": "refresh_token", "client_id": client,
                                                        "refresh_token": app["refresh_token"]}, timeout=30)
    assert refused.status_code == 400
    assert "every other sign-in of the account was ended" in text_of(inbox.wait(email, "password was changed")[-1])


def test_wrong_current_passwords_are_throttled_like_sign_in(world):
    server, _ = world
    email = new_email("guess")
    stolen, _ = sign_up(server, email)
    statuses = [account_form(stolen, "current_password", {"current_password": f"guess {i}",
                                                          "new_password": "the thief's passphrase"}).status_code
                for i in range(5)]
    assert statuses == [400] * 5
    refused = account_form(stolen, "current_password", {"current_password": PASSWORD,
                                                        "new_password": "the thief's passphrase"})
    assert refused.status_code == 429, "even the right guess is refused while throttled"
    assert sign_in(server, email, PASSWORD)[1].status_code == 429, "the account's login throttle counted them"
