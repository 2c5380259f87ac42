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
    "ArtifactContract",
    "DesignDocSearch",
    "Limits",
    "ManualOverride",
    "ProfileEnables",
    "RoleArtifactView",
    "artifact_contract",
    "notifications_enabled",
    "design_doc_search_order",
    "merge_hooks",
    "resolve_limits",
    "resolve_deep_model",
    "resolve_mini_coder_model",
    "effective_manual",
    "enabled_phases",
    "profile_enables",
    "role_artifact_view",
    "default_profiles",
    "effective_hub_repos",
    "resolve_feature_repo_paths",
    "resolve_repo_paths",
    "supported_runners",
    "supported_runners_map",
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

class ArtifactContract(TypedDict):
    found: bool
    produces: list[str]
    consumes: list[str]

class DesignDocSearch(TypedDict):
    yaml_path: str
    candidates: list[str]

class Limits(TypedDict):
    max_fix_rounds: int
    parallel_reviewers: int
    angles_per_reviewer: int
    max_discovered_features: int

class ManualOverride(TypedDict):
    runner_manual: str
    model_manual: str

class ProfileEnables(TypedDict):
    enables_phase: bool
    has_phase: bool
    enables_role: bool

class RoleArtifactView(TypedDict):
    required: list[str]
    forbidden: list[str]
    absent_upstream: list[str]

def merge_config(user: dict[str, Any] | None, project: dict[str, Any] | None) -> dict[str, Any]: ...
def validate_config(config: dict[str, Any]) -> Validation: ...
def resolve_profile(
    config: dict[str, Any] | None = None,
    feature: dict[str, Any] | None = None,
    override: str = "",
) -> ResolvedProfile: ...
def resolve_pipeline(
    config: dict[str, Any],
    feature: dict[str, Any] | None = None,
    profile_name: str = "",
    manual_runner: str = "",
    run_overrides: dict[str, dict[str, str]] | None = None,
) -> list[ResolvedPhase]: ...
def resolve_phase_runner(
    config: dict[str, Any],
    phase: str,
    feature: dict[str, Any] | None = None,
    profile: dict[str, Any] | None = None,
    manual: str = "",
) -> str: ...
def resolve_phase_model(
    config: dict[str, Any],
    phase: str,
    role: str,
    runner: str,
    feature: dict[str, Any] | None = None,
    profile: dict[str, Any] | None = None,
    manual: str = "",
) -> str: ...
def resolve_tier_model(config: dict[str, Any], runner: str, tier: str) -> str: ...
def resolve_model(config: dict[str, Any], runner: str, role: str) -> str: ...
def artifact_contract(role: str) -> ArtifactContract: ...
def notifications_enabled(config: dict[str, Any]) -> bool: ...
def design_doc_search_order(
    feature: dict[str, Any], doc_type: str, *, extra_dirs: list[str] | None = None
) -> DesignDocSearch: ...
def merge_hooks(
    *, global_: dict[str, Any] | None = None, feature: dict[str, Any] | None = None
) -> dict[str, Any] | None: ...
def resolve_limits(config: dict[str, Any], *, role: str | None = None) -> Limits: ...
def resolve_deep_model(config: dict[str, Any], runner: str, role: str) -> str: ...
def resolve_mini_coder_model(config: dict[str, Any], runner: str, fallback_model: str) -> str: ...
def effective_manual(
    phase: str, *, run_overrides: dict[str, Any] | None = None, manual_runner: str | None = None
) -> ManualOverride: ...
def enabled_phases(profile: dict[str, Any]) -> list[str]: ...
def profile_enables(
    profile: dict[str, Any], *, phase: str | None = None, role: str | None = None
) -> ProfileEnables: ...
def role_artifact_view(profile: dict[str, Any], role: str) -> RoleArtifactView: ...
def default_profiles() -> dict[str, Any]: ...
def effective_hub_repos(config: dict[str, Any]) -> list[str]: ...
def resolve_feature_repo_paths(
    feature: dict[str, Any], config: dict[str, Any], root: str
) -> dict[str, str]: ...
def resolve_repo_paths(config: dict[str, Any], root: str) -> dict[str, str]: ...
def supported_runners() -> list[dict[str, Any]]: ...
def supported_runners_map() -> dict[str, Any]: ...
