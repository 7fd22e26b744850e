// Uses of the data-structure API that the real Ascend C templates refuse at
// compile time; each ASCTWIN_CASE must fail to compile here too, with the
// reference's message (tests/kernel/CMakeLists.txt checks it). Case 0 is the
// control: the same setting used correctly compiles.
#include "kernel_operator.h"

using namespace AscendC;

void misuse() {
#if ASCTWIN_CASE == 0
  LocalTensor<TensorTrait<half>> t;
  LocalTensor<half> p;
  uint32_t dims[] = {2, 3};
  p.SetShapeInfo(ShapeInfo(2, dims));
  (void)t.GetPhyAddr();
  auto l = MakeLayout(MakeShape(1, 2), MakeStride(2, 1));
  (void)Crd2Idx(MakeCoord(1, 1), l);
  (void)MakeTensorTrait<half, TPosition::VECIN>(l);
#elif ASCTWIN_CASE == 1
  LocalTensor<TensorTrait<half>> t;
  uint32_t dims[] = {2, 3};
  t.SetShapeInfo(ShapeInfo(2, dims));
#elif ASCTWIN_CASE == 2
  GlobalTensor<TensorTrait<float>> g;
  (void)g.GetShapeInfo();
#elif ASCTWIN_CASE == 3
  LocalTensor<TensorTrait<half>> t(TPosition::VECCALC, 0, 128);
#elif ASCTWIN_CASE == 4
  LocalTensor<half> t(0u);
#elif ASCTWIN_CASE == 5
  LocalTensor<TensorTrait<half>> t(0u);  // the default position is GM
#elif ASCTWIN_CASE == 6
  (void)MakeLayout(1, 2);
#elif ASCTWIN_CASE == 7
  (void)Crd2Idx(MakeCoord(1, 2), MakeShape(3, 4, 5), MakeStride(1, 2, 3));
#elif ASCTWIN_CASE == 8
  TensorTrait<half, TPosition::GM, int> t;
  (void)t;
#elif ASCTWIN_CASE == 9
  (void)MakeTensorTrait<half, TPosition::VECIN>(MakeShape(1));
#elif ASCTWIN_CASE == 10
  LocalTensor<TensorTrait<half>> t;
  LocalTensor<half> p = t;
#elif ASCTWIN_CASE == 11
  using Odd =
      TensorTrait<half, TPosition::VECCALC,
                  Layout<Shape<Std::Int<3>, Std::Int<1>>, Stride<Std::Int<1>, Std::Int<1>>>>;
  LocalTensor<Odd> t(0u);
#endif
}
