// Synchronisation of the C API on architecture 2201: flags between the pipes
// of a core (set_flag/wait_flag), pipe barriers, the cross-core FFTS flags
// (ffts_cross_core_sync/wait_flag_dev) and the data synchronisation barrier.
// The reference defines most of them as macros over the intrinsics; here
// they are functions (same arguments), so their records name the caller's line.
#pragma once

#include "asctwin/capi/common.h"
#include "asctwin/capi/sys_entry.h"
#include "asctwin/isa/intrinsics_cube.h"

// dsb's targets (the compiler's mem_dsb_t).
#ifndef ASCTWIN_MEM_DSB_T_DEFINED
#define ASCTWIN_MEM_DSB_T_DEFINED
enum mem_dsb_t : uint8_t { DSB_ALL = 0, DSB_DDR, DSB_UB, DSB_SEQ };
#endif

namespace asctwin::capi {
// The FFTS message of a cross-core arrive: 1 + (mode << 4) + (flag << 8);
// mode 0: every core of the launch, 1: the AIVs of the group, 2: AIC <-> AIVs.
constexpr uint16_t fftsConfig(uint16_t mode, uint16_t flagId) {
  return static_cast<uint16_t>(1 + ((mode & 0x3) << 4) + ((flagId & 0xf) << 8));
}
}  // namespace asctwin::capi

inline void asc_sync_notify(pipe_t pipe, pipe_t tpipe, event_t id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_notify");
  set_flag(pipe, tpipe, id);
}
inline void asc_sync_notify(pipe_t pipe, pipe_t tpipe, int id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_notify");
  set_flag(pipe, tpipe, id);
}
inline void asc_sync_wait(pipe_t pipe, pipe_t tpipe, event_t id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_wait");
  wait_flag(pipe, tpipe, id);
}
inline void asc_sync_wait(pipe_t pipe, pipe_t tpipe, int id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_wait");
  wait_flag(pipe, tpipe, id);
}
inline void asc_sync_pipe(pipe_t pipe, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_pipe");
  pipe_barrier(pipe);
}
inline void asc_sync_vec(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_vec");
  pipe_barrier(PIPE_ALL);
}
inline void asc_sync(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync");
  pipe_barrier(PIPE_ALL);
}
// MTE2 (MTE3) done for MTE3 and V (MTE2 and V) with event `id`, then a
// barrier of the pipe itself.
inline void asc_sync_mte2(int id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_mte2");
  set_flag(PIPE_MTE2, PIPE_MTE3, static_cast<event_t>(id));
  set_flag(PIPE_MTE2, PIPE_V, static_cast<event_t>(id));
  wait_flag(PIPE_MTE2, PIPE_MTE3, static_cast<event_t>(id));
  wait_flag(PIPE_MTE2, PIPE_V, static_cast<event_t>(id));
  pipe_barrier(PIPE_MTE2);
}
inline void asc_sync_mte3(int id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_mte3");
  set_flag(PIPE_MTE3, PIPE_MTE2, static_cast<event_t>(id));
  set_flag(PIPE_MTE3, PIPE_V, static_cast<event_t>(id));
  wait_flag(PIPE_MTE3, PIPE_MTE2, static_cast<event_t>(id));
  wait_flag(PIPE_MTE3, PIPE_V, static_cast<event_t>(id));
  pipe_barrier(PIPE_MTE3);
}

// Cross-core flags (FFTS): arrive sets flag_id for the cores of the mode, wait
// waits for it (the pipe argument of the waits is unused on 2201).
inline void asc_sync_block_arrive(pipe_t pipe, uint16_t flag_id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_block_arrive");
  ffts_cross_core_sync(pipe, asctwin::capi::fftsConfig(2, flag_id));
}
inline void asc_sync_subblock_arrive(pipe_t pipe, uint16_t flag_id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_subblock_arrive");
  ffts_cross_core_sync(pipe, asctwin::capi::fftsConfig(1, flag_id));
}
inline void asc_sync_inter_arrive(pipe_t pipe, uint16_t flag_id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_inter_arrive");
  ffts_cross_core_sync(pipe, asctwin::capi::fftsConfig(0, flag_id));
}
inline void asc_sync_block_wait(pipe_t /*pipe*/, int64_t flag_id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_block_wait");
  wait_flag_dev(flag_id);
}
inline void asc_sync_subblock_wait(pipe_t /*pipe*/, int64_t flag_id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_subblock_wait");
  wait_flag_dev(flag_id);
}
inline void asc_sync_inter_wait(pipe_t /*pipe*/, int64_t flag_id, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_inter_wait");
  wait_flag_dev(flag_id);
}

// dsb: everything the core issued before completes first.
inline void asc_sync_data_barrier(mem_dsb_t arg, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_sync_data_barrier");
  asctwin::devkit::dataSyncBarrier(static_cast<uint8_t>(arg));
}
