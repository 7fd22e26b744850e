// Debug output: printf prefixed with the block index, DumpTensor.
#pragma once

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

}  // namespace AscendC
