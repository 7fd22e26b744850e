// BernoulliMask op_host tiling (design 3.3): the expected numbers on a
// 40-core, 192 KiB-UB SoC, the rejections, the UB budget table of 3.4.3 and
// the aliased wave schedule of 3.4.2.
#include <gtest/gtest.h>

#include <string>

#include "ops/bernoulli_kernel/bernoulli_kernel_test_util.h"
#include "device/soc.h"
#include "ops/bernoulli/op_host/bernoulli_tiling.h"

namespace asctwin::testing::bernoulli {
namespace {

using ops::bernoulli::BernoulliMaskTiling;
using ops::bernoulli::bernoulliMaskUbBudget;
using ops::bernoulli::computeBernoulliMaskTiling;
using ops::bernoulli::kFp64MinWorkBytes;
using ops::bernoulli::kKeyFp64;

device::SocSpec a2() {
  device::SocSpec s;  // ascend910b: 40 AIV, 192 KiB UB
  EXPECT_EQ(s.aivCores, 40u);
  EXPECT_EQ(s.ubBytes, 192u * 1024u);
  return s;
}

BernoulliMaskTiling tilingOk(aclDataType dt, uint64_t n, bool aliased = false,
                             const device::SocSpec& soc = a2()) {
  BernoulliMaskTiling t;
  Status s = computeBernoulliMaskTiling(dt, n, aliased, soc, &t);
  EXPECT_TRUE(s.isOk()) << s.message();
  return t;
}

Status tilingStatus(aclDataType dt, uint64_t n, bool aliased, const device::SocSpec& soc) {
  BernoulliMaskTiling t;
  return computeBernoulliMaskTiling(dt, n, aliased, soc, &t);
}

TEST(BernoulliMaskTiling, N129EveryDtype) {
  for (const auto& d : allDtypes()) {
    SCOPED_TRACE(d.name);
    const BernoulliMaskTiling t = tilingOk(d.dtype, 129);
    EXPECT_EQ(t.totalElements, 129u);
    EXPECT_EQ(t.blockDim, 1u);
    EXPECT_EQ(t.elementsPerCore, 256u);
    EXPECT_EQ(t.tileElements, d.bytes == 8 ? 14336u : 16384u);
    EXPECT_EQ(t.tilingKey, d.key);
    EXPECT_EQ(t.elementBytes, d.bytes);
    EXPECT_EQ(t.maskAliasesOut, 0u);
    EXPECT_EQ(tilingOk(d.dtype, 129, true).maskAliasesOut, 1u);
  }
}

TEST(BernoulliMaskTiling, Fp32N16385TwoBlocks) {
  const BernoulliMaskTiling t = tilingOk(ACL_FLOAT, 16385);
  EXPECT_EQ(t.tileElements, 16384u);
  EXPECT_EQ(t.blockDim, 2u);
  EXPECT_EQ(t.elementsPerCore, 8448u);
}

TEST(BernoulliMaskTiling, Fp64N14337TwoBlocks) {
  const BernoulliMaskTiling t = tilingOk(ACL_DOUBLE, 14337);
  EXPECT_EQ(t.tileElements, 14336u);
  EXPECT_EQ(t.blockDim, 2u);
  EXPECT_EQ(t.elementsPerCore, 7424u);
}

TEST(BernoulliMaskTiling, Fp32Million40Blocks) {
  const BernoulliMaskTiling t = tilingOk(ACL_FLOAT, 1000000);
  EXPECT_EQ(t.tileElements, 16384u);
  EXPECT_EQ(t.blockDim, 40u);
  EXPECT_EQ(t.elementsPerCore, 25088u);
}

TEST(BernoulliMaskTiling, BlockSplitCoversEveryElementOnce) {
  for (const auto& d : allDtypes()) {
    for (uint64_t n : {1ull, 255ull, 256ull, 257ull, 16383ull, 16384ull, 16385ull, 100000ull,
                       655360ull, 655361ull, 1000000ull, 123456789ull, 1ull << 40}) {
      SCOPED_TRACE(std::string(d.name) + " n=" + std::to_string(n));
      const BernoulliMaskTiling t = tilingOk(d.dtype, n);
      EXPECT_GE(t.blockDim, 1u);
      EXPECT_LE(t.blockDim, 40u);
      EXPECT_EQ(t.elementsPerCore % 256, 0u);
      EXPECT_GE(uint64_t{t.blockDim} * t.elementsPerCore, n);
      EXPECT_LT(uint64_t{t.blockDim - 1} * t.elementsPerCore, n);  // no idle block
    }
  }
}

TEST(BernoulliMaskTiling, RejectsUbAtOrBelowReserve) {
  for (uint64_t ub : {0ull, 4096ull, 8192ull}) {
    device::SocSpec soc = a2();
    soc.ubBytes = ub;
    for (const auto& d : allDtypes()) {
      const Status s = tilingStatus(d.dtype, 1000, false, soc);
      EXPECT_EQ(s.code(), code::kNnParamInvalid) << d.name << " ub=" << ub;
      EXPECT_NE(s.message().find("8192-byte reserve"), std::string::npos) << s.message();
    }
  }
}

// The smallest UB with one 256-element tile: 8192 + 256 * (B + 5) bytes,
// except FP64, whose work buffer holds its gather tables for a 256-element
// step (20 bytes per element, 5120 in all) besides the mask slot (32) and
// the output tile (2048).
uint64_t smallestUb(const DtypeCase& d) {
  return d.key == kKeyFp64 ? 8192 + 32 + 2048 + kFp64MinWorkBytes : 8192 + 256 * (d.bytes + 5);
}

TEST(BernoulliMaskTiling, RejectsUbTooSmallForOneTile) {
  for (const auto& d : allDtypes()) {
    device::SocSpec soc = a2();
    soc.ubBytes = smallestUb(d) - 1;
    const Status s = tilingStatus(d.dtype, 1000, false, soc);
    EXPECT_EQ(s.code(), code::kNnParamInvalid) << d.name;
    EXPECT_NE(s.message().find("256-element tile"), std::string::npos) << s.message();
    soc.ubBytes += 1;  // exactly one 256-element tile
    const BernoulliMaskTiling t = tilingOk(d.dtype, 1000, false, soc);
    EXPECT_EQ(t.tileElements, 256u) << d.name;
    EXPECT_EQ(t.blockDim, 4u) << d.name;
    EXPECT_LE(bernoulliMaskUbBudget(t).total + 8192, soc.ubBytes) << d.name;
    if (d.key == kKeyFp64) {
      EXPECT_EQ(bernoulliMaskUbBudget(t).total + 8192, soc.ubBytes);
    }
  }
}

// The B + 5 rule alone gave FP64 a 256-element tile in 8192 + 13 * 256
// bytes; its gather tables then reached into the reserve, where Select
// writes its scalar temporary. The tiling names the need instead.
TEST(BernoulliMaskTiling, Fp64NamesItsBuffersWhenTheReserveWouldBeUsed) {
  device::SocSpec soc = a2();
  soc.ubBytes = 8192 + 13 * 256;
  const Status s = tilingStatus(ACL_DOUBLE, 1000, false, soc);
  EXPECT_EQ(s.code(), code::kNnParamInvalid);
  EXPECT_NE(s.message().find("DOUBLE"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("need 7200 bytes besides the 8192-byte reserve"), std::string::npos)
      << s.message();
  // 768 elements by the B + 5 rule need 11360 bytes (the work buffer's floor
  // of 5120): FP64 shrinks its tile until the tables fit.
  soc.ubBytes = 8192 + 13 * 768;
  const BernoulliMaskTiling t = tilingOk(ACL_DOUBLE, 1 << 20, false, soc);
  EXPECT_EQ(t.tileElements, 512u);
  EXPECT_LE(bernoulliMaskUbBudget(t).total + 8192, soc.ubBytes);
}

TEST(BernoulliMaskTiling, RejectsTooSmallUbOfTheCurrentSoc) {
  ASSERT_TRUE(device::setSocField("ubBytes", 8192).isOk());
  BernoulliMaskTiling t;
  const Status s = computeBernoulliMaskTiling(ACL_FLOAT, 1024, false, device::currentSoc(), &t);
  device::resetSoc();
  EXPECT_EQ(s.code(), code::kNnParamInvalid);
  EXPECT_NE(s.message().find("UB of 8192 bytes"), std::string::npos) << s.message();
  EXPECT_EQ(device::currentSoc().ubBytes, 192u * 1024u);
}

TEST(BernoulliMaskTiling, RejectsUnsupportedDtypes) {
  for (aclDataType dt : {ACL_DT_UNDEFINED, ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_STRING,
                         ACL_COMPLEX64, ACL_COMPLEX128, static_cast<aclDataType>(99)}) {
    const Status s = tilingStatus(dt, 1000, false, a2());
    EXPECT_EQ(s.code(), code::kNnParamInvalid) << static_cast<int>(dt);
    EXPECT_NE(s.message().find("is not supported"), std::string::npos) << s.message();
  }
}

TEST(BernoulliMaskTiling, RejectsEmptyAndOverflowingCounts) {
  Status s = tilingStatus(ACL_FLOAT, 0, false, a2());
  EXPECT_EQ(s.code(), code::kNnParamInvalid);
  EXPECT_NE(s.message().find("must be positive"), std::string::npos) << s.message();
  s = tilingStatus(ACL_INT64, UINT64_MAX / 4, false, a2());
  EXPECT_EQ(s.code(), code::kNnParamInvalid);
  EXPECT_NE(s.message().find("overflows"), std::string::npos) << s.message();
}

TEST(BernoulliMaskTiling, RejectsNoAivCoreAndNullOutput) {
  device::SocSpec soc = a2();
  soc.aivCores = 0;
  EXPECT_EQ(tilingStatus(ACL_FLOAT, 1000, false, soc).code(), code::kNnParamInvalid);
  EXPECT_EQ(computeBernoulliMaskTiling(ACL_FLOAT, 1000, false, a2(), nullptr).code(),
            code::kNnParamNullptr);
}

// Design 3.2.2: the smallest aliasable N is 16/8/4/2 for 1/2/4/8-byte outputs.
TEST(BernoulliMaskTiling, AliasNeedsTheMaskToFitInTheOutput) {
  for (const auto& d : allDtypes()) {
    const uint64_t minAlias = 16 / d.bytes;
    EXPECT_TRUE(tilingStatus(d.dtype, minAlias, true, a2()).isOk()) << d.name;
    const Status s = tilingStatus(d.dtype, minAlias - 1, true, a2());
    EXPECT_EQ(s.code(), code::kNnParamInvalid) << d.name;
    EXPECT_NE(s.message().find("cannot alias"), std::string::npos) << s.message();
    EXPECT_TRUE(tilingStatus(d.dtype, minAlias - 1, false, a2()).isOk()) << d.name;
  }
  // 129 elements need a 32-byte mask: uint8 output of 129 bytes holds it.
  EXPECT_TRUE(tilingStatus(ACL_UINT8, 129, true, a2()).isOk());
}

// Design 3.4.3: the UB budget table for the 192 KiB UB of A2.
TEST(BernoulliMaskTiling, UbBudgetTableOfTheDesign) {
  struct Row {
    aclDataType dt;
    uint32_t tile, maskQueue, outQueue, workBuf, total;
  };
  const Row rows[] = {
      {ACL_UINT8, 16384, 2048, 16384, 65536, 83968},
      {ACL_FLOAT16, 16384, 2048, 32768, 65536, 100352},
      {ACL_FLOAT, 16384, 2048, 65536, 65536, 133120},
      {ACL_DOUBLE, 14336, 1792, 114688, 57344, 173824},
  };
  for (const Row& r : rows) {
    const BernoulliMaskTiling t = tilingOk(r.dt, 1000000);
    const auto b = bernoulliMaskUbBudget(t);
    EXPECT_EQ(t.tileElements, r.tile);
    EXPECT_EQ(b.maskQueue, r.maskQueue);
    EXPECT_EQ(b.outQueue, r.outQueue);
    EXPECT_EQ(b.workBuf, r.workBuf);
    EXPECT_EQ(b.total, r.total);
    EXPECT_LE(b.total + 8192u, 192u * 1024u);  // the 8 KiB reserve stays free
  }
  // Same width, same budget.
  for (const auto& d : allDtypes()) {
    const auto b = bernoulliMaskUbBudget(tilingOk(d.dtype, 1000000));
    for (const Row& r : rows) {
      if (dtypeCase(r.dt).bytes == d.bytes) {
        EXPECT_EQ(b.total, r.total) << d.name;
      }
    }
  }
}

TEST(BernoulliMaskTiling, BudgetFitsEveryUbSize) {
  for (const auto& d : allDtypes()) {
    for (uint64_t ub = smallestUb(d); ub <= 256 * 1024; ub += 1000) {
      device::SocSpec soc = a2();
      soc.ubBytes = ub;
      const BernoulliMaskTiling t = tilingOk(d.dtype, 1 << 20, false, soc);
      const auto b = bernoulliMaskUbBudget(t);
      ASSERT_EQ(t.tileElements % 256, 0u);
      // The reserve stays free for every dtype (FP64's work buffer included).
      ASSERT_LE(b.total + 8192, ub) << d.name << " ub=" << ub;
    }
  }
}

// Design 3.4.2: start = alignUp(ceil(ceil(end/8)/d), 256) keeps every write of a
// wave above the mask bytes still to be read, and always makes progress.
TEST(BernoulliMaskTiling, AliasWaveStartIsSafeAndProgresses) {
  using ops::bernoulli::BernoulliAliasWaveStart;
  for (uint32_t d : {1u, 2u, 4u, 8u}) {
    auto check = [d](uint64_t end) {
      const uint64_t start = BernoulliAliasWaveStart(end, d);
      const uint64_t maskEnd = (end + 7) / 8;
      if (!(d * start >= maskEnd && start < end && start % 256 == 0 && start >= 256))
        ADD_FAILURE() << "d=" << d << " end=" << end << " start=" << start;
    };
    for (uint64_t end = 257; end <= 300000; ++end) check(end);
    for (uint64_t end = 300000; end < (1ull << 60); end = end * 3 + 1) check(end);
    // Waves for N = 10^6: few, and the same for every block.
    uint64_t end = 1000000;
    int waves = 0;
    while (end > 256) {
      end = BernoulliAliasWaveStart(end, d);
      ++waves;
    }
    EXPECT_LE(waves, 4) << d;
  }
}

TEST(BernoulliMaskTiling, A3PresetUsesItsOwnResources) {
  device::SocSpec a3;
  ASSERT_TRUE(device::socPreset("ascend910_93", &a3).isOk());
  a3.aivCores = 48;  // resources come from the SoC passed in, not constants
  a3.ubBytes = 128 * 1024;
  const BernoulliMaskTiling t = tilingOk(ACL_FLOAT, 1000000, false, a3);
  EXPECT_EQ(t.tileElements, (128u * 1024u - 8192u) / 9u / 256u * 256u);
  EXPECT_EQ(t.blockDim, 48u);
  EXPECT_EQ(t.elementsPerCore, (1000000u / 48u + 1u + 255u) / 256u * 256u);
}

}  // namespace
}  // namespace asctwin::testing::bernoulli
