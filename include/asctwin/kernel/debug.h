// Debug output: printf prefixed with the block index, DumpTensor.
#pragma once

#include <cstdarg>
#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/tensor.h"

namespace AscendC {

__attribute__((format(printf, 1, 2))) inline void printf(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  asctwin::kernel::kernelPrintf(fmt, args);
  va_end(args);
}
__attribute__((format(printf, 1, 2))) inline void PRINTF(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  asctwin::kernel::kernelPrintf(fmt, args);
  va_end(args);
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
