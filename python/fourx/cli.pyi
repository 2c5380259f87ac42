import argparse
from collections.abc import Sequence
from typing import TextIO

__all__ = ["main", "build_parser"]

def build_parser() -> argparse.ArgumentParser: ...
def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int: ...
