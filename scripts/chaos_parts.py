"""Parts of the chaos suite (scripts/chaos.py): its figures, one `accountlink serve` process, the
PostgreSQL test cluster's restart, and the Google-like and thief clients."""
import base64
import http.client
import json
import os
import random
import signal
import subprocess
import threading
import time
import urllib.parse
import uuid
from pathlib import Path


class Figures:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.faults = {}
        self.faulted = set()
        self.statuses = {}
        self.recoveries = []
        self.broken = []

    def add(self, name, n=1):
        with self.lock:
            self.counts[name] = self.counts.get(name, 0) + n

    def get(self, name):
        with self.lock:
            return self.counts.get(name, 0)

    def fault(self, kind, sequence):
        with self.lock:
            self.faults[kind] = self.faults.get(kind, 0) + 1
            if sequence:
                self.faulted.add(sequence)

    def status(self, status):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1


class Instance:
    """One `accountlink serve` on a fixed loopback port, restartable after kill -9."""

    def __init__(self, binary, folder, env, port):
        self.binary, self.folder, self.port = binary, Path(folder), port
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("ACCOUNTLINK_")}
        self.env.update(env)
        self.env["ACCOUNTLINK_LISTEN"] = f"127.0.0.1:{port}"
        self.process = None
        self.log = open(self.folder / f"serve-{port}.log", "a")

    def cli(self, *args, stdin=None):
        result = subprocess.run([self.binary, *args], input=stdin, capture_output=True, text=True, env=self.env,
                                cwd=self.folder, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"accountlink {' '.join(args)} exited {result.returncode}: {result.stderr}")
        return result.stdout

    def start(self, timeout=60):
        self.process = subprocess.Popen([self.binary, "serve"], env=self.env, cwd=self.folder, stdout=self.log,
                                        stderr=subprocess.STDOUT)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited {self.process.returncode}; see {self.log.name}")
            if request("127.0.0.1", self.port, "GET", "/healthz", timeout=1)[0] == 200:
                return
            time.sleep(0.05)
        raise RuntimeError(f"serve on {self.port} not healthy in {timeout} s")

    def kill9(self):
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill9()


class PostgresCluster:
    """The test cluster of scripts/test-postgres.sh, restarted with pg_ctl (immediate stop: the
    server's processes end at once, as in a crash, and it recovers from its WAL on start)."""

    def __init__(self):
        self.data = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_DATA")
        self.bin = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_BIN")

    def available(self):
        return bool(self.data and self.bin)

    def restart(self):
        command = [f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "-t", "60",
                   "-l", str(Path(self.data).parent / "server.log"), "restart"]
        if os.getuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=90)


def request(host, port, method, path, body=None, headers=None, timeout=20):
    """(status, parsed JSON or text) or (None, error) when no whole answer came."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        try:
            return response.status, json.loads(text)
        except ValueError:
            return response.status, text
    except (OSError, http.client.HTTPException) as error:
        return None, error
    finally:
        connection.close()


class World:
    """What every client shares: where to send, the figures, when to stop."""

    def __init__(self, proxy, figures, client_id, secret):
        self.proxy, self.figures = proxy, figures
        self.basic = "Basic " + base64.b64encode(f"{client_id}:{secret}".encode()).decode()
        self.stop = threading.Event()
        self.last_success = 0.0
        self.issued = []  # (time, access token) of honest clients
        self.lock = threading.Lock()

    def token(self, form, sequence=None):
        headers = {"Authorization": self.basic, "Content-Type": "application/x-www-form-urlencoded"}
        if sequence:
            headers["X-Chaos-Sequence"] = sequence
        status, body = request("127.0.0.1", self.proxy.port, "POST", "/token", urllib.parse.urlencode(form), headers)
        if status is not None:
            self.figures.status(status)
        if status == 200:
            self.last_success = time.time()
        return status, body

    def sign_in(self, email, password):
        """A new grant (the password grant of the first-party client), retried through restarts."""
        for _ in range(400):
            status, body = self.token({"grant_type": "password", "username": email, "password": password,
                                       "scope": "devices"})
            if status == 200:
                return body["refresh_token"]
            time.sleep(0.1)
        raise RuntimeError(f"password grant kept failing: {status} {body}")


class GoogleClient:
    """Refreshes as Google does: before expiry, sometimes two refreshes of one token at once keeping
    one answer, and after a failure (no answer, 5xx) it retries with the token it holds."""

    def __init__(self, world, refresh_token, patience=0):
        self.world, self.token, self.broken, self.patience = world, refresh_token, None, patience

    def sequence(self):
        """One refresh until a new token is held; False when the link broke (invalid_grant)."""
        sequence = uuid.uuid4().hex
        self.world.figures.add("sequences")
        while not self.world.stop.is_set():
            answers = self.attempt(sequence, 2 if random.random() < 0.1 else 1)
            good = [body for status, body in answers if status == 200]
            if good:
                self.token = good[-1]["refresh_token"]
                self.issued(good)
                return True
            refused = [body for status, body in answers if status is not None and 400 <= status < 500]
            if refused:
                self.broken = refused[0]
                return False
            self.wait()
        return True

    def wait(self):
        """Before a retry: a moment, or (a patient client) `patience` seconds."""
        if not self.patience:
            time.sleep(random.uniform(0.05, 0.3))
            return
        if self.world.stop.wait(self.patience):
            return
        self.world.figures.add("patient retries")

    def attempt(self, sequence, parallel):
        answers, threads = [], []
        lock = threading.Lock()

        def one():
            answer = self.world.token({"grant_type": "refresh_token", "refresh_token": self.token}, sequence)
            with lock:
                answers.append(answer)

        for _ in range(parallel):
            threads.append(threading.Thread(target=one))
            threads[-1].start()
        for thread in threads:
            thread.join()
        if parallel > 1:
            self.world.figures.add("concurrent refreshes")
        return answers

    def issued(self, bodies):
        with self.world.lock:
            for body in bodies:
                self.world.issued.append((time.time(), body["access_token"]))

    def run(self):
        while not self.world.stop.is_set():
            if not self.sequence():
                return
            time.sleep(random.uniform(0, 0.02))


class Thief(GoogleClient):
    """Refreshes twice, then replays the token two back (its successor has been used): every replay
    must be refused and its grant revoked. Then takes the next grant of `grants` (made before the
    faults: a sign-in killed half-way would leave the login throttle counting it)."""

    def __init__(self, world, grants):
        self.grants = grants
        super().__init__(world, None)

    def issued(self, bodies):
        pass

    def run(self):
        while not self.world.stop.is_set():
            with self.world.lock:
                if not self.grants:
                    return
                self.token = self.grants.pop()
            held = [self.token]
            for _ in range(2):
                if not self.sequence():
                    self.world.figures.add("thief refused before replaying")
                    break
                held.append(self.token)
            if len(held) == 3 and not self.world.stop.is_set():
                self.replay(held[0], held[2])

    def replay(self, used, current):
        self.world.figures.add("thefts attempted")
        replayed = self.answered(used)
        after = self.answered(current)
        if replayed == 400 and after == 400:
            self.world.figures.add("thefts detected")
        else:
            self.world.figures.add("thefts missed")

    def answered(self, token):
        for _ in range(600):
            status, _ = self.world.token({"grant_type": "refresh_token", "refresh_token": token})
            if status is not None and status < 500:
                return status
            time.sleep(0.1)
        return None
