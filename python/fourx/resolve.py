"""Resolution: which profile, phases, runner and model each phase of a feature uses (resolution.md).

Thin typed wrappers over the ``config.*``, ``profile.*``, ``model.*``, ``runner.*``,
``pipeline.*`` and ``limits.*`` ops; every rule lives in the Rust core. Configs and features are
plain dicts with the seed's JSON keys (``.4x/settings.json`` shapes).
"""

from __future__ import annotations

from collections.abc import Mapping

from typing import Any, cast

from ._ops import StrPath, forward
from ._api import (
    artifact_contract as artifact_contract,
    config_validate as validate_config,
    design_doc_search_order as design_doc_search_order,
    limits_resolve as resolve_limits,
    pipeline_effective_manual as effective_manual,
    profile_enables as profile_enables,
    profile_role_artifact_view as role_artifact_view,
)
from ._types import (
    ArtifactContract,
    DesignDocSearch,
    Limits,
    ManualOverride,
    ProfileEnables,
    ResolvedProfile,
    RoleArtifactView,
    Validation,
)
from . import _api
from ._types import (
    ResolvedPhase,
)

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


def merge_config(user: Mapping[str, Any] | None, project: Mapping[str, Any] | None) -> dict[str, Any]:
    """The user config under the project config (``config.merge``)."""
    return cast(dict[str, Any], _api.config_merge(user=user, project=project)["config"])


def resolve_profile(
    config: Mapping[str, Any] | None = None,
    feature: Mapping[str, Any] | None = None,
    override: str = "",
) -> ResolvedProfile:
    """The pipeline profile of a feature (``profile.resolve``)."""
    return _api.profile_resolve(config=config, feature=feature, override=override)


def resolve_pipeline(
    config: Mapping[str, Any],
    feature: Mapping[str, Any] | None = None,
    profile_name: str = "",
    manual_runner: str = "",
    run_overrides: dict[str, Mapping[str, str]] | None = None,
) -> list[ResolvedPhase]:
    """Every enabled phase of a feature's pipeline with its role, runner and model."""
    out = _api.pipeline_resolve(
        config=config,
        feature=feature,
        profile_name=profile_name,
        manual_runner=manual_runner,
        run_overrides=run_overrides,
    )
    return out["phases"]


def resolve_phase_runner(
    config: Mapping[str, Any],
    phase: str,
    feature: Mapping[str, Any] | None = None,
    profile: Mapping[str, Any] | None = None,
    manual: str = "",
) -> str:
    """The runner of one phase (``runner.resolve_phase``)."""
    out = _api.runner_resolve_phase(
        config=config, phase=phase, feature=feature, profile=profile, manual=manual
    )
    return out["runner"]


def resolve_phase_model(
    config: Mapping[str, Any],
    phase: str,
    role: str,
    runner: str,
    feature: Mapping[str, Any] | None = None,
    profile: Mapping[str, Any] | None = None,
    manual: str = "",
) -> str:
    """The model of one phase (``model.resolve_phase``)."""
    out = _api.model_resolve_phase(
        config=config,
        phase=phase,
        role=role,
        runner=runner,
        feature=feature,
        profile=profile,
        manual=manual,
    )
    return out["model"]


def resolve_tier_model(config: Mapping[str, Any], runner: str, tier: str) -> str:
    """The model of a tier for a runner (``model.resolve_tier``)."""
    return _api.model_resolve_tier(config=config, runner=runner, tier=tier)["model"]


def resolve_model(config: Mapping[str, Any], runner: str, role: str) -> str:
    """The model of a role on a runner (``model.resolve``)."""
    return _api.model_resolve(config=config, runner=runner, role=role)["model"]


def notifications_enabled(config: Mapping[str, Any]) -> bool:
    """Whether OS notifications are on (unset means on) (``config.notifications_enabled``)."""
    enabled: bool = _api.config_notifications_enabled(config=config)["enabled"]
    return enabled


def merge_hooks(
    *, global_: Mapping[str, Any] | None = None, feature: Mapping[str, Any] | None = None
) -> dict[str, Any] | None:
    """Global hooks with feature hook points replacing whole lists (null when both are unset) (``hooks.merge``)."""
    merged = _api.hooks_merge(global_=global_, feature=feature)
    hooks: dict[str, Any] | None = merged["hooks"]
    return hooks


def resolve_deep_model(config: Mapping[str, Any], runner: str, role: str) -> str:
    """The deep model of a role, or "" when it sets no deep_model (``model.resolve_deep``)."""
    model: str = _api.model_resolve_deep(config=config, runner=runner, role=role)[
        "model"
    ]
    return model


def resolve_mini_coder_model(config: Mapping[str, Any], runner: str, fallback_model: str) -> str:
    """The mini-coder's model, or the fallback model when unset (``model.resolve_mini_coder``)."""
    model: str = _api.model_resolve_mini_coder(
        config=config, runner=runner, fallback_model=fallback_model
    )["model"]
    return model


def enabled_phases(profile: Mapping[str, Any]) -> list[str]:
    """The selectable phases a profile enables, in canonical order (``profile.enabled_phases``)."""
    phases: list[str] = _api.profile_enabled_phases(profile=profile)["phases"]
    return phases


def default_profiles() -> dict[str, Any]:
    """The built-in pipeline profiles (full, lite, normal, quick) (``profiles.default``)."""
    profiles: dict[str, Any] = _api.profiles_default()["profiles"]
    return profiles


def effective_hub_repos(config: Mapping[str, Any]) -> list[str]:
    """The hub repos: hub_repos in order, then workspace repos marked hub (``repos.effective_hub``)."""
    hub_repos: list[str] = _api.repos_effective_hub(config=config)["hub_repos"]
    return hub_repos


def resolve_feature_repo_paths(
    feature: Mapping[str, Any], config: Mapping[str, Any], root: StrPath
) -> dict[str, str]:
    """The paths of the repos a feature names (all when it names none) (``repos.resolve_feature_paths``)."""
    paths: dict[str, str] = _api.repos_resolve_feature_paths(
        feature=feature, config=config, root=root
    )["paths"]
    return paths


def resolve_repo_paths(config: Mapping[str, Any], root: StrPath) -> dict[str, str]:
    """Each workspace repo's path joined under root ({".": root} without repos) (``repos.resolve_paths``)."""
    paths: dict[str, str] = _api.repos_resolve_paths(config=config, root=root)["paths"]
    return paths


def supported_runners() -> list[dict[str, Any]]:
    """The built-in runner presets, in their fixed order (``runners.supported``)."""
    runners: list[dict[str, Any]] = forward("runners.supported", {})["runners"]
    return runners


def supported_runners_map() -> dict[str, Any]:
    """The built-in runner presets by name (``runners.supported_map``)."""
    runners: dict[str, Any] = _api.runners_supported_map()["runners"]
    return runners
