// Devkit mode: the parameter checks of Huawei's CPU mode (AscendC::check::
// CheckFunc*Impl, declared by impl/basic_api/utils/kernel_check_*_util.h and
// defined by CANN's CPU-mode runtime), and its process lock.
//
// On the twin the operands are checked where the instruction executes: the
// ISA core resolves every operand against the calling core's memories and
// fails the launch on an address outside them, a misaligned operand or a
// repeat that runs past the end (src/isa/operand.cpp), and the GM side is
// checked against the live device allocations. So each CPU-mode pre-check
// accepts its parameters (their structures are Huawei's and stay opaque
// here) and the ISA core reports the error, naming the API and source line.
#include <cstdint>

#include "asctwin/kernel/runtime.h"

namespace AscendC {
namespace check {
struct CopyApiParams;
struct CubeInitConstValueApiParams;
struct DataCopyApiParams;
struct DataCopyPadApiParams;
struct DataCopySliceApiParams;
struct LoadData2dApiParams;
struct LoadData2dv2ApiParams;
struct LoadData3dv1ApiParams;
struct LoadData3dv2ApiParams;
struct LoadData3dv2ProApiParams;
struct LoadImageToLocalApiParams;
struct MmadApiParams;
struct SortApiParams;
struct VecBilinearInterpolationApiParams;
struct VecBinaryApiParams;
struct VecBinaryScalarApiParams;
struct VecBroadCastApiParams;
struct VecBroadCastToMMApiParams;
struct VecCmpRgtApiParams;
struct VecCreateVecIndexApiParams;
struct VecDupApiParams;
struct VecGatherApiParams;
struct VecGatherMaskApiParams;
struct VecProposalApiParams;
struct VecReduceApiParams;
struct VecReduceWhlApiParams;
struct VecScatterApiParams;
struct VecSelectApiParams;
struct VecTransposeApiParams;
struct VectorPaddingApiParams;

// Declared here as the headers declare them (their definitions follow).
bool CheckFunBcBImpl(VecBroadCastApiParams&, uint32_t, const char*);
bool CheckFunDupImpl(VecDupApiParams&, const char*);
bool CheckFunDupImpl(VecDupApiParams&, const uint64_t, const char*);
bool CheckFunDupImplForMaskArray(VecDupApiParams&, const uint64_t*, const char*);
bool CheckFunProposalImpl(VecProposalApiParams&, const char*);
bool CheckFunReduceImpl(VecReduceApiParams&, const char*);
bool CheckFunReduceImpl(VecReduceApiParams&, const uint64_t, const char*);
bool CheckFunReduceImplForMaskArray(VecReduceApiParams&, const uint64_t*, const char*);
bool CheckFunReduceImplMode2(VecReduceApiParams&, const char*);
bool CheckFunReduceOtherImpl(VecReduceApiParams&, const uint64_t, const char*);
bool CheckFunReduceOtherImplForMaskArray(VecReduceApiParams&, const uint64_t*, const char*);
bool CheckFunReduceOtherWhlImpl(VecReduceWhlApiParams&, const uint64_t, const char*);
bool CheckFunReduceOtherWhlImplForMaskArray(VecReduceWhlApiParams&, const uint64_t*, const char*);
bool CheckFunScatterImpl(VecScatterApiParams&, const char*);
bool CheckFunScatterImpl(VecScatterApiParams&, const uint64_t, const char*);
bool CheckFunScatterImplForMaskArray(VecScatterApiParams&, const uint64_t*, const char*);
bool CheckFunTransposeImpl(VecTransposeApiParams&, const char*);
bool CheckFunVecBinaryScalarImpl(VecBinaryScalarApiParams&, const char*);
bool CheckFunVecBinaryScalarImpl(VecBinaryScalarApiParams&, const uint64_t, const char*);
bool CheckFunVecBinaryScalarImplForMaskArray(VecBinaryScalarApiParams&, const uint64_t*,
                                             const char*);
bool CheckFuncBilinearInterpolationImpl(VecBilinearInterpolationApiParams&, const uint64_t,
                                        const char*);
bool CheckFuncBilinearInterpolationImpl(VecBilinearInterpolationApiParams&, const uint64_t*,
                                        const char*);
bool CheckFuncBroadCastToMMImpl(VecBroadCastToMMApiParams&, const char*);
bool CheckFuncCopyImpl(CopyApiParams&, const char*);
bool CheckFuncCopyImpl(CopyApiParams&, const uint64_t, const char*);
bool CheckFuncCopyImplForMaskArray(CopyApiParams&, const uint64_t*, const char*);
bool CheckFuncCreateVecIndexImpl(VecCreateVecIndexApiParams&, const char*);
bool CheckFuncCreateVecIndexImpl(VecCreateVecIndexApiParams&, const uint64_t, const char*);
bool CheckFuncCreateVecIndexImpl(VecCreateVecIndexApiParams&, const uint64_t*, const char*);
bool CheckFuncDataCopyImpl(DataCopyApiParams&, const char*);
bool CheckFuncDataCopyPadImpl(DataCopyPadApiParams&, const char*);
bool CheckFuncDataCopySliceImpl(DataCopySliceApiParams&, const char*);
bool CheckFuncGatherImpl(VecGatherApiParams&, const char*);
bool CheckFuncGatherImpl(VecGatherApiParams&, const uint64_t, const char*);
bool CheckFuncGatherImpl(VecGatherApiParams&, const uint64_t*, const char*);
bool CheckFuncGatherbImpl(VecGatherApiParams&, uint32_t, const char*);
bool CheckFuncInitConstValueImpl(CubeInitConstValueApiParams&, const char*);
bool CheckFuncLoadData2dImpl(LoadData2dApiParams&, const char*);
bool CheckFuncLoadData2dv2Impl(LoadData2dv2ApiParams&, const char*);
bool CheckFuncLoadData3dv1Impl(LoadData3dv1ApiParams&, const char*);
bool CheckFuncLoadData3dv2Impl(LoadData3dv2ApiParams&, const char*);
bool CheckFuncLoadData3dv2ProImpl(LoadData3dv2ProApiParams&, const char*);
bool CheckFuncLoadImageToLocalImpl(LoadImageToLocalApiParams&, const char*);
bool CheckFuncMmadImpl(MmadApiParams&, const char*);
bool CheckFuncVecBinaryCmpImpl(VecBinaryApiParams&, const char*);
bool CheckFuncVecBinaryCmpImpl(VecBinaryApiParams&, const uint64_t, const char*);
bool CheckFuncVecBinaryCmpImplForMaskArray(VecBinaryApiParams&, const uint64_t*, const char*);
bool CheckFuncVecBinaryImpl(VecBinaryApiParams&, const char*);
bool CheckFuncVecBinaryImpl(VecBinaryApiParams&, const uint64_t, const char*);
bool CheckFuncVecBinaryImplForMaskArray(VecBinaryApiParams&, const uint64_t*, const char*);
bool CheckFuncVecBinaryScalarCmpImpl(VecBinaryScalarApiParams&, const char*);
bool CheckFuncVecBinaryScalarCmpImpl(VecBinaryScalarApiParams&, const uint64_t, const char*);
bool CheckFuncVecCmpRgtImpl(VecCmpRgtApiParams&, const uint64_t, const char*);
bool CheckFuncVecCmpRgtImplForMaskArray(VecCmpRgtApiParams&, const uint64_t*, const char*);
bool CheckFuncVecGatherMaskImpl(VecGatherMaskApiParams&, const uint32_t, const char*);
bool CheckFuncVecSelectImpl(VecSelectApiParams&, const char*);
bool CheckFuncVecSelectImpl(VecSelectApiParams&, const uint64_t, const char*);
bool CheckFuncVecSelectImplForMaskArray(VecSelectApiParams&, const uint64_t*, const char*);
bool CheckSortImpl(SortApiParams&, const char*);
bool CheckVectorPadding(VectorPaddingApiParams&, const char*);
bool CheckVectorPadding(VectorPaddingApiParams&, const uint64_t, const char*);
bool CheckVectorPaddingForMaskArray(VectorPaddingApiParams&, const uint64_t*, const char*);
uint64_t GetHardWarebufferSize(uint8_t index);

bool CheckFunBcBImpl(VecBroadCastApiParams&, uint32_t, const char*) {
  return true;
}
bool CheckFunDupImpl(VecDupApiParams&, const char*) {
  return true;
}
bool CheckFunDupImpl(VecDupApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFunDupImplForMaskArray(VecDupApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFunProposalImpl(VecProposalApiParams&, const char*) {
  return true;
}
bool CheckFunReduceImpl(VecReduceApiParams&, const char*) {
  return true;
}
bool CheckFunReduceImpl(VecReduceApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFunReduceImplForMaskArray(VecReduceApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFunReduceImplMode2(VecReduceApiParams&, const char*) {
  return true;
}
bool CheckFunReduceOtherImpl(VecReduceApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFunReduceOtherImplForMaskArray(VecReduceApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFunReduceOtherWhlImpl(VecReduceWhlApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFunReduceOtherWhlImplForMaskArray(VecReduceWhlApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFunScatterImpl(VecScatterApiParams&, const char*) {
  return true;
}
bool CheckFunScatterImpl(VecScatterApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFunScatterImplForMaskArray(VecScatterApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFunTransposeImpl(VecTransposeApiParams&, const char*) {
  return true;
}
bool CheckFunVecBinaryScalarImpl(VecBinaryScalarApiParams&, const char*) {
  return true;
}
bool CheckFunVecBinaryScalarImpl(VecBinaryScalarApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFunVecBinaryScalarImplForMaskArray(VecBinaryScalarApiParams&, const uint64_t*,
                                             const char*) {
  return true;
}
bool CheckFuncBilinearInterpolationImpl(VecBilinearInterpolationApiParams&, const uint64_t,
                                        const char*) {
  return true;
}
bool CheckFuncBilinearInterpolationImpl(VecBilinearInterpolationApiParams&, const uint64_t*,
                                        const char*) {
  return true;
}
bool CheckFuncBroadCastToMMImpl(VecBroadCastToMMApiParams&, const char*) {
  return true;
}
bool CheckFuncCopyImpl(CopyApiParams&, const char*) {
  return true;
}
bool CheckFuncCopyImpl(CopyApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncCopyImplForMaskArray(CopyApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFuncCreateVecIndexImpl(VecCreateVecIndexApiParams&, const char*) {
  return true;
}
bool CheckFuncCreateVecIndexImpl(VecCreateVecIndexApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncCreateVecIndexImpl(VecCreateVecIndexApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFuncDataCopyImpl(DataCopyApiParams&, const char*) {
  return true;
}
bool CheckFuncDataCopyPadImpl(DataCopyPadApiParams&, const char*) {
  return true;
}
bool CheckFuncDataCopySliceImpl(DataCopySliceApiParams&, const char*) {
  return true;
}
bool CheckFuncGatherImpl(VecGatherApiParams&, const char*) {
  return true;
}
bool CheckFuncGatherImpl(VecGatherApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncGatherImpl(VecGatherApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFuncGatherbImpl(VecGatherApiParams&, uint32_t, const char*) {
  return true;
}
bool CheckFuncInitConstValueImpl(CubeInitConstValueApiParams&, const char*) {
  return true;
}
bool CheckFuncLoadData2dImpl(LoadData2dApiParams&, const char*) {
  return true;
}
bool CheckFuncLoadData2dv2Impl(LoadData2dv2ApiParams&, const char*) {
  return true;
}
bool CheckFuncLoadData3dv1Impl(LoadData3dv1ApiParams&, const char*) {
  return true;
}
bool CheckFuncLoadData3dv2Impl(LoadData3dv2ApiParams&, const char*) {
  return true;
}
bool CheckFuncLoadData3dv2ProImpl(LoadData3dv2ProApiParams&, const char*) {
  return true;
}
bool CheckFuncLoadImageToLocalImpl(LoadImageToLocalApiParams&, const char*) {
  return true;
}
bool CheckFuncMmadImpl(MmadApiParams&, const char*) {
  return true;
}
bool CheckFuncVecBinaryCmpImpl(VecBinaryApiParams&, const char*) {
  return true;
}
bool CheckFuncVecBinaryCmpImpl(VecBinaryApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncVecBinaryCmpImplForMaskArray(VecBinaryApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFuncVecBinaryImpl(VecBinaryApiParams&, const char*) {
  return true;
}
bool CheckFuncVecBinaryImpl(VecBinaryApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncVecBinaryImplForMaskArray(VecBinaryApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFuncVecBinaryScalarCmpImpl(VecBinaryScalarApiParams&, const char*) {
  return true;
}
bool CheckFuncVecBinaryScalarCmpImpl(VecBinaryScalarApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncVecCmpRgtImpl(VecCmpRgtApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncVecCmpRgtImplForMaskArray(VecCmpRgtApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckFuncVecGatherMaskImpl(VecGatherMaskApiParams&, const uint32_t, const char*) {
  return true;
}
bool CheckFuncVecSelectImpl(VecSelectApiParams&, const char*) {
  return true;
}
bool CheckFuncVecSelectImpl(VecSelectApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckFuncVecSelectImplForMaskArray(VecSelectApiParams&, const uint64_t*, const char*) {
  return true;
}
bool CheckSortImpl(SortApiParams&, const char*) {
  return true;
}
bool CheckVectorPadding(VectorPaddingApiParams&, const char*) {
  return true;
}
bool CheckVectorPadding(VectorPaddingApiParams&, const uint64_t, const char*) {
  return true;
}
bool CheckVectorPaddingForMaskArray(VectorPaddingApiParams&, const uint64_t*, const char*) {
  return true;
}

// The size of local memory `index` (a Hardware value) on the calling core.
uint64_t GetHardWarebufferSize(uint8_t index) {
  using asctwin::kernel::Space;
  constexpr Space kSpace[] = {Space::GM,  Space::UB,  Space::L1, Space::L0A,
                              Space::L0B, Space::L0C, Space::BT, Space::FB};
  if (index == 0 || index >= sizeof(kSpace) / sizeof(kSpace[0]) || !asctwin::kernel::inKernel())
    return 0;
  return asctwin::kernel::localSize(kSpace[index]);
}

}  // namespace check
}  // namespace AscendC
