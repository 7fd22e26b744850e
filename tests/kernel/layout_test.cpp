// Layout, Coordinate and the AscendC::Std pieces they stand on: the API
// reference's worked examples (Layout/*.md, Coordinate/*.md), and Crd2Idx
// over every coordinate of nested shapes against an independent oracle
// (shapes as lists of leaf extents, the column-major delinearisation written
// from the Crd2Idx page, the index as a stride dot product).
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

// --- Std ---------------------------------------------------------------------

static_assert(std::is_same_v<decltype(Std::Int<3>{} * Std::Int<4>{}), Std::Int<12>>);
static_assert(std::is_same_v<decltype(Std::Int<7>{} % Std::Int<4>{}), Std::Int<3>>);
static_assert(std::is_same_v<decltype(Std::Int<7>{} / Std::Int<2>{}), Std::Int<3>>);
static_assert(std::is_same_v<decltype(Std::Int<7>{} - Std::Int<2>{}), Std::Int<5>>);
static_assert(std::is_same_v<decltype(Std::Int<7>{} + Std::Int<2>{}), Std::Int<9>>);
static_assert(Std::Int<5>{} * 3 == 15);
static_assert(Std::is_integral<Std::Int<5>>::value && Std::is_integral_v<const int>);
static_assert(!Std::is_integral_v<float>);
static_assert(Std::is_floating_point_v<half> && Std::is_floating_point_v<const double> &&
              !Std::is_floating_point_v<bfloat16_t>);
static_assert(Std::is_constant<0, Std::Int<0>>::value &&
              Std::is_constant<0, const Std::Int<0>&>::value);
static_assert(!Std::is_constant<0, Std::Int<1>>::value && !Std::is_constant<0, int>::value);
static_assert(Std::is_tuple_v<Std::tuple<>> && Std::is_tuple_v<const Std::tuple<int>>);
static_assert(!Std::is_tuple_v<int> && !Std::is_tuple_v<Std::Int<2>>);
static_assert(Std::tuple_size<Std::tuple<int, float, char>>::value == 3);
static_assert(
    std::is_base_of_v<Std::integral_constant<size_t, 2>, Std::tuple_size<Std::tuple<int, int>>>);
static_assert(Std::is_one_of_v<int, float, int> && !Std::is_one_of_v<int, float, char>);
static_assert(Std::is_same<Std::tuple_element_t<1, Std::tuple<int, half>>, half>::value);

TEST(AscendCStd, TupleConstructionGetAndMakeTuple) {
  // Utils-API tuple.md / get1.md.
  Std::tuple<uint32_t, float, bool> test{11, 2.2f, true};
  EXPECT_EQ(Std::get<0>(test), 11u);
  EXPECT_FLOAT_EQ(Std::get<1>(test), 2.2f);
  Std::get<0>(test) += 1;
  EXPECT_EQ(Std::get<0>(test), 12u);
  auto made = Std::make_tuple(int8_t(2), half(10.0f), 3.5f);
  EXPECT_EQ(Std::tuple_size<decltype(made)>::value, 3u);
  EXPECT_EQ(static_cast<float>(Std::get<1>(made)), 10.0f);
  Std::tuple<uint32_t, float, bool> copy = test;
  EXPECT_EQ(Std::get<0>(copy), 12u);
}

// --- Layout --------------------------------------------------------------------

TEST(Layout, MakeLayoutAndConstructorExamples) {
  // MakeLayout.md / GetShape.md / GetStride.md / Layout构造函数.md.
  Shape<int, int, int> shape = MakeShape(10, 20, 30);
  Stride<int, int, int> stride = MakeStride(1, 100, 200);
  auto layoutMake = MakeLayout(shape, stride);
  Layout<Shape<int, int, int>, Stride<int, int, int>> layoutInit(shape, stride);
  EXPECT_EQ(Std::get<0>(layoutMake.GetShape()), 10);
  EXPECT_EQ(Std::get<1>(layoutMake.GetShape()), 20);
  EXPECT_EQ(Std::get<2>(layoutMake.GetShape()), 30);
  EXPECT_EQ(Std::get<0>(layoutInit.GetStride()), 1);
  EXPECT_EQ(Std::get<1>(layoutInit.GetStride()), 100);
  EXPECT_EQ(Std::get<2>(layoutInit.GetStride()), 200);
  static_assert(std::is_same_v<decltype(layoutMake), decltype(layoutInit)>);
}

TEST(Layout, SelectedEntriesLayoutAndDefaults) {
  const auto layout = MakeLayout(MakeShape(10, 20, 30), MakeStride(1, 100, 200));
  // GetShape<I...>() gathers the chosen entries into a new tuple.
  auto picked = layout.GetShape<2, 0>();
  static_assert(std::is_same_v<decltype(picked), Std::tuple<int, int>>);
  EXPECT_EQ(Std::get<0>(picked), 30);
  EXPECT_EQ(Std::get<1>(picked), 10);
  EXPECT_EQ(Std::get<0>(layout.GetStride<1>()), 100);
  // layout() is the object itself (layout1.md).
  EXPECT_EQ(&layout.layout(), &layout);
  // A default-constructed layout holds value-initialised entries.
  Layout<Shape<int, int>, Stride<int, int>> empty;
  EXPECT_EQ(Std::get<0>(empty.GetShape()), 0);
  EXPECT_EQ(Std::get<1>(empty.GetStride()), 0);
}

TEST(Layout, IsLayoutExample) {
  // is_layout.md.
  Shape<int, int, int> shape = MakeShape(10, 20, 30);
  Stride<int, int, int> stride = MakeStride(1, 100, 200);
  auto layoutMake = MakeLayout(shape, stride);
  Layout<Shape<int, int, int>, Stride<int, int, int>> layoutInit(shape, stride);
  EXPECT_FALSE(is_layout<decltype(shape)>::value);
  EXPECT_FALSE(is_layout<decltype(stride)>::value);
  EXPECT_TRUE(is_layout<decltype(layoutMake)>::value);
  EXPECT_TRUE(is_layout_v<decltype(layoutInit)>);
}

TEST(Layout, SpanOfTwoDimensionalLayouts) {
  using S16 = Std::Int<16>;
  using S8 = Std::Int<8>;
  using S1 = Std::Int<1>;
  // (rows, cols):(rowStride, colStride): the larger of rows*rowStride and cols*colStride.
  using RowMajor = Layout<Shape<S16, S8>, Stride<S8, S1>>;
  EXPECT_EQ(RowMajor::size, 16u * 8u);
  EXPECT_EQ(RowMajor{}.GetSize(), 16u * 8u);
  // ((r0, r1), (c0, c1)):((., rs1), (., cs1)): the outer blocks decide.
  using Blocked = Layout<Shape<Shape<S16, Std::Int<2>>, Shape<S16, Std::Int<3>>>,
                         Stride<Stride<S16, Std::Int<256>>, Stride<S1, Std::Int<512>>>>;
  EXPECT_EQ(Blocked::size, 3u * 512u);
  EXPECT_EQ(Blocked{}.GetSize(), 3u * 512u);
  // Runtime extents: no static size, the span at run time.
  auto dynamic = MakeLayout(MakeShape(4, 6), MakeStride(10, 1));
  EXPECT_EQ(decltype(dynamic)::size, 0u);
  EXPECT_EQ(dynamic.GetSize(), 40u);
  // Not 2-D: no span.
  auto threeD = MakeLayout(MakeShape(10, 20, 30), MakeStride(1, 100, 200));
  EXPECT_EQ(threeD.GetSize(), 0xFFFFFFFFu);
}

// --- Crd2Idx -------------------------------------------------------------------

TEST(Crd2Idx, DocumentedFlatExample) {
  // Crd2Idx.md: Shape (3, 4, 5), Stride (20, 5, 1), Coordinate (1, 2, 3) -> 33.
  auto shape = MakeShape(3, 4, 5);
  auto stride = MakeStride(20, 5, 1);
  auto coord = MakeCoord(1, 2, 3);
  EXPECT_EQ(Crd2Idx(coord, shape, stride), 1 * 20 + 2 * 5 + 3 * 1);
  EXPECT_EQ(Crd2Idx(coord, MakeLayout(shape, stride)), 33);
  EXPECT_EQ(MakeLayout(shape, stride)(coord), 33);
}

TEST(Crd2Idx, DocumentedNestedExample) {
  // Crd2Idx.md: ((2, 4), (3, 5)) : ((3, 6), (1, 24)), Coordinate (11, 12) -> 129.
  auto layout = MakeLayout(MakeShape(MakeShape(2, 4), MakeShape(3, 5)),
                           MakeStride(MakeStride(3, 6), MakeStride(1, 24)));
  auto coord = MakeCoord(11, 12);
  const int expected = (11 % 2) * 3 + (11 / 2) * 6 + (12 % 3) * 1 + (12 / 3) * 24;
  EXPECT_EQ(expected, 129);
  EXPECT_EQ(Crd2Idx(coord, layout), expected);
  EXPECT_EQ(layout(coord), expected);
}

TEST(Crd2Idx, DocumentedStaticExamplesGiveConstants) {
  // Crd2Idx.md, the Layout form: decltype(index)::value = 590.
  constexpr int M = 11;
  constexpr int N = 12;
  constexpr int blockM = 13;
  constexpr int blockN = 14;
  auto coord = MakeCoord(Std::Int<20>{}, Std::Int<30>{});
  auto shape = MakeShape(MakeShape(Std::Int<blockM>{}, Std::Int<M / blockM>{}),
                         MakeShape(Std::Int<blockN>{}, Std::Int<N / blockN>{}));
  auto stride = MakeStride(MakeStride(Std::Int<blockN>{}, Std::Int<blockM * blockN>{}),
                           MakeStride(Std::Int<1>{}, Std::Int<M * blockN>{}));
  auto layout = MakeLayout(shape, stride);
  auto index = layout(coord);
  static_assert(decltype(index)::value == 590);
  static_assert(decltype(Crd2Idx(coord, layout))::value == 590);
  // By hand: 20 over (13, 0) -> (7, 1), 30 over (14, 0) -> (2, 2).
  EXPECT_EQ(7 * 14 + 1 * 182 + 2 * 1 + 2 * 154, 590);

  // The Shape and Stride form: decltype(index)::value = 192.
  auto blockCoordN = Std::Int<12>{};
  auto baseShapeM = Std::Int<13>{};
  auto baseShapeN = Std::Int<14>{};
  auto basestrideM = Std::Int<15>{};
  auto basestrideN = Std::Int<16>{};
  auto coord2 = MakeCoord(Std::Int<0>{}, blockCoordN);
  auto shape2 = MakeShape(MakeShape(baseShapeM, baseShapeM), MakeShape(baseShapeN, baseShapeN));
  auto stride2 =
      MakeStride(MakeStride(basestrideM, basestrideM), MakeStride(basestrideN, basestrideN));
  auto index2 = Crd2Idx(coord2, shape2, stride2);
  static_assert(decltype(index2)::value == 192);
  EXPECT_EQ(12 * 16, 192);
}

// The oracle: a shape of modes, each mode a list of leaf extents with their
// strides. An integer coordinate of a mode is delinearised over its leaves,
// first leaf fastest, the last one taking the rest; the index is the dot
// product of leaf coordinates and strides.
struct Mode {
  std::vector<size_t> extent;
  std::vector<size_t> stride;
};
size_t oracleMode(size_t c, const Mode& m) {
  size_t idx = 0;
  for (size_t k = 0; k < m.extent.size(); ++k) {
    const bool last = k + 1 == m.extent.size();
    const size_t ck = last ? c : c % m.extent[k];
    idx += ck * m.stride[k];
    if (!last) c /= m.extent[k];
  }
  return idx;
}
size_t modeSize(const Mode& m) {
  return std::accumulate(m.extent.begin(), m.extent.end(), size_t{1}, std::multiplies<>());
}
// A whole-shape integer coordinate: over the modes first, then inside each.
size_t oracleLinear(size_t c, const std::vector<Mode>& modes) {
  size_t idx = 0;
  for (size_t k = 0; k < modes.size(); ++k) {
    const bool last = k + 1 == modes.size();
    const size_t ck = last ? c : c % modeSize(modes[k]);
    idx += oracleMode(ck, modes[k]);
    if (!last) c /= modeSize(modes[k]);
  }
  return idx;
}

TEST(Crd2Idx, EveryCoordinateOfNestedShapesMatchesTheOracle) {
  // ((2, 3), 4, (5, 2)) : ((7, 1), 40, (3, 100)), dynamic extents.
  const auto shape = MakeShape(MakeShape(2, 3), 4, MakeShape(5, 2));
  const auto stride = MakeStride(MakeStride(7, 1), 40, MakeStride(3, 100));
  const std::vector<Mode> modes = {{{2, 3}, {7, 1}}, {{4}, {40}}, {{5, 2}, {3, 100}}};
  const auto layout = MakeLayout(shape, stride);
  size_t checked = 0;
  // Per-mode integer coordinates.
  for (int a = 0; a < 6; ++a)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 10; ++c) {
        const size_t expected =
            oracleMode(a, modes[0]) + oracleMode(b, modes[1]) + oracleMode(c, modes[2]);
        ASSERT_EQ(static_cast<size_t>(layout(MakeCoord(a, b, c))), expected)
            << a << "," << b << "," << c;
        ++checked;
      }
  // Fully nested coordinates: the plain dot product.
  for (int a0 = 0; a0 < 2; ++a0)
    for (int a1 = 0; a1 < 3; ++a1)
      for (int c1 = 0; c1 < 2; ++c1) {
        const auto crd = MakeCoord(MakeCoord(a0, a1), 3, MakeCoord(4, c1));
        ASSERT_EQ(Crd2Idx(crd, layout), a0 * 7 + a1 * 1 + 3 * 40 + 4 * 3 + c1 * 100);
        ++checked;
      }
  // One integer over the whole shape (size_t, as the reference allows).
  for (size_t lin = 0; lin < 240; ++lin) {
    ASSERT_EQ(static_cast<size_t>(Crd2Idx(lin, shape, stride)), oracleLinear(lin, modes)) << lin;
    ++checked;
  }
  EXPECT_EQ(checked, 240u + 12u + 240u);
}

TEST(Crd2Idx, ACoordinatePastTheEndRunsOnAlongTheLastStride) {
  // The last dimension takes what the others leave, without a modulo (the
  // reference's Crd2Idx; the page's formula shows a modulo there, which only
  // differs outside the shape).
  const auto shape = MakeShape(3, 4);
  const auto stride = MakeStride(1, 10);
  EXPECT_EQ(Crd2Idx(14, shape, stride), (14 % 3) * 1 + (14 / 3) * 10);
  EXPECT_EQ(Crd2Idx(size_t{5}, MakeShape(2), MakeStride(7)), 35u);
}

TEST(Crd2Idx, StaticZeroCoordinateIsZero) {
  const auto shape = MakeShape(MakeShape(Std::Int<4>{}, Std::Int<8>{}), Std::Int<3>{});
  const auto stride = MakeStride(MakeStride(Std::Int<8>{}, Std::Int<1>{}), Std::Int<32>{});
  auto idx = Crd2Idx(Std::Int<0>{}, shape, stride);
  static_assert(decltype(idx)::value == 0);
  // A static nonzero coordinate over a static shape stays static: 13 -> ((1, 3), 0).
  auto idx13 = Crd2Idx(Std::Int<13>{}, shape, stride);
  static_assert(decltype(idx13)::value == 1 * 8 + 3 * 1);
}

}  // namespace
