// The one place that decides which SIMD level the twin's host code runs at.
// Every vectorised path (the vector numerics, the DSA random stream, the GM
// store) asks cpuLevel() instead of probing the CPU itself, so one variable,
// ASCTWIN_ISA, moves all of them down together (for tests of the portable
// paths and for bit-identity checks between levels).
#pragma once

#include <cstdint>

namespace asctwin {

// Ordered: each level includes the ones below it.
enum class CpuLevel : uint8_t {
  kPortable = 0,  // plain C++
  kAvx2 = 1,      // AVX2 + FMA + F16C + BMI2 (Haswell and later, Zen and later)
  kAvx512 = 2,    // kAvx2 + AVX-512 F/BW/DQ/VL with the OS saving the zmm state
};

struct CpuFeatures {
  bool avx2 = false;
  bool fma = false;
  bool f16c = false;
  bool bmi2 = false;
  bool avx512f = false;
  bool avx512bw = false;
  bool avx512dq = false;
  bool avx512vl = false;
  bool osYmm = false;  // XCR0 says the OS saves ymm state
  bool osZmm = false;  // XCR0 says the OS saves opmask and zmm state
};

// What this CPU and OS offer (cpuid + xgetbv, read once).
const CpuFeatures& cpuFeatures();

// The highest level the CPU supports.
CpuLevel cpuMaxLevel();

// The level in force: cpuMaxLevel() capped by ASCTWIN_ISA (portable, avx2,
// avx512; read once; an unknown value is reported on stderr and ignored) and
// by the legacy ASCTWIN_VEC_PORTABLE=1 (= portable).
CpuLevel cpuLevel();

// True when `level` is available and in force.
inline bool cpuAllows(CpuLevel level) {
  return static_cast<uint8_t>(cpuLevel()) >= static_cast<uint8_t>(level);
}

const char* cpuLevelName(CpuLevel level);

}  // namespace asctwin
