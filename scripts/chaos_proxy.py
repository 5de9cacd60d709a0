"""The fault-injecting HTTP proxy of the chaos suite (scripts/chaos.py), on 127.0.0.1.

One request per client connection. A refresh (`grant_type=refresh_token` at POST /token) may meet a
fault, chosen at random with probability `rate`:
- drop: the server handled the request (its answer was read in full), the client gets nothing;
- delay: the answer is held 0.2-2 s, then sent;
- reset: half the answer is sent, then the connection is reset (RST);
- duplicate: the request is sent twice at once (to the next upstream too, when there are several),
  and one of the two answers, at random, goes back.
Requests go round-robin to the upstreams. When an upstream fails (killed, restarting), the client's
connection is closed without an answer, as a load balancer that lost its backend would.
"""
import random
import socket
import struct
import threading
import time

FAULTS = ("drop", "delay", "reset", "duplicate")
SEQUENCE_HEADER = b"x-chaos-sequence:"


class Proxy:
    def __init__(self, upstreams, figures, rate):
        self.upstreams = upstreams  # a callable returning the list of (host, port)
        self.figures = figures
        self.rate = rate
        self.faulty = True
        self.next = 0
        self.lock = threading.Lock()
        self.on_refresh = None  # called with the upstream index once a refresh was sent to it
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(512)
        self.port = self.listener.getsockname()[1]
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def close(self):
        self.closed = True
        self.listener.close()

    def accept(self):
        while not self.closed:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def serve(self, conn):
        try:
            request = read_request(conn)
            if request is None:
                return
            refresh = b"grant_type=refresh_token" in request
            fault = random.choice(FAULTS) if refresh and self.faulty and random.random() < self.rate else None
            if fault:
                self.figures.fault(fault, sequence_of(request))
            answer = self.forward_twice(request, refresh) if fault == "duplicate" else self.forward_once(request, refresh)
            self.answer(conn, answer, fault)
        except OSError:
            pass
        finally:
            conn.close()

    def answer(self, conn, answer, fault):
        if answer is None or fault == "drop":
            return
        if fault == "delay":
            time.sleep(random.uniform(0.2, 2.0))
        if fault == "reset":
            conn.sendall(answer[: max(1, len(answer) // 2)])
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return
        conn.sendall(answer)

    def pick(self):
        with self.lock:
            self.next += 1
            return self.next

    def forward_once(self, request, refresh):
        return self.forward(self.pick(), request, refresh)

    def forward_twice(self, request, refresh):
        first = self.pick()
        answers = [None, None]

        def one(slot, index):
            answers[slot] = self.forward(index, request, refresh)

        threads = [threading.Thread(target=one, args=(slot, first + slot)) for slot in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(40)
        received = [a for a in answers if a is not None]
        return random.choice(received) if received else None

    def forward(self, index, request, refresh):
        upstreams = self.upstreams()
        index %= len(upstreams)
        try:
            with socket.create_connection(upstreams[index], timeout=30) as upstream:
                upstream.sendall(request)
                if refresh and self.on_refresh:
                    self.on_refresh(index, sequence_of(request))
                chunks = []
                while True:
                    chunk = upstream.recv(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
        except OSError:
            self.figures.add("upstream failures")
            return None
        answer = b"".join(chunks)
        return answer if answer.startswith(b"HTTP/1.") and b"\r\n\r\n" in answer else None


def read_request(conn):
    """The whole request (headers and Content-Length body), with `Connection: close` so that the
    upstream ends its answer by closing."""
    conn.settimeout(30)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"connection:")]
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        body += chunk
    return b"\r\n".join(lines + [b"Connection: close"]) + b"\r\n\r\n" + body


def sequence_of(request):
    for line in request.split(b"\r\n"):
        if line.lower().startswith(SEQUENCE_HEADER):
            return line[len(SEQUENCE_HEADER):].strip().decode()
    return None
