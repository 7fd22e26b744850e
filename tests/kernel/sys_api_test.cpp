// The system-register and tool APIs of Atlas A2/A3 (issue 13):
// SetStoreAtomicConfig/GetStoreAtomicConfig, SetCtrlSpr/GetCtrlSpr,
// SetSaturationFlag/GetSaturationFlag (and CTRL[48]'s saturation of half and
// bfloat16_t results), ICachePreLoad/GetICachePreloadStatus,
// GetProgramCounter, Async and CheckLocalMemoryIA. Expected values come from
// the API reference (the register layouts, the bit meanings, the worked
// examples) and from scalar arithmetic on the inputs.
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernel_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

// The enumerations' real values (kernel_operator_common_intf.h,
// kernel_base_types.h, kernel_operator_utils_intf.h).
static_assert(static_cast<int>(AtomicDtype::ATOMIC_NONE) == 0 &&
              static_cast<int>(AtomicDtype::ATOMIC_F32) == 1 &&
              static_cast<int>(AtomicDtype::ATOMIC_F16) == 2 &&
              static_cast<int>(AtomicDtype::ATOMIC_S16) == 3 &&
              static_cast<int>(AtomicDtype::ATOMIC_S32) == 4 &&
              static_cast<int>(AtomicDtype::ATOMIC_S8) == 5 &&
              static_cast<int>(AtomicDtype::ATOMIC_BF16) == 6);
static_assert(static_cast<int>(AtomicOp::ATOMIC_SUM) == 0);
static_assert(static_cast<int>(SaturationMode::FLOAT) == 0 &&
              static_cast<int>(SaturationMode::FLOAT8) == 1 &&
              static_cast<int>(SaturationMode::INT) == 2 &&
              static_cast<int>(SaturationMode::CAST) == 3);
static_assert(static_cast<int>(OverrideStrategy::USE_API) == 0 &&
              static_cast<int>(OverrideStrategy::USE_GLOBAL) == 1);
static_assert(static_cast<int>(EngineType::AIC) == 1 && static_cast<int>(EngineType::AIV) == 2);
static_assert(SET_DATA_EXP_ZERO == 0 && SET_DATA_EXP_THREE == 3);
static_assert(std::is_same_v<decltype(GetCtrlSpr<48, 48>()), int64_t>);
static_assert(std::is_same_v<decltype(GetSaturationFlag<SaturationMode::FLOAT>()), bool>);

namespace {

GlobalTensor<int32_t> outTensor(GM_ADDR gm, uint32_t n) {
  GlobalTensor<int32_t> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(gm), n);
  return out;
}

// --- store-atomic configuration ----------------------------------------------------------

// Writes (type, op) pairs and the packed form after each configuration.
__global__ __aicore__ void atomicConfigs(GM_ADDR outGm) {
  auto out = outTensor(outGm, 32);
  int k = 0;
  auto put = [&] {
    uint16_t type = 99, op = 99;
    GetStoreAtomicConfig(type, op);
    out.SetValue(k++, type);
    out.SetValue(k++, op);
    out.SetValue(k++, static_cast<int32_t>(GetStoreAtomicConfig()));
  };
  TPipe pipe;  // InitSocState: atomics off
  put();
  SetStoreAtomicConfig<AtomicDtype::ATOMIC_F16, AtomicOp::ATOMIC_SUM>();
  put();
  SetStoreAtomicConfig<AtomicDtype::ATOMIC_BF16, AtomicOp::ATOMIC_SUM>();
  put();
  SetAtomicAdd<float>();  // the same register through the other API
  put();
  SetAtomicMax<int32_t>();
  put();
  SetAtomicMin<int8_t>();
  put();
  SetStoreAtomicConfig<AtomicDtype::ATOMIC_NONE, AtomicOp::ATOMIC_SUM>();
  put();
}

// x -> GM with the configuration's atomic add, then a plain copy of y.
__global__ __aicore__ void atomicAddByConfig(GM_ADDR xGm, GM_ADDR yGm, GM_ADDR accGm,
                                             GM_ADDR plainGm) {
  constexpr uint32_t n = 64;
  GlobalTensor<float> x, y, acc, plain;
  x.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(xGm), n);
  y.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(yGm), n);
  acc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(accGm), n);
  plain.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(plainGm), n);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * n * sizeof(float));
  LocalTensor<float> a = buf.Get<float>();
  LocalTensor<float> b = a[n];
  DataCopy(a, x, n);
  DataCopy(b, y, n);
  PipeBarrier<PIPE_ALL>();
  SetStoreAtomicConfig<AtomicDtype::ATOMIC_F32, AtomicOp::ATOMIC_SUM>();
  DataCopy(acc, a, n);
  PipeBarrier<PIPE_ALL>();
  SetStoreAtomicConfig<AtomicDtype::ATOMIC_NONE, AtomicOp::ATOMIC_SUM>();
  DataCopy(plain, b, n);
}

// --- CTRL and the saturation flags -------------------------------------------------------

__global__ __aicore__ void ctrlFlags(GM_ADDR outGm) {
  auto out = outTensor(outGm, 32);
  int k = 0;
  auto flags = [&] {
    out.SetValue(k++, static_cast<int32_t>(GetCtrlSpr<48, 48>()));
    out.SetValue(k++, GetSaturationFlag<SaturationMode::FLOAT>() ? 1 : 0);
    out.SetValue(k++, GetSaturationFlag<SaturationMode::INT>() ? 1 : 0);
    out.SetValue(k++, GetSaturationFlag<SaturationMode::CAST>() ? 1 : 0);
  };
  flags();  // at launch
  SetSaturationFlag<SaturationMode::FLOAT>(true);
  flags();
  SetCtrlSpr<48, 48>(1);
  flags();
  SetSaturationFlag<SaturationMode::INT>(true);
  SetSaturationFlag<SaturationMode::CAST>(false);
  flags();
  SetSaturationFlag<SaturationMode::INT>(false);
  SetSaturationFlag<SaturationMode::CAST>(true);
  SetCtrlSpr<48, 48>(0);
  flags();
  // The raw register of both front ends: CTRL[53] and CTRL[59] as the
  // reference places INT and CAST.
  SetSaturationFlag<SaturationMode::INT>(true);
  SetSaturationFlag<SaturationMode::CAST>(false);
  const auto ctrl = static_cast<uint64_t>(get_ctrl());
  out.SetValue(k++, static_cast<int32_t>((ctrl >> 53) & 1));
  out.SetValue(k++, static_cast<int32_t>((ctrl >> 59) & 1));
  out.SetValue(k++, static_cast<int32_t>((ctrl >> 48) & 1));
}

__global__ __aicore__ void ctrlValueTooWide(GM_ADDR) {
  SetCtrlSpr<48, 48>(2);
}

// dst = a + b, Muls(a, 2) and Cast(float -> half) under the FLOAT flag.
constexpr uint32_t kHalfN = 16;
__global__ __aicore__ void halfSaturation(GM_ADDR aGm, GM_ADDR bGm, GM_ADDR fGm, GM_ADDR outGm,
                                          int32_t saturate) {
  GlobalTensor<half> a, b, out;
  GlobalTensor<float> f;
  a.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(aGm), kHalfN);
  b.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(bGm), kHalfN);
  f.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(fGm), kHalfN);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(outGm), 3 * kHalfN);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 8 * kHalfN * sizeof(float));
  LocalTensor<half> la = buf.Get<half>();
  LocalTensor<half> lb = la[kHalfN];
  LocalTensor<half> sum = la[2 * kHalfN];
  LocalTensor<half> twice = la[3 * kHalfN];
  LocalTensor<half> conv = la[4 * kHalfN];
  LocalTensor<float> lf = buf.Get<float>()[4 * kHalfN];
  DataCopy(la, a, kHalfN);
  DataCopy(lb, b, kHalfN);
  DataCopy(lf, f, kHalfN);
  PipeBarrier<PIPE_ALL>();
  SetSaturationFlag<SaturationMode::FLOAT>(saturate != 0);
  Add(sum, la, lb, kHalfN);
  Muls(twice, la, half(2.0f), kHalfN);
  Cast(conv, lf, RoundMode::CAST_NONE, kHalfN);
  PipeBarrier<PIPE_ALL>();
  DataCopy(out, sum, kHalfN);
  DataCopy(out[kHalfN], twice, kHalfN);
  DataCopy(out[2 * kHalfN], conv, kHalfN);
}

// Cast float -> bfloat16_t under the FLOAT flag.
__global__ __aicore__ void bf16Saturation(GM_ADDR fGm, GM_ADDR outGm) {
  GlobalTensor<float> f;
  GlobalTensor<bfloat16_t> out;
  f.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(fGm), kHalfN);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ bfloat16_t*>(outGm), kHalfN);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 4 * kHalfN * sizeof(float));
  LocalTensor<float> lf = buf.Get<float>();
  LocalTensor<bfloat16_t> lb = buf.Get<bfloat16_t>()[2 * kHalfN];
  DataCopy(lf, f, kHalfN);
  PipeBarrier<PIPE_ALL>();
  SetSaturationFlag<SaturationMode::FLOAT>(true);
  Cast(lb, lf, RoundMode::CAST_RINT, kHalfN);
  PipeBarrier<PIPE_ALL>();
  DataCopy(out, lb, kHalfN);
}

// --- instruction cache, program counter, Async ---------------------------------------------

__global__ __aicore__ void icachePreload(GM_ADDR outGm, int64_t len) {
  auto out = outTensor(outGm, 8);
  ICachePreLoad(len);
  out.SetValue(0, static_cast<int32_t>(GetICachePreloadStatus()));
}

__global__ __aicore__ void programCounter(GM_ADDR outGm) {
  GlobalTensor<int64_t> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(outGm), 2);
  out.SetValue(0, GetProgramCounter());
}

void onAiv(GM_ADDR gm, int32_t tag) {
  auto out = outTensor(gm, 16);
  // AIV cores only: slot 1 + the AIV's index; anything else lands in slot 10.
  out.SetValue(ASCEND_IS_AIV ? 1 + static_cast<uint32_t>(GetSubBlockIdx()) : 10u, tag);
}
void onAic(GM_ADDR gm, int32_t tag) {
  auto out = outTensor(gm, 16);
  out.SetValue(ASCEND_IS_AIC ? 0u : 11u, tag);
}
__global__ __aicore__ void asyncMix(GM_ADDR outGm) {
  Async<EngineType::AIV, onAiv>(outGm, 2);
  Async<EngineType::AIC, onAic>(outGm, 1);
}

// --- CheckLocalMemoryIA ------------------------------------------------------------------

// What a case does once the watch is set.
enum IaAccess : int32_t {
  kVectorWriteInside,   // Adds into the watched tensor
  kVectorWriteOutside,  // Adds into another tensor, beyond endAddr
  kVectorWriteReset,    // the watch reset (isEnable false), then the write
  kMteReadInside,       // DataCopy UB -> GM of the watched tensor (an MTE read)
  kScalarWriteInside,   // SetValue into the watched tensor
  kScalarWriteUnwatched,
  kFirstBlockOnly,  // a write of only the start block (excluded from the range)
  kLastBlockOnly,   // a write of only the end block (included)
};

__global__ __aicore__ void localMemoryIa(GM_ADDR outGm, int32_t what) {
  constexpr uint32_t n = 512;  // halves: 1 KiB per tensor, as the reference's example
  GlobalTensor<half> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(outGm), n);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> src0Q;
  TQue<TPosition::VECOUT, 1> dstQ, otherQ;
  pipe.InitBuffer(src0Q, 1, n * sizeof(half));
  pipe.InitBuffer(dstQ, 1, n * sizeof(half));
  pipe.InitBuffer(otherQ, 1, n * sizeof(half));
  LocalTensor<half> src0 = src0Q.AllocTensor<half>();
  LocalTensor<half> dst = dstQ.AllocTensor<half>();
  LocalTensor<half> other = otherQ.AllocTensor<half>();
  Duplicate(src0, half(1.0f), n);
  // The tensor's UB offset: its address minus the position's base.
  const auto base = GetTPipePtr()->GetBaseAddr(static_cast<int8_t>(TPosition::VECOUT));
  const auto off = static_cast<uint32_t>(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()) - base);
  const bool vectorWrite = what <= kVectorWriteReset || what >= kFirstBlockOnly;
  CheckLocalMemoryIAParam p{0,
                            off / 32,
                            (off + n * static_cast<uint32_t>(sizeof(half))) / 32,
                            false,
                            what == kScalarWriteInside,
                            false,
                            vectorWrite,
                            what == kMteReadInside,
                            false,
                            true};
  if (what == kScalarWriteUnwatched) p.isVectorWrite = true;  // scalar writes not watched
  CheckLocalMemoryIA(p);
  switch (what) {
    case kVectorWriteInside:
      Adds(dst, src0, half(1.0f), n);
      break;
    case kVectorWriteOutside:  // other from its second block on (its first is endAddr's)
      Adds(other[16], src0, half(1.0f), n - 16);
      break;
    case kVectorWriteReset:
      p.isEnable = false;
      CheckLocalMemoryIA(p);
      Adds(dst, src0, half(1.0f), n);
      break;
    case kMteReadInside:
      PipeBarrier<PIPE_ALL>();
      DataCopy(out, dst, n);
      break;
    case kScalarWriteInside:
    case kScalarWriteUnwatched:
      dst.SetValue(100, half(3.0f));
      break;
    case kFirstBlockOnly:  // the 16 halves of the block at startAddr
      Adds(dst, src0, half(1.0f), 16);
      break;
    default:  // the 16 halves of the block at endAddr (the one after dst)
      Adds(other[0], src0, half(1.0f), 16);
      break;
  }
  PipeBarrier<PIPE_ALL>();
  src0Q.FreeTensor(src0);
  dstQ.FreeTensor(dst);
  otherQ.FreeTensor(other);
}

__global__ __aicore__ void localMemoryIaBadParam(GM_ADDR, int32_t which) {
  CheckLocalMemoryIAParam p;
  p.isEnable = true;
  if (which == 0) p.enableBit = 4;
  if (which == 1) p.endAddr = 65536;
  CheckLocalMemoryIA(p);
}

}  // namespace

class SysApiTest : public KernelTest {};

TEST_F(SysApiTest, StoreAtomicConfigIsTheAtomicModeOfSetAtomicAdd) {
  for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
    DevBuf g(32 * 4);
    auto o = vec(1, "atomic_cfg");
    o.mode = m;
    ASSERT_EQ(asctwin::run(atomicConfigs, o, g.gm()), 0) << lastError();
    const auto v = g.download<int32_t>(21);
    // (type, op, type | op << 3): the reference's table (0 none, 1 float,
    // 2 half, 4 int32_t, 5 int8_t, 6 bfloat16_t; op 0 sum, 1 max, 2 min).
    const std::vector<int32_t> want = {0, 0, 0, 2,  0, 2, 6,  0, 6, 1, 0,
                                       1, 4, 1, 12, 5, 2, 21, 0, 0, 0};
    EXPECT_EQ(v, want);
  }
}

TEST_F(SysApiTest, StoreAtomicConfigAddsTransfersIntoGm) {
  constexpr uint32_t n = 64;
  std::vector<float> x(n), y(n), init(n);
  for (uint32_t i = 0; i < n; ++i) {
    x[i] = 0.5f * static_cast<float>(i);
    y[i] = 100.0f - static_cast<float>(i);
    init[i] = 3.0f + static_cast<float>(i % 7);
  }
  for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
    DevBuf gx(n * 4), gy(n * 4), acc(n * 4), plain(n * 4);
    gx.upload(x);
    gy.upload(y);
    acc.upload(init);
    plain.upload(init);
    auto o = vec(1, "atomic_add_cfg");
    o.mode = m;
    ASSERT_EQ(asctwin::run(atomicAddByConfig, o, gx.gm(), gy.gm(), acc.gm(), plain.gm()), 0)
        << lastError();
    const auto a = acc.download<float>(n);
    const auto p = plain.download<float>(n);
    for (uint32_t i = 0; i < n; ++i) {
      EXPECT_EQ(a[i], init[i] + x[i]) << i;
      EXPECT_EQ(p[i], y[i]) << i;
    }
  }
}

TEST_F(SysApiTest, CtrlBitsAndSaturationFlags) {
  DevBuf g(32 * 4);
  ASSERT_EQ(asctwin::run(ctrlFlags, vec(1, "ctrl"), g.gm()), 0) << lastError();
  const auto v = g.download<int32_t>(23);
  // Per step: CTRL[48], FLOAT, INT, CAST. At launch CTRL[48] = 1 (the
  // runtime's INF/NaN mode): no float saturation; CTRL[53] = 0: integer
  // truncation; CTRL[59] = 0: conversions saturate.
  const std::vector<int32_t> want = {1, 0, 0, 1,  // launch
                                     0, 1, 0, 1,  // FLOAT on: CTRL[48] = 0
                                     1, 0, 0, 1,  // SetCtrlSpr<48, 48>(1): off
                                     1, 0, 1, 0,  // INT on, CAST off
                                     0, 1, 0, 1,  // back, CTRL[48] = 0
                                     1, 1, 0};    // raw CTRL[53], CTRL[59], CTRL[48]
  EXPECT_EQ(v, want);
}

TEST_F(SysApiTest, SetCtrlSprRejectsAValueWiderThanItsBits) {
  DevBuf g(32);
  EXPECT_NE(asctwin::run(ctrlValueTooWide, vec(1, "ctrl_wide"), g.gm()), 0);
  EXPECT_NE(lastError().find("SetCtrlSpr<48, 48>: value 2 does not fit"), std::string::npos)
      << lastError();
}

TEST_F(SysApiTest, FloatSaturationOfHalfResultsFollowsCtrl48) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<half> a(kHalfN), b(kHalfN);
  std::vector<float> f(kHalfN);
  for (uint32_t i = 0; i < kHalfN; ++i) {
    a[i] = half(static_cast<float>(i));
    b[i] = half(1.0f);
    f[i] = static_cast<float>(i) - 3.5f;
  }
  a[0] = half(60000.0f), b[0] = half(60000.0f);    // 120000 overflows half
  a[1] = half(-60000.0f), b[1] = half(-60000.0f);  // -120000
  a[2] = half(inf), b[2] = half(-inf);             // inf - inf = NaN
  a[3] = half(nan);                                // NaN in
  f[0] = 1.0e6f, f[1] = -1.0e6f, f[2] = nan, f[3] = inf;
  auto bitsOf = [](float v) { return half(v).bits(); };
  for (int saturate : {0, 1}) {
    for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
      DevBuf ga(kHalfN * 2), gb(kHalfN * 2), gf(kHalfN * 4), go(3 * kHalfN * 2);
      ga.upload(a);
      gb.upload(b);
      gf.upload(f);
      auto o = vec(1, "half_sat");
      o.mode = m;
      ASSERT_EQ(asctwin::run(halfSaturation, o, ga.gm(), gb.gm(), gf.gm(), go.gm(), saturate), 0)
          << lastError();
      const auto r = go.download<half>(3 * kHalfN);
      // The reference: saturation turns +-inf into +-MAX (65504) and NaN
      // into 0; without it inf/NaN stay.
      const uint16_t posInf = saturate ? bitsOf(65504.0f) : bitsOf(inf);
      const uint16_t negInf = saturate ? bitsOf(-65504.0f) : bitsOf(-inf);
      EXPECT_EQ(r[0].bits(), posInf);
      EXPECT_EQ(r[1].bits(), negInf);
      if (saturate) {
        EXPECT_EQ(r[2].bits(), 0u);
        EXPECT_EQ(r[3].bits(), 0u);
      } else {
        EXPECT_TRUE(std::isnan(static_cast<float>(r[2])));
        EXPECT_TRUE(std::isnan(static_cast<float>(r[3])));
      }
      for (uint32_t i = 4; i < kHalfN; ++i)
        EXPECT_EQ(static_cast<float>(r[i]), static_cast<float>(i) + 1.0f) << i;
      // Muls(a, 2): 120000 and -120000 overflow; inf stays inf or saturates.
      EXPECT_EQ(r[kHalfN + 0].bits(), posInf);
      EXPECT_EQ(r[kHalfN + 1].bits(), negInf);
      EXPECT_EQ(r[kHalfN + 2].bits(), posInf);
      for (uint32_t i = 4; i < kHalfN; ++i)
        EXPECT_EQ(static_cast<float>(r[kHalfN + i]), 2.0f * static_cast<float>(i)) << i;
      // Cast float -> half: 1e6, -1e6, NaN, inf.
      EXPECT_EQ(r[2 * kHalfN + 0].bits(), posInf);
      EXPECT_EQ(r[2 * kHalfN + 1].bits(), negInf);
      if (saturate) {
        EXPECT_EQ(r[2 * kHalfN + 2].bits(), 0u);
      } else {
        EXPECT_TRUE(std::isnan(static_cast<float>(r[2 * kHalfN + 2])));
      }
      EXPECT_EQ(r[2 * kHalfN + 3].bits(), posInf);
      for (uint32_t i = 4; i < kHalfN; ++i)
        EXPECT_EQ(static_cast<float>(r[2 * kHalfN + i]), f[i]) << i;
    }
  }
}

TEST_F(SysApiTest, FloatSaturationOfBfloat16Conversions) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> f(kHalfN);
  for (uint32_t i = 0; i < kHalfN; ++i) f[i] = static_cast<float>(i) * 0.25f;
  f[0] = inf, f[1] = -inf, f[2] = std::numeric_limits<float>::quiet_NaN();
  DevBuf gf(kHalfN * 4), go(kHalfN * 2);
  gf.upload(f);
  ASSERT_EQ(asctwin::run(bf16Saturation, vec(1, "bf16_sat"), gf.gm(), go.gm()), 0) << lastError();
  const auto r = go.download<uint16_t>(kHalfN);
  EXPECT_EQ(r[0], 0x7F7Fu);  // +MAX of bfloat16_t
  EXPECT_EQ(r[1], 0xFF7Fu);  // -MAX
  EXPECT_EQ(r[2], 0u);       // NaN -> 0
  for (uint32_t i = 3; i < kHalfN; ++i) {
    uint32_t bits;
    std::memcpy(&bits, &f[i], 4);
    EXPECT_EQ(r[i], bits >> 16) << i;  // multiples of 0.25 are exact in bfloat16_t
  }
}

TEST_F(SysApiTest, ICachePreLoadBoundsAndStatus) {
  // Units of 2 KiB below the ICache: 16 KiB on an AIV (< 8), 32 KiB on the
  // AIC (< 16).
  struct Case {
    bool cube;
    int64_t len;
    bool ok;
  };
  for (const Case c :
       {Case{false, 0, true}, Case{false, 2, true}, Case{false, 7, true}, Case{false, 8, false},
        Case{false, -1, false}, Case{true, 15, true}, Case{true, 16, false}}) {
    DevBuf g(8 * 4);
    g.zero();
    auto o = c.cube ? cube(1, "icache") : vec(1, "icache");
    const int rc = asctwin::run(icachePreload, o, g.gm(), c.len);
    if (!c.ok) {
      EXPECT_NE(rc, 0) << c.len;
      EXPECT_NE(lastError().find("preFetchLen " + std::to_string(c.len)), std::string::npos)
          << lastError();
      continue;
    }
    ASSERT_EQ(rc, 0) << lastError();
    EXPECT_EQ(g.download<int32_t>(1)[0], 0);  // 0: the preload completed
  }
}

TEST_F(SysApiTest, GetProgramCounterIsInTheKernelsCode) {
  DevBuf g(2 * 8);
  ASSERT_EQ(asctwin::run(programCounter, vec(1, "pc"), g.gm()), 0) << lastError();
  const auto pc = static_cast<uint64_t>(g.download<int64_t>(1)[0]);
  const auto fn = reinterpret_cast<uint64_t>(&programCounter);
  EXPECT_EQ(pc >> 48, 0u);  // 48 bits, as the real implementation keeps
  EXPECT_GE(pc, fn);
  EXPECT_LT(pc, fn + 64 * 1024);
}

TEST_F(SysApiTest, AsyncRunsOnOneKindOfCore) {
  DevBuf g(16 * 4);
  g.zero();
  ASSERT_EQ(asctwin::run(asyncMix, mix(1, "async"), g.gm()), 0) << lastError();
  const auto v = g.download<int32_t>(12);
  EXPECT_EQ(v[0], 1);   // the AIC
  EXPECT_EQ(v[1], 2);   // AIV 0
  EXPECT_EQ(v[2], 2);   // AIV 1
  EXPECT_EQ(v[10], 0);  // the AIV function never ran on the AIC
  EXPECT_EQ(v[11], 0);  // nor the AIC function on an AIV
}

TEST_F(SysApiTest, CheckLocalMemoryIaRaisesAtAWatchedAccess) {
  struct Case {
    IaAccess what;
    bool raises;
    const char* kind;
  };
  for (const Case c :
       {Case{kVectorWriteInside, true, "a vector write"}, Case{kVectorWriteOutside, false, ""},
        Case{kVectorWriteReset, false, ""}, Case{kMteReadInside, true, "a MTE read"},
        Case{kScalarWriteInside, true, "a scalar write"}, Case{kScalarWriteUnwatched, false, ""},
        Case{kFirstBlockOnly, false, ""}, Case{kLastBlockOnly, true, "a vector write"}}) {
    for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
      DevBuf g(512 * 2);
      auto o = vec(1, "ia");
      o.mode = m;
      const int rc = asctwin::run(localMemoryIa, o, g.gm(), static_cast<int32_t>(c.what));
      if (!c.raises) {
        EXPECT_EQ(rc, 0) << c.what << ": " << lastError();
        continue;
      }
      EXPECT_NE(rc, 0) << c.what;
      const std::string e = lastError();
      EXPECT_NE(e.find(std::string("CheckLocalMemoryIA: ") + c.kind), std::string::npos) << e;
      EXPECT_NE(e.find("exception register 0"), std::string::npos) << e;
    }
  }
}

TEST_F(SysApiTest, CheckLocalMemoryIaRejectsBadParameters) {
  DevBuf g(32);
  EXPECT_NE(asctwin::run(localMemoryIaBadParam, vec(1, "ia_bad"), g.gm(), 0), 0);
  EXPECT_NE(lastError().find("enableBit 4 must be in [0, 3]"), std::string::npos) << lastError();
  EXPECT_NE(asctwin::run(localMemoryIaBadParam, vec(1, "ia_bad"), g.gm(), 1), 0);
  EXPECT_NE(lastError().find("must be in [0, 65535]"), std::string::npos) << lastError();
}
