"""A receiver of the maker's systems on 127.0.0.1 (docs/webhooks.md): every webhook is checked with the
Standard Webhooks rule by the reference library (`standardwebhooks`), every back-channel logout token
with PyJWT against the server's /jwks.json; each path answers 2xx, 500 or nothing (a hang longer than the
server's timeout), or a 2xx only after the server's timeout ("late") as the test commands."""
import collections
import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt
from standardwebhooks.webhooks import Webhook

from conftest import free_port

LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout"


class Receiver:
    def __init__(self):
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.modes = {}  # path -> "ok" | "fail" | "hang" | "late"
        self.secrets = {}  # path -> whsec_…
        self.logout_check = None  # (jwks_url, issuer)
        self.records = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                record = receiver.check(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                mode = receiver.modes.get(self.path, "ok")
                if mode in ("hang", "late"):
                    time.sleep(4)
                try:
                    self.send_response(204 if mode in ("ok", "late") else 500)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    pass  # the server gave up waiting (its timeout)
                record["answered"] = mode

        self.http = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.http.shutdown()
        self.http.server_close()

    def url(self, path):
        return self.base_url + path

    def check(self, path, headers, body):
        record = {"path": path, "headers": headers, "body": body, "time": time.time()}
        if path in self.secrets:
            try:
                Webhook(self.secrets[path]).verify(body, headers)
                record["verified"] = True
            except Exception as error:  # any failure is recorded and fails the test that reads it
                record["verified"] = False
                record["error"] = repr(error)
            record["id"] = headers.get("webhook-id")
            record["event"] = json.loads(body)
        else:
            record.update(self.check_logout(headers, body))
        with self.lock:
            self.records.append(record)
        return record

    def check_logout(self, headers, body):
        form = urllib.parse.parse_qs(body.decode())
        token = form.get("logout_token", [""])[0]
        jwks_url, issuer = self.logout_check
        try:
            key = jwt.PyJWKClient(jwks_url).get_signing_key_from_jwt(token)
            header = jwt.get_unverified_header(token)
            claims = jwt.decode(token, key.key, algorithms=["RS256", "ES256"], issuer=issuer,
                                options={"require": ["iss", "aud", "iat", "exp", "jti", "sub", "events"],
                                         "verify_aud": False})
            ok = (header.get("typ") == "logout+jwt" and "nonce" not in claims
                  and claims["events"] == {LOGOUT_EVENT: {}}
                  and headers.get("content-type", "").startswith("application/x-www-form-urlencoded"))
            return {"verified": ok, "claims": claims, "id": claims["jti"]}
        except Exception as error:
            return {"verified": False, "error": repr(error), "id": None}

    def received(self, path=None):
        with self.lock:
            return [r for r in self.records if path is None or r["path"] == path]

    def wait(self, predicate, seconds=30, what="deliveries"):
        deadline = time.time() + seconds
        while time.time() < deadline:
            found = predicate(self)
            if found:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{what} did not arrive in {seconds} s; received: "
                             + repr([(r["path"], r.get("event"), r.get("answered")) for r in self.received()]))

    def events(self, path, verified_only=True):
        """(type, account_id, data) of every webhook received at path, in order of arrival."""
        out = []
        for r in self.received(path):
            assert r["verified"], f"a delivery failed the Standard Webhooks check: {r.get('error')}"
            out.append(r["event"])
        return out

    def distinct(self, path):
        """{webhook-id: event} of every webhook received at path. Delivery is at least once (docs/webhooks.md):
        an attempt whose answer the server did not see in time is sent again with the same `webhook-id`, which
        the receiver uses to deduplicate (Standard Webhooks); every copy must be signed and carry the same body."""
        bodies = {}
        for r in self.received(path):
            assert r["verified"], f"a delivery failed the Standard Webhooks check: {r.get('error')}"
            bodies.setdefault(r["id"], set()).add(r["body"])
        assert all(len(b) == 1 for b in bodies.values()), "one webhook-id, one body, on every attempt"
        return {i: json.loads(next(iter(b))) for i, b in bodies.items()}


def same_events(got, expected):
    """Compares two lists of events as multisets and names what is missing and what is extra (a sorted-list
    diff reports a shifted index instead)."""
    got, expected = collections.Counter(got), collections.Counter(expected)
    missing, extra = list((expected - got).elements()), list((got - expected).elements())
    assert not missing and not extra, f"missing {missing}; extra {extra}"
