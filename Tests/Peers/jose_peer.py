#!/usr/bin/env python3
"""Independent JOSE peer for JOSETests: PyJWT and jwcrypto sign and verify what Swift produces.

Reads one JSON request on stdin, writes one JSON answer on stdout; exit status 0 on success.
  {"op": "check"}
  {"op": "sign", "alg": "RS256"|"ES256", "claims": {...}, "kid": "..."} -> {"token", "jwks"}
  {"op": "verify", "alg": ..., "jwks": {...}, "token": "...", "audience": "..."} -> {"claims"} (both libraries)
"""
import json
import sys

try:
    import jwt
    from jwcrypto import jwk as jwc_jwk, jws as jwc_jws
    from cryptography.hazmat.primitives.asymmetric import ec, rsa
except ImportError as error:  # the Swift test turns this into a failure with this message
    print(json.dumps({"error": f"missing Python module: {error.name}; run `pip install PyJWT jwcrypto cryptography`"}))
    sys.exit(3)


def sign(request):
    alg = request["alg"]
    if alg == "RS256":
        private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    else:
        private = ec.generate_private_key(ec.SECP256R1())
    kid = request.get("kid", "peer-key")
    token = jwt.encode(request["claims"], private, algorithm=alg, headers={"kid": kid})
    public = json.loads(jwc_jwk.JWK.from_pyca(private.public_key()).export_public())
    public.update({"kid": kid, "alg": alg, "use": "sig"})
    return {"token": token, "jwks": {"keys": [public]}}


def verify(request):
    alg, token = request["alg"], request["token"]
    header = jwt.get_unverified_header(token)
    matches = [k for k in request["jwks"]["keys"] if k.get("kid") == header.get("kid")]
    if len(matches) != 1:
        raise ValueError(f"kid {header.get('kid')!r} not found exactly once in the JWKS")
    key = jwt.PyJWK(matches[0], algorithm=alg)
    claims = jwt.decode(token, key.key, algorithms=[alg], audience=request.get("audience"),
                        options={"verify_exp": False, "verify_iat": False, "verify_nbf": False})
    checked = jwc_jws.JWS()
    checked.deserialize(token)
    checked.verify(jwc_jwk.JWK(**matches[0]), alg=alg)
    if json.loads(checked.payload) != claims:
        raise ValueError("PyJWT and jwcrypto disagree about the payload")
    return {"claims": claims, "thumbprint": jwc_jwk.JWK(**matches[0]).thumbprint()}


def main():
    request = json.load(sys.stdin)
    try:
        if request["op"] == "check":
            answer = {"ok": True, "pyjwt": jwt.__version__}
        elif request["op"] == "sign":
            answer = sign(request)
        elif request["op"] == "verify":
            answer = verify(request)
        else:
            raise ValueError(f"unknown op {request['op']}")
    except Exception as error:  # report, do not crash: the Swift test prints the reason
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        sys.exit(1)
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
