// Test support for the Bernoulli operators, used like a CANN client would:
// device tensors over guarded storages, the two-phase calls, and an
// independent oracle written from shared/spec/dsa-random-stream.md (Philox
// words from src/dsa/philox.h's scalar reference; the word -> uniform -> bit
// rule and the dtype encodings of 0/1 are written out here).
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn_bernoulli.h"
#include "asctwin/asctwin_bernoulli.h"
#include "asctwin/asctwin_ext.h"
#include "dsa/philox.h"
#include "ops/fixtures/device_tensor.h"

namespace bt {

using opstest::recentError;

inline constexpr aclDataType kAllDtypes[] = {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16,
                                             ACL_UINT8,   ACL_INT8,  ACL_INT16,  ACL_INT32,
                                             ACL_INT64,   ACL_BOOL};
inline constexpr aclDataType kProbDtypes[] = {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16};
inline constexpr uint8_t kGuard = 0xA5;

inline size_t widthOf(aclDataType t) {
  return opstest::elementBytes(t);
}

inline const char* nameOf(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16:
      return "FP16";
    case ACL_FLOAT:
      return "FP32";
    case ACL_DOUBLE:
      return "FP64";
    case ACL_BF16:
      return "BF16";
    case ACL_UINT8:
      return "UINT8";
    case ACL_INT8:
      return "INT8";
    case ACL_INT16:
      return "INT16";
    case ACL_INT32:
      return "INT32";
    case ACL_INT64:
      return "INT64";
    case ACL_BOOL:
      return "BOOL";
    default:
      return "?";
  }
}

// The bytes of the value 1 in each dtype (little endian), written out by hand.
inline std::vector<uint8_t> oneBytes(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16:
      return {0x00, 0x3C};
    case ACL_BF16:
      return {0x80, 0x3F};
    case ACL_FLOAT:
      return {0x00, 0x00, 0x80, 0x3F};
    case ACL_DOUBLE:
      return {0, 0, 0, 0, 0, 0, 0xF0, 0x3F};
    default: {
      std::vector<uint8_t> v(widthOf(t), 0);
      v[0] = 1;
      return v;
    }
  }
}

// ---- the oracle -----------------------------------------------------------

// Word i of the stream of (seed, offset): word i % 4 of Philox block i / 4.
inline uint32_t oracleWord(int64_t seed, int64_t offset, uint64_t i) {
  const uint64_t o = static_cast<uint64_t>(offset);
  const auto s = static_cast<uint64_t>(seed);
  const uint64_t block =
      i / 4;  // counter (block, 0, lo(offset), hi(offset)) as 128-bit base + block
  asctwin::dsa::PhiloxCounter c{static_cast<uint32_t>(block), static_cast<uint32_t>(block >> 32),
                                static_cast<uint32_t>(o), static_cast<uint32_t>(o >> 32)};
  asctwin::dsa::PhiloxKey k{static_cast<uint32_t>(s), static_cast<uint32_t>(s >> 32)};
  return asctwin::dsa::philox4x32_10(c, k)[i % 4];
}

inline bool oracleBitOfWord(uint32_t w, double prob) {
  const float u = std::bit_cast<float>((w & 0x007FFFFFu) | 0x3F800000u) - 1.0f;
  const auto q = static_cast<float>(1.0 - prob);
  return u >= q;
}

// Bits of elements [0, n).
inline std::vector<uint8_t> oracleBits(int64_t seed, int64_t offset, double prob, uint64_t n) {
  std::vector<uint8_t> bits(n);
  const uint64_t o = static_cast<uint64_t>(offset);
  const auto s = static_cast<uint64_t>(seed);
  const asctwin::dsa::PhiloxKey k{static_cast<uint32_t>(s), static_cast<uint32_t>(s >> 32)};
  for (uint64_t b = 0; b * 4 < n; ++b) {
    const asctwin::dsa::PhiloxCounter c{static_cast<uint32_t>(b), static_cast<uint32_t>(b >> 32),
                                        static_cast<uint32_t>(o), static_cast<uint32_t>(o >> 32)};
    const auto x = asctwin::dsa::philox4x32_10(c, k);
    for (uint64_t j = 0; j < 4 && b * 4 + j < n; ++j) bits[b * 4 + j] = oracleBitOfWord(x[j], prob);
  }
  return bits;
}

// The value of a scalar of `dtype` made from `value` as the operator sees it.
inline double probAs(aclDataType dtype, double value) {
  switch (dtype) {
    case ACL_FLOAT16:
      return aclFloat16ToFloat(aclFloatToFloat16(static_cast<float>(value)));
    case ACL_BF16: {
      // round to nearest even on the float's bits
      uint32_t b = std::bit_cast<uint32_t>(static_cast<float>(value));
      b += 0x7FFF + ((b >> 16) & 1);
      return std::bit_cast<float>(b & 0xFFFF0000u);
    }
    case ACL_FLOAT:
      return static_cast<float>(value);
    default:
      return value;
  }
}

// ---- device tensors ---------------------------------------------------------

// A tensor's dtype, view and storage; an empty storage means the view's
// dims (a dense tensor's own storage).
using Spec = opstest::TensorSpec;
using opstest::product;

inline std::vector<int64_t> denseStrides(const std::vector<int64_t>& dims) {
  return opstest::rowMajorStrides(dims);
}

// A device storage filled with kGuard and a tensor viewing it.
class DevTensor : public opstest::DeviceTensor {
 public:
  explicit DevTensor(const Spec& s) : opstest::DeviceTensor(withStorage(s), kGuard) {}

 private:
  static Spec withStorage(Spec s) {
    if (s.storage.empty()) s.storage = s.dims;
    return s;
  }
};

// A scalar of `dtype` holding `value`.
inline aclScalar* makeScalar(aclDataType dtype, double value) {
  switch (dtype) {
    case ACL_FLOAT16: {
      uint16_t h = aclFloatToFloat16(static_cast<float>(value));
      return aclCreateScalar(&h, dtype);
    }
    case ACL_BF16: {
      uint32_t b = std::bit_cast<uint32_t>(static_cast<float>(value));
      if ((b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu) != 0) {
        uint16_t h = 0x7FC0;
        return aclCreateScalar(&h, dtype);
      }
      b += 0x7FFF + ((b >> 16) & 1);
      uint16_t h = static_cast<uint16_t>(b >> 16);
      return aclCreateScalar(&h, dtype);
    }
    case ACL_FLOAT: {
      float f = static_cast<float>(value);
      return aclCreateScalar(&f, dtype);
    }
    case ACL_DOUBLE:
      return aclCreateScalar(&value, dtype);
    case ACL_INT32: {
      int32_t i = static_cast<int32_t>(value);
      return aclCreateScalar(&i, dtype);
    }
    default: {
      int64_t i = static_cast<int64_t>(value);
      return aclCreateScalar(&i, ACL_INT64);
    }
  }
}

struct RunResult {
  int getStatus = -1;
  int execStatus = -1;
  int syncStatus = -1;
  uint64_t workspace = 0;
  asctwinBernoulliPlanInfo plan{};
  std::string error;
};

// Fixture: aclInit + device 0 + a stream for the whole binary (the runtime is
// process-wide); each test resets the thread's path to the environment's.
class BernoulliTest : public ::testing::Test {
 public:
  static void SetUpTestSuite() { ASSERT_NE(opstest::Runtime::stream(), nullptr); }
  void SetUp() override { ASSERT_EQ(asctwinBernoulliSetPath(ASCTWIN_BERNOULLI_PATH_ENV), 0); }
  void TearDown() override { asctwinBernoulliSetPath(ASCTWIN_BERNOULLI_PATH_ENV); }

  static aclrtStream stream() { return opstest::Runtime::stream(); }

  // Executes a GetWorkspaceSize result: allocates the workspace, runs, syncs.
  static void execute(RunResult& r, aclOpExecutor* ex,
                      aclnnStatus (*exec)(void*, uint64_t, aclOpExecutor*, aclrtStream)) {
    void* ws = nullptr;
    if (r.workspace > 0) {
      EXPECT_EQ(aclrtMalloc(&ws, r.workspace, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    }
    r.execStatus = exec(ws, r.workspace, ex, stream());
    if (r.execStatus != 0) r.error = recentError();
    r.syncStatus = aclrtSynchronizeStream(stream());
    if (r.syncStatus != 0) r.error = recentError();
    if (ws != nullptr) aclrtFree(ws);
  }

  // aclnnBernoulli (out != nullptr) or aclnnInplaceBernoulli (out == nullptr)
  // on path `path` (ASCTWIN_BERNOULLI_PATH_*).
  static RunResult runScalar(aclTensor* self, aclScalar* prob, int64_t seed, int64_t offset,
                             aclTensor* out, int path = ASCTWIN_BERNOULLI_PATH_NEW) {
    RunResult r;
    EXPECT_EQ(asctwinBernoulliSetPath(path), 0);
    aclOpExecutor* ex = nullptr;
    r.getStatus =
        out != nullptr
            ? aclnnBernoulliGetWorkspaceSize(self, prob, seed, offset, out, &r.workspace, &ex)
            : aclnnInplaceBernoulliGetWorkspaceSize(self, prob, seed, offset, &r.workspace, &ex);
    EXPECT_EQ(asctwinBernoulliSetPath(ASCTWIN_BERNOULLI_PATH_ENV), 0);
    if (r.getStatus != 0) {
      r.error = recentError();
      return r;
    }
    EXPECT_EQ(asctwinBernoulliGetLastPlan(&r.plan), 0);
    execute(r, ex, out != nullptr ? aclnnBernoulli : aclnnInplaceBernoulli);
    return r;
  }

  static RunResult runTensor(aclTensor* self, aclTensor* prob, int64_t seed, int64_t offset,
                             aclTensor* out) {
    RunResult r;
    aclOpExecutor* ex = nullptr;
    r.getStatus = out != nullptr ? aclnnBernoulliTensorGetWorkspaceSize(self, prob, seed, offset,
                                                                        out, &r.workspace, &ex)
                                 : aclnnInplaceBernoulliTensorGetWorkspaceSize(
                                       self, prob, seed, offset, &r.workspace, &ex);
    if (r.getStatus != 0) {
      r.error = recentError();
      return r;
    }
    EXPECT_EQ(asctwinBernoulliGetLastPlan(&r.plan), 0);
    execute(r, ex, out != nullptr ? aclnnBernoulliTensor : aclnnInplaceBernoulliTensor);
    return r;
  }
};

// Every view element of `t` holds the oracle's 0/1 for (seed, offset, prob);
// every other storage byte still holds kGuard. Returns the failure count.
inline int expectMatchesOracle(const DevTensor& t, const std::vector<uint8_t>& storage,
                               const std::vector<uint8_t>& bits, const std::string& what) {
  const aclDataType dt = t.spec().dtype;
  const size_t w = widthOf(dt);
  const std::vector<uint8_t> one = oneBytes(dt);
  std::vector<uint8_t> expected(storage.size(), kGuard);
  for (uint64_t i = 0; i < t.numel(); ++i) {
    const uint64_t at = t.storageIndex(i) * w;
    for (size_t k = 0; k < w; ++k) expected[at + k] = bits[i] ? one[k] : 0;
  }
  int failures = 0;
  for (size_t k = 0; k < storage.size(); ++k) {
    if (storage[k] != expected[k]) {
      if (++failures <= 5)
        ADD_FAILURE() << what << ": storage byte " << k << " (element " << k / w << ") is 0x"
                      << std::hex << int(storage[k]) << ", expected 0x" << int(expected[k])
                      << std::dec;
    }
  }
  if (failures > 5) ADD_FAILURE() << what << ": " << failures << " bytes differ in all";
  return failures;
}

}  // namespace bt
