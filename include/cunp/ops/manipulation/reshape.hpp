// cunp/ops/manipulation/reshape.hpp -- NumPy's reshape and ravel: a view where the layout allows one, else a
// copy in the order asked for.
#pragma once
#include <optional>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/creation/copy.hpp"

namespace cunp {

// `shape` may hold one -1 (inferred); ValueError when the sizes disagree (NumPy's wording).
// copy: unset, a view where the layout allows one, else a copy; true, always a copy; false,
// a view or ValueError.
NDArray reshape(const NDArray& a, const Dims& shape, Order order = Order::C,
                std::optional<bool> copy = std::nullopt);

// A 1-D view when `a` is contiguous in the order asked for ('K': its own memory order, axes by
// decreasing |stride|, unit axes ignored), else a copy in that order.
NDArray ravel(const NDArray& a, OrderSpec order = OrderSpec::C);

}  // namespace cunp
