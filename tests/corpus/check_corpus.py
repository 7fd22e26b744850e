#!/usr/bin/env python3
"""The asc-devkit corpus as a regression test (CTest labels `corpus`, `corpus-full`).

Installs the build tree into a scratch prefix, runs ../shared/tools/devkit_corpus.sh
with MODE=own (every example built with its own, unchanged CMakeLists.txt through
the ASC package) on the selected examples, and compares each verdict with the
expected one in devkit_expected.tsv (example, verdict, ci, note):

  - an example expected to PASS that does not PASS is a regression: the test fails;
  - a WRONG that is not expected (a program that builds and runs but computes a
    wrong result) fails the test too;
  - an example that does better than expected is reported, so the file can be
    brought up to date (update_expected.py writes it from a full run).

--subset ci runs the rows marked ci=yes (what CI can afford); --subset full runs
every example the file lists, and only when ASCTWIN_CORPUS_FULL=1 is set
(`ASCTWIN_CORPUS_FULL=1 ctest -L corpus-full`). Exit 0 when there is no regression, 1 otherwise,
2 on a usage or setup error.
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import time

RANK = {"PASS": 0, "SKIP": 1, "WRONG": 2, "RUN_FAIL": 3, "BUILD_FAIL": 4}


def read_expected(path):
    rows = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t"):
            rows[row["example"]] = row
    return rows


def read_results(path):
    with open(path, newline="") as fh:
        return {r["example"]: r for r in csv.DictReader(fh, delimiter="\t")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, help="asctwin build tree to install")
    ap.add_argument("--work", required=True, help="scratch directory (prefix and corpus output)")
    ap.add_argument("--tools", required=True, help="directory holding devkit_corpus.sh")
    ap.add_argument("--corpus", required=True, help="asc-devkit examples (has examples/)")
    ap.add_argument("--expected", required=True, help="devkit_expected.tsv")
    ap.add_argument("--subset", choices=("ci", "full"), default="ci")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()

    if args.subset == "full" and os.environ.get("ASCTWIN_CORPUS_FULL", "") in ("", "0"):
        print("corpus: the full corpus run is skipped unless ASCTWIN_CORPUS_FULL=1 is set")
        return 77
    script = os.path.join(args.tools, "devkit_corpus.sh")
    if not os.path.isfile(script) or not os.path.isdir(os.path.join(args.corpus, "examples")):
        print(f"corpus: skipped: {script} or {args.corpus}/examples not found")
        return 77  # SKIP_RETURN_CODE
    expected = read_expected(args.expected)
    selected = sorted(e for e, r in expected.items()
                      if args.subset == "full" or r.get("ci", "") == "yes")
    if not selected:
        print("corpus: no example selected")
        return 2

    prefix = os.path.join(args.work, "prefix")
    out = os.path.join(args.work, "out-" + args.subset)
    t0 = time.time()
    install = subprocess.run(["cmake", "--install", args.build, "--prefix", prefix],
                             capture_output=True, text=True)
    if install.returncode != 0:
        print(install.stdout + install.stderr)
        print("corpus: cmake --install failed")
        return 2
    env = dict(os.environ, PREFIX=prefix, MODE="own", OUT=out, CORPUS=args.corpus,
               JOBS=str(args.jobs),
               FILTER="^(?:" + "|".join(re.escape(e) for e in selected) + ")$")
    env.pop("RESUME", None)
    run = subprocess.run([script], env=env, capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(os.path.join(out, "results.tsv")):
        print(run.stdout[-4000:] + run.stderr[-4000:])
        print("corpus: devkit_corpus.sh failed")
        return 2
    results = read_results(os.path.join(out, "results.tsv"))

    regressions, improvements, missing = [], [], []
    for e in selected:
        want = expected[e]["verdict"]
        r = results.get(e)
        if r is None:
            missing.append(e)
            continue
        got = r["verdict"]
        if want == "PASS" and got != "PASS":
            regressions.append(f"{e}: expected PASS, got {got}: {r['reason'][:300]}")
        elif got == "WRONG" and want != "WRONG":
            regressions.append(f"{e}: WRONG (expected {want}): {r['reason'][:300]}")
        elif RANK.get(got, 9) < RANK.get(want, 9):
            improvements.append(f"{e}: {want} -> {got}")
    counts = {}
    for e in selected:
        if e in results:
            counts[results[e]["verdict"]] = counts.get(results[e]["verdict"], 0) + 1
    print(f"corpus ({args.subset}): {len(selected)} examples in {time.time() - t0:.0f} s: "
          + ", ".join(f"{v} {n}" for v, n in sorted(counts.items(), key=lambda kv: RANK.get(kv[0], 9))))
    for line in improvements:
        print("  better than expected (update devkit_expected.tsv):", line)
    for e in missing:
        print("  not run (not found in the corpus):", e)
    for line in regressions:
        print("  REGRESSION:", line)
    print(f"  per-example logs: {out}/<example>/{{own.log,run.log}}; summary: {out}/summary.txt")
    return 1 if regressions or missing else 0


if __name__ == "__main__":
    sys.exit(main())
