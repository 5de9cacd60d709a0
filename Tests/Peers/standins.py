"""Local stand-ins for Apple's and Google's servers, on 127.0.0.1, speaking the real protocols with
real keys (signed by PyJWT, an independent JOSE library).

Apple: GET /auth/keys, POST /auth/token (checks the ES256 client secret: signature with the raw
r||s form, kid, iss = team, sub = client_id, aud, exp <= 15777000 s ahead), POST /auth/revoke
(records what it was sent). Google: GET /oauth2/v3/certs with Cache-Control max-age.
"""
import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import RSAAlgorithm

APPLE_ISSUER = "https://appleid.apple.com"


def new_rsa_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def public_jwk(key, kid):
    jwk = json.loads(RSAAlgorithm.to_jwk(key.public_key()))
    jwk.update({"kid": kid, "use": "sig", "alg": "RS256"})
    return jwk


class KeyServer:
    """A set of RS256 signing keys that can rotate; the newest signs."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.keys = []
        self.rotate()

    def rotate(self):
        kid = f"{self.prefix}{len(self.keys) + 1}{secrets.token_hex(3)}"
        self.keys.append((kid, new_rsa_key()))
        return kid

    def jwks(self):
        return {"keys": [public_jwk(key, kid) for kid, key in self.keys]}

    def sign(self, claims, kid=None, key=None):
        kid = kid or self.keys[-1][0]
        key = key or dict(self.keys)[kid]
        return jwt.encode(claims, key, algorithm="RS256", headers={"kid": kid})


class AppleStandIn:
    def __init__(self, team_id="TEAM123456", key_id="KEY1234567"):
        self.team_id = team_id
        self.key_id = key_id
        self.client_key = ec.generate_private_key(ec.SECP256R1())
        self.signing = KeyServer("apple")
        self.codes = {}  # code -> dict(sub, email, ..., client_id)
        self.refresh_tokens = {}  # refresh token -> sub
        self.revocations = []
        self.token_requests = []
        self.fail_revoke = False

    def p8_pem(self):
        return self.client_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ).decode()

    def identity_token(self, aud, sub, nonce=None, email=None, private=False, lifetime=600, **extra):
        now = int(time.time())
        claims = {"iss": APPLE_ISSUER, "aud": aud, "sub": sub, "iat": now, "exp": now + lifetime,
                  "auth_time": now, "nonce_supported": True}
        if nonce is not None:
            claims["nonce"] = nonce
        if email:
            claims.update({"email": email, "email_verified": "true"})
            if private:
                claims["is_private_email"] = "true"
        claims.update(extra)
        return self.signing.sign(claims)

    def issue_code(self, client_id, sub, email=None):
        code = "c" + secrets.token_hex(16)
        self.codes[code] = {"client_id": client_id, "sub": sub, "email": email}
        return code

    def notification(self, aud, event, sub, as_string=False, jti=None, millis=False, **fields):
        now = int(time.time())
        events = {"type": event, "sub": sub, "event_time": now * 1000 if millis else now, **fields}
        claims = {"iss": APPLE_ISSUER, "aud": aud, "iat": now, "jti": jti or secrets.token_hex(8),
                  "events": json.dumps(events) if as_string else events}
        return self.signing.sign(claims)

    def check_client_secret(self, client_id, secret):
        """Apple's checks on the client secret (specs/sign-in-with-apple.md §3); returns an error or None."""
        try:
            header = jwt.get_unverified_header(secret)
            if header.get("alg") != "ES256" or header.get("kid") != self.key_id:
                return "bad header"
            # PyJWT verifies ES256 in the raw r||s form; a DER signature does not verify.
            claims = jwt.decode(secret, self.client_key.public_key(), algorithms=["ES256"],
                                audience=APPLE_ISSUER, issuer=self.team_id,
                                options={"require": ["iss", "iat", "exp", "aud", "sub"]})
        except jwt.PyJWTError as error:
            return f"client secret rejected: {error}"
        if claims["sub"] != client_id:
            return "sub is not the client_id"
        if claims["exp"] > int(time.time()) + 15777000:
            return "exp too far ahead"
        return None

    def token(self, form):
        self.token_requests.append(form)
        client_id = form.get("client_id", "")
        if self.check_client_secret(client_id, form.get("client_secret", "")):
            return 400, {"error": "invalid_client"}
        if form.get("grant_type") != "authorization_code":
            return 400, {"error": "unsupported_grant_type"}
        grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or grant["client_id"] != client_id:
            return 400, {"error": "invalid_grant"}
        refresh = "r" + secrets.token_hex(16)
        self.refresh_tokens[refresh] = grant["sub"]
        now = int(time.time())
        id_token = self.signing.sign({"iss": APPLE_ISSUER, "aud": client_id, "sub": grant["sub"], "iat": now,
                                      "exp": now + 600, **({"email": grant["email"]} if grant["email"] else {})})
        return 200, {"access_token": "a" + secrets.token_hex(16), "token_type": "Bearer", "expires_in": 3600,
                     "refresh_token": refresh, "id_token": id_token}

    def revoke(self, form):
        client_id = form.get("client_id", "")
        error = self.check_client_secret(client_id, form.get("client_secret", ""))
        if error:
            return 400, {"error": "invalid_client"}
        if self.fail_revoke:
            return 503, {"error": "temporarily_unavailable"}
        self.revocations.append({"client_id": client_id, "token": form.get("token"),
                                 "token_type_hint": form.get("token_type_hint")})
        return 200, None


class GoogleStandIn:
    web_client_id = "web-client.apps.googleusercontent.com"
    web_client_secret = "web-client-secret-of-enough-length"

    def __init__(self):
        self.signing = KeyServer("google")
        self.max_age = 3600
        self.codes = {}  # code -> dict(sub, email, nonce, challenge, redirect_uri)
        self.token_requests = []

    def issue_code(self, sub, email, nonce, challenge, redirect_uri):
        code = "4/" + secrets.token_urlsafe(16)
        self.codes[code] = {"sub": sub, "email": email, "nonce": nonce, "challenge": challenge,
                            "redirect_uri": redirect_uri}
        return code

    def token(self, form):
        """Google's token endpoint for the web client: client secret, redirect_uri and PKCE S256 checked."""
        import base64, hashlib
        self.token_requests.append(form)
        if (form.get("client_id"), form.get("client_secret")) != (self.web_client_id, self.web_client_secret):
            return 401, {"error": "invalid_client"}
        grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or grant["redirect_uri"] != form.get("redirect_uri"):
            return 400, {"error": "invalid_grant"}
        digest = hashlib.sha256(form.get("code_verifier", "").encode()).digest()
        if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != grant["challenge"]:
            return 400, {"error": "invalid_grant", "error_description": "PKCE"}
        id_token = self.id_token(self.web_client_id, grant["sub"], nonce=grant["nonce"], email=grant["email"])
        return 200, {"access_token": "ya29." + secrets.token_hex(8), "expires_in": 3599, "token_type": "Bearer",
                     "id_token": id_token, "scope": "openid email profile"}

    def id_token(self, aud, sub, nonce=None, email=None, verified=True, lifetime=3600,
                 issuer="https://accounts.google.com", **extra):
        now = int(time.time())
        claims = {"iss": issuer, "aud": aud, "azp": aud, "sub": sub, "iat": now, "exp": now + lifetime}
        if nonce is not None:
            claims["nonce"] = nonce
        if email:
            claims.update({"email": email, "email_verified": verified})
        claims.update(extra)
        return self.signing.sign(claims)


class StandInServer:
    """One loopback HTTP server hosting both stand-ins."""

    def __init__(self):
        self.apple = AppleStandIn()
        self.google = GoogleStandIn()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def reply(self, status, body, headers=None):
                data = b"" if body is None else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                if self.path == "/auth/keys":
                    self.reply(200, outer.apple.signing.jwks())
                elif self.path == "/oauth2/v3/certs":
                    self.reply(200, outer.google.signing.jwks(),
                               {"Cache-Control": f"public, max-age={outer.google.max_age}"})
                else:
                    self.reply(404, {"error": "not_found"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length).decode()
                if not self.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
                    return self.reply(400, {"error": "invalid_request"})
                form = dict(urllib.parse.parse_qsl(raw, keep_blank_values=True))
                if self.path == "/auth/token":
                    self.reply(*outer.apple.token(form))
                elif self.path == "/auth/revoke":
                    self.reply(*outer.apple.revoke(form))
                elif self.path == "/google/token":
                    self.reply(*outer.google.token(form))
                else:
                    self.reply(404, {"error": "not_found"})

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
