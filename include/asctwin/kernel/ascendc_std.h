// AscendC::Std: the part of Ascend C's C++ standard library (Utils API,
// "CPP标准库") that the Layout, Coordinate and TensorTrait data structures are
// built on: integral_constant and Std::Int with compile-time arithmetic, the
// tuple family, index sequences and the type traits.
//
// Std::tuple is the host's std::tuple (the CPU twin needs no tuple of its own:
// construction, get, make_tuple and tie behave as the reference describes).
// integral_constant is Ascend C's own, not std's: arithmetic between two
// Std::Int gives a Std::Int (Crd2Idx over static layouts yields a type whose
// ::value is the index), and is_integral counts integral constants as
// integral, as Ascend C's does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "asctwin/kernel/numeric.h"

namespace AscendC::Std {

template <typename Tp, Tp v>
struct integral_constant {
  static constexpr const Tp value = v;
  using value_type = Tp;
  using type = integral_constant;
  constexpr operator value_type() const noexcept { return value; }
  constexpr value_type operator()() const noexcept { return value; }
};

using true_type = integral_constant<bool, true>;
using false_type = integral_constant<bool, false>;
template <bool b>
using bool_constant = integral_constant<bool, b>;
template <size_t v>
using Int = integral_constant<size_t, v>;

// Two static integers combine into a static integer; anything else mixed with
// one converts it to its value.
template <size_t a, size_t b>
constexpr Int<a + b> operator+(Int<a>, Int<b>) {
  return {};
}
template <size_t a, size_t b>
constexpr Int<a - b> operator-(Int<a>, Int<b>) {
  return {};
}
template <size_t a, size_t b>
constexpr Int<a * b> operator*(Int<a>, Int<b>) {
  return {};
}
template <size_t a, size_t b>
constexpr Int<a / b> operator/(Int<a>, Int<b>) {
  return {};
}
template <size_t a, size_t b>
constexpr Int<a % b> operator%(Int<a>, Int<b>) {
  return {};
}

// --- type traits -------------------------------------------------------------
// Where Ascend C's trait means what the C++ library's does, it is that one.
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::enable_if;
using std::enable_if_t;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_cvref;
using std::remove_cvref_t;
using std::remove_extent;
using std::remove_extent_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::remove_volatile_t;

// The predicates derive from Std's integral_constant (as Ascend C's do).
#define ASCTWIN_STD_PREDICATE(NAME)                    \
  template <typename T>                                \
  struct NAME : bool_constant<std::NAME<T>::value> {}; \
  template <typename T>                                \
  constexpr bool NAME##_v = NAME<T>::value;
ASCTWIN_STD_PREDICATE(is_array)
ASCTWIN_STD_PREDICATE(is_class)
ASCTWIN_STD_PREDICATE(is_const)
ASCTWIN_STD_PREDICATE(is_function)
ASCTWIN_STD_PREDICATE(is_pointer)
ASCTWIN_STD_PREDICATE(is_reference)
ASCTWIN_STD_PREDICATE(is_union)
ASCTWIN_STD_PREDICATE(is_void)
#undef ASCTWIN_STD_PREDICATE

template <typename T, typename U>
struct is_same : bool_constant<std::is_same_v<T, U>> {};
template <typename T, typename U>
constexpr bool is_same_v = is_same<T, U>::value;
template <typename Base, typename Derived>
struct is_base_of : bool_constant<std::is_base_of_v<Base, Derived>> {};
template <typename Base, typename Derived>
constexpr bool is_base_of_v = is_base_of<Base, Derived>::value;
template <typename From, typename To>
struct is_convertible : bool_constant<std::is_convertible_v<From, To>> {};
template <typename From, typename To>
constexpr bool is_convertible_v = is_convertible<From, To>::value;

// The built-in integer types (cv-qualified or not) and the integral constants.
template <typename T>
struct is_integral : bool_constant<std::is_integral_v<T>> {};
template <typename T, T v>
struct is_integral<integral_constant<T, v>> : true_type {};
template <typename T>
constexpr bool is_integral_v = is_integral<T>::value;

// float, double, long double and half (bfloat16_t is not one, as in Ascend C).
template <typename T>
struct is_floating_point
    : bool_constant<std::is_floating_point_v<T> || std::is_same_v<std::remove_cv_t<T>, half>> {};
template <typename T>
constexpr bool is_floating_point_v = is_floating_point<T>::value;

// T is an integral constant whose value equals n.
template <auto n, typename T>
struct is_constant : false_type {};
template <auto n, typename T>
struct is_constant<n, const T> : is_constant<n, T> {};
template <auto n, typename T>
struct is_constant<n, T&> : is_constant<n, T> {};
template <auto n, typename T>
struct is_constant<n, T&&> : is_constant<n, T> {};
template <auto n, typename T, T v>
struct is_constant<n, integral_constant<T, v>> : bool_constant<v == n> {};

template <typename T, typename... Args>
struct is_one_of : bool_constant<(std::is_same_v<T, Args> || ...)> {};
template <typename T, typename... Args>
inline constexpr bool is_one_of_v = is_one_of<T, Args...>::value;
template <typename T, T Value, T... List>
struct is_one_of_value : bool_constant<((Value == List) || ...)> {};
template <typename T, T Value, T... List>
inline constexpr bool is_one_of_value_v = is_one_of_value<T, Value, List...>::value;

// --- utility -------------------------------------------------------------------
using std::declval;
using std::forward;
using std::index_sequence;
using std::index_sequence_for;
using std::integer_sequence;
using std::make_index_sequence;
using std::make_integer_sequence;
using std::move;

// --- tuple ---------------------------------------------------------------------
template <typename... Tps>
using tuple = std::tuple<Tps...>;
using std::get;
using std::ignore;
using std::make_tuple;
using std::tie;

template <typename T>
struct tuple_size;
template <typename... Tps>
struct tuple_size<std::tuple<Tps...>> : integral_constant<size_t, sizeof...(Tps)> {};
template <typename T>
struct tuple_size<const T> : integral_constant<size_t, tuple_size<T>::value> {};
template <typename T>
struct tuple_size<volatile T> : integral_constant<size_t, tuple_size<T>::value> {};
template <typename T>
struct tuple_size<const volatile T> : integral_constant<size_t, tuple_size<T>::value> {};
template <typename T>
constexpr size_t tuple_size_v = tuple_size<T>::value;

template <size_t N, typename T>
struct tuple_element {
  using type = std::tuple_element_t<N, T>;
};
template <size_t N, typename T>
using tuple_element_t = typename tuple_element<N, T>::type;

// A type with a tuple_size (a Std::tuple, cv-qualified or not).
namespace detail {
template <typename T>
auto hasTupleSize(int) -> bool_constant<(tuple_size<T>::value >= 0)>;
template <typename T>
auto hasTupleSize(...) -> false_type;
}  // namespace detail
template <typename T>
struct is_tuple : decltype(detail::hasTupleSize<T>(0)) {};
template <typename T>
constexpr bool is_tuple_v = is_tuple<T>::value;

}  // namespace AscendC::Std
