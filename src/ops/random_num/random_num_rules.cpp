#include "ops/random_num/random_num_rules.h"

#include <cmath>
#include <cstring>

#include "acl/acl_base.h"
#include "acl/dtype.h"
#include "dsa/bit_mask.h"

namespace asctwin::ops::random_num {
namespace {

__extension__ typedef unsigned __int128 U128;  // the 64 x 64 -> 128 product of the 64-bit mapping

constexpr uint64_t kTruncBlocksPerElement = 64;  // the sub-stream of one element
constexpr int kTruncAttempts = 128;              // pairs per sub-stream (256 words)
constexpr double kTwoPi = 6.283185307179586476925286766559;

dsa::PhiloxKey keyOf(uint64_t seed) {
  return {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)};
}

// Word i of the stream starting at `base`.
class Words {
 public:
  Words(const dsa::PhiloxCounter& base, uint64_t seed) : base_(base), key_(keyOf(seed)) {}
  uint32_t operator()(uint64_t i) {
    const uint64_t block = i / 4;
    if (!valid_ || block != cachedBlock_) {
      cached_ = dsa::philox4x32_10(dsa::counterAdd(base_, block), key_);
      cachedBlock_ = block;
      valid_ = true;
    }
    return cached_[i % 4];
  }

 private:
  dsa::PhiloxCounter base_;
  dsa::PhiloxKey key_;
  dsa::PhiloxCounter cached_{};
  uint64_t cachedBlock_ = 0;
  bool valid_ = false;
};

size_t elementBytes(int32_t dtype) {
  return acl::dataTypeSize(dtype);
}

void storeFloat(int32_t dtype, float v, uint8_t* out, uint64_t i) {
  switch (dtype) {
    case ACL_FLOAT16: {
      const uint16_t h = acl::floatToHalf(v);
      std::memcpy(out + 2 * i, &h, 2);
      break;
    }
    case ACL_BF16: {
      const uint16_t b = acl::floatToBf16(v);
      std::memcpy(out + 2 * i, &b, 2);
      break;
    }
    default:
      std::memcpy(out + 4 * i, &v, 4);
      break;
  }
}

// The Box-Muller pair of two words.
void boxMuller(uint32_t w0, uint32_t w1, double* z0, double* z1) {
  const double u1 = 1.0 - static_cast<double>(unitFloat(w0));  // (0, 1]
  const double u2 = static_cast<double>(unitFloat(w1));
  const double r = std::sqrt(-2.0 * std::log(u1));
  *z0 = r * std::cos(kTwoPi * u2);
  *z1 = r * std::sin(kTwoPi * u2);
}

bool isFloatType(int32_t t) {
  return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16;
}
bool is64(int32_t t) {
  return t == ACL_INT64 || t == ACL_UINT64;
}

}  // namespace

float unitFloat(uint32_t w) {
  const uint32_t bits = (w & 0x007FFFFFu) | 0x3F800000u;
  float f = 0;
  std::memcpy(&f, &bits, sizeof f);
  return f - 1.0f;
}

uint64_t resultBytes(const RandomTask& t) {
  if (t.func == Func::kDropoutBitmask) return dsa::maskBytesFor(t.count);
  return t.count * elementBytes(t.dtype);
}

uint64_t blocksConsumed(const RandomTask& t) {
  switch (t.func) {
    case Func::kDropoutBitmask:
      return dsa::maskBytesFor(t.count) * 2;  // 8 words per byte
    case Func::kUniform: {
      const uint64_t words = is64(t.dtype) ? 2 * t.count : t.count;
      return (words + 3) / 4;
    }
    case Func::kNormal:
      return ((t.count + 1) / 2 * 2 + 3) / 4;
    default:
      return t.count * kTruncBlocksPerElement;
  }
}

void generate(const RandomTask& t, void* outRaw) {
  auto* out = static_cast<uint8_t*>(outRaw);
  Words word(t.base, t.seed);
  switch (t.func) {
    case Func::kDropoutBitmask: {
      const double prob = 1.0 - t.ratio;
      const float q = dsa::dropProbFromProb(prob);
      if (t.base[0] == 0 && t.base[1] == 0) {
        // The Bernoulli operator's engine: offset = the counter's high half.
        const uint64_t offset = uint64_t{t.base[2]} | (uint64_t{t.base[3]} << 32);
        dsa::genBitMask(t.count, static_cast<int64_t>(t.seed), static_cast<int64_t>(offset), q,
                        out);
        return;
      }
      const uint64_t bytes = dsa::maskBytesFor(t.count);
      for (uint64_t b = 0; b < bytes; ++b) {
        uint8_t v = 0;
        for (unsigned k = 0; k < 8; ++k)
          if (unitFloat(word(b * 8 + k)) >= q) v = static_cast<uint8_t>(v | (1u << k));
        out[b] = v;
      }
      return;
    }
    case Func::kUniform: {
      for (uint64_t i = 0; i < t.count; ++i) {
        if (isFloatType(t.dtype)) {
          const auto lo = static_cast<float>(t.minF), hi = static_cast<float>(t.maxF);
          storeFloat(t.dtype, lo + unitFloat(word(i)) * (hi - lo), out, i);
        } else if (is64(t.dtype)) {
          const uint64_t x = uint64_t{word(2 * i)} | (uint64_t{word(2 * i + 1)} << 32);
          const auto off = static_cast<uint64_t>((static_cast<U128>(x) * t.range) >> 64);
          const uint64_t v = static_cast<uint64_t>(t.minI) + off;
          std::memcpy(out + 8 * i, &v, 8);
        } else {
          const uint64_t off = (uint64_t{word(i)} * t.range) >> 32;
          const auto v = static_cast<uint32_t>(static_cast<uint64_t>(t.minI) + off);
          std::memcpy(out + 4 * i, &v, 4);
        }
      }
      return;
    }
    case Func::kNormal: {
      for (uint64_t k = 0; 2 * k < t.count; ++k) {
        double z0 = 0, z1 = 0;
        boxMuller(word(2 * k), word(2 * k + 1), &z0, &z1);
        storeFloat(t.dtype, t.mean + t.stddev * static_cast<float>(z0), out, 2 * k);
        if (2 * k + 1 < t.count)
          storeFloat(t.dtype, t.mean + t.stddev * static_cast<float>(z1), out, 2 * k + 1);
      }
      return;
    }
    case Func::kTruncatedNormal: {
      for (uint64_t i = 0; i < t.count; ++i) {
        const dsa::PhiloxCounter sub = dsa::counterAdd(t.base, i * kTruncBlocksPerElement);
        Words own(sub, t.seed);
        double z = 0;
        bool found = false;
        for (int a = 0; a < kTruncAttempts && !found; ++a) {
          double z0 = 0, z1 = 0;
          boxMuller(own(2 * static_cast<uint64_t>(a)), own(2 * static_cast<uint64_t>(a) + 1), &z0,
                    &z1);
          if (std::fabs(z0) <= 2.0) {
            z = z0;
            found = true;
          } else if (std::fabs(z1) <= 2.0) {
            z = z1;
            found = true;
          }
        }
        storeFloat(t.dtype, t.mean + t.stddev * static_cast<float>(z), out, i);
      }
      return;
    }
  }
}

}  // namespace asctwin::ops::random_num
