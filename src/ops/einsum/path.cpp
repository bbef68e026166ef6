// src/ops/einsum/path.cpp -- NumPy's contraction paths for einsum: 'greedy' and 'optimal'
// (numpy.einsum_path's algorithms, with their memory limit and tie-breaking), and where NumPy
// contracts everything at once.
#include <algorithm>
#include <numeric>
#include <optional>

#include "cunp/runtime/error.hpp"
#include "path.hpp"

namespace cunp::detail {
namespace {

std::vector<int64_t> first_positions(size_t n) {
  std::vector<int64_t> v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

double set_size(const LabelSet& s, const LabelSizes& sizes) { return labels_size(s, sizes); }

// NumPy's greedy order: each step contracts the pair that removes the most elements (ties: the
// fewest flops, then the earliest candidate), pairs sharing a label first, results above
// `limit` never, and no step that would make the path cost more than the one-shot contraction.
// Candidates of earlier steps that the chosen pair did not touch stay, renumbered.
class GreedySearch {
 public:
  GreedySearch(std::vector<LabelSet> sets, const LabelSet& output, const LabelSizes& sizes,
               double limit)
      : sets_(std::move(sets)), output_(output), sizes_(sizes), limit_(limit) {}

  ContractionPath run() {
    const size_t n = sets_.size();
    if (n == 1) return {{0}};
    if (n == 2) return {{0, 1}};
    const Contraction whole = contract_sets(first_positions(n), sets_, output_);
    naive_ = contraction_flops(whole.involved, !whole.summed.empty(), n, sizes_);
    ContractionPath path;
    for (size_t step = 0; step + 1 < n; ++step) {
      const int64_t m = sets_.size();
      // The first step looks at every pair, later ones at the pairs with the newest operand.
      if (step == 0) {
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = i + 1; j < m; ++j)
            if (sets_[i].intersects(sets_[j])) consider(i, j);
      } else {
        for (int64_t k = 0; k + 1 < m; ++k)
          if (sets_[k].intersects(sets_[m - 1])) consider(k, m - 1);
      }
      if (candidates_.empty()) {
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = i + 1; j < m; ++j) consider(i, j);
        if (candidates_.empty()) {
          path.push_back(first_positions(m));
          break;
        }
      }
      size_t best = 0;
      for (size_t c = 1; c < candidates_.size(); ++c)
        if (candidates_[c].key() < candidates_[best].key()) best = c;
      const int64_t bi = candidates_[best].i, bj = candidates_[best].j;
      const double cost = candidates_[best].cost;
      std::vector<LabelSet> after = std::move(candidates_[best].after);
      renumber(bi, bj, after.back());
      sets_ = std::move(after);
      path.push_back({bi, bj});
      spent_ += cost;
    }
    return path;
  }

 private:
  struct Candidate {
    double freed, cost;
    int64_t i, j;
    std::vector<LabelSet> after;  // the operand list after contracting (i, j)
    std::pair<double, double> key() const { return {-freed, cost}; }
  };

  void consider(int64_t i, int64_t j) {
    std::vector<LabelSet> after;
    const Contraction c = contract_sets({i, j}, sets_, output_, &after);
    const double size = set_size(c.result, sizes_);
    if (size > limit_) return;
    const double cost = contraction_flops(c.involved, !c.summed.empty(), 2, sizes_);
    if (spent_ + cost > naive_) return;
    const double freed = set_size(sets_[i], sizes_) + set_size(sets_[j], sizes_) - size;
    candidates_.push_back({freed, cost, i, j, std::move(after)});
  }

  // After contracting (bi, bj) into `made`: the candidates that involve neither keep their
  // place, with positions and operand lists of the new list.
  void renumber(int64_t bi, int64_t bj, const LabelSet& made) {
    std::vector<Candidate> kept;
    for (Candidate& c : candidates_) {
      if (c.i == bi || c.i == bj || c.j == bi || c.j == bj) continue;
      c.after.erase(c.after.begin() + (bj - (bj > c.i) - (bj > c.j)));
      c.after.erase(c.after.begin() + (bi - (bi > c.i) - (bi > c.j)));
      c.after.insert(c.after.end() - 1, made);
      c.i -= (c.i > bi) + (c.i > bj);
      c.j -= (c.j > bi) + (c.j > bj);
      kept.push_back(std::move(c));
    }
    candidates_ = std::move(kept);
  }

  std::vector<LabelSet> sets_;
  const LabelSet& output_;
  const LabelSizes& sizes_;
  const double limit_;
  double naive_ = 0, spent_ = 0;
  std::vector<Candidate> candidates_;
};

// NumPy's 'optimal': every order of pairwise contractions whose results stay within `limit`,
// the one of least flops (ties: the first in NumPy's breadth-first order). Visited depth first
// in the same order; where no order contracts everything, the best of the deepest ones ends
// with one contraction of what is left, as NumPy's does.
class OptimalSearch {
 public:
  OptimalSearch(const LabelSet& output, const LabelSizes& sizes, double limit)
      : output_(output), sizes_(sizes), limit_(limit) {}

  ContractionPath run(const std::vector<LabelSet>& sets) {
    n_ = sets.size();
    best_.assign(n_, std::nullopt);
    visit(sets, 0);
    ContractionPath path = best_[deepest_]->second;
    if (deepest_ + 1 < n_) path.push_back(first_positions(n_ - deepest_));
    return path;
  }

 private:
  void visit(const std::vector<LabelSet>& sets, double cost) {
    const size_t depth = current_.size();
    if (!best_[depth] || cost < best_[depth]->first) best_[depth].emplace(cost, current_);
    deepest_ = std::max(deepest_, depth);
    const int64_t m = sets.size();
    std::vector<LabelSet> after;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = i + 1; j < m; ++j) {
        const Contraction c = contract_sets({i, j}, sets, output_, &after);
        if (set_size(c.result, sizes_) > limit_) continue;
        current_.push_back({i, j});
        visit(after, cost + contraction_flops(c.involved, !c.summed.empty(), 2, sizes_));
        current_.pop_back();
      }
    }
  }

  const LabelSet& output_;
  const LabelSizes& sizes_;
  const double limit_;
  size_t n_ = 0, deepest_ = 0;
  ContractionPath current_;
  std::vector<std::optional<std::pair<double, ContractionPath>>> best_;  // per depth
};

}  // namespace

Contraction contract_sets(const std::vector<int64_t>& positions, const std::vector<LabelSet>& sets,
                          const LabelSet& output, std::vector<LabelSet>* rest) {
  Contraction c;
  LabelSet kept_elsewhere = output;
  if (rest) rest->clear();
  for (size_t k = 0; k < sets.size(); ++k) {
    if (std::find(positions.begin(), positions.end(), static_cast<int64_t>(k)) != positions.end()) {
      c.involved |= sets[k];
    } else {
      kept_elsewhere |= sets[k];
      if (rest) rest->push_back(sets[k]);
    }
  }
  c.result = c.involved & kept_elsewhere;
  c.summed = c.involved - c.result;
  if (rest) rest->push_back(c.result);
  return c;
}

double contraction_flops(const LabelSet& involved, bool summed, size_t terms,
                         const LabelSizes& sizes) {
  const double factor = std::max<double>(1, static_cast<double>(terms) - 1) + (summed ? 1 : 0);
  return set_size(involved, sizes) * factor;
}

ContractionPath contraction_path(const EinsumLabels& labels, const LabelSizes& sizes,
                                 const EinsumOptimize& optimize) {
  const size_t n = labels.inputs.size();
  if (optimize.kind == EinsumOptimize::Kind::None) return {first_positions(n)};
  if (optimize.kind == EinsumOptimize::Kind::Explicit) return optimize.path;
  std::vector<LabelSet> sets;
  LabelSet every;
  for (const Labels& l : labels.inputs) {
    sets.emplace_back(l);
    every |= sets.back();
  }
  const LabelSet output(labels.output);
  if (n == 1 || n == 2 || every == output) return {first_positions(n)};
  double limit;
  if (optimize.memory_limit) {
    limit = static_cast<double>(*optimize.memory_limit);
  } else {
    // NumPy's default: the largest operand or the output (a repeated label counts each time).
    limit = labels_size(labels.output, sizes);
    for (const Labels& l : labels.inputs) limit = std::max(limit, labels_size(l, sizes));
  }
  if (optimize.kind == EinsumOptimize::Kind::Greedy)
    return GreedySearch(std::move(sets), output, sizes, limit).run();
  return OptimalSearch(output, sizes, limit).run(sets);
}

void throw_path_incomplete(size_t remaining) {
  throw RuntimeError("Invalid einsum_path is specified: " + std::to_string(remaining - 1) +
                     " more operands has to be contracted.");
}

}  // namespace cunp::detail
