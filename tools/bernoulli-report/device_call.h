// The ACL/ACLNN calls of the measurements, as a CANN client makes them: one
// device session per process, dense device tensors, and the two-phase
// in-place Bernoulli on a chosen path. Failures throw std::runtime_error
// carrying the library's message.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "asctwin/asctwin_bernoulli.h"

namespace asctwin::report {

// aclInit, device 0 and one stream, for the life of the process.
aclrtStream sessionStream();

// A dense row-major device tensor over its own allocation.
class DeviceTensor {
 public:
  DeviceTensor(aclDataType dtype, const std::vector<int64_t>& dims, size_t width);
  ~DeviceTensor();
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;

  aclTensor* get() const { return tensor_; }
  void* data() const { return data_; }
  uint64_t bytes() const { return bytes_; }
  std::vector<uint8_t> download() const;

 private:
  void* data_ = nullptr;
  uint64_t bytes_ = 0;
  aclTensor* tensor_ = nullptr;
};

// A device allocation (the workspace), freed with the object.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(uint64_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
};

// aclnnInplaceBernoulli on `path` (ASCTWIN_BERNOULLI_PATH_NEW or _LEGACY).
class InplaceBernoulli {
 public:
  InplaceBernoulli(const DeviceTensor& t, int path, double prob, int64_t seed, int64_t offset);
  ~InplaceBernoulli();
  InplaceBernoulli(const InplaceBernoulli&) = delete;
  InplaceBernoulli& operator=(const InplaceBernoulli&) = delete;

  // Phase 1 only: the workspace size and plan (the executor is destroyed).
  asctwinBernoulliPlanInfo plan();
  // Both phases and a stream synchronisation; `workspace` holds at least the
  // size plan() returned.
  void run(void* workspace, uint64_t workspaceBytes);

 private:
  aclOpExecutor* planExecutor(uint64_t* workspace);

  const DeviceTensor& t_;
  int path_;
  aclScalar* prob_ = nullptr;
  int64_t seed_;
  int64_t offset_;
};

// 64-bit FNV-1a over the little-endian 8-byte words of `bytes` (then the
// tail bytes): fast enough for 128 MiB outputs, and equal outputs give equal
// hashes.
uint64_t hashBytes(std::span<const uint8_t> bytes);
// Elements of `bytes` (elements of `width` bytes) equal to `one`.
uint64_t countOnes(std::span<const uint8_t> bytes, size_t width, const unsigned char* one);

}  // namespace asctwin::report
