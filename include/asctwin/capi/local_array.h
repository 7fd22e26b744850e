// Arrays in a core's local memory declared in kernel code, as the C API's
// documentation allows ("以数组方式申请内存", Atlas A2/A3 only):
//
//   __ubuf__ float x[256];        // 1 KiB of UB
//   __cbuf__ half a[256];         // 512 bytes of L1
//   __ubuf__ Tiles t{};           // a struct of arrays (the braces are required)
//
// The NPU compiler gives each such array a fixed place in its buffer (from
// address 0 up, which is why the documentation forbids mixing arrays with
// asc_get_phy_buf_addr). The ASC front end (tools/asc-rewrite,
// local_arrays.h) turns each declaration in a kernel body into a reference
// bound by localArray/localObject below; the twin places the array of a
// declaration the first time a core executes it, after the ones the core
// placed before (32-byte aligned), and keeps that place for the rest of the
// launch: every later execution of the declaration on that core names the
// same bytes, as the compiler's fixed address does. The bytes are not
// initialised (UB keeps what it held), except the braced struct form, which
// value-initialises its object every time, as the C++ initialiser says.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

#include "asctwin/source_location.h"

namespace asctwin::capi {

// The local memories an array can live in (the kernel layer's Space values;
// this header stays free of the kernel API's types: it is part of every ASC
// unit, devkit mode's too, through asctwin/asc_prelude.h).
enum class LocalSpace : uint8_t { UB = 1, L1, L0A, L0B, L0C, BT, FB };

// A process-wide number for one declaration (one per template instance).
uint32_t newLocalArraySite();

// The host address of declaration `site`'s array of `bytes` in `space` of the
// calling core (placed on first use); fails the launch when the space lacks
// room or the core has no such memory, naming the array and its line.
// (The declaration's file and line as plain values: the library and the
// kernel may be built by compilers with different std::source_location types.)
void* localArrayAddress(LocalSpace space, uint32_t site, std::size_t bytes, const char* name,
                        const char* file, uint32_t line);

// `Tag` is a lambda's closure type written at the declaration: one instance,
// hence one site, per declaration (and per instance of an enclosing template).
template <typename T, LocalSpace S, typename Tag>
T& localArray(Tag, const char* name, std::source_location loc = std::source_location::current()) {
  static_assert(std::is_array_v<T>, "a local-memory array declaration");
  static const uint32_t site = newLocalArraySite();
  return *static_cast<T*>(localArrayAddress(S, site, sizeof(T), name, loc.file_name(),
                                            static_cast<uint32_t>(loc.line())));
}

// `__ubuf__ T name{};`: the object in local memory, value-initialised.
template <typename T, LocalSpace S, typename Tag>
T& localObject(Tag, const char* name, std::source_location loc = std::source_location::current()) {
  static_assert(std::is_trivially_destructible_v<T>,
                "a local-memory object must be trivially destructible");
  static const uint32_t site = newLocalArraySite();
  return *::new (localArrayAddress(S, site, sizeof(T), name, loc.file_name(),
                                   static_cast<uint32_t>(loc.line()))) T{};
}

}  // namespace asctwin::capi
