// Uses of the system-register templates that the real A2/A3 headers reject
// at compile time (dav_c220's CheckCtrlSprBitRange and
// IsSupportedSaturationMode): each ASCTWIN_CASE is compiled alone and must
// fail with the reference's diagnostic; case 0 (correct use) must compile.
#include "kernel_operator.h"

void sysRegsMisuse() {
#if ASCTWIN_CASE == 0
  AscendC::SetCtrlSpr<48, 48>(1);
  (void)AscendC::GetCtrlSpr<48, 48>();
  AscendC::SetSaturationFlag<AscendC::SaturationMode::FLOAT>(true);
  AscendC::SetSaturationFlag<AscendC::SaturationMode::INT>(true);
  (void)AscendC::GetSaturationFlag<AscendC::SaturationMode::CAST>();
  AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F16, AscendC::AtomicOp::ATOMIC_SUM>();
#elif ASCTWIN_CASE == 1
  AscendC::SetCtrlSpr<0, 63>(1);  // A2/A3: bit 48 only
#elif ASCTWIN_CASE == 2
  (void)AscendC::GetCtrlSpr<47, 48>();
#elif ASCTWIN_CASE == 3
  AscendC::SetSaturationFlag<AscendC::SaturationMode::FLOAT8>(true);  // not on A2/A3
#elif ASCTWIN_CASE == 4
  (void)AscendC::GetSaturationFlag<AscendC::SaturationMode::FLOAT8>();
#endif
}
