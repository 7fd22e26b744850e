// How a 32-bit local-memory address is read. The intrinsics take UB/L1/L0
// addresses as 32 bits, as the NPU does. On the twin such a value is either an
// offset into the core's buffer (what asctwin's own API passes) or the low 32
// bits of a host pointer into it (what code that casts GetPhyAddr() to uint32
// passes). The two readings are unambiguous only when the buffer's host
// address, taken modulo 2^32, neither starts below the buffer's size nor wraps
// past 2^32; the launcher places every local buffer so.
#pragma once

#include <cstdint>

namespace asctwin::kernel {

constexpr bool localAddressesAreUnambiguous(uintptr_t host, uint32_t bytes) {
  const uint64_t low = static_cast<uint32_t>(host);
  return low >= bytes && low + bytes <= (uint64_t{1} << 32);
}

// The offset a 32-bit local address denotes in a buffer of `bytes` bytes at
// `host`, or -1 when it denotes none.
constexpr int64_t localOffsetOf(uint32_t addr, uintptr_t host, uint32_t bytes) {
  if (addr < bytes) return addr;
  const uint32_t off = addr - static_cast<uint32_t>(host);  // modulo 2^32
  return off < bytes ? int64_t{off} : -1;
}

}  // namespace asctwin::kernel
