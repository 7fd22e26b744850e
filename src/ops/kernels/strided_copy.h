// The data-movement operators every operator builds on, each one launch of
// the StridedCopy kernel (strided_copy_kernel.h) on the kernel twin:
// StridedCopy, ViewCopy, Contiguous, Fill, ZerosLike and OnesLike. Call them
// from inside a stream task: they launch at once on the calling thread and
// wait for the kernel. Errors come back as a Status carrying the kernel's
// aclError code and message, prefixed with the operator's name.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "common/status.h"
#include "ops/kernels/view.h"

namespace asctwin::ops::kernels {

// Copies the elements of `src` into `dst` in row-major order of their common
// shape (same element width). Bit patterns are moved, never converted.
Status stridedCopy(const View& src, const View& dst, const char* opName = "StridedCopy");
// What stridedCopy would refuse for these layouts, without launching and
// whatever the data pointers (for plans that decide at GetWorkspaceSize,
// before the workspace exists): rank at most 8, one stride per dimension,
// equal shapes and element widths, no two destination elements on one
// location, and strides the copy engine can express.
Status checkStridedCopy(const View& src, const View& dst, const char* opName = "StridedCopy");
// ViewCopy: a dense row-major source of dst's shape into the view `dst`.
// FP64 moves through an INT64 bit-view of both sides (design §3.2.3).
Status viewCopy(const void* src, const View& dst);
// Contiguous: the view `src` into a dense row-major buffer at `dst`.
Status contiguous(const View& src, void* dst);

// Raw bit pattern of `value` in `dtype` (floats rounded to nearest even,
// integers and BOOL by value); used for Fill. Integers take (int64_t)value.
uint64_t valueBits(aclDataType dtype, double value);

// Fill: every element of the view becomes `value` (any rank <= 8, any
// strides). ZerosLike/OnesLike are fill(view, 0) / fill(view, 1).
Status fill(const View& dst, double value, const char* opName = "Fill");
Status zerosLike(const View& dst);
Status onesLike(const View& dst);

}  // namespace asctwin::ops::kernels
