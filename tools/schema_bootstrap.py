#!/usr/bin/env python3
"""ONE-OFF (issue 32): wrote the first types of the op catalog. Not run by tests; kept as the
record of how the typed key strings of the `OpInfo::new` rows (`core/src/ops/*.rs`) and the
`TYPES` table (`core/src/ops/types.rs`) were first derived. After it ran, the types were reviewed
and fixed by hand: the rows and `types.rs` are the source of truth now, and running this again
would overwrite any later edit of them.

Sources, in order of trust:
  * the live catalog (`fourx.call("meta.catalog", {})`): input/output key names, `?` marks;
  * the hand-written typed Python layer (`python/fourx/*.py`): its TypedDicts become records, its
    tagged `Union`s unions, its `Literal`s / StrEnums word types named after the core's
    `string_enum`s (matched by their word lists), its wrapper signatures the param types and its
    return annotations (whole result or one extracted key) the result types;
  * the `defaults` section `docs/op-examples.json` had before the rows took the defaults (read
    from commit 919e83e; `{"value": v}` -> `= JSON`, `{"means": text}` -> `= ~text`);
  * the Rust adapters where Python says nothing: `Args` accessors (`a.str("k")` -> str, ...);
  * the outputs of the `ok` conformance cases, for scalar output keys nothing else types;
  * the hand review, as tables in this file (`KEY_TYPES`, `OP_KEY_TYPES`, `TYPE_FIELD_TYPES`,
    `FIELD_OVERRIDES`, `FIELD_OPTIONAL`, `EXTRA_TYPES`, `DEFAULT_OVERRIDES`): what the sources
    could not decide, checked by `core/tests/it/catalog_types.rs` against the conformance cases.

The `meta.*` rows are the catalog's own and typed by hand.

Usage (from the repository root, with the extension built into .venv):
  .venv/bin/python tools/schema_bootstrap.py --report   # print the derived rows, write nothing
  .venv/bin/python tools/schema_bootstrap.py --write    # rewrite the rows and types.rs
"""

from __future__ import annotations

import ast
import collections
import collections.abc
import datetime
import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))

import fourx  # noqa: E402
from fourx import _ops  # noqa: E402

# --- the core's string enums (name -> (rust path, words)) -----------------------------------------

ENUM_RE = re.compile(
    r"string_enum!\s*\{.*?enum\s+(\w+)\s*\([^)]*\)\s*\{(.*?)\n\s*\}\s*\n\s*\}", re.S
)
WORD_RE = re.compile(r"\b\w+\s*=\s*\"([^\"]*)\"")

# Rust enum -> the type name of the schema, where the bare name is ambiguous or says too little.
ENUM_RENAMES = {
    ("router::vocabulary", "Phase"): "WorkflowPhase",
    ("router::vocabulary", "Kind"): "TaskKind",
    ("router::vocabulary", "Origin"): "TaskOrigin",
    ("router::vocabulary", "Scope"): "TaskScope",
    ("router::vocabulary", "Tier"): "ModelTier",
    ("conductor::types", "Timing"): "HookTiming",
    ("blueprint::anchors", "Why"): "AnchorWhy",
    ("blueprint::anchors", "Verdict"): "AnchorVerdict",
    ("blueprint::doc", "Field"): "BlueprintField",
    ("router::prompt::just_go", "Gate"): "Gate",
    ("router::events::marker", "MarkerKind"): "MarkerKind",
    ("blueprint::cost", "CostMode"): "CostModeName",
}
SKIP_ENUM_FILES = {"words.rs"}


def rust_enums() -> dict[str, tuple[str, tuple[str, ...]]]:
    found: dict[str, tuple[str, tuple[str, ...]]] = {}
    for path in sorted((ROOT / "core/src").rglob("*.rs")):
        if path.name in SKIP_ENUM_FILES:
            continue
        rel = path.relative_to(ROOT / "core/src").with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "mod":
            parts.pop()
        module = "::".join(parts)
        for m in ENUM_RE.finditer(path.read_text()):
            name = m.group(1)
            words = tuple(WORD_RE.findall(m.group(2)))
            schema_name = ENUM_RENAMES.get((module, name), name)
            assert schema_name not in found, (schema_name, module)
            found[schema_name] = (f"crate::{module}::{name}", words)
    return found


ENUMS = rust_enums()
WORDS_TO_ENUM = {frozenset(w): n for n, (_, w) in ENUMS.items()}

# --- the core's Go-shaped structs (`go_struct!`: settings, features, run files) -----------------

GO_STRUCT_RE = re.compile(r"go_struct!\s*\{.*?pub struct\s+(\w+)\s*\{(.*?)\n\s*\}", re.S)
GO_FIELD_RE = re.compile(r"^\s*(\w+)\s*:\s*(.+?)\s*=>\s*\"([^\"]+)\"(\s*,\s*omitempty)?;", re.M)
# Go struct -> schema name where the bare name is taken or ambiguous.
GO_RENAMES = {
    ("protocol::config", "HealthCheck"): "HealthCheckConfig",
    ("protocol::feature", "HealthCheck"): "StrategyHealthCheck",
    ("features::backlog", "BacklogMirror"): "BacklogMirrorFile",
    ("features::run_files", "Baseline"): "BaselineFile",
    ("resolve::angles", "AngleMatch"): "AngleMatch",
}
GO_STRUCTS: dict[str, tuple[str, list[tuple[str, str, bool]]]] = {}
GO_NAME: dict[tuple[str, str], str] = {}  # (module, rust name) -> schema name


def go_structs() -> None:
    for path in sorted((ROOT / "core/src").rglob("*.rs")):
        if "codec" in path.parts:
            continue
        rel = path.relative_to(ROOT / "core/src").with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "mod":
            parts.pop()
        module = "::".join(parts)
        for m in GO_STRUCT_RE.finditer(path.read_text()):
            name = GO_RENAMES.get((module, m.group(1)), m.group(1))
            fields = [
                (f.group(3), f.group(2), bool(f.group(4)))
                for f in GO_FIELD_RE.finditer(m.group(2))
            ]
            if name in GO_STRUCTS:
                name = f"{parts[-1].title().replace('_', '')}{name}"
            GO_STRUCTS[name] = (module, fields)
            GO_NAME[(module, m.group(1))] = name


go_structs()


def rust_ty(t: str, module: str, inner: bool = False) -> str:
    t = t.replace(" ", "")
    if t.startswith("Option<") and t.endswith(">"):
        text = rust_ty(t[7:-1], module, True)
        return f"{text} | null" if inner else text
    if t.startswith("Vec<"):
        return f"[{rust_ty(t[4:-1], module, True)}]"
    if t.startswith("BTreeMap<String,"):
        return "{" + rust_ty(t[len("BTreeMap<String,"):-1], module, True) + "}"
    scalar = {"String": "str", "i64": "int", "u64": "int", "f64": "float", "bool": "bool",
              "Value": "any", "Phase": "Phase", "Role": "Role",
              "GoTime": "time", "Timestamp": "time"}.get(t)
    if scalar:
        return scalar
    if (module, t) in GO_NAME:
        return GO_NAME[(module, t)]
    same = [n for (m, r), n in GO_NAME.items() if r == t]
    return same[0] if same else t


def go_record(name: str) -> list[str]:
    module, fields = GO_STRUCTS[name]
    out = []
    for tag, rt, omit in fields:
        text = rust_ty(rt, module)
        # Go's decoder takes `null` for an optional field (and writes it when not omitempty)
        if rt.replace(" ", "").startswith("Option<"):
            text += " | null"
        out.append(f"{tag}?: {text}")
    return out


def type_names(text: str) -> list[str]:
    """The named types a type text refers to (string literals left out)."""
    return re.findall(r"\b[A-Z]\w*", re.sub(r'"[^"]*"', "", text))


# --- the Python layer -------------------------------------------------------------------------

MODULES = {}
for _m in pkgutil.iter_modules(fourx.__path__):
    if _m.name in ("__main__", "cli"):
        continue
    MODULES[_m.name] = importlib.import_module("fourx." + _m.name)

# TypedDict names defined twice with different shapes: module -> the schema name.
TD_RENAMES = {
    ("fourx.runner", "RunStats"): "RunnerStats",
    ("fourx.guard", "ChangedFile"): "GuardChangedFile",
    ("fourx.report", "DiscoveredFeature"): "ReportFeature",
}

# Record fields the Python layer types loosely where the core has a closed type.
FIELD_OVERRIDES = {
    ("State", "phase"): 'Phase | ""',
    ("State", "role"): 'Role | ""',
    ("State", "subPhase"): 'SubPhase | ""',
    ("FileWarning", "kind"): "WarningKind",
    ("AgentsResult", "edition"): "Edition",
    # a guard op's Verdict is an outcome's guard as it is
    ("AgentExit", "guard"): "GuardResult | Verdict",
    ("ParallelExit", "guard"): "GuardResult | Verdict",
    ("ParallelExit", "testing_guard"): "GuardResult | Verdict",
    ("CostMode", "mode"): "CostModeName",
    ("Resumed", "sub_phase"): 'SubPhase | ""',
    ("RunAgent", "sub_phase"): 'SubPhase | ""',
    ("RunParallel", "sub_phase"): 'SubPhase | ""',
    ("RunAgent", "role"): "Role",
    ("ParallelAgent", "role"): "Role",
    ("RunHelper", "role"): "Role",
    ("RouteResult", "workflow"): "WorkflowType",
    ("TaskGraphResult", "workflow"): "WorkflowType",
    ("ParentTask", "workflow"): "WorkflowType",
    ("ParseSubjectResult", "workflow"): "WorkflowType | null",
    ("TaskGraphNode", "phase"): "WorkflowPhase",
    ("ParseTaskMetadataResult", "phase"): "WorkflowPhase | null",
    ("RunnableRow", "phase"): "WorkflowPhase | null",
    ("ModelTierResult", "tier"): "ModelTier",
    ("RunnableRow", "kind"): "TaskKind",
    ("ParseTaskMetadataResult", "kind"): "TaskKind",
    ("ParseTaskMetadataResult", "origin"): "TaskOrigin | null",
    ("FeatureStatusSync", "status"): "FeatureStatus",
    ("StatusSync", "status"): "FeatureStatus",
    ("AwaitHuman", "phase"): "Phase",
    ("CaptureBaseline", "phase"): "Phase",
    ("DiscoverFeatures", "phase"): "Phase",
    ("Gather", "phase"): "Phase",
    ("RunAgent", "phase"): "Phase",
    ("RunHealthCheck", "phase"): "Phase",
    ("RunHelper", "phase"): "Phase",
    ("RunHooks", "phase"): "Phase",
    ("RunParallel", "phase"): "Phase",
    ("Stop", "phase"): "Phase",
}

# Record fields the Python layer marks required that some results leave out (found by checking
# the types against the outputs of the conformance vectors).
FIELD_OPTIONAL = {
    ("GuardChangedFile", "old_path"),
    ("GuardChangedFile", "status"),
    ("GuardChangedFile", "lines"),
    ("AgentExit", "exit_code"),
    ("CostMode", "expired"),
    ("ItemVerdict", "detail"),
    ("ItemVerdict", "id"),
    ("ItemVerdict", "reason"),
    ("ParseReadonlyOutputResult", "adjudication"),
    ("ParseReadonlyOutputResult", "scenarios"),
    ("ParseWriteContractResult", "escalate_to_full"),
    ("ProfileEnables", "enables_phase"),
    ("ProfileEnables", "enables_role"),
    ("ProfileEnables", "has_phase"),
    ("Scenarios", "blocked"),
    ("TaskGraphNode", "active_form"),
    ("TaskGraphNode", "body"),
    ("TaskGraphNode", "description"),
    ("TaskGraphNode", "subject"),
    ("TaskGraphResult", "build_scope"),
}
# Fields the Python layer does not have at all: type -> entries; and their named types.
EXTRA_FIELDS: dict[str, list[str]] = {}
EXTRA_OUTPUT: dict[str, list[str]] = {}
EXTRA_TYPES: dict[str, tuple] = {
    "CommitMessage": ("record", "The commit a status write asks the caller to make: the file and the message.", ["path: str", "message: str"]),
    "ScreenshotGroup": ("record", "The screenshots of one round, in step order.", ["round: int", "screenshots: [Screenshot]"]),
    "Drift": ("record", "One difference between the backlog mirror and the canonical features (`kind`: extra, mismatch or missing).", ["kind: str", "featureId: str", "field?: str", "canonical?: str", "mirror?: str", "message: str"]),
    "Marker": ("record", "One router marker line: its kind, workflow and, for the markers that carry them, the reason or memory task id.", ["marker: MarkerKind", "wf: str", "reason: str | null", "memory_task_id: str | null"]),
    "BlueprintCounts": ("record", "The counts of a blueprint's front matter.", ["modules: int", "entries: int", "stale: int", "orphaned: int"]),
    "BlueprintModule": ("record", "One module of a blueprint: its path, when it was orphaned (\"\" when not) and its sections.", ["path: str", "orphaned_since: str", "sections: [BlueprintSection]"]),
    "BlueprintSection": ("record", "One field section of a blueprint module: the field, when and against which fingerprint it was updated, and its entries.", ["field: BlueprintField", "updated: str", "fp: str", "entries: [BlueprintEntry]"]),
    "BlueprintEntry": ("record", "One claim of a blueprint section, with its id, anchor and staleness.", ["id: str", "where: str", "claim: str", "stale: bool"]),
    "FoldResult": ("record", "The account of a fold: what was accepted, rejected, marked stale, the anchor coverage and the storage warnings.", ["noop: bool", "submitted: int", "accepted: [FoldAccepted]", "rejected: [FoldRejected]", "stale_marked: [str]", "coverage: Coverage", "sections_replaced: int", "entries_dropped: int", "warnings: [str]"]),
    "FoldAccepted": ("record", "An item a fold accepted: its index, entry id, module, field and anchor verdict.", ["index: int", "id: str", "module: str", "field: str", "anchor: AnchorVerdict"]),
    "FoldRejected": ("record", "An item a fold rejected: its index, module, field, the first gate it failed and why.", ["index: int", "module: str", "field: str", "reason: RejectReason", "detail: str"]),
    "Coverage": ("record", "How the accepted items' anchors checked out.", ["anchored_ok: int", "stale: int", "unanchored: int", "unverifiable: int"]),
    "Snapshot": ("record", "A repository snapshot: its modules (a path, or a path with fingerprint and size), import edges `[importer, imported]` and token (a `blueprint.scan` result is one as it is; its `languages` and `oversize` are not read).", ["modules?: [str | SnapshotModule]", "edges?: [[str]]", "repo_token?: str", "languages?: [Language]", "oversize?: [str]"]),
    "CatalogOp": ("record", "One op of `meta.catalog`: its name, doc, key names (`?` = optional), error kinds, typed params and result type.", ["name: str", "doc: str", "input: [str]", "output: [str]", "errors: [ErrorKindWord]", "params: [CatalogField]", "result: str"]),
    "CatalogField": ("record", "One typed key of `meta.catalog` (an op param or a record field): its type text, whether it may be left out, and its default value or what leaving it out means.", ["name: str", "type: str", "optional: bool", "default?: any", "default_means?: str"]),
    "CatalogType": ("record", "One named type of `meta.catalog`: a record (`fields`), a union of records by `tag` (`variants`), a word list (`words`) or an alias (`type`).", ["name: str", "doc: str", "kind: \"record\" | \"union\" | \"words\" | \"alias\"", "fields?: [CatalogField]", "tag?: str", "variants?: [str]", "words?: [str]", "type?: str"]),
    "ProgressTask": ("record", "One line of progress.md's `## Tasks`: its text (one non-blank line) and whether it is done.", ["text: str", "done?: bool"]),
    "Criterion": ("record", "One acceptance criterion of an intent: its text and the scenarios that prove it.", ["text: str", "scenarios?: [str]"]),
    "AgentVerdict": ("record", "One agent's verdict to reconcile: the agent and the status it reported.", ["agent: str", "status: str"]),
    "TaskState": ("record", "The dispatched task as the host sees it now: its status and what still blocks it (read for `self_remediated`).", ["status: TaskStatusWord", "blocked_by?: [any] | null"]),
    "ScreenshotTarget": ("record", "Where one round's screenshots go: the round and its directory.", ["round: int", "dir: str"]),
    "Proof": ("record", "The proof a REM-FIX carries: the covering tests (one or a list), the test command and its output.", ["covering_tests?: [str] | str", "test_command?: str", "test_output?: str"]),
    "Dispute": ("record", "One disputed finding of a remediation: the finding, the command that verifies the dispute and its output.", ["finding?: str", "verify_command?: str", "verify_output?: str"]),
    "BlueprintItem": ("record", "One claim an agent submits to a fold: the module, field, anchor (`where`) and claim text (a missing or mistyped part is rejected by the gates, not refused).", ["module?: str", "field?: str", "where?: str", "claim?: str"]),
    "GitFacts": ("record", "The git facts a non-NoOp fold records in the front matter.", ["head?: str", "branch?: str", "dirty?: bool"]),
    "CandidatePool": ("record", "The candidates pool file (candidates.json): version, when it was generated, the candidates and the learnings.", ["version?: int", "generatedAt?: time", "candidates?: [Candidate] | null", "learnings?: [CandidateLearning] | null"]),
    "SnapshotModule": ("record", "One module of a snapshot: its path, content fingerprint and size in bytes.", ["path: str", "fingerprint?: str", "bytes?: int"]),
}
# Record fields typed by hand where the Python layer says `Any` (type, field) -> type.
TYPE_FIELD_TYPES = {
    ("FeatureList", "features"): "[Feature]",
    ("FeatureList", "warnings"): "[FileWarning]",
    ("MinerScan", "candidates"): "[Candidate]",
    ("MinerScan", "warnings"): "[FileWarning]",
    ("FailPatternScan", "candidates"): "[Candidate]",
    ("FailPatternScan", "learnings"): "[CandidateLearning]",
    ("FailPatternScan", "warnings"): "[FileWarning]",
    ("ScreenshotGroups", "groups"): "[ScreenshotGroup]",
    ("ScreenshotGroups", "warnings"): "[FileWarning]",
    ("BacklogDrift", "drift"): "[Drift]",
    ("BacklogDrift", "warnings"): "[FileWarning]",
    ("MergedConfig", "config"): "Config",
    ("MergedConfig", "warnings"): "[FileWarning]",
    ("Finalized", "warnings"): "[FileWarning]",
    ("Finalized", "commit"): "CommitMessage | null",
    ("StatusSync", "commit"): "CommitMessage | null",
    ("FeatureStatusSync", "commit"): "CommitMessage | null",
    ("StrategyFile", "test_strategy"): "TestStrategy",
    ("StartInput", "run_overrides"): "{PhaseSpec}",
    ("Facts", "test_strategy"): "TestStrategy",
    ("ParseMarkersResult", "markers"): "[Marker]",
    ("RouteResult", "matches"): "{[str]}",
    ("BlueprintModel", "modules"): "[BlueprintModule]",
    ("BlueprintModel", "counts"): "BlueprintCounts",
    ("ModuleView", "sections"): "[BlueprintSection]",
    ("ScanResult", "modules"): "[SnapshotModule]",
    ("ResolvedProfile", "profile"): "ProfileConfig",
    ("BacklogMirror", "mirror"): "BacklogMirrorFile | null",
}
# Output keys of anonymous results that some results leave out.
OUTPUT_OPTIONAL = {
    ("router.parse_readonly_output", "adjudication"),
    ("router.parse_readonly_output", "blocking_findings"),
    ("router.parse_readonly_output", "scenarios"),
}

TYPEDDICTS: dict[str, type] = {}
for _mod in MODULES.values():
    for _n, _obj in vars(_mod).items():
        if typing.is_typeddict(_obj):
            name = TD_RENAMES.get((_obj.__module__, _obj.__name__), _obj.__name__)
            TYPEDDICTS.setdefault(name, _obj)
TD_NAME = {id(v): k for k, v in TYPEDDICTS.items()}

# Named unions: id of the typing object -> (name, tag).
UNIONS: dict[str, tuple[list[type], str]] = {}


def _tag_of(members: list[type]) -> str | None:
    common = None
    for td in members:
        hints = typing.get_type_hints(td)
        lit = {k for k, t in hints.items() if typing.get_origin(t) is typing.Literal}
        common = lit if common is None else common & lit
    return sorted(common)[0] if common else None


for _mod in MODULES.values():
    for _n, _obj in vars(_mod).items():
        if typing.get_origin(_obj) is typing.Union:
            members = list(typing.get_args(_obj))
            if all(typing.is_typeddict(m) for m in members):
                tag = _tag_of(members)
                if tag and _n[0].isupper():
                    UNIONS.setdefault(_n, (members, tag))
UNION_NAME = {frozenset(id(m) for m in ms): n for n, (ms, _) in UNIONS.items()}

USED_TYPES: set[str] = set()


def ty(t: Any, *, drop_none: bool = False) -> str:
    """The schema type text of a Python annotation."""
    if t is Any or t is object:
        return "any"
    if t is type(None) or t is None:
        return "null"
    if t is str:
        return "str"
    if t is bool:
        return "bool"
    if t is int:
        return "int"
    if t is float:
        return "float"
    if t is datetime.datetime:
        return "time"
    if isinstance(t, typing.ForwardRef):
        return "any"
    if t == _ops.Time:
        return "time"
    if t == _ops.StrPath:
        return "path"
    if isinstance(t, type) and issubclass(t, str) and hasattr(t, "__members__"):
        return words_type([m.value for m in t])  # a StrEnum
    if typing.is_typeddict(t):
        name = TD_NAME.get(id(t), t.__name__)
        USED_TYPES.add(name)
        return name
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin is typing.Literal:
        return words_type(list(args))
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if not (drop_none and a is type(None))]
        key = frozenset(id(m) for m in members)
        if key in UNION_NAME:
            USED_TYPES.add(UNION_NAME[key])
            return UNION_NAME[key]
        if str in members and datetime.datetime in members:
            return "time"
        if any(a == _ops.StrPath for a in members) or (
            str in members and any(getattr(a, "__name__", "") == "PathLike" for a in members)
        ):
            return "path"
        alts: list[str] = []
        for a in members:
            for alt in ty(a).split(" | "):
                if alt not in alts:
                    alts.append(alt)
        if "any" in alts:
            return "any"
        # null last, as the language reads it (`T | null`)
        alts.sort(key=lambda a: a == "null")
        return " | ".join(alts)
    if origin in (list, collections.abc.Sequence, tuple, set, frozenset, collections.abc.Iterable):
        if origin is tuple and len(args) != 1 and not (len(args) == 2 and args[1] is Ellipsis):
            return "[any]"
        return f"[{ty(args[0]) if args else 'any'}]"
    if origin in (dict, collections.abc.Mapping):
        return "{" + (ty(args[1]) if len(args) == 2 else "any") + "}"
    if t in (dict, collections.abc.Mapping):
        return "{any}"
    if t in (list,):
        return "[any]"
    return "any"


def words_type(words: list[Any]) -> str:
    if not all(isinstance(w, str) for w in words):
        return "any"
    name = WORDS_TO_ENUM.get(frozenset(words))
    if name:
        USED_TYPES.add(name)
        return name
    return " | ".join(json.dumps(w) for w in words)


def record_fields(td: type) -> list[str]:
    hints = typing.get_type_hints(td)
    name = TD_NAME.get(id(td), td.__name__)
    out = []
    raw = {}
    for klass in reversed(td.__mro__):
        raw.update(getattr(klass, "__annotations__", {}))
    for key, t in hints.items():
        opt = key in td.__optional_keys__
        # `from __future__ import annotations` hides NotRequired/Required from 3.11's TypedDict
        text_ann = raw.get(key)
        text_ann = getattr(text_ann, "__forward_arg__", text_ann)
        if isinstance(text_ann, str):
            if text_ann.startswith(("NotRequired[", "typing.NotRequired[")):
                opt = True
            elif text_ann.startswith(("Required[", "typing.Required[")):
                opt = False
        text = FIELD_OVERRIDES.get((name, key)) or TYPE_FIELD_TYPES.get((name, key)) or ty(t)
        if text == '"11.0.0" | "12.7.0" | "12.10.0"':
            text = "Edition"
        USED_TYPES.update(type_names(text))
        opt = opt or (name, key) in FIELD_OPTIONAL
        out.append(f"{key}{'?' if opt else ''}: {text}")
    for extra in EXTRA_FIELDS.get(name, []):
        USED_TYPES.update(type_names(extra))
        out.append(extra)
    return out


# --- wrappers: op -> param types and result types -----------------------------------------------

OP_RE = re.compile(r"^[a-z_]+\.[a-z_0-9]+$")
CALLERS = {"forward", "call", "_call"}


def _callee(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _op_call(node: ast.AST) -> tuple[str, ast.Call] | None:
    if isinstance(node, ast.Call) and _callee(node) in CALLERS and node.args:
        a0 = node.args[0]
        if isinstance(a0, ast.Constant) and isinstance(a0.value, str) and OP_RE.match(a0.value):
            return a0.value, node
    return None


class OpFacts:
    def __init__(self) -> None:
        self.params: dict[str, str] = {}
        self.result: str | None = None  # a named record / type for the whole result
        self.keys: dict[str, str] = {}  # output key -> type


FACTS: dict[str, OpFacts] = collections.defaultdict(OpFacts)


def _eval(expr: ast.AST, ns: dict[str, Any]) -> Any:
    try:
        return eval(ast.unparse(expr), {**vars(typing), **ns})  # noqa: S307 (own source)
    except Exception:
        return None


def _set(d: dict[str, str], key: str, text: str) -> None:
    if text != "any" or key not in d:
        d[key] = text


def scan_module(mod: types.ModuleType) -> None:
    if not str(mod.__file__).endswith(".py"):
        return
    src = Path(mod.__file__).read_text()
    tree = ast.parse(src)
    ns = vars(mod)
    funcs: list[tuple[ast.FunctionDef, Any]] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            funcs.append((node, ns.get(node.name)))
        elif isinstance(node, ast.ClassDef):
            cls = ns.get(node.name)
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef):
                    funcs.append((sub, getattr(cls, sub.name, None)))
    for fdef, fobj in funcs:
        try:
            hints = typing.get_type_hints(fobj) if fobj is not None else {}
        except Exception:
            hints = {}
        defaults = {}
        fargs = fdef.args
        pos = fargs.posonlyargs + fargs.args
        for a, d in zip(pos[len(pos) - len(fargs.defaults):], fargs.defaults):
            defaults[a.arg] = d
        for a, d in zip(fargs.kwonlyargs, fargs.kw_defaults):
            if d is not None:
                defaults[a.arg] = d
        params = {a.arg for a in pos + fargs.kwonlyargs}

        def ptype(name: str) -> str | None:
            if name not in hints:
                return None
            return ty(hints[name], drop_none=name in defaults)

        ret = hints.get("return")
        for node in ast.walk(fdef):
            found = _op_call(node)
            if not found:
                continue
            op, call = found
            facts = FACTS[op]
            # params: dict literal keys and keyword args, typed by the param they are built from
            pairs: list[tuple[str, ast.AST]] = []
            for arg in call.args[1:]:
                if isinstance(arg, ast.Dict):
                    pairs += [
                        (k.value, v)
                        for k, v in zip(arg.keys, arg.values)
                        if isinstance(k, ast.Constant)
                    ]
            pairs += [(kw.arg.rstrip("_"), kw.value) for kw in call.keywords if kw.arg]
            for key, value in pairs:
                names = [n.id for n in ast.walk(value) if isinstance(n, ast.Name) and n.id in params]
                if isinstance(value, ast.Call) and _callee(value) == "path_arg":
                    _set(facts.params, key, "path")
                elif names and ptype(names[0]):
                    _set(facts.params, key, ptype(names[0]))
            for p in params:
                key = p[:-1] if p.endswith("_") else p
                if p in hints and key not in facts.params and p not in ("self", "root"):
                    facts.params.setdefault(key, ptype(p))
        # results: `x: T = forward(...)["k"]`, `x: T = forward(...)`, `cast(T, call(...)["k"])`,
        # `return forward(...)` with the function's return annotation
        for node in ast.walk(fdef):
            target_t = None
            value = None
            if isinstance(node, ast.AnnAssign) and node.value is not None:
                target_t, value = _eval(node.annotation, ns), node.value
            elif isinstance(node, ast.Call) and _callee(node) == "cast" and len(node.args) == 2:
                target_t, value = _eval(node.args[0], ns), node.args[1]
            elif isinstance(node, ast.Return) and node.value is not None and ret is not None:
                target_t, value = ret, node.value
            if value is None or target_t is None:
                continue
            if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant):
                found = _op_call(value.value)
                if found:
                    _set(FACTS[found[0]].keys, value.slice.value, ty(target_t))
                continue
            found = _op_call(value)
            if found:
                text = ty(target_t)
                if typing.is_typeddict(target_t) or text in UNIONS:
                    FACTS[found[0]].result = FACTS[found[0]].result or text


for _mod in MODULES.values():
    scan_module(_mod)

# --- the Rust adapters: Args accessors -------------------------------------------------------

ARGS_RE = re.compile(r"\.(str|opt_str|opt_bool|opt_i64|i64|opt_obj|opt_array)\(\s*\"(\w+)\"")
ARGS_TYPE = {
    "str": "str", "opt_str": "str", "opt_bool": "bool", "opt_i64": "int", "i64": "int",
    "opt_obj": "{any}", "opt_array": "[any]",
}
ROW_RE = re.compile(
    r'OpInfo::new\(\s*"(?P<name>[^"]+)",\s*"(?P<doc>(?:[^"\\]|\\.)*)",\s*&\[(?P<input>[^\]]*)\],'
    r"\s*&\[(?P<output>[^\]]*)\],\s*(?P<errors>[^,]+(?:\[[^\]]*\])?),\s*(?P<fn>[\w:]+)\)"
)


def rust_arg_types() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for path in sorted((ROOT / "core/src/ops").glob("*.rs")):
        text = path.read_text()
        pos = 0
        while (at := text.find("OpInfo::new(", pos)) >= 0:
            pos = at + 1
            spans = _rust_args(text, at + len("OpInfo::new"))
            name = json.loads(text[spans[0][0]:spans[0][1]].strip())
            fn = text[spans[-1][0]:spans[-1][1]].strip().split("::")[-1]
            body = re.search(r"\nfn " + re.escape(fn) + r"\b.*?\n\}", text, re.S)
            if not body:
                continue
            found: dict[str, str] = {}
            for am in ARGS_RE.finditer(body.group(0)):
                found.setdefault(am.group(2), ARGS_TYPE[am.group(1)])
            out[name] = found
    return out


RUST_ARGS: dict[str, dict[str, str]] = {}

# --- observed outputs of the ok conformance cases -------------------------------------------------


def observed_outputs() -> dict[str, dict[str, set[str]]]:
    seen: dict[str, dict[str, set[str]]] = collections.defaultdict(lambda: collections.defaultdict(set))
    for f in sorted((ROOT / "tests/vectors").glob("*.json")):
        for case in json.loads(f.read_text())["cases"]:
            exp = case.get("expect", {})
            if "ok" not in exp and "ok_subset" not in exp:
                continue
            try:
                out = fourx.call(case["op"], case["input"])
            except Exception:
                continue
            if isinstance(out, dict):
                for k, v in out.items():
                    seen[case["op"]][k].add(json_scalar(v))
    return seen


def json_scalar(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, list):
        inner = {json_scalar(x) for x in v}
        return f"[{inner.pop()}]" if len(inner) == 1 and "[" not in next(iter(inner)) else "[any]"
    if isinstance(v, dict):
        inner = {json_scalar(x) for x in v.values()}
        return "{" + inner.pop() + "}" if len(inner) == 1 else "{any}"
    return "any"


# --- assembling the rows ---------------------------------------------------------------------------

CATALOG = fourx.call("meta.catalog", {})["ops"]
# The defaults section left docs/op-examples.json when the rows took the defaults; read it from
# the last commit that had it.
DEFAULTS = json.loads(
    subprocess.run(
        ["git", "-C", str(ROOT), "show", "919e83e:docs/op-examples.json"],
        check=True, capture_output=True, text=True,
    ).stdout
)["defaults"]


# Defaults written as `null` in docs/op-examples.json where the type has a plainer equal value
# (checked: leaving the key out gives the same result) or words.
DEFAULT_OVERRIDES = {
    ("backlog.compare", "features"): {"value": []},
    ("evidence.group_screenshots", "rounds"): {"value": []},
    ("evidence.screenshot_targets", "rounds"): {"value": []},
    ("evidence.sort_screenshots", "screenshots"): {"value": []},
    ("router.pre_tool_use", "events"): {"value": ""},
    ("router.pre_tool_use", "artifact"): {"means": "no artifact: no workflow guard engages"},
    ("router.pre_tool_use", "approval"): {"means": "no approval token: nothing is unlocked"},
    ("workspace.write_run_file", "value"): {"value": {}},
}


def default_text(d: dict[str, Any]) -> str:
    if "value" in d:
        return " = " + json.dumps(d["value"], separators=(",", ":"), ensure_ascii=False)
    return " = ~" + d["means"]


# Keys the Python layer types as `Mapping[str, Any]` where the core reads a known shape.
KEY_TYPES = {
    "config": "Config",
    "feature": "Feature",
    "profile": "ProfileConfig",
    "test_strategy": "TestStrategy",
    "state": "State",
    "loop": "Loop",
    "root": "path",
    "home": "path",
    "repo_root": "path",
    "now": "time",
    "nonce": "str",
    "project_id": "str",
    "unreadable": "[str]",
    "file_text": "{str}",
    "max_file_bytes": "int",
    "oversize_bytes": "int",
    "present": "bool",
    "mirror": "BacklogMirrorFile",
    "baseline": "BaselineFile",
    "escalation": "Escalation",
    "escalations": "[EscalationIn]",
    "reports": "[ReportIn]",
    "snapshot": "Snapshot",
    "run_overrides": "{PhaseSpec}",
    "store": "{any}",
    "items": "[BlueprintItem | any]",
    "item": "BlueprintItem | any",
    "git": "GitFacts",
    "pool": "CandidatePool",
}
# (op, key) -> type, where the key's name says less than the op.
OP_KEY_TYPES = {
    ("config.parse_user", "config"): "UserConfig",
    ("config.read_user", "config"): "UserConfig",
    ("config.render_user", "config"): "UserConfig",
    ("config.write_user", "config"): "UserConfig",
    ("config.merge", "user"): "UserConfig",
    ("config.merge", "project"): "Config",
    ("blueprint.commit", "evidence"): "[str]",

    ("workspace.write_run_file", "path"): "str",
    ("miner.scan_stuck", "features"): "[StuckIn]",
    ("state.diagram", "path"): "[Phase]",
    ("state.diagram", "events"): "[Event]",
    ("angles.group", "groups"): "[[int]] | null",
    ("angles.group_selected", "groups"): "[[int]] | null",
    ("config.read", "warnings"): "[FileWarning]",
    ("hooks.merge", "hooks"): "{[HookEntry] | null} | null",
    ("hooks.merge", "global"): "{[HookEntry] | null}",
    ("hooks.merge", "feature"): "{[HookEntry] | null}",
    ("workspace.read_run_file", "value"): "any",
    ("angles.parse_selection", "selection"): "AngleSelection",
    ("angles.render_selection", "selection"): "AngleSelection",
    ("angles.default_mapping", "mapping"): "{[int]}",
    ("angles.resolve_mapping", "mapping"): "{[int]}",
    ("angles.select", "files"): "[ChangedFile]",
    ("backlog.compare", "features"): "[Feature]",
    ("backlog.compare", "drift"): "[Drift]",
    ("blueprint.fold", "result"): "FoldResult",
    ("blueprint.commit", "result"): "FoldResult",
    ("blueprint.format_for_director", "result"): "FoldResult",
    ("blueprint.gc", "removed"): "[str]",
    ("blueprint.gc", "kept_archive_failed"): "[str]",
    ("blueprint.gc", "warnings"): "[str]",
    ("blueprint.guard_root", "root_entries"): "[str]",
    ("blueprint.count_tokens", "counter"): "BuiltinCounter",
    ("blueprint.render_index", "counter"): "BuiltinCounter",
    ("candidates.dedupe", "candidates"): "[Candidate]",
    ("candidates.dedupe", "existing_candidates"): "[Candidate]",
    ("candidates.dedupe", "existing_features"): "[Feature]",
    ("miner.scan_escalations", "escalations"): "[EscalationIn]",
    ("miner.scan_fail_patterns", "reports"): "[ReportIn]",
    ("evidence.sort_screenshots", "screenshots"): "[Screenshot]",
    ("evidence.parse_verify", "verify"): "VerifyRecord",
    ("evidence.render_verify", "verify"): "VerifyRecord",
    ("runners.supported", "runners"): "[RunnerPreset]",
    ("runners.supported_map", "runners"): "{RunnerConfig}",
    ("profiles.default", "profiles"): "{ProfileConfig}",
    ("pipeline.resolve", "run_overrides"): "{PhaseSpec}",
    ("pipeline.resolve", "phases"): "[ResolvedPhase]",
    ("workspace.read_run_file", "value"): "any",
    # a validator: any object is its input
    ("state.validate", "state"): "{any}",
    ("conductor.run_script", "outcomes"): "[{any}]",
    ("evidence.group_screenshots", "rounds"): "[RoundVerify]",
    ("evidence.group_screenshots", "listings"): "{[str]}",
    ("evidence.group_screenshots", "worktree"): "WorktreeListings",
    ("evidence.screenshot_targets", "targets"): "[ScreenshotTarget]",
    ("discover.dedupe", "features"): "[DiscoveredFeature]",
    ("discover.dedupe", "existing"): "[Feature]",
    ("router.followup_tasks", "graph"): "FollowupGraph",
    ("router.finalize_memory", "tasks"): "[ProgressTask]",
    ("router.intent_ready", "acceptance_criteria"): "[Criterion]",
    ("router.reconcile_verdicts", "verdicts"): "[AgentVerdict]",
    ("guard.check", "build_gate"): "VerifyEvidence",
    ("guard.check", "docs_gate"): "VerifyEvidence",
    ("router.parse_output", "task"): "TaskState",
    ("router.parse_readonly_output", "task"): "TaskState",
    ("config.user_path", "home"): "path",
    ("router.followup_tasks", "reason"): "str",
    ("router.followup_tasks", "plan"): "str",
    ("router.followup_tasks", "root_cause"): "str",
    ("router.followup_tasks", "proof"): "Proof",
    ("router.followup_tasks", "disputes"): "[Dispute]",
    ("state.transition", "to"): "Phase",
    ("state.recover_to", "to"): "Phase",
    ("phase.role", "role"): 'Role | ""',
    ("phase.to_status", "status"): "FeatureStatus",
    ("state.phase_to_role", "role"): 'Role | ""',
}
LOOSE = {"any", "{any}", "{any} | null", "[{any}]"}
# Keys of the router ops whose words are the router's vocabularies.
ROUTER_KEY_TYPES = {
    "workflow_type": "WorkflowType",
    "workflow": "WorkflowType",
    "kind": "TaskKind",
    "origin": "TaskOrigin",
    "phase": "WorkflowPhase",
    "scope": "TaskScope",
    "build_scope": "BuildScope",
    "gate": "Gate",
    "marker": "MarkerKind",
    "requested_tier": "ModelTier",
}


def tighten(op: str, key: str, text: str) -> str:
    if (op, key) in OP_KEY_TYPES:
        text = OP_KEY_TYPES[(op, key)]
    elif (
        op.startswith("router.")
        and op not in ("router.format_task_metadata", "router.event_line")
        and key in ROUTER_KEY_TYPES
        and (text in LOOSE or text == "str")
    ):
        text = ROUTER_KEY_TYPES[key]
    elif key in KEY_TYPES and text in LOOSE:
        text = KEY_TYPES[key]
    # `State | Mapping[str, Any]` in Python: the named type says it
    alts = text.split(" | ")
    if len(alts) > 1 and "{any}" in alts and any(a[:1].isupper() for a in alts):
        text = " | ".join(a for a in alts if a != "{any}")
    text = text.replace("Event | {any}", "Event")
    for union, (members, _) in UNIONS.items():
        names = {TD_NAME[id(m)] for m in members}
        if set(a for a in text.split(" | ") if a != "{any}") == names:
            text = union
    if text == '"11.0.0" | "12.7.0" | "12.10.0"':
        text = "Edition"
    USED_TYPES.update(type_names(text))
    return text


def derive(op: dict[str, Any], observed: dict[str, set[str]]) -> tuple[list[str], list[str]]:
    facts = FACTS.get(op["name"], OpFacts())
    rust = RUST_ARGS.get(op["name"], {})
    inputs = []
    for key in op["input"]:
        bare = key.rstrip("?")
        text = facts.params.get(bare) or "any"
        if text == "any" and bare in rust:
            text = rust[bare]
        text = tighten(op["name"], bare, text)
        if key.endswith("?"):
            d = DEFAULT_OVERRIDES.get((op["name"], bare)) or DEFAULTS.get(op["name"], {}).get(bare)
            inputs.append(f"{bare}?: {text}" + (default_text(d) if d else ""))
        else:
            inputs.append(f"{bare}: {text}")
    if facts.result and typing_fields_match(facts.result, op["output"]):
        return inputs, [f"-> {facts.result}"]
    outputs = []
    result_td = TYPEDDICTS.get(facts.result or "")
    hints = typing.get_type_hints(result_td) if result_td else {}
    for key in op["output"]:
        if key in hints:
            text = ty(hints[key])
        else:
            text = facts.keys.get(key) or "any"
        if text == "any" and key in observed and len(observed[key]) == 1:
            text = next(iter(observed[key]))
        text = tighten(op["name"], key, text)
        opt = "?" if (op["name"], key) in OUTPUT_OPTIONAL else ""
        outputs.append(f"{key}{opt}: {text}")
    for extra in EXTRA_OUTPUT.get(op["name"], []):
        USED_TYPES.update(type_names(extra))
        outputs.append(extra)
    return inputs, outputs


def typing_fields_match(name: str, keys: list[str]) -> bool:
    if name in UNIONS:
        return True
    td = TYPEDDICTS.get(name)
    return td is not None and set(td.__required_keys__) | set(td.__optional_keys__) == set(keys)


def rust_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build() -> tuple[dict[str, tuple[list[str], list[str]]], dict[str, tuple]]:
    """The typed rows (op -> (input entries, output entries)) and the named types they reach:
    name -> ("record", doc, entries) | ("union", doc, tag, variants) | ("words", doc, rust path,
    words)."""
    observed = observed_outputs()
    RUST_ARGS.update(rust_arg_types())
    # meta.* rows are the catalog's own and were typed with it
    rows = {
        op["name"]: derive(op, observed.get(op["name"], {}))
        for op in CATALOG
        if not op["name"].startswith("meta.")
    }
    defs: dict[str, tuple] = {}
    USED_TYPES.update(["CatalogOp", "CatalogType"])  # the meta.catalog row's (typed by hand)
    pending = sorted(USED_TYPES)
    while pending:
        name = pending.pop()
        if name in defs:
            continue
        before = set(USED_TYPES)
        if name in EXTRA_TYPES:
            defs[name] = EXTRA_TYPES[name]
            if defs[name][0] == "record":
                for f in defs[name][2]:
                    USED_TYPES.update(type_names(f.split(":", 1)[1]))
            elif defs[name][0] == "union":
                USED_TYPES.update(defs[name][3])
        elif name == "ErrorKindWord":
            defs[name] = ("words", "An error kind (the closed list of `ErrorKind`).",
                          "crate::error::ErrorKind", ())
        elif name == "TaskStatusWord":
            defs[name] = ("words", "A status of a Claude Code task as `router.parse_output` reads it.",
                          "crate::router::parse::readonly::TASK_STATUSES", ())
        elif name == "FollowupGraph":
            defs[name] = ("words", "A follow-up task graph of `router.followup_tasks`.",
                          "crate::router::workflow::followup::GRAPHS", ())
        elif name == "Edition":
            defs[name] = ("words", "A cc10x contract edition (the router's rules of one plugin version).",
                          "crate::router::edition::Edition", ("11.0.0", "12.7.0", "12.10.0"))
        elif name in ENUMS:
            path, words = ENUMS[name]
            defs[name] = ("words", doc_of(name), path, words)
        elif name in UNIONS:
            members, tag = UNIONS[name]
            variants = [TD_NAME[id(m)] for m in members]
            USED_TYPES.update(variants)
            defs[name] = ("union", doc_of(name), tag, variants)
        elif name in GO_STRUCTS:
            fields = go_record(name)
            for f in fields:
                USED_TYPES.update(type_names(f.split(":", 1)[1]))
            defs[name] = ("record", go_doc(name), fields)
        elif name in TYPEDDICTS:
            defs[name] = ("record", doc_of(name), record_fields(TYPEDDICTS[name]))
        else:
            raise SystemExit(f"no definition for the type {name}")
        pending += sorted(USED_TYPES - before)
    return rows, defs


def rust_def(name: str, d: tuple) -> str:
    if d[0] == "words" and d[2].endswith(("::GRAPHS", "::TASK_STATUSES")):
        return f"TypeDef::words({rust_str(name)}, {rust_str(d[1])}, &{d[2]})"
    if d[0] == "words":
        return f"TypeDef::words({rust_str(name)}, {rust_str(d[1])}, {d[2]}::WORDS)"
    if d[0] == "union":
        return f"TypeDef::union({rust_str(name)}, {rust_str(d[1])}, {rust_str(d[2])}, {_array(d[3])})"
    return f"TypeDef::record({rust_str(name)}, {rust_str(d[1])}, {_array(d[2])})"


def main() -> None:
    rows, defs = build()
    if "--report" in sys.argv:
        for name, (i, o) in rows.items():
            print(name)
            print("   in :", i)
            print("   out:", o)
        for name in sorted(defs):
            print(rust_def(name, defs[name]))
        return
    if "--write" in sys.argv:
        write_rows(rows)
        write_types({n: rust_def(n, d) for n, d in defs.items()})


def go_doc(name: str) -> str:
    module, _ = GO_STRUCTS[name]
    path = ROOT / "core/src" / (module.replace("::", "/") + ".rs")
    if not path.exists():
        path = ROOT / "core/src" / module.replace("::", "/") / "mod.rs"
    rust_name = next((k[1] for k, v in GO_RENAMES.items() if v == name and k[0] == module), name)
    m = re.search(r"((?:\s*///[^\n]*\n)+)\s*pub struct " + rust_name + r"\b", path.read_text())
    if not m:
        return name
    return " ".join(l.strip()[3:].strip() for l in m.group(1).strip().splitlines())


def clean_doc(text: str) -> str:
    """One line of plain text: Sphinx roles and double backticks become single backticks, spec
    section citations go."""
    text = " ".join(text.split())
    text = re.sub(r":(?:class|func|data|meth|attr|mod|exc):`~?(?:[\w.]+\.)?([\w]+)`", r"`\1`", text)
    text = text.replace("``", "`")
    text = re.sub(r"\s*\([^()]*§[^()]*\)", "", text)
    text = re.sub(r"\s*[\w.-]*\.md\s*§\s*[\d.]+", "", text)
    return text.strip()


def rust_item_doc(path: str, kind: str) -> str:
    """The first paragraph of the doc comment of a Rust item given as `crate::a::b::Name`."""
    parts = path.split("::")[1:]
    name = parts.pop()
    base = ROOT / "core/src" / "/".join(parts)
    for file in (base.with_suffix(".rs"), base / "mod.rs"):
        if file.exists():
            m = re.search(r"((?:[ \t]*///[^\n]*\n)+)[ \t]*pub " + kind + r" " + name + r"\b", file.read_text())
            if m:
                lines = [l.strip()[3:].strip() for l in m.group(1).strip().splitlines()]
                para = " ".join(lines).split("  ")[0]
                first = []
                for l in lines:
                    if not l:
                        break
                    first.append(l)
                return clean_doc(" ".join(first))
    return ""


def python_alias_doc(name: str) -> str:
    for mod in MODULES.values():
        if not str(mod.__file__).endswith(".py"):
            continue
        m = re.search(r"((?:^#:[^\n]*\n)+)" + name + r"\b[^\n]*=", Path(mod.__file__).read_text(), re.M)
        if m:
            return clean_doc(" ".join(l[2:].strip() for l in m.group(1).splitlines()))
    return ""


def doc_of(name: str) -> str:
    obj = TYPEDDICTS.get(name)
    doc = (obj.__doc__ or "") if obj is not None else ""
    if not doc and name in ENUMS:
        return rust_item_doc(ENUMS[name][0], "enum") or f"A word of the core's `{name}`."
    if not doc:
        return python_alias_doc(name) or name
    return clean_doc(doc.strip().split("\n\n")[0]) or name


def _rust_args(text: str, start: int) -> list[tuple[int, int]]:
    """The spans of the top-level arguments of the call whose `(` is at `start`."""
    spans, depth, i, arg_start = [], 0, start, start + 1
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                spans.append((arg_start, i))
                return spans
        elif c == "," and depth == 1:
            spans.append((arg_start, i))
            arg_start = i + 1
        i += 1
    raise ValueError("unbalanced OpInfo::new")


def _array(entries: list[str]) -> str:
    return "&[" + ", ".join(rust_str(x) for x in entries) + "]"


def write_rows(rows: dict[str, tuple[list[str], list[str]]]) -> None:
    """Rewrites the input and output arrays of every `OpInfo::new` row (one-liners and
    rustfmt-formatted rows alike; `cargo fmt` lays the latter out again). An output given as a
    named constant (`VERDICT`) has that constant rewritten."""
    done = set()
    for path in sorted((ROOT / "core/src/ops").glob("*.rs")):
        text = path.read_text()
        pos = 0
        consts: dict[str, list[str]] = {}
        while True:
            at = text.find("OpInfo::new(", pos)
            if at < 0:
                break
            open_at = at + len("OpInfo::new")
            spans = _rust_args(text, open_at)
            name = json.loads(text[spans[0][0]:spans[0][1]].strip())
            if name not in rows or text[spans[2][0]:spans[2][1]].strip().startswith("&[") is False:
                pos = open_at
                continue
            i, o = rows[name]
            out_src = text[spans[3][0]:spans[3][1]].strip()
            new_out = _array(o) if out_src.startswith("&[") else None
            if new_out is None:
                consts[out_src] = o
            lead_in = text[spans[2][0]:spans[2][1]]
            pad_in = lead_in[: len(lead_in) - len(lead_in.lstrip())]
            lead_out = text[spans[3][0]:spans[3][1]]
            pad_out = lead_out[: len(lead_out) - len(lead_out.lstrip())]
            out_part = pad_out + (new_out if new_out else out_src)
            text = (
                text[: spans[2][0]] + pad_in + _array(i) + "," + out_part + text[spans[3][1]:]
            )
            done.add(name)
            pos = at + 1
        for const_name, o in consts.items():
            const = re.compile(r"(const " + re.escape(const_name) + r": &\[&str\] = )&\[.*?\];", re.S)
            text = const.sub(lambda m: m.group(1) + _array(o) + ";", text, count=1)
        path.write_text(text)
    missing = set(rows) - done
    assert not missing, f"rows not found: {sorted(missing)}"


def write_types(defs: dict[str, str]) -> None:
    path = ROOT / "core/src/ops/types.rs"
    text = path.read_text()
    body = "".join(f"    {defs[n]},\n" for n in sorted(defs))
    marker = re.compile(r"(pub(?:\(crate\))? (?:static|const) TYPES: &\[TypeDef\] = &\[\n)(.*?)(\n?\];)", re.S)
    assert marker.search(text), "types.rs has no TYPES table"
    text = marker.sub(lambda m: m.group(1) + body + "];", text, count=1)
    # the word lists are named by their full paths (two enums are called `Phase`)
    text = re.sub(r"use crate::protocol::state::\{[^}]*\};\n", "", text)
    path.write_text(text)


if __name__ == "__main__":
    main()
