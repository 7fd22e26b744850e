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
#include "common/error_message.h"
#include "aclnn_reduce_sum.h"
#include "ops/reduce_sum/op_api/reduce_sum_hooks.h"
#include "reduce_sum_reference.h"

namespace rst {

// The recorded message, read without taking it (aclGetRecentErrMsg takes it,
// as documented; the tests look at one failure's message several times).
inline std::string recentError() {
  const char* m = asctwin::lastErrorMessage();
  return m == nullptr ? std::string() : std::string(m);
}

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

inline std::vector<int64_t> rowMajor(const std::vector<int64_t>& dims) {
  std::vector<int64_t> s(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;) s[i - 1] = s[i] * std::max<int64_t>(dims[i], 1);
  return s;
}

// A device tensor: storage of `storageElems` elements, a view of `dims` with
// `strides` (empty = row-major) at element `offset`.
class DeviceTensor {
 public:
  DeviceTensor(aclDataType dtype, std::vector<int64_t> dims, std::vector<int64_t> strides = {},
               int64_t offset = 0)
      : dtype_(dtype), dims_(std::move(dims)), strides_(std::move(strides)), offset_(offset) {
    if (strides_.empty()) strides_ = rowMajor(dims_);
    int64_t reach = offset_;
    bool empty = false;
    for (size_t i = 0; i < dims_.size(); ++i) {
      if (dims_[i] == 0) empty = true;
      if (dims_[i] > 0) reach += (dims_[i] - 1) * strides_[i];
    }
    storageElems_ = empty ? std::max<int64_t>(offset_, 1) : reach + 1;
    const size_t bytes = static_cast<size_t>(storageElems_) * widthOf(dtype_);
    EXPECT_EQ(aclrtMalloc(&data_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    // Fill with a pattern (NaN in every dtype) so unwritten elements show.
    EXPECT_EQ(aclrtMemset(data_, bytes, 0xFF, bytes), ACL_SUCCESS);
    const int64_t storageDims[1] = {storageElems_};
    tensor_ = aclCreateTensor(dims_.data(), dims_.size(), dtype_, strides_.data(), offset_,
                              ACL_FORMAT_ND, storageDims, 1, data_);
    EXPECT_NE(tensor_, nullptr) << recentError();
  }
  ~DeviceTensor() {
    if (tensor_ != nullptr) aclDestroyTensor(tensor_);
    if (data_ != nullptr) aclrtFree(data_);
  }
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;

  aclTensor* get() const { return tensor_; }
  // The storage (device memory is host memory on the twin) and its size.
  const void* data() const { return data_; }
  size_t storageBytes() const { return static_cast<size_t>(storageElems_) * widthOf(dtype_); }
  aclDataType dtype() const { return dtype_; }
  const std::vector<int64_t>& dims() const { return dims_; }
  int64_t numel() const {
    int64_t n = 1;
    for (int64_t d : dims_) n *= d;
    return n;
  }

  // Writes the view's elements (row-major order of the view) as bits.
  void write(const std::vector<uint32_t>& bits) {
    std::vector<uint8_t> storage = readStorage();
    forEach([&](int64_t logical, int64_t at) { put(storage, at, bits[logical]); });
    const size_t bytes = storage.size();
    ASSERT_EQ(aclrtMemcpy(data_, bytes, storage.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
  }
  // Reads the view's elements (row-major order of the view) as bits.
  std::vector<uint32_t> read() const {
    std::vector<uint8_t> storage = readStorage();
    std::vector<uint32_t> bits(static_cast<size_t>(numel()));
    forEach([&](int64_t logical, int64_t at) { bits[logical] = get(storage, at); });
    return bits;
  }
  // The whole storage as bits (to see what was written outside the view).
  std::vector<uint32_t> storageBits() const {
    std::vector<uint8_t> storage = readStorage();
    std::vector<uint32_t> bits(static_cast<size_t>(storageElems_));
    for (int64_t i = 0; i < storageElems_; ++i) bits[i] = get(storage, i);
    return bits;
  }

 private:
  std::vector<uint8_t> readStorage() const {
    std::vector<uint8_t> s(static_cast<size_t>(storageElems_) * widthOf(dtype_));
    EXPECT_EQ(aclrtMemcpy(s.data(), s.size(), data_, s.size(), ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    return s;
  }
  template <class F>
  void forEach(F&& f) const {
    const int64_t n = numel();
    for (int64_t i = 0; i < n; ++i) {
      int64_t rest = i, at = offset_;
      for (size_t d = dims_.size(); d-- > 0;) {
        at += (rest % dims_[d]) * strides_[d];
        rest /= dims_[d];
      }
      f(i, at);
    }
  }
  void put(std::vector<uint8_t>& s, int64_t at, uint32_t bits) const {
    std::memcpy(s.data() + at * widthOf(dtype_), &bits, widthOf(dtype_));
  }
  uint32_t get(const std::vector<uint8_t>& s, int64_t at) const {
    uint32_t bits = 0;
    std::memcpy(&bits, s.data() + at * widthOf(dtype_), widthOf(dtype_));
    return bits;
  }

  aclDataType dtype_;
  std::vector<int64_t> dims_;
  std::vector<int64_t> strides_;
  int64_t offset_;
  int64_t storageElems_ = 0;
  void* data_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// aclInit, a device and a stream for the whole test program.
class Env : public ::testing::Environment {
 public:
  void SetUp() override {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
  }
  void TearDown() override {
    aclrtDestroyStream(stream_);
    aclrtResetDevice(0);
    aclFinalize();
  }
  static aclrtStream stream() { return stream_; }

 private:
  static inline aclrtStream stream_ = nullptr;
};

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
