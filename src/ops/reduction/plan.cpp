// src/ops/reduction/plan.cpp -- the reduction engine's planner: layout simplification (kept and
// reduced axes apart), the choice of strategy, the vector width, and the grid and its splits.
#include <algorithm>
#include <cstdlib>

#include "cunp/ops/reduction/reduction.hpp"
#include "engine.hpp"

namespace cunp {
namespace {

using detail::kReduceBlock;
constexpr int kWarpsPerBlock = kReduceBlock / 32;
constexpr int64_t kMaxSplits = 65535;  // gridDim.y

struct AxisSet {
  std::vector<int64_t> shape;
  std::vector<std::vector<int64_t>> strides;  // per operand
};

// Orders `axes` (outermost first: by decreasing |stride| of operand 0, unless keep_order) and
// merges neighbours that are contiguous in every operand.
AxisSet simplify_axes(std::vector<int> axes, const std::vector<int64_t>& shape,
                      const std::vector<const std::vector<int64_t>*>& strides, bool keep_order) {
  const std::size_t nops = strides.size();
  if (!keep_order && nops) {
    const auto& s0 = *strides[0];
    std::stable_sort(axes.begin(), axes.end(),
                     [&](int a, int b) { return std::llabs(s0[a]) > std::llabs(s0[b]); });
  }
  AxisSet r;
  r.strides.resize(nops);
  for (int a : axes) {
    bool merge = !r.shape.empty();
    for (std::size_t k = 0; k < nops && merge; ++k)
      merge = r.strides[k].back() == (*strides[k])[a] * shape[a];
    if (merge) {
      r.shape.back() *= shape[a];
      for (std::size_t k = 0; k < nops; ++k) r.strides[k].back() = (*strides[k])[a];
    } else {
      r.shape.push_back(shape[a]);
      for (std::size_t k = 0; k < nops; ++k) r.strides[k].push_back((*strides[k])[a]);
    }
  }
  return r;
}

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

constexpr int kTileCols = detail::kReduceTileCols;
constexpr int kTileRows = kReduceBlock / kTileCols;  // warps, each folding every kTileRows-th row

}  // namespace

ReducePlan plan_reduction(const std::vector<int64_t>& shape, const std::vector<bool>& reduced,
                          const std::vector<std::vector<int64_t>>& in_strides,
                          const std::vector<std::vector<int64_t>>& out_strides,
                          const std::vector<int>& in_itemsizes, bool keep_order, int align,
                          const ReduceDevice& dev, bool ordered) {
  const int nd = static_cast<int>(shape.size());
  const std::size_t nin = in_strides.size(), nout = out_strides.size();
  ReducePlan p;
  // Kept axes: strides of inputs then outputs (outputs indexed by kept position).
  std::vector<int> kept_axes, red_axes;
  for (int a = 0; a < nd; ++a) {
    if (reduced[a]) {
      if (shape[a] != 1) red_axes.push_back(a);
    } else {
      kept_axes.push_back(a);
    }
  }
  std::vector<std::vector<int64_t>> out_full(nout, std::vector<int64_t>(nd, 0));
  for (std::size_t j = 0; j < nout; ++j)
    for (std::size_t x = 0; x < kept_axes.size(); ++x)
      out_full[j][kept_axes[x]] = out_strides[j][x];
  std::vector<int> kept_nonunit;
  for (int a : kept_axes)
    if (shape[a] != 1) kept_nonunit.push_back(a);
  std::vector<const std::vector<int64_t>*> kept_ops, red_ops;
  for (const auto& s : in_strides) kept_ops.push_back(&s), red_ops.push_back(&s);
  for (const auto& s : out_full) kept_ops.push_back(&s);
  AxisSet kept = simplify_axes(kept_nonunit, shape, kept_ops, false);
  AxisSet red = simplify_axes(red_axes, shape, red_ops, keep_order || ordered);
  p.kept_shape = kept.shape;
  p.kept_strides = kept.strides;
  p.reduced_shape = red.shape;
  p.reduced_strides = red.strides;
  p.kept_ndim = static_cast<int>(kept.shape.size());
  p.reduced_ndim = static_cast<int>(red.shape.size());
  p.n_out = 1;
  for (int64_t e : kept.shape) p.n_out *= e;
  p.n_red = 1;
  for (int64_t e : red.shape) p.n_red *= e;
  p.index32 = p.n_out * std::max<int64_t>(p.n_red, 1) < (int64_t{1} << 31) - (int64_t{1} << 24);

  // Strategy: the fastest-varying axis of the first input decides between reading rows
  // (reduced axis innermost) and reading columns (kept axis innermost).
  auto min_stride = [](const std::vector<int64_t>& s) {
    int64_t m = INT64_MAX;
    for (int64_t v : s) m = std::min<int64_t>(m, std::llabs(v));
    return m;
  };
  bool columns = false;  // a kept axis is innermost: neighbouring outputs, neighbouring bytes
  if (ordered) {
    p.strategy = ReduceStrategy::Thread;
  } else if (p.kept_ndim == 0) {
    p.strategy = ReduceStrategy::Block;
  } else if (p.reduced_ndim == 0 || nin == 0) {
    p.strategy = ReduceStrategy::Thread;
  } else if (min_stride(red.strides[0]) < min_stride(kept.strides[0])) {
    // Rows: a thread per row while a row is a few elements (neighbouring threads still read
    // neighbouring rows), a warp per row for short rows, a block for long ones.
    p.strategy = p.n_red <= 16     ? ReduceStrategy::Thread
                 : p.n_red <= 1024 ? ReduceStrategy::Warp
                                   : ReduceStrategy::Block;
  } else {
    p.strategy = ReduceStrategy::Thread;
    columns = true;
  }

  // 16-byte loads along one contiguous reduced axis, when every row start is aligned.
  if (p.strategy != ReduceStrategy::Thread && p.reduced_ndim == 1 && nin) {
    int widest = 1;
    for (int s : in_itemsizes) widest = std::max(widest, s);
    int vec = 16 / widest;
    for (std::size_t k = 0; k < nin && vec > 1; ++k)
      if (red.strides[k][0] != in_itemsizes[k]) vec = 1;
    auto aligned = [&](int v) {
      for (std::size_t k = 0; k < nin; ++k) {
        int64_t bytes = int64_t{v} * in_itemsizes[k];
        if (align % bytes != 0) return false;
        for (int64_t s : kept.strides[k])
          if (s % bytes != 0) return false;
      }
      return true;
    };
    while (vec > 1 && !aligned(vec)) vec /= 2;
    if (p.n_red < int64_t{vec} * (p.strategy == ReduceStrategy::Warp ? 32 : 64)) vec = 1;
    p.vec = std::max(vec, 1);
  }

  // Grid: one wave is every SM full of blocks; splitting the reduced axes over blockIdx.y keeps
  // two waves busy when outputs are few.
  const int64_t wave = std::max<int64_t>(1, int64_t{dev.sms} *
                                                std::max(1, dev.threads_per_sm / kReduceBlock));
  p.splits = 1;
  p.chunk = p.n_red;
  auto split = [&](int64_t blocks_x, int64_t min_per_split, int64_t align_to) {
    if (p.n_red == 0) return;
    int64_t s = std::min(ceil_div(2 * wave, std::max<int64_t>(blocks_x, 1)),
                         ceil_div(p.n_red, min_per_split));
    s = std::clamp<int64_t>(s, 1, kMaxSplits);
    if (s == 1) return;
    int64_t chunk = ceil_div(ceil_div(p.n_red, s), align_to) * align_to;
    p.chunk = chunk;
    p.splits = ceil_div(p.n_red, chunk);
  };
  switch (p.strategy) {
    case ReduceStrategy::Block:
      if (p.n_out >= wave) {
        p.grid_x = std::min<int64_t>(p.n_out, wave * 16);
      } else {
        p.grid_x = p.n_out;
        split(p.n_out, int64_t{kReduceBlock} * p.vec * 8, p.vec);
      }
      break;
    case ReduceStrategy::Warp:
      p.grid_x = std::min<int64_t>(ceil_div(p.n_out, kWarpsPerBlock), wave * 16);
      break;
    case ReduceStrategy::Thread:
      p.grid_x = ceil_div(p.n_out, kReduceBlock);
      if (columns && p.grid_x < 2 * wave && p.n_red >= 8 * kTileRows) {
        // Too few columns to fill the GPU a thread each: a 32-column tile per block whose 8
        // warps split the rows folds in shared memory what a thread per column could only
        // combine through global partials. Split no more than needed.
        p.strategy = ReduceStrategy::Tile;
        p.grid_x = ceil_div(p.n_out, kTileCols);
        split(p.grid_x, 64 * kTileRows, 1);
      } else if (p.grid_x < 2 * wave && !ordered) {
        split(p.grid_x, 64, 1);
      }
      break;
    case ReduceStrategy::Tile: break;  // (chosen in the Thread case)
  }
  p.grid_x = std::max<int64_t>(p.grid_x, 1);
  return p;
}

}  // namespace cunp
