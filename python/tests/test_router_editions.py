"""``edition=`` on every ``fourx.router`` function (router-workflow.md §2.2): absent means
``"11.0.0"``, ``"12.7.0"`` selects cc10x HEAD's rules, any other string is ``InvalidValue``."""

from __future__ import annotations

import inspect
from typing import Any, Callable

import pytest

import fourx
from fourx import router

WF = "wf-20260312T162700Z-a1b2c3d4"

#: One valid call per public router function, keyword arguments only where the function has them.
CALLS: dict[str, Callable[..., Any]] = {
    "route": lambda **e: router.route("fix the login", **e),
    "parse_task_metadata": lambda **e: router.parse_task_metadata(
        f"wf:{WF}\nkind:agent\norigin:router\nphase:build-implement\nplan:N/A\nscope:N/A\n"
        "reason:Execute",
        **e,
    ),
    "format_task_metadata": lambda **e: router.format_task_metadata(
        WF, "agent", "router", "build-implement", plan="N/A", scope="N/A", reason="go", **e
    ),
    "new_workflow_id": lambda **e: router.new_workflow_id("2026-03-12T16:27:00Z", "a1b2c3d4", **e),
    "validate_workflow_id": lambda **e: router.validate_workflow_id(WF, **e),
    "parse_subject": lambda **e: router.parse_subject("CC10X BUILD: add a page", **e),
    "format_marker": lambda **e: router.format_marker("BUILD-START", WF, **e),
    "parse_markers": lambda **e: router.parse_markers("- [BUILD-START: wf:" + WF + "]", **e),
    "resolve_scope_reply": lambda **e: router.resolve_scope_reply("critical only", **e),
    "parse_session_settings": lambda **e: router.parse_session_settings("", **e),
    "dispatch": lambda **e: router.dispatch("agent", phase="build-implement", **e),
    "model_tier": lambda **e: router.model_tier("component-builder", **e),
    "build_scope": lambda **e: router.build_scope(1, True, 1, False, **e),
    "task_graph": lambda **e: router.task_graph("BUILD", **e),
    "reconcile_verdicts": lambda **e: router.reconcile_verdicts(
        [{"agent": "code-reviewer", "status": "APPROVE"}], **e
    ),
    "loop_gate": lambda **e: router.loop_gate("remfix", 0, **e),
    "event_line": lambda **e: router.event_line(
        "2026-03-12T16:27:00Z", WF, "agent_completed", "build", "7", "router", "d", "r", **e
    ),
    "check_memory": lambda **e: router.check_memory("patterns.md", "", **e),
    "repair_memory": lambda **e: router.repair_memory("patterns.md", "", **e),
    "memory_template": lambda **e: router.memory_template("patterns.md", **e),
    "just_go_gate": lambda **e: router.just_go_gate(False, "ordinary", **e),
    "skill_hints": lambda **e: router.skill_hints("component-builder", "BUILD", "x", **e),
    "skill_precedence": lambda **e: router.skill_precedence(
        [{"id": "u", "kind": "explicit_user_prompt"}], **e
    ),
    "edition_for_version": lambda **e: router.edition_for_version("12.7.1", **e),
    "remfix_completion": lambda **e: router.remfix_completion({"remediation_history": []}, **e),
    "pre_tool_use": lambda **e: router.pre_tool_use(
        "Bash", "/srv", tool_input={"command": "git status"}, **e
    ),
    "build_prompt": lambda **e: router.build_prompt(
        "component-builder", "BUILD", "build-implement", "7", WF, "do it", **e
    ),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_older_router_function_takes_edition_and_refuses_an_unknown_one(name: str) -> None:
    call = CALLS[name]
    default = call()
    assert call(edition="11.0.0") == default
    call(edition="12.7.0")
    with pytest.raises(fourx.InvalidValue) as info:
        call(edition="12.6.0")
    assert info.value.field == "edition"


def test_every_public_router_function_has_a_keyword_only_edition() -> None:
    for name in router.__all__:
        fn = getattr(router, name)
        if not inspect.isfunction(fn):
            continue
        param = inspect.signature(fn).parameters.get("edition")
        assert param is not None, f"router.{name} has no edition parameter"
        assert param.kind is inspect.Parameter.KEYWORD_ONLY and param.default is None, name


def test_a3_head_routes_triage_and_codebase_health() -> None:
    assert router.route("triage #12")["workflow"] == "BUILD"
    r = router.route("triage #12", edition="12.7.0")
    assert (r["workflow"], r["signal"], r["priority"]) == ("TRIAGE", "TRIAGE", 5)
    assert r["matched"] == ["triage", "triage #"]
    h = router.route("is this codebase a ball of mud?", edition="12.7.0")
    assert (h["workflow"], h["priority"]) == ("CODEBASE-HEALTH", 6)
    assert router.route("add a page", edition="12.7.0")["priority"] == 7


def test_w1_head_researcher_contract_is_a_write_contract() -> None:
    out = (
        "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: COMPLETE\nFILE_PATH: r.md\n"
        "BACKEND_MODE: octocode\nSOURCES_ATTEMPTED: [octocode]\nSOURCES_USED: [octocode]\n"
        "QUALITY_LEVEL: high\nIMPLEMENTATIONS_FOUND: 2\nWHAT_CHANGED_RECOMMENDATION: x\n"
        "MEMORY_NOTES: {}\n```\n"
    )
    assert router.parse_write_contract("researcher", out, edition="12.7.0")["status"] == "COMPLETE"
    with pytest.raises(fourx.UnknownAgent):
        router.parse_write_contract("researcher", out)


def test_p2_head_reviewer_prompt_has_no_memory_summary() -> None:
    args = ("code-reviewer", "BUILD", "build-review", "7", WF, "review it")
    old = router.build_prompt(*args, memory_summary="we chose X")
    assert "## Memory Summary" in old["sections"]
    head = router.build_prompt(*args, memory_summary="we chose X", edition="12.7.0")
    assert "## Memory Summary" not in head["sections"]
    assert head["dropped"] == ["## Memory Summary"]


def test_h1_head_skill_ids() -> None:
    args = ("code-reviewer", "REVIEW", "check the visual look and feel of the modal")
    assert router.skill_hints(*args) == [
        "cc10x:frontend-patterns",
        "cc10x:frontend-design-critique",
    ]
    assert router.skill_hints(*args, edition="12.7.0") == ["cc10x:frontend"]


def test_every_router_function_accepts_the_12_10_edition() -> None:
    for name, call in CALLS.items():
        call(edition="12.10.0")


def test_edition_for_version_says_which_edition_and_whether_it_is_exact() -> None:
    assert router.edition_for_version("12.7.2") == {"edition": "12.7.0", "exact": True}
    assert router.edition_for_version("12.8.0") == {"edition": "12.7.0", "exact": False}
    assert router.edition_for_version("12.10.0") == {"edition": "12.10.0", "exact": True}
    assert router.edition_for_version("13.0.0") == {"edition": "12.10.0", "exact": False}
    assert router.edition_for_version("garbage") == {"edition": "12.10.0", "exact": False}


def test_12_10_routes_qa_and_accepts_any_nonzero_red_exit() -> None:
    r = router.route("run the e2e tests for checkout", edition="12.10.0")
    assert (r["workflow"], r["priority"]) == ("QA", 5)
    assert router.route("add a page", edition="12.10.0")["priority"] == 8
    g = router.task_graph("QA", edition="12.10.0")
    assert [n["phase"] for n in g["nodes"]][:3] == ["qa-research", "qa-plan", "qa-plan-review"]
    assert router.dispatch("agent", phase="qa-execute", edition="12.10.0")["agent"] == (
        "cc10x:qa-executor"
    )
