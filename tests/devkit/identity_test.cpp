// The identity intrinsics of the devkit contract (get_block_idx,
// get_block_num, get_subblockid, get_subblockdim) on every core of vector,
// cube and mix launches. The oracle is the A2/A3 register semantics Huawei's
// dav_c220 code is written against (kernel_operator_sys_var_impl.h:
// "get_block_idx --- return 0 ~ 23 in aic/aiv", GetBlockIdx() of an AIV =
// get_block_idx() * get_subblockdim() + get_subblockid()): get_block_idx is
// the AI Core (group) the core belongs to, on the AIC and on both AIVs, and
// the KFC message queues of a group are found by it
// (impl/basic_api/dav_c220/kfc/kfc_comm.h, GetMsgHead).
#include <gtest/gtest.h>

#include <cstdint>

#include "asctwin/devkit/intrinsics_sys.h"
#include "kernel/kernel_test_util.h"

namespace {

using namespace AscendC;

constexpr uint32_t kGroups = 3;
constexpr uint32_t kSlots = 5;  // per core: the four intrinsics and the core kind

// Each core writes its answers at the slot of its launch-wide core number:
// AIC g at g, AIV (g, s) at groups + g * ratio + s.
__global__ __aicore__ void reportIdentity(GM_ADDR out) {
  const bool aic = ASCEND_IS_AIC;
  const int64_t core = aic ? GetBlockIdx() : kGroups + GetBlockIdx();
  auto* o = reinterpret_cast<__gm__ int64_t*>(out) + core * kSlots;
  o[0] = get_block_idx();
  o[1] = get_block_num();
  o[2] = get_subblockid();
  o[3] = get_subblockdim();
  o[4] = aic ? 1 : 2;
}

class DevkitIdentityTest : public asctwin::testing::KernelTest {};

void expectCore(const std::vector<int64_t>& got, uint32_t core, int64_t group, int64_t num,
                int64_t sub, int64_t dim, int64_t kind) {
  const int64_t* r = &got[core * kSlots];
  EXPECT_EQ(r[0], group) << "get_block_idx of core " << core;
  EXPECT_EQ(r[1], num) << "get_block_num of core " << core;
  EXPECT_EQ(r[2], sub) << "get_subblockid of core " << core;
  EXPECT_EQ(r[3], dim) << "get_subblockdim of core " << core;
  EXPECT_EQ(r[4], kind) << "kind of core " << core;
}

TEST_F(DevkitIdentityTest, MixGroupsAnswerWithTheirAiCoreOnEveryCore) {
  for (uint32_t ratio : {2u, 1u}) {
    asctwin::testing::DevBuf out(kGroups * (1 + ratio) * kSlots * sizeof(int64_t));
    asctwin::LaunchOptions o = mix(kGroups, "reportIdentity");
    o.spec.aiv = ratio;
    ASSERT_EQ(asctwin::run(reportIdentity, o, out.gm()), 0) << lastError();
    const auto got = out.download<int64_t>(kGroups * (1 + ratio) * kSlots);
    for (uint32_t g = 0; g < kGroups; ++g) {
      expectCore(got, g, g, kGroups, 0, 1, 1);
      for (uint32_t s = 0; s < ratio; ++s)
        expectCore(got, kGroups + g * ratio + s, g, kGroups, s, ratio, 2);
    }
  }
}

TEST_F(DevkitIdentityTest, VectorAndCubeBlocksAnswerWithTheirIndex) {
  asctwin::testing::DevBuf out(2 * kGroups * kSlots * sizeof(int64_t));
  asctwin::LaunchOptions v = vec(kGroups, "reportIdentity");
  ASSERT_EQ(asctwin::run(reportIdentity, v, out.gm()), 0) << lastError();
  auto got = out.download<int64_t>(2 * kGroups * kSlots);
  for (uint32_t b = 0; b < kGroups; ++b) expectCore(got, kGroups + b, b, kGroups, 0, 1, 2);
  asctwin::LaunchOptions c = cube(kGroups, "reportIdentity");
  ASSERT_EQ(asctwin::run(reportIdentity, c, out.gm()), 0) << lastError();
  got = out.download<int64_t>(2 * kGroups * kSlots);
  for (uint32_t b = 0; b < kGroups; ++b) expectCore(got, b, b, kGroups, 0, 1, 1);
}

// CANN's CPU-debug launch runs a kernel in MIX mode (one AIC and two AIVs
// per block) until AscendC::SetKernelMode chooses another (SetKernelMode:
// "不调用该接口的情况下，默认为MIX模式"). No other test of this binary
// sets the mode.
TEST_F(DevkitIdentityTest, CpuDebugLaunchIsMixUntilAModeIsSet) {
  asctwin::testing::DevBuf out(kGroups * 3 * kSlots * sizeof(int64_t));
  out.zero();
  ICPU_RUN_KF(reportIdentity, kGroups, out.gm());
  ASSERT_EQ(asctwin::icpuLastStatus(), 0) << lastError();
  auto got = out.download<int64_t>(kGroups * 3 * kSlots);
  for (uint32_t g = 0; g < kGroups; ++g) {
    expectCore(got, g, g, kGroups, 0, 1, 1);
    for (uint32_t s = 0; s < 2; ++s) expectCore(got, kGroups + g * 2 + s, g, kGroups, s, 2, 2);
  }
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  out.zero();
  ICPU_RUN_KF(reportIdentity, kGroups, out.gm());
  ASSERT_EQ(asctwin::icpuLastStatus(), 0) << lastError();
  got = out.download<int64_t>(kGroups * 3 * kSlots);
  for (uint32_t b = 0; b < kGroups; ++b) expectCore(got, kGroups + b, b, kGroups, 0, 1, 2);
  EXPECT_EQ(got[0], 0) << "no AIC ran in AIV mode";
}

}  // namespace
