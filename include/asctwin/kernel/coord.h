// Coord and Crd2Idx: a coordinate (a Std::tuple of integers or Std::Int,
// possibly nested like the shape) and its element offset under a layout.
//
// Crd2Idx(c, shape, stride):
//  - c, shape and stride tuples of one rank: the sum over the dimensions of
//    Crd2Idx(c_i, shape_i, stride_i);
//  - c an integer and shape a tuple: c is delinearised column-major over the
//    shape (the first dimension varies fastest): c mod |shape_0| goes to
//    dimension 0, c / |shape_0| on to the others; the last dimension takes what
//    is left without a modulo (a coordinate past the shape's end runs on along
//    the last stride); |s| is the product of a (nested) shape's extents;
//  - c, shape and stride integers: c * stride.
// With Std::Int everywhere the result is a Std::Int (its ::value the offset).
#pragma once

#include "asctwin/kernel/layout.h"

namespace AscendC {

template <typename... Coords>
using Coord = Std::tuple<Coords...>;

template <typename... Ts>
constexpr Coord<Ts...> MakeCoord(Ts const&... t) {
  return {t...};
}

// The number of elements of a (nested) shape: the product of its extents
// (1 for an empty one).
struct Product {
  template <typename T>
  constexpr auto operator()(const T& extent) const {
    if constexpr (Std::is_tuple_v<T>) {
      if constexpr (Std::tuple_size_v<T> == 0) {
        return Std::Int<1>{};
      } else {
        return [&]<size_t... I>(Std::index_sequence<I...>) {
          return (... * Product{}(Std::get<I>(extent)));
        }
        (Std::make_index_sequence<Std::tuple_size_v<T>>{});
      }
    } else if constexpr (Std::is_integral<T>::value) {
      return extent;
    } else {
      static_assert(sizeof(T) == 0, "Invalid Product parameters");
    }
  }
};

namespace detail {

// An integer coordinate over the dimensions I, J... of shape/stride.
template <typename C, typename Sh, typename St, size_t I, size_t... J>
constexpr auto crd2IdxLinear(const C& coord, const Sh& shape, const St& stride,
                             Std::index_sequence<I, J...>) {
  if constexpr (sizeof...(J) == 0) {
    return Crd2Idx(coord, Std::get<I>(shape), Std::get<I>(stride));
  } else if constexpr (Std::is_constant<0, C>::value) {
    return (Crd2Idx(Std::Int<0>{}, Std::get<I>(shape), Std::get<I>(stride)) + ... +
            Crd2Idx(Std::Int<0>{}, Std::get<J>(shape), Std::get<J>(stride)));
  } else {
    const auto extent = Product{}(Std::get<I>(shape));
    return Crd2Idx(coord % extent, Std::get<I>(shape), Std::get<I>(stride)) +
           crd2IdxLinear(coord / extent, shape, stride, Std::index_sequence<J...>{});
  }
}

}  // namespace detail

template <typename T, typename U, typename S>
constexpr auto Crd2Idx(const T& coord, const U& shape, const S& stride) {
  if constexpr (Std::is_tuple_v<T>) {
    if constexpr (Std::is_tuple_v<U>) {
      static_assert(Std::tuple_size_v<T> == Std::tuple_size_v<U>,
                    "Shape and Coord Mismatched Ranks");
      static_assert(Std::tuple_size_v<T> == Std::tuple_size_v<S>,
                    "Stride and Coord Mismatched Ranks");
      return [&]<size_t... I>(Std::index_sequence<I...>) {
        return (... + Crd2Idx(Std::get<I>(coord), Std::get<I>(shape), Std::get<I>(stride)));
      }
      (Std::make_index_sequence<Std::tuple_size_v<T>>{});
    } else {
      static_assert(sizeof(T) == 0, "Invalid parameters, U is not tuple!");
    }
  } else if constexpr (Std::is_tuple_v<U>) {
    static_assert(Std::tuple_size_v<U> == Std::tuple_size_v<S>,
                  "Shape and Stride Mismatched Ranks");
    return detail::crd2IdxLinear(coord, shape, stride,
                                 Std::make_index_sequence<Std::tuple_size_v<U>>{});
  } else {
    return coord * stride;
  }
}

template <typename T, typename U, typename S>
constexpr auto Crd2Idx(const T& coord, const Layout<U, S>& layout) {
  return Crd2Idx(coord, layout.GetShape(), layout.GetStride());
}

}  // namespace AscendC
