"""``python -m fourx``: the command-line interface (see :mod:`fourx.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
