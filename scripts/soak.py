"""`make soak` (docs/hardening.md): the release server on loopback with a throwaway SQLite database, first its
peak rate over the main endpoints, then SOAK_SECONDS (600) at SOAK_LOAD (0.7) of that peak. Prints the
request and error counts and the server's RSS at start and end; exit 1 on any error or when RSS grew
more than 10 %. Bounded: loopback only, fixed duration, the server is stopped by its PID."""
import base64
import http.client
import json
import multiprocessing
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

BINARY = os.environ.get("ACCOUNTLINK_BINARY", ".build/release/accountlink")
SECONDS = float(os.environ.get("SOAK_SECONDS", "600"))
LOAD = float(os.environ.get("SOAK_LOAD", "0.7"))
CALIBRATE = float(os.environ.get("SOAK_CALIBRATE_SECONDS", "10"))
WORKERS = int(os.environ.get("SOAK_WORKERS", "4"))
PASSWORD = "a long enough password"
FLIP = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


class Client:
    """One keep-alive connection; every call returns the status and the parsed JSON body (or None)."""

    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method, path, form=None, headers=None):
        body = urllib.parse.urlencode(form) if form is not None else None
        headers = dict(headers or {})
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return 0, None
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
        try:
            return response.status, json.loads(data) if data[:1] in (b"{", b"[") else None
        except ValueError:
            return response.status, None


def basic(client_id, secret):
    return {"Authorization": "Basic " + base64.b64encode(f"{client_id}:{secret}".encode()).decode()}


def one_round(client, setup):
    """The main endpoints once each; returns (requests, errors)."""
    auth = basic("google", setup["secret"])
    bearer = {"Authorization": "Bearer " + setup["app_token"]}
    checks = [
        (("GET", "/healthz"), 200),
        (("GET", "/.well-known/openid-configuration"), 200),
        (("GET", "/jwks.json"), 200),
        (("GET", "/userinfo", None, bearer), 200),
        (("POST", "/introspect", {"token": setup["access"]}, auth), 200),
        (("POST", "/token", {"grant_type": "refresh_token", "refresh_token": setup["refresh"]}, auth), 200),
    ]
    errors = 0
    for arguments, expected in checks:
        status, _ = client.call(*arguments)
        errors += status != expected
    status, body = client.call("POST", "/app-flip/authorize", {"client_id": "google", "redirect_uri": FLIP,
                                                                "scope": "openid email", "state": "s"}, bearer)
    errors += status != 200
    if status == 200:
        status, _ = client.call("POST", "/token", {"grant_type": "authorization_code", "code": body["code"],
                                                   "redirect_uri": FLIP}, auth)
        errors += status != 200
    return len(checks) + 2, errors


def worker(port, setup, seconds, rate, results):
    """Runs rounds for `seconds`; with a `rate` (requests/s for this worker) it paces itself."""
    client, done, errors = Client(port), 0, 0
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        count, failed = one_round(client, setup)
        done, errors = done + count, errors + failed
        if rate:
            ahead = done / rate - (time.monotonic() - started)
            if ahead > 0:
                time.sleep(ahead)
    results.put((done, errors))


def run_phase(port, setup, seconds, rate=None):
    results = multiprocessing.Queue()
    processes = [multiprocessing.Process(target=worker, args=(port, setup, seconds, rate and rate / WORKERS, results))
                 for _ in range(WORKERS)]
    started = time.monotonic()
    for process in processes:
        process.start()
    totals = [results.get(timeout=seconds + 120) for _ in processes]
    for process in processes:
        process.join(timeout=30)
    elapsed = time.monotonic() - started
    return sum(t[0] for t in totals), sum(t[1] for t in totals), elapsed


def cli(env, *args, stdin=None):
    return subprocess.run([BINARY, *args], env=env, input=stdin, capture_output=True, text=True, check=True,
                          timeout=60).stdout.strip()


def prepare(folder, port):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACCOUNTLINK_")}
    env.update({"ACCOUNTLINK_LISTEN": f"127.0.0.1:{port}", "ACCOUNTLINK_DATABASE": f"sqlite:{folder}/soak.sqlite"})
    secret = cli(env, "client", "add", "--id", "google", "--name", "Google", "--google-project", "soak",
                 "--app-flip", "--scope", "openid", "--scope", "email")
    cli(env, "client", "add", "--id", "app", "--name", "App", "--public", "--first-party", "--scope", "openid")
    cli(env, "user", "add", "--email", "soak@example.com", "--password-stdin", stdin=PASSWORD + "\n")
    return env, secret


def start(env, folder, port):
    log = open(os.path.join(folder, "server.log"), "w")
    server = subprocess.Popen([BINARY, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    client, deadline = Client(port), time.time() + 30
    while client.call("GET", "/healthz")[0] != 200:
        if time.time() > deadline or server.poll() is not None:
            raise SystemExit("the server did not start")
        time.sleep(0.1)
    return server


def tokens(port, secret):
    client = Client(port)
    _, app = client.call("POST", "/token", {"grant_type": "password", "username": "soak@example.com",
                                            "password": PASSWORD, "client_id": "app", "scope": "openid"})
    bearer = {"Authorization": "Bearer " + app["access_token"]}
    _, flip = client.call("POST", "/app-flip/authorize", {"client_id": "google", "redirect_uri": FLIP,
                                                          "scope": "openid email", "state": "s"}, bearer)
    _, google = client.call("POST", "/token", {"grant_type": "authorization_code", "code": flip["code"],
                                               "redirect_uri": FLIP}, basic("google", secret))
    return {"secret": secret, "app_token": app["access_token"], "access": google["access_token"],
            "refresh": google["refresh_token"]}


def main():
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="accountlink-soak-") as folder:
        env, secret = prepare(folder, port)
        server = start(env, folder, port)
        try:
            setup = tokens(port, secret)
            done, errors, elapsed = run_phase(port, setup, CALIBRATE)
            peak = done / elapsed
            print(f"peak: {peak:.0f} requests/s over {elapsed:.0f} s ({errors} errors); soak at {LOAD:.0%}: "
                  f"{peak * LOAD:.0f} requests/s for {SECONDS:.0f} s", flush=True)
            rss_start = rss_kib(server.pid)
            done, soak_errors, elapsed = run_phase(port, setup, SECONDS, peak * LOAD)
            rss_end = rss_kib(server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
    growth = (rss_end - rss_start) / rss_start
    print(f"soak: {done} requests in {elapsed:.0f} s ({done / elapsed:.0f}/s), errors: {soak_errors}")
    print(f"RSS: start {rss_start / 1024:.1f} MiB, end {rss_end / 1024:.1f} MiB ({growth:+.1%})")
    sys.exit(1 if soak_errors or growth > 0.10 else 0)


if __name__ == "__main__":
    main()
