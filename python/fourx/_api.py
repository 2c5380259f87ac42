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
from ._ops import StrPath, Time, call_op, path_arg
from ._types import (
    ActiveWorkflowsResult,
    AgentVerdict,
    AgentsResult,
    AnchorCheck,
    AngleSelection,
    AnglesAllResult,
    AnglesDefaultMappingResult,
    AnglesGroupResult,
    AnglesGroupSelectedResult,
    AnglesParseSelectionResult,
    AnglesRenderSelectionResult,
    AnglesResolveMappingResult,
    ArtifactContract,
    ArtifactFreshResult,
    BacklogCompareResult,
    BacklogDrift,
    BacklogMirror,
    BacklogMirrorFile,
    BacklogParseMirrorResult,
    BaselineFile,
    BlueprintCommitResult,
    BlueprintCountTokensResult,
    BlueprintDefaults,
    BlueprintEvidenceModulesResult,
    BlueprintFoldResult,
    BlueprintFormatForDirectorResult,
    BlueprintGcResult,
    BlueprintGraphResult,
    BlueprintItem,
    BlueprintModel,
    BlueprintProjectIdResult,
    BlueprintRenderResult,
    BlueprintRevisionNameResult,
    BuildScope,
    BuildScopeResult,
    BuiltinCounter,
    Candidate,
    CandidatePool,
    CandidatesConstants,
    CandidatesDedupeResult,
    CandidatesLoadResult,
    CandidatesParseResult,
    CandidatesRenderResult,
    CandidatesSaveResult,
    ChangedFile,
    CheckArtifactResult,
    Claim,
    Config,
    ConfigMergeResult,
    ConfigNotificationsEnabledResult,
    ConfigParseResult,
    ConfigParseUserResult,
    ConfigReadResult,
    ConfigReadUserResult,
    ConfigRenderResult,
    ConfigRenderUserResult,
    ConfigUserPathResult,
    ConfigWriteResult,
    ConfigWriteUserResult,
    CostMode,
    Criterion,
    DesignDoc,
    DesignDocSearch,
    DiscoverDedupeResult,
    DiscoverParseResult,
    DiscoveredFeature,
    DiscoveryPlan,
    DispatchResult,
    Dispute,
    DomainFile,
    Edition,
    EditionForVersionResult,
    EnumsListResult,
    Escalation,
    EscalationIn,
    Event,
    EventsCheck,
    EvidenceIsScreenshotFileResult,
    EvidenceNormalizeScreenshotPathResult,
    EvidenceParseVerifyResult,
    EvidenceRenderVerifyResult,
    EvidenceScreenshotDirResult,
    EvidenceScreenshotTargetsResult,
    EvidenceSortScreenshotsResult,
    Facts,
    FailPatternScan,
    Feature,
    FeatureConstants,
    FeatureList,
    FeatureLoadYamlResult,
    FeatureParseYamlResult,
    FeatureRenderYamlResult,
    FeatureStatusSync,
    FeatureValidateLooseResult,
    FeatureValidation,
    FinalizeMemoryResult,
    Finalized,
    FoldResult,
    FollowupGraph,
    FollowupResult,
    Gate,
    GateDecision,
    GcPlan,
    GitFacts,
    GuardChangedFile,
    GuardedRoot,
    HookEntry,
    HooksMergeResult,
    HunterFindings,
    Index,
    IntentContract,
    IntentReadyResult,
    ItemVerdict,
    Lease,
    Limits,
    Loop,
    LoopGateResult,
    ManualOverride,
    MarkerKind,
    MemoryCheck,
    MemoryEvidenceResult,
    MemoryRepair,
    MemoryTaskResult,
    MergedConfig,
    MetaCatalogResult,
    MetaVersionResult,
    MinerScan,
    ModelConstants,
    ModelResolveDeepResult,
    ModelResolveMiniCoderResult,
    ModelResolvePhaseResult,
    ModelResolveResult,
    ModelResolveTierResult,
    ModelTier,
    ModelTierResult,
    ModuleView,
    NextId,
    Outcome,
    ParseBrainstormHandoffResult,
    ParseMarkersResult,
    ParseOutputResult,
    ParseReadonlyOutputResult,
    ParseSessionSettingsResult,
    ParseSubjectResult,
    ParseTaskMetadataResult,
    ParseWriteContractResult,
    Phase,
    PhaseIsSelectableResult,
    PhaseRoleResult,
    PhaseSpec,
    PhaseToStatusResult,
    PipelineResolveResult,
    PlanTrustResult,
    PreToolUseResult,
    Precedence,
    PrecedenceSource,
    PreviousFindings,
    ProfileConfig,
    ProfileEnabledPhasesResult,
    ProfileEnables,
    ProfilesDefaultResult,
    ProgressTask,
    Prompt,
    Proof,
    Rebuilt,
    ReconcileVerdictsResult,
    Reconciled,
    RemfixCompletionResult,
    ReportFeature,
    ReportIn,
    ReportIssues,
    ReposEffectiveHubResult,
    ReposResolveFeaturePathsResult,
    ReposResolvePathsResult,
    ResearchFiles,
    ResolvedProfile,
    ResumeListing,
    Resumed,
    ReviewerFindings,
    RevisionPrune,
    RoleArtifactView,
    RoundVerify,
    RouteResult,
    RouterEventLineResult,
    RouterFormatMarkerResult,
    RouterFormatPreviousFindingsResult,
    RouterFormatTaskMetadataResult,
    RouterMemoryTemplateResult,
    RouterNewArtifactResult,
    RouterNewWorkflowIdResult,
    RouterResolveScopeReplyResult,
    RouterSkillHintsResult,
    RunnableTasksResult,
    RunnerResolvePhaseResult,
    RunnersSupportedMapResult,
    RunnersSupportedResult,
    ScanResult,
    ScopeDecisionResult,
    Screenshot,
    ScreenshotGroups,
    ScreenshotName,
    Script,
    Selection,
    SimilarityIsSimilarResult,
    Snapshot,
    StartInput,
    State,
    StateCanTransitionResult,
    StateConstants,
    StateDiagramResult,
    StateFinalizeDoneResult,
    StatePhaseToRoleResult,
    StateRecoverToResult,
    StateTransitionResult,
    StateValidation,
    StatusSync,
    Step,
    StopDecision,
    StoragePaths,
    StrategyFile,
    StuckIn,
    Task,
    TaskGraphResult,
    TaskKind,
    TaskOrigin,
    TaskScope,
    TaskState,
    TestStrategy,
    TestStrategyParseResult,
    UpdateArtifactResult,
    UserConfig,
    UtilHumanSizeResult,
    ValidateWorkflowIdResult,
    Validation,
    Verdict,
    VerifyEvidence,
    VerifyRecord,
    WorkflowPhase,
    WorkflowType,
    WorkspaceAppendEventResult,
    WorkspaceAtomicWriteFileResult,
    WorkspaceCleanFeatureResult,
    WorkspaceCleanableFeaturesResult,
    WorkspaceClearStopResult,
    WorkspaceConstantsResult,
    WorkspaceDotDirResult,
    WorkspaceExportResult,
    WorkspaceFeatureDirResult,
    WorkspaceFindResult,
    WorkspaceImportResult,
    WorkspaceInitFeatureDirResult,
    WorkspaceInitResult,
    WorkspaceLoadFeatureResult,
    WorkspaceParseBaselineResult,
    WorkspaceParseEscalationResult,
    WorkspaceParseStateResult,
    WorkspaceProcessAliveResult,
    WorkspaceReadRunFileResult,
    WorkspaceReadStateResult,
    WorkspaceReleaseResult,
    WorkspaceRenderBaselineResult,
    WorkspaceRenderEscalationResult,
    WorkspaceRenderEventResult,
    WorkspaceRenderStateResult,
    WorkspaceRequestStopResult,
    WorkspaceResolveFeatureIdResult,
    WorkspaceRoundDirResult,
    WorkspaceSaveFeatureResult,
    WorkspaceStopRequestedResult,
    WorkspaceTotalCostResult,
    WorkspaceWorktreePathResult,
    WorkspaceWriteRunFileResult,
    WorkspaceWriteStateResult,
    WorktreeListings,
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
    "fourx.router.memory_template": ("router.memory_template", "returns the result's `text`"),
    "fourx.router.just_go_gate": ("router.just_go_gate", "takes `recommended` by position"),
    "fourx.router.skill_hints": ("router.skill_hints", "returns the result's `hints`"),
    "fourx.router.format_previous_findings": ("router.format_previous_findings", "returns the result's `text`; takes `hunter` by position"),
    "fourx.router.followup_tasks": ("router.followup_tasks", "takes the op's further keys as `**inputs`"),
    "fourx.router.update_artifact": ("router.update_artifact", "takes `result` by position"),
    "fourx.angles.all_angles": ("angles.all", "returns the result's `angles`"),
    "fourx.angles.select": ("angles.select", "takes `mapping`, `config` by position"),
    "fourx.angles.group": ("angles.group", "returns the result's `groups`"),
    "fourx.angles.group_selected": ("angles.group_selected", "returns the result's `groups`"),
    "fourx.angles.default_mapping": ("angles.default_mapping", "returns the result's `mapping`"),
    "fourx.angles.resolve_mapping": ("angles.resolve_mapping", "returns the result's `mapping`"),
    "fourx.blueprint.fold": ("blueprint.fold", "`project_id` defaults to `''`; takes `project_id`, `file_text`, `git` by position"),
    "fourx.blueprint.render_index": ("blueprint.render_index", "takes `max_tokens` by position; counts with a Python `counter` callable"),
    "fourx.blueprint.format_for_director": ("blueprint.format_for_director", "returns the result's `line`; `conflict` defaults to `False`"),
    "fourx.blueprint.count_tokens": ("blueprint.count_tokens", "returns the result's `tokens`; counts with a Python `counter` callable"),
    "fourx.blueprint.evidence_modules": ("blueprint.evidence_modules", "returns the result's `modules`"),
    "fourx.blueprint.graph": ("blueprint.graph", "returns the result's `text`; `format` defaults to `'mermaid'`"),
    "fourx.blueprint.guard_root": ("blueprint.guard_root", "requires `is_git`, `root_entries`"),
    "fourx.blueprint.project_id": ("blueprint.project_id", "returns the result's `project_id`"),
    "fourx.blueprint.render": ("blueprint.render", "returns the result's `text`"),
    "fourx.blueprint.revision_name": ("blueprint.revision_name", "returns the result's `name`"),
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
    "fourx.guard.check": ("guard.check", "requires `phase`; sends `phase` as its text"),
    "fourx.guard.testing_to_accepting": ("guard.testing_to_accepting", "requires `round`"),
    "fourx.helpers.next_feature_id": ("feature.next_id", "`name` defaults to `''`; requires `ids`; takes tuples where the op wants lists"),
    "fourx.helpers.plan_discovered": ("discover.plan", "`ids` defaults to `()`; takes tuples where the op wants lists"),
    "fourx.helpers.process_alive": ("workspace.process_alive", "returns the result's `alive`"),
    "fourx.helpers.dot_dir": ("workspace.dot_dir", "returns the result's `path`"),
    "fourx.helpers.check_events": ("workspace.check_events", "takes `events` by position"),
    "fourx.report.parse_discovered": ("discover.parse", "returns the result's `features`"),
    "fourx.report.is_similar": ("similarity.is_similar", "returns the result's `similar`; `threshold` defaults to `0.6`; `cjk` defaults to `False`"),
    "fourx.report.dedupe_discovered": ("discover.dedupe", "returns the result's `features`; `cjk` defaults to `False`"),
    "fourx.report.dedupe_candidates": ("candidates.dedupe", "returns the result's `candidates`; `cjk` defaults to `False`"),
    "fourx.report.parse_candidates": ("candidates.parse", "returns the result's `pool`"),
    "fourx.report.render_candidates": ("candidates.render", "returns the result's `text`; requires `pool`"),
    "fourx.report.scan_escalations": ("miner.scan_escalations", "takes `escalations` by position"),
    "fourx.report.scan_stuck": ("miner.scan_stuck", "takes `features` by position"),
    "fourx.report.scan_fail_patterns": ("miner.scan_fail_patterns", "takes `reports` by position"),
    "fourx.resolve.merge_config": ("config.merge", "returns the result's `config`; requires `user`, `project`"),
    "fourx.resolve.resolve_profile": ("profile.resolve", "`override` defaults to `''`; takes `config`, `feature`, `override` by position"),
    "fourx.resolve.resolve_pipeline": ("pipeline.resolve", "returns the result's `phases`; `profile_name` defaults to `''`; `manual_runner` defaults to `''`; takes `feature`, `profile_name`, `manual_runner`, `run_overrides` by position"),
    "fourx.resolve.resolve_phase_runner": ("runner.resolve_phase", "returns the result's `runner`; `manual` defaults to `''`; takes `feature`, `profile`, `manual` by position"),
    "fourx.resolve.resolve_phase_model": ("model.resolve_phase", "returns the result's `model`; `manual` defaults to `''`; takes `feature`, `profile`, `manual` by position"),
    "fourx.resolve.resolve_tier_model": ("model.resolve_tier", "returns the result's `model`"),
    "fourx.resolve.resolve_model": ("model.resolve", "returns the result's `model`"),
    "fourx.resolve.notifications_enabled": ("config.notifications_enabled", "returns the result's `enabled`"),
    "fourx.resolve.merge_hooks": ("hooks.merge", "returns the result's `hooks`"),
    "fourx.resolve.resolve_deep_model": ("model.resolve_deep", "returns the result's `model`"),
    "fourx.resolve.resolve_mini_coder_model": ("model.resolve_mini_coder", "returns the result's `model`"),
    "fourx.resolve.enabled_phases": ("profile.enabled_phases", "returns the result's `phases`"),
    "fourx.resolve.default_profiles": ("profiles.default", "returns the result's `profiles`"),
    "fourx.resolve.effective_hub_repos": ("repos.effective_hub", "returns the result's `hub_repos`"),
    "fourx.resolve.resolve_feature_repo_paths": ("repos.resolve_feature_paths", "returns the result's `paths`"),
    "fourx.resolve.resolve_repo_paths": ("repos.resolve_paths", "returns the result's `paths`"),
    "fourx.resolve.supported_runners": ("runners.supported", "returns the result's `runners`"),
    "fourx.resolve.supported_runners_map": ("runners.supported_map", "returns the result's `runners`"),
    "fourx.router.agents": ("router.agents", "returns the result's `agents`"),
    "fourx.router.event_line": ("router.event_line", "returns the result's `line`"),
    "fourx.router.format_marker": ("router.format_marker", "returns the result's `text`"),
    "fourx.router.format_task_metadata": ("router.format_task_metadata", "returns the result's `text`"),
    "fourx.router.new_artifact": ("router.new_artifact", "returns the result's `artifact`"),
    "fourx.router.new_workflow_id": ("router.new_workflow_id", "returns the result's `workflow_uuid`"),
    "fourx.router.resolve_scope_reply": ("router.resolve_scope_reply", "returns the result's `scope`"),
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
    "fourx.state.finalize_done": ("state.finalize_done", "returns the result's `state`"),
    "fourx.state.phase_to_role": ("state.phase_to_role", "returns the result's `role`"),
    "fourx.state.phase_role": ("phase.role", "returns the result's `role`"),
    "fourx.state.phase_to_status": ("phase.to_status", "returns the result's `status`"),
    "fourx.state.is_selectable": ("phase.is_selectable", "returns the result's `selectable`"),
    "fourx.state.diagram": ("state.diagram", "returns the result's `text`; `format` defaults to `'mermaid'`"),
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
    _in: dict[str, Any] = {}
    _out: AnglesAllResult = call_op("angles.all", _in)
    return _out


def angles_default_mapping() -> AnglesDefaultMappingResult:
    """The default path-rule to deep-review-angle mapping (``angles.default_mapping``).
    """
    _in: dict[str, Any] = {}
    _out: AnglesDefaultMappingResult = call_op("angles.default_mapping", _in)
    return _out


def angles_group(
    parallel_reviewers: int,
    angles_per_reviewer: int,
    total_angles: int,
) -> AnglesGroupResult:
    """Angles 1..total cut into consecutive groups for parallel reviewers (null for one reviewer)
    (``angles.group``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {
        "parallel_reviewers": parallel_reviewers,
        "angles_per_reviewer": angles_per_reviewer,
        "total_angles": total_angles,
    }
    _out: AnglesGroupResult = call_op("angles.group", _in)
    return _out


def angles_group_selected(
    parallel_reviewers: int,
    angles_per_reviewer: int,
    angles: Sequence[int],
) -> AnglesGroupSelectedResult:
    """The given angles cut into consecutive groups for parallel reviewers (null for one reviewer)
    (``angles.group_selected``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {
        "parallel_reviewers": parallel_reviewers,
        "angles_per_reviewer": angles_per_reviewer,
        "angles": angles,
    }
    _out: AnglesGroupSelectedResult = call_op("angles.group_selected", _in)
    return _out


def angles_parse_selection(
    text: str,
) -> AnglesParseSelectionResult:
    """Decode a round's deep-review-angles.json (AngleSelection) with Go's rules
    (``angles.parse_selection``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: AnglesParseSelectionResult = call_op("angles.parse_selection", _in)
    return _out


def angles_render_selection(
    *,
    selection: AngleSelection | Mapping[str, Any] | None = None,
) -> AnglesRenderSelectionResult:
    """The deep-review-angles.json bytes 4x writes (indented, no trailing newline)
    (``angles.render_selection``).

    Defaults (a keyword left ``None`` is absent):
        selection: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if selection is not None:
        _in["selection"] = selection
    _out: AnglesRenderSelectionResult = call_op("angles.render_selection", _in)
    return _out


def angles_resolve_mapping(
    config: Config | Mapping[str, Any],
) -> AnglesResolveMappingResult:
    """The deep-reviewer's angle mapping when set, else the default (``angles.resolve_mapping``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config}
    _out: AnglesResolveMappingResult = call_op("angles.resolve_mapping", _in)
    return _out


def angles_select(
    files: Sequence[ChangedFile | Mapping[str, Any]],
    *,
    mapping: Mapping[str, Sequence[int]] | None = None,
    config: Config | Mapping[str, Any] | None = None,
) -> Selection:
    """The deep-review angles for the changed files (all 11 when nothing matches)
    (``angles.select``).

    Defaults (a keyword left ``None`` is absent):
        mapping: the mapping resolved from config (the deep-reviewer's when set, else the default
        one)
        config: no config: the default mapping

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"files": files}
    if mapping is not None:
        _in["mapping"] = mapping
    if config is not None:
        _in["config"] = config
    _out: Selection = call_op("angles.select", _in)
    return _out


def artifact_contract(
    role: str,
) -> ArtifactContract:
    """The artifacts a role produces and consumes (``artifact.contract``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"role": role}
    _out: ArtifactContract = call_op("artifact.contract", _in)
    return _out


def backlog_compare(
    *,
    features: Sequence[Feature | Mapping[str, Any]] | None = None,
    mirror: BacklogMirrorFile | Mapping[str, Any] | None = None,
    backlog_file: str | None = None,
) -> BacklogCompareResult:
    """Drift between canonical features and the backlog mirror (``backlog.compare``).

    Defaults (a keyword left ``None`` is absent):
        features: ``[]``
        mirror: ``{}``
        backlog_file: ``"feature_list.json"``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if features is not None:
        _in["features"] = features
    if mirror is not None:
        _in["mirror"] = mirror
    if backlog_file is not None:
        _in["backlog_file"] = backlog_file
    _out: BacklogCompareResult = call_op("backlog.compare", _in)
    return _out


def backlog_parse_mirror(
    text: str,
) -> BacklogParseMirrorResult:
    """Decode feature_list.json text (``backlog.parse_mirror``).

    Raises:
        :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: BacklogParseMirrorResult = call_op("backlog.parse_mirror", _in)
    return _out


def blueprint_check_anchor(
    where: str,
    *,
    file_text: Mapping[str, str] | None = None,
    unreadable: Sequence[str] | None = None,
    snapshot: Snapshot | Mapping[str, Any] | None = None,
) -> AnchorCheck:
    """Three-valued check of a where anchor against file texts (``blueprint.check_anchor``).

    Defaults (a keyword left ``None`` is absent):
        file_text: ``{}``
        unreadable: ``[]``
        snapshot: no snapshot: the anchor's module is not checked against one

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`
    """
    _in: dict[str, Any] = {"where": where}
    if file_text is not None:
        _in["file_text"] = file_text
    if unreadable is not None:
        _in["unreadable"] = unreadable
    if snapshot is not None:
        _in["snapshot"] = snapshot
    _out: AnchorCheck = call_op("blueprint.check_anchor", _in)
    return _out


def blueprint_commit(
    store: Mapping[str, Any],
    items: Sequence[BlueprintItem | Mapping[str, Any] | Any],
    snapshot: Snapshot | Mapping[str, Any],
    evidence: Sequence[str],
    now: Time,
    nonce: str,
    *,
    project_id: str | None = None,
    file_text: Mapping[str, str] | None = None,
    repo_root: StrPath | None = None,
    home: StrPath | None = None,
    unreadable: Sequence[str] | None = None,
    git: GitFacts | Mapping[str, Any] | None = None,
) -> BlueprintCommitResult:
    """Fold and store with optimistic compare-and-swap; fold_conflict is a deferral carrying the
    account (``blueprint.commit``).

    Defaults (a keyword left ``None`` is absent):
        project_id: ``""``
        file_text: ``{}``
        repo_root: not given: the fs store is invalid_input; other stores read anchors from
        file_text
        home: not given: the fs store is refused by the root guard (it needs the home); the memory
        store ignores it
        unreadable: ``[]``
        git: ``{}``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.FoldConflict`, :class:`fourx.MalformedDoc`,
        :class:`fourx.UnsupportedFormat`, :class:`fourx.ProjectMismatch`,
        :class:`fourx.InvalidNonce`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.IoError`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.RootIsFilesystemRoot`, :class:`fourx.RootIsHome`, :class:`fourx.NotAProject`,
        :class:`fourx.StorageInsideProject`
    """
    _in: dict[str, Any] = {
        "store": store,
        "items": items,
        "snapshot": snapshot,
        "evidence": evidence,
        "now": now,
        "nonce": nonce,
    }
    if project_id is not None:
        _in["project_id"] = project_id
    if file_text is not None:
        _in["file_text"] = file_text
    if repo_root is not None:
        _in["repo_root"] = path_arg(repo_root, "repo_root")
    if home is not None:
        _in["home"] = path_arg(home, "home")
    if unreadable is not None:
        _in["unreadable"] = unreadable
    if git is not None:
        _in["git"] = git
    _out: BlueprintCommitResult = call_op("blueprint.commit", _in)
    return _out


def blueprint_cost_mode(
    sample_ms: int,
    sampled_at: Time,
    *,
    now: Time | None = None,
) -> CostMode:
    """Cheap or costly rescans from the first scan sample, with its expiry
    (``blueprint.cost_mode``).

    Defaults (a keyword left ``None`` is absent):
        now: not given: the result has no expired key

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`
    """
    _in: dict[str, Any] = {"sample_ms": sample_ms, "sampled_at": sampled_at}
    if now is not None:
        _in["now"] = now
    _out: CostMode = call_op("blueprint.cost_mode", _in)
    return _out


def blueprint_count_tokens(
    text: str,
    *,
    counter: BuiltinCounter | str | None = None,
) -> BlueprintCountTokensResult:
    """Tokens of a text with the default counter (ceil(ASCII/4) + other scalars) or a named built-in
    one (``blueprint.count_tokens``).

    Defaults (a keyword left ``None`` is absent):
        counter: the default counter, ceil(ASCII bytes / 4) + other scalars

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"text": text}
    if counter is not None:
        _in["counter"] = counter
    _out: BlueprintCountTokensResult = call_op("blueprint.count_tokens", _in)
    return _out


def blueprint_defaults() -> BlueprintDefaults:
    """The blueprint constants (format, fields, reasons, limits, manifests, file layout)
    (``blueprint.defaults``).
    """
    _in: dict[str, Any] = {}
    _out: BlueprintDefaults = call_op("blueprint.defaults", _in)
    return _out


def blueprint_evidence_modules(
    snapshot: Snapshot | Mapping[str, Any],
    paths: Sequence[str],
    *,
    root: str | None = None,
) -> BlueprintEvidenceModulesResult:
    """Map opened file paths to the sorted set of derived modules (``blueprint.evidence_modules``).

    Defaults (a keyword left ``None`` is absent):
        root: not given: only repository-relative paths count, absolute ones do not

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`, :class:`fourx.InvalidPath`
    """
    _in: dict[str, Any] = {"snapshot": snapshot, "paths": paths}
    if root is not None:
        _in["root"] = root
    _out: BlueprintEvidenceModulesResult = call_op("blueprint.evidence_modules", _in)
    return _out


def blueprint_fold(
    doc: str,
    items: Sequence[BlueprintItem | Mapping[str, Any] | Any],
    snapshot: Snapshot | Mapping[str, Any],
    evidence: Sequence[str],
    now: Time,
    *,
    project_id: str | None = None,
    file_text: Mapping[str, str] | None = None,
    unreadable: Sequence[str] | None = None,
    git: GitFacts | Mapping[str, Any] | None = None,
) -> BlueprintFoldResult:
    """Fold agent claims into a blueprint text deterministically; NoOp returns the input text
    (``blueprint.fold``).

    Defaults (a keyword left ``None`` is absent):
        project_id: ``""``
        file_text: ``{}``
        unreadable: ``[]``
        git: ``{}``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`,
        :class:`fourx.ProjectMismatch`
    """
    _in: dict[str, Any] = {
        "doc": doc,
        "items": items,
        "snapshot": snapshot,
        "evidence": evidence,
        "now": now,
    }
    if project_id is not None:
        _in["project_id"] = project_id
    if file_text is not None:
        _in["file_text"] = file_text
    if unreadable is not None:
        _in["unreadable"] = unreadable
    if git is not None:
        _in["git"] = git
    _out: BlueprintFoldResult = call_op("blueprint.fold", _in)
    return _out


def blueprint_format_for_director(
    result: FoldResult | Mapping[str, Any],
    *,
    conflict: bool | None = None,
) -> BlueprintFormatForDirectorResult:
    """The fold account as one line for the Director (``blueprint.format_for_director``).

    Defaults (a keyword left ``None`` is absent):
        conflict: ``False``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"result": result}
    if conflict is not None:
        _in["conflict"] = conflict
    _out: BlueprintFormatForDirectorResult = call_op("blueprint.format_for_director", _in)
    return _out


def blueprint_gc(
    store: Mapping[str, Any],
    snapshot: Snapshot | Mapping[str, Any],
    now: Time,
    nonce: str,
    *,
    home: StrPath | None = None,
    repo_root: StrPath | None = None,
    project_id: str | None = None,
) -> BlueprintGcResult:
    """Run GC against a store: archive first, never delete when archiving failed, defer on conflict
    (``blueprint.gc``).

    Defaults (a keyword left ``None`` is absent):
        home: not given: the fs store is refused by the root guard (it needs the home); the memory
        store ignores it
        repo_root: not given: the fs store is invalid_input; other stores read anchors from
        file_text
        project_id: the empty id; only a store kind a binding registers (PostgreSQL) needs one

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`, :class:`fourx.InvalidNonce`,
        :class:`fourx.IoError`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.RootIsFilesystemRoot`, :class:`fourx.RootIsHome`, :class:`fourx.NotAProject`,
        :class:`fourx.StorageInsideProject`
    """
    _in: dict[str, Any] = {"store": store, "snapshot": snapshot, "now": now, "nonce": nonce}
    if home is not None:
        _in["home"] = path_arg(home, "home")
    if repo_root is not None:
        _in["repo_root"] = path_arg(repo_root, "repo_root")
    if project_id is not None:
        _in["project_id"] = project_id
    _out: BlueprintGcResult = call_op("blueprint.gc", _in)
    return _out


def blueprint_gc_plan(
    doc: str,
    snapshot: Snapshot | Mapping[str, Any],
    now: Time,
    *,
    archive_ok: bool | None = None,
) -> GcPlan:
    """Plan orphan marking, unmarking and 90-day removal (``blueprint.gc_plan``).

    Defaults (a keyword left ``None`` is absent):
        archive_ok: ``True``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`
    """
    _in: dict[str, Any] = {"doc": doc, "snapshot": snapshot, "now": now}
    if archive_ok is not None:
        _in["archive_ok"] = archive_ok
    _out: GcPlan = call_op("blueprint.gc_plan", _in)
    return _out


def blueprint_graph(
    snapshot: Snapshot | Mapping[str, Any],
    format: Literal["mermaid", "dot"],
    *,
    doc: str | None = None,
) -> BlueprintGraphResult:
    """The module graph as Mermaid or DOT with stale and unannotated modules marked
    (``blueprint.graph``).

    Defaults (a keyword left ``None`` is absent):
        doc: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`, :class:`fourx.MalformedDoc`,
        :class:`fourx.UnsupportedFormat`
    """
    _in: dict[str, Any] = {"snapshot": snapshot, "format": format}
    if doc is not None:
        _in["doc"] = doc
    _out: BlueprintGraphResult = call_op("blueprint.graph", _in)
    return _out


def blueprint_guard_root(
    root: StrPath,
    home: StrPath,
    *,
    is_git: bool | None = None,
    root_entries: Sequence[str] | None = None,
    storage_root: str | None = None,
) -> GuardedRoot:
    """Refuse /, $HOME, non-projects and storage inside the project (``blueprint.guard_root``).

    Defaults (a keyword left ``None`` is absent):
        is_git: ``false``: the root is not a git work tree, so it must hold a project marker among
        ``root_entries``
        root_entries: none: no project marker, so a root that is not a git work tree is
        ``not_a_project``
        storage_root: not given: the default storage directory under home

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.RootIsFilesystemRoot`, :class:`fourx.RootIsHome`, :class:`fourx.NotAProject`,
        :class:`fourx.StorageInsideProject`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "home": path_arg(home, "home")}
    if is_git is not None:
        _in["is_git"] = is_git
    if root_entries is not None:
        _in["root_entries"] = root_entries
    if storage_root is not None:
        _in["storage_root"] = storage_root
    _out: GuardedRoot = call_op("blueprint.guard_root", _in)
    return _out


def blueprint_parse(
    text: str,
) -> BlueprintModel:
    """Parse blueprint.md into its model with recomputed counts and IDs (``blueprint.parse``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`
    """
    _in: dict[str, Any] = {"text": text}
    _out: BlueprintModel = call_op("blueprint.parse", _in)
    return _out


def blueprint_project_id(
    root: StrPath,
) -> BlueprintProjectIdResult:
    """The one project-id derivation from an absolute root (``blueprint.project_id``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidPath`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    _out: BlueprintProjectIdResult = call_op("blueprint.project_id", _in)
    return _out


def blueprint_read_module(
    doc: str,
    snapshot: Snapshot | Mapping[str, Any],
    module: str,
) -> ModuleView:
    """The read view of one derived module: prose plus derived imports (``blueprint.read_module``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotVisible`, :class:`fourx.InvalidSnapshot`,
        :class:`fourx.MalformedDoc`, :class:`fourx.UnsupportedFormat`
    """
    _in: dict[str, Any] = {"doc": doc, "snapshot": snapshot, "module": module}
    _out: ModuleView = call_op("blueprint.read_module", _in)
    return _out


def blueprint_render(
    doc: Mapping[str, Any],
) -> BlueprintRenderResult:
    """Render a document model canonically (``blueprint.render``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`
    """
    _in: dict[str, Any] = {"doc": doc}
    _out: BlueprintRenderResult = call_op("blueprint.render", _in)
    return _out


def blueprint_render_index(
    doc: str,
    snapshot: Snapshot | Mapping[str, Any],
    *,
    max_tokens: int | None = None,
    oversize_bytes: int | None = None,
    counter: BuiltinCounter | str | None = None,
) -> Index:
    """Render the resident index under a hard token cap (``blueprint.render_index``).

    Defaults (a keyword left ``None`` is absent):
        max_tokens: ``2000``
        oversize_bytes: ``262144``
        counter: the default counter, ceil(ASCII bytes / 4) + other scalars

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`, :class:`fourx.MalformedDoc`,
        :class:`fourx.UnsupportedFormat`, :class:`fourx.BudgetTooSmall`
    """
    _in: dict[str, Any] = {"doc": doc, "snapshot": snapshot}
    if max_tokens is not None:
        _in["max_tokens"] = max_tokens
    if oversize_bytes is not None:
        _in["oversize_bytes"] = oversize_bytes
    if counter is not None:
        _in["counter"] = counter
    _out: Index = call_op("blueprint.render_index", _in)
    return _out


def blueprint_revision_name(
    now: Time,
    nonce: str,
) -> BlueprintRevisionNameResult:
    """The fixed-width revision file name for a time and nonce (``blueprint.revision_name``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTime`, :class:`fourx.InvalidNonce`
    """
    _in: dict[str, Any] = {"now": now, "nonce": nonce}
    _out: BlueprintRevisionNameResult = call_op("blueprint.revision_name", _in)
    return _out


def blueprint_revision_prune(
    names: Sequence[str],
) -> RevisionPrune:
    """Which revision names to keep (newest 5), delete and ignore (``blueprint.revision_prune``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"names": names}
    _out: RevisionPrune = call_op("blueprint.revision_prune", _in)
    return _out


def blueprint_scan(
    root: StrPath,
    *,
    max_file_bytes: int | None = None,
) -> ScanResult:
    """Scan a repository (gitignore-aware, no symlinks followed) into a snapshot: per-language
    modules, import edges, fingerprints, repo token (``blueprint.scan``).

    Defaults (a keyword left ``None`` is absent):
        max_file_bytes: ``1048576``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidPath`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    if max_file_bytes is not None:
        _in["max_file_bytes"] = max_file_bytes
    _out: ScanResult = call_op("blueprint.scan", _in)
    return _out


def blueprint_storage_paths(
    home: StrPath,
    project_id: str,
) -> StoragePaths:
    """The storage directory, file and revisions paths of a project (``blueprint.storage_paths``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NoHome`, :class:`fourx.InvalidPath`,
        :class:`fourx.InvalidProjectId`
    """
    _in: dict[str, Any] = {"home": path_arg(home, "home"), "project_id": project_id}
    _out: StoragePaths = call_op("blueprint.storage_paths", _in)
    return _out


def blueprint_validate_item(
    item: BlueprintItem | Mapping[str, Any] | Any,
    snapshot: Snapshot | Mapping[str, Any],
    evidence: Sequence[str],
) -> ItemVerdict:
    """Run the four rejecting gates on one item (``blueprint.validate_item``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidSnapshot`
    """
    _in: dict[str, Any] = {"item": item, "snapshot": snapshot, "evidence": evidence}
    _out: ItemVerdict = call_op("blueprint.validate_item", _in)
    return _out


def candidates_constants() -> CandidatesConstants:
    """Pool version, fail-pattern threshold, sources, learning categories, mined reasons, stuck
    phases (``candidates.constants``).
    """
    _in: dict[str, Any] = {}
    _out: CandidatesConstants = call_op("candidates.constants", _in)
    return _out


def candidates_dedupe(
    candidates: Sequence[Candidate | Mapping[str, Any]],
    existing_features: Sequence[Feature | Mapping[str, Any]],
    existing_candidates: Sequence[Candidate | Mapping[str, Any]],
    *,
    cjk: bool | None = None,
) -> CandidatesDedupeResult:
    """Candidates without those similar to existing features, existing candidates or earlier kept
    ones (``candidates.dedupe``).

    Defaults (a keyword left ``None`` is absent):
        cjk: ``False``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {
        "candidates": candidates,
        "existing_features": existing_features,
        "existing_candidates": existing_candidates,
    }
    if cjk is not None:
        _in["cjk"] = cjk
    _out: CandidatesDedupeResult = call_op("candidates.dedupe", _in)
    return _out


def candidates_load(
    root: StrPath,
    *,
    file: str | None = None,
) -> CandidatesLoadResult:
    """Read a candidate pool from .4x/<file> (default candidates.json); missing is an empty pool
    (``candidates.load``).

    Defaults (a keyword left ``None`` is absent):
        file: ``"candidates.json"``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    if file is not None:
        _in["file"] = file
    _out: CandidatesLoadResult = call_op("candidates.load", _in)
    return _out


def candidates_parse(
    text: str,
) -> CandidatesParseResult:
    """Decode candidate-pool JSON text (version 0 reads as 1) (``candidates.parse``).

    Raises:
        :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: CandidatesParseResult = call_op("candidates.parse", _in)
    return _out


def candidates_render(
    *,
    pool: CandidatePool | Mapping[str, Any] | None = None,
) -> CandidatesRenderResult:
    """The candidate-pool file bytes (indented Go JSON + newline) (``candidates.render``).

    Defaults (a keyword left ``None`` is absent):
        pool: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if pool is not None:
        _in["pool"] = pool
    _out: CandidatesRenderResult = call_op("candidates.render", _in)
    return _out


def candidates_save(
    root: StrPath,
    *,
    file: str | None = None,
    pool: CandidatePool | Mapping[str, Any] | None = None,
) -> CandidatesSaveResult:
    """Write a candidate pool atomically to .4x/<file> (``candidates.save``).

    Defaults (a keyword left ``None`` is absent):
        file: ``"candidates.json"``
        pool: ``{}``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    if file is not None:
        _in["file"] = file
    if pool is not None:
        _in["pool"] = pool
    _out: CandidatesSaveResult = call_op("candidates.save", _in)
    return _out


def conductor_apply(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    state: State | Mapping[str, Any],
    loop: Loop | Mapping[str, Any],
    outcome: Outcome | Mapping[str, Any],
    *,
    facts: Facts | Mapping[str, Any] | None = None,
) -> Step:
    """Folds the outcome of the pending decision into the state and gives the next decision
    (``conductor.apply``).

    Defaults (a keyword left ``None`` is absent):
        facts: ``{}``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.MissingEvidence`,
        :class:`fourx.InvalidTransition`
    """
    _in: dict[str, Any] = {
        "config": config,
        "feature": feature,
        "state": state,
        "loop": loop,
        "outcome": outcome,
    }
    if facts is not None:
        _in["facts"] = facts
    _out: Step = call_op("conductor.apply", _in)
    return _out


def conductor_fork(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    events: Sequence[Event | Mapping[str, Any]],
    at: int,
) -> Rebuilt:
    """The step a run had at an event index, to re-run from there (keep that many events)
    (``conductor.fork``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`
    """
    _in: dict[str, Any] = {"config": config, "feature": feature, "events": events, "at": at}
    _out: Rebuilt = call_op("conductor.fork", _in)
    return _out


def conductor_next(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    state: State | Mapping[str, Any],
    loop: Loop | Mapping[str, Any],
    *,
    facts: Facts | Mapping[str, Any] | None = None,
) -> Step:
    """The run loop's decision at the top of the loop (stop checks, pass-through, the phase agent)
    (``conductor.next``).

    Defaults (a keyword left ``None`` is absent):
        facts: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config, "feature": feature, "state": state, "loop": loop}
    if facts is not None:
        _in["facts"] = facts
    _out: Step = call_op("conductor.next", _in)
    return _out


def conductor_rebuild(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    events: Sequence[Event | Mapping[str, Any]],
) -> Rebuilt:
    """The step of a run after its last complete call, from the checkpoints on its events
    (``conductor.rebuild``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`
    """
    _in: dict[str, Any] = {"config": config, "feature": feature, "events": events}
    _out: Rebuilt = call_op("conductor.rebuild", _in)
    return _out


def conductor_resume(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    state: State | Mapping[str, Any],
    *,
    feature_files: Mapping[str, str] | None = None,
    round_files: Mapping[str, str] | None = None,
) -> Resumed:
    """Crash recovery: the phase a state resumes in, inferred from its round's artifacts
    (``conductor.resume``).

    Defaults (a keyword left ``None`` is absent):
        feature_files: ``{}``
        round_files: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config, "feature": feature, "state": state}
    if feature_files is not None:
        _in["feature_files"] = feature_files
    if round_files is not None:
        _in["round_files"] = round_files
    _out: Resumed = call_op("conductor.resume", _in)
    return _out


def conductor_run_script(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    start: StartInput | Mapping[str, Any],
    outcomes: Sequence[Mapping[str, Any]],
) -> Script:
    """conductor.start then one conductor.apply per outcome: the decisions, events, final state and
    loop (``conductor.run_script``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.MissingEvidence`, :class:`fourx.UnknownRunner`,
        :class:`fourx.UnknownProfile`, :class:`fourx.MissingCodingPhase`,
        :class:`fourx.FeatureActive`, :class:`fourx.InvalidTransition`
    """
    _in: dict[str, Any] = {
        "config": config,
        "feature": feature,
        "start": start,
        "outcomes": outcomes,
    }
    _out: Script = call_op("conductor.run_script", _in)
    return _out


def conductor_start(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    now: Time,
    pid: int,
    *,
    state: State | Mapping[str, Any] | None = None,
    runner: str | None = None,
    max_rounds: int | None = None,
    profile_name: str | None = None,
    run_overrides: Mapping[str, PhaseSpec | Mapping[str, Any]] | None = None,
    force_all_angles: bool | None = None,
    pid_alive: bool | None = None,
    feature_files: Mapping[str, str] | None = None,
    round_files: Mapping[str, str] | None = None,
    facts: Facts | Mapping[str, Any] | None = None,
    events: Sequence[Event | Mapping[str, Any]] | None = None,
    note: str | None = None,
) -> Step:
    """Builds or recovers the run state and gives the run loop's first decision
    (``conductor.start``).

    Defaults (a keyword left ``None`` is absent):
        state: no state: a fresh run state at init is built from the feature
        runner: the config's default_runner
        max_rounds: ``5``
        profile_name: ``""``
        run_overrides: ``{}``
        force_all_angles: ``False``
        pid_alive: ``False``
        feature_files: ``{}``
        round_files: ``{}``
        facts: ``{}``
        events: ``[]``
        note: no run note

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownRunner`, :class:`fourx.UnknownProfile`,
        :class:`fourx.MissingCodingPhase`, :class:`fourx.FeatureActive`,
        :class:`fourx.InvalidTransition`
    """
    _in: dict[str, Any] = {"config": config, "feature": feature, "now": now, "pid": pid}
    if state is not None:
        _in["state"] = state
    if runner is not None:
        _in["runner"] = runner
    if max_rounds is not None:
        _in["max_rounds"] = max_rounds
    if profile_name is not None:
        _in["profile_name"] = profile_name
    if run_overrides is not None:
        _in["run_overrides"] = run_overrides
    if force_all_angles is not None:
        _in["force_all_angles"] = force_all_angles
    if pid_alive is not None:
        _in["pid_alive"] = pid_alive
    if feature_files is not None:
        _in["feature_files"] = feature_files
    if round_files is not None:
        _in["round_files"] = round_files
    if facts is not None:
        _in["facts"] = facts
    if events is not None:
        _in["events"] = events
    if note is not None:
        _in["note"] = note
    _out: Step = call_op("conductor.start", _in)
    return _out


def config_load_merged(
    root: StrPath,
    *,
    home: StrPath | None = None,
) -> MergedConfig:
    """Project settings merged with the user's; user-side problems and unknown keys of either file
    are warnings (``config.load_merged``).

    Defaults (a keyword left ``None`` is absent):
        home: not given: project settings only, with a warning that there is no home

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.InvalidJson`,
        :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    if home is not None:
        _in["home"] = path_arg(home, "home")
    _out: MergedConfig = call_op("config.load_merged", _in)
    return _out


def config_load_merged_text(
    project_text: str,
    *,
    user_text: str | None = None,
) -> MergedConfig:
    """Project settings merged with the user's; user-side problems and unknown keys of either text
    become warnings (``config.load_merged_text``).

    Defaults (a keyword left ``None`` is absent):
        user_text: not given: no user settings (project settings only)

    Raises:
        :class:`fourx.InvalidJson`, :class:`fourx.InvalidConfig`
    """
    _in: dict[str, Any] = {"project_text": project_text}
    if user_text is not None:
        _in["user_text"] = user_text
    _out: MergedConfig = call_op("config.load_merged_text", _in)
    return _out


def config_merge(
    *,
    user: UserConfig | Mapping[str, Any] | None = None,
    project: Config | Mapping[str, Any] | None = None,
) -> ConfigMergeResult:
    """Merges the user config under the project config (project values win where set)
    (``config.merge``).

    Defaults (a keyword left ``None`` is absent):
        user: ``{}``
        project: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if user is not None:
        _in["user"] = user
    if project is not None:
        _in["project"] = project
    _out: ConfigMergeResult = call_op("config.merge", _in)
    return _out


def config_notifications_enabled(
    config: Config | Mapping[str, Any],
) -> ConfigNotificationsEnabledResult:
    """Whether OS notifications are on (unset means on) (``config.notifications_enabled``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config}
    _out: ConfigNotificationsEnabledResult = call_op("config.notifications_enabled", _in)
    return _out


def config_parse(
    text: str,
) -> ConfigParseResult:
    """Decode project settings.json text with Go's rules, normalise legacy profiles, validate
    (unknown keys: config.read, config.load_merged_text) (``config.parse``).

    Raises:
        :class:`fourx.InvalidJson`, :class:`fourx.InvalidConfig`
    """
    _in: dict[str, Any] = {"text": text}
    _out: ConfigParseResult = call_op("config.parse", _in)
    return _out


def config_parse_user(
    text: str,
) -> ConfigParseUserResult:
    """Decode per-user settings.json text (no validation) (``config.parse_user``).

    Raises:
        :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: ConfigParseUserResult = call_op("config.parse_user", _in)
    return _out


def config_read(
    root: StrPath,
) -> ConfigReadResult:
    """Read and validate .4x/settings.json; every key Go ignores is an unknown_key warning
    (``config.read``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.InvalidJson`,
        :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    _out: ConfigReadResult = call_op("config.read", _in)
    return _out


def config_read_user(
    home: StrPath,
) -> ConfigReadUserResult:
    """Read <home>/.4x/settings.json; missing is the zero value (``config.read_user``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"home": path_arg(home, "home")}
    _out: ConfigReadUserResult = call_op("config.read_user", _in)
    return _out


def config_render(
    *,
    config: Config | Mapping[str, Any] | None = None,
) -> ConfigRenderResult:
    """The settings.json bytes WriteConfig and Init write (indented JSON + newline)
    (``config.render``).

    Defaults (a keyword left ``None`` is absent):
        config: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if config is not None:
        _in["config"] = config
    _out: ConfigRenderResult = call_op("config.render", _in)
    return _out


def config_render_user(
    *,
    config: UserConfig | Mapping[str, Any] | None = None,
) -> ConfigRenderUserResult:
    """The per-user settings.json bytes (indented JSON + newline) (``config.render_user``).

    Defaults (a keyword left ``None`` is absent):
        config: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if config is not None:
        _in["config"] = config
    _out: ConfigRenderUserResult = call_op("config.render_user", _in)
    return _out


def config_user_path(
    home: StrPath,
) -> ConfigUserPathResult:
    """The per-user settings path under a home directory (``config.user_path``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"home": path_arg(home, "home")}
    _out: ConfigUserPathResult = call_op("config.user_path", _in)
    return _out


def config_validate(
    config: Config | Mapping[str, Any],
) -> Validation:
    """Lists every problem of a project config with the original's messages (``config.validate``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config}
    _out: Validation = call_op("config.validate", _in)
    return _out


def config_write(
    root: StrPath,
    config: Config | Mapping[str, Any],
) -> ConfigWriteResult:
    """Write .4x/settings.json atomically (the .4x directory must exist); a config config.read would
    refuse is invalid_config (nothing written) (``config.write``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "config": config}
    _out: ConfigWriteResult = call_op("config.write", _in)
    return _out


def config_write_user(
    home: StrPath,
    *,
    config: UserConfig | Mapping[str, Any] | None = None,
) -> ConfigWriteUserResult:
    """Write <home>/.4x/settings.json (creating <home>/.4x) (``config.write_user``).

    Defaults (a keyword left ``None`` is absent):
        config: ``{}``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"home": path_arg(home, "home")}
    if config is not None:
        _in["config"] = config
    _out: ConfigWriteUserResult = call_op("config.write_user", _in)
    return _out


def design_doc_resolve(
    root: StrPath,
    feature: Feature | Mapping[str, Any],
    doc_type: Literal["spec", "plan"],
    *,
    extra_dirs: Sequence[str] | None = None,
) -> DesignDoc:
    """Read a feature's spec or plan document: the YAML path, then the search-order candidates; a
    path resolving outside the root is refused with a warning (``design_doc.resolve``).

    Defaults (a keyword left ``None`` is absent):
        extra_dirs: ``[]``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature": feature, "doc_type": doc_type}
    if extra_dirs is not None:
        _in["extra_dirs"] = extra_dirs
    _out: DesignDoc = call_op("design_doc.resolve", _in)
    return _out


def design_doc_search_order(
    feature: Feature | Mapping[str, Any],
    doc_type: str,
    *,
    extra_dirs: Sequence[str] | None = None,
) -> DesignDocSearch:
    """Where to look for a feature's spec or plan document, in order (``design_doc.search_order``).

    Defaults (a keyword left ``None`` is absent):
        extra_dirs: ``[]``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"feature": feature, "doc_type": doc_type}
    if extra_dirs is not None:
        _in["extra_dirs"] = extra_dirs
    _out: DesignDocSearch = call_op("design_doc.search_order", _in)
    return _out


def discover_dedupe(
    candidates: Sequence[ReportFeature | Mapping[str, Any]],
    existing: Sequence[Feature | Mapping[str, Any]],
    *,
    cjk: bool | None = None,
) -> DiscoverDedupeResult:
    """Discovered features without those similar to an existing feature or an earlier kept one
    (``discover.dedupe``).

    Defaults (a keyword left ``None`` is absent):
        cjk: ``False``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"candidates": candidates, "existing": existing}
    if cjk is not None:
        _in["cjk"] = cjk
    _out: DiscoverDedupeResult = call_op("discover.dedupe", _in)
    return _out


def discover_parse(
    report: str,
) -> DiscoverParseResult:
    """The [NEW-FEATURE] blocks of a report as {title, description} (``discover.parse``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"report": report}
    _out: DiscoverParseResult = call_op("discover.parse", _in)
    return _out


def discover_plan(
    candidates: Sequence[DiscoveredFeature | Mapping[str, Any]],
    *,
    ids: Sequence[str] | None = None,
    config: Config | Mapping[str, Any] | None = None,
) -> DiscoveryPlan:
    """The features a run creates from de-duplicated [NEW-FEATURE] candidates: consecutive ids, at
    most max_discovered_features, status draft or not-started by the enrich settings; the rest
    capped (``discover.plan``).

    Defaults (a keyword left ``None`` is absent):
        ids: ``[]``
        config: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"candidates": candidates}
    if ids is not None:
        _in["ids"] = ids
    if config is not None:
        _in["config"] = config
    _out: DiscoveryPlan = call_op("discover.plan", _in)
    return _out


def enums_list(
    kind: str,
) -> EnumsListResult:
    """The values of a named enum (phases, roles, event_types, ...), in the seed's order
    (``enums.list``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownKind`
    """
    _in: dict[str, Any] = {"kind": kind}
    _out: EnumsListResult = call_op("enums.list", _in)
    return _out


def evidence_discover_screenshots(
    root: StrPath,
    feature_id: str,
    *,
    screenshot_dir: str | None = None,
) -> ScreenshotGroups:
    """A feature's screenshots grouped by round, from verify.json files and screenshot directories
    (``evidence.discover_screenshots``).

    Defaults (a keyword left ``None`` is absent):
        screenshot_dir: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    if screenshot_dir is not None:
        _in["screenshot_dir"] = screenshot_dir
    _out: ScreenshotGroups = call_op("evidence.discover_screenshots", _in)
    return _out


def evidence_group_screenshots(
    *,
    root: str | None = None,
    feature_id: str | None = None,
    screenshot_dir: str | None = None,
    rounds: Sequence[RoundVerify | Mapping[str, Any]] | None = None,
    template_rounds: Sequence[int] | None = None,
    listings: Mapping[str, Sequence[str]] | None = None,
    worktree: WorktreeListings | Mapping[str, Any] | None = None,
) -> ScreenshotGroups:
    """Group a feature's screenshots by round from verify.json texts and directory listings
    (``evidence.group_screenshots``).

    Defaults (a keyword left ``None`` is absent):
        root: ``""``
        feature_id: ``""``
        screenshot_dir: ``""``
        rounds: ``[]``
        template_rounds: ``[]``
        listings: ``{}``
        worktree: no worktree: only the main tree's listings

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if root is not None:
        _in["root"] = root
    if feature_id is not None:
        _in["feature_id"] = feature_id
    if screenshot_dir is not None:
        _in["screenshot_dir"] = screenshot_dir
    if rounds is not None:
        _in["rounds"] = rounds
    if template_rounds is not None:
        _in["template_rounds"] = template_rounds
    if listings is not None:
        _in["listings"] = listings
    if worktree is not None:
        _in["worktree"] = worktree
    _out: ScreenshotGroups = call_op("evidence.group_screenshots", _in)
    return _out


def evidence_is_screenshot_file(
    *,
    name: str | None = None,
) -> EvidenceIsScreenshotFileResult:
    """Whether a file name has a screenshot extension (``evidence.is_screenshot_file``).

    Defaults (a keyword left ``None`` is absent):
        name: ``""``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if name is not None:
        _in["name"] = name
    _out: EvidenceIsScreenshotFileResult = call_op("evidence.is_screenshot_file", _in)
    return _out


def evidence_normalize_screenshot_path(
    *,
    path: str | None = None,
) -> EvidenceNormalizeScreenshotPathResult:
    """Trim, drop ./ and .4x/, clean lexically (``evidence.normalize_screenshot_path``).

    Defaults (a keyword left ``None`` is absent):
        path: ``""``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if path is not None:
        _in["path"] = path
    _out: EvidenceNormalizeScreenshotPathResult = call_op("evidence.normalize_screenshot_path", _in)
    return _out


def evidence_parse_screenshot_filename(
    *,
    filename: str | None = None,
) -> ScreenshotName:
    """Step and description from a screenshot file name (``evidence.parse_screenshot_filename``).

    Defaults (a keyword left ``None`` is absent):
        filename: ``""``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if filename is not None:
        _in["filename"] = filename
    _out: ScreenshotName = call_op("evidence.parse_screenshot_filename", _in)
    return _out


def evidence_parse_verify(
    text: str,
) -> EvidenceParseVerifyResult:
    """Decode a round's verify.json (VerifyEvidence) with Go's rules (``evidence.parse_verify``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: EvidenceParseVerifyResult = call_op("evidence.parse_verify", _in)
    return _out


def evidence_render_verify(
    *,
    verify: VerifyRecord | Mapping[str, Any] | None = None,
) -> EvidenceRenderVerifyResult:
    """The verify.json bytes ``4x verify`` writes (indented, no trailing newline)
    (``evidence.render_verify``).

    Defaults (a keyword left ``None`` is absent):
        verify: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if verify is not None:
        _in["verify"] = verify
    _out: EvidenceRenderVerifyResult = call_op("evidence.render_verify", _in)
    return _out


def evidence_screenshot_dir(
    *,
    config: Config | Mapping[str, Any] | None = None,
) -> EvidenceScreenshotDirResult:
    """The tester's screenshot directory template from a config (``evidence.screenshot_dir``).

    Defaults (a keyword left ``None`` is absent):
        config: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if config is not None:
        _in["config"] = config
    _out: EvidenceScreenshotDirResult = call_op("evidence.screenshot_dir", _in)
    return _out


def evidence_screenshot_targets(
    *,
    feature_id: str | None = None,
    screenshot_dir: str | None = None,
    rounds: Sequence[int] | None = None,
    template_rounds: Sequence[int] | None = None,
) -> EvidenceScreenshotTargetsResult:
    """Directories to look in for each round's screenshots (``evidence.screenshot_targets``).

    Defaults (a keyword left ``None`` is absent):
        feature_id: ``""``
        screenshot_dir: ``""``
        rounds: ``[]``
        template_rounds: ``[]``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if feature_id is not None:
        _in["feature_id"] = feature_id
    if screenshot_dir is not None:
        _in["screenshot_dir"] = screenshot_dir
    if rounds is not None:
        _in["rounds"] = rounds
    if template_rounds is not None:
        _in["template_rounds"] = template_rounds
    _out: EvidenceScreenshotTargetsResult = call_op("evidence.screenshot_targets", _in)
    return _out


def evidence_sort_screenshots(
    *,
    screenshots: Sequence[Screenshot | Mapping[str, Any]] | None = None,
) -> EvidenceSortScreenshotsResult:
    """Order screenshots by step (numeric first), then path (``evidence.sort_screenshots``).

    Defaults (a keyword left ``None`` is absent):
        screenshots: ``[]``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if screenshots is not None:
        _in["screenshots"] = screenshots
    _out: EvidenceSortScreenshotsResult = call_op("evidence.sort_screenshots", _in)
    return _out


def feature_constants() -> FeatureConstants:
    """Feature statuses, sub-task statuses, id pattern, default screenshot dir and hook policy
    (``feature.constants``).
    """
    _in: dict[str, Any] = {}
    _out: FeatureConstants = call_op("feature.constants", _in)
    return _out


def feature_load_yaml(
    text: str,
    *,
    mode: str | None = None,
) -> FeatureLoadYamlResult:
    """Decode and validate feature YAML, strictly or leniently (warnings into feature.warnings)
    (``feature.load_yaml``).

    Defaults (a keyword left ``None`` is absent):
        mode: ``"strict"``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`
    """
    _in: dict[str, Any] = {"text": text}
    if mode is not None:
        _in["mode"] = mode
    _out: FeatureLoadYamlResult = call_op("feature.load_yaml", _in)
    return _out


def feature_next_id(
    *,
    ids: Sequence[str] | None = None,
    name: str | None = None,
    slug: str | None = None,
    config: Config | Mapping[str, Any] | None = None,
) -> NextId:
    """The next feature number over the existing ids, its id (from the name, or a chosen slug) and
    display name, in the config's id format (default F + 3 digits) (``feature.next_id``).

    Defaults (a keyword left ``None`` is absent):
        ids: ``[]``
        name: ``""``
        slug: ``""``
        config: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if ids is not None:
        _in["ids"] = ids
    if name is not None:
        _in["name"] = name
    if slug is not None:
        _in["slug"] = slug
    if config is not None:
        _in["config"] = config
    _out: NextId = call_op("feature.next_id", _in)
    return _out


def feature_parse_yaml(
    *,
    text: str | None = None,
) -> FeatureParseYamlResult:
    """Decode feature YAML with yaml.v3's rules (no validation) (``feature.parse_yaml``).

    Defaults (a keyword left ``None`` is absent):
        text: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`
    """
    _in: dict[str, Any] = {}
    if text is not None:
        _in["text"] = text
    _out: FeatureParseYamlResult = call_op("feature.parse_yaml", _in)
    return _out


def feature_render_yaml(
    *,
    feature: Feature | Mapping[str, Any] | None = None,
) -> FeatureRenderYamlResult:
    """The feature YAML bytes Go's yaml.v3 writes (divergences D1, D4, D10)
    (``feature.render_yaml``).

    Defaults (a keyword left ``None`` is absent):
        feature: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if feature is not None:
        _in["feature"] = feature
    _out: FeatureRenderYamlResult = call_op("feature.render_yaml", _in)
    return _out


def feature_sync_status_text(
    text: str,
    *,
    feature_id: str | None = None,
    phase: str | None = None,
) -> StatusSync:
    """Set a feature text's status from a phase; the new text and commit payload when it changed
    (``feature.sync_status_text``).

    Defaults (a keyword left ``None`` is absent):
        feature_id: ``""``
        phase: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`
    """
    _in: dict[str, Any] = {"text": text}
    if feature_id is not None:
        _in["feature_id"] = feature_id
    if phase is not None:
        _in["phase"] = phase
    _out: StatusSync = call_op("feature.sync_status_text", _in)
    return _out


def feature_validate(
    *,
    feature: Feature | Mapping[str, Any] | None = None,
) -> FeatureValidation:
    """Strict feature validation with Go's messages (``feature.validate``).

    Defaults (a keyword left ``None`` is absent):
        feature: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if feature is not None:
        _in["feature"] = feature
    _out: FeatureValidation = call_op("feature.validate", _in)
    return _out


def feature_validate_loose(
    feature: Feature | Mapping[str, Any],
) -> FeatureValidateLooseResult:
    """Lenient feature validation: warnings; a missing id fails (``feature.validate_loose``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeature`
    """
    _in: dict[str, Any] = {"feature": feature}
    _out: FeatureValidateLooseResult = call_op("feature.validate_loose", _in)
    return _out


def guard_check(
    config: Config | Mapping[str, Any],
    feature: Feature | Mapping[str, Any],
    changed_files: Sequence[GuardChangedFile | Mapping[str, Any]] | str,
    *,
    phase: str | None = None,
    profile: str | None = None,
    round: int | None = None,
    feature_files: Mapping[str, str | None] | None = None,
    round_files: Mapping[str, str | None] | None = None,
    test_strategy: TestStrategy | Mapping[str, Any] | None = None,
    test_strategy_error: str | None = None,
    testing_has_run: bool | None = None,
    dependencies: Mapping[str, str] | None = None,
    symlinks: Sequence[str] | None = None,
    build_gate: VerifyEvidence | Mapping[str, Any] | None = None,
    docs_gate: VerifyEvidence | Mapping[str, Any] | None = None,
    screenshot_exists: bool | None = None,
    state: State | Mapping[str, Any] | None = None,
) -> Verdict:
    """4x's guard.Check: required files, baseline, the diff's repo scope, self-modification,
    dependencies, symlinks, build/docs gates, verify types (``guard.check``).

    Defaults (a keyword left ``None`` is absent):
        phase: the phase of ``state``; without either the op refuses the input
        profile: the profile of ``state``, else "" (resolved as a run without --profile)
        round: the round of ``state``, else 0
        feature_files: ``{}``
        round_files: the state round's directory does not exist: in accepting, pending-review and
        done the tester's gate is not run again
        test_strategy: the feature has no test strategy (no e2e_repos, no ac_verify_map)
        test_strategy_error: the test strategy was read, or there is none
        testing_has_run: ``False``
        dependencies: ``{}``
        symlinks: ``[]``
        build_gate: the build gate did not run
        docs_gate: the docs gate did not run
        screenshot_exists: ``False``
        state: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config, "feature": feature, "changed_files": changed_files}
    if phase is not None:
        _in["phase"] = phase
    if profile is not None:
        _in["profile"] = profile
    if round is not None:
        _in["round"] = round
    if feature_files is not None:
        _in["feature_files"] = feature_files
    if round_files is not None:
        _in["round_files"] = round_files
    if test_strategy is not None:
        _in["test_strategy"] = test_strategy
    if test_strategy_error is not None:
        _in["test_strategy_error"] = test_strategy_error
    if testing_has_run is not None:
        _in["testing_has_run"] = testing_has_run
    if dependencies is not None:
        _in["dependencies"] = dependencies
    if symlinks is not None:
        _in["symlinks"] = symlinks
    if build_gate is not None:
        _in["build_gate"] = build_gate
    if docs_gate is not None:
        _in["docs_gate"] = docs_gate
    if screenshot_exists is not None:
        _in["screenshot_exists"] = screenshot_exists
    if state is not None:
        _in["state"] = state
    _out: Verdict = call_op("guard.check", _in)
    return _out


def guard_testing_to_accepting(
    *,
    round: int | None = None,
    round_files: Mapping[str, str | None] | None = None,
    feature_files: Mapping[str, str | None] | None = None,
    config: Config | Mapping[str, Any] | None = None,
    test_strategy: TestStrategy | Mapping[str, Any] | None = None,
    test_strategy_error: str | None = None,
    screenshot_exists: bool | None = None,
    state: State | Mapping[str, Any] | None = None,
) -> Verdict:
    """4x's CheckTestingToAccepting: the tester's reports, verify.json, per-criterion evidence,
    screenshots, manual checks, self-mod tests (``guard.testing_to_accepting``).

    Defaults (a keyword left ``None`` is absent):
        round: the round of ``state``; without either the op refuses the input
        round_files: ``{}``
        feature_files: ``{}``
        config: ``{}``
        test_strategy: the feature has no test strategy (no ac_verify_map, no manual checks)
        test_strategy_error: the test strategy was read, or there is none
        screenshot_exists: ``False``
        state: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if round is not None:
        _in["round"] = round
    if round_files is not None:
        _in["round_files"] = round_files
    if feature_files is not None:
        _in["feature_files"] = feature_files
    if config is not None:
        _in["config"] = config
    if test_strategy is not None:
        _in["test_strategy"] = test_strategy
    if test_strategy_error is not None:
        _in["test_strategy_error"] = test_strategy_error
    if screenshot_exists is not None:
        _in["screenshot_exists"] = screenshot_exists
    if state is not None:
        _in["state"] = state
    _out: Verdict = call_op("guard.testing_to_accepting", _in)
    return _out


def hooks_merge(
    *,
    global_: Mapping[str, Sequence[HookEntry | Mapping[str, Any]] | None] | None = None,
    feature: Mapping[str, Sequence[HookEntry | Mapping[str, Any]] | None] | None = None,
) -> HooksMergeResult:
    """Global hooks with feature hook points replacing whole lists (null when both are unset)
    (``hooks.merge``).

    Defaults (a keyword left ``None`` is absent):
        global_: no global hooks
        feature: no feature hooks

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if global_ is not None:
        _in["global"] = global_
    if feature is not None:
        _in["feature"] = feature
    _out: HooksMergeResult = call_op("hooks.merge", _in)
    return _out


def limits_resolve(
    config: Config | Mapping[str, Any],
    *,
    role: str | None = None,
) -> Limits:
    """A role's fix rounds, parallel reviewers, angles per reviewer and max discovered features
    (``limits.resolve``).

    Defaults (a keyword left ``None`` is absent):
        role: ``"deep-reviewer"``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config}
    if role is not None:
        _in["role"] = role
    _out: Limits = call_op("limits.resolve", _in)
    return _out


def meta_catalog() -> MetaCatalogResult:
    """Every op with its one-line doc, typed input and output keys, defaults and error kinds, sorted
    by name, and the named types they use (``meta.catalog``).
    """
    _in: dict[str, Any] = {}
    _out: MetaCatalogResult = call_op("meta.catalog", _in)
    return _out


def meta_version() -> MetaVersionResult:
    """The library version as a string and as major*1000000 + minor*1000 + patch (``meta.version``).
    """
    _in: dict[str, Any] = {}
    _out: MetaVersionResult = call_op("meta.version", _in)
    return _out


def miner_scan_escalations(
    *,
    escalations: Sequence[EscalationIn | Mapping[str, Any]] | None = None,
    root: StrPath | None = None,
    feature_ids: Sequence[str] | None = None,
) -> MinerScan:
    """Candidates from needed escalations (pure: ``escalations`` records; fs: ``root``,
    ``feature_ids``?) (``miner.scan_escalations``).

    Defaults (a keyword left ``None`` is absent):
        escalations: ``[]``
        root: not given: the pure form over escalations
        feature_ids: every feature of the workspace (fs form)

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {}
    if escalations is not None:
        _in["escalations"] = escalations
    if root is not None:
        _in["root"] = path_arg(root, "root")
    if feature_ids is not None:
        _in["feature_ids"] = feature_ids
    _out: MinerScan = call_op("miner.scan_escalations", _in)
    return _out


def miner_scan_fail_patterns(
    *,
    reports: Sequence[ReportIn | Mapping[str, Any]] | None = None,
    root: StrPath | None = None,
    feature_ids: Sequence[str] | None = None,
    min_occurrences: int | None = None,
    cjk: bool | None = None,
) -> FailPatternScan:
    """Candidates and learnings from review issues recurring across features (pure: ``reports``; fs:
    ``root``, ``feature_ids``?) (``miner.scan_fail_patterns``).

    Defaults (a keyword left ``None`` is absent):
        reports: ``[]``
        root: not given: the pure form over reports
        feature_ids: every feature of the workspace (fs form)
        min_occurrences: ``3``
        cjk: ``False``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {}
    if reports is not None:
        _in["reports"] = reports
    if root is not None:
        _in["root"] = path_arg(root, "root")
    if feature_ids is not None:
        _in["feature_ids"] = feature_ids
    if min_occurrences is not None:
        _in["min_occurrences"] = min_occurrences
    if cjk is not None:
        _in["cjk"] = cjk
    _out: FailPatternScan = call_op("miner.scan_fail_patterns", _in)
    return _out


def miner_scan_stuck(
    *,
    features: Sequence[StuckIn | Mapping[str, Any]] | None = None,
    root: StrPath | None = None,
    feature_ids: Sequence[str] | None = None,
) -> MinerScan:
    """Candidates from features stuck in needs-attention, abandoned or blocked (pure: ``features``;
    fs: ``root``, ``feature_ids``?) (``miner.scan_stuck``).

    Defaults (a keyword left ``None`` is absent):
        features: ``[]``
        root: not given: the pure form over features
        feature_ids: every feature of the workspace (fs form)

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {}
    if features is not None:
        _in["features"] = features
    if root is not None:
        _in["root"] = path_arg(root, "root")
    if feature_ids is not None:
        _in["feature_ids"] = feature_ids
    _out: MinerScan = call_op("miner.scan_stuck", _in)
    return _out


def model_constants() -> ModelConstants:
    """The tier names, the default tier (sonnet) and the default deep tier (opus)
    (``model.constants``).
    """
    _in: dict[str, Any] = {}
    _out: ModelConstants = call_op("model.constants", _in)
    return _out


def model_resolve(
    config: Config | Mapping[str, Any],
    runner: str,
    role: str,
) -> ModelResolveResult:
    """The model of a role on a runner (role tier, runner model, then sonnet) (``model.resolve``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _in: dict[str, Any] = {"config": config, "runner": runner, "role": role}
    _out: ModelResolveResult = call_op("model.resolve", _in)
    return _out


def model_resolve_deep(
    config: Config | Mapping[str, Any],
    runner: str,
    role: str,
) -> ModelResolveDeepResult:
    """The deep model of a role, or "" when it sets no deep_model (``model.resolve_deep``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _in: dict[str, Any] = {"config": config, "runner": runner, "role": role}
    _out: ModelResolveDeepResult = call_op("model.resolve_deep", _in)
    return _out


def model_resolve_mini_coder(
    config: Config | Mapping[str, Any],
    runner: str,
    fallback_model: str,
) -> ModelResolveMiniCoderResult:
    """The mini-coder's model, or the fallback model when unset (``model.resolve_mini_coder``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _in: dict[str, Any] = {"config": config, "runner": runner, "fallback_model": fallback_model}
    _out: ModelResolveMiniCoderResult = call_op("model.resolve_mini_coder", _in)
    return _out


def model_resolve_phase(
    config: Config | Mapping[str, Any],
    phase: str,
    role: str,
    runner: str,
    *,
    feature: Feature | Mapping[str, Any] | None = None,
    profile: ProfileConfig | Mapping[str, Any] | None = None,
    manual: str | None = None,
) -> ModelResolvePhaseResult:
    """The model of a pipeline phase: manual, feature override, profile entry, then role
    (``model.resolve_phase``).

    Defaults (a keyword left ``None`` is absent):
        feature: ``{}``
        profile: ``{}``
        manual: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _in: dict[str, Any] = {"config": config, "phase": phase, "role": role, "runner": runner}
    if feature is not None:
        _in["feature"] = feature
    if profile is not None:
        _in["profile"] = profile
    if manual is not None:
        _in["manual"] = manual
    _out: ModelResolvePhaseResult = call_op("model.resolve_phase", _in)
    return _out


def model_resolve_tier(
    config: Config | Mapping[str, Any],
    runner: str,
    tier: str,
) -> ModelResolveTierResult:
    """The model of a tier for a runner (runner tiers, then model_tiers; no aliases)
    (``model.resolve_tier``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvableTier`
    """
    _in: dict[str, Any] = {"config": config, "runner": runner, "tier": tier}
    _out: ModelResolveTierResult = call_op("model.resolve_tier", _in)
    return _out


def phase_is_selectable(
    phase: str,
) -> PhaseIsSelectableResult:
    """Whether a pipeline profile may list the phase (``phase.is_selectable``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"phase": phase}
    _out: PhaseIsSelectableResult = call_op("phase.is_selectable", _in)
    return _out


def phase_role(
    phase: str,
) -> PhaseRoleResult:
    """The role of a profile-selectable work phase (PhaseRole); "" otherwise (``phase.role``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"phase": phase}
    _out: PhaseRoleResult = call_op("phase.role", _in)
    return _out


def phase_to_status(
    phase: str,
) -> PhaseToStatusResult:
    """The feature status a phase projects to (PhaseToStatus) (``phase.to_status``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"phase": phase}
    _out: PhaseToStatusResult = call_op("phase.to_status", _in)
    return _out


def pipeline_effective_manual(
    phase: str,
    *,
    run_overrides: Mapping[str, PhaseSpec | Mapping[str, Any]] | None = None,
    manual_runner: str | None = None,
) -> ManualOverride:
    """A phase's manual runner and model after per-run overrides (``pipeline.effective_manual``).

    Defaults (a keyword left ``None`` is absent):
        run_overrides: ``{}``
        manual_runner: ``""``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"phase": phase}
    if run_overrides is not None:
        _in["run_overrides"] = run_overrides
    if manual_runner is not None:
        _in["manual_runner"] = manual_runner
    _out: ManualOverride = call_op("pipeline.effective_manual", _in)
    return _out


def pipeline_resolve(
    config: Config | Mapping[str, Any],
    *,
    feature: Feature | Mapping[str, Any] | None = None,
    profile_name: str | None = None,
    manual_runner: str | None = None,
    run_overrides: Mapping[str, PhaseSpec | Mapping[str, Any]] | None = None,
) -> PipelineResolveResult:
    """Every enabled phase of a feature's pipeline with its role, runner and model
    (``pipeline.resolve``).

    Defaults (a keyword left ``None`` is absent):
        feature: ``{}``
        profile_name: ``""``
        manual_runner: ``""``
        run_overrides: ``{}``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownProfile`,
        :class:`fourx.MissingCodingPhase`, :class:`fourx.UnresolvedRunner`,
        :class:`fourx.UnknownRunner`, :class:`fourx.UnresolvableTier`
    """
    _in: dict[str, Any] = {"config": config}
    if feature is not None:
        _in["feature"] = feature
    if profile_name is not None:
        _in["profile_name"] = profile_name
    if manual_runner is not None:
        _in["manual_runner"] = manual_runner
    if run_overrides is not None:
        _in["run_overrides"] = run_overrides
    _out: PipelineResolveResult = call_op("pipeline.resolve", _in)
    return _out


def profile_enabled_phases(
    profile: ProfileConfig | Mapping[str, Any],
) -> ProfileEnabledPhasesResult:
    """The selectable phases a profile enables, in canonical order (``profile.enabled_phases``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"profile": profile}
    _out: ProfileEnabledPhasesResult = call_op("profile.enabled_phases", _in)
    return _out


def profile_enables(
    profile: ProfileConfig | Mapping[str, Any],
    *,
    phase: str | None = None,
    role: str | None = None,
) -> ProfileEnables:
    """Whether a profile enables a phase and/or a role's phase (``profile.enables``).

    Defaults (a keyword left ``None`` is absent):
        phase: not given: only the role is asked about
        role: not given: only the phase is asked about

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"profile": profile}
    if phase is not None:
        _in["phase"] = phase
    if role is not None:
        _in["role"] = role
    _out: ProfileEnables = call_op("profile.enables", _in)
    return _out


def profile_resolve(
    *,
    config: Config | Mapping[str, Any] | None = None,
    feature: Feature | Mapping[str, Any] | None = None,
    override: str | None = None,
) -> ResolvedProfile:
    """The pipeline profile a feature runs with: override, feature, default_profile, then priority
    (``profile.resolve``).

    Defaults (a keyword left ``None`` is absent):
        config: ``{}``
        feature: ``{}``
        override: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnknownProfile`,
        :class:`fourx.MissingCodingPhase`
    """
    _in: dict[str, Any] = {}
    if config is not None:
        _in["config"] = config
    if feature is not None:
        _in["feature"] = feature
    if override is not None:
        _in["override"] = override
    _out: ResolvedProfile = call_op("profile.resolve", _in)
    return _out


def profile_role_artifact_view(
    profile: ProfileConfig | Mapping[str, Any],
    role: str,
) -> RoleArtifactView:
    """A role's required, forbidden and absent-upstream artifacts under a profile
    (``profile.role_artifact_view``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"profile": profile, "role": role}
    _out: RoleArtifactView = call_op("profile.role_artifact_view", _in)
    return _out


def profiles_default() -> ProfilesDefaultResult:
    """The built-in pipeline profiles (full, lite, normal, quick) (``profiles.default``).
    """
    _in: dict[str, Any] = {}
    _out: ProfilesDefaultResult = call_op("profiles.default", _in)
    return _out


def report_parse_issues(
    report: str,
) -> ReportIssues:
    """The verdict and [CRITICAL]/[WARNING] issue titles of a review report
    (``report.parse_issues``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"report": report}
    _out: ReportIssues = call_op("report.parse_issues", _in)
    return _out


def repos_effective_hub(
    config: Config | Mapping[str, Any],
) -> ReposEffectiveHubResult:
    """The hub repos: hub_repos in order, then workspace repos marked hub (``repos.effective_hub``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config}
    _out: ReposEffectiveHubResult = call_op("repos.effective_hub", _in)
    return _out


def repos_resolve_feature_paths(
    feature: Feature | Mapping[str, Any],
    config: Config | Mapping[str, Any],
    root: StrPath,
) -> ReposResolveFeaturePathsResult:
    """The paths of the repos a feature names (all when it names none)
    (``repos.resolve_feature_paths``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"feature": feature, "config": config, "root": path_arg(root, "root")}
    _out: ReposResolveFeaturePathsResult = call_op("repos.resolve_feature_paths", _in)
    return _out


def repos_resolve_paths(
    config: Config | Mapping[str, Any],
    root: StrPath,
) -> ReposResolvePathsResult:
    """Each workspace repo's path joined under root ({".": root} without repos)
    (``repos.resolve_paths``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"config": config, "root": path_arg(root, "root")}
    _out: ReposResolvePathsResult = call_op("repos.resolve_paths", _in)
    return _out


def router_active_workflows(
    tasks: Sequence[Task | Mapping[str, Any]],
    *,
    workflow_id: str | None = None,
    edition: Edition | str | None = None,
) -> ActiveWorkflowsResult:
    """Resume step 1: open CC10X and legacy parents and a decision (one open workflow resumes;
    several are a choice, never a guess). Host: resume → runnable_tasks for selected.wf; choose
    → ask, never guess; ask_legacy → ask resume-legacy or fresh; none/not_found → route
    normally (``router.active_workflows``).

    Defaults (a keyword left ``None`` is absent):
        workflow_id: not given: the one open parent with a valid wf resumes; several are a choice
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"tasks": tasks}
    if workflow_id is not None:
        _in["workflow_id"] = workflow_id
    if edition is not None:
        _in["edition"] = edition
    _out: ActiveWorkflowsResult = call_op("router.active_workflows", _in)
    return _out


def router_agents(
    *,
    edition: Edition | str | None = None,
) -> AgentsResult:
    """The agents an edition knows, in its table order: bare and cc10x: names and the output kind
    (readonly or write) parse_output gives (``router.agents``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {}
    if edition is not None:
        _in["edition"] = edition
    _out: AgentsResult = call_op("router.agents", _in)
    return _out


def router_artifact_fresh(
    modified_at: Time,
    now: Time,
    *,
    max_age_seconds: int | None = None,
    edition: Edition | str | None = None,
) -> ArtifactFreshResult:
    """Whether an artifact written at modified_at is fresh at now (default 300 s, cc10x's hooks).
    Host: warn on a stale write; never block on it (``router.artifact_fresh``).

    Defaults (a keyword left ``None`` is absent):
        max_age_seconds: ``300``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"modified_at": modified_at, "now": now}
    if max_age_seconds is not None:
        _in["max_age_seconds"] = max_age_seconds
    if edition is not None:
        _in["edition"] = edition
    _out: ArtifactFreshResult = call_op("router.artifact_fresh", _in)
    return _out


def router_build_prompt(
    agent: str,
    workflow: WorkflowType | str,
    phase: WorkflowPhase | str,
    task_id: str,
    workflow_uuid: str,
    request: str,
    *,
    plan_file: str | None = None,
    requirements: str | None = None,
    memory_summary: str | None = None,
    project_patterns: str | None = None,
    domain_files: Sequence[DomainFile | Mapping[str, Any]] | None = None,
    skill_hints: Sequence[str] | None = None,
    pre_answered_requirements: Sequence[str] | None = None,
    intent_contract: IntentContract | Mapping[str, Any] | None = None,
    research_files: ResearchFiles | Mapping[str, Any] | None = None,
    research_quality: str | None = None,
    design_file: str | None = None,
    planning_review_findings: str | None = None,
    original_request: str | None = None,
    approved_context_files: Sequence[str] | None = None,
    previous_findings: PreviousFindings | Mapping[str, Any] | None = None,
    edition: Edition | str | None = None,
) -> Prompt:
    """Render the per-agent prompt frame: fixed sections, then optional ones by content and role
    (12.7.0: no ## Memory Summary for code-reviewer and plan-gap-reviewer)
    (``router.build_prompt``).

    Defaults (a keyword left ``None`` is absent):
        plan_file: ``"N/A"``
        requirements: ``""``
        memory_summary: ``""``
        project_patterns: ``""``
        domain_files: ``[]``
        skill_hints: ``[]``
        pre_answered_requirements: ``[]``
        intent_contract: no intent contract section
        research_files: ``{}``
        research_quality: ``""``
        design_file: ``""``
        planning_review_findings: ``""``
        original_request: ``""``
        approved_context_files: ``[]``
        previous_findings: no previous findings section
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _in: dict[str, Any] = {
        "agent": agent,
        "workflow": workflow,
        "phase": phase,
        "task_id": task_id,
        "workflow_uuid": workflow_uuid,
        "request": request,
    }
    if plan_file is not None:
        _in["plan_file"] = plan_file
    if requirements is not None:
        _in["requirements"] = requirements
    if memory_summary is not None:
        _in["memory_summary"] = memory_summary
    if project_patterns is not None:
        _in["project_patterns"] = project_patterns
    if domain_files is not None:
        _in["domain_files"] = domain_files
    if skill_hints is not None:
        _in["skill_hints"] = skill_hints
    if pre_answered_requirements is not None:
        _in["pre_answered_requirements"] = pre_answered_requirements
    if intent_contract is not None:
        _in["intent_contract"] = intent_contract
    if research_files is not None:
        _in["research_files"] = research_files
    if research_quality is not None:
        _in["research_quality"] = research_quality
    if design_file is not None:
        _in["design_file"] = design_file
    if planning_review_findings is not None:
        _in["planning_review_findings"] = planning_review_findings
    if original_request is not None:
        _in["original_request"] = original_request
    if approved_context_files is not None:
        _in["approved_context_files"] = approved_context_files
    if previous_findings is not None:
        _in["previous_findings"] = previous_findings
    if edition is not None:
        _in["edition"] = edition
    _out: Prompt = call_op("router.build_prompt", _in)
    return _out


def router_build_scope(
    files_touched: int,
    single_change: bool,
    testable_outcomes: int,
    cross_module: bool,
    *,
    plan: str | None = None,
    edition: Edition | str | None = None,
) -> BuildScopeResult:
    """Decide trivial or standard BUILD scope: a plan makes it standard; trivial needs 1-2 files,
    one change, one testable outcome and no cross-module edit (``router.build_scope``).

    Defaults (a keyword left ``None`` is absent):
        plan: ``"N/A"``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {
        "files_touched": files_touched,
        "single_change": single_change,
        "testable_outcomes": testable_outcomes,
        "cross_module": cross_module,
    }
    if plan is not None:
        _in["plan"] = plan
    if edition is not None:
        _in["edition"] = edition
    _out: BuildScopeResult = call_op("router.build_scope", _in)
    return _out


def router_check_artifact(
    text: str,
    workflow_uuid: str,
    *,
    edition: Edition | str | None = None,
) -> CheckArtifactResult:
    """Read-back gate for an artifact: strict JSON, no __PLACEHOLDER__ left, every skeleton key of
    the edition, matching ids, a known type (``router.check_artifact``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.MalformedArtifact`,
        :class:`fourx.PlaceholderLeft`, :class:`fourx.UuidMismatch`
    """
    _in: dict[str, Any] = {"text": text, "workflow_uuid": workflow_uuid}
    if edition is not None:
        _in["edition"] = edition
    _out: CheckArtifactResult = call_op("router.check_artifact", _in)
    return _out


def router_check_memory(
    file: str,
    text: str,
    *,
    edition: Edition | str | None = None,
) -> MemoryCheck:
    """Which required ``## `` sections a memory file (activeContext.md, progress.md, patterns.md)
    has (``router.check_memory``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"file": file, "text": text}
    if edition is not None:
        _in["edition"] = edition
    _out: MemoryCheck = call_op("router.check_memory", _in)
    return _out


def router_dispatch(
    kind: TaskKind | str,
    *,
    phase: WorkflowPhase | str | None = None,
    origin: TaskOrigin | str | None = None,
    edition: Edition | str | None = None,
) -> DispatchResult:
    """Pick the agent (or inline mode) for a task from kind, phase and origin by the edition's
    dispatch table (``router.dispatch``).

    Defaults (a keyword left ``None`` is absent):
        phase: not given: the rule for the kind alone
        origin: not given: the rule for the kind alone
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.NoDispatchRule`
    """
    _in: dict[str, Any] = {"kind": kind}
    if phase is not None:
        _in["phase"] = phase
    if origin is not None:
        _in["origin"] = origin
    if edition is not None:
        _in["edition"] = edition
    _out: DispatchResult = call_op("router.dispatch", _in)
    return _out


def router_edition_for_version(
    version: str,
    *,
    edition: Edition | str | None = None,
) -> EditionForVersionResult:
    """The contract edition for an installed cc10x plugin version and whether it is exact: from
    11.0.0 below 12.0.0 → 11.0.0, from 12.7.0 below 12.8.0 → 12.7.0, from 12.10.0 below
    12.11.0 → 12.10.0 (exact); any other version → the last edition before it (the oldest for
    older versions), text that is not a version → the newest edition, not exact. Host: run the
    checks with edition; when exact is false, only warn on every finding (never block) and say
    which version and edition (``router.edition_for_version``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"version": version}
    if edition is not None:
        _in["edition"] = edition
    _out: EditionForVersionResult = call_op("router.edition_for_version", _in)
    return _out


def router_event_line(
    now: Time,
    wf: str,
    event: str,
    phase: str,
    task_id: str | None,
    agent: str,
    decision: str,
    reason: str,
    *,
    duration_seconds: float | None = None,
    work_category: str | None = None,
    details: Any = None,
    edition: Edition | str | None = None,
) -> RouterEventLineResult:
    """One compact events.jsonl line for a workflow event (fixed key order, details keys sorted,
    newline-terminated) (``router.event_line``).

    Defaults (a keyword left ``None`` is absent):
        duration_seconds: omitted from the line
        work_category: omitted from the line
        details: omitted from the line
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {
        "now": now,
        "wf": wf,
        "event": event,
        "phase": phase,
        "task_id": task_id,
        "agent": agent,
        "decision": decision,
        "reason": reason,
    }
    if duration_seconds is not None:
        _in["duration_seconds"] = duration_seconds
    if work_category is not None:
        _in["work_category"] = work_category
    if details is not None:
        _in["details"] = details
    if edition is not None:
        _in["edition"] = edition
    _out: RouterEventLineResult = call_op("router.event_line", _in)
    return _out


def router_finalize_memory(
    active_context: str,
    progress: str,
    patterns: str,
    workflow_type: WorkflowType | str,
    workflow_uuid: str,
    now: Time,
    *,
    memory_task_id: str | None = None,
    notes: Mapping[str, Sequence[str]] | None = None,
    tasks: Sequence[ProgressTask | Mapping[str, Any]] | None = None,
    completed: Sequence[str] | None = None,
    plan_file: str | None = None,
    design_file: str | None = None,
    clarification_needed: bool | None = None,
    debug_summary: str | None = None,
    edition: Edition | str | None = None,
) -> FinalizeMemoryResult:
    """The memory finalisation edits of activeContext.md, progress.md and patterns.md (each text
    must pass check_memory first; new lines go at the top of their section, in input order).
    Host: write all three, read each back with check_memory; on any failure stop and never
    advance the workflow (``router.finalize_memory``).

    Defaults (a keyword left ``None`` is absent):
        memory_task_id: not given: every memory_task_id marker of this workflow leaves ##
        References, whatever its task id
        notes: ``{}``
        tasks: not given: progress.md's ## Tasks is left as it is
        completed: ``[]``
        plan_file: ``"N/A"``
        design_file: ``"N/A"``
        clarification_needed: ``False``
        debug_summary: not given: no DEBUG summary line in ## Recent Changes
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {
        "active_context": active_context,
        "progress": progress,
        "patterns": patterns,
        "workflow_type": workflow_type,
        "workflow_uuid": workflow_uuid,
        "now": now,
    }
    if memory_task_id is not None:
        _in["memory_task_id"] = memory_task_id
    if notes is not None:
        _in["notes"] = notes
    if tasks is not None:
        _in["tasks"] = tasks
    if completed is not None:
        _in["completed"] = completed
    if plan_file is not None:
        _in["plan_file"] = plan_file
    if design_file is not None:
        _in["design_file"] = design_file
    if clarification_needed is not None:
        _in["clarification_needed"] = clarification_needed
    if debug_summary is not None:
        _in["debug_summary"] = debug_summary
    if edition is not None:
        _in["edition"] = edition
    _out: FinalizeMemoryResult = call_op("router.finalize_memory", _in)
    return _out


def router_followup_tasks(
    graph: FollowupGraph | str,
    tasks: Sequence[Task | Mapping[str, Any]],
    workflow_id: str,
    *,
    edition: Edition | str | None = None,
    workflow_type: WorkflowType | str | None = None,
    origin: TaskOrigin | str | None = None,
    phase: WorkflowPhase | str | None = None,
    scope: TaskScope | str | None = None,
    reason: str | None = None,
    plan: str | None = None,
    remfix_task_id: str | None = None,
    proof: Proof | Mapping[str, Any] | None = None,
    disputes: Sequence[Dispute | Mapping[str, Any]] | None = None,
    root_cause: str | None = None,
    diff_driven_docs_skip: bool | None = None,
    event: str | None = None,
    deletion_supported: bool | None = None,
) -> FollowupResult:
    """The task plan of a follow-up graph: remfix, re_review, investigation, escalate_full,
    plan_prune (remfix and investigation block every open downstream task; the others change only
    the tasks they name). Host: create the creates in order, map new: refs to real ids, apply
    updates in order; ask_user/cycle_cap_gate → ask the user; send_back → return the REM-FIX
    for proof; stop → end the turn (``router.followup_tasks``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``
        workflow_type: required by remfix and re_review (missing_field), unused by the other graphs
        origin: required by remfix, unused by the other graphs
        phase: required by remfix, unused by the other graphs
        scope: required by remfix, unused by the other graphs
        reason: required by remfix, unused by the other graphs
        plan: ``"N/A"``
        remfix_task_id: required by re_review, unused by the other graphs
        proof: ``{}``
        disputes: ``[]``
        root_cause: investigation: no root cause is recorded; unused by the other graphs
        diff_driven_docs_skip: ``False``
        event: required by plan_prune, unused by the other graphs
        deletion_supported: ``True``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.NotFound`,
        :class:`fourx.Ambiguous`, :class:`fourx.NoDispatchRule`
    """
    _in: dict[str, Any] = {"graph": graph, "tasks": tasks, "workflow_id": workflow_id}
    if edition is not None:
        _in["edition"] = edition
    if workflow_type is not None:
        _in["workflow_type"] = workflow_type
    if origin is not None:
        _in["origin"] = origin
    if phase is not None:
        _in["phase"] = phase
    if scope is not None:
        _in["scope"] = scope
    if reason is not None:
        _in["reason"] = reason
    if plan is not None:
        _in["plan"] = plan
    if remfix_task_id is not None:
        _in["remfix_task_id"] = remfix_task_id
    if proof is not None:
        _in["proof"] = proof
    if disputes is not None:
        _in["disputes"] = disputes
    if root_cause is not None:
        _in["root_cause"] = root_cause
    if diff_driven_docs_skip is not None:
        _in["diff_driven_docs_skip"] = diff_driven_docs_skip
    if event is not None:
        _in["event"] = event
    if deletion_supported is not None:
        _in["deletion_supported"] = deletion_supported
    _out: FollowupResult = call_op("router.followup_tasks", _in)
    return _out


def router_format_marker(
    marker: MarkerKind | str,
    wf: str,
    *,
    reason: str | None = None,
    memory_task_id: str | None = None,
    edition: Edition | str | None = None,
) -> RouterFormatMarkerResult:
    """Format a BUILD-START/DEBUG-RESET/PLAN-START/SCOPE-DECISION-PENDING/MEMORY-TASK-ID marker for
    a valid workflow id (``router.format_marker``).

    Defaults (a keyword left ``None`` is absent):
        reason: not given: SCOPE-DECISION-PENDING is missing_field, other markers ignore it
        memory_task_id: not given: MEMORY-TASK-ID is missing_field, other markers ignore it
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"marker": marker, "wf": wf}
    if reason is not None:
        _in["reason"] = reason
    if memory_task_id is not None:
        _in["memory_task_id"] = memory_task_id
    if edition is not None:
        _in["edition"] = edition
    _out: RouterFormatMarkerResult = call_op("router.format_marker", _in)
    return _out


def router_format_previous_findings(
    workflow: WorkflowType | str,
    reviewer: ReviewerFindings | Mapping[str, Any],
    *,
    hunter: HunterFindings | Mapping[str, Any] | None = None,
    edition: Edition | str | None = None,
) -> RouterFormatPreviousFindingsResult:
    """The ``## Previous Agent Findings`` block handed to the integration-verifier
    (``router.format_previous_findings``).

    Defaults (a keyword left ``None`` is absent):
        hunter: no Silent Failure Hunter part
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"workflow": workflow, "reviewer": reviewer}
    if hunter is not None:
        _in["hunter"] = hunter
    if edition is not None:
        _in["edition"] = edition
    _out: RouterFormatPreviousFindingsResult = call_op("router.format_previous_findings", _in)
    return _out


def router_format_task_metadata(
    wf: str,
    kind: str,
    origin: str,
    phase: str,
    *,
    plan: str | None = None,
    scope: str | None = None,
    reason: str | None = None,
    body: str | None = None,
    edition: Edition | str | None = None,
) -> RouterFormatTaskMetadataResult:
    """Format the canonical seven-line metadata block (plan, scope and reason default to N/A),
    optionally with a body after a blank line (``router.format_task_metadata``).

    Defaults (a keyword left ``None`` is absent):
        plan: ``"N/A"``
        scope: ``"N/A"``
        reason: ``"N/A"``
        body: ``""``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"wf": wf, "kind": kind, "origin": origin, "phase": phase}
    if plan is not None:
        _in["plan"] = plan
    if scope is not None:
        _in["scope"] = scope
    if reason is not None:
        _in["reason"] = reason
    if body is not None:
        _in["body"] = body
    if edition is not None:
        _in["edition"] = edition
    _out: RouterFormatTaskMetadataResult = call_op("router.format_task_metadata", _in)
    return _out


def router_intent_ready(
    target: Literal["BUILD", "PLAN"],
    source_files: int,
    acceptance_criteria: Sequence[Criterion | Mapping[str, Any]],
    *,
    contradictions: Sequence[Mapping[str, str]] | None = None,
    edition: Edition | str | None = None,
) -> IntentReadyResult:
    """The intent readiness gate before BUILD or PLAN: a BUILD needing more than 5 source files
    switches to PLAN, any contradiction halts, every criterion needs a verifiable scenario. Host:
    proceed → run the workflow; switch_to_plan → decompose in PLAN first; halt_contradiction
    → set pending_gate and ask; ask_specificity → ask for verifiable criteria
    (``router.intent_ready``).

    Defaults (a keyword left ``None`` is absent):
        contradictions: ``[]``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {
        "target": target,
        "source_files": source_files,
        "acceptance_criteria": acceptance_criteria,
    }
    if contradictions is not None:
        _in["contradictions"] = contradictions
    if edition is not None:
        _in["edition"] = edition
    _out: IntentReadyResult = call_op("router.intent_ready", _in)
    return _out


def router_just_go_gate(
    just_go: bool,
    gate: Gate | str,
    *,
    recommended: str | None = None,
    edition: Edition | str | None = None,
) -> GateDecision:
    """What a pending AskUserQuestion gate does under JUST_GO and the trust rules
    (``router.just_go_gate``).

    Defaults (a keyword left ``None`` is absent):
        recommended: no recommended option (read only when the gate auto-defaults under JUST_GO)
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"just_go": just_go, "gate": gate}
    if recommended is not None:
        _in["recommended"] = recommended
    if edition is not None:
        _in["edition"] = edition
    _out: GateDecision = call_op("router.just_go_gate", _in)
    return _out


def router_loop_gate(
    loop: str,
    count: int,
    *,
    edition: Edition | str | None = None,
) -> LoopGateResult:
    """Whether another remfix/investigation/research/plan_review loop is allowed before a human
    checkpoint (caps 3/2/2/2 per workflow) (``router.loop_gate``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"loop": loop, "count": count}
    if edition is not None:
        _in["edition"] = edition
    _out: LoopGateResult = call_op("router.loop_gate", _in)
    return _out


def router_memory_evidence(
    subject: str,
    description: str,
    *,
    events: str | None = None,
    edition: Edition | str | None = None,
) -> MemoryEvidenceResult:
    """The router-owned evidence a completing memory task must carry: origin router, the ROUTER ONLY
    marker, the Memory Update subject, a memory_finalized event of its wf (fourx hook
    task-completed). Host: block completion while gaps is non-empty (``router.memory_evidence``).

    Defaults (a keyword left ``None`` is absent):
        events: ``""``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.DuplicateField`
    """
    _in: dict[str, Any] = {"subject": subject, "description": description}
    if events is not None:
        _in["events"] = events
    if edition is not None:
        _in["edition"] = edition
    _out: MemoryEvidenceResult = call_op("router.memory_evidence", _in)
    return _out


def router_memory_task(
    tasks: Sequence[Task | Mapping[str, Any]],
    workflow_id: str,
    *,
    active_context: str | None = None,
    edition: Edition | str | None = None,
) -> MemoryTaskResult:
    """The workflow's unique open memory task and its activeContext marker (two open memory tasks of
    one wf are ambiguous; another wf's task never counts). Host: persist_marker → write
    marker_text to ## References; ignore stale/other_wf markers; never fall back to the first
    pending Memory Update task (``router.memory_task``).

    Defaults (a keyword left ``None`` is absent):
        active_context: ``""``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.Ambiguous`
    """
    _in: dict[str, Any] = {"tasks": tasks, "workflow_id": workflow_id}
    if active_context is not None:
        _in["active_context"] = active_context
    if edition is not None:
        _in["edition"] = edition
    _out: MemoryTaskResult = call_op("router.memory_task", _in)
    return _out


def router_memory_template(
    file: str,
    *,
    edition: Edition | str | None = None,
) -> RouterMemoryTemplateResult:
    """The cc10x:session-memory template a missing memory file is created with
    (``router.memory_template``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"file": file}
    if edition is not None:
        _in["edition"] = edition
    _out: RouterMemoryTemplateResult = call_op("router.memory_template", _in)
    return _out


def router_model_tier(
    agent: str,
    *,
    build_scope: BuildScope | str | None = None,
    escalate: bool | None = None,
    requested_tier: ModelTier | str | None = None,
    edition: Edition | str | None = None,
) -> ModelTierResult:
    """Recommend an abstract model tier for an agent (the requested tier, else the recommended one);
    the reviewers' floor raises a lower tier to standard (``router.model_tier``).

    Defaults (a keyword left ``None`` is absent):
        build_scope: ``"standard"``
        escalate: ``False``
        requested_tier: the recommended tier
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _in: dict[str, Any] = {"agent": agent}
    if build_scope is not None:
        _in["build_scope"] = build_scope
    if escalate is not None:
        _in["escalate"] = escalate
    if requested_tier is not None:
        _in["requested_tier"] = requested_tier
    if edition is not None:
        _in["edition"] = edition
    _out: ModelTierResult = call_op("router.model_tier", _in)
    return _out


def router_new_artifact(
    workflow_uuid: str,
    workflow_type: WorkflowType | str,
    user_request: str,
    now: Time,
    *,
    edition: Edition | str | None = None,
) -> RouterNewArtifactResult:
    """A new workflow artifact: the edition's skeleton (35 top-level keys at 11.0.0, 40 at 12.7.0)
    with the id, type, request, first status entry and timestamps filled
    (``router.new_artifact``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {
        "workflow_uuid": workflow_uuid,
        "workflow_type": workflow_type,
        "user_request": user_request,
        "now": now,
    }
    if edition is not None:
        _in["edition"] = edition
    _out: RouterNewArtifactResult = call_op("router.new_artifact", _in)
    return _out


def router_new_workflow_id(
    now: Time,
    nonce: str,
    *,
    edition: Edition | str | None = None,
) -> RouterNewWorkflowIdResult:
    """Mint wf-YYYYMMDDTHHMMSSZ-<nonce> from now (UTC) and an 8-hex-digit nonce (written in lower
    case) (``router.new_workflow_id``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"now": now, "nonce": nonce}
    if edition is not None:
        _in["edition"] = edition
    _out: RouterNewWorkflowIdResult = call_op("router.new_workflow_id", _in)
    return _out


def router_parse_brainstorm_handoff(
    output: str,
    *,
    edition: Edition | str | None = None,
) -> ParseBrainstormHandoffResult:
    """Read DESIGN_FILE, DESIGN_SUMMARY and MEMORY_NOTES from the inline brainstorming handoff block
    (``router.parse_brainstorm_handoff``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.InputTooLarge`,
        :class:`fourx.MissingContract`, :class:`fourx.MalformedContract`
    """
    _in: dict[str, Any] = {"output": output}
    if edition is not None:
        _in["edition"] = edition
    _out: ParseBrainstormHandoffResult = call_op("router.parse_brainstorm_handoff", _in)
    return _out


def router_parse_markers(
    text: str,
    *,
    edition: Edition | str | None = None,
) -> ParseMarkersResult:
    """Find workflow markers in a memory text and count DEBUG attempts since the last reset (three
    or more is stuck) (``router.parse_markers``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"text": text}
    if edition is not None:
        _in["edition"] = edition
    _out: ParseMarkersResult = call_op("router.parse_markers", _in)
    return _out


def router_parse_output(
    agent: str,
    output: str,
    *,
    task: TaskState | Mapping[str, Any] | None = None,
    disputes: int | None = None,
    kind: TaskKind | str | None = None,
    dispatched_findings: int | None = None,
    edition: Edition | str | None = None,
) -> ParseOutputResult:
    """Validate any agent's output with the read-only or write-contract parser its agent needs
    (``router.parse_output``).

    Defaults (a keyword left ``None`` is absent):
        task: no task: self_remediated is null
        disputes: no disputes were dispatched: adjudication is absent
        kind: kind unknown: the 12.10.0 remfix proof rule does not apply
        dispatched_findings: unknown: no return is dispute-only
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.InputTooLarge`, :class:`fourx.TooShort`, :class:`fourx.MissingContract`,
        :class:`fourx.MalformedContract`, :class:`fourx.ScenarioMismatch`,
        :class:`fourx.MissingEvidence`
    """
    _in: dict[str, Any] = {"agent": agent, "output": output}
    if task is not None:
        _in["task"] = task
    if disputes is not None:
        _in["disputes"] = disputes
    if kind is not None:
        _in["kind"] = kind
    if dispatched_findings is not None:
        _in["dispatched_findings"] = dispatched_findings
    if edition is not None:
        _in["edition"] = edition
    _out: ParseOutputResult = call_op("router.parse_output", _in)
    return _out


def router_parse_readonly_output(
    agent: str,
    output: str,
    *,
    task: TaskState | Mapping[str, Any] | None = None,
    disputes: int | None = None,
    edition: Edition | str | None = None,
) -> ParseReadonlyOutputResult:
    """Validate a read-only agent's output: envelope, heading, issues, intent, scenarios, overrides;
    the stricter of the heading and reported status wins. 12.10.0: the contract YAML block
    following the Router Contract heading decides STATUS, and with disputes (the number of
    FINDING_DISPUTED positions dispatched) the verifier must adjudicate each exactly once
    (``router.parse_readonly_output``).

    Defaults (a keyword left ``None`` is absent):
        task: no task: self_remediated is null
        disputes: no disputes were dispatched: adjudication is absent
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.InputTooLarge`, :class:`fourx.TooShort`, :class:`fourx.MissingContract`,
        :class:`fourx.ScenarioMismatch`, :class:`fourx.MissingEvidence`
    """
    _in: dict[str, Any] = {"agent": agent, "output": output}
    if task is not None:
        _in["task"] = task
    if disputes is not None:
        _in["disputes"] = disputes
    if edition is not None:
        _in["edition"] = edition
    _out: ParseReadonlyOutputResult = call_op("router.parse_readonly_output", _in)
    return _out


def router_parse_session_settings(
    text: str,
    *,
    edition: Edition | str | None = None,
) -> ParseSessionSettingsResult:
    """Read AUTO_PROCEED and DIFF_DRIVEN_DOCS from the ## Session Settings section of
    activeContext.md (``router.parse_session_settings``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"text": text}
    if edition is not None:
        _in["edition"] = edition
    _out: ParseSessionSettingsResult = call_op("router.parse_session_settings", _in)
    return _out


def router_parse_subject(
    subject: str,
    *,
    edition: Edition | str | None = None,
) -> ParseSubjectResult:
    """Classify a task subject by its prefix, first match wins: parent, memory, child, forbidden
    TODO, unknown CC10X, legacy parent, foreign (``router.parse_subject``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"subject": subject}
    if edition is not None:
        _in["edition"] = edition
    _out: ParseSubjectResult = call_op("router.parse_subject", _in)
    return _out


def router_parse_task_metadata(
    description: str,
    *,
    require_all: bool | None = None,
    edition: Edition | str | None = None,
) -> ParseTaskMetadataResult:
    """Parse and validate the metadata block of a task description: the leading key:value lines, no
    key twice, wf and kind always required (all seven with require_all)
    (``router.parse_task_metadata``).

    Defaults (a keyword left ``None`` is absent):
        require_all: ``False``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.DuplicateField`
    """
    _in: dict[str, Any] = {"description": description}
    if require_all is not None:
        _in["require_all"] = require_all
    if edition is not None:
        _in["edition"] = edition
    _out: ParseTaskMetadataResult = call_op("router.parse_task_metadata", _in)
    return _out


def router_parse_write_contract(
    agent: str,
    output: str,
    *,
    kind: TaskKind | str | None = None,
    dispatched_findings: int | None = None,
    edition: Edition | str | None = None,
) -> ParseWriteContractResult:
    """Validate a write agent's YAML Router Contract and its agent's pass conditions; 12.7.0 adds
    the builder preflight/RED-reason/seam fields, the investigator loop and close-out fields, one
    researcher row and two decision_rfc alternatives; 12.10.0 reads the YAML block following the
    heading, accepts any non-zero TDD_RED_EXIT, checks the QA agents and, for kind remfix, the
    covering-test proof (dispatched_findings decides a dispute-only return)
    (``router.parse_write_contract``).

    Defaults (a keyword left ``None`` is absent):
        kind: kind unknown: the 12.10.0 remfix proof rule does not apply
        dispatched_findings: unknown: no return is dispute-only
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.InputTooLarge`, :class:`fourx.MissingContract`,
        :class:`fourx.MalformedContract`
    """
    _in: dict[str, Any] = {"agent": agent, "output": output}
    if kind is not None:
        _in["kind"] = kind
    if dispatched_findings is not None:
        _in["dispatched_findings"] = dispatched_findings
    if edition is not None:
        _in["edition"] = edition
    _out: ParseWriteContractResult = call_op("router.parse_write_contract", _in)
    return _out


def router_plan_trust_gate(
    artifact_text: str,
    workflow_uuid: str,
    *,
    planner: Mapping[str, Any] | None = None,
    contradictions: Sequence[Mapping[str, str]] | None = None,
    edition: Edition | str | None = None,
) -> PlanTrustResult:
    """The plan-trust gate before BUILD, from the workflow artifact and the planner's contract: no
    BUILD while an Open Decision is unapproved (JUST_GO or not); with a plan, Differences from
    agreement present, explicit plan_mode and verification_rigor, exit criteria on every phase
    and acceptance criteria for an execution_plan/decision_rfc; a host-found contradiction is
    NOGO. Host: start_build → create the BUILD graph; ask_clarification → persist
    pending_gate and ask; nogo_contradiction → show it and ask (``router.plan_trust_gate``).

    Defaults (a keyword left ``None`` is absent):
        planner: not given: the artifact's results.planner.fields (none → Differences from
        agreement count as absent when a plan exists)
        contradictions: ``[]``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.MalformedArtifact`,
        :class:`fourx.PlaceholderLeft`, :class:`fourx.UuidMismatch`
    """
    _in: dict[str, Any] = {"artifact_text": artifact_text, "workflow_uuid": workflow_uuid}
    if planner is not None:
        _in["planner"] = planner
    if contradictions is not None:
        _in["contradictions"] = contradictions
    if edition is not None:
        _in["edition"] = edition
    _out: PlanTrustResult = call_op("router.plan_trust_gate", _in)
    return _out


def router_pre_tool_use(
    tool_name: str,
    project_dir: str,
    *,
    tool_input: Mapping[str, Any] | None = None,
    artifact: Mapping[str, Any] | str | None = None,
    events: str | None = None,
    approval: Mapping[str, Any] | None = None,
    now: Time | None = None,
    edition: Edition | str | None = None,
) -> PreToolUseResult:
    """cc10x's deterministic PreToolUse guards (fourx hook pre-tool-use): destructive git text
    (push, reset --hard, clean -f, branch -D, checkout ., restore ., stash clear; push and branch
    -D unlock with a fresh approval token) and, while the newest artifact is an unfinished QA
    workflow, denied reads and no write or Bash mutation outside the mutation allowlist during a
    planning phase. Host: deny → answer Claude Code with permissionDecision deny and the
    reason; consume_approval → delete the approval token (``router.pre_tool_use``).

    Defaults (a keyword left ``None`` is absent):
        tool_input: ``{}``
        artifact: no artifact: no workflow guard engages
        events: ``""``
        approval: no approval token: nothing is unlocked
        now: no clock: an approval token unlocks nothing
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"tool_name": tool_name, "project_dir": project_dir}
    if tool_input is not None:
        _in["tool_input"] = tool_input
    if artifact is not None:
        _in["artifact"] = artifact
    if events is not None:
        _in["events"] = events
    if approval is not None:
        _in["approval"] = approval
    if now is not None:
        _in["now"] = now
    if edition is not None:
        _in["edition"] = edition
    _out: PreToolUseResult = call_op("router.pre_tool_use", _in)
    return _out


def router_reconcile_verdicts(
    verdicts: Sequence[AgentVerdict | Mapping[str, Any]],
    *,
    edition: Edition | str | None = None,
) -> ReconcileVerdictsResult:
    """Reconcile agent verdicts: any fail fails, the stricter verdict is authoritative (never
    averaged) (``router.reconcile_verdicts``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _in: dict[str, Any] = {"verdicts": verdicts}
    if edition is not None:
        _in["edition"] = edition
    _out: ReconcileVerdictsResult = call_op("router.reconcile_verdicts", _in)
    return _out


def router_remfix_completion(
    artifact: Mapping[str, Any] | str,
    *,
    edition: Edition | str | None = None,
) -> RemfixCompletionResult:
    """The TaskCompleted check of a completing REM-FIX over its workflow artifact: the circuit
    breaker (earlier remediation_history rounds against the cap of 3) and, at editions with
    cc10x's remediation_history backstop (12.7.0, 12.10.0), whether the history is empty. Host:
    not allowed → a taskMetadata finding (blocks in block mode, ask the user before another
    REM-FIX); history_missing → warn, never block (``router.remfix_completion``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"artifact": artifact}
    if edition is not None:
        _in["edition"] = edition
    _out: RemfixCompletionResult = call_op("router.remfix_completion", _in)
    return _out


def router_repair_memory(
    file: str,
    text: str,
    *,
    edition: Edition | str | None = None,
) -> MemoryRepair:
    """Idempotently insert a memory file's missing sections before ``## Last Updated`` (or at the
    end) (``router.repair_memory``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"file": file, "text": text}
    if edition is not None:
        _in["edition"] = edition
    _out: MemoryRepair = call_op("router.repair_memory", _in)
    return _out


def router_resolve_scope_reply(
    reply: str,
    *,
    edition: Edition | str | None = None,
) -> RouterResolveScopeReplyResult:
    """Map a reply to the scope gate onto CRITICAL_ONLY or ALL_ISSUES; both phrases are ambiguous,
    neither is unrecognized (``router.resolve_scope_reply``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.Ambiguous`,
        :class:`fourx.UnrecognizedReply`
    """
    _in: dict[str, Any] = {"reply": reply}
    if edition is not None:
        _in["edition"] = edition
    _out: RouterResolveScopeReplyResult = call_op("router.resolve_scope_reply", _in)
    return _out


def router_route(
    request: str,
    *,
    edition: Edition | str | None = None,
) -> RouteResult:
    """Route a request to a workflow by the edition's signal table: the first signal in priority
    order with a keyword match wins, else DEFAULT (12.7.0 adds TRIAGE at 5 and CODEBASE-HEALTH at
    6, DEFAULT becomes 7) (``router.route``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"request": request}
    if edition is not None:
        _in["edition"] = edition
    _out: RouteResult = call_op("router.route", _in)
    return _out


def router_runnable_tasks(
    tasks: Sequence[Task | Mapping[str, Any]],
    workflow_id: str,
    *,
    mode: Literal["loop", "resume"] | None = None,
    edition: Edition | str | None = None,
) -> RunnableTasksResult:
    """The tasks of one workflow with their state, runnable set, parallel pair and next action (a
    pending task whose blockers are all completed is runnable; the reviewer and hunter run as a
    parallel pair). Host: dispatch → mark in_progress and run each row's dispatch (parallel
    pair in one message); run_memory_inline → finalize_memory inline, then complete memory task
    and parent; complete → close the parent; wait/stalled → report and stop; repair_metadata
    → fix the invalid descriptions; ask_user → ask resume/delete/complete
    (``router.runnable_tasks``).

    Defaults (a keyword left ``None`` is absent):
        mode: ``"loop"``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"tasks": tasks, "workflow_id": workflow_id}
    if mode is not None:
        _in["mode"] = mode
    if edition is not None:
        _in["edition"] = edition
    _out: RunnableTasksResult = call_op("router.runnable_tasks", _in)
    return _out


def router_scope_decision(
    active_context: str,
    reply: str,
    *,
    workflow_id: str | None = None,
    tasks: Sequence[Task | Mapping[str, Any]] | None = None,
    origin: TaskOrigin | str | None = None,
    phase: WorkflowPhase | str | None = None,
    plan: str | None = None,
    edition: Edition | str | None = None,
) -> ScopeDecisionResult:
    """Resume a pending scope decision: the reply becomes a REM-FIX and the marker leaves ##
    Decisions. Host: route_normally → route; ask_again → ask the two options and stop;
    create_remfix → write active_context, apply followup, stop; ask_user → ask before another
    REM-FIX (``router.scope_decision``).

    Defaults (a keyword left ``None`` is absent):
        workflow_id: not given: a pending marker of any workflow counts
        tasks: with origin and phase, needed only when the reply creates a REM-FIX (missing_field
        then)
        origin: with tasks and phase, needed only when the reply creates a REM-FIX (missing_field
        then)
        phase: with tasks and origin, needed only when the reply creates a REM-FIX (missing_field
        then)
        plan: ``"N/A"``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.Ambiguous`,
        :class:`fourx.NoDispatchRule`
    """
    _in: dict[str, Any] = {"active_context": active_context, "reply": reply}
    if workflow_id is not None:
        _in["workflow_id"] = workflow_id
    if tasks is not None:
        _in["tasks"] = tasks
    if origin is not None:
        _in["origin"] = origin
    if phase is not None:
        _in["phase"] = phase
    if plan is not None:
        _in["plan"] = plan
    if edition is not None:
        _in["edition"] = edition
    _out: ScopeDecisionResult = call_op("router.scope_decision", _in)
    return _out


def router_skill_hints(
    agent: str,
    workflow: WorkflowType | str,
    request: str,
    *,
    phase: WorkflowPhase | str | None = None,
    kind: TaskKind | str | None = None,
    changed_files: Sequence[str] | None = None,
    plan_text: str | None = None,
    design_text: str | None = None,
    patterns_text: str | None = None,
    research_files: ResearchFiles | Mapping[str, Any] | None = None,
    mcp_capability_needed: bool | None = None,
    edition: Edition | str | None = None,
) -> RouterSkillHintsResult:
    """The skills the router loads for one agent dispatch: project hints, then keyword/path/flag
    rules (12.7.0 ids: cc10x:frontend, architecture, exploration, codebase-hygiene, code-review,
    memory-and-handoff) (``router.skill_hints``).

    Defaults (a keyword left ``None`` is absent):
        phase: not given: no phase rules apply
        kind: not given: no kind rules apply
        changed_files: ``[]``
        plan_text: ``""``
        design_text: ``""``
        patterns_text: ``""``
        research_files: ``{}``
        mcp_capability_needed: ``False``
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`
    """
    _in: dict[str, Any] = {"agent": agent, "workflow": workflow, "request": request}
    if phase is not None:
        _in["phase"] = phase
    if kind is not None:
        _in["kind"] = kind
    if changed_files is not None:
        _in["changed_files"] = changed_files
    if plan_text is not None:
        _in["plan_text"] = plan_text
    if design_text is not None:
        _in["design_text"] = design_text
    if patterns_text is not None:
        _in["patterns_text"] = patterns_text
    if research_files is not None:
        _in["research_files"] = research_files
    if mcp_capability_needed is not None:
        _in["mcp_capability_needed"] = mcp_capability_needed
    if edition is not None:
        _in["edition"] = edition
    _out: RouterSkillHintsResult = call_op("router.skill_hints", _in)
    return _out


def router_skill_precedence(
    sources: Sequence[PrecedenceSource | Mapping[str, Any]],
    *,
    edition: Edition | str | None = None,
) -> Precedence:
    """Order instruction sources by the seed's strict precedence (user prompt first, heuristics
    last) (``router.skill_precedence``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"sources": sources}
    if edition is not None:
        _in["edition"] = edition
    _out: Precedence = call_op("router.skill_precedence", _in)
    return _out


def router_task_graph(
    workflow: WorkflowType | str,
    *,
    build_scope: BuildScope | str | None = None,
    diff_driven_docs_skip: bool | None = None,
    workflow_id: str | None = None,
    plan: str | None = None,
    phase_id: str | None = None,
    summary: str | None = None,
    edition: Edition | str | None = None,
) -> TaskGraphResult:
    """The child-task graph of a workflow (trivial or standard BUILD scope) with agents, reasons and
    blockers; with a ``workflow_id``, every node also carries its task texts (subject,
    description, body, active_form) (``router.task_graph``).

    Defaults (a keyword left ``None`` is absent):
        build_scope: ``"standard"``
        diff_driven_docs_skip: ``False``
        workflow_id: not given: the graph without task texts (no subject, description, body,
        active_form)
        plan: ``"N/A"``
        phase_id: ``"1"``
        summary: not given: missing_field when texts are asked for a DEBUG, REVIEW, PLAN or TRIAGE
        graph, else unused
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"workflow": workflow}
    if build_scope is not None:
        _in["build_scope"] = build_scope
    if diff_driven_docs_skip is not None:
        _in["diff_driven_docs_skip"] = diff_driven_docs_skip
    if workflow_id is not None:
        _in["workflow_id"] = workflow_id
    if plan is not None:
        _in["plan"] = plan
    if phase_id is not None:
        _in["phase_id"] = phase_id
    if summary is not None:
        _in["summary"] = summary
    if edition is not None:
        _in["edition"] = edition
    _out: TaskGraphResult = call_op("router.task_graph", _in)
    return _out


def router_update_artifact(
    artifact_text: str,
    workflow_uuid: str,
    now: Time,
    agent: str,
    *,
    result: Mapping[str, Any] | None = None,
    error: Mapping[str, Any] | None = None,
    phase: WorkflowPhase | str | None = None,
    task_id: str | None = None,
    edition: Edition | str | None = None,
) -> UpdateArtifactResult:
    """Write one agent's validated result — or the error of its unparseable output — into the
    workflow artifact: results, evidence, task ids, planning keys, convergence, proof_status,
    BUILD phase_status/phase_cursor, pending_gate, status_history and remediation_history (the
    artifact passes the read-back gate first; a result must carry its agent's passes or passed).
    Host: write text atomically to .cc10x/workflows/<wf>.json and read it back with
    check_artifact (``router.update_artifact``).

    Defaults (a keyword left ``None`` is absent):
        result: not given: ``error`` must be (one of the two is required)
        error: not given: ``result`` is the parsed output
        phase: not given: missing_field for plan-gap-reviewer and researcher, else unused
        task_id: not given: the result is recorded without a task id
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`, :class:`fourx.UnknownAgent`,
        :class:`fourx.MalformedArtifact`, :class:`fourx.PlaceholderLeft`,
        :class:`fourx.UuidMismatch`
    """
    _in: dict[str, Any] = {
        "artifact_text": artifact_text,
        "workflow_uuid": workflow_uuid,
        "now": now,
        "agent": agent,
    }
    if result is not None:
        _in["result"] = result
    if error is not None:
        _in["error"] = error
    if phase is not None:
        _in["phase"] = phase
    if task_id is not None:
        _in["task_id"] = task_id
    if edition is not None:
        _in["edition"] = edition
    _out: UpdateArtifactResult = call_op("router.update_artifact", _in)
    return _out


def router_validate_workflow_id(
    workflow_uuid: str,
    *,
    edition: Edition | str | None = None,
) -> ValidateWorkflowIdResult:
    """Validate a workflow id (wf-, a real UTC date and time, 8 hex digits) and split it into
    timestamp and nonce (``router.validate_workflow_id``).

    Defaults (a keyword left ``None`` is absent):
        edition: ``"11.0.0"``

    Raises:
        :class:`fourx.MissingField`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"workflow_uuid": workflow_uuid}
    if edition is not None:
        _in["edition"] = edition
    _out: ValidateWorkflowIdResult = call_op("router.validate_workflow_id", _in)
    return _out


def runner_resolve_phase(
    config: Config | Mapping[str, Any],
    phase: str,
    *,
    feature: Feature | Mapping[str, Any] | None = None,
    profile: ProfileConfig | Mapping[str, Any] | None = None,
    manual: str | None = None,
) -> RunnerResolvePhaseResult:
    """The runner of a phase: manual, feature override, profile entry, then default_runner
    (``runner.resolve_phase``).

    Defaults (a keyword left ``None`` is absent):
        feature: ``{}``
        profile: ``{}``
        manual: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.UnresolvedRunner`, :class:`fourx.UnknownRunner`
    """
    _in: dict[str, Any] = {"config": config, "phase": phase}
    if feature is not None:
        _in["feature"] = feature
    if profile is not None:
        _in["profile"] = profile
    if manual is not None:
        _in["manual"] = manual
    _out: RunnerResolvePhaseResult = call_op("runner.resolve_phase", _in)
    return _out


def runners_supported() -> RunnersSupportedResult:
    """The built-in runner presets, in their fixed order (``runners.supported``).
    """
    _in: dict[str, Any] = {}
    _out: RunnersSupportedResult = call_op("runners.supported", _in)
    return _out


def runners_supported_map() -> RunnersSupportedMapResult:
    """The built-in runner presets by name (``runners.supported_map``).
    """
    _in: dict[str, Any] = {}
    _out: RunnersSupportedMapResult = call_op("runners.supported_map", _in)
    return _out


def similarity_is_similar(
    a: str,
    b: str,
    *,
    threshold: float | None = None,
    cjk: bool | None = None,
) -> SimilarityIsSimilarResult:
    """Whether two titles' word sets overlap by at least the threshold (Jaccard; cjk adds CJK
    bigrams) (``similarity.is_similar``).

    Defaults (a keyword left ``None`` is absent):
        threshold: ``0.6``
        cjk: ``False``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"a": a, "b": b}
    if threshold is not None:
        _in["threshold"] = threshold
    if cjk is not None:
        _in["cjk"] = cjk
    _out: SimilarityIsSimilarResult = call_op("similarity.is_similar", _in)
    return _out


def state_can_transition(
    from_: str,
    to: str,
) -> StateCanTransitionResult:
    """Whether the transition table allows moving from one phase to another
    (``state.can_transition``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"from": from_, "to": to}
    _out: StateCanTransitionResult = call_op("state.can_transition", _in)
    return _out


def state_constants() -> StateConstants:
    """The run-loop constants: max guard retries and the no-progress limit (``state.constants``).
    """
    _in: dict[str, Any] = {}
    _out: StateConstants = call_op("state.constants", _in)
    return _out


def state_diagram(
    format: Literal["mermaid", "dot"],
    *,
    path: Sequence[Phase | str] | None = None,
    events: Sequence[Event | Mapping[str, Any]] | None = None,
) -> StateDiagramResult:
    """The transition graph as Mermaid or Graphviz dot text, with a feature's path (phases, or its
    events) marked when given (``state.diagram``).

    Defaults (a keyword left ``None`` is absent):
        path: ``[]``
        events: ``[]``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidValue`
    """
    _in: dict[str, Any] = {"format": format}
    if path is not None:
        _in["path"] = path
    if events is not None:
        _in["events"] = events
    _out: StateDiagramResult = call_op("state.diagram", _in)
    return _out


def state_finalize_done(
    state: State | Mapping[str, Any],
) -> StateFinalizeDoneResult:
    """The pure part of ``done`` finalisation: transition to done, active false, stopReason "done"
    (``state.finalize_done``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTransition`
    """
    _in: dict[str, Any] = {"state": state}
    _out: StateFinalizeDoneResult = call_op("state.finalize_done", _in)
    return _out


def state_phase_to_role(
    phase: str,
) -> StatePhaseToRoleResult:
    """The default role of a phase (PhaseToRole); "" when it has none (``state.phase_to_role``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"phase": phase}
    _out: StatePhaseToRoleResult = call_op("state.phase_to_role", _in)
    return _out


def state_reconcile_active(
    state: State | Mapping[str, Any],
    pid_alive: bool,
) -> Reconciled:
    """Clears ``active`` of a state whose run loop is gone (liveness given by the caller)
    (``state.reconcile_active``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"state": state, "pid_alive": pid_alive}
    _out: Reconciled = call_op("state.reconcile_active", _in)
    return _out


def state_recover_to(
    state: State | Mapping[str, Any],
    to: Phase | str,
    *,
    role: str | None = None,
) -> StateRecoverToResult:
    """Crash-recovery correction to a recoverable work phase, ignoring the table and the source
    phase (``state.recover_to``).

    Defaults (a keyword left ``None`` is absent):
        role: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidRecoveryTarget`
    """
    _in: dict[str, Any] = {"state": state, "to": to}
    if role is not None:
        _in["role"] = role
    _out: StateRecoverToResult = call_op("state.recover_to", _in)
    return _out


def state_should_stop(
    state: State | Mapping[str, Any],
) -> StopDecision:
    """Whether a run must stop (max rounds reached, or 3 rounds without progress) and why
    (``state.should_stop``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"state": state}
    _out: StopDecision = call_op("state.should_stop", _in)
    return _out


def state_transition(
    state: State | Mapping[str, Any],
    to: Phase | str,
    *,
    role: str | None = None,
) -> StateTransitionResult:
    """Moves a state to a phase: checks the table, sets phase and role, applies the round/active
    side effects (``state.transition``).

    Defaults (a keyword left ``None`` is absent):
        role: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidTransition`
    """
    _in: dict[str, Any] = {"state": state, "to": to}
    if role is not None:
        _in["role"] = role
    _out: StateTransitionResult = call_op("state.transition", _in)
    return _out


def state_validate(
    state: Mapping[str, Any],
) -> StateValidation:
    """Checks featureId, phase and runner of a state; lists every failure (``state.validate``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"state": state}
    _out: StateValidation = call_op("state.validate", _in)
    return _out


def test_strategy_parse(
    *,
    text: str | None = None,
) -> TestStrategyParseResult:
    """Decode test-strategy.yaml with yaml.v3's rules (``test_strategy.parse``).

    Defaults (a keyword left ``None`` is absent):
        text: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InputTooLarge`, :class:`fourx.InvalidYaml`
    """
    _in: dict[str, Any] = {}
    if text is not None:
        _in["text"] = text
    _out: TestStrategyParseResult = call_op("test_strategy.parse", _in)
    return _out


def util_human_size(
    bytes: int,
) -> UtilHumanSizeResult:
    """A byte count as 4x prints it (512B, 124K, 3.9M, 1.0G) (``util.human_size``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"bytes": bytes}
    _out: UtilHumanSizeResult = call_op("util.human_size", _in)
    return _out


def workspace_append_event(
    root: StrPath,
    feature_id: str,
    event: Event | Mapping[str, Any],
    now: Time,
    *,
    store: Mapping[str, Any] | None = None,
    lease: Lease | Mapping[str, Any] | None = None,
) -> WorkspaceAppendEventResult:
    """AppendEvent: stamps an empty ts from now and appends one line to events.jsonl in one write
    (through ``store`` when given, fenced by ``lease``) (``workspace.append_event``).

    Defaults (a keyword left ``None`` is absent):
        store: the .4x under root: the filesystem, byte-compatible with Go 4x
        lease: no fence: the write is not tied to a lease (a store without leases takes none)

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.LeaseLost`, :class:`fourx.InputTooLarge`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {
        "root": path_arg(root, "root"),
        "feature_id": feature_id,
        "event": event,
        "now": now,
    }
    if store is not None:
        _in["store"] = store
    if lease is not None:
        _in["lease"] = lease
    _out: WorkspaceAppendEventResult = call_op("workspace.append_event", _in)
    return _out


def workspace_atomic_write_file(
    dir: StrPath,
    final_name: str,
    perm: int,
    *,
    tmp_pattern: str | None = None,
    data: str | None = None,
    data_base64: str | None = None,
) -> WorkspaceAtomicWriteFileResult:
    """Writes dir/final_name atomically (temp file, fsync, rename, dir fsync) with mode perm
    (``workspace.atomic_write_file``).

    Defaults (a keyword left ``None`` is absent):
        tmp_pattern: ignored (accepted for Go parity)
        data: data_base64 gives the bytes (one of the two is required)
        data_base64: data gives the bytes (one of the two is required)

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"dir": path_arg(dir, "dir"), "final_name": final_name, "perm": perm}
    if tmp_pattern is not None:
        _in["tmp_pattern"] = tmp_pattern
    if data is not None:
        _in["data"] = data
    if data_base64 is not None:
        _in["data_base64"] = data_base64
    _out: WorkspaceAtomicWriteFileResult = call_op("workspace.atomic_write_file", _in)
    return _out


def workspace_check_events(
    *,
    events: str | None = None,
    root: StrPath | None = None,
    feature_id: str | None = None,
    store: Mapping[str, Any] | None = None,
) -> EventsCheck:
    """Every events.jsonl problem 4x's readers pass over silently: lines that do not decode into an
    Event and unknown keys (with the closest known key), as warnings
    (``workspace.check_events``).

    Defaults (a keyword left ``None`` is absent):
        events: the feature's events.jsonl under root
        root: not given: events gives the text
        feature_id: not given: events gives the text
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {}
    if events is not None:
        _in["events"] = events
    if root is not None:
        _in["root"] = path_arg(root, "root")
    if feature_id is not None:
        _in["feature_id"] = feature_id
    if store is not None:
        _in["store"] = store
    _out: EventsCheck = call_op("workspace.check_events", _in)
    return _out


def workspace_claim(
    root: StrPath,
    feature_id: str,
    holder: str,
    ttl_ms: int,
    *,
    pid: int | None = None,
    pid_alive: bool | None = None,
    store: Mapping[str, Any] | None = None,
) -> Claim:
    """Claims a feature for a run loop: a lease with a fencing token on a store that has leases, the
    pid liveness rule on the filesystem (``workspace.claim``).

    Defaults (a keyword left ``None`` is absent):
        pid: 0: no pid of the caller's own (a recorded live pid other than it holds the feature on
        the filesystem)
        pid_alive: the process table is probed (the filesystem's pid liveness rule)
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidValue`,
        :class:`fourx.InvalidConfig`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {
        "root": path_arg(root, "root"),
        "feature_id": feature_id,
        "holder": holder,
        "ttl_ms": ttl_ms,
    }
    if pid is not None:
        _in["pid"] = pid
    if pid_alive is not None:
        _in["pid_alive"] = pid_alive
    if store is not None:
        _in["store"] = store
    _out: Claim = call_op("workspace.claim", _in)
    return _out


def workspace_clean_feature(
    root: StrPath,
    feature_id: str,
    now: Time,
    *,
    pid_alive: bool | None = None,
) -> WorkspaceCleanFeatureResult:
    """Remove the run directory of a done/abandoned feature that is not running; the bytes freed
    (``workspace.clean_feature``).

    Defaults (a keyword left ``None`` is absent):
        pid_alive: the process table is probed

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`, :class:`fourx.NotCleanable`,
        :class:`fourx.FeatureActive`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id, "now": now}
    if pid_alive is not None:
        _in["pid_alive"] = pid_alive
    _out: WorkspaceCleanFeatureResult = call_op("workspace.clean_feature", _in)
    return _out


def workspace_cleanable_features(
    root: StrPath,
    now: Time,
    *,
    pid_alive: Mapping[str, bool] | None = None,
) -> WorkspaceCleanableFeaturesResult:
    """The done/abandoned features whose run directories could be cleaned, with their sizes
    (``workspace.cleanable_features``).

    Defaults (a keyword left ``None`` is absent):
        pid_alive: the process table is probed for every feature

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "now": now}
    if pid_alive is not None:
        _in["pid_alive"] = pid_alive
    _out: WorkspaceCleanableFeaturesResult = call_op("workspace.cleanable_features", _in)
    return _out


def workspace_clear_stop(
    root: StrPath,
    feature_id: str,
    *,
    store: Mapping[str, Any] | None = None,
) -> WorkspaceClearStopResult:
    """Removes the stop signal; a missing one is success (``workspace.clear_stop``).

    Defaults (a keyword left ``None`` is absent):
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    if store is not None:
        _in["store"] = store
    _out: WorkspaceClearStopResult = call_op("workspace.clear_stop", _in)
    return _out


def workspace_compare_backlog_mirror(
    root: StrPath,
) -> BacklogDrift:
    """Drift between the feature files and feature_list.json (``workspace.compare_backlog_mirror``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    _out: BacklogDrift = call_op("workspace.compare_backlog_mirror", _in)
    return _out


def workspace_constants() -> WorkspaceConstantsResult:
    """The seed's .4x file-name constants (45 entries) (``workspace.constants``).
    """
    _in: dict[str, Any] = {}
    _out: WorkspaceConstantsResult = call_op("workspace.constants", _in)
    return _out


def workspace_dot_dir(
    root: StrPath,
) -> WorkspaceDotDirResult:
    """DotDir: <root>/.4x, lexically cleaned (``workspace.dot_dir``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    _out: WorkspaceDotDirResult = call_op("workspace.dot_dir", _in)
    return _out


def workspace_export(
    root: StrPath,
    store: Mapping[str, Any],
    *,
    feature_ids: Sequence[str] | None = None,
) -> WorkspaceExportResult:
    """Writes a run store's state and events as the exact .4x/run bytes under root (every feature,
    or the given ones; a feature already there is refused) (``workspace.export``).

    Defaults (a keyword left ``None`` is absent):
        feature_ids: every feature the source holds

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "store": store}
    if feature_ids is not None:
        _in["feature_ids"] = feature_ids
    _out: WorkspaceExportResult = call_op("workspace.export", _in)
    return _out


def workspace_feature_dir(
    root: StrPath,
    feature_id: str,
) -> WorkspaceFeatureDirResult:
    """FeatureDir: <root>/.4x/run/<feature_id>, lexically cleaned; the id must be one safe path
    segment (``workspace.feature_dir``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    _out: WorkspaceFeatureDirResult = call_op("workspace.feature_dir", _in)
    return _out


def workspace_finalize_done(
    root: StrPath,
    feature_id: str,
    now: Time,
    *,
    state: State | Mapping[str, Any] | None = None,
) -> Finalized:
    """pending-review → done: state.json, feature status sync (warnings), transition event; the
    commit payload (``workspace.finalize_done``).

    Defaults (a keyword left ``None`` is absent):
        state: the feature's state.json

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InvalidJson`, :class:`fourx.InvalidTransition`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id, "now": now}
    if state is not None:
        _in["state"] = state
    _out: Finalized = call_op("workspace.finalize_done", _in)
    return _out


def workspace_find(
    start_dir: StrPath,
) -> WorkspaceFindResult:
    """Walks up from start_dir to the first directory holding a .4x directory (``workspace.find``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"start_dir": path_arg(start_dir, "start_dir")}
    _out: WorkspaceFindResult = call_op("workspace.find", _in)
    return _out


def workspace_import(
    root: StrPath,
    store: Mapping[str, Any],
    *,
    feature_ids: Sequence[str] | None = None,
) -> WorkspaceImportResult:
    """Loads the .4x/run state and events under root into a run store (every feature, or the given
    ones; a feature the store holds is refused) (``workspace.import``).

    Defaults (a keyword left ``None`` is absent):
        feature_ids: every feature the source holds

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "store": store}
    if feature_ids is not None:
        _in["feature_ids"] = feature_ids
    _out: WorkspaceImportResult = call_op("workspace.import", _in)
    return _out


def workspace_init(
    root: StrPath,
    config: Config | Mapping[str, Any],
) -> WorkspaceInitResult:
    """Create .4x/features, .4x/.gitignore and .4x/settings.json; a config config.read would refuse
    is invalid_config (``workspace.init``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidConfig`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "config": config}
    _out: WorkspaceInitResult = call_op("workspace.init", _in)
    return _out


def workspace_init_feature_dir(
    root: StrPath,
    feature_id: str,
) -> WorkspaceInitFeatureDirResult:
    """Creates FeatureDir/rounds with parents (0755); idempotent (``workspace.init_feature_dir``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    _out: WorkspaceInitFeatureDirResult = call_op("workspace.init_feature_dir", _in)
    return _out


def workspace_list_features(
    root: StrPath,
) -> FeatureList:
    """Every feature of .4x/features, leniently loaded and sorted by id; every skip is a warning
    (``workspace.list_features``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    _out: FeatureList = call_op("workspace.list_features", _in)
    return _out


def workspace_load_feature(
    root: StrPath,
    feature_id: str,
) -> WorkspaceLoadFeatureResult:
    """Load one feature strictly (short-id fallback: the unique ``<id>-*.yaml``)
    (``workspace.load_feature``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    _out: WorkspaceLoadFeatureResult = call_op("workspace.load_feature", _in)
    return _out


def workspace_parse_baseline(
    text: str,
) -> WorkspaceParseBaselineResult:
    """Decode a feature's baseline.json (Baseline) with Go's rules (``workspace.parse_baseline``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: WorkspaceParseBaselineResult = call_op("workspace.parse_baseline", _in)
    return _out


def workspace_parse_escalation(
    text: str,
) -> WorkspaceParseEscalationResult:
    """Decode a round's escalation.json (Escalation) with Go's rules
    (``workspace.parse_escalation``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: WorkspaceParseEscalationResult = call_op("workspace.parse_escalation", _in)
    return _out


def workspace_parse_state(
    text: str,
) -> WorkspaceParseStateResult:
    """Decodes state.json text with Go's rules (``workspace.parse_state``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`
    """
    _in: dict[str, Any] = {"text": text}
    _out: WorkspaceParseStateResult = call_op("workspace.parse_state", _in)
    return _out


def workspace_process_alive(
    pid: int,
) -> WorkspaceProcessAliveResult:
    """Whether a process id is alive (POSIX kill(pid, 0) succeeds or fails with EPERM); pid <= 0 is
    not (``workspace.process_alive``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"pid": pid}
    _out: WorkspaceProcessAliveResult = call_op("workspace.process_alive", _in)
    return _out


def workspace_read_backlog_mirror(
    root: StrPath,
) -> BacklogMirror:
    """Read feature_list.json if present (``workspace.read_backlog_mirror``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root")}
    _out: BacklogMirror = call_op("workspace.read_backlog_mirror", _in)
    return _out


def workspace_read_run_file(
    root: StrPath,
    feature_id: str,
    file: Literal["verify", "baseline", "angles", "escalation"],
    *,
    round: int | None = None,
) -> WorkspaceReadRunFileResult:
    """Read one run file (``verify``, ``baseline``, ``angles``, ``escalation``) of a feature; absent
    is not an error (``workspace.read_run_file``).

    Defaults (a keyword left ``None`` is absent):
        round: ``0``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidJson`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id, "file": file}
    if round is not None:
        _in["round"] = round
    _out: WorkspaceReadRunFileResult = call_op("workspace.read_run_file", _in)
    return _out


def workspace_read_state(
    root: StrPath,
    feature_id: str,
    *,
    store: Mapping[str, Any] | None = None,
) -> WorkspaceReadStateResult:
    """Reads and decodes a feature's state.json (no validation, no reconciling), from ``store`` when
    given (``workspace.read_state``).

    Defaults (a keyword left ``None`` is absent):
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    if store is not None:
        _in["store"] = store
    _out: WorkspaceReadStateResult = call_op("workspace.read_state", _in)
    return _out


def workspace_read_test_strategy(
    root: StrPath,
    feature_id: str,
) -> StrategyFile:
    """Read a feature's test-strategy.yaml; absent is not an error
    (``workspace.read_test_strategy``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InputTooLarge`,
        :class:`fourx.InvalidYaml`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    _out: StrategyFile = call_op("workspace.read_test_strategy", _in)
    return _out


def workspace_reconcile_active(
    root: StrPath,
    feature_id: str,
    now: Time,
    *,
    pid_alive: bool | None = None,
    state: State | Mapping[str, Any] | None = None,
) -> Reconciled:
    """Clears ``active`` when the run loop's process is gone (pid_alive given, or probed) and writes
    the corrected state (``workspace.reconcile_active``).

    Defaults (a keyword left ``None`` is absent):
        pid_alive: the process table is probed
        state: the feature's state.json

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InvalidJson`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id, "now": now}
    if pid_alive is not None:
        _in["pid_alive"] = pid_alive
    if state is not None:
        _in["state"] = state
    _out: Reconciled = call_op("workspace.reconcile_active", _in)
    return _out


def workspace_release(
    root: StrPath,
    feature_id: str,
    *,
    lease: Lease | Mapping[str, Any] | None = None,
    store: Mapping[str, Any] | None = None,
) -> WorkspaceReleaseResult:
    """Gives a claimed feature's lease up before it expires (a superseded lease is lease_lost); on
    the files, where a claim has no lease, nothing to give up (``workspace.release``).

    Defaults (a keyword left ``None`` is absent):
        lease: none: on the .4x files a claim holds no lease and there is nothing to give up; a
        store with leases requires it
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.LeaseLost`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    if lease is not None:
        _in["lease"] = lease
    if store is not None:
        _in["store"] = store
    _out: WorkspaceReleaseResult = call_op("workspace.release", _in)
    return _out


def workspace_render_baseline(
    *,
    baseline: BaselineFile | Mapping[str, Any] | None = None,
) -> WorkspaceRenderBaselineResult:
    """The baseline.json bytes CaptureBaseline writes (indented, no trailing newline)
    (``workspace.render_baseline``).

    Defaults (a keyword left ``None`` is absent):
        baseline: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if baseline is not None:
        _in["baseline"] = baseline
    _out: WorkspaceRenderBaselineResult = call_op("workspace.render_baseline", _in)
    return _out


def workspace_render_escalation(
    *,
    escalation: Escalation | Mapping[str, Any] | None = None,
) -> WorkspaceRenderEscalationResult:
    """The compact escalation.json bytes (Go json.Marshal, no trailing newline)
    (``workspace.render_escalation``).

    Defaults (a keyword left ``None`` is absent):
        escalation: ``{}``

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {}
    if escalation is not None:
        _in["escalation"] = escalation
    _out: WorkspaceRenderEscalationResult = call_op("workspace.render_escalation", _in)
    return _out


def workspace_render_event(
    event: Event | Mapping[str, Any],
    now: Time,
) -> WorkspaceRenderEventResult:
    """The exact events.jsonl line (without newline) AppendEvent writes at ``now``
    (``workspace.render_event``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"event": event, "now": now}
    _out: WorkspaceRenderEventResult = call_op("workspace.render_event", _in)
    return _out


def workspace_render_state(
    state: State | Mapping[str, Any],
    now: Time,
) -> WorkspaceRenderStateResult:
    """The exact state.json text WriteState writes at ``now`` (updatedAt stamped, subPhase cleared
    outside deep-reviewing) (``workspace.render_state``).

    Raises:
        :class:`fourx.InvalidInput`
    """
    _in: dict[str, Any] = {"state": state, "now": now}
    _out: WorkspaceRenderStateResult = call_op("workspace.render_state", _in)
    return _out


def workspace_request_stop(
    root: StrPath,
    feature_id: str,
    *,
    store: Mapping[str, Any] | None = None,
) -> WorkspaceRequestStopResult:
    """Asks the run loop to stop: writes FeatureDir/stop atomically (``workspace.request_stop``).

    Defaults (a keyword left ``None`` is absent):
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    if store is not None:
        _in["store"] = store
    _out: WorkspaceRequestStopResult = call_op("workspace.request_stop", _in)
    return _out


def workspace_resolve_feature_id(
    prefix: str,
    *,
    entries: Sequence[str] | None = None,
    root: StrPath | None = None,
) -> WorkspaceResolveFeatureIdResult:
    """Resolves a case-insensitive id prefix against feature file names (given entries, or
    .4x/features under root) (``workspace.resolve_feature_id``).

    Defaults (a keyword left ``None`` is absent):
        entries: the file names of .4x/features under root
        root: not given: entries gives the names

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.NotFound`, :class:`fourx.Ambiguous`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"prefix": prefix}
    if entries is not None:
        _in["entries"] = entries
    if root is not None:
        _in["root"] = path_arg(root, "root")
    _out: WorkspaceResolveFeatureIdResult = call_op("workspace.resolve_feature_id", _in)
    return _out


def workspace_resume_listing(
    root: StrPath,
    feature_id: str,
) -> ResumeListing:
    """state.json plus the artifacts conductor resume needs (feature dir and the state's round dir)
    (``workspace.resume_listing``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidJson`,
        :class:`fourx.InputTooLarge`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    _out: ResumeListing = call_op("workspace.resume_listing", _in)
    return _out


def workspace_round_dir(
    root: StrPath,
    feature_id: str,
    round: int,
) -> WorkspaceRoundDirResult:
    """RoundDir: FeatureDir/rounds/round-<round> (``workspace.round_dir``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id, "round": round}
    _out: WorkspaceRoundDirResult = call_op("workspace.round_dir", _in)
    return _out


def workspace_save_feature(
    root: StrPath,
    feature: Feature | Mapping[str, Any],
) -> WorkspaceSaveFeatureResult:
    """Write a feature's YAML atomically as .4x/features/<id>.yaml (``workspace.save_feature``).

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature": feature}
    _out: WorkspaceSaveFeatureResult = call_op("workspace.save_feature", _in)
    return _out


def workspace_stop_requested(
    root: StrPath,
    feature_id: str,
    *,
    store: Mapping[str, Any] | None = None,
) -> WorkspaceStopRequestedResult:
    """Whether FeatureDir/stop exists (``workspace.stop_requested``).

    Defaults (a keyword left ``None`` is absent):
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    if store is not None:
        _in["store"] = store
    _out: WorkspaceStopRequestedResult = call_op("workspace.stop_requested", _in)
    return _out


def workspace_sync_feature_status(
    root: StrPath,
    feature_id: str,
    *,
    phase: str | None = None,
) -> FeatureStatusSync:
    """Set a feature file's status from a phase; saved only when it changed; the commit payload for
    the harness (``workspace.sync_feature_status``).

    Defaults (a keyword left ``None`` is absent):
        phase: ``""``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.InputTooLarge`, :class:`fourx.InvalidFeature`, :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id}
    if phase is not None:
        _in["phase"] = phase
    _out: FeatureStatusSync = call_op("workspace.sync_feature_status", _in)
    return _out


def workspace_total_cost(
    *,
    events: str | None = None,
    root: StrPath | None = None,
    feature_id: str | None = None,
    store: Mapping[str, Any] | None = None,
) -> WorkspaceTotalCostResult:
    """Sum of cost_usd over run-end events (given events text, or the feature's events.jsonl)
    (``workspace.total_cost``).

    Defaults (a keyword left ``None`` is absent):
        events: the feature's events.jsonl under root
        root: not given: events gives the text
        feature_id: not given: events gives the text
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {}
    if events is not None:
        _in["events"] = events
    if root is not None:
        _in["root"] = path_arg(root, "root")
    if feature_id is not None:
        _in["feature_id"] = feature_id
    if store is not None:
        _in["store"] = store
    _out: WorkspaceTotalCostResult = call_op("workspace.total_cost", _in)
    return _out


def workspace_worktree_path(
    *,
    events: str | None = None,
    root: StrPath | None = None,
    feature_id: str | None = None,
    store: Mapping[str, Any] | None = None,
) -> WorkspaceWorktreePathResult:
    """The worktree path of the last ``run-output`` event whose detail starts with ``worktree: ``
    (``workspace.worktree_path``).

    Defaults (a keyword left ``None`` is absent):
        events: the feature's events.jsonl under root
        root: not given: events gives the text
        feature_id: not given: events gives the text
        store: the .4x under root: the filesystem, byte-compatible with Go 4x

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {}
    if events is not None:
        _in["events"] = events
    if root is not None:
        _in["root"] = path_arg(root, "root")
    if feature_id is not None:
        _in["feature_id"] = feature_id
    if store is not None:
        _in["store"] = store
    _out: WorkspaceWorktreePathResult = call_op("workspace.worktree_path", _in)
    return _out


def workspace_write_run_file(
    root: StrPath,
    feature_id: str,
    file: Literal["verify", "baseline", "angles", "escalation"],
    *,
    round: int | None = None,
    value: Mapping[str, Any] | None = None,
) -> WorkspaceWriteRunFileResult:
    """Write one run file of a feature atomically with Go's bytes (round directories created)
    (``workspace.write_run_file``).

    Defaults (a keyword left ``None`` is absent):
        round: ``0``
        value: ``{}``

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.NotFound`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {"root": path_arg(root, "root"), "feature_id": feature_id, "file": file}
    if round is not None:
        _in["round"] = round
    if value is not None:
        _in["value"] = value
    _out: WorkspaceWriteRunFileResult = call_op("workspace.write_run_file", _in)
    return _out


def workspace_write_state(
    root: StrPath,
    feature_id: str,
    state: State | Mapping[str, Any],
    now: Time,
    *,
    store: Mapping[str, Any] | None = None,
    lease: Lease | Mapping[str, Any] | None = None,
) -> WorkspaceWriteStateResult:
    """WriteState: stamps updatedAt = now and writes state.json atomically (through ``store`` when
    given, fenced by ``lease``) (``workspace.write_state``).

    Defaults (a keyword left ``None`` is absent):
        store: the .4x under root: the filesystem, byte-compatible with Go 4x
        lease: no fence: the write is not tied to a lease (a store without leases takes none)

    Raises:
        :class:`fourx.InvalidInput`, :class:`fourx.InvalidFeatureId`, :class:`fourx.InvalidConfig`,
        :class:`fourx.NotFound`, :class:`fourx.LeaseLost`, :class:`fourx.InputTooLarge`,
        :class:`fourx.IoError`
    """
    _in: dict[str, Any] = {
        "root": path_arg(root, "root"),
        "feature_id": feature_id,
        "state": state,
        "now": now,
    }
    if store is not None:
        _in["store"] = store
    if lease is not None:
        _in["lease"] = lease
    _out: WorkspaceWriteStateResult = call_op("workspace.write_state", _in)
    return _out
