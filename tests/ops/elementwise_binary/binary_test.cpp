// aclnnAdd / aclnnMul (and in place) through the C API against a scalar
// reference of the documented rules: broadcast, promotion, alpha, the cast
// into out's type; validation codes and messages.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "acl/dtype.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"
#include "ops/fixtures/device_tensor.h"

namespace asctwin::testing {
namespace {

// A dense device tensor holding host bytes (or guard bytes for null).
struct DevTensor : opstest::DeviceTensor {
  DevTensor(std::vector<int64_t> shape, aclDataType dt, const void* host)
      : opstest::DeviceTensor(dt, std::move(shape), host) {}
  aclTensor* const t = get();
};

class Binary : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_NE(opstest::Runtime::stream(), nullptr); }
  int add(const DevTensor& a, const DevTensor& b, aclScalar* alpha, const DevTensor& out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int rc = aclnnAddGetWorkspaceSize(a.t, b.t, alpha, out.t, &ws, &ex);
    if (rc != 0) return rc;
    EXPECT_EQ(ws, 0u);
    rc = aclnnAdd(nullptr, 0, ex, opstest::Runtime::stream());
    if (rc != 0) return rc;
    rc = aclrtSynchronizeStream(opstest::Runtime::stream());
    if (rc != 0) ADD_FAILURE() << aclGetRecentErrMsg();
    return rc;
  }
  int mul(const DevTensor& a, const DevTensor& b, const DevTensor& out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int rc = aclnnMulGetWorkspaceSize(a.t, b.t, out.t, &ws, &ex);
    if (rc != 0) return rc;
    rc = aclnnMul(nullptr, 0, ex, opstest::Runtime::stream());
    if (rc != 0) return rc;
    return aclrtSynchronizeStream(opstest::Runtime::stream());
  }
};

TEST_F(Binary, AddBroadcastsWithAlphaInFloat) {
  // self [2,3] + 1.5 * other [3] -> [2,3]; computed in float: a + alpha * b.
  std::vector<float> a = {1, 2, 3, 4, 5, 6}, b = {0.1f, -2.0f, 10.0f};
  DevTensor ta({2, 3}, ACL_FLOAT, a.data()), tb({3}, ACL_FLOAT, b.data()),
      to({2, 3}, ACL_FLOAT, nullptr);
  float alpha = 1.5f;
  aclScalar* s = aclCreateScalar(&alpha, ACL_FLOAT);
  ASSERT_EQ(add(ta, tb, s, to), 0) << aclGetRecentErrMsg();
  const auto r = to.read<float>();
  for (int i = 0; i < 6; ++i) EXPECT_EQ(r[i], a[i] + alpha * b[i % 3]) << i;
  aclDestroyScalar(s);
}

TEST_F(Binary, PromotionAndCastToOut) {
  // FP16 + FLOAT promotes to FLOAT; written into an FP16 out (floating into
  // floating) it is rounded to nearest even.
  std::vector<uint16_t> a = {acl::floatToHalf(1.5f), acl::floatToHalf(-3.25f)};
  std::vector<float> b = {0.1f, 1e-3f};
  DevTensor ta({2}, ACL_FLOAT16, a.data()), tb({2}, ACL_FLOAT, b.data()),
      to({2}, ACL_FLOAT16, nullptr);
  float one = 1.0f;
  aclScalar* s = aclCreateScalar(&one, ACL_FLOAT);
  ASSERT_EQ(add(ta, tb, s, to), 0) << aclGetRecentErrMsg();
  const auto r = to.read<uint16_t>();
  EXPECT_EQ(r[0], acl::floatToHalf(1.5f + 0.1f));
  EXPECT_EQ(r[1], acl::floatToHalf(-3.25f + 1e-3f));
  aclDestroyScalar(s);
  // INT8 * UINT8 -> INT16 (wraps in the integer width of out).
  std::vector<int8_t> c = {-100, 7, 127};
  std::vector<uint8_t> d = {200, 3, 2};
  DevTensor tc({3}, ACL_INT8, c.data()), td({3}, ACL_UINT8, d.data()), ti({3}, ACL_INT16, nullptr);
  ASSERT_EQ(mul(tc, td, ti), 0) << aclGetRecentErrMsg();
  const auto ri = ti.read<int16_t>();
  EXPECT_EQ(ri[0], static_cast<int16_t>(-100 * 200));
  EXPECT_EQ(ri[1], 21);
  EXPECT_EQ(ri[2], 254);
  // BOOL + BOOL is the logical or, BOOL * BOOL the logical and.
  std::vector<uint8_t> p = {0, 1, 0, 1}, q = {0, 0, 1, 1};
  DevTensor tp({4}, ACL_BOOL, p.data()), tq({4}, ACL_BOOL, q.data()), tor({4}, ACL_BOOL, nullptr),
      tand({4}, ACL_BOOL, nullptr);
  bool yes = true;
  aclScalar* bs = aclCreateScalar(&yes, ACL_BOOL);
  ASSERT_EQ(add(tp, tq, bs, tor), 0) << aclGetRecentErrMsg();
  ASSERT_EQ(mul(tp, tq, tand), 0) << aclGetRecentErrMsg();
  EXPECT_EQ(tor.read<uint8_t>(), (std::vector<uint8_t>{0, 1, 1, 1}));
  EXPECT_EQ(tand.read<uint8_t>(), (std::vector<uint8_t>{0, 0, 0, 1}));
  aclDestroyScalar(bs);
}

TEST_F(Binary, IntegerAddWithAlphaAndInPlace) {
  std::vector<int32_t> a = {1, -2, 3, 4}, b = {10, 20, 30, 40};
  DevTensor ta({2, 2}, ACL_INT32, a.data()), tb({2, 1}, ACL_INT32, b.data());
  int64_t alpha = -3;
  aclScalar* s = aclCreateScalar(&alpha, ACL_INT64);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnInplaceAddGetWorkspaceSize(ta.t, tb.t, s, &ws, &ex), 0) << aclGetRecentErrMsg();
  ASSERT_EQ(aclnnInplaceAdd(nullptr, 0, ex, opstest::Runtime::stream()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(opstest::Runtime::stream()), 0);
  EXPECT_EQ(ta.read<int32_t>(), (std::vector<int32_t>{1 - 30, -2 - 30, 3 - 60, 4 - 60}));
  aclDestroyScalar(s);
}

TEST_F(Binary, Validation) {
  std::vector<float> a(6, 1.0f);
  DevTensor t23({2, 3}, ACL_FLOAT, a.data()), t4({4}, ACL_FLOAT, a.data()),
      t33({3, 3}, ACL_FLOAT, nullptr);
  DevTensor ti({2, 3}, ACL_INT32, nullptr), tf({2, 3}, ACL_FLOAT, nullptr);
  float one = 1.0f;
  aclScalar* s = aclCreateScalar(&one, ACL_FLOAT);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnAddGetWorkspaceSize(nullptr, t23.t, s, tf.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnAddGetWorkspaceSize(t23.t, t23.t, nullptr, tf.t, &ws, &ex),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnAddGetWorkspaceSize(t23.t, t4.t, s, tf.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("do not broadcast"), std::string::npos);
  EXPECT_EQ(aclnnAddGetWorkspaceSize(t23.t, t23.t, s, t33.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("broadcast shape"), std::string::npos);
  // FLOAT results cannot go into an INT32 out.
  EXPECT_EQ(aclnnMulGetWorkspaceSize(t23.t, t23.t, ti.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("cannot be cast"), std::string::npos);
  // A floating alpha with integral operands.
  std::vector<int32_t> iv(6, 2);
  DevTensor ia({2, 3}, ACL_INT32, iv.data());
  EXPECT_EQ(aclnnAddGetWorkspaceSize(ia.t, ia.t, s, ti.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("alpha is floating"), std::string::npos);
  // A host pointer as storage.
  std::vector<int64_t> shape{6};
  aclTensor* host = aclCreateTensor(shape.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                                    shape.data(), 1, a.data());
  DevTensor t6({6}, ACL_FLOAT, nullptr);
  EXPECT_EQ(aclnnMulGetWorkspaceSize(host, t6.t, t6.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  aclDestroyTensor(host);
  aclDestroyScalar(s);
}

}  // namespace
}  // namespace asctwin::testing
