// The element-wise binary kernel. Each block takes a contiguous range of the
// output elements (row-major over the broadcast shape), walks the shape's
// indices and reads each operand through its strides (0 along broadcast
// dimensions). Operands are global tensors of their element width; values
// are decoded from their type, computed in the compute kind (float for
// FP16/BF16/FP32, double for FP64, int64 for integers, bool) and encoded into
// out's type. Scalar unit only: broadcasts, strides and mixed types in one
// pass. A broadcast operand (a stride 0) is first read once, element by
// element, into the block's own copy: its elements are used many times, and
// reading one GM word again and again is what a spinning block does.
#include <cmath>
#include <cstring>
#include <vector>

#include "acl/dtype.h"
#include "kernel_operator.h"
#include "ops/common/tiling_math.h"
#include "ops/elementwise_binary/op_kernel/binary_kernel.h"

using namespace AscendC;

namespace asctwin::ops::binary {
namespace {

// An operand: the same GM bytes seen with the width of its element type.
class Operand {
 public:
  __aicore__ inline void Init(GM_ADDR p, int32_t type, uint64_t elems) {
    type_ = type;
    width_ = static_cast<uint32_t>(acl::dataTypeSize(type));
    if (width_ == 1) g8_.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(p), elems);
    if (width_ == 2) g16_.SetGlobalBuffer(reinterpret_cast<__gm__ int16_t*>(p), elems);
    if (width_ == 4) g32_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(p), elems);
    if (width_ == 8) g64_.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(p), elems);
  }

  // Reads the whole storage once into the block's copy (elems elements).
  __aicore__ inline void Stage(uint64_t elems) {
    staged_.resize(elems);
    for (uint64_t i = 0; i < elems; ++i) staged_[i] = Load(static_cast<int64_t>(i));
    isStaged_ = true;
  }

  // The raw bits of element i (zero-extended).
  __aicore__ inline uint64_t Bits(int64_t i) {
    if (isStaged_) return staged_[static_cast<size_t>(i)];
    return Load(i);
  }

  __aicore__ inline uint64_t Load(int64_t i) {
    switch (width_) {
      case 1:
        return static_cast<uint8_t>(g8_.GetValue(static_cast<uint64_t>(i)));
      case 2:
        return static_cast<uint16_t>(g16_.GetValue(static_cast<uint64_t>(i)));
      case 4:
        return static_cast<uint32_t>(g32_.GetValue(static_cast<uint64_t>(i)));
      default:
        return static_cast<uint64_t>(g64_.GetValue(static_cast<uint64_t>(i)));
    }
  }

  __aicore__ inline double AsDouble(int64_t i) {
    const uint64_t b = Bits(i);
    switch (type_) {
      case ACL_FLOAT16:
        return static_cast<double>(acl::halfToFloat(static_cast<uint16_t>(b)));
      case ACL_BF16:
        return static_cast<double>(acl::bf16ToFloat(static_cast<uint16_t>(b)));
      case ACL_FLOAT: {
        float f;
        uint32_t u = static_cast<uint32_t>(b);
        std::memcpy(&f, &u, 4);
        return static_cast<double>(f);
      }
      case ACL_DOUBLE: {
        double d;
        std::memcpy(&d, &b, 8);
        return d;
      }
      default:
        return static_cast<double>(AsInt(i));
    }
  }

  __aicore__ inline int64_t AsInt(int64_t i) {
    const uint64_t b = Bits(i);
    switch (type_) {
      case ACL_INT8:
        return static_cast<int8_t>(b);
      case ACL_INT16:
        return static_cast<int16_t>(b);
      case ACL_INT32:
        return static_cast<int32_t>(b);
      case ACL_BOOL:
        return b != 0 ? 1 : 0;
      default:
        return static_cast<int64_t>(b);  // UINT8/16/32 zero-extended, INT64, UINT64
    }
  }

  __aicore__ inline void Store(int64_t i, uint64_t bits) {
    switch (width_) {
      case 1:
        g8_.SetValue(static_cast<uint64_t>(i), static_cast<int8_t>(bits));
        break;
      case 2:
        g16_.SetValue(static_cast<uint64_t>(i), static_cast<int16_t>(bits));
        break;
      case 4:
        g32_.SetValue(static_cast<uint64_t>(i), static_cast<int32_t>(bits));
        break;
      default:
        g64_.SetValue(static_cast<uint64_t>(i), static_cast<int64_t>(bits));
        break;
    }
  }

  // Encodes a floating result into this operand's type.
  __aicore__ inline uint64_t EncodeFloat(double v) {
    switch (type_) {
      case ACL_FLOAT16:
        return acl::floatToHalf(static_cast<float>(v));
      case ACL_BF16:
        return acl::floatToBf16(static_cast<float>(v));
      case ACL_FLOAT: {
        float f = static_cast<float>(v);
        uint32_t u;
        std::memcpy(&u, &f, 4);
        return u;
      }
      default: {
        uint64_t u;
        std::memcpy(&u, &v, 8);
        return u;
      }
    }
  }

 private:
  int32_t type_ = ACL_FLOAT;
  uint32_t width_ = 4;
  bool isStaged_ = false;
  std::vector<uint64_t> staged_;
  GlobalTensor<int8_t> g8_;
  GlobalTensor<int16_t> g16_;
  GlobalTensor<int32_t> g32_;
  GlobalTensor<int64_t> g64_;
};

class KernelBinary {
 public:
  __aicore__ inline void Init(GM_ADDR self, GM_ADDR other, GM_ADDR out, const BinaryTiling& t) {
    t_ = t;
    self_.Init(self, t.selfType, t.selfElems);
    other_.Init(other, t.otherType, t.otherElems);
    out_.Init(out, t.outType, t.outElems);
    const auto b = static_cast<uint64_t>(GetBlockIdx());
    begin_ = SplitPoint(t.total, b, t.blockDim);
    end_ = SplitPoint(t.total, b + 1, t.blockDim);
    auto broadcast = [&](const int64_t* stride) {
      for (uint32_t k = 0; k < t.rank; ++k)
        if (stride[k] == 0 && t.dims[k] > 1) return true;
      return false;
    };
    if (broadcast(t.selfStride)) self_.Stage(t.selfElems);
    if (broadcast(t.otherStride)) other_.Stage(t.otherElems);
  }

  __aicore__ inline void Process() {
    for (uint64_t i = begin_; i < end_; ++i) {
      int64_t s = t_.selfOffset, o = t_.otherOffset, d = t_.outOffset;
      uint64_t rest = i;
      for (int32_t k = static_cast<int32_t>(t_.rank) - 1; k >= 0; --k) {
        const auto extent = static_cast<uint64_t>(t_.dims[k]);
        const auto idx = static_cast<int64_t>(rest % extent);
        rest /= extent;
        s += idx * t_.selfStride[k];
        o += idx * t_.otherStride[k];
        d += idx * t_.outStride[k];
      }
      out_.Store(d, Compute(s, o));
    }
  }

 private:
  __aicore__ inline uint64_t Compute(int64_t s, int64_t o) {
    const bool add = t_.op == kOpAdd;
    switch (t_.compute) {
      case kComputeFloat: {
        const auto a = static_cast<float>(self_.AsDouble(s));
        const auto b = static_cast<float>(other_.AsDouble(o));
        const float alpha = static_cast<float>(t_.alphaFloat);
        const float r = add ? (alpha == 1.0f ? a + b : a + alpha * b) : a * b;
        return out_.EncodeFloat(static_cast<double>(r));
      }
      case kComputeDouble: {
        const double a = self_.AsDouble(s), b = other_.AsDouble(o);
        return out_.EncodeFloat(add ? a + t_.alphaFloat * b : a * b);
      }
      case kComputeBool: {
        const bool a = self_.AsInt(s) != 0, b = other_.AsInt(o) != 0;
        const bool r = add ? (a || (t_.alphaInt != 0 && b)) : (a && b);
        return EncodeInt(r ? 1 : 0);
      }
      default: {
        const auto a = static_cast<uint64_t>(self_.AsInt(s));
        const auto b = static_cast<uint64_t>(other_.AsInt(o));
        // Wrapping arithmetic in 64 bits, truncated to out's width on store.
        const uint64_t r = add ? a + static_cast<uint64_t>(t_.alphaInt) * b : a * b;
        return EncodeInt(static_cast<int64_t>(r));
      }
    }
  }

  // An integer result into out's type (out may be floating: int -> float).
  __aicore__ inline uint64_t EncodeInt(int64_t v) {
    switch (t_.outType) {
      case ACL_FLOAT16:
      case ACL_BF16:
      case ACL_FLOAT:
      case ACL_DOUBLE:
        return out_.EncodeFloat(static_cast<double>(v));
      case ACL_BOOL:
        return v != 0 ? 1 : 0;
      default:
        return static_cast<uint64_t>(v);
    }
  }

  BinaryTiling t_{};
  Operand self_, other_, out_;
  uint64_t begin_ = 0, end_ = 0;
};

}  // namespace

__global__ __aicore__ void elementwise_binary(GM_ADDR self, GM_ADDR other, GM_ADDR out,
                                              BinaryTiling tiling) {
  KernelBinary k;
  k.Init(self, other, out, tiling);
  k.Process();
}

}  // namespace asctwin::ops::binary
