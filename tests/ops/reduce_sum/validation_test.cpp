// aclnnReduceSumGetWorkspaceSize rejects bad operands with the documented
// codes and a message naming the operand, in the documented order.
#include <cstdlib>

#include "reduce_sum_test_util.h"

namespace {

using rst::DeviceTensor;

struct Call {
  aclnnStatus status;
  std::string message;
};

Call plan(const aclTensor* self, const std::vector<int64_t>& dim, bool keepDims, aclDataType dtype,
          aclTensor* out, bool nullDim = false, bool nullWs = false, bool nullEx = false) {
  aclIntArray* d = nullDim ? nullptr : aclCreateIntArray(dim.data(), dim.size());
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const aclnnStatus st = aclnnReduceSumGetWorkspaceSize(
      self, d, keepDims, dtype, out, nullWs ? nullptr : &ws, nullEx ? nullptr : &ex);
  Call c{st, rst::recentError()};
  if (d != nullptr) aclDestroyIntArray(d);
  if (st == ACLNN_SUCCESS) aclDestroyAclOpExecutor(ex);
  return c;
}

void expectRejected(const Call& c, aclnnStatus code, const std::string& fragment) {
  EXPECT_EQ(c.status, code) << c.message;
  EXPECT_NE(c.message.find(fragment), std::string::npos)
      << "message '" << c.message << "' lacks '" << fragment << "'";
  EXPECT_NE(c.message.find("aclnnReduceSumGetWorkspaceSize"), std::string::npos) << c.message;
}

TEST(ReduceSumValidation, NullPointersInOrder) {
  DeviceTensor self(ACL_FLOAT, {4, 5});
  DeviceTensor out(ACL_FLOAT, {5});
  expectRejected(plan(self.get(), {0}, false, ACL_FLOAT, out.get(), false, true, false),
                 ACLNN_ERR_PARAM_NULLPTR, "workspaceSize");
  expectRejected(plan(self.get(), {0}, false, ACL_FLOAT, out.get(), false, false, true),
                 ACLNN_ERR_PARAM_NULLPTR, "executor");
  expectRejected(plan(nullptr, {0}, false, ACL_FLOAT, nullptr), ACLNN_ERR_PARAM_NULLPTR, "self");
  expectRejected(plan(self.get(), {0}, false, ACL_FLOAT, out.get(), true), ACLNN_ERR_PARAM_NULLPTR,
                 "dim");
  expectRejected(plan(self.get(), {0}, false, ACL_FLOAT, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out");
  // A null pointer wins over every other problem.
  expectRejected(plan(self.get(), {7}, false, ACL_INT32, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out");
}

TEST(ReduceSumValidation, UnsupportedDtypes) {
  DeviceTensor out(ACL_FLOAT, {5});
  {
    // An INT32 self (a storage made by hand: DeviceTensor only knows float types).
    void* data = nullptr;
    ASSERT_EQ(aclrtMalloc(&data, 80, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const int64_t dims[2] = {4, 5};
    aclTensor* self = aclCreateTensor(dims, 2, ACL_INT32, nullptr, 0, ACL_FORMAT_ND, dims, 2, data);
    expectRejected(plan(self, {0}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                   "self dtype must be one of ACL_FLOAT, ACL_FLOAT16, ACL_BF16, got ACL_INT32");
    aclDestroyTensor(self);
    aclrtFree(data);
  }
  DeviceTensor self(ACL_FLOAT, {4, 5});
  expectRejected(plan(self.get(), {0}, false, ACL_DOUBLE, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "dtype must be one of");
  expectRejected(plan(self.get(), {0}, false, ACL_FLOAT16, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "out dtype must equal dtype (ACL_FLOAT16), got ACL_FLOAT");
}

TEST(ReduceSumValidation, RankAboveEight) {
  DeviceTensor self(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2});
  DeviceTensor out(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1});
  expectRejected(plan(self.get(), {8}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "self rank must be at most 8, got 9");
  DeviceTensor self8(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 2});
  DeviceTensor out9(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2});
  expectRejected(plan(self8.get(), {}, false, ACL_FLOAT, out9.get()), ACLNN_ERR_PARAM_INVALID,
                 "out rank must be at most 8, got 9");
}

TEST(ReduceSumValidation, DimsOutOfRangeOrRepeated) {
  DeviceTensor self(ACL_FLOAT, {4, 5, 6});
  DeviceTensor out(ACL_FLOAT, {4, 6});
  expectRejected(plan(self.get(), {3}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "dim[0] = 3 is out of range for a rank-3 self (expected [-3, 2])");
  expectRejected(plan(self.get(), {1, -4}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "dim[1] = -4 is out of range");
  expectRejected(plan(self.get(), {1, -2}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "dim repeats dimension 1 (dim[0] = 1 and dim[1] = -2)");
  expectRejected(plan(self.get(), {1, 1}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "dim repeats dimension 1");
  DeviceTensor scalar(ACL_FLOAT, {});
  DeviceTensor scalarOut(ACL_FLOAT, {});
  expectRejected(plan(scalar.get(), {1}, false, ACL_FLOAT, scalarOut.get()),
                 ACLNN_ERR_PARAM_INVALID, "expected [-1, 0]");
  EXPECT_EQ(plan(scalar.get(), {-1}, false, ACL_FLOAT, scalarOut.get()).status, ACLNN_SUCCESS);
}

TEST(ReduceSumValidation, WrongOutShape) {
  DeviceTensor self(ACL_FLOAT, {4, 5, 6});
  DeviceTensor out(ACL_FLOAT, {4, 6});
  DeviceTensor kept(ACL_FLOAT, {4, 1, 6});
  DeviceTensor wrong(ACL_FLOAT, {6, 4});
  EXPECT_EQ(plan(self.get(), {1}, false, ACL_FLOAT, out.get()).status, ACLNN_SUCCESS);
  EXPECT_EQ(plan(self.get(), {1}, true, ACL_FLOAT, kept.get()).status, ACLNN_SUCCESS);
  expectRejected(plan(self.get(), {1}, true, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "out shape must be [4, 1, 6] (self [4, 5, 6] reduced over dim [1], keepDims "
                 "true), got [4, 6]");
  expectRejected(plan(self.get(), {1}, false, ACL_FLOAT, kept.get()), ACLNN_ERR_PARAM_INVALID,
                 "out shape must be [4, 6]");
  expectRejected(plan(self.get(), {1}, false, ACL_FLOAT, wrong.get()), ACLNN_ERR_PARAM_INVALID,
                 "got [6, 4]");
}

TEST(ReduceSumValidation, PrivateFormatsAndStorage) {
  void* data = nullptr;
  ASSERT_EQ(aclrtMalloc(&data, 4 * 16 * 16 * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const int64_t dims[2] = {16, 64};
  aclTensor* nz =
      aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_FRACTAL_NZ, dims, 2, data);
  ASSERT_NE(nz, nullptr) << rst::recentError();
  DeviceTensor out(ACL_FLOAT, {64});
  expectRejected(plan(nz, {0}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "self format must not be a private format");
  aclDestroyTensor(nz);
  // Host memory is not device memory.
  std::vector<float> host(20, 1.0f);
  const int64_t hd[2] = {4, 5};
  aclTensor* onHost =
      aclCreateTensor(hd, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, hd, 2, host.data());
  DeviceTensor out5(ACL_FLOAT, {5});
  if (onHost != nullptr) {
    const Call c = plan(onHost, {0}, false, ACL_FLOAT, out5.get());
    EXPECT_EQ(c.status, ACLNN_ERR_PARAM_INVALID) << c.message;
    EXPECT_NE(c.message.find("self storage must be device memory"), std::string::npos) << c.message;
    aclDestroyTensor(onHost);
  }
  // An out that writes one location several times.
  const int64_t od[1] = {5};
  const int64_t zero[1] = {0};
  aclTensor* repeating = aclCreateTensor(od, 1, ACL_FLOAT, zero, 0, ACL_FORMAT_ND, od, 1, data);
  DeviceTensor self(ACL_FLOAT, {4, 5});
  expectRejected(plan(self.get(), {0}, false, ACL_FLOAT, repeating), ACLNN_ERR_PARAM_INVALID,
                 "out has stride 0 on dimension 0");
  aclDestroyTensor(repeating);
  aclrtFree(data);
}

TEST(ReduceSumValidation, DestroyedHandles) {
  DeviceTensor out(ACL_FLOAT, {5});
  void* data = nullptr;
  ASSERT_EQ(aclrtMalloc(&data, 80, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const int64_t dims[2] = {4, 5};
  aclTensor* self = aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, data);
  aclDestroyTensor(self);
  expectRejected(plan(self, {0}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "self is not a live aclTensor");
  aclrtFree(data);
}

TEST(ReduceSumValidation, BlockOverride) {
  DeviceTensor self(ACL_FLOAT, {4, 5});
  DeviceTensor out(ACL_FLOAT, {5});
  {
    rst::ForcedBlocks forced(41);
    expectRejected(plan(self.get(), {0}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                   "forced block count 41 exceeds the SoC's 40 AIV cores");
  }
  ASSERT_EQ(setenv("ASCTWIN_REDUCE_SUM_BLOCKS", "zero", 1), 0);
  expectRejected(plan(self.get(), {0}, false, ACL_FLOAT, out.get()), ACLNN_ERR_PARAM_INVALID,
                 "ASCTWIN_REDUCE_SUM_BLOCKS");
  ASSERT_EQ(setenv("ASCTWIN_REDUCE_SUM_BLOCKS", "5", 1), 0);
  EXPECT_EQ(plan(self.get(), {0}, false, ACL_FLOAT, out.get()).status, ACLNN_SUCCESS);
  EXPECT_EQ(asctwin::ops::reduce_sum::lastPlan().tiling.blockDim, 5u);
  ASSERT_EQ(unsetenv("ASCTWIN_REDUCE_SUM_BLOCKS"), 0);
  EXPECT_EQ(plan(self.get(), {0}, false, ACL_FLOAT, out.get()).status, ACLNN_SUCCESS);
  EXPECT_EQ(asctwin::ops::reduce_sum::lastPlan().tiling.blockDim, 1u);
}

TEST(ReduceSumValidation, ExecuteArguments) {
  DeviceTensor self(ACL_FLOAT, {400, 500});
  DeviceTensor out(ACL_FLOAT, {500});
  aclIntArray* d = aclCreateIntArray(std::vector<int64_t>{0}.data(), 1);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnReduceSumGetWorkspaceSize(self.get(), d, false, ACL_FLOAT, out.get(), &ws, &ex),
            ACLNN_SUCCESS);
  aclDestroyIntArray(d);
  ASSERT_GT(ws, 0u);
  EXPECT_EQ(aclnnReduceSum(nullptr, ws, ex, rst::Env::stream()), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnReduceSum(nullptr, 0, nullptr, rst::Env::stream()), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new rst::Env);
  return RUN_ALL_TESTS();
}
