// ShapeInfo and the tensors' SetShapeInfo/GetShapeInfo (ShapeInfo.md,
// LocalTensor/GlobalTensor Get/SetShapeInfo.md), and the CPU-debugging
// LocalTensor::Print and ToFile (Print.md, ToFile.md): the output checked
// against the documented rule rendered independently with std::ostream, the
// file against the tensor's bytes.
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>

#include "kernel_test_util.h"

// Print and ToFile carry the reference's deprecation notice.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

using namespace AscendC;

namespace {

TEST(ShapeInfo, ConstructorsAndDefaults) {
  const ShapeInfo none;
  EXPECT_EQ(none.shapeDim, 0);
  EXPECT_EQ(none.originalShapeDim, 0);
  EXPECT_EQ(none.dataFormat, DataFormat::ND);
  EXPECT_EQ(GetShapeSize(none), 1u);

  const uint32_t shapeArray[] = {16, 1024};
  const ShapeInfo nd(2, shapeArray);
  EXPECT_EQ(nd.shapeDim, 2);
  EXPECT_EQ(nd.originalShapeDim, 2);
  EXPECT_EQ(nd.shape[1], 1024u);
  EXPECT_EQ(nd.originalShape[0], 16u);
  EXPECT_EQ(nd.dataFormat, DataFormat::ND);
  EXPECT_EQ(GetShapeSize(nd), 16u * 1024u);

  const ShapeInfo nchw(2, shapeArray, DataFormat::NCHW);
  EXPECT_EQ(nchw.dataFormat, DataFormat::NCHW);
  EXPECT_EQ(nchw.originalShape[1], 1024u);

  // An NZ tensor with its original ND shape.
  const uint32_t nz[] = {32, 31, 16, 16};
  const uint32_t orig[] = {31 * 16, 32 * 16};
  const ShapeInfo withOriginal(4, nz, 2, orig, DataFormat::NZ);
  EXPECT_EQ(withOriginal.shapeDim, 4);
  EXPECT_EQ(withOriginal.originalShapeDim, 2);
  EXPECT_EQ(withOriginal.shape[3], 16u);
  EXPECT_EQ(withOriginal.originalShape[0], 496u);
  EXPECT_EQ(withOriginal.originalShape[2], 0u);
  EXPECT_EQ(GetShapeSize(withOriginal), 32u * 31u * 16u * 16u);
  EXPECT_EQ(K_MAX_SHAPE_DIM, 8);
  EXPECT_EQ(static_cast<int>(DataFormat::FRACTAL_Z_3D), 7);
}

TEST(ShapeInfo, GlobalTensorKeepsItsShapeInfo) {
  // GlobalTensor/SetShapeInfo.md and GetShapeInfo.md.
  GlobalTensor<float> tglobal;
  uint32_t shapeArray[] = {16, 1024};
  tglobal.SetShapeInfo(ShapeInfo(2, shapeArray, DataFormat::ND));
  ShapeInfo maxShapeInfo = tglobal.GetShapeInfo();
  EXPECT_EQ(maxShapeInfo.originalShape[0], 16u);
  EXPECT_EQ(maxShapeInfo.originalShape[1], 1024u);
  EXPECT_EQ(maxShapeInfo.shape[1], 1024u);
  // A sub-view is a copy of the tensor, shape information included.
  EXPECT_EQ(tglobal[8].GetShapeInfo().shape[0], 16u);
  GlobalTensor<float> copy = tglobal;
  EXPECT_EQ(copy.GetShapeInfo().shapeDim, 2);
}

struct LocalShapeFacts {
  uint8_t dim = 0, subDim = 0, copyDim = 0;
  uint32_t shape1 = 0, orig0 = 0;
  DataFormat format = DataFormat::NZ;
};
LocalShapeFacts gLocal;
__global__ __aicore__ void localShapeKernel() {
  TPipe pipe;
  TBuf<TPosition::VECCALC> softmaxMaxBuf;
  pipe.InitBuffer(softmaxMaxBuf, 1024);
  LocalTensor<float> maxUb = softmaxMaxBuf.Get<float>();
  uint32_t shapeArray[] = {16, 1024};
  maxUb.SetShapeInfo(ShapeInfo(2, shapeArray, DataFormat::ND));
  ShapeInfo maxShapeInfo = maxUb.GetShapeInfo();
  gLocal.dim = maxShapeInfo.shapeDim;
  gLocal.shape1 = maxShapeInfo.shape[1];
  gLocal.orig0 = maxShapeInfo.originalShape[0];
  gLocal.format = maxShapeInfo.dataFormat;
  gLocal.subDim = maxUb[16].GetShapeInfo().shapeDim;
  LocalTensor<float> copy = maxUb;
  gLocal.copyDim = copy.GetShapeInfo().shapeDim;
}

__global__ __aicore__ void tooManyDimsKernel() {
  uint32_t shape[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  ShapeInfo info(9, shape);
  (void)info;
}

// Print.md's example (16 int32 values 0..15), Print(len) with a partial
// last line, and the element renderings of other types.
__global__ __aicore__ void printKernel() {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  LocalTensor<int32_t> inputLocal = buf.Get<int32_t>(16);
  for (int32_t i = 0; i < 16; ++i) inputLocal.SetValue(i, i);
  inputLocal.Print();
  LocalTensor<half> h = buf.GetWithOffset<half>(20, 256);
  for (int32_t i = 0; i < 20; ++i) h.SetValue(i, half(static_cast<float>(i) * 0.5f - 3.0f));
  h.Print(18);
  LocalTensor<int8_t> c = buf.GetWithOffset<int8_t>(64, 512);
  for (int32_t i = 0; i < 40; ++i) c.SetValue(i, static_cast<int8_t>(i * 7 - 100));
  c.Print(40);
  LocalTensor<float> f = buf.GetWithOffset<float>(3, 768);
  f.SetValue(0, 1.0f / 3.0f);
  f.SetValue(1, 12345678.0f);
  f.SetValue(2, -0.0625f);
  f.Print(1000);  // more than GetSize(): all 3
}

// The documented rule, written with std::ostream as the reference's CPU
// mode renders it.
template <typename V>
std::string documented(const std::vector<V>& values, uint32_t perBlock) {
  std::ostringstream os;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i % perBlock == 0) os << std::setw(4) << std::setfill('0') << i << " : ";
    os << values[i] << " ";
    if (i % perBlock == perBlock - 1 || i + 1 == values.size()) os << std::endl;
  }
  return os.str();
}

struct ToFileFacts {
  int32_t ok = 99, bad = 99;
};
ToFileFacts gToFile;
std::string gPath;
__global__ __aicore__ void toFileKernel() {
  TPipe pipe;
  TBuf<TPosition::VECCALC> softmaxMaxBuf;
  pipe.InitBuffer(softmaxMaxBuf, 256);
  LocalTensor<float> tmpTensor = softmaxMaxBuf.Get<float>();
  for (int32_t i = 0; i < 64; ++i) tmpTensor.SetValue(i, static_cast<float>(i) * 1.25f - 7.0f);
  gToFile.ok = tmpTensor.ToFile(gPath);
  gToFile.bad = tmpTensor.ToFile("/nonexistent-dir-asctwin/tmpTensor.bin");
}

}  // namespace

namespace asctwin::testing {

TEST_F(KernelTest, LocalTensorKeepsItsShapeInfo) {
  gLocal = {};
  ASSERT_EQ(asctwin::run(localShapeKernel, vec(1)), 0) << lastError();
  EXPECT_EQ(gLocal.dim, 2);
  EXPECT_EQ(gLocal.shape1, 1024u);
  EXPECT_EQ(gLocal.orig0, 16u);
  EXPECT_EQ(gLocal.format, DataFormat::ND);
  EXPECT_EQ(gLocal.subDim, 2);
  EXPECT_EQ(gLocal.copyDim, 2);
}

TEST_F(KernelTest, ShapeInfoRefusesMoreThanEightDimensions) {
  EXPECT_NE(asctwin::run(tooManyDimsKernel, vec(1)), 0);
  EXPECT_NE(lastError().find("inputShapeDim is 9"), std::string::npos) << lastError();
}

TEST_F(KernelTest, PrintWritesOneDataBlockPerLine) {
  ::testing::internal::CaptureStdout();
  const auto rc = asctwin::run(printKernel, vec(1));
  const std::string out = ::testing::internal::GetCapturedStdout();
  ASSERT_EQ(rc, 0) << lastError();

  std::vector<int32_t> ints(16);
  for (int32_t i = 0; i < 16; ++i) ints[i] = i;
  std::vector<float> halves(18);
  for (int32_t i = 0; i < 18; ++i) halves[i] = static_cast<float>(i) * 0.5f - 3.0f;
  std::vector<int32_t> bytes(40);
  for (int32_t i = 0; i < 40; ++i) bytes[i] = static_cast<int8_t>(i * 7 - 100);
  const std::vector<float> floats = {1.0f / 3.0f, 12345678.0f, -0.0625f};
  const std::string expected =
      documented(ints, 8) + documented(halves, 16) + documented(bytes, 32) + documented(floats, 8);
  EXPECT_EQ(out, expected);
  // The documented example's first line, spelled out.
  EXPECT_EQ(out.substr(0, out.find('\n')), "0000 : 0 1 2 3 4 5 6 7 ");
}

TEST_F(KernelTest, ToFileWritesTheTensorBytes) {
  char dir[] = "/tmp/asctwin-tofile-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  gPath = std::string(dir) + "/tmpTensor.bin";
  gToFile = {};
  ASSERT_EQ(asctwin::run(toFileKernel, vec(1)), 0) << lastError();
  EXPECT_EQ(gToFile.ok, 0);
  EXPECT_NE(gToFile.bad, 0);
  std::ifstream in(gPath, std::ios::binary);
  std::vector<char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(data.size(), 64u * sizeof(float));
  for (int32_t i = 0; i < 64; ++i) {
    float v;
    std::memcpy(&v, data.data() + i * sizeof(float), sizeof v);
    ASSERT_EQ(v, static_cast<float>(i) * 1.25f - 7.0f) << i;
  }
  std::remove(gPath.c_str());
  rmdir(dir);
}

}  // namespace asctwin::testing
