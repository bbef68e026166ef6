// cunp/array/slicing.hpp -- NumPy's basic indexing spelled in C++: x(Slice(1, 3), All, 2) is
// x[1:3, :, 2]. Owns the index spellings (None, Slice, All, NewAxis, Ellipsis) and View, what
// x(...) returns: the view, whose assignment writes into the elements it views.
#pragma once
#include <concepts>
#include <cstdint>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/number.hpp"
#include "cunp/array/scalar.hpp"

namespace cunp {

// Python's None: an omitted slice bound, and as an index item a new axis (as in NumPy).
struct NoneType {};
inline constexpr NoneType None{};
// numpy.newaxis and Python's `...`.
struct NewAxisType {};
inline constexpr NewAxisType NewAxis{};
struct EllipsisType {};
inline constexpr EllipsisType Ellipsis{};

// A slice bound or step: an integer or None.
struct SliceBound {
  int64_t value = IndexItem::kNone;
  constexpr SliceBound(NoneType) {}
  template <std::integral T>
  requires(!std::same_as<T, bool>) constexpr SliceBound(T v) : value(static_cast<int64_t>(v)) {}
};

// Python's slice(stop), slice(start, stop) and slice(start, stop, step); None for any bound.
struct Slice {
  int64_t start = IndexItem::kNone, stop = IndexItem::kNone, step = IndexItem::kNone;

  constexpr Slice() = default;
  constexpr explicit Slice(SliceBound stop_) : stop(stop_.value) {}
  constexpr Slice(SliceBound start_, SliceBound stop_, SliceBound step_ = None)
      : start(start_.value), stop(stop_.value), step(step_.value) {}
};
// `:`, the whole axis.
inline constexpr Slice All{};

// The IndexItem each spelling stands for.
inline IndexItem index_item(const IndexItem& item) { return item; }
inline IndexItem index_item(const Slice& s) { return IndexItem::slice(s.start, s.stop, s.step); }
inline IndexItem index_item(NoneType) { return IndexItem::new_axis(); }
inline IndexItem index_item(NewAxisType) { return IndexItem::new_axis(); }
inline IndexItem index_item(EllipsisType) { return IndexItem::ellipsis(); }
template <std::integral T>
requires(!std::same_as<T, bool>) IndexItem index_item(T i) {
  return IndexItem::integer(static_cast<int64_t>(i));
}

template <class T>
concept IndexSpelling = requires(const T& item) {
  { index_item(item) } -> std::same_as<IndexItem>;
};

// What x(...) returns: the view (an NDArray; keep a handle to it in an NDArray), whose
// assignment writes into the elements it views, as NumPy's x[...] = v does. An array is
// broadcast to the view's shape and cast to its dtype (unsafe casting, as assignment does); a
// C++ number converts as a Python scalar would (NEP 50: OverflowError for an integer out of the
// dtype's range), a Scalar by astype's rules. The copy or fill runs on the current stream.
// `v = w` between two Views also copies elements; to rebind, use NDArray handles.
class View : public NDArray {
 public:
  explicit View(NDArray a) : NDArray(std::move(a)) {}
  View(const View&) = default;
  View(View&&) = default;

  View& operator=(const View& value) { return assign(value); }
  View& operator=(const NDArray& value) { return assign(value); }
  View& operator=(const Scalar& value) { return assign(value); }
  template <Number T> View& operator=(T value) { return assign(value); }

  View& assign(const NDArray& value);
  View& assign(const Scalar& value);
  template <Number T> View& assign(T value) {
    // Python's bool is no weak scalar, so a C++ bool converts as a typed value.
    if constexpr (std::same_as<T, bool>) return assign(scalar_of(value));
    return assign_number(python_scalar(value));
  }

 private:
  View& assign_number(const Scalar& weak_value);  // defined with the copies (src/ops)
};

template <class... Items> View NDArray::operator()(const Items&... items) const {
  static_assert((IndexSpelling<Items> && ...),
                "x(...) takes integers, Slice, All, NewAxis (or None), Ellipsis and IndexItem");
  return View(index({index_item(items)...}));
}

}  // namespace cunp
