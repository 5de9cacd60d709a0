"""Mail goes over STARTTLS (RFC 3207) with a verified certificate: to an SMTP server that requires
STARTTLS and whose certificate comes from a private CA named by ACCOUNTLINK_SMTP_CA_FILE; without
that CA the certificate is not trusted and nothing is sent in clear."""
import datetime
import ipaddress
import json
import secrets
import ssl
import tempfile
import time
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from browserless import Browser
from conftest import Server, free_port
from smtp_inbox import SMTPServer


def certificates(folder):
    """A CA and a certificate for 127.0.0.1 it signed; returns (ca.pem, server TLS context)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "AccountLink test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .sign(ca_key, hashes.SHA256()))
    cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .sign(ca_key, hashes.SHA256()))
    folder = Path(folder)
    (folder / "ca.pem").write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    (folder / "server.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "server.key").write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                                          serialization.PrivateFormat.PKCS8,
                                                          serialization.NoEncryption()))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(folder / "server.pem", folder / "server.key")
    return str(folder / "ca.pem"), context


def sign_up(server, email):
    browser = Browser(server.base_url)
    page = browser.get("/signup")
    answer = browser.submit(page.text, page.url, {"email": email, "password": "starttls passphrase"}, field="password")
    assert answer.status_code == 200, answer.text


def test_starttls_with_a_verified_certificate_and_never_in_clear(standins):
    with tempfile.TemporaryDirectory(prefix="accountlink-tls-") as folder:
        ca_file, context = certificates(folder)
        port = free_port()
        with SMTPServer(port, tls_context=context) as smtp:
            untrusted = Server(tempfile.mkdtemp(dir=folder), standins,
                               {"ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{port}"}).start()
            try:
                email = f"untrusted-{secrets.token_hex(4)}@example.com"
                sign_up(untrusted, email)
                deadline = time.time() + 60
                while time.time() < deadline:
                    [mail] = [m for m in json.loads(untrusted.cli("mail", "list", "--json").stdout) if m["to"] == email]
                    if mail["attempts"] >= 1 and mail["status"] != "sending":
                        break
                    time.sleep(0.3)
                assert mail["status"] == "pending" and "not delivered" in mail["last_outcome"], mail
                assert smtp.inbox.to(email) == []
            finally:
                untrusted.stop()
            trusted = Server(tempfile.mkdtemp(dir=folder), standins,
                             {"ACCOUNTLINK_SMTP_URL": f"smtp://127.0.0.1:{port}",
                              "ACCOUNTLINK_SMTP_CA_FILE": ca_file}).start()
            try:
                email = f"trusted-{secrets.token_hex(4)}@example.com"
                sign_up(trusted, email)
                smtp.inbox.wait(email, "Confirm")
                assert smtp.inbox.tls == [True], "the mail came over STARTTLS"
            finally:
                trusted.stop()
