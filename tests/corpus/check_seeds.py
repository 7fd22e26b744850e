#!/usr/bin/env python3
"""Check mode and the checker on the passing examples of a devkit_corpus.sh run.

For every example of OUT/results.tsv whose verdict is PASS, in its run/ folder
(where the runner left the inputs and the built program):

  - each "bin" step of the example's plan runs with ASCTWIN_MODE=check and
    ASCTWIN_SEED=0..N-1; after each run the files the program wrote (every file
    under run/ except inputs and golden files) are hashed. "one result" means
    every seed gave the same hashes and exit status 0;
  - asctwin-sanitizer --tool all --seeds K runs the same step; its summary line
    (findings per tool) is reported.

Writes OUT/seeds.tsv (example, seeds, distinct results, exit statuses,
sanitizer summary) and prints it. Usage:

  check_seeds.py --out /tmp/vec-corpus --prefix /tmp/vec-prefix [--seeds 200]
                 [--sanitizer-seeds 2] [--filter REGEX] [--category vector,utility]
                 [--shard I/N]

--shard I/N takes every N-th selected example starting with the I-th (0-based)
and writes OUT/seeds.IofN.tsv, so N processes can share the machine's cores.
"""
import argparse
import csv
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys


def outputs(run_dir):
    """Hash of every file the program may have written (not inputs or goldens)."""
    h = hashlib.sha256()
    for root, _dirs, files in sorted(os.walk(run_dir)):
        rel_root = os.path.relpath(root, run_dir)
        if rel_root.split(os.sep)[0] == "input":
            continue
        for name in sorted(files):
            if "golden" in name or name.endswith((".py", ".so")):
                continue
            path = os.path.join(root, name)
            if not os.path.isfile(path) or os.access(path, os.X_OK):
                continue
            h.update(os.path.join(rel_root, name).encode())
            with open(path, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()[:16]


def run_step(cmd, run_dir, env, timeout=120):
    try:
        p = subprocess.run(shlex.split(cmd), cwd=run_dir, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return -1, "timeout"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--sanitizer-seeds", type=int, default=2)
    ap.add_argument("--filter", default="")
    ap.add_argument("--category", default="", help="comma-separated categories (default: all)")
    ap.add_argument("--shard", default="", help="I/N: every N-th example from the I-th")
    args = ap.parse_args()
    shard, shards = 0, 1
    if args.shard:
        m = re.fullmatch(r"(\d+)/(\d+)", args.shard)
        if not m or int(m.group(2)) < 1 or int(m.group(1)) >= int(m.group(2)):
            ap.error("--shard must be I/N with 0 <= I < N, e.g. 0/2")
        shard, shards = int(m.group(1)), int(m.group(2))

    sanitizer = os.path.join(args.prefix, "bin", "asctwin-sanitizer")
    cats = args.category.split(",") if args.category else None
    rows = []
    with open(os.path.join(args.out, "results.tsv"), newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if (row["verdict"] == "PASS" and re.search(args.filter, row["example"]) and
                    (cats is None or row["category"] in cats)):
                rows.append(row["example"])
    rows = rows[shard::shards]
    report = []
    for ex in rows:
        d = os.path.join(args.out, ex)
        with open(os.path.join(d, "result.json")) as fh:
            plan = json.load(fh)["plan"]
        bins = [cmd for kind, cmd in plan["steps"] if kind == "bin"]
        run_dir = os.path.join(d, "run")
        if not bins or not os.path.isdir(run_dir):
            report.append((ex, 0, "-", "-", "no program step"))
            continue
        env = dict(os.environ)
        env.update(plan.get("exports", {}))
        results, statuses = set(), set()
        for seed in range(args.seeds):
            e = dict(env, ASCTWIN_MODE="check", ASCTWIN_SEED=str(seed))
            codes = []
            for cmd in bins:
                code, _ = run_step(cmd, run_dir, e)
                codes.append(code)
            statuses.add(tuple(codes))
            results.add(outputs(run_dir))
        san = []
        for cmd in bins:
            code, text = run_step(
                f"{sanitizer} --tool all --seeds {args.sanitizer_seeds} -- {cmd}", run_dir, env,
                timeout=600)
            lines = [l.replace("========= ", "") for l in text.splitlines() if "=====" in l]
            summary = [l for l in lines if "SUMMARY" in l]
            kinds = sorted({l.split(":")[0] for l in lines if "SUMMARY" not in l and
                            l and not l.startswith(" ")})
            text = summary[-1] if summary else f"exit {code}"
            if kinds:
                text += " [" + "; ".join(kinds) + "]"
            san.append(text)
        report.append((ex, args.seeds, str(len(results)),
                       ",".join(str(s) for s in sorted(statuses)), " | ".join(san)))
        print("\t".join(str(x) for x in report[-1]), flush=True)
    name = f"seeds.{shard}of{shards}.tsv" if args.shard else "seeds.tsv"
    with open(os.path.join(args.out, name), "w") as fh:
        fh.write("example\tseeds\tdistinct_results\texit_statuses\tsanitizer\n")
        for r in report:
            fh.write("\t".join(str(x) for x in r) + "\n")
    bad = [r for r in report if r[2] not in ("1", "-")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
