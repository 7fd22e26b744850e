#!/usr/bin/env bash
# (c, d, e) of package_test.cmake, in a shell that sourced asctwin's set_env.sh
# as CANN users source CANN's: no CMAKE_PREFIX_PATH given to CMake.
# Usage: env_projects.sh <prefix> <projects dir> <work dir> <generator> <c++> <cxx flags> <linker flags>
set -euo pipefail
prefix=$1 projects=$2 work=$3 generator=$4 cxx=$5 cxxflags=${6:-} ldflags=${7:-}
unset CMAKE_PREFIX_PATH ASCEND_HOME_PATH
fail() { echo "FAIL: $*" >&2; exit 1; }

# shellcheck disable=SC1091
source "$prefix/set_env.sh"
source "$prefix/set_env.sh"  # twice: nothing is added twice
[ "$ASCTWIN_HOME" = "$prefix" ] || fail "ASCTWIN_HOME=$ASCTWIN_HOME, expected $prefix"
[ "$ASCEND_TOOLKIT_HOME" = "$ASCEND_HOME_PATH" ] || fail "ASCEND_TOOLKIT_HOME differs"
case "$ASCEND_HOME_PATH" in "$prefix"/*) ;; *) fail "ASCEND_HOME_PATH=$ASCEND_HOME_PATH is outside $prefix" ;; esac
[ "$(tr ':' '\n' <<<"$PATH" | grep -cx "$prefix/bin")" = 1 ] || fail "PATH: $PATH"
[ "$(tr ':' '\n' <<<"$CMAKE_PREFIX_PATH" | grep -cx "$prefix")" = 1 ] || fail "CMAKE_PREFIX_PATH: $CMAKE_PREFIX_PATH"
[ "$(command -v asctwin-asc)" = "$prefix/bin/asctwin-asc" ] || fail "asctwin-asc is not on PATH"

# The CANN home: laid out as a CANN install, made of links into the prefix.
for f in include/acl/acl.h include/kernel_operator.h lib64/libacl_rt.so lib64/libascendcl.so \
         tikcpp/ascendc_kernel_cmake/ascendc.cmake set_env.sh; do
  [ -e "$ASCEND_HOME_PATH/$f" ] || fail "the CANN home has no $f"
done
case "$(readlink -f "$ASCEND_HOME_PATH/lib64/libacl_rt.so")" in
  "$prefix"/*/libasctwin.so*) ;;
  *) fail "libacl_rt.so is not libasctwin: $(readlink -f "$ASCEND_HOME_PATH/lib64/libacl_rt.so")" ;;
esac

common=(-G "$generator" "-DCMAKE_CXX_COMPILER=$cxx" "-DCMAKE_CXX_FLAGS=$cxxflags"
        "-DCMAKE_ASC_FLAGS=$cxxflags" "-DCMAKE_AICPU_FLAGS=$cxxflags"
        "-DCMAKE_EXE_LINKER_FLAGS=$ldflags" "-DCMAKE_SHARED_LINKER_FLAGS=$ldflags")

# (c) The legacy flow, as the runtime samples' run.sh drives it.
export SOC_VERSION=Ascend910B1
export ASCENDC_CMAKE_DIR="$ASCEND_HOME_PATH/tikcpp/ascendc_kernel_cmake"
cmake -S "$projects/legacy" -B "$work/legacy" "${common[@]}" \
  "-DASCEND_CANN_PACKAGE_PATH=$ASCEND_INSTALL_PATH" >"$work.legacy.log" 2>&1 ||
  { cat "$work.legacy.log"; fail "(c) configure"; }
cmake --build "$work/legacy" >>"$work.legacy.log" 2>&1 || { cat "$work.legacy.log"; fail "(c) build"; }
out=$("$work/legacy/main") || fail "(c) run: $out"
[[ "$out" == *PASS* ]] || fail "(c) run: $out"
echo "(c) legacy ascendc.cmake flow: $out"

# (d) find_package(AICPU) + LANGUAGES ASC AICPU CXX, from a copy of the
# sources (a header is touched below).
mkdir -p "$work"
cp -r "$projects/aicpu" "$work/aicpu-src"
cmake -S "$work/aicpu-src" -B "$work/aicpu" "${common[@]}" >"$work.aicpu.log" 2>&1 ||
  { cat "$work.aicpu.log"; fail "(d) configure"; }
cmake --build "$work/aicpu" >>"$work.aicpu.log" 2>&1 || { cat "$work.aicpu.log"; fail "(d) build"; }
out=$("$work/aicpu/demo") || fail "(d) run: $out"
[[ "$out" == PASS* ]] || fail "(d) run: $out"
echo "(d) AI CPU + AI Core: $out"

# The dependency files of the ASC and AICPU compilers name the included
# header: touching it rebuilds the sources that include it, and only those.
sleep 1
touch "$work/aicpu-src/kernel_args.h"
rebuilt=$(cmake --build "$work/aicpu" 2>&1) || fail "(d) rebuild: $rebuilt"
for source in aicore_kernel.asc main.asc aicpu_tiling.aicpu; do
  [[ "$rebuilt" == *"$source.o"* ]] || fail "(d) $source was not rebuilt after its header changed: $rebuilt"
done
unchanged=$(cmake --build "$work/aicpu" 2>&1) || fail "(d) rebuild: $unchanged"
[[ "$unchanged" != *".asc.o"* ]] || fail "(d) an up-to-date build recompiled: $unchanged"
echo "(d) dependencies through the driver: rebuilt after the header changed"
