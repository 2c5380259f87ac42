"""fourx.workspace — the on-disk ``.4x/`` layout (workspace.md): ``state.json``, ``events.jsonl``,
the stop signal and atomic writes.

:class:`Workspace` is the typed face of the file-system ``workspace.*`` ops for one workspace root;
the module-level functions are the pure ones (rendering, parsing, paths, event scanners). Every
write is atomic (temp file, fsync, rename) and every rule lives in the Rust core. Times are inputs
(``now``, RFC 3339), never read from the clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import base64
import os
from pathlib import Path
from typing import Any

from ._ops import Time, forward, path_arg
from .errors import InvalidInput
from .state import Reconciled, State
from ._api import (
    feature_constants as feature_constants,
)
from ._types import (
    BacklogDrift,
    BacklogMirror,
    Claim,
    CleanCandidate,
    Copied,
    Event,
    FeatureConstants,
    FeatureList,
    FeatureStatusSync,
    FeatureValidation,
    Finalized,
    Lease,
    MergedConfig,
    ScreenshotGroups,
    ScreenshotName,
    StatusSync,
    StrategyFile,
)
from . import _api

__all__ = [
    "Event",
    "Workspace",
    "Lease",
    "Claim",
    "Copied",
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
    "FeatureConstants",
    "FeatureValidation",
    "StatusSync",
    "ScreenshotName",
    "ScreenshotGroups",
    "feature_constants",
    "parse_feature_yaml",
    "load_feature_yaml",
    "render_feature_yaml",
    "validate_feature",
    "validate_feature_loose",
    "sync_status_text",
    "parse_backlog_mirror",
    "compare_backlog",
    "is_screenshot_file",
    "normalize_screenshot_path",
    "parse_screenshot_filename",
    "sort_screenshots",
    "screenshot_dir",
    "screenshot_targets",
    "group_screenshots",
    "parse_test_strategy",
    "user_config_path",
    "MergedConfig",
    "parse_config",
    "render_config",
    "parse_user_config",
    "render_user_config",
    "load_merged_config_text",
    "FeatureList",
    "FeatureStatusSync",
    "BacklogMirror",
    "BacklogDrift",
    "StrategyFile",
    "CleanCandidate",
    "Finalized",
    "read_user_config",
    "write_user_config",
]


def _root(root: str | os.PathLike[str]) -> str:
    return path_arg(root, "root")


def _home(home: str | os.PathLike[str] | None) -> str:
    """The caller's home, or ``Path.home()`` (CONVENTIONS.md §World inputs: Python's default)."""
    return str(Path.home()) if home is None else path_arg(home, "home")


def find(start_dir: str | os.PathLike[str]) -> str:
    """Walks up from ``start_dir`` to the first directory holding a ``.4x`` directory; raises
    :class:`fourx.NotFound` when there is none (``workspace.find``)."""
    root: str = _api.workspace_find(start_dir=start_dir)["root"]
    return root


def constants() -> dict[str, str]:
    """The seed's ``.4x`` file-name constants by name (``workspace.constants``)."""
    result: dict[str, str] = _api.workspace_constants()["constants"]
    return result


def feature_dir(root: str | os.PathLike[str], feature_id: str) -> str:
    """``<root>/.4x/run/<feature_id>``, lexically cleaned; the id must be one safe path segment
    (``workspace.feature_dir``)."""
    path: str = _api.workspace_feature_dir(root=root, feature_id=feature_id)[
        "path"
    ]
    return path


def round_dir(root: str | os.PathLike[str], feature_id: str, round: int) -> str:
    """``FeatureDir/rounds/round-<round>`` (``workspace.round_dir``)."""
    path: str = _api.workspace_round_dir(root=root, feature_id=feature_id, round=round)["path"]
    return path


def parse_state(text: str) -> State:
    """Decodes ``state.json`` text with Go's rules (``workspace.parse_state``)."""
    state: State = _api.workspace_parse_state(text=text)["state"]
    return state


def render_state(state: State | Mapping[str, Any], now: Time) -> str:
    """The exact ``state.json`` text a write at ``now`` produces (``workspace.render_state``)."""
    text: str = _api.workspace_render_state(state=state, now=now)["text"]
    return text


def render_event(event: Event | Mapping[str, Any], now: Time) -> str:
    """The exact ``events.jsonl`` line (without newline) an append at ``now`` writes
    (``workspace.render_event``)."""
    line: str = _api.workspace_render_event(event=event, now=now)["line"]
    return line


def resolve_feature_id(prefix: str, entries: Sequence[str]) -> str:
    """Resolves a case-insensitive id prefix against feature file names; raises
    :class:`fourx.NotFound` or :class:`fourx.Ambiguous` (``workspace.resolve_feature_id``)."""
    fid: str = _api.workspace_resolve_feature_id(prefix=prefix, entries=entries)[
        "feature_id"
    ]
    return fid


def total_cost(events: str) -> float:
    """Sum of ``cost_usd`` over the run-end events of an ``events.jsonl`` text
    (``workspace.total_cost``)."""
    cost: float = _api.workspace_total_cost(events=events)["total_cost_usd"]
    return cost


def worktree_path(events: str) -> str:
    """The worktree path of the last ``run-output`` event whose detail starts with ``worktree: ``
    (``workspace.worktree_path``)."""
    path: str = _api.workspace_worktree_path(events=events)["worktree_path"]
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
        {"dir": path_arg(dir, "dir"), "final_name": final_name, "perm": perm, **payload},
    )


# Feature files, the backlog mirror, screenshots and the test strategy (pure ops).


def parse_feature_yaml(text: str) -> dict[str, Any]:
    """Decode feature YAML with yaml.v3's rules (no validation) (``feature.parse_yaml``)."""
    feature: dict[str, Any] = forward("feature.parse_yaml", {"text": text})["feature"]
    return feature


def load_feature_yaml(text: str, *, mode: str | None = None) -> dict[str, Any]:
    """Decode and validate feature YAML, strictly or leniently (warnings into feature.warnings) (``feature.load_yaml``)."""
    feature: dict[str, Any] = forward("feature.load_yaml", {"text": text}, mode=mode)["feature"]
    return feature


def render_feature_yaml(feature: Mapping[str, Any]) -> str:
    """The feature YAML bytes Go's yaml.v3 writes (divergences D1, D4, D10) (``feature.render_yaml``)."""
    text: str = _api.feature_render_yaml(feature=feature)["text"]
    return text


def validate_feature(feature: Mapping[str, Any]) -> FeatureValidation:
    """Strict feature validation with Go's messages (``feature.validate``)."""
    result: FeatureValidation = _api.feature_validate(feature=feature)
    return result


def validate_feature_loose(feature: Mapping[str, Any]) -> list[str]:
    """Lenient feature validation: warnings; a missing id fails (``feature.validate_loose``)."""
    warnings: list[str] = _api.feature_validate_loose(feature=feature)["warnings"]
    return warnings


def sync_status_text(feature_id: str, phase: str, text: str) -> StatusSync:
    """Set a feature text's status from a phase; the new text and commit payload when it changed (``feature.sync_status_text``)."""
    result: StatusSync = _api.feature_sync_status_text(
        feature_id=feature_id, phase=phase, text=text
    )
    return result


def parse_backlog_mirror(text: str) -> dict[str, Any]:
    """Decode feature_list.json text (``backlog.parse_mirror``)."""
    mirror: dict[str, Any] = forward("backlog.parse_mirror", {"text": text})["mirror"]
    return mirror


def compare_backlog(
    features: Sequence[Mapping[str, Any]], mirror: Mapping[str, Any], *, backlog_file: str | None = None
) -> list[dict[str, Any]]:
    """Drift between canonical features and the backlog mirror (``backlog.compare``)."""
    drift: list[dict[str, Any]] = forward(
        "backlog.compare", {"features": features, "mirror": mirror}, backlog_file=backlog_file
    )["drift"]
    return drift


def is_screenshot_file(name: str) -> bool:
    """Whether a file name has a screenshot extension (``evidence.is_screenshot_file``)."""
    is_screenshot: bool = _api.evidence_is_screenshot_file(name=name)["is_screenshot"]
    return is_screenshot


def normalize_screenshot_path(path: str) -> str:
    """Trim, drop ./ and .4x/, clean lexically (``evidence.normalize_screenshot_path``)."""
    result: str = _api.evidence_normalize_screenshot_path(path=path)["path"]
    return result


def parse_screenshot_filename(filename: str) -> ScreenshotName:
    """Step and description from a screenshot file name (``evidence.parse_screenshot_filename``)."""
    result: ScreenshotName = _api.evidence_parse_screenshot_filename(filename=filename)
    return result


def sort_screenshots(screenshots: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Order screenshots by step (numeric first), then path (``evidence.sort_screenshots``)."""
    result: list[dict[str, Any]] = forward(
        "evidence.sort_screenshots", {"screenshots": screenshots}
    )["screenshots"]
    return result


def screenshot_dir(config: Mapping[str, Any]) -> str:
    """The tester's screenshot directory template from a config (``evidence.screenshot_dir``)."""
    result: str = _api.evidence_screenshot_dir(config=config)["dir"]
    return result


def screenshot_targets(
    feature_id: str,
    rounds: Sequence[int],
    *,
    screenshot_dir: str | None = None,
    template_rounds: Sequence[int] | None = None,
) -> list[dict[str, Any]]:
    """Directories to look in for each round's screenshots (``evidence.screenshot_targets``)."""
    targets: list[dict[str, Any]] = forward(
        "evidence.screenshot_targets",
        {"feature_id": feature_id, "rounds": rounds},
        screenshot_dir=screenshot_dir,
        template_rounds=template_rounds,
    )["targets"]
    return targets


def group_screenshots(
    root: str,
    feature_id: str,
    rounds: Sequence[Mapping[str, Any]],
    listings: Mapping[str, Any],
    *,
    screenshot_dir: str | None = None,
    template_rounds: Sequence[int] | None = None,
    worktree: Mapping[str, Any] | None = None,
) -> ScreenshotGroups:
    """Group a feature's screenshots by round from verify.json texts and directory listings (``evidence.group_screenshots``)."""
    result: ScreenshotGroups = _api.evidence_group_screenshots(
        root=root,
        feature_id=feature_id,
        rounds=rounds,
        listings=listings,
        screenshot_dir=screenshot_dir,
        template_rounds=template_rounds,
        worktree=worktree,
    )
    return result


def parse_test_strategy(text: str) -> dict[str, Any]:
    """Decode test-strategy.yaml with yaml.v3's rules (``test_strategy.parse``)."""
    test_strategy: dict[str, Any] = forward("test_strategy.parse", {"text": text})["test_strategy"]
    return test_strategy


def user_config_path(home: str) -> str:
    """The per-user settings path under a home directory (``config.user_path``)."""
    path: str = _api.config_user_path(home=home)["path"]
    return path


def parse_config(text: str) -> dict[str, Any]:
    """Decodes a project ``settings.json`` text with Go's rules and normalises it (legacy profile
    ``roles`` become ``phases``; ``config.parse``)."""
    config: dict[str, Any] = forward("config.parse", {"text": text})["config"]
    return config


def render_config(config: Mapping[str, Any]) -> str:
    """The project ``settings.json`` bytes 4x writes (``config.render``)."""
    text: str = _api.config_render(config=config)["text"]
    return text


def parse_user_config(text: str) -> dict[str, Any]:
    """Decodes the per-user ``~/.4x/settings.json`` text (``config.parse_user``)."""
    config: dict[str, Any] = forward("config.parse_user", {"text": text})["config"]
    return config


def render_user_config(config: Mapping[str, Any]) -> str:
    """The per-user ``settings.json`` bytes (``config.render_user``)."""
    text: str = _api.config_render_user(config=config)["text"]
    return text


def load_merged_config_text(project_text: str, user_text: str | None = None) -> MergedConfig:
    """The project config text merged over the user config text; a bad user side is a warning,
    never fatal (``config.load_merged_text``)."""
    result: MergedConfig = _api.config_load_merged_text(
        project_text=project_text, user_text=user_text
    )
    return result


def read_user_config(home: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """``<home>/.4x/settings.json`` (the zero value when missing; ``config.read_user``); ``home``
    defaults to ``Path.home()``."""
    config: dict[str, Any] = forward("config.read_user", {"home": _home(home)})["config"]
    return config


def write_user_config(config: Mapping[str, Any], home: str | os.PathLike[str] | None = None) -> None:
    """Writes ``<home>/.4x/settings.json`` atomically, creating ``<home>/.4x``
    (``config.write_user``); ``home`` defaults to ``Path.home()``."""
    _api.config_write_user(home=_home(home), config=config)


class Workspace:
    """The ``.4x`` workspace under ``root`` (a relative root is resolved against the working
    directory by the core). Safe to share between threads: it holds only the root and the store
    config.

    ``store`` selects where the run state lives — ``state.json``, ``events.jsonl``, the stop
    signal and feature claims: ``None`` (the default) is the ``.4x`` files of ``root``;
    ``{"kind": "fs"}`` the same files through the core's run-state store; ``{"kind": "postgres",
    "url": "postgresql://…", "schema"?: "fourx", "workspace"?: "default"}`` a shared database
    (:meth:`postgres`). Feature files, round artifacts and settings always stay under ``root``. A
    harness loop written against these methods runs unchanged on every store.
    """

    def __init__(
        self, root: str | os.PathLike[str], store: Mapping[str, Any] | None = None
    ) -> None:
        self.root: str = _root(root)
        if store is not None and not isinstance(store, Mapping):
            raise InvalidInput(
                f"store must be a dict, not {type(store).__name__}", field="store"
            )
        self.store: dict[str, Any] | None = None if store is None else dict(store)

    @classmethod
    def postgres(
        cls,
        root: str | os.PathLike[str],
        url: str,
        *,
        schema: str | None = None,
        workspace: str | None = None,
    ) -> Workspace:
        """The workspace under ``root`` with its run state in PostgreSQL at ``url`` (the schema is
        created and migrated on first use; an unreachable server is :class:`fourx.IoError` at the
        first call, never showing the URL)."""
        store: dict[str, Any] = {"kind": "postgres", "url": url}
        if schema is not None:
            store["schema"] = schema
        if workspace is not None:
            store["workspace"] = workspace
        return cls(root, store=store)

    def __repr__(self) -> str:
        if self.store is None:
            return f"Workspace({self.root!r})"
        # The kind only: a store config may carry a password in its URL.
        return f"Workspace({self.root!r}, store=<{self.store.get('kind', '?')}>)"

    def _run(self, feature_id: str) -> dict[str, Any]:
        """The input of a run-state op: the feature, plus the store when one is selected."""
        args: dict[str, Any] = {"root": self.root, "feature_id": feature_id}
        if self.store is not None:
            args["store"] = self.store
        return args

    def _fs_only(self, what: str) -> None:
        if self.store is not None:
            raise InvalidInput(
                f"{what} reads and writes the .4x run files of root; it is not available on a "
                f"{self.store.get('kind', '?')} store",
                field="store",
            )

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
        path: str = _api.workspace_init_feature_dir(root=self.root, feature_id=feature_id)["path"]
        return path

    def read_state(self, feature_id: str) -> State:
        """Reads and decodes a feature's ``state.json`` (no validation, no reconciling;
        ``workspace.read_state``), from the store when one is selected."""
        state: State = _api.workspace_read_state(
            root=self.root, feature_id=feature_id, store=self.store
        )["state"]
        return state

    def write_state(
        self,
        feature_id: str,
        state: State | Mapping[str, Any],
        now: Time,
        *,
        lease: Lease | None = None,
    ) -> State:
        """Stamps ``updatedAt = now`` and writes ``state.json`` atomically; returns the state as
        written (``workspace.write_state``). With ``lease`` (from :meth:`claim`) the write is
        refused with :class:`fourx.LeaseLost` once a newer owner holds the feature."""
        written: State = _api.workspace_write_state(
            root=self.root,
            feature_id=feature_id,
            store=self.store,
            state=state,
            now=now,
            lease=lease,
        )["state"]
        return written

    def append_event(
        self,
        feature_id: str,
        event: Event | Mapping[str, Any],
        now: Time,
        *,
        lease: Lease | None = None,
    ) -> Event:
        """Appends one line to ``events.jsonl`` in one write (an empty ``ts`` is stamped from
        ``now``); returns the event as written (``workspace.append_event``). ``lease`` fences it
        like :meth:`write_state`."""
        written: Event = _api.workspace_append_event(
            root=self.root,
            feature_id=feature_id,
            store=self.store,
            event=event,
            now=now,
            lease=lease,
        )["event"]
        return written

    def request_stop(self, feature_id: str) -> None:
        """Asks the run loop to stop: writes ``FeatureDir/stop`` atomically
        (``workspace.request_stop``)."""
        _api.workspace_request_stop(root=self.root, feature_id=feature_id, store=self.store)

    def stop_requested(self, feature_id: str) -> bool:
        """Whether ``FeatureDir/stop`` exists (``workspace.stop_requested``)."""
        requested: bool = _api.workspace_stop_requested(
            root=self.root, feature_id=feature_id, store=self.store
        )["requested"]
        return requested

    def clear_stop(self, feature_id: str) -> None:
        """Removes the stop signal; a missing one is success (``workspace.clear_stop``)."""
        _api.workspace_clear_stop(root=self.root, feature_id=feature_id, store=self.store)

    def claim(
        self,
        feature_id: str,
        holder: str,
        ttl_ms: int,
        *,
        pid: int | None = None,
        pid_alive: bool | None = None,
    ) -> Claim:
        """Claims the feature for this run loop (``workspace.claim``): on a store with leases, a
        lease for ``ttl_ms`` with a fencing token (renewed when ``holder`` already owns it); on
        the filesystem, the pid liveness rule over ``state.json`` (``pid`` is this process's,
        ``pid_alive`` overrides the probe) and no lease."""
        result: Claim = _api.workspace_claim(
            root=self.root,
            feature_id=feature_id,
            store=self.store,
            holder=holder,
            ttl_ms=ttl_ms,
            pid=pid,
            pid_alive=pid_alive,
        )
        return result

    def release(self, feature_id: str, lease: Lease | None = None) -> None:
        """Gives a lease up before it expires (``workspace.release``); a superseded one is
        :class:`fourx.LeaseLost`. On the files a claim holds no lease: nothing to give up."""
        _api.workspace_release(root=self.root, feature_id=feature_id, store=self.store, lease=lease)

    def export_runs(self, feature_ids: Sequence[str] | None = None) -> list[Copied]:
        """Writes the store's run state under ``root`` as the exact ``.4x/run/<id>/`` bytes
        (``workspace.export``): every feature of the store, or ``feature_ids``; a feature already
        on disk is refused (a copy never merges)."""
        found: list[Copied] = forward(
            "workspace.export", {"root": self.root, "store": self.store}, feature_ids=feature_ids
        )["features"]
        return found

    def import_runs(self, feature_ids: Sequence[str] | None = None) -> list[Copied]:
        """Loads the ``.4x/run`` state and events under ``root`` into the store
        (``workspace.import``): every feature on disk, or ``feature_ids``; a feature the store
        already holds is refused."""
        found: list[Copied] = forward(
            "workspace.import", {"root": self.root, "store": self.store}, feature_ids=feature_ids
        )["features"]
        return found

    def reconcile_active(
        self,
        feature_id: str,
        now: Time,
        *,
        pid_alive: bool | None = None,
        state: State | Mapping[str, Any] | None = None,
    ) -> Reconciled:
        """Clears ``active`` when the run loop's process is gone (``pid_alive`` given, or probed)
        and writes the corrected state (``workspace.reconcile_active``). Filesystem only."""
        self._fs_only("reconcile_active")
        result: Reconciled = _api.workspace_reconcile_active(
            root=self.root, feature_id=feature_id, now=now, pid_alive=pid_alive, state=state
        )
        return result

    def resolve_feature_id(self, prefix: str) -> str:
        """Resolves a case-insensitive id prefix against ``.4x/features`` file names
        (``workspace.resolve_feature_id``)."""
        fid: str = _api.workspace_resolve_feature_id(prefix=prefix, root=self.root)[
            "feature_id"
        ]
        return fid

    def total_cost(self, feature_id: str) -> float:
        """Sum of ``cost_usd`` over the feature's run-end events (``workspace.total_cost``)."""
        cost: float = _api.workspace_total_cost(
            root=self.root, feature_id=feature_id, store=self.store
        )["total_cost_usd"]
        return cost

    def worktree_path(self, feature_id: str) -> str:
        """The worktree path recorded in the feature's events (``workspace.worktree_path``)."""
        path: str = _api.workspace_worktree_path(
            root=self.root, feature_id=feature_id, store=self.store
        )["worktree_path"]
        return path

    def init(self, config: Mapping[str, Any]) -> None:
        """Creates ``.4x/features``, ``.4x/.gitignore`` and ``.4x/settings.json``
        (``workspace.init``)."""
        _api.workspace_init(root=self.root, config=config)

    def read_config(self) -> dict[str, Any]:
        """Reads and validates ``.4x/settings.json`` (``config.read``)."""
        config: dict[str, Any] = forward("config.read", {"root": self.root})["config"]
        return config

    def write_config(self, config: Mapping[str, Any]) -> None:
        """Writes ``.4x/settings.json`` atomically (``config.write``)."""
        _api.config_write(root=self.root, config=config)

    def load_merged_config(self, home: str | os.PathLike[str] | None = None) -> MergedConfig:
        """The project settings merged over the user's; user-side problems are warnings
        (``config.load_merged``); ``home`` defaults to ``Path.home()``."""
        result: MergedConfig = _api.config_load_merged(root=self.root, home=_home(home))
        return result

    def list_features(self) -> FeatureList:
        """Every feature of ``.4x/features``, leniently loaded and sorted by id; every skip is a
        warning (``workspace.list_features``)."""
        result: FeatureList = _api.workspace_list_features(root=self.root)
        return result

    def load_feature(self, feature_id: str) -> dict[str, Any]:
        """Loads one feature strictly; a short id finds the unique ``<id>-*.yaml``
        (``workspace.load_feature``)."""
        feature: dict[str, Any] = forward("workspace.load_feature", self._args(feature_id))[
            "feature"
        ]
        return feature

    def save_feature(self, feature: Mapping[str, Any]) -> str:
        """Writes a feature's YAML atomically as ``.4x/features/<id>.yaml``; returns the path
        (``workspace.save_feature``)."""
        path: str = _api.workspace_save_feature(root=self.root, feature=feature)[
            "path"
        ]
        return path

    def sync_feature_status(self, feature_id: str, phase: str) -> FeatureStatusSync:
        """Sets a feature file's status from a phase, saved only when it changed
        (``workspace.sync_feature_status``)."""
        result: FeatureStatusSync = _api.workspace_sync_feature_status(
            root=self.root, feature_id=feature_id, phase=phase
        )
        return result

    def read_backlog_mirror(self) -> BacklogMirror:
        """``feature_list.json`` if present (``workspace.read_backlog_mirror``)."""
        result: BacklogMirror = _api.workspace_read_backlog_mirror(root=self.root)
        return result

    def compare_backlog_mirror(self) -> BacklogDrift:
        """Drift between the feature files and ``feature_list.json``
        (``workspace.compare_backlog_mirror``)."""
        result: BacklogDrift = _api.workspace_compare_backlog_mirror(root=self.root)
        return result

    def read_test_strategy(self, feature_id: str) -> StrategyFile:
        """A feature's ``test-strategy.yaml``; absent is not an error
        (``workspace.read_test_strategy``)."""
        result: StrategyFile = _api.workspace_read_test_strategy(
            root=self.root, feature_id=feature_id
        )
        return result

    def discover_screenshots(
        self, feature_id: str, *, screenshot_dir: str | None = None
    ) -> ScreenshotGroups:
        """A feature's screenshots grouped by round, from ``verify.json`` files and screenshot
        directories (``evidence.discover_screenshots``)."""
        result: ScreenshotGroups = _api.evidence_discover_screenshots(
            root=self.root, feature_id=feature_id, screenshot_dir=screenshot_dir
        )
        return result

    def finalize_done(
        self, feature_id: str, now: Time, *, state: State | Mapping[str, Any] | None = None
    ) -> Finalized:
        """``pending-review -> done``: writes ``state.json``, syncs the feature status (failures
        are warnings), appends the transition event; returns the commit payload for the harness
        (``workspace.finalize_done``). Filesystem only."""
        self._fs_only("finalize_done")
        result: Finalized = _api.workspace_finalize_done(
            root=self.root, feature_id=feature_id, now=now, state=state
        )
        return result

    def clean_feature(self, feature_id: str, now: Time, *, pid_alive: bool | None = None) -> int:
        """Removes the run directory of a done/abandoned feature that is not running; returns the
        bytes freed (``workspace.clean_feature``). Filesystem only."""
        self._fs_only("clean_feature")
        freed: int = _api.workspace_clean_feature(
            root=self.root, feature_id=feature_id, now=now, pid_alive=pid_alive
        )["freed_bytes"]
        return freed

    def cleanable_features(
        self, now: Time, *, pid_alive: Mapping[str, bool] | None = None
    ) -> list[CleanCandidate]:
        """The done/abandoned features whose run directories could be cleaned, with their sizes
        (``workspace.cleanable_features``); ``pid_alive`` maps feature ids to liveness.
        Filesystem only."""
        self._fs_only("cleanable_features")
        found: list[CleanCandidate] = _api.workspace_cleanable_features(
            root=self.root, now=now, pid_alive=pid_alive
        )["candidates"]
        return found

    def load_candidates(self, file: str | None = None) -> dict[str, Any]:
        """The candidate pool in ``.4x/<file>`` (default ``candidates.json``); missing is an
        empty pool (``candidates.load``)."""
        pool: dict[str, Any] = forward("candidates.load", {"root": self.root}, file=file)["pool"]
        return pool

    def save_candidates(self, pool: Mapping[str, Any], file: str | None = None) -> None:
        """Writes a candidate pool atomically to ``.4x/<file>`` (``candidates.save``)."""
        _api.candidates_save(root=self.root, pool=pool, file=file)
