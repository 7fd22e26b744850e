// ReduceSum op_kernel: the Ascend C kernels (reduce_sum_kernel.cpp,
// strided_copy_kernel.cpp) and the host calls that launch them on the kernel
// twin. Call the run functions from inside a stream task: they launch now and
// wait for the kernel.
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

// The strided copy kernel: dst view <- src view (same shape, element size
// tiling.elemBytes). Launched with tiling.blockDim vector blocks.
void strided_copy(uint8_t* src, uint8_t* dst, StridedCopyTiling tiling);

// Launch options of the operator's kernels: fast mode unless the test hooks
// (op_api/reduce_sum_hooks.h) or the environment select otherwise.
Status runReduceSum(const ReduceSumTiling& tiling, const void* x, void* acc, void* partials,
                    void* sync, void* out);
Status runStridedCopy(const StridedCopyTiling& tiling, const void* src, void* dst);

}  // namespace asctwin::ops::reduce_sum
