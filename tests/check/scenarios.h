// The atomics seed's three scenarios, correctly synchronised and each with
// one synchronisation removed or wrong, as kernels for the check-mode tests.
// Data: src0 = 0, src1 = 1, src2 = 1e16, src3 = -1e16 (8 floats each); the
// only accumulation order that gives 1.0 is src0, +src2, +src3, +src1.
#pragma once

#include "kernel_operator.h"

namespace check_scenarios {

using namespace AscendC;

constexpr uint32_t kLen = 8;  // 8 floats = one 32-byte block

enum class Variant : int32_t {
  Correct = 0,
  NoBarrierBetweenAtomics = 1,  // scenario 1: the atomic copies may reorder
  NoBarrierAfterInit = 2,       // scenario 1: the plain init copy races the atomic ones
  WrongBlock = 3,               // scenario 2: block 1 waits for block 2 instead of block 3
  NoMte3SBeforeSignal = 4,      // scenario 3: the flag goes up before the copy is done
};

// Scenario 1: one AIV; init copy, then three atomic adds in order 2, 3, 1.
__global__ __aicore__ inline void scenario1(GM_ADDR s0, GM_ADDR s1, GM_ADDR s2, GM_ADDR s3,
                                            GM_ADDR dst, int32_t variant) {
  const auto v = static_cast<Variant>(variant);
  GlobalTensor<float> g[4], out;
  GM_ADDR srcs[4] = {s0, s1, s2, s3};
  for (int i = 0; i < 4; ++i) g[i].SetGlobalBuffer(reinterpret_cast<__gm__ float*>(srcs[i]), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), kLen);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueue;
  pipe.InitBuffer(inQueue, 1, 4 * kLen * sizeof(float));
  LocalTensor<float> l = inQueue.AllocTensor<float>();
  for (int i = 0; i < 4; ++i) DataCopy(l[i * kLen], g[i], kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  DataCopy(out, l[0], kLen);
  if (v != Variant::NoBarrierAfterInit) PipeBarrier<PIPE_MTE3>();
  SetAtomicAdd<float>();
  DataCopy(out, l[2 * kLen], kLen);
  if (v != Variant::NoBarrierBetweenAtomics) PipeBarrier<PIPE_MTE3>();
  DataCopy(out, l[3 * kLen], kLen);
  if (v != Variant::NoBarrierBetweenAtomics) PipeBarrier<PIPE_MTE3>();
  DataCopy(out, l[1 * kLen], kLen);
  DisableDmaAtomic();
  inQueue.FreeTensor(l);
}

// Scenario 2: four AIVs in order 0 -> 2 -> 3 -> 1 with IBSet/IBWait.
// WrongBlock: block 1 waits for block 2 (which raises a second event for
// it) instead of block 3, so its +1 may land before block 3's -1e16.
__global__ __aicore__ inline void scenario2(GM_ADDR s0, GM_ADDR s1, GM_ADDR s2, GM_ADDR s3,
                                            GM_ADDR dst, GM_ADDR sync, int32_t variant) {
  const auto v = static_cast<Variant>(variant);
  const int64_t b = GetBlockIdx();
  GM_ADDR srcs[4] = {s0, s1, s2, s3};
  GlobalTensor<float> src, out;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(srcs[b]), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), kLen);
  GlobalTensor<int32_t> flags;
  flags.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sync), 2 * 4 * 8);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ, syncQ;
  pipe.InitBuffer(inQ, 1, kLen * sizeof(float));
  pipe.InitBuffer(syncQ, 1, 32);
  const int32_t waitFor[4] = {-1, v == Variant::WrongBlock ? 2 : 3, 0, 2};
  const int32_t waitEvent = v == Variant::WrongBlock && b == 1 ? 1 : 0;
  LocalTensor<float> l = inQ.AllocTensor<float>();
  LocalTensor<int32_t> s = syncQ.AllocTensor<int32_t>();
  if (waitFor[b] >= 0) IBWait(flags, s, waitFor[b], waitEvent);
  DataCopy(l, src, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  if (b != 0) SetAtomicAdd<float>();
  DataCopy(out, l, kLen);
  DisableDmaAtomic();
  if (b != 1) IBSet(flags, s, static_cast<int32_t>(b), 0);
  if (b == 2 && v == Variant::WrongBlock) IBSet(flags, s, 2, 1);
  inQ.FreeTensor(l);
  syncQ.FreeTensor(s);
}

// Scenario 3: four AICs through L1, GM flags polled with bypass-cache accesses.
__global__ __aicore__ inline void scenario3(GM_ADDR s0, GM_ADDR s1, GM_ADDR s2, GM_ADDR s3,
                                            GM_ADDR dst, GM_ADDR sync, int32_t variant) {
  const auto v = static_cast<Variant>(variant);
  const int64_t b = GetBlockIdx();
  GM_ADDR srcs[4] = {s0, s1, s2, s3};
  GlobalTensor<float> src, out;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(srcs[b]), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), kLen);
  auto* addr = reinterpret_cast<__gm__ int32_t*>(sync);
  LocalMemAllocator<Hardware::L1> l1;
  LocalTensor<float> l = l1.Alloc<float, kLen>();
  const int32_t waitFor[4] = {-1, 3, 0, 2};
  if (waitFor[b] >= 0) {
    while (true) {
      if (ReadGmByPassDCache<int32_t>(addr + waitFor[b] * 8) == 1) {
        WriteGmByPassDCache<int32_t>(addr + waitFor[b] * 8, 0);
        break;
      }
    }
    SetFlag<HardEvent::S_MTE2>(0);
    WaitFlag<HardEvent::S_MTE2>(0);
  }
  DataCopy(l, src, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  if (b != 0) SetAtomicAdd<float>();
  DataCopy(out, l, kLen);
  DisableDmaAtomic();
  if (b != 1) {
    if (v != Variant::NoMte3SBeforeSignal) {
      SetFlag<HardEvent::MTE3_S>(0);
      WaitFlag<HardEvent::MTE3_S>(0);
    }
    WriteGmByPassDCache<int32_t>(addr + b * 8, 1);
  }
}

}  // namespace check_scenarios
