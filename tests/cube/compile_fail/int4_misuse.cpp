// Uses of int4b_t tensors that dav_c220 refuses by type, which the twin
// refuses at compile time, one per ASCTWIN_CASE (tests/cube/CMakeLists.txt
// checks each diagnostic); case 0 is the accepted use of every int4 form
// and must compile.
#include "kernel_operator.h"

using namespace AscendC;

void uses(const LocalTensor<int4b_t>& l1, const LocalTensor<int4b_t>& l0a,
          const LocalTensor<int4b_t>& l0b, const LocalTensor<int32_t>& l0c,
          const LocalTensor<int32_t>& bias, const GlobalTensor<int4b_t>& gm,
          const GlobalTensor<int32_t>& out) {
  (void)bias;
#if ASCTWIN_CASE == 0
  DataCopy(l1, gm, Nd2NzParams(1, 16, 32, 0, 32, 16, 1, 0));
  LoadData(l0a, l1, LoadData2DParams(0, 1, 1, 0, 0, false, 0));
  LoadDataWithTranspose(l0b, l1, LoadData2dTransposeParams(0, 1, 1, 3, 0));
  LoadData3DParamsV2<int4b_t> p;
  p.padValue = int4b_t(-1);
  LoadData(l0a, l1, p);
  Mmad(l0c, l0a, l0b, MmadParams(16, 16, 64, 0, false, true));
  Fixpipe(out, l0c, FixpipeParamsV220(16, 16, 16, 16, false));
  (void)gm.GetValue(1);
  (void)l1[64].GetSize();
#elif ASCTWIN_CASE == 1
  Mmad(l0c, l0a, l0b, bias, MmadParams(16, 16, 64, 0, false, true));
#elif ASCTWIN_CASE == 2
  LoadData(l0a, gm, LoadData2DParams(0, 1, 1, 0, 0, false, 0));
#endif
}
