// Block-local variables (devkit mode's `__BLOCK_LOCAL__`, src/kernel/
// block_locals.h): thread_local variables registered with the twin keep one
// value per block across fiber switches. Many blocks share few host threads
// (fast mode) or one (check mode) and switch at every SyncAll, so a value
// that was not saved and restored would be another block's when a block
// comes back. The oracle is each block's own arithmetic on its index.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "asctwin/devkit/block_local.h"
#include "kernel/block_locals.h"
#include "kernel/kernel_test_util.h"

namespace {

using namespace AscendC;

// Registered as asctwin-asc registers a rewritten declaration.
thread_local int64_t tCounter = -1;
thread_local uint8_t tBytes[24] = {1, 2, 3};  // a block starts with {1, 2, 3, 0, ...}
[[maybe_unused]] const bool kCounterRegistered = asctwin::devkit::registerBlockLocal(
    +[]() -> void* { return &tCounter; }, sizeof(tCounter));
[[maybe_unused]] const bool kBytesRegistered = asctwin::devkit::registerBlockLocal(
    +[]() -> void* { return &tBytes; }, sizeof(tBytes));

constexpr uint32_t kBlocks = 12;
constexpr int kRounds = 4;

// out[b]: 1 if the block started with the initial values, then its counter
// after kRounds barriers and the number of rounds in which its bytes were
// still its own.
__global__ __aicore__ void keepOwnValues(GM_ADDR out) {
  const auto me = static_cast<int64_t>(GetBlockIdx());
  const bool fresh = tCounter == -1 && tBytes[0] == 1 && tBytes[1] == 2 && tBytes[2] == 3 &&
                     tBytes[3] == 0 && tBytes[23] == 0;
  tCounter = me * 1000;
  std::memset(tBytes, static_cast<int>(me), sizeof(tBytes));
  int64_t ownRounds = 0;
  for (int r = 0; r < kRounds; ++r) {
    SyncAll();  // every block leaves its thread here
    bool own = true;
    for (uint8_t b : tBytes) own = own && b == static_cast<uint8_t>(me + r);
    ownRounds += own ? 1 : 0;
    tCounter += 1;
    std::memset(tBytes, static_cast<int>(me + r + 1), sizeof(tBytes));
  }
  auto* o = reinterpret_cast<__gm__ int64_t*>(out) + me * 3;
  o[0] = fresh ? 1 : 0;
  o[1] = tCounter;
  o[2] = ownRounds;
}

class BlockLocalTest : public asctwin::testing::KernelTest {};

TEST_F(BlockLocalTest, EveryBlockKeepsItsOwnValuesAcrossSwitches) {
  ASSERT_TRUE(kCounterRegistered);
  ASSERT_TRUE(kBytesRegistered);
  const std::pair<asctwin::ExecMode, uint64_t> runs[] = {
      {asctwin::ExecMode::Fast, 0}, {asctwin::ExecMode::Check, 1}, {asctwin::ExecMode::Check, 29}};
  for (const auto& [mode, seed] : runs) {
    asctwin::testing::DevBuf out(kBlocks * 3 * sizeof(int64_t));
    asctwin::LaunchOptions o = vec(kBlocks, "keepOwnValues");
    o.mode = mode;
    o.seed = seed;
    ASSERT_EQ(asctwin::run(keepOwnValues, o, out.gm()), 0) << lastError();
    const auto got = out.download<int64_t>(kBlocks * 3);
    for (uint32_t b = 0; b < kBlocks; ++b) {
      EXPECT_EQ(got[b * 3], 1) << "block " << b << " did not start with the initial values";
      EXPECT_EQ(got[b * 3 + 1], int64_t(b) * 1000 + kRounds) << "block " << b;
      EXPECT_EQ(got[b * 3 + 2], kRounds) << "block " << b;
    }
  }
}

TEST_F(BlockLocalTest, ARegistrationPerTranslationUnitIsOneVariable) {
  const size_t before = asctwin::kernel::blockLocalCount();
  // Another unit's accessor of the same variable: a different function.
  EXPECT_FALSE(asctwin::devkit::registerBlockLocal(
      +[]() -> void* { return static_cast<void*>(&tCounter); }, sizeof(tCounter)));
  EXPECT_EQ(asctwin::kernel::blockLocalCount(), before);
}

}  // namespace
