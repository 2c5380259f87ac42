"""fourx.router: the typed helpers give what fourx.call gives, and hostile output raises by kind."""

from __future__ import annotations

import fourx
import fourx.router

OUTPUT = (
    'CONTRACT {"s":"CHANGES_REQUESTED","b":true,"cr":1}\n## Review: Changes Requested\n\n'
    "### Critical Issues\n- [95] token logged - src/auth/session.ts:88\n\n### Notes\n" + "note\n" * 40
)


def test_parse_output_picks_the_read_only_parser() -> None:
    got = fourx.router.parse_output("code-reviewer", OUTPUT)
    assert got == fourx.call("router.parse_output", agent="code-reviewer", output=OUTPUT)
    assert got["kind"] == "readonly"
    assert got["result"]["status"] == "CHANGES_REQUESTED"
    assert got["result"]["critical_count"] == 1


def test_write_agent_without_contract_raises_missing_contract() -> None:
    try:
        fourx.router.parse_output("cc10x:planner", "## Plan\nprose only\n")
    except fourx.MissingContract as e:
        assert e.kind == "missing_contract"
    else:
        raise AssertionError("expected MissingContract")


def test_alias_bomb_is_malformed_contract() -> None:
    y = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)
    )
    out = f"### Router Contract (MACHINE-READABLE)\n```yaml\n{y}```\n"
    try:
        fourx.router.parse_output("doc-syncer", out)
    except fourx.MalformedContract:
        pass
    else:
        raise AssertionError("expected MalformedContract")


def test_route() -> None:
    assert fourx.router.route("fix the crash")["workflow"] == "DEBUG"
