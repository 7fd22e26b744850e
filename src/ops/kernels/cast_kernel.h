// The Cast Ascend C kernel: each core takes [blockIdx * perCore, +perCore)
// of the elements and walks it in UB tiles through the usual VECIN ->
// compute -> VECOUT queues.
#pragma once

#include <type_traits>

#include "ops/kernels/elementwise_kernel.h"

namespace asctwin::ops::kernels {

// Scratch UB of a Cast tile: float work (half -> bf16) and the BOOL path's
// compare bits, ones and selected halves.
struct CastScratch {
  AscendC::LocalTensor<float> work;
  AscendC::LocalTensor<uint8_t> bits;
  AscendC::LocalTensor<half> ones;
  AscendC::LocalTensor<half> sel;
};

// One tile of Cast S -> D in UB.
template <typename S, typename D>
__aicore__ inline void castTile(const AscendC::LocalTensor<D>& out,
                                const AscendC::LocalTensor<S>& in, const CastScratch& k,
                                uint32_t count, bool toBool) {
  using namespace AscendC;
  if constexpr (std::is_same_v<S, half> && std::is_same_v<D, bfloat16_t>) {
    Cast(k.work, in, RoundMode::CAST_NONE, count);
    Cast(out, k.work, RoundMode::CAST_RINT, count);
  } else if constexpr (std::is_same_v<S, half> && std::is_same_v<D, uint8_t>) {
    if (toBool) {
      // BOOL: value != 0 -> 1. Compare into bits, select 1/0 in half, then narrow.
      // Compares runs whole 256-byte iterations: a tail tile's lanes up to the
      // next 128 are zeroed first (a masked Duplicate from the last aligned
      // block), so every lane it reads was written.
      const uint32_t full = (count + 127) / 128 * 128;
      if (full != count) {
        const uint32_t at = count / 16 * 16;
        const uint32_t lo = count - at, hi = full - at;  // lanes [lo, hi) of one iteration
        auto range = [&](uint32_t base) {
          uint64_t m = 0;
          for (uint32_t l = lo; l < hi; ++l)
            if (l >= base && l < base + 64) m |= uint64_t{1} << (l - base);
          return m;
        };
        uint64_t mask[2] = {range(0), range(64)};
        Duplicate(in[at], static_cast<half>(0.0f), mask, 1, 1, 8);
      }
      Compares(k.bits, in, static_cast<half>(0.0f), CMPMODE::NE, full);
      Duplicate(k.ones, static_cast<half>(1.0f), static_cast<int32_t>(count));
      Select(k.sel, k.bits, k.ones, static_cast<half>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE,
             count);
      Cast(out, k.sel, RoundMode::CAST_TRUNC, count);
    } else {
      Cast(out, in, RoundMode::CAST_TRUNC, count);
    }
  } else {
    Cast(out, in, RoundMode::CAST_TRUNC, count);
  }
}

template <typename S, typename D>
__global__ __aicore__ void castKernel(GM_ADDR src, GM_ADDR dst, ElementwiseTiling t,
                                      uint32_t toBool) {
  using namespace AscendC;
  const CoreRange range = coreRange(t);
  if (range.empty()) return;
  GlobalTensor<S> sg;
  GlobalTensor<D> dg;
  sg.SetGlobalBuffer(reinterpret_cast<__gm__ S*>(src), t.total);
  dg.SetGlobalBuffer(reinterpret_cast<__gm__ D*>(dst), t.total);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  TBuf<TPosition::VECCALC> workBuf, bitsBuf, onesBuf, selBuf;
  pipe.InitBuffer(inQ, 1, t.tile * static_cast<uint32_t>(sizeof(S)));
  pipe.InitBuffer(outQ, 1, t.tile * static_cast<uint32_t>(sizeof(D)));
  CastScratch scratch;
  if constexpr (std::is_same_v<S, half> && std::is_same_v<D, bfloat16_t>) {
    pipe.InitBuffer(workBuf, t.tile * 4);
    scratch.work = workBuf.Get<float>();
  }
  if constexpr (std::is_same_v<S, half> && std::is_same_v<D, uint8_t>) {
    if (toBool != 0) {
      pipe.InitBuffer(bitsBuf, t.tile / 8);
      pipe.InitBuffer(onesBuf, t.tile * 2);
      pipe.InitBuffer(selBuf, t.tile * 2);
      scratch.bits = bitsBuf.Get<uint8_t>();
      scratch.ones = onesBuf.Get<half>();
      scratch.sel = selBuf.Get<half>();
    }
  }
  for (uint64_t pos = range.begin; pos < range.end; pos += t.tile) {
    const uint32_t count = range.tileAt(pos, t.tile);
    LocalTensor<S> in = inQ.AllocTensor<S>();
    copyTileIn(in, sg[pos], count);
    inQ.EnQue(in);
    in = inQ.DeQue<S>();
    LocalTensor<D> out = outQ.AllocTensor<D>();
    if constexpr (std::is_same_v<S, float> && std::is_same_v<D, double>) {
      // No FP64 vector path: the scalar unit converts element by element.
      SetFlag<HardEvent::V_S>(0);
      WaitFlag<HardEvent::V_S>(0);
      for (uint32_t i = 0; i < count; ++i) out.SetValue(i, static_cast<double>(in.GetValue(i)));
      SetFlag<HardEvent::S_V>(0);
      WaitFlag<HardEvent::S_V>(0);
    } else {
      castTile<S, D>(out, in, scratch, count, toBool != 0);
    }
    outQ.EnQue(out);
    inQ.FreeTensor(in);
    out = outQ.DeQue<D>();
    copyTileOut(dg[pos], out, count);
    outQ.FreeTensor(out);
  }
}

}  // namespace asctwin::ops::kernels
