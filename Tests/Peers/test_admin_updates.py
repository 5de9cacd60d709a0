"""The first week's operator edges (docs/operations.md: Custom scopes, Updating a client, Admin API): custom
scopes through the CLI and the admin API, known to discovery, consent (in the person's language),
`client add --scope`, the grant and introspection; `client update` / PATCH keeping tokens valid; PATCH of a
user and the operator's password; unknown JSON fields refused on every admin endpoint; paging; the OpenAPI
document's servers and version. SQLite and PostgreSQL; every admin answer is validated against the document."""
import json
import os
import secrets
import tempfile
import urllib.parse

import pytest
import requests

from browserless import Browser
from conftest import POSTGRES_MASTER_KEY, Server, free_port
from test_admin_api import TOKEN, Admin

# Named exit codes (docs/operations.md, CLI): usage 64, bad input data 65.
EXIT_OK, EXIT_USAGE, EXIT_DATA = 0, 64, 65
REDIRECT = "https://rp.example/callback"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def admin(request, standins):
    port = free_port()
    env = {"ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{port}", "ACCOUNTLINK_ADMIN_TOKEN": TOKEN}
    if request.param == "postgres":
        url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
        if not url:
            pytest.fail("ACCOUNTLINK_TEST_POSTGRES_URL is not set: run through scripts/test-postgres.sh (make test does)")
        env.update({"ACCOUNTLINK_DATABASE": url, "ACCOUNTLINK_MASTER_KEY": POSTGRES_MASTER_KEY})
    with tempfile.TemporaryDirectory(prefix="accountlink-updates-") as folder:
        server = Server(folder, standins, env).start()
        server.admin_url = f"http://127.0.0.1:{port}"
        try:
            yield server
        finally:
            server.stop()


def unique(prefix):
    return prefix + secrets.token_hex(3)


def code_flow(server, client, secret, email, password, scope, language=None):
    """Login and consent over HTTP; returns (the consent page's text, the token response)."""
    query = {"response_type": "code", "client_id": client, "redirect_uri": REDIRECT, "scope": scope,
             "state": secrets.token_urlsafe(8)}
    if language:
        query["ui_locales"] = language
    browser = Browser(server.base_url)
    page = browser.follow(browser.get("/authorize?" + urllib.parse.urlencode(query)))
    page = browser.follow(browser.submit(page.text, page.url, {"email": email, "password": password}, field="password"))
    assert 'name="decision"' in page.text, page.text[:2000]
    consent = page.text
    back = browser.submit(page.text, page.url, button=("decision", "allow"))
    code = urllib.parse.parse_qs(urllib.parse.urlparse(back.headers["Location"]).query)["code"][0]
    tokens = requests.post(server.url("/token"), data={"grant_type": "authorization_code", "code": code,
                                                       "redirect_uri": REDIRECT}, auth=(client, secret), timeout=30)
    assert tokens.status_code == 200, tokens.text
    return consent, tokens.json()


def test_custom_scope_from_cli_to_consent_grant_and_introspection(admin):
    api = Admin(admin)
    name = unique("thermostat.write.")
    unknown = admin.cli("client", "add", "--id", unique("early-"), "--name", "Early", "--redirect-uri", REDIRECT,
                        "--scope", name, check=False)
    assert unknown.returncode == EXIT_DATA and f"unknown scope {name}" in unknown.stderr
    assert admin.cli("scope", "add", name, check=False).returncode == EXIT_USAGE, "English is required"
    added = admin.cli("scope", "add", name, "--description", "change the temperature",
                      "--description-de", "die Temperatur ändern", "--description-ja", "温度を変える")
    assert added.returncode == EXIT_OK
    assert admin.cli("scope", "add", name, "--description", "again", check=False).returncode == EXIT_DATA
    assert admin.cli("scope", "add", "openid", "--description", "mine", check=False).returncode == EXIT_DATA
    assert admin.cli("scope", "add", "bad scope", "--description", "x", check=False).returncode == EXIT_DATA
    listed = {s["name"]: s for s in json.loads(admin.cli("scope", "list", "--json").stdout)}
    assert listed[name]["descriptions"] == {"en": "change the temperature", "de": "die Temperatur ändern",
                                            "ja": "温度を変える"}
    assert any(s["name"] == name for s in api.call("GET", "/admin/scopes"))
    meta = requests.get(admin.url("/.well-known/openid-configuration"), timeout=10).json()
    assert name in meta["scopes_supported"], "a scope added while serving is in discovery at once"

    client = unique("thermo-")
    secret = admin.cli("client", "add", "--id", client, "--name", "Thermo", "--redirect-uri", REDIRECT,
                       "--scope", "openid", "--scope", name).stdout.strip()
    password = "thermostat passphrase"
    fulfillment = api.call("POST", "/admin/clients", {"id": unique("ful-"), "name": "F", "resource_server": True},
                           expect=201)
    for language, text in [("de", "die Temperatur ändern"), ("ja", "温度を変える"),
                           ("fa", "change the temperature"), (None, "change the temperature")]:
        email = f"{unique('t-')}@example.com"  # a new person each time: a granted scope is not asked again
        api.call("POST", "/admin/users", {"email": email, "password": password}, expect=201)
        consent, tokens = code_flow(admin, client, secret, email, password, f"openid {name}", language)
        assert text in consent, (language, consent[:3000])
        assert tokens["scope"].split() == ["openid", name]
    seen = requests.post(admin.url("/introspect"), data={"token": tokens["access_token"]},
                         auth=(fulfillment["id"], fulfillment["client_secret"]), timeout=10).json()
    assert seen["active"] is True and name in seen["scope"].split()

    used = admin.cli("scope", "remove", name, check=False)
    assert used.returncode == EXIT_DATA and client in used.stderr, "a scope a client lists stays"
    assert admin.cli("client", "update", client, "--scope", "openid").returncode == EXIT_OK
    assert admin.cli("scope", "remove", name).returncode == EXIT_OK
    assert admin.cli("scope", "remove", name, check=False).returncode == EXIT_DATA
    meta = requests.get(admin.url("/.well-known/openid-configuration"), timeout=10).json()
    assert name not in meta["scopes_supported"]


def test_admin_scopes_and_unknown_scope_in_post_client(admin):
    api = Admin(admin)
    name = unique("lights.")
    missing = api.call("POST", "/admin/clients", {"id": unique("c-"), "name": "C", "scopes": [name]}, expect=400)
    assert f"unknown scope {name}" in missing["error_description"]
    api.call("POST", "/admin/scopes", {"name": name, "descriptions": {"de": "Licht"}}, expect=400)
    api.call("POST", "/admin/scopes", {"name": name, "descriptions": {"en": "x", "xx": "y"}}, expect=400)
    made = api.call("POST", "/admin/scopes", {"name": name, "descriptions": {"en": "switch the lights",
                                                                             "pt-BR": "acender as luzes"}},
                    expect=201)
    assert made["descriptions"] == {"en": "switch the lights", "pt-BR": "acender as luzes"}
    api.call("POST", "/admin/scopes", {"name": name, "descriptions": {"en": "again"}}, expect=409)
    client = api.call("POST", "/admin/clients", {"id": unique("c-"), "name": "C", "scopes": [name]}, expect=201)
    assert client["scopes"] == [name]
    api.call("DELETE", f"/admin/scopes/{name}", expect=409)
    api.call("DELETE", f"/admin/clients/{client['id']}", expect=204)
    api.call("DELETE", f"/admin/scopes/{name}", expect=204)
    api.call("DELETE", f"/admin/scopes/{name}", expect=404)


def test_client_update_and_patch_keep_tokens_valid(admin):
    api = Admin(admin)
    client, secret, email, tokens = admin.first_party_tokens("upd-", "update passphrase")
    access, refresh = tokens.json()["access_token"], tokens.json()["refresh_token"]
    assert admin.cli("client", "update", client, check=False).returncode == EXIT_USAGE, "nothing to change"
    assert admin.cli("client", "update", "nobody-" + client, "--name", "X", check=False).returncode == EXIT_DATA
    bad = admin.cli("client", "update", client, "--redirect-uri", "http://evil.example/cb", check=False)
    assert bad.returncode == EXIT_DATA
    assert admin.cli("client", "update", client, "--scope", "no.such.scope", check=False).returncode == EXIT_DATA
    done = admin.cli("client", "update", client, "--name", "Renamed", "--redirect-uri", "https://a.example/cb",
                     "--redirect-uri", "https://b.example/cb", "--web-origin", "https://app.example")
    assert done.returncode == EXIT_OK
    view = api.call("GET", f"/admin/clients/{client}")
    assert view["name"] == "Renamed" and view["redirect_uris"] == ["https://a.example/cb", "https://b.example/cb"]
    assert view["web_origins"] == ["https://app.example"] and view["scopes"] == ["openid", "email"]
    assert view["first_party"] is True, "a flag not given stays"

    changed = api.call("PATCH", f"/admin/clients/{client}",
                       {"redirect_uris": ["https://c.example/cb"], "rotate_refresh_tokens": True,
                        "web_origins": []})
    assert changed["redirect_uris"] == ["https://c.example/cb"] and changed["rotate_refresh_tokens"] is True
    assert changed["name"] == "Renamed" and changed["web_origins"] == []
    api.call("PATCH", f"/admin/clients/{client}", {"public": True}, expect=400)
    api.call("PATCH", f"/admin/clients/{client}", {"redirect_uri": ["https://typo.example/cb"]}, expect=400)
    api.call("PATCH", f"/admin/clients/{client}", {"resource_server": True}, expect=400)
    api.call("PATCH", "/admin/clients/nobody", {"name": "X"}, expect=404)

    # The back-channel logout URI: set by either, kept by a change that does not name it, removed by "".
    assert admin.cli("client", "update", client, "--backchannel-logout-uri", "https://rp.example/bcl").returncode == EXIT_OK
    assert api.call("PATCH", f"/admin/clients/{client}", {"name": "Again"})["backchannel_logout_uri"] == "https://rp.example/bcl"
    bad = admin.cli("client", "update", client, "--backchannel-logout-uri", "https://rp.example/bcl#frag", check=False)
    assert bad.returncode == EXIT_DATA
    cleared = api.call("PATCH", f"/admin/clients/{client}", {"backchannel_logout_uri": ""})
    assert cleared.get("backchannel_logout_uri") is None

    userinfo = requests.get(admin.url("/userinfo"), headers={"Authorization": f"Bearer {access}"}, timeout=10)
    assert userinfo.status_code == 200, "the access token still works after both updates"
    refreshed = requests.post(admin.url("/token"), data={"grant_type": "refresh_token", "refresh_token": refresh},
                              auth=(client, secret), timeout=30)
    assert refreshed.status_code == 200, refreshed.text
    kinds = [e["detail"] for e in api.call("GET", "/admin/audit") if e["kind"] == "client.updated"]
    assert "by cli" in kinds and "by admin-api" in kinds


def test_patch_user_and_operator_password(admin):
    api = Admin(admin)
    first, second = f"{unique('p-')}@example.com", f"{unique('q-')}@example.com"
    user = api.call("POST", "/admin/users", {"email": first, "name": "  Pat  ", "password": "first passphrase"},
                    expect=201)
    assert user["name"] == "Pat", "names are trimmed as sign-up trims them"
    other = api.call("POST", "/admin/users", {"email": second, "password": "second passphrase"}, expect=201)
    api.call("PATCH", f"/admin/users/{user['id']}", {"email": second.upper()}, expect=409)
    api.call("PATCH", f"/admin/users/{user['id']}", {"email": "not an address"}, expect=400)
    api.call("PATCH", f"/admin/users/{user['id']}", {"mail": "x@example.com"}, expect=400)
    api.call("PATCH", "/admin/users/acc_nobody", {"name": "X"}, expect=404)
    moved = f"{unique('m-')}@example.com"
    changed = api.call("PATCH", f"/admin/users/{user['id']}", {"email": moved.upper(), "name": "Pat Two"})
    assert changed["email"] == moved and changed["name"] == "Pat Two" and changed["email_verified"] is False
    app = unique("pw-")
    secret = admin.cli("client", "add", "--id", app, "--name", "App", "--first-party").stdout.strip()

    def sign_in(email, password):
        return requests.post(admin.url("/token"), data={"grant_type": "password", "username": email,
                                                        "password": password}, auth=(app, secret), timeout=30)

    assert sign_in(moved, "first passphrase").status_code == 200, "the password identity moved with the email"
    assert sign_in(first, "first passphrase").status_code == 400
    api.call("POST", f"/admin/users/{user['id']}/password", {"password": "short"}, expect=400)
    api.call("POST", f"/admin/users/{user['id']}/password", {"password": "password"}, expect=400)
    api.call("POST", f"/admin/users/{user['id']}/password", {"password": "x" * 12, "extra": 1}, expect=400)
    api.call("POST", "/admin/users/acc_nobody/password", {"password": "a fine passphrase"}, expect=404)
    api.call("POST", f"/admin/users/{user['id']}/password", {"password": "a new passphrase"})
    assert sign_in(moved, "first passphrase").status_code == 400
    assert sign_in(moved, "a new passphrase").status_code == 200
    assert other["email"] == second


def test_unknown_fields_and_paging_and_the_document(admin):
    api = Admin(admin)
    for path, body in [("/admin/users", {"email": "u@example.com", "password": "long passphrase", "role": "x"}),
                       ("/admin/clients", {"id": "x", "name": "X", "redirect_uri": "https://x.example/cb"}),
                       ("/admin/scopes", {"name": "x", "descriptions": {"en": "x"}, "description": "x"})]:
        refused = api.call("POST", path, body, expect=400)
        assert "unknown field" in refused["error_description"], refused
    api.call("POST", "/admin/users", ["not", "an", "object"], expect=400)
    for _ in range(3):
        api.call("POST", "/admin/users", {"email": f"{unique('page-')}@example.com", "password": "paging passphrase"},
                 expect=201)
    everyone = [u["id"] for u in api.call("GET", "/admin/users")]
    assert everyone == sorted(everyone, key=lambda i: i.encode()) and len(everyone) >= 3
    pages, after = [], None
    while True:
        params = {"limit": 2} | ({"after": after} if after else {})
        page = [u["id"] for u in api.call("GET", "/admin/users", params=params)]
        assert len(page) <= 2
        if not page:
            break
        pages += page
        after = page[-1]
    assert pages == everyone
    for limit in ["0", "-1", "x", "1001"]:
        api.call("GET", "/admin/users", params={"limit": limit}, expect=400)
    doc = api.doc
    assert doc["info"]["version"] == admin.cli("--version").stdout.split()[-1]
    assert doc["servers"] and doc["servers"][0]["url"] == "/"
    for template in ["/admin/scopes", "/admin/scopes/{name}", "/admin/users/{id}/password"]:
        assert template in doc["paths"]
    assert "patch" in doc["paths"]["/admin/clients/{id}"] and "patch" in doc["paths"]["/admin/users/{id}"]
    for path in doc["paths"].values():
        for method, operation in path.items():
            if method != "parameters":
                assert "default" in operation["responses"], "every operation names its error schema"
