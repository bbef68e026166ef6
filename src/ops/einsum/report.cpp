// src/ops/einsum/report.cpp -- the text numpy.einsum_path returns beside the path: scaling,
// flop counts, the largest intermediate, and one row per contraction.
#include <algorithm>
#include <cstdio>

#include "cunp/runtime/error.hpp"
#include "path.hpp"

namespace cunp::detail {
namespace {

std::string printf_string(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string right_aligned(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s.append(i ? "," : "").append(parts[i]);
  return s;
}

// Python's list.pop(k): negative positions count from the end.
std::string pop_at(std::vector<std::string>& names, int64_t k) {
  if (names.empty()) throw IndexError("pop from empty list");
  const int64_t n = names.size();
  if (k < 0) k += n;
  if (k < 0 || k >= n) throw IndexError("pop index out of range");
  std::string s = std::move(names[k]);
  names.erase(names.begin() + k);
  return s;
}

// An intermediate's labels as the report names them: smallest dimension first, then by the
// printed letter.
std::string intermediate_name(const LabelSet& labels, const LabelSizes& sizes) {
  Labels sorted;
  labels.for_each([&](Label c) { sorted.push_back(c); });
  std::stable_sort(sorted.begin(), sorted.end(), [&](Label a, Label b) {
    if (sizes[a] != sizes[b]) return sizes[a] < sizes[b];
    return display_label(a) < display_label(b);
  });
  return display_labels(sorted);
}

}  // namespace

std::string path_report(const EinsumLabels& labels, const LabelSizes& sizes,
                        const ContractionPath& path) {
  std::vector<LabelSet> sets;
  std::vector<std::string> names;
  LabelSet every;
  int distinct = 0;  // labels per operand, summed
  for (const Labels& l : labels.inputs) {
    sets.emplace_back(l);
    names.push_back(display_labels(l));
    every |= sets.back();
    distinct += sets.back().count();
  }
  const LabelSet output(labels.output);
  const std::string output_name = display_labels(labels.output);

  std::string rows;
  double optimized = 1, largest = 0;
  int scaling = 0;
  std::vector<LabelSet> after;
  for (size_t n = 0; n < path.size(); ++n) {
    std::vector<int64_t> step = path[n];
    std::sort(step.rbegin(), step.rend());
    const Contraction c = contract_sets(step, sets, output, &after);
    sets.swap(after);
    optimized += contraction_flops(c.involved, !c.summed.empty(), step.size(), sizes);
    scaling = std::max(scaling, c.involved.count());
    largest = std::max(largest, labels_size(c.result, sizes));
    std::vector<std::string> taken;
    for (int64_t k : step) taken.push_back(pop_at(names, k));
    names.push_back(n + 1 == path.size() ? output_name : intermediate_name(c.result, sizes));
    char head[16];
    std::snprintf(head, sizeof head, "%4d    ", c.involved.count());
    rows.append("\n").append(head);
    rows.append(right_aligned(joined(taken) + "->" + names.back(), 24)).append(" ");
    rows.append(right_aligned(joined(names) + "->" + output_name, 40));
  }
  if (names.size() != 1) throw_path_incomplete(names.size());

  const double naive = contraction_flops(every, distinct > every.count(), labels.inputs.size(),
                                         sizes);
  std::string whole;
  for (size_t i = 0; i < labels.inputs.size(); ++i)
    whole.append(i ? "," : "").append(display_labels(labels.inputs[i]));
  const std::string rule(74, '-');
  return "  Complete contraction:  " + whole + "->" + output_name +
         "\n         Naive scaling:  " + std::to_string(every.count()) +
         "\n     Optimized scaling:  " + std::to_string(scaling) +
         "\n      Naive FLOP count:  " + printf_string("%.3e", naive) +
         "\n  Optimized FLOP count:  " + printf_string("%.3e", optimized) +
         "\n   Theoretical speedup:  " + printf_string("%3.3f", naive / optimized) +
         "\n  Largest intermediate:  " + printf_string("%.3e", largest) + " elements\n" + rule +
         "\n" + right_aligned("scaling", 6) + " " + right_aligned("current", 24) + " " +
         right_aligned("remaining", 40) + "\n" + rule + rows;
}

}  // namespace cunp::detail
