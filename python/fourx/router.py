"""The router contract (``router.*`` ops): typed helpers over :func:`fourx.call`.

Every rule lives in the core; these functions only name the op and its inputs.
"""

from __future__ import annotations

from typing import Any

from . import call as _call

__all__ = ["parse_output", "route"]


def parse_output(agent: str, output: str, task: dict[str, Any] | None = None) -> dict[str, Any]:
    """Validates an agent's output with the parser its agent needs (``router.parse_output``).

    Returns ``{"kind": "readonly" | "write", "result": {...}}``; raises the kind's
    :class:`fourx.FourxError` subclass (``MissingContract``, ``MalformedContract``, ``TooShort``,
    ``UnknownAgent``, ``InputTooLarge``, ...). ``task`` (``{status, blocked_by}``) is used by
    read-only agents for SELF_REMEDIATED.
    """
    payload: dict[str, Any] = {"agent": agent, "output": output}
    if task is not None:
        payload["task"] = task
    result: dict[str, Any] = _call("router.parse_output", payload)
    return result


def route(request: str) -> dict[str, Any]:
    """Routes a request to a workflow by the signal table (``router.route``)."""
    result: dict[str, Any] = _call("router.route", {"request": request})
    return result


# Memory files and prompt frames (router.md §4.23–§4.30), kept in their own module.
from ._router_prompt import *  # noqa: E402,F403
from ._router_prompt import __all__ as _prompt_all  # noqa: E402

__all__ += _prompt_all
