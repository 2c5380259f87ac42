"""The core's closed word lists that typed results carry as plain strings, as ``Literal`` types.

Generated from the ``WORDS`` of the core's string enums by ``make docs`` (``core/tests/it/docs.rs``);
do not edit by hand.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

#: What a gate does.
GateAction: TypeAlias = Literal[
    "auto_default",
    "ask",
    "block",
]

#: Where a memory heal put the missing sections.
Placement: TypeAlias = Literal[
    "none",
    "before_last_updated",
    "end",
]

#: The class of an instruction source, strongest first.
SourceKind: TypeAlias = Literal[
    "explicit_user_prompt",
    "project_standards",
    "approved_plan_design",
    "domain_external_skill",
    "internal_cc10x_skill",
    "model_heuristic",
]

#: The reviewer's effective status.
ReviewerStatus: TypeAlias = Literal[
    "APPROVE",
    "CHANGES_REQUESTED",
]

#: The hunter's status.
HunterStatus: TypeAlias = Literal[
    "CLEAN",
    "ISSUES_FOUND",
]

#: The pre/post timing of hooks.
HookTiming: TypeAlias = Literal[
    "pre",
    "post",
]

#: The verdict of one anchor check.
Verdict: TypeAlias = Literal[
    "ok",
    "stale",
    "unanchored",
    "unverifiable",
]

#: Why an anchor verdict was reached.
AnchorWhy: TypeAlias = Literal[
    "empty",
    "not_path",
    "file_exists",
    "line_in_range",
    "line_out_of_range",
    "bad_suffix",
    "symbol_found",
    "symbol_not_found",
    "unreadable",
    "module_dir",
    "file_missing",
    "unattributed",
]

#: Why a blueprint claim was rejected, in gate order.
RejectReason: TypeAlias = Literal[
    "over_limit",
    "malformed",
    "unknown_module",
    "no_read_at_all",
    "no_evidence",
    "prose_path",
]

#: A language the blueprint scanner has rules for.
Language: TypeAlias = Literal[
    "go",
    "python",
    "rust",
    "typescript",
]

#: A cc10x contract edition: "11.0.0" (the seed's contract, the default), "12.7.0" or "12.10.0" (the QA route).
Edition: TypeAlias = Literal[
    "11.0.0",
    "12.7.0",
    "12.10.0",
]
