"""The smallest fourx program: print the version and the number of operations."""

from __future__ import annotations

import fourx


def main() -> None:
    """Prints the library version and its operation count."""
    version = fourx.call("meta.version")
    print(f"fourx {version['version']} with {len(fourx.catalog())} operations")
    try:
        fourx.call("no.such.op")
    except fourx.UnknownOp as e:
        print(f"errors carry a stable kind: {e.kind}")


if __name__ == "__main__":
    main()
