#include "dsa/bit_mask.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "device/allocator.h"
#include "device/stream.h"
#include "device/worker_pool.h"

namespace asctwin::dsa {
namespace {

constexpr uint64_t kSliceAlign = 64;                   // bytes; one cache line per slice edge
constexpr uint64_t kAutoMinBytesPerSlice = 128 << 10;  // below this, one slice

std::string formatFloat(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// Rule texts shared by both levels.
std::string offsetRule(int64_t offset) {
  if (offset % 4 == 0) return {};
  return "offset must be a multiple of 4, got " + std::to_string(offset);
}

std::string dropProbRule(float q) {
  if (std::isnan(q)) return "dropProb must be a number within [0, 1], got NaN";
  if (q < 0.0f || q > 1.0f)
    return "dropProb must be within [0, 1], got " + formatFloat(static_cast<double>(q));
  return {};
}

}  // namespace

MaskSplit splitMask(uint64_t bytes, unsigned parts) {
  MaskSplit split;
  if (bytes == 0) return split;
  if (parts == 0) {
    const uint64_t poolSize = device::WorkerPool::instance().size();
    parts = static_cast<unsigned>(std::clamp<uint64_t>(bytes / kAutoMinBytesPerSlice, 1, poolSize));
  }
  const uint64_t perPart = (bytes + parts - 1) / parts;
  split.sliceBytes = (perPart + kSliceAlign - 1) / kSliceAlign * kSliceAlign;
  split.slices = static_cast<unsigned>((bytes + split.sliceBytes - 1) / split.sliceBytes);
  return split;
}

void genBitMask(uint64_t n, int64_t seed, int64_t offset, float dropProb, uint8_t* out,
                const MaskOptions& options) {
  const uint64_t bytes = maskBytesFor(n);
  const MaskSplit split = splitMask(bytes, options.parts);
  if (split.slices == 0) return;
  const Impl impl = resolveImpl(options.impl);
  auto slice = [&](size_t s) {
    const uint64_t begin = s * split.sliceBytes;
    const uint64_t end = std::min(bytes, begin + split.sliceBytes);
    maskBytes(seed, offset, dropProb, begin, end - begin, out + begin, impl);
  };
  if (split.slices == 1) {
    slice(0);
    return;
  }
  // Slices are independent; the pool hands each thread a contiguous run of them.
  device::WorkerPool::instance().parallelFor(split.slices, 0, [&](size_t b, size_t e, unsigned) {
    for (size_t s = b; s < e; ++s) slice(s);
  });
}

Status checkOffset(int64_t offset) {
  std::string rule = offsetRule(offset);
  if (rule.empty()) return Status::ok();
  return Status(code::kNnParamInvalid, std::move(rule));
}

Status checkProb(double prob) {
  if (std::isfinite(prob) && prob >= 0.0 && prob <= 1.0) return Status::ok();
  return Status(code::kNnParamInvalid,
                "prob must be finite and within [0, 1], got " + formatFloat(prob));
}

Status validateGenBitMask(uint64_t n, int64_t offset, float dropProb, const void* devOut,
                          int32_t device) {
  const std::string prefix = std::string(kGenBitMaskTaskName) + ": ";
  if (std::string rule = offsetRule(offset); !rule.empty()) return invalidParam(prefix + rule);
  if (std::string rule = dropProbRule(dropProb); !rule.empty()) return invalidParam(prefix + rule);
  if (devOut == nullptr) return invalidParam(prefix + "devOut must not be null");
  const uint64_t bytes = maskBytesFor(n);
  const auto& memory = device::DeviceMemory::instance();
  if (Status s = memory.checkRange(devOut, bytes, "devOut"); !s) {
    return invalidParam(prefix + s.message() + " (the mask of " + std::to_string(n) +
                        " elements needs " + std::to_string(bytes) + " bytes)");
  }
  if (device >= 0) {
    device::AllocationInfo info;
    if (memory.find(devOut, &info) && info.device != device)
      return invalidParam(prefix + "devOut belongs to device " + std::to_string(info.device) +
                          " but the stream is on device " + std::to_string(device));
  }
  return Status::ok();
}

Status enqueueGenBitMask(device::Stream& stream, uint64_t n, int64_t seed, int64_t offset,
                         float dropProb, void* devOut, const MaskOptions& options) {
  if (Status s = validateGenBitMask(n, offset, dropProb, devOut, stream.device()); !s) return s;
  const int32_t dev = stream.device();
  stream.enqueue(kGenBitMaskTaskName, [=]() -> Status {
    // The destination may have been freed between enqueue and execution.
    if (Status s = validateGenBitMask(n, offset, dropProb, devOut, dev); !s) return s;
    genBitMask(n, seed, offset, dropProb, static_cast<uint8_t*>(devOut), options);
    device::DeviceMemory::instance().markWritten(devOut, maskBytesFor(n));
    return Status::ok();
  });
  return Status::ok();
}

Status genBitMaskDevice(uint64_t n, int64_t seed, int64_t offset, float dropProb, void* devOut,
                        const MaskOptions& options) {
  if (Status s = validateGenBitMask(n, offset, dropProb, devOut); !s) return s;
  genBitMask(n, seed, offset, dropProb, static_cast<uint8_t*>(devOut), options);
  device::DeviceMemory::instance().markWritten(devOut, maskBytesFor(n));
  return Status::ok();
}

}  // namespace asctwin::dsa
