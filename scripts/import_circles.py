#!/usr/bin/env python3
"""Import circles between the source files of a Rust crate (default: core/src).

Builds a graph with one node per module file and an edge for every `crate::…`, `super::…` and
`self::…` path a file names (in `use` items and inline, comments skipped; `mod` declarations are
not edges). A path to an item a `mod.rs` only re-exports (`pub use child::{Item}`) is followed to
the child. Prints every strongly connected component of more than one file and exits 1 when
there is any; `--edges` also prints the edges between top-level modules (with `fs` folders
apart), the picture docs/ARCHITECTURE.md draws. Usage: scripts/import_circles.py [--edges] [SRC_DIR]
"""

import os
import re
import sys

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
SHOW_EDGES = "--edges" in sys.argv
SRC = ARGS[0] if ARGS else os.path.join(os.path.dirname(__file__), "..", "core", "src")
SRC = os.path.normpath(SRC)


def module_of(path):
    rel = os.path.relpath(path, SRC)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib"):
        rel = rel[:-1]
    return tuple(rel)


files = {}
for d, _, names in os.walk(SRC):
    for n in names:
        if n.endswith(".rs"):
            p = os.path.join(d, n)
            files[module_of(p)] = p

# Modules declared inline (`mod tests { … }`) are part of their file; paths into them resolve to it.
PATH = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+|::\{)")
USE_BLOCK = re.compile(r"\buse\s+([^;]+);", re.S)
REEXPORT = re.compile(r"pub(?:\([^)]*\))?\s+use\s+([a-z_][a-z0-9_]*)::(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)\s*;", re.S)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def strip_tests(text):
    """Drops `#[cfg(test)] mod … { … }` blocks (test code is not part of the layering)."""
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


texts = {m: strip_tests(strip_comments(open(p, encoding="utf-8").read())) for m, p in files.items()}
reexports = {}
for m, t in texts.items():
    table = {}
    for sub, items in REEXPORT.findall(t):
        for item in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", items):
            table[item] = m + (sub,)
    reexports[m] = table


def resolve(start, segs):
    """The module file a path (segments after crate/super/self) names."""
    mod = list(start)
    best = tuple(mod) if tuple(mod) in files else None
    for s in segs:
        mod.append(s)
        if tuple(mod) in files:
            best = tuple(mod)
        else:
            break
    if best is not None and segs:
        consumed = len(best) - len(start)
        rest = segs[consumed:] if consumed >= 0 else []
        if rest and rest[0] in reexports.get(best, {}):
            target = reexports[best][rest[0]]
            if target in files:
                best = target
    return best


def expand_use(body):
    """Flattens `a::{b, c::{d}}` into paths."""
    body = re.sub(r"\s+", "", body)
    out = []

    def walk(prefix, s):
        depth, cur, parts = 0, "", []
        for ch in s:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur:
            parts.append(cur)
        for part in parts:
            if "{" in part:
                head, inner = part.split("{", 1)
                walk(prefix + head, inner[:-1])
            else:
                out.append(prefix + part.split(" as ")[0])

    walk("", body)
    return out


edges = {m: set() for m in files}
for m, t in texts.items():
    paths = []
    for body in USE_BLOCK.findall(t):
        paths.extend(expand_use(body))
    for mm in PATH.finditer(t):
        if mm.group(2) != "::{":
            paths.append(mm.group(1) + mm.group(2))
    file_is_mod = files[m].endswith(("mod.rs", "lib.rs"))
    for p in paths:
        segs = [s for s in p.split("::") if s and s not in ("*", "self")]
        if not segs or segs[0] not in ("crate", "super"):
            continue
        if segs[0] == "crate":
            base, rest = (), segs[1:]
        else:
            base = m if file_is_mod else m[:-1]
            rest = segs[1:]
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
        target = resolve(base, rest)
        if target is not None and target != m:
            edges[m].add(target)

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)


def strong(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in edges[v]:
        if w not in index:
            strong(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))


for v in sorted(files):
    if v not in index:
        strong(v)

name = lambda m: "/".join(m) or "lib"


def layer(m):
    if not m:
        return "lib"
    if len(m) > 1 and m[1] == "fs":
        return m[0] + "/fs"
    return m[0]


if SHOW_EDGES:
    pairs = {}
    for a, bs in edges.items():
        for b in bs:
            la, lb = layer(a), layer(b)
            if la != lb:
                pairs.setdefault((la, lb), []).append(name(a) + " -> " + name(b))
    for (la, lb), why in sorted(pairs.items()):
        print(f"{la} -> {lb}  ({len(why)}; e.g. {why[0]})")
for c in sorted(sccs, key=len, reverse=True):
    print(f"circle of {len(c)} files: " + ", ".join(name(m) for m in c))
print(f"{len(sccs)} import circle(s) in {os.path.relpath(SRC)}")
sys.exit(1 if sccs else 0)
