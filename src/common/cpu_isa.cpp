#include "common/cpu_isa.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace asctwin {
namespace {

#if defined(__x86_64__) || defined(__i386__)
uint64_t readXcr0() {
  uint32_t lo = 0, hi = 0;
  // xgetbv(0); only called when cpuid says OSXSAVE.
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t{hi} << 32) | lo;
}

CpuFeatures probe() {
  CpuFeatures f;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid(1, &a, &b, &c, &d) == 0) return f;
  const bool osxsave = (c & bit_OSXSAVE) != 0;
  f.fma = (c & bit_FMA) != 0;
  f.f16c = (c & bit_F16C) != 0;
  if (osxsave) {
    const uint64_t xcr0 = readXcr0();
    f.osYmm = (xcr0 & 0x6) == 0x6;    // SSE + AVX state
    f.osZmm = (xcr0 & 0xE6) == 0xE6;  // + opmask, ZMM_Hi256, Hi16_ZMM
  }
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d) != 0) {
    f.avx2 = (b & bit_AVX2) != 0;
    f.bmi2 = (b & bit_BMI2) != 0;
    f.avx512f = (b & bit_AVX512F) != 0;
    f.avx512dq = (b & bit_AVX512DQ) != 0;
    f.avx512bw = (b & bit_AVX512BW) != 0;
    f.avx512vl = (b & bit_AVX512VL) != 0;
  }
  return f;
}
#else
CpuFeatures probe() {
  return {};
}
#endif

CpuLevel maxLevelOf(const CpuFeatures& f) {
  const bool avx2 = f.osYmm && f.avx2 && f.fma && f.f16c && f.bmi2;
  if (!avx2) return CpuLevel::kPortable;
  if (f.osZmm && f.avx512f && f.avx512bw && f.avx512dq && f.avx512vl) return CpuLevel::kAvx512;
  return CpuLevel::kAvx2;
}

CpuLevel levelInForce() {
  CpuLevel level = cpuMaxLevel();
  auto cap = [&level](CpuLevel c) {
    if (static_cast<uint8_t>(c) < static_cast<uint8_t>(level)) level = c;
  };
  const char* portable = std::getenv("ASCTWIN_VEC_PORTABLE");
  if (portable != nullptr && std::strcmp(portable, "1") == 0) cap(CpuLevel::kPortable);
  const char* isa = std::getenv("ASCTWIN_ISA");
  if (isa != nullptr && *isa != '\0') {
    if (std::strcmp(isa, "portable") == 0 || std::strcmp(isa, "scalar") == 0) {
      cap(CpuLevel::kPortable);
    } else if (std::strcmp(isa, "avx2") == 0) {
      cap(CpuLevel::kAvx2);
    } else if (std::strcmp(isa, "avx512") != 0) {
      std::fprintf(stderr,
                   "asctwin: ASCTWIN_ISA=%s is not one of portable, avx2, avx512; ignored\n", isa);
    }
  }
  return level;
}

}  // namespace

const CpuFeatures& cpuFeatures() {
  static const CpuFeatures f = probe();
  return f;
}

CpuLevel cpuMaxLevel() {
  static const CpuLevel l = maxLevelOf(cpuFeatures());
  return l;
}

CpuLevel cpuLevel() {
  static const CpuLevel l = levelInForce();
  return l;
}

const char* cpuLevelName(CpuLevel level) {
  switch (level) {
    case CpuLevel::kPortable:
      return "portable";
    case CpuLevel::kAvx2:
      return "avx2";
    case CpuLevel::kAvx512:
      return "avx512";
  }
  return "?";
}

}  // namespace asctwin
