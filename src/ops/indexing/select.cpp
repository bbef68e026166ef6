// src/ops/indexing/select.cpp -- boolean compaction (x[mask], nonzero): per-tile counts, one
// block scanning them (the total lands in host-mapped memory), then each tile writes its
// selected elements in order. Three launches and one stream synchronization.
#include <algorithm>

#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/runtime/error.hpp"
#include "jit/kernel.hpp"
#include "slot.hpp"
#include "params.hpp"

namespace cunp {
namespace {

using namespace detail;

constexpr int64_t kMaxGrid = int64_t{1} << 20;  // tiles past this are walked grid-stride

uint64_t select_key(const SelectSignature& s) {
  return (uint64_t{2} << 40) | (static_cast<uint64_t>(s.kind) << 8) |
         (static_cast<uint64_t>(s.itemsize) << 16) | (s.strided ? 1 : 0);
}

void run_select(const SelectSignature& sig, int device, int64_t grid, int block, SelectParams& p) {
  FunctionHandle fn = kernel(KernelKey(Engine::Indexing, device, select_key(sig)), [&] {
    return KernelSpec{select_source(sig), "cunp_select", {}};
  });
  launch(fn, device, {static_cast<unsigned>(grid)}, {static_cast<unsigned>(block)}, &p);
}

// The mask as contiguous bytes (nonzero = true) and the tile offsets after the count and scan;
// returns the number of true elements.
int64_t count_tiles(const NDArray& mask, SelectParams& p, NDArray& tiles) {
  const int device = mask.device();
  p.n = mask.size();
  p.ntiles = (p.n + kSelectTile - 1) / kSelectTile;
  p.mask = mask.data();
  tiles = NDArray::empty(Dims{p.ntiles}, DType::Int64, Order::C, device);
  p.tiles = tiles.data();
  HostSlot* slot = host_slot(device);
  slot->total = -1;
  p.total = reinterpret_cast<uintptr_t>(&slot->total);
  const int64_t grid = std::min(p.ntiles, kMaxGrid);
  SelectSignature s;
  s.kind = SelectKind::Count;
  run_select(s, device, grid, kSelectBlock, p);
  s.kind = SelectKind::ScanTiles;
  run_select(s, device, 1, kScanBlock, p);
  wait_stream(device);  // the result's size decides its allocation (NumPy and CuPy wait too)
  return slot->total;
}

// A bool array's bytes, contiguous; other dtypes become bool (nonzero) first.
NDArray mask_bytes(const NDArray& a) {
  if (a.dtype() != DType::Bool) return astype(a, DType::Bool, OrderSpec::C, Casting::Unsafe, true);
  return a.c_contiguous() ? a : contiguous(a);
}

}  // namespace

NDArray compress_mask(const NDArray& x, const NDArray& mask_in) {
  if (mask_in.dtype() != DType::Bool)
    throw IndexError("arrays used as indices must be of integer (or boolean) type");
  if (mask_in.shape() != x.shape()) {
    bool empty_mask = mask_in.ndim() == x.ndim() && mask_in.size() == 0;
    for (int d = 0; d < std::min(x.ndim(), mask_in.ndim()); ++d)
      if (x.shape()[d] != mask_in.shape()[d] && mask_in.shape()[d] != 0) empty_mask = false;
    // NumPy lets a mask axis of size 0 stand against any axis: it selects nothing.
    if (empty_mask) return NDArray::empty(Dims{0}, x.dtype(), Order::C, x.device());
    for (int d = 0; d < std::min(x.ndim(), mask_in.ndim()); ++d)
      if (x.shape()[d] != mask_in.shape()[d] && mask_in.shape()[d] != 0)
        throw IndexError("boolean index did not match indexed array along axis " +
                         std::to_string(d) + "; size of axis is " + std::to_string(x.shape()[d]) +
                         " but size of corresponding boolean axis is " +
                         std::to_string(mask_in.shape()[d]));
    throw IndexError("too many indices for array: array is " + std::to_string(x.ndim()) +
                     "-dimensional, but " + std::to_string(mask_in.ndim()) + " were indexed");
  }
  const int device = x.device();
  if (x.size() == 0) return NDArray::empty(Dims{0}, x.dtype(), Order::C, device);
  NDArray src = x;
  SelectSignature sig;
  sig.kind = SelectKind::Values;
  sig.itemsize = x.itemsize();
  sig.strided = !x.c_contiguous();
  if (sig.strided && x.ndim() > kIndexMaxDims) {
    src = contiguous(x);
    sig.strided = false;
  }
  NDArray mask = mask_bytes(mask_in);
  SelectParams p{};
  NDArray tiles;
  const int64_t count = count_tiles(mask, p, tiles);
  NDArray out = NDArray::empty(Dims{count}, x.dtype(), Order::C, device);
  if (count == 0) return out;
  p.src = src.data();
  p.dst = out.data();
  p.count = count;
  p.ndim = src.ndim();
  for (int d = 0; sig.strided && d < src.ndim(); ++d) {
    p.shape[d] = src.shape()[d];
    p.stride[d] = src.strides()[d];
  }
  run_select(sig, device, std::min(p.ntiles, kMaxGrid), kSelectBlock, p);
  return out;
}

NDArray nonzero_coords(const NDArray& a) {
  const int device = a.device();
  const int nd = std::max(a.ndim(), 1);
  if (nd > kIndexMaxDims) throw ValueError("nonzero: at most 8 dimensions are supported");
  if (a.size() == 0) return NDArray::empty(Dims{nd, 0}, DType::Int64, Order::C, device);
  NDArray mask = mask_bytes(a);
  SelectParams p{};
  NDArray tiles;
  const int64_t count = count_tiles(mask, p, tiles);
  // Written as (count, nd) rows and returned as its (nd, count) transpose, so that row d is a
  // strided view, as NumPy's nonzero returns its per-axis arrays.
  NDArray out = NDArray::empty(Dims{count, nd}, DType::Int64, Order::C, device).transpose();
  if (count == 0) return out;
  SelectSignature sig;
  sig.kind = SelectKind::Coords;
  p.dst = out.data();
  p.count = count;
  p.ndim = a.ndim();
  for (int d = 0; d < a.ndim(); ++d) p.shape[d] = a.shape()[d];
  run_select(sig, device, std::min(p.ntiles, kMaxGrid), kSelectBlock, p);
  return out;
}

}  // namespace cunp
