// src/ops/ufunc/at.cpp -- ufunc.at with integer-array indices: each update is an atomic
// read-modify-write (a compare-and-swap loop), so repeated indices accumulate as in NumPy.
#include <cstring>
#include <memory>

#include "jit/kernel.hpp"
#include "ops/launch_util.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp {
namespace {

constexpr int kMaxDims = 8;
constexpr int kBlock = 256;

// Laid out as the device's cunp::ufunc_at::Params (src/device/engines/ufunc_at.cuh).
struct AtParams {
  long long n, inner;
  unsigned long long a, b, err;
  long long nidx, sdims;
  unsigned long long idx[kMaxDims];
  long long ext[kMaxDims], st[kMaxDims];
  long long sshape[kMaxDims], sst[kMaxDims];
};

// The kernel: the engine's loop over the updates with the ufunc's update of one element (the
// old value and the update's operand cast to the loop's types, the result back to a's type).
std::string at_source(const Ufunc& u, const UfuncLoop& l, DType a, DType b, bool has_b,
                      const std::string& kname) {
  const std::string A = info(a).ctype, c0 = u.compute_type(l.types[0]);
  std::string s = device_header() + device_math_header() + device_part("ufunc_at");
  for (const std::string& part : u.device_parts) s += device_part(part);  // scipy.special's
  s += "using namespace cunp;\n";
  s += "static_assert(sizeof(cunp::ufunc_at::Params) == " + std::to_string(sizeof(AtParams)) +
       ", \"host and device disagree on the parameter block\");\n";
  s += "extern \"C\" __global__ void " + kname + "(const cunp::ufunc_at::Params p) {\n";
  s += "  cunp::ufunc_at::loop<" + A + ">(p, [&](long long e) {\n";
  std::string args = "cast<" + c0 + ">(old)";
  if (has_b) {
    std::string c1 = u.compute_type(l.types[1]);
    s += "    const " + c1 + " bv = cast<" + c1 + ">(reinterpret_cast<const " + info(b).ctype +
         "*>(p.b)[e]);\n";
    args += ", bv";
  } else {
    s += "    (void)e;\n";
  }
  s += "    return [=](" + A + " old) { return cast<" + A + ">(" + u.function + "(" + args +
       ")); };\n  });\n}\n";
  return s;
}

}  // namespace

void ufunc_at(const Ufunc& u, const NDArray& a, const std::vector<NDArray>& indices,
              const UfuncArg* b) {
  if (u.nout != 1) throw ValueError("Only single output ufuncs supported at this time");
  if ((b != nullptr) != (u.nin == 2)) throw ValueError("ufunc.at: wrong number of operands");
  int k = static_cast<int>(indices.size());
  if (k == 0 || k > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) +
                     "-dimensional, but " + std::to_string(k) + " were indexed");
  if (a.ndim() - k > kMaxDims || k > kMaxDims) throw ValueError("ufunc.at: too many dimensions");
  for (const NDArray& ix : indices)
    if (!is_integer(ix.dtype()) && ix.dtype() != DType::Bool)
      throw IndexError("arrays used as indices must be of integer (or boolean) type");
  common_device(indices, &a);
  if (b && b->array) common_device({&a, b->array});

  std::vector<NDArray> ix = broadcast_arrays(indices);
  Dims ishape = ix[0].shape();
  Dims full = ishape;
  for (int d = k; d < a.ndim(); ++d) full.push_back(a.shape()[d]);

  std::vector<UfuncArg> args(u.nin);
  UfuncArg self;
  self.array = &a;
  args[0] = self;
  if (b) args[1] = *b;
  UfuncOptions unsafe;  // NumPy's at casts each result back to a's dtype unconditionally
  unsafe.casting = Casting::Unsafe;
  UfuncPlan plan = resolve_ufunc(u, args, {a.dtype()}, unsafe);
  const UfuncLoop& l = *plan.loop;

  int64_t n = full.product();
  if (n == 0) return;
  // Contiguous int64 indices and a contiguous value array of the full update shape.
  for (auto& v : ix) v = astype(v, DType::Int64, OrderSpec::C, Casting::Unsafe, false);
  NDArray bvals;
  DType bdt = DType::Bool;
  if (b) {
    bdt = l.types[1];
    bvals = NDArray::empty(full, bdt);
    if (b->array) copy_to(bvals, *b->array);
    else fill(bvals, b->scalar.cast(bdt));
  }
  // Out-of-range indices: a flag, the axis and the index, for NumPy's message.
  NDArray err = NDArray::empty(Dims{3}, DType::Int64);
  fill(err, Scalar::from_int(0, DType::Int64));

  std::string kname = "cunp_at_" + u.name + "_" + name(a.dtype()) + "_" + name(l.types[0]) +
                      (b ? std::string("_") + name(bdt) : std::string());
  int device = a.device();
  // Keyed by the ufunc and the three dtypes (at() is not on a per-call hot path).
  detail::KernelKey key(detail::Engine::UfuncAt, device, static_cast<uint64_t>(u.index));
  key.add(static_cast<int>(a.dtype()));
  key.add(static_cast<int>(l.types[0]));
  key.add(b ? static_cast<int>(bdt) : 0xff);
  FunctionHandle fn = detail::kernel(key, [&] {
    return detail::KernelSpec{at_source(u, l, a.dtype(), bdt, b != nullptr, kname), kname, {}};
  });

  AtParams p{};
  p.n = n;
  p.inner = n / ishape.product();
  p.a = a.data();
  p.b = b ? bvals.data() : 0;
  p.err = err.data();
  p.nidx = k;
  p.sdims = a.ndim() - k;
  for (int d = 0; d < k; ++d) {
    p.idx[d] = ix[d].data();
    p.ext[d] = a.shape()[d];
    p.st[d] = a.strides()[d];
  }
  for (int d = k; d < a.ndim(); ++d) {
    p.sshape[d - k] = a.shape()[d];
    p.sst[d - k] = a.strides()[d];
  }
  bool serial = a.itemsize() == 16;
  // The engine's covering grid (positions here are 64-bit); one thread for 16-byte items.
  unsigned grid = serial ? 1 : detail::covering_grid(n, kBlock, kBlock, false);
  detail::launch(fn, device, {grid}, {serial ? 1u : unsigned{kBlock}}, &p);
  int64_t e[3] = {};
  to_host(err, e, Order::C);
  if (e[0])
    throw IndexError("index " + std::to_string(e[2]) + " is out of bounds for axis " +
                     std::to_string(e[1]) + " with size " + std::to_string(a.shape()[e[1]]));
}

}  // namespace cunp
