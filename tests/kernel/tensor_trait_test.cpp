// TensorTrait and the tensors of one: the reference's examples
// (TensorTrait构造函数.md, is_tensorTrait.md, 更多样例.md), the static-tensor
// constructors, and the vector and DataCopy APIs on LocalTensor<TensorTrait<T>>
// checked against host references.
#include <cmath>
#include <cstring>
#include <type_traits>

#include "kernel_test_util.h"

using namespace AscendC;

namespace {

static_assert(std::is_same_v<PrimT<TensorTrait<half>>, half>);
static_assert(std::is_same_v<PrimT<float>, float>);
static_assert(std::is_same_v<LocalTensor<TensorTrait<int16_t>>::PrimType, int16_t>);
static_assert(std::is_same_v<GlobalTensor<TensorTrait<float>>::PrimType, float>);
static_assert(std::is_same_v<TensorTrait<half>::LiteType, half>);
static_assert(std::is_same_v<TensorTrait<half>::LiteLayoutType, Layout<Shape<>, Stride<>>>);
static_assert(TensorTrait<half>::tPos == TPosition::GM);
static_assert(TensorTrait<half, TPosition::VECIN>::tPos == TPosition::VECIN);
// A TensorTrait tensor and a plain one are different types, neither made from the other.
static_assert(!std::is_convertible_v<LocalTensor<TensorTrait<half>>, LocalTensor<half>>);
static_assert(!std::is_convertible_v<LocalTensor<half>, LocalTensor<TensorTrait<half>>>);
static_assert(!std::is_convertible_v<GlobalTensor<half>, GlobalTensor<TensorTrait<half>>>);
// Tensors of a plain type hold a ShapeInfo; TensorTrait<T> tensors a placeholder.
static_assert(std::is_same_v<decltype(LocalTensor<half>::shapeInfo_), ShapeInfo>);
static_assert(std::is_same_v<decltype(LocalTensor<TensorTrait<half>>::shapeInfo_), int8_t>);

TEST(TensorTrait, DocumentedConstructionExamples) {
  Shape<int, int, int> shape = MakeShape(10, 20, 30);
  Stride<int, int, int> stride = MakeStride(1, 100, 200);
  auto layoutMake = MakeLayout(shape, stride);
  auto tensorTraitMake = MakeTensorTrait<float, TPosition::VECIN>(layoutMake);
  static_assert(std::is_same_v<decltype(tensorTraitMake),
                               TensorTrait<float, TPosition::VECIN, decltype(layoutMake)>>);
  EXPECT_EQ(Std::get<0>(tensorTraitMake.GetLayout().GetShape()), 10);
  EXPECT_EQ(Std::get<1>(tensorTraitMake.GetLayout().GetShape()), 20);
  EXPECT_EQ(Std::get<2>(tensorTraitMake.GetLayout().GetShape()), 30);
  EXPECT_EQ(Std::get<0>(tensorTraitMake.GetLayout().GetStride()), 1);
  EXPECT_EQ(Std::get<1>(tensorTraitMake.GetLayout().GetStride()), 100);
  EXPECT_EQ(Std::get<2>(tensorTraitMake.GetLayout().GetStride()), 200);

  using TensorTraitType =
      TensorTrait<half, TPosition::VECCALC, Layout<Shape<int, int, int>, Stride<int, int, int>>>;
  TensorTraitType tensorTraitInit(layoutMake);
  EXPECT_EQ(Std::get<0>(tensorTraitInit.GetShape()), 10);
  EXPECT_EQ(Std::get<2>(tensorTraitInit.GetShape()), 30);
  EXPECT_EQ(Std::get<1>(tensorTraitInit.GetStride()), 100);
  EXPECT_EQ(Std::get<2>(tensorTraitInit.GetLayout().GetStride()), 200);

  TensorTraitType tensorTraitSet;
  EXPECT_EQ(Std::get<0>(tensorTraitSet.GetShape()), 0);
  tensorTraitSet.SetLayout(layoutMake);
  EXPECT_EQ(Std::get<0>(tensorTraitSet.GetLayout().GetShape()), 10);
  EXPECT_EQ(Std::get<1>(tensorTraitSet.GetLayout().GetShape()), 20);
  EXPECT_EQ(Std::get<2>(tensorTraitSet.GetLayout().GetStride()), 200);
  // GetLayout() is the trait's own layout, writable through the reference.
  static_assert(std::is_same_v<decltype(tensorTraitSet.GetLayout()),
                               Layout<Shape<int, int, int>, Stride<int, int, int>>&>);
  tensorTraitSet.GetLayout() = MakeLayout(MakeShape(11, 21, 31), stride);
  EXPECT_EQ(Std::get<0>(tensorTraitSet.GetShape()), 11);
  EXPECT_EQ(Std::get<2>(tensorTraitSet.GetShape()), 31);
}

TEST(TensorTrait, IsTensorTraitExample) {
  Shape<int, int, int> shape = MakeShape(10, 20, 30);
  Stride<int, int, int> stride = MakeStride(1, 100, 200);
  auto layoutMake = MakeLayout(shape, stride);
  auto tensorTraitMake = MakeTensorTrait<float, TPosition::VECIN>(layoutMake);
  EXPECT_FALSE(is_tensorTrait<decltype(shape)>::value);
  EXPECT_FALSE(is_tensorTrait<decltype(stride)>::value);
  EXPECT_FALSE(is_tensorTrait<decltype(layoutMake)>::value);
  EXPECT_TRUE(is_tensorTrait<decltype(tensorTraitMake)>::value);
  EXPECT_TRUE(is_tensorTrait_v<TensorTrait<half>>);
  EXPECT_FALSE(is_tensorTrait_v<half>);
}

// 更多样例.md, the vector example: Adds on int16 TensorTrait tensors from
// queues, DataCopy in and out, 512 elements as 4 iterations of 128.
class KernelBinaryScalarTrait {
 public:
  void Init(GM_ADDR src, GM_ADDR dstGm) {
    srcGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ int16_t*>(src));
    dstGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ int16_t*>(dstGm));
    pipe.InitBuffer(inQueueSrc, 1, 512 * sizeof(int16_t));
    pipe.InitBuffer(outQueueDst, 1, 512 * sizeof(int16_t));
  }
  void Process() {
    LocalTensor<TensorTrait<int16_t>> srcLocal = inQueueSrc.AllocTensor<TensorTrait<int16_t>>();
    DataCopy(srcLocal, srcGlobal, 512);
    inQueueSrc.EnQue(srcLocal);
    srcLocal = inQueueSrc.DeQue<TensorTrait<int16_t>>();
    LocalTensor<TensorTrait<int16_t>> dstLocal = outQueueDst.AllocTensor<TensorTrait<int16_t>>();
    uint64_t mask = 128;
    int16_t scalar = 2;
    Adds(dstLocal, srcLocal, scalar, mask, 4, {1, 1, 8, 8});
    outQueueDst.EnQue(dstLocal);
    inQueueSrc.FreeTensor(srcLocal);
    dstLocal = outQueueDst.DeQue<TensorTrait<int16_t>>();
    DataCopy(dstGlobal, dstLocal, 512);
    outQueueDst.FreeTensor(dstLocal);
  }

 private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueueSrc;
  TQue<TPosition::VECOUT, 1> outQueueDst;
  GlobalTensor<TensorTrait<int16_t>> srcGlobal, dstGlobal;
};

__global__ __aicore__ void binaryScalarTraitKernel(GM_ADDR src, GM_ADDR dst) {
  KernelBinaryScalarTrait op;
  op.Init(src, dst);
  op.Process();
}

// TensorTrait构造函数.md, the API example: Add(tensor3, tensor1, tensor2,
// tensor3.GetSize()) on half TensorTrait tensors; then Exp and Muls on them.
constexpr uint32_t kHalfN = 256;
__global__ __aicore__ void addTraitKernel(GM_ADDR a, GM_ADDR b, GM_ADDR sum, GM_ADDR expOut) {
  GlobalTensor<TensorTrait<half>> ga, gb, gs, ge;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), kHalfN);
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), kHalfN);
  gs.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(sum), kHalfN);
  ge.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(expOut), kHalfN);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> que1, que2;
  TQue<TPosition::VECOUT, 1> que3;
  pipe.InitBuffer(que1, 1, kHalfN * sizeof(half));
  pipe.InitBuffer(que2, 1, kHalfN * sizeof(half));
  pipe.InitBuffer(que3, 1, kHalfN * sizeof(half));
  auto in1 = que1.AllocTensor<TensorTrait<half>>();
  auto in2 = que2.AllocTensor<TensorTrait<half>>();
  DataCopy(in1, ga, kHalfN);
  DataCopy(in2, gb, kHalfN);
  que1.EnQue(in1);
  que2.EnQue(in2);
  LocalTensor<TensorTrait<half>> tensor1 = que1.DeQue<TensorTrait<half>>();
  LocalTensor<TensorTrait<half>> tensor2 = que2.DeQue<TensorTrait<half>>();
  LocalTensor<TensorTrait<half>> tensor3 = que3.AllocTensor<TensorTrait<half>>();
  Add(tensor3, tensor1, tensor2, tensor3.GetSize());
  que3.EnQue(tensor3);
  tensor3 = que3.DeQue<TensorTrait<half>>();
  DataCopy(gs, tensor3, kHalfN);
  PipeBarrier<PIPE_ALL>();
  Exp(tensor3, tensor1, kHalfN);
  Muls(tensor3, tensor3, half(0.5f), kHalfN);
  PipeBarrier<PIPE_ALL>();
  DataCopy(ge, tensor3, kHalfN);
  que3.FreeTensor(tensor3);
  que1.FreeTensor(tensor1);
  que2.FreeTensor(tensor2);
}

// Static tensors: at a byte address of the trait's position, sized by the
// static layout or by a layout given at run time; scalar access by PrimType.
using StaticTrait =
    TensorTrait<float, TPosition::VECCALC,
                Layout<Shape<Std::Int<8>, Std::Int<16>>, Stride<Std::Int<16>, Std::Int<1>>>>;
using DynTrait =
    TensorTrait<int32_t, TPosition::VECCALC, Layout<Shape<int, int>, Stride<int, int>>>;
struct StaticFacts {
  uint32_t size = 0, dynSize = 0, dynOffset = 0;
  int32_t pos = -1;
  float readBack = 0;
  int32_t castBack = 0;
  int layoutRows = 0;
};
StaticFacts gFacts;
__global__ __aicore__ void staticTraitKernel(GM_ADDR out) {
  LocalTensor<StaticTrait> t(0);
  gFacts.size = t.GetSize();
  gFacts.pos = t.GetPosition();
  t.SetValue(5, 2.5f);
  gFacts.readBack = t.GetValue(5);
  auto layout = MakeLayout(MakeShape(4, 6), MakeStride(8, 1));
  LocalTensor<DynTrait> d(1024, layout);
  d.GetTensorTrait().SetLayout(layout);
  gFacts.dynSize = d.GetSize();
  gFacts.dynOffset = d.ref().offset;
  // A TensorTrait tensor cast to another TensorTrait keeps its layout.
  auto same = d.ReinterpretCast<DynTrait>();
  gFacts.layoutRows = Std::get<0>(same.GetShape());
  d(3) = 77;
  gFacts.castBack = d.ReinterpretCast<int32_t>().GetValue(3);
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), 128);
  LocalTensor<float> plain = t.ReinterpretCast<float>();
  DataCopy(g, plain, 128);
}

}  // namespace

namespace asctwin::testing {

TEST_F(KernelTest, DocumentedAddsExampleOnTensorTraitTensors) {
  std::vector<int16_t> src(512);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<int16_t>(i * 37 % 1000 - 500);
  DevBuf ds(512 * 2), dd(512 * 2);
  ds.upload(src);
  ASSERT_EQ(asctwin::run(binaryScalarTraitKernel, vec(1), ds.gm(), dd.gm()), 0) << lastError();
  auto out = dd.download<int16_t>(512);
  for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<int16_t>(src[i] + 2)) << i;
}

TEST_F(KernelTest, AddExpMulsOnTensorTraitTensorsMatchPlainHalfArithmetic) {
  std::vector<half> a(kHalfN), b(kHalfN);
  for (uint32_t i = 0; i < kHalfN; ++i) {
    a[i] = half(static_cast<float>(i % 17) * 0.25f - 2.0f);
    b[i] = half(static_cast<float>(i % 5) * 1.5f);
  }
  DevBuf da(kHalfN * 2), db(kHalfN * 2), ds(kHalfN * 2), de(kHalfN * 2);
  da.upload(a);
  db.upload(b);
  ASSERT_EQ(asctwin::run(addTraitKernel, vec(1), da.gm(), db.gm(), ds.gm(), de.gm()), 0)
      << lastError();
  auto sum = ds.download<half>(kHalfN);
  auto ex = de.download<half>(kHalfN);
  for (uint32_t i = 0; i < kHalfN; ++i) {
    // Sums of these values are exact in half.
    ASSERT_EQ(static_cast<float>(sum[i]), static_cast<float>(a[i]) + static_cast<float>(b[i])) << i;
    // exp within the reference's 1 ulp, then an exact halving.
    const float ref = std::exp(static_cast<float>(a[i])) * 0.5f;
    ASSERT_NEAR(static_cast<float>(ex[i]), ref, std::fabs(ref) * 2e-3f) << i;
  }
}

TEST_F(KernelTest, StaticTensorTraitTensorsTakeTheirSizeFromTheLayout) {
  DevBuf dout(128 * 4);
  gFacts = {};
  ASSERT_EQ(asctwin::run(staticTraitKernel, vec(1), dout.gm()), 0) << lastError();
  // 8 x 16 row-major floats: max(8 * 16, 16 * 1) = 128 elements.
  EXPECT_EQ(gFacts.size, 128u);
  EXPECT_EQ(gFacts.pos, static_cast<int32_t>(TPosition::VECCALC));
  EXPECT_EQ(gFacts.readBack, 2.5f);
  // 4 x 6 with row stride 8: max(4 * 8, 6 * 1) = 32 elements at byte 1024.
  EXPECT_EQ(gFacts.dynSize, 32u);
  EXPECT_EQ(gFacts.dynOffset, 1024u);
  EXPECT_EQ(gFacts.layoutRows, 4);
  EXPECT_EQ(gFacts.castBack, 77);
  auto out = dout.download<float>(128);
  EXPECT_EQ(out[5], 2.5f);
}

}  // namespace asctwin::testing
