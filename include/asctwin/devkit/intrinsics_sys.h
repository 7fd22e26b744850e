// Devkit mode: the intrinsics of architecture 2201 that are neither vector
// nor cube instructions, with the names and parameters Huawei's dav_c220
// implementation calls: scalar-unit bit operations and conversions, the
// system registers (CTRL, FPC, the store-atomic configuration, the status and
// identity registers), the data-cache operations, GM accesses that bypass
// the data cache, and the built-in queries (get_block_idx ...).
//
// The register file is per core (src/devkit/sys_registers.cpp); CTRL, the
// store-atomic configuration, the data-exception watches, get_pc and the
// instruction-cache preload are the ISA core's (asctwin/isa/intrinsics_sys.h,
// the same registers the own front end uses); cache and bypass operations go
// to the kernel twin, which records them.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "asctwin/devkit/cpu_types.h"
#include "asctwin/isa/intrinsics_sys.h"
#include "asctwin/isa/isa_types.h"

namespace asctwin::devkit {
// --- registers of the calling core (src/devkit/sys_registers.cpp) -----------
enum class SysReg : uint8_t { FftsBase, CondFlag, LoopCount, Count_ };
uint64_t readSysReg(SysReg r);
void writeSysReg(SysReg r, uint64_t value);
// The identity registers.
int64_t coreBlockIdx();     // the AI Core (mix: group) of the calling core (get_block_idx)
int64_t coreBlockNum();     // the launch's block count (get_block_num)
int64_t coreSubBlockIdx();  // the AIV's index inside its group (get_subblockid)
int64_t coreSubBlockDim();  // AIVs per group on an AIV, 1 on an AIC (get_subblockdim)
int64_t coreId();           // a distinct number per physical core (get_coreid)
int64_t systemCycles();     // the system counter (get_sys_cnt), 50 MHz as on A2/A3
// --- data cache and bypassing GM accesses --------------------------------------
void dataCacheCleanInvalidate(const void* gm, bool entireCache, uint8_t target);
void gmBypassLoad(const void* gm, void* out, uint32_t bytes);
void gmBypassStore(void* gm, const void* in, uint32_t bytes);
void dataSyncBarrier(uint8_t target);
[[noreturn]] void trapInstruction();
}  // namespace asctwin::devkit

// --- scalar unit: bit operations (documented in "标量计算": GetSFFValue,
// CountLeadingZero, GetBitCount, CountBitsCntSameAsSignBit) --------------------
inline int64_t sbitset0(uint64_t x, int64_t idx) {
  return static_cast<int64_t>(x & ~(uint64_t{1} << (static_cast<uint64_t>(idx) & 63)));
}
inline int64_t sbitset1(uint64_t x, int64_t idx) {
  return static_cast<int64_t>(x | (uint64_t{1} << (static_cast<uint64_t>(idx) & 63)));
}
// Position of the first 0 (sff0) or 1 (sff1) bit from the least significant
// one; -1 when there is none.
inline int64_t sff0(uint64_t x) {
  return x == ~uint64_t{0} ? -1 : std::countr_one(x);
}
inline int64_t sff1(uint64_t x) {
  return x == 0 ? -1 : std::countr_zero(x);
}
inline int64_t clz(uint64_t x) {
  return std::countl_zero(x);  // 64 for 0
}
inline int64_t bcnt0(uint64_t x) {
  return 64 - std::popcount(x);
}
inline int64_t bcnt1(uint64_t x) {
  return std::popcount(x);
}
// Bits after the sign bit equal to it, from the most significant value bit on.
inline int64_t sflbits(int64_t x) {
  const uint64_t u = static_cast<uint64_t>(x);
  const uint64_t v = (x < 0 ? ~u : u) << 1;  // drop the sign bit
  return v == 0 ? 63 : std::countl_zero(v);
}

// --- scalar unit: conversions (Cast of a scalar float) ---------------------------
inline int32_t asctwinScalarToS32(float v, int mode) {
  if (v != v) return 0;
  double d = static_cast<double>(v);
  switch (mode) {
    case 0:
      d = __builtin_rint(d);
      break;  // r: to nearest even
    case 1:
      d = __builtin_floor(d);
      break;  // f
    case 2:
      d = __builtin_ceil(d);
      break;  // c
    case 3:
      d = __builtin_round(d);
      break;  // a: away from zero
    default:
      d = __builtin_trunc(d);
      break;  // z
  }
  if (d >= 2147483647.0) return INT32_MAX;
  if (d <= -2147483648.0) return INT32_MIN;
  return static_cast<int32_t>(d);
}
inline int32_t conv_f322s32r(float v) {
  return asctwinScalarToS32(v, 0);
}
inline int32_t conv_f322s32f(float v) {
  return asctwinScalarToS32(v, 1);
}
inline int32_t conv_f322s32c(float v) {
  return asctwinScalarToS32(v, 2);
}
inline int32_t conv_f322s32a(float v) {
  return asctwinScalarToS32(v, 3);
}
inline int32_t conv_f322s32z(float v) {
  return asctwinScalarToS32(v, 4);
}
// float -> half rounding to odd (the vconv_f322f16o rule on one scalar).
inline half conv_f322f16o(float v) {
  const half nearest = half(v);
  if (static_cast<float>(nearest) == v || v != v) return nearest;
  // Inexact: truncate toward zero, then set the last mantissa bit (odd).
  uint16_t bits = nearest.bits();
  if (__builtin_fabsf(static_cast<float>(nearest)) > __builtin_fabsf(v)) --bits;
  return half::fromBits(static_cast<uint16_t>(bits | 1u));
}

// --- scalar unit: immediates (GetImm, the local buffers' physical addresses) -----
inline uint64_t get_imm(uint64_t imm0_15) {
  return imm0_15;
}
inline uint64_t get_imm(uint64_t imm0_15, uint64_t imm16_31) {
  return (imm0_15 & 0xFFFFu) | (imm16_31 << 16);
}

// --- system registers ---------------------------------------------------------------
// The two-field form: the type in bits 0..2, the operation in bits 3..4.
inline void set_st_atomic_cfg(atomic_type_t type, atomic_op_t op) {
  set_st_atomic_cfg(static_cast<uint64_t>(type) | (static_cast<uint64_t>(op) << 3));
}
inline void set_ffts_base_addr(uint64_t v) {
  asctwin::devkit::writeSysReg(asctwin::devkit::SysReg::FftsBase, v);
}
inline int64_t get_ffts_base_addr() {
  return static_cast<int64_t>(asctwin::devkit::readSysReg(asctwin::devkit::SysReg::FftsBase));
}
inline int64_t get_condition_flag() {
  return static_cast<int64_t>(asctwin::devkit::readSysReg(asctwin::devkit::SysReg::CondFlag));
}
inline void set_condition_flag(uint64_t v) {
  asctwin::devkit::writeSysReg(asctwin::devkit::SysReg::CondFlag, v);
}
inline int64_t get_lpcnt() {
  return static_cast<int64_t>(asctwin::devkit::readSysReg(asctwin::devkit::SysReg::LoopCount));
}
inline void set_lpcnt(uint64_t v) {
  asctwin::devkit::writeSysReg(asctwin::devkit::SysReg::LoopCount, v);
}
// The status register: no overflow, no error on the twin (its checks stop
// the launch instead).
inline int64_t get_status() {
  return 0;
}
inline int64_t get_overflow_status() {
  return 0;
}
// AI Core version register: architecture 2201's version field (bits 32..43
// read by GetArchVersion as 0x220).
inline int64_t get_arch_ver() {
  return static_cast<int64_t>(uint64_t{0x220} << 32);
}
inline int64_t get_sys_cnt() {
  return asctwin::devkit::systemCycles();
}

// --- identity -------------------------------------------------------------------------
inline int64_t get_block_idx() {
  return asctwin::devkit::coreBlockIdx();
}
inline int64_t get_block_num() {
  return asctwin::devkit::coreBlockNum();
}
inline int64_t get_subblockid() {
  return asctwin::devkit::coreSubBlockIdx();
}
inline int64_t get_subblockdim() {
  return asctwin::devkit::coreSubBlockDim();
}
inline int64_t get_coreid() {
  return asctwin::devkit::coreId();
}
// The base of the data-main area (the block's GM stack): none on the twin.
inline int64_t get_data_main_base() {
  return 0;
}

// --- data cache -------------------------------------------------------------------------
// dcci(addr, entire, target): the headers pass the CacheLine and DcciDst
// values as integers.
inline void dcci(__gm__ void* gm, uint64_t entire, uint64_t dst) {
  asctwin::devkit::dataCacheCleanInvalidate(gm, entire == ENTIRE_DATA_CACHE,
                                            static_cast<uint8_t>(dst));
}
inline void dcci(__gm__ void* gm, uint64_t entire) {
  asctwin::devkit::dataCacheCleanInvalidate(gm, entire == ENTIRE_DATA_CACHE, CACHELINE_ALL);
}
// Data-cache preload: a hint, nothing changes what any access sees.
inline void dc_preload(__gm__ uint64_t* /*addr*/, int64_t /*offset*/) {}
inline void dsb(mem_dsb_t target) {
  asctwin::devkit::dataSyncBarrier(static_cast<uint8_t>(target));
}

// --- GM accesses that bypass the data cache (ReadGmByPassDCache ...) -----------------
template <typename T>
inline uint64_t ld_dev(__gm__ T* src, int16_t offset) {
  uint64_t out = 0;
  asctwin::devkit::gmBypassLoad(src + offset, &out, sizeof(T));
  return out;
}
template <typename T, typename U>
inline void st_dev(U value, __gm__ T* dst, int16_t offset) {
  const T v = static_cast<T>(value);
  asctwin::devkit::gmBypassStore(dst + offset, &v, sizeof(T));
}

// --- traps ---------------------------------------------------------------------------------
inline void trap() {
  asctwin::devkit::trapInstruction();
}
