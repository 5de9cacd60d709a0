"""A software WebAuthn authenticator for tests (W3C WebAuthn Level 3 §6): makes credentials and
assertions the way a platform authenticator does, with cbor2 and cryptography, so the server is
tested against bytes it did not produce. Knobs let a test break one thing at a time."""
import base64
import hashlib
import json
import os
import struct

import cbor2
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

UP, UV, BE, BS, AT, ED = 0x01, 0x04, 0x08, 0x10, 0x40, 0x80


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Credential:
    """One discoverable credential: a key pair, its ID, the user handle and a sign counter."""

    def __init__(self, alg=-7, credential_id=None, user_handle=b"", key=None, sign_count=0):
        self.alg = alg
        self.credential_id = credential_id or os.urandom(16)
        self.user_handle = user_handle
        self.sign_count = sign_count
        if key is not None:
            self.key = key
        elif alg == -7:
            self.key = ec.generate_private_key(ec.SECP256R1())
        else:
            self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def cose(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        if self.alg == -7:
            key = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
        else:
            n = numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")
            key = {1: 3, 3: -257, -1: n, -2: numbers.e.to_bytes(3, "big")}
        return cbor2.dumps(key, canonical=True)

    def sign(self, message: bytes) -> bytes:
        if self.alg == -7:
            return self.key.sign(message, ec.ECDSA(hashes.SHA256()))
        return self.key.sign(message, padding.PKCS1v15(), hashes.SHA256())


def client_data(kind, challenge: bytes, origin, cross_origin=False) -> bytes:
    data = {"type": kind, "challenge": b64url(challenge), "origin": origin, "crossOrigin": cross_origin}
    return json.dumps(data, separators=(",", ":")).encode()


def authenticator_data(rp_id, flags, count, attested=b"") -> bytes:
    return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", count) + attested


def create(credential, rp_id, origin, challenge, flags=UP | UV | BE | BS, fmt="none", kind="webauthn.create"):
    """A RegistrationResponseJSON (WebAuthn Level 3 §5.1) for a new credential."""
    cid = credential.credential_id
    attested = bytes(16) + struct.pack(">H", len(cid)) + cid + credential.cose()
    auth_data = authenticator_data(rp_id, flags | AT, credential.sign_count, attested)
    cdata = client_data(kind, challenge, origin)
    statement = {}
    if fmt == "packed":
        statement = {"alg": credential.alg, "sig": credential.sign(auth_data + hashlib.sha256(cdata).digest())}
    attestation = cbor2.dumps({"fmt": fmt, "attStmt": statement, "authData": auth_data}, canonical=True)
    return {"id": b64url(cid), "rawId": b64url(cid), "type": "public-key", "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
            "response": {"clientDataJSON": b64url(cdata), "attestationObject": b64url(attestation),
                         "transports": ["internal"]}}


def get(credential, rp_id, origin, challenge, flags=UP | UV | BE | BS, count=None, kind="webauthn.get",
        tamper_signature=False):
    """An AuthenticationResponseJSON (WebAuthn Level 3 §5.1) signed by `credential`."""
    if count is None:
        credential.sign_count = credential.sign_count + 1 if credential.sign_count else 0
        count = credential.sign_count
    auth_data = authenticator_data(rp_id, flags, count)
    cdata = client_data(kind, challenge, origin)
    signature = credential.sign(auth_data + hashlib.sha256(cdata).digest())
    if tamper_signature:
        signature = credential.sign(auth_data + b"x")
    return {"id": b64url(credential.credential_id), "rawId": b64url(credential.credential_id), "type": "public-key",
            "clientExtensionResults": {}, "authenticatorAttachment": "platform",
            "response": {"clientDataJSON": b64url(cdata), "authenticatorData": b64url(auth_data),
                         "signature": b64url(signature), "userHandle": b64url(credential.user_handle)}}
