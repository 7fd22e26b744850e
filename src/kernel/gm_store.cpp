#include "kernel/gm_store.h"

#include <immintrin.h>

#include <cstring>

#include "common/cpu_isa.h"

namespace asctwin::kernel {
namespace {

constexpr size_t kStreamThreshold = 4096;  // stores into GM from this size on stream
constexpr size_t kPrefetchBelow = 4096;    // loads from GM below this size prefetch ahead

bool haveAvx2() {
  return cpuAllows(CpuLevel::kAvx2);
}

__attribute__((target("avx2"))) void streamCopy(uint8_t* dst, const uint8_t* src, size_t bytes) {
  // Head up to 32-byte alignment of dst, streaming body, tail.
  const size_t head = (32 - reinterpret_cast<uintptr_t>(dst) % 32) % 32;
  std::memcpy(dst, src, head);
  dst += head;
  src += head;
  bytes -= head;
  size_t i = 0;
  for (; i + 128 <= bytes; i += 128) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i + 32));
    const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i + 64));
    const __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i + 96));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + i), a);
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + i + 32), b);
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + i + 64), c);
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + i + 96), d);
  }
  std::memcpy(dst + i, src + i, bytes - i);
  _mm_sfence();
}

}  // namespace

// Kernels read GM tile after tile, each tile right after the previous one
// (BernoulliMask's 1792-byte mask slices, the queues' CopyIn), with the
// tile's compute and stores in between. A small copy asks for the bytes
// that follow it, the next tile's (a prefetch never faults, past an
// allocation or not): on BernoulliMask FP64 the mask copies fell from 2.7 %
// to 1.0 % of the stage's samples (Zen 4 guest, docs/performance.md). Large
// copies are left to memcpy: a hand-written prefetching copy measured slower
// than glibc's on the vector-add tiles (32 KiB).
void gmLoad(uint8_t* dst, const uint8_t* src, size_t bytes) {
  if (bytes < kPrefetchBelow) {
    // As an integer: the address may lie past the source object.
    const uintptr_t next = reinterpret_cast<uintptr_t>(src) + bytes;
    for (size_t i = 0; i < bytes; i += 64)
      __builtin_prefetch(reinterpret_cast<const void*>(next + i));
  }
  std::memcpy(dst, src, bytes);
}

void gmStore(uint8_t* dst, const uint8_t* src, size_t bytes) {
  if (bytes >= kStreamThreshold && haveAvx2()) {
    streamCopy(dst, src, bytes);
  } else {
    std::memcpy(dst, src, bytes);
  }
}

void gmStoreFence() {
  _mm_sfence();
}

}  // namespace asctwin::kernel
