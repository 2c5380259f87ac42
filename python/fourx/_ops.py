"""The one path from the typed API to the core: ``call`` (the public generic entry point) and
``forward`` (what every typed function uses). Both only convert and forward; no rule lives here."""

from __future__ import annotations

import keyword
import os
from collections.abc import Mapping
from typing import Any

from . import _fourx
from .errors import InvalidInput


def _key(name: str) -> str:
    """``from_`` -> ``from``: a trailing ``_`` is dropped when the stem is a Python keyword."""
    if name.endswith("_") and keyword.iskeyword(name[:-1]):
        return name[:-1]
    return name


def call(op: str, input: dict[str, Any] | None = None, /, **kwargs: Any) -> Any:
    """Runs operation ``op`` on ``input`` merged with ``kwargs`` (``kwargs`` win).

    A keyword whose name is a Python keyword plus ``_`` loses the ``_`` (``from_=`` -> ``"from"``).
    Returns the op's result as plain Python values; raises the :class:`FourxError` subclass of the
    error's kind. The GIL is released while the op runs.
    """
    # `type(...) is dict` first: the `Mapping` ABC check alone costs ~4,000 instructions a call
    # (callgrind), more than the rest of a small op's Python side.
    if input is not None and type(input) is not dict and not isinstance(input, Mapping):
        raise InvalidInput(
            f"the input of {op!r} must be a dict, not {type(input).__name__}", field="input"
        )
    if kwargs:
        merged: dict[str, Any] = dict(input) if input is not None else {}
        for name, value in kwargs.items():
            merged[_key(name)] = value
        return _fourx.call(op, merged)
    return _fourx.call(op, {} if input is None else input)


def forward(op: str, required: dict[str, Any], /, **optional: Any) -> Any:
    """Runs ``op`` on the ``required`` keys (passed as they are, ``None`` included) plus the
    ``optional`` keyword arguments that are not ``None`` (``None`` = absent, so the op applies its
    own default), those under their op spelling (``from_`` -> ``"from"``)."""
    args = dict(required)
    for name, value in optional.items():
        if value is not None:
            args[_key(name)] = value
    return _fourx.call(op, args)


def path_arg(value: Any, field: str) -> str:
    """A path argument as the text the core receives: a ``str`` or an ``os.PathLike[str]`` whose
    text is valid Unicode. Anything else (``None``, ``bytes``, a number, a lone surrogate) is
    :class:`fourx.InvalidInput` naming ``field``, never ``TypeError`` or a path called "None"."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise InvalidInput(
            f"{field} must be a str or os.PathLike[str], not {type(value).__name__}", field=field
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(f"{field} is not valid Unicode (lone surrogate)", field=field) from None
    return value
