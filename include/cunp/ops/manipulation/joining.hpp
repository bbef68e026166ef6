// cunp/ops/manipulation/joining.hpp -- joining and splitting arrays: concatenate, stack and their
// vstack/hstack/dstack/column_stack forms, atleast_1d/2d/3d, split and array_split. Joins copy
// each input into its slice of one new array; splits return views.
#pragma once
#include <optional>
#include <vector>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// Options shared by the joins: the result's dtype (default: the inputs' promoted type) and the
// casting rule the inputs must satisfy to become it (TypeError otherwise, NumPy's wording).
struct JoinOptions {
  std::optional<DType> dtype;
  Casting casting = Casting::SameKind;
};

// Joins along an existing axis; axis nullopt flattens every input first. ValueError for no
// input, 0-d inputs, or shapes that differ off the axis; AxisError for a bad axis. The result
// is F-ordered when every input is F- but not C-contiguous (NumPy's rule), else C-ordered.
NDArray concatenate(const std::vector<NDArray>& arrays, std::optional<int64_t> axis = 0,
                    const JoinOptions& options = {});
// The same into `out` (its dtype is the target; ValueError when its shape is wrong).
void concatenate_into(const std::vector<NDArray>& arrays, std::optional<int64_t> axis,
                      const NDArray& out, Casting casting = Casting::SameKind);

// Joins arrays of one shape along a new axis (axis in [-ndim-1, ndim]).
NDArray stack(const std::vector<NDArray>& arrays, int64_t axis = 0,
              const JoinOptions& options = {});
void stack_into(const std::vector<NDArray>& arrays, int64_t axis, const NDArray& out,
                Casting casting = Casting::SameKind);

NDArray vstack(const std::vector<NDArray>& arrays, const JoinOptions& options = {});
NDArray hstack(const std::vector<NDArray>& arrays, const JoinOptions& options = {});
NDArray dstack(const std::vector<NDArray>& arrays);
NDArray column_stack(const std::vector<NDArray>& arrays);

// Views with at least n dimensions: (n,) becomes (1, n) for 2 and (1, n, 1) for 3; (m, n)
// becomes (m, n, 1) for 3; 0-d becomes all ones.
NDArray atleast_1d(const NDArray& a);
NDArray atleast_2d(const NDArray& a);
NDArray atleast_3d(const NDArray& a);

// Views of `a` split along `axis` at the given indices (clamped to the axis, as slices are).
std::vector<NDArray> array_split(const NDArray& a, const std::vector<int64_t>& indices,
                                 int64_t axis = 0);
// Into `sections` near-equal parts, the first ones one longer (ValueError for sections <= 0).
std::vector<NDArray> array_split(const NDArray& a, int64_t sections, int64_t axis = 0);
// array_split, except that `sections` must divide the axis evenly (ValueError otherwise).
std::vector<NDArray> split(const NDArray& a, int64_t sections, int64_t axis = 0);

}  // namespace cunp
