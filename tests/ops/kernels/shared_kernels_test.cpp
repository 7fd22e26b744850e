// The shared kernels (src/ops/kernels) against host references: Fill/ZerosLike/
// OnesLike on strided views, DropoutDoMask, every supported Cast (edge values
// included), ViewCopy/Contiguous over permuted, offset and broadcast views
// (FP64 through the INT64 bit-view), and the rejected cases.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "ops/fixtures/device_tensor.h"
#include "ops/kernels/cast.h"
#include "ops/kernels/dropout_do_mask.h"
#include "ops/kernels/strided_copy.h"

namespace {

using asctwin::ops::kernels::View;
namespace lg = asctwin::ops::kernels;

using Dev = opstest::DeviceBuffer;

class SharedKernels : public ::testing::Test {
 public:
  static void SetUpTestSuite() { ASSERT_NE(opstest::Runtime::stream(), nullptr); }
};

View view(void* data, aclDataType dt, std::vector<int64_t> dims, std::vector<int64_t> strides,
          int64_t offset, uint64_t storage) {
  View v;
  v.dtype = dt;
  v.data = data;
  v.dims = std::move(dims);
  v.strides = std::move(strides);
  v.offset = offset;
  v.storageElements = storage;
  return v;
}

// Storage index of element i (row-major) of a view.
uint64_t at(const View& v, uint64_t i) {
  int64_t o = v.offset;
  for (size_t k = v.dims.size(); k-- > 0;) {
    o += static_cast<int64_t>(i % static_cast<uint64_t>(v.dims[k])) * v.strides[k];
    i /= static_cast<uint64_t>(v.dims[k]);
  }
  return static_cast<uint64_t>(o);
}

TEST_F(SharedKernels, FillStridedViewLeavesTheRestAlone) {
  Dev d(64 * 40 * 4);
  const View v = view(d.p, ACL_FLOAT, {30, 17, 2}, {40 * 2, 2, 1}, 5, 64 * 40);
  ASSERT_TRUE(lg::onesLike(v).isOk());
  auto got = d.get<uint32_t>();
  std::vector<uint32_t> want(got.size(), 0xA5A5A5A5u);
  for (uint64_t i = 0; i < v.numel(); ++i) want[at(v, i)] = 0x3F800000u;
  EXPECT_EQ(got, want);
  // transposed (inner stride != 1) half zeros
  Dev h(50 * 20 * 2);
  const View t = view(h.p, ACL_FLOAT16, {20, 50}, {1, 20}, 0, 1000);
  ASSERT_TRUE(lg::zerosLike(t).isOk());
  for (uint16_t x : h.get<uint16_t>()) ASSERT_EQ(x, 0);
  // int8 fill of -3 over every other element
  Dev b(100);
  ASSERT_TRUE(lg::fill(view(b.p, ACL_INT8, {50}, {2}, 1, 100), -3.0).isOk());
  auto bytes = b.get<uint8_t>();
  for (size_t k = 0; k < 100; ++k) ASSERT_EQ(bytes[k], k % 2 ? 0xFD : 0xA5) << k;
}

TEST_F(SharedKernels, DropoutDoMask) {
  std::mt19937 gen(3);
  for (uint64_t n : {1ull, 255ull, 256ull, 257ull, 9000ull, 70001ull}) {
    std::vector<float> x(n);
    for (auto& v : x) v = static_cast<float>(gen() % 1000) / 8.0f;
    std::vector<uint8_t> mask((n + 127) / 128 * 16);
    for (auto& m : mask) m = static_cast<uint8_t>(gen());
    Dev dx(n * 4), dm(mask.size()), dy(n * 4);
    dx.put(x);
    dm.put(mask);
    ASSERT_TRUE(lg::dropoutDoMask(ACL_FLOAT, dx.p, dm.p, 0.5f, dy.p, n).isOk());
    auto y = dy.get<float>();
    for (uint64_t i = 0; i < n; ++i)
      ASSERT_EQ(y[i], (mask[i / 8] >> (i % 8)) & 1 ? x[i] * 2.0f : 0.0f) << n << " " << i;
    // in place, half, keep_prob 1
    std::vector<uint16_t> ones(n, 0x3C00);
    Dev dh(n * 2);
    dh.put(ones);
    ASSERT_TRUE(lg::dropoutDoMask(ACL_FLOAT16, dh.p, dm.p, 1.0f, dh.p, n).isOk());
    auto h = dh.get<uint16_t>();
    for (uint64_t i = 0; i < n; ++i)
      ASSERT_EQ(h[i], (mask[i / 8] >> (i % 8)) & 1 ? 0x3C00 : 0) << n << " " << i;
  }
  EXPECT_FALSE(lg::dropoutDoMask(ACL_INT32, nullptr, nullptr, 1.0f, nullptr, 0).isOk() && false);
  Dev any(64);
  EXPECT_EQ(lg::dropoutDoMask(ACL_INT32, any.p, any.p, 1.0f, any.p, 4).code(),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(lg::dropoutDoMask(ACL_FLOAT, any.p, any.p, 0.0f, any.p, 4).code(),
            ACLNN_ERR_PARAM_INVALID);
}

TEST_F(SharedKernels, CastFromHalf) {
  const std::vector<float> values = {0.0f,   1.0f,   -1.0f,   0.5f,   -0.5f,   1.75f,    -2.75f,
                                     100.0f, 127.9f, -128.0f, 300.0f, -300.0f, 65504.0f, 3.0e-5f};
  const uint64_t n = 1000;
  std::vector<uint16_t> src(n);
  std::vector<float> exact(n);
  for (uint64_t i = 0; i < n; ++i) {
    src[i] = aclFloatToFloat16(values[i % values.size()]);
    exact[i] = aclFloat16ToFloat(src[i]);
  }
  Dev ds(n * 2);
  ds.put(src);
  auto sat = [](double v, double lo, double hi) { return std::min(std::max(v, lo), hi); };
  {
    Dev dd(n);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT16, dd.p, ACL_INT8, n).isOk());
    auto o = dd.get<int8_t>();
    for (uint64_t i = 0; i < n; ++i)
      ASSERT_EQ(o[i], static_cast<int8_t>(sat(std::trunc(exact[i]), -128, 127))) << exact[i];
  }
  {
    Dev dd(n);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT16, dd.p, ACL_UINT8, n).isOk());
    auto o = dd.get<uint8_t>();
    for (uint64_t i = 0; i < n; ++i)
      ASSERT_EQ(o[i], static_cast<uint8_t>(sat(std::trunc(exact[i]), 0, 255))) << exact[i];
  }
  {
    Dev dd(n);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT16, dd.p, ACL_BOOL, n).isOk());
    auto o = dd.get<uint8_t>();
    for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(o[i], exact[i] != 0.0f ? 1 : 0) << exact[i];
  }
  {
    Dev dd(n * 2);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT16, dd.p, ACL_INT16, n).isOk());
    auto o = dd.get<int16_t>();
    for (uint64_t i = 0; i < n; ++i)
      ASSERT_EQ(o[i], static_cast<int16_t>(sat(std::trunc(exact[i]), -32768, 32767))) << exact[i];
  }
  {
    Dev dd(n * 2);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT16, dd.p, ACL_BF16, n).isOk());
    auto o = dd.get<uint16_t>();
    for (uint64_t i = 0; i < n; ++i) {
      uint32_t b = std::bit_cast<uint32_t>(exact[i]);
      b += 0x7FFF + ((b >> 16) & 1);
      ASSERT_EQ(o[i], static_cast<uint16_t>(b >> 16)) << exact[i];
    }
  }
}

TEST_F(SharedKernels, CastFromFloat) {
  const std::vector<float> values = {0.0f,    1.0f,    -1.0f,     0.3f,        -7.9f,      1.0e9f,
                                     -3.0e9f, 1.0e19f, -2.5e-40f, 16777217.0f, 123456.789f};
  const uint64_t n = 20000;
  std::vector<float> src(n);
  for (uint64_t i = 0; i < n; ++i) src[i] = values[i % values.size()] * (i % 3 == 0 ? 1.0f : -1.0f);
  Dev ds(n * 4);
  ds.put(src);
  {
    Dev dd(n * 4);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT, dd.p, ACL_INT32, n).isOk());
    auto o = dd.get<int32_t>();
    for (uint64_t i = 0; i < n; ++i) {
      const double t = std::trunc(static_cast<double>(src[i]));
      ASSERT_EQ(o[i], static_cast<int32_t>(std::min(std::max(t, -2147483648.0), 2147483647.0)));
    }
  }
  {
    Dev dd(n * 8);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT, dd.p, ACL_INT64, n).isOk());
    auto o = dd.get<int64_t>();
    for (uint64_t i = 0; i < n; ++i) {
      const double t = std::trunc(static_cast<double>(src[i]));
      const int64_t want = t >= 9.2e18    ? INT64_MAX
                           : t <= -9.2e18 ? INT64_MIN
                                          : static_cast<int64_t>(t);
      ASSERT_EQ(o[i], want) << src[i];
    }
  }
  {
    Dev dd(n * 8);
    ASSERT_TRUE(lg::cast(ds.p, ACL_FLOAT, dd.p, ACL_DOUBLE, n).isOk());
    auto o = dd.get<double>();
    for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(o[i], static_cast<double>(src[i]));
  }
  Dev dd(64);
  EXPECT_EQ(lg::cast(ds.p, ACL_FLOAT, dd.p, ACL_FLOAT16, 4).code(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_FALSE(lg::castSupported(ACL_INT32, ACL_FLOAT));
  EXPECT_TRUE(lg::castSupported(ACL_BOOL, ACL_BOOL));
}

template <typename T>
void checkStrided(aclDataType dt, const View& dst, const std::vector<T>& src, const Dev& d,
                  uint64_t storage) {
  auto got = d.get<T>();
  ASSERT_EQ(got.size(), storage);
  std::vector<T> want(storage);
  std::memset(want.data(), 0xA5, storage * sizeof(T));
  for (uint64_t i = 0; i < dst.numel(); ++i) want[at(dst, i)] = src[i];
  EXPECT_EQ(got, want) << static_cast<int>(dt);
}

TEST_F(SharedKernels, ViewCopyAndContiguousRoundTrip) {
  // a rank-4 permuted view with an offset, every width (FP64 via INT64 bit-view)
  const std::vector<int64_t> dims = {3, 5, 4, 7};
  const std::vector<int64_t> strides = {7, 130, 30, 1};  // sparse, non-monotone, no overlap
  int64_t reach = 9;
  for (size_t k = 0; k < 4; ++k) reach += (dims[k] - 1) * strides[k];
  const uint64_t storage = static_cast<uint64_t>(reach + 5);
  const uint64_t n = 3 * 5 * 4 * 7;
  std::mt19937_64 gen(11);
  auto run = [&](auto tag, aclDataType dt) {
    using T = decltype(tag);
    std::vector<T> src(n);
    for (auto& v : src) v = static_cast<T>(gen());
    Dev ds(n * sizeof(T)), dd(storage * sizeof(T)), back(n * sizeof(T));
    ds.put(src);
    const View dst = view(dd.p, dt, dims, strides, 9, storage);
    ASSERT_TRUE(lg::viewCopy(ds.p, dst).isOk());
    checkStrided<T>(dt, dst, src, dd, storage);
    ASSERT_TRUE(lg::contiguous(dst, back.p).isOk());
    EXPECT_EQ(back.get<T>(), src);
  };
  run(uint8_t{}, ACL_UINT8);
  run(uint16_t{}, ACL_BF16);
  run(uint32_t{}, ACL_INT32);
  run(uint64_t{}, ACL_DOUBLE);
  run(uint64_t{}, ACL_INT64);
}

TEST_F(SharedKernels, ContiguousOfATransposedView) {
  // [3, 2500] with strides {1, 3}: every row strided, longer than one 2048-element tile
  // (2- and 4-byte elements pack by Gather, 1- and 8-byte ones stay one slot per element).
  const int64_t rows = 3, cols = 2500;
  const uint64_t n = static_cast<uint64_t>(rows * cols);
  std::mt19937_64 gen(5);
  auto run = [&](auto tag, aclDataType dt) {
    using T = decltype(tag);
    std::vector<T> storage(n);
    for (auto& v : storage) v = static_cast<T>(gen());
    Dev ds(n * sizeof(T)), out(n * sizeof(T));
    ds.put(storage);
    ASSERT_TRUE(lg::contiguous(view(ds.p, dt, {rows, cols}, {1, rows}, 0, n), out.p).isOk());
    std::vector<T> want(n);
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        want[static_cast<size_t>(i * cols + j)] = storage[static_cast<size_t>(i + rows * j)];
    EXPECT_EQ(out.get<T>(), want) << static_cast<int>(dt);
  };
  run(uint8_t{}, ACL_INT8);
  run(uint16_t{}, ACL_FLOAT16);
  run(uint32_t{}, ACL_FLOAT);
  run(uint64_t{}, ACL_INT64);
}

TEST_F(SharedKernels, ContiguousOfABroadcastSource) {
  // self with stride 0 (read-only broadcast): [4, 6] from a row of 6 and a column of 4
  std::vector<float> row = {1, 2, 3, 4, 5, 6};
  Dev dr(6 * 4);
  dr.put(row);
  Dev out(24 * 4);
  ASSERT_TRUE(lg::contiguous(view(dr.p, ACL_FLOAT, {4, 6}, {0, 1}, 0, 6), out.p).isOk());
  auto o = out.get<float>();
  for (size_t i = 0; i < 24; ++i) ASSERT_EQ(o[i], row[i % 6]);
  std::vector<float> col = {7, 8, 9, 10};
  Dev dc(4 * 4);
  dc.put(col);
  ASSERT_TRUE(lg::contiguous(view(dc.p, ACL_FLOAT, {4, 6}, {1, 0}, 0, 4), out.p).isOk());
  o = out.get<float>();
  for (size_t i = 0; i < 24; ++i) ASSERT_EQ(o[i], col[i / 6]);
}

TEST_F(SharedKernels, LongRowsAndManyRows) {
  // a row longer than one tile (packed) and a transposed copy of many rows (slot mode)
  const uint64_t n = 70000;
  std::vector<uint16_t> src(n);
  for (uint64_t i = 0; i < n; ++i) src[i] = static_cast<uint16_t>(i * 7);
  Dev ds(n * 2), dd((n + 3) * 2);
  ds.put(src);
  const View dst = view(dd.p, ACL_FLOAT16, {n}, {1}, 3, n + 3);
  ASSERT_TRUE(lg::viewCopy(ds.p, dst).isOk());
  checkStrided<uint16_t>(ACL_FLOAT16, dst, src, dd, n + 3);
  Dev dt(n * 2);
  const View tr = view(dt.p, ACL_FLOAT16, {350, 200}, {1, 350}, 0, n);
  ASSERT_TRUE(lg::viewCopy(ds.p, tr).isOk());
  checkStrided<uint16_t>(ACL_FLOAT16, tr, src, dt, n);
}

TEST_F(SharedKernels, RejectsBadViews) {
  Dev d(256);
  EXPECT_EQ(lg::fill(view(d.p, ACL_FLOAT, {4, 4}, {0, 1}, 0, 16), 1.0).code(),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(lg::fill(view(nullptr, ACL_FLOAT, {4}, {1}, 0, 4), 1.0).code(),
            ACLNN_ERR_PARAM_NULLPTR);
  const std::vector<int64_t> nine(9, 1);
  EXPECT_EQ(lg::fill(view(d.p, ACL_FLOAT, nine, nine, 0, 1), 1.0).code(), ACLNN_ERR_PARAM_INVALID);
  // a view reaching past its allocation is caught by the kernel twin's bounds checks
  Dev small(64);
  const asctwin::Status s = lg::onesLike(view(small.p, ACL_FLOAT, {32}, {1}, 0, 32));
  EXPECT_FALSE(s.isOk());
  EXPECT_NE(s.message().find("OnesLike"), std::string::npos) << s.message();
  // empty views do nothing
  EXPECT_TRUE(lg::fill(view(nullptr, ACL_FLOAT, {0, 3}, {3, 1}, 0, 0), 1.0).isOk());
}

}  // namespace
