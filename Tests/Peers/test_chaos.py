"""The chaos suite's short run (scripts/chaos.py --quick; `make chaos` runs the full one): refresh
rotation through a fault-injecting proxy, with kill -9 of the server, two PostgreSQL instances and a
database restart under load. The run must break no link, catch every theft, lose nothing committed
and answer no 500; the script exits 1 otherwise."""
import os
import subprocess
import sys

from conftest import POSTGRES_MASTER_KEY, ROOT, binary, postgres_environment


def test_the_short_chaos_run_keeps_every_link_and_catches_every_theft():
    postgres_environment()  # fails when the PostgreSQL test server is not there
    env = dict(os.environ, ACCOUNTLINK_BINARY=binary())
    result = subprocess.run([sys.executable, str(ROOT / "scripts/chaos.py"), "--quick",
                             "--master-key", POSTGRES_MASTER_KEY],
                            capture_output=True, text=True, env=env, timeout=420)
    print(result.stdout, result.stderr)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    figures = result.stdout
    assert "chaos: links broken: 0 " in figures
    assert "chaos: tokens committed and lost: 0 of " in figures
    assert "kill -9" in figures and "duplicate" in figures and "drop" in figures
