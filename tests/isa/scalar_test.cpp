// The scalar utilities against the API reference's worked examples
// (标量计算: GetBitCount, CountLeadingZero, CountBitsCntSameAsSignBit,
// GetSFFValue), and Trap stopping the kernel.
#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

TEST(ScalarUtils, ReferenceExamples) {
  EXPECT_EQ(GetBitCount<1>(0xFFFF), 16);
  EXPECT_EQ(GetBitCount<0>(0xFFFF), 48);
  EXPECT_EQ(CountLeadingZero(0x0100000000000020ULL), 7);
  EXPECT_EQ(CountLeadingZero(0x000000000000FFFFULL), 48);
  EXPECT_EQ(CountLeadingZero(0), 64);
  EXPECT_EQ(CountLeadingZero(0xFFFFFFFFFFFFFFFFULL), 0);
  EXPECT_EQ(CountBitsCntSameAsSignBit(0x0100000000000020LL), 6);
  EXPECT_EQ(CountBitsCntSameAsSignBit(0x7FFFFFFFFFFFFFFFLL), 0);
  EXPECT_EQ(CountBitsCntSameAsSignBit(static_cast<int64_t>(0x8000000000000000ULL)), 0);
  EXPECT_EQ(CountBitsCntSameAsSignBit(1), 62);
  EXPECT_EQ(CountBitsCntSameAsSignBit(0x00F0000000000000LL), 7);
  EXPECT_EQ(GetSFFValue<1>(0x1000000000000100ULL), 8);
  EXPECT_EQ(GetSFFValue<1>(0), -1);
  EXPECT_EQ(GetSFFValue<0>(0xFF00ULL), 0);
  EXPECT_EQ(GetSFFValue<1>(0xFF00ULL), 8);
  EXPECT_EQ(GetSFFValue<0>(0x00FFULL), 8);
  EXPECT_EQ(GetSFFValue<1>(0x00FFULL), 0);
  static_assert(GetDataBlockSizeInBytes() == 32);
}

__global__ __aicore__ void trapKernel() {
  Trap();
}
class TrapTest : public asctwin::testing::KernelTest {};
TEST_F(TrapTest, TrapStopsTheKernel) {
  EXPECT_NE(asctwin::run(trapKernel, vec(1, "trap")), 0);
  EXPECT_NE(lastError().find("Trap()"), std::string::npos) << lastError();
}

}  // namespace
}  // namespace asctwin::isatest

// DumpAccChkPoint prints the tensor from element countOff on, labelled with
// `index` (DumpTensor of tensor[countOff]).
namespace asctwin::isatest {
namespace {
struct Dump {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    PipeBarrier<PIPE_ALL>();
    DumpAccChkPoint(ub.A<int32_t>(), 77, 8, 8);
  }
};
class DumpTest : public IsaTest {};
TEST_F(DumpTest, DumpAccChkPointStartsAtTheOffset) {
  std::vector<int32_t> a(64);
  for (int i = 0; i < 64; ++i) a[i] = 1000 + i;
  ::testing::internal::CaptureStdout();
  run<Dump>(bytesOf(a), {}, {}, {});
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_NE(out.find("77"), std::string::npos) << out;
  EXPECT_NE(out.find("1008"), std::string::npos) << out;
  EXPECT_NE(out.find("1015"), std::string::npos) << out;
  EXPECT_EQ(out.find("1007"), std::string::npos) << out;
  EXPECT_EQ(out.find("1016"), std::string::npos) << out;
}
}  // namespace
}  // namespace asctwin::isatest
