// The BernoulliMask kernel launched directly (design 3.4, the TTK cases): a
// known mask expanded into every dtype, every output byte compared with an
// oracle computed from the mask bits, guard bytes after the output checked
// untouched, the separate mask checked unmodified, aliased (mask in the first
// bytes of out, high-to-low waves) and non-aliased modes.
#include <algorithm>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include "ops/bernoulli_kernel/bernoulli_kernel_test_util.h"
#include "device/soc.h"
#include "dsa/bit_mask.h"
#include "kernel/kernel_test_util.h"
#include "ops/bernoulli/op_host/bernoulli_tiling.h"
#include "ops/bernoulli/op_kernel/bernoulli_mask.h"

namespace asctwin::testing::bernoulli {
namespace {

using ops::bernoulli::BernoulliMaskTiling;
using ops::bernoulli::bernoulliMaskUbBudget;
using ops::bernoulli::computeBernoulliMaskTiling;
using ops::bernoulli::runBernoulliMask;

constexpr size_t kGuardBytes = 96;
constexpr uint8_t kOutGuard = 0xCD;
constexpr uint8_t kMaskGuard = 0xE7;

// Compares `got` with `want`; reports the first few differing elements.
void expectBytes(const uint8_t* got, const std::vector<uint8_t>& want, uint32_t elementBytes,
                 const std::string& what) {
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    if (got[i] == want[i]) continue;
    if (++bad <= 5)
      ADD_FAILURE() << what << ": byte " << i << " (element " << i / elementBytes << ") is 0x"
                    << std::hex << int{got[i]} << ", expected 0x" << int{want[i]};
  }
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " byte(s) differ";
}

class BernoulliMaskKernel : public KernelTest {
 protected:
  // Expands `mask` (M bytes) into n elements of `d` through runBernoulliMask and
  // checks every byte, the guard bytes and (non-aliased) the mask buffer.
  // Returns the tiling used.
  static BernoulliMaskTiling expandAndCheck(const DtypeCase& d, uint64_t n, bool aliased,
                                            const std::vector<uint8_t>& mask) {
    BernoulliMaskTiling t;
    const Status ts = computeBernoulliMaskTiling(d.dtype, n, aliased, device::currentSoc(), &t);
    EXPECT_TRUE(ts.isOk()) << ts.message();
    if (!ts.isOk()) return t;
    const size_t outBytes = n * d.bytes;
    const size_t maskBytes = mask.size();
    std::vector<uint8_t> out(outBytes + kGuardBytes, kOutGuard);
    if (aliased) std::memcpy(out.data(), mask.data(), maskBytes);
    DevBuf dout(out.size());
    dout.upload(out);
    std::vector<uint8_t> maskHost(maskBytes + kGuardBytes, kMaskGuard);
    std::memcpy(maskHost.data(), mask.data(), maskBytes);
    DevBuf dmask(aliased ? 1 : maskHost.size());
    if (!aliased) dmask.upload(maskHost);
    const Status s = runBernoulliMask(t, aliased ? dout.p : dmask.p, dout.p);
    EXPECT_TRUE(s.isOk()) << s.message();
    const std::string what =
        std::string(d.name) + " n=" + std::to_string(n) + (aliased ? " aliased" : "");
    const auto got = dout.download<uint8_t>(out.size());
    expectBytes(got.data(), expandOracle(mask, n, d), d.bytes, what);
    EXPECT_TRUE(std::all_of(got.begin() + static_cast<ptrdiff_t>(outBytes), got.end(),
                            [](uint8_t b) { return b == kOutGuard; }))
        << what << ": a guard byte after the output was written";
    if (!aliased) {
      const auto m = dmask.download<uint8_t>(maskHost.size());
      EXPECT_EQ(m, maskHost) << what << ": the mask buffer was modified";
    }
    return t;
  }
};

// --- the matrix: dtype x N x mode ---------------------------------------------

struct Case {
  aclDataType dtype;
  uint64_t n;
  bool aliased;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << dtypeCase(c.dtype).name << " n=" << c.n << (c.aliased ? " aliased" : " separate");
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  return std::string(dtypeCase(info.param.dtype).name) + "_n" + std::to_string(info.param.n) +
         (info.param.aliased ? "_aliased" : "_separate");
}

// Both modes where the mask fits in the output (N * B >= M), else separate only.
std::vector<Case> cases(const std::vector<aclDataType>& dtypes, const std::vector<uint64_t>& ns) {
  std::vector<Case> v;
  for (aclDataType dt : dtypes)
    for (uint64_t n : ns) {
      v.push_back({dt, n, false});
      if (n * dtypeCase(dt).bytes >= (n + 127) / 128 * 16) v.push_back({dt, n, true});
    }
  return v;
}

std::vector<aclDataType> everyDtype() {
  std::vector<aclDataType> v;
  for (const auto& d : allDtypes()) v.push_back(d.dtype);
  return v;
}

class BernoulliMaskExpand : public BernoulliMaskKernel,
                            public ::testing::WithParamInterface<Case> {};

TEST_P(BernoulliMaskExpand, MatchesTheMaskBits) {
  const Case c = GetParam();
  expandAndCheck(dtypeCase(c.dtype), c.n, c.aliased, patternMask(c.n));
}

// All 10 dtypes at N = 129 (one block, a partial last mask byte).
INSTANTIATE_TEST_SUITE_P(AllDtypesN129, BernoulliMaskExpand,
                         ::testing::ValuesIn(cases(everyDtype(), {129})), caseName);
// FP32 across mask-byte, mask-block and tile boundaries.
INSTANTIATE_TEST_SUITE_P(Fp32Sizes, BernoulliMaskExpand,
                         ::testing::ValuesIn(cases({ACL_FLOAT}, {1, 7, 8, 15, 16, 31, 32, 63, 64,
                                                                 127, 128, 16383, 16384, 16385})),
                         caseName);
// A rank-8 shape 1x2x1x2x1x2x1x2: the kernel sees N = 16 contiguous elements.
INSTANTIATE_TEST_SUITE_P(Rank8Shape, BernoulliMaskExpand,
                         ::testing::ValuesIn(cases(everyDtype(), {1 * 2 * 1 * 2 * 1 * 2 * 1 * 2})),
                         caseName);
// Aliased / non-aliased pairs (N = 15 cannot alias a 1-byte output).
INSTANTIATE_TEST_SUITE_P(AliasPairs, BernoulliMaskExpand,
                         ::testing::ValuesIn(cases(everyDtype(), {15, 16, 257, 1000000})),
                         caseName);
// Multi-tile and multi-wave sizes around the 8-byte tile (14336) and block split.
INSTANTIATE_TEST_SUITE_P(TileEdges, BernoulliMaskExpand,
                         ::testing::ValuesIn(cases({ACL_DOUBLE, ACL_INT64, ACL_BF16, ACL_INT8},
                                                   {2048, 2049, 14335, 14336, 14337, 28673,
                                                    300001})),
                         caseName);

// --- specific cases ------------------------------------------------------------

TEST_F(BernoulliMaskKernel, Fp32MillionOn40Blocks) {
  const auto t = expandAndCheck(dtypeCase(ACL_FLOAT), 1000000, false, patternMask(1000000));
  EXPECT_EQ(t.blockDim, 40u);
  const auto ta = expandAndCheck(dtypeCase(ACL_FLOAT), 1000000, true, patternMask(1000000));
  EXPECT_EQ(ta.blockDim, 40u);
}

// The alias plan end to end: the DSA writes the mask into the first bytes of
// out, the kernel expands it in place; the result equals the separate-mask run
// and the golden count of the random-stream spec (22908 ones).
TEST_F(BernoulliMaskKernel, DsaMaskInPlaceMatchesSeparateMask) {
  constexpr uint64_t kN = 65536;
  const float q = dsa::dropProbFromProb(0.35);
  std::vector<uint8_t> mask(dsa::maskBytesFor(kN));
  dsa::genBitMask(kN, 20260725, 4, q, mask.data());
  for (const auto& d : allDtypes()) {
    SCOPED_TRACE(d.name);
    BernoulliMaskTiling t;
    ASSERT_TRUE(computeBernoulliMaskTiling(d.dtype, kN, true, device::currentSoc(), &t).isOk());
    DevBuf out(kN * d.bytes);
    ASSERT_TRUE(dsa::genBitMaskDevice(kN, 20260725, 4, q, out.p).isOk());
    const Status s = runBernoulliMask(t, out.p, out.p);
    ASSERT_TRUE(s.isOk()) << s.message();
    const auto got = out.download<uint8_t>(kN * d.bytes);
    expectBytes(got.data(), expandOracle(mask, kN, d), d.bytes, d.name);
    uint64_t ones = 0;
    for (uint64_t i = 0; i < kN; ++i)
      ones += std::any_of(got.begin() + static_cast<ptrdiff_t>(i * d.bytes),
                          got.begin() + static_cast<ptrdiff_t>((i + 1) * d.bytes),
                          [](uint8_t b) { return b != 0; });
    EXPECT_EQ(ones, 22908u);
  }
}

// A smaller SoC: 8 AIV cores, 40 KiB UB (tiles of a few thousand elements,
// several tiles per block and wave), and the smallest UB where FP64 works
// (256-element Select + Gather steps; its buffers end where the 8 KiB
// reserve begins, in which Select writes its scalar temporary). The mask of
// all ones checks every high word: a pattern with zero bits hid an overlap
// of the gather tables with that temporary before.
TEST_F(BernoulliMaskKernel, OtherSocResources) {
  // The smallest FP64 UB: the reserve, one 32-byte mask slot, a 2048-byte
  // output tile and the gather tables of one 256-element step.
  for (uint64_t ub : {40u * 1024u, 8192u + 32u + 2048u + ops::bernoulli::kFp64MinWorkBytes}) {
    ASSERT_TRUE(device::setSocField("aivCores", 8).isOk());
    ASSERT_TRUE(device::setSocField("ubBytes", ub).isOk());
    for (const auto& d : allDtypes()) {
      for (uint64_t n : {4097ull, 200003ull}) {
        for (bool aliased : {false, true}) {
          for (bool ones : {false, true}) {
            SCOPED_TRACE(std::string(d.name) + " ub=" + std::to_string(ub) +
                         (ones ? " all ones" : " pattern"));
            const auto t = expandAndCheck(
                d, n, aliased,
                ones ? std::vector<uint8_t>((n + 127) / 128 * 16, 0xFF) : patternMask(n));
            EXPECT_LE(t.blockDim, 8u);
          }
        }
      }
    }
    device::resetSoc();
  }
}

// The kernel fits in the design's UB budget: it runs with maskQueue +
// outQueue + workBuf bytes of UB plus the design's 8 KiB reserve, and its
// buffers do not fit in 32 bytes less than the three. The reserve is the
// Ascend C API's temporary area (the last TMP_UB_SIZE bytes of UB, where
// Select with a scalar puts the scalar; CANN's TPipe keeps buffers below
// TMP_UB_OFFSET): the kernel keeps its ones in the work buffer from tile to
// tile, so they must not lie there.
TEST_F(BernoulliMaskKernel, RunsInExactlyTheUbBudget) {
  for (const auto& d : allDtypes()) {
    SCOPED_TRACE(d.name);
    for (bool aliased : {false, true}) {
      const uint64_t n = 3 * 16384 + 5;
      BernoulliMaskTiling t;
      ASSERT_TRUE(computeBernoulliMaskTiling(d.dtype, n, aliased, device::currentSoc(), &t).isOk());
      const auto budget = bernoulliMaskUbBudget(t);
      const auto mask = patternMask(n);
      std::vector<uint8_t> host(n * d.bytes, kOutGuard);
      std::memcpy(host.data(), mask.data(), mask.size());
      DevBuf out(host.size()), dmask(mask.size());
      out.upload(host);
      dmask.upload(mask);
      LaunchOptions opt = vec(t.blockDim, "BernoulliMask");
      opt.ubBytes = budget.total + ops::bernoulli::kUbReserveBytes;
      ASSERT_EQ(asctwin::run(ops::bernoulli::bernoulli_mask, opt, aliased ? out.gm() : dmask.gm(),
                             out.gm(), t),
                0)
          << lastError();
      const auto got = out.download<uint8_t>(host.size());
      expectBytes(got.data(), expandOracle(mask, n, d), d.bytes, d.name);
      opt.ubBytes = budget.total - 32;
      EXPECT_NE(asctwin::run(ops::bernoulli::bernoulli_mask, opt, aliased ? out.gm() : dmask.gm(),
                             out.gm(), t),
                0);
      EXPECT_NE(lastError().find("InitBuffer"), std::string::npos) << lastError();
    }
  }
}

// --- launcher argument checks ------------------------------------------------------

TEST_F(BernoulliMaskKernel, RejectsBadArguments) {
  BernoulliMaskTiling t;
  ASSERT_TRUE(computeBernoulliMaskTiling(ACL_FLOAT, 1000, false, device::currentSoc(), &t).isOk());
  DevBuf out(4000 + 128), mask(128);
  auto expectInvalid = [](const Status& s, const char* needle) {
    EXPECT_EQ(s.code(), code::kInvalidParam) << s.message();
    EXPECT_NE(s.message().find(needle), std::string::npos) << s.message();
  };
  expectInvalid(runBernoulliMask(t, nullptr, out.p), "null");
  expectInvalid(runBernoulliMask(t, mask.p, nullptr), "null");
  // The mask inside the output without the aliased mode.
  expectInvalid(runBernoulliMask(t, out.gm() + 64, out.p), "overlap");
  BernoulliMaskTiling bad = t;
  bad.tilingKey = 10;
  expectInvalid(runBernoulliMask(bad, mask.p, out.p), "tiling key");
  bad = t;
  bad.elementBytes = 2;
  expectInvalid(runBernoulliMask(bad, mask.p, out.p), "tiling key");
  bad = t;
  bad.tileElements = 300;
  expectInvalid(runBernoulliMask(bad, mask.p, out.p), "tileElements");
  bad = t;
  bad.blockDim = 2;
  expectInvalid(runBernoulliMask(bad, mask.p, out.p), "blockDim");
  bad = t;
  bad.totalElements = 0;
  expectInvalid(runBernoulliMask(bad, mask.p, out.p), "totalElements");
  BernoulliMaskTiling alias;
  ASSERT_TRUE(
      computeBernoulliMaskTiling(ACL_FLOAT, 1000, true, device::currentSoc(), &alias).isOk());
  expectInvalid(runBernoulliMask(alias, mask.p, out.p), "mask != out");
  BernoulliMaskTiling small;
  ASSERT_TRUE(
      computeBernoulliMaskTiling(ACL_UINT8, 15, false, device::currentSoc(), &small).isOk());
  small.maskAliasesOut = 1;
  expectInvalid(runBernoulliMask(small, out.p, out.p), "does not fit");
}

// A kernel error surfaces as a status: an output GlobalTensor past the end of
// its allocation is caught by the twin's bounds check.
TEST_F(BernoulliMaskKernel, KernelErrorIsReturned) {
  BernoulliMaskTiling t;
  ASSERT_TRUE(computeBernoulliMaskTiling(ACL_FLOAT, 1000, false, device::currentSoc(), &t).isOk());
  DevBuf out(999 * 4), mask(128);
  mask.zero();
  const Status s = runBernoulliMask(t, mask.p, out.p);
  EXPECT_FALSE(s.isOk());
  EXPECT_NE(s.message().find("BernoulliMask"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace asctwin::testing::bernoulli
