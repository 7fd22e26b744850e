// The C API's cube data movement and registers against scalar oracles
// written from the pages and docs/cube.md:
//  - bursts GM -> L1 (asc_copy_gm2l1, gaps in 32-byte blocks between the end
//    of a burst and the start of the next) and L1 -> GM (asc_copy_l12gm);
//  - 2-D fractals GM -> L1 (fractal startIndex + r * srcStride to fractal
//    r * (1 + dstGap));
//  - L1 -> L0C bursts (asc_copy_l12l0c), read back through the Fixpipe's NZ
//    copy-out (asc_copy_l0c2gm);
//  - fills of L1 (asc_fill_l1: repeat x blk_num 32-byte blocks, dst_gap
//    apart, the value's bits; a value narrower or wider than the elements
//    fills its own width) and of L0A / L0B through an Mmad;
//  - img2col of a 1 x 1 filter (asc_set_l13d_fmatrix / padding / rpt,
//    17-parameter asc_copy_l12l0a) multiplied by the identity;
//  - FPC (asc_set_l0c2gm_config, asc_get_l0c2gm_*) and the CTRL bits of
//    HF32 (46, 47) and the Mmad direction (51);
//  - the AIPP load (asc_load_image_to_cbuf, sizes minus 1) of an RGB888
//    window into int8 pixels of 32 channels, the registers set by the C++
//    API's SetAippFunctions (the C API has no setter for them).
// Every kernel runs in fast mode and in check mode.
#include "capi/capi_test_util.h"
#include "isa/half_oracle.h"
#include "kernel/kernel_test_util.h"

namespace {

using asctwin::capitest::gmAs;
using asctwin::capitest::localAt;

// --- bursts and fractals ------------------------------------------------------------------
// out[0, 4 KiB): src through L1 in 3 bursts of 2 blocks (src gap 1, dst gap
// 2) and back in 3 bursts of 2 blocks (src gap 2, dst gap 0); out[4 KiB,
// 8 KiB): 3 fractals from src fractal 1 with stride 2 into L1 fractals 0, 2,
// 4 (dstGap 1), copied out whole (size form).
__global__ __cube__ void burstsAndFractals(GM_ADDR src, GM_ADDR out) {
  auto* l1 = localAt<__cbuf__ half>(0);
  auto* l1f = localAt<__cbuf__ half>(64 * 1024);
  asc_copy_gm2l1(l1, gmAs<void>(src), 3, 2, 1, 2);
  asc_copy_gm2l1(l1f, gmAs<half>(src), 1, 3, 2, 1);
  asc_sync_notify(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  asc_sync_wait(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  asc_copy_l12gm(gmAs<void>(out), l1, 3, 2, 2, 0);
  asc_copy_l12gm_sync(gmAs<void>(out + 4096), l1f, 1, 5 * 512 / 32, 0, 0);
}

// L1 (1 KiB bursts, 128-byte source gaps) -> L0C -> GM as two NZ blocks of
// 16 x 16 floats.
__global__ __cube__ void l1ToL0c(GM_ADDR src, GM_ADDR out) {
  auto* l1 = localAt<__cbuf__ float>(0);
  auto* c = localAt<__cc__ float>(0);
  asc_copy_gm2l1_sync(l1, gmAs<void>(src), 4096);
  asc_copy_l12l0c_sync(c, l1, 2, 32, 4, 0);
  asc_copy_l0c2gm_sync(gmAs<float>(out), c, 32, 16, 32, 16, 0, NoQuant, 0, false, false);
}

class CapiCubeMove : public asctwin::testing::KernelTest {
 protected:
  // Runs kernel(src, out) in both modes; every run must give the same bytes.
  template <typename K>
  std::vector<uint8_t> run(K kernel, const std::vector<uint8_t>& src, size_t outBytes,
                           const char* name) {
    std::vector<uint8_t> first;
    for (const auto mode : {asctwin::ExecMode::Fast, asctwin::ExecMode::Check}) {
      asctwin::testing::DevBuf s(src.size()), o(outBytes);
      s.upload(src);
      o.upload(std::vector<uint8_t>(outBytes, 0xEE));
      auto opt = cube(1, name);
      opt.mode = mode;
      EXPECT_EQ(asctwin::run(kernel, opt, s.gm(), o.gm()), 0) << lastError();
      auto got = o.download<uint8_t>(outBytes);
      if (first.empty()) {
        first = got;
      } else {
        EXPECT_EQ(got, first) << "check mode differs from fast mode";
      }
    }
    return first;
  }
  static std::vector<uint8_t> pattern(size_t n) {
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(i * 7 + i / 256);
    return v;
  }
};

TEST_F(CapiCubeMove, BurstsAndFractalsThroughL1) {
  const auto src = pattern(16 * 1024);
  const auto got = run(burstsAndFractals, src, 8192, "bursts");
  // In: burst b of 64 bytes from src b * 96 to L1 b * 128; out: from L1 b *
  // 128 to out b * 64.
  for (uint32_t b = 0; b < 3; ++b)
    for (uint32_t i = 0; i < 64; ++i)
      ASSERT_EQ(got[b * 64 + i], src[b * 96 + i]) << "burst " << b << " byte " << i;
  for (uint32_t i = 192; i < 4096; ++i) ASSERT_EQ(got[i], 0xEE) << i;
  // Fractal r (src fractal 1 + 2r) at L1 fractal 2r; the fractals between
  // hold whatever L1 held (not compared).
  for (uint32_t r = 0; r < 3; ++r)
    for (uint32_t i = 0; i < 512; ++i)
      ASSERT_EQ(got[4096 + 2 * r * 512 + i], src[(1 + 2 * r) * 512 + i]) << "fractal " << r;
}

TEST_F(CapiCubeMove, L1ToL0cBursts) {
  const auto src = pattern(4096);
  const auto got = run(l1ToL0c, src, 2048, "l1ToL0c");
  // L0C [0, 1 KiB) = L1 [0, 1 KiB), L0C [1, 2 KiB) = L1 [1152, 2176); the
  // copy-out moves NZ blocks of 16 rows x 64 bytes, block c at c * 32 x 32
  // bytes: the bytes as they are.
  for (uint32_t i = 0; i < 1024; ++i) ASSERT_EQ(got[i], src[i]) << i;
  for (uint32_t i = 0; i < 1024; ++i) ASSERT_EQ(got[1024 + i], src[1152 + i]) << i;
}

// --- fills ----------------------------------------------------------------------------------
enum class Fill : int32_t { Half, Float, FloatWithHalf, HalfWithUint, Bf16, Bf16WithHalf };

// L1 holds 8 blocks of 0x11; the fill writes 2 repeats of 3 blocks 1 block
// apart (blocks 0-2 and 4-6); out gets the 8 blocks.
template <Fill F>
__global__ __cube__ void fillL1(GM_ADDR, GM_ADDR out) {
  auto* l1 = localAt<__cbuf__ uint8_t>(0);
  asc_fill_l1_sync(reinterpret_cast<__cbuf__ uint32_t*>(l1), uint32_t{0x11111111}, [] {
    asc_fill_value_config c;
    c.repeat = 1;
    c.blk_num = 8;
    return c;
  }());
  asc_fill_value_config cfg;
  cfg.repeat = 2;
  cfg.blk_num = 3;
  cfg.dst_gap = 1;
  if constexpr (F == Fill::Half)
    asc_fill_l1_sync(reinterpret_cast<__cbuf__ half*>(l1), half(1.5f), cfg);
  if constexpr (F == Fill::Float)
    asc_fill_l1_sync(reinterpret_cast<__cbuf__ float*>(l1), uint32_t{0x3FC00000}, cfg);
  if constexpr (F == Fill::FloatWithHalf)
    asc_fill_l1_sync(reinterpret_cast<__cbuf__ float*>(l1), half(-2.0f), cfg);
  if constexpr (F == Fill::HalfWithUint)
    asc_fill_l1_sync(reinterpret_cast<__cbuf__ half*>(l1), uint32_t{0x3C00BC00}, cfg);
  if constexpr (F == Fill::Bf16)
    asc_fill_l1_sync(reinterpret_cast<__cbuf__ bfloat16_t*>(l1), bfloat16_t(0.5f), cfg);
  if constexpr (F == Fill::Bf16WithHalf)
    asc_fill_l1_sync(reinterpret_cast<__cbuf__ bfloat16_t*>(l1), half(0.25f), cfg);
  asc_copy_l12gm_sync(gmAs<void>(out), l1, 1, 8, 0, 0);
}

std::vector<uint8_t> bytesOfU16(uint16_t v) {
  return {static_cast<uint8_t>(v & 0xFF), static_cast<uint8_t>(v >> 8)};
}
std::vector<uint8_t> bytesOfU32(uint32_t v) {
  return {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8), static_cast<uint8_t>(v >> 16),
          static_cast<uint8_t>(v >> 24)};
}

class CapiCubeFill : public CapiCubeMove {
 protected:
  // Blocks 0-2 and 4-6 hold `value` repeated, blocks 3 and 7 the 0x11 before.
  template <Fill F>
  void check(const std::vector<uint8_t>& value) {
    const auto got = run(fillL1<F>, std::vector<uint8_t>(32), 256, "fill");
    for (uint32_t i = 0; i < 256; ++i) {
      const uint32_t block = i / 32;
      const bool filled = block != 3 && block != 7;
      const uint8_t want = filled ? value[i % value.size()] : 0x11;
      ASSERT_EQ(int{got[i]}, int{want}) << "byte " << i << " fill " << int(F);
    }
  }
};

TEST_F(CapiCubeFill, L1WithTheValuesBits) {
  check<Fill::Half>(bytesOfU16(asctwin::isatest::halfRint(1.5)));
  check<Fill::Float>(bytesOfU32(0x3FC00000));
  // The value's width is the pattern's: -2.0 as half in every 16 bits of
  // the floats, 0x3C00BC00 as 32 bits over pairs of halves.
  check<Fill::FloatWithHalf>(bytesOfU16(asctwin::isatest::halfRint(-2.0)));
  check<Fill::HalfWithUint>(bytesOfU32(0x3C00BC00));
  check<Fill::Bf16>(bytesOfU16(0x3F00));  // bfloat16 0.5
  check<Fill::Bf16WithHalf>(bytesOfU16(asctwin::isatest::halfRint(0.25)));
}

// L0A (16 x 64 half, 4 fractals) = 1.0 by a 32-bit value holding two
// halves, L0B (64 x 16) = 2.0: every element of C is 64 * 2.
__global__ __cube__ void fillL0(GM_ADDR, GM_ADDR out) {
  asc_fill_value_config cfg;
  cfg.repeat = 1;
  cfg.blk_num = 4;
  asc_fill_l0a_sync(localAt<__ca__ half>(0), uint32_t{0x3C003C00}, cfg);
  asc_fill_l0b_sync(localAt<__cb__ half>(0), half(2.0f), cfg);
  asc_mmad_sync(localAt<__cc__ float>(0), localAt<__ca__ half>(0), localAt<__cb__ half>(0), 16, 64,
                16, 0, false, false, true);
  asc_set_l0c_copy_params(1, 0, 0);
  asc_copy_l0c2gm_sync(gmAs<float>(out), localAt<__cc__ float>(0), 16, 16, 16, 16, 0, NoQuant, 0,
                       false, true);
}

TEST_F(CapiCubeMove, L0aAndL0bFillsFeedAnMmad) {
  const auto got = run(fillL0, std::vector<uint8_t>(32), 1024, "fillL0");
  std::vector<float> c(256);
  std::memcpy(c.data(), got.data(), 1024);
  for (uint32_t i = 0; i < 256; ++i) ASSERT_EQ(c[i], 128.0f) << i;
}

// --- img2col -----------------------------------------------------------------------------------
// A 4 x 4 feature map of 16 half channels (NC1HWC0, C1 = 1) in L1; a 1 x 1
// filter makes row m of A pixel m and column c channel c; times the 16 x 16
// identity in L0B, C is A.
__global__ __cube__ void img2colIdentity(GM_ADDR src, GM_ADDR out) {
  auto* fm = localAt<__cbuf__ half>(0);
  auto* id = localAt<__cbuf__ half>(32 * 1024);
  asc_copy_gm2l1(fm, gmAs<void>(src), 512);
  asc_copy_gm2l1(id, gmAs<void>(src + 512), 512);
  asc_l13d_fmatrix_config f;
  f.l1_height = 4;  // square: the union's field order is not the register's (docs/capi.md)
  f.l1_width = 4;
  asc_set_l13d_fmatrix(f);
  asc_set_l13d_padding(half(0.0f));
  asc_load3d_v2_config rpt;
  asc_set_l13d_rpt(rpt);
  asc_set_l13d_size(0);
  asc_sync_notify(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  asc_sync_wait(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  asc_copy_l12l0a(localAt<__ca__ half>(0), fm, 16, 16, 0, 0, 1, 1, 1, 1, 1, 1, false, false, false,
                  false, 16);
  asc_copy_l12l0b(localAt<__cb__ half>(0), id, 0, 1, 1, 0);
  asc_sync_notify(PIPE_MTE1, PIPE_M, EVENT_ID0);
  asc_sync_wait(PIPE_MTE1, PIPE_M, EVENT_ID0);
  asc_mmad_sync(localAt<__cc__ float>(0), localAt<__ca__ half>(0), localAt<__cb__ half>(0), 16, 16,
                16, 0, false, false, true);
  asc_set_l0c_copy_params(1, 0, 0);
  asc_copy_l0c2gm_sync(gmAs<float>(out), localAt<__cc__ float>(0), 16, 16, 16, 16, 0, NoQuant, 0,
                       false, true);
}

TEST_F(CapiCubeMove, Img2colOfAOneByOneFilter) {
  std::vector<uint16_t> src(512);
  for (uint32_t p = 0; p < 16; ++p)
    for (uint32_t ch = 0; ch < 16; ++ch)
      src[p * 16 + ch] = asctwin::isatest::halfRint(static_cast<double>(p) - 0.25 * ch);
  for (uint32_t j = 0; j < 16; ++j)  // Zn row j holds k = 0..15 of column j
    for (uint32_t kk = 0; kk < 16; ++kk)
      src[256 + j * 16 + kk] = asctwin::isatest::halfRint(kk == j ? 1.0 : 0.0);
  std::vector<uint8_t> bytes(1024);
  std::memcpy(bytes.data(), src.data(), 1024);
  const auto got = run(img2colIdentity, bytes, 1024, "img2col");
  std::vector<float> c(256);
  std::memcpy(c.data(), got.data(), 1024);
  for (uint32_t m = 0; m < 16; ++m)
    for (uint32_t ch = 0; ch < 16; ++ch)
      ASSERT_EQ(c[m * 16 + ch], static_cast<float>(m) - 0.25f * static_cast<float>(ch))
          << "pixel " << m << " channel " << ch;
}

// --- registers -------------------------------------------------------------------------------
__global__ __cube__ void registers(GM_ADDR, GM_ADDR out) {
  auto* o = gmAs<uint64_t>(out);
  asc_set_l0c2gm_config(0x112, 0x1734, true);
  o[0] = asc_get_l0c2gm_relu();
  o[1] = asc_get_l0c2gm_prequant();
  o[2] = asc_get_l0c2gm_unitflag();
  asc_set_l0c2gm_config(5, 6, false);
  o[3] = asc_get_l0c2gm_unitflag();
  asc_enable_hf32();
  asc_enable_hf32_trans(1);
  asc_set_mmad_direction_n();
  o[4] = static_cast<uint64_t>(asc_get_ctrl());
  asc_set_fp32_mode();
  asc_enable_hf32_trans(0);
  asc_set_mmad_direction_m();
  o[5] = static_cast<uint64_t>(asc_get_ctrl());
}

TEST_F(CapiCubeMove, FpcAndCtrlBits) {
  const auto got = run(registers, std::vector<uint8_t>(32), 64, "registers");
  std::vector<uint64_t> v(8);
  std::memcpy(v.data(), got.data(), 64);
  EXPECT_EQ(v[0], 0x12u);  // 8-bit fields
  EXPECT_EQ(v[1], 0x34u);
  EXPECT_EQ(v[2], 1u);
  EXPECT_EQ(v[3], 0u);
  const uint64_t bits = (uint64_t{1} << 46) | (uint64_t{1} << 47) | (uint64_t{1} << 51);
  EXPECT_EQ(v[4] & bits, bits);
  EXPECT_EQ(v[5] & bits, 0u);
  EXPECT_EQ(v[4] & ~bits, v[5] & ~bits);  // the other bits untouched
}

// --- AIPP ------------------------------------------------------------------------------------
// A 4 x 2 window at (x 2, y 2) of an 8 x 6 RGB888 image, int8 out: channels 0-2
// the pixel's R, G, B (mean 0, saturated to 127), channels 3-31 the channel
// padding value.
__global__ __cube__ void capiImage(GM_ADDR img, GM_ADDR out) {
  AscendC::GlobalTensor<uint8_t> ig;
  ig.SetGlobalBuffer(img, 8 * 6 * 3);
  AscendC::AippParams<int8_t> p{};
  p.dtcParams.dtcVarCh0 = p.dtcParams.dtcVarCh1 = p.dtcParams.dtcVarCh2 = half(1.0f);
  p.cPaddingParams.cPaddingValue = -5;
  AscendC::SetAippFunctions(ig, AscendC::AippInputFormat::RGB888_U8, p);
  asc_load_image_to_cbuf_sync(localAt<__cbuf__ int8_t>(0), 3, 1, 2, 2, 7, 0, 0, 0, 0);
  asc_copy_l12gm_sync(gmAs<void>(out), localAt<__cbuf__ void>(0), 1, 8, 0, 0);
}

TEST_F(CapiCubeMove, ImageWindowIntoL1) {
  std::vector<uint8_t> img(8 * 6 * 3);
  for (size_t i = 0; i < img.size(); ++i) img[i] = static_cast<uint8_t>(i * 37 % 251);
  const auto got = run(capiImage, img, 256, "capiImage");
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 4; ++x)
      for (uint32_t ch = 0; ch < 32; ++ch) {
        const int v = ch < 3 ? std::min<int>(img[((2 + y) * 8 + 2 + x) * 3 + ch], 127) : -5;
        ASSERT_EQ(static_cast<int8_t>(got[(y * 4 + x) * 32 + ch]), v)
            << "pixel (" << y << ", " << x << ") channel " << ch;
      }
}

}  // namespace
