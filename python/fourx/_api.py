"""One typed function per op of the catalog, named ``<area>_<verb>`` (``conductor.apply`` ->
:func:`conductor_apply`).

Required keys are positional, in the catalog's order; optional keys are keyword-only and
``None`` means absent (the op applies its default, named in the docstring). Path keys take a
``str`` or ``os.PathLike[str]`` (made absolute), time keys an aware ``datetime`` or RFC 3339 text,
record keys the ``TypedDict`` of :mod:`fourx._types` or any mapping. The public modules import
these; ``HAND_WRITTEN`` names the public wrappers written by hand and the behaviour each adds.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from . import _types
from . import enums as _enums
from ._ops import StrPath, Time, forward, path_arg
from ._types import (
    AnglesAllResult,
    AnglesDefaultMappingResult,
    AnglesGroupResult,
    AnglesGroupSelectedResult,
    AnglesParseSelectionResult,
    AnglesRenderSelectionResult,
    AnglesResolveMappingResult,
    AnglesSelectResult,
    ArtifactContractResult,
    BacklogCompareResult,
    BacklogParseMirrorResult,
    BlueprintCheckAnchorResult,
    BlueprintCommitResult,
    BlueprintCostModeResult,
    BlueprintCountTokensResult,
    BlueprintDefaultsResult,
    BlueprintEvidenceModulesResult,
    BlueprintFoldResult,
    BlueprintFormatForDirectorResult,
    BlueprintGcPlanResult,
    BlueprintGcResult,
    BlueprintGraphResult,
    BlueprintGuardRootResult,
    BlueprintParseResult,
    BlueprintProjectIdResult,
    BlueprintReadModuleResult,
    BlueprintRenderIndexResult,
    BlueprintRenderResult,
    BlueprintRevisionNameResult,
    BlueprintRevisionPruneResult,
    BlueprintScanResult,
    BlueprintStoragePathsResult,
    BlueprintValidateItemResult,
    CandidatesConstantsResult,
    CandidatesDedupeResult,
    CandidatesLoadResult,
    CandidatesParseResult,
    CandidatesRenderResult,
    CandidatesSaveResult,
    ConductorApplyResult,
    ConductorForkResult,
    ConductorNextResult,
    ConductorRebuildResult,
    ConductorResumeResult,
    ConductorRunScriptResult,
    ConductorStartResult,
    ConfigLoadMergedResult,
    ConfigLoadMergedTextResult,
    ConfigMergeResult,
    ConfigNotificationsEnabledResult,
    ConfigParseResult,
    ConfigParseUserResult,
    ConfigReadResult,
    ConfigReadUserResult,
    ConfigRenderResult,
    ConfigRenderUserResult,
    ConfigUserPathResult,
    ConfigValidateResult,
    ConfigWriteResult,
    ConfigWriteUserResult,
    DesignDocResolveResult,
    DesignDocSearchOrderResult,
    DiscoverDedupeResult,
    DiscoverParseResult,
    DiscoverPlanResult,
    EnumsListResult,
    EvidenceDiscoverScreenshotsResult,
    EvidenceGroupScreenshotsResult,
    EvidenceIsScreenshotFileResult,
    EvidenceNormalizeScreenshotPathResult,
    EvidenceParseScreenshotFilenameResult,
    EvidenceParseVerifyResult,
    EvidenceRenderVerifyResult,
    EvidenceScreenshotDirResult,
    EvidenceScreenshotTargetsResult,
    EvidenceSortScreenshotsResult,
    FeatureConstantsResult,
    FeatureLoadYamlResult,
    FeatureNextIdResult,
    FeatureParseYamlResult,
    FeatureRenderYamlResult,
    FeatureSyncStatusTextResult,
    FeatureValidateLooseResult,
    FeatureValidateResult,
    GuardCheckResult,
    GuardTestingToAcceptingResult,
    HooksMergeResult,
    LimitsResolveResult,
    MetaCatalogResult,
    MetaVersionResult,
    MinerScanEscalationsResult,
    MinerScanFailPatternsResult,
    MinerScanStuckResult,
    ModelConstantsResult,
    ModelResolveDeepResult,
    ModelResolveMiniCoderResult,
    ModelResolvePhaseResult,
    ModelResolveResult,
    ModelResolveTierResult,
    PhaseIsSelectableResult,
    PhaseRoleResult,
    PhaseToStatusResult,
    PipelineEffectiveManualResult,
    PipelineResolveResult,
    ProfileEnabledPhasesResult,
    ProfileEnablesResult,
    ProfileResolveResult,
    ProfileRoleArtifactViewResult,
    ProfilesDefaultResult,
    ReportParseIssuesResult,
    ReposEffectiveHubResult,
    ReposResolveFeaturePathsResult,
    ReposResolvePathsResult,
    RouterActiveWorkflowsResult,
    RouterAgentsResult,
    RouterArtifactFreshResult,
    RouterBuildPromptResult,
    RouterBuildScopeResult,
    RouterCheckArtifactResult,
    RouterCheckMemoryResult,
    RouterDispatchResult,
    RouterEditionForVersionResult,
    RouterEventLineResult,
    RouterFinalizeMemoryResult,
    RouterFollowupTasksResult,
    RouterFormatMarkerResult,
    RouterFormatPreviousFindingsResult,
    RouterFormatTaskMetadataResult,
    RouterIntentReadyResult,
    RouterJustGoGateResult,
    RouterLoopGateResult,
    RouterMemoryEvidenceResult,
    RouterMemoryTaskResult,
    RouterMemoryTemplateResult,
    RouterModelTierResult,
    RouterNewArtifactResult,
    RouterNewWorkflowIdResult,
    RouterParseBrainstormHandoffResult,
    RouterParseMarkersResult,
    RouterParseOutputResult,
    RouterParseReadonlyOutputResult,
    RouterParseSessionSettingsResult,
    RouterParseSubjectResult,
    RouterParseTaskMetadataResult,
    RouterParseWriteContractResult,
    RouterPlanTrustGateResult,
    RouterPreToolUseResult,
    RouterReconcileVerdictsResult,
    RouterRemfixCompletionResult,
    RouterRepairMemoryResult,
    RouterResolveScopeReplyResult,
    RouterRouteResult,
    RouterRunnableTasksResult,
    RouterScopeDecisionResult,
    RouterSkillHintsResult,
    RouterSkillPrecedenceResult,
    RouterTaskGraphResult,
    RouterUpdateArtifactResult,
    RouterValidateWorkflowIdResult,
    RunnerResolvePhaseResult,
    RunnersSupportedMapResult,
    RunnersSupportedResult,
    SimilarityIsSimilarResult,
    StateCanTransitionResult,
    StateConstantsResult,
    StateDiagramResult,
    StateFinalizeDoneResult,
    StatePhaseToRoleResult,
    StateReconcileActiveResult,
    StateRecoverToResult,
    StateShouldStopResult,
    StateTransitionResult,
    StateValidateResult,
    TestStrategyParseResult,
    UtilHumanSizeResult,
    WorkspaceAppendEventResult,
    WorkspaceAtomicWriteFileResult,
    WorkspaceCheckEventsResult,
    WorkspaceClaimResult,
    WorkspaceCleanFeatureResult,
    WorkspaceCleanableFeaturesResult,
    WorkspaceClearStopResult,
    WorkspaceCompareBacklogMirrorResult,
    WorkspaceConstantsResult,
    WorkspaceDotDirResult,
    WorkspaceExportResult,
    WorkspaceFeatureDirResult,
    WorkspaceFinalizeDoneResult,
    WorkspaceFindResult,
    WorkspaceImportResult,
    WorkspaceInitFeatureDirResult,
    WorkspaceInitResult,
    WorkspaceListFeaturesResult,
    WorkspaceLoadFeatureResult,
    WorkspaceParseBaselineResult,
    WorkspaceParseEscalationResult,
    WorkspaceParseStateResult,
    WorkspaceProcessAliveResult,
    WorkspaceReadBacklogMirrorResult,
    WorkspaceReadRunFileResult,
    WorkspaceReadStateResult,
    WorkspaceReadTestStrategyResult,
    WorkspaceReconcileActiveResult,
    WorkspaceReleaseResult,
    WorkspaceRenderBaselineResult,
    WorkspaceRenderEscalationResult,
    WorkspaceRenderEventResult,
    WorkspaceRenderStateResult,
    WorkspaceRequestStopResult,
    WorkspaceResolveFeatureIdResult,
    WorkspaceResumeListingResult,
    WorkspaceRoundDirResult,
    WorkspaceSaveFeatureResult,
    WorkspaceStopRequestedResult,
    WorkspaceSyncFeatureStatusResult,
    WorkspaceTotalCostResult,
    WorkspaceWorktreePathResult,
    WorkspaceWriteRunFileResult,
    WorkspaceWriteStateResult,
)

__all__ = [
    "HAND_WRITTEN",
    "angles_all",
    "angles_default_mapping",
    "angles_group",
    "angles_group_selected",
    "angles_parse_selection",
    "angles_render_selection",
    "angles_resolve_mapping",
    "angles_select",
    "artifact_contract",
    "backlog_compare",
    "backlog_parse_mirror",
    "blueprint_check_anchor",
    "blueprint_commit",
    "blueprint_cost_mode",
    "blueprint_count_tokens",
    "blueprint_defaults",
    "blueprint_evidence_modules",
    "blueprint_fold",
    "blueprint_format_for_director",
    "blueprint_gc",
    "blueprint_gc_plan",
    "blueprint_graph",
    "blueprint_guard_root",
    "blueprint_parse",
    "blueprint_project_id",
    "blueprint_read_module",
    "blueprint_render",
    "blueprint_render_index",
    "blueprint_revision_name",
    "blueprint_revision_prune",
    "blueprint_scan",
    "blueprint_storage_paths",
    "blueprint_validate_item",
    "candidates_constants",
    "candidates_dedupe",
    "candidates_load",
    "candidates_parse",
    "candidates_render",
    "candidates_save",
    "conductor_apply",
    "conductor_fork",
    "conductor_next",
    "conductor_rebuild",
    "conductor_resume",
    "conductor_run_script",
    "conductor_start",
    "config_load_merged",
    "config_load_merged_text",
    "config_merge",
    "config_notifications_enabled",
    "config_parse",
    "config_parse_user",
    "config_read",
    "config_read_user",
    "config_render",
    "config_render_user",
    "config_user_path",
    "config_validate",
    "config_write",
    "config_write_user",
    "design_doc_resolve",
    "design_doc_search_order",
    "discover_dedupe",
    "discover_parse",
    "discover_plan",
    "enums_list",
    "evidence_discover_screenshots",
    "evidence_group_screenshots",
    "evidence_is_screenshot_file",
    "evidence_normalize_screenshot_path",
    "evidence_parse_screenshot_filename",
    "evidence_parse_verify",
    "evidence_render_verify",
    "evidence_screenshot_dir",
    "evidence_screenshot_targets",
    "evidence_sort_screenshots",
    "feature_constants",
    "feature_load_yaml",
    "feature_next_id",
    "feature_parse_yaml",
    "feature_render_yaml",
    "feature_sync_status_text",
    "feature_validate",
    "feature_validate_loose",
    "guard_check",
    "guard_testing_to_accepting",
    "hooks_merge",
    "limits_resolve",
    "meta_catalog",
    "meta_version",
    "miner_scan_escalations",
    "miner_scan_fail_patterns",
    "miner_scan_stuck",
    "model_constants",
    "model_resolve",
    "model_resolve_deep",
    "model_resolve_mini_coder",
    "model_resolve_phase",
    "model_resolve_tier",
    "phase_is_selectable",
    "phase_role",
    "phase_to_status",
    "pipeline_effective_manual",
    "pipeline_resolve",
    "profile_enabled_phases",
    "profile_enables",
    "profile_resolve",
    "profile_role_artifact_view",
    "profiles_default",
    "report_parse_issues",
    "repos_effective_hub",
    "repos_resolve_feature_paths",
    "repos_resolve_paths",
    "router_active_workflows",
    "router_agents",
    "router_artifact_fresh",
    "router_build_prompt",
    "router_build_scope",
    "router_check_artifact",
    "router_check_memory",
    "router_dispatch",
    "router_edition_for_version",
    "router_event_line",
    "router_finalize_memory",
    "router_followup_tasks",
    "router_format_marker",
    "router_format_previous_findings",
    "router_format_task_metadata",
    "router_intent_ready",
    "router_just_go_gate",
    "router_loop_gate",
    "router_memory_evidence",
    "router_memory_task",
    "router_memory_template",
    "router_model_tier",
    "router_new_artifact",
    "router_new_workflow_id",
    "router_parse_brainstorm_handoff",
    "router_parse_markers",
    "router_parse_output",
    "router_parse_readonly_output",
    "router_parse_session_settings",
    "router_parse_subject",
    "router_parse_task_metadata",
    "router_parse_write_contract",
    "router_plan_trust_gate",
    "router_pre_tool_use",
    "router_reconcile_verdicts",
    "router_remfix_completion",
    "router_repair_memory",
    "router_resolve_scope_reply",
    "router_route",
    "router_runnable_tasks",
    "router_scope_decision",
    "router_skill_hints",
    "router_skill_precedence",
    "router_task_graph",
    "router_update_artifact",
    "router_validate_workflow_id",
    "runner_resolve_phase",
    "runners_supported",
    "runners_supported_map",
    "similarity_is_similar",
    "state_can_transition",
    "state_constants",
    "state_diagram",
    "state_finalize_done",
    "state_phase_to_role",
    "state_reconcile_active",
    "state_recover_to",
    "state_should_stop",
    "state_transition",
    "state_validate",
    "test_strategy_parse",
    "util_human_size",
    "workspace_append_event",
    "workspace_atomic_write_file",
    "workspace_check_events",
    "workspace_claim",
    "workspace_clean_feature",
    "workspace_cleanable_features",
    "workspace_clear_stop",
    "workspace_compare_backlog_mirror",
    "workspace_constants",
    "workspace_dot_dir",
    "workspace_export",
    "workspace_feature_dir",
    "workspace_finalize_done",
    "workspace_find",
    "workspace_import",
    "workspace_init",
    "workspace_init_feature_dir",
    "workspace_list_features",
    "workspace_load_feature",
    "workspace_parse_baseline",
    "workspace_parse_escalation",
    "workspace_parse_state",
    "workspace_process_alive",
    "workspace_read_backlog_mirror",
    "workspace_read_run_file",
    "workspace_read_state",
    "workspace_read_test_strategy",
    "workspace_reconcile_active",
    "workspace_release",
    "workspace_render_baseline",
    "workspace_render_escalation",
    "workspace_render_event",
    "workspace_render_state",
    "workspace_request_stop",
    "workspace_resolve_feature_id",
    "workspace_resume_listing",
    "workspace_round_dir",
    "workspace_save_feature",
    "workspace_stop_requested",
    "workspace_sync_feature_status",
    "workspace_total_cost",
    "workspace_worktree_path",
    "workspace_write_run_file",
    "workspace_write_state",
]

#: The public wrappers written by hand (each adds behaviour a generated function does not
#: have): Python name -> (op, the behaviour). Every other op's public function is its
#: generated one.
HAND_WRITTEN: dict[str, tuple[str, str]] = {
    "fourx.catalog": ("meta.catalog", "returns the result's `ops`"),
    "fourx.router.check_memory": ("router.check_memory", "TODO 2"),
    "fourx.router.repair_memory": ("router.repair_memory", "TODO 2"),
    "fourx.router.memory_template": ("router.memory_template", "returns the result's `text`"),
    "fourx.router.just_go_gate": ("router.just_go_gate", "takes `recommended` by position"),
    "fourx.router.skill_hints": ("router.skill_hints", "returns the result's `hints`"),
    "fourx.router.skill_precedence": ("router.skill_precedence", "TODO 2"),
    "fourx.router.format_previous_findings": ("router.format_previous_findings", "returns the result's `text`; takes `hunter` by position"),
    "fourx.router.build_prompt": ("router.build_prompt", "TODO 3"),
    "fourx.router.active_workflows": ("router.active_workflows", "TODO 3"),
    "fourx.router.runnable_tasks": ("router.runnable_tasks", "TODO 3"),
    "fourx.router.memory_task": ("router.memory_task", "TODO 3"),
    "fourx.router.followup_tasks": ("router.followup_tasks", "takes the op's further keys as `**inputs`"),
    "fourx.router.scope_decision": ("router.scope_decision", "TODO 3"),
    "fourx.router.update_artifact": ("router.update_artifact", "takes `result` by position"),
    "fourx.router.finalize_memory": ("router.finalize_memory", "TODO 3"),
    "fourx.router.plan_trust_gate": ("router.plan_trust_gate", "TODO 3"),
    "fourx.router.intent_ready": ("router.intent_ready", "TODO 3"),
    "fourx.router.memory_evidence": ("router.memory_evidence", "TODO 3"),
    "fourx.router.artifact_fresh": ("router.artifact_fresh", "TODO 3"),
    "fourx.router.edition_for_version": ("router.edition_for_version", "TODO 3"),
    "fourx.router.remfix_completion": ("router.remfix_completion", "TODO 3"),
    "fourx.router.pre_tool_use": ("router.pre_tool_use", "TODO 3"),
    "fourx.angles.all_angles": ("angles.all", "returns the result's `angles`"),
    "fourx.angles.select": ("angles.select", "takes `mapping`, `config` by position"),
    "fourx.angles.group": ("angles.group", "returns the result's `groups`"),
    "fourx.angles.group_selected": ("angles.group_selected", "returns the result's `groups`"),
    "fourx.angles.default_mapping": ("angles.default_mapping", "returns the result's `mapping`"),
    "fourx.angles.resolve_mapping": ("angles.resolve_mapping", "returns the result's `mapping`"),
    "fourx.blueprint.fold": ("blueprint.fold", "`project_id` defaults to `''`; takes `project_id`, `file_text`, `git` by position"),
    "fourx.blueprint.render_index": ("blueprint.render_index", "takes `max_tokens` by position; counts with a Python `counter` callable"),
    "fourx.blueprint.format_for_director": ("blueprint.format_for_director", "returns the result's `line`; `conflict` defaults to `False`"),
    "fourx.blueprint.check_anchor": ("blueprint.check_anchor", "TODO 3"),
    "fourx.blueprint.cost_mode": ("blueprint.cost_mode", "TODO 3"),
    "fourx.blueprint.count_tokens": ("blueprint.count_tokens", "returns the result's `tokens`; counts with a Python `counter` callable"),
    "fourx.blueprint.defaults": ("blueprint.defaults", "TODO 3"),
    "fourx.blueprint.evidence_modules": ("blueprint.evidence_modules", "returns the result's `modules`"),
    "fourx.blueprint.gc_plan": ("blueprint.gc_plan", "TODO 3"),
    "fourx.blueprint.graph": ("blueprint.graph", "returns the result's `text`; `format` defaults to `'mermaid'`"),
    "fourx.blueprint.guard_root": ("blueprint.guard_root", "requires `is_git`, `root_entries`"),
    "fourx.blueprint.parse": ("blueprint.parse", "TODO 3"),
    "fourx.blueprint.project_id": ("blueprint.project_id", "returns the result's `project_id`"),
    "fourx.blueprint.scan": ("blueprint.scan", "TODO 3"),
    "fourx.blueprint.read_module": ("blueprint.read_module", "TODO 3"),
    "fourx.blueprint.render": ("blueprint.render", "returns the result's `text`"),
    "fourx.blueprint.revision_name": ("blueprint.revision_name", "returns the result's `name`"),
    "fourx.blueprint.revision_prune": ("blueprint.revision_prune", "TODO 3"),
    "fourx.blueprint.storage_paths": ("blueprint.storage_paths", "TODO 3"),
    "fourx.blueprint.validate_item": ("blueprint.validate_item", "TODO 3"),
    "fourx.cached.CachedWorkspace.list_features": ("workspace.list_features", "a method of the CachedWorkspace handle (the core's held cache)"),
    "fourx.cached.CachedWorkspace.load_feature": ("workspace.load_feature", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `feature`"),
    "fourx.cached.CachedWorkspace.read_state": ("workspace.read_state", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `state`"),
    "fourx.cached.CachedWorkspace.read_config": ("config.read", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `config`"),
    "fourx.cached.CachedWorkspace.load_merged_config": ("config.load_merged", "a method of the CachedWorkspace handle (the core's held cache)"),
    "fourx.cached.CachedWorkspace.compare_backlog_mirror": ("workspace.compare_backlog_mirror", "a method of the CachedWorkspace handle (the core's held cache)"),
    "fourx.cached.CachedWorkspace.cleanable_features": ("workspace.cleanable_features", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `candidates`"),
    "fourx.cached.CachedWorkspace.scan_escalations": ("miner.scan_escalations", "a method of the CachedWorkspace handle (the core's held cache); takes `feature_ids` by position"),
    "fourx.cached.CachedWorkspace.scan_stuck": ("miner.scan_stuck", "a method of the CachedWorkspace handle (the core's held cache); takes `feature_ids` by position"),
    "fourx.cached.CachedWorkspace.scan_fail_patterns": ("miner.scan_fail_patterns", "a method of the CachedWorkspace handle (the core's held cache); takes `feature_ids` by position"),
    "fourx.conductor.start": ("conductor.start", "TODO 3"),
    "fourx.conductor.next": ("conductor.next", "TODO 3"),
    "fourx.conductor.apply": ("conductor.apply", "TODO 3"),
    "fourx.conductor.resume": ("conductor.resume", "TODO 3"),
    "fourx.conductor.run_script": ("conductor.run_script", "TODO 3"),
    "fourx.conductor.rebuild": ("conductor.rebuild", "TODO 3"),
    "fourx.conductor.fork": ("conductor.fork", "TODO 3"),
    "fourx.conductor.resume_listing": ("workspace.resume_listing", "TODO 3"),
    "fourx.guard.check": ("guard.check", "requires `phase`; sends `phase` as its text"),
    "fourx.guard.testing_to_accepting": ("guard.testing_to_accepting", "requires `round`"),
    "fourx.helpers.next_feature_id": ("feature.next_id", "`name` defaults to `''`; requires `ids`; takes tuples where the op wants lists"),
    "fourx.helpers.plan_discovered": ("discover.plan", "`ids` defaults to `()`; takes tuples where the op wants lists"),
    "fourx.helpers.resolve_design_doc": ("design_doc.resolve", "TODO 3"),
    "fourx.helpers.process_alive": ("workspace.process_alive", "returns the result's `alive`"),
    "fourx.helpers.dot_dir": ("workspace.dot_dir", "returns the result's `path`"),
    "fourx.helpers.model_constants": ("model.constants", "TODO 3"),
    "fourx.helpers.check_events": ("workspace.check_events", "takes `events` by position"),
    "fourx.report.parse_issues": ("report.parse_issues", "TODO 2"),
    "fourx.report.parse_discovered": ("discover.parse", "returns the result's `features`"),
    "fourx.report.is_similar": ("similarity.is_similar", "returns the result's `similar`; `threshold` defaults to `0.6`; `cjk` defaults to `False`"),
    "fourx.report.dedupe_discovered": ("discover.dedupe", "returns the result's `features`; `cjk` defaults to `False`"),
    "fourx.report.dedupe_candidates": ("candidates.dedupe", "returns the result's `candidates`; `cjk` defaults to `False`"),
    "fourx.report.candidates_constants": ("candidates.constants", "TODO 3"),
    "fourx.report.parse_candidates": ("candidates.parse", "returns the result's `pool`"),
    "fourx.report.render_candidates": ("candidates.render", "returns the result's `text`; requires `pool`"),
    "fourx.report.scan_escalations": ("miner.scan_escalations", "takes `escalations` by position"),
    "fourx.report.scan_stuck": ("miner.scan_stuck", "takes `features` by position"),
    "fourx.report.scan_fail_patterns": ("miner.scan_fail_patterns", "takes `reports` by position"),
    "fourx.resolve.merge_config": ("config.merge", "returns the result's `config`; requires `user`, `project`"),
    "fourx.resolve.validate_config": ("config.validate", "TODO 2"),
    "fourx.resolve.resolve_profile": ("profile.resolve", "`override` defaults to `''`; takes `config`, `feature`, `override` by position"),
    "fourx.resolve.resolve_pipeline": ("pipeline.resolve", "returns the result's `phases`; `profile_name` defaults to `''`; `manual_runner` defaults to `''`; takes `feature`, `profile_name`, `manual_runner`, `run_overrides` by position"),
    "fourx.resolve.resolve_phase_runner": ("runner.resolve_phase", "returns the result's `runner`; `manual` defaults to `''`; takes `feature`, `profile`, `manual` by position"),
    "fourx.resolve.resolve_phase_model": ("model.resolve_phase", "returns the result's `model`; `manual` defaults to `''`; takes `feature`, `profile`, `manual` by position"),
    "fourx.resolve.resolve_tier_model": ("model.resolve_tier", "returns the result's `model`"),
    "fourx.resolve.resolve_model": ("model.resolve", "returns the result's `model`"),
    "fourx.resolve.artifact_contract": ("artifact.contract", "TODO 3"),
    "fourx.resolve.notifications_enabled": ("config.notifications_enabled", "returns the result's `enabled`"),
    "fourx.resolve.design_doc_search_order": ("design_doc.search_order", "TODO 3"),
    "fourx.resolve.merge_hooks": ("hooks.merge", "returns the result's `hooks`"),
    "fourx.resolve.resolve_limits": ("limits.resolve", "TODO 3"),
    "fourx.resolve.resolve_deep_model": ("model.resolve_deep", "returns the result's `model`"),
    "fourx.resolve.resolve_mini_coder_model": ("model.resolve_mini_coder", "returns the result's `model`"),
    "fourx.resolve.effective_manual": ("pipeline.effective_manual", "TODO 3"),
    "fourx.resolve.enabled_phases": ("profile.enabled_phases", "returns the result's `phases`"),
    "fourx.resolve.profile_enables": ("profile.enables", "TODO 3"),
    "fourx.resolve.role_artifact_view": ("profile.role_artifact_view", "TODO 3"),
    "fourx.resolve.default_profiles": ("profiles.default", "returns the result's `profiles`"),
    "fourx.resolve.effective_hub_repos": ("repos.effective_hub", "returns the result's `hub_repos`"),
    "fourx.resolve.resolve_feature_repo_paths": ("repos.resolve_feature_paths", "returns the result's `paths`"),
    "fourx.resolve.resolve_repo_paths": ("repos.resolve_paths", "returns the result's `paths`"),
    "fourx.resolve.supported_runners": ("runners.supported", "returns the result's `runners`"),
    "fourx.resolve.supported_runners_map": ("runners.supported_map", "returns the result's `runners`"),
    "fourx.router.agents": ("router.agents", "returns the result's `agents`"),
    "fourx.router.build_scope": ("router.build_scope", "TODO 3"),
    "fourx.router.check_artifact": ("router.check_artifact", "TODO 3"),
    "fourx.router.dispatch": ("router.dispatch", "TODO 3"),
    "fourx.router.event_line": ("router.event_line", "returns the result's `line`"),
    "fourx.router.format_marker": ("router.format_marker", "returns the result's `text`"),
    "fourx.router.format_task_metadata": ("router.format_task_metadata", "returns the result's `text`"),
    "fourx.router.loop_gate": ("router.loop_gate", "TODO 3"),
    "fourx.router.model_tier": ("router.model_tier", "TODO 3"),
    "fourx.router.new_artifact": ("router.new_artifact", "returns the result's `artifact`"),
    "fourx.router.new_workflow_id": ("router.new_workflow_id", "returns the result's `workflow_uuid`"),
    "fourx.router.parse_brainstorm_handoff": ("router.parse_brainstorm_handoff", "TODO 3"),
    "fourx.router.parse_markers": ("router.parse_markers", "TODO 3"),
    "fourx.router.parse_output": ("router.parse_output", "TODO 3"),
    "fourx.router.parse_readonly_output": ("router.parse_readonly_output", "TODO 3"),
    "fourx.router.parse_session_settings": ("router.parse_session_settings", "TODO 3"),
    "fourx.router.parse_subject": ("router.parse_subject", "TODO 3"),
    "fourx.router.parse_task_metadata": ("router.parse_task_metadata", "TODO 3"),
    "fourx.router.parse_write_contract": ("router.parse_write_contract", "TODO 3"),
    "fourx.router.reconcile_verdicts": ("router.reconcile_verdicts", "TODO 3"),
    "fourx.router.resolve_scope_reply": ("router.resolve_scope_reply", "returns the result's `scope`"),
    "fourx.router.route": ("router.route", "TODO 3"),
    "fourx.router.task_graph": ("router.task_graph", "TODO 3"),
    "fourx.router.validate_workflow_id": ("router.validate_workflow_id", "TODO 3"),
    "fourx.run_files.parse_verify": ("evidence.parse_verify", "returns the result's `verify`"),
    "fourx.run_files.render_verify": ("evidence.render_verify", "returns the result's `text`; requires `verify`"),
    "fourx.run_files.parse_baseline": ("workspace.parse_baseline", "returns the result's `baseline`"),
    "fourx.run_files.render_baseline": ("workspace.render_baseline", "returns the result's `text`; requires `baseline`"),
    "fourx.run_files.parse_angle_selection": ("angles.parse_selection", "returns the result's `selection`"),
    "fourx.run_files.render_angle_selection": ("angles.render_selection", "returns the result's `text`; requires `selection`"),
    "fourx.run_files.parse_escalation": ("workspace.parse_escalation", "returns the result's `escalation`"),
    "fourx.run_files.render_escalation": ("workspace.render_escalation", "returns the result's `text`; requires `escalation`"),
    "fourx.run_files.read_run_file": ("workspace.read_run_file", "returns the result's `value`; takes `round` by position"),
    "fourx.run_files.write_run_file": ("workspace.write_run_file", "returns the result's `path`; requires `value`; takes `round` by position"),
    "fourx.state.transition": ("state.transition", "returns the result's `state`; takes `role` by position"),
    "fourx.state.recover_to": ("state.recover_to", "returns the result's `state`; takes `role` by position"),
    "fourx.state.should_stop": ("state.should_stop", "TODO 3"),
    "fourx.state.finalize_done": ("state.finalize_done", "returns the result's `state`"),
    "fourx.state.validate_state": ("state.validate", "TODO 3"),
    "fourx.state.reconcile_active": ("state.reconcile_active", "TODO 3"),
    "fourx.state.phase_to_role": ("state.phase_to_role", "returns the result's `role`"),
    "fourx.state.phase_role": ("phase.role", "returns the result's `role`"),
    "fourx.state.phase_to_status": ("phase.to_status", "returns the result's `status`"),
    "fourx.state.is_selectable": ("phase.is_selectable", "returns the result's `selectable`"),
    "fourx.state.diagram": ("state.diagram", "returns the result's `text`; `format` defaults to `'mermaid'`"),
    "fourx.state.state_constants": ("state.constants", "TODO 3"),
    "fourx.state.enum_values": ("enums.list", "returns the result's `values`"),
    "fourx.state.human_size": ("util.human_size", "returns the result's `text`"),
    "fourx.workspace.find": ("workspace.find", "returns the result's `root`"),
    "fourx.workspace.constants": ("workspace.constants", "returns the result's `constants`"),
    "fourx.workspace.feature_dir": ("workspace.feature_dir", "returns the result's `path`"),
    "fourx.workspace.round_dir": ("workspace.round_dir", "returns the result's `path`"),
    "fourx.workspace.parse_state": ("workspace.parse_state", "returns the result's `state`"),
    "fourx.workspace.render_state": ("workspace.render_state", "returns the result's `text`"),
    "fourx.workspace.render_event": ("workspace.render_event", "returns the result's `line`"),
    "fourx.workspace.resolve_feature_id": ("workspace.resolve_feature_id", "returns the result's `feature_id`; requires `entries`"),
    "fourx.workspace.total_cost": ("workspace.total_cost", "returns the result's `total_cost_usd`; requires `events`"),
    "fourx.workspace.worktree_path": ("workspace.worktree_path", "returns the result's `worktree_path`; requires `events`"),
    "fourx.workspace.atomic_write_file": ("workspace.atomic_write_file", "`perm` defaults to `420`; requires `data`; takes `data` as `bytes` (sent as `data_base64`)"),
    "fourx.workspace.feature_constants": ("feature.constants", "TODO 3"),
    "fourx.workspace.parse_feature_yaml": ("feature.parse_yaml", "returns the result's `feature`; requires `text`"),
    "fourx.workspace.load_feature_yaml": ("feature.load_yaml", "returns the result's `feature`"),
    "fourx.workspace.render_feature_yaml": ("feature.render_yaml", "returns the result's `text`; requires `feature`"),
    "fourx.workspace.validate_feature": ("feature.validate", "requires `feature`"),
    "fourx.workspace.validate_feature_loose": ("feature.validate_loose", "returns the result's `warnings`"),
    "fourx.workspace.sync_status_text": ("feature.sync_status_text", "requires `feature_id`, `phase`"),
    "fourx.workspace.parse_backlog_mirror": ("backlog.parse_mirror", "returns the result's `mirror`"),
    "fourx.workspace.compare_backlog": ("backlog.compare", "returns the result's `drift`; requires `features`, `mirror`"),
    "fourx.workspace.is_screenshot_file": ("evidence.is_screenshot_file", "returns the result's `is_screenshot`; requires `name`"),
    "fourx.workspace.normalize_screenshot_path": ("evidence.normalize_screenshot_path", "returns the result's `path`; requires `path`"),
    "fourx.workspace.parse_screenshot_filename": ("evidence.parse_screenshot_filename", "requires `filename`"),
    "fourx.workspace.sort_screenshots": ("evidence.sort_screenshots", "returns the result's `screenshots`; requires `screenshots`"),
    "fourx.workspace.screenshot_dir": ("evidence.screenshot_dir", "returns the result's `dir`; requires `config`"),
    "fourx.workspace.screenshot_targets": ("evidence.screenshot_targets", "returns the result's `targets`; requires `feature_id`, `rounds`"),
    "fourx.workspace.group_screenshots": ("evidence.group_screenshots", "requires `root`, `feature_id`, `rounds`, `listings`"),
    "fourx.workspace.parse_test_strategy": ("test_strategy.parse", "returns the result's `test_strategy`; requires `text`"),
    "fourx.workspace.user_config_path": ("config.user_path", "returns the result's `path`"),
    "fourx.workspace.parse_config": ("config.parse", "returns the result's `config`"),
    "fourx.workspace.render_config": ("config.render", "returns the result's `text`; requires `config`"),
    "fourx.workspace.parse_user_config": ("config.parse_user", "returns the result's `config`"),
    "fourx.workspace.render_user_config": ("config.render_user", "returns the result's `text`; requires `config`"),
    "fourx.workspace.load_merged_config_text": ("config.load_merged_text", "takes `user_text` by position"),
    "fourx.workspace.read_user_config": ("config.read_user", "returns the result's `config`; takes `home` by position; `home` defaults to `Path.home()`"),
    "fourx.workspace.write_user_config": ("config.write_user", "requires `config`; takes `home` by position; `home` defaults to `Path.home()`"),
    "fourx.workspace.Workspace.init_feature_dir": ("workspace.init_feature_dir", "a method of the Workspace handle (its root and run-state store); returns the result's `path`"),
    "fourx.workspace.Workspace.read_state": ("workspace.read_state", "a method of the Workspace handle (its root and run-state store); returns the result's `state`"),
    "fourx.workspace.Workspace.write_state": ("workspace.write_state", "a method of the Workspace handle (its root and run-state store); returns the result's `state`"),
    "fourx.workspace.Workspace.append_event": ("workspace.append_event", "a method of the Workspace handle (its root and run-state store); returns the result's `event`"),
    "fourx.workspace.Workspace.request_stop": ("workspace.request_stop", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.stop_requested": ("workspace.stop_requested", "a method of the Workspace handle (its root and run-state store); returns the result's `requested`"),
    "fourx.workspace.Workspace.clear_stop": ("workspace.clear_stop", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.claim": ("workspace.claim", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.release": ("workspace.release", "a method of the Workspace handle (its root and run-state store); takes `lease` by position"),
    "fourx.workspace.Workspace.export_runs": ("workspace.export", "a method of the Workspace handle (its root and run-state store); returns the result's `features`; takes `feature_ids` by position"),
    "fourx.workspace.Workspace.import_runs": ("workspace.import", "a method of the Workspace handle (its root and run-state store); returns the result's `features`; takes `feature_ids` by position"),
    "fourx.workspace.Workspace.reconcile_active": ("workspace.reconcile_active", "a method of the Workspace handle (its root and run-state store); refused on a store other than the filesystem"),
    "fourx.workspace.Workspace.resolve_feature_id": ("workspace.resolve_feature_id", "a method of the Workspace handle (its root and run-state store); returns the result's `feature_id`"),
    "fourx.workspace.Workspace.total_cost": ("workspace.total_cost", "a method of the Workspace handle (its root and run-state store); returns the result's `total_cost_usd`; requires `feature_id`"),
    "fourx.workspace.Workspace.worktree_path": ("workspace.worktree_path", "a method of the Workspace handle (its root and run-state store); returns the result's `worktree_path`; requires `feature_id`"),
    "fourx.workspace.Workspace.init": ("workspace.init", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.read_config": ("config.read", "a method of the Workspace handle (its root and run-state store); returns the result's `config`"),
    "fourx.workspace.Workspace.write_config": ("config.write", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.load_merged_config": ("config.load_merged", "a method of the Workspace handle (its root and run-state store); takes `home` by position; `home` defaults to `Path.home()`"),
    "fourx.workspace.Workspace.list_features": ("workspace.list_features", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.load_feature": ("workspace.load_feature", "a method of the Workspace handle (its root and run-state store); returns the result's `feature`"),
    "fourx.workspace.Workspace.save_feature": ("workspace.save_feature", "a method of the Workspace handle (its root and run-state store); returns the result's `path`"),
    "fourx.workspace.Workspace.sync_feature_status": ("workspace.sync_feature_status", "a method of the Workspace handle (its root and run-state store); requires `phase`"),
    "fourx.workspace.Workspace.read_backlog_mirror": ("workspace.read_backlog_mirror", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.compare_backlog_mirror": ("workspace.compare_backlog_mirror", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.read_test_strategy": ("workspace.read_test_strategy", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.discover_screenshots": ("evidence.discover_screenshots", "a method of the Workspace handle (its root and run-state store)"),
    "fourx.workspace.Workspace.finalize_done": ("workspace.finalize_done", "a method of the Workspace handle (its root and run-state store); refused on a store other than the filesystem"),
    "fourx.workspace.Workspace.clean_feature": ("workspace.clean_feature", "a method of the Workspace handle (its root and run-state store); returns the result's `freed_bytes`; refused on a store other than the filesystem"),
    "fourx.workspace.Workspace.cleanable_features": ("workspace.cleanable_features", "a method of the Workspace handle (its root and run-state store); returns the result's `candidates`; refused on a store other than the filesystem"),
    "fourx.workspace.Workspace.load_candidates": ("candidates.load", "a method of the Workspace handle (its root and run-state store); returns the result's `pool`; takes `file` by position"),
    "fourx.workspace.Workspace.save_candidates": ("candidates.save", "a method of the Workspace handle (its root and run-state store); requires `pool`; takes `file` by position"),
}


def angles_all() -> AnglesAllResult:
    """The 11 deep-review angles (``angles.all``).
    """
    _out: AnglesAllResult = forward(
        "angles.all",
        {},
    )
    return _out


def angles_default_mapping() -> AnglesDefaultMappingResult:
    """The default path-rule to deep-review-angle mapping (``angles.default_mapping``).
    """
    _out: AnglesDefaultMappingResult = forward(
        "angles.default_mapping",
        {},
    )
    return _out


def angles_group(
    parallel_reviewers: Any,
    angles_per_reviewer: Any,
    total_angles: Any,
) -> AnglesGroupResult:
    """Angles 1..total cut into consecutive groups for parallel reviewers (null for one reviewer)
    (``angles.group``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: AnglesGroupResult = forward(
        "angles.group",
        {"parallel_reviewers": parallel_reviewers, "angles_per_reviewer": angles_per_reviewer, "total_angles": total_angles},
    )
    return _out


def angles_group_selected(
    parallel_reviewers: Any,
    angles_per_reviewer: Any,
    angles: Any,
) -> AnglesGroupSelectedResult:
    """The given angles cut into consecutive groups for parallel reviewers (null for one reviewer)
    (``angles.group_selected``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: AnglesGroupSelectedResult = forward(
        "angles.group_selected",
        {"parallel_reviewers": parallel_reviewers, "angles_per_reviewer": angles_per_reviewer, "angles": angles},
    )
    return _out


def angles_parse_selection(
    text: Any,
) -> AnglesParseSelectionResult:
    """Decode a round's deep-review-angles.json (AngleSelection) with Go's rules
    (``angles.parse_selection``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _out: AnglesParseSelectionResult = forward(
        "angles.parse_selection",
        {"text": text},
    )
    return _out


def angles_render_selection(
    *,
    selection: Any = None,
) -> AnglesRenderSelectionResult:
    """The deep-review-angles.json bytes 4x writes (indented, no trailing newline)
    (``angles.render_selection``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: AnglesRenderSelectionResult = forward(
        "angles.render_selection",
        {},
        selection=selection,
    )
    return _out


def angles_resolve_mapping(
    config: Any,
) -> AnglesResolveMappingResult:
    """The deep-reviewer's angle mapping when set, else the default (``angles.resolve_mapping``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: AnglesResolveMappingResult = forward(
        "angles.resolve_mapping",
        {"config": config},
    )
    return _out


def angles_select(
    files: Any,
    *,
    mapping: Any = None,
    config: Any = None,
) -> AnglesSelectResult:
    """The deep-review angles for the changed files (all 11 when nothing matches)
    (``angles.select``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: AnglesSelectResult = forward(
        "angles.select",
        {"files": files},
        mapping=mapping,
        config=config,
    )
    return _out


def artifact_contract(
    role: Any,
) -> ArtifactContractResult:
    """The artifacts a role produces and consumes (``artifact.contract``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ArtifactContractResult = forward(
        "artifact.contract",
        {"role": role},
    )
    return _out


def backlog_compare(
    *,
    features: Any = None,
    mirror: Any = None,
    backlog_file: Any = None,
) -> BacklogCompareResult:
    """Drift between canonical features and the backlog mirror (``backlog.compare``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: BacklogCompareResult = forward(
        "backlog.compare",
        {},
        features=features,
        mirror=mirror,
        backlog_file=backlog_file,
    )
    return _out


def backlog_parse_mirror(
    text: Any,
) -> BacklogParseMirrorResult:
    """Decode feature_list.json text (``backlog.parse_mirror``).

    Raises:
        :class:`fourx.InvalidJson`
    """
    _out: BacklogParseMirrorResult = forward(
        "backlog.parse_mirror",
        {"text": text},
    )
    return _out


def blueprint_check_anchor(
    where: Any,
    *,
    file_text: Any = None,
    unreadable: Any = None,
    snapshot: Any = None,
) -> BlueprintCheckAnchorResult:
    """Three-valued check of a where anchor against file texts (``blueprint.check_anchor``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`
    """
    _out: BlueprintCheckAnchorResult = forward(
        "blueprint.check_anchor",
        {"where": where},
        file_text=file_text,
        unreadable=unreadable,
        snapshot=snapshot,
    )
    return _out


def blueprint_commit(
    store: Any,
    items: Any,
    snapshot: Any,
    evidence: Any,
    now: Any,
    nonce: Any,
    *,
    project_id: Any = None,
    file_text: Any = None,
    repo_root: Any = None,
    home: Any = None,
    unreadable: Any = None,
    git: Any = None,
) -> BlueprintCommitResult:
    """Fold and store with optimistic compare-and-swap; fold_conflict is a deferral carrying the
    account (``blueprint.commit``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.FoldConflict`, :class:`fourx.MalformedDoc`,
        :class:`fourx.UnsupportedFormat`, :class:`fourx.ProjectMismatch`,
        :class:`fourx.InvalidNonce`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.IoError`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.RootIsFilesystemRoot`, :class:`fourx.RootIsHome`, :class:`fourx.NotAProject`,
        :class:`fourx.StorageInsideProject`
    """
    _out: BlueprintCommitResult = forward(
        "blueprint.commit",
        {"store": store, "items": items, "snapshot": snapshot, "evidence": evidence, "now": now, "nonce": nonce},
        project_id=project_id,
        file_text=file_text,
        repo_root=repo_root,
        home=home,
        unreadable=unreadable,
        git=git,
    )
    return _out


def blueprint_cost_mode(
    sample_ms: Any,
    sampled_at: Any,
    *,
    now: Any = None,
) -> BlueprintCostModeResult:
    """Cheap or costly rescans from the first scan sample, with its expiry
    (``blueprint.cost_mode``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`
    """
    _out: BlueprintCostModeResult = forward(
        "blueprint.cost_mode",
        {"sample_ms": sample_ms, "sampled_at": sampled_at},
        now=now,
    )
    return _out


def blueprint_count_tokens(
    text: Any,
    *,
    counter: Any = None,
) -> BlueprintCountTokensResult:
    """Tokens of a text with the default counter (ceil(ASCII/4) + other scalars) or a named built-in
    one (``blueprint.count_tokens``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: BlueprintCountTokensResult = forward(
        "blueprint.count_tokens",
        {"text": text},
        counter=counter,
    )
    return _out


def blueprint_defaults() -> BlueprintDefaultsResult:
    """The blueprint constants (format, fields, reasons, limits, manifests, file layout)
    (``blueprint.defaults``).
    """
    _out: BlueprintDefaultsResult = forward(
        "blueprint.defaults",
        {},
    )
    return _out


def blueprint_evidence_modules(
    snapshot: Any,
    paths: Any,
    *,
    root: Any = None,
) -> BlueprintEvidenceModulesResult:
    """Map opened file paths to the sorted set of derived modules (``blueprint.evidence_modules``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`, :class:`fourx.InvalidPath`
    """
    _out: BlueprintEvidenceModulesResult = forward(
        "blueprint.evidence_modules",
        {"snapshot": snapshot, "paths": paths},
        root=root,
    )
    return _out


def blueprint_fold(
    doc: Any,
    items: Any,
    snapshot: Any,
    evidence: Any,
    now: Any,
    *,
    project_id: Any = None,
    file_text: Any = None,
    unreadable: Any = None,
    git: Any = None,
) -> BlueprintFoldResult:
    """Fold agent claims into a blueprint text deterministically; NoOp returns the input text
    (``blueprint.fold``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`,
        :class:`fourx.ProjectMismatch`
    """
    _out: BlueprintFoldResult = forward(
        "blueprint.fold",
        {"doc": doc, "items": items, "snapshot": snapshot, "evidence": evidence, "now": now},
        project_id=project_id,
        file_text=file_text,
        unreadable=unreadable,
        git=git,
    )
    return _out


def blueprint_format_for_director(
    result: Any,
    *,
    conflict: Any = None,
) -> BlueprintFormatForDirectorResult:
    """The fold account as one line for the Director (``blueprint.format_for_director``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: BlueprintFormatForDirectorResult = forward(
        "blueprint.format_for_director",
        {"result": result},
        conflict=conflict,
    )
    return _out


def blueprint_gc(
    store: Any,
    snapshot: Any,
    now: Any,
    nonce: Any,
    *,
    home: Any = None,
    repo_root: Any = None,
    project_id: Any = None,
) -> BlueprintGcResult:
    """Run GC against a store: archive first, never delete when archiving failed, defer on conflict
    (``blueprint.gc``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`, :class:`fourx.InvalidNonce`,
        :class:`fourx.IoError`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.RootIsFilesystemRoot`, :class:`fourx.RootIsHome`, :class:`fourx.NotAProject`,
        :class:`fourx.StorageInsideProject`
    """
    _out: BlueprintGcResult = forward(
        "blueprint.gc",
        {"store": store, "snapshot": snapshot, "now": now, "nonce": nonce},
        home=home,
        repo_root=repo_root,
        project_id=project_id,
    )
    return _out


def blueprint_gc_plan(
    doc: Any,
    snapshot: Any,
    now: Any,
    *,
    archive_ok: Any = None,
) -> BlueprintGcPlanResult:
    """Plan orphan marking, unmarking and 90-day removal (``blueprint.gc_plan``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`
    """
    _out: BlueprintGcPlanResult = forward(
        "blueprint.gc_plan",
        {"doc": doc, "snapshot": snapshot, "now": now},
        archive_ok=archive_ok,
    )
    return _out


def blueprint_graph(
    snapshot: Any,
    format: Any,
    *,
    doc: Any = None,
) -> BlueprintGraphResult:
    """The module graph as Mermaid or DOT with stale and unannotated modules marked
    (``blueprint.graph``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`, :class:`fourx.MalformedDoc`,
        :class:`fourx.UnsupportedFormat`
    """
    _out: BlueprintGraphResult = forward(
        "blueprint.graph",
        {"snapshot": snapshot, "format": format},
        doc=doc,
    )
    return _out


def blueprint_guard_root(
    root: Any,
    home: Any,
    *,
    is_git: Any = None,
    root_entries: Any = None,
    storage_root: Any = None,
) -> BlueprintGuardRootResult:
    """Refuse /, $HOME, non-projects and storage inside the project (``blueprint.guard_root``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.RootIsFilesystemRoot`, :class:`fourx.RootIsHome`, :class:`fourx.NotAProject`,
        :class:`fourx.StorageInsideProject`
    """
    _out: BlueprintGuardRootResult = forward(
        "blueprint.guard_root",
        {"root": root, "home": home},
        is_git=is_git,
        root_entries=root_entries,
        storage_root=storage_root,
    )
    return _out


def blueprint_parse(
    text: Any,
) -> BlueprintParseResult:
    """Parse blueprint.md into its model with recomputed counts and IDs (``blueprint.parse``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`
    """
    _out: BlueprintParseResult = forward(
        "blueprint.parse",
        {"text": text},
    )
    return _out


def blueprint_project_id(
    root: Any,
) -> BlueprintProjectIdResult:
    """The one project-id derivation from an absolute root (``blueprint.project_id``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidPath`
    """
    _out: BlueprintProjectIdResult = forward(
        "blueprint.project_id",
        {"root": root},
    )
    return _out


def blueprint_read_module(
    doc: Any,
    snapshot: Any,
    module: Any,
) -> BlueprintReadModuleResult:
    """The read view of one derived module: prose plus derived imports (``blueprint.read_module``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotVisible`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`
    """
    _out: BlueprintReadModuleResult = forward(
        "blueprint.read_module",
        {"doc": doc, "snapshot": snapshot, "module": module},
    )
    return _out


def blueprint_render(
    doc: Any,
) -> BlueprintRenderResult:
    """Render a document model canonically (``blueprint.render``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`
    """
    _out: BlueprintRenderResult = forward(
        "blueprint.render",
        {"doc": doc},
    )
    return _out


def blueprint_render_index(
    doc: Any,
    snapshot: Any,
    *,
    max_tokens: Any = None,
    oversize_bytes: Any = None,
    counter: Any = None,
) -> BlueprintRenderIndexResult:
    """Render the resident index under a hard token cap (``blueprint.render_index``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`, :class:`fourx.MalformedDoc`,
        :class:`fourx.UnsupportedFormat`, :class:`fourx.BudgetTooSmall`
    """
    _out: BlueprintRenderIndexResult = forward(
        "blueprint.render_index",
        {"doc": doc, "snapshot": snapshot},
        max_tokens=max_tokens,
        oversize_bytes=oversize_bytes,
        counter=counter,
    )
    return _out


def blueprint_revision_name(
    now: Any,
    nonce: Any,
) -> BlueprintRevisionNameResult:
    """The fixed-width revision file name for a time and nonce (``blueprint.revision_name``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidNonce`
    """
    _out: BlueprintRevisionNameResult = forward(
        "blueprint.revision_name",
        {"now": now, "nonce": nonce},
    )
    return _out


def blueprint_revision_prune(
    names: Any,
) -> BlueprintRevisionPruneResult:
    """Which revision names to keep (newest 5), delete and ignore (``blueprint.revision_prune``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: BlueprintRevisionPruneResult = forward(
        "blueprint.revision_prune",
        {"names": names},
    )
    return _out


def blueprint_scan(
    root: Any,
    *,
    max_file_bytes: Any = None,
) -> BlueprintScanResult:
    """Scan a repository (gitignore-aware, no symlinks followed) into a snapshot: per-language
    modules, import edges, fingerprints, repo token (``blueprint.scan``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidPath`, :class:`fourx.IoError`
    """
    _out: BlueprintScanResult = forward(
        "blueprint.scan",
        {"root": root},
        max_file_bytes=max_file_bytes,
    )
    return _out


def blueprint_storage_paths(
    home: Any,
    project_id: Any,
) -> BlueprintStoragePathsResult:
    """The storage directory, file and revisions paths of a project (``blueprint.storage_paths``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.InvalidProjectId`
    """
    _out: BlueprintStoragePathsResult = forward(
        "blueprint.storage_paths",
        {"home": home, "project_id": project_id},
    )
    return _out


def blueprint_validate_item(
    item: Any,
    snapshot: Any,
    evidence: Any,
) -> BlueprintValidateItemResult:
    """Run the four rejecting gates on one item (``blueprint.validate_item``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`
    """
    _out: BlueprintValidateItemResult = forward(
        "blueprint.validate_item",
        {"item": item, "snapshot": snapshot, "evidence": evidence},
    )
    return _out


def candidates_constants() -> CandidatesConstantsResult:
    """Pool version, fail-pattern threshold, sources, learning categories, mined reasons, stuck
    phases (``candidates.constants``).
    """
    _out: CandidatesConstantsResult = forward(
        "candidates.constants",
        {},
    )
    return _out


def candidates_dedupe(
    candidates: Any,
    existing_features: Any,
    existing_candidates: Any,
    *,
    cjk: Any = None,
) -> CandidatesDedupeResult:
    """Candidates without those similar to existing features, existing candidates or earlier kept
    ones (``candidates.dedupe``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: CandidatesDedupeResult = forward(
        "candidates.dedupe",
        {"candidates": candidates, "existing_features": existing_features, "existing_candidates": existing_candidates},
        cjk=cjk,
    )
    return _out


def candidates_load(
    root: Any,
    *,
    file: Any = None,
) -> CandidatesLoadResult:
    """Read a candidate pool from .4x/<file> (default candidates.json); missing is an empty pool
    (``candidates.load``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _out: CandidatesLoadResult = forward(
        "candidates.load",
        {"root": root},
        file=file,
    )
    return _out


def candidates_parse(
    text: Any,
) -> CandidatesParseResult:
    """Decode candidate-pool JSON text (version 0 reads as 1) (``candidates.parse``).

    Raises:
        :class:`fourx.InvalidJson`
    """
    _out: CandidatesParseResult = forward(
        "candidates.parse",
        {"text": text},
    )
    return _out


def candidates_render(
    *,
    pool: Any = None,
) -> CandidatesRenderResult:
    """The candidate-pool file bytes (indented Go JSON + newline) (``candidates.render``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: CandidatesRenderResult = forward(
        "candidates.render",
        {},
        pool=pool,
    )
    return _out


def candidates_save(
    root: Any,
    *,
    file: Any = None,
    pool: Any = None,
) -> CandidatesSaveResult:
    """Write a candidate pool atomically to .4x/<file> (``candidates.save``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: CandidatesSaveResult = forward(
        "candidates.save",
        {"root": root},
        file=file,
        pool=pool,
    )
    return _out


def conductor_apply(
    config: Any,
    feature: Any,
    state: Any,
    loop: Any,
    outcome: Any,
    *,
    facts: Any = None,
) -> ConductorApplyResult:
    """Folds the outcome of the pending decision into the state and gives the next decision
    (``conductor.apply``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.MissingEvidence`,
        :class:`fourx.InvalidTransition`
    """
    _out: ConductorApplyResult = forward(
        "conductor.apply",
        {"config": config, "feature": feature, "state": state, "loop": loop, "outcome": outcome},
        facts=facts,
    )
    return _out


def conductor_fork(
    config: Any,
    feature: Any,
    events: Any,
    at: Any,
) -> ConductorForkResult:
    """The step a run had at an event index, to re-run from there (keep that many events)
    (``conductor.fork``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`
    """
    _out: ConductorForkResult = forward(
        "conductor.fork",
        {"config": config, "feature": feature, "events": events, "at": at},
    )
    return _out


def conductor_next(
    config: Any,
    feature: Any,
    state: Any,
    loop: Any,
    *,
    facts: Any = None,
) -> ConductorNextResult:
    """The run loop's decision at the top of the loop (stop checks, pass-through, the phase agent)
    (``conductor.next``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConductorNextResult = forward(
        "conductor.next",
        {"config": config, "feature": feature, "state": state, "loop": loop},
        facts=facts,
    )
    return _out


def conductor_rebuild(
    config: Any,
    feature: Any,
    events: Any,
) -> ConductorRebuildResult:
    """The step of a run after its last complete call, from the checkpoints on its events
    (``conductor.rebuild``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`
    """
    _out: ConductorRebuildResult = forward(
        "conductor.rebuild",
        {"config": config, "feature": feature, "events": events},
    )
    return _out


def conductor_resume(
    config: Any,
    feature: Any,
    state: Any,
    *,
    feature_files: Any = None,
    round_files: Any = None,
) -> ConductorResumeResult:
    """Crash recovery: the phase a state resumes in, inferred from its round's artifacts
    (``conductor.resume``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConductorResumeResult = forward(
        "conductor.resume",
        {"config": config, "feature": feature, "state": state},
        feature_files=feature_files,
        round_files=round_files,
    )
    return _out


def conductor_run_script(
    config: Any,
    feature: Any,
    start: Any,
    outcomes: Any,
) -> ConductorRunScriptResult:
    """conductor.start then one conductor.apply per outcome: the decisions, events, final state and
    loop (``conductor.run_script``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.MissingEvidence`, :class:`fourx.UnknownRunner`,
        :class:`fourx.UnknownProfile`, :class:`fourx.MissingCodingPhase`,
        :class:`fourx.FeatureActive`, :class:`fourx.InvalidTransition`
    """
    _out: ConductorRunScriptResult = forward(
        "conductor.run_script",
        {"config": config, "feature": feature, "start": start, "outcomes": outcomes},
    )
    return _out


def conductor_start(
    config: Any,
    feature: Any,
    now: Any,
    pid: Any,
    *,
    state: Any = None,
    runner: Any = None,
    max_rounds: Any = None,
    profile_name: Any = None,
    run_overrides: Any = None,
    force_all_angles: Any = None,
    pid_alive: Any = None,
    feature_files: Any = None,
    round_files: Any = None,
    facts: Any = None,
    events: Any = None,
    note: Any = None,
) -> ConductorStartResult:
    """Builds or recovers the run state and gives the run loop's first decision
    (``conductor.start``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownRunner`, :class:`fourx.UnknownProfile`,
        :class:`fourx.MissingCodingPhase`, :class:`fourx.FeatureActive`,
        :class:`fourx.InvalidTransition`
    """
    _out: ConductorStartResult = forward(
        "conductor.start",
        {"config": config, "feature": feature, "now": now, "pid": pid},
        state=state,
        runner=runner,
        max_rounds=max_rounds,
        profile_name=profile_name,
        run_overrides=run_overrides,
        force_all_angles=force_all_angles,
        pid_alive=pid_alive,
        feature_files=feature_files,
        round_files=round_files,
        facts=facts,
        events=events,
        note=note,
    )
    return _out


def config_load_merged(
    root: Any,
    *,
    home: Any = None,
) -> ConfigLoadMergedResult:
    """Project settings merged with the user's; user-side problems and unknown keys of either file
    are warnings (``config.load_merged``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.InvalidJson`,
        :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _out: ConfigLoadMergedResult = forward(
        "config.load_merged",
        {"root": root},
        home=home,
    )
    return _out


def config_load_merged_text(
    project_text: Any,
    *,
    user_text: Any = None,
) -> ConfigLoadMergedTextResult:
    """Project settings merged with the user's; user-side problems and unknown keys of either text
    become warnings (``config.load_merged_text``).

    Raises:
        :class:`fourx.InvalidJson`, :class:`fourx.InvalidConfig`
    """
    _out: ConfigLoadMergedTextResult = forward(
        "config.load_merged_text",
        {"project_text": project_text},
        user_text=user_text,
    )
    return _out


def config_merge(
    *,
    user: Any = None,
    project: Any = None,
) -> ConfigMergeResult:
    """Merges the user config under the project config (project values win where set)
    (``config.merge``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConfigMergeResult = forward(
        "config.merge",
        {},
        user=user,
        project=project,
    )
    return _out


def config_notifications_enabled(
    config: Any,
) -> ConfigNotificationsEnabledResult:
    """Whether OS notifications are on (unset means on) (``config.notifications_enabled``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConfigNotificationsEnabledResult = forward(
        "config.notifications_enabled",
        {"config": config},
    )
    return _out


def config_parse(
    text: Any,
) -> ConfigParseResult:
    """Decode project settings.json text with Go's rules, normalise legacy profiles, validate
    (unknown keys: config.read, config.load_merged_text) (``config.parse``).

    Raises:
        :class:`fourx.InvalidJson`, :class:`fourx.InvalidConfig`
    """
    _out: ConfigParseResult = forward(
        "config.parse",
        {"text": text},
    )
    return _out


def config_parse_user(
    text: Any,
) -> ConfigParseUserResult:
    """Decode per-user settings.json text (no validation) (``config.parse_user``).

    Raises:
        :class:`fourx.InvalidJson`
    """
    _out: ConfigParseUserResult = forward(
        "config.parse_user",
        {"text": text},
    )
    return _out


def config_read(
    root: Any,
) -> ConfigReadResult:
    """Read and validate .4x/settings.json; every key Go ignores is an unknown_key warning
    (``config.read``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.InvalidJson`,
        :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _out: ConfigReadResult = forward(
        "config.read",
        {"root": root},
    )
    return _out


def config_read_user(
    home: Any,
) -> ConfigReadUserResult:
    """Read <home>/.4x/settings.json; missing is the zero value (``config.read_user``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _out: ConfigReadUserResult = forward(
        "config.read_user",
        {"home": home},
    )
    return _out


def config_render(
    *,
    config: Any = None,
) -> ConfigRenderResult:
    """The settings.json bytes WriteConfig and Init write (indented JSON + newline)
    (``config.render``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConfigRenderResult = forward(
        "config.render",
        {},
        config=config,
    )
    return _out


def config_render_user(
    *,
    config: Any = None,
) -> ConfigRenderUserResult:
    """The per-user settings.json bytes (indented JSON + newline) (``config.render_user``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConfigRenderUserResult = forward(
        "config.render_user",
        {},
        config=config,
    )
    return _out


def config_user_path(
    home: Any,
) -> ConfigUserPathResult:
    """The per-user settings path under a home directory (``config.user_path``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConfigUserPathResult = forward(
        "config.user_path",
        {"home": home},
    )
    return _out


def config_validate(
    config: Any,
) -> ConfigValidateResult:
    """Lists every problem of a project config with the original's messages (``config.validate``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ConfigValidateResult = forward(
        "config.validate",
        {"config": config},
    )
    return _out


def config_write(
    root: Any,
    config: Any,
) -> ConfigWriteResult:
    """Write .4x/settings.json atomically (the .4x directory must exist); a config config.read would
    refuse is invalid_config (nothing written) (``config.write``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _out: ConfigWriteResult = forward(
        "config.write",
        {"root": root, "config": config},
    )
    return _out


def config_write_user(
    home: Any,
    *,
    config: Any = None,
) -> ConfigWriteUserResult:
    """Write <home>/.4x/settings.json (creating <home>/.4x) (``config.write_user``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: ConfigWriteUserResult = forward(
        "config.write_user",
        {"home": home},
        config=config,
    )
    return _out


def design_doc_resolve(
    root: Any,
    feature: Any,
    doc_type: Any,
    *,
    extra_dirs: Any = None,
) -> DesignDocResolveResult:
    """Read a feature's spec or plan document: the YAML path, then the search-order candidates; a
    path resolving outside the root is refused with a warning (``design_doc.resolve``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.IoError`
    """
    _out: DesignDocResolveResult = forward(
        "design_doc.resolve",
        {"root": root, "feature": feature, "doc_type": doc_type},
        extra_dirs=extra_dirs,
    )
    return _out


def design_doc_search_order(
    feature: Any,
    doc_type: Any,
    *,
    extra_dirs: Any = None,
) -> DesignDocSearchOrderResult:
    """Where to look for a feature's spec or plan document, in order (``design_doc.search_order``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: DesignDocSearchOrderResult = forward(
        "design_doc.search_order",
        {"feature": feature, "doc_type": doc_type},
        extra_dirs=extra_dirs,
    )
    return _out


def discover_dedupe(
    candidates: Any,
    existing: Any,
    *,
    cjk: Any = None,
) -> DiscoverDedupeResult:
    """Discovered features without those similar to an existing feature or an earlier kept one
    (``discover.dedupe``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: DiscoverDedupeResult = forward(
        "discover.dedupe",
        {"candidates": candidates, "existing": existing},
        cjk=cjk,
    )
    return _out


def discover_parse(
    report: Any,
) -> DiscoverParseResult:
    """The [NEW-FEATURE] blocks of a report as {title, description} (``discover.parse``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: DiscoverParseResult = forward(
        "discover.parse",
        {"report": report},
    )
    return _out


def discover_plan(
    candidates: Any,
    *,
    ids: Any = None,
    config: Any = None,
) -> DiscoverPlanResult:
    """The features a run creates from de-duplicated [NEW-FEATURE] candidates: consecutive ids, at
    most max_discovered_features, status draft or not-started by the enrich settings; the rest
    capped (``discover.plan``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: DiscoverPlanResult = forward(
        "discover.plan",
        {"candidates": candidates},
        ids=ids,
        config=config,
    )
    return _out


def enums_list(
    kind: Any,
) -> EnumsListResult:
    """The values of a named enum (phases, roles, event_types, ...), in the seed's order
    (``enums.list``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownKind`
    """
    _out: EnumsListResult = forward(
        "enums.list",
        {"kind": kind},
    )
    return _out


def evidence_discover_screenshots(
    root: Any,
    feature_id: Any,
    *,
    screenshot_dir: Any = None,
) -> EvidenceDiscoverScreenshotsResult:
    """A feature's screenshots grouped by round, from verify.json files and screenshot directories
    (``evidence.discover_screenshots``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.IoError`
    """
    _out: EvidenceDiscoverScreenshotsResult = forward(
        "evidence.discover_screenshots",
        {"root": root, "feature_id": feature_id},
        screenshot_dir=screenshot_dir,
    )
    return _out


def evidence_group_screenshots(
    *,
    root: Any = None,
    feature_id: Any = None,
    screenshot_dir: Any = None,
    rounds: Any = None,
    template_rounds: Any = None,
    listings: Any = None,
    worktree: Any = None,
) -> EvidenceGroupScreenshotsResult:
    """Group a feature's screenshots by round from verify.json texts and directory listings
    (``evidence.group_screenshots``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceGroupScreenshotsResult = forward(
        "evidence.group_screenshots",
        {},
        root=root,
        feature_id=feature_id,
        screenshot_dir=screenshot_dir,
        rounds=rounds,
        template_rounds=template_rounds,
        listings=listings,
        worktree=worktree,
    )
    return _out


def evidence_is_screenshot_file(
    *,
    name: Any = None,
) -> EvidenceIsScreenshotFileResult:
    """Whether a file name has a screenshot extension (``evidence.is_screenshot_file``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceIsScreenshotFileResult = forward(
        "evidence.is_screenshot_file",
        {},
        name=name,
    )
    return _out


def evidence_normalize_screenshot_path(
    *,
    path: Any = None,
) -> EvidenceNormalizeScreenshotPathResult:
    """Trim, drop ./ and .4x/, clean lexically (``evidence.normalize_screenshot_path``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceNormalizeScreenshotPathResult = forward(
        "evidence.normalize_screenshot_path",
        {},
        path=path,
    )
    return _out


def evidence_parse_screenshot_filename(
    *,
    filename: Any = None,
) -> EvidenceParseScreenshotFilenameResult:
    """Step and description from a screenshot file name (``evidence.parse_screenshot_filename``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceParseScreenshotFilenameResult = forward(
        "evidence.parse_screenshot_filename",
        {},
        filename=filename,
    )
    return _out


def evidence_parse_verify(
    text: Any,
) -> EvidenceParseVerifyResult:
    """Decode a round's verify.json (VerifyEvidence) with Go's rules (``evidence.parse_verify``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _out: EvidenceParseVerifyResult = forward(
        "evidence.parse_verify",
        {"text": text},
    )
    return _out


def evidence_render_verify(
    *,
    verify: Any = None,
) -> EvidenceRenderVerifyResult:
    """The verify.json bytes `4x verify` writes (indented, no trailing newline)
    (``evidence.render_verify``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceRenderVerifyResult = forward(
        "evidence.render_verify",
        {},
        verify=verify,
    )
    return _out


def evidence_screenshot_dir(
    *,
    config: Any = None,
) -> EvidenceScreenshotDirResult:
    """The tester's screenshot directory template from a config (``evidence.screenshot_dir``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceScreenshotDirResult = forward(
        "evidence.screenshot_dir",
        {},
        config=config,
    )
    return _out


def evidence_screenshot_targets(
    *,
    feature_id: Any = None,
    screenshot_dir: Any = None,
    rounds: Any = None,
    template_rounds: Any = None,
) -> EvidenceScreenshotTargetsResult:
    """Directories to look in for each round's screenshots (``evidence.screenshot_targets``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceScreenshotTargetsResult = forward(
        "evidence.screenshot_targets",
        {},
        feature_id=feature_id,
        screenshot_dir=screenshot_dir,
        rounds=rounds,
        template_rounds=template_rounds,
    )
    return _out


def evidence_sort_screenshots(
    *,
    screenshots: Any = None,
) -> EvidenceSortScreenshotsResult:
    """Order screenshots by step (numeric first), then path (``evidence.sort_screenshots``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: EvidenceSortScreenshotsResult = forward(
        "evidence.sort_screenshots",
        {},
        screenshots=screenshots,
    )
    return _out


def feature_constants() -> FeatureConstantsResult:
    """Feature statuses, sub-task statuses, id pattern, default screenshot dir and hook policy
    (``feature.constants``).
    """
    _out: FeatureConstantsResult = forward(
        "feature.constants",
        {},
    )
    return _out


def feature_load_yaml(
    text: Any,
    *,
    mode: Any = None,
) -> FeatureLoadYamlResult:
    """Decode and validate feature YAML, strictly or leniently (warnings into feature.warnings)
    (``feature.load_yaml``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`
    """
    _out: FeatureLoadYamlResult = forward(
        "feature.load_yaml",
        {"text": text},
        mode=mode,
    )
    return _out


def feature_next_id(
    *,
    ids: Any = None,
    name: Any = None,
    slug: Any = None,
    config: Any = None,
) -> FeatureNextIdResult:
    """The next feature number over the existing ids, its id (from the name, or a chosen slug) and
    display name, in the config's id format (default F + 3 digits) (``feature.next_id``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: FeatureNextIdResult = forward(
        "feature.next_id",
        {},
        ids=ids,
        name=name,
        slug=slug,
        config=config,
    )
    return _out


def feature_parse_yaml(
    *,
    text: Any = None,
) -> FeatureParseYamlResult:
    """Decode feature YAML with yaml.v3's rules (no validation) (``feature.parse_yaml``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`
    """
    _out: FeatureParseYamlResult = forward(
        "feature.parse_yaml",
        {},
        text=text,
    )
    return _out


def feature_render_yaml(
    *,
    feature: Any = None,
) -> FeatureRenderYamlResult:
    """The feature YAML bytes Go's yaml.v3 writes (divergences D1, D4, D10)
    (``feature.render_yaml``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: FeatureRenderYamlResult = forward(
        "feature.render_yaml",
        {},
        feature=feature,
    )
    return _out


def feature_sync_status_text(
    text: Any,
    *,
    feature_id: Any = None,
    phase: Any = None,
) -> FeatureSyncStatusTextResult:
    """Set a feature text's status from a phase; the new text and commit payload when it changed
    (``feature.sync_status_text``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`
    """
    _out: FeatureSyncStatusTextResult = forward(
        "feature.sync_status_text",
        {"text": text},
        feature_id=feature_id,
        phase=phase,
    )
    return _out


def feature_validate(
    *,
    feature: Any = None,
) -> FeatureValidateResult:
    """Strict feature validation with Go's messages (``feature.validate``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: FeatureValidateResult = forward(
        "feature.validate",
        {},
        feature=feature,
    )
    return _out


def feature_validate_loose(
    feature: Any,
) -> FeatureValidateLooseResult:
    """Lenient feature validation: warnings; a missing id fails (``feature.validate_loose``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeature`
    """
    _out: FeatureValidateLooseResult = forward(
        "feature.validate_loose",
        {"feature": feature},
    )
    return _out


def guard_check(
    config: Any,
    feature: Any,
    changed_files: Any,
    *,
    phase: Any = None,
    profile: Any = None,
    round: Any = None,
    feature_files: Any = None,
    round_files: Any = None,
    test_strategy: Any = None,
    test_strategy_error: Any = None,
    testing_has_run: Any = None,
    dependencies: Any = None,
    symlinks: Any = None,
    build_gate: Any = None,
    docs_gate: Any = None,
    screenshot_exists: Any = None,
    state: Any = None,
) -> GuardCheckResult:
    """4x's guard.Check: required files, baseline, the diff's repo scope, self-modification,
    dependencies, symlinks, build/docs gates, verify types (``guard.check``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: GuardCheckResult = forward(
        "guard.check",
        {"config": config, "feature": feature, "changed_files": changed_files},
        phase=phase,
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
    return _out


def guard_testing_to_accepting(
    *,
    round: Any = None,
    round_files: Any = None,
    feature_files: Any = None,
    config: Any = None,
    test_strategy: Any = None,
    test_strategy_error: Any = None,
    screenshot_exists: Any = None,
    state: Any = None,
) -> GuardTestingToAcceptingResult:
    """4x's CheckTestingToAccepting: the tester's reports, verify.json, per-criterion evidence,
    screenshots, manual checks, self-mod tests (``guard.testing_to_accepting``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: GuardTestingToAcceptingResult = forward(
        "guard.testing_to_accepting",
        {},
        round=round,
        round_files=round_files,
        feature_files=feature_files,
        config=config,
        test_strategy=test_strategy,
        test_strategy_error=test_strategy_error,
        screenshot_exists=screenshot_exists,
        state=state,
    )
    return _out


def hooks_merge(
    *,
    global_: Any = None,
    feature: Any = None,
) -> HooksMergeResult:
    """Global hooks with feature hook points replacing whole lists (null when both are unset)
    (``hooks.merge``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: HooksMergeResult = forward(
        "hooks.merge",
        {},
        global_=global_,
        feature=feature,
    )
    return _out


def limits_resolve(
    config: Any,
    *,
    role: Any = None,
) -> LimitsResolveResult:
    """A role's fix rounds, parallel reviewers, angles per reviewer and max discovered features
    (``limits.resolve``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: LimitsResolveResult = forward(
        "limits.resolve",
        {"config": config},
        role=role,
    )
    return _out


def meta_catalog() -> MetaCatalogResult:
    """Every op with its one-line doc, typed input and output keys, defaults and error kinds, sorted
    by name, and the named types they use (``meta.catalog``).
    """
    _out: MetaCatalogResult = forward(
        "meta.catalog",
        {},
    )
    return _out


def meta_version() -> MetaVersionResult:
    """The library version as a string and as major*1000000 + minor*1000 + patch (``meta.version``).
    """
    _out: MetaVersionResult = forward(
        "meta.version",
        {},
    )
    return _out


def miner_scan_escalations(
    *,
    escalations: Any = None,
    root: Any = None,
    feature_ids: Any = None,
) -> MinerScanEscalationsResult:
    """Candidates from needed escalations (pure: `escalations` records; fs: `root`, `feature_ids`?)
    (``miner.scan_escalations``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: MinerScanEscalationsResult = forward(
        "miner.scan_escalations",
        {},
        escalations=escalations,
        root=root,
        feature_ids=feature_ids,
    )
    return _out


def miner_scan_fail_patterns(
    *,
    reports: Any = None,
    root: Any = None,
    feature_ids: Any = None,
    min_occurrences: Any = None,
    cjk: Any = None,
) -> MinerScanFailPatternsResult:
    """Candidates and learnings from review issues recurring across features (pure: `reports`; fs:
    `root`, `feature_ids`?) (``miner.scan_fail_patterns``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: MinerScanFailPatternsResult = forward(
        "miner.scan_fail_patterns",
        {},
        reports=reports,
        root=root,
        feature_ids=feature_ids,
        min_occurrences=min_occurrences,
        cjk=cjk,
    )
    return _out


def miner_scan_stuck(
    *,
    features: Any = None,
    root: Any = None,
    feature_ids: Any = None,
) -> MinerScanStuckResult:
    """Candidates from features stuck in needs-attention, abandoned or blocked (pure: `features`;
    fs: `root`, `feature_ids`?) (``miner.scan_stuck``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: MinerScanStuckResult = forward(
        "miner.scan_stuck",
        {},
        features=features,
        root=root,
        feature_ids=feature_ids,
    )
    return _out


def model_constants() -> ModelConstantsResult:
    """The tier names, the default tier (sonnet) and the default deep tier (opus)
    (``model.constants``).
    """
    _out: ModelConstantsResult = forward(
        "model.constants",
        {},
    )
    return _out


def model_resolve(
    config: Any,
    runner: Any,
    role: Any,
) -> ModelResolveResult:
    """The model of a role on a runner (role tier, runner model, then sonnet) (``model.resolve``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _out: ModelResolveResult = forward(
        "model.resolve",
        {"config": config, "runner": runner, "role": role},
    )
    return _out


def model_resolve_deep(
    config: Any,
    runner: Any,
    role: Any,
) -> ModelResolveDeepResult:
    """The deep model of a role, or "" when it sets no deep_model (``model.resolve_deep``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _out: ModelResolveDeepResult = forward(
        "model.resolve_deep",
        {"config": config, "runner": runner, "role": role},
    )
    return _out


def model_resolve_mini_coder(
    config: Any,
    runner: Any,
    fallback_model: Any,
) -> ModelResolveMiniCoderResult:
    """The mini-coder's model, or the fallback model when unset (``model.resolve_mini_coder``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _out: ModelResolveMiniCoderResult = forward(
        "model.resolve_mini_coder",
        {"config": config, "runner": runner, "fallback_model": fallback_model},
    )
    return _out


def model_resolve_phase(
    config: Any,
    phase: Any,
    role: Any,
    runner: Any,
    *,
    feature: Any = None,
    profile: Any = None,
    manual: Any = None,
) -> ModelResolvePhaseResult:
    """The model of a pipeline phase: manual, feature override, profile entry, then role
    (``model.resolve_phase``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _out: ModelResolvePhaseResult = forward(
        "model.resolve_phase",
        {"config": config, "phase": phase, "role": role, "runner": runner},
        feature=feature,
        profile=profile,
        manual=manual,
    )
    return _out


def model_resolve_tier(
    config: Any,
    runner: Any,
    tier: Any,
) -> ModelResolveTierResult:
    """The model of a tier for a runner (runner tiers, then model_tiers; no aliases)
    (``model.resolve_tier``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _out: ModelResolveTierResult = forward(
        "model.resolve_tier",
        {"config": config, "runner": runner, "tier": tier},
    )
    return _out


def phase_is_selectable(
    phase: Any,
) -> PhaseIsSelectableResult:
    """Whether a pipeline profile may list the phase (``phase.is_selectable``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: PhaseIsSelectableResult = forward(
        "phase.is_selectable",
        {"phase": phase},
    )
    return _out


def phase_role(
    phase: Any,
) -> PhaseRoleResult:
    """The role of a profile-selectable work phase (PhaseRole); "" otherwise (``phase.role``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: PhaseRoleResult = forward(
        "phase.role",
        {"phase": phase},
    )
    return _out


def phase_to_status(
    phase: Any,
) -> PhaseToStatusResult:
    """The feature status a phase projects to (PhaseToStatus) (``phase.to_status``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: PhaseToStatusResult = forward(
        "phase.to_status",
        {"phase": phase},
    )
    return _out


def pipeline_effective_manual(
    phase: Any,
    *,
    run_overrides: Any = None,
    manual_runner: Any = None,
) -> PipelineEffectiveManualResult:
    """A phase's manual runner and model after per-run overrides (``pipeline.effective_manual``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: PipelineEffectiveManualResult = forward(
        "pipeline.effective_manual",
        {"phase": phase},
        run_overrides=run_overrides,
        manual_runner=manual_runner,
    )
    return _out


def pipeline_resolve(
    config: Any,
    *,
    feature: Any = None,
    profile_name: Any = None,
    manual_runner: Any = None,
    run_overrides: Any = None,
) -> PipelineResolveResult:
    """Every enabled phase of a feature's pipeline with its role, runner and model
    (``pipeline.resolve``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownProfile`,
        :class:`fourx.MissingCodingPhase`, :class:`fourx.UnresolvedRunner`,
        :class:`fourx.UnknownRunner`, :class:`fourx.UnresolvableTier`
    """
    _out: PipelineResolveResult = forward(
        "pipeline.resolve",
        {"config": config},
        feature=feature,
        profile_name=profile_name,
        manual_runner=manual_runner,
        run_overrides=run_overrides,
    )
    return _out


def profile_enabled_phases(
    profile: Any,
) -> ProfileEnabledPhasesResult:
    """The selectable phases a profile enables, in canonical order (``profile.enabled_phases``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ProfileEnabledPhasesResult = forward(
        "profile.enabled_phases",
        {"profile": profile},
    )
    return _out


def profile_enables(
    profile: Any,
    *,
    phase: Any = None,
    role: Any = None,
) -> ProfileEnablesResult:
    """Whether a profile enables a phase and/or a role's phase (``profile.enables``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ProfileEnablesResult = forward(
        "profile.enables",
        {"profile": profile},
        phase=phase,
        role=role,
    )
    return _out


def profile_resolve(
    *,
    config: Any = None,
    feature: Any = None,
    override: Any = None,
) -> ProfileResolveResult:
    """The pipeline profile a feature runs with: override, feature, default_profile, then priority
    (``profile.resolve``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownProfile`,
        :class:`fourx.MissingCodingPhase`
    """
    _out: ProfileResolveResult = forward(
        "profile.resolve",
        {},
        config=config,
        feature=feature,
        override=override,
    )
    return _out


def profile_role_artifact_view(
    profile: Any,
    role: Any,
) -> ProfileRoleArtifactViewResult:
    """A role's required, forbidden and absent-upstream artifacts under a profile
    (``profile.role_artifact_view``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ProfileRoleArtifactViewResult = forward(
        "profile.role_artifact_view",
        {"profile": profile, "role": role},
    )
    return _out


def profiles_default() -> ProfilesDefaultResult:
    """The built-in pipeline profiles (full, lite, normal, quick) (``profiles.default``).
    """
    _out: ProfilesDefaultResult = forward(
        "profiles.default",
        {},
    )
    return _out


def report_parse_issues(
    report: Any,
) -> ReportParseIssuesResult:
    """The verdict and [CRITICAL]/[WARNING] issue titles of a review report
    (``report.parse_issues``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ReportParseIssuesResult = forward(
        "report.parse_issues",
        {"report": report},
    )
    return _out


def repos_effective_hub(
    config: Any,
) -> ReposEffectiveHubResult:
    """The hub repos: hub_repos in order, then workspace repos marked hub (``repos.effective_hub``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ReposEffectiveHubResult = forward(
        "repos.effective_hub",
        {"config": config},
    )
    return _out


def repos_resolve_feature_paths(
    feature: Any,
    config: Any,
    root: Any,
) -> ReposResolveFeaturePathsResult:
    """The paths of the repos a feature names (all when it names none)
    (``repos.resolve_feature_paths``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ReposResolveFeaturePathsResult = forward(
        "repos.resolve_feature_paths",
        {"feature": feature, "config": config, "root": root},
    )
    return _out


def repos_resolve_paths(
    config: Any,
    root: Any,
) -> ReposResolvePathsResult:
    """Each workspace repo's path joined under root ({".": root} without repos)
    (``repos.resolve_paths``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: ReposResolvePathsResult = forward(
        "repos.resolve_paths",
        {"config": config, "root": root},
    )
    return _out


def router_active_workflows(
    tasks: Any,
    *,
    workflow_id: Any = None,
    edition: Any = None,
) -> RouterActiveWorkflowsResult:
    """Resume step 1: open CC10X and legacy parents and a decision (one open workflow resumes;
    several are a choice, never a guess). Host: resume → runnable_tasks for selected.wf; choose
    → ask, never guess; ask_legacy → ask resume-legacy or fresh; none/not_found → route
    normally (``router.active_workflows``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterActiveWorkflowsResult = forward(
        "router.active_workflows",
        {"tasks": tasks},
        workflow_id=workflow_id,
        edition=edition,
    )
    return _out


def router_agents(
    *,
    edition: Any = None,
) -> RouterAgentsResult:
    """The agents an edition knows, in its table order: bare and cc10x: names and the output kind
    (readonly or write) parse_output gives (``router.agents``).

    Raises:
        :class:`fourx.InvalidValue`
    """
    _out: RouterAgentsResult = forward(
        "router.agents",
        {},
        edition=edition,
    )
    return _out


def router_artifact_fresh(
    modified_at: Any,
    now: Any,
    *,
    max_age_seconds: Any = None,
    edition: Any = None,
) -> RouterArtifactFreshResult:
    """Whether an artifact written at modified_at is fresh at now (default 300 s, cc10x's hooks).
    Host: warn on a stale write; never block on it (``router.artifact_fresh``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterArtifactFreshResult = forward(
        "router.artifact_fresh",
        {"modified_at": modified_at, "now": now},
        max_age_seconds=max_age_seconds,
        edition=edition,
    )
    return _out


def router_build_prompt(
    agent: Any,
    workflow: Any,
    phase: Any,
    task_id: Any,
    workflow_uuid: Any,
    request: Any,
    *,
    plan_file: Any = None,
    requirements: Any = None,
    memory_summary: Any = None,
    project_patterns: Any = None,
    domain_files: Any = None,
    skill_hints: Any = None,
    pre_answered_requirements: Any = None,
    intent_contract: Any = None,
    research_files: Any = None,
    research_quality: Any = None,
    design_file: Any = None,
    planning_review_findings: Any = None,
    original_request: Any = None,
    approved_context_files: Any = None,
    previous_findings: Any = None,
    edition: Any = None,
) -> RouterBuildPromptResult:
    """Render the per-agent prompt frame: fixed sections, then optional ones by content and role
    (12.7.0: no ## Memory Summary for code-reviewer and plan-gap-reviewer)
    (``router.build_prompt``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _out: RouterBuildPromptResult = forward(
        "router.build_prompt",
        {"agent": agent, "workflow": workflow, "phase": phase, "task_id": task_id, "workflow_uuid": workflow_uuid, "request": request},
        plan_file=plan_file,
        requirements=requirements,
        memory_summary=memory_summary,
        project_patterns=project_patterns,
        domain_files=domain_files,
        skill_hints=skill_hints,
        pre_answered_requirements=pre_answered_requirements,
        intent_contract=intent_contract,
        research_files=research_files,
        research_quality=research_quality,
        design_file=design_file,
        planning_review_findings=planning_review_findings,
        original_request=original_request,
        approved_context_files=approved_context_files,
        previous_findings=previous_findings,
        edition=edition,
    )
    return _out


def router_build_scope(
    files_touched: Any,
    single_change: Any,
    testable_outcomes: Any,
    cross_module: Any,
    *,
    plan: Any = None,
    edition: Any = None,
) -> RouterBuildScopeResult:
    """Decide trivial or standard BUILD scope: a plan makes it standard; trivial needs 1-2 files,
    one change, one testable outcome and no cross-module edit (``router.build_scope``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterBuildScopeResult = forward(
        "router.build_scope",
        {"files_touched": files_touched, "single_change": single_change, "testable_outcomes": testable_outcomes, "cross_module": cross_module},
        plan=plan,
        edition=edition,
    )
    return _out


def router_check_artifact(
    text: Any,
    workflow_uuid: Any,
    *,
    edition: Any = None,
) -> RouterCheckArtifactResult:
    """Read-back gate for an artifact: strict JSON, no __PLACEHOLDER__ left, every skeleton key of
    the edition, matching ids, a known type (``router.check_artifact``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.MalformedArtifact`,
        :class:`fourx.PlaceholderLeft`, :class:`fourx.UuidMismatch`
    """
    _out: RouterCheckArtifactResult = forward(
        "router.check_artifact",
        {"text": text, "workflow_uuid": workflow_uuid},
        edition=edition,
    )
    return _out


def router_check_memory(
    file: Any,
    text: Any,
    *,
    edition: Any = None,
) -> RouterCheckMemoryResult:
    """Which required `## ` sections a memory file (activeContext.md, progress.md, patterns.md) has
    (``router.check_memory``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterCheckMemoryResult = forward(
        "router.check_memory",
        {"file": file, "text": text},
        edition=edition,
    )
    return _out


def router_dispatch(
    kind: Any,
    *,
    phase: Any = None,
    origin: Any = None,
    edition: Any = None,
) -> RouterDispatchResult:
    """Pick the agent (or inline mode) for a task from kind, phase and origin by the edition's
    dispatch table (``router.dispatch``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.NoDispatchRule`
    """
    _out: RouterDispatchResult = forward(
        "router.dispatch",
        {"kind": kind},
        phase=phase,
        origin=origin,
        edition=edition,
    )
    return _out


def router_edition_for_version(
    version: Any,
    *,
    edition: Any = None,
) -> RouterEditionForVersionResult:
    """The contract edition for an installed cc10x plugin version and whether it is exact: from
    11.0.0 below 12.0.0 → 11.0.0, from 12.7.0 below 12.8.0 → 12.7.0, from 12.10.0 below
    12.11.0 → 12.10.0 (exact); any other version → the last edition before it (the oldest for
    older versions), text that is not a version → the newest edition, not exact. Host: run the
    checks with edition; when exact is false, only warn on every finding (never block) and say
    which version and edition (``router.edition_for_version``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterEditionForVersionResult = forward(
        "router.edition_for_version",
        {"version": version},
        edition=edition,
    )
    return _out


def router_event_line(
    now: Any,
    wf: Any,
    event: Any,
    phase: Any,
    task_id: Any,
    agent: Any,
    decision: Any,
    reason: Any,
    *,
    duration_seconds: Any = None,
    work_category: Any = None,
    details: Any = None,
    edition: Any = None,
) -> RouterEventLineResult:
    """One compact events.jsonl line for a workflow event (fixed key order, details keys sorted,
    newline-terminated) (``router.event_line``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterEventLineResult = forward(
        "router.event_line",
        {"now": now, "wf": wf, "event": event, "phase": phase, "task_id": task_id, "agent": agent, "decision": decision, "reason": reason},
        duration_seconds=duration_seconds,
        work_category=work_category,
        details=details,
        edition=edition,
    )
    return _out


def router_finalize_memory(
    active_context: Any,
    progress: Any,
    patterns: Any,
    workflow_type: Any,
    workflow_uuid: Any,
    now: Any,
    *,
    memory_task_id: Any = None,
    notes: Any = None,
    tasks: Any = None,
    completed: Any = None,
    plan_file: Any = None,
    design_file: Any = None,
    clarification_needed: Any = None,
    debug_summary: Any = None,
    edition: Any = None,
) -> RouterFinalizeMemoryResult:
    """The memory finalisation edits of activeContext.md, progress.md and patterns.md (each text
    must pass check_memory first; new lines go at the top of their section, in input order).
    Host: write all three, read each back with check_memory; on any failure stop and never
    advance the workflow (``router.finalize_memory``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterFinalizeMemoryResult = forward(
        "router.finalize_memory",
        {"active_context": active_context, "progress": progress, "patterns": patterns, "workflow_type": workflow_type, "workflow_uuid": workflow_uuid, "now": now},
        memory_task_id=memory_task_id,
        notes=notes,
        tasks=tasks,
        completed=completed,
        plan_file=plan_file,
        design_file=design_file,
        clarification_needed=clarification_needed,
        debug_summary=debug_summary,
        edition=edition,
    )
    return _out


def router_followup_tasks(
    graph: Any,
    tasks: Any,
    workflow_id: Any,
    *,
    edition: Any = None,
    workflow_type: Any = None,
    origin: Any = None,
    phase: Any = None,
    scope: Any = None,
    reason: Any = None,
    plan: Any = None,
    remfix_task_id: Any = None,
    proof: Any = None,
    disputes: Any = None,
    root_cause: Any = None,
    diff_driven_docs_skip: Any = None,
    event: Any = None,
    deletion_supported: Any = None,
) -> RouterFollowupTasksResult:
    """The task plan of a follow-up graph: remfix, re_review, investigation, escalate_full,
    plan_prune (remfix and investigation block every open downstream task; the others change only
    the tasks they name). Host: create the creates in order, map new: refs to real ids, apply
    updates in order; ask_user/cycle_cap_gate → ask the user; send_back → return the REM-FIX
    for proof; stop → end the turn (``router.followup_tasks``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.NotFound`,
        :class:`fourx.Ambiguous`, :class:`fourx.NoDispatchRule`
    """
    _out: RouterFollowupTasksResult = forward(
        "router.followup_tasks",
        {"graph": graph, "tasks": tasks, "workflow_id": workflow_id},
        edition=edition,
        workflow_type=workflow_type,
        origin=origin,
        phase=phase,
        scope=scope,
        reason=reason,
        plan=plan,
        remfix_task_id=remfix_task_id,
        proof=proof,
        disputes=disputes,
        root_cause=root_cause,
        diff_driven_docs_skip=diff_driven_docs_skip,
        event=event,
        deletion_supported=deletion_supported,
    )
    return _out


def router_format_marker(
    marker: Any,
    wf: Any,
    *,
    reason: Any = None,
    memory_task_id: Any = None,
    edition: Any = None,
) -> RouterFormatMarkerResult:
    """Format a BUILD-START/DEBUG-RESET/PLAN-START/SCOPE-DECISION-PENDING/MEMORY-TASK-ID marker for
    a valid workflow id (``router.format_marker``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterFormatMarkerResult = forward(
        "router.format_marker",
        {"marker": marker, "wf": wf},
        reason=reason,
        memory_task_id=memory_task_id,
        edition=edition,
    )
    return _out


def router_format_previous_findings(
    workflow: Any,
    reviewer: Any,
    *,
    hunter: Any = None,
    edition: Any = None,
) -> RouterFormatPreviousFindingsResult:
    """The `## Previous Agent Findings` block handed to the integration-verifier
    (``router.format_previous_findings``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterFormatPreviousFindingsResult = forward(
        "router.format_previous_findings",
        {"workflow": workflow, "reviewer": reviewer},
        hunter=hunter,
        edition=edition,
    )
    return _out


def router_format_task_metadata(
    wf: Any,
    kind: Any,
    origin: Any,
    phase: Any,
    *,
    plan: Any = None,
    scope: Any = None,
    reason: Any = None,
    body: Any = None,
    edition: Any = None,
) -> RouterFormatTaskMetadataResult:
    """Format the canonical seven-line metadata block (plan, scope and reason default to N/A),
    optionally with a body after a blank line (``router.format_task_metadata``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterFormatTaskMetadataResult = forward(
        "router.format_task_metadata",
        {"wf": wf, "kind": kind, "origin": origin, "phase": phase},
        plan=plan,
        scope=scope,
        reason=reason,
        body=body,
        edition=edition,
    )
    return _out


def router_intent_ready(
    target: Any,
    source_files: Any,
    acceptance_criteria: Any,
    *,
    contradictions: Any = None,
    edition: Any = None,
) -> RouterIntentReadyResult:
    """The intent readiness gate before BUILD or PLAN: a BUILD needing more than 5 source files
    switches to PLAN, any contradiction halts, every criterion needs a verifiable scenario. Host:
    proceed → run the workflow; switch_to_plan → decompose in PLAN first; halt_contradiction
    → set pending_gate and ask; ask_specificity → ask for verifiable criteria
    (``router.intent_ready``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterIntentReadyResult = forward(
        "router.intent_ready",
        {"target": target, "source_files": source_files, "acceptance_criteria": acceptance_criteria},
        contradictions=contradictions,
        edition=edition,
    )
    return _out


def router_just_go_gate(
    just_go: Any,
    gate: Any,
    *,
    recommended: Any = None,
    edition: Any = None,
) -> RouterJustGoGateResult:
    """What a pending AskUserQuestion gate does under JUST_GO and the trust rules
    (``router.just_go_gate``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterJustGoGateResult = forward(
        "router.just_go_gate",
        {"just_go": just_go, "gate": gate},
        recommended=recommended,
        edition=edition,
    )
    return _out


def router_loop_gate(
    loop: Any,
    count: Any,
    *,
    edition: Any = None,
) -> RouterLoopGateResult:
    """Whether another remfix/investigation/research/plan_review loop is allowed before a human
    checkpoint (caps 3/2/2/2 per workflow) (``router.loop_gate``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterLoopGateResult = forward(
        "router.loop_gate",
        {"loop": loop, "count": count},
        edition=edition,
    )
    return _out


def router_memory_evidence(
    subject: Any,
    description: Any,
    *,
    events: Any = None,
    edition: Any = None,
) -> RouterMemoryEvidenceResult:
    """The router-owned evidence a completing memory task must carry: origin router, the ROUTER ONLY
    marker, the Memory Update subject, a memory_finalized event of its wf (fourx hook
    task-completed). Host: block completion while gaps is non-empty (``router.memory_evidence``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.DuplicateField`
    """
    _out: RouterMemoryEvidenceResult = forward(
        "router.memory_evidence",
        {"subject": subject, "description": description},
        events=events,
        edition=edition,
    )
    return _out


def router_memory_task(
    tasks: Any,
    workflow_id: Any,
    *,
    active_context: Any = None,
    edition: Any = None,
) -> RouterMemoryTaskResult:
    """The workflow's unique open memory task and its activeContext marker (two open memory tasks of
    one wf are ambiguous; another wf's task never counts). Host: persist_marker → write
    marker_text to ## References; ignore stale/other_wf markers; never fall back to the first
    pending Memory Update task (``router.memory_task``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.Ambiguous`
    """
    _out: RouterMemoryTaskResult = forward(
        "router.memory_task",
        {"tasks": tasks, "workflow_id": workflow_id},
        active_context=active_context,
        edition=edition,
    )
    return _out


def router_memory_template(
    file: Any,
    *,
    edition: Any = None,
) -> RouterMemoryTemplateResult:
    """The cc10x:session-memory template a missing memory file is created with
    (``router.memory_template``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterMemoryTemplateResult = forward(
        "router.memory_template",
        {"file": file},
        edition=edition,
    )
    return _out


def router_model_tier(
    agent: Any,
    *,
    build_scope: Any = None,
    escalate: Any = None,
    requested_tier: Any = None,
    edition: Any = None,
) -> RouterModelTierResult:
    """Recommend an abstract model tier for an agent (the requested tier, else the recommended one);
    the reviewers' floor raises a lower tier to standard (``router.model_tier``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _out: RouterModelTierResult = forward(
        "router.model_tier",
        {"agent": agent},
        build_scope=build_scope,
        escalate=escalate,
        requested_tier=requested_tier,
        edition=edition,
    )
    return _out


def router_new_artifact(
    workflow_uuid: Any,
    workflow_type: Any,
    user_request: Any,
    now: Any,
    *,
    edition: Any = None,
) -> RouterNewArtifactResult:
    """A new workflow artifact: the edition's skeleton (35 top-level keys at 11.0.0, 40 at 12.7.0)
    with the id, type, request, first status entry and timestamps filled
    (``router.new_artifact``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterNewArtifactResult = forward(
        "router.new_artifact",
        {"workflow_uuid": workflow_uuid, "workflow_type": workflow_type, "user_request": user_request, "now": now},
        edition=edition,
    )
    return _out


def router_new_workflow_id(
    now: Any,
    nonce: Any,
    *,
    edition: Any = None,
) -> RouterNewWorkflowIdResult:
    """Mint wf-YYYYMMDDTHHMMSSZ-<nonce> from now (UTC) and an 8-hex-digit nonce (written in lower
    case) (``router.new_workflow_id``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterNewWorkflowIdResult = forward(
        "router.new_workflow_id",
        {"now": now, "nonce": nonce},
        edition=edition,
    )
    return _out


def router_parse_brainstorm_handoff(
    output: Any,
    *,
    edition: Any = None,
) -> RouterParseBrainstormHandoffResult:
    """Read DESIGN_FILE, DESIGN_SUMMARY and MEMORY_NOTES from the inline brainstorming handoff block
    (``router.parse_brainstorm_handoff``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.InputTooLarge`,
        :class:`fourx.MissingContract`, :class:`fourx.MalformedContract`
    """
    _out: RouterParseBrainstormHandoffResult = forward(
        "router.parse_brainstorm_handoff",
        {"output": output},
        edition=edition,
    )
    return _out


def router_parse_markers(
    text: Any,
    *,
    edition: Any = None,
) -> RouterParseMarkersResult:
    """Find workflow markers in a memory text and count DEBUG attempts since the last reset (three
    or more is stuck) (``router.parse_markers``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterParseMarkersResult = forward(
        "router.parse_markers",
        {"text": text},
        edition=edition,
    )
    return _out


def router_parse_output(
    agent: Any,
    output: Any,
    *,
    task: Any = None,
    disputes: Any = None,
    kind: Any = None,
    dispatched_findings: Any = None,
    edition: Any = None,
) -> RouterParseOutputResult:
    """Validate any agent's output with the read-only or write-contract parser its agent needs
    (``router.parse_output``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.InputTooLarge`, :class:`fourx.TooShort`, :class:`fourx.MissingContract`,
        :class:`fourx.MalformedContract`, :class:`fourx.ScenarioMismatch`,
        :class:`fourx.MissingEvidence`
    """
    _out: RouterParseOutputResult = forward(
        "router.parse_output",
        {"agent": agent, "output": output},
        task=task,
        disputes=disputes,
        kind=kind,
        dispatched_findings=dispatched_findings,
        edition=edition,
    )
    return _out


def router_parse_readonly_output(
    agent: Any,
    output: Any,
    *,
    task: Any = None,
    disputes: Any = None,
    edition: Any = None,
) -> RouterParseReadonlyOutputResult:
    """Validate a read-only agent's output: envelope, heading, issues, intent, scenarios, overrides;
    the stricter of the heading and reported status wins. 12.10.0: the contract YAML block
    following the Router Contract heading decides STATUS, and with disputes (the number of
    FINDING_DISPUTED positions dispatched) the verifier must adjudicate each exactly once
    (``router.parse_readonly_output``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.InputTooLarge`, :class:`fourx.TooShort`, :class:`fourx.MissingContract`,
        :class:`fourx.ScenarioMismatch`, :class:`fourx.MissingEvidence`
    """
    _out: RouterParseReadonlyOutputResult = forward(
        "router.parse_readonly_output",
        {"agent": agent, "output": output},
        task=task,
        disputes=disputes,
        edition=edition,
    )
    return _out


def router_parse_session_settings(
    text: Any,
    *,
    edition: Any = None,
) -> RouterParseSessionSettingsResult:
    """Read AUTO_PROCEED and DIFF_DRIVEN_DOCS from the ## Session Settings section of
    activeContext.md (``router.parse_session_settings``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterParseSessionSettingsResult = forward(
        "router.parse_session_settings",
        {"text": text},
        edition=edition,
    )
    return _out


def router_parse_subject(
    subject: Any,
    *,
    edition: Any = None,
) -> RouterParseSubjectResult:
    """Classify a task subject by its prefix, first match wins: parent, memory, child, forbidden
    TODO, unknown CC10X, legacy parent, foreign (``router.parse_subject``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterParseSubjectResult = forward(
        "router.parse_subject",
        {"subject": subject},
        edition=edition,
    )
    return _out


def router_parse_task_metadata(
    description: Any,
    *,
    require_all: Any = None,
    edition: Any = None,
) -> RouterParseTaskMetadataResult:
    """Parse and validate the metadata block of a task description: the leading key:value lines, no
    key twice, wf and kind always required (all seven with require_all)
    (``router.parse_task_metadata``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.DuplicateField`
    """
    _out: RouterParseTaskMetadataResult = forward(
        "router.parse_task_metadata",
        {"description": description},
        require_all=require_all,
        edition=edition,
    )
    return _out


def router_parse_write_contract(
    agent: Any,
    output: Any,
    *,
    kind: Any = None,
    dispatched_findings: Any = None,
    edition: Any = None,
) -> RouterParseWriteContractResult:
    """Validate a write agent's YAML Router Contract and its agent's pass conditions; 12.7.0 adds
    the builder preflight/RED-reason/seam fields, the investigator loop and close-out fields, one
    researcher row and two decision_rfc alternatives; 12.10.0 reads the YAML block following the
    heading, accepts any non-zero TDD_RED_EXIT, checks the QA agents and, for kind remfix, the
    covering-test proof (dispatched_findings decides a dispute-only return)
    (``router.parse_write_contract``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.InputTooLarge`, :class:`fourx.MissingContract`,
        :class:`fourx.MalformedContract`
    """
    _out: RouterParseWriteContractResult = forward(
        "router.parse_write_contract",
        {"agent": agent, "output": output},
        kind=kind,
        dispatched_findings=dispatched_findings,
        edition=edition,
    )
    return _out


def router_plan_trust_gate(
    artifact_text: Any,
    workflow_uuid: Any,
    *,
    planner: Any = None,
    contradictions: Any = None,
    edition: Any = None,
) -> RouterPlanTrustGateResult:
    """The plan-trust gate before BUILD, from the workflow artifact and the planner's contract: no
    BUILD while an Open Decision is unapproved (JUST_GO or not); with a plan, Differences from
    agreement present, explicit plan_mode and verification_rigor, exit criteria on every phase
    and acceptance criteria for an execution_plan/decision_rfc; a host-found contradiction is
    NOGO. Host: start_build → create the BUILD graph; ask_clarification → persist
    pending_gate and ask; nogo_contradiction → show it and ask (``router.plan_trust_gate``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.MalformedArtifact`,
        :class:`fourx.PlaceholderLeft`, :class:`fourx.UuidMismatch`
    """
    _out: RouterPlanTrustGateResult = forward(
        "router.plan_trust_gate",
        {"artifact_text": artifact_text, "workflow_uuid": workflow_uuid},
        planner=planner,
        contradictions=contradictions,
        edition=edition,
    )
    return _out


def router_pre_tool_use(
    tool_name: Any,
    project_dir: Any,
    *,
    tool_input: Any = None,
    artifact: Any = None,
    events: Any = None,
    approval: Any = None,
    now: Any = None,
    edition: Any = None,
) -> RouterPreToolUseResult:
    """cc10x's deterministic PreToolUse guards (fourx hook pre-tool-use): destructive git text
    (push, reset --hard, clean -f, branch -D, checkout ., restore ., stash clear; push and branch
    -D unlock with a fresh approval token) and, while the newest artifact is an unfinished QA
    workflow, denied reads and no write or Bash mutation outside the mutation allowlist during a
    planning phase. Host: deny → answer Claude Code with permissionDecision deny and the
    reason; consume_approval → delete the approval token (``router.pre_tool_use``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterPreToolUseResult = forward(
        "router.pre_tool_use",
        {"tool_name": tool_name, "project_dir": project_dir},
        tool_input=tool_input,
        artifact=artifact,
        events=events,
        approval=approval,
        now=now,
        edition=edition,
    )
    return _out


def router_reconcile_verdicts(
    verdicts: Any,
    *,
    edition: Any = None,
) -> RouterReconcileVerdictsResult:
    """Reconcile agent verdicts: any fail fails, the stricter verdict is authoritative (never
    averaged) (``router.reconcile_verdicts``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _out: RouterReconcileVerdictsResult = forward(
        "router.reconcile_verdicts",
        {"verdicts": verdicts},
        edition=edition,
    )
    return _out


def router_remfix_completion(
    artifact: Any,
    *,
    edition: Any = None,
) -> RouterRemfixCompletionResult:
    """The TaskCompleted check of a completing REM-FIX over its workflow artifact: the circuit
    breaker (earlier remediation_history rounds against the cap of 3) and, at editions with
    cc10x's remediation_history backstop (12.7.0, 12.10.0), whether the history is empty. Host:
    not allowed → a taskMetadata finding (blocks in block mode, ask the user before another
    REM-FIX); history_missing → warn, never block (``router.remfix_completion``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterRemfixCompletionResult = forward(
        "router.remfix_completion",
        {"artifact": artifact},
        edition=edition,
    )
    return _out


def router_repair_memory(
    file: Any,
    text: Any,
    *,
    edition: Any = None,
) -> RouterRepairMemoryResult:
    """Idempotently insert a memory file's missing sections before `## Last Updated` (or at the end)
    (``router.repair_memory``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterRepairMemoryResult = forward(
        "router.repair_memory",
        {"file": file, "text": text},
        edition=edition,
    )
    return _out


def router_resolve_scope_reply(
    reply: Any,
    *,
    edition: Any = None,
) -> RouterResolveScopeReplyResult:
    """Map a reply to the scope gate onto CRITICAL_ONLY or ALL_ISSUES; both phrases are ambiguous,
    neither is unrecognized (``router.resolve_scope_reply``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.Ambiguous`,
        :class:`fourx.UnrecognizedReply`
    """
    _out: RouterResolveScopeReplyResult = forward(
        "router.resolve_scope_reply",
        {"reply": reply},
        edition=edition,
    )
    return _out


def router_route(
    request: Any,
    *,
    edition: Any = None,
) -> RouterRouteResult:
    """Route a request to a workflow by the edition's signal table: the first signal in priority
    order with a keyword match wins, else DEFAULT (12.7.0 adds TRIAGE at 5 and CODEBASE-HEALTH at
    6, DEFAULT becomes 7) (``router.route``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterRouteResult = forward(
        "router.route",
        {"request": request},
        edition=edition,
    )
    return _out


def router_runnable_tasks(
    tasks: Any,
    workflow_id: Any,
    *,
    mode: Any = None,
    edition: Any = None,
) -> RouterRunnableTasksResult:
    """The tasks of one workflow with their state, runnable set, parallel pair and next action (a
    pending task whose blockers are all completed is runnable; the reviewer and hunter run as a
    parallel pair). Host: dispatch → mark in_progress and run each row's dispatch (parallel
    pair in one message); run_memory_inline → finalize_memory inline, then complete memory task
    and parent; complete → close the parent; wait/stalled → report and stop; repair_metadata
    → fix the invalid descriptions; ask_user → ask resume/delete/complete
    (``router.runnable_tasks``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterRunnableTasksResult = forward(
        "router.runnable_tasks",
        {"tasks": tasks, "workflow_id": workflow_id},
        mode=mode,
        edition=edition,
    )
    return _out


def router_scope_decision(
    active_context: Any,
    reply: Any,
    *,
    workflow_id: Any = None,
    tasks: Any = None,
    origin: Any = None,
    phase: Any = None,
    plan: Any = None,
    edition: Any = None,
) -> RouterScopeDecisionResult:
    """Resume a pending scope decision: the reply becomes a REM-FIX and the marker leaves ##
    Decisions. Host: route_normally → route; ask_again → ask the two options and stop;
    create_remfix → write active_context, apply followup, stop; ask_user → ask before another
    REM-FIX (``router.scope_decision``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.Ambiguous`,
        :class:`fourx.NoDispatchRule`
    """
    _out: RouterScopeDecisionResult = forward(
        "router.scope_decision",
        {"active_context": active_context, "reply": reply},
        workflow_id=workflow_id,
        tasks=tasks,
        origin=origin,
        phase=phase,
        plan=plan,
        edition=edition,
    )
    return _out


def router_skill_hints(
    agent: Any,
    workflow: Any,
    request: Any,
    *,
    phase: Any = None,
    kind: Any = None,
    changed_files: Any = None,
    plan_text: Any = None,
    design_text: Any = None,
    patterns_text: Any = None,
    research_files: Any = None,
    mcp_capability_needed: Any = None,
    edition: Any = None,
) -> RouterSkillHintsResult:
    """The skills the router loads for one agent dispatch: project hints, then keyword/path/flag
    rules (12.7.0 ids: cc10x:frontend, architecture, exploration, codebase-hygiene, code-review,
    memory-and-handoff) (``router.skill_hints``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _out: RouterSkillHintsResult = forward(
        "router.skill_hints",
        {"agent": agent, "workflow": workflow, "request": request},
        phase=phase,
        kind=kind,
        changed_files=changed_files,
        plan_text=plan_text,
        design_text=design_text,
        patterns_text=patterns_text,
        research_files=research_files,
        mcp_capability_needed=mcp_capability_needed,
        edition=edition,
    )
    return _out


def router_skill_precedence(
    sources: Any,
    *,
    edition: Any = None,
) -> RouterSkillPrecedenceResult:
    """Order instruction sources by the seed's strict precedence (user prompt first, heuristics
    last) (``router.skill_precedence``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterSkillPrecedenceResult = forward(
        "router.skill_precedence",
        {"sources": sources},
        edition=edition,
    )
    return _out


def router_task_graph(
    workflow: Any,
    *,
    build_scope: Any = None,
    diff_driven_docs_skip: Any = None,
    workflow_id: Any = None,
    plan: Any = None,
    phase_id: Any = None,
    summary: Any = None,
    edition: Any = None,
) -> RouterTaskGraphResult:
    """The child-task graph of a workflow (trivial or standard BUILD scope) with agents, reasons and
    blockers; with a `workflow_id`, every node also carries its task texts (subject, description,
    body, active_form) (``router.task_graph``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterTaskGraphResult = forward(
        "router.task_graph",
        {"workflow": workflow},
        build_scope=build_scope,
        diff_driven_docs_skip=diff_driven_docs_skip,
        workflow_id=workflow_id,
        plan=plan,
        phase_id=phase_id,
        summary=summary,
        edition=edition,
    )
    return _out


def router_update_artifact(
    artifact_text: Any,
    workflow_uuid: Any,
    now: Any,
    agent: Any,
    *,
    result: Any = None,
    error: Any = None,
    phase: Any = None,
    task_id: Any = None,
    edition: Any = None,
) -> RouterUpdateArtifactResult:
    """Write one agent's validated result — or the error of its unparseable output — into the
    workflow artifact: results, evidence, task ids, planning keys, convergence, proof_status,
    BUILD phase_status/phase_cursor, pending_gate, status_history and remediation_history (the
    artifact passes the read-back gate first; a result must carry its agent's passes or passed).
    Host: write text atomically to .cc10x/workflows/<wf>.json and read it back with
    check_artifact (``router.update_artifact``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.MalformedArtifact`, :class:`fourx.PlaceholderLeft`,
        :class:`fourx.UuidMismatch`
    """
    _out: RouterUpdateArtifactResult = forward(
        "router.update_artifact",
        {"artifact_text": artifact_text, "workflow_uuid": workflow_uuid, "now": now, "agent": agent},
        result=result,
        error=error,
        phase=phase,
        task_id=task_id,
        edition=edition,
    )
    return _out


def router_validate_workflow_id(
    workflow_uuid: Any,
    *,
    edition: Any = None,
) -> RouterValidateWorkflowIdResult:
    """Validate a workflow id (wf-, a real UTC date and time, 8 hex digits) and split it into
    timestamp and nonce (``router.validate_workflow_id``).

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _out: RouterValidateWorkflowIdResult = forward(
        "router.validate_workflow_id",
        {"workflow_uuid": workflow_uuid},
        edition=edition,
    )
    return _out


def runner_resolve_phase(
    config: Any,
    phase: Any,
    *,
    feature: Any = None,
    profile: Any = None,
    manual: Any = None,
) -> RunnerResolvePhaseResult:
    """The runner of a phase: manual, feature override, profile entry, then default_runner
    (``runner.resolve_phase``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvedRunner`, :class:`fourx.UnknownRunner`
    """
    _out: RunnerResolvePhaseResult = forward(
        "runner.resolve_phase",
        {"config": config, "phase": phase},
        feature=feature,
        profile=profile,
        manual=manual,
    )
    return _out


def runners_supported() -> RunnersSupportedResult:
    """The built-in runner presets, in their fixed order (``runners.supported``).
    """
    _out: RunnersSupportedResult = forward(
        "runners.supported",
        {},
    )
    return _out


def runners_supported_map() -> RunnersSupportedMapResult:
    """The built-in runner presets by name (``runners.supported_map``).
    """
    _out: RunnersSupportedMapResult = forward(
        "runners.supported_map",
        {},
    )
    return _out


def similarity_is_similar(
    a: Any,
    b: Any,
    *,
    threshold: Any = None,
    cjk: Any = None,
) -> SimilarityIsSimilarResult:
    """Whether two titles' word sets overlap by at least the threshold (Jaccard; cjk adds CJK
    bigrams) (``similarity.is_similar``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: SimilarityIsSimilarResult = forward(
        "similarity.is_similar",
        {"a": a, "b": b},
        threshold=threshold,
        cjk=cjk,
    )
    return _out


def state_can_transition(
    from_: Any,
    to: Any,
) -> StateCanTransitionResult:
    """Whether the transition table allows moving from one phase to another
    (``state.can_transition``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: StateCanTransitionResult = forward(
        "state.can_transition",
        {"from": from_, "to": to},
    )
    return _out


def state_constants() -> StateConstantsResult:
    """The run-loop constants: max guard retries and the no-progress limit (``state.constants``).
    """
    _out: StateConstantsResult = forward(
        "state.constants",
        {},
    )
    return _out


def state_diagram(
    format: Any,
    *,
    path: Any = None,
    events: Any = None,
) -> StateDiagramResult:
    """The transition graph as Mermaid or Graphviz dot text, with a feature's path (phases, or its
    events) marked when given (``state.diagram``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidValue`
    """
    _out: StateDiagramResult = forward(
        "state.diagram",
        {"format": format},
        path=path,
        events=events,
    )
    return _out


def state_finalize_done(
    state: Any,
) -> StateFinalizeDoneResult:
    """The pure part of `done` finalisation: transition to done, active false, stopReason "done"
    (``state.finalize_done``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTransition`
    """
    _out: StateFinalizeDoneResult = forward(
        "state.finalize_done",
        {"state": state},
    )
    return _out


def state_phase_to_role(
    phase: Any,
) -> StatePhaseToRoleResult:
    """The default role of a phase (PhaseToRole); "" when it has none (``state.phase_to_role``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: StatePhaseToRoleResult = forward(
        "state.phase_to_role",
        {"phase": phase},
    )
    return _out


def state_reconcile_active(
    state: Any,
    pid_alive: Any,
) -> StateReconcileActiveResult:
    """Clears `active` of a state whose run loop is gone (liveness given by the caller)
    (``state.reconcile_active``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: StateReconcileActiveResult = forward(
        "state.reconcile_active",
        {"state": state, "pid_alive": pid_alive},
    )
    return _out


def state_recover_to(
    state: Any,
    to: Any,
    *,
    role: Any = None,
) -> StateRecoverToResult:
    """Crash-recovery correction to a recoverable work phase, ignoring the table and the source
    phase (``state.recover_to``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidRecoveryTarget`
    """
    _out: StateRecoverToResult = forward(
        "state.recover_to",
        {"state": state, "to": to},
        role=role,
    )
    return _out


def state_should_stop(
    state: Any,
) -> StateShouldStopResult:
    """Whether a run must stop (max rounds reached, or 3 rounds without progress) and why
    (``state.should_stop``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: StateShouldStopResult = forward(
        "state.should_stop",
        {"state": state},
    )
    return _out


def state_transition(
    state: Any,
    to: Any,
    *,
    role: Any = None,
) -> StateTransitionResult:
    """Moves a state to a phase: checks the table, sets phase and role, applies the round/active
    side effects (``state.transition``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTransition`
    """
    _out: StateTransitionResult = forward(
        "state.transition",
        {"state": state, "to": to},
        role=role,
    )
    return _out


def state_validate(
    state: Any,
) -> StateValidateResult:
    """Checks featureId, phase and runner of a state; lists every failure (``state.validate``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: StateValidateResult = forward(
        "state.validate",
        {"state": state},
    )
    return _out


def test_strategy_parse(
    *,
    text: Any = None,
) -> TestStrategyParseResult:
    """Decode test-strategy.yaml with yaml.v3's rules (``test_strategy.parse``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidYaml`
    """
    _out: TestStrategyParseResult = forward(
        "test_strategy.parse",
        {},
        text=text,
    )
    return _out


def util_human_size(
    bytes: Any,
) -> UtilHumanSizeResult:
    """A byte count as 4x prints it (512B, 124K, 3.9M, 1.0G) (``util.human_size``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: UtilHumanSizeResult = forward(
        "util.human_size",
        {"bytes": bytes},
    )
    return _out


def workspace_append_event(
    root: Any,
    feature_id: Any,
    event: Any,
    now: Any,
    *,
    store: Any = None,
    lease: Any = None,
) -> WorkspaceAppendEventResult:
    """AppendEvent: stamps an empty ts from now and appends one line to events.jsonl in one write
    (through `store` when given, fenced by `lease`) (``workspace.append_event``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.LeaseLost`, :class:`fourx.InputTooLarge`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceAppendEventResult = forward(
        "workspace.append_event",
        {"root": root, "feature_id": feature_id, "event": event, "now": now},
        store=store,
        lease=lease,
    )
    return _out


def workspace_atomic_write_file(
    dir: Any,
    final_name: Any,
    perm: Any,
    *,
    tmp_pattern: Any = None,
    data: Any = None,
    data_base64: Any = None,
) -> WorkspaceAtomicWriteFileResult:
    """Writes dir/final_name atomically (temp file, fsync, rename, dir fsync) with mode perm
    (``workspace.atomic_write_file``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: WorkspaceAtomicWriteFileResult = forward(
        "workspace.atomic_write_file",
        {"dir": dir, "final_name": final_name, "perm": perm},
        tmp_pattern=tmp_pattern,
        data=data,
        data_base64=data_base64,
    )
    return _out


def workspace_check_events(
    *,
    events: Any = None,
    root: Any = None,
    feature_id: Any = None,
    store: Any = None,
) -> WorkspaceCheckEventsResult:
    """Every events.jsonl problem 4x's readers pass over silently: lines that do not decode into an
    Event and unknown keys (with the closest known key), as warnings
    (``workspace.check_events``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceCheckEventsResult = forward(
        "workspace.check_events",
        {},
        events=events,
        root=root,
        feature_id=feature_id,
        store=store,
    )
    return _out


def workspace_claim(
    root: Any,
    feature_id: Any,
    holder: Any,
    ttl_ms: Any,
    *,
    pid: Any = None,
    pid_alive: Any = None,
    store: Any = None,
) -> WorkspaceClaimResult:
    """Claims a feature for a run loop: a lease with a fencing token on a store that has leases, the
    pid liveness rule on the filesystem (``workspace.claim``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidValue`,
        :class:`fourx.InvalidConfig`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _out: WorkspaceClaimResult = forward(
        "workspace.claim",
        {"root": root, "feature_id": feature_id, "holder": holder, "ttl_ms": ttl_ms},
        pid=pid,
        pid_alive=pid_alive,
        store=store,
    )
    return _out


def workspace_clean_feature(
    root: Any,
    feature_id: Any,
    now: Any,
    *,
    pid_alive: Any = None,
) -> WorkspaceCleanFeatureResult:
    """Remove the run directory of a done/abandoned feature that is not running; the bytes freed
    (``workspace.clean_feature``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`, :class:`fourx.NotCleanable`,
        :class:`fourx.FeatureActive`, :class:`fourx.IoError`
    """
    _out: WorkspaceCleanFeatureResult = forward(
        "workspace.clean_feature",
        {"root": root, "feature_id": feature_id, "now": now},
        pid_alive=pid_alive,
    )
    return _out


def workspace_cleanable_features(
    root: Any,
    now: Any,
    *,
    pid_alive: Any = None,
) -> WorkspaceCleanableFeaturesResult:
    """The done/abandoned features whose run directories could be cleaned, with their sizes
    (``workspace.cleanable_features``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: WorkspaceCleanableFeaturesResult = forward(
        "workspace.cleanable_features",
        {"root": root, "now": now},
        pid_alive=pid_alive,
    )
    return _out


def workspace_clear_stop(
    root: Any,
    feature_id: Any,
    *,
    store: Any = None,
) -> WorkspaceClearStopResult:
    """Removes the stop signal; a missing one is success (``workspace.clear_stop``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceClearStopResult = forward(
        "workspace.clear_stop",
        {"root": root, "feature_id": feature_id},
        store=store,
    )
    return _out


def workspace_compare_backlog_mirror(
    root: Any,
) -> WorkspaceCompareBacklogMirrorResult:
    """Drift between the feature files and feature_list.json (``workspace.compare_backlog_mirror``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _out: WorkspaceCompareBacklogMirrorResult = forward(
        "workspace.compare_backlog_mirror",
        {"root": root},
    )
    return _out


def workspace_constants() -> WorkspaceConstantsResult:
    """The seed's .4x file-name constants (45 entries) (``workspace.constants``).
    """
    _out: WorkspaceConstantsResult = forward(
        "workspace.constants",
        {},
    )
    return _out


def workspace_dot_dir(
    root: Any,
) -> WorkspaceDotDirResult:
    """DotDir: <root>/.4x, lexically cleaned (``workspace.dot_dir``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: WorkspaceDotDirResult = forward(
        "workspace.dot_dir",
        {"root": root},
    )
    return _out


def workspace_export(
    root: Any,
    store: Any,
    *,
    feature_ids: Any = None,
) -> WorkspaceExportResult:
    """Writes a run store's state and events as the exact .4x/run bytes under root (every feature,
    or the given ones; a feature already there is refused) (``workspace.export``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceExportResult = forward(
        "workspace.export",
        {"root": root, "store": store},
        feature_ids=feature_ids,
    )
    return _out


def workspace_feature_dir(
    root: Any,
    feature_id: Any,
) -> WorkspaceFeatureDirResult:
    """FeatureDir: <root>/.4x/run/<feature_id>, lexically cleaned; the id must be one safe path
    segment (``workspace.feature_dir``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`
    """
    _out: WorkspaceFeatureDirResult = forward(
        "workspace.feature_dir",
        {"root": root, "feature_id": feature_id},
    )
    return _out


def workspace_finalize_done(
    root: Any,
    feature_id: Any,
    now: Any,
    *,
    state: Any = None,
) -> WorkspaceFinalizeDoneResult:
    """pending-review → done: state.json, feature status sync (warnings), transition event; the
    commit payload (``workspace.finalize_done``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InvalidJson`, :class:`fourx.InvalidTransition`, :class:`fourx.IoError`
    """
    _out: WorkspaceFinalizeDoneResult = forward(
        "workspace.finalize_done",
        {"root": root, "feature_id": feature_id, "now": now},
        state=state,
    )
    return _out


def workspace_find(
    start_dir: Any,
) -> WorkspaceFindResult:
    """Walks up from start_dir to the first directory holding a .4x directory (``workspace.find``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.IoError`
    """
    _out: WorkspaceFindResult = forward(
        "workspace.find",
        {"start_dir": start_dir},
    )
    return _out


def workspace_import(
    root: Any,
    store: Any,
    *,
    feature_ids: Any = None,
) -> WorkspaceImportResult:
    """Loads the .4x/run state and events under root into a run store (every feature, or the given
    ones; a feature the store holds is refused) (``workspace.import``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceImportResult = forward(
        "workspace.import",
        {"root": root, "store": store},
        feature_ids=feature_ids,
    )
    return _out


def workspace_init(
    root: Any,
    config: Any,
) -> WorkspaceInitResult:
    """Create .4x/features, .4x/.gitignore and .4x/settings.json; a config config.read would refuse
    is invalid_config (``workspace.init``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _out: WorkspaceInitResult = forward(
        "workspace.init",
        {"root": root, "config": config},
    )
    return _out


def workspace_init_feature_dir(
    root: Any,
    feature_id: Any,
) -> WorkspaceInitFeatureDirResult:
    """Creates FeatureDir/rounds with parents (0755); idempotent (``workspace.init_feature_dir``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.IoError`
    """
    _out: WorkspaceInitFeatureDirResult = forward(
        "workspace.init_feature_dir",
        {"root": root, "feature_id": feature_id},
    )
    return _out


def workspace_list_features(
    root: Any,
) -> WorkspaceListFeaturesResult:
    """Every feature of .4x/features, leniently loaded and sorted by id; every skip is a warning
    (``workspace.list_features``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _out: WorkspaceListFeaturesResult = forward(
        "workspace.list_features",
        {"root": root},
    )
    return _out


def workspace_load_feature(
    root: Any,
    feature_id: Any,
) -> WorkspaceLoadFeatureResult:
    """Load one feature strictly (short-id fallback: the unique `<id>-*.yaml`)
    (``workspace.load_feature``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`, :class:`fourx.IoError`
    """
    _out: WorkspaceLoadFeatureResult = forward(
        "workspace.load_feature",
        {"root": root, "feature_id": feature_id},
    )
    return _out


def workspace_parse_baseline(
    text: Any,
) -> WorkspaceParseBaselineResult:
    """Decode a feature's baseline.json (Baseline) with Go's rules (``workspace.parse_baseline``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _out: WorkspaceParseBaselineResult = forward(
        "workspace.parse_baseline",
        {"text": text},
    )
    return _out


def workspace_parse_escalation(
    text: Any,
) -> WorkspaceParseEscalationResult:
    """Decode a round's escalation.json (Escalation) with Go's rules
    (``workspace.parse_escalation``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _out: WorkspaceParseEscalationResult = forward(
        "workspace.parse_escalation",
        {"text": text},
    )
    return _out


def workspace_parse_state(
    text: Any,
) -> WorkspaceParseStateResult:
    """Decodes state.json text with Go's rules (``workspace.parse_state``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _out: WorkspaceParseStateResult = forward(
        "workspace.parse_state",
        {"text": text},
    )
    return _out


def workspace_process_alive(
    pid: Any,
) -> WorkspaceProcessAliveResult:
    """Whether a process id is alive (POSIX kill(pid, 0) succeeds or fails with EPERM); pid <= 0 is
    not (``workspace.process_alive``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: WorkspaceProcessAliveResult = forward(
        "workspace.process_alive",
        {"pid": pid},
    )
    return _out


def workspace_read_backlog_mirror(
    root: Any,
) -> WorkspaceReadBacklogMirrorResult:
    """Read feature_list.json if present (``workspace.read_backlog_mirror``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _out: WorkspaceReadBacklogMirrorResult = forward(
        "workspace.read_backlog_mirror",
        {"root": root},
    )
    return _out


def workspace_read_run_file(
    root: Any,
    feature_id: Any,
    file: Any,
    *,
    round: Any = None,
) -> WorkspaceReadRunFileResult:
    """Read one run file (`verify`, `baseline`, `angles`, `escalation`) of a feature; absent is not
    an error (``workspace.read_run_file``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidJson`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceReadRunFileResult = forward(
        "workspace.read_run_file",
        {"root": root, "feature_id": feature_id, "file": file},
        round=round,
    )
    return _out


def workspace_read_state(
    root: Any,
    feature_id: Any,
    *,
    store: Any = None,
) -> WorkspaceReadStateResult:
    """Reads and decodes a feature's state.json (no validation, no reconciling), from `store` when
    given (``workspace.read_state``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _out: WorkspaceReadStateResult = forward(
        "workspace.read_state",
        {"root": root, "feature_id": feature_id},
        store=store,
    )
    return _out


def workspace_read_test_strategy(
    root: Any,
    feature_id: Any,
) -> WorkspaceReadTestStrategyResult:
    """Read a feature's test-strategy.yaml; absent is not an error
    (``workspace.read_test_strategy``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InputTooLarge`,
        :class:`fourx.InvalidYaml`, :class:`fourx.IoError`
    """
    _out: WorkspaceReadTestStrategyResult = forward(
        "workspace.read_test_strategy",
        {"root": root, "feature_id": feature_id},
    )
    return _out


def workspace_reconcile_active(
    root: Any,
    feature_id: Any,
    now: Any,
    *,
    pid_alive: Any = None,
    state: Any = None,
) -> WorkspaceReconcileActiveResult:
    """Clears `active` when the run loop's process is gone (pid_alive given, or probed) and writes
    the corrected state (``workspace.reconcile_active``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _out: WorkspaceReconcileActiveResult = forward(
        "workspace.reconcile_active",
        {"root": root, "feature_id": feature_id, "now": now},
        pid_alive=pid_alive,
        state=state,
    )
    return _out


def workspace_release(
    root: Any,
    feature_id: Any,
    *,
    lease: Any = None,
    store: Any = None,
) -> WorkspaceReleaseResult:
    """Gives a claimed feature's lease up before it expires (a superseded lease is lease_lost); on
    the files, where a claim has no lease, nothing to give up (``workspace.release``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.LeaseLost`, :class:`fourx.IoError`
    """
    _out: WorkspaceReleaseResult = forward(
        "workspace.release",
        {"root": root, "feature_id": feature_id},
        lease=lease,
        store=store,
    )
    return _out


def workspace_render_baseline(
    *,
    baseline: Any = None,
) -> WorkspaceRenderBaselineResult:
    """The baseline.json bytes CaptureBaseline writes (indented, no trailing newline)
    (``workspace.render_baseline``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: WorkspaceRenderBaselineResult = forward(
        "workspace.render_baseline",
        {},
        baseline=baseline,
    )
    return _out


def workspace_render_escalation(
    *,
    escalation: Any = None,
) -> WorkspaceRenderEscalationResult:
    """The compact escalation.json bytes (Go json.Marshal, no trailing newline)
    (``workspace.render_escalation``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: WorkspaceRenderEscalationResult = forward(
        "workspace.render_escalation",
        {},
        escalation=escalation,
    )
    return _out


def workspace_render_event(
    event: Any,
    now: Any,
) -> WorkspaceRenderEventResult:
    """The exact events.jsonl line (without newline) AppendEvent writes at `now`
    (``workspace.render_event``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: WorkspaceRenderEventResult = forward(
        "workspace.render_event",
        {"event": event, "now": now},
    )
    return _out


def workspace_render_state(
    state: Any,
    now: Any,
) -> WorkspaceRenderStateResult:
    """The exact state.json text WriteState writes at `now` (updatedAt stamped, subPhase cleared
    outside deep-reviewing) (``workspace.render_state``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _out: WorkspaceRenderStateResult = forward(
        "workspace.render_state",
        {"state": state, "now": now},
    )
    return _out


def workspace_request_stop(
    root: Any,
    feature_id: Any,
    *,
    store: Any = None,
) -> WorkspaceRequestStopResult:
    """Asks the run loop to stop: writes FeatureDir/stop atomically (``workspace.request_stop``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.IoError`
    """
    _out: WorkspaceRequestStopResult = forward(
        "workspace.request_stop",
        {"root": root, "feature_id": feature_id},
        store=store,
    )
    return _out


def workspace_resolve_feature_id(
    prefix: Any,
    *,
    entries: Any = None,
    root: Any = None,
) -> WorkspaceResolveFeatureIdResult:
    """Resolves a case-insensitive id prefix against feature file names (given entries, or
    .4x/features under root) (``workspace.resolve_feature_id``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.Ambiguous`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceResolveFeatureIdResult = forward(
        "workspace.resolve_feature_id",
        {"prefix": prefix},
        entries=entries,
        root=root,
    )
    return _out


def workspace_resume_listing(
    root: Any,
    feature_id: Any,
) -> WorkspaceResumeListingResult:
    """state.json plus the artifacts conductor resume needs (feature dir and the state's round dir)
    (``workspace.resume_listing``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidJson`,
        :class:`fourx.InputTooLarge`, :class:`fourx.IoError`
    """
    _out: WorkspaceResumeListingResult = forward(
        "workspace.resume_listing",
        {"root": root, "feature_id": feature_id},
    )
    return _out


def workspace_round_dir(
    root: Any,
    feature_id: Any,
    round: Any,
) -> WorkspaceRoundDirResult:
    """RoundDir: FeatureDir/rounds/round-<round> (``workspace.round_dir``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`
    """
    _out: WorkspaceRoundDirResult = forward(
        "workspace.round_dir",
        {"root": root, "feature_id": feature_id, "round": round},
    )
    return _out


def workspace_save_feature(
    root: Any,
    feature: Any,
) -> WorkspaceSaveFeatureResult:
    """Write a feature's YAML atomically as .4x/features/<id>.yaml (``workspace.save_feature``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.IoError`
    """
    _out: WorkspaceSaveFeatureResult = forward(
        "workspace.save_feature",
        {"root": root, "feature": feature},
    )
    return _out


def workspace_stop_requested(
    root: Any,
    feature_id: Any,
    *,
    store: Any = None,
) -> WorkspaceStopRequestedResult:
    """Whether FeatureDir/stop exists (``workspace.stop_requested``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceStopRequestedResult = forward(
        "workspace.stop_requested",
        {"root": root, "feature_id": feature_id},
        store=store,
    )
    return _out


def workspace_sync_feature_status(
    root: Any,
    feature_id: Any,
    *,
    phase: Any = None,
) -> WorkspaceSyncFeatureStatusResult:
    """Set a feature file's status from a phase; saved only when it changed; the commit payload for
    the harness (``workspace.sync_feature_status``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`, :class:`fourx.IoError`
    """
    _out: WorkspaceSyncFeatureStatusResult = forward(
        "workspace.sync_feature_status",
        {"root": root, "feature_id": feature_id},
        phase=phase,
    )
    return _out


def workspace_total_cost(
    *,
    events: Any = None,
    root: Any = None,
    feature_id: Any = None,
    store: Any = None,
) -> WorkspaceTotalCostResult:
    """Sum of cost_usd over run-end events (given events text, or the feature's events.jsonl)
    (``workspace.total_cost``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceTotalCostResult = forward(
        "workspace.total_cost",
        {},
        events=events,
        root=root,
        feature_id=feature_id,
        store=store,
    )
    return _out


def workspace_worktree_path(
    *,
    events: Any = None,
    root: Any = None,
    feature_id: Any = None,
    store: Any = None,
) -> WorkspaceWorktreePathResult:
    """The worktree path of the last `run-output` event whose detail starts with `worktree: `
    (``workspace.worktree_path``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceWorktreePathResult = forward(
        "workspace.worktree_path",
        {},
        events=events,
        root=root,
        feature_id=feature_id,
        store=store,
    )
    return _out


def workspace_write_run_file(
    root: Any,
    feature_id: Any,
    file: Any,
    *,
    round: Any = None,
    value: Any = None,
) -> WorkspaceWriteRunFileResult:
    """Write one run file of a feature atomically with Go's bytes (round directories created)
    (``workspace.write_run_file``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceWriteRunFileResult = forward(
        "workspace.write_run_file",
        {"root": root, "feature_id": feature_id, "file": file},
        round=round,
        value=value,
    )
    return _out


def workspace_write_state(
    root: Any,
    feature_id: Any,
    state: Any,
    now: Any,
    *,
    store: Any = None,
    lease: Any = None,
) -> WorkspaceWriteStateResult:
    """WriteState: stamps updatedAt = now and writes state.json atomically (through `store` when
    given, fenced by `lease`) (``workspace.write_state``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.LeaseLost`, :class:`fourx.InputTooLarge`,
        :class:`fourx.IoError`
    """
    _out: WorkspaceWriteStateResult = forward(
        "workspace.write_state",
        {"root": root, "feature_id": feature_id, "state": state, "now": now},
        store=store,
        lease=lease,
    )
    return _out
