"""The ``.4x`` workspace of a project (workspace.md): :class:`Workspace` wraps the
``workspace.*`` ops for one root.

Every rule and every file write lives in the Rust core (atomic writes, one-write appends,
feature-id checks); this class only fills in ``root``. ``now`` is always an RFC 3339 string
given by the caller.
"""

from __future__ import annotations

import os
from typing import Any, cast

from . import call

__all__ = ["Workspace"]


class Workspace:
    """The workspace rooted at ``root`` (a relative root resolves against the working directory)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root: str = os.fspath(root)

    def __repr__(self) -> str:
        return f"Workspace({self.root!r})"

    @staticmethod
    def find(start_dir: str | os.PathLike[str] = ".") -> Workspace:
        """The workspace of the nearest directory at or above ``start_dir`` holding ``.4x``."""
        return Workspace(cast(str, call("workspace.find", start_dir=os.fspath(start_dir))["root"]))

    def _id(self, feature_id: str) -> dict[str, Any]:
        return {"root": self.root, "feature_id": feature_id}

    def feature_dir(self, feature_id: str) -> str:
        """``<root>/.4x/run/<feature_id>`` (the id must be one safe path segment)."""
        return cast(str, call("workspace.feature_dir", self._id(feature_id))["path"])

    def round_dir(self, feature_id: str, round: int) -> str:
        """``<feature_dir>/rounds/round-<round>``."""
        return cast(str, call("workspace.round_dir", self._id(feature_id), round=round)["path"])

    def init_feature_dir(self, feature_id: str) -> str:
        """Creates the feature's ``rounds`` directory (idempotent); returns the feature dir."""
        return cast(str, call("workspace.init_feature_dir", self._id(feature_id))["path"])

    def read_state(self, feature_id: str) -> dict[str, Any]:
        """The feature's ``state.json``."""
        return cast(dict[str, Any], call("workspace.read_state", self._id(feature_id))["state"])

    def write_state(self, feature_id: str, state: dict[str, Any], now: str) -> dict[str, Any]:
        """Stamps ``updatedAt = now``, writes ``state.json`` atomically, returns what was written."""
        r = call("workspace.write_state", self._id(feature_id), state=state, now=now)
        return cast(dict[str, Any], r["state"])

    def append_event(self, feature_id: str, event: dict[str, Any], now: str) -> dict[str, Any]:
        """Appends one line to ``events.jsonl`` (``ts`` stamped from ``now`` when empty)."""
        r = call("workspace.append_event", self._id(feature_id), event=event, now=now)
        return cast(dict[str, Any], r["event"])

    def request_stop(self, feature_id: str) -> None:
        """Asks the feature's run loop to stop."""
        call("workspace.request_stop", self._id(feature_id))

    def stop_requested(self, feature_id: str) -> bool:
        """Whether a stop was requested."""
        return cast(bool, call("workspace.stop_requested", self._id(feature_id))["requested"])

    def clear_stop(self, feature_id: str) -> None:
        """Removes a stop request (none is fine)."""
        call("workspace.clear_stop", self._id(feature_id))

    def reconcile_active(
        self,
        feature_id: str,
        now: str,
        pid_alive: bool | None = None,
        state: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], bool]:
        """``(state, changed)``: clears ``active`` when the run loop is gone (probed when
        ``pid_alive`` is None) and writes the corrected state."""
        extra: dict[str, Any] = {"now": now}
        if pid_alive is not None:
            extra["pid_alive"] = pid_alive
        if state is not None:
            extra["state"] = state
        r = call("workspace.reconcile_active", {**self._id(feature_id), **extra})
        return cast(dict[str, Any], r["state"]), cast(bool, r["changed"])

    def total_cost(self, feature_id: str) -> float:
        """The feature's total cost in USD (sum over ``run-end`` events)."""
        return float(call("workspace.total_cost", self._id(feature_id))["total_cost_usd"])

    def worktree_path(self, feature_id: str) -> str:
        """The worktree the feature's last run reported, or ``""``."""
        return cast(str, call("workspace.worktree_path", self._id(feature_id))["worktree_path"])

    def resolve_feature_id(self, prefix: str) -> str:
        """The one feature id matching ``prefix`` (case-insensitive) in ``.4x/features``."""
        r = call("workspace.resolve_feature_id", root=self.root, prefix=prefix)
        return cast(str, r["feature_id"])
