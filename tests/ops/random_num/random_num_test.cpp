// aclrtRandomNumAsync: bit for bit against the independent oracle
// (random_num_oracle.h) for every function and output type, the spec's golden
// mask, the dropout bitmask equal to the Bernoulli operator's DSA mask for the
// same seed and counter, the counter advance, the distributions' mean,
// variance and Kolmogorov-Smirnov distance, and the argument checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "acl/dtype.h"
#include "dsa/bit_mask.h"
#include "random_num_oracle.h"

namespace asctwin::testing {
namespace {

namespace o = oracle;

aclrtRandomParaInfo value(const void* v, uint8_t size) {
  aclrtRandomParaInfo p{};
  std::memcpy(p.valueOrAddr, v, size);
  p.size = size;
  return p;
}
template <typename T>
aclrtRandomParaInfo value(T v) {
  return value(&v, sizeof v);
}

class RandomNum : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&counter_, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  void TearDown() override {
    aclrtFree(counter_);
    if (out_) aclrtFree(out_);
    aclrtDestroyStream(stream_);
    aclrtResetDevice(0);
  }
  void setCounter(o::Ctr c) {
    ASSERT_EQ(aclrtMemcpy(counter_, 16, c.w, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  }
  o::Ctr counter() {
    o::Ctr c{};
    EXPECT_EQ(aclrtMemcpy(c.w, 16, counter_, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return c;
  }
  aclrtRandomNumTaskInfo task(aclDataType dt, aclrtRandomNumFuncType f, uint64_t n, uint64_t seed,
                              size_t outBytes) {
    if (out_) aclrtFree(out_);
    EXPECT_EQ(aclrtMalloc(&out_, outBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    bytes_ = outBytes;
    aclrtRandomNumTaskInfo t{};
    t.dataType = dt;
    t.randomNumFuncParaInfo.funcType = f;
    t.randomResultAddr = out_;
    t.randomCounterAddr = counter_;
    t.randomSeed = value(seed);
    t.randomNum = value(n);
    return t;
  }
  std::vector<uint8_t> run(const aclrtRandomNumTaskInfo& t) {
    EXPECT_EQ(aclrtRandomNumAsync(&t, stream_, nullptr), ACL_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    std::vector<uint8_t> host(bytes_);
    EXPECT_EQ(aclrtMemcpy(host.data(), bytes_, out_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    return host;
  }
  template <typename T>
  static std::vector<T> as(const std::vector<uint8_t>& b) {
    std::vector<T> v(b.size() / sizeof(T));
    std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
    return v;
  }

  aclrtStream stream_ = nullptr;
  void* counter_ = nullptr;
  void* out_ = nullptr;
  size_t bytes_ = 0;
};

std::vector<uint8_t> hex(const char* s) {
  std::vector<uint8_t> v;
  for (size_t i = 0; s[i] && s[i + 1]; i += 2)
    v.push_back(static_cast<uint8_t>(std::stoul(std::string(s + i, 2), nullptr, 16)));
  return v;
}

TEST(RandomNumOracle, SpecKnownAnswers) {
  // Philox known answers and the stream's golden words (the spec).
  const o::Ctr r = o::philox(o::Ctr{{0, 0, 0, 0}}, 0, 0);
  EXPECT_EQ(r.w[0], 0x6627e8d5u);
  EXPECT_EQ(r.w[3], 0x9b00dbd8u);
  const o::Ctr base{{0, 0, 4, 0}};
  EXPECT_EQ(o::word(base, 20260725, 0), 0xe1007001u);
  EXPECT_EQ(o::word(base, 20260725, 7), 0x9d93630au);
  EXPECT_EQ(o::mask(base, 20260725, 0.65, 129),
            hex("3c08a284d048c3a00a0e80129084559545408a444a0480ec1c02aba284ab493a"));
}

TEST_F(RandomNum, DropoutBitmaskIsTheBernoulliMask) {
  // The spec's golden mask, the oracle, and the DSA engine of aclnnBernoulli.
  setCounter(o::Ctr{{0, 0, 4, 0}});
  auto t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK, 129, 20260725, 32);
  t.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation = value(0.65f);
  const auto got = run(t);
  EXPECT_EQ(got, o::mask(o::Ctr{{0, 0, 4, 0}}, 20260725, static_cast<double>(0.65f), 129));
  std::vector<uint8_t> dsa(32);
  dsa::genBitMask(129, 20260725, 4, dsa::dropProbFromProb(1.0 - static_cast<double>(0.65f)),
                  dsa.data());
  EXPECT_EQ(got, dsa);
  // 32 bytes = 256 words = 64 blocks consumed.
  const o::Ctr c = counter();
  EXPECT_EQ(c.w[0], 64u);
  EXPECT_EQ(c.w[2], 4u);
  // A counter with a non-zero low half (the general path) and a wrap.
  const o::Ctr odd{{0xFFFFFFF0u, 0xFFFFFFFFu, 7, 0}};
  setCounter(odd);
  t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK, 1000, 0x123456789abcdefull, 128);
  t.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation = value(0.3f);
  EXPECT_EQ(run(t), o::mask(odd, 0x123456789abcdefull, static_cast<double>(0.3f), 1000));
  const o::Ctr next = counter();
  const o::Ctr want = o::add(odd, 256);
  EXPECT_EQ(std::memcmp(next.w, want.w, 16), 0);
}

TEST_F(RandomNum, UniformBitExactForEveryType) {
  const o::Ctr base{{5, 0, 9, 1}};
  const uint64_t n = 1001, seed = 77;
  setCounter(base);
  auto t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, n, seed, n * 4);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value(-2.5f);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(4.0f);
  const auto f = as<float>(run(t));
  for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(f[i], o::uniformF(base, seed, i, -2.5f, 4.0f)) << i;
  // FP16 and BF16: the float result rounded to nearest even.
  for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
    setCounter(base);
    t = task(dt, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, n, seed, n * 2);
    const uint16_t lo = dt == ACL_FLOAT16 ? acl::floatToHalf(-1.0f) : acl::floatToBf16(-1.0f);
    const uint16_t hi = dt == ACL_FLOAT16 ? acl::floatToHalf(3.0f) : acl::floatToBf16(3.0f);
    t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value(lo);
    t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(hi);
    const auto h = as<uint16_t>(run(t));
    for (uint64_t i = 0; i < n; ++i) {
      const float r = o::uniformF(base, seed, i, -1.0f, 3.0f);
      ASSERT_EQ(h[i], dt == ACL_FLOAT16 ? acl::floatToHalf(r) : acl::floatToBf16(r)) << i;
    }
  }
  // UINT32 in [10, 1010), INT64 in [-5, 2^40).
  setCounter(base);
  t = task(ACL_UINT32, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, n, seed, n * 4);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value(uint32_t{10});
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(uint32_t{1010});
  const auto u = as<uint32_t>(run(t));
  for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(u[i], o::uniformU32(base, seed, i, 10, 1000)) << i;
  setCounter(base);
  t = task(ACL_INT64, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, n, seed, n * 8);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value(int64_t{-5});
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(int64_t{1} << 40);
  const auto l = as<int64_t>(run(t));
  const uint64_t range = (uint64_t{1} << 40) + 5;
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t x =
        uint64_t{o::word(base, seed, 2 * i)} | (uint64_t{o::word(base, seed, 2 * i + 1)} << 32);
    // (x * range) >> 64 by 32-bit limbs: x = xh 2^32 + xl, range = rh 2^32 + rl.
    const uint64_t xh = x >> 32, xl = x & 0xFFFFFFFFull, rh = range >> 32,
                   rl = range & 0xFFFFFFFFull;
    const uint64_t ll = xl * rl, lh = xl * rh, hl = xh * rl, hh = xh * rh;
    const uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFull) + (hl & 0xFFFFFFFFull);
    const uint64_t off = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    ASSERT_EQ(l[i], -5 + static_cast<int64_t>(off)) << i;
  }
  const o::Ctr c = counter();
  const o::Ctr want = o::add(base, (2 * n + 3) / 4);
  EXPECT_EQ(std::memcmp(c.w, want.w, 16), 0);
}

TEST_F(RandomNum, NormalAndTruncatedBitExact) {
  const o::Ctr base{{0, 0, 0, 0}};
  const uint64_t n = 777, seed = 42;
  for (auto f :
       {ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS}) {
    setCounter(base);
    auto t = task(ACL_FLOAT, f, n, seed, n * 4);
    t.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean = value(1.5f);
    t.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev = value(0.25f);
    const auto v = as<float>(run(t));
    for (uint64_t i = 0; i < n; ++i) {
      const float want = f == ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS
                             ? o::normal(base, seed, i, 1.5f, 0.25f)
                             : o::truncated(base, seed, i, 1.5f, 0.25f);
      ASSERT_EQ(v[i], want) << i;
    }
  }
}

// Kolmogorov-Smirnov distance of the sample against a CDF.
template <class Cdf>
double ksDistance(std::vector<double> x, Cdf cdf) {
  std::sort(x.begin(), x.end());
  double d = 0;
  const double n = static_cast<double>(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const double f = cdf(x[i]);
    d = std::max({d, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
  }
  return d;
}

double phi(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

TEST_F(RandomNum, DistributionsPassMeanVarianceAndKs) {
  const uint64_t n = 100000;
  // 99.9 % critical value of the KS distance: 1.95 / sqrt(n).
  const double ksLimit = 1.95 / std::sqrt(static_cast<double>(n));
  auto stats = [](const std::vector<double>& x, double* mean, double* var) {
    double s = 0, s2 = 0;
    for (double v : x) s += v;
    *mean = s / static_cast<double>(x.size());
    for (double v : x) s2 += (v - *mean) * (v - *mean);
    *var = s2 / static_cast<double>(x.size() - 1);
  };
  setCounter(o::Ctr{{0, 0, 0, 0}});
  auto t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, n, 2026, n * 4);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value(0.0f);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(1.0f);
  auto f = as<float>(run(t));
  std::vector<double> x(f.begin(), f.end());
  double m = 0, v = 0;
  stats(x, &m, &v);
  EXPECT_NEAR(m, 0.5, 5 * std::sqrt(1.0 / 12 / n));
  EXPECT_NEAR(v, 1.0 / 12, 0.01 / 12 * 5);
  EXPECT_LT(ksDistance(x, [](double u) { return std::clamp(u, 0.0, 1.0); }), ksLimit);

  t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, n, 2026, n * 4);
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean = value(3.0f);
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev = value(2.0f);
  f = as<float>(run(t));
  x.assign(f.begin(), f.end());
  stats(x, &m, &v);
  EXPECT_NEAR(m, 3.0, 5 * 2.0 / std::sqrt(n));
  EXPECT_NEAR(v, 4.0, 5 * 4.0 * std::sqrt(2.0 / n));
  EXPECT_LT(ksDistance(x, [](double y) { return phi((y - 3.0) / 2.0); }), ksLimit);

  t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS, n, 2026, n * 4);
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean = value(0.0f);
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev = value(1.0f);
  f = as<float>(run(t));
  x.assign(f.begin(), f.end());
  for (double y : x) ASSERT_LE(std::fabs(y), 2.0);
  stats(x, &m, &v);
  // The standard normal truncated to [-2, 2]: mean 0, variance 1 - 4 phi(2) / (2 Phi(2) - 1).
  const double z = phi(2.0) - phi(-2.0), pdf2 = std::exp(-2.0) / std::sqrt(2 * M_PI);
  EXPECT_NEAR(m, 0.0, 5 / std::sqrt(n));
  EXPECT_NEAR(v, 1.0 - 4.0 * pdf2 / z, 0.02);
  EXPECT_LT(ksDistance(x, [&](double y) { return (phi(y) - phi(-2.0)) / z; }), ksLimit);
}

TEST_F(RandomNum, ArgumentChecks) {
  setCounter(o::Ctr{{0, 0, 0, 0}});
  auto t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 16, 1, 64);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value(1.0f);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(1.0f);
  EXPECT_EQ(aclrtRandomNumAsync(nullptr, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtRandomNumAsync(&t, stream_, nullptr), ACL_ERROR_INVALID_PARAM);  // min == max
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(2.0f);
  int dummy = 0;
  EXPECT_EQ(aclrtRandomNumAsync(&t, stream_, &dummy), ACL_ERROR_INVALID_PARAM);  // reserve
  auto bad = t;
  bad.dataType = ACL_DOUBLE;
  EXPECT_EQ(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  bad = t;
  bad.randomNumFuncParaInfo.funcType = static_cast<aclrtRandomNumFuncType>(9);
  EXPECT_EQ(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  bad = t;
  bad.randomNum = value(uint64_t{17});  // 68 bytes > the 64 allocated
  EXPECT_EQ(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  bad = t;
  std::vector<float> host(16);
  bad.randomResultAddr = host.data();  // not device memory
  EXPECT_EQ(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  bad = t;
  bad.rsv[3] = 1;
  EXPECT_EQ(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  bad = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, 16, 1, 64);
  bad.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev = value(-1.0f);
  EXPECT_EQ(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  // Parameters by address: read when the task runs.
  void* seedDev = nullptr;
  ASSERT_EQ(aclrtMalloc(&seedDev, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const uint64_t seed = 20260725;
  ASSERT_EQ(aclrtMemcpy(seedDev, 8, &seed, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  setCounter(o::Ctr{{0, 0, 4, 0}});
  t = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 8, 0, 32);
  t.randomSeed.isAddr = 1;
  t.randomSeed.size = 8;
  std::memcpy(t.randomSeed.valueOrAddr, &seedDev, 8);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value(0.0f);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value(1.0f);
  const auto f = as<float>(run(t));
  EXPECT_EQ(f[0], o::unit(0xe1007001u));
  aclrtFree(seedDev);
}

}  // namespace
}  // namespace asctwin::testing
