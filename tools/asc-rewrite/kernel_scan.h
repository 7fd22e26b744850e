// Finds the kernels of an .asc file: every declaration or definition that
// carries `__global__`. Its kind comes from `__vector__`, `__cube__` or
// `__mix__(aic, aiv)` anywhere among the declaration's specifiers (before or
// after `__global__`); a `__global__` declaration with none of them is a
// vector kernel. Conflicting qualifiers, malformed `__mix__` arguments and a
// kernel redeclared with another kind are errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "tokenizer.h"

namespace asctwin::asc {

enum class KernelKind : std::uint8_t { Vector, Cube, Mix };

struct KernelInfo {
  KernelKind kind = KernelKind::Vector;
  std::string mixAic;  // __mix__ arguments as spelled (Mix only)
  std::string mixAiv;
  std::size_t line = 0;  // where the kernel is first declared
  std::size_t column = 0;
};

using KernelTable = std::map<std::string, KernelInfo, std::less<>>;

KernelTable findKernels(std::string_view src, const std::vector<Token>& code, Diagnostics& errors);

// The C++ expression naming a kernel's kind, e.g.
// `::asctwin::KernelSpec{::asctwin::KernelKind::Mix, 1, 2}`.
std::string kernelSpecExpression(const KernelInfo& kernel);

}  // namespace asctwin::asc
