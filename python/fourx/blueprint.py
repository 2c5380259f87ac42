"""fourx.blueprint — the per-repository knowledge file (blueprint.md).

Thin wrappers over the ``blueprint.*`` ops: every rule lives in the core. :class:`Store` is the
core's held store (``blueprint.commit`` / ``gc`` / read / index / module view against one bound
store): in memory (the default) or the filesystem store of one project (``Store.for_project``),
safe to share between threads. ``commit`` never raises for a conflict: ``fold_conflict`` is a
deferral and comes back as ``status == "deferred"`` with its account.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TypedDict

from . import _fourx, call
from ._ops import (
    StrPath,
    Time,
    path_arg,
    plain_args,
)
from .errors import FoldConflict
from ._api import (
    blueprint_check_anchor as check_anchor,
    blueprint_cost_mode as cost_mode,
    blueprint_defaults as defaults,
    blueprint_gc_plan as gc_plan,
    blueprint_parse as parse,
    blueprint_read_module as read_module,
    blueprint_revision_prune as revision_prune,
    blueprint_scan as scan,
    blueprint_storage_paths as storage_paths,
    blueprint_validate_item as validate_item,
)
from ._types import (
    AnchorCheck,
    BlueprintDefaults,
    BlueprintModel,
    CostMode,
    GcPlan,
    GuardedRoot,
    Index,
    ItemVerdict,
    ModuleView,
    RevisionPrune,
    ScanResult,
    StoragePaths,
)
from . import _api

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
    """What :meth:`Store.commit` did; ``result`` is the fold account (FoldResult)."""

    status: Literal["written", "noop", "deferred"]
    result: dict[str, Any]


class Store:
    """A blueprint store, bound once and used for many calls: in memory (the default; its content
    lives in the store) or the filesystem store of one project (:meth:`for_project`).

    A wrapper over the core's held store (the same object C gets as ``fourx_blueprint_store``):
    every write is an optimistic compare-and-swap in the core, so one ``Store`` may be shared by
    any number of threads (the GIL is released during each call). :meth:`commit` never raises for
    a conflict: ``fold_conflict`` is a deferral and comes back as ``status == "deferred"``.
    """

    def __init__(self, content: str = "", revisions: Sequence[Mapping[str, str]] | None = None) -> None:
        """A memory store holding ``content`` (``""`` = no file yet) and archived ``revisions``
        (``[{name, content}]``)."""
        memory = {"kind": "memory", "content": content, "revisions": list(revisions or [])}
        self._held = _fourx.BlueprintStore({"store": memory})
        self._project_id = ""

    @classmethod
    def _bind(cls, config: dict[str, Any], project_id: str = "") -> Store:
        """A store bound from a raw config (``{"store", "home"?, "repo_root"?}``); the memory
        form also takes the core's testing keys (``interleave``, ``revision_fail``)."""
        store = cls.__new__(cls)
        store._held = _fourx.BlueprintStore(config)
        store._project_id = project_id
        return store

    @classmethod
    def for_project(cls, repo_root: StrPath, home: StrPath | None = None) -> Store:
        """The filesystem store of the project at ``repo_root`` (a ``str`` or ``os.PathLike``;
        relative to the current directory is fine), under ``<home>/.4x/blueprints/<project_id>/``;
        ``home`` defaults to ``Path.home()``. The root guard runs now: ``/``, the home directory
        and non-projects are refused by kind."""
        home = str(Path.home()) if home is None else path_arg(home, "home")
        repo_root = path_arg(repo_root, "repo_root")
        pid = project_id(repo_root)
        paths = storage_paths(home, pid)
        config = {
            "store": {"kind": "fs", "dir": paths["dir"]},
            "home": home,
            "repo_root": repo_root,
        }
        return cls._bind(config, pid)

    @classmethod
    def postgres(
        cls,
        url: str,
        project_id: str,
        *,
        schema: str = "fourx",
        repo_root: str | None = None,
    ) -> Store:
        """The blueprint of ``project_id`` in PostgreSQL (``{"kind": "postgres", "url", "schema"}``):
        one document shared by every harness on every machine that opens the same database. The
        schema is created and migrated on first use; the server is reached now, so a bad or
        unreachable ``url`` raises here (:class:`fourx.IoError` / :class:`fourx.InvalidConfig`),
        and no message ever contains the url or its password. ``repo_root`` (absolute) is where
        anchors are checked; without it a commit's ``file_text`` is."""
        config: dict[str, Any] = {
            "store": {"kind": "postgres", "url": url, "schema": schema},
            "project_id": project_id,
        }
        if repo_root is not None:
            config["repo_root"] = repo_root
        return cls._bind(config, project_id)

    @property
    def project_id(self) -> str:
        """The project id of a filesystem store, ``""`` for a memory store."""
        return self._project_id

    @property
    def content(self) -> str:
        """The stored blueprint.md text (``""`` while there is none)."""
        return self.read()

    @property
    def revisions(self) -> list[str]:
        """The names of the archived pre-images, sorted."""
        names: list[str] = self._held.call("read", {})["revisions"]
        return names

    def read(self) -> str:
        """The stored blueprint.md text (``""`` while there is none)."""
        text: str = self._held.call("read", {})["content"]
        return text

    def read_module(self, snapshot: Mapping[str, Any], module: str) -> ModuleView:
        """The read view of one module of the stored blueprint (``blueprint.read_module``); raises
        :class:`fourx.NotVisible` for a module outside the snapshot's derived set."""
        view: ModuleView = self._held.call("read_module", {"snapshot": snapshot, "module": module})
        return view

    def render_index(
        self,
        snapshot: Mapping[str, Any],
        max_tokens: int | None = None,
        *,
        counter: Callable[[str], int] | str | None = None,
    ) -> Index:
        """The token-capped index of the stored blueprint (``blueprint.render_index``); see
        :func:`render_index` for ``counter``."""
        args: dict[str, Any] = {"snapshot": snapshot}
        if max_tokens is not None:
            args["max_tokens"] = max_tokens
        if counter is None or isinstance(counter, str):
            if counter is not None:
                args["counter"] = counter
            index: Index = self._held.call("render_index", args)
            return index
        counted: Index = self._held.call_counted("render_index", args, counter)
        return counted

    def commit(
        self,
        *,
        items: Sequence[Mapping[str, Any]],
        snapshot: Mapping[str, Any],
        evidence: Sequence[str],
        now: Time,
        nonce: str,
        project_id: str | None = None,
        file_text: Mapping[str, str] | None = None,
        unreadable: Sequence[str] | None = None,
        git: Mapping[str, Any] | None = None,
    ) -> CommitOutcome:
        """Folds ``items`` into the stored file with compare-and-swap (``blueprint.commit``):
        ``written``, ``noop`` (nothing changed) or ``deferred`` (two conflicts in a row; retry
        later), each with the fold account."""
        args: dict[str, Any] = {
            "project_id": self._project_id if project_id is None else project_id,
            "items": items,
            "snapshot": snapshot,
            "evidence": evidence,
            "now": now,
            "nonce": nonce,
        }
        for key, value in (("file_text", file_text), ("unreadable", unreadable), ("git", git)):
            if value is not None:
                args[key] = value
        try:
            out = self._held.call("commit", plain_args(args))
        except FoldConflict as deferred:
            return {"status": "deferred", "result": dict(deferred.result or {})}
        status: Literal["written", "noop"] = "written" if out["written"] else "noop"
        return {"status": status, "result": out["result"]}

    def gc(self, *, snapshot: Mapping[str, Any], now: Time, nonce: str) -> dict[str, Any]:
        """Marks, unmarks and (after 90 days, archive first) removes orphans (``blueprint.gc``)."""
        out: dict[str, Any] = self._held.call(
            "gc", plain_args({"snapshot": snapshot, "now": now, "nonce": nonce})
        )
        return out


def fold(
    doc: str,
    items: Sequence[Mapping[str, Any]],
    snapshot: Mapping[str, Any],
    evidence: Sequence[str],
    now: Time,
    project_id: str = "",
    file_text: Mapping[str, str] | None = None,
    git: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """``blueprint.fold``: ``{"doc", "result"}``; ``doc`` is the input text when nothing changed."""
    args: dict[str, Any] = {
        "doc": doc,
        "project_id": project_id,
        "items": items,
        "snapshot": snapshot,
        "evidence": evidence,
        "now": now,
    }
    if file_text is not None:
        args["file_text"] = file_text
    if git is not None:
        args["git"] = git
    result: dict[str, Any] = call("blueprint.fold", args)
    return result


def _counted(op: str, args: dict[str, Any], counter: Callable[[str], int] | str | None) -> Any:
    """Runs ``op`` with the built-in counter named by ``counter`` (``None`` = the default) or
    with the callable ``counter``."""
    if counter is None or isinstance(counter, str):
        if counter is not None:
            args["counter"] = counter
        return call(op, args)
    return _fourx.call_counted(op, args, counter)


def render_index(
    doc: str,
    snapshot: Mapping[str, Any],
    max_tokens: int | None = None,
    *,
    counter: Callable[[str], int] | str | None = None,
) -> Index:
    """``blueprint.render_index``: ``{"text", "tokens", "shown", "not_shown", "budget"}``.

    ``counter`` measures tokens: ``None`` (the default approximate counter), the name of a
    built-in counter (``"approx"``, or ``"o200k_base"`` in a build with the ``bpe-o200k``
    feature), or a callable ``(str) -> int`` such as your model's tokenizer — then the cap holds
    under it for the rows and for the whole ``text``. An exception the callable raises propagates.
    """
    args: dict[str, Any] = {"doc": doc, "snapshot": snapshot}
    if max_tokens is not None:
        args["max_tokens"] = max_tokens
    if counter is None or isinstance(counter, str):
        if counter is not None:
            args["counter"] = counter
        result: Index = call("blueprint.render_index", args)
        return result
    counted: Index = _fourx.call_counted("blueprint.render_index", args, counter)
    return counted


def format_for_director(result: Mapping[str, Any], conflict: bool = False) -> str:
    """``blueprint.format_for_director``: the fold account as one line."""
    return str(_api.blueprint_format_for_director(result=result, conflict=conflict)["line"])


def count_tokens(text: str, *, counter: Callable[[str], int] | str | None = None) -> int:
    """Tokens of a text with the default counter (ceil(ASCII/4) + other scalars), a named built-in
    one or a callable, as for :func:`render_index` (``blueprint.count_tokens``)."""
    if counter is None:
        tokens: int = _api.blueprint_count_tokens(text=text)["tokens"]
        return tokens
    counted: int = _counted("blueprint.count_tokens", {"text": text}, counter)["tokens"]
    return counted
    return tokens


def evidence_modules(
    snapshot: Mapping[str, Any], paths: Sequence[str], *, root: str | None = None
) -> list[str]:
    """Map opened file paths to the sorted set of derived modules (``blueprint.evidence_modules``)."""
    modules: list[str] = _api.blueprint_evidence_modules(
        snapshot=snapshot, paths=paths, root=root
    )["modules"]
    return modules


def graph(
    snapshot: Mapping[str, Any],
    format: Literal["mermaid", "dot"] = "mermaid",
    *,
    doc: str | None = None,
) -> str:
    """The module graph as Mermaid or DOT with stale and unannotated modules marked (``blueprint.graph``)."""
    text: str = _api.blueprint_graph(snapshot=snapshot, format=format, doc=doc)["text"]
    return text


def guard_root(
    root: StrPath,
    home: StrPath,
    is_git: bool,
    root_entries: Sequence[str],
    *,
    storage_root: StrPath | None = None,
) -> GuardedRoot:
    """Refuse /, $HOME, non-projects and storage inside the project (``blueprint.guard_root``)."""
    result: GuardedRoot = _api.blueprint_guard_root(
        root=root,
        home=home,
        is_git=is_git,
        root_entries=root_entries,
        storage_root=None if storage_root is None else path_arg(storage_root, "storage_root"),
    )
    return result


def project_id(root: StrPath) -> str:
    """The one project-id derivation from a root (made absolute against the current directory
    when relative) (``blueprint.project_id``)."""
    project_id: str = _api.blueprint_project_id(root=root)[
        "project_id"
    ]
    return project_id


def render(doc: Mapping[str, Any]) -> str:
    """Render a document model canonically (``blueprint.render``)."""
    text: str = _api.blueprint_render(doc=doc)["text"]
    return text


def revision_name(now: Time, nonce: str) -> str:
    """The fixed-width revision file name for a time and nonce (``blueprint.revision_name``)."""
    name: str = _api.blueprint_revision_name(now=now, nonce=nonce)["name"]
    return name


