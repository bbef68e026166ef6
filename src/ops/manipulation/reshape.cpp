// src/ops/manipulation/reshape.cpp -- reshape and ravel (cunp/ops/reshape.hpp).
#include "cunp/ops/manipulation/reshape.hpp"

#include "cunp/runtime/error.hpp"

namespace cunp {

NDArray reshape(const NDArray& a, const Dims& requested, Order order, std::optional<bool> copy) {
  Dims shape = a.resolve_shape(requested);
  if (copy != true)
    if (auto v = a.reshape_view(shape, order)) return *v;
  if (copy == false) throw ValueError("Unable to avoid creating a copy while reshaping.");
  NDArray c = copy == true ? cunp::copy(a, order == Order::C ? OrderSpec::C : OrderSpec::F)
                           : contiguous(a, order);
  return *c.reshape_view(shape, order);
}

NDArray ravel(const NDArray& a, OrderSpec order) {
  Dims flat{a.size()};
  if (order == OrderSpec::A)
    order = a.f_contiguous() && !a.c_contiguous() ? OrderSpec::F : OrderSpec::C;
  if (order == OrderSpec::K && (a.c_contiguous() || a.f_contiguous()))
    order = a.c_contiguous() ? OrderSpec::C : OrderSpec::F;
  if (order == OrderSpec::C) return *contiguous(a, Order::C).reshape_view(flat, Order::C);
  if (order == OrderSpec::F) return *contiguous(a, Order::F).reshape_view(flat, Order::F);
  // NumPy's K copy walks the array in its iterator's order: axes of stride 0 (broadcast) keep
  // their C place rather than going innermost as a sort by |stride| would put them.
  const std::vector<int64_t> perm = iterator_order(a.shape(), {a.strides()});
  return *contiguous(a.transpose(perm), Order::C).reshape_view(flat, Order::C);
}

}  // namespace cunp
