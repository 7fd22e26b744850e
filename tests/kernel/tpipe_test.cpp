// TPipe as the real API defines it: Destroy() releases the pipe so another
// may follow on the core (the corpus's tpipe_reuse), the per-HardEvent pool
// of event ids (AllocEventID / ReleaseEventID / FetchEventID) that the queues
// draw from too, GetTPipePtr, event_t, TQueBind's events from its (src, dst)
// pair and TQueSync. Expected values come from the API reference (ids 0..7
// per event, lowest free first; queue events per data flow) and from scalar
// arithmetic on the inputs.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "kernel/observer.h"
#include "kernel_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

// The real values of the enumerations (basic_api common types, event_t).
static_assert(static_cast<int>(TPosition::GM) == 0 && static_cast<int>(TPosition::VECIN) == 9);
static_assert(TPosition::LCM == TPosition::VECCALC && TPosition::SHM == TPosition::SPM);
static_assert(static_cast<int>(TPosition::TSCM) == 13 &&
              static_cast<int>(TPosition::C2PIPE2GM) == 14 &&
              static_cast<int>(TPosition::MAX) == 16);
static_assert(EVENT_ID0 == 0 && EVENT_ID7 == 7 && event_t::EVENT_ID3 == 3);
static_assert(std::is_same_v<TEventID, int8_t> && INVALID_TEVENTID == -1);
// Queue events per data flow (API reference: the TQue / TQueBind pages).
static_assert(TQue<TPosition::VECIN, 1>::enQueEvt == HardEvent::MTE2_V);
static_assert(TQue<TPosition::VECIN, 1>::freeBufEvt == HardEvent::V_MTE2);
static_assert(TQue<TPosition::VECOUT, 1>::enQueEvt == HardEvent::V_MTE3);
static_assert(TQue<TPosition::VECOUT, 1>::freeBufEvt == HardEvent::MTE3_V);
static_assert(TQueBind<TPosition::VECIN, TPosition::VECOUT, 1>::enQueEvt == HardEvent::MTE2_MTE3);
static_assert(TQueBind<TPosition::VECIN, TPosition::VECOUT, 1>::freeBufEvt == HardEvent::MTE3_MTE2);
static_assert(TQue<TPosition::A1, 1>::enQueEvt == HardEvent::MTE2_MTE1);
static_assert(TQue<TPosition::CO1, 1>::enQueEvt == HardEvent::M_FIX);
static_assert(GetPosition(TPosition::VECOUT, TPosition::GM) == TPosition::VECOUT);
static_assert(GetBufferPos(TPosition::GM, TPosition::VECIN) == Hardware::UB);

namespace {

constexpr uint32_t kLen = 128;

// The corpus's tpipe_reuse: the same queue pipeline on two pipes in a row.
template <typename T>
__aicore__ inline void mulsThrough(__gm__ uint8_t* src, __gm__ uint8_t* dst, TPipe* pipe, T s) {
  GlobalTensor<T> in, out;
  in.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(src), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dst), kLen);
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  pipe->InitBuffer(inQ, 1, kLen * sizeof(T));
  pipe->InitBuffer(outQ, 1, kLen * sizeof(T));
  LocalTensor<T> x = inQ.AllocTensor<T>();
  DataCopy(x, in, kLen);
  inQ.EnQue(x);
  x = inQ.DeQue<T>();
  LocalTensor<T> y = outQ.AllocTensor<T>();
  Muls(y, x, s, kLen);
  outQ.EnQue<T>(y);
  inQ.FreeTensor(x);
  y = outQ.DeQue<T>();
  DataCopy(out, y, kLen);
  outQ.FreeTensor(y);
}

__global__ __aicore__ void twoPipes(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  TPipe pipe1;
  mulsThrough<float>(x, y, &pipe1, 3.0f);
  pipe1.Destroy();
  TPipe pipe2;
  mulsThrough<float>(y, z, &pipe2, 0.5f);
  pipe2.Destroy();
}

__global__ __aicore__ void twoLivePipes(GM_ADDR) {
  TPipe a;
  TPipe b;
}

// Writes what the pool reports, as int32 values, to out[0..].
__global__ __aicore__ void eventIds(GM_ADDR outGm) {
  GlobalTensor<int32_t> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(outGm), 16);
  TPipe pipe;
  int k = 0;
  out.SetValue(k++, GetTPipePtr() == &pipe ? 1 : 0);
  const TEventID a = pipe.AllocEventID<HardEvent::V_S>();
  const TEventID b = pipe.AllocEventID<HardEvent::V_S>();
  const TEventID fetched = pipe.FetchEventID<HardEvent::V_S>();
  const TEventID fetchedAgain = pipe.FetchEventID(HardEvent::V_S);
  out.SetValue(k++, a);
  out.SetValue(k++, b);
  out.SetValue(k++, fetched);
  out.SetValue(k++, fetchedAgain);
  pipe.ReleaseEventID<HardEvent::V_S>(a);
  out.SetValue(k++, pipe.AllocEventID<HardEvent::V_S>());     // the lowest free again: 0
  out.SetValue(k++, pipe.FetchEventID<HardEvent::MTE2_S>());  // another event's pool: 0
  // A VECIN queue holds one MTE2_V id from EnQue to DeQue.
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, 32);
  LocalTensor<int32_t> t = q.AllocTensor<int32_t>();
  q.EnQue(t);
  out.SetValue(k++, pipe.FetchEventID<HardEvent::MTE2_V>());  // 1: id 0 is the queue's
  t = q.DeQue<int32_t>();
  out.SetValue(k++, pipe.FetchEventID<HardEvent::MTE2_V>());  // 0 again
  q.FreeTensor(t);                                            // holds V_MTE2 id 0
  out.SetValue(k++, pipe.FetchEventID<HardEvent::V_MTE2>());  // 1
  const TEventID own = pipe.AllocEventID<HardEvent::V_S>();
  SetFlag<HardEvent::V_S>(own);
  WaitFlag<HardEvent::V_S>(own);
  pipe.ReleaseEventID<HardEvent::V_S>(own);
  pipe.Destroy();
  out.SetValue(k++, GetTPipePtr() == nullptr ? 1 : 0);
}

__global__ __aicore__ void exhaustPool(GM_ADDR) {
  TPipe pipe;
  for (int i = 0; i < 9; ++i) pipe.AllocEventID<HardEvent::MTE3_S>();
}

// VECIN -> VECOUT through one bound queue: MTE2 loads, MTE3 stores.
__global__ __aicore__ void boundQueue(GM_ADDR x, GM_ADDR y) {
  GlobalTensor<float> in, out;
  in.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), kLen);
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 2, kLen / 2 * sizeof(float));
  for (uint32_t h = 0; h < 2; ++h) {
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopy(t, in[h * kLen / 2], kLen / 2);
    q.EnQue(t);
    t = q.DeQue<float>();
    DataCopy(out[h * kLen / 2], t, kLen / 2);
    q.FreeTensor(t);
  }
}

// TQueSync<S, MTE3> orders a scalar write of UB before the copy that stores it.
__global__ __aicore__ void queSync(GM_ADDR y) {
  GlobalTensor<int32_t> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(y), 8);
  TPipe pipe;
  TBuf<> buf;  // the default position
  pipe.InitBuffer(buf, 32);
  LocalTensor<int32_t> t = buf.Get<int32_t>();
  for (int i = 0; i < 8; ++i) t.SetValue(i, 10 * i + 7);
  TQueSync<PIPE_S, PIPE_MTE3> sync;
  sync.SetFlag(EVENT_ID2);
  sync.WaitFlag(EVENT_ID2);
  DataCopy(out, t, 8);
}

class Events : public asctwin::kernel::InstrObserver {
 public:
  void onSync(const asctwin::kernel::CoreState&, const asctwin::kernel::SyncEvent& e) override {
    if (e.kind == asctwin::kernel::SyncKind::SetFlag) {
      sets.push_back(e.event);
      ids.push_back(e.id);
    }
    if (e.kind == asctwin::kernel::SyncKind::WaitFlag) waits.push_back(e.event);
  }
  std::vector<HardEvent> sets, waits;
  std::vector<int64_t> ids;
};

class TPipeTest : public KernelTest {};

TEST_F(TPipeTest, DestroyLetsASecondPipeFollow) {
  std::vector<float> x(kLen);
  for (uint32_t i = 0; i < kLen; ++i) x[i] = static_cast<float>(i) - 40.0f;
  for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
    DevBuf gx(kLen * 4), gy(kLen * 4), gz(kLen * 4);
    gx.upload(x);
    auto o = vec(1, "tpipe_reuse");
    o.mode = m;
    ASSERT_EQ(asctwin::run(twoPipes, o, gx.gm(), gy.gm(), gz.gm()), 0) << lastError();
    const auto y = gy.download<float>(kLen);
    const auto z = gz.download<float>(kLen);
    for (uint32_t i = 0; i < kLen; ++i) {
      EXPECT_EQ(y[i], x[i] * 3.0f);
      EXPECT_EQ(z[i], x[i] * 3.0f * 0.5f);
    }
  }
}

TEST_F(TPipeTest, ASecondLivePipeIsAnError) {
  DevBuf g(32);
  EXPECT_NE(asctwin::run(twoLivePipes, vec(1, "two"), g.gm()), 0);
  EXPECT_NE(lastError().find("a second TPipe on the same core"), std::string::npos) << lastError();
}

TEST_F(TPipeTest, EventIdPoolAndGetTPipePtr) {
  for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
    DevBuf g(16 * 4);
    g.zero();
    auto o = vec(1, "ids");
    o.mode = m;
    ASSERT_EQ(asctwin::run(eventIds, o, g.gm()), 0) << lastError();
    const auto v = g.download<int32_t>(11);
    const std::vector<int32_t> want = {1, 0, 1, 2, 2, 0, 0, 1, 0, 1, 1};
    EXPECT_EQ(v, want);
  }
}

TEST_F(TPipeTest, ExhaustedPoolIsAnError) {
  DevBuf g(32);
  EXPECT_NE(asctwin::run(exhaustPool, vec(1, "exhaust"), g.gm()), 0);
  EXPECT_NE(lastError().find("all 8 event ids"), std::string::npos) << lastError();
}

TEST_F(TPipeTest, BoundQueueSynchronisesMte2WithMte3) {
  std::vector<float> x(kLen);
  for (uint32_t i = 0; i < kLen; ++i) x[i] = 0.25f * static_cast<float>(i);
  for (uint64_t seed = 0; seed < 8; ++seed) {
    DevBuf gx(kLen * 4), gy(kLen * 4);
    gx.upload(x);
    Events ev;
    auto o = vec(1, "bind");
    o.mode = ExecMode::Check;
    o.seed = seed;
    ASSERT_EQ(asctwin::kernel::runObserved(&ev, boundQueue, o, gx.gm(), gy.gm()), 0) << lastError();
    EXPECT_EQ(gy.download<float>(kLen), x);
    EXPECT_NE(std::find(ev.sets.begin(), ev.sets.end(), HardEvent::MTE2_MTE3), ev.sets.end());
    EXPECT_NE(std::find(ev.sets.begin(), ev.sets.end(), HardEvent::MTE3_MTE2), ev.sets.end());
    EXPECT_EQ(std::find(ev.sets.begin(), ev.sets.end(), HardEvent::MTE2_V), ev.sets.end());
  }
}

TEST_F(TPipeTest, TQueSyncIsTheFlagOfItsPipePair) {
  for (uint64_t seed = 0; seed < 8; ++seed) {
    DevBuf g(32);
    Events ev;
    auto o = vec(1, "quesync");
    o.mode = ExecMode::Check;
    o.seed = seed;
    ASSERT_EQ(asctwin::kernel::runObserved(&ev, queSync, o, g.gm()), 0) << lastError();
    ASSERT_EQ(ev.sets.size(), 1u);
    EXPECT_EQ(ev.sets[0], HardEvent::S_MTE3);
    EXPECT_EQ(ev.ids[0], 2);
    ASSERT_EQ(ev.waits.size(), 1u);
    EXPECT_EQ(ev.waits[0], HardEvent::S_MTE3);
    const auto v = g.download<int32_t>(8);
    for (int i = 0; i < 8; ++i) EXPECT_EQ(v[i], 10 * i + 7);
  }
}

}  // namespace
