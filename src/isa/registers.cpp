// The scalar unit's register writes (PIPE_S, carried out when issued): the
// vector MASK and its mode, MOV_PAD_VAL, DEQSCALE, the atomic mode and type
// of transfers into GM. Vector instructions read MASK when they are issued,
// so a later set_vector_mask never changes an instruction already issued.
// Also the core's synchronisation instructions inside a core.
#include <string>

#include "asctwin/isa/runtime_vector.h"
#include "isa/operand.h"
#include "kernel/ordering.h"

namespace asctwin::isa {
namespace {

using AscendC::HardEvent;

// The HardEvent of a pipe pair (MAX when there is none).
HardEvent eventOf(pipe_t from, pipe_t to) {
  for (int e = 0; e < static_cast<int>(HardEvent::MAX); ++e) {
    const kernel::EventPipes p = kernel::eventPipes(static_cast<HardEvent>(e));
    if (p.from == from && p.to == to) return static_cast<HardEvent>(e);
  }
  return HardEvent::MAX;
}

HardEvent checkedEvent(Ctx& x, pipe_t from, pipe_t to, const char* what) {
  const HardEvent e = eventOf(from, to);
  if (e == HardEvent::MAX)
    x.c.launch->raise(x.c, x.site,
                      std::string(what) + ": there is no hardware event from PIPE_" +
                          kernel::pipeName(from) + " to PIPE_" + kernel::pipeName(to));
  return e;
}

}  // namespace

void setVectorMask(uint64_t maskHigh, uint64_t maskLow) {
  Ctx x = enter("set_vector_mask");
  x.c.regs.maskHigh = maskHigh;
  x.c.regs.maskLow = maskLow;
}

void setMaskMode(bool counter) {
  Ctx x = enter(counter ? "set_mask_count" : "set_mask_norm");
  x.c.regs.counterMode = counter;
}

uint64_t vectorMask(bool high) {
  Ctx x = enter("get_vector_mask");
  return high ? x.c.regs.maskHigh : x.c.regs.maskLow;
}

void setMovPadVal(uint64_t bits) {
  Ctx x = enter("set_mov_pad_val");
  x.c.regs.padValue = bits;
}

void setDeqScale(uint64_t bits) {
  Ctx x = enter("set_deqscale");
  x.c.regs.deqScale = bits;
}

uint64_t reduceResult(uint8_t which) {
  Ctx x = enter("get_reduce_result");
  // Written by vector instructions: their pending work completes first.
  kernel::checkDrainAll(x.c);
  return which == 0 ? x.c.regs.maxMinCnt : which == 1 ? x.c.regs.accVal : x.c.regs.rsvdCnt;
}

uint64_t systemCycle() {
  Ctx x = enter("get_sys_cnt");
  return x.c.issued;
}

void setAtomic(AtomicSet what) {
  using kernel::AtomicOp;
  using kernel::DType;
  Ctx x = enter("set_atomic");
  switch (what) {
    case AtomicSet::None:
      x.c.atomicOp = AtomicOp::None;
      break;
    case AtomicSet::Add:
      x.c.atomicOp = AtomicOp::Add;
      break;
    case AtomicSet::Max:
      x.c.atomicOp = AtomicOp::Max;
      break;
    case AtomicSet::Min:
      x.c.atomicOp = AtomicOp::Min;
      break;
    case AtomicSet::F32:
      x.c.atomicType = DType::F32;
      break;
    case AtomicSet::F16:
      x.c.atomicType = DType::F16;
      break;
    case AtomicSet::BF16:
      x.c.atomicType = DType::BF16;
      break;
    case AtomicSet::S32:
      x.c.atomicType = DType::S32;
      break;
    case AtomicSet::S16:
      x.c.atomicType = DType::S16;
      break;
    case AtomicSet::S8:
      x.c.atomicType = DType::S8;
      break;
  }
  kernel::observeSync(x.c, kernel::SyncKind::SetAtomic, x.site, PIPE_S, HardEvent::MAX,
                      static_cast<int64_t>(x.c.atomicType), static_cast<int64_t>(x.c.atomicOp));
}

void setFlag(pipe_t from, pipe_t to, int32_t id) {
  Ctx x = enter("set_flag");
  kernel::setFlag(checkedEvent(x, from, to, "set_flag"), id, x.site);
}

void waitFlag(pipe_t from, pipe_t to, int32_t id) {
  Ctx x = enter("wait_flag");
  kernel::waitFlag(checkedEvent(x, from, to, "wait_flag"), id, x.site);
}

void pipeBarrier(pipe_t pipe) {
  Ctx x = enter("pipe_barrier");
  kernel::pipeBarrier(pipe, x.site);
}

}  // namespace asctwin::isa
