"""fourx — the deterministic core of an AI-agent coding harness.

Every capability is an operation ``<area>.<verb>`` that takes a JSON-like dict and returns plain
``dict``/``list``/``str`` values::

    import fourx

    fourx.call("meta.version")                      # {'version': '0.1.0', 'version_number': 1000}
    fourx.call("state.can_transition", from_="coding", to="reviewing")

Errors are raised as subclasses of :class:`fourx.FourxError` named after their kind (see
:mod:`fourx.errors`). The library is pure: time, randomness and the home directory are inputs.
"""

from __future__ import annotations

import keyword
from typing import Any

from . import _fourx
from .errors import (
    FourxError,
    KINDS,
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
    FoldConflict,
    IoError,
    NullArg,
    InvalidUtf8,
    Panic,
)

__version__: str = _fourx.version()

__all__ = [
    "call",
    "catalog",
    "version",
    "__version__",
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
    "FoldConflict",
    "IoError",
    "NullArg",
    "InvalidUtf8",
    "Panic",
]


def _key(name: str) -> str:
    """``from_`` -> ``from``: a trailing ``_`` is dropped when the stem is a Python keyword."""
    if name.endswith("_") and keyword.iskeyword(name[:-1]):
        return name[:-1]
    return name


def call(op: str, input: dict[str, Any] | None = None, /, **kwargs: Any) -> Any:
    """Runs operation ``op`` on ``input`` merged with ``kwargs`` (``kwargs`` win).

    A keyword whose name is a Python keyword plus ``_`` loses the ``_`` (``from_=`` -> ``"from"``).
    Returns the op's result as plain Python values; raises the :class:`FourxError` subclass of the
    error's kind. The GIL is released while the op runs.
    """
    if kwargs:
        merged: dict[str, Any] = dict(input) if input is not None else {}
        for name, value in kwargs.items():
            merged[_key(name)] = value
        return _fourx.call(op, merged)
    return _fourx.call(op, {} if input is None else input)


def catalog() -> list[dict[str, Any]]:
    """Every op with its doc, input keys, output keys and error kinds, sorted by name."""
    ops: list[dict[str, Any]] = call("meta.catalog")["ops"]
    return ops


def version() -> str:
    """The library version string."""
    return __version__


# Area namespaces (imported last: they use `call`).
from . import angles, report, resolve  # noqa: E402
from .resolve import resolve_pipeline, resolve_profile  # noqa: E402

__all__ += ["angles", "report", "resolve", "resolve_pipeline", "resolve_profile"]
from . import state, workspace  # noqa: E402
from .state import Phase, Role, can_transition  # noqa: E402
from .workspace import Workspace  # noqa: E402

__all__ += ["state", "workspace", "Phase", "Role", "can_transition", "Workspace"]
