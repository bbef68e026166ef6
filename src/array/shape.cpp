// src/array/shape.cpp -- shape arithmetic.
#include "cunp/array/shape.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "cunp/runtime/error.hpp"

namespace cunp {

Dims contiguous_strides(const Dims& shape, int itemsize, Order order) {
  int n = shape.size();
  Dims strides(n);
  if (shape.product() == 0) return strides;  // NumPy 2 gives empty arrays zero strides
  int64_t s = itemsize;
  for (int k = 0; k < n; ++k) {
    int i = order == Order::C ? n - 1 - k : k;
    strides[i] = s;
    s *= shape[i] > 0 ? shape[i] : 1;
  }
  return strides;
}

// NumPy's rule: dimensions of extent 1 may have any stride; an empty array is contiguous.
static bool contiguous(const Dims& shape, const Dims& strides, int itemsize, bool c_order) {
  int n = shape.size();
  for (int64_t e : shape)
    if (e == 0) return true;
  int64_t expected = itemsize;
  for (int k = 0; k < n; ++k) {
    int i = c_order ? n - 1 - k : k;
    if (shape[i] != 1) {
      if (strides[i] != expected) return false;
      expected *= shape[i];
    }
  }
  return true;
}

bool is_c_contiguous(const Dims& shape, const Dims& strides, int itemsize) {
  return contiguous(shape, strides, itemsize, true);
}
bool is_f_contiguous(const Dims& shape, const Dims& strides, int itemsize) {
  return contiguous(shape, strides, itemsize, false);
}

int normalize_axis(long long axis, int ndim) {
  if (axis < -ndim || axis >= ndim) throw AxisError(axis, ndim);
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

std::vector<int64_t> memory_order(const Dims& strides) {
  std::vector<int64_t> perm(strides.size());
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    return std::llabs(strides[a]) > std::llabs(strides[b]);
  });
  return perm;
}

std::vector<int64_t> iterator_order(const Dims& shape, const std::vector<Dims>& strides) {
  const int ndim = shape.size();
  auto stride = [&](const Dims& s, int64_t ax) -> int64_t {
    return shape[static_cast<int>(ax)] == 1 ? 0 : s[static_cast<int>(ax)];
  };
  std::vector<int64_t> perm(ndim);  // innermost first, as NumPy's reversed axis data
  for (int i = 0; i < ndim; ++i) perm[i] = ndim - 1 - i;
  for (int i0 = 1; i0 < ndim; ++i0) {
    const int64_t j0 = perm[i0];
    int pos = i0;
    for (int i1 = i0 - 1; i1 >= 0; --i1) {
      const int64_t j1 = perm[i1];
      bool ambiguous = true, swap = false;
      for (const Dims& s : strides) {
        const int64_t s0 = stride(s, j0), s1 = stride(s, j1);
        if (s0 == 0 || s1 == 0) continue;
        if (std::llabs(s1) <= std::llabs(s0)) swap = false;  // C order wins a conflict
        else if (ambiguous) swap = true;
        ambiguous = false;
      }
      if (ambiguous) continue;
      if (!swap) break;
      pos = i1;
    }
    if (pos != i0) {
      for (int i = i0; i > pos; --i) perm[i] = perm[i - 1];
      perm[pos] = j0;
    }
  }
  std::reverse(perm.begin(), perm.end());
  return perm;
}

std::string shape_str(const Dims& shape) {
  std::string s = "(";
  for (int i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

Dims broadcast_shapes(const std::vector<Dims>& shapes) {
  int nd = 0;
  for (const auto& s : shapes) nd = std::max(nd, s.size());
  Dims out(nd, 1);
  for (std::size_t a = 0; a < shapes.size(); ++a) {
    const Dims& s = shapes[a];
    int off = nd - s.size();
    for (int i = 0; i < s.size(); ++i) {
      int64_t& o = out[off + i];
      if (s[i] == o || s[i] == 1) continue;
      if (o == 1) {
        o = s[i];
        continue;
      }
      // Find the earlier argument that fixed this extent, for NumPy's message.
      std::size_t b = 0;
      for (; b < a; ++b) {
        int j = shapes[b].size() - (nd - off - i);
        if (j >= 0 && shapes[b][j] == o) break;
      }
      throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  "
                       "Mismatch is between arg " +
                       std::to_string(b) + " with shape " + shape_str(shapes[b]) + " and arg " +
                       std::to_string(a) + " with shape " + shape_str(s) + ".");
    }
  }
  return out;
}

int64_t checked_size(const Dims& shape, int itemsize) {
  for (int64_t e : shape)
    if (e < 0) throw ValueError("negative dimensions are not allowed");
  // As NumPy: the non-zero extents times the item size must fit, even when another extent is
  // zero (a wrapped product must not pass for an empty array).
  int64_t bytes = itemsize, n = 1;
  bool overflow = false;
  for (int64_t e : shape)
    if (e != 0) overflow |= __builtin_mul_overflow(bytes, e, &bytes);
  if (overflow)
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the "
                     "maximum possible size.");
  for (int64_t e : shape) n *= e;  // cannot overflow now
  return n;
}

}  // namespace cunp
