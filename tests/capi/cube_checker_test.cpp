// The C API's cube functions under check mode and the checker: the records
// carry the caller's line, so a missing flag between MTE2 and MTE1, MTE1 and
// M, or M and FIX is reported with both lines and functions; the flagged
// async forms and the `_sync` forms are clean and give the product under
// many check-mode seeds.
#include <set>

#include "asctwin/asctwin_check.h"
#include "capi/capi_test_util.h"
#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

namespace {

using asctwin::capitest::gmAs;
using asctwin::capitest::localAt;

constexpr uint16_t kN = 16;  // a 16 x 16 x 16 half product

enum class Missing : int32_t { None, Mte2Mte1, Mte1M, MFix, Sync };

// C = A x B with A (Zz) and B (Zn) fractals in GM, one flag left out by case.
__global__ __cube__ void cubeChain(GM_ADDR a, GM_ADDR b, GM_ADDR c, Missing missing) {
  auto* a1 = localAt<__cbuf__ half>(0);
  auto* b1 = localAt<__cbuf__ half>(4096);
  auto* a2 = localAt<__ca__ half>(0);
  auto* b2 = localAt<__cb__ half>(0);
  auto* c1 = localAt<__cc__ float>(0);
  asc_set_l0c_copy_params(1, 0, 0);
  if (missing == Missing::Sync) {
    asc_copy_gm2l1_sync(a1, reinterpret_cast<__gm__ void*>(a), 512);
    asc_copy_gm2l1_sync(b1, reinterpret_cast<__gm__ void*>(b), 512);
    asc_copy_l12l0a_sync(a2, a1, 0, 1, 1, 0);
    asc_copy_l12l0b_sync(b2, b1, 0, 1, 1, 0);
    asc_mmad_sync(c1, a2, b2, kN, kN, kN, 0, false, false, true);
    asc_copy_l0c2gm_sync(reinterpret_cast<__gm__ float*>(c), c1, kN, kN, kN, kN, 0, NoQuant, 0,
                         false, true);
    return;
  }
  asc_copy_gm2l1(a1, reinterpret_cast<__gm__ void*>(a), 512);  // @in-a
  asc_copy_gm2l1(b1, reinterpret_cast<__gm__ void*>(b), 512);
  if (missing != Missing::Mte2Mte1) {
    asc_sync_notify(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    asc_sync_wait(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  }
  asc_copy_l12l0a(a2, a1, 0, 1, 1, 0);  // @load-a
  asc_copy_l12l0b(b2, b1, 0, 1, 1, 0);
  if (missing != Missing::Mte1M) {
    asc_sync_notify(PIPE_MTE1, PIPE_M, EVENT_ID0);
    asc_sync_wait(PIPE_MTE1, PIPE_M, EVENT_ID0);
  }
  asc_mmad(c1, a2, b2, kN, kN, kN, 0, false, false, true);  // @mmad
  if (missing != Missing::MFix) {
    asc_sync_notify(PIPE_M, PIPE_FIX, EVENT_ID0);
    asc_sync_wait(PIPE_M, PIPE_FIX, EVENT_ID0);
  }
  __gm__ float* out = reinterpret_cast<__gm__ float*>(c);
  asc_copy_l0c2gm(out, c1, kN, kN, kN, kN, 0, NoQuant, 0, false, true);  // @out
}

}  // namespace

namespace asctwin::testing {
namespace {

class CapiCubeCheck : public KernelTest {
 protected:
  void SetUp() override {
    KernelTest::SetUp();
    std::vector<uint16_t> a(256), b(256);
    for (uint32_t i = 0; i < 256; ++i) {
      a[i] = static_cast<uint16_t>(0x3C00 + (i % 5) * 0x400);      // 1, 2, 4, 8, 16
      b[i] = static_cast<uint16_t>(i % 3 == 0 ? 0x3C00 : 0xBC00);  // +-1
    }
    a_.upload(a);
    b_.upload(b);
    // A row i = Zz row i; B column j = Zn row j.
    want_.assign(256, 0.0f);
    for (uint32_t i = 0; i < 16; ++i)
      for (uint32_t j = 0; j < 16; ++j)
        for (uint32_t kk = 0; kk < 16; ++kk)
          want_[i * 16 + j] += static_cast<float>(1u << ((i * 16 + kk) % 5)) *
                               ((j * 16 + kk) % 3 == 0 ? 1.0f : -1.0f);
  }
  void TearDown() override { asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0); }
  std::vector<checker::Finding> racesOf(Missing m) {
    checker::Session s(checker::racecheck);
    EXPECT_EQ(asctwin::run(cubeChain, cube(1, "cubeChain"), a_.gm(), b_.gm(), c_.gm(), m), 0)
        << lastError();
    return ofKind(s.findings(), "race-same-core");
  }
  DevBuf a_{512}, b_{512}, c_{1024};
  std::vector<float> want_;
};

// A race between the lines `from` (function fromApi on fromPipe) and `to`
// (toApi on toPipe), in either order (the checker names the access check
// mode carried out first).
void expectRace(const std::vector<checker::Finding>& f, const char* from, const char* fromApi,
                const char* fromPipe, const char* to, const char* toApi, const char* toPipe) {
  const int a = markerLine(__FILE__, from), b = markerLine(__FILE__, to);
  bool found = false;
  for (const auto& one : f) {
    if (!one.second.has_value()) continue;
    const auto& x = one.first.line == a ? one.first : *one.second;
    const auto& y = one.first.line == a ? *one.second : one.first;
    if (x.line != a || y.line != b) continue;
    found = true;
    EXPECT_EQ(x.api, fromApi);
    EXPECT_EQ(x.pipe, fromPipe);
    EXPECT_EQ(y.api, toApi);
    EXPECT_EQ(y.pipe, toPipe);
  }
  EXPECT_TRUE(found) << from << " / " << to << ":\n" << dump(f);
}

TEST_F(CapiCubeCheck, MissingMte2ToMte1FlagNamesBothLines) {
  expectRace(racesOf(Missing::Mte2Mte1), "in-a", "asc_copy_gm2l1", "MTE2", "load-a",
             "asc_copy_l12l0a", "MTE1");
}

TEST_F(CapiCubeCheck, MissingMte1ToMFlagNamesBothLines) {
  expectRace(racesOf(Missing::Mte1M), "load-a", "asc_copy_l12l0a", "MTE1", "mmad", "asc_mmad", "M");
}

TEST_F(CapiCubeCheck, MissingMToFixFlagNamesBothLines) {
  const auto f = racesOf(Missing::MFix);
  EXPECT_EQ(f.size(), 1u) << dump(f);
  expectRace(f, "mmad", "asc_mmad", "M", "out", "asc_copy_l0c2gm", "FIX");
}

TEST_F(CapiCubeCheck, FlaggedAndSyncFormsAreCleanAndRightUnderEverySeed) {
  {
    checker::Session s(checker::racecheck | checker::synccheck);
    for (Missing m : {Missing::None, Missing::Sync})
      ASSERT_EQ(asctwin::run(cubeChain, cube(1, "cubeChain"), a_.gm(), b_.gm(), c_.gm(), m), 0)
          << lastError();
    EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
  }
  for (uint64_t seed = 0; seed < 20; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    for (Missing m : {Missing::None, Missing::Sync}) {
      c_.zero();
      ASSERT_EQ(asctwin::run(cubeChain, cube(1, "cubeChain"), a_.gm(), b_.gm(), c_.gm(), m), 0)
          << "seed " << seed << ": " << lastError();
      ASSERT_EQ(c_.download<float>(256), want_) << "seed " << seed;
    }
  }
}

}  // namespace
}  // namespace asctwin::testing
