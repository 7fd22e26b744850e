// The system entry points of libasctwin that architecture 2201's scalar
// intrinsics reach (src/devkit/sys_registers.cpp, behind devkit mode's
// get_coreid, get_ffts_base_addr, dcci, dsb). The own C API calls them
// directly, so both front ends share one core identity, one FFTS base
// register per core and one data-cache model; the declarations repeat
// those of asctwin/devkit/intrinsics_sys.h, which the own front end does not
// include (it brings CPU-mode globals such as min/max).
#pragma once

#include <cstdint>

namespace asctwin::devkit {
enum class SysReg : uint8_t;
uint64_t readSysReg(SysReg r);
void writeSysReg(SysReg r, uint64_t value);
int64_t coreId();
void dataCacheCleanInvalidate(const void* gm, bool entireCache, uint8_t target);
void dataSyncBarrier(uint8_t target);
}  // namespace asctwin::devkit

namespace asctwin::capi {
// SysReg::FftsBase, the first register of the devkit file.
inline constexpr auto kFftsBaseRegister = static_cast<devkit::SysReg>(0);
}  // namespace asctwin::capi
