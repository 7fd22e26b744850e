// TBufPool, ListTensorDesc, GroupBarrier, GetSystemCycle and the extended
// Transpose against the reference's rules: a pool hands out consecutive
// 32-byte-rounded buffers from its region and a pool laid over another
// reuses its bytes; Reset gives a TBufPool's region up; the list descriptor
// decodes count, dims, shapes and data pointers from the documented layout;
// GroupBarrier's waiters see every arrival of the round; the system counter
// grows with the instructions issued; NCHW <-> NHWC is numpy's transpose.
#include <numeric>

#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

// UB offsets of the pools' buffers, written to GM by the scalar unit.
__global__ __aicore__ void poolKernel(GM_ADDR out) {
  TPipe pipe;
  TBufPool<TPosition::VECCALC> a, b, sub;
  TQue<TPosition::VECIN, 1> q;
  TBuf<TPosition::VECCALC> t1, t2;
  pipe.InitBufPool(a, 4096);
  pipe.InitBufPool(b, 2048, a);  // laid over a
  a.InitBuffer(q, 2, 100);       // two buffers of 128 bytes
  a.InitBuffer(t1, 64);
  a.InitBufPool(sub, 512);
  sub.InitBuffer(t2, 32);
  const uintptr_t base =
      reinterpret_cast<uintptr_t>(t1.Get<uint8_t>().GetPhyAddr()) - t1.Get<uint8_t>().ref().offset;
  auto off = [&](const LocalTensor<uint8_t>& x) {
    return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(x.GetPhyAddr()) - base);
  };
  LocalTensor<uint8_t> q0 = q.AllocTensor<uint8_t>();
  LocalTensor<uint8_t> q1 = q.AllocTensor<uint8_t>();
  const uint32_t v[] = {
      off(q0), off(q1), q0.GetSize(), off(t1.Get<uint8_t>()), off(t2.Get<uint8_t>()), 0};
  q.FreeTensor(q0);
  q.FreeTensor(q1);
  a.Reset();
  TBuf<TPosition::VECCALC> t3;
  b.InitBuffer(t3, 32);  // the start of a's region again
  GlobalTensor<uint32_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(out), 8);
  for (int i = 0; i < 5; ++i) g.SetValue(i, v[i]);
  g.SetValue(5, off(t3.Get<uint8_t>()));
  const int64_t before = GetSystemCycle();
  Duplicate(t3.Get<int32_t>(), 1, 8);
  g.SetValue(6, static_cast<uint32_t>(GetSystemCycle() - before));
  DataCacheCleanAndInvalid<uint32_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(g);
}

class PoolSyncTest : public KernelTest {};

TEST_F(PoolSyncTest, PoolsCarveReuseAndReset) {
  DevBuf out(64);
  out.zero();
  ASSERT_EQ(asctwin::run(poolKernel, vec(1, "pool"), out.gm()), 0) << lastError();
  const auto v = out.download<uint32_t>(7);
  const uint32_t start = v[0];
  EXPECT_EQ(v[1], start + 128);  // 100 bytes rounded up to 32
  EXPECT_EQ(v[2], 128u);
  EXPECT_EQ(v[3], start + 256);
  EXPECT_EQ(v[4], start + 320);  // the sub-pool follows the TBuf
  EXPECT_EQ(v[5], start);        // b reuses a's bytes
  EXPECT_EQ(v[6], 1u);           // one instruction issued in between
}

__global__ __aicore__ void listKernel(GM_ADDR desc, GM_ADDR out) {
  ListTensorDesc list(reinterpret_cast<__gm__ void*>(desc));
  uint64_t shape[2] = {0, 0};
  TensorDesc<float> d;
  d.SetShapeAddr(shape);
  list.GetDesc(d, 1);
  GlobalTensor<uint64_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(out), 8);
  g.SetValue(0, list.GetSize());
  g.SetValue(1, d.GetDim());
  g.SetValue(2, d.GetShape(0));
  g.SetValue(3, d.GetShape(1));
  g.SetValue(4, reinterpret_cast<uintptr_t>(d.GetDataPtr()));
  g.SetValue(5, reinterpret_cast<uintptr_t>(list.GetDataPtr<float>(0)));
  g.SetValue(6, d.GetDataObj().GetSize());
  DataCacheCleanAndInvalid<uint64_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(g);
}

TEST_F(PoolSyncTest, ListTensorDescDecodesTheLayout) {
  // Two 2-D tensors: [offset][dim | count << 32][3][5][dim | 1 << 32][7][2][ptr0][ptr1]
  const uint64_t p0 = 0x1000, p1 = 0x2040;
  const std::vector<uint64_t> desc = {
      7 * 8, 2 | (uint64_t{2} << 32), 3, 5, 2 | (uint64_t{1} << 32), 7, 2, p0, p1};
  DevBuf d(desc.size() * 8), out(64);
  d.upload(desc);
  ASSERT_EQ(asctwin::run(listKernel, vec(1, "list"), d.gm(), out.gm()), 0) << lastError();
  const auto v = out.download<uint64_t>(7);
  EXPECT_EQ(v[0], 2u);
  EXPECT_EQ(v[1], 2u);
  EXPECT_EQ(v[2], 7u);
  EXPECT_EQ(v[3], 2u);
  EXPECT_EQ(v[4], p1);
  EXPECT_EQ(v[5], p0);
  EXPECT_EQ(v[6], 7u * 2u * sizeof(float));  // the reference's GetDataObj size
}

// Blocks 0..1 add 10 into GM and arrive; blocks 2..5 wait and read it.
__global__ __aicore__ void barrierKernel(GM_ADDR ws, GM_ADDR val, GM_ADDR out) {
  TPipe pipe;
  GroupBarrier<PipeMode::MTE3_MODE> bar(ws, 2, 4);
  GlobalTensor<int32_t> v, o;
  v.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(val), 8);
  o.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), 8);
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  const auto id = static_cast<uint32_t>(GetBlockIdx());
  if (id < 2) {
    LocalTensor<int32_t> t = b.Get<int32_t>();
    Duplicate(t, 10, 8);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    SetAtomicAdd<int32_t>();
    DataCopy(v, t, 8);
    SetAtomicNone();
    PipeBarrier<PIPE_MTE3>();
    bar.Arrive(id);
  } else {
    bar.Wait(id - 2);
    DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(v);
    o.SetValue(id, v.GetValue(0));
    DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(o);
  }
}

TEST_F(PoolSyncTest, GroupBarrierWaitersSeeEveryArrival) {
  for (auto mode : {asctwin::ExecMode::Fast, asctwin::ExecMode::Check}) {
    DevBuf ws(4 * 512 + 64), val(32), out(32);
    ws.zero();
    val.zero();
    out.zero();
    auto o = vec(6, "barrier");
    o.mode = mode;
    ASSERT_EQ(asctwin::run(barrierKernel, o, ws.gm(), val.gm(), out.gm()), 0) << lastError();
    const auto got = out.download<int32_t>(6);
    for (int i = 2; i < 6; ++i) EXPECT_EQ(got[i], 20) << i;
  }
}

struct ExtTranspose {
  struct Args {
    bool toNhwc;
  };
  static void run(const Ub& ub, const Args& p) {
    TransposeParamsExt tp(
        2, 3, 2, 8,
        p.toNhwc ? TransposeType::TRANSPOSE_NCHW2NHWC : TransposeType::TRANSPOSE_NHWC2NCHW);
    Transpose(ub.D<half>(), ub.A<half>(), ub.B<uint8_t>(), tp);
  }
};
class ExtTransposeTest : public IsaTest {};
TEST_F(ExtTransposeTest, NchwNhwcBothWays) {
  std::vector<half> a(96);
  for (int i = 0; i < 96; ++i) a[i] = half(static_cast<float>(i));
  for (bool toNhwc : {true, false}) {
    const auto d = valuesOf<half>(run<ExtTranspose>(bytesOf(a), {}, {}, {toNhwc}), 96);
    for (int n = 0; n < 2; ++n)
      for (int c = 0; c < 3; ++c)
        for (int i = 0; i < 16; ++i) {
          const int nchw = (n * 3 + c) * 16 + i, nhwc = (n * 16 + i) * 3 + c;
          EXPECT_EQ(static_cast<float>(d[toNhwc ? nhwc : nchw]),
                    static_cast<float>(a[toNhwc ? nchw : nhwc]));
        }
  }
}

}  // namespace
}  // namespace asctwin::isatest
