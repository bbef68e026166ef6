// src/ops/signal/peak_search.cpp -- find_peaks' local maxima and the prominence and width walks
// as elementwise launches over raw operands (a thread per sample, tree node or peak), whose
// bodies are src/device/signal/peak_maxima.cuh, peak_tree.cuh, peak_bases.cuh and
// peak_width_walk.cuh.
#include "cunp/ops/signal/peak_search.hpp"

#include <initializer_list>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

ElementwiseOp raw_op(const char* name, std::string preamble, std::vector<std::string> names,
                     std::vector<std::string> scalars, const char* body) {
  ElementwiseOp o;
  o.name = name;
  o.preamble = std::move(preamble);
  o.uses_index = true;
  o.names = std::move(names);
  o.raw.assign(o.names.size(), true);
  o.scalar_names = std::move(scalars);
  o.body = body;
  return o;
}

void check_signal(const NDArray& x, const char* what) {
  if (x.ndim() != 1 || (x.dtype() != DType::Float64 && x.dtype() != DType::Float32))
    throw TypeError(std::string(what) + ": x must be a 1-D float32 or float64 array");
}

void check_index(std::initializer_list<const NDArray*> arrays, int64_t count, const char* what) {
  for (const NDArray* a : arrays)
    if (a->ndim() != 1 || a->dtype() != DType::Int64 || !a->c_contiguous() || a->size() != count)
      throw TypeError(std::string(what) + ": indices must be contiguous 1-D int64 arrays of one "
                                          "length");
}

NDArray vector(int64_t count, DType dt, int device) {
  return NDArray::empty(Dims{count}, dt, Order::C, device);
}

// Level sizes of the tree over n samples (levels 1..), as peak_tree_layout computes them.
std::vector<int64_t> tree_sizes(int64_t n) {
  std::vector<int64_t> sizes;
  int64_t m = n;
  do {
    m = (m + 31) >> 5;
    sizes.push_back(m);
  } while (m > 1);
  return sizes;
}

}  // namespace

const ElementwiseOp& peak_left_edge_op() {
  static const ElementwiseOp op = [] {
    ElementwiseOp o = raw_op("peak_left_edge", device_part("peak_maxima"), {"x", "flag"}, {},
                             "flag = cunp::peak_left_edge(x, i);");
    o.raw = {true, false};
    return o;
  }();
  return op;
}

const ElementwiseOp& peak_edges_op() {
  static const ElementwiseOp op = raw_op("peak_edges", device_part("peak_maxima"),
                                         {"x", "first", "mid", "left", "right"}, {},
                                         "cunp::peak_edges(x, first, mid, left, right, i);");
  return op;
}

const ElementwiseOp& peak_tree_op() {
  static const ElementwiseOp op = raw_op(
      "peak_tree", device_part("peak_tree"), {"x", "mx", "mn"}, {"level"},
      "cunp::peak_tree_build(x, mx, mn, x.size(), (int)level, i);");
  return op;
}

const ElementwiseOp& peak_bases_op() {
  static const ElementwiseOp op = raw_op(
      "peak_bases", device_part("peak_tree") + device_part("peak_bases"),
      {"x", "mx", "mn", "peaks", "left", "right", "prominence"}, {"half_window"},
      "cunp::peak_bases(x, mx, mn, peaks, left, right, prominence, half_window, i);");
  return op;
}

const ElementwiseOp& peak_width_walk_op() {
  static const ElementwiseOp op = raw_op(
      "peak_width_walk", device_part("peak_tree") + device_part("peak_width_walk"),
      {"x", "mn", "peaks", "prominences", "left_bases", "right_bases", "widths", "heights",
       "left_ips", "right_ips"},
      {"rel_height"},
      "cunp::peak_width_walk(x, mn, peaks, prominences, left_bases, right_bases, widths, "
      "heights, left_ips, right_ips, rel_height, i);");
  return op;
}

NDArray peak_left_edges(const NDArray& x) {
  check_signal(x, "peak_left_edges");
  NDArray flag = vector(x.size(), DType::Bool, x.device());
  if (x.size() > 0) elementwise(peak_left_edge_op(), {x}, {flag}, {}, Dims{x.size()});
  return flag;
}

std::tuple<NDArray, NDArray, NDArray> peak_edges(const NDArray& x, const NDArray& first) {
  check_signal(x, "peak_edges");
  const int64_t count = first.size();
  check_index({&first}, count, "peak_edges");
  const int device = common_device({&x, &first});
  NDArray mid = vector(count, DType::Int64, device), left = vector(count, DType::Int64, device),
          right = vector(count, DType::Int64, device);
  if (count > 0) elementwise(peak_edges_op(), {x, first}, {mid, left, right}, {}, Dims{count});
  return {mid, left, right};
}

std::tuple<NDArray, NDArray> peak_tree(const NDArray& x) {
  check_signal(x, "peak_tree");
  if (x.size() == 0) throw ValueError("peak_tree: x is empty");
  const std::vector<int64_t> sizes = tree_sizes(x.size());
  int64_t total = 0;
  for (int64_t s : sizes) total += s;
  NDArray mx = vector(total, DType::Float64, x.device());
  NDArray mn = vector(total, DType::Float64, x.device());
  // One launch a level, each reading the level below (the samples for level 1).
  for (std::size_t level = 1; level <= sizes.size(); ++level)
    elementwise(peak_tree_op(), {x}, {mx, mn},
                {Scalar::from_int(static_cast<int64_t>(level), DType::Int64)},
                Dims{sizes[level - 1]});
  return {mx, mn};
}

std::tuple<NDArray, NDArray, NDArray> peak_bases(const NDArray& x, const NDArray& mx,
                                                 const NDArray& mn, const NDArray& peaks,
                                                 int64_t half_window) {
  check_signal(x, "peak_bases");
  const int64_t count = peaks.size();
  check_index({&peaks}, count, "peak_bases");
  const int device = common_device({&x, &mx, &mn, &peaks});
  NDArray left = vector(count, DType::Int64, device), right = vector(count, DType::Int64, device);
  NDArray prominence = vector(count, DType::Float64, device);
  if (count > 0)
    elementwise(peak_bases_op(), {x, mx, mn, peaks}, {left, right, prominence},
                {Scalar::from_int(half_window, DType::Int64)}, Dims{count});
  return {left, right, prominence};
}

std::tuple<NDArray, NDArray, NDArray, NDArray> peak_width_walk(
    const NDArray& x, const NDArray& mn, const NDArray& peaks, const NDArray& prominences,
    const NDArray& left_bases, const NDArray& right_bases, double rel_height) {
  check_signal(x, "peak_width_walk");
  const int64_t count = peaks.size();
  check_index({&peaks, &left_bases, &right_bases}, count, "peak_width_walk");
  if (prominences.ndim() != 1 || prominences.dtype() != DType::Float64 ||
      prominences.size() != count)
    throw TypeError("peak_width_walk: prominences must be a 1-D float64 array, one per peak");
  const int device = common_device({&x, &mn, &peaks, &prominences, &left_bases, &right_bases});
  NDArray widths = vector(count, DType::Float64, device),
          heights = vector(count, DType::Float64, device),
          left_ips = vector(count, DType::Float64, device),
          right_ips = vector(count, DType::Float64, device);
  if (count > 0)
    elementwise(peak_width_walk_op(), {x, mn, peaks, prominences, left_bases, right_bases},
                {widths, heights, left_ips, right_ips},
                {Scalar::from_double(rel_height, DType::Float64)}, Dims{count});
  return {widths, heights, left_ips, right_ips};
}

}  // namespace cunp
