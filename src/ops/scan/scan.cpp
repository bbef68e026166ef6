// src/ops/scan/scan.cpp -- ufunc.accumulate and ufunc.reduceat: NumPy's loop choice, the layout of
// the lines along the axis, the choice of kernel, and the launch on the current stream.
#include "cunp/ops/scan/scan.hpp"

#include <algorithm>
#include <cstdlib>

#include "runtime/driver.hpp"
#include "jit/kernel.hpp"
#include "ops/launch_util.hpp"
#include "params.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp {
namespace {

using detail::ScanParams;
constexpr int kBlock = detail::kScanThreads;
constexpr int kMaxOuter = detail::kScanMaxOuter;

// The axes other than the scanned one, merged where both arrays allow and ordered outermost
// first by the output's strides, so neighbouring lines are neighbours in memory.
struct Lines {
  int ndim = 0;
  int64_t count = 1;
  int64_t shape[kMaxOuter * 4], in_st[kMaxOuter * 4], out_st[kMaxOuter * 4];
};
Lines line_layout(const NDArray& in, const NDArray& out, int axis) {
  struct Axis {
    int64_t e, si, so;
  };
  // On the stack: a cached launch allocates nothing here.
  detail::InlineBuffer<Axis, 32> axes(static_cast<std::size_t>(in.ndim()));
  int na = 0;
  for (int d = 0; d < in.ndim(); ++d) {
    if (d == axis || in.shape()[d] == 1) continue;
    // Insertion sort, stable: axes with larger output strides first.
    const Axis a{in.shape()[d], in.strides()[d], out.strides()[d]};
    int j = na++;
    for (; j > 0 && std::llabs(axes[j - 1].so) < std::llabs(a.so); --j) axes[j] = axes[j - 1];
    axes[j] = a;
  }
  // Merge in place: an axis joins the previous one when it continues it in both arrays.
  int nm = 0;
  for (int k = 0; k < na; ++k) {
    const Axis a = axes[k];
    Axis* b = nm ? &axes[nm - 1] : nullptr;
    if (b && b->si == a.si * a.e && b->so == a.so * a.e) {
      b->e *= a.e;
      b->si = a.si;
      b->so = a.so;
    } else {
      axes[nm++] = a;
    }
  }
  Lines L;
  L.ndim = nm > kMaxOuter * 4 ? kMaxOuter * 4 + 1 : nm;  // past the arrays marks "too many"
  for (int d = 0; d < nm && d < kMaxOuter * 4; ++d) {
    L.shape[d] = axes[d].e;
    L.in_st[d] = axes[d].si;
    L.out_st[d] = axes[d].so;
    L.count *= axes[d].e;
  }
  return L;
}

bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

bool homogeneous(const UfuncLoop& l) {
  return l.types[0] == l.types[1] && l.types[1] == l.types[2];
}

[[noreturn]] void no_loop(const Ufunc& u) {
  throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                  u.name);
}

// The first loop of one type throughout that `t` casts to safely (NumPy requires the result
// type of a reduce-like call to be its first input's).
int homogeneous_loop(const Ufunc& u, DType t, bool exact) {
  for (std::size_t i = 0; i < u.loops.size(); ++i) {
    const UfuncLoop& l = u.loops[i];
    if (homogeneous(l) && (exact ? l.types[0] == t : can_cast(t, l.types[0], Casting::Safe)))
      return static_cast<int>(i);
  }
  return -1;
}

// The kernel: keyed by the ufunc's index plus one byte per fact of ScanSignature.
FunctionHandle kernel(const ScanSignature& sig, int device) {
  detail::KernelKey key(detail::Engine::Scan, device, static_cast<uint64_t>(sig.u->index));
  key.add(sig.loop & 0xff);
  key.add(sig.loop >> 8);
  key.add(static_cast<int>(sig.in));
  key.add(static_cast<int>(sig.out));
  key.add(static_cast<int>(sig.kind));
  key.add(sig.nan_as_identity);
  key.add(sig.vec);
  return detail::kernel(key, [&] { return detail::KernelSpec{scan_source(sig), "cunp_scan", {}}; });
}

int64_t grid_cap(int device) {
  const DeviceProperties& p = device_properties(device);
  return std::max<int64_t>(1, int64_t{p.multiprocessor_count} *
                                  (p.max_threads_per_multiprocessor / kBlock) * 4);
}

void launch(FunctionHandle fn, int device, ScanParams& p, int64_t blocks) {
  detail::launch(fn, device, {static_cast<unsigned>(blocks)}, {kBlock}, &p);
}

void fill_lines(ScanParams& p, const Lines& L) {
  p.ndim = L.ndim;
  for (int d = 0; d < L.ndim; ++d) {
    p.shape[d] = L.shape[d];
    p.in_st[d] = L.in_st[d];
    p.out_st[d] = L.out_st[d];
  }
}

bool aligned16(const NDArray& a, const Lines& L, bool in) {
  if (a.data() % 16) return false;
  for (int d = 0; d < L.ndim; ++d)
    if ((in ? L.in_st[d] : L.out_st[d]) % 16) return false;
  return true;
}

// Whether writing `out` while reading `in` element by element is safe: no shared bytes, or
// exactly the same elements.
bool safe_in_place(const NDArray& in, const NDArray& out) {
  if (!may_share_memory(in, out)) return true;
  return in.data() == out.data() && in.strides() == out.strides() &&
         in.itemsize() == out.itemsize() && in.shape() == out.shape();
}

// Scans `in` along `axis` into `res` (same shape, non-empty).
void run_scan(const Ufunc& u, int loop, const NDArray& in, const NDArray& res, int axis, bool nan) {
  const int device = res.device();
  const int64_t n = in.shape()[axis];
  Lines L = line_layout(in, res, axis);
  if (L.ndim > kMaxOuter) {
    // Rarely many unmergeable axes: scan a C-contiguous copy, then copy back.
    NDArray c = contiguous(in);
    NDArray r = NDArray::empty(res.shape(), res.dtype(), Order::C, device);
    run_scan(u, loop, c, r, axis, nan);
    copy_to(res, r);
    return;
  }
  ScanSignature sig;
  sig.u = &u;
  sig.loop = loop;
  sig.in = in.dtype();
  sig.out = res.dtype();
  sig.nan_as_identity = nan;
  const int64_t in_step = in.strides()[axis], out_step = res.strides()[axis];
  const bool assoc = scan_associative(u);
  const bool rows = in_step == in.itemsize();
  const DeviceProperties& props = device_properties(device);
  const int64_t resident_threads = int64_t{props.multiprocessor_count} *
                                   props.max_threads_per_multiprocessor;

  ScanParams p{};
  p.in = in.data();
  p.out = res.data();
  p.n = n;
  p.lines = L.count;
  p.in_step = in_step;
  p.out_step = out_step;
  fill_lines(p, L);

  sig.kind = ScanKind::Lines;
  if (assoc && !rows && L.count < 64 && n > 65536) {
    // A few long strided lines: scan a copy with the axis innermost (one look-back pass),
    // writing the results back through the output's strides.
    const std::vector<int64_t> src{axis}, dst{in.ndim() - 1};
    run_scan(u, loop, contiguous(in.moveaxis(src, dst)), res.moveaxis(src, dst), in.ndim() - 1,
             nan);
    return;
  }
  if (assoc && !rows && n >= 64 && L.count < 2 * resident_threads) {
    // Too few lines to keep the GPU busy walking them: split the axis into chunks (totals,
    // a scan of the totals, then each chunk again from its carry), lines fastest across threads.
    const int64_t want = (2 * resident_threads + L.count - 1) / L.count;
    // At most 1024 chunks: the middle pass walks them in order.
    const int64_t len = std::max({int64_t{32}, (n + want - 1) / want, (n + 1023) / 1024});
    p.m = (n + len - 1) / len;
    p.tiles = len;
    const int64_t total = p.m * L.count;
    NDArray carry = NDArray::empty(Dims{2 * total}, DType::UInt64, Order::C, device);
    p.scratch = carry.data();
    const int64_t blocks = std::min((total + kBlock - 1) / kBlock, grid_cap(device));
    for (ScanKind k : {ScanKind::ChunkTotals, ScanKind::ChunkScan, ScanKind::ChunkApply}) {
      sig.kind = k;
      const int64_t b = k == ScanKind::ChunkScan
                            ? std::min((L.count + kBlock - 1) / kBlock, grid_cap(device))
                            : blocks;
      launch(kernel(sig, device), device, p, b);
    }
    return;
  }
  if (assoc && rows && n > 16) {
    const int ipt = scan_items_per_thread(sig);
    // Rows longer than one tile, when they are long or too few for a warp each to fill the
    // GPU; a row within one tile (a small 1-d cumsum) needs no look-back, nor its scratch.
    const bool long_rows = n > int64_t{kBlock} * ipt &&
                           (n > 8192 || (L.count * 32 < resident_threads && n > 32 * ipt));
    sig.kind = long_rows ? ScanKind::LookBack : ScanKind::WarpRows;
    sig.vec = out_step == res.itemsize() && aligned16(in, L, true) && aligned16(res, L, false) &&
              (n * in.itemsize()) % 16 == 0 && (n * res.itemsize()) % 16 == 0;
    // Rows of one line have no outer stride: only the tile starts need the alignment.
    if (L.ndim == 0 && out_step == res.itemsize())
      sig.vec = in.data() % 16 == 0 && res.data() % 16 == 0;
  }
  FunctionHandle fn = kernel(sig, device);
  if (sig.kind == ScanKind::Lines) {
    launch(fn, device, p, std::min((L.count + kBlock - 1) / kBlock, grid_cap(device)));
  } else if (sig.kind == ScanKind::WarpRows) {
    launch(fn, device, p, std::min((L.count + kBlock / 32 - 1) / (kBlock / 32), grid_cap(device)));
  } else {
    const int64_t tile = int64_t{kBlock} * scan_items_per_thread(sig);
    p.tiles = (n + tile - 1) / tile;
    const int64_t total = p.tiles * L.count;
    if (total >= (int64_t{1} << 31)) throw ValueError("scan: too many tiles for one launch");
    // The ticket and tile status start at zero (stream-ordered, from the pool: no host sync).
    const ScanScratch need = scan_scratch(sig, total);
    NDArray scratch = NDArray::empty(Dims{need.words}, DType::UInt64, Order::C, device);
    activate(device);
    CUNP_DRV(cuMemsetD32Async, static_cast<CUdeviceptr>(scratch.data()), 0u,
             static_cast<size_t>(need.clear_words * 2), current_stream_handle(device));
    p.scratch = scratch.data();
    launch(fn, device, p, total);
  }
}

}  // namespace

bool scan_associative(const Ufunc& u) {
  return is_one_of(u.name, {"add", "multiply", "maximum", "minimum", "fmax", "fmin", "logical_and",
                            "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
                            "gcd", "lcm"});
}

void scan_arity(const Ufunc& u, const char* method) {
  if (u.nin != 2) throw ValueError(std::string(method) + " only supported for binary functions");
  if (u.nout != 1)
    throw ValueError(std::string(method) +
                     " only supported for functions returning a single value");
}

int scan_loop(const Ufunc& u, DType in, const ScanOptions& opt, const char* method) {
  scan_arity(u, method);
  // Logical ufuncs reduce through their bool loop whatever the input (NumPy's special case);
  // a dtype= other than bool asks for a loop they do not have, NumPy's TypeError.
  if (u.resolver == Resolver::Logical) {
    if (opt.dtype && *opt.dtype != DType::Bool) no_loop(u);
    return 0;
  }
  auto arg = [](DType t) {
    UfuncArg a;
    a.scalar = Scalar::from_int(0, t);
    return a;
  };
  if (opt.dtype) {
    int l = homogeneous_loop(u, *opt.dtype, true);
    if (l < 0) no_loop(u);
    return l;
  }
  DType first = in;
  if (opt.out.defined()) {
    first = opt.out.dtype();
  } else if (opt.upcast_small_ints && (u.name == "add" || u.name == "multiply")) {
    // NumPy's rule for add and multiply reductions: small integers accumulate as int64/uint64.
    if (in == DType::Bool || in == DType::Int8 || in == DType::Int16 || in == DType::Int32)
      first = in = DType::Int64;
    else if (in == DType::UInt8 || in == DType::UInt16 || in == DType::UInt32)
      first = in = DType::UInt64;
  }
  UfuncOptions uo;
  uo.casting = Casting::Unsafe;  // the result is cast into out= unconditionally, as in NumPy
  UfuncPlan plan = resolve_ufunc(u, {arg(first), arg(in)}, {std::nullopt}, uo);
  if (homogeneous(*plan.loop)) return plan.loop_index;
  // NumPy retries a loop whose first type is not its result type (a comparison's) with the
  // first operand fixed to that result type: equal.reduceat of bool into an int8 out= runs
  // the bool loop and casts into out.
  if (plan.loop->types[0] != plan.loop->types[2]) {
    const DType result = plan.loop->types[2];
    for (std::size_t i = 0; i < u.loops.size(); ++i)
      if (homogeneous(u.loops[i]) && u.loops[i].types[0] == result &&
          can_cast(in, result, Casting::Safe))
        return static_cast<int>(i);
  }
  int l = homogeneous_loop(u, promote_types(first, in), false);
  if (l < 0) no_loop(u);
  return l;
}

namespace {

// The strides NumPy's accumulate iterator orders its output by: the input's, or for the nan
// forms of an inexact input those of the K-order copy NumPy's nancumsum/nancumprod make first.
Dims accumulate_strides(const NDArray& a, const ScanOptions& opt) {
  if (opt.nan_as_identity && is_inexact(a.dtype())) return keep_strides(a);
  return a.strides();
}

}  // namespace

NDArray ufunc_accumulate(const Ufunc& u, const NDArray& a, int64_t axis, const ScanOptions& opt) {
  // NumPy's order: the arity, the scalar, the axis, then the loop.
  scan_arity(u, "accumulate");
  if (a.ndim() == 0) throw TypeError("cannot accumulate on a scalar");
  const int ax = normalize_axis(axis, a.ndim());
  const int loop = scan_loop(u, a.dtype(), opt, "accumulate");
  NDArray res = opt.out;
  if (res.defined()) {
    if (res.shape() != a.shape())
      throw ValueError("provided out is the wrong size for the accumulation.");
    if (res.device() != a.device()) raise_device_mismatch(a.device(), res.device());
  } else {
    res = empty_iterated(a.shape(), u.loops[loop].types[2], {accumulate_strides(a, opt)},
                         a.device());
  }
  if (a.size() == 0) return res;
  NDArray in = safe_in_place(a, res) ? a : copy(a);
  run_scan(u, loop, in, res, ax, opt.nan_as_identity);
  return res;
}

NDArray ufunc_reduceat(const Ufunc& u, const NDArray& a, const std::vector<int64_t>& indices,
                       int64_t axis, const ScanOptions& opt) {
  // NumPy's order: the arity, the scalar, the axis, the indices' range, then the loop.
  scan_arity(u, "reduceat");
  if (a.ndim() == 0) throw TypeError("cannot reduceat on a scalar");
  const int ax = normalize_axis(axis, a.ndim());
  const int64_t n = a.shape()[ax];
  for (int64_t i : indices)
    if (i < 0 || i >= n)
      throw IndexError("index " + std::to_string(i) + " out-of-bounds in " + u.name +
                       ".reduceat [0, " + std::to_string(n) + ")");
  const int loop = scan_loop(u, a.dtype(), opt, "reduceat");
  Dims shape = a.shape();
  const int64_t m = static_cast<int64_t>(indices.size());
  shape[ax] = m;
  NDArray res = opt.out;
  if (res.defined()) {
    // NumPy's iterator broadcasts the operand into out=: out has the operand's dimensions,
    // len(indices) along the axis, and elsewhere the operand's length or any where it is 1.
    bool fits = res.ndim() == a.ndim();
    for (int d = 0; fits && d < a.ndim(); ++d)
      fits = res.shape()[d] == shape[d] || (d != ax && a.shape()[d] == 1);
    if (!fits)
      throw ValueError("output operand has shape " + shape_str(res.shape()) +
                       ", but the reduceat result has shape " + shape_str(shape));
    if (res.device() != a.device()) raise_device_mismatch(a.device(), res.device());
    if (res.shape() != shape) {
      Dims wide = res.shape();
      wide[ax] = n;
      return ufunc_reduceat(u, a.broadcast_to(wide), indices, ax, opt);
    }
  } else {
    // NumPy's iterator allocates the result (order K) over the operand, which it does not
    // iterate along the axis (stride 0 there), and the contiguous intp indices, iterated only
    // along it: a transposed input gives an F-ordered result.
    Dims in_strides = a.strides();
    in_strides[ax] = 0;
    Dims index_strides(a.ndim(), 0);
    index_strides[ax] = static_cast<int64_t>(sizeof(int64_t));
    res = empty_iterated(shape, u.loops[loop].types[2], {in_strides, index_strides}, a.device());
  }
  if (shape.product() == 0) return res;
  const int device = res.device();
  NDArray in = may_share_memory(a, res) ? copy(a) : a;
  NDArray seg = from_host(indices.data(), DType::Int64, Dims{m}, Order::C, device);

  Lines L = line_layout(in, res, ax);
  if (L.ndim > kMaxOuter) {
    NDArray c = contiguous(in);
    NDArray r = NDArray::empty(shape, res.dtype(), Order::C, device);
    ScanOptions o = opt;
    o.out = r;
    ufunc_reduceat(u, c, indices, ax, o);
    copy_to(res, r);
    return res;
  }
  ScanSignature sig;
  sig.u = &u;
  sig.loop = loop;
  sig.in = in.dtype();
  sig.out = res.dtype();
  sig.kind = ScanKind::ReduceAt;
  ScanParams p{};
  p.in = in.data();
  p.out = res.data();
  p.n = n;
  p.lines = L.count;
  p.in_step = in.strides()[ax];
  p.out_step = res.strides()[ax];
  p.seg = seg.data();
  p.m = m;
  // Lines side by side in memory (a strided axis): neighbouring threads take neighbouring lines.
  p.seg_major = p.in_step != in.itemsize() && L.count > 1;
  fill_lines(p, L);
  FunctionHandle fn = kernel(sig, device);
  launch(fn, device, p, std::min((L.count * m + kBlock - 1) / kBlock, grid_cap(device)));
  return res;
}

}  // namespace cunp
