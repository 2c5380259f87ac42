"""Writes benches/RESULTS.md from the rows the benches left in
``<target>/criterion/fourx-report/*.json`` (written by ``fourx_benches::report`` and by
``benches/python_boundary.py``): one table per bench (median, ratio, target, met / not met) and
the machine it ran on. Run by ``make bench`` after the benches."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORDER = ["blueprint", "index", "router", "resolve", "scan", "scale", "ffi", "python", "stores"]
TITLES = {
    "blueprint": "Blueprint fold (benches/benches/blueprint.rs)",
    "index": "Index rendering (benches/benches/index.rs)",
    "router": "Router output parsing (benches/benches/router.rs)",
    "resolve": "Resolution (benches/benches/resolve.rs)",
    "scan": "Repository scan (benches/benches/scan.rs)",
    "scale": "Scale: features, events.jsonl, conductor (benches/benches/scale.rs)",
    "ffi": "C boundary (benches/benches/ffi.rs)",
    "python": "Python boundary (benches/python_boundary.py)",
    "stores": "Stores: commits/s and appends/s, filesystem vs PostgreSQL (benches/benches/stores.rs)",
}


def human(ns: float) -> str:
    if ns < 1e3:
        return f"{ns:.1f} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.2f} µs"
    if ns < 1e9:
        return f"{ns / 1e6:.2f} ms"
    return f"{ns / 1e9:.2f} s"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def rustc() -> str:
    try:
        return subprocess.run(["rustc", "--version"], capture_output=True, text=True,
                              check=False).stdout.strip()
    except OSError:
        return "unknown"


def section(name: str, rows: list[dict], ran: str) -> list[str]:
    """The RESULTS.md section of one bench's rows."""
    lines = [f"## {TITLES.get(name, name)}", "", f"Ran at {ran}.", "",
             "| what | median | ratio | target | met | note |",
             "| --- | ---: | ---: | --- | --- | --- |"]
    for r in rows:
        ratio = f"{r['ratio']:.2f}×" if r.get("ratio") is not None else "–"
        met = {True: "met", False: "**not met**", None: "–"}[r.get("met")]
        lines.append(f"| {r['name']} | {human(r['median_ns'])} | {ratio} | {r['target']} | "
                     f"{met} | {r.get('note', '')} |")
    lines.append("")
    return lines


def tally(lines: list[str]) -> tuple[int, int]:
    """(met, with a target) over the table rows of ``lines``: the rows whose met cell is
    ``met`` or ``**not met**``."""
    cells = [line.split(" | ") for line in lines
             if line.startswith("| ") and not line.startswith("| what |")]
    marks = [c[4] for c in cells if len(c) >= 6]
    return marks.count("met"), marks.count("met") + marks.count("**not met**")


def notes_section() -> list[str]:
    """The notes block at the end of RESULTS.md: benches/NOTES.md as it is now."""
    notes = ROOT / "benches" / "NOTES.md"
    if not notes.exists():
        return []
    return ["## Notes (benches/NOTES.md)", "", notes.read_text().strip(), ""]


def replace_section(name: str) -> int:
    """``report.py --section NAME``: rewrites only NAME's section of the existing RESULTS.md from
    its report (inserted before the notes when it is new), leaving every other section as the last
    full run wrote it -- for a bench run on its own (``BENCH=stores``)."""
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    src = Path(os.environ.get("CRITERION_HOME", target / "criterion")) / "fourx-report" / f"{name}.json"
    if not src.exists():
        print(f"no report {src}; run the {name} bench first", file=sys.stderr)
        return 1
    rows = json.loads(src.read_text())
    ran = datetime.fromtimestamp(src.stat().st_mtime, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    out = ROOT / "benches" / "RESULTS.md"
    old = out.read_text().split("\n") if out.exists() else ["# Bench results", ""]
    head = f"## {TITLES.get(name, name)}"
    new = section(name, rows, ran)
    notes = next((i for i, line in enumerate(old) if line.startswith("## Notes")), len(old))
    body = old[:notes]
    if head in body:
        start = body.index(head)
        end = next((i for i in range(start + 1, len(body)) if body[i].startswith("## ")), len(body))
        lines = body[:start] + new + body[end:]
    else:
        lines = body + new
    met, total = tally(lines)
    lines = [f"Targets met: {met} of {total}." if line.startswith("Targets met: ") else line
             for line in lines] + notes_section()
    out.write_text("\n".join(lines))
    print(f"wrote the {name} section of {out.relative_to(ROOT)}")
    return 0


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--section":
        return replace_section(sys.argv[2])
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    src = Path(os.environ.get("CRITERION_HOME", target / "criterion")) / "fourx-report"
    benches = {p.stem: json.loads(p.read_text()) for p in sorted(src.glob("*.json"))}
    ran = {p.stem: datetime.fromtimestamp(p.stat().st_mtime, timezone.utc).strftime("%H:%M UTC")
           for p in src.glob("*.json")}
    if not benches:
        print(f"no bench reports in {src}; run `make bench`", file=sys.stderr)
        return 1
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "?"
    lines = [
        "# Bench results",
        "",
        "Written by `make bench` (`benches/report.py`); every ratio is measured in the same run as",
        "its floor or baseline. Medians of criterion runs with `--warm-up-time 1 --measurement-time 3`",
        "(Python: `timeit`, minimum of 9 runs of ~0.1 s, the median in the note).",
        "",
        "Machine: "
        f"`nproc` = {os.cpu_count()}, CPU {cpu_model()}, {platform.system()} {platform.release()}, "
        f"{rustc()}, Python {platform.python_version()}. Load average at the end of the run: {load} "
        "(a shared, noisy machine: other engineers compile on the same 2 cores, so absolute times "
        "vary by 2× between runs; ratios are steadier). "
        f"Run finished {datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}.",
        "",
    ]
    for name in ORDER + sorted(set(benches) - set(ORDER)):
        rows = benches.get(name)
        if rows:
            lines += section(name, rows, ran.get(name, "?"))
    met_total = tally(lines)
    lines.insert(8, f"Targets met: {met_total[0]} of {met_total[1]}.\n")
    out = ROOT / "benches" / "RESULTS.md"
    lines += notes_section()
    out.write_text("\n".join(lines))
    print(f"wrote {out.relative_to(ROOT)}: targets met {met_total[0]} of {met_total[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
