// int4b_t, the 4-bit integer of the A2/A3 cube, and the element sizes in
// bits that tensors of it count with (the reference's common_types.h and
// kernel_utils_constants.h: integer_sub_type, SizeOfBits,
// IsHalfByteDataType, INT4_BIT_NUM, INT4_TWO).
//
// Two int4b_t share a byte: element 2i in the low nibble, 2i + 1 in the
// high one (LoadDataWithTranspose: "6 and 7 make 118"). sizeof(int4b_t) is
// 1, as in the reference: a pointer to int4b_t steps in bytes, and every
// API that counts int4b_t elements halves the count itself.
#pragma once

#include <cstdint>
#include <type_traits>

namespace AscendC {

constexpr uint32_t INT4_BIT_NUM = 4;
constexpr uint32_t INT4_TWO = 2;

// A signed or unsigned integer of bit_num bits in the low bits of a byte;
// converts to int8_t / uint8_t (sign-extended when signed) and from
// int32_t / uint32_t (the low bits kept).
template <int bit_num, bool sign = true>
struct integer_sub_type {
  static constexpr int k_bits = bit_num;
  static constexpr bool k_signed = sign;
  using T = std::conditional_t<sign, int8_t, uint8_t>;
  using Storage = uint8_t;
  static constexpr Storage mask = static_cast<Storage>((1u << bit_num) - 1u);

  Storage storage = 0;

  integer_sub_type() = default;
  integer_sub_type(uint32_t value) : storage(static_cast<Storage>(value & mask)) {}
  integer_sub_type(int32_t value)
      : storage(static_cast<Storage>(static_cast<uint32_t>(value) & mask)) {}

  operator T() const {
    if (k_signed && (storage & (1u << (bit_num - 1))) != 0)
      return static_cast<T>(storage | static_cast<Storage>(~mask));
    return static_cast<T>(storage);
  }
  bool operator==(const integer_sub_type& rhs) const { return storage == rhs.storage; }
  bool operator!=(const integer_sub_type& rhs) const { return storage != rhs.storage; }
  bool operator<(const integer_sub_type& rhs) const { return T(*this) < T(rhs); }
  bool operator>(const integer_sub_type& rhs) const { return T(*this) > T(rhs); }
  bool operator<=(const integer_sub_type& rhs) const { return T(*this) <= T(rhs); }
  bool operator>=(const integer_sub_type& rhs) const { return T(*this) >= T(rhs); }
};

using int4b_t = integer_sub_type<INT4_BIT_NUM, true>;
static_assert(sizeof(int4b_t) == 1 && std::is_trivially_copyable_v<int4b_t>);

// The bits one element of T occupies.
template <typename T>
struct SizeOfBits {
  static constexpr uint32_t value = sizeof(T) * 8;
};
template <>
struct SizeOfBits<int4b_t> {
  static constexpr uint32_t value = INT4_BIT_NUM;
};

// Two elements of T per byte (on A2/A3: int4b_t only).
template <typename T>
constexpr bool IsHalfByteDataType() {
  return std::is_same_v<T, int4b_t>;
}

}  // namespace AscendC
