"""Attacks on self-made accounts performed over HTTP, each of which must fail (docs/accounts-and-email.md:
"Mail budgets", "What each sign-up mode reveals"; docs/hardening.md): mail bombing one mailbox, resets
that burn Argon2id on unknown tokens, concurrent sign-ups of one address (PostgreSQL answered 500), a
fullwidth copy of an address making a second account, login CSRF and forced sign-up with a planted
pre-session cookie, and a logout someone else started ending this browser's session. On SQLite and
PostgreSQL where the store decides."""
import base64
import hashlib
import hmac
import json
import os
import secrets
import subprocess
import tempfile
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
import requests

from browserless import Browser, form_with
from conftest import Server

PASSWORD = "a long abuse-test passphrase"
MAIL_BUDGET = 10  # AccountFlowContext.standardMailBudget
RACERS = 24  # concurrent sign-ups of one new address


@contextmanager
def database(kind):
    if kind == "sqlite":
        yield {}
        return
    url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
    if not url:
        pytest.fail("ACCOUNTLINK_TEST_POSTGRES_URL is not set: run through scripts/test-postgres.sh (make test does)")
    schema = "abuse_" + secrets.token_hex(6)
    subprocess.run(["psql", url, "-q", "-c", f"CREATE SCHEMA {schema}"], check=True, timeout=30)
    try:
        yield {"ACCOUNTLINK_DATABASE": url + ("&" if "?" in url else "?") + f"options=-csearch_path%3D{schema}",
               "ACCOUNTLINK_MASTER_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}
    finally:
        subprocess.run(["psql", url, "-q", "-c", f"DROP SCHEMA {schema} CASCADE"], check=False, timeout=30)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def world(request, standins):
    """A server behind a trusted proxy (the test names each request's client address) on either store,
    and a first-party public client for /api/signup."""
    with tempfile.TemporaryDirectory(prefix="accountlink-abuse-") as folder, database(request.param) as env:
        server = Server(folder, standins, {**env, "ACCOUNTLINK_TRUSTED_PROXIES": "127.0.0.1"}).start()
        try:
            client = "app-" + secrets.token_hex(3)
            server.cli("client", "add", "--id", client, "--name", "App", "--public", "--first-party",
                       "--scope", "openid", "--scope", "email")
            yield server, client
        finally:
            server.stop()


def new_email(tag):
    return f"{tag}-{secrets.token_hex(4)}@example.com"


def from_address(index):
    return {"X-Forwarded-For": f"10.{(index >> 16) & 255}.{(index >> 8) & 255}.{index & 255}"}


def api_sign_up(server, client, email, index):
    return requests.post(server.url("/api/signup"), data={"client_id": client, "email": email, "password": PASSWORD},
                         headers=from_address(index), timeout=120)


def mails_to(server, address):
    listed = json.loads(server.cli("mail", "list", "--json").stdout)
    return [m for m in listed if m["to"] == address]


def accounts_with(server, address):
    listed = json.loads(server.cli("user", "list", "--json").stdout)
    return [a for a in listed if (a.get("email") or "").lower() == address.lower()]


def test_mail_bombing_one_address_stops_at_the_budget(world):
    """200 concurrent sign-ups with an existing address, from 200 client addresses and in two Unicode
    spellings of it: the same answer every time, at most the budget's mails to the owner."""
    server, client = world
    owner = new_email("owner")
    server.cli("user", "add", "--email", owner, "--password-stdin", stdin=PASSWORD + "\n")
    fullwidth = "\uff4f" + owner[1:]  # a fullwidth first letter: the same mailbox
    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(lambda i: api_sign_up(server, client, owner if i % 2 else fullwidth, 1000 + i),
                                range(200)))
    assert {(a.status_code, a.text) for a in answers} == {(202, '{"account_created":false,"verification_sent":true}')}
    assert 1 <= len(mails_to(server, owner)) <= MAIL_BUDGET
    assert mails_to(server, fullwidth) == [], "the owner is mailed at the account's own address"
    assert len(accounts_with(server, owner)) == 1


@contextmanager
def accounts_held(server, seconds):
    """On PostgreSQL, makes the race certain: a session holds a lock that lets every sign-up read (no
    account yet) but makes each wait at its insert until the lock ends, so all of them insert at once.
    SQLite's single writer never races; there this holds nothing."""
    url = server.env["ACCOUNTLINK_DATABASE"]
    if not url.startswith("postgres"):
        yield
        return
    holder = subprocess.Popen(["psql", url, "-q", "-c", "BEGIN; LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE; "
                               f"SELECT pg_sleep({seconds}); COMMIT;"], stdout=subprocess.DEVNULL)
    try:
        time.sleep(0.5)  # the lock is taken
        yield
    finally:
        holder.wait(timeout=seconds + 30)


def test_concurrent_sign_ups_of_one_new_address_answer_as_for_an_existing_one(world):
    """The race on one new address (PostgreSQL answered 500 to the losers): one account, one 201, and
    every other answer exactly the existing address's."""
    server, client = world
    email = new_email("race")
    with ThreadPoolExecutor(max_workers=RACERS) as pool, accounts_held(server, seconds=5):
        answers = list(pool.map(lambda i: api_sign_up(server, client, email, 2000 + i), range(RACERS)))
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [201] + [202] * (RACERS - 1), [(a.status_code, a.text) for a in answers if a.status_code != 202]
    assert {a.text for a in answers if a.status_code == 202} == {'{"account_created":false,"verification_sent":true}'}
    assert len(accounts_with(server, email)) == 1


def test_a_fullwidth_copy_of_an_address_is_the_same_account(world):
    server, client = world
    email = new_email("victim")
    assert api_sign_up(server, client, email, 3000).status_code == 201
    for copy in ["\uff56" + email[1:], email.upper(), "\uff36" + email[1:].upper()]:
        again = api_sign_up(server, client, copy, 3001)
        assert again.status_code == 202, (copy, again.text)
    listed = json.loads(server.cli("user", "list", "--json").stdout)
    assert [a["email"] for a in listed if a.get("email", "").endswith(email[1:])] == [email]


def process_cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reset_post(browser, token, index):
    page = browser.get("/password/reset?token=" + urllib.parse.quote(token))
    form = form_with(page.text, field="token")
    data = dict(form.fields, token=token, password="a brand new passphrase")
    return browser.http.post(browser.absolute("/password/reset"), data=data, headers=from_address(index),
                             allow_redirects=False, timeout=30)


def test_unknown_reset_tokens_cost_no_password_hash(world):
    """60 resets with made-up tokens, each from its own address (no throttle in the way): each would
    have cost one Argon2id hash (~70 ms of CPU, 64 MiB) before the token was looked at."""
    server, _ = world
    browser = Browser(server.base_url)
    reset_post(browser, "warm-up", 4000)
    before = process_cpu_seconds(server.process.pid)
    answers = [reset_post(browser, secrets.token_urlsafe(32), 4001 + i).status_code for i in range(60)]
    used = process_cpu_seconds(server.process.pid) - before
    assert set(answers) == {400}
    assert used < 1.5, f"{used:.2f} s of CPU for 60 unknown tokens: hashed before looking"


def test_reset_is_throttled_per_address_like_sign_in(world):
    server, _ = world
    browser = Browser(server.base_url)
    answers = [reset_post(browser, secrets.token_urlsafe(32), 5000).status_code for _ in range(7)]
    assert answers[:5] == [400] * 5 and answers[5:] == [429, 429], answers
    assert reset_post(browser, secrets.token_urlsafe(32), 5001).status_code == 400, "another address is not held up"


def naive_csrf(cookie):
    """The token the old naive double submit accepted: a MAC keyed with the cookie alone."""
    mac = hmac.new(cookie.encode(), b"accountlink.login", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def planted(server, path, fields, cookie):
    """What an attacker's page makes a browser send after planting `cookie`: a POST with a token
    computed from it."""
    return requests.post(server.url(path), data={**fields, "csrf_token": naive_csrf(cookie)},
                         cookies={"al_login": cookie}, allow_redirects=False, timeout=30)


def test_login_csrf_with_a_planted_cookie_fails(world):
    server, _ = world
    attacker = new_email("attacker")
    server.cli("user", "add", "--email", attacker, "--password-stdin", stdin=PASSWORD + "\n")
    answer = planted(server, "/login", {"email": attacker, "password": PASSWORD}, secrets.token_urlsafe(32))
    assert answer.status_code == 403
    assert not any(c.startswith("al_session=") for c in answer.raw.headers.getlist("Set-Cookie"))
    # A cookie this server did not set is never adopted: the page sets its own.
    chosen = secrets.token_urlsafe(32) + "." + secrets.token_urlsafe(32)
    page = requests.get(server.url("/login"), cookies={"al_login": chosen}, timeout=10)
    assert page.cookies.get("al_login") not in (None, chosen)


def test_forced_sign_up_with_a_planted_cookie_fails(world):
    server, _ = world
    email = new_email("forced")
    answer = planted(server, "/signup", {"email": email, "password": PASSWORD}, secrets.token_urlsafe(32))
    assert answer.status_code == 403
    assert not any(c.startswith("al_session=") for c in answer.raw.headers.getlist("Set-Cookie"))
    assert accounts_with(server, email) == []


def web_sign_in(server, email):
    browser = Browser(server.base_url)
    page = browser.get("/login")
    done = browser.submit(page.text, page.url, {"email": email, "password": PASSWORD}, field="password")
    assert done.status_code == 303, done.text
    assert browser.get("/account").status_code == 200
    return browser


def test_logout_with_someone_elses_id_token_keeps_the_session(world):
    server, _ = world
    victim = new_email("victim")
    server.cli("user", "add", "--email", victim, "--password-stdin", stdin=PASSWORD + "\n")
    browser = web_sign_in(server, victim)
    _, _, _, tokens = server.first_party_tokens("rp-", PASSWORD)
    hint = tokens.json()["id_token"]
    asked = browser.get("/logout?" + urllib.parse.urlencode({"id_token_hint": hint}))
    assert asked.status_code == 200, "RP-Initiated Logout §2: the OP asks"
    assert "al_session" not in asked.headers.get("Set-Cookie", "")
    assert browser.get("/account").status_code == 200, "the session survived"
    # No hint at all: asked as well; the page's button (CSRF-protected) ends it.
    page = browser.get("/logout")
    assert page.status_code == 200 and "al_session" not in page.headers.get("Set-Cookie", "")
    assert browser.get("/account").status_code == 200
    out = browser.submit(page.text, page.url, field="csrf_token")
    assert out.status_code == 303 and "al_session=;" in out.headers["Set-Cookie"]
    assert browser.get("/account").status_code == 303


def test_logout_post_without_a_session_clears_nothing(world):
    server, _ = world
    answer = requests.post(server.url("/logout"), data={}, cookies={"al_session": "not-a-session"},
                           allow_redirects=False, timeout=10)
    assert answer.status_code == 303 and "Set-Cookie" not in answer.headers


def test_verify_first_sign_up_answers_alike_and_signs_nobody_in(standins):
    """ACCOUNTLINK_SIGNUP_MODE=verify-first: a new and an existing address get the same answer, no
    session, and the password chosen at sign-up works only after the mailed link is followed."""
    with tempfile.TemporaryDirectory(prefix="accountlink-verify-first-") as folder:
        server = Server(folder, standins, {"ACCOUNTLINK_SIGNUP_MODE": "verify-first"}).start()
        try:
            existing, fresh = new_email("existing"), new_email("fresh")
            server.cli("user", "add", "--email", existing, "--password-stdin", stdin=PASSWORD + "\n")
            answers = []
            for email in [fresh, existing]:
                browser = Browser(server.base_url)
                page = browser.get("/signup")
                answer = browser.submit(page.text, page.url, {"email": email, "password": "chosen passphrase 1"},
                                        field="password")
                answers.append((answer.status_code, answer.text.replace(email, "EMAIL"),
                                sorted(c.split("=")[0] for c in answer.raw.headers.getlist("Set-Cookie"))))
                assert browser.get("/account").status_code == 303, "nobody is signed in"
            assert answers[0] == answers[1]
            client = "vf-" + secrets.token_hex(3)
            server.cli("client", "add", "--id", client, "--name", "App", "--public", "--first-party", "--scope", "openid")
            api = [requests.post(server.url("/api/signup"), data={"client_id": client, "email": e,
                                                                  "password": "chosen passphrase 2"}, timeout=60)
                   for e in [new_email("api"), existing]]
            assert [(a.status_code, a.text) for a in api] == [(202, api[1].text)] * 2
            login = Browser(server.base_url)
            page = login.get("/login")
            early = login.submit(page.text, page.url, {"email": fresh, "password": "chosen passphrase 1"},
                                 field="password")
            assert early.status_code == 401, "the chosen password works only once the address is proven"
            [mail] = [m for m in json.loads(server.cli("mail", "list", "--json").stdout) if m["to"] == fresh]
            link = next(w for w in mail["text"].split() if "/verify-email?token=" in w)
            confirm = Browser(server.base_url)
            shown = confirm.get(link)
            assert confirm.submit(shown.text, shown.url, field="token").status_code == 200
            page = login.get("/login")
            assert login.submit(page.text, page.url, {"email": fresh, "password": "chosen passphrase 1"},
                                field="password").status_code == 303
        finally:
            server.stop()
