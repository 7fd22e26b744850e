// Uses of the dequantising APIs that the real templates refuse at compile
// time, one per ASCTWIN_CASE (tests/isa/CMakeLists.txt checks each
// diagnostic); case 0 is the correct use of every form and must compile.
#include "kernel_operator.h"

using namespace AscendC;

void uses(const LocalTensor<half>& h, const LocalTensor<int32_t>& s32,
          const LocalTensor<int16_t>& s16, const LocalTensor<int8_t>& s8,
          const LocalTensor<uint8_t>& u8, const LocalTensor<float>& f,
          const LocalTensor<uint32_t>& offs) {
  uint64_t mask[2] = {~0ull, ~0ull};
  const BinaryRepeatParams bp;
  const UnaryRepeatParams up;
#if ASCTWIN_CASE == 0
  AddDeqRelu(h, s32, s32, 64);
  AddDeqRelu<half, int32_t>(h, s32, s32, 64);
  AddDeqRelu(h, s32, s32, mask, 1, bp);
  AddDeqRelu<false>(h, s32, s32, MASK_PLACEHOLDER, 1, bp);
  AddDeqRelu<half, int32_t, true>(h, s32, s32, 64, 1, bp);
  CastDequant<int8_t, int16_t>(s8, s16, 128u);
  CastDequant<uint8_t, int16_t, true, false, false>(u8, s16, mask, 1, up);
  CastDeq<half, int32_t, false>(h, s32, 64, 1, up);
  CastDequant<half, float>(h, f, 64u);  // compiles; refused when it runs
  BilinearInterpolation(h, h, offs, h, 128, 1, false, 1, 128, 1, u8);
  BilinearInterpolation(h, h, offs, h, mask, 1, true, 1, 128, 1, u8);
#elif ASCTWIN_CASE == 1
  AddDeqRelu<float, int32_t>(f, s32, s32, 64);
#elif ASCTWIN_CASE == 2
  AddDeqRelu<half, int16_t, true>(h, s16, s16, 64, 1, bp);
#elif ASCTWIN_CASE == 3
  CastDequant<half, int16_t>(h, s16, 128u);
#elif ASCTWIN_CASE == 4
  CastDequant<int8_t, uint8_t, true>(s8, u8, mask, 1, up);
#endif
}
