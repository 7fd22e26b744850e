#!/usr/bin/env python3
"""Writes devkit_expected.tsv from a full corpus run's results.tsv.

usage: update_expected.py <results.tsv> <devkit_expected.tsv>

Keeps the ci flag and note of examples already listed; a new PASS gets ci=yes
(every passing example is guarded in CI while that stays affordable), anything
else ci=no. The note of a non-passing example defaults to the run's reason.
"""
import csv
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    results, target = sys.argv[1], sys.argv[2]
    old = {}
    try:
        with open(target, newline="") as fh:
            for row in csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t"):
                old[row["example"]] = row
    except FileNotFoundError:
        pass
    with open(results, newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    with open(target, "w", newline="") as fh:
        fh.write("# Expected verdicts of ../shared/tools/devkit_corpus.sh MODE=own (tests/corpus).\n"
                 "# Written by update_expected.py from a full run; ci=yes rows run in CI.\n")
        w = csv.writer(fh, delimiter="\t", lineterminator="\n")
        w.writerow(["example", "verdict", "ci", "note"])
        for r in sorted(rows, key=lambda r: r["example"]):
            prev = old.get(r["example"], {})
            ci = prev.get("ci") or ("yes" if r["verdict"] == "PASS" else "no")
            if r["verdict"] == "PASS":
                ci = "yes"
            note = prev.get("note") if prev.get("verdict") == r["verdict"] and prev.get("note") else \
                ("" if r["verdict"] == "PASS" else r["reason"][:160])
            w.writerow([r["example"], r["verdict"], ci, note.replace("\t", " ")])


if __name__ == "__main__":
    main()
