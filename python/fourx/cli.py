"""``python -m fourx``: the library from the command line.

Subcommands: ``route``, ``pipeline``, ``state show|diagram``, ``contract check``,
``blueprint scan|index|fold|graph``, ``run-script`` (the conductor's decisions for a scripted run),
``export`` / ``import`` (run state between a shared store and a ``.4x/`` tree), ``call`` (any op,
JSON in and out) and ``ops``. Output is human-readable by default and JSON with
``--json``; errors print their kind and message and exit with status 1 (2 for usage errors;
``contract check`` has its own three statuses, see its ``--help``).
Every answer comes from the core through the typed API; this module only parses arguments and
formats results.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO, get_args

from . import _ops, blueprint, catalog, resolve, router, version, workspace
from ._words import Edition
from .enums import Phase
from .state import (
    can_transition,
    diagram,
    enum_values,
    phase_to_role,
    phase_to_status,
    should_stop,
)
from .errors import FourxError

__all__ = ["main", "build_parser"]


class _Exit(Exception):
    """A handled failure: message for stderr and the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise _Exit(f"cannot read {path}: {e.strerror or e}") from e


def _read_json(path: str) -> Any:
    text = _read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise _Exit(f"{path} is not JSON: {e}") from e


def _read_feature(path: str) -> dict[str, Any]:
    """A feature file: YAML through the core's feature parser, or a JSON object."""
    if path.endswith((".yaml", ".yml")):
        return workspace.parse_feature_yaml(_read_text(path))
    data = _read_json(path)
    if not isinstance(data, dict):
        raise _Exit(f"{path} must hold a JSON object")
    return data


def _table(rows: Sequence[Sequence[str]], header: Sequence[str], out: TextIO) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join(h.upper().ljust(w) for h, w in zip(header, widths)).rstrip()
    print(line, file=out)
    print("  ".join("-" * w for w in widths), file=out)
    for r in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip(), file=out)


def _emit_json(value: Any, out: TextIO) -> None:
    json.dump(value, out, indent=2, ensure_ascii=False)
    out.write("\n")


# --- subcommands -------------------------------------------------------------------------------


def _cmd_route(args: argparse.Namespace, out: TextIO) -> int:
    result = router.route(" ".join(args.request))
    if args.json:
        _emit_json(result, out)
        return 0
    print(result["announcement"], file=out)
    print(f"  workflow:  {result['workflow']}", file=out)
    print(f"  signal:    {result['signal']} (priority {result['priority']})", file=out)
    print(f"  matched:   {', '.join(result['matched']) or '(none)'}", file=out)
    print(f"  chain:     {result['chain']}", file=out)
    if result["override"]:
        print(f"  override:  {result['override']}", file=out)
    return 0


def _cmd_pipeline(args: argparse.Namespace, out: TextIO) -> int:
    # settings.json is read the way 4x reads it (Go's decoder, legacy profiles normalised).
    config = workspace.parse_config(_read_text(args.config))
    feature = _read_feature(args.feature) if args.feature else None
    profile = resolve.resolve_profile(config, feature, override=args.profile or "")
    phases = resolve.resolve_pipeline(config, feature, profile_name=args.profile or "")
    if args.json:
        _emit_json(
            {"profile": profile["name"], "warnings": profile["warnings"], "phases": phases}, out
        )
        return 0
    print(f"profile: {profile['name']}", file=out)
    for w in profile["warnings"]:
        print(f"warning: {w}", file=out)
    rows = [[p["phase"], p["role"], p["runner"], p["model"]] for p in phases]
    _table(rows, ["phase", "role", "runner", "model"], out)
    return 0


def _cmd_state_show(args: argparse.Namespace, out: TextIO) -> int:
    if args.feature:
        ws = workspace.Workspace(args.root)
        state = ws.read_state(args.feature)
        phase = state.get("phase", "")
        nexts = [p.value for p in Phase if can_transition(phase, p)]
        stop = should_stop(state)
        if args.json:
            _emit_json({"state": state, "next": nexts, "should_stop": stop}, out)
            return 0
        print(
            f"feature {state.get('featureId', '')}: {phase} (round {state.get('round', 0)})",
            file=out,
        )
        for key in ("role", "runner", "active", "maxRounds", "updatedAt", "stopReason"):
            if key in state:
                print(f"  {key}: {state[key]}", file=out)
        print(f"  may move to: {', '.join(nexts) or '(nothing: terminal)'}", file=out)
        if stop["stop"]:
            print(f"  should stop: {stop['reason']}", file=out)
        return 0
    universal = enum_values("universal_targets")
    rows = []
    table = []
    for p in Phase:
        targets = [t.value for t in Phase if can_transition(p, t)]
        role = phase_to_role(p)
        status = phase_to_status(p)
        own = [t for t in targets if t not in universal]
        shown = ", ".join(own) if own else ("-" if targets else "(terminal)")
        rows.append([p.value, role or "-", status, shown])
        table.append({"phase": p.value, "role": role, "status": status, "targets": targets})
    if args.json:
        _emit_json({"phases": table, "universal_targets": universal}, out)
        return 0
    _table(rows, ["phase", "role", "status", "may move to"], out)
    print(f"\nfrom any non-terminal phase: {', '.join(universal)}", file=out)
    return 0


def _read_events(path: str) -> list[Any]:
    """The lines of an ``events.jsonl`` file as JSON values (blank lines skipped)."""
    events: list[Any] = []
    for n, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise _Exit(f"{path}:{n} is not a JSON line: {e}") from e
    return events


def _cmd_state_diagram(args: argparse.Namespace, out: TextIO) -> int:
    events_file = args.events
    if args.feature:
        events_file = os.path.join(workspace.feature_dir(os.path.abspath(args.root), args.feature), "events.jsonl")
    if events_file is not None:
        # The path is drawn by the core (state.diagram with `events`): visited phases and edges,
        # the current phase, and moves the plain drawing has no edge for.
        text = str(_ops.call("state.diagram", format=args.format, events=_read_events(events_file))["text"])
    else:
        text = diagram(args.format)
    if args.json:
        _emit_json({"format": args.format, "text": text}, out)
    else:
        out.write(text)
    return 0


CONTRACT_EXIT_ADVANCE = 0
CONTRACT_EXIT_BLOCKS = 1
CONTRACT_EXIT_INVALID = 2


def _cmd_contract_check(args: argparse.Namespace, out: TextIO) -> int:
    """Exit 0: the output lets the harness advance (``may_advance``). Exit 1: a valid output that
    blocks (a review asking for changes, a failed or violated contract, a verdict needing inline
    verification). Exit 2: not a valid output at all (parse error: no contract, bad envelope...)."""
    text = _read_text(args.file)
    try:
        parsed = router.parse_output(args.agent, text)
    except FourxError as e:
        if args.json:
            error: dict[str, Any] = {"kind": e.kind, "message": e.message, "field": e.field}
            if e.fields:
                error["fields"] = e.fields
            _emit_json({"valid": False, "may_advance": False, "error": error}, out)
        else:
            print(f"INVALID  {args.agent}: {e.kind}", file=out)
            print(f"  {e.message}", file=out)
            if len(e.fields) > 1:
                print(f"  fields: {', '.join(e.fields)}", file=out)
            elif e.field:
                print(f"  field: {e.field}", file=out)
        return CONTRACT_EXIT_INVALID
    result: dict[str, Any] = dict(parsed["result"])
    may_advance = bool(parsed["may_advance"])
    status = CONTRACT_EXIT_ADVANCE if may_advance else CONTRACT_EXIT_BLOCKS
    if args.json:
        _emit_json(
            {"valid": True, "may_advance": may_advance, "kind": parsed["kind"], "result": result},
            out,
        )
        return status
    if parsed["kind"] == "write":
        problems = [f"pass condition violated: {v}" for v in result.get("violations", [])]
        passes = result.get("passed")
    else:
        problems = [f"needs inline verification: {c}" for c in result.get("checks", [])] if result.get(
            "needs_inline_verification"
        ) else []
        passes = result.get("passes")
    verdict = "ADVANCE" if may_advance else "BLOCKS"
    outcome = {True: "passes", False: "does not pass", None: "no pass rule"}[passes]
    blocking = " (blocking)" if result.get("blocking") else ""
    print(
        f"{verdict}  {args.agent} ({parsed['kind']} contract): "
        f"{result.get('status')} - {outcome}{blocking}",
        file=out,
    )
    for issue in result.get("critical_issues", []):
        print(f"  critical: {issue}", file=out)
    for p in problems:
        print(f"  {p}", file=out)
    for a in result.get("advice", []):
        print(f"  to fix {a['check']}: {a['message']}", file=out)
    return status


def _blueprint_doc(path: str | None) -> str:
    if path is None:
        return ""
    if not os.path.exists(path):
        return ""
    return _read_text(path)


def _cmd_blueprint_index(args: argparse.Namespace, out: TextIO) -> int:
    result = blueprint.render_index(
        _blueprint_doc(args.doc), _read_json(args.snapshot), max_tokens=args.max_tokens
    )
    if args.json:
        _emit_json(result, out)
    else:
        out.write(result["text"])
        print(
            f"({result['tokens']}/{result['budget']} tokens, {result['shown']} modules shown, "
            f"{result['not_shown']} not shown)",
            file=sys.stderr,
        )
    return 0


def _cmd_blueprint_fold(args: argparse.Namespace, out: TextIO) -> int:
    request = _read_json(args.request)
    if not isinstance(request, dict):
        raise _Exit(f"{args.request} must hold a JSON object (items, snapshot, evidence, now, ...)")
    doc = _blueprint_doc(args.doc)
    # The request file is the op's input as it is (items, snapshot, evidence, now, ...).
    result = _ops.call("blueprint.fold", request, doc=doc)
    line = blueprint.format_for_director(result["result"])
    if args.write and args.doc and not result["result"].get("noop"):
        Path(args.doc).write_text(result["doc"], encoding="utf-8")
    if args.json:
        _emit_json({**result, "line": line}, out)
    else:
        if not args.write:
            out.write(result["doc"])
        print(line, file=sys.stderr if not args.write else out)
    return 0


def _cmd_blueprint_graph(args: argparse.Namespace, out: TextIO) -> int:
    text = blueprint.graph(_read_json(args.snapshot), args.format, doc=_blueprint_doc(args.doc))
    if args.json:
        _emit_json({"format": args.format, "text": text}, out)
    else:
        out.write(text)
    return 0


def _cmd_blueprint_scan(args: argparse.Namespace, out: TextIO) -> int:
    # The op wants an absolute root; a relative one is taken against the current directory.
    snapshot = blueprint.scan(os.path.abspath(args.root), max_file_bytes=args.max_file_bytes)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            _emit_json(snapshot, f)
        if not args.json:
            print(
                f"{len(snapshot['modules'])} modules, {len(snapshot['edges'])} edges -> {args.output}",
                file=out,
            )
        return 0
    _emit_json(snapshot, out)
    return 0


def _cmd_call(args: argparse.Namespace, out: TextIO) -> int:
    """Runs one op: the input is JSON text (an argument, or '-' for stdin; default ``{}``); the
    result is printed as JSON; an error prints the op's error document on stderr and exits 1."""
    text = "{}" if args.input is None else (sys.stdin.read() if args.input == "-" else args.input)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise _Exit(f"the input is not JSON: {e}", status=2) from e
    if not isinstance(data, dict):
        raise _Exit("the input must be a JSON object", status=2)
    try:
        result = _ops.call(args.op, data)
    except FourxError as e:
        error: dict[str, Any] = {"kind": e.kind, "message": e.message}
        if e.field is not None:
            error["field"] = e.field
        if e.fields:
            error["fields"] = e.fields
        if e.result is not None:
            error["result"] = e.result
        _emit_json({"error": error}, sys.stderr)
        return 1
    _emit_json(result, out)
    return 0


def _decision_detail(d: dict[str, Any]) -> str:
    """The kind-specific part of one decision, for the run-script table."""
    kind = d.get("kind")
    if kind == "run_agent":
        text = f"{d.get('purpose')} {d.get('runner')}/{d.get('model')} attempt {d.get('attempt')}"
        if d.get("wait_ms"):
            text += f" after {d['wait_ms']} ms"
        return text + (f" guard {d['guard']}" if d.get("guard") else "")
    if kind == "run_parallel":
        agents = ", ".join(
            f"#{a.get('index')} {a.get('role')} {a.get('runner')}/{a.get('model')}"
            if "runner" in a
            else f"#{a.get('index')} {a.get('angles')}"
            for a in d.get("agents", [])
        )
        guards = f" guards {'+'.join(d['guards'])}" if d.get("guards") else ""
        return f"{d.get('runner')}/{d.get('model')}: {agents}{guards}"
    if kind == "await_human":
        limit = f" (wait {d['timeout_ms']} ms)" if d.get("timeout_ms") else ""
        return f"{d.get('question')} [{'/'.join(d.get('options', []))}]{limit}"
    if kind == "run_helper":
        return f"{d.get('runner')}/{d.get('model')} -> {d.get('output', {}).get('file', '')}"
    if kind == "run_health_check":
        return "; ".join(d.get("commands", []))
    if kind == "capture_baseline":
        parts = [d.get("file", {}).get("file", "")] if d.get("capture_baseline") else []
        return " + ".join(parts + (["HEAD"] if d.get("capture_base_commit") else []))
    if kind == "gather":
        return ", ".join(d.get("need", []) + d.get("round_files", []))
    if kind == "run_hooks":
        return f"{d.get('action')}: " + "; ".join(h.get("run", "") for h in d.get("hooks", []))
    if kind == "discover_features":
        return f"from {d.get('report', {}).get('file', '')} (max {d.get('max')})"
    if kind == "stop":
        return f"{d.get('reason')}: {d.get('message')} (notify {d.get('notify')})"
    if kind == "finish":
        return f"notify {d.get('notify')}" + (
            ", harvest learnings" if d.get("harvest_learnings") else ""
        )
    return ""


def _prepare_summary(d: dict[str, Any]) -> str:
    """A decision's prepare actions, in order (``remove round/escalation.json`` ...)."""
    parts = []
    for action in d.get("prepare", []):
        name = action.get("action", "")
        where = f"{action['dir']}/{action['file']}" if "file" in action else action.get("dir", "")
        parts.append(f"{name} {where}".strip())
    return "; ".join(parts) or "-"


def _cmd_run_script(args: argparse.Namespace, out: TextIO) -> int:
    script = _read_json(args.file)
    if not isinstance(script, dict):
        raise _Exit(f"{args.file} must hold a JSON object (config, feature, start, outcomes)")
    result = _ops.call("conductor.run_script", script)
    if args.json:
        _emit_json(result, out)
        return 0
    rows = []
    for i, d in enumerate(result["decisions"]):
        round_ = d.get("round", "")
        rows.append(
            [
                str(i),
                d.get("kind", ""),
                d.get("phase", ""),
                d.get("role", "") or "-",
                "-" if round_ == "" else str(round_),
                _decision_detail(d),
                _prepare_summary(d),
            ]
        )
    _table(rows, ["#", "decision", "phase", "role", "round", "detail", "prepare"], out)
    if args.events:
        print(file=out)
        events = [
            [
                e.get("type", ""),
                e.get("phase", ""),
                e.get("role", "") or "-",
                str(e.get("round", 0)),
                e.get("status", "") or "-",
                e.get("detail", "") or "-",
            ]
            for e in result["events"]
        ]
        _table(events, ["event", "phase", "role", "round", "status", "detail"], out)
    state = result["state"]
    print(
        f"\nstate: {state.get('phase')} (round {state.get('round', 0)}), "
        f"active {str(state.get('active', False)).lower()}"
        + (f", stopReason {state['stopReason']}" if state.get("stopReason") else "")
        + f"; {len(result['decisions'])} decisions, {len(result['events'])} events",
        file=out,
    )
    return 0


def _cmd_ops(args: argparse.Namespace, out: TextIO) -> int:
    ops = catalog()
    if args.prefix:
        ops = [op for op in ops if op["name"].startswith(args.prefix)]
    if args.json:
        _emit_json(ops, out)
        return 0
    width = max((len(op["name"]) for op in ops), default=0)
    print(f"fourx {version()}: {len(ops)} operations", file=out)
    for op in ops:
        print(f"  {op['name']:<{width}}  {op['doc']}", file=out)
    return 0


#: Where ``export`` / ``import`` read the store config when ``--store-file`` is not given.
STORE_ENV = "FOURX_STORE"


def _store_config(args: argparse.Namespace) -> dict[str, Any]:
    """The run-store config of ``export`` / ``import``: the JSON object in ``--store-file`` or in
    ``$FOURX_STORE`` -- never a command-line argument, where every user of the machine could read
    its password."""
    if args.store_file:
        text, where = _read_text(args.store_file), args.store_file
    else:
        text, where = os.environ.get(STORE_ENV, ""), f"${STORE_ENV}"
        if not text:
            raise _Exit(f"no store config: give --store-file or set ${STORE_ENV}", 2)
    try:
        config = json.loads(text)
    except json.JSONDecodeError as e:
        # The position only: the text may hold a password.
        raise _Exit(f"the store config in {where} is not JSON (line {e.lineno}, column {e.colno})", 2) from e
    if not isinstance(config, dict):
        raise _Exit(f"the store config in {where} must be a JSON object", 2)
    return config


def _cmd_copy(args: argparse.Namespace, out: TextIO) -> int:
    ws = workspace.Workspace(args.root, store=_store_config(args))
    features = args.feature or None
    copied = ws.export_runs(features) if args.command == "export" else ws.import_runs(features)
    if args.json:
        _emit_json(copied, out)
        return 0
    arrow = "store -> .4x/run" if args.command == "export" else ".4x/run -> store"
    print(f"{args.command}: {len(copied)} feature(s), {arrow} under {ws.root}", file=out)
    for c in copied:
        parts = [f"state {'yes' if c['state'] else 'no'}", f"{c['events']} event(s)"]
        if c["stop"]:
            parts.append("stop")
        print(f"  {c['feature_id']}: {', '.join(parts)}", file=out)
    return 0


# --- parser ------------------------------------------------------------------------------------


def _cmd_run(args: argparse.Namespace, out: TextIO) -> int:
    from . import runner

    root = os.path.abspath(args.root)

    def trace(decision: dict[str, Any], state: dict[str, Any]) -> None:
        print(runner.decision_line(decision, state), file=out, flush=True)

    store = _store_config(args) if args.store_file or os.environ.get(STORE_ENV) else None
    result = runner.run(
        root,
        args.feature,
        runner.command_agent(args.agent_cmd, root),
        profile=args.profile,
        store=store,
        holder=args.holder,
        on_decision=trace,
    )
    if result["question"] is not None:
        print(f"waiting for a person: {result['question']}", file=out)
    for warning in result["warnings"]:
        print(f"fourx: warning: {warning}", file=sys.stderr)
    return 0 if result["decisions"] and result["decisions"][-1]["kind"] == "finish" else 1


def _cmd_hook(args: argparse.Namespace, out: TextIO) -> int:
    from ._hook import main_hook

    return main_hook(args.hook, args.edition)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m fourx`` (every subcommand takes ``--json``)."""
    # `--json` is accepted before or after the subcommand; the subcommands' copy only sets the
    # flag when given (SUPPRESS), so it never resets a top-level `--json`.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print JSON instead of text"
    )
    parser = argparse.ArgumentParser(
        prog="python -m fourx",
        description="fourx: the deterministic core of an AI-agent coding harness.",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--version", action="version", version=f"fourx {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("route", parents=[common], help="route a request to a workflow")
    p.add_argument("request", nargs="+", help="the user's request text")
    p.set_defaults(run=_cmd_route)

    p = sub.add_parser(
        "pipeline", parents=[common], help="the resolved pipeline of a feature (a table)"
    )
    p.add_argument("--config", required=True, help="settings.json (the project config)")
    p.add_argument("--feature", help="the feature file (.yaml, or a JSON object)")
    p.add_argument("--profile", help="a profile name overriding the feature's")
    p.set_defaults(run=_cmd_pipeline)

    p = sub.add_parser("state", parents=[common], help="the state machine")
    ssub = p.add_subparsers(dest="state_command", metavar="show|diagram", required=True)
    q = ssub.add_parser(
        "show", parents=[common], help="the transition table, or one feature's state"
    )
    q.add_argument("--feature", help="show this feature's state.json instead of the table")
    q.add_argument("--root", default=".", help="the workspace root (default: .)")
    q.set_defaults(run=_cmd_state_show)
    q = ssub.add_parser(
        "diagram",
        parents=[common],
        help="the transition graph as text, optionally with the path a feature took",
        description=(
            "Draws the state machine as Mermaid or DOT. With --events (an events.jsonl file) or "
            "--feature (its .4x/run/<ID>/events.jsonl under --root) the path the feature took is "
            "drawn on top: visited phases and edges marked, the current phase highlighted."
        ),
    )
    q.add_argument("--format", choices=["mermaid", "dot"], default="mermaid")
    where = q.add_mutually_exclusive_group()
    where.add_argument("--events", help="an events.jsonl file whose path to draw")
    where.add_argument("--feature", help="draw this feature's path (its events.jsonl under --root)")
    q.add_argument("--root", default=".", help="the workspace root for --feature (default: .)")
    q.set_defaults(run=_cmd_state_diagram)

    p = sub.add_parser("contract", parents=[common], help="agent output contracts")
    csub = p.add_subparsers(dest="contract_command", metavar="check", required=True)
    q = csub.add_parser(
        "check",
        parents=[common],
        help="validate an agent's output (exit 0 advance, 1 blocks, 2 invalid)",
        description=(
            "Validates an agent's output with the parser its agent needs (router.parse_output). "
            "Exit status: 0 when the output lets the harness advance (may_advance); 1 when it is "
            "a valid output that blocks (a review asking for changes, a failed or violated "
            "contract, a verdict that needs inline verification); 2 when it is not a valid "
            "output (no contract, a malformed envelope or block, an unknown agent)."
        ),
    )
    q.add_argument(
        "--agent", required=True, help="the agent that wrote the output (e.g. code-reviewer)"
    )
    q.add_argument("file", help="the output file ('-' for stdin)")
    q.set_defaults(run=_cmd_contract_check)

    p = sub.add_parser("blueprint", parents=[common], help="the per-repository blueprint")
    bsub = p.add_subparsers(
        dest="blueprint_command", metavar="scan|index|fold|graph", required=True
    )
    q = bsub.add_parser(
        "scan",
        parents=[common],
        help="scan a repository into a module snapshot (JSON, the --snapshot of index and graph)",
    )
    q.add_argument("root", help="the repository root (relative to the current directory is fine)")
    q.add_argument("-o", "--output", help="write the snapshot to this file instead of stdout")
    q.add_argument("--max-file-bytes", type=int, help="skip files larger than this (default: the core's)")
    q.set_defaults(run=_cmd_blueprint_scan)
    q = bsub.add_parser("index", parents=[common], help="render the token-capped index")
    q.add_argument("--doc", help="blueprint.md (absent file = empty blueprint)")
    q.add_argument("--snapshot", required=True, help="the module snapshot (JSON)")
    q.add_argument("--max-tokens", type=int, help="the token cap (default: the core's)")
    q.set_defaults(run=_cmd_blueprint_index)
    q = bsub.add_parser("fold", parents=[common], help="fold agent claims into a blueprint")
    q.add_argument("--doc", help="blueprint.md (absent file = empty blueprint)")
    q.add_argument(
        "--request",
        required=True,
        help="JSON with project_id, items, snapshot, evidence, now (and file_text, git)",
    )
    q.add_argument("--write", action="store_true", help="write the folded text back to --doc")
    q.set_defaults(run=_cmd_blueprint_fold)
    q = bsub.add_parser("graph", parents=[common], help="the module graph as Mermaid or DOT")
    q.add_argument("--doc", help="blueprint.md (marks stale and unannotated modules)")
    q.add_argument("--snapshot", required=True, help="the module snapshot (JSON)")
    q.add_argument("--format", choices=["mermaid", "dot"], default="mermaid")
    q.set_defaults(run=_cmd_blueprint_graph)

    p = sub.add_parser(
        "run-script",
        parents=[common],
        help="the conductor's decision trace of a scripted run (a table)",
        description=(
            "Replays a conductor.run_script input -- a JSON object with config, feature, start "
            "(the conductor.start input without config and feature) and outcomes (one per "
            "decision after the first, each optionally with facts) -- and prints every decision "
            "the conductor makes, with its prepare actions, and the final state. Shows what "
            "fourx will decide before real agents are wired in."
        ),
    )
    p.add_argument("file", help="the run_script input (JSON; '-' for stdin)")
    p.add_argument("--events", action="store_true", help="also print the events, in order")
    p.set_defaults(run=_cmd_run_script)

    for name, help_text, description in (
        (
            "export",
            "write a shared store's run state as the exact .4x/run bytes",
            "Copies the run state (state.json, events.jsonl, the stop signal) of every feature "
            "of a shared run store -- or of the --feature ones -- into ROOT/.4x/run/<id>/ with "
            "the exact bytes a local harness writes, so the Go 4x tools and diffs read it. A "
            "feature already under ROOT is refused (a copy never merges).",
        ),
        (
            "import",
            "load a .4x/run tree into a shared store",
            "Copies the run state of every feature under ROOT/.4x/run -- or of the --feature "
            "ones -- into a shared run store. A feature the store already holds is refused.",
        ),
    ):
        p = sub.add_parser(
            name,
            parents=[common],
            help=help_text,
            description=description
            + f" The store config (e.g. {{\"kind\": \"postgres\", \"url\": \"postgresql://...\", "
            f"\"schema\": \"fourx\"}}) is read from --store-file or ${STORE_ENV}, never from the "
            "command line; errors never show its URL.",
        )
        p.add_argument("--root", default=".", help="the workspace root (default: .)")
        p.add_argument("--feature", action="append", help="only this feature (repeatable)")
        p.add_argument(
            "--store-file", help=f"a file holding the store config JSON (default: ${STORE_ENV})"
        )
        p.set_defaults(run=_cmd_copy)

    p = sub.add_parser(
        "run",
        help="run a feature to the end of its run with an agent command",
        description=(
            "Runs the feature with fourx's runner: every decision of the conductor is executed "
            "(state, events, prepare actions, git, hooks, guards, resume) and CMD runs whenever "
            "an agent has to, under sh -c in the repository with FOURX_ROLE FOURX_PHASE "
            "FOURX_PURPOSE FOURX_ROUND FOURX_ITERATION FOURX_ATTEMPT FOURX_RUNNER FOURX_MODEL "
            "FOURX_FEATURE_DIR FOURX_ROUND_DIR FOURX_PARTIAL in its environment; its exit code "
            "is the agent's. One line per decision; exit 0 on finish, 1 on stop."
        ),
    )
    p.add_argument("--root", default=".", help="the workspace root (default: .)")
    p.add_argument("--feature", required=True, help="the feature id")
    p.add_argument("--agent-cmd", required=True, help="the agent command (sh -c)")
    p.add_argument("--profile", help="the profile (default: the feature's)")
    p.add_argument(
        "--store-file",
        help=f"a file holding a shared run store's config JSON (default: ${STORE_ENV}, else the .4x files)",
    )
    p.add_argument("--holder", help="the lease holder's name on a shared store (default: per process)")
    p.set_defaults(run=_cmd_run)

    p = sub.add_parser(
        "hook", help="run as a cc10x hook (stdin: the hook JSON; exit 2 blocks)"
    )
    p.add_argument("hook", choices=["task-completed", "post-tool-use", "pre-tool-use"])
    p.add_argument(
        "--edition",
        choices=list(get_args(Edition)),
        help="the cc10x contract edition (default: from the plugin's .claude-plugin/plugin.json;"
        " pre-tool-use needs none)",
    )
    p.set_defaults(run=_cmd_hook)

    p = sub.add_parser(
        "call",
        help="run any op: JSON in, JSON out (exit 0 ok, 1 error document on stderr)",
        description=(
            "Runs one operation by name (see `ops`). INPUT is the op's JSON object as an "
            "argument, or '-' to read it from stdin (default: {}). The result is printed as "
            "JSON and the exit status is 0; an op error prints {\"error\": {kind, message, "
            "field?, result?}} on stderr and exits 1; input that is not a JSON object exits 2."
        ),
    )
    p.add_argument("op", help="the op name, e.g. state.can_transition")
    p.add_argument("input", nargs="?", help="the input JSON object, or '-' for stdin")
    p.set_defaults(run=_cmd_call)

    p = sub.add_parser("ops", parents=[common], help="the operation catalog")
    p.add_argument("prefix", nargs="?", default="", help="only ops whose name starts with this")
    p.set_defaults(run=_cmd_ops)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Runs the CLI on ``argv`` (default ``sys.argv[1:]``), writing to ``out`` (default stdout);
    returns the exit status: 0 success, 1 a fourx error, 2 usage (``contract check``: 0 advance,
    1 blocks, 2 invalid)."""
    out = sys.stdout if out is None else out
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help(out)
        return 0
    try:
        status: int = args.run(args, out)
        return status
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0
    except FourxError as e:
        print(
            f"fourx: {e.kind}: {e.message}" + (f" (field {e.field})" if e.field else ""),
            file=sys.stderr,
        )
        return 1
    except _Exit as e:
        print(f"fourx: {e}", file=sys.stderr)
        return e.status
