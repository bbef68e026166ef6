// src/array/ndarray.cpp -- NDArray construction and its views: everything that only rewrites
// shape, strides and offset.
#include "cunp/array/ndarray.hpp"

#include <algorithm>
#include <string>

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

NDArray::NDArray(MemoryPtr memory, uintptr_t data, DType dtype, Dims shape, Dims strides)
    : memory_(std::move(memory)), data_(data), dtype_(dtype), shape_(std::move(shape)),
      strides_(std::move(strides)) {
  update_flags();
}

void NDArray::update_flags() {
  size_ = shape_.product();
  c_contiguous_ = is_c_contiguous(shape_, strides_, itemsize());
  f_contiguous_ = is_f_contiguous(shape_, strides_, itemsize());
}

NDArray NDArray::empty(const Dims& shape, DType dtype, Order order, int device) {
  if (device < 0) device = current_device();
  int isz = cunp::itemsize(dtype);
  int64_t n = checked_size(shape, isz);
  MemoryPtr mem = allocate(static_cast<std::size_t>(n * isz), device);
  uintptr_t p = mem->ptr;
  return NDArray(std::move(mem), p, dtype, shape, contiguous_strides(shape, isz, order));
}

NDArray NDArray::view(DType dtype, Dims shape, Dims strides, uintptr_t data) const {
  return NDArray(memory_, data, dtype, std::move(shape), std::move(strides));
}

NDArray NDArray::transpose() const {
  Dims sh(ndim()), st(ndim());
  for (int i = 0; i < ndim(); ++i) {
    sh[i] = shape_[ndim() - 1 - i];
    st[i] = strides_[ndim() - 1 - i];
  }
  return view(dtype_, std::move(sh), std::move(st), data_);
}

NDArray NDArray::transpose(const std::vector<int64_t>& axes) const {
  int n = ndim();
  if (static_cast<int>(axes.size()) != n) throw ValueError("axes don't match array");
  std::vector<bool> seen(n, false);
  Dims sh(n), st(n);
  for (int i = 0; i < n; ++i) {
    int a = normalize_axis(axes[i], n);
    if (seen[a]) throw ValueError("repeated axis in transpose");
    seen[a] = true;
    sh[i] = shape_[a];
    st[i] = strides_[a];
  }
  return view(dtype_, std::move(sh), std::move(st), data_);
}

NDArray NDArray::swapaxes(int64_t a, int64_t b) const {
  int n = ndim();
  int x = normalize_axis(a, n), y = normalize_axis(b, n);
  Dims sh = shape_, st = strides_;
  std::swap(sh[x], sh[y]);
  std::swap(st[x], st[y]);
  return view(dtype_, std::move(sh), std::move(st), data_);
}

static std::vector<int> normalize_axes(const std::vector<int64_t>& axes, int ndim,
                                       const char* argname) {
  std::vector<int> out;
  for (int64_t a : axes) {
    int x = normalize_axis(a, ndim);
    if (std::find(out.begin(), out.end(), x) != out.end())
      throw ValueError(std::string("repeated axis") +
                       (argname ? std::string(" in `") + argname + "` argument" : ""));
    out.push_back(x);
  }
  return out;
}

NDArray NDArray::moveaxis(const std::vector<int64_t>& source,
                          const std::vector<int64_t>& dest) const {
  int n = ndim();
  std::vector<int> src = normalize_axes(source, n, "source");
  std::vector<int> dst = normalize_axes(dest, n, "destination");
  if (src.size() != dst.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
  std::vector<int64_t> order;
  for (int i = 0; i < n; ++i)
    if (std::find(src.begin(), src.end(), i) == src.end()) order.push_back(i);
  std::vector<std::pair<int, int>> moves;
  for (std::size_t i = 0; i < src.size(); ++i) moves.emplace_back(dst[i], src[i]);
  std::sort(moves.begin(), moves.end());
  for (auto [d, s] : moves) order.insert(order.begin() + d, s);
  return transpose(order);
}

NDArray NDArray::squeeze() const {
  Dims sh, st;
  for (int i = 0; i < ndim(); ++i)
    if (shape_[i] != 1) {
      sh.push_back(shape_[i]);
      st.push_back(strides_[i]);
    }
  return view(dtype_, std::move(sh), std::move(st), data_);
}

NDArray NDArray::squeeze(const std::vector<int64_t>& axes) const {
  std::vector<int> ax = normalize_axes(axes, ndim(), nullptr);
  for (int a : ax)
    if (shape_[a] != 1)
      throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
  Dims sh, st;
  for (int i = 0; i < ndim(); ++i)
    if (std::find(ax.begin(), ax.end(), i) == ax.end()) {
      sh.push_back(shape_[i]);
      st.push_back(strides_[i]);
    }
  return view(dtype_, std::move(sh), std::move(st), data_);
}

NDArray NDArray::expand_dims(const std::vector<int64_t>& axes) const {
  int out_nd = ndim() + static_cast<int>(axes.size());
  std::vector<int> ax = normalize_axes(axes, out_nd, nullptr);
  Dims sh, st;
  int src = 0;
  for (int i = 0; i < out_nd; ++i) {
    if (std::find(ax.begin(), ax.end(), i) != ax.end()) {
      sh.push_back(1);
      st.push_back(0);  // fixed below
    } else {
      sh.push_back(shape_[src]);
      st.push_back(strides_[src++]);
    }
  }
  // New unit axes get the stride a contiguous layout would give them (consumers such as
  // DLPack importers may look at it).
  for (int i = out_nd - 1; i >= 0; --i)
    if (std::find(ax.begin(), ax.end(), i) != ax.end())
      st[i] = i + 1 < out_nd ? st[i + 1] * std::max<int64_t>(sh[i + 1], 1) : itemsize();
  return view(dtype_, std::move(sh), std::move(st), data_);
}

NDArray NDArray::broadcast_to(const Dims& shape) const {
  int n = shape.size(), off = n - ndim();
  auto fail = [&] {
    throw ValueError("operands could not be broadcast together with remapped shapes "
                     "[original->remapped]: " +
                     shape_str(shape_) + "  and requested shape " + shape_str(shape));
  };
  if (off < 0)
    throw ValueError("input operand has more dimensions than allowed by the axis remapping");
  Dims st(n, 0);
  for (int i = 0; i < n; ++i) {
    if (shape[i] < 0) throw ValueError("all elements of broadcast shape must be non-negative");
    if (i < off) continue;
    int64_t s = shape_[i - off];
    // Every axis of extent 1 gets stride 0, as NumPy's broadcast_to gives it (layout rules
    // that sort axes by stride, such as empty_like's 'K' order, then see what NumPy sees).
    if (s == shape[i]) st[i] = s == 1 ? 0 : strides_[i - off];
    else if (s != 1) fail();
  }
  return view(dtype_, shape, std::move(st), data_);
}

NDArray NDArray::view_as(DType dt) const {
  int old_sz = itemsize(), new_sz = cunp::itemsize(dt);
  if (old_sz == new_sz) return view(dt, shape_, strides_, data_);
  if (ndim() == 0)
    throw ValueError(
        "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
  int last = ndim() - 1;
  if (shape_[last] != 1 && size_ != 0 && strides_[last] != old_sz)
    throw ValueError("To change to a dtype of a different size, the last axis must be contiguous");
  int64_t bytes = shape_[last] * old_sz;
  if (bytes % new_sz != 0) {
    if (new_sz > old_sz)
      throw ValueError("When changing to a larger dtype, its size must be a divisor of the total "
                       "size in bytes of the last axis of the array.");
    throw ValueError(
        "When changing to a smaller dtype, its size must be a divisor of the size of original dtype");
  }
  Dims sh = shape_, st = strides_;
  sh[last] = bytes / new_sz;
  st[last] = new_sz;
  return view(dt, std::move(sh), std::move(st), data_);
}

NDArray NDArray::real() const {
  if (!is_complex(dtype_)) return *this;
  return view(real_dtype(dtype_), shape_, strides_, data_);
}

NDArray NDArray::imag() const {
  if (!is_complex(dtype_)) throw TypeError("imag of a real array is not a view");
  return view(real_dtype(dtype_), shape_, strides_, data_ + itemsize() / 2);
}

NDArray NDArray::diagonal(int64_t offset, int64_t axis1, int64_t axis2) const {
  int n = ndim();
  if (n < 2) throw ValueError("diag requires an array of at least two dimensions");
  int a = normalize_axis(axis1, n), b = normalize_axis(axis2, n);
  if (a == b) throw ValueError("axis1 and axis2 cannot be the same");
  int64_t len, start = 0;
  if (offset >= 0) {
    len = std::max<int64_t>(0, std::min(shape_[a], shape_[b] - offset));
    start = len ? offset * strides_[b] : 0;
  } else {
    len = std::max<int64_t>(0, std::min(shape_[a] + offset, shape_[b]));
    start = len ? -offset * strides_[a] : 0;
  }
  Dims sh, st;
  for (int i = 0; i < n; ++i)
    if (i != a && i != b) {
      sh.push_back(shape_[i]);
      st.push_back(strides_[i]);
    }
  sh.push_back(len);
  st.push_back(strides_[a] + strides_[b]);
  return view(dtype_, std::move(sh), std::move(st), data_ + start);
}

// Python's slice.indices(): clamps bounds the way list slicing does.
static int64_t adjust_slice(int64_t len, int64_t& start, int64_t& stop, int64_t step) {
  constexpr int64_t kNone = IndexItem::kNone;
  if (start == kNone) start = step < 0 ? len - 1 : 0;
  else {
    if (start < 0) start += len;
    if (start < 0) start = step < 0 ? -1 : 0;
    else if (start >= len) start = step < 0 ? len - 1 : len;
  }
  if (stop == kNone) stop = step < 0 ? -1 : len;
  else {
    if (stop < 0) stop += len;
    if (stop < 0) stop = step < 0 ? -1 : 0;
    else if (stop >= len) stop = step < 0 ? len - 1 : len;
  }
  if (step < 0) return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  return start < stop ? (stop - start - 1) / step + 1 : 0;
}

NDArray NDArray::index(const std::vector<IndexItem>& items) const {
  int consumed = 0, ellipses = 0;
  for (const auto& it : items) {
    if (it.kind == IndexItem::Integer || it.kind == IndexItem::Slice) ++consumed;
    if (it.kind == IndexItem::Ellipsis) ++ellipses;
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(ndim()) +
                     "-dimensional, but " + std::to_string(consumed) + " were indexed");
  Dims sh, st;
  uintptr_t data = data_;
  int dim = 0;
  for (const auto& it : items) {
    switch (it.kind) {
      case IndexItem::Integer: {
        int64_t len = shape_[dim], i = it.index;
        if (i < -len || i >= len)
          throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " +
                           std::to_string(dim) + " with size " + std::to_string(len));
        if (i < 0) i += len;
        data += i * strides_[dim];
        ++dim;
        break;
      }
      case IndexItem::Slice: {
        int64_t step = it.step == IndexItem::kNone ? 1 : it.step;
        if (step == 0) throw ValueError("slice step cannot be zero");
        int64_t start = it.start, stop = it.stop;
        int64_t len = adjust_slice(shape_[dim], start, stop, step);
        if (len > 0) data += start * strides_[dim];
        sh.push_back(len);
        st.push_back(strides_[dim] * step);
        ++dim;
        break;
      }
      case IndexItem::NewAxis:
        sh.push_back(1);
        st.push_back(0);
        break;
      case IndexItem::Ellipsis:
        for (int k = 0, n = ndim() - consumed; k < n; ++k, ++dim) {
          sh.push_back(shape_[dim]);
          st.push_back(strides_[dim]);
        }
        break;
    }
  }
  for (; dim < ndim(); ++dim) {
    sh.push_back(shape_[dim]);
    st.push_back(strides_[dim]);
  }
  return view(dtype_, std::move(sh), std::move(st), data);
}

Dims NDArray::resolve_shape(const Dims& shape) const {
  int unknown = -1;
  int64_t known = 1;
  for (int i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) {  // NumPy takes any negative extent as the unknown one
      if (unknown >= 0) throw ValueError("can only specify one unknown dimension");
      unknown = i;
    } else {
      known *= shape[i];
    }
  }
  Dims out = shape;
  auto fail = [&] {
    // NumPy's shape text: leading unknown extents are left out, later ones read "newaxis".
    int first = 0;
    while (first < static_cast<int>(shape.size()) && shape[first] < 0) ++first;
    std::string s = "(";
    for (int i = first; i < static_cast<int>(shape.size()); ++i) {
      if (i > first) s += ',';
      s += shape[i] < 0 ? std::string("newaxis") : std::to_string(shape[i]);
    }
    s += shape.size() == 1 && first == 0 ? ",)" : ")";
    throw ValueError("cannot reshape array of size " + std::to_string(size_) + " into shape " + s);
  };
  if (unknown >= 0) {
    if (known == 0 || size_ % known != 0) fail();
    out[unknown] = size_ / known;
  } else if (known != size_) {
    fail();
  }
  return out;
}

std::optional<NDArray> NDArray::reshape_view(const Dims& shape, Order order) const {
  int isz = itemsize();
  if (size_ == 0 || (order == Order::C ? c_contiguous_ : f_contiguous_))
    return view(dtype_, shape, contiguous_strides(shape, isz, order), data_);
  // Work in C order; an F-order reshape is the C-order reshape of the reversed axes.
  bool f = order == Order::F;
  Dims os, ot;  // old shape and strides without unit axes
  for (int k = 0; k < ndim(); ++k) {
    int i = f ? ndim() - 1 - k : k;
    if (shape_[i] != 1) {
      os.push_back(shape_[i]);
      ot.push_back(strides_[i]);
    }
  }
  Dims ns(shape.size());
  for (int k = 0; k < shape.size(); ++k) ns[k] = shape[f ? shape.size() - 1 - k : k];
  Dims nt(ns.size(), isz);
  int oi = 0, ni = 0;
  while (oi < os.size() && ni < ns.size()) {
    int oj = oi + 1, nj = ni + 1;
    int64_t op = os[oi], np = ns[ni];
    while (op != np) {
      if (np < op) np *= ns[nj++];
      else op *= os[oj++];
    }
    for (int k = oi; k < oj - 1; ++k)
      if (ot[k] != os[k + 1] * ot[k + 1]) return std::nullopt;  // group not contiguous
    int64_t s = ot[oj - 1];
    for (int k = nj - 1; k >= ni; --k) {
      nt[k] = s;
      s *= ns[k];
    }
    oi = oj;
    ni = nj;
  }
  for (; ni < ns.size(); ++ni) nt[ni] = isz;  // trailing unit axes
  if (f) {
    std::reverse(nt.begin(), nt.end());
  }
  return view(dtype_, shape, std::move(nt), data_);
}

std::vector<NDArray> broadcast_arrays(const std::vector<NDArray>& arrays) {
  std::vector<Dims> shapes;
  for (const auto& a : arrays) shapes.push_back(a.shape());
  Dims out = broadcast_shapes(shapes);
  std::vector<NDArray> r;
  for (const auto& a : arrays) r.push_back(a.shape() == out ? a : a.broadcast_to(out));
  return r;
}

std::pair<uintptr_t, uintptr_t> byte_extent(const NDArray& a) {
  if (a.size() == 0) return {a.data(), a.data()};
  intptr_t lo = 0, hi = 0;
  for (int i = 0; i < a.ndim(); ++i) {
    intptr_t span = (a.shape()[i] - 1) * a.strides()[i];
    (span < 0 ? lo : hi) += span;
  }
  return {a.data() + lo, a.data() + hi + a.itemsize()};
}

bool may_share_memory(const NDArray& a, const NDArray& b) {
  if (a.size() == 0 || b.size() == 0) return false;
  auto [a0, a1] = byte_extent(a);
  auto [b0, b1] = byte_extent(b);
  return a0 < b1 && b0 < a1;
}

void raise_device_mismatch(int device, int other) {
  throw ValueError("array on device " + std::to_string(other) +
                   " cannot be used with an array on device " + std::to_string(device) +
                   "; copy it first, e.g. with cunp.asarray() under cunp.cuda.Device(" +
                   std::to_string(device) + ")");
}

namespace {

// Folds one array into the device found so far (-1: none yet).
void fold_device(int& device, const NDArray* a) {
  if (!a || !a->defined()) return;
  if (device < 0) device = a->device();
  else if (a->device() != device) raise_device_mismatch(device, a->device());
}

}  // namespace

int common_device(std::initializer_list<const NDArray*> arrays) {
  int device = -1;
  for (const NDArray* a : arrays) fold_device(device, a);
  return device < 0 ? current_device() : device;
}

int common_device(std::span<const NDArray> arrays, const NDArray* also) {
  int device = -1;
  fold_device(device, also);
  for (const NDArray& a : arrays) fold_device(device, &a);
  return device < 0 ? current_device() : device;
}

}  // namespace cunp
