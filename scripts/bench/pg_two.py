"""Two instances on one PostgreSQL database (docs/performance.md): the same release binary, first one instance
alone (pinned to CPU 0 with taskset), then two at once (pinned to CPU 0 and CPU 1), each loaded by its own
wrk. Per figure: the total requests/s, and the CPU each request cost in the servers and in PostgreSQL. When
a request costs the same with two instances as with one, nothing is shared between instances but the
database's own work, and the rate scales with the cores given to them. Run through
scripts/test-postgres.sh (ACCOUNTLINK_PG_DURABLE=1 as make bench). PG_TWO_SECONDS (4) per wrk run."""
import base64
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402
from pg_ab import postgres_cpu  # noqa: E402

SECONDS = float(os.environ.get("PG_TWO_SECONDS", "4"))
FIGURES = os.environ.get("AB_FIGURES", "userinfo,introspect,refresh").split(",")


def pin(pid, cpu):
    subprocess.run(["taskset", "-a", "-p", "-c", str(cpu), str(pid)], check=True, capture_output=True)


def load(servers, figure, figures):
    """wrk on every server at once; total requests/s and CPU µs per request (servers, PostgreSQL)."""
    before = [bench.cpu_seconds(s.process.pid) for s in servers]
    pg_before = postgres_cpu()
    runs = []
    for server in servers:
        path, variables = figures[figure]
        env = dict(os.environ, **variables, BENCH_DELAY_MS="0")
        runs.append(subprocess.Popen(["wrk", "-t1", f"-c{32 // len(servers)}", f"-d{SECONDS:g}s",
                                      "-s", str(bench.ROOT / "scripts/bench/pace.lua"), server.base + path],
                                     env=env, stdout=subprocess.PIPE, text=True))
    outputs = [run.communicate(timeout=SECONDS + 60)[0] for run in runs]
    requests = sum(int(re.search(r"(\d+) requests in", out).group(1)) for out in outputs)
    rate = sum(float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)) for out in outputs)
    server_cpu = sum(bench.cpu_seconds(s.process.pid) - b for s, b in zip(servers, before))
    return rate, 1e6 * server_cpu / requests, 1e6 * (postgres_cpu() - pg_before) / requests


def main():
    base = os.environ["ACCOUNTLINK_TEST_POSTGRES_URL"]
    key = base64.b64encode(os.urandom(32)).decode()
    with tempfile.TemporaryDirectory(prefix="accountlink-two-") as folder:
        database = bench.database_url(base, "two")
        servers = []
        try:
            for name in ("a", "b"):
                os.makedirs(os.path.join(folder, name))
                servers.append(bench.Server(os.path.join(folder, name), database, {"ACCOUNTLINK_MASTER_KEY": key}))
            figures = bench.prepare(servers[0])
            servers[1].start()
            bench.seed(servers[0], 1000)
            pin(servers[0].process.pid, 0)
            pin(servers[1].process.pid, 1)
            print(f"wrk {SECONDS:g} s per run, 32 connections in all; cpu = µs per request (servers, PostgreSQL)")
            print(f"{'figure':12} {'one req/s':>10} {'cpu':>5} {'pg':>5} │ {'two req/s':>10} {'cpu':>5} {'pg':>5} │ ratio")
            for figure in FIGURES:
                one = load(servers[:1], figure, figures)
                two = load(servers, figure, figures)
                print(f"{figure:12} {one[0]:10.0f} {one[1]:5.0f} {one[2]:5.0f} │ {two[0]:10.0f} {two[1]:5.0f} "
                      f"{two[2]:5.0f} │ {two[0] / one[0]:.2f}")
        finally:
            for server in servers:
                server.stop()


if __name__ == "__main__":
    main()
