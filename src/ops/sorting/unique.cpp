// src/ops/sorting/unique.cpp -- np.unique of a flattened array: a stable sort (with its permutation when
// indices or the inverse are asked for), flags where runs of equal values start and their
// positions (the one wait for the device: the result's size), then the values, first indices
// and run lengths gathered at those positions and the inverse scattered from the flags.
#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/ops/manipulation/reshape.hpp"
#include "cunp/ops/scan/scan.hpp"
#include "cunp/ops/sorting/sorting.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"
#include "sort_engine.hpp"

namespace cunp {

UniqueResult unique(const NDArray& x, bool return_index, bool return_inverse, bool return_counts,
                    bool equal_nan) {
  const int device = x.device();
  const DType t = x.dtype();
  const NDArray flat = ravel(x, OrderSpec::C);
  const int64_t n = flat.size();
  UniqueResult r;
  auto int64s = [&](const Dims& shape) {
    return NDArray::empty(shape, DType::Int64, Order::C, device);
  };
  if (n == 0) {
    r.values = NDArray::empty(Dims{0}, t, Order::C, device);
    if (return_index) r.index = int64s(Dims{0});
    if (return_inverse) r.inverse = int64s(x.shape());
    if (return_counts) r.counts = int64s(Dims{0});
    return r;
  }
  NDArray sorted = NDArray::empty(Dims{n}, t, Order::C, device);
  NDArray perm;
  if (return_index || return_inverse) {
    perm = int64s(Dims{n});
    sort_engine::sort_rows(flat, n, perm, true);
    sort_engine::gather(flat, perm, sorted);
  } else {
    sort_engine::sort_rows(flat, n, sorted, false);
  }
  NDArray starts = NDArray::empty(Dims{n}, DType::Bool, Order::C, device);
  sort_engine::run_starts(sorted, equal_nan, starts);
  // Where the runs start: the one wait for the device (their count sizes the results).
  const NDArray coords = nonzero_coords(starts);  // (1, u)
  const int64_t u = coords.shape()[1];
  const NDArray first = coords.view(DType::Int64, Dims{u}, Dims{8}, coords.data());
  r.values = NDArray::empty(Dims{u}, t, Order::C, device);
  sort_engine::gather(sorted, first, r.values);
  if (return_index) {
    r.index = int64s(Dims{u});
    sort_engine::gather(perm, first, r.index);
  }
  if (return_inverse) {
    // The run of each sorted item: the inclusive count of run starts (int64 by cumsum's rule).
    const NDArray run = ufunc_accumulate(*find_ufunc("add"), starts, 0);
    r.inverse = int64s(x.shape());
    sort_engine::run_inverse(perm, run, r.inverse);
  }
  if (return_counts) {
    r.counts = int64s(Dims{u});
    sort_engine::run_counts(first, n, r.counts);
  }
  return r;
}

}  // namespace cunp
