// An independent scalar oracle of aclrtRandomNumAsync, written from
// shared/spec/dsa-random-stream.md (Philox4x32-10 and the last section's
// rules) without the project's code: its own Philox, word indexing, float
// conversions and distributions.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace asctwin::testing::oracle {

struct Ctr {
  uint32_t w[4];
};

inline Ctr philox(Ctr c, uint32_t k0, uint32_t k1) {
  for (int r = 0; r < 10; ++r) {
    if (r) {
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    const uint64_t a = uint64_t{0xD2511F53u} * c.w[0], b = uint64_t{0xCD9E8D57u} * c.w[2];
    c = Ctr{{static_cast<uint32_t>(b >> 32) ^ c.w[1] ^ k0, static_cast<uint32_t>(b),
             static_cast<uint32_t>(a >> 32) ^ c.w[3] ^ k1, static_cast<uint32_t>(a)}};
  }
  return c;
}

// base + n as 128-bit numbers, word 0 least significant.
inline Ctr add(Ctr c, uint64_t n) {
  uint64_t carry = n;
  for (int i = 0; i < 4 && carry != 0; ++i) {
    const uint64_t s = uint64_t{c.w[i]} + (carry & 0xFFFFFFFFull);
    c.w[i] = static_cast<uint32_t>(s);
    carry = (carry >> 32) + (s >> 32);
  }
  return c;
}

inline uint32_t word(Ctr base, uint64_t seed, uint64_t i) {
  return philox(add(base, i / 4), static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32))
      .w[i % 4];
}

inline float unit(uint32_t w) {
  const uint32_t b = (w & 0x7FFFFFu) | 0x3F800000u;
  float f;
  std::memcpy(&f, &b, 4);
  return f - 1.0f;
}

inline std::vector<uint8_t> mask(Ctr base, uint64_t seed, double ratio, uint64_t n) {
  const float q = static_cast<float>(1.0 - (1.0 - ratio));
  std::vector<uint8_t> m((n + 127) / 128 * 16, 0);
  for (uint64_t i = 0; i < m.size() * 8; ++i)
    if (unit(word(base, seed, i)) >= q) m[i / 8] = static_cast<uint8_t>(m[i / 8] | (1u << (i % 8)));
  return m;
}

inline float uniformF(Ctr base, uint64_t seed, uint64_t i, float lo, float hi) {
  return lo + unit(word(base, seed, i)) * (hi - lo);
}

inline uint32_t uniformU32(Ctr base, uint64_t seed, uint64_t i, uint32_t lo, uint64_t range) {
  return static_cast<uint32_t>(lo + ((uint64_t{word(base, seed, i)} * range) >> 32));
}

inline void boxMuller(uint32_t w0, uint32_t w1, double* z0, double* z1) {
  const double u1 = 1.0 - static_cast<double>(unit(w0));
  const double u2 = static_cast<double>(unit(w1));
  const double r = std::sqrt(-2.0 * std::log(u1));
  *z0 = r * std::cos(2.0 * M_PI * u2);
  *z1 = r * std::sin(2.0 * M_PI * u2);
}

inline float normal(Ctr base, uint64_t seed, uint64_t i, float mean, float sd) {
  double z0, z1;
  boxMuller(word(base, seed, i / 2 * 2), word(base, seed, i / 2 * 2 + 1), &z0, &z1);
  return mean + sd * static_cast<float>(i % 2 == 0 ? z0 : z1);
}

inline float truncated(Ctr base, uint64_t seed, uint64_t i, float mean, float sd) {
  const Ctr sub = add(base, i * 64);
  for (uint64_t a = 0; a < 128; ++a) {
    double z0, z1;
    boxMuller(word(sub, seed, 2 * a), word(sub, seed, 2 * a + 1), &z0, &z1);
    if (std::fabs(z0) <= 2.0) return mean + sd * static_cast<float>(z0);
    if (std::fabs(z1) <= 2.0) return mean + sd * static_cast<float>(z1);
  }
  return mean;
}

}  // namespace asctwin::testing::oracle
