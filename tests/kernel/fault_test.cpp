// Kernel faults become AI Core exceptions (ACL_ERROR_RT_AICORE_EXCEPTION):
// a null write, a write 1 MiB past an allocation, a read of a freed
// allocation, an integer divide by zero, an illegal instruction and a stack
// overflow, each in raw-pointer kernel code. The launch fails with the real
// runtime's code and a message naming kernel, block, core kind, the address
// and its place relative to device memory, and the source line (the oracle is
// __LINE__ of the faulting statement); the same process then runs a correct
// kernel (checked against a scalar reference). Faults outside kernels keep
// the default action.
//
// Registered twice (tests/kernel/CMakeLists.txt): as is, and with
// ASCTWIN_MODE=check, where every launch runs in check mode and device
// allocations are guarded by default.
#include <signal.h>
#include <sys/mman.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "device/allocator.h"
#include "device/kernel_exception.h"
#include "kernel_test_util.h"

using namespace AscendC;

namespace {

// Records the next line's number in `var` before that line runs (the
// fence keeps the compiler from moving the faulting access above the store).
#define MARK_NEXT_LINE(var) \
  var = __LINE__ + 1;       \
  std::atomic_signal_fence(std::memory_order_seq_cst)

// UBSan (the asan preset) would report the null store and the division
// itself and abort first; these kernels test the twin's own handling.
#define ASCTWIN_RAW_FAULT __attribute__((no_sanitize("null", "integer-divide-by-zero")))

constexpr int kAicoreException = 507015;  // ACL_ERROR_RT_AICORE_EXCEPTION (rt_error_codes.h)

std::string hexOf(uintptr_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

uint32_t gNullWriteLine = 0;
__global__ __aicore__ ASCTWIN_RAW_FAULT void nullWriteKernel(GM_ADDR out) {
  if (GetBlockIdx() != 1) return;
  auto* p = reinterpret_cast<__gm__ volatile int32_t*>(out);
  MARK_NEXT_LINE(gNullWriteLine);
  p[0] = 42;
}

uint32_t gFarWriteLine = 0;
__global__ __aicore__ void farWriteKernel(GM_ADDR buf, uint64_t offset) {
  auto* p = reinterpret_cast<__gm__ volatile uint8_t*>(buf);
  MARK_NEXT_LINE(gFarWriteLine);
  p[offset] = 1;
}

uint32_t gFreedReadLine = 0;
__global__ __aicore__ void freedReadKernel(GM_ADDR freed, GM_ADDR out) {
  auto* src = reinterpret_cast<__gm__ volatile float*>(freed);
  auto* dst = reinterpret_cast<__gm__ volatile float*>(out);
  MARK_NEXT_LINE(gFreedReadLine);
  const float v = src[32];
  dst[0] = v;
}

uint32_t gDivideLine = 0;
__global__ __aicore__ ASCTWIN_RAW_FAULT void divideKernel(GM_ADDR out, int32_t divisor) {
  volatile int32_t d = divisor;
  auto* p = reinterpret_cast<__gm__ int32_t*>(out);
  MARK_NEXT_LINE(gDivideLine);
  p[GetBlockIdx()] = 1000 / d;
}

uint32_t gTrapLine = 0;
__global__ __aicore__ void trapKernel(GM_ADDR out) {
  if (ASCEND_IS_AIC) {
    MARK_NEXT_LINE(gTrapLine);
    __builtin_trap();
  }
  (void)out;
}

uint32_t gRecurseLine = 0;
__attribute__((noinline)) uint64_t recurse(volatile uint8_t* sink, uint64_t depth) {
  if (depth == UINT64_MAX) return 0;  // never: the stack ends first
  volatile uint8_t frame[512];
  frame[depth % 512] = static_cast<uint8_t>(depth);
  MARK_NEXT_LINE(gRecurseLine);
  const uint64_t below = recurse(frame, depth + 1);
  return below + sink[0] + frame[depth % 512];
}
__global__ __aicore__ void overflowKernel(GM_ADDR out) {
  volatile uint8_t seed[1] = {1};
  *reinterpret_cast<__gm__ uint64_t*>(out) = recurse(seed, 0);
}

// The correct kernel run after each fault: out[i] = in[i] * 2 + 1 over
// blocks of 256 floats, through the queues (an oracle is computed on the host).
constexpr int32_t kTile = 256;
__global__ __aicore__ void scaleKernel(GM_ADDR in, GM_ADDR out) {
  GlobalTensor<float> x, y;
  x.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(in) + GetBlockIdx() * kTile, kTile);
  y.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out) + GetBlockIdx() * kTile, kTile);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> qin;
  TQue<TPosition::VECOUT, 1> qout;
  pipe.InitBuffer(qin, 1, kTile * sizeof(float));
  pipe.InitBuffer(qout, 1, kTile * sizeof(float));
  LocalTensor<float> a = qin.AllocTensor<float>();
  DataCopy(a, x, kTile);
  qin.EnQue(a);
  LocalTensor<float> b = qin.DeQue<float>();
  LocalTensor<float> c = qout.AllocTensor<float>();
  Muls(c, b, 2.0f, kTile);
  Adds(c, c, 1.0f, kTile);
  qout.EnQue(c);
  qin.FreeTensor(b);
  LocalTensor<float> d = qout.DeQue<float>();
  DataCopy(y, d, kTile);
  qout.FreeTensor(d);
}

class FaultTest : public asctwin::testing::KernelTest {
 protected:
  void SetUp() override { asctwin::device::takeThreadKernelException(nullptr); }
  void TearDown() override {
    asctwin::device::DeviceMemory::instance().setGuardPages(std::nullopt);
  }

  // A correct kernel right after the fault, in the same process.
  void expectCorrectKernelRuns() {
    constexpr uint32_t kBlocks = 4;
    std::vector<float> in(kBlocks * kTile);
    for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 97) - 40.0f;
    asctwin::testing::DevBuf din(in.size() * sizeof(float)), dout(in.size() * sizeof(float));
    din.upload(in);
    ASSERT_EQ(asctwin::run(scaleKernel, vec(kBlocks, "scale"), din.gm(), dout.gm()), 0)
        << lastError();
    const std::vector<float> out = dout.download<float>(in.size());
    for (size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], in[i] * 2.0f + 1.0f) << "at " << i;
  }

  static std::string fileLine(uint32_t line) { return "fault_test.cpp:" + std::to_string(line); }
};

TEST_F(FaultTest, NullWriteIsAnAicoreExceptionNamingKernelBlockAndLine) {
  const int rc = asctwin::run(nullWriteKernel, vec(2, "nullWrite"), nullptr);
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'nullWrite' block 1 (AIV)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("AI Core exception: SIGSEGV, write of address 0x0 (a null pointer)"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find(fileLine(gNullWriteLine)), std::string::npos) << msg;
  EXPECT_NE(msg.find("nullWriteKernel"), std::string::npos) << msg;
  // The facts for the runtime's exception calls, published on this thread.
  asctwin::device::KernelException e;
  ASSERT_TRUE(asctwin::device::takeThreadKernelException(&e));
  EXPECT_EQ(e.code, kAicoreException);
  EXPECT_EQ(e.kernel, "nullWrite");
  EXPECT_EQ(e.block, 1);
  EXPECT_EQ(e.coreKind, "AIV");
  EXPECT_EQ(e.signal, SIGSEGV);
  EXPECT_EQ(e.address, 0u);
  EXPECT_EQ(e.access, "write");
  EXPECT_EQ(e.line, gNullWriteLine);
  EXPECT_NE(e.file.find("fault_test.cpp"), std::string::npos);
  EXPECT_NE(msg.find(e.message), std::string::npos) << msg;
  expectCorrectKernelRuns();
  // And a second fault in the same process is handled the same way.
  EXPECT_EQ(asctwin::run(nullWriteKernel, vec(2, "nullWrite"), nullptr), kAicoreException);
  expectCorrectKernelRuns();
}

TEST_F(FaultTest, WriteOneMiBPastAnAllocationNamesTheAllocation) {
  asctwin::device::DeviceMemory::instance().setGuardPages(true);
  constexpr size_t kBytes = 4096;
  asctwin::testing::DevBuf buf(kBytes);
  asctwin::device::AllocationInfo info;
  ASSERT_TRUE(asctwin::device::DeviceMemory::instance().find(buf.p, &info));
  const uint64_t offset = kBytes + (1u << 20);
  const int rc = asctwin::run(farWriteKernel, vec(1, "farWrite"), buf.gm(), offset);
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'farWrite' block 0 (AIV)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("write of address " + hexOf(info.base + offset)), std::string::npos) << msg;
  EXPECT_NE(msg.find("1048576 bytes past the end of allocation #" + std::to_string(info.id) +
                     " (base " + hexOf(info.base) + ", 4096 bytes)"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find(fileLine(gFarWriteLine)), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

TEST_F(FaultTest, GuardedAllocationFaultsAtTheFirstByteAfterItsEnd) {
  asctwin::device::DeviceMemory::instance().setGuardPages(true);
  constexpr size_t kBytes = 1024;  // a multiple of 64: the end touches the guard
  asctwin::testing::DevBuf buf(kBytes);
  const int rc = asctwin::run(farWriteKernel, vec(1, "edge"), buf.gm(), uint64_t{kBytes});
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("0 bytes past the end of allocation"), std::string::npos) << msg;
  // The last byte inside is still writable.
  EXPECT_EQ(asctwin::run(farWriteKernel, vec(1, "edge"), buf.gm(), uint64_t{kBytes - 1}), 0)
      << lastError();
}

TEST_F(FaultTest, ReadOfAFreedAllocationNamesTheFreedAllocation) {
  asctwin::device::DeviceMemory::instance().setGuardPages(true);
  void* freed = nullptr;
  ASSERT_EQ(aclrtMalloc(&freed, 8192, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  asctwin::device::AllocationInfo info;
  ASSERT_TRUE(asctwin::device::DeviceMemory::instance().find(freed, &info));
  ASSERT_EQ(aclrtFree(freed), ACL_SUCCESS);
  asctwin::testing::DevBuf out(64);
  const int rc = asctwin::run(freedReadKernel, vec(1, "useAfterFree"), freed, out.gm());
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'useAfterFree' block 0 (AIV)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("read of address " + hexOf(info.base + 128) + " (inside freed allocation #" +
                     std::to_string(info.id) + " (base " + hexOf(info.base) +
                     ", 8192 bytes) at offset 128)"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find(fileLine(gFreedReadLine)), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

TEST_F(FaultTest, IntegerDivideByZeroIsAnAicoreException) {
  asctwin::testing::DevBuf out(64 * sizeof(int32_t));
  const int rc = asctwin::run(divideKernel, vec(3, "divide"), out.gm(), 0);
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'divide' block "), std::string::npos) << msg;
  EXPECT_NE(msg.find("AI Core exception: SIGFPE, integer divide by zero"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find(fileLine(gDivideLine)), std::string::npos) << msg;
  // The same kernel with a valid divisor is correct.
  ASSERT_EQ(asctwin::run(divideKernel, vec(3, "divide"), out.gm(), 8), 0) << lastError();
  const std::vector<int32_t> v = out.download<int32_t>(3);
  for (int32_t x : v) EXPECT_EQ(x, 1000 / 8);
  expectCorrectKernelRuns();
}

TEST_F(FaultTest, TrapOnACubeCoreNamesTheCoreKind) {
  asctwin::testing::DevBuf out(64);
  const int rc = asctwin::run(trapKernel, mix(1, "trap"), out.gm());
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'trap' block 0 (AIC)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("SIGILL, illegal instruction"), std::string::npos) << msg;
  EXPECT_NE(msg.find(fileLine(gTrapLine)), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

TEST_F(FaultTest, StackOverflowIsReportedAsSuch) {
  asctwin::testing::DevBuf out(64);
  const int rc = asctwin::run(overflowKernel, vec(1, "deep"), out.gm());
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'deep' block 0 (AIV)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("a stack overflow"), std::string::npos) << msg;
  EXPECT_NE(msg.find("recurse"), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

TEST_F(FaultTest, StreamReportsTheFaultAtSynchronizeAndOtherStreamsGoOn) {
  aclrtStream bad = nullptr, good = nullptr;
  ASSERT_EQ(aclrtCreateStream(&bad), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&good), ACL_SUCCESS);
  std::vector<float> in(2 * kTile);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i);
  asctwin::testing::DevBuf din(in.size() * sizeof(float)), dout(in.size() * sizeof(float));
  din.upload(in);
  ASSERT_EQ(asctwin::launch(nullWriteKernel, vec(2, "nullWrite"), bad, nullptr), 0);
  ASSERT_EQ(asctwin::launch(scaleKernel, vec(2, "scale"), good, din.gm(), dout.gm()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(good), ACL_SUCCESS) << lastError();
  const int rc = aclrtSynchronizeStream(bad);
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'nullWrite' block 1 (AIV)"), std::string::npos) << msg;
  EXPECT_NE(msg.find(fileLine(gNullWriteLine)), std::string::npos) << msg;
  const std::vector<float> out = dout.download<float>(in.size());
  for (size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], in[i] * 2.0f + 1.0f);
  // The process-wide record has the same facts.
  asctwin::device::KernelException e;
  ASSERT_TRUE(asctwin::device::lastKernelException(&e));
  EXPECT_EQ(e.code, kAicoreException);
  EXPECT_EQ(e.block, 1);
  EXPECT_EQ(e.line, gNullWriteLine);
  // The faulting stream runs the next launch.
  ASSERT_EQ(asctwin::launch(scaleKernel, vec(2, "scale"), bad, din.gm(), dout.gm()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(bad), ACL_SUCCESS) << lastError();
  EXPECT_EQ(aclrtDestroyStream(bad), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(good), ACL_SUCCESS);
}

TEST_F(FaultTest, CheckModeReportsTheSameFault) {
  asctwin::LaunchOptions o = vec(2, "nullWrite");
  o.mode = asctwin::ExecMode::Check;
  o.seed = 3;
  const int rc = asctwin::run(nullWriteKernel, o, nullptr);
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreException) << msg;
  EXPECT_NE(msg.find("kernel 'nullWrite' block 1 (AIV)"), std::string::npos) << msg;
  EXPECT_NE(msg.find(fileLine(gNullWriteLine)), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

// The environment decides unless the program does (an oracle: the rule in
// allocator.h). Each case allocates and checks that the first byte past the
// end faults (guarded) or not (an unguarded allocation has red zones there).
TEST_F(FaultTest, GuardPagesFollowTheEnvironment) {
  auto& m = asctwin::device::DeviceMemory::instance();
  const char* mode = std::getenv("ASCTWIN_MODE");
  const bool checkEnv = mode != nullptr && std::string(mode) == "check";
  EXPECT_EQ(m.guardPages(), checkEnv);
  auto faultsPastEnd = [&] {
    asctwin::testing::DevBuf buf(256);
    return asctwin::run(farWriteKernel, vec(1, "edge"), buf.gm(), uint64_t{256}) ==
           kAicoreException;
  };
  EXPECT_EQ(faultsPastEnd(), checkEnv) << lastError();
  ASSERT_EQ(setenv("ASCTWIN_CHECKER", "memcheck", 1), 0);  // as asctwin-sanitizer runs programs
  EXPECT_TRUE(m.guardPages());
  ASSERT_EQ(unsetenv("ASCTWIN_CHECKER"), 0);
  ASSERT_EQ(setenv("ASCTWIN_GUARD_PAGES", "1", 1), 0);
  EXPECT_TRUE(m.guardPages());
  EXPECT_TRUE(faultsPastEnd()) << lastError();
  ASSERT_EQ(setenv("ASCTWIN_GUARD_PAGES", "yes", 1), 0);
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(lastError().find("ASCTWIN_GUARD_PAGES must be 0 or 1"), std::string::npos)
      << lastError();
  ASSERT_EQ(unsetenv("ASCTWIN_GUARD_PAGES"), 0);
  m.setGuardPages(true);
  EXPECT_TRUE(m.guardPages());
  m.setGuardPages(false);
  EXPECT_FALSE(m.guardPages());
  EXPECT_FALSE(faultsPastEnd()) << lastError();
}

// A launch installs the handlers; a fault outside any kernel still kills
// the process with the same signal.
void crashOutsideKernel() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  asctwin::testing::DevBuf out(64);
  asctwin::run(divideKernel, asctwin::testing::KernelTest::vec(1), out.gm(), 1);
  void* page = mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(page, MAP_FAILED);
  *static_cast<volatile int*>(page) = 1;
}

TEST(FaultOutsideKernel, KeepsTheDefaultAction) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
#if defined(ASCTWIN_SANITIZED)
  EXPECT_DEATH(crashOutsideKernel(), "SEGV");  // AddressSanitizer's own handler reports it
#else
  EXPECT_EXIT(crashOutsideKernel(), ::testing::KilledBySignal(SIGSEGV), "");
#endif
}

}  // namespace
