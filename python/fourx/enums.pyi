from enum import StrEnum

__all__ = ["Phase", "Role", "SubPhase", "FeatureStatus", "EventType", "NotifyLevel"]

class Phase(StrEnum):
    INIT = "init"
    DESIGNING = "designing"
    DESIGN_REVIEWING = "design-reviewing"
    CODING = "coding"
    REVIEWING = "reviewing"
    DEEP_REVIEWING = "deep-reviewing"
    FIXING = "fixing"
    TESTING = "testing"
    AMENDING = "amending"
    ACCEPTING = "accepting"
    PENDING_REVIEW = "pending-review"
    DONE = "done"
    ABANDONED = "abandoned"
    BLOCKED = "blocked"
    NEEDS_ATTENTION = "needs-attention"

class Role(StrEnum):
    DESIGNER = "designer"
    DESIGN_REVIEWER = "design-reviewer"
    CODER = "coder"
    REVIEWER = "reviewer"
    DEEP_REVIEWER = "deep-reviewer"
    TESTER = "tester"
    ACCEPTOR = "acceptor"
    FIXER = "fixer"
    MINI_CODER = "mini-coder"

class SubPhase(StrEnum):
    REVIEWING = "reviewing"
    SYNTHESIZING = "synthesizing"
    FIXING = "fixing"
    REVERIFYING = "reverifying"

class FeatureStatus(StrEnum):
    NOT_STARTED = "not-started"
    IN_PROGRESS = "in-progress"
    DONE = "done"
    ABANDONED = "abandoned"
    BLOCKED = "blocked"
    NEEDS_ATTENTION = "needs-attention"
    READY_FOR_REVIEW = "ready-for-review"
    DRAFT = "draft"

class EventType(StrEnum):
    CONDITIONAL_PASS_RESIDUAL = "conditional-pass-residual"
    ESCALATION = "escalation"
    FEATURE_DISCOVERED = "feature-discovered"
    FORCE_DONE = "force-done"
    GUARD_FAIL = "guard-fail"
    HEALTH_CHECK_FAILED = "health-check-failed"
    HOOK = "hook"
    PHASE_SKIPPED = "phase-skipped"
    PHASE_START = "phase-start"
    RUN_END = "run-end"
    RUN_ERROR = "run-error"
    RUN_OUTPUT = "run-output"
    RUN_START = "run-start"
    SELF_MOD_APPROVED = "self-mod-approved"
    SELF_MOD_DETECTED = "self-mod-detected"
    TRANSITION = "transition"

class NotifyLevel(StrEnum):
    SUCCESS = "success"
    ERROR = "error"
    WARNING = "warning"
