// Test support for aclnnReduceSum, used like a CANN client: device tensors
// (dense or strided views), the two-phase call, results read back as bits.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn_reduce_sum.h"
#include "ops/fixtures/device_tensor.h"
#include "ops/reduce_sum/op_api/reduce_sum_hooks.h"
#include "reduce_sum_reference.h"

namespace rst {

using opstest::recentError;

inline size_t widthOf(aclDataType t) {
  return t == ACL_FLOAT ? 4 : 2;
}
inline const char* nameOf(aclDataType t) {
  return t == ACL_FLOAT ? "FP32" : t == ACL_FLOAT16 ? "FP16" : "BF16";
}

// Element bits of `value` in dtype t (FP16/BF16 round to nearest even) and the
// exact FP32 value of those bits.
inline uint32_t bitsOf(float value, aclDataType t) {
  if (t == ACL_FLOAT16) return aclFloatToFloat16(value);
  if (t == ACL_BF16) return rsref::toBf16(value);
  return std::bit_cast<uint32_t>(value);
}
inline float valueOf(uint32_t bits, aclDataType t) {
  if (t == ACL_FLOAT16) return aclFloat16ToFloat(static_cast<aclFloat16>(bits));
  if (t == ACL_BF16) return rsref::fromBf16(static_cast<uint16_t>(bits));
  return std::bit_cast<float>(bits);
}

// A device tensor of self or out: a view of `dims` with `strides` (empty =
// row-major) at element `offset` over a storage just large enough, filled
// with 0xFF (NaN in every float dtype) so that unwritten elements show;
// elements read and written as bits in the view's row-major order.
class DeviceTensor : public opstest::DeviceTensor {
 public:
  DeviceTensor(aclDataType dtype, std::vector<int64_t> dims, std::vector<int64_t> strides = {},
               int64_t offset = 0)
      : opstest::DeviceTensor(spec(dtype, std::move(dims), std::move(strides), offset), 0xFF) {}

  int64_t numel() const { return static_cast<int64_t>(opstest::DeviceTensor::numel()); }
  void write(const std::vector<uint32_t>& bits) { writeBits(bits); }
  std::vector<uint32_t> read() const { return narrow(readBits()); }
  std::vector<uint32_t> storageBits() const { return narrow(opstest::DeviceTensor::storageBits()); }

 private:
  static opstest::TensorSpec spec(aclDataType dtype, std::vector<int64_t> dims,
                                  std::vector<int64_t> strides, int64_t offset) {
    if (strides.empty()) strides = opstest::rowMajorStrides(dims);
    opstest::TensorSpec s{dtype, std::move(dims), std::move(strides), offset, {}};
    s.storage = opstest::reachStorage(s);
    return s;
  }
  static std::vector<uint32_t> narrow(const std::vector<uint64_t>& v) {
    return std::vector<uint32_t>(v.begin(), v.end());
  }
};

// aclInit, a device and a stream for the whole test program.
using Env = opstest::RuntimeEnvironment;

// Sets ACL_OPT_DETERMINISTIC for a scope.
class Deterministic {
 public:
  explicit Deterministic(bool on) {
    aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &old_);
    EXPECT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, on ? 1 : 0), ACL_SUCCESS);
  }
  ~Deterministic() { aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, old_); }

 private:
  int64_t old_ = 0;
};

// Forces the block count for a scope.
class ForcedBlocks {
 public:
  explicit ForcedBlocks(uint32_t n) : old_(asctwin::ops::reduce_sum::forcedBlockCount()) {
    asctwin::ops::reduce_sum::setForcedBlockCount(n);
  }
  ~ForcedBlocks() { asctwin::ops::reduce_sum::setForcedBlockCount(old_); }

 private:
  uint32_t old_;
};

// Runs the two phases and synchronises; returns the first failing status.
inline aclnnStatus runReduceSum(const aclTensor* self, const std::vector<int64_t>& dim,
                                bool keepDims, aclDataType dtype, aclTensor* out) {
  aclIntArray* d = aclCreateIntArray(dim.data(), dim.size());
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  aclnnStatus st = aclnnReduceSumGetWorkspaceSize(self, d, keepDims, dtype, out, &ws, &ex);
  aclDestroyIntArray(d);
  if (st != ACLNN_SUCCESS) return st;
  void* workspace = nullptr;
  if (ws > 0 && aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return -1;
  st = aclnnReduceSum(workspace, ws, ex, Env::stream());
  if (st == ACLNN_SUCCESS) st = aclrtSynchronizeStream(Env::stream());
  if (workspace != nullptr) aclrtFree(workspace);
  return st;
}

// Random values whose sums depend on the order: magnitudes over 2^-12 .. 2^12,
// both signs, made exact in dtype t. Returns bits.
inline std::vector<uint32_t> randomBits(size_t n, aclDataType t, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> mant(-1.0f, 1.0f);
  std::uniform_int_distribution<int> expo(-12, 12);
  std::vector<uint32_t> bits(n);
  for (auto& b : bits) b = bitsOf(std::ldexp(mant(rng), expo(rng)), t);
  return bits;
}

inline std::vector<float> valuesOf(const std::vector<uint32_t>& bits, aclDataType t) {
  std::vector<float> v(bits.size());
  for (size_t i = 0; i < bits.size(); ++i) v[i] = valueOf(bits[i], t);
  return v;
}

// Shape of out for (shape, dims, keepDims); reduced flags of the dims.
inline std::vector<bool> reducedFlags(const std::vector<int64_t>& shape,
                                      const std::vector<int64_t>& dim) {
  std::vector<bool> r(shape.size(), false);
  const auto rank = static_cast<int64_t>(shape.size());
  for (int64_t d : dim)
    if (rank > 0) r[static_cast<size_t>(d < 0 ? d + rank : d)] = true;
  return r;
}
inline std::vector<int64_t> outShape(const std::vector<int64_t>& shape,
                                     const std::vector<int64_t>& dim, bool keepDims) {
  const std::vector<bool> r = reducedFlags(shape, dim);
  std::vector<int64_t> out;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (!r[i])
      out.push_back(shape[i]);
    else if (keepDims)
      out.push_back(1);
  }
  return out;
}

}  // namespace rst
