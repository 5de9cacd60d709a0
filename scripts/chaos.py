#!/usr/bin/env python3
"""The chaos suite (`make chaos`; docs/operations.md "Refresh rotation"): with refresh-token rotation
on, Google-like clients refresh through a fault-injecting proxy (scripts/chaos_proxy.py: answers
dropped after the server handled the request, delayed, reset mid-answer, requests duplicated) while
the server is killed with SIGKILL at random moments of the refresh path and restarted; on PostgreSQL,
two instances share the database behind the proxy and the database server is restarted under load.
Thief clients replay used refresh tokens on purpose.

Everything runs on 127.0.0.1 and is bounded in time. It prints its figures and exits 1 when a must
is broken: a link broken (an honest client refused), a theft missed, a committed token lost, a 500,
or fewer sequences, kills or database restarts than asked for.

    scripts/test-postgres.sh .build/python/bin/python scripts/chaos.py [--quick]
"""
import argparse
import base64
import os
import random
import secrets
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chaos_parts import Figures, GoogleClient, Instance, PostgresCluster, Thief, World, request  # noqa: E402
from chaos_proxy import Proxy  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "chaos suite password"
# Patient clients wait PATIENCE seconds before retrying a refresh whose answer was lost: longer than
# the 60 s grace period rotation used to allow, so a time-limited rule would break their links.
PATIENCE = 65
FULL = {"sqlite": {"sequences": 6000, "kills": 14, "restarts": 0, "seconds": 230, "at_least": 100, "thefts": 40},
        "postgres": {"sequences": 4500, "kills": 6, "restarts": 2, "seconds": 230, "at_least": 100, "thefts": 40},
        "honest": 16, "patient": 2, "thieves": 3, "fault_rate": 0.25}
# The quick run ends as soon as its quota is done (about 20 s per phase on an idle machine); its time
# limit only bounds a machine so loaded that the quota cannot be reached, and is far from that, so the
# test's verdict does not depend on speed.
QUICK = {"sqlite": {"sequences": 600, "kills": 2, "restarts": 0, "seconds": 150, "at_least": 0, "thefts": 10},
         "postgres": {"sequences": 600, "kills": 2, "restarts": 1, "seconds": 150, "at_least": 0, "thefts": 10},
         "honest": 8, "patient": 0, "thieves": 2, "fault_rate": 0.25}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Phase:
    """One store: instances behind the proxy, clients running, kills and restarts on a schedule."""

    def __init__(self, name, quota, plan, folder, env, figures):
        self.name, self.quota, self.plan, self.figures = name, quota, plan, figures
        binary = os.environ.get("ACCOUNTLINK_BINARY", str(ROOT / ".build/release/accountlink"))
        count = 2 if name == "postgres" else 1
        self.instances = [Instance(binary, folder, env, free_port()) for _ in range(count)]
        self.proxy = Proxy(lambda: [("127.0.0.1", i.port) for i in self.instances], figures, plan["fault_rate"])
        self.kill_lock = threading.Lock()
        self.armed = False
        self.events = []  # times of kills and database restarts

    def setup(self):
        first = self.instances[0]
        first.cli("migrate")
        suffix = secrets.token_hex(3)
        client = f"chaos-{suffix}"
        secret = first.cli("client", "add", "--id", client, "--name", "Chaos", "--first-party",
                           "--rotate-refresh-tokens", "--scope", "devices").strip()
        self.email = f"chaos-{suffix}@example.com"
        first.cli("user", "add", "--email", self.email, "--password-stdin", stdin=PASSWORD + "\n")
        self.resource = f"chaos-rs-{suffix}"
        self.resource_secret = first.cli("client", "add", "--id", self.resource, "--name", "RS",
                                         "--resource-server").strip()
        for instance in self.instances:
            instance.start()
        self.world = World(self.proxy, self.figures, client, secret)
        self.proxy.on_refresh = self.maybe_kill

    def run(self):
        try:
            self.load()
        finally:
            self.world_stop()
            for instance in self.instances:
                instance.stop()
            self.proxy.close()

    def world_stop(self):
        if getattr(self, "world", None):
            self.world.stop.set()

    def load(self):
        self.setup()
        self.proxy.faulty = False
        honest = [GoogleClient(self.world, self.world.sign_in(self.email, PASSWORD)) for _ in range(self.plan["honest"])]
        honest += [GoogleClient(self.world, self.world.sign_in(self.email, PASSWORD), patience=PATIENCE)
                   for _ in range(self.plan["patient"])]
        grants = [self.world.sign_in(self.email, PASSWORD) for _ in range(self.quota["thefts"])]
        thieves = [Thief(self.world, grants) for _ in range(self.plan["thieves"])]
        self.proxy.faulty = True
        threads = [threading.Thread(target=c.run, daemon=True) for c in honest + thieves]
        start = time.time()
        for thread in threads:
            thread.start()
        self.schedule(start)
        self.world.stop.set()
        for thread in threads:
            thread.join(60)
        self.proxy.faulty = False
        self.figures.add("seconds", time.time() - start)
        self.check(honest)

    def schedule(self, start):
        """Kills and database restarts spread over the quota of sequences; ends at the quota (and
        every planned fault done) or at the time limit."""
        base = self.figures.get("sequences")
        kills, restarts = self.quota["kills"], self.quota["restarts"]
        done_kills = done_restarts = 0
        while time.time() - start < self.quota["seconds"]:
            run = self.figures.get("sequences") - base
            if done_kills < kills and run >= (done_kills + 0.5) * self.quota["sequences"] / kills:
                self.kill_one()
                done_kills += 1
            elif done_restarts < restarts and run >= (done_restarts + 1) * self.quota["sequences"] / (restarts + 1):
                self.restart_database()
                done_restarts += 1
            elif (run >= self.quota["sequences"] and done_kills == kills and done_restarts == restarts
                  and time.time() - start >= self.quota["at_least"]):
                return
            time.sleep(0.05)

    def kill_one(self):
        """Armed: the next refresh sent to an instance kills it 0-10 ms later; then it restarts."""
        killed = threading.Event()
        self.killed = killed
        with self.kill_lock:
            self.armed = True
        killed.wait(30)
        if not killed.is_set():
            with self.kill_lock:
                self.armed = False
            return

    def maybe_kill(self, index, sequence):
        with self.kill_lock:
            if not self.armed:
                return
            self.armed = False
        time.sleep(random.uniform(0, 0.01))
        instance = self.instances[index]
        instance.kill9()
        self.events.append(time.time())
        self.figures.add("kill -9")
        self.figures.fault("kill -9", sequence)
        instance.start()
        self.killed.set()

    def restart_database(self):
        stopped = time.time()
        self.events.append(stopped)
        PostgresCluster().restart()
        up = time.time()
        self.figures.add("database restarts")
        while time.time() - up < 120 and self.world.last_success <= up:
            time.sleep(0.01)
        self.figures.recoveries.append((round(up - stopped, 2), round(self.world.last_success - up, 2)))

    def check(self, honest):
        """Every honest client's held token still refreshes; every access token answered is still
        known (active) to introspection: nothing committed was lost."""
        for client in honest:
            if client.broken is None:
                status, body = self.world.token({"grant_type": "refresh_token", "refresh_token": client.token})
                if status != 200:
                    client.broken = (status, body)
            if client.broken is not None:
                self.figures.add("links broken")
                self.figures.broken.append(str(client.broken)[:200])
        at_risk = [t for when, t in self.world.issued if any(0 <= e - when < 3 for e in self.events)]
        others = [t for when, t in self.world.issued if not any(0 <= e - when < 3 for e in self.events)]
        sample = at_risk + random.sample(others, min(len(others), 400))
        auth = "Basic " + base64.b64encode(f"{self.resource}:{self.resource_secret}".encode()).decode()
        for token in sample:
            status, body = request("127.0.0.1", self.instances[0].port, "POST", "/introspect", f"token={token}",
                                   {"Authorization": auth, "Content-Type": "application/x-www-form-urlencoded"})
            self.figures.add("tokens checked")
            if status != 200 or not body.get("active"):
                self.figures.add("tokens committed and lost")


def report(figures, plan, minimums):
    c = figures.get
    lines = [
        f"refresh sequences run: {c('sequences')} (hit by a fault: {len(figures.faulted)}; "
        f"concurrent refreshes of one token: {c('concurrent refreshes')}; "
        f"retries {PATIENCE} s after a lost answer: {c('patient retries')})",
        "faults injected: " + ", ".join(f"{k} {v}" for k, v in sorted(figures.faults.items()))
        + f", database restarts {c('database restarts')}",
        f"links broken: {c('links broken')} (must be 0)",
        f"thefts detected: {c('thefts detected')} of {c('thefts attempted')} (must be all)",
        f"tokens committed and lost: {c('tokens committed and lost')} of {c('tokens checked')} checked (must be 0)",
        "answers by status: " + ", ".join(f"{k} {v}" for k, v in sorted(figures.statuses.items())),
        f"5xx answers: {sum(v for k, v in figures.statuses.items() if k >= 500)} "
        f"(500: {figures.statuses.get(500, 0)}, must be 0)",
        "database restarts (restart took s, then first refresh answered after s): "
        + (", ".join(f"{a} / {b}" for a, b in figures.recoveries) or "none"),
        f"wall time under load: {c('seconds'):.0f} s",
    ]
    print("\n".join("chaos: " + line for line in lines))
    for broken in figures.broken[:5]:
        print("chaos: broken link:", broken)
    problems = []
    if c("links broken"):
        problems.append("links broke")
    if c("thefts detected") != c("thefts attempted") or c("thefts attempted") == 0:
        problems.append("a theft was missed (or none attempted)")
    if c("tokens committed and lost"):
        problems.append("committed tokens were lost")
    if figures.statuses.get(500, 0):
        problems.append("500 answers")
    for name, minimum in minimums.items():
        if c(name) < minimum:
            problems.append(f"{name}: {c(name)} < {minimum}")
    for problem in problems:
        print("chaos: FAILED:", problem)
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the short run of `make test`")
    parser.add_argument("--master-key", help="ACCOUNTLINK_MASTER_KEY for the PostgreSQL database")
    arguments = parser.parse_args()
    plan = QUICK if arguments.quick else FULL
    figures = Figures()
    postgres_url = os.environ.get("ACCOUNTLINK_TEST_POSTGRES_URL")
    if not postgres_url or not PostgresCluster().available():
        print("chaos: run through scripts/test-postgres.sh (ACCOUNTLINK_TEST_POSTGRES_* unset)", file=sys.stderr)
        return 64
    key = arguments.master_key or base64.b64encode(secrets.token_bytes(32)).decode()
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="accountlink-chaos-") as folder:
        (Path(folder) / "db").mkdir()
        sqlite = {"ACCOUNTLINK_DATABASE": f"sqlite:{folder}/db/accountlink.sqlite", "ACCOUNTLINK_MASTER_KEY": key}
        Phase("sqlite", plan["sqlite"], plan, folder, sqlite, figures).run()
        postgres = {"ACCOUNTLINK_DATABASE": postgres_url, "ACCOUNTLINK_MASTER_KEY": key}
        Phase("postgres", plan["postgres"], plan, folder, postgres, figures).run()
    minimums = {"sequences": plan["sqlite"]["sequences"] + plan["postgres"]["sequences"],
                "kill -9": plan["sqlite"]["kills"] + plan["postgres"]["kills"],
                "database restarts": plan["postgres"]["restarts"]}
    status = report(figures, plan, minimums)
    print(f"chaos: finished in {time.time() - started:.0f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
