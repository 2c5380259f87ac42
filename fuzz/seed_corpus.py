#!/usr/bin/env python3
"""Seeds fuzz/corpus/<target>/ from the conformance vectors (tests/vectors/*.json).

Each file is named after the vector case it comes from and holds the exact bytes the target body
in fuzz/src/targets.rs takes. Re-run after adding vectors; files the fuzzer found
(`regress-*`) are kept.
"""
import glob
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAP = 40


def cases():
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/vectors/*.json"))):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        for case in doc["cases"]:
            if isinstance(case.get("input"), dict):
                yield case


def seeds():
    out = {t: {} for t in ["router_readonly", "router_write_contract", "router_task_metadata",
                           "blueprint_parse", "config_parse", "workspace_parse_state", "ops_call"]}
    seen_ops = set()
    for c in cases():
        op, i, cid = c["op"], c["input"], c["id"]
        s = lambda v: isinstance(v, str)
        if op in ("router.parse_readonly_output",) and s(i.get("agent")) and s(i.get("output")):
            out["router_readonly"][cid] = (i["agent"] + "\n" + i["output"]).encode()
        if op in ("router.parse_write_contract",) and s(i.get("agent")) and s(i.get("output")):
            out["router_write_contract"][cid] = (i["agent"] + "\n" + i["output"]).encode()
        if op == "router.parse_task_metadata" and s(i.get("description")):
            flag = "1" if i.get("require_all") is True else "0"
            out["router_task_metadata"][cid] = (flag + i["description"]).encode()
        if op.startswith("blueprint.") and s(i.get("text")) and i["text"].startswith("---"):
            out["blueprint_parse"][cid] = i["text"].encode()
        store = i.get("store")
        if isinstance(store, dict) and s(store.get("content")) and store["content"]:
            out["blueprint_parse"][cid + "-store"] = store["content"].encode()
        if op in ("config.parse", "config.parse_user") and s(i.get("text")):
            out["config_parse"][cid] = i["text"].encode()
        if op in ("config.validate", "config.merge", "config.render") and isinstance(i.get("config"), dict):
            out["config_parse"][cid] = json.dumps(i["config"], indent=2).encode()
        if op == "config.load_merged_text" and s(i.get("project_text")):
            out["config_parse"][cid] = i["project_text"].encode()
        if op == "workspace.parse_state" and s(i.get("text")):
            out["workspace_parse_state"][cid] = i["text"].encode()
        if op == "workspace.render_state":
            ok = c.get("expect", {}).get("ok", {})
            if s(ok.get("text")):
                out["workspace_parse_state"][cid] = ok["text"].encode()
            out["workspace_parse_state"][cid + "-input"] = json.dumps(i.get("state")).encode()
        if op and op not in seen_ops:
            seen_ops.add(op)
            out["ops_call"][cid] = (op + "\n" + json.dumps(i, ensure_ascii=False)).encode()
    return out


def main():
    for target, files in seeds().items():
        d = os.path.join(ROOT, "fuzz/corpus", target)
        os.makedirs(d, exist_ok=True)
        for name in os.listdir(d):
            if not name.startswith("regress-"):
                os.remove(os.path.join(d, name))
        items = sorted(files.items())
        if len(items) > CAP:  # spread the cap over the whole list
            step = len(items) / CAP
            items = [items[int(k * step)] for k in range(CAP)]
        for name, data in items:
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
        print(f"{target}: {len(items)} seeds")


if __name__ == "__main__":
    main()
