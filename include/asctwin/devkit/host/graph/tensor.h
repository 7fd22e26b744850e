// Devkit mode, host side: ge::Shape of CANN's graph library, as the tiling
// functions take it (dimensions; the element count; -1 marks an unknown
// dimension, -2 an unknown rank).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "graph/types.h"

namespace ge {

constexpr int64_t UNKNOWN_DIM = -1;
constexpr int64_t UNKNOWN_DIM_NUM = -2;

class Shape {
 public:
  Shape() = default;
  explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {
    for (int64_t d : dims) {
      if (d == UNKNOWN_DIM_NUM) dims_ = {UNKNOWN_DIM_NUM};
    }
  }
  size_t GetDimNum() const {
    for (int64_t d : dims_) {
      if (d == UNKNOWN_DIM_NUM) return 0;
    }
    return dims_.size();
  }
  int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
  graphStatus SetDim(size_t idx, int64_t value) {
    if (idx >= dims_.size()) return GRAPH_FAILED;
    dims_[idx] = value;
    return GRAPH_SUCCESS;
  }
  std::vector<int64_t> GetDims() const { return dims_; }
  // The element count: 0 for no dimension, -1 when a dimension is unknown,
  // 0 when the product overflows.
  int64_t GetShapeSize() const {
    if (dims_.empty()) return 0;
    int64_t size = 1;
    for (int64_t d : dims_) {
      if (d == UNKNOWN_DIM || d == UNKNOWN_DIM_NUM) return -1;
      if (__builtin_mul_overflow(size, d, &size)) return 0;
    }
    return size;
  }
  bool operator==(const Shape& o) const { return dims_ == o.dims_; }

 private:
  std::vector<int64_t> dims_;
};

}  // namespace ge
