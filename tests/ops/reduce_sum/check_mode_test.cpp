// aclnnReduceSum under the kernel twin's check mode (a seeded simulation in
// which pipe instructions complete in any order the hardware allows and
// cores interleave at every synchronisation point):
//   - deterministic mode: one result under every seed and every block
//     count, bit for bit the reference of the documented order;
//   - non-deterministic mode, on data where the order of the group partials
//     matters: more than one result appears.
#include "asctwin/asctwin_check.h"
#include "reduce_sum_test_util.h"

namespace {

using rst::DeviceTensor;

constexpr uint64_t kSeeds = 200;

struct Problem {
  std::vector<int64_t> shape;
  std::vector<int64_t> dim;
  aclDataType in = ACL_FLOAT;
  aclDataType out = ACL_FLOAT;
};

// Runs the operator under kSeeds check-mode seeds; returns the explore result
// and, in `last`, the output bits of the last run.
asctwin::ExploreResult exploreReduceSum(const Problem& p, const std::vector<uint32_t>& bits,
                                        bool deterministic, std::vector<uint32_t>* last) {
  DeviceTensor self(p.in, p.shape);
  self.write(bits);
  DeviceTensor out(p.out, rst::outShape(p.shape, p.dim, false));
  rst::Deterministic det(deterministic);
  const asctwin::ExploreResult r = asctwin::explore(
      kSeeds, 0,
      [&](uint64_t) {
        ASSERT_EQ(rst::runReduceSum(self.get(), p.dim, false, p.out, out.get()), ACLNN_SUCCESS)
            << rst::recentError();
      },
      {{out.data(), out.storageBytes()}});
  *last = out.read();
  return r;
}

std::vector<uint32_t> referenceBits(const Problem& p, const std::vector<uint32_t>& bits) {
  return rsref::outputBits(
      rsref::reduceSum(rst::valuesOf(bits, p.in), p.shape, rst::reducedFlags(p.shape, p.dim)),
      p.out);
}

TEST(ReduceSumCheckMode, TheLaunchesRunInCheckMode) {
  const Problem p{{262144}, {0}};
  rst::ForcedBlocks forced(4);
  std::vector<uint32_t> last;
  const uint64_t before = asctwinLastScheduleHash();
  const auto r = exploreReduceSum(p, rst::randomBits(262144, ACL_FLOAT, 3), true, &last);
  EXPECT_EQ(r.seeds, kSeeds);
  EXPECT_NE(asctwinLastScheduleHash(), before);  // the kernel ran under the scheduler
}

// Deterministic mode: the same bits under every seed, for several block
// counts, equal to the reference.
void expectOneResult(const Problem& p) {
  uint64_t n = 1;
  for (int64_t d : p.shape) n *= static_cast<uint64_t>(d);
  const std::vector<uint32_t> bits = rst::randomBits(n, p.in, 11);
  const std::vector<uint32_t> want = referenceBits(p, bits);
  for (uint32_t blocks : {1u, 3u, 4u, 8u}) {
    SCOPED_TRACE("blocks " + std::to_string(blocks));
    rst::ForcedBlocks forced(blocks);
    std::vector<uint32_t> got;
    const auto r = exploreReduceSum(p, bits, true, &got);
    EXPECT_EQ(r.distinct(), 1u) << r.summary();
    EXPECT_EQ(got, want);
    EXPECT_EQ(asctwin::ops::reduce_sum::lastPlan().tiling.blockDim, blocks);
  }
}

TEST(ReduceSumCheckMode, DeterministicRowsOrderIsOneResult) {
  expectOneResult({{262144}, {0}});  // 16 groups
}

TEST(ReduceSumCheckMode, DeterministicLanesOrderWithCastIsOneResult) {
  expectOneResult({{256, 256}, {0}, ACL_FLOAT, ACL_FLOAT16});  // 4 groups, FP16 cast phase
}

TEST(ReduceSumCheckMode, DeterministicSeveralOutputsIsOneResult) {
  expectOneResult({{4, 40000}, {1}, ACL_BF16, ACL_FLOAT});  // rows order, 4 outputs
}

// Non-contiguous self and out: the strided copy kernels (before and after
// the ReduceSum kernel) under check mode too.
TEST(ReduceSumCheckMode, StridedViewsAreOneResult) {
  const std::vector<int64_t> shape = {64, 40};
  const std::vector<int64_t> dim = {0};
  DeviceTensor self(ACL_FLOAT16, shape, {1, 64});  // transposed storage
  self.write(rst::randomBits(64 * 40, ACL_FLOAT16, 5));
  const std::vector<uint32_t> bits = self.read();
  DeviceTensor out(ACL_BF16, {40}, {3});
  rst::Deterministic det(true);
  rst::ForcedBlocks forced(3);
  const auto r = asctwin::explore(
      kSeeds, 0,
      [&](uint64_t) {
        ASSERT_EQ(rst::runReduceSum(self.get(), dim, false, ACL_BF16, out.get()), ACLNN_SUCCESS)
            << rst::recentError();
      },
      {{out.data(), out.storageBytes()}});
  EXPECT_EQ(r.distinct(), 1u) << r.summary();
  const auto plan = asctwin::ops::reduce_sum::lastPlan();
  EXPECT_TRUE(plan.contiguousCopy);
  EXPECT_TRUE(plan.viewCopyOut);
  EXPECT_EQ(out.read(), referenceBits({shape, dim, ACL_FLOAT16, ACL_BF16}, bits));
}

// 262144 floats, 16 groups (one segment each), 4 blocks of 4 groups: +1e16 in
// group 0 (block 0), +1 in group 4 (block 1), -1e16 in group 8 (block 2). In
// group order the sum is (1e16 + 1) - 1e16 = 0; other orders of the blocks'
// adds give 1.
std::vector<uint32_t> exposingData() {
  std::vector<uint32_t> bits(262144, 0);
  bits[0] = std::bit_cast<uint32_t>(1e16f);
  bits[4 * 16384 + 5] = std::bit_cast<uint32_t>(1.0f);
  bits[8 * 16384 + 9] = std::bit_cast<uint32_t>(-1e16f);
  return bits;
}

TEST(ReduceSumCheckMode, NonDeterministicShowsSeveralResults) {
  const Problem p{{262144}, {0}};
  rst::ForcedBlocks forced(4);
  std::vector<uint32_t> got;
  const auto r = exploreReduceSum(p, exposingData(), false, &got);
  EXPECT_GE(r.distinct(), 2u) << r.summary();
  std::printf("non-deterministic: %s\n", r.summary().c_str());
  EXPECT_EQ(asctwin::ops::reduce_sum::lastPlan().tiling.groups, 16u);
}

TEST(ReduceSumCheckMode, DeterministicOnTheSameDataIsTheGroupOrder) {
  const Problem p{{262144}, {0}};
  rst::ForcedBlocks forced(4);
  std::vector<uint32_t> got;
  const auto r = exploreReduceSum(p, exposingData(), true, &got);
  EXPECT_EQ(r.distinct(), 1u) << r.summary();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(std::bit_cast<float>(got[0]), 0.0f);
  EXPECT_EQ(got, referenceBits(p, exposingData()));
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new rst::Env);
  return RUN_ALL_TESTS();
}
