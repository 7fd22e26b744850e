// Finds the kernels of a translation unit: every declaration or definition
// that carries `__global__`. Its kind comes from `__vector__`, `__cube__`,
// `__mix__(aic, aiv)` or `__aicpu__` anywhere among the declaration's
// specifiers (before or after `__global__`); a kernel with none of them is an
// AI Core kernel whose kind the toolchain chooses (KernelKind::AiCore). Inside
// a kernel's body, `KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_...)` sets the kind.
// Conflicting qualifiers, a malformed `__mix__`, an unknown or (on Atlas
// A2/A3) unsupported kernel type and a kernel redeclared with another kind are
// errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "line_map.h"
#include "tokenizer.h"

namespace asctwin::asc {

enum class KernelKind : std::uint8_t { AiCore, Vector, Cube, Mix, AiCpu };

struct KernelInfo {
  KernelKind kind = KernelKind::AiCore;
  std::string mixAic;  // the AIC:AIV ratio of a Mix kernel as spelled
  std::string mixAiv;
  std::size_t line = 0;  // where the kernel is first declared (in the scanned text)
  std::size_t column = 0;
};

// One kernel definition (a declaration with a body).
struct KernelDefinition {
  std::string name;          // unqualified
  std::size_t bodyOpen = 0;  // token index of the body's '{'
  std::string templateArgs;  // for a template: its parameters as arguments ("T, N", "Ts...")
  bool isTemplate = false;
  bool templateArgsKnown = true;  // false: a parameter without a name
  std::string explicitArgs;       // an explicit specialisation's arguments as written ("<float>")
  std::size_t nameToken = 0;      // token index of the name
  // The parameters as written (types and names spelled on one line; a
  // parameter without a name has an empty one). `paramsKnown` is false when
  // the list could not be split (e.g. a parameter pack).
  std::vector<std::string> paramTypes;
  std::vector<std::string> paramNames;
  bool paramsKnown = false;
  bool externC = false;  // declared `extern "C"`
};

struct KernelTable {
  std::map<std::string, KernelInfo, std::less<>> byName;  // by unqualified name
  std::vector<KernelDefinition> definitions;
};

// `lines` (optional) maps lines of `src` to the user's files: messages that
// refer to another declaration name its file and line through it.
KernelTable findKernels(std::string_view src, const std::vector<Token>& code, Diagnostics& errors,
                        const LineMap* lines = nullptr);

// The C++ expression naming a kernel's kind, e.g.
// `::asctwin::KernelSpec{::asctwin::KernelKind::Mix, 1, 2}`.
std::string kernelSpecExpression(const KernelInfo& kernel);

// The markers the front end consumes: the kernel qualifiers (__global__,
// __aicore__, __vector__, __cube__, __aicpu__, __mix__(...)) and the kernel
// type statements (KERNEL_TASK_TYPE_DEFAULT(...), KERNEL_TASK_TYPE(...)), as
// token ranges [first, last] of `code`.
std::vector<std::pair<std::size_t, std::size_t>> findMarkers(std::string_view src,
                                                             const std::vector<Token>& code);

// The bodies of device functions: every function definition that carries
// `__global__` or `__aicore__`, as token ranges [open, close] of their braces
// (outermost only).
std::vector<std::pair<std::size_t, std::size_t>> findDeviceBodies(std::string_view src,
                                                                  const std::vector<Token>& code);

}  // namespace asctwin::asc
