// BernoulliMask: the Ascend C kernel of design 3.4. It reads only the packed
// mask the DSA wrote (bit i = bit i % 8 of byte i / 8) and writes output
// element i as 1 or 0 in the output dtype.
//
// Per tile (3.4.1), single buffered (maskQueue + outQueue + workBuf, 3.4.3):
//   CopyIn : DataCopyPad of ceil(count / 8) mask bytes GM -> UB (VECIN queue)
//   Compute: Select (VSEL_TENSOR_SCALAR_MODE) of a tensor of ones and the
//            scalar 0 to 1/0 in half or float, then Cast to the output dtype:
//              FP16, FP32      Select straight into the output buffer
//              INT8/UINT8/BOOL half -> CAST_RINT    INT16  half -> CAST_RINT
//              INT32           float -> CAST_TRUNC (in place in the output buffer)
//              INT64           float -> CAST_TRUNC  BF16   float -> CAST_RINT
//              FP64            high word 0x3FF00000 (the bits of 1.875f) or 0 by
//                              Select from kept 1.875f words, interleaved with
//                              zero low words by Gather
//   CopyOut: DataCopyPad of exactly count * sizeof(T) bytes UB -> GM (VECOUT
//            queue): the alignment padding of the tile is never written.
// The ones are written once per core (Duplicate in Init) where the work
// buffer has room for them beside the intermediate: FP16, FP32 and INT32 do
// not use it otherwise, and the half intermediate of INT8/UINT8/BOOL/INT16
// takes half of its tile * 4 bytes; FP64 keeps its 1.875f words beside its
// gather tables (below). INT64 and BF16 (a float intermediate filling the
// work buffer) Duplicate the ones on every tile instead.
//
// Non-aliased mode: block b expands [b * epc, min(N, (b + 1) * epc)) tile by
// tile; no cross-core synchronisation.
//
// Aliased mode (3.4.2): the mask occupies the first M = 16 * ceil(N / 128)
// bytes of out. The not-yet-expanded range is [0, end), end = N at first.
// Each wave expands [start, end) with start = alignUp(ceil(ceil(end/8)/d), 256)
// (d = sizeof(T)), split over all blocks; then every block (also one with
// nothing to do in that wave) drains its pipes and calls SyncAll(), and end =
// start. When end <= 256, block 0 expands [0, end) from one tile whose mask it
// loads completely before writing. Why no GM byte is read after a write to it:
//   - By construction d * start >= ceil(end / 8).
//   - A wave reads mask bytes [start / 8, ceil(end / 8)) and writes output
//     bytes [d * start, d * end): disjoint, for every block of the wave.
//   - All later reads (later waves, the final prefix) are below ceil(end / 8)
//     <= d * start, the lowest byte written so far; so every GM byte the
//     kernel reads is untouched mask, and no write ever covers a byte another
//     block reads in the same wave.
//   - A later wave writes bytes [d * start', d * start) that an earlier wave
//     may have read as mask: the PipeBarrier<PIPE_ALL> + SyncAll() between
//     the waves orders every block's reads (and writes) before them.
//   - The final prefix reads [0, ceil(end / 8)) and writes [0, d * end) on
//     one core: the queues order the read (MTE2 -> V) before the write (V ->
//     MTE3).
// The number of waves depends only on N and d, so every block makes the same
// number of SyncAll() calls. Every AllocTensor is matched by EnQue/DeQue/
// FreeTensor within the tile; there are no explicit SetFlag/WaitFlag.
#include "kernel_operator.h"
#include "ops/bernoulli/op_host/bernoulli_tiling_data.h"

using namespace AscendC;

namespace asctwin::ops::bernoulli {
namespace {

template <typename T>
class KernelBernoulliMask {
 public:
  __aicore__ inline KernelBernoulliMask() {}

  __aicore__ inline void Init(GM_ADDR mask, GM_ADDR out, const BernoulliMaskTiling& tiling) {
    totalElements_ = tiling.totalElements;
    elementsPerCore_ = tiling.elementsPerCore;
    tileElements_ = tiling.tileElements;
    aliased_ = tiling.maskAliasesOut != 0;
    maskGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(mask),
                            BernoulliMaskBytes(totalElements_));
    outGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(out), totalElements_);
    pipe_.InitBuffer(maskQueue_, 1, BernoulliMaskQueueBytes(tileElements_));
    pipe_.InitBuffer(outQueue_, 1, BernoulliOutQueueBytes(tileElements_, sizeof(T)));
    workBytes_ = BernoulliWorkBufBytes(tileElements_, tiling.tilingKey);
    pipe_.InitBuffer(workBuf_, workBytes_);
    if constexpr (kFp64) InitFp64Gather();
    if constexpr (kOnesKept) InitOnes();
  }

  __aicore__ inline void Process() {
    if (aliased_) {
      ProcessAliased();
      return;
    }
    const uint64_t begin = static_cast<uint64_t>(GetBlockIdx()) * elementsPerCore_;
    if (begin >= totalElements_) return;
    const uint64_t rest = totalElements_ - begin;
    ProcessRange(begin, begin + (rest < elementsPerCore_ ? rest : elementsPerCore_));
  }

 private:
  // FP64 output is built as two 32-bit words per element (uint64_t bit patterns).
  static constexpr bool kFp64 = std::is_same_v<T, uint64_t>;
  // Types expanded through a half intermediate in the work buffer.
  static constexpr bool kViaHalf =
      std::is_same_v<T, uint8_t> || std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t>;
  // Types expanded through a float intermediate in the work buffer.
  static constexpr bool kViaFloat = std::is_same_v<T, int64_t> || std::is_same_v<T, bfloat16_t>;
  // The type Select writes (half or float) and whether its ones stay in the
  // work buffer for the whole launch (see the file comment).
  using SelectType = std::conditional_t<std::is_same_v<T, half> || kViaHalf, half, float>;
  static constexpr bool kOnesKept = !kFp64 && !kViaFloat;

  // The ones Select picks from: the work buffer's first tile for FP16, FP32
  // and INT32, its second half (after the half intermediate) for the types
  // via half. Written once, read by every tile's Select.
  __aicore__ inline void InitOnes() {
    ones_ = workBuf_.Get<SelectType>();
    if constexpr (kViaHalf) ones_ = ones_[tileElements_];
    Duplicate(ones_, static_cast<SelectType>(1.0f), static_cast<int32_t>(tileElements_));
  }

  __aicore__ inline void ProcessAliased() {
    const uint64_t blocks = static_cast<uint64_t>(GetBlockNum());
    const uint64_t idx = static_cast<uint64_t>(GetBlockIdx());
    uint64_t end = totalElements_;
    while (end > kElementAlign) {
      // d * start >= ceil(end / 8): this wave writes only above the mask
      // bytes still to be read (see the file comment).
      const uint64_t start = BernoulliAliasWaveStart(end, sizeof(T));
      const uint64_t count = end - start;
      const uint64_t perBlock = BernoulliAlignUp(BernoulliCeilDiv(count, blocks), kElementAlign);
      const uint64_t lo = idx * perBlock;
      if (lo < count) {
        const uint64_t hi = lo + perBlock < count ? lo + perBlock : count;
        ProcessRange(start + lo, start + hi);
      }
      // Every block, with or without work in this wave: finish this core's
      // reads and writes, then wait for all the others.
      PipeBarrier<PIPE_ALL>();
      SyncAll();
      end = start;
    }
    // The last <= 256 elements: one tile on block 0, its mask loaded in full
    // before any output byte is written.
    if (idx == 0) ProcessTile(0, static_cast<uint32_t>(end));
  }

  __aicore__ inline void ProcessRange(uint64_t begin, uint64_t end) {
    for (uint64_t first = begin; first < end; first += tileElements_) {
      const uint64_t rest = end - first;
      ProcessTile(first, static_cast<uint32_t>(rest < tileElements_ ? rest : tileElements_));
    }
  }

  __aicore__ inline void ProcessTile(uint64_t first, uint32_t count) {
    CopyIn(first, count);
    Compute(count);
    CopyOut(first, count);
  }

  // `first` is a multiple of 256: the mask slice starts at byte first / 8.
  __aicore__ inline void CopyIn(uint64_t first, uint32_t count) {
    LocalTensor<uint8_t> bits = maskQueue_.AllocTensor<uint8_t>();
    const uint32_t bytes = (count + 7) / 8;
    const uint32_t padded = (bytes + kUbBlockBytes - 1) / kUbBlockBytes * kUbBlockBytes;
    DataCopyExtParams copy(1, bytes, 0, 0, 0);
    // Pad the 32-byte slot with zero bits so the whole slot is initialised.
    DataCopyPadExtParams<uint8_t> pad(true, 0, static_cast<uint8_t>(padded - bytes), 0);
    DataCopyPad(bits, maskGm_[first / 8], copy, pad);
    maskQueue_.EnQue(bits);
  }

  __aicore__ inline void Compute(uint32_t count) {
    LocalTensor<uint8_t> bits = maskQueue_.DeQue<uint8_t>();
    LocalTensor<T> out = outQueue_.AllocTensor<T>();
    Expand(out, bits, count);
    outQueue_.EnQue(out);
    maskQueue_.FreeTensor(bits);
  }

  __aicore__ inline void CopyOut(uint64_t first, uint32_t count) {
    LocalTensor<T> out = outQueue_.DeQue<T>();
    DataCopyExtParams copy(1, count * static_cast<uint32_t>(sizeof(T)), 0, 0, 0);
    DataCopyPad(outGm_[first], out, copy);
    outQueue_.FreeTensor(out);
  }

  // dst[i] = bit i ? 1 : 0, in S (half or float): Select of the kept ones,
  // or in place over a Duplicate of 1 where none are kept.
  template <typename S>
  __aicore__ inline void SelectOnesZeros(const LocalTensor<S>& dst,
                                         const LocalTensor<uint8_t>& bits, uint32_t count) {
    if constexpr (kOnesKept) {
      Select(dst, bits, ones_, static_cast<S>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
    } else {
      Duplicate(dst, static_cast<S>(1.0f), static_cast<int32_t>(count));
      Select(dst, bits, dst, static_cast<S>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
    }
  }

  __aicore__ inline void Expand(const LocalTensor<T>& out, const LocalTensor<uint8_t>& bits,
                                uint32_t count) {
    if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float>) {
      SelectOnesZeros<T>(out, bits, count);
    } else if constexpr (std::is_same_v<T, int32_t>) {
      LocalTensor<float> f = out.template ReinterpretCast<float>();
      SelectOnesZeros<float>(f, bits, count);
      Cast(out, f, RoundMode::CAST_TRUNC, count);
    } else if constexpr (kViaHalf) {
      LocalTensor<half> h = workBuf_.Get<half>();
      SelectOnesZeros<half>(h, bits, count);
      Cast(out, h, RoundMode::CAST_RINT, count);
    } else if constexpr (kViaFloat) {
      LocalTensor<float> f = workBuf_.Get<float>();
      SelectOnesZeros<float>(f, bits, count);
      Cast(out, f, std::is_same_v<T, int64_t> ? RoundMode::CAST_TRUNC : RoundMode::CAST_RINT,
           count);
    } else {
      static_assert(kFp64, "unsupported BernoulliMask output type");
      ExpandFp64(out, bits, count);
    }
  }

  // Work buffer layout for FP64: [zero words: K | 1.875f: K | high words: K
  // | gather offsets: 2K]. The zeros and the 1.875f words are written once;
  // each step Selects from the 1.875f words into the high words, so no
  // Duplicate is needed per step. Entry 2i of the offsets points at zero
  // word i (the low word of element i), entry 2i + 1 at high word i: bytes
  // 4i and 8K + 4i. Built once per core: the first data block by the scalar
  // unit, the rest by the vector unit doubling the built prefix (entries
  // [have, 2 * have) are those of [0, have) + 2 * have bytes). Every lane
  // advances alike, so no instruction needs a lane mask; about a dozen
  // instructions instead of 2K scalar stores per core and launch.
  __aicore__ inline void InitFp64Gather() {
    gatherElements_ = BernoulliFp64GatherElements(workBytes_);
    LocalTensor<float> zeros = workBuf_.Get<float>();
    Duplicate(zeros, 0.0f, static_cast<int32_t>(gatherElements_));
    // 1.875f has the bits 0x3FF00000: the high word of double 1.0.
    Duplicate(Fp64Ones(), 1.875f, static_cast<int32_t>(gatherElements_));
    LocalTensor<int32_t> offsets = GatherOffsets().template ReinterpretCast<int32_t>();
    constexpr uint32_t kBlockWords = kUbBlockBytes / 4;
    const uint32_t highBytes = 8 * gatherElements_;
    for (uint32_t j = 0; j < kBlockWords; ++j)
      offsets.SetValue(j, static_cast<int32_t>(2 * (j / 2 * 2) + (j % 2 == 0 ? 0 : highBytes)));
    const TEventID scalarDone = GetTPipePtr()->FetchEventID(HardEvent::S_V);
    SetFlag<HardEvent::S_V>(scalarDone);
    WaitFlag<HardEvent::S_V>(scalarDone);
    const uint32_t words = 2 * gatherElements_;
    for (uint32_t have = kBlockWords; have < words;) {
      const uint32_t n = words - have < have ? words - have : have;
      Adds(offsets[have], offsets, static_cast<int32_t>(2 * have), static_cast<int32_t>(n));
      PipeBarrier<PIPE_V>();
      have += n;
    }
  }

  __aicore__ inline LocalTensor<float> Fp64Ones() { return workBuf_.Get<float>()[gatherElements_]; }

  __aicore__ inline LocalTensor<uint32_t> GatherOffsets() {
    return workBuf_.Get<uint32_t>()[3 * gatherElements_];
  }

  __aicore__ inline void ExpandFp64(const LocalTensor<T>& out, const LocalTensor<uint8_t>& bits,
                                    uint32_t count) {
    LocalTensor<uint32_t> base = workBuf_.Get<uint32_t>();
    LocalTensor<float> ones = Fp64Ones();
    LocalTensor<float> high = workBuf_.Get<float>()[2 * gatherElements_];
    LocalTensor<uint32_t> offsets = GatherOffsets();
    LocalTensor<uint32_t> words = out.template ReinterpretCast<uint32_t>();
    for (uint32_t k = 0; k < count; k += gatherElements_) {
      const uint32_t n = count - k < gatherElements_ ? count - k : gatherElements_;
      Select(high, bits[k / 8], ones, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
      Gather(words[2 * k], base, offsets, 0, 2 * n);
    }
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, 1> maskQueue_;
  TQue<TPosition::VECOUT, 1> outQueue_;
  TBuf<TPosition::VECCALC> workBuf_;
  LocalTensor<SelectType> ones_;
  GlobalTensor<uint8_t> maskGm_;
  GlobalTensor<T> outGm_;
  uint64_t totalElements_ = 0;
  uint64_t elementsPerCore_ = 0;
  uint32_t tileElements_ = 0;
  uint32_t workBytes_ = 0;
  uint32_t gatherElements_ = 0;
  bool aliased_ = false;
};

template <typename T>
__aicore__ inline void RunBernoulliMask(GM_ADDR mask, GM_ADDR out,
                                        const BernoulliMaskTiling& tiling) {
  KernelBernoulliMask<T> op;
  op.Init(mask, out, tiling);
  op.Process();
}

}  // namespace

__global__ __aicore__ void bernoulli_mask(GM_ADDR mask, GM_ADDR out, BernoulliMaskTiling tiling) {
  switch (tiling.tilingKey) {
    case kKeyFp16:
      RunBernoulliMask<half>(mask, out, tiling);
      break;
    case kKeyFp32:
      RunBernoulliMask<float>(mask, out, tiling);
      break;
    case kKeyFp64:
      RunBernoulliMask<uint64_t>(mask, out, tiling);
      break;
    case kKeyUint8:
      RunBernoulliMask<uint8_t>(mask, out, tiling);
      break;
    case kKeyInt8:
      RunBernoulliMask<int8_t>(mask, out, tiling);
      break;
    case kKeyInt16:
      RunBernoulliMask<int16_t>(mask, out, tiling);
      break;
    case kKeyInt32:
      RunBernoulliMask<int32_t>(mask, out, tiling);
      break;
    case kKeyInt64:
      RunBernoulliMask<int64_t>(mask, out, tiling);
      break;
    case kKeyBf16:
      RunBernoulliMask<bfloat16_t>(mask, out, tiling);
      break;
    default:
      break;
  }
}

}  // namespace asctwin::ops::bernoulli
