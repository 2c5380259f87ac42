"""``python -m fourx``: prints the operation catalog (name and one-line doc)."""

from __future__ import annotations

import sys

from . import catalog, version


def main(argv: list[str] | None = None) -> int:
    """Prints the catalog; returns the process exit code."""
    del argv
    ops = catalog()
    width = max((len(op["name"]) for op in ops), default=0)
    print(f"fourx {version()} — {len(ops)} operations")
    for op in ops:
        print(f"  {op['name']:<{width}}  {op['doc']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
