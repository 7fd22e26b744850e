// ShapeInfo: the shape a LocalTensor or GlobalTensor of a plain element type
// carries (SetShapeInfo/GetShapeInfo): the current shape and dimension count,
// the original shape (e.g. ND (512, 496) for an NZ tensor of shape
// (32, 31, 16, 16)) and the data format.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/runtime.h"

#ifndef K_MAX_SHAPE_DIM
#define K_MAX_SHAPE_DIM 8
#endif

namespace AscendC {

#ifndef ASCC_ENUM_DATAFORMAT
#define ASCC_ENUM_DATAFORMAT
enum class DataFormat : uint8_t {
  ND = 0,
  NZ,
  NCHW,
  NC1HWC0,
  NHWC,
  NCDHW,
  NDC1HWC0,
  FRACTAL_Z_3D,
};
#endif  // ASCC_ENUM_DATAFORMAT

struct ShapeInfo {
 public:
  // No shape: the reference leaves the fields unset ("no default value");
  // the twin zeroes them, so reading a never-set ShapeInfo is defined.
  ShapeInfo() {}
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[],
            const uint8_t inputOriginalShapeDim, const uint32_t inputOriginalShape[],
            const DataFormat inputFormat,
            std::source_location loc = std::source_location::current())
      : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim), dataFormat(inputFormat) {
    checkDims(loc);
    copy(shape, inputShape, shapeDim);
    copy(originalShape, inputOriginalShape, originalShapeDim);
  }
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat,
            std::source_location loc = std::source_location::current())
      : shapeDim(inputShapeDim), originalShapeDim(inputShapeDim), dataFormat(inputFormat) {
    checkDims(loc);
    copy(shape, inputShape, shapeDim);
    copy(originalShape, inputShape, shapeDim);
  }
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[],
            std::source_location loc = std::source_location::current())
      : ShapeInfo(inputShapeDim, inputShape, DataFormat::ND, loc) {}

  uint8_t shapeDim = 0;
  uint8_t originalShapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM] = {};
  uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
  DataFormat dataFormat = DataFormat::ND;

 private:
  // More than K_MAX_SHAPE_DIM dimensions would overrun the arrays: the
  // reference's CPU mode stops with an assertion, the twin fails the kernel.
  void checkDims(const std::source_location& loc) const {
    if (shapeDim > K_MAX_SHAPE_DIM || originalShapeDim > K_MAX_SHAPE_DIM)
      asctwin::kernel::fail(asctwin::kernel::Site::at("ShapeInfo", loc),
                            "ShapeInfo: inputShapeDim is %u, inputOriginalShapeDim is %u; both "
                            "must be at most %d",
                            shapeDim, originalShapeDim, K_MAX_SHAPE_DIM);
  }
  static void copy(uint32_t* to, const uint32_t* from, uint8_t n) {
    for (uint8_t i = 0; i < n; ++i) to[i] = from[i];
  }
};

// The product of the current shape's dimensions (1 for no dimension).
inline uint64_t GetShapeSize(const ShapeInfo& shapeInfo) {
  uint64_t size = 1;
  for (uint8_t i = 0; i < shapeInfo.shapeDim; ++i) size *= shapeInfo.shape[i];
  return size;
}

}  // namespace AscendC
