#!/usr/bin/env python3
"""The Python import oracle: modules and edges of a tree by Python's own parser (``ast``) and
import rules, to compare with fourx's Python scanner (``core/tests/it/py_oracle.rs``).

Independent of fourx's code: every ``.py``/``.pyi`` file is parsed with ``ast`` (a file that does
not parse is read with no imports), and each ``Import`` / ``ImportFrom`` node is resolved as the
import system finds modules on ``sys.path`` = [``src`` (src layout: ``src/`` holds Python files
and no ``__init__.py``), ``.``]: ``import a.b.c`` imports the deepest of ``a.b.c``, ``a.b``, ``a``
that exists (a package directory or a module file); ``from X import n`` imports submodule
``X.n`` when it exists, else ``X`` (``n`` is then a name ``X`` defines); a relative import starts
from the importing file's package, one directory up per extra dot. A module file's module is
its directory (fourx's module = a directory of Python files). Directories are skipped as fourx
skips them: hidden names, ``__pycache__``, ``node_modules``, ``site-packages``, ``*.egg-info``,
and any directory holding a ``pyvenv.cfg`` or ``CACHEDIR.TAG``.

Usage: ``py_import_oracle.py ROOT`` prints ``{"modules": [...], "edges": [[a, b], ...]}``.
"""

from __future__ import annotations

import ast
import json
import os
import sys

SKIP_NAMES = {"__pycache__", "node_modules", "site-packages"}
MARKERS = ("pyvenv.cfg", "CACHEDIR.TAG")


def walk(root: str) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        keep = []
        for d in dirnames:
            full = os.path.join(dirpath, d)
            if d.startswith(".") or d in SKIP_NAMES or d.endswith(".egg-info"):
                continue
            if os.path.islink(full) or any(os.path.isfile(os.path.join(full, m)) for m in MARKERS):
                continue
            keep.append(d)
        dirnames[:] = sorted(keep)
        for f in filenames:
            if f.endswith((".py", ".pyi")) and not os.path.islink(os.path.join(dirpath, f)):
                rel = os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")
                out.append(rel)
    return sorted(out)


def dir_of(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else "."


def join(base: str, rest: str) -> str:
    return rest if base == "." else f"{base}/{rest}"


class Tree:
    def __init__(self, root: str) -> None:
        self.files = walk(root)
        self.file_set = set(self.files)
        self.modules = {dir_of(f) for f in self.files}
        src_layout = any(f.startswith("src/") for f in self.files) and "src/__init__.py" not in self.file_set
        self.roots = (["src"] if src_layout else []) + ["."]

    def find(self, base: str, parts: list[str]) -> str | None:
        """The module of the deepest existing prefix of ``parts`` under ``base``."""
        for k in range(len(parts), 0, -1):
            p = join(base, "/".join(parts[:k]))
            if p in self.modules:
                return p
            if p + ".py" in self.file_set or p + ".pyi" in self.file_set:
                return dir_of(p) if dir_of(p) in self.modules else None
        return None

    def absolute(self, parts: list[str]) -> str | None:
        for r in self.roots:
            hit = self.find(r, parts)
            if hit is not None:
                return hit
        return None


def edges(root: str) -> dict[str, list]:
    t = Tree(root)
    out: set[tuple[str, str]] = set()
    for f in t.files:
        try:
            with open(os.path.join(root, f), "rb") as fh:
                tree = ast.parse(fh.read())
        except (SyntaxError, ValueError):
            continue
        here = dir_of(f)
        for node in ast.walk(tree):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [t.absolute(a.name.split(".")) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mod = node.module.split(".") if node.module else []
                if node.level:
                    base = here
                    ok = True
                    for _ in range(node.level - 1):
                        if base == ".":
                            ok = False
                            break
                        base = dir_of(base)
                    if not ok:
                        continue
                    for a in node.names:
                        sub = mod + ([a.name] if a.name != "*" else [])
                        hit = t.find(base, sub) if sub else None
                        if hit is None and not mod:
                            hit = base if base in t.modules else None
                        targets.append(hit)
                else:
                    for a in node.names:
                        sub = mod + ([a.name] if a.name != "*" else [])
                        targets.append(t.absolute(sub) if sub else None)
            for tgt in targets:
                if tgt is not None and tgt != here:
                    out.add((here, tgt))
    return {"modules": sorted(t.modules), "edges": sorted([a, b] for a, b in out)}


if __name__ == "__main__":
    json.dump(edges(sys.argv[1]), sys.stdout)
    sys.stdout.write("\n")
