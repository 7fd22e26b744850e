// Run-time choice between the AVX2/F16C path and the portable path, and the
// dtype table.
#include "common/cpu_isa.h"
#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace detail {
namespace {

// The CPU has AVX2 and F16C (the project's AVX2 level includes both).
bool cpuHasAvx2() {
  return cpuMaxLevel() >= CpuLevel::kAvx2;
}

// The level in force (ASCTWIN_ISA / ASCTWIN_VEC_PORTABLE may cap it).
bool initialAvx2() {
  return cpuAllows(CpuLevel::kAvx2);
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
