// Debug output: printf prefixed with the block index, DumpTensor.
#pragma once

#include "asctwin/isa/runtime_vector.h"

#include <cstdarg>
#include <cstdint>
#include <type_traits>
#include "asctwin/source_location.h"

#include "asctwin/kernel/tensor.h"

namespace AscendC {

namespace detail {
// printf's arguments as C varargs take them: half and bfloat16_t as double
// (for %f), everything else as it is.
template <typename T>
decltype(auto) printfArg(const T& v) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    return static_cast<double>(static_cast<float>(v));
  } else {
    return (v);
  }
}
inline void printfImpl(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  asctwin::kernel::kernelPrintf(fmt, args);
  va_end(args);
}
}  // namespace detail

// Kernel printf: each line prefixed with the block ("[AIV Block 3/8] "), as
// the NPU prints it.
template <typename... Args>
inline void printf(const char* fmt, const Args&... args) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
  detail::printfImpl(fmt, detail::printfArg(args)...);
#pragma GCC diagnostic pop
}
template <typename... Args>
inline void PRINTF(const char* fmt, const Args&... args) {
  AscendC::printf(fmt, args...);
}

template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                std::source_location loc = std::source_location::current()) {
  asctwin::kernel::dumpTensor(tensor.ref(), asctwin::kernel::dtypeOf<T>(), desc, dumpSize,
                              asctwin::kernel::Site::at("DumpTensor", loc));
}
template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                std::source_location loc = std::source_location::current()) {
  asctwin::kernel::dumpGlobal(tensor.ref(), asctwin::kernel::dtypeOf<T>(), desc, dumpSize,
                              asctwin::kernel::Site::at("DumpTensor", loc));
}

// DumpTensor of the tensor moved on by countOff elements, `index` as the
// label (the moved address must keep the buffer's alignment).
template <typename T>
void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff,
                     uint32_t dumpSize,
                     std::source_location loc = std::source_location::current()) {
  asctwin::kernel::dumpTensor(tensor[countOff].ref(), asctwin::kernel::dtypeOf<T>(), index,
                              dumpSize, asctwin::kernel::Site::at("DumpAccChkPoint", loc));
}
template <typename T>
void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff,
                     uint32_t dumpSize,
                     std::source_location loc = std::source_location::current()) {
  asctwin::kernel::dumpGlobal(tensor[countOff].ref(), asctwin::kernel::dtypeOf<T>(), index,
                              dumpSize, asctwin::kernel::Site::at("DumpAccChkPoint", loc));
}

// A time stamp, printed only when the kernel is compiled with
// -DASCENDC_TIME_STAMP_ON (off by default, as in the real API). The stamp is
// the system counter the twin keeps (GetSystemCycle); pcPtr and entry have
// no meaning on a CPU and print as 0.
inline void PrintTimeStamp(uint32_t descId) {
#ifdef ASCENDC_TIME_STAMP_ON
  AscendC::printf("descId is %u, rsv is 0, timeStamp is %llu, pcPtr is 0, entry is 0.\n", descId,
                  static_cast<unsigned long long>(asctwin::isa::systemCycle()));
#else
  (void)descId;
#endif
}

}  // namespace AscendC
