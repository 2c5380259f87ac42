"""fourx.workspace — the on-disk ``.4x/`` layout (workspace.md): ``state.json``, ``events.jsonl``,
the stop signal and atomic writes.

:class:`Workspace` is the typed face of the file-system ``workspace.*`` ops for one workspace root;
the module-level functions are the pure ones (rendering, parsing, paths, event scanners). Every
write is atomic (temp file, fsync, rename) and every rule lives in the Rust core. Times are inputs
(``now``, RFC 3339), never read from the clock.
"""

from __future__ import annotations

import base64
import os
from typing import Any, TypedDict

from ._ops import forward
from .machine import Reconciled, State

__all__ = [
    "Event",
    "Workspace",
    "find",
    "constants",
    "feature_dir",
    "round_dir",
    "parse_state",
    "render_state",
    "render_event",
    "resolve_feature_id",
    "total_cost",
    "worktree_path",
    "atomic_write_file",
]


class Event(TypedDict, total=False):
    """One ``events.jsonl`` line (workspace.md §6.2); ``ts`` is stamped from ``now`` when empty."""

    ts: str
    phase: str
    type: str
    role: str
    round: int
    action: str
    cmd: str
    status: str
    detail: str
    runner: str
    model: str
    notify: str
    tokens_used: int
    cost_usd: float
    duration_ms: int
    index: int


def _root(root: str | os.PathLike[str]) -> str:
    return os.fspath(root)


def find(start_dir: str | os.PathLike[str]) -> str:
    """Walks up from ``start_dir`` to the first directory holding a ``.4x`` directory; raises
    :class:`fourx.NotFound` when there is none (``workspace.find``)."""
    root: str = forward("workspace.find", {"start_dir": os.fspath(start_dir)})["root"]
    return root


def constants() -> dict[str, str]:
    """The seed's ``.4x`` file-name constants by name (``workspace.constants``)."""
    result: dict[str, str] = forward("workspace.constants", {})["constants"]
    return result


def feature_dir(root: str | os.PathLike[str], feature_id: str) -> str:
    """``<root>/.4x/run/<feature_id>``, lexically cleaned; the id must be one safe path segment
    (``workspace.feature_dir``)."""
    path: str = forward("workspace.feature_dir", {"root": _root(root), "feature_id": feature_id})[
        "path"
    ]
    return path


def round_dir(root: str | os.PathLike[str], feature_id: str, round: int) -> str:
    """``FeatureDir/rounds/round-<round>`` (``workspace.round_dir``)."""
    path: str = forward(
        "workspace.round_dir", {"root": _root(root), "feature_id": feature_id, "round": round}
    )["path"]
    return path


def parse_state(text: str) -> State:
    """Decodes ``state.json`` text with Go's rules (``workspace.parse_state``)."""
    state: State = forward("workspace.parse_state", {"text": text})["state"]
    return state


def render_state(state: State | dict[str, Any], now: str) -> str:
    """The exact ``state.json`` text a write at ``now`` produces (``workspace.render_state``)."""
    text: str = forward("workspace.render_state", {"state": state, "now": now})["text"]
    return text


def render_event(event: Event | dict[str, Any], now: str) -> str:
    """The exact ``events.jsonl`` line (without newline) an append at ``now`` writes
    (``workspace.render_event``)."""
    line: str = forward("workspace.render_event", {"event": event, "now": now})["line"]
    return line


def resolve_feature_id(prefix: str, entries: list[str]) -> str:
    """Resolves a case-insensitive id prefix against feature file names; raises
    :class:`fourx.NotFound` or :class:`fourx.Ambiguous` (``workspace.resolve_feature_id``)."""
    fid: str = forward("workspace.resolve_feature_id", {"prefix": prefix, "entries": entries})[
        "feature_id"
    ]
    return fid


def total_cost(events: str) -> float:
    """Sum of ``cost_usd`` over the run-end events of an ``events.jsonl`` text
    (``workspace.total_cost``)."""
    cost: float = forward("workspace.total_cost", {"events": events})["total_cost_usd"]
    return cost


def worktree_path(events: str) -> str:
    """The worktree path of the last ``run-output`` event whose detail starts with ``worktree: ``
    (``workspace.worktree_path``)."""
    path: str = forward("workspace.worktree_path", {"events": events})["worktree_path"]
    return path


def atomic_write_file(
    dir: str | os.PathLike[str], final_name: str, data: str | bytes, perm: int = 0o644
) -> None:
    """Writes ``dir/final_name`` atomically (temp file, fsync, rename, directory fsync) with mode
    ``perm``; ``bytes`` travel base64-encoded (``workspace.atomic_write_file``)."""
    if isinstance(data, bytes):
        payload = {"data_base64": base64.b64encode(data).decode("ascii")}
    else:
        payload = {"data": data}
    forward(
        "workspace.atomic_write_file",
        {"dir": os.fspath(dir), "final_name": final_name, "perm": perm, **payload},
    )


class Workspace:
    """The ``.4x`` workspace under ``root`` (a relative root is resolved against the working
    directory by the core). Safe to share between threads: it holds only the root."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root: str = _root(root)

    def __repr__(self) -> str:
        return f"Workspace({self.root!r})"

    @classmethod
    def find(cls, start_dir: str | os.PathLike[str] = ".") -> Workspace:
        """The workspace of the nearest ancestor of ``start_dir`` holding ``.4x``
        (``workspace.find``)."""
        return cls(find(start_dir))

    def _args(self, feature_id: str) -> dict[str, Any]:
        return {"root": self.root, "feature_id": feature_id}

    def feature_dir(self, feature_id: str) -> str:
        """``<root>/.4x/run/<feature_id>`` (``workspace.feature_dir``)."""
        return feature_dir(self.root, feature_id)

    def round_dir(self, feature_id: str, round: int) -> str:
        """``FeatureDir/rounds/round-<round>`` (``workspace.round_dir``)."""
        return round_dir(self.root, feature_id, round)

    def init_feature_dir(self, feature_id: str) -> str:
        """Creates ``FeatureDir/rounds`` with its parents; idempotent; returns FeatureDir
        (``workspace.init_feature_dir``)."""
        path: str = forward("workspace.init_feature_dir", self._args(feature_id))["path"]
        return path

    def read_state(self, feature_id: str) -> State:
        """Reads and decodes a feature's ``state.json`` (no validation, no reconciling;
        ``workspace.read_state``)."""
        state: State = forward("workspace.read_state", self._args(feature_id))["state"]
        return state

    def write_state(self, feature_id: str, state: State | dict[str, Any], now: str) -> State:
        """Stamps ``updatedAt = now`` and writes ``state.json`` atomically; returns the state as
        written (``workspace.write_state``)."""
        written: State = forward(
            "workspace.write_state", {**self._args(feature_id), "state": state, "now": now}
        )["state"]
        return written

    def append_event(self, feature_id: str, event: Event | dict[str, Any], now: str) -> Event:
        """Appends one line to ``events.jsonl`` in one write (an empty ``ts`` is stamped from
        ``now``); returns the event as written (``workspace.append_event``)."""
        written: Event = forward(
            "workspace.append_event", {**self._args(feature_id), "event": event, "now": now}
        )["event"]
        return written

    def request_stop(self, feature_id: str) -> None:
        """Asks the run loop to stop: writes ``FeatureDir/stop`` atomically
        (``workspace.request_stop``)."""
        forward("workspace.request_stop", self._args(feature_id))

    def stop_requested(self, feature_id: str) -> bool:
        """Whether ``FeatureDir/stop`` exists (``workspace.stop_requested``)."""
        requested: bool = forward("workspace.stop_requested", self._args(feature_id))["requested"]
        return requested

    def clear_stop(self, feature_id: str) -> None:
        """Removes the stop signal; a missing one is success (``workspace.clear_stop``)."""
        forward("workspace.clear_stop", self._args(feature_id))

    def reconcile_active(
        self,
        feature_id: str,
        now: str,
        *,
        pid_alive: bool | None = None,
        state: State | dict[str, Any] | None = None,
    ) -> Reconciled:
        """Clears ``active`` when the run loop's process is gone (``pid_alive`` given, or probed)
        and writes the corrected state (``workspace.reconcile_active``)."""
        result: Reconciled = forward(
            "workspace.reconcile_active",
            {**self._args(feature_id), "now": now},
            pid_alive=pid_alive,
            state=state,
        )
        return result

    def resolve_feature_id(self, prefix: str) -> str:
        """Resolves a case-insensitive id prefix against ``.4x/features`` file names
        (``workspace.resolve_feature_id``)."""
        fid: str = forward("workspace.resolve_feature_id", {"prefix": prefix, "root": self.root})[
            "feature_id"
        ]
        return fid

    def total_cost(self, feature_id: str) -> float:
        """Sum of ``cost_usd`` over the feature's run-end events (``workspace.total_cost``)."""
        cost: float = forward("workspace.total_cost", self._args(feature_id))["total_cost_usd"]
        return cost

    def worktree_path(self, feature_id: str) -> str:
        """The worktree path recorded in the feature's events (``workspace.worktree_path``)."""
        path: str = forward("workspace.worktree_path", self._args(feature_id))["worktree_path"]
        return path
