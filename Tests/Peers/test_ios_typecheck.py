"""`make ios-typecheck` (scripts/ios-typecheck.py, IOSTypecheck/README.md): a type error planted in the
AuthenticationServices glue or in an `// iOS app only` doc block makes it fail, naming the place; every
declaration of the stand-ins carries the URL of its public reference page and the SDK version it follows.
(`make test` runs the check itself on the real tree.)"""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts/ios-typecheck.py"
STAND_INS = ROOT / "IOSTypecheck/StandIns"
# What the check reads: the kit and its dependencies, the guides, the stand-ins, the compiled snippets.
COPIED = ["Sources/GoogleRedirects", "Sources/AppFlipKit", "Sources/AccountLinkKit", "docs", "README.md",
          "IOSTypecheck", "Tests/AccountLinkKitTests/DocSnippets"]
SDK_VERSION = re.compile(r"· (iOS 18\.0 SDK|macOS 15\.0 SDK|GoogleSignIn-iOS 9\.1\.0)$")
REFERENCE = re.compile(r"https://(developer\.apple\.com/documentation/|github\.com/google/GoogleSignIn-iOS/blob/9\.1\.0/)")
DECLARATION = re.compile(r"^\s*(@\w+(\(.*?\))?\s+)*((public|open|static|class|nonisolated)\s+)*"
                         r"(class|struct|enum|protocol|func|var|let|init|typealias|subscript|associatedtype|case)\b")


def copy_tree(destination):
    for part in COPIED:
        source = ROOT / part
        target = destination / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copy(source, target)


def plant(path, old, new):
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must occur once in {path}"
    path.write_text(text.replace(old, new))


def typecheck(root):
    return subprocess.run([sys.executable, str(SCRIPT), "--root", str(root)], capture_output=True, text=True,
                          timeout=900)


@pytest.mark.parametrize("where, old, new, reported", [
    ("Sources/AccountLinkKit/AuthenticationServicesGlue.swift", "apple.nonce = nonce.hashed", "apple.nonce = nonce",
     "AuthenticationServicesGlue.swift"),
    ("docs/ios-google-sign-in.md", "let restored = try? await GIDSignIn.sharedInstance.restorePreviousSignIn()",
     "let restored = try? await GIDSignIn.sharedInstance.restorePreviousSignIn(presenting: viewController)",
     "docs/ios-google-sign-in.md:"),
])
def test_a_planted_type_error_fails_the_check_and_names_its_place(tmp_path, where, old, new, reported):
    copy_tree(tmp_path)
    plant(tmp_path / where, old, new)
    result = typecheck(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    errors = [line for line in result.stderr.splitlines() if "error:" in line and reported in line]
    assert errors, result.stderr[-4000:]


def declarations_without_reference(text):
    """The declaration lines of a stand-in whose `///` comment (right above, attributes aside) lacks the
    reference URL or the SDK version."""
    missing, comment = [], None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("///"):
            comment = stripped
            continue
        if DECLARATION.match(line) and not stripped.startswith("//"):
            if not (comment and REFERENCE.search(comment) and SDK_VERSION.search(comment)):
                missing.append(stripped)
        if stripped and not stripped.startswith("@"):
            comment = None
    return missing


def test_every_stand_in_declaration_carries_its_reference_url_and_sdk_version():
    files = sorted(STAND_INS.glob("*.swift"))
    assert {f.stem for f in files} >= {"AuthenticationServices", "Security", "UIKit", "SwiftUI", "GoogleSignIn"}
    counted = 0
    for file in files:
        text = file.read_text()
        counted += sum(1 for line in text.splitlines() if DECLARATION.match(line))
        assert declarations_without_reference(text) == [], file.name
    assert counted > 150, "the check saw the declarations"


def test_the_reference_check_finds_a_declaration_without_one():
    text = ("/// https://developer.apple.com/documentation/uikit/uiview · iOS 18.0 SDK\n"
            "@MainActor open class UIView {}\n"
            "/// a comment without a link\n"
            "open func planted() {}\n"
            "public var bare: Int { 0 }\n"
            "/// https://example.com/elsewhere · iOS 18.0 SDK\n"
            "public let elsewhere = 1\n")
    assert declarations_without_reference(text) == ["open func planted() {}", "public var bare: Int { 0 }",
                                                    "public let elsewhere = 1"]
