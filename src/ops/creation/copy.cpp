// src/ops/creation/copy.cpp -- copy, fill and astype on top of the elementwise launcher, with driver
// memcpy/memset where the layout allows.
#include "cunp/ops/creation/copy.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <numeric>

#include "kernels/fill.hpp"
#include "runtime/driver.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

const ElementwiseOp kCopy{"copy", "out0 = cast<decltype(out0)>(in0);"};
const ElementwiseOp kFill{"fill", "out0 = s0;"};

bool same_layout(const NDArray& a, const NDArray& b) {
  return a.shape() == b.shape() &&
         ((a.c_contiguous() && b.c_contiguous()) || (a.f_contiguous() && b.f_contiguous()));
}

// Copies `src` from another device into `dst`. Unified addressing lets cuMemcpyAsync copy
// between devices: directly over P2P when the topology allows (enabled here), through the host
// otherwise. When dst and src share dtype and contiguous layout the peer copy lands in dst itself;
// otherwise src crosses in its own dtype, C order, and a local copy finishes the job.
void copy_from_device(const NDArray& dst, const NDArray& src_in) {
  NDArray src;
  {
    DeviceGuard g(src_in.device());
    src = same_layout(src_in, dst) ? src_in : contiguous(src_in);
    // The peer copy below runs on the destination's stream: the source must be ready.
    Stream s = current_stream(src_in.device());
    s.synchronize();
  }
  bool direct = src.dtype() == dst.dtype() && same_layout(src, dst);
  NDArray landing = direct ? dst : NDArray::empty(src.shape(), src.dtype(), Order::C, dst.device());
  enable_peer_access(dst.device(), src.device());
  activate(dst.device());
  CUNP_DRV(cuMemcpyAsync, landing.data(), src.data(), static_cast<std::size_t>(landing.nbytes()),
           current_stream_handle(dst.device()));
  if (!direct) copy_to(dst, landing);
}

}  // namespace

OrderSpec order_from_char(char c) {
  switch (c) {
    case 'C':
    case 'c': return OrderSpec::C;
    case 'F':
    case 'f': return OrderSpec::F;
    case 'A':
    case 'a': return OrderSpec::A;
    case 'K':
    case 'k': return OrderSpec::K;
    default:
      throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + std::string(1, c) +
                       "')");
  }
}

NDArray empty_like(const NDArray& like, DType dtype, OrderSpec order, int device) {
  int dev = device >= 0 ? device : like.device();
  switch (order) {
    case OrderSpec::C: return NDArray::empty(like.shape(), dtype, Order::C, dev);
    case OrderSpec::F: return NDArray::empty(like.shape(), dtype, Order::F, dev);
    case OrderSpec::A:
      return NDArray::empty(like.shape(), dtype,
                            like.f_contiguous() && !like.c_contiguous() ? Order::F : Order::C, dev);
    case OrderSpec::K: break;
  }
  if (like.c_contiguous()) return NDArray::empty(like.shape(), dtype, Order::C, dev);
  if (like.f_contiguous()) return NDArray::empty(like.shape(), dtype, Order::F, dev);
  // Keep the source's axis order: allocate C-contiguous in stride order, then permute back.
  int n = like.ndim();
  std::vector<int64_t> perm = memory_order(like.strides());
  Dims shape(n);
  for (int i = 0; i < n; ++i) shape[i] = like.shape()[perm[i]];
  std::vector<int64_t> inverse(n);
  for (int i = 0; i < n; ++i) inverse[perm[i]] = i;
  return NDArray::empty(shape, dtype, Order::C, dev).transpose(inverse);
}

Dims keep_strides(const NDArray& like) {
  const int n = like.ndim();
  std::vector<int64_t> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  // The same choice as empty_like's K case above: C, F, else by |stride|.
  if (!like.c_contiguous()) {
    if (like.f_contiguous()) std::reverse(perm.begin(), perm.end());
    else perm = memory_order(like.strides());
  }
  Dims strides(n);
  int64_t step = 1;
  for (int i = n - 1; i >= 0; --i) {
    strides[static_cast<int>(perm[i])] = step;
    step *= std::max<int64_t>(like.shape()[static_cast<int>(perm[i])], 1);
  }
  return strides;
}

NDArray in_keep_layout(const NDArray& r, const NDArray& like) {
  if (r.size() <= 1) return r;  // every layout is both C and F
  const Dims want = keep_strides(like);
  bool same = true;
  for (int i = 0; i < r.ndim(); ++i)
    if (r.shape()[i] != 1 && r.strides()[i] != want[i] * r.itemsize()) same = false;
  if (same) return r;
  NDArray out = empty_like(like, r.dtype(), OrderSpec::K, r.device());
  copy_to(out, r);
  return out;
}

NDArray empty_iterated(const Dims& shape, DType dtype, const std::vector<Dims>& strides,
                       int device) {
  const int n = shape.size();
  if (n < 2) return NDArray::empty(shape, dtype, Order::C, device);
  std::vector<Dims> seen;  // each operand's strides with extent-1 axes telling nothing
  for (const Dims& s : strides) {
    Dims z(n, 0);
    for (int i = 0; i < n; ++i)
      if (shape[i] != 1) z[i] = s[i];
    seen.push_back(z);
  }
  return empty_in_order(shape, dtype, iterator_order(shape, seen), device);
}

NDArray empty_in_order(const Dims& shape, DType dtype, const std::vector<int64_t>& perm,
                       int device) {
  const int n = shape.size();
  Dims pshape(n);
  std::vector<int64_t> inverse(n);
  for (int i = 0; i < n; ++i) {
    pshape[i] = shape[static_cast<int>(perm[i])];
    inverse[perm[i]] = i;
  }
  return NDArray::empty(pshape, dtype, Order::C, device).transpose(inverse);
}

void copy_to(const NDArray& dst, const NDArray& src_in) {
  NDArray src = src_in;
  // NumPy lets a value carry extra leading unit axes: (1, 5, 6) assigns into (5, 6).
  while (src.ndim() > dst.ndim() && src.shape()[0] == 1) src = src.index({IndexItem::integer(0)});
  if (src.shape() != dst.shape()) {
    try {
      src = src.broadcast_to(dst.shape());
    } catch (const ValueError&) {
      throw ValueError("could not broadcast input array from shape " + shape_str(src.shape()) +
                       " into shape " + shape_str(dst.shape()));
    }
  }
  if (dst.size() == 0) return;
  if (src.device() != dst.device()) return copy_from_device(dst, src);
  if (src.data() == dst.data() && src.strides() == dst.strides() && src.dtype() == dst.dtype())
    return;
  if (may_share_memory(dst, src)) {  // read everything before writing anything
    DeviceGuard g(dst.device());
    src = copy(src, OrderSpec::K);
  }
  if (src.dtype() == dst.dtype() && same_layout(src, dst)) {
    activate(dst.device());
    CUNP_DRV(cuMemcpyDtoDAsync, dst.data(), src.data(), static_cast<std::size_t>(dst.nbytes()),
             current_stream_handle(dst.device()));
    return;
  }
  elementwise(kCopy, {src}, {dst});
}

void fill(const NDArray& dst, const Scalar& value) {
  if (dst.size() == 0) return;
  Scalar v = value.cast(dst.dtype());
  if (dst.c_contiguous() || dst.f_contiguous()) {
    // The driver's memset covers every value whose bytes repeat with a period of 1, 2 or 4.
    int isz = dst.itemsize();
    int period = isz;
    for (int p : {1, 2, 4}) {
      if (p > isz) break;
      if (std::equal(v.bytes, v.bytes + isz - p, v.bytes + p)) {
        period = p;
        break;
      }
    }
    if (period <= 4) {
      activate(dst.device());
      StreamHandle s = current_stream_handle(dst.device());
      std::size_t count = static_cast<std::size_t>(dst.nbytes()) / period;
      if (period == 1) {
        CUNP_DRV(cuMemsetD8Async, dst.data(), v.bytes[0], count, s);
      } else if (period == 2) {
        uint16_t w;
        std::memcpy(&w, v.bytes, 2);
        CUNP_DRV(cuMemsetD16Async, dst.data(), w, count, s);
      } else {
        uint32_t w;
        std::memcpy(&w, v.bytes, 4);
        CUNP_DRV(cuMemsetD32Async, dst.data(), w, count, s);
      }
      return;
    }
    // Longer patterns (float64 1.0, complex values) take the prebuilt kernel: no JIT compile.
    if (16 % period == 0 && fill_pattern(dst.data(), static_cast<std::size_t>(dst.nbytes()),
                                         v.bytes, period, dst.device()))
      return;
  }
  elementwise(kFill, {}, {dst}, {v});
}

NDArray copy(const NDArray& a, OrderSpec order) {
  NDArray out = empty_like(a, a.dtype(), order);
  copy_to(out, a);
  return out;
}

NDArray astype(const NDArray& a, DType dtype, OrderSpec order, Casting casting, bool force_copy) {
  if (!can_cast(a.dtype(), dtype, casting)) {
    static const char* names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
    throw TypeError(std::string("Cannot cast array data from dtype('") + name(a.dtype()) +
                    "') to dtype('" + name(dtype) + "') according to the rule '" +
                    names[static_cast<int>(casting)] + "'");
  }
  if (!force_copy && dtype == a.dtype()) {
    bool fits = order == OrderSpec::K || (order == OrderSpec::C && a.c_contiguous()) ||
                (order == OrderSpec::F && a.f_contiguous()) ||
                (order == OrderSpec::A && (a.c_contiguous() || a.f_contiguous()));
    if (fits) return a;
  }
  NDArray out = empty_like(a, dtype, order);
  copy_to(out, a);
  return out;
}

NDArray contiguous(const NDArray& a, Order order) {
  if (order == Order::C ? a.c_contiguous() : a.f_contiguous()) return a;
  return copy(a, order == Order::C ? OrderSpec::C : OrderSpec::F);
}

}  // namespace cunp
