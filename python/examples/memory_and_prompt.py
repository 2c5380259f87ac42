"""A harness's memory load and first dispatch with fourx.

Creates, checks, heals and re-reads the three ``.cc10x`` memory files (the host does the I/O,
fourx decides the content), reads JUST_GO from the session settings, routes a request, picks the
skill hints and renders the prompt the first agent receives. Prints each step as a trace line.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import fourx
import fourx.router

MEMORY_FILES = ("activeContext.md", "patterns.md", "progress.md")  # the seed's read order

# An older patterns.md (the repo README's setup snippet): no ## Project SKILL_HINTS yet.
OLD_PATTERNS = (
    "# Project Patterns\n\n## User Standards\n- Use pnpm\n\n## Common Gotchas\n"
    "- CSV must be UTF-8 with BOM\n\n## Last Updated\n2026-03-01\n"
)


def read(path: Path) -> str:
    """Reads a file as it is on disk (line breaks untouched)."""
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def write(path: Path, text: str) -> None:
    """Writes a file as given (line breaks untouched)."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def load_memory(root: Path, trace: list[str]) -> dict[str, str]:
    """Reads every memory file, creating a missing one from its template and healing a broken one."""
    memory = root / ".cc10x"
    memory.mkdir(parents=True, exist_ok=True)
    texts: dict[str, str] = {}
    for name in MEMORY_FILES:
        path = memory / name
        if not path.exists():
            write(path, fourx.router.memory_template(name))
            trace.append(f"memory {name}: created from template")
        text = read(path)
        if not fourx.router.check_memory(name, text)["ok"]:
            healed = fourx.router.repair_memory(name, text)
            write(path, healed["text"])
            text = read(path)
            if not fourx.router.check_memory(name, text)["ok"]:
                raise RuntimeError(f"{name} still misses sections after the heal")
            trace.append(f"memory {name}: healed {healed['inserted']} ({healed['placement']})")
        texts[name] = text
    return texts


def run(root: Path) -> tuple[list[str], str]:
    """Runs the load and the first dispatch under ``root``; returns the trace and the prompt."""
    trace: list[str] = []
    (root / ".cc10x").mkdir(parents=True, exist_ok=True)
    write(root / ".cc10x" / "patterns.md", OLD_PATTERNS)
    texts = load_memory(root, trace)

    settings = fourx.call("router.parse_session_settings", text=texts["activeContext.md"])
    trace.append(f"session: just_go={settings['just_go']}")
    request = "Add a CSV export button to the reports page"
    route = fourx.call("router.route", request=request)
    trace.append(f"route: {route['workflow']}")
    wf = fourx.call("router.new_workflow_id", now="2026-03-12T16:27:00Z", nonce="a1b2c3d4")
    workflow_uuid: str = wf["workflow_uuid"]

    hints = fourx.router.skill_hints(
        "component-builder",
        route["workflow"],
        request,
        phase="build-implement",
        changed_files=["src/reports/ExportButton.tsx"],
        patterns_text=texts["patterns.md"],
    )
    trace.append(f"skill hints: {hints}")
    gate = fourx.router.just_go_gate(settings["just_go"], "ordinary", "Build directly (Recommended)")
    trace.append(f"plan-first gate: {gate['action']}")

    prompt = fourx.router.build_prompt(
        "component-builder",
        route["workflow"],
        "build-implement",
        "1",
        workflow_uuid,
        request,
        project_patterns="- Use pnpm\n- CSV must be UTF-8 with BOM",
        skill_hints=hints,
        pre_answered_requirements=["Build clarification [delimiter]: comma"],
    )
    trace.append(f"prompt sections: {prompt['sections']}")
    return trace, prompt["text"]


def main() -> int:
    """Runs the example in a temporary directory and prints the trace and the prompt."""
    with tempfile.TemporaryDirectory() as tmp:
        trace, prompt = run(Path(tmp))
    for line in trace:
        print(line)
    print()
    print(prompt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
