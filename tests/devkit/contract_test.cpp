// The scalar, identity and platform parts of the devkit-mode contract
// against oracles written from the API reference ("标量计算": GetSFFValue,
// CountLeadingZero, GetBitCount, CountBitsCntSameAsSignBit, and the docs'
// worked examples), the generated kernel_tiling.h against a definition file,
// and the platform description against the SoC preset.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <type_traits>

#include "asctwin/devkit/intrinsics_sys.h"
#include "device/soc.h"
#include "devkit_tiling.h"
#include "platform/platform_info.h"

namespace {

// Bit-by-bit oracles.
int64_t firstBit(uint64_t x, int value) {
  for (int i = 0; i < 64; ++i)
    if (static_cast<int>(x >> i & 1) == value) return i;
  return -1;
}
int64_t leadingZeros(uint64_t x) {
  int64_t n = 0;
  for (int i = 63; i >= 0 && (x >> i & 1) == 0; --i) ++n;
  return n;
}
int64_t ones(uint64_t x) {
  int64_t n = 0;
  for (int i = 0; i < 64; ++i) n += static_cast<int64_t>(x >> i & 1);
  return n;
}
int64_t sameAsSign(int64_t v) {
  const uint64_t x = static_cast<uint64_t>(v);
  const uint64_t sign = x >> 63;
  int64_t n = 0;
  for (int i = 62; i >= 0 && (x >> i & 1) == sign; --i) ++n;
  return n;
}

TEST(DevkitScalar, DocumentedExamples) {
  EXPECT_EQ(sff1(0x1000000000000100ULL), 8);
  EXPECT_EQ(sff0(0xFFFFFFFFFFFFFFFFULL), -1);
  EXPECT_EQ(sff1(0), -1);
  EXPECT_EQ(sflbits(static_cast<int64_t>(0x0100000000000020ULL)), 6);
  EXPECT_EQ(clz(0), 64);
}

// Device code's min/max return a value, never a reference to a parameter
// (for one operand type `a < b ? a : b` is an lvalue: a dangling reference,
// garbage at -O2). Mixed types give the usual arithmetic conversions.
static_assert(std::is_same_v<decltype(::min(uint32_t{4}, uint32_t{8})), uint32_t>);
static_assert(std::is_same_v<decltype(::max(1.5f, 2.5f)), float>);
static_assert(std::is_same_v<decltype(::min(uint32_t{4}, int64_t{8})), int64_t>);
static_assert(::min(3, 7) == 3 && ::max(3, 7) == 7 && ::min(2.0, 1) == 1.0);

TEST(DevkitScalar, MinMaxOfLvaluesKeepTheirValue) {
  // The dangling form read the callee's dead stack slot; the operands come
  // from volatile loads so nothing is folded at compile time.
  volatile uint32_t lo = 4, hi = 8;
  uint32_t a = lo, b = hi;
  uint32_t m = ::min(a, b);
  uint32_t M = ::max(a, b);
  EXPECT_EQ(m, 4u);
  EXPECT_EQ(M, 8u);
  EXPECT_EQ(::min(b, a), 4u);
  EXPECT_EQ(::max(-1, static_cast<int>(a)), 4);
}

TEST(DevkitScalar, BitOperationsMatchTheirDefinitionOnRandomWords) {
  std::mt19937_64 rng(15);
  for (int i = 0; i < 2000; ++i) {
    uint64_t x = rng();
    if (i % 4 == 1) x >>= rng() % 64;
    if (i % 4 == 2) x = ~(~uint64_t{0} >> (rng() % 64));
    EXPECT_EQ(sff0(x), firstBit(x, 0)) << x;
    EXPECT_EQ(sff1(x), firstBit(x, 1)) << x;
    EXPECT_EQ(clz(x), leadingZeros(x)) << x;
    EXPECT_EQ(bcnt1(x), ones(x)) << x;
    EXPECT_EQ(bcnt0(x), 64 - ones(x)) << x;
    EXPECT_EQ(sflbits(static_cast<int64_t>(x)), sameAsSign(static_cast<int64_t>(x))) << x;
    const int64_t idx = static_cast<int64_t>(rng() % 64);
    EXPECT_EQ(static_cast<uint64_t>(sbitset1(x, idx)), x | (uint64_t{1} << idx));
    EXPECT_EQ(static_cast<uint64_t>(sbitset0(x, idx)), x & ~(uint64_t{1} << idx));
  }
}

TEST(DevkitScalar, FloatToInt32RoundingModes) {
  for (float v : {2.5f, -2.5f, 3.5f, -0.4f, 1e10f, -1e10f, 7.0f}) {
    const double d = v;
    auto clampS32 = [](double r) {
      return r >= 2147483647.0    ? INT32_MAX
             : r <= -2147483648.0 ? INT32_MIN
                                  : static_cast<int32_t>(r);
    };
    EXPECT_EQ(conv_f322s32r(v), clampS32(std::nearbyint(d))) << v;  // ties to even
    EXPECT_EQ(conv_f322s32f(v), clampS32(std::floor(d))) << v;
    EXPECT_EQ(conv_f322s32c(v), clampS32(std::ceil(d))) << v;
    EXPECT_EQ(conv_f322s32a(v), clampS32(std::round(d))) << v;  // ties away from zero
    EXPECT_EQ(conv_f322s32z(v), clampS32(std::trunc(d))) << v;
  }
  EXPECT_EQ(conv_f322s32r(std::nanf("")), 0);
}

TEST(DevkitScalar, FloatToHalfRoundsToOdd) {
  EXPECT_EQ(conv_f322f16o(1.0f).bits(), 0x3C00);  // exact
  // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: to odd gives 0x3C01.
  EXPECT_EQ(conv_f322f16o(1.0f + 0x1p-11f).bits(), 0x3C01);
  // 1 + 3 * 2^-12 rounds to nearest 0x3C01 too, and 1 + 2^-10 + 2^-12 (just
  // above the odd 0x3C01) stays at 0x3C01 rather than the nearest even.
  EXPECT_EQ(conv_f322f16o(1.0f + 0x1p-10f + 0x1p-12f).bits(), 0x3C01);
  EXPECT_EQ(conv_f322f16o(-(1.0f + 0x1p-11f)).bits(), 0xBC01);
  EXPECT_EQ(conv_f322f16o(1e6f).bits(), 0x7BFF);  // past the largest half: its largest odd
}

TEST(DevkitScalar, ImmediatesAndVersion) {
  EXPECT_EQ(get_imm(0x1234), 0x1234u);
  EXPECT_EQ(get_imm(0x1234, 0xAB), 0xAB1234u);
  EXPECT_EQ((static_cast<uint64_t>(get_arch_ver()) >> 32) & 0xFFF, 0x220u);
}

TEST(DevkitKernelTiling, DefinitionsBecomePackedStructs) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("asctwin-dk-tiling-" + std::to_string(::getpid()));
  fs::create_directories(dir / "sub");
  std::ofstream(dir / "sub" / "demo_tilingdata.h")
      << "namespace optiling {\nBEGIN_TILING_DATA_DEF(SoftMaxTiling)\n"
         "TILING_DATA_FIELD_DEF(uint32_t, srcM);\nTILING_DATA_FIELD_DEF_ARR(int32_t, 4, dims);\n"
         "TILING_DATA_FIELD_DEF_STRUCT(OtherTiling, other);\nEND_TILING_DATA_DEF;\n}\n";
  std::ofstream(dir / "ignored.h") << "BEGIN_TILING_DATA_DEF(NotHere)\nEND_TILING_DATA_DEF;\n";
  const std::string h = asctwin::ascc::kernelTilingHeader(dir.string());
  fs::remove_all(dir);
  EXPECT_NE(h.find("namespace AscendC {\nnamespace tiling {\n#pragma pack(push, 8)\n"
                   "struct SoftMaxTiling {\n    uint32_t srcM = 0;\n    int32_t dims[4] = {};\n"
                   "    OtherTiling other;\n};\n#pragma pack(pop)\n"),
            std::string::npos)
      << h;
  EXPECT_NE(h.find("using AscendC::tiling::SoftMaxTiling;"), std::string::npos);  // a legacy name
  EXPECT_EQ(h.find("NotHere"), std::string::npos);  // only *tilingdata.h files count
}

TEST(DevkitPlatform, DescriptionIsTheSocPreset) {
  const asctwin::device::SocSpec soc = asctwin::device::currentSoc();
  fe::PlatFormInfos infos;
  fe::OptionalInfos optional;
  ASSERT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfos("Ascend910B1", infos, optional),
            0u);
  std::string v;
  ASSERT_TRUE(infos.GetPlatformResWithLock("SoCInfo", "vector_core_cnt", v));
  EXPECT_EQ(v, std::to_string(soc.aivCores));
  ASSERT_TRUE(infos.GetPlatformResWithLock("SoCInfo", "cube_core_cnt", v));
  EXPECT_EQ(v, std::to_string(soc.aicCores));
  ASSERT_TRUE(infos.GetPlatformResWithLock("version", "NpuArch", v));
  EXPECT_EQ(v, "2201");
  EXPECT_FALSE(infos.GetPlatformResWithLock("version", "no_such_key", v));
  uint64_t size = 0;
  infos.GetLocalMemSize(fe::LocalMemType::UB, size);
  EXPECT_EQ(size, soc.ubBytes);
  infos.GetLocalMemSize(fe::LocalMemType::L0_C, size);
  EXPECT_EQ(size, soc.l0cBytes);
  infos.SetCoreNumByCoreType("VectorCore");
  EXPECT_EQ(infos.GetCoreNum(), soc.aivCores);
}

}  // namespace

extern "C" int rtGetSocVersion(char* version, uint32_t maxLen);

TEST(DevkitPlatform, RuntimeReportsACannSocName) {
  char name[50] = {};
  ASSERT_EQ(rtGetSocVersion(name, sizeof name), 0);
  EXPECT_EQ(std::string(name).rfind("Ascend910", 0), 0u) << name;
  EXPECT_NE(rtGetSocVersion(nullptr, 4), 0);
}
