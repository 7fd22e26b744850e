// The strided copy kernel: copies a view element by element from one strided
// layout to another (same shape, 2- or 4-byte elements, moved as bits). The
// ReduceSum operator uses it to make a non-contiguous input contiguous and to
// write a contiguous result into a non-contiguous out.
//
// Rows (the outer dimensions) are split evenly over the blocks; a row is
// moved in chunks: CopyIn (MTE2) -> Compute (V) -> CopyOut (MTE3), ordered by
// the hidden flags of a VECIN and a VECOUT queue.
//   - source inner stride 1: one DataCopyPad of the chunk; stride 0 (a
//     broadcast view): GetValue of the element and Duplicate; stride s > 1:
//     DataCopyPad of `len` one-element blocks with a GM gap of (s - 1)
//     elements, each landing in its own 32-byte UB slot, packed by Gather
//     (offsets i * 32);
//   - destination inner stride 1: one DataCopyPad of the packed chunk;
//     stride s > 1: Gather spreads element i to slot i (offsets (j / slot) *
//     size), then DataCopyPad writes `len` one-element blocks with a GM gap of
//     (s - 1) elements.
#include "kernel_operator.h"
#include "ops/reduce_sum/op_kernel/reduce_sum_kernel.h"

using namespace AscendC;

namespace asctwin::ops::reduce_sum {
namespace {

template <typename T>
class KernelStridedCopy {
 public:
  __aicore__ inline KernelStridedCopy() {}

  __aicore__ inline void Init(GM_ADDR src, GM_ADDR dst, const StridedCopyTiling& t) {
    t_ = t;
    srcGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(src), t.srcElems);
    dstGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dst), t.dstElems);
    srcSpread_ = StridedCopySrcSpread(t);
    dstSpread_ = StridedCopyDstSpread(t);
    slot_ = StridedCopySlotElems(t);
    const StridedCopyUbLayout ub = StridedCopyUb(t);
    pipe_.InitBuffer(inQ_, 2, ub.inQueue);
    pipe_.InitBuffer(outQ_, 2, ub.outQueue);
    if (ub.packBuf != 0) pipe_.InitBuffer(packBuf_, ub.packBuf);
    if (ub.inIndex != 0) {
      pipe_.InitBuffer(inIndex_, ub.inIndex);
      LocalTensor<int32_t> idx = inIndex_.Get<int32_t>();
      CreateVecIndex(idx, 0, t.chunk);
      ShiftLeft(idx, idx, 5, static_cast<int32_t>(t.chunk));  // i * 32
    }
    if (ub.outIndex != 0) {
      pipe_.InitBuffer(outIndex_, ub.outIndex);
      LocalTensor<int32_t> idx = outIndex_.Get<int32_t>();
      const auto n = static_cast<int32_t>(t.chunk * slot_);
      CreateVecIndex(idx, 0, static_cast<uint32_t>(n));
      ShiftRight(idx, idx, slot_ == 16 ? 4 : 3, n);                          // j / slot
      ShiftLeft(idx, idx, static_cast<int32_t>(sizeof(T) == 2 ? 1 : 2), n);  // * sizeof(T)
    }
    const auto b = static_cast<uint64_t>(GetBlockIdx());
    rowBegin_ = ReduceSumSplit(t.rows, b, t.blockDim);
    rowEnd_ = ReduceSumSplit(t.rows, b + 1, t.blockDim);
  }

  __aicore__ inline void Process() {
    for (uint64_t row = rowBegin_; row < rowEnd_; ++row) {
      uint64_t srcBase = 0, dstBase = 0, r = row;
      for (uint32_t d = t_.outerRank; d-- > 0;) {
        const uint64_t i = r % t_.outerExtent[d];
        r /= t_.outerExtent[d];
        srcBase += i * t_.srcOuterStride[d];
        dstBase += i * t_.dstOuterStride[d];
      }
      for (uint64_t c = 0; c < t_.inner; c += t_.chunk) {
        const auto len = static_cast<uint32_t>(t_.inner - c < t_.chunk ? t_.inner - c : t_.chunk);
        CopyIn(srcBase + c * t_.srcInner, len);
        Compute(len);
        CopyOut(dstBase + c * t_.dstInner, len);
      }
    }
  }

 private:
  __aicore__ inline void CopyIn(uint64_t off, uint32_t len) {
    LocalTensor<T> in = inQ_.AllocTensor<T>();
    if (t_.srcInner == 0) {
      Duplicate(in, srcGm_.GetValue(off), static_cast<int32_t>(len));
    } else if (!srcSpread_) {
      DataCopyPad(in, srcGm_[off],
                  DataCopyExtParams(1, len * static_cast<uint32_t>(sizeof(T)), 0, 0, 0),
                  DataCopyPadExtParams<T>(false, 0, 0, T()));
    } else {
      const auto gap = static_cast<uint32_t>((t_.srcInner - 1) * sizeof(T));
      DataCopyPad(in, srcGm_[off],
                  DataCopyExtParams(static_cast<uint16_t>(len), static_cast<uint32_t>(sizeof(T)),
                                    gap, 0, 0),
                  DataCopyPadExtParams<T>(false, 0, 0, T()));
    }
    inQ_.EnQue(in);
  }

  __aicore__ inline void Compute(uint32_t len) {
    LocalTensor<T> in = inQ_.DeQue<T>();
    LocalTensor<T> out = outQ_.AllocTensor<T>();
    if (srcSpread_ && dstSpread_) {
      LocalTensor<T> packed = packBuf_.Get<T>();
      Gather(packed, in, inIndex_.Get<uint32_t>(), 0, len);
      Gather(out, packed, outIndex_.Get<uint32_t>(), 0, len * slot_);
    } else if (srcSpread_) {
      Gather(out, in, inIndex_.Get<uint32_t>(), 0, len);
    } else if (dstSpread_) {
      Gather(out, in, outIndex_.Get<uint32_t>(), 0, len * slot_);
    } else {
      DataCopy(out, in, (len + slot_ - 1) / slot_ * slot_);
    }
    outQ_.EnQue(out);
    inQ_.FreeTensor(in);
  }

  __aicore__ inline void CopyOut(uint64_t off, uint32_t len) {
    LocalTensor<T> out = outQ_.DeQue<T>();
    if (!dstSpread_) {
      DataCopyPad(dstGm_[off], out,
                  DataCopyExtParams(1, len * static_cast<uint32_t>(sizeof(T)), 0, 0, 0));
    } else {
      const auto gap = static_cast<uint32_t>((t_.dstInner - 1) * sizeof(T));
      DataCopyPad(dstGm_[off], out,
                  DataCopyExtParams(static_cast<uint16_t>(len), static_cast<uint32_t>(sizeof(T)), 0,
                                    gap, 0));
    }
    outQ_.FreeTensor(out);
  }

  StridedCopyTiling t_{};
  TPipe pipe_;
  TQue<TPosition::VECIN, 2> inQ_;
  TQue<TPosition::VECOUT, 2> outQ_;
  TBuf<TPosition::VECCALC> packBuf_;
  TBuf<TPosition::VECCALC> inIndex_;
  TBuf<TPosition::VECCALC> outIndex_;
  GlobalTensor<T> srcGm_;
  GlobalTensor<T> dstGm_;
  bool srcSpread_ = false;
  bool dstSpread_ = false;
  uint32_t slot_ = 8;
  uint64_t rowBegin_ = 0;
  uint64_t rowEnd_ = 0;
};

}  // namespace

__global__ __aicore__ void strided_copy(GM_ADDR src, GM_ADDR dst, StridedCopyTiling tiling) {
  if (tiling.elemBytes == 2) {
    KernelStridedCopy<uint16_t> op;
    op.Init(src, dst, tiling);
    op.Process();
  } else {
    KernelStridedCopy<uint32_t> op;
    op.Init(src, dst, tiling);
    op.Process();
  }
}

}  // namespace asctwin::ops::reduce_sum
