// The L0C unit flags (Mmad / Fixpipe unitFlag, docs/cube.md): a kernel
// that hands C from M to FIX and back with unit flags only (no M_FIX, no
// FIX_M) is exact under every check-mode seed and clean under the checker;
// the same kernel without any hand-over is not (so the order really comes
// from the flags); and the misuses the reference warns about are refused
// with the fractal named (on the hardware the pipe would wait for ever) or
// reported as races.
#include "checker/checker_util.h"
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

constexpr uint32_t kM = 32, kN = 32, kChunk = 16, kRounds = 3, kChunks = 4;
constexpr uint32_t kK = kChunk * kChunks;

enum Variant : int32_t {
  kCorrect = 0,     // Mmad 2, 2, 2, 3; Fixpipe 3; next round's Mmads wait for it
  kNoHandOver,      // every unitFlag 0 and no flags: M and FIX race
  kSplitFixpipe,    // Fixpipe in two halves along N, each with unitFlag 3
  kFixpipeZero,     // Mmads 2 .. 3, one round, Fixpipe unitFlag 0 without M_FIX: a race
  kNoMmadFlag,      // Mmads 0, Fixpipe 3: it would wait for ever
  kNeverThree,      // Mmads all 2, Fixpipe 3: it would wait for ever
  kPartialFixpipe,  // Fixpipe moves rows 0-15 only: the next Mmad waits for ever on rows 16-31
  kPartialReset,    // the same, then SetFixPipeConfig(..., isUnitFlag = true) between rounds
};

// C_r = A x B for kRounds rounds into one L0C tile, A (kM x kK) and B^T
// (kN x kK) half, K accumulated in kChunks Mmads of kChunk; C_r to GM at
// c + r * kM * kN (ND, fp32).
__global__ __cube__ void roundsKernel(GM_ADDR a, GM_ADDR bt, GM_ADDR c, int32_t variant) {
  constexpr uint32_t frac = 256, m1 = kM / 16, n1 = kN / 16;
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), kM * kK);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(bt), kN * kK);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), kRounds * kM * kN);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<half> a1 = l1.Alloc<half>(kM * kK), b1 = l1.Alloc<half>(kN * kK);
  LocalTensor<half> a2 = l0a.Alloc<half>(kM * kK), b2 = l0b.Alloc<half>(kN * kK);
  LocalTensor<float> c1 = l0c.Alloc<float>(kM * kN);
  DataCopy(a1, ag, Nd2NzParams(1, kM, kK, 0, kK, kM, 1, 0));
  DataCopy(b1, bg, Nd2NzParams(1, kN, kK, 0, kK, kN, 1, 0));
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  // Nz column block kb holds fractals (mb, kb) in order: with one fractal
  // of K per chunk, chunk q's Zz (A) and Zn (B) are m1 / n1 consecutive
  // fractals.
  LoadData(a2, a1, LoadData2DParams(0, m1 * kChunks, 1, 0, 0, false, 0));
  LoadData(b2, b1, LoadData2DParams(0, n1 * kChunks, 1, 0, 0, false, 0));
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  const bool oneRound = variant == kFixpipeZero || variant == kNoMmadFlag || variant == kNeverThree;
  for (uint32_t r = 0; r < (oneRound ? 1 : kRounds); ++r) {
    for (uint32_t q = 0; q < kChunks; ++q) {
      uint8_t uf = q + 1 == kChunks ? 3 : 2;
      if (variant == kNoHandOver || variant == kNoMmadFlag) uf = 0;
      if (variant == kNeverThree) uf = 2;
      Mmad(c1, a2[q * m1 * frac], b2[q * n1 * frac],
           MmadParams(kM, kN, kChunk, uf, false, q == 0));  // @mmad
      PipeBarrier<PIPE_M>();  // (2 x 2 fractals < 10: accumulating Mmads need it)
    }
    if (variant == kFixpipeZero) {
      FixpipeParamsV220 fp(kN, kM, kM, kN, false);
      Fixpipe(cg, c1, fp);  // @fixpipe-zero
    } else if (variant == kSplitFixpipe) {
      for (uint32_t h = 0; h < 2; ++h) {
        FixpipeParamsV220 fp(kN / 2, kM, kM, kN, false);
        fp.unitFlag = 3;
        Fixpipe(cg[r * kM * kN + h * kN / 2], c1[h * (kN / 2) * kM], fp);
      }
    } else {
      const bool partial = variant == kPartialFixpipe || variant == kPartialReset;
      FixpipeParamsV220 fp(kN, partial ? 16 : kM, kM, kN, false);
      fp.unitFlag = variant == kNoHandOver ? 0 : 3;
      Fixpipe(cg[r * kM * kN], c1, fp);  // @fixpipe
      if (variant == kPartialReset) {
        // Clears every unit flag at once; the rest of L0C is the program's
        // to order again (FIX_M, as the reference's own example does).
        SetFlag<HardEvent::FIX_M>(EVENT_ID0);
        WaitFlag<HardEvent::FIX_M>(EVENT_ID0);
        SetFixPipeConfig<float>(c1, true);
      }
    }
  }
}

struct Inputs {
  std::vector<half> a, bT;
  std::vector<float> ref;  // one round's C
};

Inputs inputs() {
  Inputs in;
  in.a = asctwin::testing::randomValues<half>(size_t{kM} * kK, 11);
  in.bT = asctwin::testing::randomValues<half>(size_t{kN} * kK, 12);
  std::vector<float> bf(size_t{kK} * kN);
  for (uint32_t q = 0; q < kK; ++q)
    for (uint32_t j = 0; j < kN; ++j)
      bf[size_t{q} * kN + j] = static_cast<float>(in.bT[size_t{j} * kK + q]);
  in.ref = asctwin::testing::oracleMatmul(asctwin::testing::widen(in.a), bf, kM, kK, kN);
  return in;
}

// Runs a variant; returns the launch's status and C of every round.
int runRounds(const Inputs& in, int32_t variant, ExecMode mode, uint64_t seed,
              std::vector<float>* out) {
  DevBuf ag(in.a.size() * 2), bg(in.bT.size() * 2), cg(size_t{kRounds} * kM * kN * 4);
  ag.upload(in.a);
  bg.upload(in.bT);
  cg.zero();
  asctwin::LaunchOptions o = KernelTest::cube(1);
  o.mode = mode;
  o.seed = seed;
  const int rc = asctwin::run(roundsKernel, o, ag.gm(), bg.gm(), cg.gm(), variant);
  if (out != nullptr) *out = cg.download<float>(size_t{kRounds} * kM * kN);
  return rc;
}

bool roundsExact(const Inputs& in, const std::vector<float>& out, uint32_t rows = kM) {
  for (uint32_t r = 0; r < kRounds; ++r)
    for (uint32_t i = 0; i < rows * kN; ++i)
      if (asctwin::testing::floatBits(out[r * kM * kN + i]) !=
          asctwin::testing::floatBits(in.ref[i]))
        return false;
  return true;
}

class UnitFlagTest : public KernelTest {};

TEST_F(UnitFlagTest, TheFlagsAloneHandCOverExactlyUnderEverySeed) {
  const Inputs in = inputs();
  for (int32_t v : {kCorrect, kSplitFixpipe}) {
    std::vector<float> out;
    ASSERT_EQ(runRounds(in, v, ExecMode::Fast, 0, &out), 0) << lastError();
    EXPECT_TRUE(roundsExact(in, out)) << "fast, variant " << v;
    for (uint64_t seed = 0; seed < 40; ++seed) {
      ASSERT_EQ(runRounds(in, v, ExecMode::Check, seed, &out), 0) << lastError();
      ASSERT_TRUE(roundsExact(in, out)) << "variant " << v << " seed " << seed;
    }
  }
}

TEST_F(UnitFlagTest, WithoutTheFlagsSomeSeedGetsItWrong) {
  // The control: the same rounds with unitFlag 0 and no hand-over flags.
  const Inputs in = inputs();
  uint32_t wrong = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    std::vector<float> out;
    ASSERT_EQ(runRounds(in, kNoHandOver, ExecMode::Check, seed, &out), 0) << lastError();
    wrong += roundsExact(in, out) ? 0 : 1;
  }
  EXPECT_GT(wrong, 0u);
}

TEST_F(UnitFlagTest, TheCheckerOrdersTheFlagsAndSeesTheirAbsence) {
  const Inputs in = inputs();
  for (int32_t v : {kCorrect, kSplitFixpipe, kPartialReset}) {
    asctwin::checker::Session s(asctwin::checker::all);
    ASSERT_EQ(runRounds(in, v, ExecMode::Check, 1, nullptr), 0) << lastError();
    EXPECT_TRUE(s.findings().empty())
        << "variant " << v << ": " << asctwin::testing::dump(s.findings());
  }
  for (int32_t v : {kNoHandOver, kFixpipeZero}) {
    asctwin::checker::Session s(asctwin::checker::racecheck);
    ASSERT_EQ(runRounds(in, v, ExecMode::Check, 1, nullptr), 0) << lastError();
    const auto races = asctwin::testing::ofKind(s.findings(), "race-same-core");
    bool mFix = false;
    for (const auto& r : races) {
      const std::string pipes = r.first.pipe + "/" + r.second->pipe;
      mFix = mFix || pipes == "M/FIX" || pipes == "FIX/M";
    }
    EXPECT_TRUE(mFix) << "variant " << v << ": " << asctwin::testing::dump(s.findings());
  }
}

TEST_F(UnitFlagTest, AWaitNothingEndsIsRefusedNamingTheFractal) {
  const Inputs in = inputs();
  struct Case {
    int32_t variant;
    const char* text;
  };
  for (const Case& c : {Case{kNoMmadFlag, "Fixpipe with unitFlag 3 reads L0C fractal 0"},
                        Case{kNeverThree, "Fixpipe with unitFlag 3 reads L0C fractal 0"},
                        Case{kPartialFixpipe, "Mmad with unitFlag 2 writes L0C fractal 1"}})
    for (ExecMode mode : {ExecMode::Fast, ExecMode::Check}) {
      EXPECT_NE(runRounds(in, c.variant, mode, 0, nullptr), 0) << "variant " << c.variant;
      EXPECT_NE(lastError().find(c.text), std::string::npos)
          << "variant " << c.variant << ": " << lastError();
    }
  // The reset clears what the partial Fixpipe left: every round's rows
  // 0-15 are right.
  std::vector<float> out;
  ASSERT_EQ(runRounds(in, kPartialReset, ExecMode::Check, 3, &out), 0) << lastError();
  EXPECT_TRUE(roundsExact(in, out, 16));
}

}  // namespace
