// TensorTrait<T, pos, LayoutType>: a tensor's element type, logical position
// and layout as one type. LocalTensor<TensorTrait<T>> and
// GlobalTensor<TensorTrait<T>> are tensors of T without ShapeInfo; PrimT<X>
// is the element type of either kind (T for TensorTrait<T, ...>, X itself
// otherwise).
#pragma once

#include "asctwin/kernel/layout.h"
#include "asctwin/kernel/types.h"

namespace AscendC {

template <typename T, TPosition pos = TPosition::GM,
          typename LayoutType = Layout<Shape<>, Stride<>>>
struct TensorTrait {
  using LiteType = T;
  using LiteLayoutType = LayoutType;
  static constexpr const TPosition tPos = pos;

 public:
  TensorTrait(const LayoutType& t = {}) {
    static_assert(is_layout_v<LayoutType>, "TensorTrait without layout instantiation!");
    layout_ = t;
  }
  LayoutType& GetLayout() {
    static_assert(is_layout_v<LayoutType>, "TensorTrait without layout instantiation!");
    return layout_;
  }
  const LayoutType& GetLayout() const {
    static_assert(is_layout_v<LayoutType>, "TensorTrait without layout instantiation!");
    return layout_;
  }
  void SetLayout(const LayoutType& t) {
    static_assert(is_layout_v<LayoutType>, "TensorTrait without layout instantiation!");
    layout_ = t;
  }
  decltype(auto) GetShape() const {
    static_assert(is_layout_v<LayoutType>, "TensorTrait without layout instantiation!");
    return layout_.GetShape();
  }
  decltype(auto) GetStride() const {
    static_assert(is_layout_v<LayoutType>, "TensorTrait without layout instantiation!");
    return layout_.GetStride();
  }

 private:
  LayoutType layout_ = {};
};

template <typename T, TPosition pos, typename LayoutType>
constexpr auto MakeTensorTrait(const LayoutType& t) {
  static_assert(is_layout_v<LayoutType>, "Input parameters does not contain the layout type!");
  return TensorTrait<T, pos, LayoutType>(t);
}

template <typename T>
struct is_tensorTrait : Std::false_type {};
template <typename T, TPosition pos, typename ShapeType, typename StrideType>
struct is_tensorTrait<TensorTrait<T, pos, Layout<ShapeType, StrideType>>> : Std::true_type {};
template <typename T>
constexpr bool is_tensorTrait_v = is_tensorTrait<T>::value;

namespace detail {
template <typename T>
struct primOf {
  using type = T;
};
template <typename T>
requires requires {
  typename T::LiteType;
}
struct primOf<T> {
  using type = typename T::LiteType;
};
}  // namespace detail

// The element type: T::LiteType when T has one (a TensorTrait), else T.
template <typename T>
using PrimT = typename detail::primOf<T>::type;

// The layout, shape and stride types of a TensorTrait or of a tensor of one.
template <typename T>
struct GetTypeFromTrait;
template <typename T, TPosition pos, typename Sh, typename St>
struct GetTypeFromTrait<TensorTrait<T, pos, Layout<Sh, St>>> {
  using LayoutType = Layout<Sh, St>;
  using ShapeType = Sh;
  using StrideType = St;
  using ShapeRows = typename Std::tuple_element<0, Sh>::type;
  using ShapeColumns = typename Std::tuple_element<1, Sh>::type;
  using StrideRows = typename Std::tuple_element<0, St>::type;
  using StrideColumns = typename Std::tuple_element<1, St>::type;
};
template <typename T>
using GetLayoutType = Std::remove_cvref_t<typename GetTypeFromTrait<T>::LayoutType>;
template <typename T>
using GetShapeType = Std::remove_cvref_t<typename GetTypeFromTrait<T>::ShapeType>;
template <typename T>
using GetStrideType = Std::remove_cvref_t<typename GetTypeFromTrait<T>::StrideType>;
template <typename T>
using GetShapeRows = Std::remove_cvref_t<typename GetTypeFromTrait<T>::ShapeRows>;
template <typename T>
using GetShapeColumns = Std::remove_cvref_t<typename GetTypeFromTrait<T>::ShapeColumns>;
template <typename T>
using GetStrideRows = Std::remove_cvref_t<typename GetTypeFromTrait<T>::StrideRows>;
template <typename T>
using GetStrideColumns = Std::remove_cvref_t<typename GetTypeFromTrait<T>::StrideColumns>;

// What a tensor of a TensorTrait carries beside its data: the trait (with its
// layout). Tensors of a plain type carry nothing here.
template <typename T>
class BaseTensorTraitTensor {};
template <typename T, TPosition pos, typename LayoutType>
class BaseTensorTraitTensor<TensorTrait<T, pos, LayoutType>> {
 public:
  TensorTrait<T, pos, LayoutType>& GetTensorTrait() { return trait_; }
  const TensorTrait<T, pos, LayoutType>& GetTensorTrait() const { return trait_; }
  void SetTensorTrait(const TensorTrait<T, pos, LayoutType>& newTrait) { trait_ = newTrait; }
  decltype(auto) GetLayout() const { return trait_.GetLayout(); }
  decltype(auto) GetShape() const { return trait_.GetShape(); }
  decltype(auto) GetStride() const { return trait_.GetStride(); }

 private:
  TensorTrait<T, pos, LayoutType> trait_ = {};
};

}  // namespace AscendC
