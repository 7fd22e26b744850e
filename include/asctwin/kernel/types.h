// Enumerations and parameter structs of the Ascend C API (architecture 2201).
#pragma once

#include <cstdint>

#include "asctwin/kernel/numeric.h"

// Pipes are plain enumerators in Ascend C (PipeBarrier<PIPE_MTE3>()).
enum pipe_t : uint8_t {
  PIPE_S = 0,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_FIX,
  PIPE_COUNT_  // internal: number of pipes
};

// Hardware event ids of SetFlag/WaitFlag: plain enumerators (EVENT_ID0 alone
// and event_t::EVENT_ID0 both name one); ids 0..7 exist on Atlas A2/A3.
enum event_t : uint8_t {
  EVENT_ID0 = 0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7,
};

namespace AscendC {

using TEventID = int8_t;
constexpr TEventID INVALID_TEVENTID = static_cast<TEventID>(-1);
// Event ids per HardEvent (Atlas A2/A3): the TPipe's pool and SetFlag's range.
constexpr int32_t QUE_MAX_EVENT = 8;
// Buffers one TPipe manages (queues and TBufs together).
constexpr int32_t QBUF_MAX_LEN = 64;
using TBufHandle = uint8_t*;
using TTagType = int32_t;

enum class TPosition : uint8_t {
  GM,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  C2PIPE2GM,
  C2PIPE2LOCAL,
  MAX,
};
using QuePosition = TPosition;

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

enum class HardEvent : uint8_t {
  MTE2_MTE1,
  MTE1_MTE2,
  MTE1_M,
  M_MTE1,
  MTE2_V,
  V_MTE2,
  MTE3_V,
  V_MTE3,
  M_V,
  V_M,
  V_V,
  MTE3_MTE1,
  MTE1_MTE3,
  MTE1_V,
  MTE2_M,
  M_MTE2,
  V_MTE1,
  M_FIX,
  FIX_M,
  MTE3_MTE2,
  MTE2_MTE3,
  S_V,
  V_S,
  S_MTE2,
  MTE2_S,
  S_MTE3,
  MTE3_S,
  MTE2_FIX,
  FIX_MTE2,
  FIX_S,
  M_S,
  FIX_MTE3,
  MTE1_FIX,
  FIX_MTE1,
  FIX_FIX,
  MAX
};

enum class RoundMode : uint8_t {
  CAST_NONE = 0,
  CAST_RINT,
  CAST_FLOOR,
  CAST_CEIL,
  CAST_ROUND,
  CAST_TRUNC,
  CAST_ODD
};

enum class SELMODE : uint8_t {
  VSEL_CMPMASK_SPR = 0,
  VSEL_TENSOR_SCALAR_MODE,
  VSEL_TENSOR_TENSOR_MODE
};

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class CacheLine : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

enum class KernelMode : uint8_t { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };

enum class AscendCCoreType : uint8_t { AIC = 0, AIV, MIX };
inline constexpr AscendCCoreType AIC = AscendCCoreType::AIC;
inline constexpr AscendCCoreType AIV = AscendCCoreType::AIV;

// DataCopy strided parameters: lengths and strides in 32-byte blocks.
struct DataCopyParams {
  uint16_t blockCount = 1;
  uint16_t blockLen = 0;
  uint16_t srcStride = 0;
  uint16_t dstStride = 0;
  DataCopyParams() = default;
  DataCopyParams(uint16_t count, uint16_t len, uint16_t srcGap, uint16_t dstGap)
      : blockCount(count), blockLen(len), srcStride(srcGap), dstStride(dstGap) {}
};

// DataCopyPad parameters: blockLen in bytes; strides on the GM side in bytes,
// on the UB side in 32-byte blocks (gaps between consecutive blocks).
struct DataCopyExtParams {
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;
  uint32_t srcStride = 0;
  uint32_t dstStride = 0;
  uint32_t rsv = 0;
  DataCopyExtParams() = default;
  DataCopyExtParams(uint16_t count, uint32_t len, uint32_t srcGap, uint32_t dstGap,
                    uint32_t reserved)
      : blockCount(count), blockLen(len), srcStride(srcGap), dstStride(dstGap), rsv(reserved) {}
};

template <typename T>
struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  T paddingValue = T();
  DataCopyPadExtParams() = default;
  DataCopyPadExtParams(bool pad, uint8_t left, uint8_t right, T value)
      : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

}  // namespace AscendC
