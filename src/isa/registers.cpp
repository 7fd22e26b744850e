// The scalar unit's register writes (PIPE_S, carried out when issued): the
// vector MASK and its mode, MOV_PAD_VAL, DEQSCALE, the atomic mode and type
// of transfers into GM. Vector instructions read MASK when they are issued,
// so a later set_vector_mask never changes an instruction already issued.
// Also the core's synchronisation instructions inside a core, and the
// system registers of both front ends (runtime_sys.h): CTRL, the
// store-atomic configuration (a view of the atomic mode above), the
// data-exception watches, the program counter and the instruction-cache
// preload.
#include <iterator>
#include <string>

#include "asctwin/isa/runtime_sys.h"
#include "asctwin/isa/runtime_vector.h"
#include "isa/operand.h"
#include "kernel/local_watch.h"
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
  CoreState& c = enterCore();
  c.regs.maskHigh = maskHigh;
  c.regs.maskLow = maskLow;
}

void setMaskMode(bool counter) {
  enterCore().regs.counterMode = counter;
}

uint64_t vectorMask(bool high) {
  const CoreState& c = enterCore();
  return high ? c.regs.maskHigh : c.regs.maskLow;
}

void setMovPadVal(uint64_t bits) {
  enterCore().regs.padValue = bits;
}

void setDeqScale(uint64_t bits) {
  enterCore().regs.deqScale = bits;
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

// --- system registers ------------------------------------------------------------
namespace {
using kernel::AtomicOp;
using kernel::DType;

// The store-atomic configuration's type field, in its order (0: none).
constexpr DType kAtomicTypes[] = {DType::F32, DType::F16, DType::S16,
                                  DType::S32, DType::S8,  DType::BF16};
constexpr AtomicOp kAtomicOps[] = {AtomicOp::Add, AtomicOp::Max, AtomicOp::Min};
}  // namespace

uint64_t ctrlRegister() {
  return enterCore().regs.ctrl;
}

void setCtrlRegister(uint64_t value) {
  enterCore().regs.ctrl = value;
}

uint64_t storeAtomicConfig() {
  Ctx x = enter("get_st_atomic_cfg");
  if (x.c.atomicOp == AtomicOp::None) return 0;  // atomics off: type 0
  uint64_t type = 0, op = 0;
  for (uint64_t i = 0; i < std::size(kAtomicTypes); ++i)
    if (kAtomicTypes[i] == x.c.atomicType) type = i + 1;
  for (uint64_t i = 0; i < std::size(kAtomicOps); ++i)
    if (kAtomicOps[i] == x.c.atomicOp) op = i;
  return type | (op << 3);
}

void setStoreAtomicConfig(uint64_t value) {
  Ctx x = enter("set_st_atomic_cfg");
  const uint64_t type = value & 7u, op = (value >> 3) & 3u;
  if (type > std::size(kAtomicTypes))
    x.c.launch->raise(x.c, x.site,
                      "set_st_atomic_cfg: atomic type " + std::to_string(type) +
                          " (bits [2:0]) is none of A2/A3's: 0 none, 1 float, 2 half, 3 "
                          "int16_t, 4 int32_t, 5 int8_t, 6 bfloat16_t");
  if (type != 0 && op >= std::size(kAtomicOps))
    x.c.launch->raise(x.c, x.site,
                      "set_st_atomic_cfg: atomic operation " + std::to_string(op) +
                          " (bits [4:3]) is none of 0 add, 1 max, 2 min");
  if (type == 0) {
    x.c.atomicOp = AtomicOp::None;
  } else {
    x.c.atomicType = kAtomicTypes[type - 1];
    x.c.atomicOp = kAtomicOps[op];
  }
  kernel::observeSync(x.c, kernel::SyncKind::SetAtomic, x.site, PIPE_S, HardEvent::MAX,
                      static_cast<int64_t>(x.c.atomicType), static_cast<int64_t>(x.c.atomicOp));
}

void setDataException(uint8_t which, uint64_t config) {
  Ctx x = enter("set_data_exp");
  if (which >= std::size(x.c.regs.dataExp))
    x.c.launch->raise(
        x.c, x.site,
        "set_data_exp: exception register " + std::to_string(which) + " does not exist (0..3)");
  x.c.regs.dataExp[which] = config;
  kernel::updateLocalWatch(x.c);
}

// Not inlined: its return address is a place in the calling code.
__attribute__((noinline)) int64_t programCounter() {
  return static_cast<int64_t>(reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
}

void icachePreload(const void* /*pc*/, int64_t len) {
  Ctx x = enter("preload");
  // Units of 2 KiB below the instruction cache's size: 32 KiB on the AIC,
  // 16 KiB on an AIV (the ICachePreLoad reference).
  const int64_t limit = x.c.kind == kernel::CoreKind::AIC ? 16 : 8;
  if (len < 0 || len >= limit)
    x.c.launch->raise(x.c, x.site,
                      "preFetchLen " + std::to_string(len) + " must be in [0, " +
                          std::to_string(limit) + ") 2 KiB units: below the " +
                          (x.c.kind == kernel::CoreKind::AIC ? "AIC's 32" : "AIV's 16") +
                          " KiB instruction cache");
  // Host code has no instruction cache to fill: the preload is done at once.
}

int64_t icachePreloadStatus() {
  enter("get_icache_prl_st");
  return 0;  // every preload completed when it was issued
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
