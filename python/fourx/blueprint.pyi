from typing import Any, Literal, TypedDict

__all__ = ["CommitOutcome", "Store", "fold", "render_index", "format_for_director"]

class CommitOutcome(TypedDict):
    status: Literal["written", "noop", "deferred"]
    result: dict[str, Any]

class Store:
    def __init__(self, content: str = "", revisions: list[dict[str, str]] | None = None) -> None: ...
    @classmethod
    def for_project(cls, repo_root: str, home: str | None = None) -> Store: ...
    @property
    def content(self) -> str: ...
    @property
    def revisions(self) -> list[dict[str, str]]: ...
    @property
    def project_id(self) -> str: ...
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
def render_index(doc: str, snapshot: dict[str, Any], max_tokens: int | None = None) -> dict[str, Any]: ...
def format_for_director(result: dict[str, Any], conflict: bool = False) -> str: ...
