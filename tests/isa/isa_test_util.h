// A harness for instruction-family tests: three GM regions a, b, d are
// loaded into UB, a test body runs on them (any Ascend C calls), d is stored
// back; the launch runs in fast mode and in check mode with a few seeds, and
// every run must give the same bytes.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernel/kernel_test_util.h"

namespace asctwin::isatest {

using namespace AscendC;

inline constexpr uint32_t kRegion = 32 * 1024;  // bytes of each of a, b, d

// The three regions in UB, as bytes.
struct Ub {
  LocalTensor<uint8_t> a, b, d;
  template <typename T>
  LocalTensor<T> A() const {
    return a.ReinterpretCast<T>();
  }
  template <typename T>
  LocalTensor<T> B() const {
    return b.ReinterpretCast<T>();
  }
  template <typename T>
  LocalTensor<T> D() const {
    return d.ReinterpretCast<T>();
  }
};

template <class Body>
__global__ __aicore__ void ubKernel(GM_ADDR a, GM_ADDR b, GM_ADDR d, typename Body::Args args) {
  GlobalTensor<uint8_t> ga, gb, gd;
  ga.SetGlobalBuffer(a, kRegion);
  gb.SetGlobalBuffer(b, kRegion);
  gd.SetGlobalBuffer(d, kRegion);
  TPipe pipe;
  TBuf<TPosition::VECCALC> ba, bb, bd;
  pipe.InitBuffer(ba, kRegion);
  pipe.InitBuffer(bb, kRegion);
  pipe.InitBuffer(bd, kRegion);
  Ub ub{ba.Get<uint8_t>(), bb.Get<uint8_t>(), bd.Get<uint8_t>()};
  DataCopy(ub.a, ga, kRegion);
  DataCopy(ub.b, gb, kRegion);
  DataCopy(ub.d, gd, kRegion);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  SetFlag<HardEvent::MTE2_S>(0);
  WaitFlag<HardEvent::MTE2_S>(0);
  Body::run(ub, args);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  SetFlag<HardEvent::S_MTE3>(0);
  WaitFlag<HardEvent::S_MTE3>(0);
  DataCopy(gd, ub.d, kRegion);
}

class IsaTest : public asctwin::testing::KernelTest {
 public:
  // Runs Body on the regions (each padded to kRegion) and returns d; every
  // mode and seed must agree.
  template <class Body>
  std::vector<uint8_t> run(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b,
                           const std::vector<uint8_t>& d, const typename Body::Args& args) {
    std::vector<uint8_t> first;
    const asctwin::ExecMode modes[] = {asctwin::ExecMode::Fast, asctwin::ExecMode::Check,
                                       asctwin::ExecMode::Check};
    for (int i = 0; i < 3; ++i) {
      asctwin::testing::DevBuf ga(kRegion), gb(kRegion), gd(kRegion);
      ga.upload(pad(a));
      gb.upload(pad(b));
      gd.upload(pad(d));
      auto o = vec(1, "isa");
      o.mode = modes[i];
      o.seed = 11 + i;
      EXPECT_EQ(asctwin::run(ubKernel<Body>, o, ga.gm(), gb.gm(), gd.gm(), args), 0) << lastError();
      auto got = gd.download<uint8_t>(kRegion);
      if (i == 0) {
        first = got;
      } else {
        EXPECT_EQ(got, first) << "check mode (seed " << o.seed << ") differs from fast mode";
      }
    }
    return first;
  }
  // The same when the launch must fail; returns the error text.
  template <class Body>
  std::string fails(const typename Body::Args& args) {
    asctwin::testing::DevBuf ga(kRegion), gb(kRegion), gd(kRegion);
    auto o = vec(1, "isa");
    EXPECT_NE(asctwin::run(ubKernel<Body>, o, ga.gm(), gb.gm(), gd.gm(), args), 0);
    return lastError();
  }

 private:
  static std::vector<uint8_t> pad(std::vector<uint8_t> v) {
    v.resize(kRegion, 0);
    return v;
  }
};

// Typed views of byte vectors.
template <typename T>
std::vector<uint8_t> bytesOf(const std::vector<T>& v) {
  std::vector<uint8_t> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}
template <typename T>
std::vector<T> valuesOf(const std::vector<uint8_t>& b, size_t n) {
  std::vector<T> out(n);
  std::memcpy(out.data(), b.data(), n * sizeof(T));
  return out;
}
template <typename T>
std::vector<T> randomValues(std::mt19937& rng, size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(u(rng));
  return v;
}

inline uint16_t halfBits(half h) {
  return h.bits();
}

}  // namespace asctwin::isatest
