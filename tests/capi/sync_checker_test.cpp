// The C API's synchronisation under check mode and the checker, its bad
// operands, and local-memory arrays:
//  - an async add whose MTE2 -> V flag is missing: racecheck reports the copy
//    and the add, each at its own line (the records carry the caller's line);
//  - the `_sync` forms and the correctly flagged async form: clean, and the
//    right sums under many check-mode seeds;
//  - misaligned and out-of-range operands, and an unknown event: the launch
//    fails with the ISA core's message;
//  - local arrays: one place per declaration and core, reused on every
//    execution, 32-byte aligned after the ones placed before; too large an
//    array fails naming it.
#include "asctwin/asctwin_check.h"
#include "asctwin/capi/local_array.h"
#include "c_api/asc_simd.h"
#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

namespace {

constexpr uint32_t kLen = 256;  // floats per block

__gm__ float* gmf(GM_ADDR p) {
  return reinterpret_cast<__gm__ float*>(p);
}
__ubuf__ float* ubf(uint64_t offset) {
  return reinterpret_cast<__ubuf__ float*>(asc_get_phy_buf_addr(offset));
}

// z = x + y with the copy-in not ordered before the add.
__global__ __aicore__ void addMissingFlag(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  asc_init();
  __ubuf__ float* a = ubf(0);
  __ubuf__ float* b = ubf(kLen * 4);
  __ubuf__ float* c = ubf(kLen * 8);
  asc_copy_gm2ub(a, gmf(x), kLen * 4);  // @miss-write-a
  asc_copy_gm2ub(b, gmf(y), kLen * 4);  // @miss-write-b
  asc_add(c, a, b, kLen);               // @miss-read
  asc_sync_notify(PIPE_V, PIPE_MTE3, EVENT_ID0);
  asc_sync_wait(PIPE_V, PIPE_MTE3, EVENT_ID0);
  asc_copy_ub2gm(gmf(z), c, kLen * 4);
}

// The same ordered by flags (one block each, its own slice).
__global__ __aicore__ void addFlagged(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  asc_init();
  const uint64_t at = asc_get_block_idx() * kLen;
  __ubuf__ float* a = ubf(0);
  __ubuf__ float* b = ubf(kLen * 4);
  __ubuf__ float* c = ubf(kLen * 8);
  asc_copy_gm2ub(a, gmf(x) + at, kLen * 4);
  asc_copy_gm2ub(b, gmf(y) + at, kLen * 4);
  asc_sync_notify(PIPE_MTE2, PIPE_V, EVENT_ID1);
  asc_sync_wait(PIPE_MTE2, PIPE_V, EVENT_ID1);
  asc_add(c, a, b, kLen);
  asc_sync_notify(PIPE_V, PIPE_MTE3, EVENT_ID0);
  asc_sync_wait(PIPE_V, PIPE_MTE3, EVENT_ID0);
  asc_copy_ub2gm(gmf(z) + at, c, kLen * 4);
}

// The same with the `_sync` forms and no flag at all.
__global__ __aicore__ void addSyncForms(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  asc_init();
  const uint64_t at = asc_get_block_idx() * kLen;
  __ubuf__ float* a = ubf(0);
  __ubuf__ float* b = ubf(kLen * 4);
  __ubuf__ float* c = ubf(kLen * 8);
  asc_copy_gm2ub_sync(a, gmf(x) + at, kLen * 4);
  asc_copy_gm2ub_sync(b, gmf(y) + at, kLen * 4);
  asc_add_sync(c, a, b, kLen);
  asc_copy_ub2gm_sync(gmf(z) + at, c, kLen * 4);
}

// Bad operands, by case.
__global__ __aicore__ void badOperand(GM_ADDR x, int32_t which) {
  asc_init();
  switch (which) {
    case 0:  // 16 bytes off the 32-byte grid
      asc_add(ubf(16), ubf(0), ubf(64), 64);
      break;
    case 1:  // past the end of UB
      asc_copy_gm2ub(ubf(192 * 1024 - 512), gmf(x), 1024);
      break;
    default:  // past the end of the GM allocation
      asc_copy_ub2gm(gmf(x) + kLen, ubf(0), 2048);
      break;
  }
}

// Two local arrays declared in a loop (what the front end makes of
// `__ubuf__ float a[40]; __ubuf__ half b[16];`): their UB offsets per pass.
__global__ __aicore__ void localArrays(GM_ADDR out) {
  for (int pass = 0; pass < 3; ++pass) {
    auto& a = asctwin::capi::localArray<float[40], asctwin::capi::LocalSpace::UB>([] {}, "a");
    auto& b = asctwin::capi::localArray<half[16], asctwin::capi::LocalSpace::UB>([] {}, "b");
    const auto base =
        reinterpret_cast<uintptr_t>(asctwin::kernel::localBase(asctwin::kernel::Space::UB));
    auto* o = reinterpret_cast<__gm__ uint32_t*>(out) + asc_get_block_idx() * 8 + pass * 2;
    o[0] = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(&a[0]) - base);
    o[1] = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(&b[0]) - base);
  }
}

__global__ __aicore__ void localArrayTooLarge() {
  auto& big = asctwin::capi::localArray<float[50000], asctwin::capi::LocalSpace::UB>([] {}, "big");
  (void)big;
}

}  // namespace

namespace asctwin::testing {
namespace {

class CapiSync : public KernelTest {
 protected:
  void TearDown() override { asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0); }
  void upload(DevBuf& x, DevBuf& y, uint32_t blocks) {
    std::vector<float> xv(kLen * blocks), yv(kLen * blocks);
    for (uint32_t i = 0; i < xv.size(); ++i) {
      xv[i] = static_cast<float>(i % 1000) * 0.5f;
      yv[i] = 3.0f - static_cast<float>(i % 7);
    }
    x.upload(xv);
    y.upload(yv);
    want_.resize(xv.size());
    for (uint32_t i = 0; i < xv.size(); ++i) want_[i] = xv[i] + yv[i];
  }
  std::vector<float> want_;
};

TEST_F(CapiSync, MissingFlagIsReportedWithBothLines) {
  DevBuf x(kLen * 4), y(kLen * 4), z(kLen * 4);
  upload(x, y, 1);
  checker::Session s(checker::racecheck);
  ASSERT_EQ(asctwin::run(addMissingFlag, vec(1, "addMissingFlag"), x.gm(), y.gm(), z.gm()), 0)
      << lastError();
  // Each copy-in races with the add that reads it.
  const auto f = ofKind(s.findings(), "race-same-core");
  ASSERT_EQ(f.size(), 2u) << dump(s.findings());
  std::set<int> writes;
  for (const auto& one : f) {
    writes.insert(one.first.line);
    EXPECT_EQ(one.first.pipe, "MTE2");
    EXPECT_EQ(one.first.api, "asc_copy_gm2ub");
    ASSERT_TRUE(one.second.has_value());
    EXPECT_EQ(one.second->line, markerLine(__FILE__, "miss-read"));
    EXPECT_EQ(one.second->pipe, "V");
    EXPECT_EQ(one.second->api, "asc_add");
  }
  EXPECT_EQ(writes, (std::set<int>{markerLine(__FILE__, "miss-write-a"),
                                   markerLine(__FILE__, "miss-write-b")}));
}

TEST_F(CapiSync, SyncFormsAndFlaggedAsyncFormsAreCleanAndRight) {
  constexpr uint32_t kBlocks = 4;
  DevBuf x(kLen * 4 * kBlocks), y(kLen * 4 * kBlocks), z(kLen * 4 * kBlocks);
  upload(x, y, kBlocks);
  checker::Session s(checker::racecheck | checker::synccheck);
  for (auto* kernel : {addFlagged, addSyncForms}) {
    z.zero();
    ASSERT_EQ(asctwin::run(kernel, vec(kBlocks, "add"), x.gm(), y.gm(), z.gm()), 0) << lastError();
    EXPECT_EQ(z.download<float>(kLen * kBlocks), want_);
  }
  EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
}

TEST_F(CapiSync, CheckModeGivesTheSumsUnderEverySeed) {
  constexpr uint32_t kBlocks = 3;
  DevBuf x(kLen * 4 * kBlocks), y(kLen * 4 * kBlocks), z(kLen * 4 * kBlocks);
  upload(x, y, kBlocks);
  for (uint64_t seed = 0; seed < 40; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    for (auto* kernel : {addFlagged, addSyncForms}) {
      z.zero();
      ASSERT_EQ(asctwin::run(kernel, vec(kBlocks, "add"), x.gm(), y.gm(), z.gm()), 0)
          << "seed " << seed << ": " << lastError();
      ASSERT_EQ(z.download<float>(kLen * kBlocks), want_) << "seed " << seed;
    }
  }
}

TEST_F(CapiSync, BadOperandsFailTheLaunchWithTheRule) {
  DevBuf x(kLen * 4);
  x.zero();
  const char* expected[] = {"not 32-byte aligned", "overflows the 196608-byte UB", "allocation"};
  for (int32_t which = 0; which < 3; ++which) {
    EXPECT_NE(asctwin::run(badOperand, vec(1, "bad"), x.gm(), which), 0) << which;
    const std::string msg = lastError();
    EXPECT_NE(msg.find(expected[which]), std::string::npos) << which << ": " << msg;
  }
}

TEST_F(CapiSync, LocalArraysKeepOnePlacePerDeclarationAndCore) {
  constexpr uint32_t kBlocks = 2;
  DevBuf out(kBlocks * 8 * 4);
  out.zero();
  ASSERT_EQ(asctwin::run(localArrays, vec(kBlocks, "arrays"), out.gm()), 0) << lastError();
  const auto got = out.download<uint32_t>(kBlocks * 8);
  for (uint32_t blk = 0; blk < kBlocks; ++blk) {
    for (uint32_t pass = 0; pass < 3; ++pass) {
      EXPECT_EQ(got[blk * 8 + pass * 2], 0u) << "a, block " << blk << " pass " << pass;
      // 160 bytes of a, then b at the next 32-byte boundary.
      EXPECT_EQ(got[blk * 8 + pass * 2 + 1], 160u) << "b, block " << blk << " pass " << pass;
    }
  }
  EXPECT_NE(asctwin::run(localArrayTooLarge, vec(1, "big")), 0);
  const std::string msg = lastError();
  EXPECT_NE(msg.find("local array 'big' of 200000 bytes"), std::string::npos) << msg;
  EXPECT_NE(msg.find("196608-byte UB"), std::string::npos) << msg;
}

}  // namespace
}  // namespace asctwin::testing
