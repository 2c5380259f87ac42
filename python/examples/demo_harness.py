"""`make demo`: a harness on fourx's conductor drives one feature through a profile with scripted
agents, to ``pending-review``.

No LLM and no network: every agent is a script that writes the artifacts its role produces
(task brief, design review, coder report and build gate, review report, verify.json, deep review,
fixer report, final report). The harness is only I/O around :mod:`fourx.conductor`, which makes
every decision of the run loop -- which phase runs next, which phases the profile leaves out, what
a verdict means, when to retry, when to stop. The harness:

1. sets up a throw-away project (``Workspace.init`` writes ``.4x/``, a feature file is saved, the
   repository is git-marked, the home directory is a private one), routes the request
   (``fourx.router.route``) and prints the resolved pipeline of the profile;
2. asks ``conductor.start`` for the first decision, then loops: writes the returned state
   (``Workspace.write_state``), appends the returned events (``Workspace.append_event``), keeps
   the feature file's status in step, executes the decision's prepare actions and the decision
   itself (a scripted agent, the baseline, the changed-file listing, hooks ...), and hands what
   happened back to ``conductor.apply`` -- until a ``stop`` or ``finish`` decision;
3. shows each agent's output contract (``fourx.router.parse_output``) and folds the coder's
   blueprint claims (``blueprint.commit``, an optimistic compare-and-swap store);
4. prints where everything is and writes the state diagram.

``--profile NAME`` runs any profile (full, normal, quick, lite, or one of the project's). With
``--resume`` it continues a run that a crash left behind (``crash_resume.py`` shows it); with
``--crash-at ROLE:ROUND`` a scripted agent writes half its report and hangs, for a parent to kill.
The harness owns the clock and the nonces (fourx never reads either): here a fixed, stepping
clock, so two runs print the same trace.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, assert_never

import fourx
from fourx import Workspace, conductor, workspace
from fourx.conductor import (
    AgentExit,
    Baseline,
    CaptureBaseline,
    Collect,
    Decision,
    DiscoverFeatures,
    Discovered,
    Facts,
    FileRef,
    Gathered,
    GuardResult,
    HealthCheck,
    HelperExit,
    HumanReply,
    Hooks,
    Outcome,
    ParallelExit,
    ParallelResult,
    PrepareAction,
    RunAgent,
    RunHealthCheck,
    RunHooks,
    RunParallel,
    Step,
)

HERE = Path(__file__).resolve().parent
OUTPUTS = HERE / "agent_outputs"

FEATURE_ID = "F001-profile-page"
REQUEST = "Add a user profile page that shows the signed-in user's name and email"
BASE_COMMIT = "d3a0c0ffee0000000000000000000000000d3a0c"
#: How long a claim on a shared store lasts; the loop finishes well inside it and releases it.
CLAIM_TTL_MS = 10 * 60 * 1000

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


#: Set by SIGINT (Ctrl-C) when run from the command line: the conductor then stops the run with
#: `interrupted` at its next decision (a fact, like the stop file).
INTERRUPTED = threading.Event()

#: The line a hanging agent prints (flushed) once its half report is on disk.
HANG_MARKER = "demo-harness: agent hangs"


@dataclass(frozen=True)
class AgentWork:
    """What a scripted agent did: its transcript (a router-contract output file, if any), the
    guard's verdict on its diff, its blueprint claims and its cost."""

    output: str = ""
    guard_errors: tuple[str, ...] = ()
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
                "ac_results": [{"id": "AC-1", "passed": True}, {"id": "AC-2", "passed": True}],
            }
            text = PASS_REPORT.format(title="Test report", summary="AC-1 and AC-2 verified.")
            self._write(rd / "test-report.md", text, role, rnd)
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
            text = "# Final report\n\n## Status\nready-for-review\n\n## Summary\nAC-1, AC-2 met.\n"
            self._write(feat / "final-report.md", text, role, rnd)
            return AgentWork("verifier.md", cost_usd=0.02)
        if role == "round-summarizer":
            (feat / "rounds-summary.md").write_text("# Rounds summary\n", encoding="utf-8")
            return AgentWork()
        raise ValueError(f"the demo has no scripted agent for role {role!r}")

    def changed_files(self) -> list[conductor.ChangedFile]:
        """What ``git diff`` + the untracked files would list: the coder's page (line count)."""
        page = self.repo / "src" / "profile" / "page.py"
        if not page.is_file():
            return []
        lines = page.read_text(encoding="utf-8").count("\n")
        return [{"path": "src/profile/page.py", "lines": lines}]


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


def event_line(event: fourx.Event) -> str:
    """One conductor event as a trace line."""
    kind = event.get("type", "")
    where = event.get("phase", "")
    if "round" in event:
        where = f"[round {event['round']}] {where}"
    if kind == "phase-start":
        extra = f" {event.get('role', '')} on {event.get('runner', '')}/{event.get('model', '')}"
    else:
        extra = "".join(f" {event.get(k)}" for k in ("status", "detail") if event.get(k))
    return f"{where}: {kind}{extra}"


class Harness:
    """The I/O shell: executes the conductor's decisions and reports their outcomes."""

    def __init__(
        self,
        repo: Path,
        home: Path,
        profile: str,
        trace: Trace,
        crash: Crash | None = None,
        store: Mapping[str, Any] | None = None,
    ) -> None:
        self.repo = repo
        # The run state (state, events, stop, claims) goes to `store`: the .4x files by default,
        # a shared database with {"kind": "postgres", ...}. The loop below is the same for both.
        self.ws = Workspace(repo, store=store)
        self.lease: workspace.Lease | None = None
        self.trace = trace
        self.profile = profile
        self.clock = Clock(datetime(2026, 11, 29, 9, 0, tzinfo=timezone.utc))
        self.nonce = nonces()
        self.keeper = BlueprintKeeper(repo, home)
        self.agents = Agents(self.ws, repo, crash)
        self.feature = self.ws.load_feature(FEATURE_ID)
        self.feature_dir = Path(self.ws.feature_dir(FEATURE_ID))
        self.decisions: list[Decision] = []

    # --- the files a decision names -----------------------------------------------------------

    def path(self, ref: FileRef, rnd: int) -> Path:
        """The file a ``{dir, file}`` reference names (``round``: ``rounds/round-<rnd>``, made
        when missing: the harness is about to write there)."""
        base = self.feature_dir if ref["dir"] == "feature" else self.agents.round_dir(rnd)
        base.mkdir(parents=True, exist_ok=True)
        return base / ref["file"]

    def read_collect(self, collect: Collect, rnd: int) -> tuple[dict[str, str], dict[str, str]]:
        """The texts of the listed files that exist (feature dir, round dir of ``rnd``)."""
        feature = self._read_names(self.feature_dir, collect.get("feature", []))
        rounds = self._read_names(self.agents.round_dir(rnd), collect.get("round", []))
        return feature, rounds

    @staticmethod
    def _read_names(base: Path, names: Sequence[str]) -> dict[str, str]:
        texts: dict[str, str] = {}
        for name in names:
            path = base / name
            if path.is_file():
                texts[name] = path.read_text(encoding="utf-8")
        return texts

    def facts(self) -> Facts:
        """What the harness knows about the world right now."""
        return {
            "interrupted": INTERRUPTED.is_set(),
            "stop_requested": self.ws.stop_requested(FEATURE_ID),
            "baseline_exists": (self.feature_dir / "baseline.json").is_file(),
            "rounds_summary_exists": (self.feature_dir / "rounds-summary.md").is_file(),
        }

    # --- the loop -----------------------------------------------------------------------------

    def persist(self, step: Step) -> None:
        """Writes the step's state, appends its events, keeps the feature file in step."""
        state = self.ws.write_state(FEATURE_ID, step["state"], self.clock.now(), lease=self.lease)
        for event in step["events"]:
            self.ws.append_event(FEATURE_ID, event, self.clock.now(), lease=self.lease)
            self.trace.line(event_line(event))
        sync = self.ws.sync_feature_status(FEATURE_ID, state["phase"])
        if sync["changed"]:
            self.trace.line(f"feature status {sync['previous_status']} -> {sync['status']}")

    def prepare(self, actions: Sequence[PrepareAction], rnd: int) -> None:
        """Executes a decision's prepare actions, in order."""
        for action in actions:
            match action["action"]:
                case "clear_stop_signal":
                    self.ws.clear_stop(FEATURE_ID)
                case "remove":
                    target = self.path({"dir": action["dir"], "file": action["file"]}, rnd)
                    if target.is_file():
                        target.unlink()
                        self.trace.line(f"removed {action['dir']}/{action['file']}")
                case "write_json":
                    target = self.path({"dir": action["dir"], "file": action["file"]}, rnd)
                    target.write_text(json.dumps(action["value"], indent=2), encoding="utf-8")
                case "write_text":
                    target = self.path({"dir": action["dir"], "file": action["file"]}, rnd)
                    target.write_text(action["text"], encoding="utf-8")
                case "review_package":
                    target = self.path({"dir": action["dir"], "file": action["file"]}, rnd)
                    changed = ", ".join(f["path"] for f in self.agents.changed_files())
                    target.write_text(
                        f"# Review package\n\nbase {BASE_COMMIT[:12]}; changed: {changed}\n",
                        encoding="utf-8",
                    )
                case "acceptance_summary":
                    target = self.path({"dir": action["dir"], "file": action["file"]}, rnd)
                    target.write_text(self.acceptance_summary(rnd), encoding="utf-8")
                case "tester_retry_cleanup":
                    rd = self.agents.round_dir(rnd)
                    for name in ("test-report.md", "verify.json"):
                        (rd / name).unlink(missing_ok=True)
                case _:
                    assert_never(action["action"])

    def acceptance_summary(self, rnd: int) -> str:
        """The acceptor's digest of the round: which reports exist and what verify.json says."""
        rd = self.agents.round_dir(rnd)
        lines = [f"# Acceptance summary (round {rnd})", ""]
        for name in ("review-report.md", "test-report.md", "deep-review-report.md"):
            lines.append(f"- {name}: {'present' if (rd / name).is_file() else 'absent'}")
        verify = rd / "verify.json"
        if verify.is_file():
            evidence = json.loads(verify.read_text(encoding="utf-8"))
            results = ", ".join(
                f"{r['id']} {'passed' if r['passed'] else 'failed'}"
                for r in evidence.get("ac_results", [])
            )
            lines.append(f"- verify.json: passed={evidence.get('passed')}; {results}")
        return "\n".join(lines) + "\n"

    def shell(self, command: str, timeout_s: int) -> bool:
        """Runs one command in the repository; whether it exited 0 in time."""
        try:
            done = subprocess.run(
                command, shell=True, cwd=self.repo, check=False, timeout=timeout_s
            )
        except subprocess.TimeoutExpired:
            return False
        return done.returncode == 0

    def health_check(self, decision: RunHealthCheck) -> HealthCheck:
        """Runs the commands in order; on a failure the recovery commands, then all once more."""
        timeout = decision["timeout_s"]
        for attempt in (1, 2):
            failed = next(
                (c for c in decision["commands"] if not self.shell(c, timeout)), None
            )
            if failed is None:
                self.trace.line(f"health check passed ({len(decision['commands'])} commands)")
                return {"kind": "health_check", "ok": True}
            if attempt == 1:
                for command in decision["recovery"]:
                    self.shell(command, timeout)
        return {"kind": "health_check", "ok": False, "error": f"health check failed: {failed}"}

    def discover(self, decision: DiscoverFeatures) -> Discovered:
        """Turns the report's [NEW-FEATURE] blocks into backlog features: parse, de-duplicate
        against the backlog, keep the first ``max``, mint ids, save, list them."""
        report = self.path(decision["report"], decision["round"])
        text = report.read_text(encoding="utf-8") if report.is_file() else ""
        found = fourx.call("discover.parse", report=text)["features"]
        backlog = self.ws.list_features()["features"]
        kept = fourx.call("discover.dedupe", candidates=found, existing=backlog)["features"]
        numbers = [int(f["id"][1:4]) for f in backlog if f["id"][1:4].isdigit()]
        created: list[str] = []
        for n, item in enumerate(kept[: decision["max"]], start=max(numbers, default=0) + 1):
            slug = "-".join(w for w in "".join(
                c if c.isalnum() else " " for c in item["title"].lower()
            ).split())
            fid = f"F{n:03d}-{slug}"
            self.ws.save_feature(
                {"id": fid, "name": item["title"], "description": item["description"],
                 "status": "not-started"}
            )
            created.append(fid)
        listing = "".join(f"- {fid}\n" for fid in created) or "(none)\n"
        self.path({"dir": "round", "file": "discovered-features.md"}, decision["round"]).write_text(
            f"# Discovered features\n\n{listing}", encoding="utf-8"
        )
        return {"kind": "discovered", "created": created}

    def run_agent(self, decision: RunAgent) -> AgentExit:
        """Runs one scripted agent and the guard its decision names; reads the collect files."""
        time.sleep(decision["wait_ms"] / 1000)
        rnd = decision["round"]
        work = self.agents.run(decision["role"], decision["phase"], rnd)
        self.trace.line(
            f"[round {rnd}] {decision['phase']}: {decision['role']} ran "
            f"({decision['purpose']}, attempt {decision['attempt']}) -> exit 0"
        )
        if work.output:
            self.trace.line(f"    {contract_line(work.output)}")
        if work.claims:
            now = self.clock.now()
            self.trace.line(f"    {self.keeper.commit(work.claims, now, next(self.nonce))}")
        feature_files, round_files = self.read_collect(decision["collect"], rnd)
        outcome: AgentExit = {
            "kind": "agent_exit",
            "exit_code": 0,
            "stats": {"tokens_used": 1000, "cost_usd": work.cost_usd, "duration_ms": 60_000},
            "feature_files": feature_files,
            "round_files": round_files,
        }
        if decision["guard"] is not None:  # the runner ran and exited 0: the guard runs
            guard: GuardResult = {"pass": not work.guard_errors, "errors": list(work.guard_errors)}
            outcome["guard"] = guard
        return outcome

    def run_parallel(self, decision: RunParallel) -> ParallelExit:
        """Runs the parallel deep reviewers (one after the other here) and reads their partials."""
        rnd = decision["round"]
        results: list[ParallelResult] = []
        for agent in decision["agents"]:
            work = self.agents.run(agent["role"], decision["phase"], rnd, partial=agent["partial"])
            stats: conductor.RunStats = {"cost_usd": work.cost_usd}
            results.append({"index": agent["index"], "exit_code": 0, "stats": stats})
            self.trace.line(
                f"[round {rnd}] {decision['phase']}: {agent['role']} #{agent['index']} "
                f"(angles {agent['angles']}) -> {agent['partial']}"
            )
        _, round_files = self.read_collect(decision["collect"], rnd)
        return {"kind": "parallel_exit", "results": results, "round_files": round_files}

    def run_hooks(self, decision: RunHooks) -> Hooks:
        """Runs the hook commands in the repository; one ``hook`` event per result."""
        ok = True
        for hook in decision["hooks"]:
            passed = self.shell(hook["run"], 600)
            if not passed and hook.get("on_fail", "") not in ("warn", "continue", "ignore"):
                ok = False
            event = {
                "type": "hook",
                "phase": decision["phase"],
                "action": decision["action"],
                "cmd": hook["run"],
                "status": "ok" if passed else "fail",
            }
            written = self.ws.append_event(FEATURE_ID, event, self.clock.now(), lease=self.lease)
            self.trace.line(event_line(written))
        return {"kind": "hooks", "ok": ok}

    def capture_baseline(self, decision: CaptureBaseline, now: str) -> Baseline:
        """Writes baseline.json (one entry per repo) and reads HEAD, as the decision asks."""
        outcome: Baseline = {"kind": "baseline", "ok": True}
        if decision["capture_baseline"]:
            repo = {
                "name": "demo",
                "path": str(self.repo),
                "branch": "main",
                "head": BASE_COMMIT,
                "dirtyFiles": [],
            }
            text = json.dumps({"createdAt": now, "repos": [repo]}, indent=2)
            self.path(decision["file"], decision["round"]).write_text(text, encoding="utf-8")
        if decision["capture_base_commit"]:
            outcome["base_commit"] = BASE_COMMIT
        self.trace.line(f"[round {decision['round']}] baseline captured at {BASE_COMMIT[:12]}")
        return outcome

    def execute(self, decision: Decision) -> Outcome | None:
        """Executes one decision; ``None`` when it ends the run."""
        match decision["kind"]:
            case "stop":
                if decision.get("clear_stop_signal"):
                    self.ws.clear_stop(FEATURE_ID)
                self.trace.line(
                    f"stop: {decision['phase']} ({decision['reason']}) {decision['message']}"
                )
                self.trace.line(f"notify {decision['notify']}")
                return None
            case "finish":
                self.trace.line(f"finish: {decision['phase']}; notify {decision['notify']}")
                if decision["harvest_learnings"]:  # what a learnings pass would read
                    rounds = sorted(p.name for p in self.feature_dir.glob("rounds/round-*"))
                    self.trace.line(f"learnings to harvest from rounds/{{{','.join(rounds)}}}")
                return None
            case "run_agent":
                return self.run_agent(decision)
            case "run_parallel":
                return self.run_parallel(decision)
            case "run_helper":
                self.agents.run(decision["role"], decision["phase"], decision["round"])
                helper: HelperExit = {"kind": "helper_exit", "ok": True}
                return helper
            case "run_health_check":
                return self.health_check(decision)
            case "capture_baseline":
                return self.capture_baseline(decision, self.clock.now())
            case "gather":
                names = decision["round_files"]
                texts = self._read_names(self.agents.round_dir(decision["round"]), names)
                changed = self.agents.changed_files()
                gathered: Gathered = {
                    "kind": "gathered",
                    "changed_files": changed,
                    "round_files": texts,
                }
                listed = ", ".join(f"{f['path']} (+{f['lines']})" for f in changed) or "none"
                self.trace.line(f"[round {decision['round']}] changed files: {listed}")
                return gathered
            case "run_hooks":
                return self.run_hooks(decision)
            case "discover_features":
                return self.discover(decision)
            case "await_human":
                # The demo configures no approval gates; a scripted person would approve.
                self.trace.line(f"[round {decision['round']}] gate: {decision['question']}")
                reply: HumanReply = {"kind": "human_reply", "answer": "approve"}
                return reply
            case _:
                assert_never(decision["kind"])

    def drive(self, step: Step) -> Step:
        """The whole loop: persist, prepare, execute, apply -- until stop or finish."""
        while True:
            self.persist(step)
            decision = step["decision"]
            self.decisions.append(decision)
            self.prepare(decision.get("prepare", []), step["state"].get("round", 0))
            outcome = self.execute(decision)
            if outcome is None:
                return step
            step = conductor.apply(
                CONFIG, self.feature, step["state"], step["loop"], outcome, facts=self.facts()
            )

    def claim(self) -> bool:
        """Claims the feature: a lease on a shared store, the pid liveness rule on the files.
        Whether another run loop holds it (then ``conductor.start`` refuses an active state)."""
        claim = self.ws.claim(FEATURE_ID, f"demo-{os.getpid()}", CLAIM_TTL_MS, pid=os.getpid())
        self.lease = claim["lease"]
        return not claim["granted"]

    def release(self) -> None:
        """Gives the lease up at the end of the run (nothing to give up on the files)."""
        if self.lease is not None:
            self.ws.release(FEATURE_ID, self.lease)
            self.lease = None

    def start(self, resume: bool) -> Step:
        """``conductor.start``: a fresh run, or the persisted state back after a crash."""
        held = self.claim()
        if not resume:
            return conductor.start(
                CONFIG,
                self.feature,
                now=self.clock.now(),
                pid=os.getpid(),
                profile_name=self.profile,
                facts=self.facts(),
            )
        listing = conductor.resume_listing(self.repo, FEATURE_ID)
        state = self.ws.read_state(FEATURE_ID)
        alive = held
        self.trace.line(
            f"resuming {state['phase']} (round {state.get('round', 0)}); "
            f"pid {'alive' if alive else 'gone'}"
        )
        return conductor.start(
            CONFIG,
            self.feature,
            now=self.clock.now(),
            pid=os.getpid(),
            state=state,
            pid_alive=alive,
            feature_files=listing["feature_files"],
            round_files=listing["round_files"],
            facts=self.facts(),
        )


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
    ``resume`` continues the run a crash left in ``base``; ``store`` is where the run state lives
    (``None``: the ``.4x`` files; see :class:`fourx.Workspace`)."""
    if resume:
        repo, home = base / "repo", base / "home"
    else:
        repo, home = setup_project(base)
    ws = Workspace(repo, store=store)
    trace.head(f"fourx {fourx.version()}: one feature through the `{profile}` profile (no LLM)")
    if not resume:
        trace.line(f"project    {repo}")
        trace.line(f"request    {REQUEST!r}")
        route = fourx.router.route(REQUEST)
        trace.line(f"route      {route['announcement']}")
        trace.line(f"           chain: {route['chain']}")
        feature = {"id": FEATURE_ID, "name": "User profile page", "status": "not-started"}
        feature["profile"] = profile
        ws.save_feature(feature)
        ws.init_feature_dir(FEATURE_ID)
        pipeline = fourx.resolve_pipeline(CONFIG, feature, profile_name=profile)
        trace.head(f"pipeline: profile {profile!r}, {len(pipeline)} phases")
        for p in pipeline:
            trace.line(f"{p['phase']:<17} {p['role']:<16} {p['runner']:<7} {p['model']}")

    harness = Harness(repo, home, profile, trace, crash, store)
    trace.head("run (every decision is the conductor's)")
    last = harness.drive(harness.start(resume))
    harness.release()
    state = ws.read_state(FEATURE_ID)

    trace.head("result")
    cost = ws.total_cost(FEATURE_ID)
    trace.line(
        f"state.json   phase={state['phase']} round={state.get('round', 0)} "
        f"active={state.get('active', False)} stopReason={state.get('stopReason', '')}"
    )
    status = ws.load_feature(FEATURE_ID)["status"]
    trace.line(f"feature      .4x/features/{FEATURE_ID}.yaml (status {status})")
    trace.line(f"events.jsonl {ws.feature_dir(FEATURE_ID)}/events.jsonl (total cost ${cost:.2f})")
    trace.line(f"decisions    {len(harness.decisions)} (last: {last['decision']['kind']})")
    blueprint = harness.keeper.text()
    if blueprint:
        index = harness.keeper.store.render_index(SNAPSHOT)
        trace.line(f"blueprint    {harness.keeper.file}")
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
        "decisions": harness.decisions,
        "repo": str(repo),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """``python demo_harness.py [--profile NAME] [--dir DIR] [--resume] [--crash-at ROLE:ROUND]``:
    runs the demo (in a new temporary directory unless ``--dir`` is given) and prints the trace;
    exit status 0 when the conductor's last decision was ``finish``, 1 when it was ``stop``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--profile", default="full", help="the profile to run (default: full)")
    parser.add_argument(
        "--dir", type=Path, help="where to create the project (default: a new temp dir)"
    )
    parser.add_argument(
        "--resume", action="store_true", help="continue the run a crash left in --dir"
    )
    parser.add_argument(
        "--crash-at", type=Crash.parse, help="ROLE:ROUND whose agent writes half and hangs"
    )
    parser.add_argument(
        "--scan-self", action="store_true", help="also index fourx's own source tree"
    )
    args = parser.parse_args(argv)
    if args.resume and args.dir is None:
        parser.error("--resume needs --dir")
    base: Path = args.dir if args.dir is not None else Path(tempfile.mkdtemp(prefix="fourx-demo-"))
    base.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGINT, lambda _sig, _frame: INTERRUPTED.set())
    result = run(
        base,
        Trace(),
        args.profile,
        resume=args.resume,
        crash=args.crash_at,
        scan_self=args.scan_self,
    )
    # The next command, with this interpreter (the .venv's under `make demo`) spelled out.
    python = os.path.relpath(sys.executable)
    python = sys.executable if python.startswith("..") else python
    print(f"\nnext: {python} -m fourx state show --root {result['repo']} --feature {FEATURE_ID}")
    return 0 if result["decisions"][-1]["kind"] == "finish" else 1


if __name__ == "__main__":
    sys.exit(main())
