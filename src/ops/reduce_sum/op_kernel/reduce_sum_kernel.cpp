// ReduceSum: the Ascend C kernel. Sums the contiguous input over the reduced
// dimensions into an FP32 accumulator with atomic adds, in an order fixed by
// the shape alone (reduce_sum_tiling_data.h, aclnn_reduce_sum.h).
//
// Work split. The reduction is cut into G groups (runs of rows in lanes order,
// runs of row segments in rows order); block b < nG * nO computes the partial
// sums of groups [floor(c * G / nG), floor((c + 1) * G / nG)), c = b % nG, for
// the outputs [floor(r * M / nO), floor((r + 1) * M / nO)), r = b / nG (M
// outputs). Every block also zeroes its share [floor(b * M / n), ...) of the
// accumulator.
//
// Phases of a block:
//   1. Zero its share of the accumulator and (deterministic) its IBSet flag
//      slot (Duplicate -> V_MTE3 -> DataCopyPad), then PipeBarrier<PIPE_ALL> +
//      SyncAll: every zero has landed before any block adds into the
//      accumulator (the seed's cause 2: a plain write unordered with atomic
//      adds into the same bytes) or uses a flag. The blocks all arrive at this
//      barrier together, at the start.
//   2. Compute its group partials into the partials workspace, partials[g][o]
//      (plain writes; TQue hidden flags order MTE2 -> V -> MTE3), then
//      MTE3_MTE2 before reading them back.
//   3. (deterministic) The blocks of one output range take turns in ascending
//      block order (= ascending group order) with the seed's IBSet/IBWait
//      recipe: block b waits for block b - 1 of its range (IBWait) before
//      adding, and signals block b + 1 (MTE3_S, then IBSet) once its adds
//      have landed. Ranges do not share outputs, so they do not wait for each
//      other (IBSet/IBWait lets any subset of the AIVs take turns, unlike
//      WaitPreBlock/NotifyNextBlock which chains all of them), and a turn
//      starts as soon as the previous block is done: no barrier in between.
//      Add each of its groups, in ascending group order, into the accumulator:
//      DataCopyPad GM -> UB, MTE2_MTE3, atomic DataCopyPad UB -> GM,
//      PipeBarrier<PIPE_MTE3> between the atomic copies (the seed's cause 1:
//      atomic copies on one MTE3 pipe may otherwise complete in any order).
//      So every output receives its partials in ascending group order, s(o)
//      = ((0 + p_0) + p_1) + ..., whatever the block count.
//      Without determinism there are no turns: blocks add as soon as their
//      partials are ready, and the float sums depend on that order.
//   4. (FP16/BF16 out) PipeBarrier<PIPE_ALL> + SyncAll, then cast its share of
//      the accumulator into out (CAST_RINT: round to nearest, ties to even).
#include <type_traits>

#include "kernel_operator.h"
#include "ops/reduce_sum/op_kernel/reduce_sum_kernel.h"

using namespace AscendC;

namespace asctwin::ops::reduce_sum {
namespace {

template <typename TIn>
class KernelReduceSum {
 public:
  __aicore__ inline KernelReduceSum() {}

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR acc, GM_ADDR partials, GM_ADDR sync, GM_ADDR out,
                              const ReduceSumTiling& t) {
    t_ = t;
    const auto b = static_cast<uint64_t>(GetBlockIdx());
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ TIn*>(x), t.inElems);
    accGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(acc), t.outElems);
    partGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(partials), t.groups * t.outElems);
    syncGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sync), t.blockDim * 8ull);
    out_ = out;

    const ReduceSumUbLayout ub = ReduceSumUb(t);
    pipe_.InitBuffer(inQ_, 2, ub.inQueue);
    if (ub.castBuf != 0) pipe_.InitBuffer(castBuf_, ub.castBuf);
    pipe_.InitBuffer(partQ_, 1, ub.partQueue);
    if (ub.laneBuf != 0) pipe_.InitBuffer(laneBuf_, ub.laneBuf);
    pipe_.InitBuffer(moveBuf_, ub.moveBuf);
    if (t.castOut != 0) {
      pipe_.InitBuffer(castInQ_, 1, ub.castIn);
      pipe_.InitBuffer(castOutQ_, 1, ub.castOutQ);
    }
    pipe_.InitBuffer(syncBuf_, ub.syncBuf);

    zeroBegin_ = SplitPoint(t.outElems, b, t.blockDim);
    zeroEnd_ = SplitPoint(t.outElems, b + 1, t.blockDim);
    active_ = b < static_cast<uint64_t>(t.groupBlocks) * t.outSplits;
    if (active_) {
      const uint64_t column = b % t.groupBlocks;
      const uint64_t row = b / t.groupBlocks;
      groupBegin_ = SplitPoint(t.groups, column, t.groupBlocks);
      groupEnd_ = SplitPoint(t.groups, column + 1, t.groupBlocks);
      outBegin_ = SplitPoint(t.outElems, row, t.outSplits);
      outEnd_ = SplitPoint(t.outElems, row + 1, t.outSplits);
    }
  }

  __aicore__ inline void Process() {
    ZeroShare();
    // Every zero lands before any block adds into the accumulator or uses a
    // flag (all blocks arrive here together, so the barrier costs little).
    PipeBarrier<PIPE_ALL>();
    SyncAll();
    if (active_) {
      if (t_.mode == kModeLanes) {
        LanesPartials();
      } else {
        RowsPartials();
      }
      // This block's partials have landed before it reads them back.
      SetFlag<HardEvent::MTE3_MTE2>(0);
      WaitFlag<HardEvent::MTE3_MTE2>(0);
      LocalTensor<int32_t> syncLocal = syncBuf_.Get<int32_t>();
      const auto b = static_cast<int32_t>(GetBlockIdx());
      const bool first = groupBegin_ == 0;  // column 0 of its output range
      const bool last = groupEnd_ == t_.groups;
      // Wait for the previous block of this output range.
      if (t_.deterministic != 0 && !first) IBWait(syncGm_, syncLocal, b - 1, 0);
      AddPartials();
      if (t_.deterministic != 0 && !last) {
        // The next block's turn starts only once these adds have landed.
        SetFlag<HardEvent::MTE3_S>(0);
        WaitFlag<HardEvent::MTE3_S>(0);
        IBSet(syncGm_, syncLocal, b, 0);
      }
    }
    if (t_.castOut != 0) {
      PipeBarrier<PIPE_ALL>();
      SyncAll();
      if (t_.outType == kTypeF16) {
        CastOut<half>();
      } else {
        CastOut<bfloat16_t>();
      }
    }
  }

 private:
  static __aicore__ inline DataCopyExtParams Contiguous(uint64_t bytes) {
    return DataCopyExtParams(1, static_cast<uint32_t>(bytes), 0, 0, 0);
  }

  // Element offset of output (lanes order: output row) `o` over the kept dims.
  __aicore__ inline uint64_t KeptOffset(uint64_t o) const {
    uint64_t off = 0;
    for (uint32_t d = t_.keptRank; d-- > 0;) {
      off += (o % t_.keptExtent[d]) * t_.keptStride[d];
      o /= t_.keptExtent[d];
    }
    return off;
  }
  // Element offset of row `r` over the reduced dims.
  __aicore__ inline uint64_t RedOffset(uint64_t r) const {
    uint64_t off = 0;
    for (uint32_t d = t_.redRank; d-- > 0;) {
      off += (r % t_.redExtent[d]) * t_.redStride[d];
      r /= t_.redExtent[d];
    }
    return off;
  }

  // Zeroes this block's share of the accumulator and its IBSet flag slot.
  __aicore__ inline void ZeroShare() {
    LocalTensor<float> zeros = moveBuf_.Get<float>();
    Duplicate(zeros, 0.0f, static_cast<int32_t>(t_.moveLen));
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    if (t_.deterministic != 0)
      DataCopyPad(syncGm_[GetBlockIdx() * 8], zeros.template ReinterpretCast<int32_t>(),
                  Contiguous(32));
    for (uint64_t f = zeroBegin_; f < zeroEnd_; f += t_.moveLen) {
      const uint64_t len = zeroEnd_ - f < t_.moveLen ? zeroEnd_ - f : t_.moveLen;
      DataCopyPad(accGm_[f], zeros, Contiguous(len * sizeof(float)));
    }
  }

  // dst[j % laneWidth] += x[off + j] for j = 0 .. len-1 in increasing j (one
  // Add per laneWidth elements); the input is converted exactly to FP32.
  __aicore__ inline void AddTile(const LocalTensor<float>& dst, uint64_t off, uint32_t len,
                                 uint32_t laneWidth) {
    LocalTensor<TIn> in = inQ_.AllocTensor<TIn>();
    DataCopyPad(in, xGm_[off], Contiguous(static_cast<uint64_t>(len) * sizeof(TIn)),
                DataCopyPadExtParams<TIn>(false, 0, 0, TIn()));
    inQ_.EnQue(in);
    in = inQ_.DeQue<TIn>();
    LocalTensor<float> src;
    if constexpr (std::is_same_v<TIn, float>) {
      src = in;
    } else {
      src = castBuf_.Get<float>();
      Cast(src, in, RoundMode::CAST_NONE, len);
    }
    for (uint32_t c = 0; c < len; c += laneWidth) {
      const uint32_t count = len - c < laneWidth ? len - c : laneWidth;
      Add(dst, dst, src[c], static_cast<int32_t>(count));
    }
    inQ_.FreeTensor(in);
  }

  // Lanes order: partial of group g for the outputs [f, f + len) of one lane
  // row: rows u0 .. u1-1 added one after the other, starting from +0.0.
  __aicore__ inline void LanesPartials() {
    for (uint64_t g = groupBegin_; g < groupEnd_; ++g) {
      const uint64_t u0 = SplitPoint(t_.units, g, t_.groups);
      const uint64_t u1 = SplitPoint(t_.units, g + 1, t_.groups);
      for (uint64_t f = outBegin_; f < outEnd_;) {
        const uint64_t oo = f / t_.inner;
        const uint64_t a = f % t_.inner;
        uint64_t len = t_.inner - a;
        if (len > t_.tileLen) len = t_.tileLen;
        if (len > outEnd_ - f) len = outEnd_ - f;
        const auto n = static_cast<uint32_t>(len);
        LocalTensor<float> part = partQ_.AllocTensor<float>();
        Duplicate(part, 0.0f, static_cast<int32_t>(n));
        const uint64_t base = KeptOffset(oo) + a;
        for (uint64_t k = u0; k < u1; ++k) AddTile(part, base + RedOffset(k), n, n);
        partQ_.EnQue(part);
        part = partQ_.DeQue<float>();
        DataCopyPad(partGm_[g * t_.outElems + f], part, Contiguous(len * sizeof(float)));
        partQ_.FreeTensor(part);
        f += len;
      }
    }
  }

  // Rows order: partial of group g for output o: W lanes from +0.0; element i
  // of a row segment goes to lane i mod W (segments, then elements, in
  // increasing order); then lanes fold by halving: P[j] += P[j + w] for
  // w = W/2 .. 1 (the last three steps on the scalar unit).
  __aicore__ inline float RowsPartial(uint64_t o, uint64_t u0, uint64_t u1) {
    const uint32_t w = t_.lanes;
    LocalTensor<float> lanes = laneBuf_.Get<float>();
    Duplicate(lanes, 0.0f, static_cast<int32_t>(w));
    const uint64_t kept = KeptOffset(o);
    for (uint64_t u = u0; u < u1; ++u) {
      const uint64_t ro = u / t_.segsPerRow;
      const uint64_t segStart = (u % t_.segsPerRow) * t_.segLen;
      const uint64_t segEnd = segStart + t_.segLen < t_.inner ? segStart + t_.segLen : t_.inner;
      const uint64_t rowBase = kept + RedOffset(ro);
      for (uint64_t s = segStart; s < segEnd; s += t_.tileLen) {
        const uint64_t len = segEnd - s < t_.tileLen ? segEnd - s : t_.tileLen;
        AddTile(lanes, rowBase + s, static_cast<uint32_t>(len), w);
      }
    }
    for (uint32_t step = w / 2; step >= 8; step /= 2)
      Add(lanes, lanes, lanes[step], static_cast<int32_t>(step));
    float p[8];
    for (uint32_t j = 0; j < 8; ++j) p[j] = lanes.GetValue(j);
    return ((p[0] + p[4]) + (p[2] + p[6])) + ((p[1] + p[5]) + (p[3] + p[7]));
  }

  __aicore__ inline void RowsPartials() {
    for (uint64_t g = groupBegin_; g < groupEnd_; ++g) {
      const uint64_t u0 = SplitPoint(t_.units, g, t_.groups);
      const uint64_t u1 = SplitPoint(t_.units, g + 1, t_.groups);
      for (uint64_t f = outBegin_; f < outEnd_; f += t_.outBatch) {
        const uint64_t count = outEnd_ - f < t_.outBatch ? outEnd_ - f : t_.outBatch;
        LocalTensor<float> batch = partQ_.AllocTensor<float>();
        for (uint64_t i = 0; i < count; ++i)
          batch.SetValue(static_cast<uint32_t>(i), RowsPartial(f + i, u0, u1));
        partQ_.EnQue(batch);
        batch = partQ_.DeQue<float>();
        DataCopyPad(partGm_[g * t_.outElems + f], batch, Contiguous(count * sizeof(float)));
        partQ_.FreeTensor(batch);
      }
    }
  }

  // Adds this block's group partials into the accumulator, groups ascending.
  __aicore__ inline void AddPartials() {
    LocalTensor<float> move = moveBuf_.Get<float>();
    SetAtomicAdd<float>();
    for (uint64_t g = groupBegin_; g < groupEnd_; ++g) {
      for (uint64_t f = outBegin_; f < outEnd_; f += t_.moveLen) {
        const uint64_t len = outEnd_ - f < t_.moveLen ? outEnd_ - f : t_.moveLen;
        DataCopyPad(move, partGm_[g * t_.outElems + f], Contiguous(len * sizeof(float)),
                    DataCopyPadExtParams<float>(false, 0, 0, 0.0f));
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
        DataCopyPad(accGm_[f], move, Contiguous(len * sizeof(float)));
        // The next atomic add into these bytes must not overtake this one.
        PipeBarrier<PIPE_MTE3>();
        // `move` is read by the copy above before the next load overwrites it.
        SetFlag<HardEvent::MTE3_MTE2>(0);
        WaitFlag<HardEvent::MTE3_MTE2>(0);
      }
    }
    DisableDmaAtomic();
  }

  template <typename TOut>
  __aicore__ inline void CastOut() {
    GlobalTensor<TOut> outGm;
    outGm.SetGlobalBuffer(reinterpret_cast<__gm__ TOut*>(out_), t_.outElems);
    for (uint64_t f = zeroBegin_; f < zeroEnd_; f += t_.moveLen) {
      const uint64_t len = zeroEnd_ - f < t_.moveLen ? zeroEnd_ - f : t_.moveLen;
      LocalTensor<float> sums = castInQ_.AllocTensor<float>();
      DataCopyPad(sums, accGm_[f], Contiguous(len * sizeof(float)),
                  DataCopyPadExtParams<float>(false, 0, 0, 0.0f));
      castInQ_.EnQue(sums);
      sums = castInQ_.DeQue<float>();
      LocalTensor<TOut> narrow = castOutQ_.AllocTensor<TOut>();
      Cast(narrow, sums, RoundMode::CAST_RINT, static_cast<uint32_t>(len));
      castInQ_.FreeTensor(sums);
      castOutQ_.EnQue(narrow);
      narrow = castOutQ_.DeQue<TOut>();
      DataCopyPad(outGm[f], narrow, Contiguous(len * sizeof(TOut)));
      castOutQ_.FreeTensor(narrow);
    }
  }

  ReduceSumTiling t_{};
  TPipe pipe_;
  TQue<TPosition::VECIN, 2> inQ_;
  TBuf<TPosition::VECCALC> castBuf_;
  TQue<TPosition::VECOUT, 1> partQ_;
  TBuf<TPosition::VECCALC> laneBuf_;
  TBuf<TPosition::VECCALC> moveBuf_;
  TQue<TPosition::VECIN, 1> castInQ_;
  TQue<TPosition::VECOUT, 1> castOutQ_;
  TBuf<TPosition::VECCALC> syncBuf_;
  GlobalTensor<TIn> xGm_;
  GlobalTensor<float> accGm_;
  GlobalTensor<float> partGm_;
  GlobalTensor<int32_t> syncGm_;
  GM_ADDR out_ = nullptr;
  uint64_t zeroBegin_ = 0;
  uint64_t zeroEnd_ = 0;
  bool active_ = false;
  uint64_t groupBegin_ = 0;
  uint64_t groupEnd_ = 0;
  uint64_t outBegin_ = 0;
  uint64_t outEnd_ = 0;
};

template <typename TIn>
__aicore__ inline void RunReduceSum(GM_ADDR x, GM_ADDR acc, GM_ADDR partials, GM_ADDR sync,
                                    GM_ADDR out, const ReduceSumTiling& tiling) {
  KernelReduceSum<TIn> op;
  op.Init(x, acc, partials, sync, out, tiling);
  op.Process();
}

}  // namespace

__global__ __aicore__ void reduce_sum(GM_ADDR x, GM_ADDR acc, GM_ADDR partials, GM_ADDR sync,
                                      GM_ADDR out, ReduceSumTiling tiling) {
  switch (tiling.inType) {
    case kTypeF16:
      RunReduceSum<half>(x, acc, partials, sync, out, tiling);
      break;
    case kTypeBf16:
      RunReduceSum<bfloat16_t>(x, acc, partials, sync, out, tiling);
      break;
    default:
      RunReduceSum<float>(x, acc, partials, sync, out, tiling);
      break;
  }
}

}  // namespace asctwin::ops::reduce_sum
