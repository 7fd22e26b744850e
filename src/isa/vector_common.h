// Helpers shared by the vector instruction families: operand streams
// resolved and checked against the lanes they will touch, and the element
// types of the numeric core (src/kernel/vec).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "isa/operand.h"
#include "isa/vector_engine.h"
#include "kernel/vec/vec.h"

namespace asctwin::isa {

inline vec::DType vecType(Elem e) {
  switch (e) {
    case Elem::F16:
      return vec::DType::F16;
    case Elem::BF16:
      return vec::DType::BF16;
    case Elem::F32:
      return vec::DType::F32;
    case Elem::F64:
      return vec::DType::F64;
    case Elem::S8:
      return vec::DType::S8;
    case Elem::U8:
      return vec::DType::U8;
    case Elem::S16:
      return vec::DType::S16;
    case Elem::U16:
      return vec::DType::U16;
    case Elem::S32:
      return vec::DType::S32;
    case Elem::U32:
      return vec::DType::U32;
    case Elem::S64:
      return vec::DType::S64;
    default:
      return vec::DType::U64;
  }
}

// A UB operand of `elem`-byte lanes with strides `st`, resolved and checked
// against the bytes `lanes` will touch.
inline Stream ubStream(Ctx& x, const void* p, uint32_t elem, VStride st, const Lanes& lanes,
                       const char* role) {
  const LocalOp op = resolveLocal(x, Space::UB, p, role);
  Stream s{op.ptr, elem, st};
  uint64_t lo = 0, hi = 0;
  if (s.contiguous(lanes.perRepeat) && lanes.prefix(&hi)) {
    hi *= elem;  // the first hi lanes, back to back
  } else {
    extentOf(lanes, s, &lo, &hi);
  }
  checkLocalExtent(x, op, hi, role);
  return s;
}

// Adds the stream's access to the record when somebody looks at records.
inline void record(const Ctx& x, Instr& in, const Lanes& lanes, const Stream& s, bool write) {
  if (x.c.hooks != 0) in.add(accessOf(lanes, s, Space::UB, write));
}

// Issues an elementwise vector instruction: f(dst, srcs, n) over the enabled
// lanes. When every operand is contiguous and the enabled lanes are the
// first n (the count form, a full mask), the work is one call of f on the
// operands' bases and carries only those; otherwise it walks the iterations
// (runElementwise). In check mode f runs later: it must capture by value.
template <size_t N, class Describe, class F>
inline void emitElementwise(Ctx& x, const Lanes& lanes, const Stream& dst,
                            const std::array<Stream, N>& srcs, Describe&& describe, F f) {
  static_assert(N <= static_cast<size_t>(kMaxSrcs), "runElementwise gathers at most kMaxSrcs");
  uint64_t n = 0;
  bool flat = dst.contiguous(lanes.perRepeat) && lanes.prefix(&n);
  for (const Stream& src : srcs) flat = flat && src.contiguous(lanes.perRepeat);
  if (flat) {
    uint8_t* const out = dst.base;
    std::array<const uint8_t*, N> in{};
    for (size_t i = 0; i < N; ++i) in[i] = srcs[i].base;
    emit(x, PIPE_V, describe, [=] { f(out, in.data(), n); });
    return;
  }
  emit(x, PIPE_V, describe,
       [=] { runElementwise(lanes, dst, srcs.data(), static_cast<int>(N), f); });
}

// A UB range of plain bytes (bit masks, CMPMASK images), checked.
inline LocalOp ubBytes(Ctx& x, const void* p, uint64_t bytes, const char* role) {
  const LocalOp op = resolveLocal(x, Space::UB, p, role);
  checkLocalExtent(x, op, bytes, role);
  return op;
}

}  // namespace asctwin::isa
