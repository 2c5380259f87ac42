"""Resolution: which profile, phases, runner and model each phase of a feature uses (resolution.md).

Thin typed wrappers over the ``config.*``, ``profile.*``, ``model.*``, ``runner.*``,
``pipeline.*`` and ``limits.*`` ops; every rule lives in the Rust core. Configs and features are
plain dicts with the seed's JSON keys (``.4x/settings.json`` shapes).
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from . import call

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
    """One phase of a resolved pipeline."""

    phase: str
    role: str
    runner: str
    model: str


class ResolvedProfile(TypedDict):
    """The profile a feature runs with (``profile.resolve``)."""

    name: str
    profile: dict[str, Any]
    warnings: list[str]


class Validation(TypedDict):
    """The result of ``config.validate``: every problem, in rule order."""

    valid: bool
    errors: list[str]
    message: str


def merge_config(user: dict[str, Any] | None, project: dict[str, Any] | None) -> dict[str, Any]:
    """The user config under the project config (``config.merge``)."""
    return cast(dict[str, Any], call("config.merge", user=user, project=project)["config"])


def validate_config(config: dict[str, Any]) -> Validation:
    """Every problem of a project config (``config.validate``); never raises for a bad config."""
    return cast(Validation, call("config.validate", config=config))


def resolve_profile(
    config: dict[str, Any] | None = None,
    feature: dict[str, Any] | None = None,
    override: str = "",
) -> ResolvedProfile:
    """The pipeline profile of a feature (``profile.resolve``)."""
    return cast(
        ResolvedProfile, call("profile.resolve", config=config, feature=feature, override=override)
    )


def resolve_pipeline(
    config: dict[str, Any],
    feature: dict[str, Any] | None = None,
    profile_name: str = "",
    manual_runner: str = "",
    run_overrides: dict[str, dict[str, str]] | None = None,
) -> list[ResolvedPhase]:
    """Every enabled phase of a feature's pipeline with its role, runner and model."""
    out = call(
        "pipeline.resolve",
        config=config,
        feature=feature,
        profile_name=profile_name,
        manual_runner=manual_runner,
        run_overrides=run_overrides,
    )
    return cast(list[ResolvedPhase], out["phases"])


def resolve_phase_runner(
    config: dict[str, Any],
    phase: str,
    feature: dict[str, Any] | None = None,
    profile: dict[str, Any] | None = None,
    manual: str = "",
) -> str:
    """The runner of one phase (``runner.resolve_phase``)."""
    out = call(
        "runner.resolve_phase",
        config=config,
        phase=phase,
        feature=feature,
        profile=profile,
        manual=manual,
    )
    return cast(str, out["runner"])


def resolve_phase_model(
    config: dict[str, Any],
    phase: str,
    role: str,
    runner: str,
    feature: dict[str, Any] | None = None,
    profile: dict[str, Any] | None = None,
    manual: str = "",
) -> str:
    """The model of one phase (``model.resolve_phase``)."""
    out = call(
        "model.resolve_phase",
        config=config,
        phase=phase,
        role=role,
        runner=runner,
        feature=feature,
        profile=profile,
        manual=manual,
    )
    return cast(str, out["model"])


def resolve_tier_model(config: dict[str, Any], runner: str, tier: str) -> str:
    """The model of a tier for a runner (``model.resolve_tier``)."""
    return cast(str, call("model.resolve_tier", config=config, runner=runner, tier=tier)["model"])


def resolve_model(config: dict[str, Any], runner: str, role: str) -> str:
    """The model of a role on a runner (``model.resolve``)."""
    return cast(str, call("model.resolve", config=config, runner=runner, role=role)["model"])
