"""Where the time goes (docs/performance.md): the release server on a throwaway SQLite database with
BENCH_TOKENS (20,000) stored tokens, `perf record -g` on it while wrk loads one figure for
PROFILE_SECONDS (10), then a flame graph (scripts/bench/flamegraph.py) and the top symbols.
    python3 scripts/profile.py refresh docs/flamegraph-refresh.svg
Figures: healthz, userinfo, introspect, refresh, refresh_openid_rs256, refresh_openid_es256.
PERF_G ("-g") is perf's call-graph option: "--call-graph dwarf,16384" unwinds through libsqlite3 too."""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402

SECONDS = float(os.environ.get("PROFILE_SECONDS", "10"))


def main(figure, svg_path):
    bench.SECONDS = SECONDS
    with tempfile.TemporaryDirectory(prefix="accountlink-profile-") as folder:
        server = bench.Server(folder, f"sqlite:{folder}/profile.sqlite", {})
        try:
            figures = bench.prepare(server)
            bench.seed(server, int(os.environ.get("BENCH_TOKENS", "20000")))
            data = os.path.join(folder, "perf.data")
            perf = subprocess.Popen(["perf", "record", "-F", "499", *os.environ.get("PERF_G", "-g").split(), "-o", data, "-p", str(server.process.pid),
                                     "--", "sleep", str(SECONDS)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            result = bench.wrk(server, *figures[figure])
            perf.wait(timeout=SECONDS + 60)
            print(f"{figure}: {result['rps']:.0f} requests/s under perf, p99 {result['p99']:.2f} ms")
            script = subprocess.run(["perf", "script", "-i", data], capture_output=True, text=True, timeout=300).stdout
        finally:
            server.stop()
    graph = subprocess.run([sys.executable, str(Path(__file__).parent / "bench/flamegraph.py"),
                            f"accountlink serve, {figure} under wrk -t2 -c32"], input=script, capture_output=True,
                           text=True, check=True).stdout
    Path(svg_path).write_text(graph)
    folded = subprocess.run([sys.executable, str(Path(__file__).parent / "bench/flamegraph.py"), "--folded"],
                            input=script, capture_output=True, text=True, check=True).stdout
    Path(svg_path).with_suffix(".folded.txt").write_text(folded)
    print(f"flame graph: {svg_path}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
