// ReduceSum op_kernel: the Ascend C kernel (reduce_sum_kernel.cpp) and the
// host call that launches it on the kernel twin. Call runReduceSum from
// inside a stream task: it launches now and waits for the kernel. (Strided
// views are copied by the shared StridedCopy, ops/kernels/strided_copy.h.)
#pragma once

#include <cstdint>

#include "common/status.h"
#include "ops/reduce_sum/op_host/reduce_sum_tiling_data.h"

namespace asctwin::ops::reduce_sum {

// The ReduceSum kernel. Arguments (device memory):
//   x         the contiguous input, tiling.inElems elements of tiling.inType
//   acc       tiling.outElems FP32: the accumulator (zeroed by the kernel, then
//             the group partials are atomically added into it)
//   partials  tiling.groups * tiling.outElems FP32 (workspace)
//   sync      tiling.blockDim * 32 bytes (workspace; the IBSet/IBWait flags,
//             zeroed by the kernel)
//   out       tiling.castOut: tiling.outElems elements of tiling.outType, the
//             sums cast with round-to-nearest-even; unused otherwise
// Launched with tiling.blockDim vector blocks, all resident (SyncAll).
void reduce_sum(uint8_t* x, uint8_t* acc, uint8_t* partials, uint8_t* sync, uint8_t* out,
                ReduceSumTiling tiling);

// Runs the kernel now with tiling.blockDim vector blocks; a zero block count
// or a missing buffer is refused without a launch.
Status runReduceSum(const ReduceSumTiling& tiling, const void* x, void* acc, void* partials,
                    void* sync, void* out);

}  // namespace asctwin::ops::reduce_sum
