#!/usr/bin/env python3
"""Draws the charts of asctwin-bernoulli-report from its JSON.

  bernoulli_charts.py REPORT.json OUTDIR

Writes OUTDIR/bernoulli-memory.png (peak memory per dtype: GPU reference,
new and legacy, allocated and reserved) and OUTDIR/bernoulli-time.png (P50
time per dtype: new, legacy, memset, torch, numpy; log scale), and prints
each path written. Exit 3 when matplotlib cannot be imported (the report
then tries another interpreter or skips the charts with a note).
"""
import json
import os
import sys


def grouped_bars(ax, labels, series, ylabel):
    """series: list of (name, values with None for missing); missing bars are left out."""
    n = max(len(series), 1)
    width = 0.8 / n
    for i, (name, values) in enumerate(series):
        shift = (i - (n - 1) / 2) * width
        xs = [j + shift for j, v in enumerate(values) if v is not None]
        ys = [v for v in values if v is not None]
        ax.bar(xs, ys, width, label=name, color="C%d" % i)
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize="small")
    ax.grid(axis="y", alpha=0.3)


def memory_chart(report, plt, path):
    rows = report["memory"]
    if not rows:
        return False
    mib = 1024.0 * 1024.0

    def pick(row, path_name, key):
        m = row[path_name]
        return m[key] / mib if m.get("measured") else None

    labels = ["%s\n%s" % (r["dtype"], r["case"]) if r["case"] != "-" else r["dtype"]
              for r in rows]
    series = [("GPU reference (tensor bytes)", [r["gpu_reference_bytes"] / mib for r in rows]),
              ("new allocated", [pick(r, "new", "peak_allocated_bytes") for r in rows]),
              ("new reserved", [pick(r, "new", "peak_reserved_bytes") for r in rows]),
              ("legacy allocated", [pick(r, "legacy", "peak_allocated_bytes") for r in rows]),
              ("legacy reserved", [pick(r, "legacy", "peak_reserved_bytes") for r in rows])]
    fig, ax = plt.subplots(figsize=(10, 5))
    grouped_bars(ax, labels, series, "peak device memory (MiB)")
    shape = "x".join(str(d) for d in report["config"]["memory_shape"])
    ax.set_title("In-place Bernoulli on [%s]: peak memory, twin vs GPU reference" % shape)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def time_chart(report, plt, path):
    rows = report["time"]
    if not rows:
        return False

    def p50(t):
        return t["p50_ms"] if t.get("measured") else None

    labels = [r["dtype"] for r in rows]
    series = [("new", [p50(r["new"]) for r in rows]),
              ("legacy", [p50(r["legacy"]) for r in rows]),
              ("memset", [p50(r["memset"]) for r in rows])]
    for peer in ("torch", "numpy"):
        if any(peer in r["peers"] for r in rows):
            series.append((peer, [p50(r["peers"][peer]) if peer in r["peers"] else None
                                  for r in rows]))
    fig, ax = plt.subplots(figsize=(11, 5))
    grouped_bars(ax, labels, series, "P50 time per call (ms, log scale)")
    ax.set_yscale("log")
    cfg = report["config"]
    ax.set_title("Bernoulli on [%s], p=%g: %d warm-up + %d runs per process" % (
        "x".join(str(d) for d in cfg["shape"]), cfg["prob"], cfg["warmup"], cfg["runs"]))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def main():
    if len(sys.argv) != 3:
        print("usage: bernoulli_charts.py REPORT.json OUTDIR", file=sys.stderr)
        return 2
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        print("%s: %s" % (sys.executable, e), file=sys.stderr)
        return 3
    with open(sys.argv[1]) as f:
        report = json.load(f)
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for name, draw in (("bernoulli-memory.png", memory_chart), ("bernoulli-time.png", time_chart)):
        path = os.path.join(out, name)
        if draw(report, plt, path):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
