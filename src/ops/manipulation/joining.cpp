// src/ops/manipulation/joining.cpp -- concatenate, stack and their forms; atleast_nd; splits
// (cunp/ops/joining.hpp). A join allocates the result once and copies each input into its slice.
#include "cunp/ops/manipulation/joining.hpp"

#include <cstdlib>
#include <string>

#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/manipulation/reshape.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

std::string num(int64_t v) { return std::to_string(v); }

// The join's shape along `axis` (already normalized), after NumPy's checks.
Dims joined_shape(const std::vector<NDArray>& arrays, int axis) {
  const int nd = arrays[0].ndim();
  Dims shape = arrays[0].shape();
  for (std::size_t i = 1; i < arrays.size(); ++i) {
    const NDArray& a = arrays[i];
    if (a.ndim() != nd)
      throw ValueError("all the input arrays must have same number of dimensions, but the array "
                       "at index 0 has " +
                       num(nd) + " dimension(s) and the array at index " + num(i) + " has " +
                       num(a.ndim()) + " dimension(s)");
    for (int d = 0; d < nd; ++d)
      if (d != axis && a.shape()[d] != shape[d])
        throw ValueError("all the input array dimensions except for the concatenation axis must "
                         "match exactly, but along dimension " +
                         num(d) + ", the array at index 0 has size " + num(shape[d]) +
                         " and the array at index " + num(i) + " has size " + num(a.shape()[d]));
    shape[axis] += a.shape()[axis];
  }
  return shape;
}

void check_casting(const std::vector<NDArray>& arrays, DType to, Casting casting) {
  for (const NDArray& a : arrays)
    if (!can_cast(a.dtype(), to, casting))
      throw TypeError("Cannot cast array data from " + dtype_repr(a.dtype()) + " to " +
                      dtype_repr(to) + " according to the rule '" + casting_name(casting) + "'");
}

// The inputs flattened when axis is nullopt, and the axis to join along (normalized).
std::pair<std::vector<NDArray>, int> prepare(const std::vector<NDArray>& arrays,
                                             std::optional<int64_t> axis) {
  if (arrays.empty()) throw ValueError("need at least one array to concatenate");
  std::vector<NDArray> v;
  v.reserve(arrays.size());
  for (const NDArray& a : arrays) v.push_back(axis ? a : ravel(a, OrderSpec::C));
  if (v[0].ndim() == 0) throw ValueError("zero-dimensional arrays cannot be concatenated");
  return {std::move(v), normalize_axis(axis.value_or(0), v[0].ndim())};
}

void copy_slices(const std::vector<NDArray>& arrays, int axis, const NDArray& out) {
  std::vector<IndexItem> key(axis, IndexItem::slice());
  key.push_back(IndexItem::slice());
  int64_t start = 0;
  for (const NDArray& a : arrays) {
    const int64_t stop = start + a.shape()[axis];
    if (stop > start) {
      key.back() = IndexItem::slice(start, stop);
      copy_to(out.index(key), a);
    }
    start = stop;
  }
}

// The inputs with a new unit axis at `axis`, and that axis (normalized).
std::pair<std::vector<NDArray>, int> expanded(const std::vector<NDArray>& arrays, int64_t axis) {
  if (arrays.empty()) throw ValueError("need at least one array to stack");
  for (const NDArray& a : arrays)
    if (a.shape() != arrays[0].shape())
      throw ValueError("all input arrays must have the same shape");
  const int ax = normalize_axis(axis, arrays[0].ndim() + 1);
  std::vector<NDArray> v;
  v.reserve(arrays.size());
  for (const NDArray& a : arrays) v.push_back(a.expand_dims({ax}));
  return {std::move(v), ax};
}

// An uninitialized join result laid out in the inputs' memory order, as NumPy's concatenate:
// axes by decreasing |stride| (an insertion sort over every input; an axis of extent 1 in an
// input tells nothing, and where inputs disagree C order wins). Stride-0 axes are compared
// like any other, unlike the iterator's order (iterator_order).
NDArray empty_in_input_order(const Dims& shape, DType dtype, const std::vector<NDArray>& inputs,
                             int device) {
  const int n = shape.size();
  std::vector<int64_t> perm(n);  // outermost first
  for (int i = 0; i < n; ++i) perm[i] = i;
  for (int i0 = 1; i0 < n; ++i0) {
    const int j0 = static_cast<int>(perm[i0]);
    int pos = i0;
    for (int i1 = i0 - 1; i1 >= 0; --i1) {
      const int j1 = static_cast<int>(perm[i1]);
      bool ambiguous = true, swap = false;
      for (const NDArray& a : inputs) {
        if (a.shape()[j0] == 1 || a.shape()[j1] == 1) continue;
        if (std::llabs(a.strides()[j0]) <= std::llabs(a.strides()[j1])) swap = false;
        else if (ambiguous) swap = true;
        ambiguous = false;
      }
      if (ambiguous) continue;
      if (!swap) break;
      pos = i1;
    }
    for (int i = i0; i > pos; --i) perm[i] = perm[i - 1];
    perm[pos] = j0;
  }
  return empty_in_order(shape, dtype, perm, device);
}

template <class F> std::vector<NDArray> each(const std::vector<NDArray>& arrays, F f) {
  std::vector<NDArray> v;
  v.reserve(arrays.size());
  for (const NDArray& a : arrays) v.push_back(f(a));
  return v;
}

}  // namespace

NDArray concatenate(const std::vector<NDArray>& arrays, std::optional<int64_t> axis,
                    const JoinOptions& options) {
  auto [v, ax] = prepare(arrays, axis);
  const int device = common_device(v);
  Dims shape = joined_shape(v, ax);
  DType dtype;
  if (options.dtype) {
    dtype = *options.dtype;
  } else {
    std::vector<DType> types;
    for (const NDArray& a : v) types.push_back(a.dtype());
    dtype = promote_types(types.data(), static_cast<int>(types.size()));
  }
  check_casting(v, dtype, options.casting);
  NDArray out = empty_in_input_order(shape, dtype, v, device);
  copy_slices(v, ax, out);
  return out;
}

void concatenate_into(const std::vector<NDArray>& arrays, std::optional<int64_t> axis,
                      const NDArray& out, Casting casting) {
  auto [v, ax] = prepare(arrays, axis);
  common_device(v, &out);
  if (joined_shape(v, ax) != out.shape()) throw ValueError("Output array is the wrong shape");
  check_casting(v, out.dtype(), casting);
  copy_slices(v, ax, out);
}

NDArray stack(const std::vector<NDArray>& arrays, int64_t axis, const JoinOptions& options) {
  auto [v, ax] = expanded(arrays, axis);
  return concatenate(v, ax, options);
}

void stack_into(const std::vector<NDArray>& arrays, int64_t axis, const NDArray& out,
                Casting casting) {
  auto [v, ax] = expanded(arrays, axis);
  concatenate_into(v, ax, out, casting);
}

NDArray vstack(const std::vector<NDArray>& arrays, const JoinOptions& options) {
  return concatenate(each(arrays, atleast_2d), 0, options);
}

NDArray hstack(const std::vector<NDArray>& arrays, const JoinOptions& options) {
  std::vector<NDArray> v = each(arrays, atleast_1d);
  return concatenate(v, !v.empty() && v[0].ndim() == 1 ? 0 : 1, options);
}

NDArray dstack(const std::vector<NDArray>& arrays) {
  return concatenate(each(arrays, atleast_3d), 2);
}

NDArray column_stack(const std::vector<NDArray>& arrays) {
  return concatenate(each(arrays,
                          [](const NDArray& a) {
                            return a.ndim() < 2 ? reshape(a, Dims{a.size(), 1}) : a;
                          }),
                     1);
}

NDArray atleast_1d(const NDArray& a) { return a.ndim() >= 1 ? a : reshape(a, Dims{1}); }

NDArray atleast_2d(const NDArray& a) {
  if (a.ndim() >= 2) return a;
  return reshape(a, a.ndim() == 0 ? Dims{1, 1} : Dims{1, a.shape()[0]});
}

NDArray atleast_3d(const NDArray& a) {
  if (a.ndim() >= 3) return a;
  if (a.ndim() == 0) return reshape(a, Dims{1, 1, 1});
  if (a.ndim() == 1) return reshape(a, Dims{1, a.shape()[0], 1});
  return reshape(a, Dims{a.shape()[0], a.shape()[1], 1});
}

std::vector<NDArray> array_split(const NDArray& a, const std::vector<int64_t>& indices,
                                 int64_t axis) {
  // A 0-d array has no axis to split: NumPy then indexes it along axis 0 and fails there.
  const int ax = a.ndim() ? normalize_axis(axis, a.ndim()) : 0;
  const int64_t length = a.ndim() ? a.shape()[ax] : 0;
  std::vector<IndexItem> key(ax, IndexItem::slice());
  key.push_back(IndexItem::slice());
  std::vector<NDArray> parts;
  int64_t start = 0;
  for (std::size_t i = 0; i <= indices.size(); ++i) {
    const int64_t stop = i < indices.size() ? indices[i] : length;
    key.back() = IndexItem::slice(start, stop);
    parts.push_back(a.index(key));
    start = stop;
  }
  return parts;
}

std::vector<NDArray> array_split(const NDArray& a, int64_t sections, int64_t axis) {
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  const int64_t length = a.ndim() ? a.shape()[normalize_axis(axis, a.ndim())] : 0;
  const int64_t each_len = length / sections, extra = length % sections;
  std::vector<int64_t> bounds;
  int64_t at = 0;
  for (int64_t i = 0; i + 1 < sections; ++i) bounds.push_back(at += each_len + (i < extra));
  return array_split(a, bounds, axis);
}

std::vector<NDArray> split(const NDArray& a, int64_t sections, int64_t axis) {
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  const int64_t length = a.ndim() ? a.shape()[normalize_axis(axis, a.ndim())] : 0;
  if (length % sections) throw ValueError("array split does not result in an equal division");
  return array_split(a, sections, axis);
}

}  // namespace cunp
