// TPipe's SPM buffer (InitSpmBuffer, WriteSpmBuffer, ReadSpmBuffer),
// TPipe::GetBaseAddr and the system workspace (SetSysWorkspace,
// SetSysWorkspaceForce, GetSysWorkSpacePtr, GetUserWorkspace). Expected
// values: the reference's DataCopyParams semantics (blocks of 32 bytes,
// gaps between them), its worked examples (the two-block spill at offset
// 32, the contiguous spill), the 16 MiB system share of A2, and the
// carving order of TPipe::InitBuffer.
#include <cstring>
#include <vector>

#include "kernel_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

constexpr uint32_t kN = 256;  // halves in the spilled tensor (512 bytes)

// The reference's example: DataCopyParams{2, 2, 1, 1} at offset 32, then
// the UB data is overwritten and read back; the contiguous form after it.
__global__ __aicore__ void spmRoundTrip(GM_ADDR srcGm, GM_ADDR spmGm, GM_ADDR backGm,
                                        GM_ADDR back2Gm) {
  GlobalTensor<half> src, spm, back, back2;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(srcGm), kN);
  spm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(spmGm), 4 * kN);
  back.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(backGm), kN);
  back2.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(back2Gm), kN);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  pipe.InitBuffer(inQ, 1, kN * sizeof(half));
  LocalTensor<half> writeLocal = inQ.AllocTensor<half>();
  DataCopy(writeLocal, src, kN);
  inQ.EnQue(writeLocal);
  writeLocal = inQ.DeQue<half>();
  pipe.InitSpmBuffer(spm, static_cast<int32_t>(4 * kN * sizeof(half)));
  DataCopyParams copyParams{2, 2, 1, 1};
  pipe.WriteSpmBuffer(writeLocal, copyParams, 32);
  Duplicate(writeLocal, half(-1.0f), kN);  // the UB data is gone
  pipe.ReadSpmBuffer(writeLocal, copyParams, 32);
  DataCopy(back, writeLocal, kN);
  // Contiguous: 64 halves at element 512 of the buffer.
  PipeBarrier<PIPE_ALL>();
  DataCopy(writeLocal, src, kN);
  PipeBarrier<PIPE_ALL>();
  pipe.WriteSpmBuffer(writeLocal, 64, 512);
  Duplicate(writeLocal, half(-2.0f), kN);
  pipe.ReadSpmBuffer(writeLocal, 64, 512);
  DataCopy(back2, writeLocal, kN);
  inQ.FreeTensor(writeLocal);
}

// The misuses: 0 spill before InitSpmBuffer, 1 a copy beyond bufferSize,
// 2 the L1 form, 3 a negative offset.
__global__ __aicore__ void spmMisuse(GM_ADDR spmGm, int32_t what) {
  GlobalTensor<half> spm;
  spm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(spmGm), kN);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kN * sizeof(half));
  LocalTensor<half> t = buf.Get<half>();
  Duplicate(t, half(1.0f), kN);
  switch (what) {
    case 0:
      pipe.WriteSpmBuffer(t, 16, 0);
      break;
    case 1:
      pipe.InitSpmBuffer(spm, 256);     // bytes
      pipe.WriteSpmBuffer(t, 128, 16);  // 256 bytes at byte 32
      break;
    case 2:
      pipe.InitSpmBuffer(256);
      break;
    default:
      pipe.InitSpmBuffer(spm, 256);
      pipe.ReadSpmBuffer(t, 16, -16);
      break;
  }
}

// Writes each queue tensor's offset from its position's base.
__global__ __aicore__ void baseAddrs(GM_ADDR outGm) {
  GlobalTensor<int32_t> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(outGm), 8);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> a;
  TQue<TPosition::VECOUT, 1> b;
  TBuf<TPosition::VECCALC> c;
  pipe.InitBuffer(a, 1, 100);  // rounded to 128
  pipe.InitBuffer(b, 1, 64);
  pipe.InitBuffer(c, 32);
  LocalTensor<float> ta = a.AllocTensor<float>();
  LocalTensor<float> tb = b.AllocTensor<float>();
  LocalTensor<float> tc = c.Get<float>();
  auto off = [&](const LocalTensor<float>& t, TPosition pos) {
    return static_cast<int32_t>(reinterpret_cast<uint8_t*>(t.GetPhyAddr()) -
                                pipe.GetBaseAddr(static_cast<int8_t>(pos)));
  };
  out.SetValue(0, off(ta, TPosition::VECIN));
  out.SetValue(1, off(tb, TPosition::VECOUT));
  out.SetValue(2, off(tc, TPosition::VECCALC));
  // Every UB position has the same base.
  out.SetValue(3, pipe.GetBaseAddr(static_cast<int8_t>(TPosition::VECIN)) ==
                          pipe.GetBaseAddr(static_cast<int8_t>(TPosition::VECCALC))
                      ? 1
                      : 0);
  a.FreeTensor(ta);
  b.FreeTensor(tb);
}

__global__ __aicore__ void baseAddrOf(GM_ADDR, int32_t pos) {
  TPipe pipe;
  (void)pipe.GetBaseAddr(static_cast<int8_t>(pos));
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
// Writes, per block, what the workspace calls returned (as offsets from ws).
__global__ __aicore__ void workspaces(GM_ADDR ws, GM_ADDR other, GM_ADDR outGm) {
  GlobalTensor<int64_t> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(outGm), 16);
  const int64_t b = GetBlockIdx() * 8;
  auto rel = [&](const uint8_t* p) { return p == nullptr ? -1 : static_cast<int64_t>(p - ws); };
  out.SetValue(b + 0, rel(GetSysWorkSpacePtr()));  // none yet
  uint8_t* mine = ws + GetBlockIdx() * 64;
  SetSysWorkspace(mine);
  out.SetValue(b + 1, rel(GetSysWorkSpacePtr()));
  SetSysWorkspace(other);  // kept: one is set already
  out.SetValue(b + 2, rel(GetSysWorkSpacePtr()));
  out.SetValue(b + 3, rel(GetUserWorkspace(mine)));
  SetSysWorkspaceForce(other);
  out.SetValue(b + 4, rel(GetSysWorkSpacePtr()));
  SetSysWorkSpacePtr(mine);
  out.SetValue(b + 5, rel(GetSysWorkSpacePtr()));
}

__global__ __aicore__ void workspaceMisuse(GM_ADDR ws, int32_t what) {
  if (what == 0) SetSysWorkspace(nullptr);
  if (what == 1) (void)GetUserWorkspace(ws);  // no system workspace set
  if (what == 2) (void)GetUserWorkspace(nullptr);
}
#pragma GCC diagnostic pop

}  // namespace

class SpmWorkspaceTest : public KernelTest {};

TEST_F(SpmWorkspaceTest, SpmBufferRoundTripsAndLaysOutBlocks) {
  std::vector<half> src(kN);
  for (uint32_t i = 0; i < kN; ++i) src[i] = half(static_cast<float>(i) * 0.5f);
  for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
    DevBuf gs(kN * 2), spm(4 * kN * 2), back(kN * 2), back2(kN * 2);
    gs.upload(src);
    spm.zero();
    auto o = vec(1, "spm");
    o.mode = m;
    ASSERT_EQ(asctwin::run(spmRoundTrip, o, gs.gm(), spm.gm(), back.gm(), back2.gm()), 0)
        << lastError();
    // {2, 2, 1, 1}: two bursts of 2 blocks (32 halves); UB side: burst 1
    // starts after 2 + 1 blocks (element 48); SPM side likewise, from
    // element 32 (the offset counts halves): bursts at elements 32 and 80.
    const auto g = spm.download<half>(4 * kN);
    auto expectSpm = [&](uint32_t spmAt, uint32_t srcAt, uint32_t len) {
      for (uint32_t i = 0; i < len; ++i)
        EXPECT_EQ(g[spmAt + i].bits(), src[srcAt + i].bits()) << spmAt + i;
    };
    expectSpm(32, 0, 32);
    expectSpm(80, 48, 32);
    for (uint32_t i : {0u, 31u, 64u, 79u, 112u, 511u}) EXPECT_EQ(g[i].bits(), 0u) << i;
    expectSpm(512, 0, 64);  // the contiguous spill
    EXPECT_EQ(g[576].bits(), 0u);
    // Read back: the copied blocks return; the rest keeps the -1 / -2 fill.
    const auto r = back.download<half>(kN);
    for (uint32_t i = 0; i < kN; ++i) {
      const bool copied = i < 32 || (i >= 48 && i < 80);
      EXPECT_EQ(static_cast<float>(r[i]), copied ? static_cast<float>(src[i]) : -1.0f) << i;
    }
    const auto r2 = back2.download<half>(kN);
    for (uint32_t i = 0; i < kN; ++i)
      EXPECT_EQ(static_cast<float>(r2[i]), i < 64 ? static_cast<float>(src[i]) : -2.0f) << i;
  }
}

TEST_F(SpmWorkspaceTest, SpmBufferMisuseIsAnError) {
  const char* want[] = {"WriteSpmBuffer before InitSpmBuffer",
                        "the copy covers bytes [32, 288) of the SPM buffer, which holds 256 bytes",
                        "an SPM buffer in L1 is not supported on Atlas A2/A3",
                        "ReadSpmBuffer: offset -16 must not be negative"};
  for (int32_t what = 0; what < 4; ++what) {
    DevBuf g(kN * 2);
    EXPECT_NE(asctwin::run(spmMisuse, vec(1, "spm_bad"), g.gm(), what), 0) << what;
    EXPECT_NE(lastError().find(want[what]), std::string::npos) << lastError();
  }
}

TEST_F(SpmWorkspaceTest, GetBaseAddrGivesEachTensorsOffset) {
  DevBuf g(8 * 4);
  ASSERT_EQ(asctwin::run(baseAddrs, vec(1, "base"), g.gm()), 0) << lastError();
  const auto v = g.download<int32_t>(4);
  // InitBuffer carves UB in call order, each buffer rounded up to 32 bytes.
  EXPECT_EQ(v[0], 0);
  EXPECT_EQ(v[1], 128);
  EXPECT_EQ(v[2], 192);
  EXPECT_EQ(v[3], 1);
  DevBuf h(32);
  EXPECT_NE(
      asctwin::run(baseAddrOf, vec(1, "base_gm"), h.gm(), static_cast<int32_t>(TPosition::GM)), 0);
  EXPECT_NE(lastError().find("hardware position can not be gm"), std::string::npos) << lastError();
  EXPECT_NE(
      asctwin::run(baseAddrOf, vec(1, "base_bad"), h.gm(), static_cast<int32_t>(TPosition::MAX)),
      0);
  EXPECT_NE(lastError().find("illegal logicPos 16"), std::string::npos) << lastError();
  // An AIV has no L1.
  EXPECT_NE(
      asctwin::run(baseAddrOf, vec(1, "base_l1"), h.gm(), static_cast<int32_t>(TPosition::A1)), 0);
  EXPECT_NE(lastError().find("this core has no L1"), std::string::npos) << lastError();
}

TEST_F(SpmWorkspaceTest, SystemWorkspaceIsPerCore) {
  DevBuf ws(1024), other(64), out(16 * 8);
  ASSERT_EQ(asctwin::run(workspaces, vec(2, "ws"), ws.gm(), other.gm(), out.gm()), 0)
      << lastError();
  const auto v = out.download<int64_t>(16);
  const int64_t o = static_cast<int64_t>(other.gm() - ws.gm());
  const int64_t user = 16 * 1024 * 1024;  // RESERVED_WORKSPACE on A2
  for (int64_t b = 0; b < 2; ++b) {
    const int64_t mine = b * 64;
    const std::vector<int64_t> got(v.begin() + b * 8, v.begin() + b * 8 + 6);
    const std::vector<int64_t> want = {-1, mine, mine, mine + user, o, mine};
    EXPECT_EQ(got, want) << "block " << b;
  }
  static_assert(RESERVED_WORKSPACE == 16 * 1024 * 1024);
}

TEST_F(SpmWorkspaceTest, WorkspaceMisuseIsAnError) {
  const char* want[] = {"SetSysWorkspace: workspace can not be nullptr",
                        "GetUserWorkspace: no system workspace is set",
                        "GetUserWorkspace: workspace can not be nullptr"};
  for (int32_t what = 0; what < 3; ++what) {
    DevBuf g(64);
    EXPECT_NE(asctwin::run(workspaceMisuse, vec(1, "ws_bad"), g.gm(), what), 0) << what;
    EXPECT_NE(lastError().find(want[what]), std::string::npos) << lastError();
  }
}
