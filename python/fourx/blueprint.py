"""fourx.blueprint — the per-repository knowledge file (blueprint.md).

Thin wrappers over the ``blueprint.*`` ops: every rule lives in the core. :class:`Store` is the
typed face of ``blueprint.commit`` / ``blueprint.gc``: a memory store (the default, its content kept
in the object) or the filesystem store of one project (``Store.for_project``). ``commit`` never
raises for a conflict: ``fold_conflict`` is a deferral and comes back as ``status == "deferred"``
with its account.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, TypedDict

from . import call
from .errors import FoldConflict

__all__ = ["CommitOutcome", "Store", "fold", "render_index", "format_for_director"]


class CommitOutcome(TypedDict):
    """What :meth:`Store.commit` did; ``result`` is the fold account (FoldResult)."""

    status: Literal["written", "noop", "deferred"]
    result: dict[str, Any]


class Store:
    """A blueprint store: in memory (``content``/``revisions`` kept here) or on disk."""

    def __init__(self, content: str = "", revisions: list[dict[str, str]] | None = None) -> None:
        self._memory: dict[str, Any] | None = {"content": content, "revisions": list(revisions or [])}
        self._fs: dict[str, str] = {}

    @classmethod
    def for_project(cls, repo_root: str, home: str | None = None) -> Store:
        """The filesystem store of the project at ``repo_root`` (absolute), under
        ``<home>/.4x/blueprints/<project_id>/``; ``home`` defaults to ``Path.home()``."""
        home = str(Path.home()) if home is None else home
        project_id = call("blueprint.project_id", root=repo_root)["project_id"]
        paths = call("blueprint.storage_paths", home=home, project_id=project_id)
        store = cls()
        store._memory = None
        store._fs = {"dir": paths["dir"], "home": home, "repo_root": repo_root, "project_id": project_id}
        return store

    @property
    def content(self) -> str:
        """The text of a memory store (``""`` = no file yet); ``""`` for a filesystem store."""
        return str(self._memory["content"]) if self._memory is not None else ""

    @property
    def revisions(self) -> list[dict[str, str]]:
        """The archived pre-images of a memory store, ``[{name, content}]`` in name order."""
        return list(self._memory["revisions"]) if self._memory is not None else []

    @property
    def project_id(self) -> str:
        """The project id of a filesystem store, ``""`` for a memory store."""
        return self._fs.get("project_id", "")

    def _store_args(self) -> dict[str, Any]:
        if self._memory is not None:
            return {"store": {"kind": "memory", **self._memory}}
        return {
            "store": {"kind": "fs", "dir": self._fs["dir"]},
            "home": self._fs["home"],
            "repo_root": self._fs["repo_root"],
        }

    def _keep(self, out: dict[str, Any]) -> None:
        if self._memory is not None and "store" in out:
            self._memory = {"content": out["store"]["content"], "revisions": out["store"]["revisions"]}

    def commit(self, *, items: list[dict[str, Any]], snapshot: dict[str, Any], evidence: list[str],
               now: str, nonce: str, project_id: str | None = None,
               file_text: dict[str, str] | None = None, unreadable: list[str] | None = None,
               git: dict[str, Any] | None = None) -> CommitOutcome:
        """Folds ``items`` into the stored file with compare-and-swap (``blueprint.commit``)."""
        args: dict[str, Any] = {
            **self._store_args(),
            "project_id": project_id if project_id is not None else self.project_id,
            "items": items, "snapshot": snapshot, "evidence": evidence, "now": now, "nonce": nonce,
        }
        if file_text is not None:
            args["file_text"] = file_text
        if unreadable is not None:
            args["unreadable"] = unreadable
        if git is not None:
            args["git"] = git
        try:
            out = call("blueprint.commit", args)
        except FoldConflict as deferred:
            return {"status": "deferred", "result": dict(deferred.result or {})}
        self._keep(out)
        status: Literal["written", "noop"] = "written" if out["written"] else "noop"
        return {"status": status, "result": out["result"]}

    def gc(self, *, snapshot: dict[str, Any], now: str, nonce: str) -> dict[str, Any]:
        """Marks, unmarks and (after 90 days, archive first) removes orphans (``blueprint.gc``)."""
        out = call("blueprint.gc", {**self._store_args(), "snapshot": snapshot, "now": now, "nonce": nonce})
        self._keep(out)
        return out


def fold(doc: str, items: list[dict[str, Any]], snapshot: dict[str, Any], evidence: list[str],
         now: str, project_id: str = "", file_text: dict[str, str] | None = None,
         git: dict[str, Any] | None = None) -> dict[str, Any]:
    """``blueprint.fold``: ``{"doc", "result"}``; ``doc`` is the input text when nothing changed."""
    args: dict[str, Any] = {"doc": doc, "project_id": project_id, "items": items,
                            "snapshot": snapshot, "evidence": evidence, "now": now}
    if file_text is not None:
        args["file_text"] = file_text
    if git is not None:
        args["git"] = git
    return call("blueprint.fold", args)


def render_index(doc: str, snapshot: dict[str, Any], max_tokens: int | None = None) -> dict[str, Any]:
    """``blueprint.render_index``: ``{"text", "tokens", "shown", "not_shown", "budget"}``."""
    args: dict[str, Any] = {"doc": doc, "snapshot": snapshot}
    if max_tokens is not None:
        args["max_tokens"] = max_tokens
    return call("blueprint.render_index", args)


def format_for_director(result: dict[str, Any], conflict: bool = False) -> str:
    """``blueprint.format_for_director``: the fold account as one line."""
    return str(call("blueprint.format_for_director", result=result, conflict=conflict)["line"])
