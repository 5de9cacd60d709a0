"""The admin API (docs/operations.md) through HTTP, on SQLite and on PostgreSQL:
its own listener and Bearer token, every path, JSON shaped like `client list --json` and
`user list --json`, every change audited, and every answer checked against the OpenAPI 3.1
document the server publishes at /admin/openapi.json (validated with jsonschema)."""
import json
import os
import re
import secrets
import tempfile

import jsonschema
import jwt
import pytest
import requests

from conftest import POSTGRES_MASTER_KEY, Server, free_port

TOKEN = "admin-" + secrets.token_urlsafe(32)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def admin(request, standins):
    port = free_port()
    env = {"ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{port}", "ACCOUNTLINK_ADMIN_TOKEN": TOKEN,
           "ACCOUNTLINK_TRUSTED_PROXIES": "127.0.0.1"}
    if request.param == "postgres":
        url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
        if not url:
            pytest.fail("ACCOUNTLINK_TEST_POSTGRES_URL is not set: run through scripts/test-postgres.sh (make test does)")
        env.update({"ACCOUNTLINK_DATABASE": url, "ACCOUNTLINK_MASTER_KEY": POSTGRES_MASTER_KEY})
    with tempfile.TemporaryDirectory(prefix="accountlink-admin-") as folder:
        server = Server(folder, standins, env).start()
        server.admin_url = f"http://127.0.0.1:{port}"
        try:
            yield server
        finally:
            server.stop()


class Admin:
    """Calls the admin API and validates every answer against the published OpenAPI document."""

    def __init__(self, server):
        self.server = server
        self.doc = requests.get(server.admin_url + "/admin/openapi.json", headers=self.auth(), timeout=10).json()

    @staticmethod
    def auth():
        return {"Authorization": "Bearer " + TOKEN}

    def call(self, method, path, body=None, params=None, expect=200):
        response = requests.request(method, self.server.admin_url + path, json=body, params=params,
                                    headers=self.auth(), timeout=30)
        assert response.status_code == expect, f"{method} {path}: {response.status_code} {response.text}"
        self.validate(method, path, response)
        return response.json() if response.content else None

    def validate(self, method, path, response):
        template = self.template(path)
        operation = self.doc["paths"][template][method.lower()]
        declared = operation["responses"].get(str(response.status_code))
        assert declared is not None, f"{method} {template} answered {response.status_code}, not in the document"
        if "$ref" in declared:
            declared = self.doc["components"]["responses"][declared["$ref"].split("/")[-1]]
        if "content" not in declared:
            assert not response.content, f"{method} {template} {response.status_code} should have no body"
            return
        assert response.headers["Content-Type"].startswith("application/json")
        schema = dict(declared["content"]["application/json"]["schema"])
        schema["components"] = self.doc["components"]
        jsonschema.validate(response.json(), schema, cls=jsonschema.Draft202012Validator,
                            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)

    def template(self, path):
        for template in self.doc["paths"]:
            pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
            if re.match(pattern, path):
                return template
        raise AssertionError(f"{path} is not in the OpenAPI document")


def test_openapi_document_is_3_1_and_covers_the_contract(admin):
    api = Admin(admin)
    assert api.doc["openapi"].startswith("3.1")
    expected = {("get", "/admin/clients"), ("post", "/admin/clients"), ("get", "/admin/clients/{id}"),
                ("delete", "/admin/clients/{id}"), ("get", "/admin/users"), ("post", "/admin/users"),
                ("get", "/admin/users/{id}"), ("delete", "/admin/users/{id}"),
                ("post", "/admin/users/{id}/disable"), ("post", "/admin/users/{id}/enable"),
                ("get", "/admin/users/{id}/grants"), ("delete", "/admin/grants/{id}"), ("get", "/admin/audit"),
                ("get", "/admin/openapi.json"), ("patch", "/admin/clients/{id}"), ("patch", "/admin/users/{id}"),
                ("post", "/admin/users/{id}/password"), ("get", "/admin/scopes"), ("post", "/admin/scopes"),
                ("delete", "/admin/scopes/{name}")}
    listed = {(method, path) for path, item in api.doc["paths"].items() for method in item if method != "parameters"}
    assert listed == expected
    jsonschema.Draft202012Validator.check_schema({"$defs": api.doc["components"]["schemas"]})


def test_the_token_is_required_and_the_api_is_only_on_its_listener(admin):
    url = admin.admin_url + "/admin/clients"
    missing = requests.get(url, timeout=10)
    assert missing.status_code == 401 and missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert missing.json()["error"] == "invalid_token"
    wrong = requests.get(url, headers={"Authorization": "Bearer " + TOKEN[:-1] + "x"}, timeout=10)
    assert wrong.status_code == 401
    assert requests.get(url, headers={"Authorization": "Basic " + TOKEN}, timeout=10).status_code == 401
    public = requests.get(admin.url("/admin/clients"), headers=Admin.auth(), timeout=10)
    assert public.status_code == 404, "the admin API is not served on the public listener"


def test_clients_match_the_cli_and_every_change_is_audited(admin):
    api = Admin(admin)
    client_id = "google-" + secrets.token_hex(3)
    created = api.call("POST", "/admin/clients", {"id": client_id, "name": "Google", "google_project": "p",
                                                  "app_flip": True, "scopes": ["devices"]}, expect=201)
    assert len(created["client_secret"]) >= 43
    assert len(created["redirect_uris"]) == 14
    cli = json.loads(admin.cli("client", "list", "--json").stdout)
    from_cli = next(c for c in cli if c["id"] == client_id)
    shown = {k: v for k, v in created.items() if k != "client_secret"}
    assert shown == from_cli, "the admin API shows a client exactly as `client list --json` does"
    assert api.call("GET", f"/admin/clients/{client_id}") == from_cli
    assert any(c["id"] == client_id for c in api.call("GET", "/admin/clients"))
    conflict = api.call("POST", "/admin/clients", {"id": client_id, "name": "Again"}, expect=409)
    assert conflict["error"] == "conflict"
    bad = api.call("POST", "/admin/clients", {"id": "x y", "name": "Bad"}, expect=400)
    assert bad["error"] == "invalid_request"
    api.call("POST", "/admin/clients", {"id": "evil", "name": "E", "redirect_uris": ["http://evil.example/cb"]},
             expect=400)
    api.call("DELETE", f"/admin/clients/{client_id}", expect=204)
    api.call("GET", f"/admin/clients/{client_id}", expect=404)
    api.call("DELETE", f"/admin/clients/{client_id}", expect=404)
    kinds = [(e["kind"], e.get("client_id"), e["detail"]) for e in api.call("GET", "/admin/audit")]
    assert ("client.added", client_id, "by admin-api") in kinds
    assert ("client.removed", client_id, "by admin-api") in kinds


def test_users_grants_and_audit(admin):
    api = Admin(admin)
    app = "app-" + secrets.token_hex(3)
    secret = api.call("POST", "/admin/clients", {"id": app, "name": "App", "first_party": True,
                                                 "scopes": ["openid", "email"]}, expect=201)["client_secret"]
    email = f"admin-{secrets.token_hex(4)}@example.com"
    user = api.call("POST", "/admin/users", {"email": email, "name": "Ada", "password": "admin password 1"},
                    expect=201)
    assert user["email"] == email and user["status"] == "active" and user["sign_in_methods"] == ["password"]
    cli = json.loads(admin.cli("user", "list", "--json").stdout)
    assert next(u for u in cli if u["id"] == user["id"]) == user, "shown as `user list --json` shows it"
    assert api.call("GET", "/admin/users", params={"email": email.upper()}) == [user]
    assert api.call("GET", "/admin/users", params={"email": "nobody@example.com"}) == []
    api.call("POST", "/admin/users", {"email": email, "password": "another password"}, expect=409)
    api.call("POST", "/admin/users", {"email": "short@example.com", "password": "short"}, expect=400)
    api.call("POST", "/admin/users", {"email": "common@example.com", "password": "password123"}, expect=400)

    def password_grant():
        return requests.post(admin.url("/token"), data={"grant_type": "password", "username": email,
                                                        "password": "admin password 1", "scope": "openid email"},
                             auth=(app, secret), timeout=30)

    tokens = password_grant()
    assert tokens.status_code == 200, tokens.text
    access = tokens.json()["access_token"]
    grants = api.call("GET", f"/admin/users/{user['id']}/grants")
    assert [g["client_id"] for g in grants] == [app]

    assert api.call("POST", f"/admin/users/{user['id']}/disable")["status"] == "disabled"
    assert password_grant().status_code == 400, "a disabled account cannot sign in"
    userinfo = requests.get(admin.url("/userinfo"), headers={"Authorization": f"Bearer {access}"}, timeout=10)
    assert userinfo.status_code == 401, "a disabled account's tokens stop working"
    assert api.call("POST", f"/admin/users/{user['id']}/enable")["status"] == "active"

    api.call("DELETE", f"/admin/grants/{grants[0]['id']}", expect=204)
    api.call("DELETE", f"/admin/grants/{grants[0]['id']}", expect=404)
    assert api.call("GET", f"/admin/users/{user['id']}/grants") == []
    userinfo = requests.get(admin.url("/userinfo"), headers={"Authorization": f"Bearer {access}"}, timeout=10)
    assert userinfo.status_code == 401, "revoking the grant revoked its tokens"

    events = api.call("GET", "/admin/audit", params={"account_id": user["id"]})
    kinds = [e["kind"] for e in events]
    for kind in ["account.disabled", "account.enabled", "grant.revoked", "account.created"]:
        assert kind in kinds, f"{kind} not audited: {kinds}"
    for kind in ["account.disabled", "account.enabled", "account.created"]:
        assert any(e["kind"] == kind and "by admin-api" in e["detail"] for e in events), kind
    assert all(e["account_id"] == user["id"] for e in events)
    newest = events[0]["time"]
    assert api.call("GET", "/admin/audit", params={"account_id": user["id"], "after": newest}) == []
    api.call("GET", "/admin/audit", params={"after": "yesterday"}, expect=400)

    api.call("DELETE", f"/admin/users/{user['id']}", expect=204)
    api.call("GET", f"/admin/users/{user['id']}", expect=404)
    api.call("POST", f"/admin/users/{user['id']}/disable", expect=404)
    assert "admin.account.deleted" in [e["kind"] for e in api.call("GET", "/admin/audit")]


def test_resource_server_client_introspects_every_clients_tokens(admin):
    api = Admin(admin)
    app = "app-" + secrets.token_hex(3)
    secret = api.call("POST", "/admin/clients", {"id": app, "name": "App", "first_party": True}, expect=201)[
        "client_secret"]
    fulfillment = api.call("POST", "/admin/clients", {"id": "fulfillment-" + secrets.token_hex(3),
                                                      "name": "Fulfillment", "resource_server": True}, expect=201)
    assert fulfillment["resource_server"] is True
    other = api.call("POST", "/admin/clients", {"id": "other-" + secrets.token_hex(3), "name": "Other",
                                                "redirect_uris": ["https://other.example/cb"]}, expect=201)
    email = f"rs-{secrets.token_hex(4)}@example.com"
    api.call("POST", "/admin/users", {"email": email, "password": "resource password"}, expect=201)
    tokens = requests.post(admin.url("/token"), data={"grant_type": "password", "username": email,
                                                      "password": "resource password"},
                           auth=(app, secret), timeout=30).json()
    seen = requests.post(admin.url("/introspect"), data={"token": tokens["access_token"]},
                         auth=(fulfillment["id"], fulfillment["client_secret"]), timeout=10).json()
    assert seen["active"] is True and seen["client_id"] == app
    hidden = requests.post(admin.url("/introspect"), data={"token": tokens["access_token"]},
                           auth=(other["id"], other["client_secret"]), timeout=10).json()
    assert hidden == {"active": False}
    refused = requests.post(admin.url("/token"), data={"grant_type": "password", "username": email,
                                                       "password": "resource password"},
                            auth=(fulfillment["id"], fulfillment["client_secret"]), timeout=10)
    assert refused.status_code == 400 and refused.json()["error"] == "unauthorized_client"


def test_logs_and_metrics_have_what_operators_need_and_no_secret(admin):
    api = Admin(admin)
    app = "logapp-" + secrets.token_hex(3)
    secret = api.call("POST", "/admin/clients", {"id": app, "name": "App", "first_party": True}, expect=201)[
        "client_secret"]
    email, password = f"log-{secrets.token_hex(4)}@example.com", "log password " + secrets.token_hex(4)
    api.call("POST", "/admin/users", {"email": email, "password": password}, expect=201)
    forwarded = {"X-Forwarded-For": "6.6.6.6, 203.0.113.9"}  # the peer 127.0.0.1 is a trusted proxy here
    wrong = requests.post(admin.url("/token"), data={"grant_type": "password", "username": email,
                                                     "password": password + "x"},
                          auth=(app, secret), headers=forwarded, timeout=30)
    assert wrong.status_code == 400
    good = requests.post(admin.url("/token"), data={"grant_type": "password", "username": email,
                                                    "password": password}, auth=(app, secret), timeout=30)
    access = good.json()["access_token"]
    assert requests.get(admin.url("/userinfo"), headers={"Authorization": "Bearer " + access + "x"},
                        timeout=10).status_code == 401

    metrics = requests.get(admin.url("/metrics"), timeout=10).text
    assert 'accountlink_http_request_duration_seconds_bucket{route="/token",status_class="4xx",le="+Inf"}' in metrics
    assert 'accountlink_http_request_duration_seconds_count{route="admin",status_class="2xx"}' in metrics
    assert re.search(r'accountlink_security_events_total\{kind="login_failed"\} [1-9]', metrics)
    assert re.search(r'accountlink_security_events_total\{kind="token_refused"\} [1-9]', metrics)
    assert "accountlink_background_pending_revocations" in metrics
    assert metrics.count("# TYPE accountlink_outbox_mails gauge") == 1
    assert "accountlink_outbox_oldest_undelivered_seconds " in metrics

    def pending_mails():
        text = requests.get(admin.url("/metrics"), timeout=10).text
        return int(re.search(r'^accountlink_outbox_mails\{status="pending"\} (\d+)$', text, re.M).group(1))

    before = pending_mails()  # no SMTP URL here: the verification mail stays pending
    signup = requests.post(admin.url("/api/signup"), data={"email": f"mail-{secrets.token_hex(4)}@example.com",
                                                           "password": password},
                           auth=(app, secret), timeout=30)
    assert signup.status_code == 201, signup.text
    assert pending_mails() == before + 1

    admin.log.flush()
    text = (admin.folder / "server.log").read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert lines and all(re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$", l["time"]) for l in lines)
    requests_logged = [l for l in lines if l.get("event") == "http_request"]
    assert requests_logged and all(l["client_ip"] and l["request.id"] and l["route"] for l in requests_logged)
    assert all({"status", "duration_ms", "level", "method"} <= set(l) for l in requests_logged)
    assert any(l["client_ip"] == "203.0.113.9" and l["path"] == "/token" for l in requests_logged), \
        "behind a trusted proxy the client is the last untrusted X-Forwarded-For address"
    security = {l["event"] for l in lines if l["msg"] == "security event"}
    assert {"login_failed", "token_refused"} <= security
    for secret_text in [password, secret, access, TOKEN]:
        assert secret_text not in text, "a secret reached the log"


def test_metrics_can_move_to_the_admin_listener(standins, tmp_path):
    port = free_port()
    server = Server(tmp_path, standins, {"ACCOUNTLINK_ADMIN_LISTEN": f"127.0.0.1:{port}",
                                         "ACCOUNTLINK_ADMIN_TOKEN": TOKEN, "ACCOUNTLINK_METRICS_LISTENER": "admin"})
    server.start()
    try:
        assert requests.get(server.url("/metrics"), timeout=10).status_code == 404
        moved = requests.get(f"http://127.0.0.1:{port}/metrics", timeout=10)
        assert moved.status_code == 200 and "accountlink_http_requests_total" in moved.text
        assert requests.get(f"http://127.0.0.1:{port}/admin/clients", timeout=10).status_code == 401, \
            "the rest of the admin listener still needs the token"
    finally:
        server.stop()


def test_client_credentials_for_an_allowed_confidential_client(admin):
    api = Admin(admin)
    service = api.call("POST", "/admin/clients", {"id": "service-" + secrets.token_hex(3), "name": "Service",
                                                  "client_credentials": True, "scopes": ["devices"]}, expect=201)
    assert service["client_credentials"] is True
    plain = api.call("POST", "/admin/clients", {"id": "plain-" + secrets.token_hex(3), "name": "Plain",
                                                "redirect_uris": ["https://plain.example/cb"]}, expect=201)
    fulfillment = api.call("POST", "/admin/clients", {"id": "rs-" + secrets.token_hex(3), "name": "RS",
                                                      "resource_server": True}, expect=201)
    answer = requests.post(admin.url("/token"), data={"grant_type": "client_credentials"},
                           auth=(service["id"], service["client_secret"]), timeout=30)
    assert answer.status_code == 200, answer.text
    assert answer.headers["Cache-Control"] == "no-store"
    body = answer.json()
    assert body["token_type"] == "Bearer" and body["scope"] == "devices" and "refresh_token" not in body
    meta = requests.get(admin.url("/.well-known/openid-configuration"), timeout=10).json()
    assert "client_credentials" in meta["grant_types_supported"]
    key = jwt.PyJWKClient(meta["jwks_uri"]).get_signing_key_from_jwt(body["access_token"])
    claims = jwt.decode(body["access_token"], key.key, algorithms=["RS256", "ES256"], audience=admin.base_url,
                        issuer=admin.base_url)
    assert claims["sub"] == service["id"] and claims["client_id"] == service["id"]

    def introspect(client):
        return requests.post(admin.url("/introspect"), data={"token": body["access_token"]},
                             auth=(client["id"], client["client_secret"]), timeout=10).json()

    assert introspect(service)["active"] is True
    assert introspect(fulfillment)["client_id"] == service["id"]
    assert introspect(plain) == {"active": False}
    refused = requests.post(admin.url("/token"), data={"grant_type": "client_credentials"},
                            auth=(plain["id"], plain["client_secret"]), timeout=10)
    assert refused.status_code == 400 and refused.json()["error"] == "unauthorized_client"
    userinfo = requests.get(admin.url("/userinfo"), headers={"Authorization": "Bearer " + body["access_token"]},
                            timeout=10)
    assert userinfo.status_code == 401, "no person stands behind a client_credentials token"


def test_id_token_signed_response_alg_needs_its_key(admin):
    api = Admin(admin)
    name = "es-" + secrets.token_hex(3)
    unknown = api.call("POST", "/admin/clients", {"id": name, "name": "ES", "id_token_signed_response_alg": "HS256"},
                       expect=400)
    assert "RS256 or ES256" in json.dumps(unknown)
    admin.cli("keys", "rotate", "--es256")
    created = api.call("POST", "/admin/clients", {"id": name, "name": "ES", "id_token_signed_response_alg": "ES256",
                                                  "redirect_uris": ["https://es.example/cb"]}, expect=201)
    assert created["id_token_signed_response_alg"] == "ES256"
    assert api.call("GET", "/admin/clients/" + name)["id_token_signed_response_alg"] == "ES256"
    plain = api.call("POST", "/admin/clients", {"id": "rs-" + secrets.token_hex(3), "name": "RS"}, expect=201)
    assert plain["id_token_signed_response_alg"] == "RS256"
