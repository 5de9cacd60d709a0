#!/usr/bin/env python3
"""`make ios-typecheck`: type-checks on Linux every line of Swift that only an Apple platform compiles
(IOSTypecheck/README.md):

1. the declaration-only stand-ins (IOSTypecheck/StandIns/*.swift) become modules (`swiftc -emit-module`);
2. AppFlipKit and AccountLinkKit are compiled against them, so that `#if canImport(AuthenticationServices)`,
   `canImport(Security)` and `canImport(UIKit)` are true here (and only here: the stand-ins are never on
   SwiftPM's module path);
3. every ```swift block of docs/*.md and README.md that starts with `// iOS app only` is type-checked with
   the guides' compiled Swift (Tests/AccountLinkKitTests/DocSnippets) and the app's names the blocks assume
   (IOSTypecheck/DocContext.swift). Errors point at the Markdown line (#sourceLocation).

Exit 0 when everything type-checks, 1 on any error (the compiler's messages are printed).
`--root DIR` checks another copy of the repository (the tests plant errors in one).
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

MARKER = "// iOS app only"
# Modules in dependency order: (module, stand-in file).
STAND_INS = ["UIKit", "AppKit", "Security", "SwiftUI", "AuthenticationServices", "GoogleSignIn"]
SNIPPETS = ["AppFlipSnippets.swift", "AppleSnippets.swift", "GoogleSnippets.swift"]
IMPORTS = ["Foundation", "UIKit", "AppKit", "SwiftUI", "AuthenticationServices", "GoogleSignIn", "Security",
           "AccountLinkKit", "AppFlipKit"]
# A block with a declaration at its first column is placed at file scope; any other is a run of
# statements and goes into a function of its own.
DECLARATION = re.compile(r"^(@\w+(\(.*\))?\s+)*(final\s+|private\s+|public\s+)*"
                         r"(struct|class|enum|extension|func|protocol|actor)\b")


def swiftc(args, what):
    result = subprocess.run(["swiftc", *args], capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(f"ios-typecheck: {what} failed\n{result.stdout}{result.stderr}")
        return False
    return True


def emit_module(name, sources, modules, swift_version):
    return swiftc(["-emit-module", "-parse-as-library", "-module-name", name, "-swift-version", swift_version,
                   "-I", str(modules), "-emit-module-path", str(modules / f"{name}.swiftmodule"),
                   *map(str, sources)], f"module {name}")


def swift_blocks(markdown):
    """(first line number of the block's code, its lines) of every ```swift block."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(markdown.split("\n"), start=1):
        if current is None and line.strip() == "```swift":
            current, start = [], number + 1
        elif current is not None and line.strip() == "```":
            blocks.append((start, current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def doc_blocks(root):
    pages = sorted((root / "docs").glob("*.md")) + [root / "README.md"]
    for page in pages:
        for start, lines in swift_blocks(page.read_text()):
            if lines and lines[0].startswith(MARKER):
                yield page.relative_to(root), start, lines


def generated_source(root):
    """One Swift file holding every marked block, each under #sourceLocation of its Markdown lines."""
    out = [f"import {name}" for name in IMPORTS]
    count = 0
    for page, start, lines in doc_blocks(root):
        count += 1
        at_file_scope = any(DECLARATION.match(line) for line in lines if line and not line.startswith("//"))
        location = f'#sourceLocation(file: "{page}", line: {start})'
        if at_file_scope:
            out.extend([location, *lines, "#sourceLocation()"])
        else:
            out.extend([f"@MainActor func iOSAppOnlyBlock{count}() async throws {{", location, *lines,
                        "#sourceLocation()", "}"])
    return "\n".join(out) + "\n", count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    root = Path(parser.parse_args().root).resolve()
    with tempfile.TemporaryDirectory(prefix="ios-typecheck-") as work:
        modules = Path(work)
        stand_ins = root / "IOSTypecheck/StandIns"
        # Apple's SDK modules are Objective-C, checked by no Swift language mode; the stand-ins carry the
        # concurrency annotations the SDK has (e.g. UIKit's @MainActor) and are compiled in mode 5.
        for name in STAND_INS:
            if not emit_module(name, [stand_ins / f"{name}.swift"], modules, "5"):
                return 1
        # The package builds its targets in the Swift 6 language mode (Package.swift, tools 6.0).
        for name in ["GoogleRedirects", "AppFlipKit", "AccountLinkKit"]:  # AccountLinkKit's dependencies first
            if not emit_module(name, sorted((root / "Sources" / name).glob("*.swift")), modules, "6"):
                return 1
        source, count = generated_source(root)
        blocks = modules / "iOSAppOnlyBlocks.swift"
        blocks.write_text(source)
        snippets = [root / "Tests/AccountLinkKitTests/DocSnippets" / name for name in SNIPPETS]
        # The guides' code is what an app target compiles: Xcode's default language mode for apps (5).
        if not swiftc(["-typecheck", "-parse-as-library", "-swift-version", "5", "-I", str(modules), str(blocks),
                       str(root / "IOSTypecheck/DocContext.swift"), *map(str, snippets)],
                      f"the {count} '{MARKER}' blocks"):
            return 1
        print(f"ios-typecheck: the Apple-only code of AccountLinkKit and {count} '{MARKER}' doc blocks type-check "
              f"against the stand-ins of {', '.join(STAND_INS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
