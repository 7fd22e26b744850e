// The types of the instruction level (Atlas A2/A3 AI Core, architecture 2201)
// as the NPU compiler provides them in CPU mode: pipes, event ids, the data
// cache enums, the address-space qualifiers and the 16-bit float types.
//
// Self-contained on purpose: Huawei's own asc-devkit headers (devkit mode,
// issue 15) include this layer and define the AscendC namespace themselves,
// so nothing here may name AscendC::.
#pragma once

#include <cstddef>
#include <cstdint>

#include "asctwin/kernel/numeric.h"
#include "asctwin/kernel/qualifiers.h"

// Pipes: plain enumerators (PipeBarrier<PIPE_MTE3>(), pipe_t::PIPE_V).
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

// Hardware event ids of set_flag/wait_flag: plain enumerators (EVENT_ID0
// alone and event_t::EVENT_ID0 both name one); ids 0..7 exist on A2/A3.
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

// dcci: one 64-byte line or the whole data cache, and which data it targets.
enum cache_line_t : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum dcci_dst_t : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

// copy_gm_to_cbuf's padding mode (no padding is the only A2/A3 form used).
enum pad_t : uint8_t { PAD_NONE = 0, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5 };

namespace asctwin::isa {

// Element type of a vector operand (the instruction level's view of T).
enum class Elem : uint8_t { F16, BF16, F32, F64, S8, U8, S16, U16, S32, U32, S64, U64 };

constexpr uint32_t elemBytes(Elem e) {
  switch (e) {
    case Elem::S8:
    case Elem::U8:
      return 1;
    case Elem::F16:
    case Elem::BF16:
    case Elem::S16:
    case Elem::U16:
      return 2;
    case Elem::F32:
    case Elem::S32:
    case Elem::U32:
      return 4;
    default:
      return 8;
  }
}

// The scalar operand of an instruction, as the bits of its element type in the
// low bytes of a 64-bit word.
template <typename T>
inline uint64_t scalarBits(T v) {
  static_assert(sizeof(T) <= 8);
  uint64_t out = 0;
  __builtin_memcpy(&out, &v, sizeof(T));
  return out;
}

}  // namespace asctwin::isa
