// Devkit mode's hook for Huawei's LocalTensor scalar accesses
// (asctwin::devkit::scalarLocalAccess, which asctwin-asc puts at the start
// of LocalTensor::GetValue / SetValue / operator(): tools/asc-compiler/
// devkit_scalar_access.h). Huawei's members store through the buffer's
// pointer; the kernels here do the same, with and without the hook first.
// With it, a store after a vector write of the same bytes lands after that
// write under every check-mode seed (as Bisheng's automatic V_S ordering
// has it on the NPU), and initcheck counts the stored bytes as written.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "asctwin/asctwin_sanitizer.h"
#include "asctwin/devkit/scalar_access.h"
#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

namespace {

using namespace AscendC;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

constexpr uint32_t kElems = 64;
constexpr uint32_t kSet = 5;  // the element the scalar store writes
constexpr float kValue = 7.0f;

// Huawei's SetValue: the hook (unless `hooked` is false), then the store.
void setValue(float* p, uint32_t i, float v, bool hooked = true) {
  if (hooked) asctwin::devkit::scalarLocalAccess(p, i * sizeof(float), sizeof(float), true);
  p[i] = v;
}

enum Scenario : int32_t {
  // Duplicate 0 into a UB tile, then set element kSet to kValue (with or
  // without the hook), then copy the tile out.
  kDuplicateThenStore = 0,
  kDuplicateThenHookedStore = 1,
  // Set every element (hooked), then add 1 with a vector instruction: the
  // vector read must not be taken for uninitialised.
  kStoreThenAdd = 2,
};

__global__ __aicore__ void scalarAccessKernel(GM_ADDR out, int32_t scenario) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kElems * sizeof(float));
  GlobalTensor<float> o;
  o.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), kElems);
  LocalTensor<float> t = buf.Get<float>();
  float* p = t.GetPhyAddr();
  if (scenario == kStoreThenAdd) {
    for (uint32_t i = 0; i < kElems; ++i) setValue(p, i, static_cast<float>(i));
    Adds(t, t, 1.0f, kElems);
  } else {
    Duplicate(t, 0.0f, kElems);
    setValue(p, kSet, kValue, scenario == kDuplicateThenHookedStore);
  }
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(o, t, kElems);
}

class DevkitScalarAccessTest : public KernelTest {
 protected:
  // Element kSet of the copied-out tile under check mode with `seed`.
  float storedUnder(uint64_t seed, bool hooked) {
    DevBuf out(kElems * sizeof(float));
    out.zero();
    asctwin::LaunchOptions o = vec(1, "duplicateThenStore");
    o.mode = asctwin::ExecMode::Check;
    o.seed = seed;
    EXPECT_EQ(asctwin::run(scalarAccessKernel, o, out.gm(),
                           hooked ? kDuplicateThenHookedStore : kDuplicateThenStore),
              0)
        << lastError();
    return out.download<float>(kElems)[kSet];
  }
};

TEST_F(DevkitScalarAccessTest, AStoreAfterAVectorWriteLandsAfterItUnderEverySeed) {
  for (uint64_t seed = 0; seed < 32; ++seed) ASSERT_EQ(storedUnder(seed, true), kValue) << seed;
}

TEST_F(DevkitScalarAccessTest, WithoutTheHookCheckModeRunsTheVectorWriteLater) {
  // What devkit mode did before the hook: the deferred Duplicate overwrote
  // the store (the test shows the hook is what orders them).
  std::set<float> seen;
  for (uint64_t seed = 0; seed < 32; ++seed) seen.insert(storedUnder(seed, false));
  EXPECT_TRUE(seen.count(0.0f) == 1) << "the unhooked store was never overwritten";
}

TEST_F(DevkitScalarAccessTest, StoredBytesCountAsWrittenForTheChecker) {
  asctwin::checker::Session session(asctwin::checker::all);
  DevBuf out(kElems * sizeof(float));
  ASSERT_EQ(asctwin::run(scalarAccessKernel, vec(1, "storeThenAdd"), out.gm(), kStoreThenAdd), 0)
      << lastError();
  EXPECT_TRUE(session.findings().empty()) << asctwin::testing::dump(session.findings());
  const auto got = out.download<float>(kElems);
  for (uint32_t i = 0; i < kElems; ++i) EXPECT_EQ(got[i], static_cast<float>(i) + 1.0f) << i;
}

TEST_F(DevkitScalarAccessTest, AddressesOutsideLocalMemoryAndOutsideKernelsAreLeftAlone) {
  float host[4] = {};
  asctwin::devkit::scalarLocalAccess(host, 0, sizeof(float), true);  // not in a kernel
  asctwin::devkit::scalarLocalAccess(nullptr, 0, 4, false);
  asctwin::devkit::scalarLocalAccess(host, 0, 0, true);  // int4b_t: no bytes of its own
  SUCCEED();
}

}  // namespace
