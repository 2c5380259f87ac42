import os
from typing import Any, TypedDict

from .state import Reconciled, State

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

class Event(TypedDict, total=False):
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

class FeatureConstants(TypedDict):
    statuses: list[str]
    subtask_statuses: list[str]
    id_pattern: str
    default_screenshot_dir: str
    default_on_fail: str

class FeatureValidation(TypedDict):
    valid: bool
    errors: list[str]
    message: str

class StatusSync(TypedDict):
    changed: bool
    status: str
    previous_status: str
    text: str | None
    commit: dict[str, Any] | None

class ScreenshotName(TypedDict):
    step: str
    description: str

class ScreenshotGroups(TypedDict):
    groups: list[dict[str, Any]]
    warnings: list[dict[str, Any]]

class MergedConfig(TypedDict):
    config: dict[str, Any]
    warnings: list[dict[str, Any]]

class FeatureList(TypedDict):
    features: list[dict[str, Any]]
    warnings: list[dict[str, Any]]

class FeatureStatusSync(TypedDict):
    changed: bool
    status: str
    previous_status: str
    commit: dict[str, Any] | None

class BacklogMirror(TypedDict):
    present: bool
    mirror: dict[str, Any] | None

class BacklogDrift(TypedDict):
    drift: list[dict[str, Any]]
    warnings: list[dict[str, Any]]

class StrategyFile(TypedDict):
    test_strategy: dict[str, Any]
    present: bool

class CleanCandidate(TypedDict):
    feature_id: str
    size: int

class Finalized(TypedDict):
    state: State
    warnings: list[dict[str, Any]]
    commit: dict[str, Any] | None

def find(start_dir: str | os.PathLike[str]) -> str: ...
def constants() -> dict[str, str]: ...
def feature_dir(root: str | os.PathLike[str], feature_id: str) -> str: ...
def round_dir(root: str | os.PathLike[str], feature_id: str, round: int) -> str: ...
def parse_state(text: str) -> State: ...
def render_state(state: State | dict[str, Any], now: str) -> str: ...
def render_event(event: Event | dict[str, Any], now: str) -> str: ...
def resolve_feature_id(prefix: str, entries: list[str]) -> str: ...
def total_cost(events: str) -> float: ...
def worktree_path(events: str) -> str: ...
def atomic_write_file(
    dir: str | os.PathLike[str], final_name: str, data: str | bytes, perm: int = 0o644
) -> None: ...
def feature_constants() -> FeatureConstants: ...
def parse_feature_yaml(text: str) -> dict[str, Any]: ...
def load_feature_yaml(text: str, *, mode: str | None = None) -> dict[str, Any]: ...
def render_feature_yaml(feature: dict[str, Any]) -> str: ...
def validate_feature(feature: dict[str, Any]) -> FeatureValidation: ...
def validate_feature_loose(feature: dict[str, Any]) -> list[str]: ...
def sync_status_text(feature_id: str, phase: str, text: str) -> StatusSync: ...
def parse_backlog_mirror(text: str) -> dict[str, Any]: ...
def compare_backlog(
    features: list[dict[str, Any]], mirror: dict[str, Any], *, backlog_file: str | None = None
) -> list[dict[str, Any]]: ...
def is_screenshot_file(name: str) -> bool: ...
def normalize_screenshot_path(path: str) -> str: ...
def parse_screenshot_filename(filename: str) -> ScreenshotName: ...
def sort_screenshots(screenshots: list[dict[str, Any]]) -> list[dict[str, Any]]: ...
def screenshot_dir(config: dict[str, Any]) -> str: ...
def screenshot_targets(
    feature_id: str,
    rounds: list[int],
    *,
    screenshot_dir: str | None = None,
    template_rounds: list[int] | None = None,
) -> list[dict[str, Any]]: ...
def group_screenshots(
    root: str,
    feature_id: str,
    rounds: list[dict[str, Any]],
    listings: dict[str, Any],
    *,
    screenshot_dir: str | None = None,
    template_rounds: list[int] | None = None,
    worktree: dict[str, Any] | None = None,
) -> ScreenshotGroups: ...
def parse_test_strategy(text: str) -> dict[str, Any]: ...
def user_config_path(home: str) -> str: ...
def parse_config(text: str) -> dict[str, Any]: ...
def render_config(config: dict[str, Any]) -> str: ...
def parse_user_config(text: str) -> dict[str, Any]: ...
def render_user_config(config: dict[str, Any]) -> str: ...
def load_merged_config_text(project_text: str, user_text: str | None = None) -> MergedConfig: ...
def read_user_config(home: str | os.PathLike[str] | None = None) -> dict[str, Any]: ...
def write_user_config(
    config: dict[str, Any], home: str | os.PathLike[str] | None = None
) -> None: ...

class Workspace:
    root: str
    def __init__(self, root: str | os.PathLike[str]) -> None: ...
    def __repr__(self) -> str: ...
    @classmethod
    def find(cls, start_dir: str | os.PathLike[str] = ".") -> Workspace: ...
    def feature_dir(self, feature_id: str) -> str: ...
    def round_dir(self, feature_id: str, round: int) -> str: ...
    def init_feature_dir(self, feature_id: str) -> str: ...
    def read_state(self, feature_id: str) -> State: ...
    def write_state(self, feature_id: str, state: State | dict[str, Any], now: str) -> State: ...
    def append_event(self, feature_id: str, event: Event | dict[str, Any], now: str) -> Event: ...
    def request_stop(self, feature_id: str) -> None: ...
    def stop_requested(self, feature_id: str) -> bool: ...
    def clear_stop(self, feature_id: str) -> None: ...
    def reconcile_active(
        self,
        feature_id: str,
        now: str,
        *,
        pid_alive: bool | None = None,
        state: State | dict[str, Any] | None = None,
    ) -> Reconciled: ...
    def resolve_feature_id(self, prefix: str) -> str: ...
    def total_cost(self, feature_id: str) -> float: ...
    def worktree_path(self, feature_id: str) -> str: ...
    def init(self, config: dict[str, Any]) -> None: ...
    def read_config(self) -> dict[str, Any]: ...
    def write_config(self, config: dict[str, Any]) -> None: ...
    def load_merged_config(self, home: str | os.PathLike[str] | None = None) -> MergedConfig: ...
    def list_features(self) -> FeatureList: ...
    def load_feature(self, feature_id: str) -> dict[str, Any]: ...
    def save_feature(self, feature: dict[str, Any]) -> str: ...
    def sync_feature_status(self, feature_id: str, phase: str) -> FeatureStatusSync: ...
    def read_backlog_mirror(self) -> BacklogMirror: ...
    def compare_backlog_mirror(self) -> BacklogDrift: ...
    def read_test_strategy(self, feature_id: str) -> StrategyFile: ...
    def discover_screenshots(
        self, feature_id: str, *, screenshot_dir: str | None = None
    ) -> ScreenshotGroups: ...
    def finalize_done(
        self, feature_id: str, now: str, *, state: State | dict[str, Any] | None = None
    ) -> Finalized: ...
    def clean_feature(self, feature_id: str, now: str, *, pid_alive: bool | None = None) -> int: ...
    def cleanable_features(
        self, now: str, *, pid_alive: dict[str, bool] | None = None
    ) -> list[CleanCandidate]: ...
    def load_candidates(self, file: str | None = None) -> dict[str, Any]: ...
    def save_candidates(self, pool: dict[str, Any], file: str | None = None) -> None: ...
