"""`accountlink token verify` against tokens made by an independent JOSE library (PyJWT)."""
import json
import subprocess
import time

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives import serialization
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from conftest import binary

ISS, AUD = "https://issuer.example", "client-1"


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    folder = tmp_path_factory.mktemp("jwks")
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ec_key = ec.generate_private_key(ec.SECP256R1())
    rsa_jwk = json.loads(RSAAlgorithm.to_jwk(rsa_key.public_key())) | {"kid": "r1"}
    ec_jwk = json.loads(ECAlgorithm.to_jwk(ec_key.public_key())) | {"kid": "e1"}
    path = folder / "jwks.json"
    path.write_text(json.dumps({"keys": [rsa_jwk, ec_jwk]}))
    return {"rsa": rsa_key, "ec": ec_key, "file": str(path)}


def claims(**override):
    now = int(time.time())
    value = {"iss": ISS, "aud": AUD, "sub": "user-1", "iat": now, "exp": now + 300, "nonce": "n-1"}
    value.update(override)
    return {k: v for k, v in value.items() if v is not None}


def verify(keys, token, *extra):
    return subprocess.run([binary(), "token", "verify", "--jwks", keys["file"], "--issuer", ISS, "--audience", AUD,
                           *extra, token], capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("alg,kid", [("RS256", "r1"), ("ES256", "e1")])
def test_valid_tokens_print_their_claims(keys, alg, kid):
    key = keys["rsa"] if alg == "RS256" else keys["ec"]
    token = jwt.encode(claims(), key, algorithm=alg, headers={"kid": kid})
    result = verify(keys, token, "--nonce", "n-1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["sub"] == "user-1"


def refused(keys, token, *extra):
    result = verify(keys, token, *extra)
    assert result.returncode == 65
    assert result.stderr.startswith("invalid token: ")
    assert result.stdout == ""
    return result.stderr


def test_wrong_audience(keys):
    assert "aud" in refused(keys, jwt.encode(claims(aud="other"), keys["rsa"], "RS256", headers={"kid": "r1"}))


def test_expired(keys):
    refused(keys, jwt.encode(claims(exp=int(time.time()) - 3600), keys["rsa"], "RS256", headers={"kid": "r1"}))


def test_nonce_mismatch(keys):
    refused(keys, jwt.encode(claims(), keys["rsa"], "RS256", headers={"kid": "r1"}), "--nonce", "other")


def test_header_algorithm_not_the_keys(keys):
    # An RS256 key named by kid, but the header claims ES256 with an EC signature: refused.
    token = jwt.encode(claims(), keys["ec"], "ES256", headers={"kid": "r1"})
    refused(keys, token)


def test_hs256_with_the_public_key_as_secret(keys):
    public_pem = keys["rsa"].public_key().public_bytes(serialization.Encoding.PEM,
                                                        serialization.PublicFormat.SubjectPublicKeyInfo)
    header = jwt.utils.base64url_encode(json.dumps({"alg": "HS256", "kid": "r1"}).encode()).decode()
    payload = jwt.utils.base64url_encode(json.dumps(claims()).encode()).decode()
    import hmac, hashlib
    signature = jwt.utils.base64url_encode(
        hmac.new(public_pem, f"{header}.{payload}".encode(), hashlib.sha256).digest()).decode()
    refused(keys, f"{header}.{payload}.{signature}")


def test_alg_none(keys):
    header = jwt.utils.base64url_encode(json.dumps({"alg": "none", "kid": "r1"}).encode()).decode()
    payload = jwt.utils.base64url_encode(json.dumps(claims()).encode()).decode()
    refused(keys, f"{header}.{payload}.")


def test_tampered_payload(keys):
    token = jwt.encode(claims(), keys["rsa"], "RS256", headers={"kid": "r1"})
    head, payload, sig = token.split(".")
    forged = jwt.utils.base64url_encode(json.dumps(claims(sub="admin")).encode()).decode()
    refused(keys, f"{head}.{forged}.{sig}")


def test_unknown_kid(keys):
    refused(keys, jwt.encode(claims(), keys["rsa"], "RS256", headers={"kid": "nope"}))
