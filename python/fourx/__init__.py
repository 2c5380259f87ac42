"""fourx — the deterministic core of an AI-agent coding harness.

Typed functions and classes over the core's operations, grouped by area::

    import fourx

    fourx.can_transition(fourx.Phase.CODING, fourx.Phase.REVIEWING)   # True
    state = fourx.transition({"featureId": "F1", "phase": "init"}, "designing", "designer")
    fourx.router.route("Fix the login error on Safari")["workflow"]  # 'DEBUG'

- top level: the state machine of :mod:`fourx.state` (:func:`transition`, :func:`recover_to`,
  :func:`should_stop`, ...), the vocabularies (:class:`Phase`, :class:`Role`, ...) and
  :class:`Workspace` (the ``.4x/`` files);
- :mod:`fourx.workspace`, :mod:`fourx.router`, :mod:`fourx.resolve`, :mod:`fourx.angles`,
  :mod:`fourx.report`, :mod:`fourx.blueprint`: the functions and classes of each area;
- :mod:`fourx.run_files`: the run files beside a feature (``verify.json``, ``baseline.json``,
  ``deep-review-angles.json``, ``escalation.json``) with Go's bytes;
- :mod:`fourx.conductor`: the run loop's decisions (``start`` / ``apply`` ... ``run_script``), so
  a harness is only I/O;
- :mod:`fourx.guard`: 4x's guards (``check``, ``testing_to_accepting``) over the changed-file
  listing and file texts, giving the conductor's ``guard`` verdict;
- :func:`call` runs any operation ``<area>.<verb>`` by name on a JSON-like dict
  (``fourx.call("state.can_transition", from_="coding", to="reviewing")``).

Results are plain ``dict``/``list``/``str`` values (typed as TypedDicts). Errors are raised as
subclasses of :class:`fourx.FourxError` named after their kind (see :mod:`fourx.errors`). The
library is pure: time, randomness and the home directory are inputs.
"""

from __future__ import annotations

from . import _fourx
from ._ops import StrPath, Time, _key, call, new_nonce
from .errors import *  # noqa: F403 (every kind's class: the generated errors.__all__)

__version__: str = _fourx.version()

from . import (
    angles,
    blueprint,
    cached,
    conductor,
    enums,
    errors,
    guard,
    report,
    resolve,
    router,
    run_files,
    runner,
    state,
    workspace,
)
from .enums import EventType, FeatureStatus, NotifyLevel, Phase, Role, SubPhase
from .state import (
    Reconciled,
    State,
    StateConstants,
    StateValidation,
    StopDecision,
    can_transition,
    enum_values,
    finalize_done,
    human_size,
    is_selectable,
    phase_role,
    phase_to_role,
    phase_to_status,
    reconcile_active,
    recover_to,
    should_stop,
    state_constants,
    diagram as state_diagram,
    transition,
    validate_state,
)
from .resolve import resolve_pipeline, resolve_profile
from .workspace import Event, Workspace
from .cached import CachedWorkspace
from ._types import CatalogField as OpParam, CatalogOp as OpInfo

__all__ = [
    "call",
    "new_nonce",
    "StrPath",
    "Time",
    "catalog",
    "version",
    "__version__",
    "OpInfo",
    "OpParam",
    "angles",
    "blueprint",
    "conductor",
    "enums",
    "errors",
    "guard",
    "report",
    "resolve",
    "router",
    "run_files",
    "runner",
    "state",
    "workspace",
    "resolve_pipeline",
    "resolve_profile",
    "Phase",
    "Role",
    "SubPhase",
    "FeatureStatus",
    "EventType",
    "NotifyLevel",
    "State",
    "StopDecision",
    "StateValidation",
    "Reconciled",
    "StateConstants",
    "Event",
    "Workspace",
    "cached",
    "CachedWorkspace",
    "can_transition",
    "transition",
    "recover_to",
    "should_stop",
    "finalize_done",
    "validate_state",
    "reconcile_active",
    "phase_to_role",
    "phase_role",
    "phase_to_status",
    "is_selectable",
    "state_diagram",
    "state_constants",
    "enum_values",
    "human_size",
]
__all__ += errors.__all__


def catalog() -> list[OpInfo]:
    """Every op with its doc, input keys, output keys and error kinds, sorted by name."""
    ops: list[OpInfo] = call("meta.catalog")["ops"]
    return ops


def version() -> str:
    """The library version string."""
    return __version__
