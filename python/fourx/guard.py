"""fourx.guard — 4x's guards as pure functions (docs/spec/guard.md).

:func:`check` is 4x's ``guard.Check`` (required files, baseline, the repo scope of the diff,
self-modification and its budget, dependencies, symlinks, the build and docs gates, verify types);
:func:`testing_to_accepting` is ``CheckTestingToAccepting`` (the tester's reports, ``verify.json``,
per-criterion evidence, screenshots, manual checks, the self-modification test gate). Both return a
:data:`Verdict`, which is exactly the ``guard`` of a conductor ``agent_exit`` outcome::

    verdict = guard.check(config, feature, state["phase"], changed, feature_files=files,
                          profile=state.get("profile", ""), round=state["round"])
    outcome = {"kind": "agent_exit", "exit_code": 0, "guard": verdict, ...}

Nothing here runs git or reads files: the changed-file listing (``git diff --name-status HEAD``
plus untracked files, with line counts), the file texts and the other facts are inputs. Thin typed
wrappers over the ``guard.*`` ops; no rule lives here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from . import _api
from ._types import (
    Verdict,
)
from ._types import GuardChangedFile as ChangedFile

__all__ = [
    "ChangedFile",
    "StateSelfMod",
    "Verdict",
    "check",
    "testing_to_accepting",
]


# Functional syntax: the state's camelCase keys are the state.json spelling.
StateSelfMod = TypedDict(
    "StateSelfMod",
    {"selfModTouched": NotRequired[bool], "selfModPaths": NotRequired[list[str]]},
)
StateSelfMod.__doc__ = """The self-modification record of a feature's state (a whole
:class:`fourx.State` fits too: only these two keys are read)."""


def check(
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    phase: str,
    changed_files: Sequence[ChangedFile] | str,
    *,
    profile: str | None = None,
    round: int | None = None,
    feature_files: Mapping[str, str | None] | None = None,
    round_files: Mapping[str, str | None] | None = None,
    test_strategy: Mapping[str, Any] | None = None,
    test_strategy_error: str | None = None,
    testing_has_run: bool | None = None,
    dependencies: Mapping[str, str] | None = None,
    symlinks: Sequence[str] | None = None,
    build_gate: Mapping[str, Any] | None = None,
    docs_gate: Mapping[str, Any] | None = None,
    screenshot_exists: bool | None = None,
    state: Mapping[str, Any] | None = None,
) -> Verdict:
    """4x's ``guard.Check`` for a feature in ``phase`` (the state's) over ``changed_files`` (the
    entries, or the text ``git diff --name-status`` prints).

    ``feature_files`` / ``round_files``: ``{name: text}`` of the feature directory and of the
    state round's directory (``round_files`` absent = that directory does not exist);
    ``dependencies``: ``{id: status}`` of the features ``feature`` depends on; ``build_gate`` /
    ``docs_gate``: the verify evidence of those gate runs (coding and amending). ``None`` leaves a
    key out (the op's default, docs/spec/guard.md §4). Bad input raises ``InvalidInput``."""
    out: Verdict = _api.guard_check(
        config=config,
        feature=feature,
        phase=str(phase),
        changed_files=changed_files,
        profile=profile,
        round=round,
        feature_files=feature_files,
        round_files=round_files,
        test_strategy=test_strategy,
        test_strategy_error=test_strategy_error,
        testing_has_run=testing_has_run,
        dependencies=dependencies,
        symlinks=symlinks,
        build_gate=build_gate,
        docs_gate=docs_gate,
        screenshot_exists=screenshot_exists,
        state=state,
    )
    return out


def testing_to_accepting(
    round: int,
    *,
    round_files: Mapping[str, str | None] | None = None,
    feature_files: Mapping[str, str | None] | None = None,
    config: Mapping[str, Any] | None = None,
    test_strategy: Mapping[str, Any] | None = None,
    test_strategy_error: str | None = None,
    screenshot_exists: bool | None = None,
    state: Mapping[str, Any] | None = None,
) -> Verdict:
    """4x's ``CheckTestingToAccepting`` for ``round``: ``round_files`` holds the round's
    ``test-report.md`` and ``verify.json`` texts, ``feature_files`` the ``final-report.md``;
    ``screenshot_exists`` says whether a screenshot ``verify.json`` lists is a file; ``state`` gives
    ``selfModTouched`` / ``selfModPaths``. Bad input raises ``InvalidInput``."""
    out: Verdict = _api.guard_testing_to_accepting(
        round=round,
        round_files=round_files,
        feature_files=feature_files,
        config=config,
        test_strategy=test_strategy,
        test_strategy_error=test_strategy_error,
        screenshot_exists=screenshot_exists,
        state=state,
    )
    return out
