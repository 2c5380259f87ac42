"""The cached reader for long-running hosts (features.md §13): :class:`CachedWorkspace` keeps the
parsed settings, features and feature listing of one ``.4x`` workspace and re-reads a file only
when its version (mtime, size, inode) changed. Every read below goes through the cache; results
are fresh copies the caller may mutate.

The cache lives in the Rust core; this class only holds it and fills in the inputs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, cast

from . import _fourx

__all__ = ["CachedWorkspace"]


class CachedWorkspace:
    """The cached reader of the workspace at ``root``; ``home`` (default: ``Path.home()``) is
    where the per-user settings live."""

    def __init__(self, root: str | os.PathLike[str], home: str | os.PathLike[str] | None = None) -> None:
        self.root: str = os.fspath(root)
        self.home: str = os.fspath(home) if home is not None else str(Path.home())
        self._held = _fourx.CachedWorkspace({"root": self.root, "home": self.home})

    def __repr__(self) -> str:
        return f"CachedWorkspace({self.root!r})"

    def call(self, op: str, input: dict[str, Any] | None = None, /, **kwargs: Any) -> Any:
        """Runs one cached read op (``workspace.list_features``, ``workspace.load_feature``,
        ``workspace.read_state``, ``config.read``, ``config.load_merged``,
        ``workspace.compare_backlog_mirror``, ``workspace.cleanable_features``, ``miner.*``)."""
        return self._read(op, {**(input or {}), **kwargs})

    def _read(self, op: str, input: dict[str, Any]) -> Any:
        # The root (and home) are bound in the handle, so these inputs carry only the rest.
        return self._held.call(op, input)

    def list_features(self) -> dict[str, Any]:
        """``{"features", "warnings"}``: every feature, leniently loaded, sorted by id."""
        return cast(dict[str, Any], self._read("workspace.list_features", {}))

    def load_feature(self, feature_id: str) -> dict[str, Any]:
        """One feature, strictly loaded (a short id finds the unique ``<id>-*.yaml``)."""
        return cast(dict[str, Any], self._read("workspace.load_feature", {"feature_id": feature_id})["feature"])

    def read_state(self, feature_id: str) -> dict[str, Any]:
        """The feature's ``state.json`` (never cached)."""
        return cast(dict[str, Any], self._read("workspace.read_state", {"feature_id": feature_id})["state"])

    def read_config(self) -> dict[str, Any]:
        """The validated project settings."""
        return cast(dict[str, Any], self._read("config.read", {})["config"])

    def load_merged_config(self) -> dict[str, Any]:
        """``{"config", "warnings"}``: project settings merged with the user's."""
        return cast(dict[str, Any], self._read("config.load_merged", {}))

    def compare_backlog_mirror(self) -> dict[str, Any]:
        """``{"drift", "warnings"}`` between the feature files and ``feature_list.json``."""
        return cast(dict[str, Any], self._read("workspace.compare_backlog_mirror", {}))
