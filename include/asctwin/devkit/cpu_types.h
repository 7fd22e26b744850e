// Devkit mode: the types, enums and qualifiers the NPU compiler provides to
// Ascend C code, as Huawei's CPU-mode headers expect them from stub_def.h.
// The pipes, events, cache enums, half and bfloat16_t are the ISA core's
// (asctwin/isa/isa_types.h), so the intrinsics take exactly these types.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/devkit/scalar_access.h"
#include "asctwin/isa/isa_types.h"

// --- qualifiers of the NPU compiler: markers on a CPU -------------------------
// Pipe annotations of API functions (__inout_pipe__(V), __out_pipe__(MTE3, S)).
// In units asctwin-asc compiles in devkit mode (ASCTWIN_DEVKIT), a marker
// it finds in the preprocessed unit: Huawei's LocalTensor scalar members
// (marked S) then report their accesses to the twin
// (tools/asc-compiler/devkit_scalar_access.h).
#if defined(ASCTWIN_DEVKIT)
#define __inout_pipe__(...) __asctwin_inout_pipe__(__VA_ARGS__)
#else
#define __inout_pipe__(...)
#endif
#define __in_pipe__(...)
#define __out_pipe__(...)
#define __sync_alias__
#define __check_sync_alias__
#define __sync_noalias__
#define __simd_callee__
#define __simd_vf__
#define __simt_callee__
#define __simt_vf__(...)
#define __host__
#define __device__
#define __host_aicore__
#define ASCENDC_HOST_AICORE
#define __disable_kernel_type_autoinfer__
#define __no_simd_vf_fusion__
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __WORKGROUP_LOCAL__
#define __WORKGROUP_LOCAL__
#endif
#ifndef __gm__
#define __gm__
#endif

// --- the built-in variables (set by the twin per block; builtins.cpp) ---------
extern "C" {
extern __thread int64_t block_idx __attribute__((tls_model("initial-exec")));
extern __thread int64_t block_num __attribute__((tls_model("initial-exec")));
extern __thread int64_t sub_block_idx __attribute__((tls_model("initial-exec")));
}

// --- 8-bit and 4-bit float formats (storage only on A2/A3) --------------------
// Architecture 2201 has no instruction on them; Huawei's headers name them in
// type lists, so they exist as distinct one-byte types.
#define ASCTWIN_DEVKIT_BYTE_TYPE(NAME)                                          \
  struct NAME {                                                                 \
    uint8_t val = 0;                                                            \
    NAME() = default;                                                           \
    constexpr explicit NAME(uint8_t v) : val(v) {}                              \
    friend constexpr bool operator==(NAME a, NAME b) { return a.val == b.val; } \
  }
ASCTWIN_DEVKIT_BYTE_TYPE(fp8_e4m3fn_t);
ASCTWIN_DEVKIT_BYTE_TYPE(fp8_e5m2_t);
ASCTWIN_DEVKIT_BYTE_TYPE(fp8_e8m0_t);
ASCTWIN_DEVKIT_BYTE_TYPE(fp4x2_e2m1_t);
ASCTWIN_DEVKIT_BYTE_TYPE(fp4x2_e1m2_t);
ASCTWIN_DEVKIT_BYTE_TYPE(hifloat8_t);
ASCTWIN_DEVKIT_BYTE_TYPE(int4x2_t);
#undef ASCTWIN_DEVKIT_BYTE_TYPE

// --- the scalar min/max of device code ------------------------------------------
// The NPU compiler provides min(a, b) and max(a, b) to kernel code. Two type
// parameters make std::min/std::max (one T) the better match wherever both
// are visible, so code that also sees std's is unchanged. They return a
// value: for two operands of one type `a < b ? a : b` is an lvalue, and a
// reference to a by-value parameter dangles (at -O2 clang reads garbage;
// asc-devkit's softmaxflashv3 computed its tiling from it).
template <typename A, typename B>
constexpr auto min(A a, B b) -> std::decay_t<decltype(a < b ? a : b)> {
  return b < a ? b : a;
}
template <typename A, typename B>
constexpr auto max(A a, B b) -> std::decay_t<decltype(a < b ? a : b)> {
  return a < b ? b : a;
}

// --- the enums of the intrinsics ---------------------------------------------
// dsb's targets (AscendC::MemDsbT casts to it value for value).
enum mem_dsb_t : uint8_t { DSB_ALL = 0, DSB_DDR, DSB_UB, DSB_SEQ };
// hset_flag/hwait_flag's memory (AscendC::MemoryT casts to it).
enum mem_t : uint8_t { MEM_L1 = 0, MEM_L0A, MEM_L0B, MEM_L0C, MEM_UB, MEM_BIAS };
// vcmax/vcmin result order.
enum class Order_t : uint8_t { VALUE_INDEX = 0, INDEX_VALUE, ONLY_VALUE, ONLY_INDEX };
// The store-atomic configuration of set_st_atomic_cfg<type, op>.
enum atomic_type_t : uint8_t {
  ATOMIC_NONE = 0,
  ATOMIC_F32,
  ATOMIC_F16,
  ATOMIC_S16,
  ATOMIC_S32,
  ATOMIC_S8,
  ATOMIC_BF16,
};
enum atomic_op_t : uint8_t { ATOMIC_SUM = 0, ATOMIC_MAX, ATOMIC_MIN };
// --- the core types of Huawei's CPU mode -------------------------------------
// g_coreType takes these (sys_constants.h's AIC/AIV, and the log's names).
namespace AscendC {
constexpr int32_t AIC_TYPE = 1;
constexpr int32_t AIV_TYPE = 2;
constexpr int32_t MIX_TYPE = 0;
}  // namespace AscendC

// --- register types of the micro (regbase) API --------------------------------
// Named by headers every architecture parses; architecture 2201 has no
// vector registers, so they are empty types that no 2201 code path uses.
struct vector_bool {};
struct vector_address {};
struct vector_align {};
