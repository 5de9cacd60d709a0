"""`make deb`'s package (docs/deploy.md): its contents, lintian, the unit checked by systemd-analyze, and
the binary run from the installed layout as the unit runs it, serving /healthz. The package is built
once from the release binary `make test` has built (scripts/build-deb.sh), not rebuilt."""
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import requests

from conftest import ROOT, binary, free_port

UNIT = "lib/systemd/system/accountlink.service"


@pytest.fixture(scope="module")
def deb():
    binary()  # fails clearly when the release binary is missing
    with tempfile.TemporaryDirectory(prefix="accountlink-deb-") as out:
        built = subprocess.run([str(ROOT / "scripts/build-deb.sh"), out], capture_output=True, text=True,
                               timeout=300, env={**os.environ, "DEB_FAST": "1"})
        assert built.returncode == 0, built.stderr
        yield Path(built.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def installed(deb):
    with tempfile.TemporaryDirectory(prefix="accountlink-root-") as root:
        subprocess.run(["dpkg-deb", "-x", str(deb), root], check=True, timeout=120)
        yield Path(root)


def field(deb, name):
    return subprocess.run(["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True, check=True).stdout.strip()


def test_name_version_and_dependencies(deb):
    version = subprocess.run([binary(), "--version"], capture_output=True, text=True).stdout.split()[1]
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True).stdout.strip()
    assert deb.name == f"accountlink_{version}_{arch}.deb"
    assert field(deb, "Package") == "accountlink" and field(deb, "Version") == version
    depends = field(deb, "Depends")
    for library in ["adduser", "libmicrohttpd12", "libsqlite3-0", "libssl3", "libsodium23", "libpq5", "libcurl4"]:
        assert library in depends, depends
    assert "swift" not in depends.lower()


def test_contents_modes_and_conffile(deb):
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    entries = {line.split()[-1].lstrip("."): line.split()[:2] for line in listing.splitlines()}
    assert entries["/usr/bin/accountlink"] == ["-rwxr-xr-x", "root/root"]
    assert entries["/etc/accountlink/config.json"][1] == "root/root", "postinst gives it to root:accountlink"
    assert entries["/" + UNIT] == ["-rw-r--r--", "root/root"]
    control = subprocess.run(["dpkg-deb", "-I", str(deb), "conffiles"], capture_output=True, text=True, check=True)
    assert control.stdout.split() == ["/etc/accountlink/config.json"]
    postinst = subprocess.run(["dpkg-deb", "-I", str(deb), "postinst"], capture_output=True, text=True,
                              check=True).stdout
    assert "adduser --system --group" in postinst and "chmod 0640 /etc/accountlink/config.json" in postinst
    assert "chown root:accountlink /etc/accountlink/config.json" in postinst
    assert "install -d -o accountlink -g accountlink -m 0700 /var/lib/accountlink" in postinst


def test_lintian_is_clean_or_explains_each_override(deb):
    result = subprocess.run(["lintian", "--fail-on", "error,warning", "--no-tag-display-limit", str(deb)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    # Tags that cannot be fixed would be overridden there, each under a comment saying why.
    path = ROOT / "packaging/debian/lintian-overrides"
    overrides = path.read_text().splitlines() if path.exists() else []
    for index, line in enumerate(overrides):
        if line.strip() and not line.startswith("#"):
            assert index > 0 and overrides[index - 1].startswith("#"), f"override without its reason: {line}"


def verify(root, unit):
    """systemd-analyze verify inside the scratch root (so ExecStart's binary is the packaged one), with
    the host's own units copied beside it for the targets the unit names."""
    host_units = root / "lib/systemd/system"
    for item in Path("/lib/systemd/system").iterdir():
        if not (host_units / item.name).exists() and item.is_file():
            shutil.copy(item, host_units / item.name)
    return subprocess.run(["systemd-analyze", "verify", f"--root={root}", "/" + unit], capture_output=True,
                          text=True, timeout=120)


def test_unit_passes_systemd_analyze_verify_and_is_sandboxed(installed):
    unit = (installed / UNIT).read_text()
    result = verify(installed, UNIT)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    # The check sees mistakes: a misspelt setting and a bad value are reported (and only warned about).
    broken = "lib/systemd/system/accountlink-broken.service"
    (installed / broken).write_text(unit.replace("ProtectSystem=strict", "ProtectSystem=strictly")
                                    .replace("NoNewPrivileges=", "NoNewPrivilege="))
    complaints = verify(installed, broken).stderr
    (installed / broken).unlink()
    assert "Unknown key 'NoNewPrivilege'" in complaints and "strictly" in complaints, complaints
    settings = dict(re.findall(r"^(\w+)=(.*)$", unit, re.M))
    assert settings["ProtectSystem"] == "strict" and settings["ReadWritePaths"] == "/var/lib/accountlink"
    for name in ["NoNewPrivileges", "PrivateTmp", "ProtectHome", "PrivateDevices"]:
        assert settings[name] == "yes", name
    assert settings["CapabilityBoundingSet"] == "" and settings["SystemCallFilter"] == "@system-service"
    assert settings["Restart"] == "on-failure" and settings["KillSignal"] == "SIGTERM"
    assert settings["User"] == "accountlink"


def test_installed_binary_serves_as_the_unit_runs_it(installed):
    """ExecStart, Environment and WorkingDirectory from the installed unit; the packaged config with only
    the port and the scratch root's paths changed."""
    unit = (installed / UNIT).read_text()
    exec_start = re.search(r"^ExecStart=(.*)$", unit, re.M).group(1).split()
    config_path = re.search(r"^Environment=ACCOUNTLINK_CONFIG=(.*)$", unit, re.M).group(1)
    data = installed / re.search(r"^WorkingDirectory=/(.*)$", unit, re.M).group(1)
    data.mkdir(mode=0o700, parents=True)
    config = json.loads((installed / config_path.lstrip("/")).read_text())
    port = free_port()
    config["listen"] = f"127.0.0.1:{port}"
    config["issuer"] = f"http://127.0.0.1:{port}"
    config["database"] = config["database"].replace("sqlite:/var/lib/accountlink", f"sqlite:{data}")
    scratch_config = installed / config_path.lstrip("/")
    scratch_config.write_text(json.dumps(config))
    libraries = subprocess.run(["ldd", str(installed / exec_start[0].lstrip("/"))], capture_output=True,
                               text=True).stdout
    assert "not found" not in libraries and "swift" not in libraries.lower(), libraries
    env = {"PATH": "/usr/bin:/bin", "ACCOUNTLINK_CONFIG": str(scratch_config)}
    log = open(data / "serve.log", "w+")
    process = subprocess.Popen([str(installed / exec_start[0].lstrip("/")), *exec_start[1:]], env=env, cwd=data,
                               stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            assert process.poll() is None, (data / "serve.log").read_text()
            try:
                health = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                if health.status_code == 200:
                    break
            except requests.RequestException:
                pass
            time.sleep(0.1)
        else:
            raise AssertionError("the installed binary did not serve: " + (data / "serve.log").read_text())
        assert stat.S_IMODE((data / "master.key").stat().st_mode) == 0o600
        assert (data / "accountlink.sqlite").exists()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0, "SIGTERM is a graceful stop"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        log.close()
