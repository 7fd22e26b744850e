// Cube resource groups (asctwin/kernel/cube_resgroup.h) with the reference
// pages' worked example as a kernel: AIVs post matmul messages to the AICs
// of a group, some merged (one VALID message with skipCnt 3, three FAKE ones
// the AIC frees without running), every queue quits at the end. The AICs
// compute with the basic API; the AIVs copy their tiles out after Wait. The
// result is held against a scalar oracle in fast mode and under check-mode
// seeds; the checker is clean on it and reports planted misuse; hangs are
// reported as deadlocks naming what waits; bad input fails with the rule.
#include <string>

#include "checker/checker_util.h"
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::LaunchOptions;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

constexpr uint32_t kK = 32;      // k of every tile (A tile 16 x 32, B^T 16 x 32)
constexpr uint32_t kGroups = 4;  // mix groups of the launch: AICs 0..3, AIVs 0..7
constexpr uint32_t kQueues = 8;  // one per AIV
constexpr uint32_t kRounds = 6;  // messages per queue: the ring of 4 slots wraps
constexpr uint8_t kBlockStart = 2, kBlockSize = 4;  // the group: AICs 1 and 2, 4 queues each
constexpr uint32_t kTiles = kRounds * kQueues;      // tile r * 8 + q: round r of queue q

// Planted misuse (bits of `variant`).
constexpr int32_t kMerge = 1;            // round 0: queues 1-3 and 5-7 merge into 0 and 4
constexpr int32_t kNoAivSync = 2;        // the AIV reads C after Wait without S -> MTE2
constexpr int32_t kNoAicBarrier = 4;     // the AIC frees before its Fixpipe is done
constexpr int32_t kNoQuitQueue5 = 8;     // queue 5 never calls SetQuit
constexpr int32_t kNeverFreeTile9 = 16;  // the AIC never frees the message of tile 9
constexpr int32_t kMte3Mode = 32;        // messages written by MTE3 (PipeMode::MTE3_MODE)

struct TileMsg {  // 64 bytes, the head first
  CubeGroupMsgHead head;
  uint8_t funcId;  // 0: one tile; 1: this tile and the next skipCnt queues' tiles
  uint8_t skipCnt;
  uint32_t tile;
  uint8_t reserved[56];
};
static_assert(sizeof(TileMsg) == 64);

struct TileTiling {  // what Init reads from the tiling address
  uint64_t a, bT, c;
  int32_t variant;
};

// The AIC's compute object: C rows of `tiles` consecutive tiles = A rows x B.
struct TileMatmul {
  __gm__ half* a = nullptr;
  __gm__ half* bT = nullptr;
  __gm__ float* c = nullptr;
  int32_t variant = 0;
  void run(uint32_t tile, uint32_t tiles) {
    const uint32_t m = 16 * tiles, k1 = kK / 16;
    GlobalTensor<half> ag, bg;
    GlobalTensor<float> cg;
    ag.SetGlobalBuffer(a + uint64_t{tile} * 16 * kK, m * kK);
    bg.SetGlobalBuffer(bT, 16 * kK);
    cg.SetGlobalBuffer(c + uint64_t{tile} * 256, m * 16);
    LocalMemAllocator<Hardware::L1> l1;
    LocalMemAllocator<Hardware::L0A> l0a;
    LocalMemAllocator<Hardware::L0B> l0b;
    LocalMemAllocator<Hardware::L0C> l0c;
    LocalTensor<half> a1 = l1.Alloc<half>(m * kK);
    LocalTensor<half> b1 = l1.Alloc<half>(16 * kK);
    LocalTensor<half> a2 = l0a.Alloc<half>(m * kK);
    LocalTensor<half> b2 = l0b.Alloc<half>(16 * kK);
    LocalTensor<float> c1 = l0c.Alloc<float>(m * 16);
    DataCopy(a1, ag,
             Nd2NzParams(1, static_cast<uint16_t>(m), kK, 0, kK, static_cast<uint16_t>(m), 1, 0));
    DataCopy(b1, bg, Nd2NzParams(1, 16, kK, 0, kK, 16, 1, 0));
    SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    for (uint32_t mb = 0; mb < tiles; ++mb)
      LoadData(a2[mb * k1 * 256], a1[mb * 256],
               LoadData2DParams(0, static_cast<uint8_t>(k1), static_cast<uint16_t>(tiles), 0, 0,
                                false, 0));
    LoadData(b2, b1, LoadData2DParams(0, static_cast<uint8_t>(k1), 1, 0, 0, false, 0));
    SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
    WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
    Mmad(c1, a2, b2, MmadParams(static_cast<uint16_t>(m), 16, kK, 0, false, true));
    SetFlag<HardEvent::M_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
    FixpipeParamsV220 fp(16, static_cast<uint16_t>(m), static_cast<uint16_t>(m), 16, false);
    fp.quantPre = QuantMode_t::NoQuant;
    Fixpipe(cg, c1, fp);
    // The tile is in GM before the message is freed (the AIV reads it then).
    if ((variant & kNoAicBarrier) == 0) PipeBarrier<PIPE_ALL>();
  }
};

// The callback of the reference's example: funcId 0 runs and frees one
// message; funcId 1 runs the merged tiles, frees its own message and the
// skipCnt FAKE ones after it, and skips them.
template <class MatmulApiCfg, class CubeMsgBody>
struct TileCallback {
  static void Call(MatmulApiCfg& mm, __gm__ CubeMsgBody* rcvMsg,
                   CubeResGroupHandle<CubeMsgBody>& handle) {
    const uint32_t tile = rcvMsg->tile;
    const uint8_t skip = rcvMsg->skipCnt;
    mm.run(tile, 1u + skip);
    if ((mm.variant & kNeverFreeTile9) != 0 && tile == 9) return;
    if (rcvMsg->funcId == 1) {
      handle.FreeMessage(rcvMsg, CubeMsgState::VALID);
      for (uint32_t i = 1; i <= skip; ++i) handle.FreeMessage(rcvMsg + i, CubeMsgState::FAKE);
      handle.SetSkipMsg(skip);
    } else {
      handle.FreeMessage(rcvMsg);
    }
  }
  static void Init(TileCallback<MatmulApiCfg, CubeMsgBody>&, MatmulApiCfg& mm, GM_ADDR tilingGM) {
    const auto* t = reinterpret_cast<const TileTiling*>(tilingGM);
    mm.a = reinterpret_cast<__gm__ half*>(t->a);
    mm.bT = reinterpret_cast<__gm__ half*>(t->bT);
    mm.c = reinterpret_cast<__gm__ float*>(t->c);
    mm.variant = t->variant;
  }
};

template <PipeMode mode>
void aivRounds(CubeResGroupHandle<TileMsg>& handle, GM_ADDR c, GM_ADDR out, int32_t variant) {
  const auto q = static_cast<uint32_t>(GetBlockIdx());
  handle.AssignQueue(static_cast<uint8_t>(q));
  GlobalTensor<float> cg, og;
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), kTiles * 256);
  og.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), kTiles * 256);
  LocalTensor<float> u(TPosition::VECCALC, 0, 256);
  for (uint32_t r = 0; r < kRounds; ++r) {
    const uint32_t tile = r * kQueues + q;
    const bool merged = (variant & kMerge) != 0 && r == 0;
    uint16_t offset;
    if (merged && q % 4 != 0) {
      offset = handle.PostFakeMsg(handle.AllocMessage());
    } else {
      TileMsg m{};
      m.head = CubeGroupMsgHead{CubeMsgState::VALID, static_cast<uint8_t>(q % 4)};
      m.funcId = merged ? 1 : 0;
      m.skipCnt = merged ? 3 : 0;
      m.tile = tile;
      offset = handle.template PostMessage<mode>(handle.template AllocMessage<mode>(), m);
      if constexpr (mode == PipeMode::MTE3_MODE) {
        // The copy is in flight when PostMessage returns; Wait reads the
        // state with the scalar unit, which could see the slot still FREE.
        const int32_t e = GetTPipePtr()->FetchEventID(HardEvent::MTE3_S);
        SetFlag<HardEvent::MTE3_S>(e);
        WaitFlag<HardEvent::MTE3_S>(e);
      }
    }
    handle.Wait(offset);
    if ((variant & kNoAivSync) == 0) {  // the tile was seen by the scalar unit; MTE2 reads it
      SetFlag<HardEvent::S_MTE2>(EVENT_ID0);
      WaitFlag<HardEvent::S_MTE2>(EVENT_ID0);
    }
    DataCopy(u, cg[tile * 256], 256);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(og[tile * 256], u, 256);
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
  }
  if ((variant & kNoQuitQueue5) != 0 && q == 5) return;
  handle.SetQuit(handle.AllocMessage());
}

__global__ __mix__(1, 2) void groupKernel(GM_ADDR ws, GM_ADDR tiling, GM_ADDR c, GM_ADDR out,
                                          int32_t variant) {
  TPipe pipe;
  KfcWorkspace desc(ws);
  auto handle = CreateCubeResGroup<1, TileMatmul, TileCallback, TileMsg>(
      desc, kBlockStart, kBlockSize, static_cast<uint8_t>(kQueues), tiling);
  if ASCEND_IS_AIV {
    if ((variant & kMte3Mode) != 0) {
      aivRounds<PipeMode::MTE3_MODE>(handle, c, out, variant);
    } else {
      aivRounds<PipeMode::SCALAR_MODE>(handle, c, out, variant);
    }
  }
}

class ResGroupTest : public KernelTest {
 protected:
  // Inputs, the oracle (C tile t = A tile t x B, ordered fma), buffers.
  std::vector<half> a = asctwin::testing::randomValues<half>(size_t{kTiles} * 16 * kK, 11);
  std::vector<half> bT = asctwin::testing::randomValues<half>(size_t{16} * kK, 12);
  DevBuf ag{a.size() * 2}, bg{bT.size() * 2}, cg{size_t{kTiles} * 256 * 4},
      og{size_t{kTiles} * 256 * 4}, ws{64 * 1024}, tg{sizeof(TileTiling)};

  std::vector<float> oracle() const {
    std::vector<float> bf(size_t{kK} * 16);
    for (uint32_t kk = 0; kk < kK; ++kk)
      for (uint32_t j = 0; j < 16; ++j) bf[kk * 16 + j] = static_cast<float>(bT[j * kK + kk]);
    return asctwin::testing::oracleMatmul(asctwin::testing::widen(a), bf, kTiles * 16, kK, 16);
  }
  int run(int32_t variant, ExecMode mode = ExecMode::Fast, uint64_t seed = 0) {
    ag.upload(a);
    bg.upload(bT);
    cg.zero();
    og.zero();
    ws.zero();  // the message areas start FREE (the pages: the workspace is cleared)
    const TileTiling t{reinterpret_cast<uint64_t>(ag.gm()), reinterpret_cast<uint64_t>(bg.gm()),
                       reinterpret_cast<uint64_t>(cg.gm()), variant};
    tg.upload(std::vector<TileTiling>{t});
    LaunchOptions o = mix(kGroups, "resgroup");
    o.mode = mode;
    o.seed = seed;
    return asctwin::run(groupKernel, o, ws.gm(), tg.gm(), cg.gm(), og.gm(), variant);
  }
  void expectOracle(const std::string& what) {
    const std::vector<float> want = oracle();
    const std::vector<float> got = og.download<float>(want.size());
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(asctwin::testing::floatBits(got[i]), asctwin::testing::floatBits(want[i]))
          << what << ": element " << i << " (tile " << i / 256 << ")";
  }
};

TEST_F(ResGroupTest, TheWorkedExampleGivesTheOracleInFastMode) {
  for (int32_t variant : {0, kMerge, kMte3Mode, kMerge | kMte3Mode}) {
    ASSERT_EQ(run(variant), 0) << "variant " << variant << ": " << lastError();
    expectOracle("variant " + std::to_string(variant));
  }
}

TEST_F(ResGroupTest, TheWorkedExampleGivesTheOracleUnderCheckModeSeeds) {
  for (uint64_t seed = 0; seed < 48; ++seed) {
    const int32_t variant = seed % 2 == 0 ? kMerge : kMerge | kMte3Mode;
    ASSERT_EQ(run(variant, ExecMode::Check, seed), 0) << "seed " << seed << ": " << lastError();
    expectOracle("seed " + std::to_string(seed));
  }
}

TEST_F(ResGroupTest, TheMessagesLieWhereTheLayoutSays) {
  // After the run every queue's slot (kRounds % 4) holds its QUIT message:
  // AIC a of the group (a = 0, 1) owns 4 rows of 4 messages from
  // ws + a * 16 * 64; queue q is column q % 4 of AIC q / 4; slot s is row s.
  ASSERT_EQ(run(kMerge), 0) << lastError();
  const auto bytes = ws.download<uint8_t>(2 * 16 * 64 + 64);
  for (uint32_t q = 0; q < kQueues; ++q) {
    const size_t at = ((q / 4) * 16 + (kRounds % 4) * 4 + q % 4) * 64;
    EXPECT_EQ(bytes[at], static_cast<uint8_t>(CubeMsgState::QUIT)) << "queue " << q;
    EXPECT_EQ(bytes[at + 1], q % 4) << "queue " << q << ": aivID";
  }
  // Nothing past the group's area (2 AICs x 16 messages).
  for (size_t i = 2 * 16 * 64; i < bytes.size(); ++i) ASSERT_EQ(bytes[i], 0) << "byte " << i;
}

// SCALAR_MODE only: the checker orders cores through scalar flag writes, so
// MTE3_MODE messages (the state byte written by a copy) show up as
// race-cross-core on the state bytes (docs/cube-groups.md).
TEST_F(ResGroupTest, TheCheckerIsCleanOnCorrectUse) {
  asctwin::checker::Session s(asctwin::checker::racecheck | asctwin::checker::synccheck |
                              asctwin::checker::initcheck);
  ASSERT_EQ(run(kMerge), 0) << lastError();
  EXPECT_TRUE(s.findings().empty()) << asctwin::testing::dump(s.findings());
}

TEST_F(ResGroupTest, TheCheckerReportsAMissingSyncOnEitherSide) {
  for (int32_t planted : {kNoAivSync, kNoAicBarrier}) {
    asctwin::checker::Session s(asctwin::checker::racecheck);
    ASSERT_EQ(run(kMerge | planted), 0) << lastError();
    EXPECT_FALSE(asctwin::testing::ofKind(s.findings(), "race-cross-core").empty())
        << "planted " << planted << "\n"
        << asctwin::testing::dump(s.findings());
  }
}

TEST_F(ResGroupTest, AQueueThatNeverQuitsIsADeadlockNamingIt) {
  EXPECT_NE(run(kNoQuitQueue5), 0);
  EXPECT_NE(lastError().find("deadlock"), std::string::npos) << lastError();
  EXPECT_NE(lastError().find("message or SetQuit of queue 5"), std::string::npos) << lastError();
}

TEST_F(ResGroupTest, AMessageNeverFreedIsADeadlockNamingIt) {
  EXPECT_NE(run(kNeverFreeTile9, ExecMode::Check, 3), 0);
  EXPECT_NE(lastError().find("deadlock"), std::string::npos) << lastError();
  // Tile 9 is round 1 of queue 1: its slot 1.
  EXPECT_NE(lastError().find("Wait (waits until the AIC frees slot 1 of queue 1)"),
            std::string::npos)
      << lastError();
}

// The constructor page's figure: blockStart 4 and blockSize 4 are AICs 2
// and 3; 10 queues give each 5, 11 give 6 and 5 (the last AIC the rest).
// Each of the AIVs 0 .. queues-1 posts one message on its own queue; the AIC
// that runs it writes its block index into the queue's slot of `served`.
template <class M, class Msg>
struct RecordingCallback {
  static void Call(M& served, __gm__ Msg* msg, CubeResGroupHandle<Msg>& h) {
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer(served.at + msg->tile * 8, 8);
    g.SetValue(0, static_cast<int32_t>(GetBlockIdx()));
    DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(g);
    h.FreeMessage(msg);
  }
  static void Init(RecordingCallback<M, Msg>&, M& served, GM_ADDR tiling) {
    served.at = reinterpret_cast<__gm__ int32_t*>(tiling);
  }
};
struct Served {
  __gm__ int32_t* at = nullptr;
};
__global__ __mix__(1, 2) void figureKernel(GM_ADDR ws, GM_ADDR served, int32_t queues) {
  TPipe pipe;
  KfcWorkspace desc(ws);
  auto h = CreateCubeResGroup<2, Served, RecordingCallback, TileMsg>(
      desc, 4, 4, static_cast<uint8_t>(queues), served);
  if ASCEND_IS_AIC
    return;
  const auto q = static_cast<uint32_t>(GetBlockIdx());
  if (q >= static_cast<uint32_t>(queues)) return;
  h.AssignQueue(static_cast<uint8_t>(q));
  TileMsg m{};
  m.head = CubeGroupMsgHead{CubeMsgState::VALID, 0};
  m.tile = q;
  h.Wait(h.PostMessage(h.AllocMessage(), m));
  h.SetQuit(h.AllocMessage());
}

TEST_F(ResGroupTest, QueuesGoToTheAicsAsTheConstructorPageShows) {
  for (int32_t queues : {10, 11}) {
    DevBuf served(size_t{11} * 32);
    served.zero();
    ws.zero();
    ASSERT_EQ(asctwin::run(figureKernel, mix(6, "figure"), ws.gm(), served.gm(), queues), 0)
        << lastError();
    const auto got = served.download<int32_t>(11 * 8);
    const int32_t perAic = queues == 10 ? 5 : 6;
    for (int32_t q = 0; q < queues; ++q)
      EXPECT_EQ(got[q * 8], 2 + q / perAic) << queues << " queues, queue " << q;
  }
}

// --- bad input ------------------------------------------------------------------------------

// Frees every message at once.
template <class M, class Msg>
struct FreeingCallback {
  static void Call(M&, __gm__ Msg* msg, CubeResGroupHandle<Msg>& h) { h.FreeMessage(msg); }
  static void Init(FreeingCallback<M, Msg>&, M&, GM_ADDR) {}
};
struct NoCompute {};

// Each case (launched on 3 mix groups: 3 AICs, 6 AIVs) misuses one rule;
// the group is AICs 0 and 1 with 4 queues unless the case changes it; the
// AIVs quit so that nothing hangs first.
__global__ __mix__(1, 2) void misuseKernel(GM_ADDR ws, int32_t which) {
  TPipe pipe;
  KfcWorkspace desc(ws);
  const uint8_t start = which == 0 ? 1 : 0;
  const uint8_t size = which == 1 ? 10 : which == 3 ? 6 : 4;
  const uint8_t queues = which == 2 ? 9 : 4;
  auto h = CreateCubeResGroup<1, NoCompute, FreeingCallback, TileMsg>(desc, start, size, queues,
                                                                      nullptr);
  if ASCEND_IS_AIC {
    if (which == 9 && GetBlockIdx() < 2) h.SetSkipMsg(4);
    return;
  }
  const auto q = static_cast<uint8_t>(GetBlockIdx());
  if (q >= queues) return;
  if (which == 4 && q == 0) h.AssignQueue(4);
  if (which == 5 && q == 0) h.AllocMessage();
  h.AssignQueue(q);
  TileMsg m{};
  m.head = CubeGroupMsgHead{CubeMsgState::VALID, 0};
  if (which == 6 && q == 0) h.PostMessage(h.AllocMessage() + 1, m);
  if (which == 7 && q == 0) {
    auto* slot = h.AllocMessage();
    h.PostMessage(slot, m);
    h.Wait(0);
    h.PostMessage(slot, m);
  }
  if (which == 8 && q == 0) {
    m.head.msgState = CubeMsgState::FREE;
    h.PostMessage(h.AllocMessage(), m);
  }
  if (which == 10 && q == 0) h.Wait(3);
  if (which == 11 && q == 0)
    h.PostMessage<PipeMode::SCALAR_MODE>(h.AllocMessage<PipeMode::MTE3_MODE>(), m);
  h.SetQuit(h.AllocMessage());
}

template <class M, class Msg>
struct FreeWrongCallback {
  static void Call(M&, __gm__ Msg* msg, CubeResGroupHandle<Msg>& h) {
    h.FreeMessage(msg, CubeMsgState::QUIT);
  }
  static void Init(FreeWrongCallback<M, Msg>&, M&, GM_ADDR) {}
};
__global__ __mix__(1, 2) void freeWrongKernel(GM_ADDR ws) {
  TPipe pipe;
  KfcWorkspace desc(ws);
  auto h = CreateCubeResGroup<1, NoCompute, FreeWrongCallback, TileMsg>(desc, 0, 2, 2, nullptr);
  if ASCEND_IS_AIC
    return;
  h.AssignQueue(static_cast<uint8_t>(GetBlockIdx()));
  TileMsg m{};
  m.head = CubeGroupMsgHead{CubeMsgState::VALID, 0};
  h.Wait(h.PostMessage(h.AllocMessage(), m));
}

__global__ __vector__ void vectorOnlyKernel(GM_ADDR ws) {
  TPipe pipe;
  KfcWorkspace desc(ws);
  CreateCubeResGroup<1, NoCompute, FreeingCallback, TileMsg>(desc, 0, 2, 1, nullptr);
}

TEST_F(ResGroupTest, BadInputFailsWithTheRule) {
  struct Case {
    int32_t which;
    const char* rule;
  };
  const Case cases[] = {
      {0, "must be even"},
      {1, "exceed the launch's 3 AIC cores"},
      {2, "msgQueueSize 9 must be in [1, 6]"},
      {3, "4 queues over 3 AICs give each AIC 2 and leave the last one none"},
      {4, "queue 4 is not below msgQueueSize 4"},
      {5, "AllocMessage before AssignQueue"},
      {6, "is not a slot of queue 0"},
      {7, "was not allocated (AllocMessage first) or was posted already"},
      {8, "head.msgState is FREE"},
      {9, "passes the row's 2 queues"},
      {10, "offset 3 is not one of this queue's slots"},
      {11, "allocated with AllocMessage<MTE3_MODE>"},
  };
  for (const Case& cs : cases) {
    ws.zero();
    EXPECT_NE(asctwin::run(misuseKernel, mix(3, "misuse"), ws.gm(), cs.which), 0) << cs.which;
    EXPECT_NE(lastError().find(cs.rule), std::string::npos)
        << "case " << cs.which << ": " << lastError();
  }
  ws.zero();
  EXPECT_NE(asctwin::run(freeWrongKernel, mix(1, "free"), ws.gm()), 0);
  EXPECT_NE(lastError().find("waitState must be VALID or FAKE, not QUIT"), std::string::npos)
      << lastError();
  EXPECT_NE(asctwin::run(vectorOnlyKernel, vec(2, "vec"), ws.gm()), 0);
  EXPECT_NE(lastError().find("needs a mix kernel"), std::string::npos) << lastError();
}

}  // namespace
