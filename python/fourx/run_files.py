"""The run files 4x writes beside a feature (workspace.md §6.3–6.5): ``verify.json``,
``baseline.json``, ``deep-review-angles.json`` and ``escalation.json``, decoded with Go's rules and
written with Go's bytes. Thin wrappers over the ``evidence.*_verify``, ``workspace.*_baseline``,
``angles.*_selection``, ``workspace.*_escalation`` and ``workspace.*_run_file`` ops."""

from __future__ import annotations

from collections.abc import Mapping

from typing import Any, Literal

from ._ops import StrPath, forward
from . import _api

__all__ = [
    "parse_verify",
    "render_verify",
    "parse_baseline",
    "render_baseline",
    "parse_angle_selection",
    "render_angle_selection",
    "parse_escalation",
    "render_escalation",
    "read_run_file",
    "write_run_file",
]

#: Which run file: ``verify``, ``angles`` and ``escalation`` live in a round directory,
#: ``baseline`` in the feature directory.
_RunFileName = Literal["verify", "baseline", "angles", "escalation"]


def parse_verify(text: str) -> dict[str, Any]:
    """Decodes ``verify.json`` text (VerifyEvidence); ``InvalidJson`` when it does not decode."""
    out: dict[str, Any] = forward("evidence.parse_verify", {"text": text})["verify"]
    return out


def render_verify(verify: Mapping[str, Any]) -> str:
    """The ``verify.json`` bytes ``4x verify`` writes (indented, no trailing newline)."""
    text: str = _api.evidence_render_verify(verify=verify)["text"]
    return text


def parse_baseline(text: str) -> dict[str, Any]:
    """Decodes ``baseline.json`` text (Baseline)."""
    out: dict[str, Any] = forward("workspace.parse_baseline", {"text": text})["baseline"]
    return out


def render_baseline(baseline: Mapping[str, Any]) -> str:
    """The ``baseline.json`` bytes CaptureBaseline writes (indented, no trailing newline)."""
    text: str = _api.workspace_render_baseline(baseline=baseline)["text"]
    return text


def parse_angle_selection(text: str) -> dict[str, Any]:
    """Decodes ``deep-review-angles.json`` text (AngleSelection)."""
    out: dict[str, Any] = forward("angles.parse_selection", {"text": text})["selection"]
    return out


def render_angle_selection(selection: Mapping[str, Any]) -> str:
    """The ``deep-review-angles.json`` bytes 4x writes (indented, no trailing newline)."""
    text: str = _api.angles_render_selection(selection=selection)["text"]
    return text


def parse_escalation(text: str) -> dict[str, Any]:
    """Decodes ``escalation.json`` text (Escalation)."""
    out: dict[str, Any] = forward("workspace.parse_escalation", {"text": text})["escalation"]
    return out


def render_escalation(escalation: Mapping[str, Any]) -> str:
    """The compact ``escalation.json`` bytes (Go ``json.Marshal``, no trailing newline)."""
    text: str = _api.workspace_render_escalation(escalation=escalation)["text"]
    return text


def read_run_file(
    root: StrPath, feature_id: str, file: _RunFileName, round: int | None = None
) -> dict[str, Any] | None:
    """Reads one run file of a feature; ``None`` when it does not exist."""
    out = _api.workspace_read_run_file(root=root, feature_id=feature_id, file=file, round=round)
    value: dict[str, Any] | None = out["value"]
    return value


def write_run_file(
    root: StrPath,
    feature_id: str,
    file: _RunFileName,
    value: Mapping[str, Any],
    round: int | None = None,
) -> str:
    """Writes one run file atomically with Go's bytes; returns its path."""
    out = _api.workspace_write_run_file(
        root=root, feature_id=feature_id, file=file, value=value, round=round
    )
    path: str = out["path"]
    return path
