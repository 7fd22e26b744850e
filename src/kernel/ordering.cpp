// The ordering table (ordering.h).
#include "kernel/ordering.h"

namespace asctwin::kernel {
namespace {

using AscendC::HardEvent;

constexpr PipeRule kPipes[] = {
    {PIPE_S, "S", PipeOrder::InOrder},           {PIPE_V, "V", PipeOrder::InOrder},
    {PIPE_M, "M", PipeOrder::Reorderable},       {PIPE_MTE1, "MTE1", PipeOrder::Reorderable},
    {PIPE_MTE2, "MTE2", PipeOrder::Reorderable}, {PIPE_MTE3, "MTE3", PipeOrder::Reorderable},
    {PIPE_ALL, "ALL", PipeOrder::None},          {PIPE_FIX, "FIX", PipeOrder::Reorderable},
};
static_assert(sizeof(kPipes) / sizeof(kPipes[0]) == PIPE_COUNT_);

struct EventRow {
  HardEvent event;
  const char* name;
  EventPipes pipes;
};
// In the order of AscendC::HardEvent.
constexpr EventRow kEvents[] = {
    {HardEvent::MTE2_MTE1, "MTE2_MTE1", {PIPE_MTE2, PIPE_MTE1}},
    {HardEvent::MTE1_MTE2, "MTE1_MTE2", {PIPE_MTE1, PIPE_MTE2}},
    {HardEvent::MTE1_M, "MTE1_M", {PIPE_MTE1, PIPE_M}},
    {HardEvent::M_MTE1, "M_MTE1", {PIPE_M, PIPE_MTE1}},
    {HardEvent::MTE2_V, "MTE2_V", {PIPE_MTE2, PIPE_V}},
    {HardEvent::V_MTE2, "V_MTE2", {PIPE_V, PIPE_MTE2}},
    {HardEvent::MTE3_V, "MTE3_V", {PIPE_MTE3, PIPE_V}},
    {HardEvent::V_MTE3, "V_MTE3", {PIPE_V, PIPE_MTE3}},
    {HardEvent::M_V, "M_V", {PIPE_M, PIPE_V}},
    {HardEvent::V_M, "V_M", {PIPE_V, PIPE_M}},
    {HardEvent::V_V, "V_V", {PIPE_V, PIPE_V}},
    {HardEvent::MTE3_MTE1, "MTE3_MTE1", {PIPE_MTE3, PIPE_MTE1}},
    {HardEvent::MTE1_MTE3, "MTE1_MTE3", {PIPE_MTE1, PIPE_MTE3}},
    {HardEvent::MTE1_V, "MTE1_V", {PIPE_MTE1, PIPE_V}},
    {HardEvent::MTE2_M, "MTE2_M", {PIPE_MTE2, PIPE_M}},
    {HardEvent::M_MTE2, "M_MTE2", {PIPE_M, PIPE_MTE2}},
    {HardEvent::V_MTE1, "V_MTE1", {PIPE_V, PIPE_MTE1}},
    {HardEvent::M_FIX, "M_FIX", {PIPE_M, PIPE_FIX}},
    {HardEvent::FIX_M, "FIX_M", {PIPE_FIX, PIPE_M}},
    {HardEvent::MTE3_MTE2, "MTE3_MTE2", {PIPE_MTE3, PIPE_MTE2}},
    {HardEvent::MTE2_MTE3, "MTE2_MTE3", {PIPE_MTE2, PIPE_MTE3}},
    {HardEvent::S_V, "S_V", {PIPE_S, PIPE_V}},
    {HardEvent::V_S, "V_S", {PIPE_V, PIPE_S}},
    {HardEvent::S_MTE2, "S_MTE2", {PIPE_S, PIPE_MTE2}},
    {HardEvent::MTE2_S, "MTE2_S", {PIPE_MTE2, PIPE_S}},
    {HardEvent::S_MTE3, "S_MTE3", {PIPE_S, PIPE_MTE3}},
    {HardEvent::MTE3_S, "MTE3_S", {PIPE_MTE3, PIPE_S}},
    {HardEvent::MTE2_FIX, "MTE2_FIX", {PIPE_MTE2, PIPE_FIX}},
    {HardEvent::FIX_MTE2, "FIX_MTE2", {PIPE_FIX, PIPE_MTE2}},
    {HardEvent::FIX_S, "FIX_S", {PIPE_FIX, PIPE_S}},
    {HardEvent::M_S, "M_S", {PIPE_M, PIPE_S}},
    {HardEvent::FIX_MTE3, "FIX_MTE3", {PIPE_FIX, PIPE_MTE3}},
    {HardEvent::MTE1_FIX, "MTE1_FIX", {PIPE_MTE1, PIPE_FIX}},
    {HardEvent::FIX_MTE1, "FIX_MTE1", {PIPE_FIX, PIPE_MTE1}},
    {HardEvent::FIX_FIX, "FIX_FIX", {PIPE_FIX, PIPE_FIX}},
};
static_assert(sizeof(kEvents) / sizeof(kEvents[0]) == static_cast<size_t>(HardEvent::MAX));

// drainsCore, acquiresCore per kind. The cross-core steps bracket their GM
// traffic: the arriving/setting side drains, the passing/waiting side
// acquires for every pipe (the API calls do; a hand-written spin loop
// orders only the scalar unit, see docs/checker.md).
constexpr SyncRule kSync[] = {
    {SyncKind::PipeBarrier, false, false},  // per pipe: see syncRule()
    {SyncKind::SetFlag, false, false},      // releases the event's source pipe
    {SyncKind::WaitFlag, false, false},     // orders the event's destination pipe
    {SyncKind::SyncAllArrive, true, false},
    {SyncKind::SyncAllLeave, false, true},
    {SyncKind::IBSet, true, false},
    {SyncKind::IBWait, false, true},
    {SyncKind::NotifyNextBlock, true, false},
    {SyncKind::WaitPreBlock, false, true},
    {SyncKind::DataCacheClean, false, false},
    {SyncKind::SetAtomic, false, false},
    {SyncKind::BlockEnd, true, false},
    // ffts_cross_core_sync releases what its pipe issued before it (see
    // syncRule's caller in src/isa/cube_crosscore.cpp); wait_flag_dev blocks
    // the issue of everything after it.
    {SyncKind::CrossCoreSet, false, false},
    {SyncKind::CrossCoreWait, false, true},
    // A GM flag protocol's acquire orders the scalar unit; the waiting APIs
    // built on it (IBWait, WaitPreBlock, GroupBarrier::Wait) then order
    // every pipe (src/kernel/sync_protocol.cpp).
    {SyncKind::FlagAcquire, false, false},
    {SyncKind::GroupWait, false, true},
};

}  // namespace

const PipeRule& pipeRule(pipe_t p) {
  return kPipes[p < PIPE_COUNT_ ? p : PIPE_ALL];
}

const char* pipeName(pipe_t p) {
  return pipeRule(p).name;
}

EventPipes eventPipes(AscendC::HardEvent e) {
  const auto i = static_cast<size_t>(e);
  return i < sizeof(kEvents) / sizeof(kEvents[0]) ? kEvents[i].pipes : EventPipes{PIPE_S, PIPE_S};
}

const char* eventName(AscendC::HardEvent e) {
  const auto i = static_cast<size_t>(e);
  return i < sizeof(kEvents) / sizeof(kEvents[0]) ? kEvents[i].name : "?";
}

SyncRule syncRule(SyncKind kind, pipe_t pipe) {
  if (kind == SyncKind::PipeBarrier) {
    const bool all = pipe == PIPE_ALL;
    return SyncRule{kind, all, all};
  }
  for (const SyncRule& r : kSync)
    if (r.kind == kind) return r;
  return SyncRule{kind, false, false};
}

}  // namespace asctwin::kernel
