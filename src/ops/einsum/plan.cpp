// src/ops/einsum/plan.cpp -- building einsum's plan: diagonals for repeated labels, the
// contraction path, each pairwise contraction as one batched matmul (or a product, or products
// and a sum, where a GEMM would be waste), and the result in the output's order and sizes.
#include <algorithm>
#include <numeric>

#include "cunp/runtime/error.hpp"
#include "path.hpp"
#include "plan.hpp"

namespace cunp::detail {
namespace {

// The label of a batched dot's product axis, which is summed at once: no subscript has it.
constexpr Label kProductLabel = 127;

// An operand while planning: the value holding it, its shape, dtype and labels (one per axis,
// distinct once diagonals are taken).
struct Node {
  int value;
  Dims shape;
  DType dtype;
  Labels labels;
};

int position(const Labels& labels, Label c) {
  return static_cast<int>(std::find(labels.begin(), labels.end(), c) - labels.begin());
}

LabelSet labels_of(const std::vector<const Node*>& nodes, const LabelSet& start) {
  LabelSet s = start;
  for (const Node* n : nodes) s |= LabelSet(n->labels);
  return s;
}

int64_t product(const Dims& d, int from, int to) {
  int64_t p = 1;
  for (int i = from; i < to; ++i) p *= d[i];
  return p;
}

// Python's repr of a tuple of ints, as NumPy's messages quote a contraction.
std::string tuple_text(const std::vector<int64_t>& t) {
  std::string s = "(";
  for (size_t i = 0; i < t.size(); ++i) s += (i ? ", " : "") + std::to_string(t[i]);
  return s + (t.size() == 1 ? ",)" : ")");
}

class PlanBuilder {
 public:
  explicit PlanBuilder(EinsumPlan& plan) : plan_(plan) {}

  void set_sizes(const LabelSizes& sizes) { sizes_ = sizes; }
  int64_t size_of(Label c) const { return sizes_[c]; }

  // Repeated labels of one operand become a diagonal (a view), the label moved last.
  Node diagonals(Node node, size_t operand) {
    for (;;) {
      const Labels& labels = node.labels;
      int p = -1, q = -1;
      for (int a = 0; a < static_cast<int>(labels.size()) && q < 0; ++a) {
        auto it = std::find(labels.begin() + a + 1, labels.end(), labels[a]);
        if (it != labels.end()) p = a, q = static_cast<int>(it - labels.begin());
      }
      if (q < 0) return node;
      const Label dup = labels[p];
      if (node.shape[p] != node.shape[q])
        throw ValueError("dimensions in operand " + std::to_string(operand) +
                         " for collapsing index '" + std::string(1, static_cast<char>(dup)) +
                         "' don't match (" + std::to_string(node.shape[p]) +
                         " != " + std::to_string(node.shape[q]) + ")");
      Dims shape;
      Labels kept;
      for (int k = 0; k < static_cast<int>(labels.size()); ++k) {
        if (k == p || k == q) continue;
        shape.push_back(node.shape[k]);
        kept.push_back(labels[k]);
      }
      shape.push_back(node.shape[p]);
      kept.push_back(dup);
      node = emit(EinsumStepKind::Diagonal, {p, q}, {&node}, std::move(shape), node.dtype,
                  std::move(kept));
    }
  }

  Node transpose(const Node& node, const std::vector<int64_t>& perm, Labels labels) {
    bool identity = true;
    for (size_t k = 0; k < perm.size(); ++k) identity = identity && perm[k] == int64_t(k);
    if (identity) return {node.value, node.shape, node.dtype, std::move(labels)};
    Dims shape;
    for (int64_t k : perm) shape.push_back(node.shape[static_cast<int>(k)]);
    return emit(EinsumStepKind::Transpose, perm, {&node}, std::move(shape), node.dtype,
                std::move(labels));
  }

  Node reshape(const Node& node, Dims shape) {
    return reshape(node, std::move(shape), node.labels);
  }
  Node reshape(const Node& node, Dims shape, Labels labels) {
    if (shape == node.shape) return {node.value, node.shape, node.dtype, std::move(labels)};
    return emit(EinsumStepKind::Reshape, {}, {&node}, std::move(shape), node.dtype,
                std::move(labels));
  }

  Node broadcast(const Node& node, Dims shape) {
    if (shape == node.shape) return node;
    return emit(EinsumStepKind::BroadcastTo, {}, {&node}, std::move(shape), node.dtype,
                node.labels);
  }

  // Sums out the labels nobody needs any more, in the operand's dtype (bool: logical or).
  Node reduce(const Node& node, const LabelSet& needed) {
    std::vector<int64_t> drop;
    Dims shape;
    Labels kept;
    for (int k = 0; k < static_cast<int>(node.labels.size()); ++k) {
      if (needed.has(node.labels[k])) {
        shape.push_back(node.shape[k]);
        kept.push_back(node.labels[k]);
      } else {
        drop.push_back(k);
      }
    }
    if (drop.empty()) return node;
    return emit(EinsumStepKind::Sum, std::move(drop), {&node}, std::move(shape), node.dtype,
                std::move(kept));
  }

  // Contracts two operands into one: the labels in both and still needed (batch), each one's
  // own labels, and the labels in both and no longer needed (summed) make one batched matmul;
  // a plain product where nothing is summed, products and a sum for batched dot products.
  Node pair(const Node& x0, const Node& y0, const LabelSet& needed) {
    const Node x1 = reduce(x0, needed | LabelSet(y0.labels));
    const Node y1 = reduce(y0, needed | LabelSet(x1.labels));
    const LabelSet lx(x1.labels), ly(y1.labels);
    Labels batch, summed, free_x, free_y;
    for (Label c : x1.labels) {
      if (!ly.has(c)) free_x.push_back(c);
      else if (needed.has(c)) batch.push_back(c);
      else summed.push_back(c);
    }
    for (Label c : y1.labels)
      if (!lx.has(c)) free_y.push_back(c);
    const LabelSet shared = LabelSet(batch) | LabelSet(summed);

    // The operand's axes in the order of `groups`, a label held at size 1 where the other
    // operand has more broadcast to its size.
    auto arrange = [&](const Node& z, std::initializer_list<const Labels*> groups) {
      Labels order;
      for (const Labels* g : groups) order.insert(order.end(), g->begin(), g->end());
      std::vector<int64_t> perm;
      for (Label c : order) perm.push_back(position(z.labels, c));
      Node t = transpose(z, perm, order);
      Dims full;
      for (int k = 0; k < static_cast<int>(order.size()); ++k)
        full.push_back(shared.has(order[k]) ? size_of(order[k]) : t.shape[k]);
      return broadcast(t, std::move(full));
    };
    const Node x = arrange(x1, {&batch, &free_x, &summed});
    const Node y = arrange(y1, {&batch, &summed, &free_y});
    const int nb_axes = batch.size(), m_axes = free_x.size(), k_axes = summed.size(),
              n_axes = free_y.size();
    const int64_t nb = product(x.shape, 0, nb_axes),
                  m = product(x.shape, nb_axes, nb_axes + m_axes),
                  k = product(x.shape, nb_axes + m_axes, nb_axes + m_axes + k_axes),
                  n = product(y.shape, nb_axes + k_axes, nb_axes + k_axes + n_axes);
    Dims batch_shape(x.shape.data(), nb_axes), shape = batch_shape;
    for (int a = 0; a < m_axes; ++a) shape.push_back(x.shape[nb_axes + a]);
    for (int a = 0; a < n_axes; ++a) shape.push_back(y.shape[nb_axes + k_axes + a]);
    Labels labels = batch;
    labels.insert(labels.end(), free_x.begin(), free_x.end());
    labels.insert(labels.end(), free_y.begin(), free_y.end());
    const DType dt = promote_types(x.dtype, y.dtype);

    Node r;
    if (k == 1) {
      // Nothing summed: a broadcast elementwise product (one rounding, as matmul's), not a
      // batch of 1x1x1 GEMMs.
      Dims xs = shape, ys = shape;
      for (int a = 0; a < n_axes; ++a) xs[nb_axes + m_axes + a] = 1;
      for (int a = 0; a < m_axes; ++a) ys[nb_axes + a] = 1;
      const Node xr = reshape(x, std::move(xs)), yr = reshape(y, std::move(ys));
      r = emit(EinsumStepKind::Multiply, {}, {&xr, &yr}, shape, dt, labels);
    } else if (m == 1 && n == 1 && nb > 1 && x.dtype != DType::Float16 &&
               y.dtype != DType::Float16) {
      // Batched dot products ('bi,bi->b'): products summed by sum, in their own dtype as matmul
      // keeps it. float16 stays on matmul, whose products are not rounded to float16.
      Dims flat = batch_shape;
      flat.push_back(k);
      const Node xr = reshape(x, flat), yr = reshape(y, flat);
      Labels product_labels = batch;
      product_labels.push_back(kProductLabel);
      const Node p = emit(EinsumStepKind::Multiply, {}, {&xr, &yr}, flat, dt, product_labels);
      r = emit(EinsumStepKind::Sum, {nb_axes}, {&p}, batch_shape, dt, batch);
    } else {
      const Node xr = reshape(x, Dims{nb, m, k}), yr = reshape(y, Dims{nb, k, n});
      r = emit(EinsumStepKind::Matmul, {}, {&xr, &yr}, Dims{nb, m, n}, dt, labels);
    }
    return reshape(r, std::move(shape), std::move(labels));
  }

  // Contracts `group` into one node (pairwise, smallest intermediate first), keeping the
  // labels that `outside` (the output and the other operands) needs.
  Node contract_group(std::vector<Node> group, const LabelSet& outside) {
    while (group.size() > 1) {
      const auto [i, j] = pick_pair(group, outside);
      std::vector<const Node*> rest;
      for (size_t k = 0; k < group.size(); ++k)
        if (k != i && k != j) rest.push_back(&group[k]);
      Node made = pair(group[i], group[j], labels_of(rest, outside));
      std::vector<Node> next;
      for (const Node* r : rest) next.push_back(*r);
      next.push_back(std::move(made));
      group = std::move(next);
    }
    return reduce(group[0], outside);
  }

 private:
  // The pair whose contraction leaves the smallest intermediate (ties: the fewest elements
  // involved, then the first pair).
  std::pair<size_t, size_t> pick_pair(const std::vector<Node>& group, const LabelSet& outside) {
    std::pair<size_t, size_t> best{0, 1};
    double best_kept = 0, best_all = 0;
    for (size_t i = 0; i < group.size(); ++i) {
      for (size_t j = i + 1; j < group.size(); ++j) {
        LabelSet needed = outside;
        for (size_t k = 0; k < group.size(); ++k)
          if (k != i && k != j) needed |= LabelSet(group[k].labels);
        const LabelSet both = LabelSet(group[i].labels) | LabelSet(group[j].labels);
        const double kept = labels_size(both & needed, sizes_), all = labels_size(both, sizes_);
        if ((i == 0 && j == 1) || kept < best_kept || (kept == best_kept && all < best_all)) {
          best = {i, j};
          best_kept = kept;
          best_all = all;
        }
      }
    }
    return best;
  }

  Node emit(EinsumStepKind kind, std::vector<int64_t> axes, std::initializer_list<const Node*> ins,
            Dims shape, DType dtype, Labels labels) {
    EinsumStep s;
    s.kind = kind;
    int a = 0;
    for (const Node* in : ins) s.in[a++] = in->value;
    s.out = plan_.n_values++;
    if (kind == EinsumStepKind::Sum) {
      s.sum_args.axis = axes;
      s.sum_args.dtype = dtype;
    }
    s.axes = std::move(axes);
    s.shape = shape;
    s.dtype = dtype;
    plan_.steps.push_back(std::move(s));
    return {plan_.steps.back().out, std::move(shape), dtype, std::move(labels)};
  }

  EinsumPlan& plan_;
  LabelSizes sizes_{};
};

}  // namespace

const char* einsum_step_name(EinsumStepKind kind) {
  switch (kind) {
    case EinsumStepKind::Diagonal: return "diagonal";
    case EinsumStepKind::Transpose: return "transpose";
    case EinsumStepKind::Reshape: return "reshape";
    case EinsumStepKind::BroadcastTo: return "broadcast_to";
    case EinsumStepKind::Sum: return "sum";
    case EinsumStepKind::Multiply: return "multiply";
    default: return "matmul";
  }
}

EinsumPlan plan_einsum(const EinsumLabels& labels, const std::vector<Dims>& shapes,
                       const std::vector<DType>& dtypes, const EinsumOptimize& optimize) {
  EinsumPlan plan;
  plan.n_inputs = plan.n_values = static_cast<int>(shapes.size());
  PlanBuilder b(plan);
  std::vector<Node> nodes;
  for (size_t i = 0; i < shapes.size(); ++i)
    nodes.push_back(b.diagonals({static_cast<int>(i), shapes[i], dtypes[i], labels.inputs[i]}, i));
  std::vector<Labels> node_labels;
  std::vector<Dims> node_shapes;
  for (const Node& n : nodes) {
    node_labels.push_back(n.labels);
    node_shapes.push_back(n.shape);
  }
  const LabelSizes sizes = label_sizes(node_labels, node_shapes);
  b.set_sizes(sizes);
  // The path from the subscripts as written (a repeated label counts in NumPy's memory limit).
  const ContractionPath path = contraction_path(labels, sizes, optimize);
  const LabelSet output(labels.output);
  for (const std::vector<int64_t>& step : path) {
    std::vector<bool> taken(nodes.size(), false);
    bool valid = !step.empty();
    for (int64_t k : step) {
      if (k < 0 || k >= static_cast<int64_t>(nodes.size()) || taken[k]) valid = false;
      else taken[k] = true;
    }
    if (!valid)
      throw ValueError("invalid contraction " + tuple_text(step) + " in einsum_path for " +
                       std::to_string(nodes.size()) + " operands");
    std::vector<Node> group, rest;
    for (int64_t k : step) group.push_back(nodes[k]);
    LabelSet outside = output;
    for (size_t k = 0; k < nodes.size(); ++k) {
      if (taken[k]) continue;
      rest.push_back(nodes[k]);
      outside |= LabelSet(nodes[k].labels);
    }
    rest.push_back(b.contract_group(std::move(group), outside));
    nodes = std::move(rest);
  }
  if (nodes.size() != 1) throw_path_incomplete(nodes.size());
  std::vector<int64_t> perm;
  Dims full;
  for (Label c : labels.output) {
    perm.push_back(position(nodes[0].labels, c));
    full.push_back(sizes[c]);
  }
  // Output labels the operand holds at size 1 (broadcast) get their size.
  const Node last = b.broadcast(b.transpose(nodes[0], perm, labels.output), std::move(full));
  plan.result = last.value;
  plan.shape = last.shape;
  plan.dtype = last.dtype;
  return plan;
}

EinsumPlan plan_einsum(std::string_view subscripts, const std::vector<Dims>& shapes,
                       const std::vector<DType>& dtypes, const EinsumOptimize& optimize) {
  std::vector<int> ndims;
  for (const Dims& s : shapes) ndims.push_back(s.size());
  return plan_einsum(parse_subscripts(subscripts, ndims), shapes, dtypes, optimize);
}

}  // namespace cunp::detail
