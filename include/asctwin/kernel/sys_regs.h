// The system registers of the kernel API on architecture 2201, lowered to
// the intrinsics as dav_c220 does (kernel_operator_common_intf.h):
// the store-atomic configuration (SetStoreAtomicConfig: the same atomic mode
// SetAtomicAdd/SetAtomicType set), CTRL (SetCtrlSpr/GetCtrlSpr, of which
// A2/A3 allow bit 48 only), the saturation flags in CTRL, and
// CheckLocalMemoryIA (the DATA_EXP watches of UB accesses).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics_sys.h"
#include "asctwin/kernel/runtime.h"
#include "asctwin/source_location.h"

namespace AscendC {

// --- store-atomic configuration --------------------------------------------------------
enum class AtomicDtype {
  ATOMIC_NONE = 0,
  ATOMIC_F32,
  ATOMIC_F16,
  ATOMIC_S16,
  ATOMIC_S32,
  ATOMIC_S8,
  ATOMIC_BF16
};
enum class AtomicOp { ATOMIC_SUM = 0 };

template <AtomicDtype type, AtomicOp op>
void SetStoreAtomicConfig(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetStoreAtomicConfig", loc);
  // The type in bits [2:0], the operation in bits [4:3] (set_st_atomic_cfg).
  set_st_atomic_cfg(static_cast<uint64_t>(type) | (static_cast<uint64_t>(op) << 3));
}
inline int64_t GetStoreAtomicConfig(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("GetStoreAtomicConfig", loc);
  return get_st_atomic_cfg();
}
inline void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp,
                                 std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("GetStoreAtomicConfig", loc);
  const auto cfg = static_cast<uint64_t>(get_st_atomic_cfg());
  atomicType = static_cast<uint16_t>(cfg & 0x7u);
  atomicOp = static_cast<uint16_t>((cfg >> 3) & 0x3u);
}

// --- CTRL -----------------------------------------------------------------------------------
namespace detail {
template <int8_t startBit, int8_t endBit>
constexpr void checkCtrlSprBits() {
  static_assert(startBit == endBit && startBit == 48,
                "startBit and endBit must be both 48 on current platform!");
}
}  // namespace detail

template <int8_t startBit, int8_t endBit>
static inline void SetCtrlSpr(int64_t value,
                              std::source_location loc = std::source_location::current()) {
  detail::checkCtrlSprBits<startBit, endBit>();
  asctwin::kernel::ApiCall call("SetCtrlSpr", loc);
  constexpr int width = endBit - startBit + 1;
  constexpr uint64_t field = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  if (static_cast<uint64_t>(value) > field)
    asctwin::kernel::failApi("SetCtrlSpr<%d, %d>: value %lld does not fit the bits (0..%llu)",
                             startBit, endBit, static_cast<long long>(value),
                             static_cast<unsigned long long>(field));
  const uint64_t ctrl = static_cast<uint64_t>(get_ctrl()) & ~(field << startBit);
  set_ctrl(ctrl | (static_cast<uint64_t>(value) << startBit));
}
template <int8_t startBit, int8_t endBit>
static inline int64_t GetCtrlSpr(std::source_location loc = std::source_location::current()) {
  detail::checkCtrlSprBits<startBit, endBit>();
  asctwin::kernel::ApiCall call("GetCtrlSpr", loc);
  constexpr int width = endBit - startBit + 1;
  constexpr uint64_t field = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  return static_cast<int64_t>((static_cast<uint64_t>(get_ctrl()) >> startBit) & field);
}

// --- saturation flags in CTRL ------------------------------------------------------------
enum class SaturationMode : uint8_t { FLOAT, FLOAT8, INT, CAST };
enum class OverrideStrategy : uint8_t { USE_API = 0, USE_GLOBAL = 1 };

namespace detail {
// The CTRL bit of a mode and whether a set bit means saturation (INT) or
// its absence (FLOAT: 0 saturates inf/NaN; CAST: 0 saturates, 1 truncates).
template <SaturationMode mode>
constexpr int saturationBit() {
  static_assert(
      mode == SaturationMode::FLOAT || mode == SaturationMode::INT || mode == SaturationMode::CAST,
      "SaturationMode is not supported on current platform!");
  return mode == SaturationMode::FLOAT ? 48 : mode == SaturationMode::INT ? 53 : 59;
}
}  // namespace detail

template <SaturationMode mode>
void SetSaturationFlag(bool enableSat, std::source_location loc = std::source_location::current()) {
  constexpr int bit = detail::saturationBit<mode>();
  asctwin::kernel::ApiCall call("SetSaturationFlag", loc);
  const bool setBit = mode == SaturationMode::INT ? enableSat : !enableSat;
  const auto ctrl = static_cast<uint64_t>(get_ctrl());
  set_ctrl(setBit ? ctrl | (uint64_t{1} << bit) : ctrl & ~(uint64_t{1} << bit));
}
template <SaturationMode mode>
bool GetSaturationFlag(std::source_location loc = std::source_location::current()) {
  constexpr int bit = detail::saturationBit<mode>();
  asctwin::kernel::ApiCall call("GetSaturationFlag", loc);
  const bool set = ((static_cast<uint64_t>(get_ctrl()) >> bit) & 1u) != 0;
  return mode == SaturationMode::INT ? set : !set;
}

// --- CheckLocalMemoryIA -------------------------------------------------------------------
constexpr uint8_t SET_DATA_EXP_ZERO = 0;
constexpr uint8_t SET_DATA_EXP_ONE = 1;
constexpr uint8_t SET_DATA_EXP_TWO = 2;
constexpr uint8_t SET_DATA_EXP_THREE = 3;

struct CheckLocalMemoryIAParam {
  CheckLocalMemoryIAParam() {}
  CheckLocalMemoryIAParam(const uint8_t enableBitIn, const uint32_t startAddrIn,
                          const uint32_t endAddrIn, const bool isScalarReadIn,
                          const bool isScalarWriteIn, const bool isVectorReadIn,
                          const bool isVectorWriteIn, const bool isMteReadIn,
                          const bool isMteWriteIn, const bool isEnableIn)
      : enableBit(enableBitIn),
        startAddr(startAddrIn),
        endAddr(endAddrIn),
        isScalarRead(isScalarReadIn),
        isScalarWrite(isScalarWriteIn),
        isVectorRead(isVectorReadIn),
        isVectorWrite(isVectorWriteIn),
        isMteRead(isMteReadIn),
        isMteWrite(isMteWriteIn),
        isEnable(isEnableIn) {}

  uint8_t enableBit = 0;
  uint32_t startAddr = 0;
  uint32_t endAddr = 0;
  bool isScalarRead = false;
  bool isScalarWrite = false;
  bool isVectorRead = false;
  bool isVectorWrite = false;
  bool isMteRead = false;
  bool isMteWrite = false;
  bool isEnable = false;
  uint32_t reserved = 0;
};

// Watches UB accesses of the chosen kinds in (startAddr, endAddr] (32-byte
// units): the first one raises an exception (src/kernel/local_watch.cpp).
// isEnable false resets the register.
inline void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams,
                               std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("CheckLocalMemoryIA", loc);
  const auto& p = checkParams;
  if (p.enableBit > SET_DATA_EXP_THREE)
    asctwin::kernel::failApi("CheckLocalMemoryIA: enableBit %u must be in [0, 3]",
                             static_cast<unsigned>(p.enableBit));
  if (p.startAddr > 0xFFFFu || p.endAddr > 0xFFFFu)
    asctwin::kernel::failApi(
        "CheckLocalMemoryIA: startAddr %u and endAddr %u (32-byte units) must be in [0, 65535]",
        p.startAddr, p.endAddr);
  if (p.reserved > 0x1FFFFFFu)
    asctwin::kernel::failApi("CheckLocalMemoryIA: reserved %u does not fit its 25 bits",
                             p.reserved);
  uint64_t config = uint64_t{p.startAddr} << 48;
  config |= uint64_t{p.endAddr} << 32;
  config |= uint64_t{p.isScalarRead} << 31;
  config |= uint64_t{p.isScalarWrite} << 30;
  config |= uint64_t{p.isVectorRead} << 29;
  config |= uint64_t{p.isVectorWrite} << 28;
  config |= uint64_t{p.isMteRead} << 27;
  config |= uint64_t{p.isMteWrite} << 26;
  config |= uint64_t{p.reserved} << 1;
  config |= uint64_t{p.isEnable};
  switch (p.enableBit) {
    case SET_DATA_EXP_ZERO:
      set_data_exp_0(config);
      break;
    case SET_DATA_EXP_ONE:
      set_data_exp_1(config);
      break;
    case SET_DATA_EXP_TWO:
      set_data_exp_2(config);
      break;
    default:
      set_data_exp_3(config);
      break;
  }
}

}  // namespace AscendC
