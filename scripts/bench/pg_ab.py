"""A/B on PostgreSQL for a noisy shared machine (docs/performance.md): release binaries side by side on one
throwaway PostgreSQL server (run through scripts/test-postgres.sh), each on its own database, the figures
taken interleaved (A, B, A, B, ...) so that load from elsewhere falls on both alike. Per figure and binary:
requests/s, and CPU per request from /proc (the server process, and every PostgreSQL process together),
which is less sensitive to noise than the rate. Standard library only.

    ACCOUNTLINK_PG_DURABLE=1 scripts/test-postgres.sh python3 scripts/bench/pg_ab.py \
        before=/tmp/accountlink-before after=.build/release/accountlink [sqlite=.build/release/accountlink@sqlite]

A binary written BINARY@sqlite runs on a throwaway SQLite file instead, for PostgreSQL ÷ SQLite;
BINARY@unix reaches the same PostgreSQL server through its Unix-domain socket instead of TCP;
BINARY,NAME=VALUE,... adds settings to its environment (e.g. ACCOUNTLINK_POSTGRES_POOL_SIZE=4).

AB_SECONDS (3) per wrk run, AB_ROUNDS (2), AB_FIGURES (healthz,userinfo,introspect,refresh), AB_TOKENS (1000
stored tokens; more are seeded and the store settled as make bench does).
Everything it starts is stopped by PID; each database is dropped at the end."""
import base64
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import bench  # noqa: E402

SECONDS = float(os.environ.get("AB_SECONDS", "3"))
ROUNDS = int(os.environ.get("AB_ROUNDS", "2"))
FIGURES = os.environ.get("AB_FIGURES", "healthz,userinfo,introspect,refresh").split(",")
TOKENS = int(os.environ.get("AB_TOKENS", "1000"))


def postgres_cpu():
    """CPU seconds of every process named postgres (the server and its backends)."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as comm:
                    if comm.read().strip() == "postgres":
                        total += bench.cpu_seconds(entry)
            except OSError:
                continue
    return total


def wrk(server, path, variables):
    env = dict(os.environ, **variables, BENCH_DELAY_MS="0")
    before, pg_before = bench.cpu_seconds(server.process.pid), postgres_cpu()
    out = subprocess.run(["wrk", f"-t{bench.THREADS}", f"-c{bench.CONNECTIONS}", f"-d{SECONDS:g}s",
                          "-s", str(bench.ROOT / "scripts/bench/pace.lua"), server.base + path],
                         env=env, capture_output=True, text=True, timeout=SECONDS + 60).stdout
    cpu, pg = bench.cpu_seconds(server.process.pid) - before, postgres_cpu() - pg_before
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "cpu_us": 1e6 * cpu / max(1, requests), "pg_us": 1e6 * pg / max(1, requests),
            "errors": int(bad.group(1)) if bad else 0}


def main(pairs):
    base = os.environ["ACCOUNTLINK_TEST_POSTGRES_URL"]
    labels = [pair.split("=", 1)[0] for pair in pairs]
    servers, figures = {}, {}
    with tempfile.TemporaryDirectory(prefix="accountlink-ab-") as folder:
        try:
            for index, pair in enumerate(pairs):
                label, binary = pair.split("=", 1)
                binary, *settings = binary.split(",")
                binary, _, store = binary.partition("@")
                bench.BIN = str(Path(binary).resolve())
                home = os.path.join(folder, label)
                os.makedirs(home)
                database = f"sqlite:{home}/ab.sqlite" if store == "sqlite" else bench.database_url(base, f"ab{index}")
                if store == "unix":  # the same server through its Unix-domain socket instead of TCP
                    port = urllib.parse.urlsplit(base).port
                    socket_dir = next(Path("/tmp").glob(f"accountlink-pg.*/.s.PGSQL.{port}")).parent
                    database += f"?host={socket_dir}"
                server = bench.Server(home, database,
                                      {"ACCOUNTLINK_MASTER_KEY": base64.b64encode(os.urandom(32)).decode(),
                                       **dict(setting.split("=", 1) for setting in settings)})
                servers[label] = server
                figures[label] = bench.prepare(server)
                bench.seed(server, 1000)
                if TOKENS > 1000:  # as make bench's 1M column: seeded through the bulk path, then settled
                    bench.seed(server, TOKENS - 1000)
                    bench.settle(database)
            results = {(label, f): [] for label in labels for f in FIGURES}
            for round_ in range(ROUNDS):
                for f in FIGURES:
                    order = labels if round_ % 2 == 0 else labels[::-1]
                    for label in order:
                        results[(label, f)].append(wrk(servers[label], *figures[label][f]))
        finally:
            for server in servers.values():
                server.stop()
    print(f"wrk -t{bench.THREADS} -c{bench.CONNECTIONS}, {SECONDS:g} s x {ROUNDS} rounds, interleaved; "
          "median of rounds; cpu = server µs/request, pg = all postgres processes µs/request")
    print(f"{'figure':12} " + " ".join(f"{l + ' req/s':>14} {'cpu':>6} {'pg':>6}" for l in labels))
    for f in FIGURES:
        cells = []
        for label in labels:
            runs = results[(label, f)]
            med = lambda key: sorted(r[key] for r in runs)[len(runs) // 2]  # noqa: E731
            errors = sum(r["errors"] for r in runs)
            cells.append(f"{med('rps'):14.0f} {med('cpu_us'):6.0f} {med('pg_us'):6.0f}" + ("!" if errors else ""))
        print(f"{f:12} " + " ".join(cells))


if __name__ == "__main__":
    main(sys.argv[1:])
