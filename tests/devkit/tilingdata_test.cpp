// The host tiling-data classes of devkit mode (include/asctwin/devkit/host/
// register/tilingdata_base.h): the bytes SaveToBuffer writes must be the
// kernel-side struct of kernel_tiling.h, i.e. what the C++ compiler lays out
// for the same fields under #pragma pack(8). The oracle is that compiler
// layout, independent of the TilingDef code.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "graph/tensor.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(DkInner)
TILING_DATA_FIELD_DEF(uint16_t, h);
TILING_DATA_FIELD_DEF(uint64_t, w);
TILING_DATA_FIELD_DEF(uint8_t, b);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(DkOuter)
TILING_DATA_FIELD_DEF(uint8_t, first);
TILING_DATA_FIELD_DEF_STRUCT(DkInner, inner);
TILING_DATA_FIELD_DEF(uint16_t, s0);
TILING_DATA_FIELD_DEF(uint16_t, s1);
TILING_DATA_FIELD_DEF_ARR(int32_t, 3, arr);
TILING_DATA_FIELD_DEF(bool, flag);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(DkOp, DkOuter)
}  // namespace optiling

namespace {

#pragma pack(push, 8)
struct KInner {
  uint16_t h = 0;
  uint64_t w = 0;
  uint8_t b = 0;
};
struct KOuter {
  uint8_t first = 0;
  KInner inner;
  uint16_t s0 = 0;
  uint16_t s1 = 0;
  int32_t arr[3] = {};
  bool flag = false;
};
#pragma pack(pop)

optiling::DkOuter filled() {
  optiling::DkOuter t;
  t.set_first(7);
  t.inner.set_h(0x1234);
  t.inner.set_w(0x1122334455667788ull);
  t.inner.set_b(9);
  t.set_s0(100);
  t.set_s1(200);
  const int32_t a[3] = {-1, 2, -3};
  t.set_arr(a);
  t.set_flag(true);
  return t;
}

void expectKernelView(const optiling::DkOuter& t) {
  std::vector<uint8_t> buf(sizeof(t) + 64, 0xAB);
  t.SaveToBuffer(buf.data(), buf.size());
  KOuter k;
  std::memcpy(&k, buf.data(), sizeof k);
  EXPECT_EQ(k.first, 7);
  EXPECT_EQ(k.inner.h, 0x1234);
  EXPECT_EQ(k.inner.w, 0x1122334455667788ull);
  EXPECT_EQ(k.inner.b, 9);
  EXPECT_EQ(k.s0, 100);
  EXPECT_EQ(k.s1, 200);
  EXPECT_EQ(k.arr[0], -1);
  EXPECT_EQ(k.arr[1], 2);
  EXPECT_EQ(k.arr[2], -3);
  EXPECT_TRUE(k.flag);
}

TEST(DevkitTilingData, SizeIsTheKernelStructs) {
  optiling::DkOuter t;
  EXPECT_EQ(t.inner.GetDataSize(), sizeof(KInner));
  EXPECT_EQ(t.GetDataSize(), sizeof(KOuter));
}

TEST(DevkitTilingData, SavedBytesAreTheKernelStructsFields) {
  expectKernelView(filled());
}

TEST(DevkitTilingData, PaddingIsZeroAndNothingPastTheSize) {
  const optiling::DkOuter t = filled();
  std::vector<uint8_t> buf(t.GetDataSize() + 8, 0xAB);
  t.SaveToBuffer(buf.data(), buf.size());
  EXPECT_EQ(buf[1], 0);  // padding between `first` and the 8-aligned nested struct
  for (size_t i = t.GetDataSize(); i < buf.size(); ++i) EXPECT_EQ(buf[i], 0xAB) << i;
}

TEST(DevkitTilingData, CopiesSaveTheirOwnValues) {
  optiling::DkOuter copy = filled();
  copy.set_s1(321);
  copy.inner.set_b(4);
  std::vector<uint8_t> buf(copy.GetDataSize());
  copy.SaveToBuffer(buf.data(), buf.size());
  KOuter k;
  std::memcpy(&k, buf.data(), sizeof k);
  EXPECT_EQ(k.s1, 321);
  EXPECT_EQ(k.inner.b, 4);
  EXPECT_EQ(k.arr[2], -3);
}

TEST(DevkitTilingData, TooSmallABufferIsLeftAlone) {
  const optiling::DkOuter t = filled();
  std::vector<uint8_t> buf(t.GetDataSize() - 1, 0xAB);
  t.SaveToBuffer(buf.data(), buf.size());
  for (uint8_t b : buf) EXPECT_EQ(b, 0xAB);
}

TEST(DevkitTilingData, RegisteredClassesAreMadeByOperatorName) {
  auto made = optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance("DkOp");
  ASSERT_NE(made, nullptr);
  EXPECT_EQ(made->GetDataSize(), sizeof(KOuter));
  EXPECT_STREQ(made->GetTilingClassName(), "DkOuter");
  EXPECT_EQ(optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance("NoOp"),
            nullptr);
}

TEST(DevkitGraphShape, ElementCountsAsTheGraphLibraryDefinesThem) {
  EXPECT_EQ(ge::Shape({2, 3, 4}).GetShapeSize(), 24);
  EXPECT_EQ(ge::Shape({2, 3, 4}).GetDimNum(), 3u);
  EXPECT_EQ(ge::Shape({2, 3, 4}).GetDim(1), 3);
  EXPECT_EQ(ge::Shape({2, 3, 4}).GetDim(7), 0);  // past the rank
  EXPECT_EQ(ge::Shape(std::vector<int64_t>{}).GetShapeSize(), 0);
  EXPECT_EQ(ge::Shape({4, -1}).GetShapeSize(), -1);        // unknown dimension
  EXPECT_EQ(ge::Shape({-2}).GetDimNum(), 0u);              // unknown rank
  EXPECT_EQ(ge::Shape({INT64_MAX, 2}).GetShapeSize(), 0);  // overflow
  EXPECT_EQ(ge::GetSizeByDataType(ge::DT_BF16), 2);
  EXPECT_EQ(ge::GetSizeByDataType(ge::DT_INT64), 8);
}

}  // namespace
