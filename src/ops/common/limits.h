// Limits every operator shares: the one definition of the rank limit of
// ACLNN operands and of the dimension arrays in the kernels' tiling structs.
// Only <cstdint>: kernel sources include it next to kernel_operator.h.
#pragma once

#include <cstdint>

namespace asctwin::ops {

// The largest rank an operator accepts (CANN's ACLNN operators: 8), and the
// length of every per-dimension array a tiling struct carries.
inline constexpr uint32_t kMaxRank = 8;

}  // namespace asctwin::ops
