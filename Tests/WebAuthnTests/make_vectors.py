"""Writes Vectors/vectors.json once with the software authenticator of Tests/Peers (cbor2 +
cryptography), and checks each vector with py_webauthn, an independent verifier, before writing.
Run: .build/python/bin/python Tests/WebAuthnTests/make_vectors.py"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Peers"))
import soft_authenticator as sa  # noqa: E402
from webauthn import verify_authentication_response, verify_registration_response  # noqa: E402

RP, ORIGIN, CHALLENGE = "example.com", "https://example.com", bytes(range(32))


def vector(alg, fmt):
    cred = sa.Credential(alg=alg, user_handle=b"account-1", sign_count=0 if alg == -7 else 41)
    registration = sa.create(cred, RP, ORIGIN, CHALLENGE, fmt=fmt)
    verified = verify_registration_response(credential=registration, expected_challenge=CHALLENGE,
                                            expected_origin=ORIGIN, expected_rp_id=RP, require_user_verification=True)
    assertion = sa.get(cred, RP, ORIGIN, CHALLENGE)
    verify_authentication_response(credential=assertion, expected_challenge=CHALLENGE, expected_origin=ORIGIN,
                                   expected_rp_id=RP, credential_public_key=verified.credential_public_key,
                                   credential_current_sign_count=0, require_user_verification=True)
    return {"registration": registration, "assertion": assertion, "publicKeyCOSE": sa.b64url(cred.cose()),
            "signCount": cred.sign_count}


out = {"rpID": RP, "origin": ORIGIN, "challenge": sa.b64url(CHALLENGE),
       "es256": vector(-7, "none"), "rs256": vector(-257, "none"), "packedES256": vector(-7, "packed")}
with open(os.path.join(HERE, "Vectors", "vectors.json"), "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
print("wrote vectors.json, every vector verified by py_webauthn")
