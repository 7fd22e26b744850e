// Run-time choice between the AVX2/F16C path and the portable path, and the
// dtype table.
#include <cpuid.h>

#include <cstdlib>
#include <cstring>

#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace detail {
namespace {

bool cpuHasAvx2() {
  __builtin_cpu_init();
  // F16C through cpuid: clang 14's __builtin_cpu_supports does not know it.
  unsigned a = 0, b = 0, c = 0, d = 0;
  const bool f16c = __get_cpuid(1, &a, &b, &c, &d) != 0 && (c & bit_F16C) != 0;
  return __builtin_cpu_supports("avx2") && f16c;
}

bool initialAvx2() {
  const char* env = std::getenv("ASCTWIN_VEC_PORTABLE");
  if (env != nullptr && std::strcmp(env, "1") == 0) return false;
  return cpuHasAvx2();
}

}  // namespace

std::atomic<bool> gUseAvx2{initialAvx2()};

}  // namespace detail

Isa activeIsa() {
  return detail::useAvx2() ? Isa::Avx2 : Isa::Portable;
}

Isa setIsa(Isa isa) {
  const bool want = isa == Isa::Avx2 && detail::cpuHasAvx2();
  return detail::gUseAvx2.exchange(want) ? Isa::Avx2 : Isa::Portable;
}

std::size_t dtypeSize(DType t) {
  switch (t) {
    case DType::S8:
    case DType::U8:
      return 1;
    case DType::F16:
    case DType::BF16:
    case DType::S16:
    case DType::U16:
      return 2;
    case DType::F32:
    case DType::S32:
    case DType::U32:
      return 4;
    case DType::F64:
    case DType::S64:
    case DType::U64:
      return 8;
  }
  return 0;
}

const char* dtypeName(DType t) {
  switch (t) {
    case DType::F16:
      return "half";
    case DType::BF16:
      return "bfloat16_t";
    case DType::F32:
      return "float";
    case DType::F64:
      return "double";
    case DType::S8:
      return "int8_t";
    case DType::U8:
      return "uint8_t";
    case DType::S16:
      return "int16_t";
    case DType::U16:
      return "uint16_t";
    case DType::S32:
      return "int32_t";
    case DType::U32:
      return "uint32_t";
    case DType::S64:
      return "int64_t";
    case DType::U64:
      return "uint64_t";
  }
  return "?";
}

}  // namespace asctwin::vec
