from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
    "CommitOutcome",
    "Index",
    "Store",
    "fold",
    "render_index",
    "format_for_director",
    "AnchorCheck",
    "CostMode",
    "BlueprintDefaults",
    "GcPlan",
    "GuardedRoot",
    "BlueprintModel",
    "ModuleView",
    "RevisionPrune",
    "StoragePaths",
    "ItemVerdict",
    "check_anchor",
    "cost_mode",
    "count_tokens",
    "defaults",
    "evidence_modules",
    "gc_plan",
    "graph",
    "guard_root",
    "parse",
    "project_id",
    "read_module",
    "render",
    "revision_name",
    "revision_prune",
    "scan",
    "ScanResult",
    "storage_paths",
    "validate_item",
]

class CommitOutcome(TypedDict):
    status: Literal["written", "noop", "deferred"]
    result: dict[str, Any]

class Index(TypedDict):
    text: str
    tokens: int
    shown: int
    not_shown: int
    budget: int

class AnchorCheck(TypedDict):
    verdict: str
    why: str

class ScanResult(TypedDict):
    modules: list[dict[str, Any]]
    edges: list[list[str]]
    repo_token: str
    languages: list[str]
    oversize: list[str]

class CostMode(TypedDict):
    mode: str
    expires_at: str
    expired: NotRequired[bool]

class BlueprintDefaults(TypedDict):
    format: str
    fields: list[str]
    reasons: list[str]
    max_submit_items: int
    revisions_keep: int
    orphan_retention_days: int
    default_index_max_tokens: int
    max_row_edges: int
    oversize_module_bytes: int
    max_claim_bytes: int
    max_where_bytes: int
    id_hex_len: int
    cost_mode_boundary_ms: int
    cost_mode_ttl_s: int
    costly_min_rescan_interval_s: int
    manifests: list[str]
    file_name: str
    revisions_dir: str
    storage_subdir: str

class GcPlan(TypedDict):
    doc: str
    changed: bool
    orphans: list[str]
    marked: list[str]
    unmarked: list[str]
    removable: list[str]
    removed: list[str]
    kept_archive_failed: list[str]

class GuardedRoot(TypedDict):
    allowed: bool
    root: str
    storage_root: str
    project_id: str

class BlueprintModel(TypedDict):
    absent: bool
    format: str
    project_id: str
    updated: str
    git_head: str
    git_branch: str
    git_dirty: bool
    modules: list[dict[str, Any]]
    counts: dict[str, Any]
    canonical: bool

class ModuleView(TypedDict):
    module: str
    imports: list[str]
    imported_by: list[str]
    code_changed: bool
    sections: list[dict[str, Any]]

class RevisionPrune(TypedDict):
    keep: list[str]
    delete: list[str]
    ignored: list[str]

class StoragePaths(TypedDict):
    dir: str
    file: str
    revisions: str

class ItemVerdict(TypedDict):
    valid: bool
    id: str
    reason: str
    detail: str

class Store:
    def __init__(
        self, content: str = "", revisions: list[dict[str, str]] | None = None
    ) -> None: ...
    @classmethod
    def for_project(cls, repo_root: str, home: str | None = None) -> Store: ...
    @property
    def project_id(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def revisions(self) -> list[str]: ...
    def read(self) -> str: ...
    def read_module(self, snapshot: dict[str, Any], module: str) -> ModuleView: ...
    def render_index(
        self,
        snapshot: dict[str, Any],
        max_tokens: int | None = None,
        *,
        counter: Callable[[str], int] | str | None = None,
    ) -> Index: ...
    def commit(
        self,
        *,
        items: list[dict[str, Any]],
        snapshot: dict[str, Any],
        evidence: list[str],
        now: str,
        nonce: str,
        project_id: str | None = None,
        file_text: dict[str, str] | None = None,
        unreadable: list[str] | None = None,
        git: dict[str, Any] | None = None,
    ) -> CommitOutcome: ...
    def gc(self, *, snapshot: dict[str, Any], now: str, nonce: str) -> dict[str, Any]: ...

def fold(
    doc: str,
    items: list[dict[str, Any]],
    snapshot: dict[str, Any],
    evidence: list[str],
    now: str,
    project_id: str = "",
    file_text: dict[str, str] | None = None,
    git: dict[str, Any] | None = None,
) -> dict[str, Any]: ...
def render_index(
    doc: str,
    snapshot: dict[str, Any],
    max_tokens: int | None = None,
    *,
    counter: Callable[[str], int] | str | None = None,
) -> Index: ...
def format_for_director(result: dict[str, Any], conflict: bool = False) -> str: ...
def check_anchor(
    where: str,
    *,
    file_text: dict[str, Any] | None = None,
    unreadable: list[str] | None = None,
    snapshot: dict[str, Any] | None = None,
) -> AnchorCheck: ...
def cost_mode(sample_ms: int, sampled_at: str, *, now: str | None = None) -> CostMode: ...
def count_tokens(text: str, *, counter: Callable[[str], int] | str | None = None) -> int: ...
def defaults() -> BlueprintDefaults: ...
def evidence_modules(
    snapshot: dict[str, Any], paths: list[str], *, root: str | None = None
) -> list[str]: ...
def gc_plan(
    doc: str, snapshot: dict[str, Any], now: str, *, archive_ok: bool | None = None
) -> GcPlan: ...
def graph(
    snapshot: dict[str, Any],
    format: Literal["mermaid", "dot"] = "mermaid",
    *,
    doc: str | None = None,
) -> str: ...
def guard_root(
    root: str, home: str, is_git: bool, root_entries: list[str], *, storage_root: str | None = None
) -> GuardedRoot: ...
def parse(text: str) -> BlueprintModel: ...
def project_id(root: str) -> str: ...
def scan(root: str | Path, *, max_file_bytes: int | None = None) -> ScanResult: ...
def read_module(doc: str, snapshot: dict[str, Any], module: str) -> ModuleView: ...
def render(doc: dict[str, Any]) -> str: ...
def revision_name(now: str, nonce: str) -> str: ...
def revision_prune(names: list[str]) -> RevisionPrune: ...
def storage_paths(home: str, project_id: str) -> StoragePaths: ...
def validate_item(
    item: dict[str, Any], snapshot: dict[str, Any], evidence: list[str]
) -> ItemVerdict: ...
