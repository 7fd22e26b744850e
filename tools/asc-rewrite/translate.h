// The .asc front end's source-to-source step, as a function.
//
// Input: the host preprocessor's output for one Ascend C translation unit,
// produced with the kernel markers kept as tokens (see tools/asc-compiler:
// `__global__`, `__aicore__`, `__vector__`, `__cube__`, `__aicpu__`,
// `__mix__(m, n)`, `KERNEL_TASK_TYPE_DEFAULT(t)` and `KERNEL_TASK_TYPE(k, t)`
// are defined to themselves). Preprocessing first means that only the live
// branch of every `#if` counts, that kernels declared in headers are known and
// that launches written in macros are seen after expansion.
//
// Output: C++ for the host compiler, in which
//  - every marker is blanked (same length, newlines kept): on the twin the
//    qualifiers carry no meaning beyond the kernel's kind;
//  - every launch `CALLEE<<<...>>>(args)` becomes a launcher call
//    (launch_rewrite.h);
//  - every kernel definition starts with `(void)::asctwin::kernelRegistration<
//    &NAME..., SPEC>;` (on the line of its `{`), which registers the kernel's
//    address and kind at program start, so launches through pointers find it.
// Linemarkers are kept: diagnostics and debug information name the user's
// files and lines. The front end's own errors are mapped back the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "aclrtlaunch.h"
#include "diagnostics.h"
#include "kernel_scan.h"
#include "launch_rewrite.h"

namespace asctwin::asc {

struct TranslateResult {
  std::string output;  // only meaningful when errors is empty
  KernelTable kernels;
  Diagnostics errors;  // in source order, with the user's files and lines
  std::vector<LaunchSite> launches;
  // With `aclrtLaunch`: the launch functions (their definitions are already
  // in `output`, after each kernel's body; the headers are the caller's to write).
  std::vector<AclrtLaunch> aclrtLaunch;

  [[nodiscard]] bool ok() const { return errors.empty(); }
};

// What translate() is given.
//  - Preprocessed: the driver's pass-1 output (the faithful path);
//  - Raw: an ASC source as written, for build systems that cannot run the
//    driver (asctwin-asc-rewrite). Directives are not evaluated, so every
//    `#if` branch counts, kernels of headers are unknown (their launches go
//    through the registry) and launches in `#define`s are rewritten in place;
//    the output starts with `#include "asctwin/asc_prelude.h"`.
enum class SourceForm { Preprocessed, Raw };

// `path` names the translation unit in diagnostics where the text has no
// linemarker (and in a `#line 1` header put in front of such text).
// `aclrtLaunch`: also generate the aclrtlaunch_<kernel> functions (aclrtlaunch.h).
TranslateResult translate(std::string_view text, std::string_view path,
                          SourceForm form = SourceForm::Preprocessed, bool aclrtLaunch = false);

// `#line 1 "<path>"` plus a newline, with the path escaped as a string literal.
std::string lineDirective(std::string_view path);

}  // namespace asctwin::asc
