// Check mode: the atomics seed's scenarios give exactly 1.0 under every seed;
// each broken variant gives at least two results (0.0 and 1.0) and explore
// names the seeds that replay them; same seed, same schedule; selection by
// LaunchOptions, asctwinSetKernelMode and the environment.
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>

#include "asctwin/asctwin_check.h"
#include "check/scenarios.h"
#include "kernel/kernel_test_util.h"

using namespace AscendC;
using check_scenarios::kLen;
using check_scenarios::Variant;

namespace asctwin::testing {
namespace {

constexpr uint64_t kSeeds = 1000;

class CheckScenarioTest : public KernelTest {
 protected:
  void SetUp() override {
    for (int i = 0; i < 4; ++i) src[i] = std::make_unique<DevBuf>(kLen * 4);
    dst = std::make_unique<DevBuf>(kLen * 4);
    sync = std::make_unique<DevBuf>(64 * 32);
  }
  void TearDown() override { asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0); }

  // Fresh inputs, garbage in dst, zeroed flags.
  void reset() {
    const float vals[4] = {0.0f, 1.0f, 1e16f, -1e16f};
    for (int i = 0; i < 4; ++i) std::fill_n(reinterpret_cast<float*>(src[i]->gm()), kLen, vals[i]);
    std::fill_n(reinterpret_cast<float*>(dst->gm()), kLen, 42.0f);
    std::memset(sync->gm(), 0, sync->bytes);
  }
  int runScenario(int which, Variant v) {
    reset();
    const auto variant = static_cast<int32_t>(v);
    switch (which) {
      case 1:
        return asctwin::run(check_scenarios::scenario1, vec(1, "scenario1"), src[0]->gm(),
                            src[1]->gm(), src[2]->gm(), src[3]->gm(), dst->gm(), variant);
      case 2:
        return asctwin::run(check_scenarios::scenario2, vec(4, "scenario2"), src[0]->gm(),
                            src[1]->gm(), src[2]->gm(), src[3]->gm(), dst->gm(), sync->gm(),
                            variant);
      default:
        return asctwin::run(check_scenarios::scenario3, cube(4, "scenario3"), src[0]->gm(),
                            src[1]->gm(), src[2]->gm(), src[3]->gm(), dst->gm(), sync->gm(),
                            variant);
    }
  }

  struct Explored {
    ExploreResult result;
    std::map<uint64_t, float> firstValue;  // hash -> dst[0] of its first seed
    bool allElementsEqual = true;
    double seconds = 0;
  };
  Explored exploreScenario(int which, Variant v) {
    Explored e;
    const auto t0 = std::chrono::steady_clock::now();
    e.result = explore(kSeeds, 0, [&](uint64_t seed) -> uint64_t {
      const int rc = runScenario(which, v);
      EXPECT_EQ(rc, 0) << "seed " << seed << ": " << lastError();
      const float* out = reinterpret_cast<const float*>(dst->gm());
      for (uint32_t i = 1; i < kLen; ++i) e.allElementsEqual &= out[i] == out[0];
      const uint64_t h = hashBytes(out, kLen * sizeof(float));
      e.firstValue.emplace(h, out[0]);
      return h;
    });
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("scenario %d variant %d: %s (%.2f s)\n", which, static_cast<int>(v),
                e.result.summary().c_str(), e.seconds);
    return e;
  }
  void expectOneResultOfOne(int which) {
    Explored e = exploreScenario(which, Variant::Correct);
    ASSERT_EQ(e.result.distinct(), 1u) << e.result.summary();
    EXPECT_EQ(e.result.outcomes[0].count, kSeeds);
    EXPECT_EQ(e.firstValue.begin()->second, 1.0f);
    EXPECT_TRUE(e.allElementsEqual);
  }
  // `wrong` is the other value the broken kernel must produce under some seed.
  void expectOneAnd(int which, Variant v, float wrong) {
    Explored e = exploreScenario(which, v);
    EXPECT_GE(e.result.distinct(), 2u) << e.result.summary();
    std::set<float> values;
    for (auto& [h, value] : e.firstValue) values.insert(value);
    EXPECT_TRUE(values.count(wrong)) << e.result.summary();
    EXPECT_TRUE(values.count(1.0f)) << e.result.summary();
    // Every outcome names the seed that replays it, and replaying gives it.
    for (const ExploreOutcome& o : e.result.outcomes) {
      asctwinSetKernelMode(ASCTWIN_MODE_CHECK, o.firstSeed);
      ASSERT_EQ(runScenario(which, v), 0) << lastError();
      EXPECT_EQ(hashBytes(dst->gm(), kLen * sizeof(float)), o.hash) << "seed " << o.firstSeed;
    }
    EXPECT_NE(e.result.summary().find("(replay: ASCTWIN_SEED="), std::string::npos);
  }

  std::unique_ptr<DevBuf> src[4], dst, sync;
};

TEST_F(CheckScenarioTest, Scenario1GivesOneUnderEverySeed) {
  expectOneResultOfOne(1);
}
TEST_F(CheckScenarioTest, Scenario2GivesOneUnderEverySeed) {
  expectOneResultOfOne(2);
}
TEST_F(CheckScenarioTest, Scenario3GivesOneUnderEverySeed) {
  expectOneResultOfOne(3);
}

TEST_F(CheckScenarioTest, Scenario1WithoutBarrierBetweenAtomicCopiesVaries) {
  expectOneAnd(1, Variant::NoBarrierBetweenAtomics, 0.0f);
}
// The barriers between the atomic copies still order the init copy before
// the second and third (a barrier waits for every earlier MTE3 copy), so the
// init can only land after the first atomic copy (+1e16), which it then
// overwrites: 0 - 1e16 + 1 = -1e16.
TEST_F(CheckScenarioTest, Scenario1WithoutBarrierAfterInitCopyVaries) {
  expectOneAnd(1, Variant::NoBarrierAfterInit, -1e16f);
}
TEST_F(CheckScenarioTest, Scenario2WaitingOnTheWrongBlockVaries) {
  expectOneAnd(2, Variant::WrongBlock, 0.0f);
}
TEST_F(CheckScenarioTest, Scenario3WithoutMte3SBeforeTheSignalVaries) {
  expectOneAnd(3, Variant::NoMte3SBeforeSignal, 0.0f);
}

TEST_F(CheckScenarioTest, FastModeStillRunsInProgramOrder) {
  asctwinSetKernelMode(ASCTWIN_MODE_FAST, 0);
  for (Variant v :
       {Variant::Correct, Variant::NoBarrierBetweenAtomics, Variant::NoBarrierAfterInit}) {
    ASSERT_EQ(runScenario(1, v), 0) << lastError();
    EXPECT_EQ(reinterpret_cast<const float*>(dst->gm())[0], 1.0f);
  }
}

TEST_F(CheckScenarioTest, SameSeedSameScheduleAndOutput) {
  std::set<uint64_t> schedules;
  for (uint64_t seed : {7ull, 8ull, 9ull, 10ull, 11ull}) {
    uint64_t hash[2] = {0, 0}, out[2] = {0, 0};
    for (int rep = 0; rep < 2; ++rep) {
      kernel::LaunchStats stats;
      LaunchOptions o = vec(4, "scenario2");
      o.mode = ExecMode::Check;
      o.seed = seed;
      o.stats = &stats;
      reset();
      ASSERT_EQ(asctwin::run(check_scenarios::scenario2, o, src[0]->gm(), src[1]->gm(),
                             src[2]->gm(), src[3]->gm(), dst->gm(), sync->gm(),
                             static_cast<int32_t>(Variant::WrongBlock)),
                0)
          << lastError();
      EXPECT_EQ(stats.mode, ExecMode::Check);
      EXPECT_EQ(stats.seed, seed);
      EXPECT_GT(stats.steps, 0u);
      EXPECT_GT(stats.instructions, 0u);
      EXPECT_EQ(asctwinLastScheduleHash(), stats.scheduleHash);
      hash[rep] = stats.scheduleHash;
      out[rep] = hashBytes(dst->gm(), kLen * sizeof(float));
    }
    EXPECT_EQ(hash[0], hash[1]) << "seed " << seed;
    EXPECT_EQ(out[0], out[1]) << "seed " << seed;
    schedules.insert(hash[0]);
  }
  EXPECT_GT(schedules.size(), 1u);  // different seeds, different schedules
}

}  // namespace
}  // namespace asctwin::testing
