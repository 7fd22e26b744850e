// The cube unit's intrinsics of the Atlas A2/A3 AI Core (architecture 2201)
// with the names and parameters Ascend C's own implementation calls
// (asc-devkit impl/basic_api/dav_c220: kernel_operator_mm_impl.h,
// kernel_operator_fixpipe*_impl.h, kernel_operator_data_copy_impl.h,
// kernel_operator_cube_others_impl.h, kernel_operator_sync_impl.h).
//
// Every intrinsic is a forwarder to one type-erased ISA-core function
// (asctwin::isa, src/isa/cube_*.cpp) that issues one record on its pipe:
//   MTE2: GM -> L1 / L0A / L0B (copy_gm_to_cbuf_multi_nd2nz_*, load_gm_to_*)
//   MTE1: L1 -> L0A / L0B / BT, L1 fills (load_cbuf_to_*, img2colv2_*,
//         copy_cbuf_to_bt, create_*_matrix)
//   M:    mad
//   FIX:  L0C -> GM / L1, L1 -> FB (copy_matrix_cc_to_*, copy_cbuf_to_fbuf)
// The layouts, units and numerics are in docs/cube.md.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/isa_types.h"

// How the fractal index of a multi-repeat 2-D load advances.
enum addr_cal_mode_t : uint8_t { inc = 0, dec = 1 };

// The quantisation of a Fixpipe transfer (QuantMode_t of the CCE compiler;
// A2/A3 have NoQuant .. VREQ8).
enum QuantMode_t : uint8_t {
  NoQuant = 0,
  F322F16,
  F322BF16,
  DEQF16,
  VDEQF16,
  QF322B8_PRE,
  VQF322B8_PRE,
  REQ8,
  VREQ8,
};

namespace asctwin::isa {

// The buffers of the cube unit (and GM) an operand lives in.
enum class CubeBuf : uint8_t { GM, L1, L0A, L0B, L0C, BT, FB };

// --- GM -> L1 with ND -> NZ (MTE2) ------------------------------------------------
// ndNum matrices of nValue rows x dValue elements (row pitch srcDValue,
// matrices srcNdMatrixStride elements apart) become NZ: column block c of 32
// bytes, row r at dst + c * dstNzC0Stride * 32 + r * dstNzNStride * 32,
// matrix i dstNzMatrixStride elements further; the last block of a row is
// padded with zeros.
struct Nd2NzArgs {
  uint16_t ndNum, nValue, dValue, srcNdMatrixStride, srcDValue, dstNzC0Stride, dstNzNStride,
      dstNzMatrixStride;
};
void nd2nz(void* dst, const void* src, uint32_t elemBytes, const Nd2NzArgs& a, const char* name);

// --- 2-D fractal loads (512-byte fractals) -------------------------------------------
// repeat fractals: source fractal startIndex + r * srcStride (or minus, for
// dec), destination fractal r * (1 + dstGap); transpose swaps each 16 x 16
// b16 fractal.
void load2d(CubeBuf dstBuf, void* dst, CubeBuf srcBuf, const void* src, uint32_t elemBytes,
            uint16_t startIndex, uint8_t repeat, uint16_t srcStride, uint16_t dstGap,
            bool transpose, bool decrement, const char* name);
// LoadDataWithTranspose: square blocks of fractals transposed (b8: 32 x 32
// from 2 fractals, b16: 16 x 16, b32: 16 x 16 from 2 fractals).
void load2dTranspose(CubeBuf dstBuf, void* dst, const void* src, uint32_t elemBytes,
                     uint16_t startIndex, uint8_t repeat, uint16_t srcStride, uint16_t dstGap,
                     uint16_t dstFracGap, const char* name);

// --- img2col (LoadData 3-D v2) --------------------------------------------------------
struct Img2colArgs {
  uint16_t kExtension, mExtension, kStartPt, mStartPt;
  uint8_t strideW, strideH, filterW, filterH, dilationW, dilationH;
  bool filterSizeW, filterSizeH, transpose, fMatrixB;
  uint16_t channelSize;
  bool int4 = false;  // int4b_t (es 1): k and channel values in int4 elements, C0 = 64
};
void img2col(CubeBuf dstBuf, void* dst, const void* src, uint32_t elemBytes, const Img2colArgs& a,
             const char* name);

// --- fills and the small buffers ---------------------------------------------------------
// create_*_matrix: repeatBits = repeat [15:0], blocks [31:16], gap [47:32]
// (blocks and gap in 32 B on L1, 512 B on L0A/L0B); valueBits: the element.
void createMatrix(CubeBuf dstBuf, void* dst, int64_t repeatBits, uint32_t elemBytes,
                  uint32_t valueBits, const char* name);
// L1 -> BT: blocks of 64 bytes of BT (convert: half in L1 -> float in BT).
void copyL1ToBt(uint64_t dst, const void* src, bool convert, uint16_t nBurst, uint16_t lenBurst,
                uint16_t srcGap, uint16_t dstGap, const char* name);
// L1 -> FB: blocks of 128 bytes.
void copyL1ToFb(void* dst, const void* src, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                uint16_t dstGap, const char* name);

// --- mad (PIPE_M) ---------------------------------------------------------------------------
// The A/B element type; S4: int4b_t (two per byte, element 2i in the low
// nibble); SparseS8: MmadWithSparse (int8 A, 4:2-densified int8 B and its
// index matrix in the core's sparse index buffer).
enum class MadType : uint8_t { F16, BF16, F32, S8, S4, SparseS8 };
void mad(MadType t, void* c, const void* a, const void* b, uint64_t bias, uint16_t m, uint16_t k,
         uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource,
         bool cmatrixInitVal, const char* name);

// --- int4 and sparse loads (MTE1; src/isa/cube_s4.cpp, cube_sparse.cpp) ----------------------
// LoadDataWithTranspose of int4b_t into L0B: per repeat, four 16 x 64
// fractals as one 64 x 64 square, transposed, back as four fractals
// (dstFracGap fractals apart).
void load2dTransposeS4(void* dst, const void* src, uint16_t startIndex, uint8_t repeat,
                       uint16_t srcStride, uint16_t dstGap, uint16_t dstFracGap, const char* name);
// SetIndexMatrix (the CPU-mode channel of the index matrix's L1 address).
void setSparseIndexSource(const void* idx, const char* name);
// LoadDataWithSparse: repeat 512-byte fractals of B from L1 (from
// startIndex) to L0B, and their 128-byte index fractals to the sparse index
// buffer (L0B offset / 4).
void loadSparse(void* dst, const void* src, uint16_t startIndex, uint8_t repeat, const char* name);

// --- AIPP: LoadImageToLocal (MTE2; src/isa/cube_aipp.cpp) -----------------------------------
// load_image_to_cbuf's operands: the sizes minus 1, as the instruction takes them.
struct ImageArgs {
  uint16_t horizSize, vertSize, horizStartPos, vertStartPos, srcHorizSize;
  uint8_t topPad, botPad;
  uint16_t leftPad, rightPad;
};
void setAippRegister(uint32_t n, uint64_t value, const char* name);
void loadImage(void* dst, uint32_t outBytes, const ImageArgs& args, const char* name);

// --- Fixpipe (PIPE_FIX) ----------------------------------------------------------------------
struct FixArgs {
  uint16_t nSize, mSize;
  uint32_t dstStride;
  uint16_t srcStride;
  uint8_t unitFlag;
  QuantMode_t quant;
  uint8_t reluPre;
  bool channelSplit, nz2nd;
};
void fixpipe(CubeBuf dstBuf, void* dst, Elem dstType, const void* src, Elem srcType,
             const FixArgs& a, const char* name);

// --- registers (PIPE_S) and cross-core flags ---------------------------------------------------
enum class CubeReg : uint8_t {
  Fpc,
  NdPara,
  QuantPre,
  Fmatrix,
  FmatrixB,
  Padding,
  L13dSize,
  L3dRpt,
};
void setCubeRegister(CubeReg r, uint64_t value, const char* name);
uint64_t cubeRegister(CubeReg r);
// ffts_cross_core_sync: config = 1 + (mode << 4) + (flag << 8) (GetffstMsg).
void crossCoreSet(pipe_t pipe, uint64_t config, const char* name);
void crossCoreWait(int64_t flagId, const char* name);

namespace detail {
template <typename T>
constexpr MadType madTypeOf() {
  if constexpr (std::is_same_v<T, half>)
    return MadType::F16;
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return MadType::BF16;
  else if constexpr (std::is_same_v<T, float>)
    return MadType::F32;
  else
    return MadType::S8;
}
template <typename T>
constexpr Elem cubeElemOf() {
  if constexpr (std::is_same_v<T, half>)
    return Elem::F16;
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return Elem::BF16;
  else if constexpr (std::is_same_v<T, float>)
    return Elem::F32;
  else if constexpr (std::is_same_v<T, int8_t>)
    return Elem::S8;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return Elem::U8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return Elem::S16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return Elem::S32;
  else
    static_assert(sizeof(T) == 0, "not an element type of the Fixpipe paths");
}
template <typename T>
inline uint32_t valueBits(T v) {
  uint32_t out = 0;
  __builtin_memcpy(&out, &v, sizeof(T));
  return out;
}
}  // namespace detail

}  // namespace asctwin::isa

// --- GM -> L1, ND -> NZ
// -----------------------------------------------------------------------------
#define ASCTWIN_ISA_ND2NZ(SUFFIX, BYTES)                                                       \
  template <typename T>                                                                        \
  inline void copy_gm_to_cbuf_multi_nd2nz_##SUFFIX(                                            \
      __cbuf__ T* dst, __gm__ T* src, uint8_t /*sid*/, uint16_t ndNum, uint16_t nValue,        \
      uint16_t dValue, uint16_t srcNdMatrixStride, uint16_t srcDValue, uint16_t dstNzC0Stride, \
      uint16_t dstNzNStride, uint16_t dstNzMatrixStride) {                                     \
    static_assert(sizeof(T) == BYTES,                                                          \
                  "copy_gm_to_cbuf_multi_nd2nz_" #SUFFIX " moves " #BYTES "-byte elements");   \
    asctwin::isa::nd2nz(dst, src, BYTES,                                                       \
                        {ndNum, nValue, dValue, srcNdMatrixStride, srcDValue, dstNzC0Stride,   \
                         dstNzNStride, dstNzMatrixStride},                                     \
                        "copy_gm_to_cbuf_multi_nd2nz_" #SUFFIX);                               \
  }
ASCTWIN_ISA_ND2NZ(b8, 1)
ASCTWIN_ISA_ND2NZ(b16, 2)
ASCTWIN_ISA_ND2NZ(b32s, 4)
#undef ASCTWIN_ISA_ND2NZ

// --- 2-D loads
// ------------------------------------------------------------------------------------------
#define ASCTWIN_ISA_LOAD2D_L1(NAME, DSTQ, DSTBUF)                                               \
  template <typename T>                                                                         \
  inline void NAME(DSTQ T* dst, __cbuf__ T* src, uint16_t baseIdx, uint8_t repeat,              \
                   uint16_t srcStride, uint16_t dstGap, uint8_t /*sid*/, bool transpose,        \
                   addr_cal_mode_t mode) {                                                      \
    asctwin::isa::load2d(asctwin::isa::CubeBuf::DSTBUF, dst, asctwin::isa::CubeBuf::L1, src,    \
                         sizeof(T), baseIdx, repeat, srcStride, dstGap, transpose, mode == dec, \
                         #NAME);                                                                \
  }
ASCTWIN_ISA_LOAD2D_L1(load_cbuf_to_ca, __ca__, L0A)
ASCTWIN_ISA_LOAD2D_L1(load_cbuf_to_cb, __cb__, L0B)
#undef ASCTWIN_ISA_LOAD2D_L1

#define ASCTWIN_ISA_LOAD2D_GM(NAME, DSTQ, DSTBUF)                                                \
  template <typename T>                                                                          \
  inline void NAME(DSTQ T* dst, __gm__ T* src, uint16_t baseIdx, uint8_t repeat,                 \
                   uint16_t srcStride, uint16_t dstGap, uint8_t /*sid*/, addr_cal_mode_t mode) { \
    asctwin::isa::load2d(asctwin::isa::CubeBuf::DSTBUF, dst, asctwin::isa::CubeBuf::GM, src,     \
                         sizeof(T), baseIdx, repeat, srcStride, dstGap, false, mode == dec,      \
                         #NAME);                                                                 \
  }
ASCTWIN_ISA_LOAD2D_GM(load_gm_to_ca, __ca__, L0A)
ASCTWIN_ISA_LOAD2D_GM(load_gm_to_cb, __cb__, L0B)
ASCTWIN_ISA_LOAD2D_GM(load_gm_to_cbuf, __cbuf__, L1)
#undef ASCTWIN_ISA_LOAD2D_GM

#define ASCTWIN_ISA_LOAD2D_T(NAME, DSTQ, DSTBUF)                                               \
  template <typename T>                                                                        \
  inline void NAME(DSTQ T* dst, __cbuf__ T* src, uint16_t indexID, uint8_t repeat,             \
                   uint16_t srcStride, uint16_t dstGap, addr_cal_mode_t /*mode*/,              \
                   uint16_t dstFracGap) {                                                      \
    asctwin::isa::load2dTranspose(asctwin::isa::CubeBuf::DSTBUF, dst, src, sizeof(T), indexID, \
                                  repeat, srcStride, dstGap, dstFracGap, #NAME);               \
  }
ASCTWIN_ISA_LOAD2D_T(load_cbuf_to_ca_transpose, __ca__, L0A)
ASCTWIN_ISA_LOAD2D_T(load_cbuf_to_cb_transpose, __cb__, L0B)
#undef ASCTWIN_ISA_LOAD2D_T

// --- img2col
// ------------------------------------------------------------------------------------------------
#define ASCTWIN_ISA_IMG2COL(NAME, DSTQ, DSTBUF)                                                   \
  template <typename T>                                                                           \
  inline void NAME(DSTQ T* dst, __cbuf__ T* src, uint16_t kExtension, uint16_t mExtension,        \
                   uint16_t kStartPt, uint16_t mStartPt, uint8_t strideW, uint8_t strideH,        \
                   uint8_t filterW, uint8_t filterH, uint8_t dilationFilterW,                     \
                   uint8_t dilationFilterH, bool filterSizeW, bool filterSizeH, bool transpose,   \
                   bool fMatrixCtrl, uint16_t channelSize) {                                      \
    asctwin::isa::img2col(asctwin::isa::CubeBuf::DSTBUF, dst, src, sizeof(T),                     \
                          {kExtension, mExtension, kStartPt, mStartPt, strideW, strideH, filterW, \
                           filterH, dilationFilterW, dilationFilterH, filterSizeW, filterSizeH,   \
                           transpose, fMatrixCtrl, channelSize},                                  \
                          #NAME);                                                                 \
  }
ASCTWIN_ISA_IMG2COL(img2colv2_cbuf_to_ca, __ca__, L0A)
ASCTWIN_ISA_IMG2COL(img2colv2_cbuf_to_cb, __cb__, L0B)
#undef ASCTWIN_ISA_IMG2COL

// --- fills: the element's bits (half for the b16 types, uint32_t for b32)
// ----------------------------------
#define ASCTWIN_ISA_CREATE(NAME, DSTQ, DSTBUF)                                           \
  template <typename T, typename V>                                                      \
  inline void NAME(DSTQ T* dst, int64_t repeatBit, V value) {                            \
    static_assert(sizeof(T) == sizeof(V) && (sizeof(T) == 2 || sizeof(T) == 4),          \
                  #NAME " fills b16 or b32 elements with a value of the same width");    \
    asctwin::isa::createMatrix(asctwin::isa::CubeBuf::DSTBUF, dst, repeatBit, sizeof(T), \
                               asctwin::isa::detail::valueBits(value), #NAME);           \
  }                                                                                      \
  inline void NAME##_bf16(DSTQ bfloat16_t* dst, int64_t repeatBit, bfloat16_t value) {   \
    asctwin::isa::createMatrix(asctwin::isa::CubeBuf::DSTBUF, dst, repeatBit, 2,         \
                               asctwin::isa::detail::valueBits(value), #NAME "_bf16");   \
  }
ASCTWIN_ISA_CREATE(create_ca_matrix, __ca__, L0A)
ASCTWIN_ISA_CREATE(create_cb_matrix, __cb__, L0B)
ASCTWIN_ISA_CREATE(create_cbuf_matrix, __cbuf__, L1)
#undef ASCTWIN_ISA_CREATE

// --- L1 -> BT / FB
// ---------------------------------------------------------------------------------------------
inline void copy_cbuf_to_bt(uint64_t dst, __cbuf__ void* src, uint16_t convControl, uint16_t nBurst,
                            uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap) {
  asctwin::isa::copyL1ToBt(dst, src, convControl != 0, nBurst, lenBurst, srcGap, dstGap,
                           "copy_cbuf_to_bt");
}
inline void copy_cbuf_to_fbuf(__fbuf__ void* dst, __cbuf__ void* src, uint16_t nBurst,
                              uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap) {
  asctwin::isa::copyL1ToFb(dst, src, nBurst, lenBurst, srcGap, dstGap, "copy_cbuf_to_fbuf");
}

// --- mad: C (L0C) = A (L0A, Zz) x B (L0B, Zn) + init (0, C, or the bias in BT)
// -----------------------------
#define ASCTWIN_ISA_MAD(C, AB)                                                                    \
  inline void mad(__cc__ C* c, __ca__ AB* a, __cb__ AB* b, uint16_t m, uint16_t k, uint16_t n,    \
                  uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource,                     \
                  bool cmatrixInitVal) {                                                          \
    asctwin::isa::mad(asctwin::isa::detail::madTypeOf<AB>(), c, a, b, 0, m, k, n, unitFlag,       \
                      kDirectionAlign, cmatrixSource, cmatrixInitVal, "mad");                     \
  }                                                                                               \
  inline void mad(__cc__ C* c, __ca__ AB* a, __cb__ AB* b, uint64_t bias, uint16_t m, uint16_t k, \
                  uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource,         \
                  bool cmatrixInitVal) {                                                          \
    asctwin::isa::mad(asctwin::isa::detail::madTypeOf<AB>(), c, a, b, bias, m, k, n, unitFlag,    \
                      kDirectionAlign, cmatrixSource, cmatrixInitVal, "mad");                     \
  }
ASCTWIN_ISA_MAD(float, half)
ASCTWIN_ISA_MAD(float, bfloat16_t)
ASCTWIN_ISA_MAD(float, float)
ASCTWIN_ISA_MAD(int32_t, int8_t)
#undef ASCTWIN_ISA_MAD
// int4b_t x int4b_t -> int32_t (operands as raw bytes, as dav_c220 passes them).
inline void mad_s4(__cc__ int32_t* c, __ca__ void* a, __cb__ void* b, uint16_t m, uint16_t k,
                   uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource,
                   bool cmatrixInitVal) {
  asctwin::isa::mad(asctwin::isa::MadType::S4, c, a, b, 0, m, k, n, unitFlag, kDirectionAlign,
                    cmatrixSource, cmatrixInitVal, "mad_s4");
}
// MmadWithSparse: k is A's K; B holds ceil(k / 2) densified rows.
inline void mad_sp(__cc__ int32_t* c, __ca__ int8_t* a, __cb__ int8_t* b, uint16_t m, uint16_t k,
                   uint16_t n, uint8_t unitFlag, bool cmatrixSource, bool cmatrixInitVal) {
  asctwin::isa::mad(asctwin::isa::MadType::SparseS8, c, a, b, 0, m, k, n, unitFlag, false,
                    cmatrixSource, cmatrixInitVal, "mad_sp");
}

// --- int4 and sparse loads
// -------------------------------------------------------------------------------------
// The 2-D fractal copies of int4b_t move 512-byte fractals like any type
// (no transpose on this path: dav_c220 passes 0).
#define ASCTWIN_ISA_LOAD2D_S4(NAME, DSTQ, DSTBUF)                                               \
  inline void NAME(DSTQ void* dst, __cbuf__ void* src, uint16_t baseIdx, uint8_t repeat,        \
                   uint16_t srcStride, uint16_t dstGap, uint8_t /*sid*/, bool transpose,        \
                   addr_cal_mode_t mode) {                                                      \
    asctwin::isa::load2d(asctwin::isa::CubeBuf::DSTBUF, dst, asctwin::isa::CubeBuf::L1, src, 0, \
                         baseIdx, repeat, srcStride, dstGap, transpose, mode == dec, #NAME);    \
  }
ASCTWIN_ISA_LOAD2D_S4(load_cbuf_to_ca_s4, __ca__, L0A)
ASCTWIN_ISA_LOAD2D_S4(load_cbuf_to_cb_s4, __cb__, L0B)
#undef ASCTWIN_ISA_LOAD2D_S4
inline void load_cbuf_to_cb_transpose_s4(__cb__ void* dst, __cbuf__ void* src, uint16_t indexID,
                                         uint8_t repeat, uint16_t srcStride, uint16_t dstGap,
                                         addr_cal_mode_t /*mode*/, uint16_t dstFracGap) {
  asctwin::isa::load2dTransposeS4(dst, src, indexID, repeat, srcStride, dstGap, dstFracGap,
                                  "load_cbuf_to_cb_transpose_s4");
}
inline void img2colv2_cbuf_to_ca_s4(__ca__ void* dst, __cbuf__ void* src, uint16_t kExtension,
                                    uint16_t mExtension, uint16_t kStartPt, uint16_t mStartPt,
                                    uint8_t strideW, uint8_t strideH, uint8_t filterW,
                                    uint8_t filterH, uint8_t dilationFilterW,
                                    uint8_t dilationFilterH, bool filterSizeW, bool filterSizeH,
                                    bool transpose, bool fMatrixCtrl, uint16_t channelSize) {
  asctwin::isa::Img2colArgs a{kExtension,  mExtension,  kStartPt,  mStartPt,        strideW,
                              strideH,     filterW,     filterH,   dilationFilterW, dilationFilterH,
                              filterSizeW, filterSizeH, transpose, fMatrixCtrl,     channelSize};
  a.int4 = true;
  asctwin::isa::img2col(asctwin::isa::CubeBuf::L0A, dst, src, 1, a, "img2colv2_cbuf_to_ca_s4");
}
// The index matrix's L1 address reaches the model through
// AscendC::SetIndexMatrix in CPU mode (kernel_utils_constants.h declares it
// under ASCENDC_CPU_DEBUG; src/isa/cube_sparse.cpp defines it); the NPU
// packs it into src[63:32] instead.
namespace AscendC {
void SetIndexMatrix(void* indexMatrix);
}  // namespace AscendC
inline void load_cbuf_to_cb_sp(__cb__ int8_t* dst, __cbuf__ int8_t* src, uint16_t startID,
                               uint8_t repeatTime) {
  asctwin::isa::loadSparse(dst, src, startID, repeatTime, "load_cbuf_to_cb_sp");
}

// --- AIPP
// ------------------------------------------------------------------------------------------------
#define ASCTWIN_ISA_AIPP_SPR(N)                                   \
  inline void set_aipp_spr_##N(uint64_t config) {                 \
    asctwin::isa::setAippRegister(N, config, "set_aipp_spr_" #N); \
  }
ASCTWIN_ISA_AIPP_SPR(0)
ASCTWIN_ISA_AIPP_SPR(1)
ASCTWIN_ISA_AIPP_SPR(2)
ASCTWIN_ISA_AIPP_SPR(3)
ASCTWIN_ISA_AIPP_SPR(4)
ASCTWIN_ISA_AIPP_SPR(5)
ASCTWIN_ISA_AIPP_SPR(6)
ASCTWIN_ISA_AIPP_SPR(7)
ASCTWIN_ISA_AIPP_SPR(8)
ASCTWIN_ISA_AIPP_SPR(9)
ASCTWIN_ISA_AIPP_SPR(10)
ASCTWIN_ISA_AIPP_SPR(11)
ASCTWIN_ISA_AIPP_SPR(12)
ASCTWIN_ISA_AIPP_SPR(13)
ASCTWIN_ISA_AIPP_SPR(14)
ASCTWIN_ISA_AIPP_SPR(15)
ASCTWIN_ISA_AIPP_SPR(16)
ASCTWIN_ISA_AIPP_SPR(17)
ASCTWIN_ISA_AIPP_SPR(18)
ASCTWIN_ISA_AIPP_SPR(19)
ASCTWIN_ISA_AIPP_SPR(20)
ASCTWIN_ISA_AIPP_SPR(21)
ASCTWIN_ISA_AIPP_SPR(22)
ASCTWIN_ISA_AIPP_SPR(23)
ASCTWIN_ISA_AIPP_SPR(24)
#undef ASCTWIN_ISA_AIPP_SPR
// GM image -> L1 with the AIPP registers' pre-processing (int8_t or half out).
template <typename T>
inline void load_image_to_cbuf(__cbuf__ T* dst, uint16_t horSize, uint16_t verSize,
                               uint16_t horStartP, uint16_t verStartP, uint16_t sHorRes,
                               uint8_t topPadSize, uint8_t botPadSize, uint16_t lPadSize,
                               uint16_t rPadSize, uint8_t /*sid*/) {
  asctwin::isa::loadImage(
      dst, sizeof(T),
      {horSize, verSize, horStartP, verStartP, sHorRes, topPadSize, botPadSize, lPadSize, rPadSize},
      "load_image_to_cbuf");
}

// --- Fixpipe: L0C -> GM / L1
// ---------------------------------------------------------------------------------------
#define ASCTWIN_ISA_FIX(NAME, DSTQ, DSTBUF)                                                        \
  template <typename T, typename U>                                                                \
  inline void NAME(DSTQ T* dst, __cc__ U* src, uint8_t /*sid*/, uint16_t nSize, uint16_t mSize,    \
                   uint32_t dstStride, uint16_t srcStride, uint8_t unitFlag, QuantMode_t quantPre, \
                   uint8_t reluPre, bool channelSplit, bool nz2ndEn) {                             \
    asctwin::isa::fixpipe(                                                                         \
        asctwin::isa::CubeBuf::DSTBUF, dst, asctwin::isa::detail::cubeElemOf<T>(), src,            \
        asctwin::isa::detail::cubeElemOf<U>(),                                                     \
        {nSize, mSize, dstStride, srcStride, unitFlag, quantPre, reluPre, channelSplit, nz2ndEn},  \
        #NAME);                                                                                    \
  }
ASCTWIN_ISA_FIX(copy_matrix_cc_to_gm, __gm__, GM)
ASCTWIN_ISA_FIX(copy_matrix_cc_to_cbuf, __cbuf__, L1)
#undef ASCTWIN_ISA_FIX

// --- cube registers
// ----------------------------------------------------------------------------------------------
#define ASCTWIN_ISA_CUBE_REG(NAME, REG)                                       \
  inline void NAME(uint64_t config) {                                         \
    asctwin::isa::setCubeRegister(asctwin::isa::CubeReg::REG, config, #NAME); \
  }
ASCTWIN_ISA_CUBE_REG(set_fpc, Fpc)
ASCTWIN_ISA_CUBE_REG(set_nd_para, NdPara)
ASCTWIN_ISA_CUBE_REG(set_quant_pre, QuantPre)
ASCTWIN_ISA_CUBE_REG(set_fmatrix, Fmatrix)
ASCTWIN_ISA_CUBE_REG(set_fmatrix_b, FmatrixB)
ASCTWIN_ISA_CUBE_REG(set_padding, Padding)
ASCTWIN_ISA_CUBE_REG(set_l1_3d_size, L13dSize)
ASCTWIN_ISA_CUBE_REG(set_l3d_rpt, L3dRpt)
#undef ASCTWIN_ISA_CUBE_REG

// --- cross-core synchronisation (FFTS)
// ---------------------------------------------------------------------------
inline void ffts_cross_core_sync(pipe_t pipe, uint64_t config) {
  asctwin::isa::crossCoreSet(pipe, config, "ffts_cross_core_sync");
}
inline void wait_flag_dev(int64_t flagID) {
  asctwin::isa::crossCoreWait(flagID, "wait_flag_dev");
}
