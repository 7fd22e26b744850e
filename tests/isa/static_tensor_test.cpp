// Static tensor programming as the API reference defines it: a
// LocalTensor(TPosition, addr, tileSize) names `tileSize` elements at byte
// `addr` of the position's buffer (UB for VECIN/VECOUT/VECCALC), and
// LocalMemAllocator hands out consecutive tensors from the buffer's start,
// by the exact size of each (GetCurAddr), at the named or the default
// position. Oracle: offsets and positions from the reference's rules.
#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

static_assert(GetPhyType(TPosition::VECIN) == Hardware::UB);
static_assert(GetPhyType(TPosition::C2PIPE2LOCAL) == Hardware::UB);
static_assert(GetPhyType(TPosition::SPM) == Hardware::L1);  // SHM is L1 on A2/A3
static_assert(GetPhyType(TPosition::C2) == Hardware::BIAS);
static_assert(GetPhyType(TPosition::C2PIPE2GM) == Hardware::FIXBUF);
static_assert(GetDefaultPosition(Hardware::UB) == TPosition::VECCALC);
static_assert(GetDefaultPosition(Hardware::L0C) == TPosition::CO1);

struct Offsets {
  struct Args {};
  // d[0..]: the UB offsets of tensors made both ways, their positions and
  // sizes, and the allocator's cursor after each.
  static void run(const Ub& ub, const Args&) {
    const auto base = reinterpret_cast<uintptr_t>(ub.a.GetPhyAddr()) - ub.a.ref().offset;
    LocalTensor<float> t(TPosition::VECOUT, 1024, 16);
    LocalMemAllocator<Hardware::UB> alloc;
    LocalTensor<half> x = alloc.Alloc<TPosition::VECIN, half>(48);  // 96 bytes
    const uint32_t afterX = alloc.GetCurAddr();
    LocalTensor<int32_t> y = alloc.Alloc<int32_t, 40>();  // 160 bytes, VECCALC
    LocalTensor<float> z = alloc.Alloc<float>(8);
    const uint32_t values[] = {
        static_cast<uint32_t>(reinterpret_cast<uintptr_t>(t.GetPhyAddr()) - base),
        static_cast<uint32_t>(t.GetPosition()),
        t.GetSize(),
        static_cast<uint32_t>(reinterpret_cast<uintptr_t>(x.GetPhyAddr()) - base),
        static_cast<uint32_t>(x.GetPosition()),
        afterX,
        static_cast<uint32_t>(reinterpret_cast<uintptr_t>(y.GetPhyAddr()) - base),
        static_cast<uint32_t>(y.GetPosition()),
        static_cast<uint32_t>(reinterpret_cast<uintptr_t>(z.GetPhyAddr()) - base),
        alloc.GetCurAddr(),
    };
    LocalTensor<uint32_t> out = ub.D<uint32_t>();
    for (uint32_t i = 0; i < sizeof(values) / sizeof(values[0]); ++i) out.SetValue(i, values[i]);
  }
};

struct Misaligned {
  struct Args {};
  static void run(const Ub&, const Args&) { LocalTensor<half> t(TPosition::VECCALC, 40, 16); }
};

struct Overflow {
  struct Args {};
  static void run(const Ub&, const Args&) { LocalTensor<float> t(TPosition::VECCALC, 0, 1u << 20); }
};

class StaticTensorTest : public IsaTest {};

TEST_F(StaticTensorTest, PositionAddressAndAllocatorCursor) {
  const auto d = valuesOf<uint32_t>(run<Offsets>({}, {}, {}, {}), 10);
  EXPECT_EQ(d[0], 1024u);
  EXPECT_EQ(d[1], static_cast<uint32_t>(TPosition::VECOUT));
  EXPECT_EQ(d[2], 16u);
  EXPECT_EQ(d[3], 0u);  // the allocator starts at the buffer's start
  EXPECT_EQ(d[4], static_cast<uint32_t>(TPosition::VECIN));
  EXPECT_EQ(d[5], 96u);  // moved by the tensor's exact size
  EXPECT_EQ(d[6], 96u);
  EXPECT_EQ(d[7], static_cast<uint32_t>(TPosition::VECCALC));
  EXPECT_EQ(d[8], 256u);
  EXPECT_EQ(d[9], 288u);
}

TEST_F(StaticTensorTest, MisalignedAddressIsRefused) {
  const std::string e = fails<Misaligned>({});
  EXPECT_NE(e.find("addr 40 must be 32-byte aligned"), std::string::npos) << e;
}

TEST_F(StaticTensorTest, TensorBeyondTheBufferIsRefused) {
  const std::string e = fails<Overflow>({});
  EXPECT_NE(e.find("must be more than none and fit"), std::string::npos) << e;
}

}  // namespace
}  // namespace asctwin::isatest
