"""`accountlink demo` (make demo): the whole story on a throwaway database, ending with a table."""
import os
import subprocess
import tempfile

from conftest import binary


def test_demo_tells_the_whole_story_and_cleans_up():
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACCOUNTLINK_")}
    with tempfile.TemporaryDirectory(prefix="accountlink-demo-test-") as tmp:
        env["TMPDIR"] = tmp
        result = subprocess.run([binary(), "demo"], capture_output=True, text=True, env=env, timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr
        assert os.listdir(tmp) == [], "the demo deletes its temporary folder"
    out = result.stdout
    for heading in ["Start the server", "Register Google as an OAuth client", "Register the maker's own app",
                    "Create a demo user", "Link the account in a browser", "Google exchanges the code for tokens",
                    "App Flip: Google's app opens the maker's app", "The user unlinks Google on the account page",
                    "Google tries to refresh again"]:
        assert heading in out
    assert "$ accountlink client add --id google --name Google --google-project demo --app-flip" in out
    assert 'press "Agree and link" → HTTP 302' in out
    assert "HTTP 400 invalid_grant" in out
    table = out[out.index("Summary"):]
    for row in ["Server started", "Browser flow", "Code exchanged at /token", "App Flip", "Refresh of the browser link",
                "Unlinked Google on the account page", "invalid_grant (link broken)"]:
        assert row in table
    assert "All 11 steps went as expected." in table
    assert "A new person signs up on the web" in out and "email_verified: true" in table
    assert "deleted." in out.splitlines()[-1]
