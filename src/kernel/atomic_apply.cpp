#include "kernel/atomic_apply.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <mutex>

namespace asctwin::kernel {
namespace {

constexpr size_t kChunk = 512;
constexpr size_t kStripes = 4096;
std::array<std::mutex, kStripes>& stripes() {
  static std::array<std::mutex, kStripes> s;
  return s;
}

template <typename T, typename Wide>
void combineTyped(AtomicOp op, uint8_t* gm, const uint8_t* src, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    T a, b;
    std::memcpy(&a, gm + i * sizeof(T), sizeof(T));
    std::memcpy(&b, src + i * sizeof(T), sizeof(T));
    const Wide x = static_cast<Wide>(a), y = static_cast<Wide>(b);
    Wide r;
    switch (op) {
      case AtomicOp::Add:
        r = x + y;
        break;
      case AtomicOp::Max:
        r = x < y ? y : x;
        break;  // NaN in GM stays unless y larger
      default:
        r = y < x ? y : x;
        break;
    }
    const T out = static_cast<T>(r);
    std::memcpy(gm + i * sizeof(T), &out, sizeof(T));
  }
}

// Integer add wraps (two's complement), as the hardware's integer adder.
template <typename T>
void combineInt(AtomicOp op, uint8_t* gm, const uint8_t* src, size_t n) {
  using U = std::make_unsigned_t<T>;
  for (size_t i = 0; i < n; ++i) {
    T a, b;
    std::memcpy(&a, gm + i * sizeof(T), sizeof(T));
    std::memcpy(&b, src + i * sizeof(T), sizeof(T));
    T r;
    switch (op) {
      case AtomicOp::Add:
        r = static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
        break;
      case AtomicOp::Max:
        r = std::max(a, b);
        break;
      default:
        r = std::min(a, b);
        break;
    }
    std::memcpy(gm + i * sizeof(T), &r, sizeof(T));
  }
}

void combineChunk(AtomicOp op, DType type, uint8_t* gm, const uint8_t* src, size_t bytes) {
  switch (type) {
    case DType::F32:
      combineTyped<float, float>(op, gm, src, bytes / 4);
      break;
    case DType::F16:
      combineTyped<half, float>(op, gm, src, bytes / 2);
      break;
    case DType::BF16:
      combineTyped<bfloat16_t, float>(op, gm, src, bytes / 2);
      break;
    case DType::S32:
      combineInt<int32_t>(op, gm, src, bytes / 4);
      break;
    case DType::S16:
      combineInt<int16_t>(op, gm, src, bytes / 2);
      break;
    case DType::S8:
      combineInt<int8_t>(op, gm, src, bytes);
      break;
    default:
      std::memcpy(gm, src, bytes);
      break;
  }
}

}  // namespace

void atomicCombine(AtomicOp op, DType type, uint8_t* gm, const uint8_t* src, size_t bytes) {
  size_t done = 0;
  while (done < bytes) {
    const auto addr = reinterpret_cast<uintptr_t>(gm + done);
    const size_t inChunk = std::min(bytes - done, kChunk - addr % kChunk);
    std::lock_guard lock(stripes()[(addr / kChunk) % kStripes]);
    combineChunk(op, type, gm + done, src + done, inChunk);
    done += inChunk;
  }
}

}  // namespace asctwin::kernel
