#include "dsa/random_stream.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/cpu_isa.h"
#include "dsa/kernels.h"
#include "dsa/philox.h"

namespace asctwin::dsa {

namespace detail {

void wordsScalar(int64_t seed, int64_t offset, uint64_t first, size_t count, uint32_t* out) {
  const PhiloxKey key = streamKey(seed);
  uint64_t index = first;
  size_t k = 0;
  while (k < count) {
    const PhiloxCounter x = philox4x32_10(streamCounter(offset, index / 4), key);
    for (unsigned w = static_cast<unsigned>(index % 4); w < 4 && k < count; ++w, ++k, ++index)
      out[k] = x[w];
  }
}

void maskBytesScalar(int64_t seed, int64_t offset, float dropProb, uint64_t firstByte, size_t count,
                     uint8_t* out) {
  const PhiloxKey key = streamKey(seed);
  for (size_t k = 0; k < count; ++k) {
    const uint64_t block = (firstByte + k) * 2;  // byte = 8 elements = 2 blocks
    const PhiloxCounter a = philox4x32_10(streamCounter(offset, block), key);
    const PhiloxCounter b = philox4x32_10(streamCounter(offset, block + 1), key);
    unsigned byte = 0;
    for (unsigned w = 0; w < 4; ++w) {
      byte |= static_cast<unsigned>(bitOfFloat(a[w], dropProb)) << w;
      byte |= static_cast<unsigned>(bitOfFloat(b[w], dropProb)) << (w + 4);
    }
    out[k] = static_cast<uint8_t>(byte);
  }
}

}  // namespace detail

const char* implName(Impl impl) {
  switch (impl) {
    case Impl::kAuto:
      return "auto";
    case Impl::kScalar:
      return "scalar";
    case Impl::kAvx2:
      return "avx2";
    case Impl::kAvx512:
      return "avx512";
  }
  return "?";
}

bool implAvailable(Impl impl) {
  switch (impl) {
    case Impl::kAvx2:
      return cpuAllows(CpuLevel::kAvx2);
    case Impl::kAvx512:
      return cpuAllows(CpuLevel::kAvx512);
    case Impl::kAuto:
    case Impl::kScalar:
      break;
  }
  return true;
}

Impl resolveImpl(Impl impl) {
  if (impl == Impl::kScalar) return Impl::kScalar;
  if (impl != Impl::kAvx2 && cpuAllows(CpuLevel::kAvx512)) return Impl::kAvx512;
  return cpuAllows(CpuLevel::kAvx2) ? Impl::kAvx2 : Impl::kScalar;
}

uint32_t maskThreshold(float dropProb) {
  if (std::isnan(dropProb) || dropProb > 1.0f) return kThresholdNever;
  if (dropProb <= 0.0f) return 0;
  // Exact: q * 2^23 is representable as a double (and as a float); ceil of it
  // lies in [1, 2^23].
  return static_cast<uint32_t>(std::ceil(static_cast<double>(dropProb) * 8388608.0));
}

void streamWords(int64_t seed, int64_t offset, uint64_t first, size_t count, uint32_t* out,
                 Impl impl) {
  if (count == 0) return;
  const Impl use = resolveImpl(impl);
  if (use == Impl::kScalar) {
    detail::wordsScalar(seed, offset, first, count, out);
    return;
  }
  const auto groupsFn = use == Impl::kAvx512 ? detail::wordsGroupsAvx512 : detail::wordsGroupsAvx2;
  // Head: the rest of a partial block.
  size_t k = 0;
  if (first % 4 != 0) {
    const size_t head = std::min<size_t>(count, 4 - first % 4);
    detail::wordsScalar(seed, offset, first, head, out);
    k = head;
  }
  // Body: whole groups of 8 blocks.
  const size_t groups = (count - k) / 32;
  if (groups > 0) {
    groupsFn(seed, offset, (first + k) / 4, groups, out + k);
    k += groups * 32;
  }
  // Tail.
  if (k < count) detail::wordsScalar(seed, offset, first + k, count - k, out + k);
}

void maskBytes(int64_t seed, int64_t offset, float dropProb, uint64_t firstByte, size_t count,
               uint8_t* out, Impl impl) {
  if (count == 0) return;
  const Impl use = resolveImpl(impl);
  if (use == Impl::kScalar) {
    detail::maskBytesScalar(seed, offset, dropProb, firstByte, count, out);
    return;
  }
  const auto groupsFn = use == Impl::kAvx512 ? detail::maskGroupsAvx512 : detail::maskGroupsAvx2;
  const size_t groups = count / 4;  // a group of 8 blocks = 32 elements = 4 bytes
  if (groups > 0) groupsFn(seed, offset, maskThreshold(dropProb), firstByte * 2, groups, out);
  const size_t done = groups * 4;
  if (done < count)
    detail::maskBytesScalar(seed, offset, dropProb, firstByte + done, count - done, out + done);
}

}  // namespace asctwin::dsa
