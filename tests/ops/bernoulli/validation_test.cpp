// Parameter validation of the scalar-probability entry points in the spec's
// order (codes and messages), the path switch, and bad execute calls.
#include <cmath>
#include <cstdlib>
#include <limits>

#include "bernoulli_test_util.h"

namespace bt {
namespace {

constexpr int kNull = ACLNN_ERR_PARAM_NULLPTR;
constexpr int kInvalid = ACLNN_ERR_PARAM_INVALID;

struct Call {
  int status = 0;
  std::string message;
};

Call getWs(const aclTensor* self, const aclScalar* prob, int64_t offset, aclTensor* out,
           bool withWs = true, bool withEx = true) {
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  Call c;
  c.status = aclnnBernoulliGetWorkspaceSize(self, prob, 1, offset, out, withWs ? &ws : nullptr,
                                            withEx ? &ex : nullptr);
  c.message = recentError();
  if (c.status == 0) aclDestroyAclOpExecutor(ex);
  return c;
}

#define EXPECT_CALL_FAILS(call, code, fragment)                                      \
  do {                                                                               \
    Call c_ = (call);                                                                \
    EXPECT_EQ(c_.status, code) << #call << ": " << c_.message;                       \
    EXPECT_NE(c_.message.find(fragment), std::string::npos)                          \
        << #call << ": message '" << c_.message << "' lacks '" << (fragment) << "'"; \
  } while (0)

class BernoulliValidation : public BernoulliTest {
 protected:
  void SetUp() override {
    BernoulliTest::SetUp();
    self_ = std::make_unique<DevTensor>(Spec{ACL_FLOAT, {4, 8}, {}, 0, {}});
    out_ = std::make_unique<DevTensor>(Spec{ACL_FLOAT, {4, 8}, {}, 0, {}});
    prob_ = makeScalar(ACL_FLOAT, 0.5);
  }
  void TearDown() override {
    aclDestroyScalar(prob_);
    BernoulliTest::TearDown();
  }
  std::unique_ptr<DevTensor> self_, out_;
  aclScalar* prob_ = nullptr;
};

TEST_F(BernoulliValidation, NullPointersInOrder) {
  EXPECT_CALL_FAILS(getWs(nullptr, nullptr, 6, nullptr, false, false), kNull, "workspaceSize");
  EXPECT_CALL_FAILS(getWs(nullptr, nullptr, 6, nullptr, true, false), kNull, "executor");
  EXPECT_CALL_FAILS(getWs(nullptr, nullptr, 6, nullptr), kNull, "self must not be null");
  EXPECT_CALL_FAILS(getWs(self_->get(), nullptr, 6, nullptr), kNull, "prob must not be null");
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, 6, nullptr), kNull, "out must not be null");
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnInplaceBernoulliGetWorkspaceSize(nullptr, prob_, 0, 0, &ws, &ex), kNull);
  EXPECT_NE(recentError().find("selfRef must not be null"), std::string::npos) << recentError();
  EXPECT_NE(recentError().find("aclnnInplaceBernoulliGetWorkspaceSize"), std::string::npos);
}

TEST_F(BernoulliValidation, DtypesBeforeProbValue) {
  DevTensor u16(Spec{ACL_UINT16, {4, 8}, {}, 0, {}});
  aclScalar* nanProb = makeScalar(ACL_FLOAT, std::nan(""));
  // dtype (step 2) wins over the prob value (step 3) and the offset (step 6)
  EXPECT_CALL_FAILS(getWs(u16.get(), nanProb, 6, u16.get()), kInvalid, "ACL_UINT16");
  aclScalar* intProb = makeScalar(ACL_INT32, 0);
  EXPECT_CALL_FAILS(getWs(self_->get(), intProb, 6, out_->get()), kInvalid,
                    "prob dtype must be one of");
  DevTensor f16(Spec{ACL_FLOAT16, {4, 8}, {}, 0, {}});
  EXPECT_CALL_FAILS(getWs(self_->get(), nanProb, 6, f16.get()), kInvalid, "out dtype ACL_FLOAT16");
  aclDestroyScalar(nanProb);
  aclDestroyScalar(intProb);
}

TEST_F(BernoulliValidation, ProbMustBeFiniteWithinUnitInterval) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double p : {-0.001, 1.001, std::nan(""), inf, -inf}) {
    for (aclDataType pd : kProbDtypes) {
      const double seen = probAs(pd, p);
      if (seen >= 0.0 && seen <= 1.0) continue;  // e.g. 1.001 is 1.0 in BF16
      aclScalar* s = makeScalar(pd, p);
      ASSERT_NE(s, nullptr);
      // the prob value (step 3) wins over the shape (4) and the offset (6)
      DevTensor other(Spec{ACL_FLOAT, {3}, {}, 0, {}});
      EXPECT_CALL_FAILS(getWs(self_->get(), s, 6, other.get()), kInvalid,
                        "prob must be finite and within [0, 1]");
      aclDestroyScalar(s);
    }
  }
  aclScalar* edge = makeScalar(ACL_DOUBLE, 1.0);
  EXPECT_EQ(getWs(self_->get(), edge, 0, out_->get()).status, 0);
  aclDestroyScalar(edge);
}

TEST_F(BernoulliValidation, RankAndShape) {
  const std::vector<int64_t> nine(9, 1);
  DevTensor r9(Spec{ACL_FLOAT, nine, {}, 0, {}});
  EXPECT_CALL_FAILS(getWs(r9.get(), prob_, 6, r9.get()), kInvalid, "rank must be at most 8, got 9");
  DevTensor other(Spec{ACL_FLOAT, {8, 4}, {}, 0, {}});
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, 6, other.get()), kInvalid,
                    "self shape [4, 8] and out shape [8, 4] must be equal");
}

TEST_F(BernoulliValidation, PrivateFormats) {
  const int64_t dims[] = {1, 1, 4, 4, 16};
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 256 * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  for (aclFormat f : {ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_NC1HWC0_C04,
                      ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NDC1HWC0, ACL_FRACTAL_Z_3D}) {
    aclTensor* t = aclCreateTensor(dims, 5, ACL_FLOAT, nullptr, 0, f, dims, 5, dev);
    ASSERT_NE(t, nullptr);
    DevTensor plain(Spec{ACL_FLOAT, {1, 1, 4, 4, 16}, {}, 0, {}});
    EXPECT_CALL_FAILS(getWs(t, prob_, 6, plain.get()), kInvalid, "private format");
    EXPECT_CALL_FAILS(getWs(plain.get(), prob_, 6, t), kInvalid, "out format must not be");
    aclDestroyTensor(t);
  }
  aclrtFree(dev);
}

TEST_F(BernoulliValidation, OffsetMustBeAMultipleOfFour) {
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, 6, out_->get()), kInvalid,
                    "offset must be a multiple of 4, got 6");
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, -2, out_->get()), kInvalid,
                    "offset must be a multiple of 4, got -2");
  for (int64_t ok : {0, 4, 8, -4}) EXPECT_EQ(getWs(self_->get(), prob_, ok, out_->get()).status, 0);
}

TEST_F(BernoulliValidation, OutputStorageRules) {
  const int64_t dims[] = {4, 8};
  aclTensor* noData =
      aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, nullptr);
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, 0, noData), kNull, "out has no data");
  std::vector<float> host(32);
  aclTensor* onHost =
      aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, host.data());
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, 0, onHost), kInvalid, "device memory");
  DevTensor bcast(Spec{ACL_FLOAT, {4, 8}, {0, 1}, 0, {8}});
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, 0, bcast.get()), kInvalid, "stride 0");
  aclDestroyTensor(noData);
  aclDestroyTensor(onHost);
}

TEST_F(BernoulliValidation, PathSwitch) {
  int path = -1;
  EXPECT_EQ(asctwinBernoulliGetPath(&path), 0);
  EXPECT_EQ(path, ASCTWIN_BERNOULLI_PATH_ENV);
  EXPECT_EQ(asctwinBernoulliSetPath(7), kInvalid);
  EXPECT_EQ(asctwinBernoulliGetPath(nullptr), kNull);
  asctwinBernoulliPlanInfo info;
  EXPECT_EQ(asctwinBernoulliGetLastPlan(nullptr), kNull);
  EXPECT_STREQ(asctwinBernoulliPlanName(ASCTWIN_BERNOULLI_PLAN_ALIAS), "alias");
  EXPECT_STREQ(asctwinBernoulliPlanName(99), "unknown");

  const char* saved = std::getenv("ASCTWIN_BERNOULLI_PATH");
  const std::string savedValue = saved ? saved : "";
  ASSERT_EQ(setenv("ASCTWIN_BERNOULLI_PATH", "legacy", 1), 0);
  EXPECT_EQ(getWs(self_->get(), prob_, 0, out_->get()).status, 0);
  EXPECT_EQ(asctwinBernoulliGetLastPlan(&info), 0);
  EXPECT_EQ(info.plan, ASCTWIN_BERNOULLI_PLAN_LEGACY);
  ASSERT_EQ(setenv("ASCTWIN_BERNOULLI_PATH", "new", 1), 0);
  EXPECT_EQ(getWs(self_->get(), prob_, 0, out_->get()).status, 0);
  EXPECT_EQ(asctwinBernoulliGetLastPlan(&info), 0);
  EXPECT_EQ(info.plan, ASCTWIN_BERNOULLI_PLAN_ALIAS);
  ASSERT_EQ(setenv("ASCTWIN_BERNOULLI_PATH", "fast", 1), 0);
  EXPECT_CALL_FAILS(getWs(self_->get(), prob_, 0, out_->get()), kInvalid,
                    "ASCTWIN_BERNOULLI_PATH must be \"new\" or \"legacy\", got \"fast\"");
  // a thread setting overrides the environment
  EXPECT_EQ(asctwinBernoulliSetPath(ASCTWIN_BERNOULLI_PATH_LEGACY), 0);
  EXPECT_EQ(getWs(self_->get(), prob_, 0, out_->get()).status, 0);
  if (saved)
    setenv("ASCTWIN_BERNOULLI_PATH", savedValue.c_str(), 1);
  else
    unsetenv("ASCTWIN_BERNOULLI_PATH");
}

TEST_F(BernoulliValidation, BadExecuteCalls) {
  EXPECT_EQ(aclnnBernoulli(nullptr, 0, nullptr, stream()), kNull);
  EXPECT_NE(recentError().find("executor must not be null"), std::string::npos);
  // a fallback plan needs workspace
  DevTensor off(Spec{ACL_FLOAT, {40}, {1}, 3, {64}});
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnInplaceBernoulliGetWorkspaceSize(off.get(), prob_, 0, 0, &ws, &ex), 0);
  ASSERT_GT(ws, 0u);
  void* buf = nullptr;
  ASSERT_EQ(aclrtMalloc(&buf, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclnnInplaceBernoulli(buf, ws - 1, ex, stream()), kInvalid);
  EXPECT_NE(recentError().find("smaller than"), std::string::npos) << recentError();
  EXPECT_EQ(aclnnInplaceBernoulli(nullptr, ws, ex, stream()), kNull);
  std::vector<uint8_t> host(ws);
  EXPECT_EQ(aclnnInplaceBernoulli(host.data(), ws, ex, stream()), kInvalid);
  // still alive after rejected calls: runs now, then is consumed
  EXPECT_EQ(aclnnInplaceBernoulli(buf, ws, ex, stream()), 0) << recentError();
  EXPECT_EQ(aclrtSynchronizeStream(stream()), 0) << recentError();
  EXPECT_EQ(aclnnInplaceBernoulli(buf, ws, ex, stream()), kInvalid);
  aclrtFree(buf);
  // the guard bytes around the view are intact
  const std::vector<uint8_t> bytes = off.download();
  for (size_t k = 0; k < 12; ++k) EXPECT_EQ(bytes[k], kGuard);
  for (size_t k = 43 * 4; k < bytes.size(); ++k) EXPECT_EQ(bytes[k], kGuard);
}

TEST_F(BernoulliValidation, ExecutorCanBeDestroyedUnexecuted) {
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnBernoulliGetWorkspaceSize(self_->get(), prob_, 0, 0, out_->get(), &ws, &ex), 0);
  EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
  for (uint8_t v : out_->download()) ASSERT_EQ(v, kGuard);
}

}  // namespace
}  // namespace bt
