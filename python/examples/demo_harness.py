"""`make demo`: a tiny harness that drives one feature through the `full` profile with fourx.

No LLM and no network: every agent is a scripted output file in ``agent_outputs/``. The harness
does what a real one does around its agents, and asks fourx every question that has a rule:

1. sets up a throw-away project (``Workspace.init`` writes ``.4x/``, a feature file is saved, the
   repository is git-marked, the home directory is a private one);
2. routes the request (``fourx.router.route``) and resolves the `full` pipeline (profile, role,
   runner and model of every phase);
3. walks the state machine (``fourx.transition``), writing ``state.json`` and ``events.jsonl``
   through ``fourx.Workspace`` and keeping the feature file's status in step;
4. validates each agent's output against its router contract (``fourx.router.parse_output``) --
   the first code review asks for changes, so the feature goes back to ``amending``;
5. folds the agents' blueprint claims into the project's blueprint (``blueprint.commit``, an
   optimistic compare-and-swap store) and renders the token-capped index;
6. finalises ``done`` and writes the state diagram, printing where it is.

The harness owns the clock and the nonces (fourx never reads either): here a fixed, stepping clock,
so two runs print the same trace.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import fourx
from fourx import EventType, Phase, Workspace

HERE = Path(__file__).resolve().parent
OUTPUTS = HERE / "agent_outputs"

FEATURE_ID = "F001-profile-page"
REQUEST = "Add a user profile page that shows the signed-in user's name and email"

#: The project's settings (``.4x/settings.json``): runners, and a stronger model for reviews.
CONFIG: dict[str, Any] = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {
        "claude": {"command": "claude", "tiers": {"opus": "opus", "sonnet": "sonnet"}},
    },
    "roles": {
        "coder": {"model": "sonnet"},
        "reviewer": {"model": "opus"},
        "deep_reviewer": {"model": "opus"},
    },
}

#: The scripted repository the agents "work on".
REPO_FILES = {
    "pyproject.toml": '[project]\nname = "demo"\n',
    "src/auth/guard.py": (
        "def current_user(session):\n"
        '    """The signed-in user, or None."""\n'
        "    if session is None:\n"
        "        return None\n"
        '    return session.get("user")\n'
    ),
    "src/profile/page.py": (
        "from src.auth.guard import current_user\n"
        "\n"
        "\n"
        "def render(session):\n"
        "    user = current_user(session)\n"
        "    if user is None:\n"
        '        return "redirect:/login"\n'
        '    email = user.get("email") or "not set"\n'
        "    return f\"{user['name']} <{email}>\"\n"
    ),
    "tests/test_profile.py": "def test_profile_renders():\n    pass\n",
}

#: The module snapshot a scanner would produce for REPO_FILES (modules, sizes, import edges).
SNAPSHOT: dict[str, Any] = {
    "modules": [
        {"path": "src/auth", "fingerprint": "auth-1", "bytes": 120},
        {"path": "src/profile", "fingerprint": "profile-1", "bytes": 260},
        {"path": "tests", "fingerprint": "tests-1", "bytes": 50},
    ],
    "edges": [["src/profile", "src/auth"], ["tests", "src/profile"]],
}


@dataclass(frozen=True)
class AgentRun:
    """One scripted agent turn: who runs, the output file, and the blueprint claims it makes."""

    agent: str
    output: str
    evidence: tuple[str, ...] = ()
    claims: tuple[dict[str, str], ...] = ()
    cost_usd: float = 0.0


def claim(module: str, field_: str, where: str, text: str) -> dict[str, str]:
    """A blueprint claim as agents submit it (``where`` anchors it to code, ``""`` = none)."""
    return {"module": module, "field": field_, "where": where, "claim": text}


#: What each phase runs. `reviewing` has two scripted turns: the first asks for changes.
SCRIPT: dict[str, list[AgentRun]] = {
    Phase.DESIGNING: [AgentRun("planner", "planner.md", cost_usd=0.08)],
    Phase.DESIGN_REVIEWING: [AgentRun("plan-gap-reviewer", "plan-review.md", cost_usd=0.03)],
    Phase.CODING: [
        AgentRun(
            "component-builder",
            "builder.md",
            evidence=("src/profile", "src/auth"),
            claims=(
                claim("src/profile", "purpose", "", "Renders the signed-in user's profile page."),
                claim(
                    "src/profile",
                    "invariants",
                    "src/profile/page.py:render",
                    "render asks the session guard for the user before reading any field.",
                ),
                claim(
                    "src/auth",
                    "entrypoints",
                    "src/auth/guard.py:current_user",
                    "current_user is the one way to get the signed-in user.",
                ),
            ),
            cost_usd=0.21,
        )
    ],
    Phase.REVIEWING: [
        AgentRun("code-reviewer", "review-changes.md", cost_usd=0.06),
        AgentRun("code-reviewer", "review-approve.md", cost_usd=0.05),
    ],
    Phase.AMENDING: [
        AgentRun(
            "component-builder",
            "builder-amend.md",
            evidence=("src/profile",),
            claims=(
                claim(
                    "src/profile",
                    "gotchas",
                    "src/profile/page.py:8",
                    "A user without an email renders as 'not set', never as an error.",
                ),
            ),
            cost_usd=0.11,
        )
    ],
    Phase.TESTING: [AgentRun("integration-verifier", "verifier.md", cost_usd=0.04)],
    Phase.DEEP_REVIEWING: [
        AgentRun(
            "silent-failure-hunter",
            "hunter.md",
            evidence=("src/auth",),
            claims=(
                claim(
                    "src/auth",
                    "gotchas",
                    "src/auth/guard.py:3",
                    "A missing session means signed out: current_user returns None.",
                ),
            ),
            cost_usd=0.07,
        )
    ],
    Phase.ACCEPTING: [AgentRun("integration-verifier", "verifier.md", cost_usd=0.02)],
}


class Clock:
    """The harness's clock: fourx takes `now` as an input. Fixed start, one minute per tick."""

    def __init__(self, start: datetime) -> None:
        self._t = start

    def now(self) -> str:
        """The next instant as RFC 3339 (UTC)."""
        self._t += timedelta(minutes=1)
        return self._t.strftime("%Y-%m-%dT%H:%M:%SZ")


def nonces() -> Iterator[str]:
    """8-hex-digit nonces (the harness owns randomness; deterministic here)."""
    n = 0xD3A0
    while True:
        n += 1
        yield f"{n:08x}"


@dataclass
class Trace:
    """The readable trace the demo prints."""

    out: Any = field(default=sys.stdout)

    def head(self, text: str) -> None:
        """A section title."""
        print(f"\n== {text}", file=self.out)

    def line(self, text: str = "") -> None:
        """One indented line."""
        print(f"   {text}" if text else "", file=self.out)


def setup_project(base: Path) -> tuple[Path, Path]:
    """Creates the demo repository (with its ``.4x/``) and a private home; returns both."""
    repo, home = base / "repo", base / "home"
    for rel, text in REPO_FILES.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (repo / ".git").mkdir(exist_ok=True)
    Workspace(repo).init(CONFIG)  # .4x/features, .4x/.gitignore, .4x/settings.json
    home.mkdir(exist_ok=True)
    return repo, home


class BlueprintKeeper:
    """Folds agent claims into the project's blueprint through the compare-and-swap store."""

    def __init__(self, repo: Path, home: Path) -> None:
        self.store = fourx.blueprint.Store.for_project(str(repo), home=str(home))
        self.file = Path(fourx.blueprint.storage_paths(str(home), self.store.project_id)["file"])

    def commit(self, run: AgentRun, now: str, nonce: str) -> str:
        """Commits the run's claims; returns the one-line account for the trace. A conflict is
        a deferral (status "deferred"), never an exception: the harness would retry later."""
        outcome = self.store.commit(
            items=list(run.claims),
            snapshot=SNAPSHOT,
            evidence=list(run.evidence),
            now=now,
            nonce=nonce,
        )
        deferred = outcome["status"] == "deferred"
        return fourx.blueprint.format_for_director(outcome["result"], conflict=deferred)

    def text(self) -> str:
        """The current blueprint.md ("" before the first write)."""
        return self.store.read()


def verdict(agent: str, output: str, where: str = "") -> tuple[bool, str]:
    """Validates an agent's output against its contract: (may advance, readable verdict)."""
    try:
        parsed = fourx.router.parse_output(agent, output)
    except fourx.FourxError as e:
        return False, f"{agent}{where}: INVALID output ({e.kind}: {e.message})"
    result = parsed["result"]
    if parsed["kind"] == "write":
        ok = bool(result["passed"])
        detail = "" if ok else f" violations: {', '.join(result['violations']) or 'none'}"
        return ok, f"{agent}{where}: {result['status']} (write contract){detail}"
    ok = bool(result["passes"]) and not result["needs_inline_verification"]
    issues = "".join(f"\n      critical: {i}" for i in result["critical_issues"])
    return ok, f"{agent}{where}: {result['status']} (read-only contract){issues}"


def next_phase(current: str, remaining: list[str]) -> str | None:
    """The first remaining pipeline phase the state machine lets the feature move to."""
    for phase in remaining:
        if fourx.can_transition(current, phase):
            return phase
    return None


def run(base: Path, trace: Trace) -> dict[str, Any]:
    """Runs the whole demo under ``base``; returns what a test wants to check."""
    clock = Clock(datetime(2026, 11, 29, 9, 0, tzinfo=timezone.utc))
    nonce = nonces()
    repo, home = setup_project(base)
    ws = Workspace(repo)
    keeper = BlueprintKeeper(repo, home)

    trace.head(f"fourx {fourx.version()}: one feature through the `full` profile (no LLM)")
    trace.line(f"project    {repo}")
    trace.line(f"request    {REQUEST!r}")
    route = fourx.router.route(REQUEST)
    trace.line(f"route      {route['announcement']}")
    trace.line(f"           chain: {route['chain']}")

    feature = {"id": FEATURE_ID, "name": "User profile page", "status": "not-started"}
    feature["profile"] = "full"
    ws.save_feature(feature)
    profile = fourx.resolve_profile(CONFIG, feature)
    pipeline = fourx.resolve_pipeline(CONFIG, feature)
    trace.head(f"pipeline: profile {profile['name']!r}, {len(pipeline)} phases")
    for p in pipeline:
        trace.line(f"{p['phase']:<17} {p['role']:<16} {p['runner']:<7} {p['model']}")

    ws.init_feature_dir(FEATURE_ID)
    state: dict[str, Any] = {
        "featureId": FEATURE_ID,
        "phase": Phase.INIT,
        "maxRounds": 3,
        "runner": CONFIG["default_runner"],
        "createdAt": clock.now(),
        "profile": profile["name"],
    }
    state = dict(ws.write_state(FEATURE_ID, state, clock.now()))
    ws.append_event(FEATURE_ID, {"phase": Phase.INIT, "type": EventType.RUN_START}, clock.now())

    try:  # a harness bug cannot skip ahead: the table refuses, with a stable error kind
        fourx.transition(state, Phase.CODING)
    except fourx.InvalidTransition as refused:
        trace.line(f"(init -> coding is refused: {refused})")

    remaining = [p["phase"] for p in pipeline]
    models: dict[str, fourx.resolve.ResolvedPhase] = {p["phase"]: p for p in pipeline}
    turns = {phase: list(runs) for phase, runs in SCRIPT.items()}
    trace.head("run")

    def move(to: str) -> None:
        nonlocal state
        before = state["phase"]
        role = fourx.phase_to_role(to)
        state = dict(fourx.transition(state, to, role))
        state = dict(ws.write_state(FEATURE_ID, state, clock.now()))
        event = {"phase": to, "type": EventType.TRANSITION, "role": role, "round": state["round"]}
        ws.append_event(FEATURE_ID, {**event, "detail": f"{before} -> {to}"}, clock.now())
        sync = ws.sync_feature_status(FEATURE_ID, to)  # the feature file follows the phase
        status = (
            f"; feature {sync['previous_status']} -> {sync['status']}" if sync["changed"] else ""
        )
        trace.line(
            f"[round {state['round']}] {before} -> {to}" + (f" ({role})" if role else "") + status
        )

    while True:
        target = next_phase(state["phase"], remaining)
        if target is None:
            break
        if target == Phase.FIXING and state["phase"] == Phase.DEEP_REVIEWING:
            # The deep review found nothing to fix: the harness skips the phase and says so.
            remaining.remove(target)
            ws.append_event(
                FEATURE_ID, {"phase": target, "type": EventType.PHASE_SKIPPED}, clock.now()
            )
            trace.line("          fixing skipped: the deep review found nothing to fix")
            continue
        move(target)
        while True:
            phase = state["phase"]
            agent_run = turns[phase].pop(0)
            spec = models.get(phase)
            where = f" on {spec['runner']}/{spec['model']}" if spec else ""
            output = (OUTPUTS / agent_run.output).read_text(encoding="utf-8")
            ok, said = verdict(agent_run.agent, output, where)
            ws.append_event(
                FEATURE_ID,
                {
                    "phase": phase,
                    "type": EventType.RUN_END,
                    "role": state["role"],
                    "round": state["round"],
                    "status": "pass" if ok else "fail",
                    "cost_usd": agent_run.cost_usd,
                },
                clock.now(),
            )
            trace.line(f"          {said}")
            if agent_run.claims:
                trace.line(f"          {keeper.commit(agent_run, clock.now(), next(nonce))}")
            if ok:
                if phase in remaining:
                    remaining.remove(phase)
                break
            # Not passing: back to the coder with the findings; the amended work is then
            # reviewed again (amending -> reviewing is the next legal pipeline step).
            move(Phase.AMENDING)

    move(Phase.PENDING_REVIEW)
    done = ws.finalize_done(FEATURE_ID, clock.now())  # state.json, feature status, event
    state = dict(done["state"])
    commit = done["commit"]
    trace.line(
        f"[round {state['round']}] pending-review -> done (stop reason: {state['stopReason']})"
        + (f"; commit {commit['message']!r}" if commit else "")
    )

    trace.head("result")
    cost = ws.total_cost(FEATURE_ID)
    trace.line(
        f"state.json   phase={state['phase']} round={state['round']} active={state['active']}"
    )
    status = ws.load_feature(FEATURE_ID)["status"]
    trace.line(f"feature      .4x/features/{FEATURE_ID}.yaml (status {status})")
    trace.line(f"events.jsonl {ws.feature_dir(FEATURE_ID)}/events.jsonl (total cost ${cost:.2f})")
    blueprint = keeper.text()
    index = keeper.store.render_index(SNAPSHOT)
    trace.line(f"blueprint    {keeper.file}")
    trace.head(f"blueprint index ({index['tokens']} of {index['budget']} tokens)")
    for text_line in index["text"].splitlines()[2:]:
        trace.line(text_line)

    own_repo = Path(__file__).resolve().parents[2]
    if (own_repo / "Cargo.toml").is_file():  # a source checkout: scan fourx itself
        own = fourx.blueprint.scan(own_repo)
        own_index = fourx.blueprint.render_index("", dict(own))
        trace.head(
            f"fourx's own module graph (blueprint.scan: {len(own['modules'])} modules, "
            f"{len(own['edges'])} edges, {', '.join(own['languages'])}; "
            f"index {own_index['tokens']} of {own_index['budget']} tokens)"
        )
        for text_line in own_index["text"].splitlines()[2:]:
            trace.line(text_line)

    diagram = Path(ws.feature_dir(FEATURE_ID)) / "state-diagram.md"
    mermaid = fourx.state_diagram("mermaid")
    diagram.write_text(f"```mermaid\n{mermaid}```\n", encoding="utf-8")
    (diagram.with_suffix(".dot")).write_text(fourx.state_diagram("dot"), encoding="utf-8")
    trace.head("state diagram")
    trace.line(f"{diagram} (Mermaid; Graphviz: {diagram.with_suffix('.dot')})")
    return {
        "state": state,
        "cost": cost,
        "diagram": str(diagram),
        "blueprint": blueprint,
        "repo": str(repo),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """``python demo_harness.py [--dir DIR]``: runs the demo (in a new temporary directory unless
    ``--dir`` is given) and prints the trace."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--dir", type=Path, help="where to create the project (default: a new temp dir)"
    )
    args = parser.parse_args(argv)
    base: Path = args.dir if args.dir is not None else Path(tempfile.mkdtemp(prefix="fourx-demo-"))
    base.mkdir(parents=True, exist_ok=True)
    result = run(base, Trace())
    # The next command, with this interpreter (the .venv's under `make demo`) spelled out.
    python = os.path.relpath(sys.executable)
    python = sys.executable if python.startswith("..") else python
    print(f"\nnext: {python} -m fourx state show --root {result['repo']} --feature {FEATURE_ID}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
