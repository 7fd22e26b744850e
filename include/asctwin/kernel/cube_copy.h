// DataCopy into L1 with layout conversion: GM -> L1 ND -> NZ (Nd2NzParams,
// copy_gm_to_cbuf_multi_nd2nz_b8/b16/b32s as the real implementation
// calls them), and the DN -> NZ form that only Ascend 950 has.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/cube_load.h"

namespace AscendC {

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& intriParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::cubeBuffer(dst)});
  if (dst.ref().space != detail::Space::L1)
    detail::cubeBadPosition("DataCopy with Nd2NzParams", "dst", "L1 (A1/B1/C1)", dst.ref().space);
  const Nd2NzParams& p = intriParams;
  T* d = reinterpret_cast<T*>(dst.ref().ptr);
  T* s = const_cast<T*>(src.GetPhyAddr());
  // int4b_t moves as bytes: every parameter counts bytes (int8 elements),
  // as the page says ("ND2NZ过程中数据是基于b8类型进行处理").
  if constexpr (sizeof(T) == 1) {
    copy_gm_to_cbuf_multi_nd2nz_b8(d, s, 0, p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride,
                                   p.srcDValue, p.dstNzC0Stride, p.dstNzNStride,
                                   p.dstNzMatrixStride);
  } else if constexpr (sizeof(T) == 2) {
    copy_gm_to_cbuf_multi_nd2nz_b16(d, s, 0, p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride,
                                    p.srcDValue, p.dstNzC0Stride, p.dstNzNStride,
                                    p.dstNzMatrixStride);
  } else {
    static_assert(sizeof(T) == 4, "DataCopy with Nd2NzParams moves 1-, 2- or 4-byte elements");
    copy_gm_to_cbuf_multi_nd2nz_b32s(d, s, 0, p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride,
                                     p.srcDValue, p.dstNzC0Stride, p.dstNzNStride,
                                     p.dstNzMatrixStride);
  }
}

template <typename T>
void DataCopy(const LocalTensor<T>&, const GlobalTensor<T>&, const Dn2NzParams&,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc);
  detail::cubeUnsupported("DataCopy with Dn2NzParams");
}

}  // namespace AscendC
