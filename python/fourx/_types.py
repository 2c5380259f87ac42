"""Every named type of the op catalog: records as ``TypedDict`` (an optional key is
``NotRequired``), tagged unions as ``Union`` aliases, closed word lists as ``Literal`` aliases.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union

__all__ = [
]
