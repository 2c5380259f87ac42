"""`make demo`: a harness on fourx drives one feature through a profile with scripted agents, to
``pending-review``.

No LLM and no network: every agent is a script that writes the artifacts its role produces
(task brief, design review, coder report and build gate, review report, verify.json, deep review,
fixer report, final report) and returns a cc10x transcript. **The harness is only the agent**:
``fourx.runner.run`` executes every decision of the conductor -- which phase runs next, which
phases the profile leaves out, what a verdict means, when to retry, when to stop -- and the world
around it: state and events through the run store, the prepare actions, git (baseline, changed
files, review package), the guards, discovered features, claim and resume. The file is in two
parts: the scripted agents (and the blueprint keeper they feed), then the harness (the part below
``# --- the harness``), which

1. sets up a throw-away git repository with ``.4x/`` and a feature, routes the request
   (``fourx.router.route``) and prints the resolved pipeline of the profile;
2. calls ``fourx.runner.run`` with the agent, printing each decision (``on_decision``);
3. prints where everything is and writes the state diagram.

``--profile NAME`` runs any profile (full, normal, quick, lite, or one of the project's). With
``--crash-at ROLE:ROUND`` a scripted agent writes half its report and hangs, for a parent to kill
(``crash_resume.py``); ``--resume`` then runs the same feature again, and the runner continues
where the killed run was. The world's clock is a fixed, stepping one, so two runs print the same
trace.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import fourx
from fourx import Workspace
from fourx.runner import AgentCall, AgentResult, decision_line

HERE = Path(__file__).resolve().parent
OUTPUTS = HERE / "agent_outputs"

FEATURE_ID = "F001-profile-page"
REQUEST = "Add a user profile page that shows the signed-in user's name and email"
#: The repository's one commit is made with these (so its hash, and the trace, never vary).
GIT_ENV = {
    "GIT_AUTHOR_NAME": "demo", "GIT_AUTHOR_EMAIL": "demo@example.invalid",
    "GIT_COMMITTER_NAME": "demo", "GIT_COMMITTER_EMAIL": "demo@example.invalid",
    "GIT_AUTHOR_DATE": "2026-11-29T09:00:00Z", "GIT_COMMITTER_DATE": "2026-11-29T09:00:00Z",
}

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
        "deep-reviewer": {"model": "opus"},
    },
    # Follow-up features a clean deep review names ([NEW-FEATURE] lines) join the backlog.
    "auto_discover_features": True,
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
    "tests/test_profile.py": "def test_profile_renders():\n    pass\n",
}

#: What the coder writes (the change under review).
PAGE = (
    "from src.auth.guard import current_user\n"
    "\n"
    "\n"
    "def render(session):\n"
    "    user = current_user(session)\n"
    "    if user is None:\n"
    '        return "redirect:/login"\n'
    '    email = user.get("email") or "not set"\n'
    "    return f\"{user['name']} <{email}>\"\n"
)

#: The module snapshot a scanner would produce for the repository (modules, sizes, import edges).
SNAPSHOT: dict[str, Any] = {
    "modules": [
        {"path": "src/auth", "fingerprint": "auth-1", "bytes": 120},
        {"path": "src/profile", "fingerprint": "profile-1", "bytes": 260},
        {"path": "tests", "fingerprint": "tests-1", "bytes": 50},
    ],
    "edges": [["src/profile", "src/auth"], ["tests", "src/profile"]],
}

PASS_REPORT = "# {title}\n\n## Summary\n{summary}\n\n## Verdict\nPASS\n"
FINAL_REPORT = "# Final report\n\n## Status\nready-for-review\n\n## Summary\nAC-1, AC-2 met.\n"
CODER_REPORT = (
    "# Coder report (round {round})\n\n## Changes\n- src/profile/page.py\n\n"
    "## Verification\n- pytest tests/test_profile.py: 1 passed\n"
)


def claim(module: str, field_: str, where: str, text: str) -> dict[str, str]:
    """A blueprint claim as agents submit it (``where`` anchors it to code, ``""`` = none)."""
    return {"module": module, "field": field_, "where": where, "claim": text}


CODER_CLAIMS = [
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
]
AMEND_CLAIMS = [
    claim(
        "src/profile",
        "gotchas",
        "src/profile/page.py:8",
        "A user without an email renders as 'not set', never as an error.",
    )
]


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


@dataclass(frozen=True)
class Crash:
    """Where a scripted agent writes half its report and hangs (for a parent to kill)."""

    role: str
    round: int

    @classmethod
    def parse(cls, text: str) -> Crash:
        """``ROLE:ROUND``, e.g. ``coder:2``."""
        role, _, rnd = text.partition(":")
        return cls(role, int(rnd or "1"))


#: The line a hanging agent prints (flushed) once its half report is on disk.
HANG_MARKER = "demo-harness: agent hangs"


@dataclass(frozen=True)
class AgentWork:
    """What a scripted agent did: its transcript (a router-contract output file, if any), its
    blueprint claims and its cost."""

    output: str = ""
    claims: tuple[dict[str, str], ...] = ()
    cost_usd: float = 0.0


class Agents:
    """The scripted agents, one per role: each writes the artifacts its role produces into the
    feature and round directories, exactly as a real agent would. The first code review asks for
    changes; every later one passes."""

    def __init__(self, ws: Workspace, repo: Path, crash: Crash | None) -> None:
        self.ws = ws
        self.repo = repo
        self.crash = crash
        self.feature_dir = Path(ws.feature_dir(FEATURE_ID))

    def round_dir(self, rnd: int) -> Path:
        """``rounds/round-<rnd>`` of the feature (made by the first write into it)."""
        return Path(self.ws.round_dir(FEATURE_ID, rnd))

    def _write(self, path: Path, text: str, role: str, rnd: int) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.crash is not None and (role, rnd) == (self.crash.role, self.crash.round):
            path.write_text(text[: len(text) // 3], encoding="utf-8")  # half a report ...
            print(HANG_MARKER, flush=True)
            while True:  # ... and the agent hangs until the parent kills the process
                time.sleep(60)
        path.write_text(text, encoding="utf-8")

    def run(self, role: str, phase: str, rnd: int, partial: str = "") -> AgentWork:
        """Runs ``role``'s script for ``phase`` in round ``rnd``."""
        feat, rd = self.feature_dir, self.round_dir(rnd)
        if role == "designer":
            self._write(feat / "task-brief.md", f"# Task brief\n\n{REQUEST}\n", role, rnd)
            (feat / "acceptance-criteria.md").write_text(
                "# Acceptance criteria\n\n- AC-1: the page shows name and email\n"
                "- AC-2: a signed-out visitor is sent to /login\n",
                encoding="utf-8",
            )
            return AgentWork("planner.md", cost_usd=0.08)
        if role == "design-reviewer":
            text = PASS_REPORT.format(title="Design review", summary="The plan covers AC-1/2.")
            self._write(feat / "design-review-report.md", text, role, rnd)
            return AgentWork("plan-review.md", cost_usd=0.03)
        if role in ("coder", "mini-coder"):
            page = self.repo / "src" / "profile" / "page.py"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(PAGE, encoding="utf-8")
            self._write(rd / "coder-report.md", CODER_REPORT.format(round=rnd), role, rnd)
            gate = {"passed": True, "round": rnd, "role": "coder", "commands": []}
            (rd / "build-gate.json").write_text(json.dumps(gate, indent=2), encoding="utf-8")
            first = phase == "coding"
            claims = CODER_CLAIMS if first else AMEND_CLAIMS
            output = "builder.md" if first else "builder-amend.md"
            return AgentWork(output, claims=tuple(claims), cost_usd=0.21 if first else 0.11)
        if role == "reviewer":
            if rnd == 1:
                text = (
                    "# Code review\n\n### [CRITICAL] the session token is logged on render\n\n"
                    "## Verdict\nFAIL\n"
                )
                output = "review-changes.md"
            else:
                text = PASS_REPORT.format(title="Code review", summary="The token is gone.")
                output = "review-approve.md"
            self._write(rd / "review-report.md", text, role, rnd)
            return AgentWork(output, cost_usd=0.06)
        if role == "tester":
            verify = {
                "passed": True,
                "round": rnd,
                "role": "tester",
                "commands": [{"cmd": "pytest", "exit_code": 0}],
                "ac_results": [
                    {"id": ac, "passed": True, "evidence": ["$ pytest tests/test_profile.py: 1 passed"]}
                    for ac in ("AC-1", "AC-2")
                ],
            }
            text = PASS_REPORT.format(title="Test report", summary="AC-1 and AC-2 verified.")
            self._write(rd / "test-report.md", text, role, rnd)
            (feat / "final-report.md").write_text(FINAL_REPORT, encoding="utf-8")
            (rd / "verify.json").write_text(json.dumps(verify, indent=2), encoding="utf-8")
            return AgentWork("verifier.md", cost_usd=0.04)
        if role in ("deep-reviewer", "synthesizer", "re-verifier"):
            if partial:
                text = "# Deep review partial\n\nNo findings.\n\n## Statistics\n- findings: 0\n"
                self._write(rd / partial, text, role, rnd)
                return AgentWork(cost_usd=0.02)
            text = PASS_REPORT.format(
                title="Deep review",
                summary="No silent failures found.\n\n"
                "[NEW-FEATURE] Profile avatar upload\nLet users upload a profile picture.",
            )
            self._write(rd / "deep-review-report.md", text, role, rnd)
            return AgentWork("hunter.md", cost_usd=0.07)
        if role == "fixer":
            text = "# Fixer report\n\nNothing left to fix.\n\n## Verification\n- all green\n"
            self._write(rd / "fixer-report.md", text, role, rnd)
            return AgentWork(cost_usd=0.02)
        if role == "acceptor":
            self._write(feat / "final-report.md", FINAL_REPORT, role, rnd)
            return AgentWork("verifier.md", cost_usd=0.02)
        if role == "round-summarizer":
            (feat / "rounds-summary.md").write_text("# Rounds summary\n", encoding="utf-8")
            return AgentWork()
        raise ValueError(f"the demo has no scripted agent for role {role!r}")


def setup_project(base: Path) -> tuple[Path, Path]:
    """Creates the demo repository (with its ``.4x/``) and a private home; returns both."""
    repo, home = base / "repo", base / "home"
    for rel, text in REPO_FILES.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    Workspace(repo).init(CONFIG)  # .4x/features, .4x/.gitignore, .4x/settings.json
    for git in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "demo"]):
        subprocess.run(["git", *git], cwd=repo, check=True, env={**os.environ, **GIT_ENV})
    home.mkdir(exist_ok=True)
    return repo, home


class BlueprintKeeper:
    """Folds agent claims into the project's blueprint through the compare-and-swap store."""

    def __init__(self, repo: Path, home: Path) -> None:
        self.store = fourx.blueprint.Store.for_project(str(repo), home=str(home))
        self.file = Path(fourx.blueprint.storage_paths(str(home), self.store.project_id)["file"])

    def commit(self, claims: Sequence[dict[str, str]], now: str, nonce: str) -> str:
        """Commits the claims; returns the one-line account for the trace. A conflict is a
        deferral (status "deferred"), never an exception: the harness would retry later."""
        outcome = self.store.commit(
            items=list(claims),
            snapshot=SNAPSHOT,
            evidence=sorted({c["module"] for c in claims}),
            now=now,
            nonce=nonce,
        )
        deferred = outcome["status"] == "deferred"
        return fourx.blueprint.format_for_director(outcome["result"], conflict=deferred)

    def text(self) -> str:
        """The current blueprint.md ("" before the first write)."""
        return self.store.read()


def contract_line(agent_output: str) -> str:
    """The router-contract status of a scripted agent's transcript, for the trace only (the
    conductor decides from the artifacts, never from this line)."""
    agent = {
        "planner.md": "planner",
        "plan-review.md": "plan-gap-reviewer",
        "builder.md": "component-builder",
        "builder-amend.md": "component-builder",
        "review-changes.md": "code-reviewer",
        "review-approve.md": "code-reviewer",
        "verifier.md": "integration-verifier",
        "hunter.md": "silent-failure-hunter",
    }[agent_output]
    text = (OUTPUTS / agent_output).read_text(encoding="utf-8")
    try:
        parsed = fourx.router.parse_output(agent, text)
    except fourx.FourxError as e:
        return f"{agent}: INVALID output ({e.kind})"
    return f"{agent}: {parsed['result']['status']} ({parsed['kind']} contract)"


# --- the harness: the scripted agent above, and one call to fourx.runner.run ---------------------


class DemoWorld:
    """What the demo replaces of the world: the clock (fixed start, one minute per tick, so two
    runs print the same trace). Git, the shell, the pid and SIGINT stay real."""

    def __init__(self) -> None:
        self.clock = Clock(datetime(2026, 11, 29, 9, 0, tzinfo=timezone.utc))

    def now(self) -> str:
        """The world's now."""
        return self.clock.now()


def make_agent(
    agents: Agents, keeper: BlueprintKeeper, trace: Trace, world: DemoWorld
) -> Callable[[AgentCall], AgentResult]:
    """The harness's one part: runs the scripted agent of ``call`` and reports its exit, cost
    and transcript (the runner checks the transcript's router contract)."""
    nonce = nonces()

    def agent(call: AgentCall) -> AgentResult:
        work = agents.run(call["role"], call["phase"], call["round"], call["partial"])
        who = f"{call['role']} ({call['purpose']}, attempt {call['attempt']})"
        trace.line(f"    {who} -> exit 0" + (f", wrote {call['partial']}" if call["partial"] else ""))
        result: AgentResult = {
            "exit_code": 0,
            "stats": {"tokens_used": 1000, "cost_usd": work.cost_usd, "duration_ms": 60_000},
        }
        if work.output:
            result["transcript"] = (OUTPUTS / work.output).read_text(encoding="utf-8")
            trace.line(f"    {contract_line(work.output)}")
        if work.claims:
            trace.line(f"    {keeper.commit(work.claims, world.now(), next(nonce))}")
        return result

    return agent


def run(
    base: Path,
    trace: Trace,
    profile: str = "full",
    *,
    resume: bool = False,
    crash: Crash | None = None,
    scan_self: bool = False,
    store: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Runs the demo under ``base`` with ``profile``; returns what a test wants to check.
    ``resume`` runs the feature a crash left in ``base`` again; ``store`` is where the run state
    lives (``None``: the ``.4x`` files; see :class:`fourx.Workspace`)."""
    repo, home = (base / "repo", base / "home") if resume else setup_project(base)
    ws = Workspace(repo, store=store)
    trace.head(f"fourx {fourx.version()}: one feature through the `{profile}` profile (no LLM)")
    if resume:
        state = ws.read_state(FEATURE_ID)
        trace.line(f"resuming {state['phase']} (round {state.get('round', 0)}); pid gone")
    else:
        trace.line(f"project    {repo}")
        trace.line(f"request    {REQUEST!r}")
        route = fourx.router.route(REQUEST)
        trace.line(f"route      {route['announcement']}")
        trace.line(f"           chain: {route['chain']}")
        feature = {"id": FEATURE_ID, "name": "User profile page", "status": "not-started"}
        ws.save_feature({**feature, "profile": profile})
        pipeline = fourx.resolve_pipeline(CONFIG, feature, profile_name=profile)
        trace.head(f"pipeline: profile {profile!r}, {len(pipeline)} phases")
        for p in pipeline:
            trace.line(f"{p['phase']:<17} {p['role']:<16} {p['runner']:<7} {p['model']}")

    world = DemoWorld()
    keeper = BlueprintKeeper(repo, home)
    agent = make_agent(Agents(ws, repo, crash), keeper, trace, world)
    trace.head("run (every decision is the conductor's; fourx.runner executes it)")
    result = fourx.runner.run(
        repo, FEATURE_ID, agent, config=CONFIG, profile=profile, store=store, world=world,
        on_decision=lambda decision, state: trace.line(decision_line(decision, state)),
    )
    for warning in result["warnings"]:
        trace.line(f"warning: {warning}")

    state = ws.read_state(FEATURE_ID)
    trace.head("result")
    cost = ws.total_cost(FEATURE_ID)
    trace.line(
        f"state.json   phase={state['phase']} round={state.get('round', 0)} "
        f"active={state.get('active', False)} stopReason={state.get('stopReason', '')}"
    )
    trace.line(f"feature      .4x/features/{FEATURE_ID}.yaml (status {ws.load_feature(FEATURE_ID)['status']})")
    trace.line(f"events.jsonl {ws.feature_dir(FEATURE_ID)}/events.jsonl (total cost ${cost:.2f})")
    trace.line(f"decisions    {len(result['decisions'])} (last: {result['decisions'][-1]['kind']})")
    for f in ws.list_features()["features"]:
        if f["id"] != FEATURE_ID:
            trace.line(f"discovered   {f['id']} ({f['status']})")
    blueprint = keeper.text()
    if blueprint:
        index = keeper.store.render_index(SNAPSHOT)
        trace.line(f"blueprint    {keeper.file}")
        trace.head(f"blueprint index ({index['tokens']} of {index['budget']} tokens)")
        for text_line in index["text"].splitlines()[2:]:
            trace.line(text_line)
    own_repo = Path(__file__).resolve().parents[2]
    if scan_self and (own_repo / "Cargo.toml").is_file():  # a source checkout: scan fourx itself
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
    diagram.write_text(f"```mermaid\n{fourx.state_diagram('mermaid')}```\n", encoding="utf-8")
    diagram.with_suffix(".dot").write_text(fourx.state_diagram("dot"), encoding="utf-8")
    trace.head("state diagram")
    trace.line(f"{diagram} (Mermaid; Graphviz: {diagram.with_suffix('.dot')})")
    return {"state": state, "cost": cost, "diagram": str(diagram), "blueprint": blueprint,
            "decisions": result["decisions"], "repo": str(repo)}


def main(argv: Sequence[str] | None = None) -> int:
    """``python demo_harness.py [--profile NAME] [--dir DIR] [--resume] [--crash-at ROLE:ROUND]``:
    runs the demo (in a new temporary directory unless ``--dir`` is given) and prints the trace;
    exit status 0 when the conductor's last decision was ``finish``, 1 when it was ``stop``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--profile", default="full", help="the profile to run (default: full)")
    parser.add_argument("--dir", type=Path, help="where to create the project (default: temp)")
    parser.add_argument("--resume", action="store_true", help="run the feature in --dir again")
    parser.add_argument("--crash-at", type=Crash.parse, help="ROLE:ROUND whose agent hangs")
    parser.add_argument("--scan-self", action="store_true", help="also index fourx's own tree")
    args = parser.parse_args(argv)
    if args.resume and args.dir is None:
        parser.error("--resume needs --dir")
    base: Path = args.dir if args.dir is not None else Path(tempfile.mkdtemp(prefix="fourx-demo-"))
    base.mkdir(parents=True, exist_ok=True)
    result = run(base, Trace(), args.profile, resume=args.resume, crash=args.crash_at,
                 scan_self=args.scan_self)
    python = os.path.relpath(sys.executable)  # the next command, with this interpreter
    python = sys.executable if python.startswith("..") else python
    print(f"\nnext: {python} -m fourx state show --root {result['repo']} --feature {FEATURE_ID}")
    return 0 if result["decisions"][-1]["kind"] == "finish" else 1


if __name__ == "__main__":
    sys.exit(main())
