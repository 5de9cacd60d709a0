"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the tests that follow
mail links like a person (docs/accounts-and-email.md)."""
import email
import email.policy
import re
import threading
import time

from aiosmtpd.controller import Controller


class Inbox:
    def __init__(self):
        self.lock = threading.Lock()
        self.messages = []  # (recipients, message)
        self.tls = []  # per message: did it come over TLS (STARTTLS)?

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append((list(envelope.rcpt_tos), message))
            self.tls.append(session.ssl is not None)
        return "250 2.0.0 Message accepted for delivery"

    def to(self, address):
        with self.lock:
            return [m for rcpts, m in self.messages if address in rcpts]

    def wait(self, address, subject_part, count=1, timeout=90):
        """The mails to `address` whose subject contains `subject_part`, once there are `count`."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = [m for m in self.to(address) if subject_part in m["Subject"]]
            if len(found) >= count:
                return found
            time.sleep(0.2)
        raise AssertionError(f"no mail '{subject_part}' to {address} in {timeout} s; have "
                             f"{[m['Subject'] for m in self.to(address)]}")


class SMTPServer:
    def __init__(self, port, tls_context=None):
        """With `tls_context` the server offers STARTTLS and refuses mail without it (RFC 3207)."""
        self.inbox = Inbox()
        extra = {"tls_context": tls_context, "require_starttls": True} if tls_context else {}
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=port, **extra)

    def __enter__(self):
        self.controller.start()
        return self

    def __exit__(self, *exc):
        self.controller.stop()


def text_of(message):
    return message.get_body(preferencelist=("plain",)).get_content()


def link_in(message, path):
    """The link to `path` (e.g. /verify-email) in the mail's plain-text part."""
    match = re.search(r"https?://[^\s]+" + re.escape(path) + r"\?token=[A-Za-z0-9_-]+", text_of(message))
    assert match, f"no {path} link in:\n{text_of(message)}"
    return match.group(0)
