// src/ops/ndimage/edt.cpp -- distance_transform_edt's launches: one per axis, a block a line
// (src/device/ndimage/ndi_edt.cuh), then one for the indices. The caller allocates; these check
// and launch.
#include "cunp/ops/ndimage/edt.hpp"

#include <string>

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"
#include "jit/kernel.hpp"

namespace cunp {
namespace {

// Laid out as the device's cunp::ndi_edt_params.
struct NdiEdtParams {
  unsigned long long f, feat, fo, go, scratch;
  long long n, inner, bands, top, lines;
  double step;
  int staged, a_shared, positions, per_block, line_warps, root;
};

constexpr const char* kEdtEntry = "cunp_ndi_edt_pass";
// A block's dynamic shared memory: within the 48 KiB every device gives a block without opting
// in, less room for the kernel's static slot bases.
constexpr long long kEdtSharedBytes = 47 * 1024;
// Warps a block runs at most (the device's kNdiEdtMaxWarps): a 2048-long line's 64 bands in 8
// steps while up to eight such blocks share an SM; lines of up to 7 bands share a block, so
// short lines do not cost a block (and its barriers) each.
constexpr long long kEdtMaxWarps = 8;

}  // namespace

std::string edt_pass_source() {
  std::string s = device_header() + device_part("ndi_edt");
  s += "static_assert(sizeof(cunp::ndi_edt_params) == " + std::to_string(sizeof(NdiEdtParams)) +
       ", \"host and device disagree on the parameter block\");\n";
  s += std::string("extern \"C\" __global__ void ") + kEdtEntry +
       "(const cunp::ndi_edt_params p) {\n  extern __shared__ double smem[];\n"
       "  cunp::ndi_edt_pass_run(p, smem);\n}\n";
  return s;
}

const ElementwiseOp& edt_indices_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;
    o->name = "ndi_edt_indices";
    o->preamble = device_part("ndi_edt");
    o->names = {"feat", "shape", "out"};
    o->raw = {true, true, false};
    o->scalar_names = {"size", "ndim"};
    o->uses_index = true;  // i is (axis, element) in C order
    o->body = "out = static_cast<int>(cunp::ndi_edt_coordinate(feat[i % size], "
              "static_cast<int>(i / size), shape, ndim));";
    return o;
  }();
  return *op;
}

namespace {

void check_same(const NDArray& a, const NDArray& b, DType dtype, const char* what) {
  if (a.dtype() != dtype || !a.c_contiguous() || a.shape() != b.shape())
    throw TypeError(std::string("distance_transform_edt: ") + what +
                    " must be C-contiguous, of the input's shape, " + info(dtype).name);
}

}  // namespace

void edt_pass(const NDArray& f, const NDArray* feat, const NDArray& fo, const NDArray* go,
              const NDArray& scratch, int axis, double step, bool root) {
  check_same(f, f, DType::Float64, "f");
  check_same(fo, f, DType::Float64, "fo");
  if (!go) feat = nullptr;  // values only: no position is read or written
  if (feat) check_same(*feat, f, DType::Int64, "feat");
  if (go) check_same(*go, f, DType::Int64, "go");
  if (scratch.dtype() != DType::Int32 || !scratch.c_contiguous() || scratch.size() < f.size())
    throw TypeError("distance_transform_edt: scratch must be C-contiguous int32 of the size");
  if (axis < 0 || axis >= f.ndim()) throw ValueError("distance_transform_edt: axis out of range");
  if (f.size() == 0) return;
  const long long n = f.shape()[axis];
  if (n >= (1LL << 31) - 1) throw ValueError("distance_transform_edt: axis too long");
  const long long lines = f.size() / n;
  if (lines >= (1LL << 31)) throw ValueError("distance_transform_edt: too many lines");
  NdiEdtParams p{};
  p.f = f.data();
  p.feat = feat ? feat->data() : 0;
  p.fo = fo.data();
  p.go = go ? go->data() : 0;
  p.scratch = scratch.data();
  p.n = n;
  p.inner = 1;
  for (int d = axis + 1; d < f.ndim(); ++d) p.inner *= f.shape()[d];
  p.bands = (n + 31) / 32;
  p.top = 1;
  while (p.top < p.bands) p.top *= 2;
  p.lines = lines;
  p.step = step;
  p.positions = feat ? 0 : 1;
  p.root = root ? 1 : 0;
  p.line_warps = static_cast<int>(p.bands < kEdtMaxWarps ? p.bands : kEdtMaxWarps);
  p.per_block = static_cast<int>(kEdtMaxWarps / p.line_warps);
  if (p.per_block > lines) p.per_block = static_cast<int>(lines);
  // Each line's f and its band edges' minimisers in shared memory where they fit; a line too
  // long for its f reads it in place (cached), and one too long for its edges keeps them in
  // scratch, n ints a line (top + 1 <= n there). Lines that share a block are short: they fit.
  const long long edge_doubles = (p.top + 2) / 2;
  p.staged = (n + edge_doubles) * 8 * p.per_block <= kEdtSharedBytes;
  p.a_shared = edge_doubles * 8 * p.per_block <= kEdtSharedBytes;
  const long long slot = (p.staged ? n : 0) + (p.a_shared ? edge_doubles : 0);
  const long long bytes = slot * 8 * p.per_block;
  const long long blocks = (lines + p.per_block - 1) / p.per_block;
  const int device = common_device({&f, feat ? feat : &f, &fo, go ? go : &f, &scratch});
  detail::KernelKey key(detail::Engine::NdimageTile, device, 0xed7);
  FunctionHandle fn = detail::kernel(key, [] {
    return detail::KernelSpec{edt_pass_source(), kEdtEntry, {}};
  });
  detail::launch(fn, device, {static_cast<unsigned>(blocks)},
                 {static_cast<unsigned>(32 * p.line_warps * p.per_block)}, &p,
                 static_cast<unsigned>(bytes));
}

void edt_indices(const NDArray& feat, const NDArray& shape, const NDArray& out) {
  if (feat.dtype() != DType::Int64 || !feat.c_contiguous())
    throw TypeError("distance_transform_edt: feat must be C-contiguous int64");
  if (out.dtype() != DType::Int32 || out.ndim() != feat.ndim() + 1 ||
      out.size() != feat.size() * feat.ndim())
    throw TypeError("distance_transform_edt: indices must be int32 (ndim, *shape)");
  if (shape.dtype() != DType::Int64 || shape.size() != feat.ndim())
    throw TypeError("distance_transform_edt: shape must be int64, one per axis");
  if (out.size() == 0) return;
  elementwise(edt_indices_op(), {feat, shape}, {out},
              {Scalar::from_int(feat.size(), DType::Int64),
               Scalar::from_int(feat.ndim(), DType::Int32)});
}

}  // namespace cunp
