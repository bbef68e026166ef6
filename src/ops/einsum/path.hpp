// src/ops/einsum/path.hpp -- einsum's contraction paths: NumPy's 'greedy' and 'optimal'
// algorithms (with a memory limit), explicit paths, and the report einsum_path prints.
#pragma once
#include <string>
#include <vector>

#include "cunp/ops/einsum/einsum.hpp"
#include "labels.hpp"

namespace cunp::detail {

// One step: the positions, in the current operand list, of the operands contracted into one
// (appended last to the list).
using ContractionPath = std::vector<std::vector<int64_t>>;

// Contracting the operands at `positions` of `sets`: the result's labels (those the output or
// another operand still needs), the labels summed away, and every label involved. `rest` gets
// the list after the step: the other operands in order, the result last.
struct Contraction {
  LabelSet result, summed, involved;
};
Contraction contract_sets(const std::vector<int64_t>& positions, const std::vector<LabelSet>& sets,
                          const LabelSet& output, std::vector<LabelSet>* rest = nullptr);

// NumPy's cost of a contraction: the product of the involved sizes, times the number of terms
// less one (at least one), plus one when labels are summed.
double contraction_flops(const LabelSet& involved, bool summed, size_t terms,
                         const LabelSizes& sizes);

// NumPy's path for these labels: the given one for Kind::Explicit, one contraction of all
// operands for Kind::None, for one or two operands, and where nothing is summed.
ContractionPath contraction_path(const EinsumLabels& labels, const LabelSizes& sizes,
                                 const EinsumOptimize& optimize);

// The report numpy.einsum_path gives: scaling, flop counts, the largest intermediate and each
// contraction. IndexError for a step naming no operand; RuntimeError for a path that leaves
// more than one.
std::string path_report(const EinsumLabels& labels, const LabelSizes& sizes,
                        const ContractionPath& path);

// Python's RuntimeError for an explicit path that leaves `remaining` operands.
[[noreturn]] void throw_path_incomplete(size_t remaining);

}  // namespace cunp::detail
