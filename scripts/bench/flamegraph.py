"""Folds `perf script` output into stacks and draws them as a flame graph SVG (Brendan Gregg's
format: one box per frame, width = share of samples, root at the bottom). Ours, because Debian 12
packages no FlameGraph scripts. Standard library only.
    perf script -i perf.data | python3 scripts/bench/flamegraph.py TITLE > graph.svg
    ... | python3 scripts/bench/flamegraph.py --folded > stacks.txt"""
import collections
import html
import re
import sys

WIDTH, ROW, FONT = 1200, 16, 11


def frames(line):
    """`    55d0 symbol+0x1f (/path/dso)` → a short readable name."""
    parts = line.strip().split(None, 1)
    name = parts[1] if len(parts) > 1 else parts[0]
    name = re.sub(r"\+0x[0-9a-f]+", "", re.sub(r"\s*\(([^)]*)\)$", "", name))
    if name in ("[unknown]", ""):
        dso = re.search(r"\(([^)]*)\)", line)
        name = "[" + (dso.group(1).rsplit("/", 1)[-1] if dso else "unknown") + "]"
    return demangle(name)


def demangle(name):
    # Swift symbols are demangled by `perf script` when swift-demangle is not at hand only partially:
    # keep the first 120 characters, enough to read.
    return name[:120]


def fold(lines):
    stacks = collections.Counter()
    current, comm = [], None
    for line in lines:
        if not line.strip():
            if comm is not None and current:
                stacks[";".join([comm] + list(reversed(current)))] += 1
            current, comm = [], None
        elif not line.startswith((" ", "\t")):
            comm = line.split()[0]
        else:
            current.append(frames(line))
    if comm is not None and current:
        stacks[";".join([comm] + list(reversed(current)))] += 1
    return stacks


def tree(stacks):
    root = {"name": "all", "count": 0, "children": {}}
    for stack, count in stacks.items():
        root["count"] += count
        node = root
        for name in stack.split(";"):
            node = node["children"].setdefault(name, {"name": name, "count": 0, "children": {}})
            node["count"] += count
    return root


def color(name):
    h = sum(map(ord, name)) % 60
    return f"rgb({205 + h // 2},{80 + h * 2},{40 + h // 3})"


def boxes(node, x, depth, scale, out):
    width = node["count"] * scale
    if width < 0.3:
        return
    y = (depth + 2) * ROW
    label = html.escape(node["name"])
    chars = int(width / (FONT * 0.6))
    text = label if len(label) <= chars else (label[:max(chars - 2, 0)] + ".." if chars > 3 else "")
    out.append(f'<g><title>{label} ({node["count"]} samples)</title><rect x="{x:.1f}" y="-{y}" width="{width:.1f}" '
               f'height="{ROW - 1}" fill="{color(node["name"])}"/><text x="{x + 3:.1f}" y="-{y - ROW + 4}">{text}</text></g>')
    for child in sorted(node["children"].values(), key=lambda n: n["name"]):
        boxes(child, x, depth + 1, scale, out)
        x += child["count"] * scale


def depth_of(node):
    return 1 + max((depth_of(c) for c in node["children"].values()), default=0)


def svg(stacks, title):
    root = tree(stacks)
    height = (depth_of(root) + 3) * ROW
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 -{height} {WIDTH} {height}" '
           f'font-family="monospace" font-size="{FONT}">',
           f'<text x="{WIDTH / 2}" y="-{height - ROW}" text-anchor="middle" font-size="14">{html.escape(title)} '
           f'({root["count"]} samples)</text>']
    boxes(root, 0.0, 0, WIDTH / max(root["count"], 1), out)
    out.append("</svg>")
    return "\n".join(out)


if __name__ == "__main__":
    folded = fold(sys.stdin)
    if sys.argv[1:] == ["--folded"]:
        for stack, count in folded.most_common():
            print(stack, count)
    else:
        print(svg(folded, " ".join(sys.argv[1:]) or "flame graph"))
