"""Every named type of the op catalog: records as ``TypedDict`` (an optional key is
``NotRequired``), tagged unions as ``Union`` aliases, closed word lists as ``Literal`` aliases.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union

from . import enums as _enums

__all__ = [
    "AnglesAllResult",
    "AnglesDefaultMappingResult",
    "AnglesGroupResult",
    "AnglesGroupSelectedResult",
    "AnglesParseSelectionResult",
    "AnglesRenderSelectionResult",
    "AnglesResolveMappingResult",
    "AnglesSelectResult",
    "ArtifactContractResult",
    "BacklogCompareResult",
    "BacklogParseMirrorResult",
    "BlueprintCheckAnchorResult",
    "BlueprintCommitResult",
    "BlueprintCostModeResult",
    "BlueprintCountTokensResult",
    "BlueprintDefaultsResult",
    "BlueprintEvidenceModulesResult",
    "BlueprintFoldResult",
    "BlueprintFormatForDirectorResult",
    "BlueprintGcPlanResult",
    "BlueprintGcResult",
    "BlueprintGraphResult",
    "BlueprintGuardRootResult",
    "BlueprintParseResult",
    "BlueprintProjectIdResult",
    "BlueprintReadModuleResult",
    "BlueprintRenderIndexResult",
    "BlueprintRenderResult",
    "BlueprintRevisionNameResult",
    "BlueprintRevisionPruneResult",
    "BlueprintScanResult",
    "BlueprintStoragePathsResult",
    "BlueprintValidateItemResult",
    "CandidatesConstantsResult",
    "CandidatesDedupeResult",
    "CandidatesLoadResult",
    "CandidatesParseResult",
    "CandidatesRenderResult",
    "CandidatesSaveResult",
    "ConductorApplyResult",
    "ConductorForkResult",
    "ConductorNextResult",
    "ConductorRebuildResult",
    "ConductorResumeResult",
    "ConductorRunScriptResult",
    "ConductorStartResult",
    "ConfigLoadMergedResult",
    "ConfigLoadMergedTextResult",
    "ConfigMergeResult",
    "ConfigNotificationsEnabledResult",
    "ConfigParseResult",
    "ConfigParseUserResult",
    "ConfigReadResult",
    "ConfigReadUserResult",
    "ConfigRenderResult",
    "ConfigRenderUserResult",
    "ConfigUserPathResult",
    "ConfigValidateResult",
    "ConfigWriteResult",
    "ConfigWriteUserResult",
    "DesignDocResolveResult",
    "DesignDocSearchOrderResult",
    "DiscoverDedupeResult",
    "DiscoverParseResult",
    "DiscoverPlanResult",
    "EnumsListResult",
    "EvidenceDiscoverScreenshotsResult",
    "EvidenceGroupScreenshotsResult",
    "EvidenceIsScreenshotFileResult",
    "EvidenceNormalizeScreenshotPathResult",
    "EvidenceParseScreenshotFilenameResult",
    "EvidenceParseVerifyResult",
    "EvidenceRenderVerifyResult",
    "EvidenceScreenshotDirResult",
    "EvidenceScreenshotTargetsResult",
    "EvidenceSortScreenshotsResult",
    "FeatureConstantsResult",
    "FeatureLoadYamlResult",
    "FeatureNextIdResult",
    "FeatureParseYamlResult",
    "FeatureRenderYamlResult",
    "FeatureStatus",
    "FeatureSyncStatusTextResult",
    "FeatureValidateLooseResult",
    "FeatureValidateResult",
    "GuardCheckResult",
    "GuardTestingToAcceptingResult",
    "HooksMergeResult",
    "LimitsResolveResult",
    "MetaCatalogResult",
    "MetaVersionResult",
    "MinerScanEscalationsResult",
    "MinerScanFailPatternsResult",
    "MinerScanStuckResult",
    "ModelConstantsResult",
    "ModelResolveDeepResult",
    "ModelResolveMiniCoderResult",
    "ModelResolvePhaseResult",
    "ModelResolveResult",
    "ModelResolveTierResult",
    "Phase",
    "PhaseIsSelectableResult",
    "PhaseRoleResult",
    "PhaseToStatusResult",
    "PipelineEffectiveManualResult",
    "PipelineResolveResult",
    "ProfileEnabledPhasesResult",
    "ProfileEnablesResult",
    "ProfileResolveResult",
    "ProfileRoleArtifactViewResult",
    "ProfilesDefaultResult",
    "ReportParseIssuesResult",
    "ReposEffectiveHubResult",
    "ReposResolveFeaturePathsResult",
    "ReposResolvePathsResult",
    "RouterActiveWorkflowsResult",
    "RouterAgentsResult",
    "RouterArtifactFreshResult",
    "RouterBuildPromptResult",
    "RouterBuildScopeResult",
    "RouterCheckArtifactResult",
    "RouterCheckMemoryResult",
    "RouterDispatchResult",
    "RouterEditionForVersionResult",
    "RouterEventLineResult",
    "RouterFinalizeMemoryResult",
    "RouterFollowupTasksResult",
    "RouterFormatMarkerResult",
    "RouterFormatPreviousFindingsResult",
    "RouterFormatTaskMetadataResult",
    "RouterIntentReadyResult",
    "RouterJustGoGateResult",
    "RouterLoopGateResult",
    "RouterMemoryEvidenceResult",
    "RouterMemoryTaskResult",
    "RouterMemoryTemplateResult",
    "RouterModelTierResult",
    "RouterNewArtifactResult",
    "RouterNewWorkflowIdResult",
    "RouterParseBrainstormHandoffResult",
    "RouterParseMarkersResult",
    "RouterParseOutputResult",
    "RouterParseReadonlyOutputResult",
    "RouterParseSessionSettingsResult",
    "RouterParseSubjectResult",
    "RouterParseTaskMetadataResult",
    "RouterParseWriteContractResult",
    "RouterPlanTrustGateResult",
    "RouterPreToolUseResult",
    "RouterReconcileVerdictsResult",
    "RouterRemfixCompletionResult",
    "RouterRepairMemoryResult",
    "RouterResolveScopeReplyResult",
    "RouterRouteResult",
    "RouterRunnableTasksResult",
    "RouterScopeDecisionResult",
    "RouterSkillHintsResult",
    "RouterSkillPrecedenceResult",
    "RouterTaskGraphResult",
    "RouterUpdateArtifactResult",
    "RouterValidateWorkflowIdResult",
    "RunnerResolvePhaseResult",
    "RunnersSupportedMapResult",
    "RunnersSupportedResult",
    "SimilarityIsSimilarResult",
    "StateCanTransitionResult",
    "StateConstantsResult",
    "StateDiagramResult",
    "StateFinalizeDoneResult",
    "StatePhaseToRoleResult",
    "StateReconcileActiveResult",
    "StateRecoverToResult",
    "StateShouldStopResult",
    "StateTransitionResult",
    "StateValidateResult",
    "TestStrategyParseResult",
    "UtilHumanSizeResult",
    "WorkspaceAppendEventResult",
    "WorkspaceAtomicWriteFileResult",
    "WorkspaceCheckEventsResult",
    "WorkspaceClaimResult",
    "WorkspaceCleanFeatureResult",
    "WorkspaceCleanableFeaturesResult",
    "WorkspaceClearStopResult",
    "WorkspaceCompareBacklogMirrorResult",
    "WorkspaceConstantsResult",
    "WorkspaceDotDirResult",
    "WorkspaceExportResult",
    "WorkspaceFeatureDirResult",
    "WorkspaceFinalizeDoneResult",
    "WorkspaceFindResult",
    "WorkspaceImportResult",
    "WorkspaceInitFeatureDirResult",
    "WorkspaceInitResult",
    "WorkspaceListFeaturesResult",
    "WorkspaceLoadFeatureResult",
    "WorkspaceParseBaselineResult",
    "WorkspaceParseEscalationResult",
    "WorkspaceParseStateResult",
    "WorkspaceProcessAliveResult",
    "WorkspaceReadBacklogMirrorResult",
    "WorkspaceReadRunFileResult",
    "WorkspaceReadStateResult",
    "WorkspaceReadTestStrategyResult",
    "WorkspaceReconcileActiveResult",
    "WorkspaceReleaseResult",
    "WorkspaceRenderBaselineResult",
    "WorkspaceRenderEscalationResult",
    "WorkspaceRenderEventResult",
    "WorkspaceRenderStateResult",
    "WorkspaceRequestStopResult",
    "WorkspaceResolveFeatureIdResult",
    "WorkspaceResumeListingResult",
    "WorkspaceRoundDirResult",
    "WorkspaceSaveFeatureResult",
    "WorkspaceStopRequestedResult",
    "WorkspaceSyncFeatureStatusResult",
    "WorkspaceTotalCostResult",
    "WorkspaceWorktreePathResult",
    "WorkspaceWriteRunFileResult",
    "WorkspaceWriteStateResult",
]

#: A feature's status in its YAML file.
FeatureStatus: TypeAlias = Literal[
    "not-started",
    "in-progress",
    "done",
    "abandoned",
    "blocked",
    "needs-attention",
    "ready-for-review",
    "draft",
]

#: A phase of the 4x state machine.
Phase: TypeAlias = Literal[
    "init",
    "designing",
    "design-reviewing",
    "coding",
    "reviewing",
    "deep-reviewing",
    "fixing",
    "testing",
    "amending",
    "accepting",
    "pending-review",
    "done",
    "abandoned",
    "blocked",
    "needs-attention",
]


class AnglesAllResult(TypedDict):
    """The result of angles.all."""

    angles: Any
    count: Any


class AnglesDefaultMappingResult(TypedDict):
    """The result of angles.default_mapping."""

    mapping: Any


class AnglesGroupResult(TypedDict):
    """The result of angles.group."""

    groups: Any


class AnglesGroupSelectedResult(TypedDict):
    """The result of angles.group_selected."""

    groups: Any


class AnglesParseSelectionResult(TypedDict):
    """The result of angles.parse_selection."""

    selection: Any


class AnglesRenderSelectionResult(TypedDict):
    """The result of angles.render_selection."""

    text: Any


class AnglesResolveMappingResult(TypedDict):
    """The result of angles.resolve_mapping."""

    mapping: Any


class AnglesSelectResult(TypedDict):
    """The result of angles.select."""

    angles: Any
    matches: Any


class ArtifactContractResult(TypedDict):
    """The result of artifact.contract."""

    found: Any
    produces: Any
    consumes: Any


class BacklogCompareResult(TypedDict):
    """The result of backlog.compare."""

    drift: Any


class BacklogParseMirrorResult(TypedDict):
    """The result of backlog.parse_mirror."""

    mirror: Any


class BlueprintCheckAnchorResult(TypedDict):
    """The result of blueprint.check_anchor."""

    verdict: Any
    why: Any


class BlueprintCommitResult(TypedDict):
    """The result of blueprint.commit."""

    result: Any
    written: Any
    attempts: Any
    store: Any


class BlueprintCostModeResult(TypedDict):
    """The result of blueprint.cost_mode."""

    mode: Any
    expires_at: Any
    expired: Any


class BlueprintCountTokensResult(TypedDict):
    """The result of blueprint.count_tokens."""

    tokens: Any


class BlueprintDefaultsResult(TypedDict):
    """The result of blueprint.defaults."""

    format: Any
    fields: Any
    reasons: Any
    max_submit_items: Any
    revisions_keep: Any
    orphan_retention_days: Any
    default_index_max_tokens: Any
    max_row_edges: Any
    oversize_module_bytes: Any
    max_claim_bytes: Any
    max_where_bytes: Any
    id_hex_len: Any
    cost_mode_boundary_ms: Any
    cost_mode_ttl_s: Any
    costly_min_rescan_interval_s: Any
    manifests: Any
    file_name: Any
    revisions_dir: Any
    storage_subdir: Any


class BlueprintEvidenceModulesResult(TypedDict):
    """The result of blueprint.evidence_modules."""

    modules: Any


class BlueprintFoldResult(TypedDict):
    """The result of blueprint.fold."""

    doc: Any
    result: Any


class BlueprintFormatForDirectorResult(TypedDict):
    """The result of blueprint.format_for_director."""

    line: Any


class BlueprintGcPlanResult(TypedDict):
    """The result of blueprint.gc_plan."""

    doc: Any
    changed: Any
    orphans: Any
    marked: Any
    unmarked: Any
    removable: Any
    removed: Any
    kept_archive_failed: Any


class BlueprintGcResult(TypedDict):
    """The result of blueprint.gc."""

    written: Any
    deferred: Any
    marked: Any
    unmarked: Any
    removed: Any
    kept_archive_failed: Any
    warnings: Any
    store: Any


class BlueprintGraphResult(TypedDict):
    """The result of blueprint.graph."""

    text: Any


class BlueprintGuardRootResult(TypedDict):
    """The result of blueprint.guard_root."""

    allowed: Any
    root: Any
    storage_root: Any
    project_id: Any


class BlueprintParseResult(TypedDict):
    """The result of blueprint.parse."""

    absent: Any
    format: Any
    project_id: Any
    updated: Any
    git_head: Any
    git_branch: Any
    git_dirty: Any
    modules: Any
    counts: Any
    canonical: Any


class BlueprintProjectIdResult(TypedDict):
    """The result of blueprint.project_id."""

    project_id: Any


class BlueprintReadModuleResult(TypedDict):
    """The result of blueprint.read_module."""

    module: Any
    imports: Any
    imported_by: Any
    code_changed: Any
    sections: Any


class BlueprintRenderIndexResult(TypedDict):
    """The result of blueprint.render_index."""

    text: Any
    tokens: Any
    shown: Any
    not_shown: Any
    budget: Any


class BlueprintRenderResult(TypedDict):
    """The result of blueprint.render."""

    text: Any


class BlueprintRevisionNameResult(TypedDict):
    """The result of blueprint.revision_name."""

    name: Any


class BlueprintRevisionPruneResult(TypedDict):
    """The result of blueprint.revision_prune."""

    keep: Any
    delete: Any
    ignored: Any


class BlueprintScanResult(TypedDict):
    """The result of blueprint.scan."""

    modules: Any
    edges: Any
    repo_token: Any
    languages: Any
    oversize: Any


class BlueprintStoragePathsResult(TypedDict):
    """The result of blueprint.storage_paths."""

    dir: Any
    file: Any
    revisions: Any


class BlueprintValidateItemResult(TypedDict):
    """The result of blueprint.validate_item."""

    valid: Any
    id: Any
    reason: Any
    detail: Any


class CandidatesConstantsResult(TypedDict):
    """The result of candidates.constants."""

    pool_version: Any
    default_fail_pattern_threshold: Any
    sources: Any
    learning_categories: Any
    escalation_reasons: Any
    stuck_phases: Any


class CandidatesDedupeResult(TypedDict):
    """The result of candidates.dedupe."""

    candidates: Any


class CandidatesLoadResult(TypedDict):
    """The result of candidates.load."""

    pool: Any


class CandidatesParseResult(TypedDict):
    """The result of candidates.parse."""

    pool: Any


class CandidatesRenderResult(TypedDict):
    """The result of candidates.render."""

    text: Any


class CandidatesSaveResult(TypedDict):
    """The result of candidates.save."""


class ConductorApplyResult(TypedDict):
    """The result of conductor.apply."""

    decision: Any
    state: Any
    loop: Any
    events: Any


class ConductorForkResult(TypedDict):
    """The result of conductor.fork."""

    state: Any
    loop: Any
    decision: Any
    keep: Any


class ConductorNextResult(TypedDict):
    """The result of conductor.next."""

    decision: Any
    state: Any
    loop: Any
    events: Any


class ConductorRebuildResult(TypedDict):
    """The result of conductor.rebuild."""

    state: Any
    loop: Any
    decision: Any
    keep: Any


ConductorResumeResult = TypedDict(
    "ConductorResumeResult",
    {
        "state": Any,
        "manual_phase_consumed": Any,
        "recovered": Any,
        "from": Any,
        "to": Any,
        "sub_phase": Any,
    },
)
ConductorResumeResult.__doc__ = "The result of conductor.resume."


class ConductorRunScriptResult(TypedDict):
    """The result of conductor.run_script."""

    decisions: Any
    events: Any
    state: Any
    loop: Any


class ConductorStartResult(TypedDict):
    """The result of conductor.start."""

    decision: Any
    state: Any
    loop: Any
    events: Any


class ConfigLoadMergedResult(TypedDict):
    """The result of config.load_merged."""

    config: Any
    warnings: Any


class ConfigLoadMergedTextResult(TypedDict):
    """The result of config.load_merged_text."""

    config: Any
    warnings: Any


class ConfigMergeResult(TypedDict):
    """The result of config.merge."""

    config: Any


class ConfigNotificationsEnabledResult(TypedDict):
    """The result of config.notifications_enabled."""

    enabled: Any


class ConfigParseResult(TypedDict):
    """The result of config.parse."""

    config: Any


class ConfigParseUserResult(TypedDict):
    """The result of config.parse_user."""

    config: Any


class ConfigReadResult(TypedDict):
    """The result of config.read."""

    config: Any
    warnings: Any


class ConfigReadUserResult(TypedDict):
    """The result of config.read_user."""

    config: Any


class ConfigRenderResult(TypedDict):
    """The result of config.render."""

    text: Any


class ConfigRenderUserResult(TypedDict):
    """The result of config.render_user."""

    text: Any


class ConfigUserPathResult(TypedDict):
    """The result of config.user_path."""

    path: Any


class ConfigValidateResult(TypedDict):
    """The result of config.validate."""

    valid: Any
    errors: Any
    message: Any


class ConfigWriteResult(TypedDict):
    """The result of config.write."""


class ConfigWriteUserResult(TypedDict):
    """The result of config.write_user."""


class DesignDocResolveResult(TypedDict):
    """The result of design_doc.resolve."""

    content: Any
    source: Any
    found: Any
    warnings: Any


class DesignDocSearchOrderResult(TypedDict):
    """The result of design_doc.search_order."""

    yaml_path: Any
    candidates: Any


class DiscoverDedupeResult(TypedDict):
    """The result of discover.dedupe."""

    features: Any


class DiscoverParseResult(TypedDict):
    """The result of discover.parse."""

    features: Any


class DiscoverPlanResult(TypedDict):
    """The result of discover.plan."""

    features: Any
    capped: Any


class EnumsListResult(TypedDict):
    """The result of enums.list."""

    values: Any


class EvidenceDiscoverScreenshotsResult(TypedDict):
    """The result of evidence.discover_screenshots."""

    groups: Any
    warnings: Any


class EvidenceGroupScreenshotsResult(TypedDict):
    """The result of evidence.group_screenshots."""

    groups: Any
    warnings: Any


class EvidenceIsScreenshotFileResult(TypedDict):
    """The result of evidence.is_screenshot_file."""

    is_screenshot: Any


class EvidenceNormalizeScreenshotPathResult(TypedDict):
    """The result of evidence.normalize_screenshot_path."""

    path: Any


class EvidenceParseScreenshotFilenameResult(TypedDict):
    """The result of evidence.parse_screenshot_filename."""

    step: Any
    description: Any


class EvidenceParseVerifyResult(TypedDict):
    """The result of evidence.parse_verify."""

    verify: Any


class EvidenceRenderVerifyResult(TypedDict):
    """The result of evidence.render_verify."""

    text: Any


class EvidenceScreenshotDirResult(TypedDict):
    """The result of evidence.screenshot_dir."""

    dir: Any


class EvidenceScreenshotTargetsResult(TypedDict):
    """The result of evidence.screenshot_targets."""

    targets: Any


class EvidenceSortScreenshotsResult(TypedDict):
    """The result of evidence.sort_screenshots."""

    screenshots: Any


class FeatureConstantsResult(TypedDict):
    """The result of feature.constants."""

    statuses: Any
    subtask_statuses: Any
    id_pattern: Any
    default_screenshot_dir: Any
    default_on_fail: Any


class FeatureLoadYamlResult(TypedDict):
    """The result of feature.load_yaml."""

    feature: Any


class FeatureNextIdResult(TypedDict):
    """The result of feature.next_id."""

    number: Any
    id: Any
    name: Any
    prefix: Any
    digits: Any


class FeatureParseYamlResult(TypedDict):
    """The result of feature.parse_yaml."""

    feature: Any


class FeatureRenderYamlResult(TypedDict):
    """The result of feature.render_yaml."""

    text: Any


class FeatureSyncStatusTextResult(TypedDict):
    """The result of feature.sync_status_text."""

    changed: Any
    status: Any
    previous_status: Any
    text: Any
    commit: Any


class FeatureValidateLooseResult(TypedDict):
    """The result of feature.validate_loose."""

    warnings: Any


class FeatureValidateResult(TypedDict):
    """The result of feature.validate."""

    valid: Any
    errors: Any
    message: Any


GuardCheckResult = TypedDict(
    "GuardCheckResult",
    {
        "pass": Any,
        "errors": Any,
        "warnings": Any,
        "all_retryable": Any,
        "retryable_errors": Any,
        "self_mod_touched": Any,
        "self_mod_paths": Any,
        "self_mod_diff_lines": Any,
    },
)
GuardCheckResult.__doc__ = "The result of guard.check."


GuardTestingToAcceptingResult = TypedDict(
    "GuardTestingToAcceptingResult",
    {
        "pass": Any,
        "errors": Any,
        "warnings": Any,
        "all_retryable": Any,
        "retryable_errors": Any,
        "self_mod_touched": Any,
        "self_mod_paths": Any,
        "self_mod_diff_lines": Any,
    },
)
GuardTestingToAcceptingResult.__doc__ = "The result of guard.testing_to_accepting."


class HooksMergeResult(TypedDict):
    """The result of hooks.merge."""

    hooks: Any


class LimitsResolveResult(TypedDict):
    """The result of limits.resolve."""

    max_fix_rounds: Any
    parallel_reviewers: Any
    angles_per_reviewer: Any
    max_discovered_features: Any


class MetaCatalogResult(TypedDict):
    """The result of meta.catalog."""

    ops: list[Any]
    types: list[Any]


class MetaVersionResult(TypedDict):
    """The result of meta.version."""

    version: str
    version_number: int


class MinerScanEscalationsResult(TypedDict):
    """The result of miner.scan_escalations."""

    candidates: Any
    warnings: Any


class MinerScanFailPatternsResult(TypedDict):
    """The result of miner.scan_fail_patterns."""

    candidates: Any
    learnings: Any
    warnings: Any


class MinerScanStuckResult(TypedDict):
    """The result of miner.scan_stuck."""

    candidates: Any
    warnings: Any


class ModelConstantsResult(TypedDict):
    """The result of model.constants."""

    tiers: Any
    default_tier: Any
    default_deep_tier: Any


class ModelResolveDeepResult(TypedDict):
    """The result of model.resolve_deep."""

    model: Any


class ModelResolveMiniCoderResult(TypedDict):
    """The result of model.resolve_mini_coder."""

    model: Any


class ModelResolvePhaseResult(TypedDict):
    """The result of model.resolve_phase."""

    model: Any


class ModelResolveResult(TypedDict):
    """The result of model.resolve."""

    model: Any


class ModelResolveTierResult(TypedDict):
    """The result of model.resolve_tier."""

    model: Any


class PhaseIsSelectableResult(TypedDict):
    """The result of phase.is_selectable."""

    selectable: Any


class PhaseRoleResult(TypedDict):
    """The result of phase.role."""

    role: Any


class PhaseToStatusResult(TypedDict):
    """The result of phase.to_status."""

    status: Any


class PipelineEffectiveManualResult(TypedDict):
    """The result of pipeline.effective_manual."""

    runner_manual: Any
    model_manual: Any


class PipelineResolveResult(TypedDict):
    """The result of pipeline.resolve."""

    phases: Any


class ProfileEnabledPhasesResult(TypedDict):
    """The result of profile.enabled_phases."""

    phases: Any


class ProfileEnablesResult(TypedDict):
    """The result of profile.enables."""

    enables_phase: Any
    has_phase: Any
    enables_role: Any


class ProfileResolveResult(TypedDict):
    """The result of profile.resolve."""

    name: Any
    profile: Any
    warnings: Any


class ProfileRoleArtifactViewResult(TypedDict):
    """The result of profile.role_artifact_view."""

    required: Any
    forbidden: Any
    absent_upstream: Any


class ProfilesDefaultResult(TypedDict):
    """The result of profiles.default."""

    profiles: Any


class ReportParseIssuesResult(TypedDict):
    """The result of report.parse_issues."""

    passed: Any
    issues: Any


class ReposEffectiveHubResult(TypedDict):
    """The result of repos.effective_hub."""

    hub_repos: Any


class ReposResolveFeaturePathsResult(TypedDict):
    """The result of repos.resolve_feature_paths."""

    paths: Any


class ReposResolvePathsResult(TypedDict):
    """The result of repos.resolve_paths."""

    paths: Any


class RouterActiveWorkflowsResult(TypedDict):
    """The result of router.active_workflows."""

    active: Any
    legacy: Any
    decision: Any
    selected: Any


class RouterAgentsResult(TypedDict):
    """The result of router.agents."""

    edition: Any
    agents: Any


class RouterArtifactFreshResult(TypedDict):
    """The result of router.artifact_fresh."""

    fresh: Any
    age_seconds: Any


class RouterBuildPromptResult(TypedDict):
    """The result of router.build_prompt."""

    text: Any
    sections: Any
    dropped: Any


class RouterBuildScopeResult(TypedDict):
    """The result of router.build_scope."""

    build_scope: Any
    reason: Any


class RouterCheckArtifactResult(TypedDict):
    """The result of router.check_artifact."""

    workflow_uuid: Any
    workflow_type: Any


class RouterCheckMemoryResult(TypedDict):
    """The result of router.check_memory."""

    missing: Any
    present: Any
    ok: Any


class RouterDispatchResult(TypedDict):
    """The result of router.dispatch."""

    mode: Any
    agent: Any


class RouterEditionForVersionResult(TypedDict):
    """The result of router.edition_for_version."""

    edition: Any
    exact: Any


class RouterEventLineResult(TypedDict):
    """The result of router.event_line."""

    line: Any


class RouterFinalizeMemoryResult(TypedDict):
    """The result of router.finalize_memory."""

    active_context: Any
    progress: Any
    patterns: Any


class RouterFollowupTasksResult(TypedDict):
    """The result of router.followup_tasks."""

    graph: Any
    decision: Any
    creates: Any
    updates: Any
    cycle_number: Any
    loop_increments: Any
    completed_remfix: Any
    build_scope: Any
    memory_unblocked: Any
    stop: Any


class RouterFormatMarkerResult(TypedDict):
    """The result of router.format_marker."""

    text: Any


class RouterFormatPreviousFindingsResult(TypedDict):
    """The result of router.format_previous_findings."""

    text: Any


class RouterFormatTaskMetadataResult(TypedDict):
    """The result of router.format_task_metadata."""

    text: Any


class RouterIntentReadyResult(TypedDict):
    """The result of router.intent_ready."""

    ready: Any
    failed: Any
    action: Any
    pending_gate: Any
    unverifiable: Any


class RouterJustGoGateResult(TypedDict):
    """The result of router.just_go_gate."""

    action: Any
    answer: Any
    log_decision: Any


class RouterLoopGateResult(TypedDict):
    """The result of router.loop_gate."""

    loop: Any
    cap: Any
    count: Any
    allowed: Any
    checkpoint_required: Any


class RouterMemoryEvidenceResult(TypedDict):
    """The result of router.memory_evidence."""

    ok: Any
    gaps: Any


class RouterMemoryTaskResult(TypedDict):
    """The result of router.memory_task."""

    memory_task_id: Any
    marker: Any
    persist_marker: Any
    marker_text: Any


class RouterMemoryTemplateResult(TypedDict):
    """The result of router.memory_template."""

    text: Any


class RouterModelTierResult(TypedDict):
    """The result of router.model_tier."""

    agent: Any
    tier: Any
    recommended: Any
    floor: Any
    floor_applied: Any


class RouterNewArtifactResult(TypedDict):
    """The result of router.new_artifact."""

    artifact: Any


class RouterNewWorkflowIdResult(TypedDict):
    """The result of router.new_workflow_id."""

    workflow_uuid: Any


class RouterParseBrainstormHandoffResult(TypedDict):
    """The result of router.parse_brainstorm_handoff."""

    design_file: Any
    design_summary: Any
    memory_notes: Any


class RouterParseMarkersResult(TypedDict):
    """The result of router.parse_markers."""

    markers: Any
    debug_attempts: Any
    debug_stuck: Any


class RouterParseOutputResult(TypedDict):
    """The result of router.parse_output."""

    kind: Any
    result: Any
    may_advance: Any


class RouterParseReadonlyOutputResult(TypedDict):
    """The result of router.parse_readonly_output."""

    agent: Any
    source: Any
    envelope_error: Any
    heading_status: Any
    reported_status: Any
    status: Any
    blocking: Any
    critical_issues: Any
    critical_count: Any
    intent: Any
    checks: Any
    needs_inline_verification: Any
    passes: Any
    memory_notes: Any
    self_remediated: Any
    remediation_source: Any
    blocking_findings: Any
    scenarios: Any
    adjudication: Any


class RouterParseSessionSettingsResult(TypedDict):
    """The result of router.parse_session_settings."""

    section_found: Any
    auto_proceed: Any
    just_go: Any
    diff_driven_docs_skip: Any


RouterParseSubjectResult = TypedDict(
    "RouterParseSubjectResult",
    {
        "class": Any,
        "workflow": Any,
        "agent": Any,
        "summary": Any,
    },
)
RouterParseSubjectResult.__doc__ = "The result of router.parse_subject."


class RouterParseTaskMetadataResult(TypedDict):
    """The result of router.parse_task_metadata."""

    wf: Any
    kind: Any
    origin: Any
    phase: Any
    plan: Any
    scope: Any
    reason: Any
    body: Any
    canonical: Any


class RouterParseWriteContractResult(TypedDict):
    """The result of router.parse_write_contract."""

    agent: Any
    status: Any
    claims_pass: Any
    passed: Any
    violations: Any
    soft_pass: Any
    memory_notes: Any
    fields: Any
    escalate_to_full: Any


class RouterPlanTrustGateResult(TypedDict):
    """The result of router.plan_trust_gate."""

    passed: Any
    plan: Any
    failed: Any
    action: Any
    pending_gate: Any
    unresolved_decisions: Any
    phases_without_exit_criteria: Any


class RouterPreToolUseResult(TypedDict):
    """The result of router.pre_tool_use."""

    decision: Any
    guard: Any
    reason: Any
    consume_approval: Any


class RouterReconcileVerdictsResult(TypedDict):
    """The result of router.reconcile_verdicts."""

    outcome: Any
    contradiction: Any
    authoritative: Any


class RouterRemfixCompletionResult(TypedDict):
    """The result of router.remfix_completion."""

    earlier_cycles: Any
    cap: Any
    allowed: Any
    history_missing: Any


class RouterRepairMemoryResult(TypedDict):
    """The result of router.repair_memory."""

    text: Any
    inserted: Any
    placement: Any


class RouterResolveScopeReplyResult(TypedDict):
    """The result of router.resolve_scope_reply."""

    scope: Any


class RouterRouteResult(TypedDict):
    """The result of router.route."""

    workflow: Any
    signal: Any
    priority: Any
    matched: Any
    chain: Any
    announcement: Any
    override: Any
    matches: Any


class RouterRunnableTasksResult(TypedDict):
    """The result of router.runnable_tasks."""

    workflow_id: Any
    parent: Any
    tasks: Any
    runnable: Any
    parallel: Any
    waiting: Any
    ask_user: Any
    invalid: Any
    next_action: Any


class RouterScopeDecisionResult(TypedDict):
    """The result of router.scope_decision."""

    pending: Any
    action: Any
    scope: Any
    wf: Any
    reason: Any
    active_context: Any
    options: Any
    followup: Any
    stop: Any


class RouterSkillHintsResult(TypedDict):
    """The result of router.skill_hints."""

    hints: Any


class RouterSkillPrecedenceResult(TypedDict):
    """The result of router.skill_precedence."""

    order: Any
    winner: Any


class RouterTaskGraphResult(TypedDict):
    """The result of router.task_graph."""

    workflow: Any
    parent_phase: Any
    build_scope: Any
    nodes: Any


class RouterUpdateArtifactResult(TypedDict):
    """The result of router.update_artifact."""

    artifact: Any
    text: Any


class RouterValidateWorkflowIdResult(TypedDict):
    """The result of router.validate_workflow_id."""

    workflow_uuid: Any
    timestamp: Any
    nonce: Any


class RunnerResolvePhaseResult(TypedDict):
    """The result of runner.resolve_phase."""

    runner: Any


class RunnersSupportedMapResult(TypedDict):
    """The result of runners.supported_map."""

    runners: Any


class RunnersSupportedResult(TypedDict):
    """The result of runners.supported."""

    runners: Any


class SimilarityIsSimilarResult(TypedDict):
    """The result of similarity.is_similar."""

    similar: Any


class StateCanTransitionResult(TypedDict):
    """The result of state.can_transition."""

    allowed: Any


class StateConstantsResult(TypedDict):
    """The result of state.constants."""

    max_guard_retries: Any
    no_progress_limit: Any


class StateDiagramResult(TypedDict):
    """The result of state.diagram."""

    text: Any


class StateFinalizeDoneResult(TypedDict):
    """The result of state.finalize_done."""

    state: Any


class StatePhaseToRoleResult(TypedDict):
    """The result of state.phase_to_role."""

    role: Any


class StateReconcileActiveResult(TypedDict):
    """The result of state.reconcile_active."""

    state: Any
    changed: Any


class StateRecoverToResult(TypedDict):
    """The result of state.recover_to."""

    state: Any


class StateShouldStopResult(TypedDict):
    """The result of state.should_stop."""

    stop: Any
    reason: Any


class StateTransitionResult(TypedDict):
    """The result of state.transition."""

    state: Any


class StateValidateResult(TypedDict):
    """The result of state.validate."""

    valid: Any
    errors: Any
    message: Any


class TestStrategyParseResult(TypedDict):
    """The result of test_strategy.parse."""

    test_strategy: Any


class UtilHumanSizeResult(TypedDict):
    """The result of util.human_size."""

    text: Any


class WorkspaceAppendEventResult(TypedDict):
    """The result of workspace.append_event."""

    event: Any


class WorkspaceAtomicWriteFileResult(TypedDict):
    """The result of workspace.atomic_write_file."""


class WorkspaceCheckEventsResult(TypedDict):
    """The result of workspace.check_events."""

    lines: Any
    events: Any
    warnings: Any


class WorkspaceClaimResult(TypedDict):
    """The result of workspace.claim."""

    granted: Any
    lease: Any
    holder: Any
    expires_in_ms: Any


class WorkspaceCleanFeatureResult(TypedDict):
    """The result of workspace.clean_feature."""

    freed_bytes: Any


class WorkspaceCleanableFeaturesResult(TypedDict):
    """The result of workspace.cleanable_features."""

    candidates: Any


class WorkspaceClearStopResult(TypedDict):
    """The result of workspace.clear_stop."""


class WorkspaceCompareBacklogMirrorResult(TypedDict):
    """The result of workspace.compare_backlog_mirror."""

    drift: Any
    warnings: Any


class WorkspaceConstantsResult(TypedDict):
    """The result of workspace.constants."""

    constants: Any


class WorkspaceDotDirResult(TypedDict):
    """The result of workspace.dot_dir."""

    path: Any


class WorkspaceExportResult(TypedDict):
    """The result of workspace.export."""

    features: Any


class WorkspaceFeatureDirResult(TypedDict):
    """The result of workspace.feature_dir."""

    path: Any


class WorkspaceFinalizeDoneResult(TypedDict):
    """The result of workspace.finalize_done."""

    state: Any
    warnings: Any
    commit: Any


class WorkspaceFindResult(TypedDict):
    """The result of workspace.find."""

    root: Any


class WorkspaceImportResult(TypedDict):
    """The result of workspace.import."""

    features: Any


class WorkspaceInitFeatureDirResult(TypedDict):
    """The result of workspace.init_feature_dir."""

    path: Any


class WorkspaceInitResult(TypedDict):
    """The result of workspace.init."""


class WorkspaceListFeaturesResult(TypedDict):
    """The result of workspace.list_features."""

    features: Any
    warnings: Any


class WorkspaceLoadFeatureResult(TypedDict):
    """The result of workspace.load_feature."""

    feature: Any


class WorkspaceParseBaselineResult(TypedDict):
    """The result of workspace.parse_baseline."""

    baseline: Any


class WorkspaceParseEscalationResult(TypedDict):
    """The result of workspace.parse_escalation."""

    escalation: Any


class WorkspaceParseStateResult(TypedDict):
    """The result of workspace.parse_state."""

    state: Any


class WorkspaceProcessAliveResult(TypedDict):
    """The result of workspace.process_alive."""

    alive: Any


class WorkspaceReadBacklogMirrorResult(TypedDict):
    """The result of workspace.read_backlog_mirror."""

    present: Any
    mirror: Any


class WorkspaceReadRunFileResult(TypedDict):
    """The result of workspace.read_run_file."""

    present: Any
    value: Any


class WorkspaceReadStateResult(TypedDict):
    """The result of workspace.read_state."""

    state: Any


class WorkspaceReadTestStrategyResult(TypedDict):
    """The result of workspace.read_test_strategy."""

    test_strategy: Any
    present: Any


class WorkspaceReconcileActiveResult(TypedDict):
    """The result of workspace.reconcile_active."""

    state: Any
    changed: Any


class WorkspaceReleaseResult(TypedDict):
    """The result of workspace.release."""


class WorkspaceRenderBaselineResult(TypedDict):
    """The result of workspace.render_baseline."""

    text: Any


class WorkspaceRenderEscalationResult(TypedDict):
    """The result of workspace.render_escalation."""

    text: Any


class WorkspaceRenderEventResult(TypedDict):
    """The result of workspace.render_event."""

    line: Any


class WorkspaceRenderStateResult(TypedDict):
    """The result of workspace.render_state."""

    text: Any


class WorkspaceRequestStopResult(TypedDict):
    """The result of workspace.request_stop."""


class WorkspaceResolveFeatureIdResult(TypedDict):
    """The result of workspace.resolve_feature_id."""

    feature_id: Any


class WorkspaceResumeListingResult(TypedDict):
    """The result of workspace.resume_listing."""

    state: Any
    feature_files: Any
    round_files: Any


class WorkspaceRoundDirResult(TypedDict):
    """The result of workspace.round_dir."""

    path: Any


class WorkspaceSaveFeatureResult(TypedDict):
    """The result of workspace.save_feature."""

    path: Any


class WorkspaceStopRequestedResult(TypedDict):
    """The result of workspace.stop_requested."""

    requested: Any


class WorkspaceSyncFeatureStatusResult(TypedDict):
    """The result of workspace.sync_feature_status."""

    changed: Any
    status: Any
    previous_status: Any
    commit: Any


class WorkspaceTotalCostResult(TypedDict):
    """The result of workspace.total_cost."""

    total_cost_usd: Any


class WorkspaceWorktreePathResult(TypedDict):
    """The result of workspace.worktree_path."""

    worktree_path: Any


class WorkspaceWriteRunFileResult(TypedDict):
    """The result of workspace.write_run_file."""

    path: Any


class WorkspaceWriteStateResult(TypedDict):
    """The result of workspace.write_state."""

    state: Any
