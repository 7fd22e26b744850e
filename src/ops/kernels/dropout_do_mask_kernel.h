// The DropoutDoMask Ascend C kernel: each core takes [blockIdx * perCore,
// +perCore) of the elements and walks it in UB tiles through the usual VECIN
// -> compute -> VECOUT queues.
#pragma once

#include "ops/kernels/elementwise_kernel.h"

namespace asctwin::ops::kernels {

// y[i] = bit_i(mask) ? x[i] * scale : 0 (scale = 1 / keep_prob), T = half or float.
template <typename T>
__global__ __aicore__ void dropoutDoMaskKernel(GM_ADDR x, GM_ADDR mask, GM_ADDR y,
                                               ElementwiseTiling t, float scale) {
  using namespace AscendC;
  const CoreRange range = coreRange(t);
  if (range.empty()) return;
  GlobalTensor<T> xg;
  GlobalTensor<T> yg;
  GlobalTensor<uint8_t> mg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), t.total);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.total);
  mg.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(mask), (t.total + 7) / 8);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inX;
  TQue<TPosition::VECIN, 1> inM;
  TQue<TPosition::VECOUT, 1> outY;
  pipe.InitBuffer(inX, 1, t.tile * static_cast<uint32_t>(sizeof(T)));
  pipe.InitBuffer(inM, 1, t.tile / 8);
  pipe.InitBuffer(outY, 1, t.tile * static_cast<uint32_t>(sizeof(T)));
  const T s = static_cast<T>(scale);
  for (uint64_t pos = range.begin; pos < range.end; pos += t.tile) {
    const uint32_t count = range.tileAt(pos, t.tile);
    LocalTensor<T> xl = inX.AllocTensor<T>();
    copyTileIn(xl, xg[pos], count);
    inX.EnQue(xl);
    LocalTensor<uint8_t> ml = inM.AllocTensor<uint8_t>();
    DataCopyPad(ml, mg[pos / 8], DataCopyExtParams(1, (count + 7) / 8, 0, 0, 0),
                DataCopyPadExtParams<uint8_t>());
    inM.EnQue(ml);
    xl = inX.DeQue<T>();
    ml = inM.DeQue<uint8_t>();
    LocalTensor<T> yl = outY.AllocTensor<T>();
    Muls(yl, xl, s, static_cast<int32_t>(count));
    Select(yl, ml, yl, static_cast<T>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
    outY.EnQue(yl);
    inX.FreeTensor(xl);
    inM.FreeTensor(ml);
    yl = outY.DeQue<T>();
    copyTileOut(yg[pos], yl, count);
    outY.FreeTensor(yl);
  }
}

}  // namespace asctwin::ops::kernels
