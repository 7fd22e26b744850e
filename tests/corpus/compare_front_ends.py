#!/usr/bin/env python3
"""Both front ends on the same inputs: the own front end and devkit mode.

Takes two runs of ../shared/tools/devkit_corpus.sh MODE=own over the same
corpus: --own (asctwin's own kernel_operator.h: ASC_DEVKIT_ROOT unset) and
--devkit (ASC_DEVKIT_ROOT=<asc-devkit>). For every example the own run
passes (optionally only those --filter selects), in a scratch copy of the
own run's run/ folder (so both programs read the very same input files,
which gen_data scripts draw at random):

  - the own program runs, then the devkit program (the example's build from
    the devkit run, copied over the own one); each "bin" step of the plan;
  - the files each run wrote (every file but inputs, goldens and programs,
    removed from the copy before the runs) are compared byte by byte;
  - bytes that differ are explained only if they are never-written local
    memory: the own program runs a third time with ASCTWIN_LOCAL_FILL set to
    another garbage byte, and a byte that changes with the fill is one the
    kernel copied out of local memory it never wrote (the twin's images hold
    0xA7, Huawei's CPU-mode TPipe writes its own pseudo-random values there).
    Such bytes are skipped (counted in the table); any other difference, or
    a devkit verdict other than PASS, is a failure.

Writes OUT/front_ends.tsv and prints it. Exit status 1 when an example
differs. Usage:

  compare_front_ends.py --own /tmp/own-basic --devkit /tmp/devkit-full \\
      [--filter REGEX] [--exclude REGEX] [--out DIR]
"""
import argparse
import csv
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ALT_FILL = "0x5c"


def results(out):
    with open(os.path.join(out, "results.tsv"), newline="") as fh:
        return {row["example"]: row for row in csv.DictReader(fh, delimiter="\t")}


def outputs(folder):
    """Relative paths of the files a run may have written: every regular,
    non-executable file except the inputs (input/), goldens and scripts (as
    check_seeds.py hashes them)."""
    found = []
    for root, _dirs, names in os.walk(folder):
        rel_root = os.path.relpath(root, folder)
        if rel_root.split(os.sep)[0] == "input":
            continue
        for name in names:
            path = os.path.join(root, name)
            if "golden" in name or name.endswith((".py", ".so")):
                continue
            if not os.path.isfile(path) or os.path.islink(path) or os.access(path, os.X_OK):
                continue
            found.append(os.path.normpath(os.path.join(rel_root, name)))
    return found


def run_program(src_run, program_dir, steps, env, extra_env=None, timeout=300):
    """Copies src_run to a scratch folder without the outputs of the run that
    made it, puts program_dir's executables in it, runs the steps; returns
    (exit codes, {written file: bytes})."""
    scratch = tempfile.mkdtemp(prefix="front-ends-")
    shutil.copytree(src_run, scratch, dirs_exist_ok=True, symlinks=True)
    for rel in outputs(scratch):
        os.remove(os.path.join(scratch, rel))
    for name in os.listdir(program_dir):
        p = os.path.join(program_dir, name)
        if os.path.isfile(p) and os.access(p, os.X_OK) and not name.endswith((".py", ".sh")):
            shutil.copy2(p, os.path.join(scratch, name))
    e = dict(env)
    e.update(extra_env or {})
    codes = []
    for cmd in steps:
        try:
            p = subprocess.run(shlex.split(cmd), cwd=scratch, env=e, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=timeout)
            codes.append(p.returncode)
        except subprocess.TimeoutExpired:
            codes.append("timeout")
    written = {}
    for rel in outputs(scratch):
        with open(os.path.join(scratch, rel), "rb") as fh:
            written[rel] = fh.read()
    shutil.rmtree(scratch, ignore_errors=True)
    return codes, written


def differing(a, b):
    """Offsets where a and b differ (a length difference counts from the end
    of the shorter)."""
    n = min(len(a), len(b))
    diff = [i for i in range(n) if a[i] != b[i]]
    diff.extend(range(n, max(len(a), len(b))))
    return diff


def compare(ex, own_out, dk_out, plan):
    bins = [cmd for kind, cmd in plan["steps"] if kind == "bin"]
    own_run = os.path.join(own_out, ex, "run")
    dk_run = os.path.join(dk_out, ex, "run")
    env = dict(os.environ)
    env.update(plan.get("exports", {}))
    env.pop("ASC_DEVKIT_ROOT", None)
    codes_o, files_o = run_program(own_run, own_run, bins, env)
    codes_d, files_d = run_program(own_run, dk_run, bins, env)
    if any(c != 0 for c in codes_o + codes_d):
        return "DIFFERENT", f"exit statuses own {codes_o} devkit {codes_d}", 0, 0
    if sorted(files_o) != sorted(files_d):
        return "DIFFERENT", f"files own {sorted(files_o)} devkit {sorted(files_d)}", 0, 0
    if not files_o:
        return "NO_OUTPUT", "the program writes no file (compared by its verdict only)", 0, 0
    total = sum(len(v) for v in files_o.values())
    bad = {rel: differing(files_o[rel], files_d[rel]) for rel in files_o}
    bad = {rel: offs for rel, offs in bad.items() if offs}
    if not bad:
        return "IDENTICAL", f"{len(files_o)} file(s)", total, 0
    _codes_a, files_a = run_program(own_run, own_run, bins, env, {"ASCTWIN_LOCAL_FILL": ALT_FILL})
    skipped = 0
    for rel, offs in bad.items():
        fill_dependent = set(differing(files_o[rel], files_a.get(rel, b"")))
        unexplained = [o for o in offs if o not in fill_dependent]
        if unexplained:
            return ("DIFFERENT", f"{rel}: {len(unexplained)} byte(s) differ that do not depend on "
                    f"the local-memory fill, first at offset {unexplained[0]}", total, 0)
        skipped += len(offs)
    return ("IDENTICAL", f"{len(files_o)} file(s); {skipped} never-written local-memory byte(s) "
            "skipped", total, skipped)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--own", required=True, help="devkit_corpus.sh OUT of the own front end")
    ap.add_argument("--devkit", required=True, help="devkit_corpus.sh OUT of devkit mode")
    ap.add_argument("--filter", default="", help="regex of examples to compare")
    ap.add_argument("--exclude", default="04_advanced_api",
                    help="regex of examples left out (default: the advanced API)")
    ap.add_argument("--out", default="", help="where front_ends.tsv goes (default: --devkit)")
    args = ap.parse_args()

    own, dk = results(args.own), results(args.devkit)
    rows = []
    for ex, row in sorted(own.items()):
        if row["verdict"] != "PASS" or not re.search(args.filter, ex):
            continue
        if args.exclude and re.search(args.exclude, ex):
            continue
        d = dk.get(ex)
        if d is None:
            rows.append((ex, "NOT_RUN", "not in the devkit run", 0, 0))
        elif d["verdict"] != "PASS":
            rows.append((ex, "DEVKIT_" + d["verdict"], d.get("reason", "")[:160], 0, 0))
        else:
            with open(os.path.join(args.own, ex, "result.json")) as fh:
                plan = json.load(fh)["plan"]
            rows.append((ex,) + compare(ex, args.own, args.devkit, plan))
        print("\t".join(str(x) for x in rows[-1]), flush=True)
    out_dir = args.out or args.devkit
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, "front_ends.tsv")
    with open(out, "w") as fh:
        fh.write("example\tresult\tnote\toutput_bytes\tskipped_bytes\n")
        for r in rows:
            fh.write("\t".join(str(x) for x in r) + "\n")
    counts = {}
    for r in rows:
        counts[r[1]] = counts.get(r[1], 0) + 1
    print("summary:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), "->", out)
    return 0 if all(r[1] in ("IDENTICAL", "NO_OUTPUT") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
