// aclnnReduceSum results, bit for bit, against the reference of the
// documented summation order (reduce_sum_reference.h): shapes, dims,
// keepDims, dtypes, strided views, empty cases, and the deterministic result
// for several block counts.
#include "reduce_sum_test_util.h"

namespace {

using rst::DeviceTensor;

struct Case {
  std::vector<int64_t> shape;
  std::vector<int64_t> dim;
  bool keepDims = false;
  aclDataType in = ACL_FLOAT;
  aclDataType out = ACL_FLOAT;
  std::vector<int64_t> selfStrides = {};  // empty: row-major
  int64_t selfOffset = 0;
  std::vector<int64_t> outStrides = {};
};

std::string describe(const Case& c) {
  auto list = [](const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s + "]";
  };
  return "shape " + list(c.shape) + " dim " + list(c.dim) + (c.keepDims ? " keep" : "") + " " +
         rst::nameOf(c.in) + "->" + rst::nameOf(c.out) +
         (c.selfStrides.empty() ? "" : " selfStrides " + list(c.selfStrides)) +
         (c.outStrides.empty() ? "" : " outStrides " + list(c.outStrides));
}

// Runs one case (deterministic mode) and compares every output bit with the
// reference; also checks that out's storage outside the view is untouched.
void check(const Case& c, uint32_t seed = 1) {
  SCOPED_TRACE(describe(c));
  DeviceTensor self(c.in, c.shape, c.selfStrides, c.selfOffset);
  self.write(rst::randomBits(static_cast<size_t>(self.numel()), c.in, seed));
  // What the view reads (a broadcast view repeats storage elements).
  const std::vector<uint32_t> bits = self.read();
  DeviceTensor out(c.out, rst::outShape(c.shape, c.dim, c.keepDims), c.outStrides);
  const std::vector<uint32_t> before = out.storageBits();
  rst::Deterministic det(true);
  ASSERT_EQ(rst::runReduceSum(self.get(), c.dim, c.keepDims, c.out, out.get()), ACLNN_SUCCESS)
      << rst::recentError();
  const std::vector<float> sums =
      rsref::reduceSum(rst::valuesOf(bits, c.in), c.shape, rst::reducedFlags(c.shape, c.dim));
  const std::vector<uint32_t> want = rsref::outputBits(sums, c.out);
  const std::vector<uint32_t> got = out.read();
  ASSERT_EQ(got.size(), want.size());
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i] && ++bad <= 5)
      ADD_FAILURE() << "output " << i << ": got bits 0x" << std::hex << got[i] << " want 0x"
                    << want[i] << std::dec << " (" << rst::valueOf(got[i], c.out) << " vs "
                    << rst::valueOf(want[i], c.out) << ")";
  }
  EXPECT_EQ(bad, 0u);
  if (!c.outStrides.empty()) {
    // Elements of the storage outside the view keep their fill pattern.
    std::vector<uint32_t> after = out.storageBits();
    std::vector<bool> inView(after.size(), false);
    const std::vector<int64_t> od = out.dims();
    for (int64_t i = 0; i < out.numel(); ++i) {
      int64_t rest = i, at = 0;
      for (size_t d = od.size(); d-- > 0;) {
        at += (rest % od[d]) * c.outStrides[d];
        rest /= od[d];
      }
      inView[static_cast<size_t>(at)] = true;
    }
    for (size_t i = 0; i < after.size(); ++i)
      if (!inView[i]) {
        EXPECT_EQ(after[i], before[i]) << "storage element " << i;
      }
  }
}

TEST(ReduceSumFunctional, FullReductionsOfOneDimension) {
  for (int64_t n : {1, 7, 8, 9, 100, 4096, 4097, 16384, 16385, 50000, 300000}) check({{n}, {0}});
}

TEST(ReduceSumFunctional, TwoDimensions) {
  check({{64, 1000}, {0}});
  check({{64, 1000}, {1}});
  check({{64, 1000}, {-1}, true});
  check({{64, 1000}, {0, 1}});
  check({{64, 1000}, {1, 0}, true});
  check({{64, 1000}, {}});
  check({{4096, 64}, {0}});   // lanes order, G = 16
  check({{20000, 40}, {0}});  // lanes order, G = 48 (bound 48)
  check({{20000, 40}, {1}});  // rows order, short rows, many outputs
  check({{3, 70000}, {1}});   // rows order, 5 segments per row, G = 12
  check({{2, 9000}, {0}});    // lanes order with lane chunks
}

TEST(ReduceSumFunctional, ThreeAndMoreDimensions) {
  check({{8, 300, 40}, {0, 2}});  // R A R: rows order with outer reduced rows
  check({{8, 300, 40}, {1}});     // A R A
  check({{8, 300, 40}, {0, 1}});
  check({{8, 300, 40}, {-1, -3}, true});
  check({{6, 5, 4, 3, 2}, {1, 3}});
  check({{2, 3, 2, 3, 2, 3, 2, 3}, {0, 2, 4, 6}});  // rank 8, alternating
  check({{2, 3, 2, 3, 2, 3, 2, 3}, {1, 3, 5, 7}, true});
  check({{1, 5, 1, 700}, {3}});
  check({{1, 5, 1, 700}, {1, 2}, true});
  check({{1, 1, 1}, {1}});
}

TEST(ReduceSumFunctional, ScalarsAndEmptyDims) {
  check({{}, {}});
  check({{}, {0}});
  check({{}, {-1}, true});
  check({{3, 50}, {}});
  check({{3, 50}, {}, true});
}

TEST(ReduceSumFunctional, EmptyReductionGivesZeros) {
  check({{0, 5}, {0}});
  check({{5, 0}, {1}, true});
  check({{5, 0, 3}, {1}});
}

TEST(ReduceSumFunctional, EmptyOutputDoesNothing) {
  DeviceTensor self(ACL_FLOAT, {0, 5});
  DeviceTensor out(ACL_FLOAT, {0});
  aclIntArray* d = aclCreateIntArray(std::vector<int64_t>{1}.data(), 1);
  uint64_t ws = 1;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnReduceSumGetWorkspaceSize(self.get(), d, false, ACL_FLOAT, out.get(), &ws, &ex),
            ACLNN_SUCCESS);
  aclDestroyIntArray(d);
  EXPECT_EQ(ws, 0u);
  EXPECT_TRUE(asctwin::ops::reduce_sum::lastPlan().empty);
  ASSERT_EQ(aclnnReduceSum(nullptr, 0, ex, rst::Env::stream()), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(rst::Env::stream()), ACL_SUCCESS);
}

TEST(ReduceSumFunctional, HalfAndBfloatInputsAndOutputs) {
  for (aclDataType in : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
    for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      check({{40, 700}, {1}, false, in, out});
      check({{40, 700}, {0}, true, in, out});
      check({{70000}, {0}, false, in, out});
    }
}

TEST(ReduceSumFunctional, Fp16OutputRoundsToNearestEvenAndOverflows) {
  // 2049 = 2048 + 1 is a tie in FP16 (spacing 2 there): rounds to 2048 (even);
  // 2051 rounds to 2052; 70000 overflows to +inf.
  for (float v : {2049.0f, 2051.0f, 70000.0f}) {
    DeviceTensor self(ACL_FLOAT, {2});
    self.write({std::bit_cast<uint32_t>(v - 1.0f), std::bit_cast<uint32_t>(1.0f)});
    DeviceTensor out(ACL_FLOAT16, {});
    ASSERT_EQ(rst::runReduceSum(self.get(), {0}, false, ACL_FLOAT16, out.get()), ACLNN_SUCCESS);
    const float got = rst::valueOf(out.read()[0], ACL_FLOAT16);
    const float want = v == 2049.0f ? 2048.0f : v == 2051.0f ? 2052.0f : INFINITY;
    EXPECT_EQ(got, want) << v;
  }
}

TEST(ReduceSumFunctional, NonContiguousSelf) {
  // Transposed: a [300, 64] view of a [64, 300] storage.
  check({{300, 64}, {0}, false, ACL_FLOAT, ACL_FLOAT, {1, 300}});
  check({{300, 64}, {1}, false, ACL_FLOAT16, ACL_FLOAT, {1, 300}});
  // Rows of a wider storage, at an offset.
  check({{50, 30}, {1}, true, ACL_FLOAT, ACL_FLOAT, {40, 1}, 7});
  check({{50, 30}, {0}, false, ACL_BF16, ACL_BF16, {40, 1}, 3});
  // Every other element, and a broadcast dimension (stride 0).
  check({{1000}, {0}, false, ACL_FLOAT, ACL_FLOAT, {2}});
  check({{20, 3000}, {0, 1}, false, ACL_FLOAT, ACL_FLOAT, {0, 1}});
  check({{3000, 20}, {1}, false, ACL_FLOAT16, ACL_FLOAT16, {1, 0}});
  // Permuted 3-D view.
  check({{10, 20, 30}, {1}, false, ACL_FLOAT, ACL_FLOAT, {1, 300, 10}});
}

TEST(ReduceSumFunctional, NonContiguousOut) {
  check({{40, 700}, {1}, false, ACL_FLOAT, ACL_FLOAT, {}, 0, {3}});
  check({{40, 700}, {1}, true, ACL_FLOAT, ACL_FLOAT16, {}, 0, {5, 1}});
  check({{8, 30, 40}, {1}, false, ACL_FLOAT, ACL_BF16, {}, 0, {1, 8}});
  check({{30, 40}, {0}, false, ACL_FLOAT, ACL_FLOAT, {1, 30}, 0, {2}});
}

// Deterministic mode: the same bits (the reference's) for every block count.
TEST(ReduceSumFunctional, DeterministicForEveryBlockCount) {
  const std::vector<Case> cases = {
      {{300000}, {0}},     // rows order, G = 16 (bound 18)
      {{4096, 64}, {0}},   // lanes order, G = 16
      {{40, 30000}, {1}},  // rows order, G = 2, several output ranges
      {{64, 2000}, {0}, false, ACL_FLOAT16, ACL_BF16},
      {{100, 50}, {0, 1}},  // one group: blocks beyond it are idle
  };
  for (const Case& c : cases)
    for (uint32_t blocks : {1u, 2u, 3u, 7u, 16u, 40u}) {
      rst::ForcedBlocks forced(blocks);
      SCOPED_TRACE("blocks " + std::to_string(blocks));
      check(c, 7);
      EXPECT_EQ(asctwin::ops::reduce_sum::lastPlan().tiling.blockDim, blocks);
    }
}

// The plan's parameters of the order are the documented ones.
TEST(ReduceSumFunctional, PlanFollowsTheDocumentedOrder) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> cases = {
      {{300000}, {0}},   {{4096, 64}, {0}},  {{40, 30000}, {1}}, {{8, 300, 40}, {0, 2}},
      {{3, 70000}, {1}}, {{20000, 40}, {0}}, {{2, 5}, {}},       {{5, 0}, {1}}};
  for (const auto& [shape, dim] : cases) {
    DeviceTensor self(ACL_FLOAT, shape);
    self.write(std::vector<uint32_t>(static_cast<size_t>(self.numel()), 0));
    DeviceTensor out(ACL_FLOAT, rst::outShape(shape, dim, false));
    ASSERT_EQ(rst::runReduceSum(self.get(), dim, false, ACL_FLOAT, out.get()), ACLNN_SUCCESS);
    const auto plan = asctwin::ops::reduce_sum::lastPlan();
    const rsref::Order ord = rsref::orderOf(shape, rst::reducedFlags(shape, dim));
    EXPECT_EQ(plan.tiling.groups, ord.groups);
    EXPECT_EQ(plan.tiling.mode == 1, ord.rows);
    EXPECT_EQ(plan.tiling.units, ord.units);
    if (ord.rows) {
      EXPECT_EQ(plan.tiling.lanes, ord.lanes);
    }
    EXPECT_LE(plan.tiling.blockDim, 40u);
  }
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new rst::Env);
  return RUN_ALL_TESTS();
}
