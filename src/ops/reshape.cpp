// src/ops/reshape.cpp -- reshape and ravel (cunp/ops/reshape.hpp).
#include "cunp/ops/reshape.hpp"

namespace cunp {

NDArray reshape(const NDArray& a, const Dims& requested, Order order) {
  Dims shape = a.resolve_shape(requested);
  if (auto v = a.reshape_view(shape, order)) return *v;
  NDArray c = contiguous(a, order);
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
  return *contiguous(a.transpose(memory_order(a.strides())), Order::C).reshape_view(flat, Order::C);
}

}  // namespace cunp
