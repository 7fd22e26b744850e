#!/usr/bin/env python3
"""The own C API declares the reference's Atlas A2/A3 functions.

Reads every public function the reference defines for architecture 2201
(asc-devkit impl/c_api/instr_impl/npu_arch_2201/*.h: `__aicore__ inline R
asc_x(params) {`) and the macros its interface headers define for 2201,
writes one translation unit that calls each with arguments of exactly its
parameter types and checks the result type, compiles it against asctwin's
include/ and reports every overload that does not compile.

Overloads listed in KNOWN_GAPS (left out, with the reason) must fail, every
other one must compile: a gap that closes or a function that disappears
both fail the test. Exit 77 (skipped) without the reference.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# The overloads the own headers leave out, with the reason (docs/capi.md,
# "Deviations and known gaps"): a name pattern and, where only some
# overloads of a name are missing, a pattern on the parameter types.
KNOWN_GAPS = [
    # copy_gm_to_cbuf's padding modes: the ISA core does not model them.
    (r"asc_copy_gm2l1_pad[1-8](_sync)?", None),
    # L0C -> L1 as int4 (copy_matrix_cc_to_cbuf_b4): not in the ISA core.
    (r"asc_copy_l0c2l1(_sync)?", r"void\*, .*"),
    # L1 -> L0C float -> half / bfloat16_t: no conversion rule in the reference.
    (r"asc_copy_l12l0c(_sync)?", r"(half|bfloat16_t)\*, float\*, .*"),
    # The Fixpipe's leaky-ReLU alpha: the ISA core has no leaky ReLU (reluPre 2).
    (r"asc_set_l0c2gm_lrelu_alpha", None),
]


def known_gap(fn, types):
    params = ", ".join(types)
    return any(re.fullmatch(name, fn) and (kind is None or re.fullmatch(kind, params))
               for name, kind in KNOWN_GAPS)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def split_params(params):
    out, depth, cur = [], 0, ""
    for c in params:
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def param_type(p):
    p = re.sub(r"\b__(ubuf|gm|cbuf|ca|cb|cc|fbuf|biasbuf)__\s*", "", p).strip()
    m = re.match(r"^(.*?)([A-Za-z_]\w*)\s*(\[[^\]]*\])?$", p)
    if not m or not m.group(1).strip():
        return p
    base, array = m.group(1).strip(), m.group(3)
    return base + "*" if array else base


def reference_functions(root):
    impl = os.path.join(root, "impl/c_api/instr_impl/npu_arch_2201")
    found = []
    for name in sorted(os.listdir(impl)):
        if not name.endswith(".h"):
            continue
        flat = re.sub(r"\s+", " ", strip_comments(open(os.path.join(impl, name)).read()))
        for m in re.finditer(r"__aicore__ inline ((?:const )?[\w:]+) (asc_\w+)\s*\(([^;{]*?)\)\s*\{",
                             flat):
            ret, fn, params = m.groups()
            if fn.endswith("_impl"):
                continue
            found.append((ret, fn, [param_type(p) for p in split_params(params)]))
    return found


def reference_macros(root):
    """Function-like macros the 2201 interface and impl headers define: name, arity."""
    names = {}
    for base in ("include/c_api", "impl/c_api/instr_impl/npu_arch_2201"):
        for dirpath, _, files in os.walk(os.path.join(root, base)):
            if "reg_compute" in dirpath or "3510" in dirpath:
                continue
            for f in files:
                text = open(os.path.join(dirpath, f)).read()
                # Only the 2201 branch of sync.h.
                text = re.sub(r"#elif defined\(__NPU_ARCH__\) && \(__NPU_ARCH__ == 3510\).*?#endif",
                              "#endif", text, flags=re.S)
                for m in re.finditer(r"#define (asc_\w+)\(([^)]*)\)", text):
                    if not m.group(1).endswith("_impl"):
                        names[m.group(1)] = len(split_params(m.group(2)))
    return names


def macro_arguments(fn, arity):
    """Arguments of the documented types for the reference's function-like macros."""
    if fn.startswith("asc_transto5hd"):
        return ["VA0", "VA2", "1", "1", "1", "false", "false"][:arity]
    if fn == "asc_sync_data_barrier":
        return ["DSB_ALL"]
    if fn in ("asc_sync_notify", "asc_sync_wait"):
        return ["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    return ["PIPE_V"] + ["0"] * (arity - 1)


def declval(t):
    return "std::declval<%s>()" % (t if t.endswith("&") else t + "&")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reference", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--cxx", required=True)
    args = ap.parse_args()
    if not os.path.isdir(os.path.join(args.reference, "impl/c_api/instr_impl/npu_arch_2201")):
        print("skipped: no reference at %s" % args.reference)
        return 77

    funcs = reference_functions(args.reference)
    macros = reference_macros(args.reference)
    lines = ['#include "asctwin/asc_prelude.h"', '#include "c_api/asc_simd.h"', "#include <type_traits>",
             "#include <utility>"]
    checks = {}
    for ret, fn, types in funcs:
        call = "%s(%s)" % (fn, ", ".join(declval(t) for t in types))
        checks[len(lines) + 1] = (fn, "%s %s(%s)" % (ret, fn, ", ".join(types)), known_gap(fn, types))
        lines.append("void check%d() { static_assert(std::is_same_v<decltype(%s), %s>); }" %
                     (len(lines), call, ret))
    for fn, arity in sorted(macros.items()):
        if fn in {f for _, f, _ in funcs}:
            continue
        checks[len(lines) + 1] = (fn, "%s(%d arguments)" % (fn, arity), False)
        lines.append("void check%d() { (void)std::type_identity<decltype(%s(%s))>{}; }" %
                     (len(lines), fn, ", ".join(macro_arguments(fn, arity))))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "signatures.cpp")
        open(src, "w").write("\n".join(lines) + "\n")
        unlimited = "-ferror-limit=0" if "clang" in os.path.basename(args.cxx) else "-fmax-errors=0"
        r = subprocess.run([args.cxx, "-std=c++20", "-fsyntax-only", unlimited, "-I", args.include, src],
                           capture_output=True, text=True)
    bad = set()
    for m in re.finditer(r"signatures\.cpp:(\d+):\d+: error", r.stderr):
        line = int(m.group(1))
        if line in checks:
            bad.add(line)
    missing = [checks[l][1] for l in sorted(bad) if not checks[l][2]]
    closed = [checks[l][1] for l in sorted(checks) if l not in bad and checks[l][2]]
    total = len(checks)
    gaps = sum(1 for l in bad if checks[l][2])
    print("%d reference overloads and macros: %d declared, %d known gaps, %d missing" %
          (total, total - len(bad), gaps, len(missing)))
    for s in missing:
        print("MISSING: " + s)
    for s in closed:
        print("GAP CLOSED (remove from KNOWN_GAPS): " + s)
    if r.returncode != 0 and not bad:
        print(r.stderr[:4000])
        return 1
    return 1 if missing or closed else 0


if __name__ == "__main__":
    sys.exit(main())
