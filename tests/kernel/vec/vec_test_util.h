// Shared helpers for the vec array tests: run each test under both paths.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "kernel/vec/vec.h"

namespace vectest {

// Parameterised on the implementation path; Avx2 is skipped on CPUs without it.
class IsaTest : public ::testing::TestWithParam<asctwin::vec::Isa> {
 protected:
  void SetUp() override {
    old_ = asctwin::vec::setIsa(GetParam());
    if (asctwin::vec::activeIsa() != GetParam()) GTEST_SKIP() << "path not available on this CPU";
  }
  void TearDown() override { asctwin::vec::setIsa(old_); }

 private:
  asctwin::vec::Isa old_ = asctwin::vec::Isa::Portable;
};

inline std::string isaName(const ::testing::TestParamInfo<asctwin::vec::Isa>& info) {
  return info.param == asctwin::vec::Isa::Avx2 ? "Avx2" : "Portable";
}

#define VEC_INSTANTIATE(Suite)                                                               \
  INSTANTIATE_TEST_SUITE_P(                                                                  \
      Paths, Suite, ::testing::Values(asctwin::vec::Isa::Portable, asctwin::vec::Isa::Avx2), \
      vectest::isaName)

template <class T>
std::vector<std::uint8_t> bytesOf(const std::vector<T>& v) {
  std::vector<std::uint8_t> b(v.size() * sizeof(T));
  if (!b.empty()) std::memcpy(b.data(), v.data(), b.size());
  return b;
}

}  // namespace vectest
