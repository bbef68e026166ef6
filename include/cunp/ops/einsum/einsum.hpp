// cunp/ops/einsum/einsum.hpp -- NumPy's einsum and einsum_path: Einstein summation over subscripts
// (implicit or explicit output, '...', repeated labels), reduced to views, sums, products and
// batched matmuls, with NumPy's contraction orders ('greedy', 'optimal', explicit paths).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// The order in which einsum contracts its operands (NumPy's optimize= argument).
struct EinsumOptimize {
  enum class Kind : uint8_t {
    None,      // optimize=False: pairwise, smallest intermediate first
    Greedy,    // NumPy's 'greedy' (optimize=True)
    Optimal,   // NumPy's 'optimal'
    Explicit,  // ['einsum_path', (i, j), ...]: the contractions in `path`, in order
  };
  Kind kind = Kind::None;
  // Greedy and Optimal: no intermediate may hold more elements. Default: NumPy's, the largest
  // operand or the output.
  std::optional<int64_t> memory_limit;
  std::vector<std::vector<int64_t>> path;  // Explicit: each step's operand positions

  static EinsumOptimize greedy(std::optional<int64_t> limit = std::nullopt) {
    return {Kind::Greedy, limit, {}};
  }
  static EinsumOptimize optimal(std::optional<int64_t> limit = std::nullopt) {
    return {Kind::Optimal, limit, {}};
  }
  static EinsumOptimize explicit_path(std::vector<std::vector<int64_t>> path) {
    return {Kind::Explicit, std::nullopt, std::move(path)};
  }
  friend bool operator==(const EinsumOptimize&, const EinsumOptimize&) = default;
};

struct EinsumOptions {
  std::optional<DType> dtype;       // dtype=: operands cast to it first, under `casting`
  Casting casting = Casting::Safe;  // for dtype= and out=
  EinsumOptimize optimize;          // optimize=
  NDArray out;                      // out=: exactly the result's shape; undefined: allocate
};

// NumPy's einsum. `subscripts` is the string form ("ij,jk->ik"; spaces ignored). The plan (views
// and products) is built from the operands' shapes and dtypes once per (subscripts, shapes,
// dtypes, optimize) and replayed on later calls. The result may be a view of an operand ('ii->i',
// 'ij->ji'), as NumPy's is. With `out`, the result is written there and `out` returned.
// NumPy's errors: ValueError for bad subscripts and mismatched dimensions, TypeError for casts
// that `casting` forbids, RuntimeError for an explicit path that leaves operands uncontracted.
NDArray einsum(const std::string& subscripts, const std::vector<NDArray>& operands,
               const EinsumOptions& options = {});

// NumPy's einsum_path: the contraction order for operands of these shapes, and the report
// numpy.einsum_path prints (scaling, flop counts, each contraction).
struct EinsumPath {
  std::vector<std::vector<int64_t>> path;
  std::string report;
};
EinsumPath einsum_path(const std::string& subscripts, const std::vector<Dims>& shapes,
                       const EinsumOptimize& optimize = EinsumOptimize::greedy());

// The plan cache: how many plans it holds, and emptying it (so a call plans afresh).
std::size_t einsum_plan_cache_size();
void clear_einsum_plan_cache();

}  // namespace cunp
