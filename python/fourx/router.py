"""The router contract (``router.*`` ops, router.md): typed helpers over :func:`fourx.call`.

Every rule lives in the core; these functions only name the op and its inputs.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from . import call

__all__ = ["ParsedOutput", "Route", "parse_output", "route"]


class ParsedOutput(TypedDict):
    """Which parser validated the output, and its result."""

    kind: Literal["readonly", "write"]
    result: dict[str, Any]


class Route(TypedDict):
    """A routing decision (``router.route``)."""

    workflow: str
    signal: str
    priority: int
    matched: list[str]
    chain: str
    announcement: str
    override: str | None
    matches: dict[str, list[str]]


def parse_output(agent: str, output: str, task: dict[str, Any] | None = None) -> ParsedOutput:
    """Validates an agent's output with the parser its agent needs (``router.parse_output``).

    Returns ``{"kind": "readonly" | "write", "result": {...}}``; raises the kind's
    :class:`fourx.FourxError` subclass (``MissingContract``, ``MalformedContract``, ``TooShort``,
    ``UnknownAgent``, ``InputTooLarge``, ...). ``task`` (``{status, blocked_by}``) is used by
    read-only agents for SELF_REMEDIATED.
    """
    payload: dict[str, Any] = {"agent": agent, "output": output}
    if task is not None:
        payload["task"] = task
    return cast(ParsedOutput, call("router.parse_output", payload))


def route(request: str) -> Route:
    """Routes a request to a workflow by the signal table (``router.route``)."""
    return cast(Route, call("router.route", {"request": request}))


# Memory files and prompt frames (router.md §4.23–§4.30), kept in their own module.
from ._router_prompt import *  # noqa: E402,F403
from ._router_prompt import __all__ as _prompt_all  # noqa: E402

__all__ += _prompt_all
