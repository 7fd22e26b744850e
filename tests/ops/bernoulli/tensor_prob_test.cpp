// The tensor-probability operators: broadcasting, the four prob dtypes,
// equality with the scalar path where prob is constant, probabilities checked
// when the operator runs (a stream error, nothing written), validation.
#include <cmath>
#include <random>

#include "bernoulli_test_util.h"

namespace bt {
namespace {

// prob values encoded in `dt`; returns the values the operator will see.
std::vector<double> uploadProbs(DevTensor& t, const std::vector<double>& values) {
  const aclDataType dt = t.spec().dtype;
  std::vector<uint8_t> bytes(values.size() * widthOf(dt));
  std::vector<double> seen(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    uint8_t* at = bytes.data() + i * widthOf(dt);
    seen[i] = probAs(dt, values[i]);
    if (dt == ACL_FLOAT16) {
      const uint16_t h = aclFloatToFloat16(static_cast<float>(values[i]));
      std::memcpy(at, &h, 2);
    } else if (dt == ACL_BF16) {
      const float f = static_cast<float>(seen[i]);
      const uint16_t h = static_cast<uint16_t>(std::bit_cast<uint32_t>(f) >> 16);
      std::memcpy(at, &h, 2);
    } else if (dt == ACL_FLOAT) {
      const float f = static_cast<float>(values[i]);
      std::memcpy(at, &f, 4);
    } else {
      std::memcpy(at, &values[i], 8);
    }
  }
  t.upload(bytes.data(), bytes.size());
  return seen;
}

TEST_F(BernoulliTest, TensorProbBroadcastsEveryProbDtype) {
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  for (aclDataType pd : kProbDtypes) {
    for (aclDataType dt : {ACL_FLOAT, ACL_INT8, ACL_DOUBLE}) {
      DevTensor self(Spec{dt, {3, 4, 5, 8}, {}, 0, {}});
      DevTensor out(Spec{dt, {3, 4, 5, 8}, {}, 0, {}});
      DevTensor prob(Spec{pd, {4, 1, 8}, {}, 0, {}});
      std::vector<double> values(32);
      for (double& v : values) v = uni(gen);
      values[0] = 0.0;
      values[1] = 1.0;
      const std::vector<double> seen = uploadProbs(prob, values);
      RunResult r = runTensor(self.get(), prob.get(), 99, 8, out.get());
      ASSERT_EQ(r.getStatus, 0) << r.error;
      EXPECT_EQ(r.workspace, 0u);
      EXPECT_EQ(r.plan.plan, ASCTWIN_BERNOULLI_PLAN_TENSOR);
      ASSERT_EQ(r.syncStatus, 0) << r.error;
      std::vector<uint8_t> bits(out.numel());
      for (uint64_t i = 0; i < bits.size(); ++i) {
        const uint64_t c = i % 8, b = (i / 40) % 4;  // index into prob [4, 1, 8]
        bits[i] = oracleBitOfWord(oracleWord(99, 8, i), seen[b * 8 + c]);
      }
      EXPECT_EQ(expectMatchesOracle(out, out.download(), bits, nameOf(pd)), 0);
    }
  }
}

TEST_F(BernoulliTest, ConstantTensorProbEqualsScalarPath) {
  for (aclDataType dt : {ACL_FLOAT16, ACL_INT32, ACL_BOOL}) {
    DevTensor a(Spec{dt, {70, 30}, {}, 0, {}});
    DevTensor b(Spec{dt, {70, 30}, {}, 0, {}});
    DevTensor prob(Spec{ACL_FLOAT, {}, {}, 0, {}});
    uploadProbs(prob, {0.35});
    RunResult rt = runTensor(a.get(), prob.get(), 20260725, 4, nullptr);
    ASSERT_EQ(rt.syncStatus, 0) << rt.error;
    aclScalar* s = makeScalar(ACL_FLOAT, 0.35);
    RunResult rs = runScalar(b.get(), s, 20260725, 4, nullptr);
    aclDestroyScalar(s);
    ASSERT_EQ(rs.syncStatus, 0) << rs.error;
    EXPECT_EQ(a.download(), b.download()) << nameOf(dt);
  }
}

TEST_F(BernoulliTest, TensorProbIntoStridedOutputKeepsGuards) {
  DevTensor self(Spec{ACL_FLOAT16, {6, 10}, {}, 0, {}});
  DevTensor out(Spec{ACL_FLOAT16, {6, 10}, {1, 8}, 2, {10, 8}});
  DevTensor prob(Spec{ACL_DOUBLE, {10}, {}, 0, {}});
  std::vector<double> values;
  for (int k = 0; k < 10; ++k) values.push_back(0.1 * k);
  const std::vector<double> seen = uploadProbs(prob, values);
  RunResult r = runTensor(self.get(), prob.get(), 5, 0, out.get());
  ASSERT_EQ(r.syncStatus, 0) << r.error;
  std::vector<uint8_t> bits(60);
  for (uint64_t i = 0; i < 60; ++i) bits[i] = oracleBitOfWord(oracleWord(5, 0, i), seen[i % 10]);
  EXPECT_EQ(expectMatchesOracle(out, out.download(), bits, "strided"), 0);
  // self untouched
  for (uint8_t v : self.download()) ASSERT_EQ(v, kGuard);
}

TEST_F(BernoulliTest, TensorProbOutOfRangeIsAStreamError) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double bad : {-0.001, 1.001, std::nan(""), inf}) {
    DevTensor out(Spec{ACL_FLOAT, {4, 16}, {}, 0, {}});
    DevTensor prob(Spec{ACL_DOUBLE, {16}, {}, 0, {}});
    std::vector<double> values(16, 0.5);
    values[11] = bad;
    uploadProbs(prob, values);
    RunResult r = runTensor(out.get(), prob.get(), 1, 0, nullptr);
    EXPECT_EQ(r.getStatus, 0) << r.error;
    EXPECT_EQ(r.execStatus, 0) << r.error;
    EXPECT_NE(r.syncStatus, 0) << bad;
    EXPECT_NE(r.error.find("prob element 11"), std::string::npos) << r.error;
    for (uint8_t v : out.download()) ASSERT_EQ(v, kGuard);
    // the stream works again afterwards
    EXPECT_EQ(aclrtSynchronizeStream(stream()), 0);
  }
}

TEST_F(BernoulliTest, TensorProbValidation) {
  DevTensor self(Spec{ACL_FLOAT, {3, 4}, {}, 0, {}});
  DevTensor out(Spec{ACL_FLOAT, {3, 4}, {}, 0, {}});
  DevTensor badShape(Spec{ACL_FLOAT, {3}, {}, 0, {}});
  DevTensor tooLong(Spec{ACL_FLOAT, {2, 3, 4}, {}, 0, {}});
  DevTensor intProb(Spec{ACL_INT32, {4}, {}, 0, {}});
  DevTensor okProb(Spec{ACL_BF16, {3, 1}, {}, 0, {}});
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnBernoulliTensorGetWorkspaceSize(self.get(), nullptr, 0, 0, out.get(), &ws, &ex),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(
      aclnnBernoulliTensorGetWorkspaceSize(self.get(), intProb.get(), 0, 0, out.get(), &ws, &ex),
      ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(recentError().find("prob dtype"), std::string::npos);
  EXPECT_EQ(
      aclnnBernoulliTensorGetWorkspaceSize(self.get(), badShape.get(), 0, 0, out.get(), &ws, &ex),
      ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(recentError().find("does not broadcast"), std::string::npos) << recentError();
  EXPECT_EQ(
      aclnnBernoulliTensorGetWorkspaceSize(self.get(), tooLong.get(), 0, 0, out.get(), &ws, &ex),
      ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(
      aclnnBernoulliTensorGetWorkspaceSize(self.get(), okProb.get(), 0, 6, out.get(), &ws, &ex),
      ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(recentError().find("offset must be a multiple of 4, got 6"), std::string::npos);
  EXPECT_EQ(aclnnInplaceBernoulliTensorGetWorkspaceSize(self.get(), okProb.get(), 0, 4, &ws, &ex),
            0);
  EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
  // empty: nothing to do
  DevTensor empty(Spec{ACL_FLOAT, {0, 4}, {}, 0, {}});
  DevTensor p4(Spec{ACL_FLOAT, {4}, {}, 0, {}});
  RunResult r = runTensor(empty.get(), p4.get(), 0, 0, nullptr);
  EXPECT_EQ(r.syncStatus, 0) << r.error;
  EXPECT_EQ(r.plan.plan, ASCTWIN_BERNOULLI_PLAN_EMPTY);
}

}  // namespace
}  // namespace bt
