"""The one path from the typed API to the core: ``call`` (the public generic entry point) and
``forward`` (what every typed function uses). Both only convert and forward; no rule lives here."""

from __future__ import annotations

import keyword
import os
import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, TypeAlias, Union

from . import _fourx
from .errors import InvalidInput


def _key(name: str) -> str:
    """``from_`` -> ``from``: a trailing ``_`` is dropped when the stem is a Python keyword."""
    if name.endswith("_") and keyword.iskeyword(name[:-1]):
        return name[:-1]
    return name


#: A time input: RFC 3339 text (``"2026-11-29T10:00:00Z"``) or an aware :class:`datetime.datetime`
#: (a naive one is refused: the core never guesses a time zone).
Time: TypeAlias = Union[str, datetime]
#: A path input: ``str`` or ``os.PathLike[str]``, absolute or relative to the current directory.
StrPath: TypeAlias = Union[str, "os.PathLike[str]"]


def time_text(value: datetime, field: str) -> str:
    """An aware ``datetime`` as the RFC 3339 text the core reads (``Z`` for UTC, the offset
    otherwise, microseconds kept when set). A naive one is :class:`fourx.InvalidInput` naming
    ``field``."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidInput(
            f"{field} is a naive datetime: give an aware one (e.g. datetime.now(timezone.utc)) "
            "or RFC 3339 text",
            field=field,
        )
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def plain_args(args: dict[str, Any]) -> dict[str, Any]:
    """Top-level ``datetime`` values become RFC 3339 text (every op reads times as text)."""
    for key, value in args.items():
        if isinstance(value, datetime):
            args[key] = time_text(value, key)
    return args


def new_nonce() -> str:
    """A fresh nonce as the ops want it (8 lower-case hex digits, from :mod:`secrets`): the
    randomness the core never draws itself, for ``blueprint.commit``, ``Store.gc``,
    ``router.new_workflow_id`` and ``blueprint.revision_name``."""
    return secrets.token_hex(4)


def call(op: str, input: Mapping[str, Any] | None = None, /, **kwargs: Any) -> Any:
    """Runs operation ``op`` on ``input`` merged with ``kwargs`` (``kwargs`` win).

    A keyword whose name is a Python keyword plus ``_`` loses the ``_`` (``from_=`` -> ``"from"``).
    Returns the op's result as plain Python values; raises the :class:`FourxError` subclass of the
    error's kind. The GIL is released while the op runs (but for a few constant-time ops such
    as ``meta.version`` and ``state.can_transition``, where releasing it would cost more).
    """
    if type(input) is dict and not kwargs:
        # The common case goes straight to the extension: a top-level datetime cannot be
        # converted there, so it fails before the op runs and is retried as RFC 3339 text.
        try:
            return _fourx.call(op, input)
        except InvalidInput:
            if not _has_datetime(input):
                raise
        return _fourx.call(op, plain_args(dict(input)))
    if input is not None and type(input) is not dict and not isinstance(input, Mapping):
        raise InvalidInput(
            f"the input of {op!r} must be a dict, not {type(input).__name__}", field="input"
        )
    if kwargs:
        merged: dict[str, Any] = dict(input) if input is not None else {}
        for name, value in kwargs.items():
            merged[_key(name)] = value
        return _fourx.call(op, plain_args(merged))
    if input is not None and _has_datetime(input):
        return _fourx.call(op, plain_args(dict(input)))
    return _fourx.call(op, {} if input is None else input)


def _has_datetime(input: Mapping[str, Any]) -> bool:
    """Whether a top-level value is a ``datetime`` (sent as RFC 3339 text)."""
    return any(isinstance(v, datetime) for v in input.values())


def forward(op: str, required: Mapping[str, Any], /, **optional: Any) -> Any:
    """Runs ``op`` on the ``required`` keys (passed as they are, ``None`` included) plus the
    ``optional`` keyword arguments that are not ``None`` (``None`` = absent, so the op applies its
    own default), those under their op spelling (``from_`` -> ``"from"``)."""
    args = dict(required)
    for name, value in optional.items():
        if value is not None:
            args[_key(name)] = value
    return call_op(op, args)


def call_op(op: str, args: dict[str, Any], /) -> Any:
    """Runs ``op`` on ``args``, an input dict the caller built (and may not reuse): what every
    generated function of :mod:`fourx._api` calls once its optional keys left ``None`` are left
    out. A top-level ``datetime`` fails conversion before the op runs, as in :func:`call`; then
    it is sent as RFC 3339 text (a naive one is refused naming its key)."""
    try:
        return _fourx.call(op, args)
    except InvalidInput:
        if not _has_datetime(args):
            raise
    return _fourx.call(op, plain_args(args))


def path_arg(value: Any, field: str) -> str:
    """A path argument as the text the core receives: a ``str`` or an ``os.PathLike[str]`` whose
    text is valid Unicode, made absolute against the current directory when it is relative (the
    ops want absolute paths; their own rules -- root guards, lexical cleaning -- then apply as
    they are). ``""`` stays ``""`` (the op refuses it). Anything else (``None``, ``bytes``, a
    number, a lone surrogate) is :class:`fourx.InvalidInput` naming ``field``, never
    ``TypeError`` or a path called "None"."""
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
    if value and not os.path.isabs(value):
        # Joined, not normalised: `..` stays for the op's own rules to judge.
        return os.path.join(os.getcwd(), value)
    return value
