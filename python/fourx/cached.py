"""The cached reader for long-running hosts (features.md §13): :class:`CachedWorkspace` keeps the
parsed settings, features and feature listing of one ``.4x`` workspace and re-reads a file only
when its version (mtime, size, device, inode) changed. Every read below goes through the cache,
composite ones included; results are fresh copies the caller may mutate; ``state.json`` is never
cached.

The cache lives in the Rust core (the object C holds as ``fourx_cached_workspace``); this class
only holds it and fills in the inputs. One instance may be shared by every thread.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from . import _fourx
from ._ops import Time, path_arg, plain_args
from .errors import InvalidInput
from .report import FailPatternScan, MinerScan
from .state import State
from .workspace import BacklogDrift, CleanCandidate, FeatureList, MergedConfig

__all__ = ["CachedWorkspace"]


class CachedWorkspace:
    """The cached reader of the workspace at ``root``; ``home`` (default: ``Path.home()``) is
    where the per-user settings live (used by :meth:`load_merged_config`)."""

    def __init__(
        self, root: str | os.PathLike[str], home: str | os.PathLike[str] | None = None
    ) -> None:
        self.root: str = path_arg(root, "root")
        self.home: str = path_arg(home, "home") if home is not None else str(Path.home())
        self._held = _fourx.CachedWorkspace({"root": self.root, "home": self.home})

    def __repr__(self) -> str:
        return f"CachedWorkspace({self.root!r})"

    def call(self, op: str, input: Mapping[str, Any] | None = None, /, **kwargs: Any) -> Any:
        """Runs one cached read op by name (``workspace.list_features``, ``workspace.load_feature``,
        ``workspace.read_state``, ``config.read``, ``config.load_merged``,
        ``workspace.compare_backlog_mirror``, ``workspace.cleanable_features``, ``miner.*``);
        ``root`` and ``home`` are bound already."""
        if input is not None and not isinstance(input, Mapping):
            raise InvalidInput(
                f"the input of {op!r} must be a dict, not {type(input).__name__}", field="input"
            )
        return self._held.call(op, plain_args({**(input or {}), **kwargs}))

    def list_features(self) -> FeatureList:
        """Every feature, leniently loaded and sorted by id; every skip is a warning."""
        result: FeatureList = self._held.call("workspace.list_features", {})
        return result

    def load_feature(self, feature_id: str) -> dict[str, Any]:
        """One feature, strictly loaded (a short id finds the unique ``<id>-*.yaml``)."""
        feature: dict[str, Any] = self._held.call(
            "workspace.load_feature", {"feature_id": feature_id}
        )["feature"]
        return feature

    def read_state(self, feature_id: str) -> State:
        """The feature's ``state.json`` (never cached: it changes constantly)."""
        state: State = self._held.call("workspace.read_state", {"feature_id": feature_id})["state"]
        return state

    def read_config(self) -> dict[str, Any]:
        """The validated project settings."""
        config: dict[str, Any] = self._held.call("config.read", {})["config"]
        return config

    def load_merged_config(self) -> MergedConfig:
        """The project settings merged over the user's (under ``home``); user-side problems are
        warnings."""
        result: MergedConfig = self._held.call("config.load_merged", {})
        return result

    def compare_backlog_mirror(self) -> BacklogDrift:
        """Drift between the feature files and ``feature_list.json``."""
        result: BacklogDrift = self._held.call("workspace.compare_backlog_mirror", {})
        return result

    def cleanable_features(
        self, now: Time, *, pid_alive: Mapping[str, bool] | None = None
    ) -> list[CleanCandidate]:
        """The done/abandoned features whose run directories could be cleaned, with sizes."""
        args: dict[str, Any] = {"now": now}
        if pid_alive is not None:
            args["pid_alive"] = pid_alive
        found: list[CleanCandidate] = self._held.call("workspace.cleanable_features", plain_args(args))[
            "candidates"
        ]
        return found

    def scan_escalations(self, feature_ids: Sequence[str] | None = None) -> MinerScan:
        """Improvement candidates from the escalation files of past rounds."""
        result: MinerScan = self._held.call("miner.scan_escalations", _ids(feature_ids))
        return result

    def scan_stuck(self, feature_ids: Sequence[str] | None = None) -> MinerScan:
        """Improvement candidates from features stuck in ``blocked`` / ``needs-attention``."""
        result: MinerScan = self._held.call("miner.scan_stuck", _ids(feature_ids))
        return result

    def scan_fail_patterns(
        self,
        feature_ids: Sequence[str] | None = None,
        *,
        min_occurrences: int | None = None,
        cjk: bool | None = None,
    ) -> FailPatternScan:
        """Candidates and learnings from review issues repeated across features."""
        args = _ids(feature_ids)
        if min_occurrences is not None:
            args["min_occurrences"] = min_occurrences
        if cjk is not None:
            args["cjk"] = cjk
        result: FailPatternScan = self._held.call("miner.scan_fail_patterns", args)
        return result


def _ids(feature_ids: Sequence[str] | None) -> dict[str, Any]:
    return {} if feature_ids is None else {"feature_ids": feature_ids}
