// Layout<Shape, Stride>: the mapping of a multi-dimensional coordinate space
// onto element offsets (the data structure behind TensorTrait). Shape gives
// each dimension's extent, Stride its step in elements; both are Std::tuples
// whose entries are integers or Std::Int constants, possibly nested
// (a dimension split into (inner, outer) blocks). Layout(coord) is
// Crd2Idx(coord, shape, stride) (coord.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "asctwin/kernel/ascendc_std.h"

namespace AscendC {

template <typename T, typename U, typename S>
constexpr auto Crd2Idx(const T& coord, const U& shape, const S& stride);

template <typename... Shapes>
using Shape = Std::tuple<Shapes...>;

template <typename... Strides>
using Stride = Std::tuple<Strides...>;

// The number of integer leaves of a (nested) shape: 1 for an integer, the
// sum over the entries for a tuple.
template <typename T>
struct nesting_depth {
  static constexpr size_t value = 1;
};
template <typename... Args>
struct nesting_depth<Std::tuple<Args...>> {
  static constexpr size_t value = (size_t{0} + ... + nesting_depth<Args>::value);
};
template <typename T>
constexpr size_t nesting_depth_v = nesting_depth<T>::value;

namespace detail {

template <typename T>
struct allStatic : Std::false_type {};
template <size_t v>
struct allStatic<Std::Int<v>> : Std::true_type {};
template <typename... Args>
struct allStatic<Std::tuple<Args...>> : Std::bool_constant<(allStatic<Args>::value && ...)> {};

template <typename T>
struct isPair : Std::false_type {};
template <typename A, typename B>
struct isPair<Std::tuple<A, B>> : Std::true_type {};

// The extent of a 2-D layout (rows, cols):(rowStride, colStride), or of a
// blocked one ((rows0, rows1), (cols0, cols1)):(...): the larger of the
// outermost row and column spans, in elements.
template <typename Sh, typename St>
constexpr size_t spanOf(const Sh& shape, const St& stride) {
  const auto& rows = Std::get<0>(shape);
  const auto& cols = Std::get<1>(shape);
  const auto& rowStride = Std::get<0>(stride);
  const auto& colStride = Std::get<1>(stride);
  if constexpr (Std::is_tuple_v<Std::remove_cvref_t<decltype(rows)>>) {
    const size_t a = static_cast<size_t>(Std::get<1>(rows)) * Std::get<1>(rowStride);
    const size_t b = static_cast<size_t>(Std::get<1>(cols)) * Std::get<1>(colStride);
    return a > b ? a : b;
  } else {
    const size_t a = static_cast<size_t>(rows) * rowStride;
    const size_t b = static_cast<size_t>(cols) * colStride;
    return a > b ? a : b;
  }
}

template <typename T, typename U>
constexpr bool spannable() {
  if constexpr (!isPair<T>::value || !isPair<U>::value) {
    return false;
  } else if constexpr (nesting_depth_v<T> == 2) {
    return true;
  } else if constexpr (nesting_depth_v<T> == 4) {
    using R = Std::tuple_element_t<0, T>;
    using C = Std::tuple_element_t<1, T>;
    using RS = Std::tuple_element_t<0, U>;
    using CS = Std::tuple_element_t<1, U>;
    return isPair<R>::value && isPair<C>::value && isPair<RS>::value && isPair<CS>::value;
  } else {
    return false;
  }
}

// A layout whose shape and stride are all Std::Int has its span at compile
// time (LayoutType::size); every other layout's is 0.
template <typename T, typename U>
constexpr size_t staticSpan() {
  if constexpr (spannable<T, U>() && allStatic<T>::value && allStatic<U>::value)
    return spanOf(T{}, U{});
  else
    return 0;
}

}  // namespace detail

template <typename T, typename U>
struct Layout {
  // The span of a static 2-D (or blocked 2-D) layout, else 0.
  static constexpr auto size = detail::staticSpan<T, U>();

  constexpr Layout(const T& shape = {}, const U& stride = {}) : data_(shape, stride) {
    static_assert(Std::is_tuple_v<T> && Std::is_tuple_v<U>, "Shape or Stride is not tuple!");
  }

  // The span in elements of a 2-D (or blocked 2-D) layout; 0xFFFFFFFF for
  // any other.
  constexpr decltype(auto) GetSize() const {
    uint32_t span = static_cast<uint32_t>(-1);
    if constexpr (detail::spannable<T, U>())
      span = static_cast<uint32_t>(detail::spanOf(Std::get<0>(data_), Std::get<1>(data_)));
    return span;
  }

  constexpr decltype(auto) layout() { return *this; }
  constexpr decltype(auto) layout() const { return *this; }

  // The whole shape, or a tuple of the entries at the given indices.
  template <size_t... I>
  constexpr decltype(auto) GetShape() {
    return pick<0, I...>();
  }
  template <size_t... I>
  constexpr decltype(auto) GetShape() const {
    return pick<0, I...>();
  }
  template <size_t... I>
  constexpr decltype(auto) GetStride() {
    return pick<1, I...>();
  }
  template <size_t... I>
  constexpr decltype(auto) GetStride() const {
    return pick<1, I...>();
  }

  template <typename S>
  constexpr auto operator()(const S& coord) const {
    return Crd2Idx(coord, GetShape(), GetStride());
  }

 private:
  template <size_t which, size_t... I>
  constexpr decltype(auto) pick() const {
    if constexpr (sizeof...(I) == 0) {
      return Std::get<which>(data_);
    } else {
      const auto& part = Std::get<which>(data_);
      return Std::make_tuple(Std::get<I>(part)...);
    }
  }

  Std::tuple<T, U> data_;
};

template <typename... Ts>
constexpr Shape<Ts...> MakeShape(const Ts&... t) {
  return {t...};
}

template <typename... Ts>
constexpr Stride<Ts...> MakeStride(const Ts&... t) {
  return {t...};
}

template <typename T, typename U>
constexpr auto MakeLayout(const T& shape, const U& stride) {
  static_assert(Std::is_tuple_v<T> && Std::is_tuple_v<U>, "Shape or Stride is not tuple!");
  return Layout<T, U>(shape, stride);
}

template <typename T>
struct is_layout : Std::false_type {};
template <typename T, typename U>
struct is_layout<Layout<T, U>> : Std::true_type {};
template <typename T>
constexpr bool is_layout_v = is_layout<T>::value;

}  // namespace AscendC

#include "asctwin/kernel/coord.h"
