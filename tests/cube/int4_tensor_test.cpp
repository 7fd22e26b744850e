// int4b_t tensors in the own front end (docs/cube.md "int4"): an int4
// matmul written with the basic API on LocalTensor<int4b_t> /
// GlobalTensor<int4b_t> (DataCopy with Nd2NzParams in bytes, LoadData 2-D
// or 3-D, LoadDataWithTranspose, Mmad, Fixpipe of the int32 result) against
// the plain integer product of the unpacked values, at sizes that are no
// multiples of the fractals; the tensors' element counts, byte sizes and
// sub-tensor offsets against the reference's rules (two elements a byte,
// element 2i in the low nibble: "6 and 7 make 118"); the refusals; check
// mode and the checker.

#include "checker/checker_util.h"
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::ceilDiv;
using asctwin::testing::DevBuf;
using asctwin::testing::int4Values;
using asctwin::testing::KernelTest;
using asctwin::testing::packInt4;

namespace {

constexpr uint32_t kC0 = 64;      // int4 elements in a 32-byte fractal row
constexpr uint32_t kFrac = 1024;  // int4 elements in a 512-byte fractal

enum APath : int32_t { kALoad2d = 0, kAImg2col };
// B^T (n x k) through the 2-D load, or B (k x n, n a multiple of 64)
// through LoadDataWithTranspose.
enum BPath : int32_t { kBtLoad2d = 0, kBTranspose };
enum Fault : int32_t {
  kNone = 0,
  kOddK,             // Mmad with an odd k
  kTransposeToL0A,   // LoadDataWithTranspose of int4b_t into L0A
  kImg2colToL0B,     // LoadData 3-D of int4b_t into L0B
  kNoMte1MHandOver,  // the loads and the Mmad without MTE1_M
};

// C (m x n, int32) = A (m x k) x B, A and B int4b_t in GM, k even.
__global__ __cube__ void int4MatmulKernel(GM_ADDR a, GM_ADDR b, GM_ADDR c, uint32_t m, uint32_t k,
                                          uint32_t n, int32_t aPath, int32_t bPath, int32_t fault) {
  const uint32_t m1 = ceilDiv(m, 16), n1 = ceilDiv(n, 16), k1 = ceilDiv(k, kC0);
  const uint32_t mPad = m1 * 16, nPad = n1 * 16, kPad = k1 * kC0;
  const bool bGiven = bPath == kBTranspose;
  const uint32_t bRows = bGiven ? k : n, bCols = bGiven ? n : k;
  GlobalTensor<int4b_t> ag, bg;
  GlobalTensor<int32_t> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ int4b_t*>(a), m * k);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ int4b_t*>(b), bRows * bCols);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(c), m * n);
  TPipe pipe;
  TQue<TPosition::A1, 1> qa;
  TQue<TPosition::B1, 1> qb;
  TBuf<TPosition::A2> l0a;
  TBuf<TPosition::B2> l0b;
  TBuf<TPosition::CO1> l0c;
  pipe.InitBuffer(qa, 1, mPad * kPad / 2);
  pipe.InitBuffer(qb, 1, kPad * nPad / 2);
  pipe.InitBuffer(l0a, mPad * kPad / 2);
  pipe.InitBuffer(l0b, kPad * nPad / 2);
  pipe.InitBuffer(l0c, mPad * nPad * 4);

  // GM -> L1: the Nz tiles zeroed first (ND -> NZ writes only the rows it
  // is given; MTE2 may reorder, so a barrier), then ND -> NZ with every
  // parameter in bytes (b4 as b8).
  LocalTensor<int4b_t> a1 = qa.AllocTensor<int4b_t>(), b1 = qb.AllocTensor<int4b_t>();
  for (LocalTensor<int4b_t>* t : {&a1, &b1}) {
    const auto blocks = static_cast<uint16_t>(t->GetSize() / kC0);
    InitConstValue(t->ReinterpretCast<half>(),
                   InitConstValueParams<half>(1, blocks, 0, half(0.0f)));
  }
  PipeBarrier<PIPE_MTE2>();
  DataCopy(a1, ag,
           Nd2NzParams(1, static_cast<uint16_t>(m), static_cast<uint16_t>(k / 2), 0,
                       static_cast<uint16_t>(k / 2), static_cast<uint16_t>(mPad), 1, 0));
  DataCopy(b1, bg,
           Nd2NzParams(1, static_cast<uint16_t>(bRows), static_cast<uint16_t>(bCols / 2), 0,
                       static_cast<uint16_t>(bCols / 2),
                       static_cast<uint16_t>(bGiven ? kPad : nPad), 1, 0));
  qa.EnQue(a1);
  qb.EnQue(b1);
  a1 = qa.DeQue<int4b_t>();
  b1 = qb.DeQue<int4b_t>();

  // L1 -> L0A (Zz) and L0B (Zn); offsets in int4 elements.
  LocalTensor<int4b_t> a2 = l0a.Get<int4b_t>(), b2 = l0b.Get<int4b_t>();
  LoadData3DParamsV2<int4b_t> im2col;  // A's Nz is a 1 x m feature map of kPad channels
  im2col.l1H = 1;
  im2col.l1W = static_cast<uint16_t>(m);
  im2col.channelSize = static_cast<uint16_t>(kPad);
  im2col.kExtension = static_cast<uint16_t>(kPad);
  im2col.mExtension = static_cast<uint16_t>(m);
  if (aPath == kAImg2col) {
    LoadData(a2, a1, im2col);
  } else {
    for (uint32_t mb = 0; mb < m1; ++mb)
      LoadData(
          a2[mb * k1 * kFrac], a1[mb * kFrac],
          LoadData2DParams(0, static_cast<uint8_t>(k1), static_cast<uint16_t>(m1), 0, 0, false, 0));
  }
  if (bGiven) {
    // Square (kq, c): 64 k x 64 n of Nz column block c -> Zn fractals (kq, 4c .. 4c + 3).
    for (uint32_t kq = 0; kq < k1; ++kq)
      LoadDataWithTranspose(
          b2[kq * n1 * kFrac], b1,
          LoadData2dTransposeParams(static_cast<uint16_t>(kq), static_cast<uint8_t>(n / kC0),
                                    static_cast<uint16_t>(k1), 3, 0));
  } else {
    LoadData(b2, b1, LoadData2DParams(0, static_cast<uint8_t>(k1 * n1), 1, 0, 0, false, 0));
  }
  if (fault == kTransposeToL0A)
    LoadDataWithTranspose(a2, a1, LoadData2dTransposeParams(0, 1, 1, 0, 0));
  if (fault == kImg2colToL0B) LoadData(b2, a1, im2col);
  qa.FreeTensor(a1);
  qb.FreeTensor(b1);
  if (fault != kNoMte1MHandOver) {
    SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
    WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  }
  LocalTensor<int32_t> c1 = l0c.Get<int32_t>();
  Mmad(c1, a2, b2,
       MmadParams(static_cast<uint16_t>(m), static_cast<uint16_t>(n),
                  static_cast<uint16_t>(fault == kOddK ? k - 1 : k), 0, false, true));
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  Fixpipe(cg, c1,
          FixpipeParamsV220(static_cast<uint16_t>(n), static_cast<uint16_t>(m),
                            static_cast<uint16_t>(mPad), n, false));
}

struct Case {
  uint32_t m, k, n;
  int32_t aPath, bPath;
};

struct MatmulRun {
  int rc;
  std::vector<int32_t> out, ref;
};

MatmulRun runMatmul(const Case& s, int32_t fault = kNone,
                    asctwin::ExecMode mode = asctwin::ExecMode::Fast, uint64_t seed = 0) {
  const auto a = int4Values(size_t{s.m} * s.k, s.m * 131 + s.k);
  const auto b = int4Values(size_t{s.k} * s.n, s.k * 17 + s.n);  // B[kk][j] at kk * n + j
  std::vector<int> given(b.size());
  for (uint32_t kk = 0; kk < s.k; ++kk)
    for (uint32_t j = 0; j < s.n; ++j)
      given[s.bPath == kBTranspose ? size_t{kk} * s.n + j : size_t{j} * s.k + kk] =
          b[size_t{kk} * s.n + j];
  const auto ap = packInt4(a), bp = packInt4(given);
  DevBuf ag(ap.size()), bg(bp.size()), cg(size_t{s.m} * s.n * 4);
  ag.upload(ap);
  bg.upload(bp);
  cg.zero();
  asctwin::LaunchOptions o = KernelTest::cube(1);
  o.mode = mode;
  o.seed = seed;
  MatmulRun r;
  r.rc = asctwin::run(int4MatmulKernel, o, ag.gm(), bg.gm(), cg.gm(), s.m, s.k, s.n, s.aPath,
                      s.bPath, fault);
  r.out = cg.download<int32_t>(size_t{s.m} * s.n);
  r.ref.assign(size_t{s.m} * s.n, 0);
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; ++j)
      for (uint32_t kk = 0; kk < s.k; ++kk)
        r.ref[size_t{i} * s.n + j] += a[size_t{i} * s.k + kk] * b[size_t{kk} * s.n + j];
  return r;
}

class Int4TensorTest : public KernelTest {};

TEST_F(Int4TensorTest, BasicApiMatmulGivesTheIntegerProduct) {
  // m and n off the 16 grid, k off the 64 grid (mmad's example: 30 x 70 x 40);
  // img2col takes whole 16-row blocks, the transposing load 64-wide n.
  const Case cases[] = {{30, 70, 40, kALoad2d, kBtLoad2d},    {17, 100, 33, kALoad2d, kBtLoad2d},
                        {17, 100, 64, kALoad2d, kBTranspose}, {33, 130, 128, kALoad2d, kBTranspose},
                        {48, 192, 33, kAImg2col, kBtLoad2d},  {32, 70, 64, kAImg2col, kBTranspose}};
  for (const Case& s : cases) {
    const MatmulRun r = runMatmul(s);
    ASSERT_EQ(r.rc, 0) << s.m << "x" << s.k << "x" << s.n << ": " << lastError();
    EXPECT_EQ(r.out, r.ref) << s.m << "x" << s.k << "x" << s.n << " A path " << s.aPath
                            << " B path " << s.bPath;
  }
}

TEST_F(Int4TensorTest, ExactUnderCheckModeSeedsAndCleanUnderTheChecker) {
  const Case s{17, 100, 64, kALoad2d, kBTranspose};
  for (uint64_t seed = 0; seed < 6; ++seed) {
    const MatmulRun r = runMatmul(s, kNone, asctwin::ExecMode::Check, seed);
    ASSERT_EQ(r.rc, 0) << "seed " << seed << ": " << lastError();
    ASSERT_EQ(r.out, r.ref) << "seed " << seed;
  }
  {
    asctwin::checker::Session session(asctwin::checker::all);
    ASSERT_EQ(runMatmul({32, 70, 64, kAImg2col, kBTranspose}).rc, 0) << lastError();
    ASSERT_EQ(runMatmul(s).rc, 0) << lastError();
    const auto f = session.findings();
    EXPECT_TRUE(f.empty()) << asctwin::testing::dump(f);
  }
  asctwin::checker::Session session(asctwin::checker::all);
  ASSERT_EQ(runMatmul(s, kNoMte1MHandOver).rc, 0) << lastError();
  const auto races = asctwin::testing::ofKind(session.findings(), "race-same-core");
  ASSERT_FALSE(races.empty()) << asctwin::testing::dump(session.findings());
  const std::string pipes = races[0].first.pipe + "/" + races[0].second->pipe;
  EXPECT_NE(pipes.find("MTE1"), std::string::npos) << pipes;
  EXPECT_NE(pipes.find("M"), std::string::npos) << pipes;
}

TEST_F(Int4TensorTest, PathsWithoutAnInt4InstructionAreRefused) {
  const Case s{16, 64, 64, kALoad2d, kBtLoad2d};
  EXPECT_NE(runMatmul(s, kOddK).rc, 0);
  EXPECT_NE(lastError().find("Mmad: MmadParams.k (63) must be even when fm and filter are int4b_t"),
            std::string::npos)
      << lastError();
  EXPECT_NE(runMatmul(s, kTransposeToL0A).rc, 0);
  EXPECT_NE(lastError().find("LoadDataWithTranspose from L1 Buffer(A1) to L0A Buffer(A2) with "
                             "int4b_t is not supported"),
            std::string::npos)
      << lastError();
  EXPECT_NE(runMatmul(s, kImg2colToL0B).rc, 0);
  EXPECT_NE(lastError().find("LoadData 3-D from L1 Buffer(B1) to L0B Buffer(B2) with int4b_t is "
                             "not supported"),
            std::string::npos)
      << lastError();
}

// --- the tensors' counts, sizes and offsets -----------------------------------------------

// Observations of LocalTensor<int4b_t> (an L1 TBuf and a LocalMemAllocator)
// and GlobalTensor<int4b_t> (over `g`: kGmElems elements the host packed),
// one int32 each into `obs`, in the order kObs names them.
constexpr uint32_t kGmElems = 12;
enum Obs : int32_t {
  kGetSize,                    // Get<int4b_t>(256).GetSize()
  kSubSize,                    // t[64].GetSize()
  kSubBytes,                   // t[64].GetPhyAddr() - t.GetPhyAddr()
  kPhyAddrBytes,               // t.GetPhyAddr(128) - t.GetPhyAddr()
  kAsBytesSize,                // t.ReinterpretCast<uint8_t>().GetSize()
  kBackSize,                   // ... .ReinterpretCast<int4b_t>().GetSize()
  kWholeBufSize,               // Get<int4b_t>() of the 128-byte buffer
  kWithOffsetSize,             // GetWithOffset<int4b_t>(64, 32).GetSize()
  kResizedBytes,               // SetSize(100), then the uint8_t view's GetSize()
  kAllocCursor,                // LocalMemAllocator<L1>: Alloc<int4b_t>(64), GetCurAddr()
  kAllocCursor2,               // then Alloc<int4b_t>(128), GetCurAddr()
  kNibbles,                    // 8 bytes: SetValue(i, i - 8) for i < 16, read as uint8_t
  kReadBack = kNibbles + 8,    // 16: GetValue(i)
  kSubSet = kReadBack + 16,    // byte 32 (0x5A) after t[64].SetValue(1, -3)
  kSubSet2,                    // then t[64].SetValue(0, 7)
  kGmGet,                      // kGmElems: g.GetValue(i)
  kGmSub = kGmGet + kGmElems,  // g[2].GetValue(0)
  kGmSubSize,                  // g[2].GetSize()
  kGmPhyAddrBytes,             // g.GetPhyAddr(4) - g.GetPhyAddr()
  kGmSize,                     // g.GetSize()
  kObsCount
};

__global__ __cube__ void int4TensorKernel(GM_ADDR g, GM_ADDR obs) {
  GlobalTensor<int4b_t> gt;
  gt.SetGlobalBuffer(reinterpret_cast<__gm__ int4b_t*>(g), kGmElems);
  GlobalTensor<int32_t> out;
  out.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(obs), kObsCount);
  auto put = [&](int32_t at, int64_t v) { out.SetValue(at, static_cast<int32_t>(v)); };
  auto bytes = [](const void* p, const void* q) {
    return reinterpret_cast<intptr_t>(p) - reinterpret_cast<intptr_t>(q);
  };
  {
    TPipe pipe;
    TBuf<TPosition::A1> buf, whole;
    pipe.InitBuffer(buf, 256);
    pipe.InitBuffer(whole, 128);
    LocalTensor<int4b_t> t = buf.Get<int4b_t>(256);
    put(kGetSize, t.GetSize());
    put(kSubSize, t[64].GetSize());
    put(kSubBytes, bytes(t[64].GetPhyAddr(), t.GetPhyAddr()));
    put(kPhyAddrBytes, bytes(t.GetPhyAddr(128), t.GetPhyAddr()));
    put(kAsBytesSize, t.ReinterpretCast<uint8_t>().GetSize());
    put(kBackSize, t.ReinterpretCast<uint8_t>().ReinterpretCast<int4b_t>().GetSize());
    put(kWholeBufSize, whole.Get<int4b_t>().GetSize());
    put(kWithOffsetSize, buf.GetWithOffset<int4b_t>(64, 32).GetSize());
    for (uint32_t i = 0; i < 16; ++i) t.SetValue(i, int4b_t(static_cast<int32_t>(i) - 8));
    const LocalTensor<uint8_t> u8 = t.ReinterpretCast<uint8_t>();
    for (uint32_t i = 0; i < 8; ++i) put(kNibbles + static_cast<int32_t>(i), u8.GetValue(i));
    for (uint32_t i = 0; i < 16; ++i)
      put(kReadBack + static_cast<int32_t>(i), static_cast<int8_t>(t.GetValue(i)));
    u8.SetValue(32, uint8_t{0x5A});
    t[64].SetValue(1, int4b_t(-3));
    put(kSubSet, u8.GetValue(32));
    t[64].SetValue(0, int4b_t(7));
    put(kSubSet2, u8.GetValue(32));
    LocalTensor<int4b_t> resized = t;
    resized.SetSize(100);
    put(kResizedBytes, resized.ReinterpretCast<uint8_t>().GetSize());
  }
  {
    LocalMemAllocator<Hardware::L1> l1;
    l1.Alloc<int4b_t>(64);
    put(kAllocCursor, l1.GetCurAddr());
    l1.Alloc<TPosition::B1, int4b_t>(128);
    put(kAllocCursor2, l1.GetCurAddr());
  }
  for (uint32_t i = 0; i < kGmElems; ++i)
    put(kGmGet + static_cast<int32_t>(i), static_cast<int8_t>(gt.GetValue(i)));
  put(kGmSub, static_cast<int8_t>(gt[2].GetValue(0)));
  put(kGmSubSize, static_cast<int64_t>(gt[2].GetSize()));
  put(kGmPhyAddrBytes, bytes(gt.GetPhyAddr(4), gt.GetPhyAddr()));
  put(kGmSize, static_cast<int64_t>(gt.GetSize()));
  gt.SetValue(5, int4b_t(-2));  // the high nibble of byte 2
  gt.SetValue(6, int4b_t(5));   // the low nibble of byte 3
  DataCacheCleanAndInvalid<int4b_t, CacheLine::ENTIRE_DATA_CACHE>(gt);
}

TEST_F(Int4TensorTest, CountsSizesAndOffsetsAreTheReferences) {
  // The page's example first: 6 and 7 make 118; then -1 and -8 (0xF, 0x8),
  // and bytes whose nibbles the SetValues below replace.
  const std::vector<uint8_t> packed = {118, 0x8F, 0x34, 0xC1, 0x70, 0x2B};
  DevBuf g(packed.size()), obs(kObsCount * 4);
  g.upload(packed);
  obs.zero();
  ASSERT_EQ(asctwin::run(int4TensorKernel, KernelTest::cube(1), g.gm(), obs.gm()), 0)
      << lastError();
  const auto o = obs.download<int32_t>(kObsCount);
  // Elements are half bytes: 256 elements in 128 bytes.
  EXPECT_EQ(o[kGetSize], 256);
  EXPECT_EQ(o[kSubSize], 192);
  EXPECT_EQ(o[kSubBytes], 32);
  EXPECT_EQ(o[kPhyAddrBytes], 64);
  EXPECT_EQ(o[kAsBytesSize], 128);
  EXPECT_EQ(o[kBackSize], 256);
  EXPECT_EQ(o[kWholeBufSize], 256);
  // The reference's GetWithOffset counts sizeof(int4b_t) = 1 byte an element.
  EXPECT_EQ(o[kWithOffsetSize], 128);
  EXPECT_EQ(o[kResizedBytes], 50);
  EXPECT_EQ(o[kAllocCursor], 32);
  EXPECT_EQ(o[kAllocCursor2], 96);
  for (int32_t i = 0; i < 8; ++i) {
    const int lo = 2 * i - 8, hi = 2 * i + 1 - 8;
    EXPECT_EQ(o[kNibbles + i], (lo & 0xF) | ((hi & 0xF) << 4)) << "byte " << i;
  }
  for (int32_t i = 0; i < 16; ++i) EXPECT_EQ(o[kReadBack + i], i - 8) << "element " << i;
  EXPECT_EQ(o[kSubSet], 0xDA);   // -3 = 0xD in the high nibble, 0xA kept
  EXPECT_EQ(o[kSubSet2], 0xD7);  // 7 in the low nibble, 0xD kept
  for (uint32_t i = 0; i < kGmElems; ++i) {
    const uint8_t b = packed[i / 2];
    const int nib = (b >> (4 * (i % 2))) & 0xF;
    EXPECT_EQ(o[kGmGet + static_cast<int32_t>(i)], nib >= 8 ? nib - 16 : nib) << "element " << i;
  }
  EXPECT_EQ(o[kGmGet + 0], 6);
  EXPECT_EQ(o[kGmGet + 1], 7);
  EXPECT_EQ(o[kGmGet + 2], -1);
  EXPECT_EQ(o[kGmGet + 3], -8);
  EXPECT_EQ(o[kGmSub], -1);
  EXPECT_EQ(o[kGmSubSize], static_cast<int32_t>(kGmElems - 2));
  EXPECT_EQ(o[kGmPhyAddrBytes], 2);
  EXPECT_EQ(o[kGmSize], static_cast<int32_t>(kGmElems));
  const auto after = g.download<uint8_t>(packed.size());
  EXPECT_EQ(after[2], 0xE4);  // 0x34 with -2 (0xE) high
  EXPECT_EQ(after[3], 0xC5);  // 0xC1 with 5 low
  for (size_t i : {size_t{0}, size_t{1}, size_t{4}, size_t{5}}) EXPECT_EQ(after[i], packed[i]);
}

// --- refusals at run time ------------------------------------------------------------------

enum Misuse : int32_t {
  kOddSubTensor = 0,  // LocalTensor<int4b_t>[3]
  kOddPhyAddr,        // LocalTensor<int4b_t>::GetPhyAddr(5)
  kOddGlobalSub,      // GlobalTensor<int4b_t>[1]
  kOddGlobalPhyAddr,  // GlobalTensor<int4b_t>::GetPhyAddr(3)
  kOddTBufGet,        // TBuf::Get<int4b_t>(65)
  kOddSetSize,        // SetSize(9)
  kOddAlloc,          // LocalMemAllocator::Alloc<int4b_t>(63)
  kOddStatic,         // LocalTensor<int4b_t>(A1, 0, 31)
};

__global__ __cube__ void int4MisuseKernel(GM_ADDR g, int32_t misuse) {
  GlobalTensor<int4b_t> gt;
  gt.SetGlobalBuffer(reinterpret_cast<__gm__ int4b_t*>(g), 64);
  if (misuse == kOddAlloc) {
    LocalMemAllocator<Hardware::L1> l1;
    l1.Alloc<int4b_t>(63);
    return;
  }
  if (misuse == kOddStatic) {
    LocalTensor<int4b_t> t(TPosition::A1, 0, 31);
    return;
  }
  TPipe pipe;
  TBuf<TPosition::A1> buf;
  pipe.InitBuffer(buf, 64);
  LocalTensor<int4b_t> t = buf.Get<int4b_t>();
  switch (misuse) {
    case kOddSubTensor:
      (void)t[3];
      break;
    case kOddPhyAddr:
      (void)t.GetPhyAddr(5);
      break;
    case kOddGlobalSub:
      (void)gt[1];
      break;
    case kOddGlobalPhyAddr:
      (void)gt.GetPhyAddr(3);
      break;
    case kOddTBufGet:
      (void)buf.Get<int4b_t>(65);
      break;
    case kOddSetSize:
      t.SetSize(9);
      break;
    default:
      break;
  }
}

TEST_F(Int4TensorTest, OddOffsetsAndSizesThatAreNotWholeBytesAreRefused) {
  DevBuf g(32);
  g.zero();
  const std::pair<int32_t, const char*> cases[] = {
      {kOddSubTensor, "LocalTensor::operator[]: int4b_t offset 3 is odd"},
      {kOddPhyAddr, "LocalTensor::GetPhyAddr: int4b_t offset 5 is odd"},
      {kOddGlobalSub, "GlobalTensor::operator[]: int4b_t offset 1 is odd"},
      {kOddGlobalPhyAddr, "GlobalTensor::GetPhyAddr: int4b_t offset 3 is odd"},
      {kOddTBufGet, "TBuf::Get: 65 int4b_t elements are not whole bytes"},
      {kOddSetSize, "LocalTensor::SetSize: 9 int4b_t elements are not whole bytes"},
      {kOddAlloc, "LocalTensor: 63 int4b_t elements are not whole bytes"},
      {kOddStatic, "LocalTensor: 31 int4b_t elements are not whole bytes"},
  };
  for (const auto& [misuse, message] : cases) {
    EXPECT_NE(asctwin::run(int4MisuseKernel, KernelTest::cube(1), g.gm(), misuse), 0)
        << "misuse " << misuse;
    EXPECT_NE(lastError().find(message), std::string::npos)
        << "misuse " << misuse << ": " << lastError();
  }
}

}  // namespace
