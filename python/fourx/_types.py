"""Every named type of the op catalog: records as ``TypedDict`` (an optional key is
``NotRequired``), tagged unions as ``Union`` aliases, closed word lists as ``Literal`` aliases.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union

from . import enums as _enums

__all__ = [
    "AcEvidence",
    "AcceptanceSummary",
    "ActiveWorkflowsResult",
    "Adjudication",
    "Advice",
    "AgentExit",
    "AgentInfo",
    "AgentVerdict",
    "AgentsResult",
    "AnchorCheck",
    "AnchorVerdict",
    "AnchorWhy",
    "AngleMatch",
    "AngleSelection",
    "AnglesAllResult",
    "AnglesDefaultMappingResult",
    "AnglesGroupResult",
    "AnglesGroupSelectedResult",
    "AnglesParseSelectionResult",
    "AnglesRenderSelectionResult",
    "AnglesResolveMappingResult",
    "ArtifactContract",
    "ArtifactFreshResult",
    "AwaitHuman",
    "BacklogCompareResult",
    "BacklogDrift",
    "BacklogFeature",
    "BacklogMirror",
    "BacklogMirrorFile",
    "BacklogParseMirrorResult",
    "Baseline",
    "BaselineFile",
    "BaselineRepo",
    "BlueprintCommitResult",
    "BlueprintCountTokensResult",
    "BlueprintCounts",
    "BlueprintDefaults",
    "BlueprintEntry",
    "BlueprintEvidenceModulesResult",
    "BlueprintField",
    "BlueprintFoldResult",
    "BlueprintFormatForDirectorResult",
    "BlueprintGcResult",
    "BlueprintGraphResult",
    "BlueprintItem",
    "BlueprintModel",
    "BlueprintModule",
    "BlueprintProjectIdResult",
    "BlueprintRenderResult",
    "BlueprintRevisionNameResult",
    "BlueprintSection",
    "Budget",
    "BuildScope",
    "BuildScopeResult",
    "BuiltinCounter",
    "Candidate",
    "CandidateLearning",
    "CandidatePool",
    "CandidatesConstants",
    "CandidatesDedupeResult",
    "CandidatesLoadResult",
    "CandidatesParseResult",
    "CandidatesRenderResult",
    "CandidatesSaveResult",
    "CaptureBaseline",
    "CatalogField",
    "CatalogOp",
    "CatalogType",
    "ChangedFile",
    "CheckArtifactResult",
    "CheckRecord",
    "Claim",
    "CleanCandidate",
    "ClearStopSignal",
    "Collect",
    "CommitMessage",
    "Config",
    "ConfigMergeResult",
    "ConfigNotificationsEnabledResult",
    "ConfigParseResult",
    "ConfigParseUserResult",
    "ConfigReadResult",
    "ConfigReadUserResult",
    "ConfigRenderResult",
    "ConfigRenderUserResult",
    "ConfigUserPathResult",
    "ConfigWriteResult",
    "ConfigWriteUserResult",
    "ContractCheck",
    "Copied",
    "CostMode",
    "CostModeName",
    "Coverage",
    "Criterion",
    "Decision",
    "DesignDoc",
    "DesignDocSearch",
    "DiscoverDedupeResult",
    "DiscoverFeatures",
    "DiscoverParseResult",
    "Discovered",
    "DiscoveredFeature",
    "DiscoveryPlan",
    "DispatchResult",
    "Dispute",
    "DomainFile",
    "Drift",
    "Edition",
    "EditionForVersionResult",
    "EnumsListResult",
    "ErrorKindWord",
    "Escalation",
    "EscalationIn",
    "Event",
    "EventsCheck",
    "EvidenceIsScreenshotFileResult",
    "EvidenceNormalizeScreenshotPathResult",
    "EvidenceParseVerifyResult",
    "EvidenceRenderVerifyResult",
    "EvidenceScreenshotDirResult",
    "EvidenceScreenshotTargetsResult",
    "EvidenceSortScreenshotsResult",
    "EvolutionConfig",
    "Facts",
    "FailPatternScan",
    "Feature",
    "FeatureConstants",
    "FeatureList",
    "FeatureLoadYamlResult",
    "FeatureParseYamlResult",
    "FeatureRenderYamlResult",
    "FeatureStatus",
    "FeatureStatusSync",
    "FeatureValidateLooseResult",
    "FeatureValidation",
    "FileRef",
    "FileWarning",
    "FinalizeMemoryResult",
    "Finalized",
    "Finish",
    "FoldAccepted",
    "FoldRejected",
    "FoldResult",
    "FollowupGraph",
    "FollowupResult",
    "Gate",
    "GateAction",
    "GateDecision",
    "Gather",
    "Gathered",
    "GcPlan",
    "GitFacts",
    "GuardChangedFile",
    "GuardResult",
    "GuardedRoot",
    "HealthCheck",
    "HealthCheckConfig",
    "HelperExit",
    "HookEntry",
    "HookTiming",
    "Hooks",
    "HooksMergeResult",
    "HumanReply",
    "HumanTimeout",
    "HunterFindings",
    "HunterStatus",
    "Index",
    "IntentContract",
    "IntentReadyResult",
    "InvalidTask",
    "IssueRef",
    "IssueTrackerConfig",
    "ItemVerdict",
    "Language",
    "Lease",
    "Limits",
    "Loop",
    "LoopGateResult",
    "ManualCheck",
    "ManualCheckResult",
    "ManualOverride",
    "Marker",
    "MarkerKind",
    "MemoryCheck",
    "MemoryEvidenceResult",
    "MemoryRepair",
    "MemoryTaskResult",
    "MergedConfig",
    "MetaCatalogResult",
    "MetaVersionResult",
    "MinerScan",
    "ModelConstants",
    "ModelResolveDeepResult",
    "ModelResolveMiniCoderResult",
    "ModelResolvePhaseResult",
    "ModelResolveResult",
    "ModelResolveTierResult",
    "ModelTier",
    "ModelTierResult",
    "ModuleView",
    "NextId",
    "NotifyLevel",
    "Outcome",
    "ParallelAgent",
    "ParallelExit",
    "ParallelResult",
    "ParentTask",
    "ParseBrainstormHandoffResult",
    "ParseMarkersResult",
    "ParseOutputResult",
    "ParseReadonlyOutputResult",
    "ParseSessionSettingsResult",
    "ParseSubjectResult",
    "ParseTaskMetadataResult",
    "ParseWriteContractResult",
    "Phase",
    "PhaseIsSelectableResult",
    "PhaseOverride",
    "PhaseRoleResult",
    "PhaseSpec",
    "PhaseToStatusResult",
    "PipelineResolveResult",
    "Placement",
    "PlanTrustResult",
    "PlannedFeature",
    "PlannedTask",
    "PreToolUseResult",
    "Precedence",
    "PrecedenceSource",
    "PrepareAction",
    "PreviousFindings",
    "ProfileConfig",
    "ProfileEnabledPhasesResult",
    "ProfileEnables",
    "ProfilesDefaultResult",
    "ProgressTask",
    "ProjectConfig",
    "Prompt",
    "Proof",
    "RankedSource",
    "ReadonlyOutput",
    "Rebuilt",
    "ReconcileVerdictsResult",
    "Reconciled",
    "RejectReason",
    "RemfixCompletionResult",
    "Remove",
    "RepoConfig",
    "ReportFeature",
    "ReportIn",
    "ReportIssues",
    "ReposEffectiveHubResult",
    "ReposResolveFeaturePathsResult",
    "ReposResolvePathsResult",
    "ResearchFiles",
    "ResolvedPhase",
    "ResolvedProfile",
    "ResumeListing",
    "Resumed",
    "ReviewPackage",
    "ReviewerFindings",
    "ReviewerStatus",
    "RevisionPrune",
    "Role",
    "RoleArtifactView",
    "RoleConfig",
    "RoundTextIn",
    "RoundVerify",
    "RouteResult",
    "RouterEventLineResult",
    "RouterFormatMarkerResult",
    "RouterFormatPreviousFindingsResult",
    "RouterFormatTaskMetadataResult",
    "RouterMemoryTemplateResult",
    "RouterNewArtifactResult",
    "RouterNewWorkflowIdResult",
    "RouterResolveScopeReplyResult",
    "RouterSkillHintsResult",
    "RunAgent",
    "RunHealthCheck",
    "RunHelper",
    "RunHooks",
    "RunParallel",
    "RunStats",
    "RunnableRow",
    "RunnableTasksResult",
    "RunnerConfig",
    "RunnerPreset",
    "RunnerResolvePhaseResult",
    "RunnersSupportedMapResult",
    "RunnersSupportedResult",
    "ScanResult",
    "Scenarios",
    "ScopeDecisionResult",
    "Screenshot",
    "ScreenshotGroup",
    "ScreenshotGroups",
    "ScreenshotName",
    "ScreenshotTarget",
    "Script",
    "Selection",
    "SelfModSettings",
    "SimilarityIsSimilarResult",
    "Snapshot",
    "SnapshotModule",
    "SourceKind",
    "StartInput",
    "State",
    "StateCanTransitionResult",
    "StateConstants",
    "StateDiagramResult",
    "StateFinalizeDoneResult",
    "StatePhaseToRoleResult",
    "StateRecoverToResult",
    "StateTransitionResult",
    "StateValidation",
    "StatusSync",
    "Step",
    "Stop",
    "StopDecision",
    "StoragePaths",
    "StrategyFile",
    "StrategyHealthCheck",
    "StuckIn",
    "SubPhase",
    "Subtask",
    "Task",
    "TaskGraphNode",
    "TaskGraphResult",
    "TaskKind",
    "TaskOrigin",
    "TaskScope",
    "TaskState",
    "TaskStatusWord",
    "TestProfileOverride",
    "TestStrategy",
    "TestStrategyParseResult",
    "TesterRetryCleanup",
    "UpdateArtifactResult",
    "UserConfig",
    "UtilHumanSizeResult",
    "ValidateWorkflowIdResult",
    "Validation",
    "Verdict",
    "VerifyCommand",
    "VerifyCommandRecord",
    "VerifyEvidence",
    "VerifyRecord",
    "WarningKind",
    "WorkflowPhase",
    "WorkflowType",
    "WorkspaceAppendEventResult",
    "WorkspaceAtomicWriteFileResult",
    "WorkspaceCleanFeatureResult",
    "WorkspaceCleanableFeaturesResult",
    "WorkspaceClearStopResult",
    "WorkspaceConfig",
    "WorkspaceConstantsResult",
    "WorkspaceDotDirResult",
    "WorkspaceExportResult",
    "WorkspaceFeatureDirResult",
    "WorkspaceFindResult",
    "WorkspaceImportResult",
    "WorkspaceInitFeatureDirResult",
    "WorkspaceInitResult",
    "WorkspaceLoadFeatureResult",
    "WorkspaceParseBaselineResult",
    "WorkspaceParseEscalationResult",
    "WorkspaceParseStateResult",
    "WorkspaceProcessAliveResult",
    "WorkspaceReadRunFileResult",
    "WorkspaceReadStateResult",
    "WorkspaceReleaseResult",
    "WorkspaceRenderBaselineResult",
    "WorkspaceRenderEscalationResult",
    "WorkspaceRenderEventResult",
    "WorkspaceRenderStateResult",
    "WorkspaceRequestStopResult",
    "WorkspaceResolveFeatureIdResult",
    "WorkspaceRoundDirResult",
    "WorkspaceSaveFeatureResult",
    "WorkspaceStopRequestedResult",
    "WorkspaceTotalCostResult",
    "WorkspaceWorktreePathResult",
    "WorkspaceWriteRunFileResult",
    "WorkspaceWriteStateResult",
    "WorktreeConfig",
    "WorktreeListings",
    "WriteJson",
    "WriteOutput",
    "WriteText",
]

#: The verdict of one anchor check.
AnchorVerdict: TypeAlias = Literal[
    "ok",
    "stale",
    "unanchored",
    "unverifiable",
]

#: Why a verdict was reached.
AnchorWhy: TypeAlias = Literal[
    "empty",
    "not_path",
    "file_exists",
    "line_in_range",
    "line_out_of_range",
    "bad_suffix",
    "symbol_found",
    "symbol_not_found",
    "unreadable",
    "module_dir",
    "file_missing",
    "unattributed",
]

#: The asserted section kinds (``AssertedSections``), in file order. ``derived`` is never one.
BlueprintField: TypeAlias = Literal[
    "purpose",
    "entrypoints",
    "invariants",
    "gotchas",
]

#: The BUILD complexity scope (repo build-workflow.md).
BuildScope: TypeAlias = Literal[
    "trivial",
    "standard",
]

#: The counters fourx ships, by the name a JSON input gives in its ``counter`` key
#: (``blueprint.render_index``, ``blueprint.count_tokens``).
BuiltinCounter: TypeAlias = Literal[
    "approx",
    "o200k_base",
]

#: How expensive a scan of this repository is.
CostModeName: TypeAlias = Literal[
    "cheap",
    "costly",
]

#: A cc10x contract edition (the router's rules of one plugin version).
Edition: TypeAlias = Literal[
    "11.0.0",
    "12.7.0",
    "12.10.0",
]

#: An error kind (the closed list of ``ErrorKind``).
ErrorKindWord: TypeAlias = Literal[
    "invalid_input",
    "invalid_value",
    "missing_field",
    "duplicate_field",
    "input_too_large",
    "unknown_op",
    "unknown_kind",
    "unknown_agent",
    "unknown_profile",
    "unknown_runner",
    "invalid_time",
    "invalid_nonce",
    "invalid_path",
    "invalid_project_id",
    "invalid_snapshot",
    "invalid_feature_id",
    "invalid_json",
    "invalid_yaml",
    "invalid_config",
    "invalid_feature",
    "malformed_contract",
    "malformed_artifact",
    "malformed_doc",
    "unsupported_format",
    "missing_contract",
    "missing_evidence",
    "scenario_mismatch",
    "too_short",
    "placeholder_left",
    "uuid_mismatch",
    "unrecognized_reply",
    "ambiguous",
    "budget_too_small",
    "missing_coding_phase",
    "unresolved_runner",
    "unresolvable_tier",
    "no_home",
    "root_is_filesystem_root",
    "root_is_home",
    "not_a_project",
    "storage_inside_project",
    "project_mismatch",
    "not_found",
    "not_visible",
    "no_dispatch_rule",
    "invalid_transition",
    "invalid_recovery_target",
    "not_cleanable",
    "feature_active",
    "lease_lost",
    "fold_conflict",
    "io_error",
    "null_arg",
    "invalid_utf8",
    "panic",
]

#: Feature statuses (``feature.Status``), targets of PhaseToStatus (``draft`` excepted).
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

#: A follow-up task graph of ``router.followup_tasks``.
FollowupGraph: TypeAlias = Literal[
    "remfix",
    "re_review",
    "investigation",
    "escalate_full",
    "plan_prune",
]

#: The class of the pending gate (fourx names for the seed's categories).
Gate: TypeAlias = Literal[
    "ordinary",
    "revert",
    "failure_stop",
    "standards_conflict",
    "open_decisions",
]

#: What the gate does.
GateAction: TypeAlias = Literal[
    "auto_default",
    "ask",
    "block",
]

#: The pre/post timing of hooks.
HookTiming: TypeAlias = Literal[
    "pre",
    "post",
]

#: The hunter's status (validated, never printed).
HunterStatus: TypeAlias = Literal[
    "CLEAN",
    "ISSUES_FOUND",
]

#: A language the scanner has rules for, in ascending name order (the order of ``languages`` in a
#: scan result).
Language: TypeAlias = Literal[
    "go",
    "python",
    "rust",
    "typescript",
]

#: A marker kind (its name).
MarkerKind: TypeAlias = Literal[
    "BUILD-START",
    "DEBUG-RESET",
    "PLAN-START",
    "SCOPE-DECISION-PENDING",
    "MEMORY-TASK-ID",
]

#: An abstract model tier, ordered cheap < standard < capable.
ModelTier: TypeAlias = Literal[
    "cheap",
    "standard",
    "capable",
]

#: Notification levels of an event, in ``AllNotifyLevels`` order; ``""`` means none.
NotifyLevel: TypeAlias = Literal[
    "success",
    "error",
    "warning",
]

#: The 15 phases of the feature state machine, in ``AllPhases`` order.
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

#: Where [``repair_memory``] put the missing sections.
Placement: TypeAlias = Literal[
    "none",
    "before_last_updated",
    "end",
]

#: Why an item was rejected, in gate order. Every reason has a public vector
#: (``TestEveryRejectionReasonIsAccounted``).
RejectReason: TypeAlias = Literal[
    "over_limit",
    "malformed",
    "unknown_module",
    "no_read_at_all",
    "no_evidence",
    "prose_path",
]

#: The reviewer's effective status.
ReviewerStatus: TypeAlias = Literal[
    "APPROVE",
    "CHANGES_REQUESTED",
]

#: Every role string: the eight pipeline roles first, in ``AllRoles`` order, then the sub-roles and
#: non-pipeline roles.
Role: TypeAlias = Literal[
    "designer",
    "design-reviewer",
    "coder",
    "reviewer",
    "deep-reviewer",
    "tester",
    "acceptor",
    "fixer",
    "mini-coder",
    "re-verifier",
    "synthesizer",
    "gate",
    "consolidator",
    "round-summarizer",
]

#: The class of an instruction source, strongest first: the precedence table, whose order is the
#: rank.
SourceKind: TypeAlias = Literal[
    "explicit_user_prompt",
    "project_standards",
    "approved_plan_design",
    "domain_external_skill",
    "internal_cc10x_skill",
    "model_heuristic",
]

#: Sub-phases of ``deep-reviewing``, in ``AllSubPhases`` order.
SubPhase: TypeAlias = Literal[
    "reviewing",
    "synthesizing",
    "fixing",
    "reverifying",
]

#: A task's ``kind:``.
TaskKind: TypeAlias = Literal[
    "workflow",
    "agent",
    "remfix",
    "memory",
    "reverify",
    "research",
]

#: A task's ``origin:``.
TaskOrigin: TypeAlias = Literal[
    "router",
    "component-builder",
    "bug-investigator",
    "code-reviewer",
    "silent-failure-hunter",
    "integration-verifier",
    "planner",
    "qa-harness-builder",
    "qa-executor",
]

#: A task's ``scope:``.
TaskScope: TypeAlias = Literal[
    "ALL_ISSUES",
    "CRITICAL_ONLY",
    "N/A",
]

#: A status of a Claude Code task as ``router.parse_output`` reads it.
TaskStatusWord: TypeAlias = Literal[
    "pending",
    "in_progress",
    "completed",
    "deleted",
]

#: What kind of problem a warning reports.
WarningKind: TypeAlias = Literal[
    "read_error",
    "parse_error",
    "unknown_reason",
    "invalid_feature",
    "invalid_feature_id",
    "write_error",
    "unknown_key",
]

#: A task's ``phase:``.
WorkflowPhase: TypeAlias = Literal[
    "build",
    "build-implement",
    "build-review",
    "build-hunt",
    "build-verify",
    "build-doc-sync",
    "build-finish",
    "debug",
    "debug-investigate",
    "debug-review",
    "debug-verify",
    "review",
    "review-audit",
    "plan",
    "plan-create",
    "plan-review-gap-1",
    "plan-review-gap-2",
    "memory-finalize",
    "re-review",
    "re-hunt",
    "re-verify",
    "re-plan",
    "research-web",
    "research-github",
    "triage",
    "codebase-health",
    "plan-review-amendment",
    "qa",
    "qa-research",
    "qa-plan",
    "qa-plan-review",
    "qa-re-plan",
    "qa-plan-review-2",
    "qa-preflight",
    "qa-build",
    "re-qa-build",
    "qa-review",
    "qa-hunt",
    "qa-execute",
    "re-qa-execute",
]

#: A workflow type; ``ORIENT`` is a route that never gets a task, artifact or graph.
WorkflowType: TypeAlias = Literal[
    "BUILD",
    "DEBUG",
    "REVIEW",
    "PLAN",
    "ORIENT",
    "TRIAGE",
    "CODEBASE-HEALTH",
    "QA",
]


class AcEvidence(TypedDict):
    """One acceptance criterion's result (Go ``ACEvidence``)."""

    id: NotRequired[str]
    passed: NotRequired[bool]
    evidence: NotRequired[list[str] | None]
    verify_type: NotRequired[str]


class AcceptanceSummary(TypedDict):
    """Summarise verify.json and the review reports for the acceptor (warn only on failure)."""

    action: Literal["acceptance_summary"]
    dir: Literal["feature", "round"]
    file: str


class ParentTask(TypedDict):
    """An open CC10X parent task."""

    task_id: str
    workflow: WorkflowType
    wf: str | None


class ActiveWorkflowsResult(TypedDict):
    """The result of ``router.active_workflows``."""

    active: list[ParentTask]
    legacy: list[str]
    decision: Literal["resume", "choose", "ask_legacy", "none", "not_found"]
    selected: ParentTask | None


class Adjudication(TypedDict):
    """The verifier's adjudication of disputed REM-FIX findings (edition ``12.10.0``)."""

    upheld: list[int]
    rejected: list[int]
    valid: bool


class Advice(TypedDict):
    """What an output must gain for one fallback-verification finding to go away."""

    check: str
    add: list[str]
    message: str


class ContractCheck(TypedDict):
    """The router-contract check of the agent's transcript (``router.parse_output`` of the cc10x
    agent its role maps to): a refused transcript (``error``) or ``may_advance`` false stops the
    run with ``contract-blocked`` unless the role's own verdict already fails."""

    agent: str
    may_advance: bool
    error: NotRequired[str]


GuardResult = TypedDict(
    "GuardResult",
    {
        "pass": bool,
        "errors": list[str],
        "all_retryable": NotRequired[bool],
        "self_mod_touched": NotRequired[bool],
        "self_mod_paths": NotRequired[list[str]],
    },
)
GuardResult.__doc__ = "The result of the guard a ``RunAgent`` named (``scope``: the scope and diff rules; ``testing``: testing -> accepting): ``pass``, the ``errors``, whether a tester retry may fix them all, and the protected paths a coder touched."


class RunStats(TypedDict):
    """What a runner reports about one agent call."""

    tokens_used: NotRequired[int]
    cost_usd: NotRequired[float]
    duration_ms: NotRequired[int]


Verdict = TypedDict(
    "Verdict",
    {
        "pass": bool,
        "errors": list[str],
        "all_retryable": NotRequired[bool],
        "self_mod_touched": NotRequired[bool],
        "self_mod_paths": NotRequired[list[str]],
        "warnings": list[str],
        "retryable_errors": int,
        "self_mod_diff_lines": int,
    },
)
Verdict.__doc__ = "A guard's verdict: ``pass``, the ``errors`` (4x's texts, in rule order), ``warnings``, whether a same-role retry can fix every error (``all_retryable``, with ``retryable_errors``), and the self-modification finding (``self_mod_touched``, ``self_mod_paths``, ``self_mod_diff_lines``). The ops always give every key; it extends ``GuardResult``, so a verdict is an ``AgentExit``'s ``guard`` as it is."


class AgentExit(TypedDict):
    """What running a ``RunAgent`` produced: the exit code (or ``error`` when the runner could not
    run), the stderr tail (transient-failure detection), the guard's result and the texts of the
    ``collect`` files that exist."""

    kind: Literal["agent_exit"]
    exit_code: NotRequired[int]
    error: NotRequired[str]
    interrupted: NotRequired[bool]
    stderr_tail: NotRequired[str]
    stats: NotRequired[RunStats]
    guard: NotRequired[GuardResult | Verdict]
    contract: NotRequired[ContractCheck]
    feature_files: NotRequired[dict[str, str]]
    round_files: NotRequired[dict[str, str]]


class AgentInfo(TypedDict):
    """One agent of ``router.agents``: its bare and ``cc10x:`` names and its output kind."""

    name: str
    qualified: str
    kind: Literal["readonly", "write"]


class AgentVerdict(TypedDict):
    """One agent's verdict to reconcile: the agent and the status it reported."""

    agent: str
    status: str


class AgentsResult(TypedDict):
    """The result of ``router.agents``."""

    edition: Edition
    agents: list[AgentInfo]


class AnchorCheck(TypedDict):
    """The three-valued verdict of a ``where`` anchor (``ok``, ``stale``, ``unverifiable``, ...) and
    why."""

    verdict: AnchorVerdict
    why: AnchorWhy


class AngleMatch(TypedDict):
    """One changed file's contribution to the angle selection (Go ``AngleMatch``)."""

    file: NotRequired[str]
    rule: NotRequired[str]
    angles: NotRequired[list[int] | None]


class AngleSelection(TypedDict):
    """``deep-review-angles.json`` (Go ``AngleSelection``): which deep-review angles ran and why."""

    selected_angles: NotRequired[list[int] | None]
    total_angles: NotRequired[int]
    force_all: NotRequired[bool]
    matches: NotRequired[list[AngleMatch] | None]


class AnglesAllResult(TypedDict):
    """The result of angles.all."""

    angles: list[int]
    count: int


class AnglesDefaultMappingResult(TypedDict):
    """The result of angles.default_mapping."""

    mapping: dict[str, list[int]]


class AnglesGroupResult(TypedDict):
    """The result of angles.group."""

    groups: list[list[int]] | None


class AnglesGroupSelectedResult(TypedDict):
    """The result of angles.group_selected."""

    groups: list[list[int]] | None


class AnglesParseSelectionResult(TypedDict):
    """The result of angles.parse_selection."""

    selection: AngleSelection


class AnglesRenderSelectionResult(TypedDict):
    """The result of angles.render_selection."""

    text: str


class AnglesResolveMappingResult(TypedDict):
    """The result of angles.resolve_mapping."""

    mapping: dict[str, list[int]]


class ArtifactContract(TypedDict):
    """The artifacts a role produces and consumes (``found`` false for an unknown role)."""

    found: bool
    produces: list[str]
    consumes: list[str]


class ArtifactFreshResult(TypedDict):
    """The result of ``router.artifact_fresh``."""

    fresh: bool
    age_seconds: int


class ClearStopSignal(TypedDict):
    """Remove the stop signal (``workspace.clear_stop``); the start of every run."""

    action: Literal["clear_stop_signal"]


class Remove(TypedDict):
    """Delete ``file`` of ``dir`` (``"feature"`` or ``"round"``) when it is present."""

    action: Literal["remove"]
    dir: Literal["feature", "round"]
    file: str


class ReviewPackage(TypedDict):
    """Regenerate the review's diff package from ``state.baseCommit`` (warn only on failure)."""

    action: Literal["review_package"]
    dir: Literal["feature", "round"]
    file: str


class TesterRetryCleanup(TypedDict):
    """The harness's own cleanup of ``dir`` before a tester guard retry."""

    action: Literal["tester_retry_cleanup"]
    dir: Literal["feature", "round"]


class WriteJson(TypedDict):
    """Write ``value`` as indented JSON (two spaces) to ``file`` of ``dir``."""

    action: Literal["write_json"]
    dir: Literal["feature", "round"]
    file: str
    value: Any


class WriteText(TypedDict):
    """Write ``text`` verbatim to ``file`` of ``dir``."""

    action: Literal["write_text"]
    dir: Literal["feature", "round"]
    file: str
    text: str


#: A prepare action: executed in list order *before* the decision that carries it.
PrepareAction: TypeAlias = Union[
    ClearStopSignal,
    Remove,
    WriteJson,
    WriteText,
    ReviewPackage,
    AcceptanceSummary,
    TesterRetryCleanup,
]


class AwaitHuman(TypedDict):
    """Ask a person ``question`` (a human gate before ``gate``'s agent), offering ``options``
    (``approve`` / ``reject``; any other text is a note for the next agent), and wait at most
    ``timeout_ms`` (0: no limit). Answer with ``HumanReply`` or ``HumanTimeout``; a stop file
    seen while waiting is sent as either with ``facts={"stop_requested": True}``."""

    kind: Literal["await_human"]
    gate: str
    question: str
    options: list[str]
    timeout_ms: int
    phase: Phase | _enums.Phase
    round: int
    prepare: NotRequired[list[PrepareAction]]


class Drift(TypedDict):
    """One difference between the backlog mirror and the canonical features (``kind``: extra,
    mismatch or missing)."""

    kind: str
    featureId: str
    field: NotRequired[str]
    canonical: NotRequired[str]
    mirror: NotRequired[str]
    message: str


class BacklogCompareResult(TypedDict):
    """The result of backlog.compare."""

    drift: list[Drift]


class FileWarning(TypedDict):
    """A best-effort problem (``kind`` ``unknown_key``, ``read_error``, ``parse_error``, ...);
    ``path`` names the place in the file when there is one."""

    kind: WarningKind
    file: str
    feature_id: str
    round: int
    message: str
    path: NotRequired[str]


class BacklogDrift(TypedDict):
    """Drift between the feature files and ``feature_list.json``."""

    drift: list[Drift]
    warnings: list[FileWarning]


class BacklogFeature(TypedDict):
    """One entry of the mirror."""

    id: NotRequired[str]
    name: NotRequired[str]
    status: NotRequired[str]
    area: NotRequired[str]
    description: NotRequired[str]
    priority: NotRequired[int | None]


class BacklogMirrorFile(TypedDict):
    """The mirror file."""

    version: NotRequired[int]
    features: NotRequired[list[BacklogFeature] | None]


class BacklogMirror(TypedDict):
    """``feature_list.json`` if present (``mirror`` null when absent)."""

    present: bool
    mirror: BacklogMirrorFile | None


class BacklogParseMirrorResult(TypedDict):
    """The result of backlog.parse_mirror."""

    mirror: BacklogMirrorFile


class Baseline(TypedDict):
    """The result of a ``CaptureBaseline`` (``base_commit`` = HEAD when asked)."""

    kind: Literal["baseline"]
    ok: bool
    error: NotRequired[str]
    base_commit: NotRequired[str]


class BaselineRepo(TypedDict):
    """One repository's snapshot in ``baseline.json`` (Go ``BaselineRepo``)."""

    name: NotRequired[str]
    path: NotRequired[str]
    branch: NotRequired[str]
    head: NotRequired[str]
    dirtyFiles: NotRequired[list[str] | None]


class BaselineFile(TypedDict):
    """``baseline.json`` (Go ``Baseline``), captured once before the first coding round."""

    createdAt: NotRequired[str]
    repos: NotRequired[list[BaselineRepo] | None]


class Coverage(TypedDict):
    """How the accepted items' anchors checked out."""

    anchored_ok: int
    stale: int
    unanchored: int
    unverifiable: int


class FoldAccepted(TypedDict):
    """An item a fold accepted: its index, entry id, module, field and anchor verdict."""

    index: int
    id: str
    module: str
    field: str
    anchor: AnchorVerdict


class FoldRejected(TypedDict):
    """An item a fold rejected: its index, module, field, the first gate it failed and why."""

    index: int
    module: str
    field: str
    reason: RejectReason
    detail: str


class FoldResult(TypedDict):
    """The account of a fold: what was accepted, rejected, marked stale, the anchor coverage and the
    storage warnings."""

    noop: bool
    submitted: int
    accepted: list[FoldAccepted]
    rejected: list[FoldRejected]
    stale_marked: list[str]
    coverage: Coverage
    sections_replaced: int
    entries_dropped: int
    warnings: list[str]


class BlueprintCommitResult(TypedDict):
    """The result of blueprint.commit."""

    result: FoldResult
    written: bool
    attempts: int
    store: dict[str, Any]


class BlueprintCountTokensResult(TypedDict):
    """The result of blueprint.count_tokens."""

    tokens: int


class BlueprintCounts(TypedDict):
    """The counts of a blueprint's front matter."""

    modules: int
    entries: int
    stale: int
    orphaned: int


class BlueprintDefaults(TypedDict):
    """The blueprint constants: format, fields, reasons, limits, manifests and file layout."""

    format: str
    fields: list[str]
    reasons: list[RejectReason]
    max_submit_items: int
    revisions_keep: int
    orphan_retention_days: int
    default_index_max_tokens: int
    max_row_edges: int
    oversize_module_bytes: int
    max_claim_bytes: int
    max_where_bytes: int
    id_hex_len: int
    cost_mode_boundary_ms: int
    cost_mode_ttl_s: int
    costly_min_rescan_interval_s: int
    manifests: list[str]
    file_name: str
    revisions_dir: str
    storage_subdir: str


class BlueprintEntry(TypedDict):
    """One claim of a blueprint section, with its id, anchor and staleness."""

    id: str
    where: str
    claim: str
    stale: bool


class BlueprintEvidenceModulesResult(TypedDict):
    """The result of blueprint.evidence_modules."""

    modules: list[str]


class BlueprintFoldResult(TypedDict):
    """The result of blueprint.fold."""

    doc: str
    result: FoldResult


class BlueprintFormatForDirectorResult(TypedDict):
    """The result of blueprint.format_for_director."""

    line: str


class BlueprintGcResult(TypedDict):
    """The result of blueprint.gc."""

    written: bool
    deferred: bool
    marked: list[str]
    unmarked: list[str]
    removed: list[str]
    kept_archive_failed: list[str]
    warnings: list[str]
    store: dict[str, Any]


class BlueprintGraphResult(TypedDict):
    """The result of blueprint.graph."""

    text: str


class BlueprintItem(TypedDict):
    """One claim an agent submits to a fold: the module, field, anchor (``where``) and claim text (a
    missing or mistyped part is rejected by the gates, not refused)."""

    module: NotRequired[str]
    field: NotRequired[str]
    where: NotRequired[str]
    claim: NotRequired[str]


class BlueprintSection(TypedDict):
    """One field section of a blueprint module: the field, when and against which fingerprint it was
    updated, and its entries."""

    field: BlueprintField
    updated: str
    fp: str
    entries: list[BlueprintEntry]


class BlueprintModule(TypedDict):
    """One module of a blueprint: its path, when it was orphaned ("" when not) and its sections."""

    path: str
    orphaned_since: str
    sections: list[BlueprintSection]


class BlueprintModel(TypedDict):
    """The parsed document model of a blueprint.md (recomputed counts and IDs)."""

    absent: bool
    format: str
    project_id: str
    updated: str
    git_head: str
    git_branch: str
    git_dirty: bool
    modules: list[BlueprintModule]
    counts: BlueprintCounts
    canonical: bool


class BlueprintProjectIdResult(TypedDict):
    """The result of blueprint.project_id."""

    project_id: str


class BlueprintRenderResult(TypedDict):
    """The result of blueprint.render."""

    text: str


class BlueprintRevisionNameResult(TypedDict):
    """The result of blueprint.revision_name."""

    name: str


class Budget(TypedDict):
    """A run's spending limits (``budget`` of the config and of a feature); a value ≤ 0 is no
    limit. Not a seed key."""

    max_cost_usd: NotRequired[float]
    max_tokens: NotRequired[int]
    max_agent_runs: NotRequired[int]


class BuildScopeResult(TypedDict):
    """The result of ``router.build_scope``."""

    build_scope: str
    reason: str


class Candidate(TypedDict):
    """One candidate feature."""

    title: NotRequired[str]
    description: NotRequired[str]
    source: NotRequired[str]
    origin: NotRequired[str]
    value_score: NotRequired[float]
    why_not_hack: NotRequired[str]


class CandidateLearning(TypedDict):
    """A learning proposed by the miner."""

    category: NotRequired[str]
    content: NotRequired[str]
    source: NotRequired[str]
    origin: NotRequired[str]


class CandidatePool(TypedDict):
    """The candidates pool file (candidates.json): version, when it was generated, the candidates
    and the learnings."""

    version: NotRequired[int]
    generatedAt: NotRequired[str]
    candidates: NotRequired[list[Candidate] | None]
    learnings: NotRequired[list[CandidateLearning] | None]


class CandidatesConstants(TypedDict):
    """The candidate-pool constants."""

    pool_version: int
    default_fail_pattern_threshold: int
    sources: list[str]
    learning_categories: list[str]
    escalation_reasons: list[str]
    stuck_phases: list[str]


class CandidatesDedupeResult(TypedDict):
    """The result of candidates.dedupe."""

    candidates: list[Candidate]


class CandidatesLoadResult(TypedDict):
    """The result of candidates.load."""

    pool: CandidatePool


class CandidatesParseResult(TypedDict):
    """The result of candidates.parse."""

    pool: CandidatePool


class CandidatesRenderResult(TypedDict):
    """The result of candidates.render."""

    text: str


class CandidatesSaveResult(TypedDict):
    """The result of candidates.save."""


class FileRef(TypedDict):
    """A file named by a decision: ``file`` in the feature directory or in the round directory of
    the decision's ``round`` (``rounds/round-<n>``)."""

    dir: Literal["feature", "round"]
    file: str


class CaptureBaseline(TypedDict):
    """Write ``file`` (baseline.json, one entry per repo) when ``capture_baseline``; read HEAD of
    the scope root when ``capture_base_commit``. Answer with a ``Baseline``."""

    kind: Literal["capture_baseline"]
    phase: Phase | _enums.Phase
    round: int
    file: FileRef
    repos: list[str]
    capture_baseline: bool
    capture_base_commit: bool
    prepare: NotRequired[list[PrepareAction]]


class CatalogField(TypedDict):
    """One typed key of ``meta.catalog`` (an op param or a record field): its type text, whether it
    may be left out, and its default value or what leaving it out means."""

    name: str
    type: str
    optional: bool
    default: NotRequired[Any]
    default_means: NotRequired[str]


class CatalogOp(TypedDict):
    """One op of ``meta.catalog``: its name, doc, key names (``?`` = optional), error kinds, typed
    params and result type."""

    name: str
    doc: str
    input: list[str]
    output: list[str]
    errors: list[ErrorKindWord]
    params: list[CatalogField]
    result: str


class CatalogType(TypedDict):
    """One named type of ``meta.catalog``: a record (``fields``), a union of records by ``tag``
    (``variants``), a word list (``words``) or an alias (``type``)."""

    name: str
    doc: str
    kind: Literal["record", "union", "words", "alias"]
    fields: NotRequired[list[CatalogField]]
    tag: NotRequired[str]
    variants: NotRequired[list[str]]
    words: NotRequired[list[str]]
    type: NotRequired[str]


class ChangedFile(TypedDict):
    """A changed file given to [``select_angles``] (``lines`` is not used)."""

    path: NotRequired[str]
    lines: NotRequired[int]


class CheckArtifactResult(TypedDict):
    """The result of ``router.check_artifact``."""

    workflow_uuid: str
    workflow_type: str


class CheckRecord(TypedDict):
    """An acceptance-criterion or manual-check result of verify.json."""

    id: NotRequired[str]
    passed: NotRequired[bool]
    evidence: NotRequired[list[str] | None]
    verify_type: NotRequired[str]


class Lease(TypedDict):
    """A granted claim on a store with leases (``workspace.claim``): present it as ``lease`` to
    ``write_state`` / ``append_event``; a superseded or expired one is refused with
    ``LeaseLost``."""

    feature: str
    holder: str
    token: int
    ttl_ms: int


class Claim(TypedDict):
    """The answer to ``claim``: ``granted`` with a ``lease`` (``None`` on the filesystem, whose
    claim is the pid liveness rule), or the current ``holder``."""

    granted: bool
    lease: Lease | None
    holder: str
    expires_in_ms: int


class CleanCandidate(TypedDict):
    """A done/abandoned feature whose run directory could be removed, with its size."""

    feature_id: str
    size: int


class Collect(TypedDict):
    """The files the harness reads back after a decision: names in the feature directory and in the
    round directory of the decision's ``round``. A missing file is simply left out."""

    feature: NotRequired[list[str]]
    round: NotRequired[list[str]]


class CommitMessage(TypedDict):
    """The commit a status write asks the caller to make: the file and the message."""

    path: str
    message: str


class EvolutionConfig(TypedDict):
    """The evolve pipeline's value gate and convergence limits."""

    value_floor: NotRequired[float]
    max_accept_per_run: NotRequired[int]
    max_backlog_undone: NotRequired[int]
    gate_runner: NotRequired[str]
    gate_model: NotRequired[str]
    dedup_threshold: NotRequired[float]
    max_idle_rounds: NotRequired[int | None]
    candidate_max_idle_days: NotRequired[int | None]


class HealthCheckConfig(TypedDict):
    """Environment check before the testing phase."""

    commands: NotRequired[list[str] | None]
    recovery: NotRequired[list[str] | None]
    timeout: NotRequired[int]


class HookEntry(TypedDict):
    """One hook command (Go ``feature.HookEntry``)."""

    run: NotRequired[str]
    on_fail: NotRequired[str]


class IssueTrackerConfig(TypedDict):
    """Issue-tracker integration."""

    enabled: NotRequired[bool]


class PhaseSpec(TypedDict):
    """One phase of a pipeline profile with its optional runner and model-tier override."""

    phase: NotRequired[str]
    runner: NotRequired[str]
    model: NotRequired[str]


class ProfileConfig(TypedDict):
    """A pipeline profile: which phases run. Legacy ``roles``/``coder_model`` profiles are
    normalised into ``phases`` as soon as they are read and kept for round-trips."""

    phases: NotRequired[list[PhaseSpec] | None]
    roles: NotRequired[list[str] | None]
    coder_model: NotRequired[str]


class ProjectConfig(TypedDict):
    """The project section of settings.json."""

    name: NotRequired[str]
    description: NotRequired[str]
    language: NotRequired[str]
    setup: NotRequired[list[str] | None]
    build: NotRequired[list[str] | None]
    test: NotRequired[list[str] | None]
    lint: NotRequired[list[str] | None]
    docs_check: NotRequired[list[str] | None]
    docs: NotRequired[list[str] | None]
    rules: NotRequired[list[str] | None]
    includes: NotRequired[list[str] | None]


class RoleConfig(TypedDict):
    """Per-role settings."""

    model: NotRequired[str]
    deep_model: NotRequired[str]
    screenshot_dir: NotRequired[str]
    instructions: NotRequired[list[str] | None]
    includes: NotRequired[list[str] | None]
    max_fix_rounds: NotRequired[int]
    parallel_reviewers: NotRequired[int]
    angles_per_reviewer: NotRequired[int]
    angle_mapping: NotRequired[dict[str, list[int] | None] | None]
    runner: NotRequired[str]


class RunnerConfig(TypedDict):
    """How to start one agent runner (CLI)."""

    command: NotRequired[str]
    args: NotRequired[list[str] | None]
    model: NotRequired[str]
    tiers: NotRequired[dict[str, str] | None]
    stdin: NotRequired[bool | None]
    tty: NotRequired[bool | None]
    quiet: NotRequired[bool | None]
    output_format: NotRequired[str]
    transient_retries: NotRequired[int | None]


class SelfModSettings(TypedDict):
    """Extra protection when the harness works on itself."""

    protected_paths: NotRequired[list[str] | None]
    max_diff_lines: NotRequired[int]
    require_tests: NotRequired[bool | None]


class TestProfileOverride(TypedDict):
    """A project override of a built-in test profile."""

    content: NotRequired[str]
    include: NotRequired[str]


class RepoConfig(TypedDict):
    """One repository of a multi-repo workspace."""

    path: NotRequired[str]
    hub: NotRequired[bool]


class WorkspaceConfig(TypedDict):
    """The workspace section: named repositories."""

    repos: NotRequired[dict[str, RepoConfig] | None]


class WorktreeConfig(TypedDict):
    """Scaffold-worktree settings."""

    post_scaffold: NotRequired[list[str] | None]


class Config(TypedDict):
    """The project config, ``.4x/settings.json`` (Go ``Config``)."""

    project: NotRequired[ProjectConfig]
    runners: NotRequired[dict[str, RunnerConfig] | None]
    default_runner: NotRequired[str]
    roles: NotRequired[dict[str, RoleConfig] | None]
    rules: NotRequired[list[str] | None]
    hub_repos: NotRequired[list[str] | None]
    isolation: NotRequired[str]
    max_concurrent_runs: NotRequired[int]
    commit: NotRequired[str]
    model_tiers: NotRequired[dict[str, dict[str, str] | None] | None]
    workspace: NotRequired[WorkspaceConfig]
    hooks: NotRequired[dict[str, list[HookEntry] | None] | None]
    profiles: NotRequired[dict[str, ProfileConfig] | None]
    default_profile: NotRequired[str]
    parallel_review_test: NotRequired[bool]
    health_check: NotRequired[HealthCheckConfig | None]
    test_profiles: NotRequired[dict[str, TestProfileOverride] | None]
    auto_discover_features: NotRequired[bool]
    max_discovered_features: NotRequired[int]
    enrich_discovered_features: NotRequired[bool]
    enrich_auto_approve: NotRequired[bool]
    feature_id_prefix: NotRequired[str]
    feature_id_digits: NotRequired[int]
    design_doc_dirs: NotRequired[list[str] | None]
    notifications: NotRequired[bool | None]
    self_mod_guard: NotRequired[SelfModSettings | None]
    evolution: NotRequired[EvolutionConfig | None]
    issue_tracker: NotRequired[IssueTrackerConfig]
    worktree: NotRequired[WorktreeConfig]
    budget: NotRequired[Budget | None]
    approval_gates: NotRequired[list[str] | None]
    approval_timeout_ms: NotRequired[int]


class ConfigMergeResult(TypedDict):
    """The result of config.merge."""

    config: Config


class ConfigNotificationsEnabledResult(TypedDict):
    """The result of config.notifications_enabled."""

    enabled: bool


class ConfigParseResult(TypedDict):
    """The result of config.parse."""

    config: Config


class UserConfig(TypedDict):
    """The user config, ``~/.4x/settings.json`` (Go ``UserConfig``)."""

    locale: NotRequired[str]
    theme: NotRequired[str]
    default_runner: NotRequired[str]
    runners: NotRequired[dict[str, RunnerConfig] | None]
    roles: NotRequired[dict[str, RoleConfig] | None]
    logLevel: NotRequired[str]
    logRetainDays: NotRequired[int]
    notifications: NotRequired[bool | None]
    self_mod_guard: NotRequired[SelfModSettings | None]


class ConfigParseUserResult(TypedDict):
    """The result of config.parse_user."""

    config: UserConfig


class ConfigReadResult(TypedDict):
    """The result of config.read."""

    config: Config
    warnings: list[FileWarning]


class ConfigReadUserResult(TypedDict):
    """The result of config.read_user."""

    config: UserConfig


class ConfigRenderResult(TypedDict):
    """The result of config.render."""

    text: str


class ConfigRenderUserResult(TypedDict):
    """The result of config.render_user."""

    text: str


class ConfigUserPathResult(TypedDict):
    """The result of config.user_path."""

    path: str


class ConfigWriteResult(TypedDict):
    """The result of config.write."""


class ConfigWriteUserResult(TypedDict):
    """The result of config.write_user."""


class Copied(TypedDict):
    """One feature moved by ``export_runs`` / ``import_runs``."""

    feature_id: str
    state: bool
    events: int
    stop: bool


class CostMode(TypedDict):
    """Cheap or costly rescans, from the first scan sample, with the expiry of that decision."""

    mode: CostModeName
    expires_at: str
    expired: NotRequired[bool]


class Criterion(TypedDict):
    """One acceptance criterion of an intent: its text and the scenarios that prove it."""

    text: str
    scenarios: NotRequired[list[str]]


class DiscoverFeatures(TypedDict):
    """Parse ``report`` for follow-up features, de-duplicate them against the backlog, keep the
    first ``max``, mint ids and save them. Answer with ``Discovered``."""

    kind: Literal["discover_features"]
    phase: Phase | _enums.Phase
    round: int
    report: FileRef
    max: int
    enrich: bool
    auto_approve: bool
    prepare: NotRequired[list[PrepareAction]]


class Finish(TypedDict):
    """The run ended well (``pending-review`` or ``done``); harvest learnings when asked."""

    kind: Literal["finish"]
    phase: Literal["pending-review", "done"]
    round: int
    notify: Literal["success"]
    harvest_learnings: bool
    prepare: NotRequired[list[PrepareAction]]


class Gather(TypedDict):
    """Collect the changed files (tracked: added + deleted lines; untracked: line count) and the
    texts of the listed round files that exist. Answer with ``Gathered``."""

    kind: Literal["gather"]
    phase: Phase | _enums.Phase
    round: int
    need: list[Literal["changed_files"]]
    round_files: list[str]
    prepare: NotRequired[list[PrepareAction]]


class RunAgent(TypedDict):
    """Run one agent once: wait ``wait_ms``, build the role's prompt, run ``runner`` with ``model``;
    when it ran and exited with a code other than 1 or 2, run the guard named by ``guard``; then
    read the ``collect`` files. Answer with an ``AgentExit``. Transient retries are further
    ``run_agent`` decisions with a higher ``attempt``."""

    kind: Literal["run_agent"]
    purpose: Literal["main", "review-fix", "review-rerun", "deep-review", "synthesizer", "deep-fix", "re-verifier"]
    phase: Phase | _enums.Phase
    role: Role
    sub_phase: SubPhase | _enums.SubPhase | Literal[""]
    round: int
    iteration: int
    runner: str
    model: str
    attempt: int
    wait_ms: int
    transient_retries: int
    collect: Collect
    guard: Literal["scope", "testing"] | None
    note: NotRequired[str]
    angles: NotRequired[list[int]]
    conditional_source: NotRequired[str]
    partials: NotRequired[list[str]]
    prepare: NotRequired[list[PrepareAction]]


class RunHealthCheck(TypedDict):
    """Run ``commands`` in order (each with ``timeout_s``); on a failure run ``recovery`` and the
    commands once more. Answer with a ``HealthCheck``."""

    kind: Literal["run_health_check"]
    phase: Phase | _enums.Phase
    round: int
    commands: list[str]
    recovery: list[str]
    timeout_s: int
    prepare: NotRequired[list[PrepareAction]]


class RunHelper(TypedDict):
    """Run a helper agent (the round summarizer) writing ``output``; its failure is ignored. Answer
    with a ``HelperExit``."""

    kind: Literal["run_helper"]
    role: Role
    phase: Phase | _enums.Phase
    round: int
    runner: str
    model: str
    timeout_s: int
    output: FileRef
    prepare: NotRequired[list[PrepareAction]]


class RunHooks(TypedDict):
    """Run the hooks (with their ``on_fail``) and append one ``hook`` event per result with
    ``action``. Answer with ``Hooks``."""

    kind: Literal["run_hooks"]
    timing: HookTiming
    phase: Phase | _enums.Phase
    round: int
    action: str
    hooks: list[HookEntry]
    prepare: NotRequired[list[PrepareAction]]


class ParallelAgent(TypedDict):
    """One agent of a ``RunParallel``: a deep reviewer (``angles``, writing ``partial``) or the
    reviewer / tester of parallel review/test (its own ``runner`` and ``model``; the run note, if
    any, on the reviewer)."""

    role: Role
    index: int
    angles: NotRequired[list[int]]
    partial: NotRequired[str]
    runner: NotRequired[str]
    model: NotRequired[str]
    note: NotRequired[str]


class RunParallel(TypedDict):
    """Run every agent concurrently, each writing its partial report; read the ``collect`` files.
    With ``guards`` (parallel review/test), run those guards once every agent exited 0 and send
    their results as ``guard`` (scope) and ``testing_guard``. Answer with a ``ParallelExit``."""

    kind: Literal["run_parallel"]
    phase: Phase | _enums.Phase
    sub_phase: SubPhase | _enums.SubPhase | Literal[""]
    round: int
    runner: str
    model: str
    transient_retries: int
    agents: list[ParallelAgent]
    guards: NotRequired[list[Literal["scope", "testing"]]]
    collect: Collect
    prepare: NotRequired[list[PrepareAction]]


class Stop(TypedDict):
    """The run ends (the state is already written): remove the stop file when ``clear_stop_signal``,
    notify at level ``notify`` when notifications are enabled."""

    kind: Literal["stop"]
    phase: Phase | _enums.Phase
    round: int
    reason: str
    message: str
    notify: NotifyLevel | _enums.NotifyLevel
    clear_stop_signal: NotRequired[bool]
    prepare: NotRequired[list[PrepareAction]]


#: A decision of the conductor, discriminated by ``kind``.
Decision: TypeAlias = Union[
    RunAgent,
    RunParallel,
    RunHelper,
    RunHealthCheck,
    CaptureBaseline,
    Gather,
    RunHooks,
    DiscoverFeatures,
    AwaitHuman,
    Stop,
    Finish,
]


class DesignDoc(TypedDict):
    """A feature's spec or plan: ``content`` and ``source`` are ``""`` when ``found`` is false."""

    content: str
    source: str
    found: bool
    warnings: list[FileWarning]


class DesignDocSearch(TypedDict):
    """Where a feature's spec or plan document may be, in search order."""

    yaml_path: str
    candidates: list[str]


class DiscoveredFeature(TypedDict):
    """A feature proposed in a report (Go ``DiscoveredFeature``)."""

    title: NotRequired[str]
    description: NotRequired[str]


class DiscoverDedupeResult(TypedDict):
    """The result of discover.dedupe."""

    features: list[DiscoveredFeature]


class ReportFeature(TypedDict):
    """A ``[NEW-FEATURE]`` block of a report."""

    title: str
    description: str


class DiscoverParseResult(TypedDict):
    """The result of discover.parse."""

    features: list[ReportFeature]


class Discovered(TypedDict):
    """The feature ids a ``DiscoverFeatures`` created."""

    kind: Literal["discovered"]
    created: list[str]


class PlannedFeature(TypedDict):
    """A feature a run creates from a candidate: its id, name, status and whether to enrich it."""

    id: str
    name: str
    title: str
    description: str
    status: Literal["not-started", "draft"]
    enrich: bool


class DiscoveryPlan(TypedDict):
    """The features to create and the candidates over ``max_discovered_features``."""

    features: list[PlannedFeature]
    capped: list[DiscoveredFeature]


class DispatchResult(TypedDict):
    """The result of ``router.dispatch``."""

    mode: str
    agent: str | None


class Dispute(TypedDict):
    """One disputed finding of a remediation: the finding, the command that verifies the dispute and
    its output."""

    finding: NotRequired[str]
    verify_command: NotRequired[str]
    verify_output: NotRequired[str]


class DomainFile(TypedDict):
    """A candidate domain file and its content."""

    path: str
    content: str


class EditionForVersionResult(TypedDict):
    """The result of ``router.edition_for_version``."""

    edition: Edition
    exact: bool


class EnumsListResult(TypedDict):
    """The result of enums.list."""

    values: list[str]


class Escalation(TypedDict):
    """An escalation record (``escalation.json``)."""

    needed: NotRequired[bool]
    reason: NotRequired[str]
    detail: NotRequired[str]


class EscalationIn(TypedDict):
    """An escalation record of the pure ``miner.scan_escalations`` input."""

    feature_id: NotRequired[str]
    round: NotRequired[int]
    text: NotRequired[str]


class Event(TypedDict):
    """One ``events.jsonl`` line; ``ts`` is stamped from ``now`` when empty."""

    ts: NotRequired[str]
    phase: NotRequired[str]
    type: NotRequired[str]
    role: NotRequired[str]
    round: NotRequired[int]
    action: NotRequired[str]
    cmd: NotRequired[str]
    status: NotRequired[str]
    detail: NotRequired[str]
    runner: NotRequired[str]
    model: NotRequired[str]
    notify: NotRequired[str]
    tokens_used: NotRequired[int]
    cost_usd: NotRequired[float]
    duration_ms: NotRequired[int]
    index: NotRequired[int]
    checkpoint: NotRequired[dict[str, Any]]


class EventsCheck(TypedDict):
    """Non-blank lines, lines that decode into an Event, and the problems found."""

    lines: int
    events: int
    warnings: list[FileWarning]


class EvidenceIsScreenshotFileResult(TypedDict):
    """The result of evidence.is_screenshot_file."""

    is_screenshot: bool


class EvidenceNormalizeScreenshotPathResult(TypedDict):
    """The result of evidence.normalize_screenshot_path."""

    path: str


class Screenshot(TypedDict):
    """One screenshot (Go ``feature.Screenshot``)."""

    path: NotRequired[str]
    step: NotRequired[str]
    description: NotRequired[str]


class VerifyCommandRecord(TypedDict):
    """A verify command's record, as far as decoding verify.json needs it."""

    command: NotRequired[str]
    exitCode: NotRequired[int]
    expectedExitCode: NotRequired[int | None]
    durationMs: NotRequired[int]
    summary: NotRequired[str]
    startedAt: NotRequired[str | None]
    finishedAt: NotRequired[str | None]
    group: NotRequired[str]
    skipped: NotRequired[bool]


class VerifyRecord(TypedDict):
    """The parts of ``verify.json`` (VerifyEvidence) the screenshot grouping decodes."""

    passed: NotRequired[bool]
    round: NotRequired[int]
    role: NotRequired[str]
    commands: NotRequired[list[VerifyCommandRecord] | None]
    screenshots: NotRequired[list[Screenshot] | None]
    ac_results: NotRequired[list[CheckRecord] | None]
    manual_check_results: NotRequired[list[CheckRecord] | None]


class EvidenceParseVerifyResult(TypedDict):
    """The result of evidence.parse_verify."""

    verify: VerifyRecord


class EvidenceRenderVerifyResult(TypedDict):
    """The result of evidence.render_verify."""

    text: str


class EvidenceScreenshotDirResult(TypedDict):
    """The result of evidence.screenshot_dir."""

    dir: str


class ScreenshotTarget(TypedDict):
    """Where one round's screenshots go: the round and its directory."""

    round: int
    dir: str


class EvidenceScreenshotTargetsResult(TypedDict):
    """The result of evidence.screenshot_targets."""

    targets: list[ScreenshotTarget]


class EvidenceSortScreenshotsResult(TypedDict):
    """The result of evidence.sort_screenshots."""

    screenshots: list[Screenshot]


class ManualCheck(TypedDict):
    """A manual check the tester performs."""

    id: NotRequired[str]
    ac_ref: NotRequired[str]
    description: NotRequired[str]
    steps: NotRequired[list[str] | None]


class StrategyHealthCheck(TypedDict):
    """The pre-testing health check of a test strategy."""

    commands: NotRequired[list[str] | None]
    recovery: NotRequired[list[str] | None]
    timeout: NotRequired[int]


class TestStrategy(TypedDict):
    """The designer's test strategy (``<FeatureDir>/test-strategy.yaml``)."""

    web: NotRequired[bool]
    api: NotRequired[bool]
    gate: NotRequired[bool]
    coder_only: NotRequired[bool]
    verify_commands: NotRequired[list[str] | None]
    health_check: NotRequired[StrategyHealthCheck | None]
    verify_groups: NotRequired[dict[str, list[str] | None] | None]
    profiles: NotRequired[list[str] | None]
    manual_checks: NotRequired[list[ManualCheck] | None]
    ac_verify_map: NotRequired[dict[str, str] | None]
    e2e_repos: NotRequired[list[str] | None]


class Facts(TypedDict):
    """What the harness knows about the world right now."""

    interrupted: NotRequired[bool]
    stop_requested: NotRequired[bool]
    rounds_summary_exists: NotRequired[bool]
    baseline_exists: NotRequired[bool]
    test_strategy: NotRequired[TestStrategy]
    changed_files: NotRequired[list[ChangedFile]]
    round_files: NotRequired[dict[str, str]]


class FailPatternScan(TypedDict):
    """Candidates and learnings from issues repeated across features' review reports."""

    candidates: list[Candidate]
    learnings: list[CandidateLearning]
    warnings: list[FileWarning]


class IssueRef(TypedDict):
    """A linked tracker issue."""

    repo: NotRequired[str]
    id: NotRequired[str]
    url: NotRequired[str]


class PhaseOverride(TypedDict):
    """A per-phase runner and model-tier override set in the feature file."""

    runner: NotRequired[str]
    model: NotRequired[str]


class Subtask(TypedDict):
    """A feature's sub-task."""

    id: NotRequired[str]
    name: NotRequired[str]
    status: NotRequired[str]
    description: NotRequired[str]
    depends: NotRequired[list[str] | None]


class Feature(TypedDict):
    """One feature of the backlog (``.4x/features/<id>.yaml``), JSON op shape."""

    id: NotRequired[str]
    name: NotRequired[str]
    description: NotRequired[str]
    status: NotRequired[str]
    priority: NotRequired[int | None]
    profile: NotRequired[str]
    repos: NotRequired[list[str] | None]
    subtasks: NotRequired[list[Subtask] | None]
    rules: NotRequired[list[str] | None]
    depends: NotRequired[list[str] | None]
    spec: NotRequired[str]
    plan: NotRequired[str]
    hooks: NotRequired[dict[str, list[HookEntry] | None] | None]
    phaseOverrides: NotRequired[dict[str, PhaseOverride] | None]
    deepReviewAllAngles: NotRequired[bool]
    issues: NotRequired[list[IssueRef] | None]
    warnings: NotRequired[list[str] | None]
    budget: NotRequired[Budget | None]


class FeatureConstants(TypedDict):
    """The feature-file constants."""

    statuses: list[str]
    subtask_statuses: list[str]
    id_pattern: str
    default_screenshot_dir: str
    default_on_fail: str


class FeatureList(TypedDict):
    """Every feature of ``.4x/features`` (leniently loaded, sorted by id) and what was skipped."""

    features: list[Feature]
    warnings: list[FileWarning]


class FeatureLoadYamlResult(TypedDict):
    """The result of feature.load_yaml."""

    feature: Feature


class FeatureParseYamlResult(TypedDict):
    """The result of feature.parse_yaml."""

    feature: Feature


class FeatureRenderYamlResult(TypedDict):
    """The result of feature.render_yaml."""

    text: str


class FeatureStatusSync(TypedDict):
    """A feature file's status after syncing it from a phase, and the commit payload when it changed
    (``commit`` null otherwise)."""

    changed: bool
    status: FeatureStatus | _enums.FeatureStatus
    previous_status: str
    commit: CommitMessage | None


class FeatureValidateLooseResult(TypedDict):
    """The result of feature.validate_loose."""

    warnings: list[str]


class FeatureValidation(TypedDict):
    """Every problem of a feature (``message`` is ``""`` when valid)."""

    valid: bool
    errors: list[str]
    message: str


class FinalizeMemoryResult(TypedDict):
    """The result of ``router.finalize_memory``."""

    active_context: str
    progress: str
    patterns: str


class State(TypedDict):
    """A feature's ``state.json``; results always carry the "always" keys (``featureId`` ...
    ``lastFailCount``), the others only when non-zero."""

    featureId: NotRequired[str]
    phase: NotRequired[Phase | _enums.Phase | Literal[""]]
    role: NotRequired[Role | Literal[""]]
    subPhase: NotRequired[SubPhase | _enums.SubPhase | Literal[""]]
    round: NotRequired[int]
    maxRounds: NotRequired[int]
    active: NotRequired[bool]
    pid: NotRequired[int]
    runner: NotRequired[str]
    label: NotRequired[str]
    createdAt: NotRequired[str]
    updatedAt: NotRequired[str]
    since: NotRequired[str]
    consecutiveNoProgress: NotRequired[int]
    lastFailCount: NotRequired[int]
    stopReason: NotRequired[str]
    stopMessage: NotRequired[str]
    runners: NotRequired[list[str]]
    profile: NotRequired[str]
    selfModTouched: NotRequired[bool]
    selfModPaths: NotRequired[list[str]]
    selfModApproved: NotRequired[bool]
    guardRetries: NotRequired[int]
    baseCommit: NotRequired[str]
    manualPhase: NotRequired[bool]


class Finalized(TypedDict):
    """A feature moved to ``done``: the state written, non-fatal warnings, the commit payload."""

    state: State
    warnings: list[FileWarning]
    commit: CommitMessage | None


class PlannedTask(TypedDict):
    """A task to create (``ref`` is the local ``new:<name>``)."""

    ref: str
    subject: str
    description: str
    active_form: str | None
    agent: str
    blocked_by: list[str]


class FollowupResult(TypedDict):
    """The result of ``router.followup_tasks``; the graph decides which extra keys appear."""

    graph: Literal["remfix", "re_review", "investigation", "escalate_full", "plan_prune"]
    decision: str
    creates: list[PlannedTask]
    updates: list[dict[str, Any]]
    stop: bool
    cycle_number: NotRequired[int | None]
    loop_increments: NotRequired[dict[str, int]]
    completed_remfix: NotRequired[int]
    build_scope: NotRequired[str]
    memory_unblocked: NotRequired[bool | None]


class GateDecision(TypedDict):
    """What a pending gate does under JUST_GO."""

    action: GateAction
    answer: str | None
    log_decision: bool


class Gathered(TypedDict):
    """What a ``Gather`` collected."""

    kind: Literal["gathered"]
    changed_files: list[ChangedFile]
    round_files: NotRequired[dict[str, str]]


class GcPlan(TypedDict):
    """What a GC pass marks, unmarks and removes, and the document after it."""

    doc: str
    changed: bool
    orphans: list[str]
    marked: list[str]
    unmarked: list[str]
    removable: list[str]
    removed: list[str]
    kept_archive_failed: list[str]


class GitFacts(TypedDict):
    """The git facts a non-NoOp fold records in the front matter."""

    head: NotRequired[str]
    branch: NotRequired[str]
    dirty: NotRequired[bool]


class GuardChangedFile(TypedDict):
    """One changed path relative to the scope root (in a multi-repository workspace its first
    segment names the repository). ``status`` is a word (``added``, ``modified``, ``deleted``,
    ``renamed``, ``copied``, ``type-changed``, ``unmerged``, ``untracked``) or git's
    ``--name-status`` letter (``A``, ``M``, ``D``, ``R100``, ``C075``, ``T``, ``U``, ``?``);
    absent means ``modified``. A rename also touches its ``old_path``. ``lines``: added + deleted
    lines of a tracked file, the line count of an untracked one."""

    path: str
    status: NotRequired[str]
    old_path: NotRequired[str]
    lines: NotRequired[int]


class GuardedRoot(TypedDict):
    """A project root the guard accepts, with its storage root and project id."""

    allowed: bool
    root: str
    storage_root: str
    project_id: str


class HealthCheck(TypedDict):
    """The result of a ``RunHealthCheck``."""

    kind: Literal["health_check"]
    ok: bool
    error: NotRequired[str]


class HelperExit(TypedDict):
    """A ``RunHelper`` ran (``ok`` is informative only)."""

    kind: Literal["helper_exit"]
    ok: NotRequired[bool]


class Hooks(TypedDict):
    """Whether the hooks of a ``RunHooks`` succeeded."""

    kind: Literal["hooks"]
    ok: bool


class HooksMergeResult(TypedDict):
    """The result of hooks.merge."""

    hooks: dict[str, list[HookEntry] | None] | None


class HumanReply(TypedDict):
    """What a person answered an ``AwaitHuman``: ``approve``, ``reject`` or a note."""

    kind: Literal["human_reply"]
    answer: str


class HumanTimeout(TypedDict):
    """Nobody answered an ``AwaitHuman`` within its ``timeout_ms``."""

    kind: Literal["human_timeout"]


class HunterFindings(TypedDict):
    """The hunter's result."""

    status: NotRequired[HunterStatus]
    critical_issues: NotRequired[list[str]]


class Index(TypedDict):
    """The rendered index: text, its tokens, modules shown / not shown and the budget."""

    text: str
    tokens: int
    shown: int
    not_shown: int
    budget: int


class IntentContract(TypedDict):
    """Goal, constraints, acceptance criteria and named scenarios."""

    goal: NotRequired[str]
    constraints: NotRequired[list[str]]
    acceptance_criteria: NotRequired[list[str]]
    scenarios: NotRequired[list[str]]


class IntentReadyResult(TypedDict):
    """The result of ``router.intent_ready``."""

    ready: bool
    failed: list[str]
    action: Literal["proceed", "switch_to_plan", "halt_contradiction", "ask_specificity"]
    pending_gate: str | None
    unverifiable: list[str]


class InvalidTask(TypedDict):
    """A belonging task whose metadata fails, or a task of the workflow without the ``CC10X ``
    subject prefix (``error`` ``invalid_value``, ``field`` ``subject``)."""

    id: str
    error: str
    field: str | None


class ItemVerdict(TypedDict):
    """Whether one claim passes the rejecting gates: its id (when ``valid``), or the reason and
    detail (when not)."""

    valid: bool
    id: NotRequired[str]
    reason: NotRequired[RejectReason]
    detail: NotRequired[str]


class Limits(TypedDict):
    """A role's loop and fan-out limits after defaults."""

    max_fix_rounds: int
    parallel_reviewers: int
    angles_per_reviewer: int
    max_discovered_features: int


class Loop(TypedDict):
    """The conductor's run memory besides the state. Opaque to a harness: pass it back as it was
    returned (``step`` names the pending decision, ``"top"`` or ``"ended"``)."""

    step: NotRequired[str]
    designer_escalations: NotRequired[int]
    iterations: NotRequired[dict[str, int]]
    options: NotRequired[dict[str, Any]]
    pending: NotRequired[dict[str, Any]]
    review_fix: NotRequired[dict[str, Any]]
    deep: NotRequired[dict[str, Any]]
    spent: NotRequired[dict[str, Any]]
    gates: NotRequired[list[str]]
    note: NotRequired[str]
    at: NotRequired[dict[str, Any]]


class LoopGateResult(TypedDict):
    """The result of ``router.loop_gate``."""

    loop: str
    cap: int
    count: int
    allowed: bool
    checkpoint_required: bool


class ManualCheckResult(TypedDict):
    """One manual check's result (Go ``ManualCheckResult``)."""

    id: NotRequired[str]
    passed: NotRequired[bool]
    evidence: NotRequired[list[str] | None]


class ManualOverride(TypedDict):
    """A phase's manual runner and model after per-run overrides."""

    runner_manual: str
    model_manual: str


class Marker(TypedDict):
    """One router marker line: its kind, workflow and, for the markers that carry them, the reason
    or memory task id."""

    marker: MarkerKind
    wf: str
    reason: str | None
    memory_task_id: str | None


class MemoryCheck(TypedDict):
    """Required headings missing and present, in table order."""

    missing: list[str]
    present: list[str]
    ok: bool


class MemoryEvidenceResult(TypedDict):
    """The result of ``router.memory_evidence``."""

    ok: bool
    gaps: list[Literal["origin_not_router", "missing_router_only_marker", "subject_not_router_owned", "missing_memory_finalized_event"]]


class MemoryRepair(TypedDict):
    """The healed text, the headings inserted and where they went."""

    text: str
    inserted: list[str]
    placement: Placement


class MemoryTaskResult(TypedDict):
    """The result of ``router.memory_task``."""

    memory_task_id: str | None
    marker: Literal["match", "stale", "other_wf", "absent"]
    persist_marker: bool
    marker_text: str | None


class MergedConfig(TypedDict):
    """A merged project + user config, and the user side's problems as warnings."""

    config: Config
    warnings: list[FileWarning]


class MetaCatalogResult(TypedDict):
    """The result of meta.catalog."""

    ops: list[CatalogOp]
    types: list[CatalogType]


class MetaVersionResult(TypedDict):
    """The result of meta.version."""

    version: str
    version_number: int


class MinerScan(TypedDict):
    """Improvement candidates mined from past runs, with what could not be read."""

    candidates: list[Candidate]
    warnings: list[FileWarning]


class ModelConstants(TypedDict):
    """The tier names (default deep tier first), the default tier and the default deep tier."""

    tiers: list[str]
    default_tier: str
    default_deep_tier: str


class ModelResolveDeepResult(TypedDict):
    """The result of model.resolve_deep."""

    model: str


class ModelResolveMiniCoderResult(TypedDict):
    """The result of model.resolve_mini_coder."""

    model: str


class ModelResolvePhaseResult(TypedDict):
    """The result of model.resolve_phase."""

    model: str


class ModelResolveResult(TypedDict):
    """The result of model.resolve."""

    model: str


class ModelResolveTierResult(TypedDict):
    """The result of model.resolve_tier."""

    model: str


class ModelTierResult(TypedDict):
    """The result of ``router.model_tier``."""

    agent: str
    tier: ModelTier
    recommended: str
    floor: str | None
    floor_applied: bool


class ModuleView(TypedDict):
    """The read view of one module: its prose sections and derived imports."""

    module: str
    imports: list[str]
    imported_by: list[str]
    code_changed: bool
    sections: list[BlueprintSection]


class NextId(TypedDict):
    """The next feature number, its id and display name (``<prefix><number>: <name>``)."""

    number: int
    id: str
    name: str
    prefix: str
    digits: int


class ParallelResult(TypedDict):
    """One parallel agent's exit."""

    index: int
    exit_code: int
    error: NotRequired[str]
    stats: NotRequired[RunStats]


class ParallelExit(TypedDict):
    """What a ``RunParallel`` produced: one result per agent and the partial files."""

    kind: Literal["parallel_exit"]
    results: list[ParallelResult]
    interrupted: NotRequired[bool]
    round_files: NotRequired[dict[str, str]]
    guard: NotRequired[GuardResult | Verdict]
    testing_guard: NotRequired[GuardResult | Verdict]


#: An outcome for ``apply``, discriminated by ``kind``; it must answer the pending decision
#: (``run_agent`` ↔ ``agent_exit``, ``run_parallel`` ↔ ``parallel_exit``, ``await_human`` ↔
#: ``human_reply`` / ``human_timeout``, ...).
Outcome: TypeAlias = Union[
    AgentExit,
    ParallelExit,
    HelperExit,
    HealthCheck,
    Baseline,
    Gathered,
    Hooks,
    Discovered,
    HumanReply,
    HumanTimeout,
]


class ParseBrainstormHandoffResult(TypedDict):
    """The result of ``router.parse_brainstorm_handoff``."""

    design_file: str
    design_summary: str
    memory_notes: dict[str, Any] | None


class ParseMarkersResult(TypedDict):
    """The result of ``router.parse_markers``."""

    markers: list[Marker]
    debug_attempts: int
    debug_stuck: bool


class Scenarios(TypedDict):
    """The integration-verifier's scenario accounting in ``ParseReadonlyOutputResult``."""

    total: int
    passed: int
    failed: int
    blocked: NotRequired[int]
    rows: list[dict[str, Any]]
    evidence: list[str]


class ParseReadonlyOutputResult(TypedDict):
    """The result of ``router.parse_readonly_output``."""

    agent: str
    source: Literal["envelope", "heading", "yaml"]
    envelope_error: Literal["missing", "malformed"] | None
    heading_status: str | None
    reported_status: str
    status: str
    blocking: bool
    critical_issues: list[str]
    critical_count: int
    intent: dict[str, Any]
    checks: list[str]
    advice: NotRequired[list[Advice]]
    needs_inline_verification: bool
    passes: bool
    memory_notes: dict[str, Any] | None
    self_remediated: bool | None
    remediation_source: str | None
    blocking_findings: NotRequired[int]
    scenarios: NotRequired[Scenarios]
    adjudication: NotRequired[Adjudication]


class ReadonlyOutput(TypedDict):
    """``router.parse_output`` for a read-only agent: ``kind == "readonly"``."""

    kind: Literal["readonly"]
    result: ParseReadonlyOutputResult
    may_advance: bool


class ParseWriteContractResult(TypedDict):
    """The result of ``router.parse_write_contract``."""

    agent: str
    status: str
    claims_pass: bool | None
    passed: bool | None
    violations: list[str]
    soft_pass: bool
    memory_notes: Any
    fields: dict[str, Any]
    escalate_to_full: NotRequired[bool]


class WriteOutput(TypedDict):
    """``router.parse_output`` for a write agent: ``kind == "write"``."""

    kind: Literal["write"]
    result: ParseWriteContractResult
    may_advance: bool


#: The result of ``router.parse_output``: a tagged union on ``kind`` (narrow with ``if out["kind"]
#: == "readonly": ...``); ``may_advance`` is on both.
ParseOutputResult: TypeAlias = Union[
    ReadonlyOutput,
    WriteOutput,
]


class ParseSessionSettingsResult(TypedDict):
    """The result of ``router.parse_session_settings``."""

    section_found: bool
    auto_proceed: bool
    just_go: bool
    diff_driven_docs_skip: bool


ParseSubjectResult = TypedDict(
    "ParseSubjectResult",
    {
        "class": str,
        "workflow": WorkflowType | None,
        "agent": str | None,
        "summary": str | None,
    },
)
ParseSubjectResult.__doc__ = "The result of ``router.parse_subject``."


class ParseTaskMetadataResult(TypedDict):
    """The result of ``router.parse_task_metadata``."""

    wf: str
    kind: TaskKind
    origin: TaskOrigin | None
    phase: WorkflowPhase | None
    plan: str | None
    scope: str | None
    reason: str | None
    body: str
    canonical: bool


class PhaseIsSelectableResult(TypedDict):
    """The result of phase.is_selectable."""

    selectable: bool


class PhaseRoleResult(TypedDict):
    """The result of phase.role."""

    role: Role | Literal[""]


class PhaseToStatusResult(TypedDict):
    """The result of phase.to_status."""

    status: FeatureStatus | _enums.FeatureStatus


class ResolvedPhase(TypedDict):
    """One phase of a resolved pipeline."""

    phase: str
    role: str
    runner: str
    model: str


class PipelineResolveResult(TypedDict):
    """The result of pipeline.resolve."""

    phases: list[ResolvedPhase]


class PlanTrustResult(TypedDict):
    """The result of ``router.plan_trust_gate``."""

    passed: bool
    plan: bool
    failed: list[Literal["open_decisions_resolved", "differences_present", "plan_mode_explicit", "verification_rigor_explicit", "phases_complete", "constraints_consistent"]]
    action: Literal["start_build", "ask_clarification", "nogo_contradiction"]
    pending_gate: str | None
    unresolved_decisions: list[Any]
    phases_without_exit_criteria: list[str]


class PreToolUseResult(TypedDict):
    """The result of ``router.pre_tool_use``."""

    decision: Literal["allow", "deny"]
    guard: Literal["git", "qa_denied_read", "qa_plan_write", "bash_scope", "malformed"] | None
    reason: str | None
    consume_approval: bool


class RankedSource(TypedDict):
    """A source with its rank (1 strongest, 6 weakest)."""

    id: str
    kind: SourceKind
    rank: int


class Precedence(TypedDict):
    """Every source by rank, and the winner."""

    order: list[RankedSource]
    winner: RankedSource


class PrecedenceSource(TypedDict):
    """An instruction source: the caller's id and its class."""

    id: str
    kind: SourceKind


class ReviewerFindings(TypedDict):
    """The reviewer's result: ``status`` (required) is ``APPROVE`` or ``CHANGES_REQUESTED``."""

    status: NotRequired[ReviewerStatus]
    critical_issues: NotRequired[list[str]]


class PreviousFindings(TypedDict):
    """Review/hunt results for the integration-verifier."""

    reviewer: NotRequired[ReviewerFindings]
    hunter: NotRequired[HunterFindings | None]


class ProfileEnabledPhasesResult(TypedDict):
    """The result of profile.enabled_phases."""

    phases: list[str]


class ProfileEnables(TypedDict):
    """Whether a profile enables a phase and/or a role's phase: the phase keys when a phase was
    asked about, ``enables_role`` when a role was."""

    enables_phase: NotRequired[bool]
    has_phase: NotRequired[bool]
    enables_role: NotRequired[bool]


class ProfilesDefaultResult(TypedDict):
    """The result of profiles.default."""

    profiles: dict[str, ProfileConfig]


class ProgressTask(TypedDict):
    """One line of progress.md's ``## Tasks``: its text (one non-blank line) and whether it is done."""

    text: str
    done: NotRequired[bool]


class Prompt(TypedDict):
    """The rendered frame, its headings, and the sections the role rules left out."""

    text: str
    sections: list[str]
    dropped: list[str]


class Proof(TypedDict):
    """The proof a REM-FIX carries: the covering tests (one or a list), the test command and its
    output."""

    covering_tests: NotRequired[list[str] | str]
    test_command: NotRequired[str]
    test_output: NotRequired[str]


class Rebuilt(TypedDict):
    """The result of ``rebuild`` and ``fork``: the step (state, loop and decision) a run's events
    recorded, and ``keep``, the number of events up to and including its checkpoint."""

    state: State
    loop: Loop
    decision: Decision
    keep: int


class ReconcileVerdictsResult(TypedDict):
    """The result of ``router.reconcile_verdicts``."""

    outcome: str
    contradiction: bool
    authoritative: dict[str, Any]


class Reconciled(TypedDict):
    """A state after the liveness check, and whether ``active`` was cleared."""

    state: State
    changed: bool


class RemfixCompletionResult(TypedDict):
    """The result of ``router.remfix_completion``."""

    earlier_cycles: int
    cap: int
    allowed: bool
    history_missing: bool


class ReportIn(TypedDict):
    """A report of the pure ``miner.scan_fail_patterns`` input."""

    feature_id: NotRequired[str]
    round: NotRequired[int]
    report: NotRequired[str]
    text: NotRequired[str]


class ReportIssues(TypedDict):
    """The verdict and issue titles of a review report."""

    passed: bool
    issues: list[str]


class ReposEffectiveHubResult(TypedDict):
    """The result of repos.effective_hub."""

    hub_repos: list[str]


class ReposResolveFeaturePathsResult(TypedDict):
    """The result of repos.resolve_feature_paths."""

    paths: dict[str, str]


class ReposResolvePathsResult(TypedDict):
    """The result of repos.resolve_paths."""

    paths: dict[str, str]


class ResearchFiles(TypedDict):
    """The web and GitHub research file paths (blank or ``None``: no file)."""

    web: NotRequired[str | None]
    github: NotRequired[str | None]


class ResolvedProfile(TypedDict):
    """The profile a feature runs with (``profile.resolve``)."""

    name: str
    profile: ProfileConfig
    warnings: list[str]


class ResumeListing(TypedDict):
    """What ``resume`` and a resuming ``start`` need from disk: the state and the texts of the fixed
    artifact names of the feature directory and of the state's round directory."""

    state: State
    feature_files: dict[str, str]
    round_files: dict[str, str]


Resumed = TypedDict(
    "Resumed",
    {
        "state": State,
        "manual_phase_consumed": bool,
        "recovered": bool,
        "from": str,
        "to": str,
        "sub_phase": SubPhase | _enums.SubPhase | Literal[""],
    },
)
Resumed.__doc__ = "The result of ``resume``: the recovered state, whether a manual phase was consumed, whether ``recover_to`` was applied (phase ``from`` -> ``to``) and the resulting sub-phase (``\"\"`` when none)."


class RevisionPrune(TypedDict):
    """Which revision file names to keep, delete and ignore."""

    keep: list[str]
    delete: list[str]
    ignored: list[str]


class RoleArtifactView(TypedDict):
    """A role's required, forbidden and absent-upstream artifacts under a profile."""

    required: list[str]
    forbidden: list[str]
    absent_upstream: list[str]


class RoundTextIn(TypedDict):
    """A round's escalation text in the pure ``miner.scan_stuck`` input."""

    round: NotRequired[int]
    text: NotRequired[str]


class RoundVerify(TypedDict):
    """One ``round-<n>`` directory of a feature with its verify.json text (``None`` when absent)."""

    round: NotRequired[int]
    verify: NotRequired[str | None]


class RouteResult(TypedDict):
    """The result of ``router.route``."""

    workflow: WorkflowType
    signal: str
    priority: int
    matched: list[str]
    chain: str
    announcement: str
    override: str | None
    matches: dict[str, list[str]]


class RouterEventLineResult(TypedDict):
    """The result of router.event_line."""

    line: str


class RouterFormatMarkerResult(TypedDict):
    """The result of router.format_marker."""

    text: str


class RouterFormatPreviousFindingsResult(TypedDict):
    """The result of router.format_previous_findings."""

    text: str


class RouterFormatTaskMetadataResult(TypedDict):
    """The result of router.format_task_metadata."""

    text: str


class RouterMemoryTemplateResult(TypedDict):
    """The result of router.memory_template."""

    text: str


class RouterNewArtifactResult(TypedDict):
    """The result of router.new_artifact."""

    artifact: dict[str, Any]


class RouterNewWorkflowIdResult(TypedDict):
    """The result of router.new_workflow_id."""

    workflow_uuid: str


class RouterResolveScopeReplyResult(TypedDict):
    """The result of router.resolve_scope_reply."""

    scope: TaskScope


class RouterSkillHintsResult(TypedDict):
    """The result of router.skill_hints."""

    hints: list[str]


class RunnableRow(TypedDict):
    """One task of the workflow in ``router.runnable_tasks``."""

    id: str
    kind: TaskKind
    phase: WorkflowPhase | None
    status: str
    state: Literal["done", "waiting_on_remediation", "blocked", "ask_user", "serialized", "runnable"]
    unresolved_blockers: list[str]
    dispatch: dict[str, Any] | None


class RunnableTasksResult(TypedDict):
    """The result of ``router.runnable_tasks``."""

    workflow_id: str
    parent: str | None
    tasks: list[RunnableRow]
    runnable: list[str]
    parallel: list[str] | None
    waiting: list[str]
    ask_user: list[str]
    invalid: list[InvalidTask]
    next_action: Literal["repair_metadata", "ask_user", "run_memory_inline", "dispatch", "complete", "wait", "stalled"]


class RunnerPreset(TypedDict):
    """A built-in runner preset (Go ``RunnerPreset``)."""

    name: NotRequired[str]
    config: NotRequired[RunnerConfig]


class RunnerResolvePhaseResult(TypedDict):
    """The result of runner.resolve_phase."""

    runner: str


class RunnersSupportedMapResult(TypedDict):
    """The result of runners.supported_map."""

    runners: dict[str, RunnerConfig]


class RunnersSupportedResult(TypedDict):
    """The result of runners.supported."""

    runners: list[RunnerPreset]


class SnapshotModule(TypedDict):
    """One module of a snapshot: its path, content fingerprint and size in bytes."""

    path: str
    fingerprint: NotRequired[str]
    bytes: NotRequired[int]


class ScanResult(TypedDict):
    """A repository scan (``blueprint.scan``): a snapshot plus its token, languages and the source
    files too large to read."""

    modules: list[SnapshotModule]
    edges: list[list[str]]
    repo_token: str
    languages: list[Language]
    oversize: list[str]


class ScopeDecisionResult(TypedDict):
    """The result of ``router.scope_decision`` (``options`` only with ``ask_again``)."""

    pending: bool
    action: Literal["route_normally", "ask_again", "create_remfix", "ask_user"]
    scope: str | None
    wf: str | None
    reason: str | None
    active_context: str
    followup: FollowupResult | None
    stop: bool
    options: NotRequired[list[str]]


class ScreenshotGroup(TypedDict):
    """The screenshots of one round, in step order."""

    round: int
    screenshots: list[Screenshot]


class ScreenshotGroups(TypedDict):
    """A feature's screenshots grouped by round, with what could not be read."""

    groups: list[ScreenshotGroup]
    warnings: list[FileWarning]


class ScreenshotName(TypedDict):
    """The step and description encoded in a screenshot file name."""

    step: str
    description: str


class Script(TypedDict):
    """The result of ``run_script``: start's decision and one per outcome, all events in order, and
    the last state and loop."""

    decisions: list[Decision]
    events: list[Event]
    state: State
    loop: Loop


class Selection(TypedDict):
    """The angles selected for a change and the matches behind them."""

    angles: list[int]
    matches: list[AngleMatch]


class SimilarityIsSimilarResult(TypedDict):
    """The result of similarity.is_similar."""

    similar: bool


class Snapshot(TypedDict):
    """A repository snapshot: its modules (a path, or a path with fingerprint and size), import
    edges ``[importer, imported]`` and token (a ``blueprint.scan`` result is one as it is; its
    ``languages`` and ``oversize`` are not read)."""

    modules: NotRequired[list[str | SnapshotModule]]
    edges: NotRequired[list[list[str]]]
    repo_token: NotRequired[str]
    languages: NotRequired[list[Language]]
    oversize: NotRequired[list[str]]


class StartInput(TypedDict):
    """The ``start`` input of ``run_script`` (``start``'s arguments, without config and feature;
    ``now`` and ``pid`` are required)."""

    now: NotRequired[str]
    pid: NotRequired[int]
    state: NotRequired[State | None]
    runner: NotRequired[str]
    max_rounds: NotRequired[int]
    profile_name: NotRequired[str]
    run_overrides: NotRequired[dict[str, PhaseSpec]]
    force_all_angles: NotRequired[bool]
    pid_alive: NotRequired[bool]
    feature_files: NotRequired[dict[str, str]]
    round_files: NotRequired[dict[str, str]]
    facts: NotRequired[Facts]
    events: NotRequired[list[Event]]
    note: NotRequired[str]


class StateCanTransitionResult(TypedDict):
    """The result of state.can_transition."""

    allowed: bool


class StateConstants(TypedDict):
    """The run-loop constants."""

    max_guard_retries: int
    no_progress_limit: int


class StateDiagramResult(TypedDict):
    """The result of state.diagram."""

    text: str


class StateFinalizeDoneResult(TypedDict):
    """The result of state.finalize_done."""

    state: State


class StatePhaseToRoleResult(TypedDict):
    """The result of state.phase_to_role."""

    role: Role | Literal[""]


class StateRecoverToResult(TypedDict):
    """The result of state.recover_to."""

    state: State


class StateTransitionResult(TypedDict):
    """The result of state.transition."""

    state: State


class StateValidation(TypedDict):
    """Every failure of a state (``message`` is ``""`` when valid)."""

    valid: bool
    errors: list[str]
    message: str


class StatusSync(TypedDict):
    """A feature text after syncing its status from a phase (``text``/``commit`` null when
    unchanged)."""

    changed: bool
    status: FeatureStatus | _enums.FeatureStatus
    previous_status: str
    text: str | None
    commit: CommitMessage | None


class Step(TypedDict):
    """The result of ``start``, ``next`` and ``apply``: the decision to execute, the state to write,
    the loop to pass back and the events (without ``ts``) to append in order."""

    decision: Decision
    state: State
    loop: Loop
    events: list[Event]


class StopDecision(TypedDict):
    """Whether a run must stop, and why (``""`` when it need not)."""

    stop: bool
    reason: str


class StoragePaths(TypedDict):
    """Where a project's blueprint lives: directory, file and revisions directory."""

    dir: str
    file: str
    revisions: str


class StrategyFile(TypedDict):
    """A feature's ``test-strategy.yaml`` (the zero value when absent)."""

    test_strategy: TestStrategy
    present: bool


class StuckIn(TypedDict):
    """A feature of the pure ``miner.scan_stuck`` input."""

    id: NotRequired[str]
    name: NotRequired[str]
    state_text: NotRequired[str | None]
    escalations: NotRequired[list[RoundTextIn]]


class Task(TypedDict):
    """One task of the host's ``TaskList()``."""

    id: str
    subject: str
    description: str
    status: Literal["pending", "in_progress", "completed", "deleted"]
    blocked_by: NotRequired[list[str] | None]


class TaskGraphNode(TypedDict):
    """One child task of ``TaskGraphResult``."""

    phase: WorkflowPhase
    kind: Literal["agent", "memory"]
    agent: str | None
    blocked_by: list[str]
    reason: str
    subject: NotRequired[str]
    description: NotRequired[str]
    body: NotRequired[str]
    active_form: NotRequired[str | None]


class TaskGraphResult(TypedDict):
    """The result of ``router.task_graph``."""

    workflow: WorkflowType
    parent_phase: str | None
    build_scope: NotRequired[str]
    nodes: list[TaskGraphNode]


class TaskState(TypedDict):
    """The dispatched task as the host sees it now: its status and what still blocks it (read for
    ``self_remediated``)."""

    status: TaskStatusWord
    blocked_by: NotRequired[list[Any] | None]


class TestStrategyParseResult(TypedDict):
    """The result of test_strategy.parse."""

    test_strategy: TestStrategy


class UpdateArtifactResult(TypedDict):
    """The result of ``router.update_artifact``."""

    artifact: dict[str, Any]
    text: str


class UtilHumanSizeResult(TypedDict):
    """The result of util.human_size."""

    text: str


class ValidateWorkflowIdResult(TypedDict):
    """The result of ``router.validate_workflow_id``."""

    workflow_uuid: str
    timestamp: str
    nonce: str


class Validation(TypedDict):
    """The result of ``config.validate``: every problem, in rule order."""

    valid: bool
    errors: list[str]
    message: str


class VerifyCommand(TypedDict):
    """One verify command's result (Go ``VerifyCommand``)."""

    command: NotRequired[str]
    exitCode: NotRequired[int]
    expectedExitCode: NotRequired[int | None]
    durationMs: NotRequired[int]
    summary: NotRequired[str]
    startedAt: NotRequired[str]
    finishedAt: NotRequired[str]
    group: NotRequired[str]
    skipped: NotRequired[bool]


class VerifyEvidence(TypedDict):
    """``verify.json`` (Go ``VerifyEvidence``)."""

    passed: NotRequired[bool]
    round: NotRequired[int]
    role: NotRequired[str]
    commands: NotRequired[list[VerifyCommand] | None]
    screenshots: NotRequired[list[Screenshot] | None]
    ac_results: NotRequired[list[AcEvidence] | None]
    manual_check_results: NotRequired[list[ManualCheckResult] | None]


class WorkspaceAppendEventResult(TypedDict):
    """The result of workspace.append_event."""

    event: Event


class WorkspaceAtomicWriteFileResult(TypedDict):
    """The result of workspace.atomic_write_file."""


class WorkspaceCleanFeatureResult(TypedDict):
    """The result of workspace.clean_feature."""

    freed_bytes: int


class WorkspaceCleanableFeaturesResult(TypedDict):
    """The result of workspace.cleanable_features."""

    candidates: list[CleanCandidate]


class WorkspaceClearStopResult(TypedDict):
    """The result of workspace.clear_stop."""


class WorkspaceConstantsResult(TypedDict):
    """The result of workspace.constants."""

    constants: dict[str, str]


class WorkspaceDotDirResult(TypedDict):
    """The result of workspace.dot_dir."""

    path: str


class WorkspaceExportResult(TypedDict):
    """The result of workspace.export."""

    features: list[Copied]


class WorkspaceFeatureDirResult(TypedDict):
    """The result of workspace.feature_dir."""

    path: str


class WorkspaceFindResult(TypedDict):
    """The result of workspace.find."""

    root: str


class WorkspaceImportResult(TypedDict):
    """The result of workspace.import."""

    features: list[Copied]


class WorkspaceInitFeatureDirResult(TypedDict):
    """The result of workspace.init_feature_dir."""

    path: str


class WorkspaceInitResult(TypedDict):
    """The result of workspace.init."""


class WorkspaceLoadFeatureResult(TypedDict):
    """The result of workspace.load_feature."""

    feature: Feature


class WorkspaceParseBaselineResult(TypedDict):
    """The result of workspace.parse_baseline."""

    baseline: BaselineFile


class WorkspaceParseEscalationResult(TypedDict):
    """The result of workspace.parse_escalation."""

    escalation: Escalation


class WorkspaceParseStateResult(TypedDict):
    """The result of workspace.parse_state."""

    state: State


class WorkspaceProcessAliveResult(TypedDict):
    """The result of workspace.process_alive."""

    alive: bool


class WorkspaceReadRunFileResult(TypedDict):
    """The result of workspace.read_run_file."""

    present: bool
    value: Any


class WorkspaceReadStateResult(TypedDict):
    """The result of workspace.read_state."""

    state: State


class WorkspaceReleaseResult(TypedDict):
    """The result of workspace.release."""


class WorkspaceRenderBaselineResult(TypedDict):
    """The result of workspace.render_baseline."""

    text: str


class WorkspaceRenderEscalationResult(TypedDict):
    """The result of workspace.render_escalation."""

    text: str


class WorkspaceRenderEventResult(TypedDict):
    """The result of workspace.render_event."""

    line: str


class WorkspaceRenderStateResult(TypedDict):
    """The result of workspace.render_state."""

    text: str


class WorkspaceRequestStopResult(TypedDict):
    """The result of workspace.request_stop."""


class WorkspaceResolveFeatureIdResult(TypedDict):
    """The result of workspace.resolve_feature_id."""

    feature_id: str


class WorkspaceRoundDirResult(TypedDict):
    """The result of workspace.round_dir."""

    path: str


class WorkspaceSaveFeatureResult(TypedDict):
    """The result of workspace.save_feature."""

    path: str


class WorkspaceStopRequestedResult(TypedDict):
    """The result of workspace.stop_requested."""

    requested: bool


class WorkspaceTotalCostResult(TypedDict):
    """The result of workspace.total_cost."""

    total_cost_usd: float


class WorkspaceWorktreePathResult(TypedDict):
    """The result of workspace.worktree_path."""

    worktree_path: str


class WorkspaceWriteRunFileResult(TypedDict):
    """The result of workspace.write_run_file."""

    path: str


class WorkspaceWriteStateResult(TypedDict):
    """The result of workspace.write_state."""

    state: State


class WorktreeListings(TypedDict):
    """The worktree part of [``ScreenshotInput``]."""

    root: NotRequired[str]
    template_rounds: NotRequired[list[int]]
    listings: NotRequired[dict[str, list[str]]]
