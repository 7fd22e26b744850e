#!/usr/bin/env python3
"""How a project selects devkit mode (docs/devkit.md, "Selecting it").

Installs the build tree into a scratch prefix and, with an asc-devkit root:

  1. asctwin-asc --version names the kernel API it compiles against:
     asctwin's own with nothing set, or with ASCEND_HOME_PATH at asctwin's
     own CANN home (it holds no asc/); the asc-devkit with ASC_DEVKIT_ROOT,
     and with an ASCEND_HOME_PATH laid out as a CANN install
     (<home>/asc/{include,impl}); a root that is neither is refused;
  2. the project in selection/ built the CANN way (find_package(ASC),
     LANGUAGES ASC) with only ASCEND_HOME_PATH=<CANN layout> in the
     environment, and built with find_package(asctwin) +
     asctwin_add_asc_executable and -DASC_DEVKIT_ROOT=<root> (nothing in the
     environment): each program runs, computes its results right and reports
     that it was compiled against the asc-devkit's headers.

Exit 0 on success, 1 on a failure, 77 (skip) without the root.
Usage: selection_test.py --build <build tree> --work <dir> --root <asc-devkit>
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.realpath(__file__))


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("ASC_DEVKIT_ROOT", "ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME")}
    env.update(extra)
    return env


def run(cmd, env, cwd=None):
    p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    return p.returncode, p.stdout


class Checks:
    def __init__(self):
        self.failed = []

    def expect(self, what, ok, detail=""):
        print(("ok    " if ok else "FAIL  ") + what)
        if not ok:
            print("      " + detail.strip().replace("\n", "\n      ")[-3000:])
            self.failed.append(what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--root", required=True)
    args = ap.parse_args()
    root = os.path.realpath(args.root)
    if not os.path.isfile(os.path.join(root, "include", "kernel_operator.h")):
        print(f"selection: skipped: no asc-devkit at {root}")
        return 77
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prefix = os.path.join(work, "prefix")
    rc, out = run(["cmake", "--install", args.build, "--prefix", prefix], clean_env())
    if rc != 0:
        print(out)
        return 1
    cann = os.path.join(work, "cann")
    os.makedirs(cann)
    os.symlink(root, os.path.join(cann, "asc"))
    driver = os.path.join(prefix, "bin", "asctwin-asc")
    own_home = os.path.join(prefix, "lib", "asctwin", "cann")
    if not os.path.isdir(own_home):
        own_home = os.path.join(prefix, "lib64", "asctwin", "cann")
    c = Checks()

    # 1. What the driver compiles against.
    for what, env, want in [
        ("nothing set: asctwin's own API", clean_env(), "kernel API: asctwin's own"),
        ("ASCEND_HOME_PATH at asctwin's own CANN home: asctwin's own API",
         clean_env(ASCEND_HOME_PATH=own_home), "kernel API: asctwin's own"),
        ("ASC_DEVKIT_ROOT: the asc-devkit", clean_env(ASC_DEVKIT_ROOT=root),
         "kernel API: the asc-devkit in " + root),
        ("ASCEND_HOME_PATH laid out as a CANN install: the asc-devkit",
         clean_env(ASCEND_HOME_PATH=cann),
         "kernel API: the asc-devkit in " + os.path.join(cann, "asc")),
    ]:
        rc, out = run([driver, "--version"], env)
        c.expect(what, rc == 0 and want in out, out)
    rc, out = run([driver, "--version"], clean_env(ASC_DEVKIT_ROOT=work))
    c.expect("ASC_DEVKIT_ROOT that is no root: refused naming it",
             rc != 0 and "ASC_DEVKIT_ROOT=" + work in out and "not an asc-devkit" in out, out)

    # 2. Whole projects.
    project = os.path.join(HERE, "selection")
    for name, select, defines, env in [
        ("find_package(ASC) with ASCEND_HOME_PATH = a CANN install", "asc_package", [],
         clean_env(ASCEND_HOME_PATH=cann)),
        ("asctwin_add_asc_executable with -DASC_DEVKIT_ROOT", "asctwin",
         ["-DASC_DEVKIT_ROOT=" + root], clean_env()),
    ]:
        build = os.path.join(work, "build-" + select)
        env = dict(env, ASCTWIN_DEVKIT_CACHE=os.path.join(work, "devkit-cache"))
        rc, out = run(["cmake", "-S", project, "-B", build, "-DCMAKE_PREFIX_PATH=" + prefix,
                       "-DSELECT=" + select] + defines, env)
        if rc == 0:
            rc, more = run(["cmake", "--build", build], env)
            out += more
        if rc != 0:
            c.expect(name + ": builds", False, out)
            continue
        rc, out = run([os.path.join(build, "scale")], env)
        c.expect(name + ": runs right against the asc-devkit's headers",
                 rc == 0 and "kernel API: the asc-devkit's; launch 0; 0 of 2048 elements wrong"
                 in out, out)
    print(f"selection: {len(c.failed)} failure(s)")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
