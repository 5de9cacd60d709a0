"""SIGTERM while requests are in flight: the server stops accepting, answers every request it
accepted, and exits 0 (issue: foundation)."""
import concurrent.futures
import signal
import tempfile
import time

import requests

from conftest import Server


def test_sigterm_during_load_answers_every_accepted_request(standins):
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder, standins)
        secret = server.cli("client", "add", "--id", "load", "--name", "Load", "--first-party").stdout.strip()
        server.cli("user", "add", "--email", "load@example.com", "--password-stdin", stdin="load password 1\n")
        server.start()
        try:
            # Each password grant runs Argon2id (tens of milliseconds), so many are in flight at once.
            def grant(_):
                try:
                    return requests.post(server.url("/token"), auth=("load", secret), timeout=30, data={
                        "grant_type": "password", "username": "load@example.com", "password": "load password 1"}
                    ).status_code
                except requests.ConnectionError:
                    return "refused"
            with concurrent.futures.ThreadPoolExecutor(max_workers=24) as pool:
                futures = [pool.submit(grant, i) for i in range(48)]
                # Once one answer is back, the first 24 connections have long been accepted.
                next(concurrent.futures.as_completed(futures, timeout=60))
                time.sleep(0.1)
                server.process.send_signal(signal.SIGTERM)
                results = [f.result(timeout=60) for f in futures]
            assert server.process.wait(timeout=30) == 0
        finally:
            server.stop()
    answered = [r for r in results if r != "refused"]
    # The 24 requests in flight when the signal came were accepted; each of them must be answered.
    assert len(answered) >= 24, results
    assert all(status == 200 for status in answered), results
