#!/usr/bin/env python3
"""Times a CPU peer of aclnnInplaceBernoulli for asctwin-bernoulli-report.

  bernoulli_peers.py --peer torch|numpy --dtypes FP32,INT64 --shape 4096,4096
                     --prob 0.5 --seed 1 --warmup 2 --runs 8 --threads 2

Prints one JSON object on stdout:
  {"peer", "available", "note", "version", "threads",
   "dtypes": {NAME: {"times_ms": [...], "fraction": f} or {"skipped": why}}}
A peer whose module cannot be imported answers available=false with the
reason (the report then tries another interpreter or skips the peer).
The calls timed are the ones the report compares with:
  torch: t.bernoulli_(p) on t = torch.empty(shape, dtype=...) made once
         before the runs (in place, as the report times aclnnInplaceBernoulli)
  numpy: (rng.random(n, dtype=float32, float64 for 8-byte dtypes) < p)
         .astype(dtype) (NumPy has no in-place form; the result is new)
"""
import argparse
import json
import sys
import time

# Report dtype name -> (torch attribute, numpy attribute or None).
DTYPES = {
    "FP16": ("float16", "float16"),
    "FP32": ("float32", "float32"),
    "FP64": ("float64", "float64"),
    "BF16": ("bfloat16", None),
    "UINT8": ("uint8", "uint8"),
    "INT8": ("int8", "int8"),
    "INT16": ("int16", "int16"),
    "INT32": ("int32", "int32"),
    "INT64": ("int64", "int64"),
    "BOOL": ("bool", "bool_"),
}
WIDTH = {"FP16": 2, "FP32": 4, "FP64": 8, "BF16": 2, "UINT8": 1, "INT8": 1,
         "INT16": 2, "INT32": 4, "INT64": 8, "BOOL": 1}


def timed(fn, warmup, runs):
    times = []
    for i in range(warmup + runs):
        t0 = time.perf_counter_ns()
        out = fn()
        t1 = time.perf_counter_ns()
        if i >= warmup:
            times.append((t1 - t0) / 1e6)
    return times, out


def time_torch(args, shape, answer):
    import torch
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    answer["version"] = torch.__version__
    answer["threads"] = torch.get_num_threads()
    for name in args.dtypes:
        dt = getattr(torch, DTYPES[name][0], None)
        if dt is None:
            answer["dtypes"][name] = {"skipped": "torch %s has no %s" % (
                torch.__version__, DTYPES[name][0])}
            continue
        try:  # some dtypes have no CPU kernel (FP16 before torch 2.1)
            torch.empty(16, dtype=dt).bernoulli_(args.prob)
        except Exception as e:  # noqa: BLE001 - the reason is reported
            answer["dtypes"][name] = {"skipped": "torch %s: %s" % (
                torch.__version__, str(e).splitlines()[0])}
            continue
        # In place like aclnnInplaceBernoulli: the tensor exists, bernoulli_ is timed.
        t = torch.empty(shape, dtype=dt)
        times, out = timed(lambda: t.bernoulli_(args.prob), args.warmup, args.runs)
        answer["dtypes"][name] = {"times_ms": times,
                                  "fraction": float(out.to(torch.float64).mean())}


def time_numpy(args, shape, answer):
    import numpy as np
    answer["version"] = np.__version__
    answer["threads"] = 1  # NumPy's Generator and comparisons are single-threaded
    rng = np.random.default_rng(args.seed)
    n = 1
    for d in shape:
        n *= d
    for name in args.dtypes:
        attr = DTYPES[name][1]
        if attr is None or not hasattr(np, attr):
            answer["dtypes"][name] = {"skipped": "NumPy %s has no %s dtype" % (
                np.__version__, DTYPES[name][0])}
            continue
        dt = getattr(np, attr)
        uniform = np.float64 if WIDTH[name] == 8 else np.float32
        times, out = timed(lambda: (rng.random(n, dtype=uniform) < args.prob).astype(dt),
                           args.warmup, args.runs)
        answer["dtypes"][name] = {"times_ms": times,
                                  "fraction": float(out.astype(np.float64).mean())}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", choices=["torch", "numpy"], required=True)
    ap.add_argument("--dtypes", required=True)
    ap.add_argument("--shape", required=True)
    ap.add_argument("--prob", type=float, required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--warmup", type=int, required=True)
    ap.add_argument("--runs", type=int, required=True)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    args.dtypes = [d for d in args.dtypes.split(",") if d]
    shape = [int(d) for d in args.shape.split(",")]
    answer = {"peer": args.peer, "available": True, "interpreter": sys.executable,
              "dtypes": {}}
    try:
        __import__(args.peer)
    except ImportError as e:
        answer.update(available=False, note="%s: %s" % (sys.executable, e))
        print(json.dumps(answer))
        return 0
    (time_torch if args.peer == "torch" else time_numpy)(args, shape, answer)
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
