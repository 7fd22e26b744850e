// Logical positions (TPosition) and the hardware behind them on Atlas A2/A3
// (architecture 2201): the physical buffer of a position, the position and
// buffer of a queue from its (src, dst) pair, and the hardware events a queue
// synchronises with. The rules are the API reference's mapping table
// ("逻辑位置和物理存储的映射关系") and its queue events.
#pragma once

#include <cstdint>

#include "asctwin/kernel/runtime.h"

namespace AscendC {

// The physical buffer of a logical position.
constexpr Hardware GetPhyType(TPosition pos) {
  switch (pos) {
    case TPosition::GM:
    case TPosition::CO2:  // on A2/A3 CO2 is global memory
      return Hardware::GM;
    case TPosition::A1:
    case TPosition::B1:
    case TPosition::C1:
    case TPosition::SPM:  // SHM: shared memory is L1 on A2/A3
    case TPosition::TSCM:
      return Hardware::L1;
    case TPosition::A2:
      return Hardware::L0A;
    case TPosition::B2:
      return Hardware::L0B;
    case TPosition::C2:
      return Hardware::BIAS;
    case TPosition::CO1:
      return Hardware::L0C;
    case TPosition::C2PIPE2GM:
      return Hardware::FIXBUF;
    default:  // VECIN, VECOUT, VECCALC, C2PIPE2LOCAL: the real rule's fallback
      return Hardware::UB;
  }
}

// The position a tensor of a hardware buffer gets when none is named
// (LocalMemAllocator::Alloc<T>).
constexpr TPosition GetDefaultPosition(Hardware hw) {
  switch (hw) {
    case Hardware::UB:
      return TPosition::VECCALC;
    case Hardware::L1:
      return TPosition::A1;
    case Hardware::L0A:
      return TPosition::A2;
    case Hardware::L0B:
      return TPosition::B2;
    case Hardware::L0C:
      return TPosition::CO1;
    case Hardware::BIAS:
      return TPosition::C2;
    case Hardware::FIXBUF:
      return TPosition::C2PIPE2GM;
    default:
      return TPosition::MAX;
  }
}

// The position a queue's tensors report: the destination, except for a
// queue that leaves the core (to GM or CO2), whose tensors sit at the source.
constexpr TPosition GetPosition(TPosition src, TPosition dst) {
  return dst == TPosition::GM || dst == TPosition::CO2 ? src : dst;
}

// The buffer a queue's memory comes from (same rule as GetPosition).
constexpr Hardware GetBufferPos(TPosition src, TPosition dst) {
  return dst == TPosition::GM || dst == TPosition::CO2 ? GetPhyType(src) : GetPhyType(dst);
}

// The (src, dst) pair behind TQue<pos>: the data flow its position stands for.
constexpr TPosition GetBufferLogicPos(TPosition pos, bool isSrc) {
  switch (pos) {
    case TPosition::A1:
    case TPosition::B1:
    case TPosition::C1:
    case TPosition::VECIN:
      return isSrc ? TPosition::GM : pos;
    case TPosition::A2:
      return isSrc ? TPosition::A1 : TPosition::A2;
    case TPosition::B2:
      return isSrc ? TPosition::B1 : TPosition::B2;
    case TPosition::C2:
      return isSrc ? TPosition::C1 : TPosition::C2;
    case TPosition::CO1:
      return isSrc ? TPosition::CO1 : TPosition::CO2;
    case TPosition::CO2:
      return isSrc ? TPosition::CO2 : TPosition::GM;
    case TPosition::VECOUT:
    case TPosition::SPM:
      return isSrc ? pos : TPosition::GM;
    case TPosition::C2PIPE2GM:
      return isSrc ? TPosition::B1 : TPosition::C2PIPE2GM;
    default:
      return TPosition::MAX;
  }
}

// The hardware event of a data flow between two buffers: forward (the
// producer's SetFlag at EnQue, the consumer's WaitFlag at DeQue) or backward
// (FreeTensor releases the buffer to the producer, AllocTensor waits for it).
// HardEvent::MAX when the flow does not exist on A2/A3.
constexpr HardEvent GetQueEvt(Hardware src, Hardware dst, bool fwdDirect, bool nd2nz = false,
                              bool nz2nd = false) {
  (void)nd2nz;
  (void)nz2nd;
  const auto pick = [fwdDirect](HardEvent fwd, HardEvent back) { return fwdDirect ? fwd : back; };
  switch (src) {
    case Hardware::GM:  // loads: MTE2
      switch (dst) {
        case Hardware::UB:
          return pick(HardEvent::MTE2_V, HardEvent::V_MTE2);
        case Hardware::L1:
          return pick(HardEvent::MTE2_MTE1, HardEvent::MTE1_MTE2);
        case Hardware::L0A:
        case Hardware::L0B:
          return pick(HardEvent::MTE2_M, HardEvent::M_MTE2);
        default:
          return HardEvent::MAX;
      }
    case Hardware::UB:  // stores: MTE3
      switch (dst) {
        case Hardware::GM:
          return pick(HardEvent::V_MTE3, HardEvent::MTE3_V);
        case Hardware::L1:
          return pick(HardEvent::MTE3_MTE1, HardEvent::MTE1_MTE3);
        case Hardware::L0C:
          return pick(HardEvent::V_V, HardEvent::MAX);
        case Hardware::UB:  // a VECIN -> VECOUT queue: loaded by MTE2, stored by MTE3
          return pick(HardEvent::MTE2_MTE3, HardEvent::MTE3_MTE2);
        default:
          return HardEvent::MAX;
      }
    case Hardware::L1:  // MTE1
      switch (dst) {
        case Hardware::UB:
          return pick(HardEvent::MTE1_V, HardEvent::V_MTE1);
        case Hardware::L0A:
        case Hardware::L0B:
        case Hardware::BIAS:
          return pick(HardEvent::MTE1_M, HardEvent::M_MTE1);
        case Hardware::FIXBUF:
          return pick(HardEvent::MTE1_FIX, HardEvent::FIX_MTE1);
        default:
          return HardEvent::MAX;
      }
    case Hardware::L0A:
    case Hardware::L0B:
      return pick(HardEvent::M_V, HardEvent::V_M);
    case Hardware::L0C:
      return pick(HardEvent::M_FIX, HardEvent::FIX_M);
    default:
      return HardEvent::MAX;
  }
}

constexpr HardEvent GetQueEvt(TPosition src, TPosition dst, bool fwdDirect) {
  return GetQueEvt(GetPhyType(src), GetPhyType(dst), fwdDirect, false, false);
}

namespace detail {
constexpr asctwin::kernel::Space spaceOf(Hardware hw) {
  switch (hw) {
    case Hardware::L1:
      return asctwin::kernel::Space::L1;
    case Hardware::L0A:
      return asctwin::kernel::Space::L0A;
    case Hardware::L0B:
      return asctwin::kernel::Space::L0B;
    case Hardware::L0C:
      return asctwin::kernel::Space::L0C;
    case Hardware::BIAS:
      return asctwin::kernel::Space::BT;
    case Hardware::FIXBUF:
      return asctwin::kernel::Space::FB;
    default:
      return asctwin::kernel::Space::UB;
  }
}
constexpr asctwin::kernel::Space spaceOf(TPosition pos) {
  return spaceOf(GetPhyType(pos));
}
}  // namespace detail

}  // namespace AscendC
