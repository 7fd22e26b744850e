// The entry conventions of Ascend C operator kernels (API reference,
// "Kernel-Tiling" and "设置Kernel类型"), so that a kernel file of an operator
// repository (op_kernel/*.cpp) compiles unchanged:
//  - the kernel types (KernelMetaType) and KERNEL_TASK_TYPE_DEFAULT /
//    KERNEL_TASK_TYPE. In a source compiled by asctwin-asc the front end reads
//    them (the default sets the kernel's kind); elsewhere (CPU-debug builds
//    launched with ICPU_RUN_KF and AscendC::SetKernelMode) they only check
//    their argument;
//  - the tiling-data macros: GET_TILING_DATA[_WITH_STRUCT|_MEMBER|_PTR_WITH_STRUCT],
//    COPY_TILING_WITH_STRUCT/ARRAY, REGISTER_TILING_DEFAULT/FOR_TILINGKEY,
//    REGISTER_NONE_TILING. Tiling data is read from global memory with the
//    twin's bounds checks;
//  - TILING_KEY_IS / TILING_KEY_LIST / TILING_KEY_VAR: the tiling key the
//    launch carries (ICPU_SET_TILING_KEY before ICPU_RUN_KF; 0 otherwise).
#pragma once

#include <cstddef>
#include <cstdint>
#include "asctwin/source_location.h"
#include <type_traits>

#include "asctwin/kernel/runtime.h"

enum KernelMetaType {
  KERNEL_TYPE_AIV_ONLY,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_AICORE,
  KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE,
  KERNEL_TYPE_MAX
};

namespace asctwin::kernel {

// The tiling key of the running launch (LaunchOptions::tilingKey).
uint64_t tilingKey();

// Reads `bytes` of tiling data at `src` (a kernel's tiling argument in global
// memory) into `dst`, bounds-checked like any global-memory read.
void loadTiling(void* dst, const void* src, size_t bytes, const Site& site);

template <typename T>
void loadTilingAt(T* dst, const void* src, size_t offset, const std::source_location& loc) {
  static_assert(std::is_trivially_copyable_v<T>, "tiling data must be trivially copyable");
  loadTiling(dst, static_cast<const uint8_t*>(src) + offset, sizeof(T),
             Site::at("GET_TILING_DATA", loc));
}

// COPY_TILING_WITH_*: the source (in global memory, from
// GET_TILING_DATA_PTR_WITH_STRUCT) is a pointer or an object (a member of the
// tiling structure).
template <typename T>
const void* tilingSource(const T* p) {
  return p;
}
template <typename T>
const void* tilingSource(const T& object) {
  return &object;
}

// The structure REGISTER_TILING_DEFAULT names, when none is registered.
struct NoDefaultTilingData;

}  // namespace asctwin::kernel

// The default tiling structure: REGISTER_TILING_DEFAULT(T) declares it in the
// kernel's scope; GET_TILING_DATA without it does not compile.
using AsctwinDefaultTilingData = asctwin::kernel::NoDefaultTilingData;

#ifndef KERNEL_TASK_TYPE_DEFAULT
#define KERNEL_TASK_TYPE_DEFAULT(type) static_cast<void>(type)
#endif
#ifndef KERNEL_TASK_TYPE
#define KERNEL_TASK_TYPE(key, type) (static_cast<void>(key), static_cast<void>(type))
#endif

#define REGISTER_TILING_DEFAULT(tiling_struct) using AsctwinDefaultTilingData = tiling_struct
#define REGISTER_TILING_FOR_TILINGKEY(expression, tiling_struct) \
  static_assert(sizeof(tiling_struct) > 0, expression)
#define REGISTER_NONE_TILING static_assert(true, "no tiling structure registered")

#define GET_TILING_DATA(tiling_data, tiling_arg)                                                   \
  static_assert(!std::is_same_v<AsctwinDefaultTilingData, ::asctwin::kernel::NoDefaultTilingData>, \
                "GET_TILING_DATA needs the default tiling structure: REGISTER_TILING_DEFAULT(T)"); \
  AsctwinDefaultTilingData tiling_data;                                                            \
  ::asctwin::kernel::loadTilingAt(&tiling_data, (tiling_arg), 0, std::source_location::current())

#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, tiling_data, tiling_arg) \
  tiling_struct tiling_data;                                                \
  ::asctwin::kernel::loadTilingAt(&tiling_data, (tiling_arg), 0, std::source_location::current())

#define GET_TILING_DATA_MEMBER(tiling_struct, member, tiling_data, tiling_arg)                 \
  decltype(tiling_struct::member) tiling_data;                                                 \
  ::asctwin::kernel::loadTilingAt(&tiling_data, (tiling_arg), offsetof(tiling_struct, member), \
                                  std::source_location::current())

#ifndef __tiling_data_ptr__
#define __tiling_data_ptr__
#endif
// The dynamic-shape form: a pointer to the structure in global memory.
#define GET_TILING_DATA_PTR_WITH_STRUCT(tiling_struct, dst_ptr, tiling_ptr) \
  __tiling_data_ptr__ tiling_struct* dst_ptr =                            \
      reinterpret_cast<tiling_struct*>(const_cast<uint8_t*>(                \
          reinterpret_cast<const uint8_t*>(tiling_ptr)))

#define COPY_TILING_WITH_STRUCT(tiling_struct, src_ptr, dst_ptr)               \
  tiling_struct __asctwin_copy_##dst_ptr;                                      \
  ::asctwin::kernel::loadTilingAt(&__asctwin_copy_##dst_ptr,                   \
                                  ::asctwin::kernel::tilingSource(src_ptr), 0, \
                                  std::source_location::current());            \
  tiling_struct* dst_ptr = &__asctwin_copy_##dst_ptr

#define COPY_TILING_WITH_ARRAY(arr_type, arr_count, src_ptr, dst_ptr)          \
  arr_type __asctwin_copy_##dst_ptr[arr_count];                                \
  ::asctwin::kernel::loadTilingAt(&__asctwin_copy_##dst_ptr,                   \
                                  ::asctwin::kernel::tilingSource(src_ptr), 0, \
                                  std::source_location::current());            \
  arr_type(*dst_ptr)[arr_count] = &__asctwin_copy_##dst_ptr

#define TILING_KEY_VAR (::asctwin::kernel::tilingKey())
#define TILING_KEY_IS(key) (::asctwin::kernel::tilingKey() == static_cast<uint64_t>(key))
#define TILING_KEY_LIST(key1, key2) (TILING_KEY_IS(key1) || TILING_KEY_IS(key2))
