"""fourx exceptions: one class per error kind, all subclasses of :class:`FourxError`.

The class name is the kind in CamelCase (``invalid_transition`` -> :class:`InvalidTransition`).
Bad-input kinds also subclass :class:`ValueError`, not-there kinds :class:`LookupError`, and
``io_error`` :class:`OSError`, so ordinary ``except`` clauses keep working.

Generated from the core's ``ErrorKind`` table by ``make docs`` (``core/tests/it/docs.rs``);
do not edit by hand.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "FourxError",
    "KINDS",
    "InvalidInput",
    "InvalidValue",
    "MissingField",
    "DuplicateField",
    "InputTooLarge",
    "UnknownOp",
    "UnknownKind",
    "UnknownAgent",
    "UnknownProfile",
    "UnknownRunner",
    "InvalidTime",
    "InvalidNonce",
    "InvalidPath",
    "InvalidProjectId",
    "InvalidSnapshot",
    "InvalidFeatureId",
    "InvalidJson",
    "InvalidYaml",
    "InvalidConfig",
    "InvalidFeature",
    "MalformedContract",
    "MalformedArtifact",
    "MalformedDoc",
    "UnsupportedFormat",
    "MissingContract",
    "MissingEvidence",
    "ScenarioMismatch",
    "TooShort",
    "PlaceholderLeft",
    "UuidMismatch",
    "UnrecognizedReply",
    "Ambiguous",
    "BudgetTooSmall",
    "MissingCodingPhase",
    "UnresolvedRunner",
    "UnresolvableTier",
    "NoHome",
    "RootIsFilesystemRoot",
    "RootIsHome",
    "NotAProject",
    "StorageInsideProject",
    "ProjectMismatch",
    "NotFound",
    "NotVisible",
    "NoDispatchRule",
    "InvalidTransition",
    "InvalidRecoveryTarget",
    "NotCleanable",
    "FeatureActive",
    "LeaseLost",
    "FoldConflict",
    "IoError",
    "NullArg",
    "InvalidUtf8",
    "Panic",
]


class FourxError(Exception):
    """Root of every fourx error.

    Attributes:
        kind: the stable snake_case kind shared by Rust, C and Python.
        message: the human message.
        field: the offending input key or contract field, where known (the first of
            ``fields`` when the error names several).
        fields: every offending field when the error names several (a contract missing
            several required fields lists them all, in table order), else ``[]``.
        result: the structured account carried by ``fold_conflict`` (and ``io_error`` after a
            blueprint merge), else ``None``.
    """

    kind: str = "fourx_error"
    message: str
    field: str | None
    fields: list[str]
    result: Any | None

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        result: Any | None = None,
        fields: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.fields = list(fields) if fields else []
        self.field = field if field is not None or not self.fields else self.fields[0]
        self.result = result

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


class InvalidInput(FourxError, ValueError):
    """``invalid_input`` — bad input."""

    kind = "invalid_input"


class InvalidValue(FourxError, ValueError):
    """``invalid_value`` — bad input."""

    kind = "invalid_value"


class MissingField(FourxError, ValueError):
    """``missing_field`` — bad input."""

    kind = "missing_field"


class DuplicateField(FourxError, ValueError):
    """``duplicate_field`` — bad input."""

    kind = "duplicate_field"


class InputTooLarge(FourxError, ValueError):
    """``input_too_large`` — bad input."""

    kind = "input_too_large"


class UnknownOp(FourxError, ValueError):
    """``unknown_op`` — bad input."""

    kind = "unknown_op"


class UnknownKind(FourxError, ValueError):
    """``unknown_kind`` — bad input."""

    kind = "unknown_kind"


class UnknownAgent(FourxError, ValueError):
    """``unknown_agent`` — bad input."""

    kind = "unknown_agent"


class UnknownProfile(FourxError, ValueError):
    """``unknown_profile`` — bad input."""

    kind = "unknown_profile"


class UnknownRunner(FourxError, ValueError):
    """``unknown_runner`` — bad input."""

    kind = "unknown_runner"


class InvalidTime(FourxError, ValueError):
    """``invalid_time`` — bad input."""

    kind = "invalid_time"


class InvalidNonce(FourxError, ValueError):
    """``invalid_nonce`` — bad input."""

    kind = "invalid_nonce"


class InvalidPath(FourxError, ValueError):
    """``invalid_path`` — bad input."""

    kind = "invalid_path"


class InvalidProjectId(FourxError, ValueError):
    """``invalid_project_id`` — bad input."""

    kind = "invalid_project_id"


class InvalidSnapshot(FourxError, ValueError):
    """``invalid_snapshot`` — bad input."""

    kind = "invalid_snapshot"


class InvalidFeatureId(FourxError, ValueError):
    """``invalid_feature_id`` — bad input."""

    kind = "invalid_feature_id"


class InvalidJson(FourxError, ValueError):
    """``invalid_json`` — bad input."""

    kind = "invalid_json"


class InvalidYaml(FourxError, ValueError):
    """``invalid_yaml`` — bad input."""

    kind = "invalid_yaml"


class InvalidConfig(FourxError, ValueError):
    """``invalid_config`` — bad input."""

    kind = "invalid_config"


class InvalidFeature(FourxError, ValueError):
    """``invalid_feature`` — bad input."""

    kind = "invalid_feature"


class MalformedContract(FourxError, ValueError):
    """``malformed_contract`` — bad input."""

    kind = "malformed_contract"


class MalformedArtifact(FourxError, ValueError):
    """``malformed_artifact`` — bad input."""

    kind = "malformed_artifact"


class MalformedDoc(FourxError, ValueError):
    """``malformed_doc`` — bad input."""

    kind = "malformed_doc"


class UnsupportedFormat(FourxError, ValueError):
    """``unsupported_format`` — bad input."""

    kind = "unsupported_format"


class MissingContract(FourxError, ValueError):
    """``missing_contract`` — bad input."""

    kind = "missing_contract"


class MissingEvidence(FourxError, ValueError):
    """``missing_evidence`` — bad input."""

    kind = "missing_evidence"


class ScenarioMismatch(FourxError, ValueError):
    """``scenario_mismatch`` — bad input."""

    kind = "scenario_mismatch"


class TooShort(FourxError, ValueError):
    """``too_short`` — bad input."""

    kind = "too_short"


class PlaceholderLeft(FourxError, ValueError):
    """``placeholder_left`` — bad input."""

    kind = "placeholder_left"


class UuidMismatch(FourxError, ValueError):
    """``uuid_mismatch`` — bad input."""

    kind = "uuid_mismatch"


class UnrecognizedReply(FourxError, ValueError):
    """``unrecognized_reply`` — bad input."""

    kind = "unrecognized_reply"


class Ambiguous(FourxError, ValueError):
    """``ambiguous`` — bad input."""

    kind = "ambiguous"


class BudgetTooSmall(FourxError, ValueError):
    """``budget_too_small`` — bad input."""

    kind = "budget_too_small"


class MissingCodingPhase(FourxError, ValueError):
    """``missing_coding_phase`` — bad input."""

    kind = "missing_coding_phase"


class UnresolvedRunner(FourxError, ValueError):
    """``unresolved_runner`` — bad input."""

    kind = "unresolved_runner"


class UnresolvableTier(FourxError, ValueError):
    """``unresolvable_tier`` — bad input."""

    kind = "unresolvable_tier"


class NoHome(FourxError, ValueError):
    """``no_home`` — bad input."""

    kind = "no_home"


class RootIsFilesystemRoot(FourxError, ValueError):
    """``root_is_filesystem_root`` — bad input."""

    kind = "root_is_filesystem_root"


class RootIsHome(FourxError, ValueError):
    """``root_is_home`` — bad input."""

    kind = "root_is_home"


class NotAProject(FourxError, ValueError):
    """``not_a_project`` — bad input."""

    kind = "not_a_project"


class StorageInsideProject(FourxError, ValueError):
    """``storage_inside_project`` — bad input."""

    kind = "storage_inside_project"


class ProjectMismatch(FourxError, ValueError):
    """``project_mismatch`` — bad input."""

    kind = "project_mismatch"


class NotFound(FourxError, LookupError):
    """``not_found`` — not there."""

    kind = "not_found"


class NotVisible(FourxError, LookupError):
    """``not_visible`` — not there."""

    kind = "not_visible"


class NoDispatchRule(FourxError, LookupError):
    """``no_dispatch_rule`` — not there."""

    kind = "no_dispatch_rule"


class InvalidTransition(FourxError):
    """``invalid_transition`` — refused by the rules."""

    kind = "invalid_transition"


class InvalidRecoveryTarget(FourxError):
    """``invalid_recovery_target`` — refused by the rules."""

    kind = "invalid_recovery_target"


class NotCleanable(FourxError):
    """``not_cleanable`` — refused by the rules."""

    kind = "not_cleanable"


class FeatureActive(FourxError):
    """``feature_active`` — refused by the rules."""

    kind = "feature_active"


class LeaseLost(FourxError):
    """``lease_lost`` — refused by the rules."""

    kind = "lease_lost"


class FoldConflict(FourxError):
    """``fold_conflict`` — a deferral, not a failure."""

    kind = "fold_conflict"


class IoError(FourxError, OSError):
    """``io_error`` — the operating system failed."""

    kind = "io_error"


class NullArg(FourxError, ValueError):
    """``null_arg`` — C boundary only."""

    kind = "null_arg"


class InvalidUtf8(FourxError, ValueError):
    """``invalid_utf8`` — C boundary only."""

    kind = "invalid_utf8"


class Panic(FourxError):
    """``panic`` — C boundary only, a bug."""

    kind = "panic"


#: Every kind word mapped to its class.
KINDS: dict[str, type[FourxError]] = {
    cls.kind: cls
    for cls in (
        InvalidInput,
        InvalidValue,
        MissingField,
        DuplicateField,
        InputTooLarge,
        UnknownOp,
        UnknownKind,
        UnknownAgent,
        UnknownProfile,
        UnknownRunner,
        InvalidTime,
        InvalidNonce,
        InvalidPath,
        InvalidProjectId,
        InvalidSnapshot,
        InvalidFeatureId,
        InvalidJson,
        InvalidYaml,
        InvalidConfig,
        InvalidFeature,
        MalformedContract,
        MalformedArtifact,
        MalformedDoc,
        UnsupportedFormat,
        MissingContract,
        MissingEvidence,
        ScenarioMismatch,
        TooShort,
        PlaceholderLeft,
        UuidMismatch,
        UnrecognizedReply,
        Ambiguous,
        BudgetTooSmall,
        MissingCodingPhase,
        UnresolvedRunner,
        UnresolvableTier,
        NoHome,
        RootIsFilesystemRoot,
        RootIsHome,
        NotAProject,
        StorageInsideProject,
        ProjectMismatch,
        NotFound,
        NotVisible,
        NoDispatchRule,
        InvalidTransition,
        InvalidRecoveryTarget,
        NotCleanable,
        FeatureActive,
        LeaseLost,
        FoldConflict,
        IoError,
        NullArg,
        InvalidUtf8,
        Panic,
    )
}


def _from_core(
    kind: str,
    message: str,
    field: str | None,
    result: Any | None,
    fields: list[str] | None = None,
) -> FourxError:
    """Builds the exception for an error raised by the extension (used by ``fourx._fourx``)."""
    cls = KINDS.get(kind, FourxError)
    exc = cls(message, field=field, result=result, fields=fields)
    if cls is FourxError:
        exc.kind = kind
    return exc
