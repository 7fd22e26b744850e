// mad: C (L0C, Nz, fp32 or int32) = A (L0A, Zz) x B (L0B, Zn) + initial C:
// operand checks, the initial value, the ordering rule of large tiles and
// the record; the numerics are in cube_mad_kernels.cpp.
//
// Numerics (docs/cube.md): every element of C is an fp32 (int32)
// accumulator that starts from its initial value (0, the current L0C
// value, or the bias in BT) and takes the products A[i][kk] * B[kk][j] in
// order kk = 0 .. k-1, each as one fused multiply-add rounded to nearest
// even (fp16/bf16 products are exact in fp32, so this is also multiply then
// add). int8 products accumulate in int32 modulo 2^32. The unit computes
// whole 16 x 16 fractals of C (padding rows and columns of A and B give
// padding rows and columns of C, as on hardware) over kk < k only (the K
// padding is ignored); GEMV (m == 1) computes row 0.
#include <algorithm>
#include <cstring>
#include <vector>
#include <string>

#include "isa/cube_common.h"
#include "isa/cube_mad_kernels.h"
#include "isa/cube_s4.h"
#include "isa/cube_sparse.h"
#include "isa/cube_unit_flag.h"
#include "kernel/ordering.h"

namespace asctwin::isa {

namespace {

// HF32 (CTRL[46]): an fp32 operand rounded to 11 mantissa bits (12-bit
// significand), to nearest with ties to even, or with ties away from zero
// when CTRL[47] is set (HF32TransMode::NEAREST_ZERO; docs/cube.md says why
// this reading). Infinities and NaNs stay; a carry out of the mantissa
// raises the exponent (to infinity past the largest finite value).
void roundToHf32(uint8_t* p, uint64_t bytes, bool tiesAway) {
  for (uint64_t i = 0; i + 4 <= bytes; i += 4) {
    uint32_t u;
    std::memcpy(&u, p + i, 4);
    if ((u & 0x7F800000u) == 0x7F800000u) continue;
    if (tiesAway) {
      u += 0x800u;
    } else {
      u += 0x7FFu + ((u >> 12) & 1u);
    }
    u &= ~0xFFFu;
    std::memcpy(p + i, &u, 4);
  }
}

}  // namespace

using madk::aOffset;
using madk::bOffset;
using madk::cOffset;

void mad(MadType t, void* c, const void* a, const void* b, uint64_t bias, uint16_t m, uint16_t k,
         uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource,
         bool cmatrixInitVal, const char* name) {
  Ctx x = enter(name);
  if (m == 0 || k == 0 || n == 0) return;  // documented NOP
  if (m > 4095 || k > 4095 || n > 4095)
    cubeFail(x, "Mmad: m, n and k must be in [0, 4095], got m " + std::to_string(m) + ", n " +
                    std::to_string(n) + ", k " + std::to_string(k));
  const bool s4 = t == MadType::S4;
  const bool sparse = t == MadType::SparseS8;
  if (s4 && k % 2 != 0)
    cubeFail(x, std::string(name) + ": k must be even for int4b_t (two per byte), got " +
                    std::to_string(k));
  if (sparse && kDirectionAlign) cubeFail(x, "MmadWithSparse: kDirectionAlign must be false");
  // s: the layout of A (and of C) as stored: K in bytes for int4 (32 bytes,
  // 64 int4, per fractal row); sb: B's, which for sparse has ceil(k / 2)
  // densified rows of K.
  madk::Shape s{};
  s.m = m;
  s.k = s4 ? k / 2u : k;
  s.n = n;
  s.es = t == MadType::F32 ? 4 : (t == MadType::S8 || s4 || sparse) ? 1 : 2;
  s.k0 = 32 / s.es;
  s.k1 = (s.k + s.k0 - 1) / s.k0;
  if (t == MadType::F32 && kDirectionAlign) s.k1 = (k + 15) / 16 * 2;  // K aligned to 16
  s.gemv = m == 1 && !sparse;  // MmadWithSparse has no GEMV mode
  s.m1 = (m + 15) / 16;
  s.n1 = (n + 15) / 16;
  s.m = s.gemv ? 1 : s.m1 * 16;
  s.n = s.n1 * 16;
  s.nBias = n;
  madk::Shape sb = s;
  if (sparse) {
    sb.k = (k + 1u) / 2u;
    sb.k1 = (sb.k + 31) / 32;
  }

  const LocalOp ao = cubeLocal(x, CubeBuf::L0A, a, kFractalBytes, "fm (A)");
  const LocalOp bo = cubeLocal(x, CubeBuf::L0B, b, kFractalBytes, "filter (B)");
  const LocalOp co = cubeLocal(x, CubeBuf::L0C, c, 1024, "dst (C)");
  const uint64_t aExtent = s.gemv ? uint64_t{s.k} * s.es : uint64_t{s.m1} * s.k1 * kFractalBytes;
  checkLocalExtent(x, ao, aExtent, "fm (A)");
  checkLocalExtent(x, bo, uint64_t{sb.k1} * sb.n1 * kFractalBytes, "filter (B)");
  checkLocalExtent(x, co, uint64_t{s.n1} * s.m1 * 1024, "dst (C)");
  // The initial C: the bias table (cmatrixSource; the bias tensor's BT
  // address, or BT offset 0 without one), else 0 (cmatrixInitVal) or the
  // values in L0C.
  const uint8_t* bt = nullptr;
  if (cmatrixSource) {
    const LocalOp bo2 = cubeLocal(x, CubeBuf::BT, reinterpret_cast<const void*>(bias), 64, "bias");
    checkLocalExtent(x, bo2, uint64_t{n} * 4, "bias");
    bt = bo2.ptr;
  }
  // The unit flags of the whole fractals of C it writes (cube_unit_flag.h).
  UnitSet units;
  units.add(co.offset, uint64_t{s.n1} * s.m1 * 1024);
  std::shared_ptr<const kernel::UnitFlagUse> uf =
      unitFlagIssue(x, unitFlag, false, units.take(), sparse ? "MmadWithSparse" : "Mmad");
  const bool zeroInit = !cmatrixSource && cmatrixInitVal;
  const bool readsC = !cmatrixSource && !cmatrixInitVal;

  // Large tiles: the hardware orders an Mmad after the previous ones on its
  // own (the reference's (m / 16) * (n / 16) >= 10 rule); smaller ones need
  // PipeBarrier<PIPE_M> between dependent calls.
  if ((m / 16) * (n / 16) >= 10 && x.c.hooks != 0) kernel::pipeBarrier(PIPE_M, x.site);

  // HF32 (CTRL[46], CTRL[47]) as the Mmad is issued: fp32 operands only.
  const bool hf32 = t == MadType::F32 && ((x.c.regs.ctrl >> 46) & 1) != 0;
  const bool hf32TiesAway = ((x.c.regs.ctrl >> 47) & 1) != 0;
  const uint64_t bExtent = uint64_t{sb.k1} * sb.n1 * kFractalBytes;
  // MmadWithSparse: B's index fractals in the sparse index buffer at B's
  // L0B offset / 4.
  const uint8_t* idx = sparse ? sparseIndexBuffer(x.c) + bo.offset / 4 : nullptr;
  uint8_t* ap = ao.ptr;
  uint8_t* bp = bo.ptr;
  uint8_t* cp = co.ptr;
  // The record: the reads of the valid block (i < m, j < n, kk < k; the
  // padding of A and B feeds only the padding of C) and the write of the
  // whole fractals of C.
  auto describe = [&](Instr& in) {
    ByteRuns ar;
    ByteRuns br;
    ByteRuns crd;
    ByteRuns cw;
    const uint32_t rows = s.gemv ? 1u : m;
    // Fractal by fractal, row by row: the runs come in address order and
    // merge as they are added (a big Mmad's record stays a few runs).
    for (uint32_t mb = 0; mb * 16 < rows; ++mb)
      for (uint32_t kb = 0; kb * s.k0 < s.k; ++kb)
        for (uint32_t i = mb * 16; i < std::min(rows, mb * 16 + 16); ++i)
          ar.add(aOffset(s, i, kb * s.k0), uint64_t{std::min(s.k0, s.k - kb * s.k0)} * s.es);
    for (uint32_t kb = 0; kb * sb.k0 < sb.k; ++kb)
      for (uint32_t j = 0; j < n; ++j)
        br.add(bOffset(sb, kb * sb.k0, j), uint64_t{std::min(sb.k0, sb.k - kb * sb.k0)} * sb.es);
    for (uint32_t jb = 0; jb * 16 < s.n; ++jb)
      for (uint32_t i = 0; i < s.m; ++i) {
        cw.add(cOffset(s, i, jb * 16), 64);
        if (i < rows && jb * 16 < n)
          crd.add(cOffset(s, i, jb * 16), uint64_t{std::min<uint32_t>(16u, n - jb * 16)} * 4);
      }
    in.add(ar.access(Space::L0A, false, reinterpret_cast<uintptr_t>(ap)));
    in.add(br.access(Space::L0B, false, reinterpret_cast<uintptr_t>(bp)));
    if (bt != nullptr)
      in.add(access2d(Space::BT, false, reinterpret_cast<uintptr_t>(bt), 1, n * 4u, n * 4u));
    if (readsC) in.add(crd.access(Space::L0C, false, reinterpret_cast<uintptr_t>(cp)));
    in.add(cw.access(Space::L0C, true, reinterpret_cast<uintptr_t>(cp)));
    in.unitFlag = uf;
  };
  emit(x, PIPE_M, describe, [=, &c = x.c, site = x.site] {
    if (t == MadType::S8) {
      madk::madInt8(s, ap, bp, cp, reinterpret_cast<const int32_t*>(bt), zeroInit);
    } else if (s4) {
      // The int4 operands widened to the int8 layouts (K in elements).
      madk::Shape s8 = s;
      s8.k = k;
      s8.k1 = (k + 31u) / 32u;
      std::vector<uint8_t> a8(s8.gemv ? s8.k1 * 32u : uint64_t{s8.m1} * s8.k1 * kFractalBytes);
      std::vector<uint8_t> b8(uint64_t{s8.k1} * s8.n1 * kFractalBytes);
      widenS4Operand(s, s8, ap, true, a8.data());
      widenS4Operand(s, s8, bp, false, b8.data());
      madk::madInt8(s8, a8.data(), b8.data(), cp, reinterpret_cast<const int32_t*>(bt), zeroInit);
    } else if (sparse) {
      uint32_t bad = 0;
      if (!madSparse(s, sb, n, ap, bp, idx, cp, reinterpret_cast<const int32_t*>(bt), zeroInit,
                     &bad))
        c.launch->raise(c, site,
                        "MmadWithSparse: the index matrix of column " + std::to_string(bad) +
                            " holds the value 3 (indices are 0, 1 or 2; was it loaded with "
                            "LoadDataWithSparse for this B?)");
    } else if (hf32) {
      // The operands as the unit sees them: copies rounded to HF32.
      std::vector<uint8_t> a32(ap, ap + aExtent), b32(bp, bp + bExtent);
      roundToHf32(a32.data(), a32.size(), hf32TiesAway);
      roundToHf32(b32.data(), b32.size(), hf32TiesAway);
      madk::madFloat(t, s, a32.data(), b32.data(), cp, reinterpret_cast<const float*>(bt),
                     zeroInit);
    } else {
      madk::madFloat(t, s, ap, bp, cp, reinterpret_cast<const float*>(bt), zeroInit);
    }
  });
}

}  // namespace asctwin::isa
