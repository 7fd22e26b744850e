// The packed-mask engine: the DSA device task DSAGenBitMask of the Bernoulli
// design. For N output elements it writes M = 16 * ceil(N / 128) bytes; bit i
// of the mask (bit i % 8 of byte i / 8, least significant first) is 1 when
// element i of the stream passes the drop probability q (random_stream.h),
// and the padding bits past N are the stream's own values for those indices.
//
// Three layers of API:
//   * genBitMask(): a pure function over host memory, split across the
//     device::WorkerPool; the result does not depend on how many parts or
//     threads run it (each part computes its own slice with maskBytes()).
//   * validation: checkOffset()/checkProb() are the operator-level rules
//     (ACLNN_ERR_PARAM_INVALID = code::kNnParamInvalid); validateGenBitMask()
//     is the device-task rule set (ACL_ERROR_INVALID_PARAM = code::kInvalidParam).
//   * the device task: enqueueGenBitMask() validates at once (the error is
//     returned, nothing is queued) and then queues the generation on a
//     device::Stream; genBitMaskDevice() validates and runs synchronously.
//
// Do not call the multi-threaded functions from inside a WorkerPool job (the
// pool runs one job at a time; a nested job would wait for itself).
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/status.h"
#include "dsa/random_stream.h"

namespace asctwin::device {
class Stream;
}

namespace asctwin::dsa {

inline constexpr const char* kGenBitMaskTaskName = "DSAGenBitMask";

// M = 16 * ceil(n / 128): the bytes the engine writes for n elements.
constexpr uint64_t maskBytesFor(uint64_t n) {
  return (n / 128 + (n % 128 != 0 ? 1 : 0)) * 16;
}

// The drop probability the engine is given: q = (float)(1.0 - prob).
constexpr float dropProbFromProb(double prob) {
  return static_cast<float>(1.0 - prob);
}

struct MaskOptions {
  Impl impl = Impl::kAuto;
  // Number of slices the mask is cut into (each a multiple of 64 bytes, run
  // concurrently on the WorkerPool). 0 = automatic: one slice per pool thread
  // for masks of at least 128 KiB, a single slice below.
  unsigned parts = 0;
};

// Host memory: writes maskBytesFor(n) bytes at `out`. Any (seed, offset) and
// any float q are accepted (the stream and the bit rule are defined for all).
void genBitMask(uint64_t n, int64_t seed, int64_t offset, float dropProb, uint8_t* out,
                const MaskOptions& options = {});

// The slices genBitMask() uses for a mask of `bytes` bytes and `parts`
// requested parts (after the automatic choice); exposed for tests.
struct MaskSplit {
  uint64_t sliceBytes = 0;  // every slice but the last; a multiple of 64
  unsigned slices = 0;
};
MaskSplit splitMask(uint64_t bytes, unsigned parts);

// ---- operator-level validation (code::kNnParamInvalid) --------------------
// "offset must be a multiple of 4, got 6" (C++ remainder: -2 fails as well).
Status checkOffset(int64_t offset);
// prob must be finite and within [0, 1].
Status checkProb(double prob);

// ---- the device task (code::kInvalidParam) ---------------------------------
// Checks, in this order: offset % 4 == 0; dropProb not NaN and within [0, 1];
// devOut not null; [devOut, devOut + maskBytesFor(n)) inside one live device
// allocation (it may be the first bytes of a larger one, as in the alias
// plan); when device >= 0, that allocation belongs to `device`.
Status validateGenBitMask(uint64_t n, int64_t offset, float dropProb, const void* devOut,
                          int32_t device = -1);

// Validates (against the stream's device) and queues the generation. When the
// task runs it checks the destination again (it may have been freed since);
// a failure then latches on the stream and surfaces at synchronize().
Status enqueueGenBitMask(device::Stream& stream, uint64_t n, int64_t seed, int64_t offset,
                         float dropProb, void* devOut, const MaskOptions& options = {});

// Validates and generates at once on the calling thread (plus the pool).
Status genBitMaskDevice(uint64_t n, int64_t seed, int64_t offset, float dropProb, void* devOut,
                        const MaskOptions& options = {});

}  // namespace asctwin::dsa
