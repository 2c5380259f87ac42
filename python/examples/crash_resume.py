"""A crash in the middle of a run, and the resume that completes it.

1. A child process runs the demo harness (``demo_harness.py --crash-at coder:2``): the feature is
   designed, coded, sent back by the first review, and while the coder amends in round 2 its agent
   writes half of ``coder-report.md`` and hangs.
2. The parent kills the child with SIGKILL: ``state.json`` still says ``active`` with the dead
   child's pid, and the round directory holds a half-written report.
3. ``workspace.resume_listing`` reads what a resume needs (the state and the fixed artifact names
   of the feature and round directories); ``conductor.resume`` shows what the conductor infers from
   them (the phase the artifacts prove, the stale report to drop).
4. The harness runs the feature again (``--resume``): ``fourx.runner.run`` claims it (the old pid
   is gone, so it is not "active"), finds the journal of the step the killed run was at
   (``runner-journal.json``) and continues exactly there: the coder runs again, rewrites its whole
   report, and the run completes to ``pending-review`` with the events an uninterrupted run has.

Usage: ``python crash_resume.py [--dir DIR] [--crash-at ROLE:ROUND] [--profile NAME]``.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import demo_harness
from fourx import Workspace, conductor

HERE = Path(__file__).resolve().parent


def crash(base: Path, profile: str, crash_at: str, out: Any) -> int:
    """Runs the harness in a child until its agent hangs at ``crash_at``, then kills it with
    SIGKILL; returns the child's pid."""
    cmd = [
        sys.executable,
        str(HERE / "demo_harness.py"),
        "--dir",
        str(base),
        "--profile",
        profile,
        "--crash-at",
        crash_at,
    ]
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    try:
        for line in child.stdout:
            if line.strip() == demo_harness.HANG_MARKER:
                break
        else:
            raise RuntimeError(f"the child ended (status {child.wait()}) before it hung")
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
        child.stdout.close()
    print(f"== child {child.pid} killed with SIGKILL (status {child.returncode})", file=out)
    return child.pid


def main(argv: Sequence[str] | None = None, out: Any = None) -> dict[str, Any]:
    """Crashes a run, shows what resume infers, resumes it; returns the resumed run's result."""
    out = sys.stdout if out is None else out
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dir", type=Path, help="where to create the project (default: temp)")
    parser.add_argument("--crash-at", default="coder:2", help="ROLE:ROUND to crash in")
    parser.add_argument("--profile", default="full", help="the profile to run (default: full)")
    args = parser.parse_args(argv)
    base: Path = args.dir if args.dir is not None else Path(tempfile.mkdtemp(prefix="fourx-crash-"))
    base.mkdir(parents=True, exist_ok=True)

    crash(base, args.profile, args.crash_at, out)
    repo = base / "repo"
    listing = conductor.resume_listing(repo, demo_harness.FEATURE_ID)
    state = listing["state"]
    print(
        f"   state.json: phase {state['phase']}, round {state.get('round', 0)}, "
        f"active {state.get('active', False)}, pid {state.get('pid', 0)}",
        file=out,
    )
    for where, files in (("feature", listing["feature_files"]), ("round", listing["round_files"])):
        print(f"   {where} files: {', '.join(sorted(files)) or '(none)'}", file=out)
    feature = Workspace(repo).load_feature(demo_harness.FEATURE_ID)
    resumed = conductor.resume(
        demo_harness.CONFIG,
        feature,
        state,
        feature_files=listing["feature_files"],
        round_files=listing["round_files"],
    )
    print(
        f"   conductor.resume: {resumed['from']} -> {resumed['to']} "
        f"(recovered {resumed['recovered']}, sub-phase {resumed['sub_phase'] or '-'})",
        file=out,
    )
    result = demo_harness.run(base, demo_harness.Trace(out), args.profile, resume=True)
    final = result["state"]
    print(f"\n== resumed run ended in {final['phase']} (round {final.get('round', 0)})", file=out)
    return result


if __name__ == "__main__":
    outcome = main()
    sys.exit(0 if outcome["decisions"][-1]["kind"] == "finish" else 1)
