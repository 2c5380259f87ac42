from typing import Any, TypedDict

__all__ = [
    "ResolvedPhase",
    "ResolvedProfile",
    "Validation",
    "merge_config",
    "validate_config",
    "resolve_profile",
    "resolve_pipeline",
    "resolve_phase_runner",
    "resolve_phase_model",
    "resolve_tier_model",
    "resolve_model",
]

class ResolvedPhase(TypedDict):
    phase: str
    role: str
    runner: str
    model: str

class ResolvedProfile(TypedDict):
    name: str
    profile: dict[str, Any]
    warnings: list[str]

class Validation(TypedDict):
    valid: bool
    errors: list[str]
    message: str

def merge_config(user: dict[str, Any] | None, project: dict[str, Any] | None) -> dict[str, Any]: ...
def validate_config(config: dict[str, Any]) -> Validation: ...
def resolve_profile(config: dict[str, Any] | None = None, feature: dict[str, Any] | None = None, override: str = "") -> ResolvedProfile: ...
def resolve_pipeline(config: dict[str, Any], feature: dict[str, Any] | None = None, profile_name: str = "", manual_runner: str = "", run_overrides: dict[str, dict[str, str]] | None = None) -> list[ResolvedPhase]: ...
def resolve_phase_runner(config: dict[str, Any], phase: str, feature: dict[str, Any] | None = None, profile: dict[str, Any] | None = None, manual: str = "") -> str: ...
def resolve_phase_model(config: dict[str, Any], phase: str, role: str, runner: str, feature: dict[str, Any] | None = None, profile: dict[str, Any] | None = None, manual: str = "") -> str: ...
def resolve_tier_model(config: dict[str, Any], runner: str, tier: str) -> str: ...
def resolve_model(config: dict[str, Any], runner: str, role: str) -> str: ...
