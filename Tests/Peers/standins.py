"""Local stand-ins for Apple's and Google's servers, on 127.0.0.1, speaking the real protocols with
real keys (signed by PyJWT, an independent JOSE library).

Apple: GET /auth/keys, POST /auth/token (checks the ES256 client secret: signature with the raw
r||s form, kid, iss = team, sub = client_id, aud, exp <= 15777000 s ahead), POST /auth/revoke
(records what it was sent). Google: GET /oauth2/v3/certs with Cache-Control max-age.
"""
import hashlib
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
        self.teams = {team_id: (key_id, self.client_key)}  # team -> (key id, .p8 key)
        self.migration_tokens = {}  # access token -> (team, client_id)
        self.transfers = {}  # transfer_sub -> (sending team, sub, recipient team)
        self.migration_requests = []
        self.down = False
        self.signing = KeyServer("apple")
        self.codes = {}  # code -> dict(sub, email, ..., client_id)
        self.refresh_tokens = {}  # refresh token -> sub
        self.revocations = []
        self.token_requests = []
        self.fail_revoke = False

    def add_team(self, team_id, key_id):
        """Another developer team with its own Sign in with Apple key (for app transfers)."""
        self.teams[team_id] = (key_id, ec.generate_private_key(ec.SECP256R1()))

    def p8_pem(self, team_id=None):
        key = self.teams[team_id or self.team_id][1]
        return key.private_bytes(
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
        """Apple's checks on the client secret (https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret); returns an error or None.
        The team is the one whose key the `kid` names; `iss` must be that team."""
        return self.client_team(client_id, secret)[1]

    def client_team(self, client_id, secret):
        try:
            header = jwt.get_unverified_header(secret)
            team = next((t for t, (kid, _) in self.teams.items() if kid == header.get("kid")), None)
            if header.get("alg") != "ES256" or team is None:
                return None, "bad header"
            # PyJWT verifies ES256 in the raw r||s form; a DER signature does not verify.
            claims = jwt.decode(secret, self.teams[team][1].public_key(), algorithms=["ES256"],
                                audience=APPLE_ISSUER, issuer=team,
                                options={"require": ["iss", "iat", "exp", "aud", "sub"]})
        except jwt.PyJWTError as error:
            return None, f"client secret rejected: {error}"
        if claims["sub"] != client_id:
            return None, "sub is not the client_id"
        if claims["exp"] > int(time.time()) + 15777000:
            return None, "exp too far ahead"
        return team, None

    @staticmethod
    def digest(*parts):
        return hashlib.sha256("|".join(parts).encode()).hexdigest()

    def new_team_sub(self, team, sub):
        """The recipient team's identifier for the person the sending team knew as `sub`."""
        return "002." + self.digest(team, sub)[:24]

    def client_credentials(self, form, team):
        if form.get("scope") != "user.migration":
            return 400, {"error": "invalid_scope"}
        token = "mig." + secrets.token_hex(16)
        self.migration_tokens[token] = (team, form.get("client_id"))
        return 200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600}

    def user_migration_info(self, form, bearer):
        """/auth/usermigrationinfo: `sub` + `target` (sending team) or `transfer_sub` (recipient team)."""
        self.migration_requests.append(form)
        if self.down:
            return 503, {"error": "temporarily_unavailable"}
        client_id = form.get("client_id", "")
        team, error = self.client_team(client_id, form.get("client_secret", ""))
        if error:
            return 400, {"error": "invalid_client"}
        if self.migration_tokens.get(bearer) != (team, client_id):
            return 400, {"error": "invalid_request", "error_description": "access token"}
        if "transfer_sub" in form:
            sending, sub, target = self.transfers.get(form["transfer_sub"], (None, None, None))
            if target != team:
                return 400, {"error": "invalid_request"}
            return 200, {"sub": self.new_team_sub(team, sub), "email": f"{self.digest(team, sub)[:10]}@privaterelay.appleid.com",
                         "is_private_email": True}
        if not form.get("sub") or not form.get("target") or form["target"] not in self.teams:
            return 400, {"error": "invalid_request"}
        transfer_sub = f"{self.digest(form['target'])[:6]}.{self.digest(team, form['sub'], form['target'])[:32]}"
        self.transfers[transfer_sub] = (team, form["sub"], form["target"])
        return 200, {"transfer_sub": transfer_sub}

    def token(self, form):
        self.token_requests.append(form)
        client_id = form.get("client_id", "")
        team, error = self.client_team(client_id, form.get("client_secret", ""))
        if error:
            return 400, {"error": "invalid_client"}
        if form.get("grant_type") == "client_credentials":
            return self.client_credentials(form, team)
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

    risc_issuer = "https://accounts.google.com/"

    def __init__(self):
        self.signing = KeyServer("google")
        self.risc = KeyServer("risc")
        self.max_age = 3600
        self.codes = {}  # code -> dict(sub, email, nonce, challenge, redirect_uri)
        self.server_codes = {}  # serverAuthCode -> (sub, refresh token)
        self.refresh_tokens = set()
        self.revoked = []
        self.down = False
        self.token_requests = []

    def issue_server_auth_code(self, sub):
        """A one-time offline-access code, as GIDSignIn's `serverAuthCode` (https://developers.google.com/identity/sign-in/ios/offline-access)."""
        code = "4/0" + secrets.token_urlsafe(16)
        refresh = "1//0" + secrets.token_urlsafe(24)
        self.server_codes[code] = (sub, refresh)
        return code, refresh

    def offline_token(self, form):
        sub, refresh = self.server_codes.pop(form["code"])
        if form.get("redirect_uri") != "":
            return 400, {"error": "redirect_uri_mismatch"}
        self.refresh_tokens.add(refresh)
        return 200, {"access_token": "ya29." + secrets.token_hex(8), "expires_in": 3599, "token_type": "Bearer",
                     "refresh_token": refresh, "scope": "openid email profile",
                     "id_token": self.id_token(self.web_client_id, sub)}

    def revoke(self, form):
        if self.down:
            return 503, {"error": "backend_error"}
        token = form.get("token", "")
        if token not in self.refresh_tokens:
            return 400, {"error": "invalid_token"}
        self.refresh_tokens.discard(token)
        self.revoked.append(token)
        return 200, {}

    def risc_configuration(self, base_url):
        return {"issuer": self.risc_issuer, "jwks_uri": base_url + "/google/risc/keys"}

    def security_event(self, aud, event, sub=None, jti=None, issuer=None, key=None, kid=None, subject=None, **fields):
        """A Cross-Account Protection event (RFC 8417) as https://developers.google.com/identity/protocols/risc shows."""
        issuer = issuer or self.risc_issuer
        body = dict(fields)
        body["subject"] = subject or {"subject_type": "iss-sub", "iss": issuer, "sub": sub}
        claims = {"iss": issuer, "aud": aud, "iat": int(time.time()) - 5, "jti": jti or secrets.token_hex(12),
                  "events": {"https://schemas.openid.net/secevent/" + event: body}}
        kid = kid or self.risc.keys[-1][0]
        key = key or dict(self.risc.keys)[kid]
        return jwt.encode(claims, key, algorithm="RS256", headers={"kid": kid, "typ": "secevent+jwt"})

    def issue_code(self, sub, email, nonce, challenge, redirect_uri):
        code = "4/" + secrets.token_urlsafe(16)
        self.codes[code] = {"sub": sub, "email": email, "nonce": nonce, "challenge": challenge,
                            "redirect_uri": redirect_uri}
        return code

    def token(self, form):
        """Google's token endpoint for the web client: client secret, redirect_uri and PKCE S256 checked."""
        import base64, hashlib
        self.token_requests.append(form)
        if self.down:
            return 503, {"error": "backend_error"}
        if (form.get("client_id"), form.get("client_secret")) != (self.web_client_id, self.web_client_secret):
            return 401, {"error": "invalid_client"}
        if form.get("code") in self.server_codes:
            return self.offline_token(form)
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

    def sdk_id_token(self, ios_client, sub, email, app_nonce=None, refreshed=False, server_client=None, **extra):
        """An ID token shaped like the one GoogleSignIn-iOS 9.1 hands the app (`GIDGoogleUser.idToken`).
        `signIn(withPresenting:)` without the app's nonce builds its request with AppAuth's convenience
        initializer, which sets a nonce of its own (`[OIDAuthorizationRequest generateState]`: 32 random
        bytes, base64url, 43 characters; AppAuth-iOS Sources/AppAuthCore/OIDAuthorizationRequest.m), so
        the token carries a nonce the app never saw. `refreshed`: the token after `restorePreviousSignIn`
        (a refresh-token grant), which carries none. `azp` is the iOS client; `aud` the server client when
        the app configured one (GIDConfiguration.serverClientID), else the iOS client."""
        now = int(time.time())
        given, family = extra.pop("given_name", "Gia"), extra.pop("family_name", "Ruiz")
        claims = {"iss": "https://accounts.google.com", "azp": ios_client, "aud": server_client or ios_client,
                  "sub": sub, "email": email, "email_verified": True, "at_hash": secrets.token_urlsafe(16)[:22],
                  "name": f"{given} {family}", "given_name": given, "family_name": family,
                  "picture": f"https://lh3.googleusercontent.com/a/{sub}=s96-c", "iat": now, "exp": now + 3600}
        if not refreshed:
            claims["nonce"] = app_nonce if app_nonce is not None else secrets.token_urlsafe(32)
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
                elif self.path == "/google/risc-configuration":
                    self.reply(200, outer.google.risc_configuration(outer.base_url))
                elif self.path == "/google/risc/keys":
                    self.reply(200, outer.google.risc.jwks())
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
                elif self.path == "/google/revoke":
                    self.reply(*outer.google.revoke(form))
                elif self.path == "/auth/usermigrationinfo":
                    bearer = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
                    self.reply(*outer.apple.user_migration_info(form, bearer))
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
