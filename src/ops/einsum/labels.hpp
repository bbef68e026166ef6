// src/ops/einsum/labels.hpp -- einsum's subscripts as labels: the parser (string form, '...',
// implicit output), label sets, and each label's size.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cunp/array/dims.hpp"

namespace cunp::detail {

// The label of one dimension: a letter's ASCII code, or for the k-th dimension that '...'
// stands for (counted from the left) k itself. Both stay below 128, so a set is two words.
using Label = uint8_t;
using Labels = std::vector<Label>;
constexpr int kMaxBroadcastDims = 64;  // NumPy's limit on an array's rank
inline bool is_letter(Label c) { return c >= 'A'; }

class LabelSet {
 public:
  LabelSet() = default;
  explicit LabelSet(const Labels& labels) {
    for (Label c : labels) add(c);
  }
  void add(Label c) { bits_[c >> 6] |= uint64_t{1} << (c & 63); }
  bool has(Label c) const { return (bits_[c >> 6] >> (c & 63)) & 1; }
  bool empty() const { return (bits_[0] | bits_[1]) == 0; }
  int count() const { return std::popcount(bits_[0]) + std::popcount(bits_[1]); }
  bool intersects(const LabelSet& o) const { return !(*this & o).empty(); }
  // Each label in increasing order.
  template <class F> void for_each(F f) const {
    for (int w = 0; w < 2; ++w)
      for (uint64_t b = bits_[w]; b; b &= b - 1)
        f(static_cast<Label>(w * 64 + std::countr_zero(b)));
  }
  friend LabelSet operator|(LabelSet a, const LabelSet& b) {
    a.bits_[0] |= b.bits_[0];
    a.bits_[1] |= b.bits_[1];
    return a;
  }
  friend LabelSet operator&(LabelSet a, const LabelSet& b) {
    a.bits_[0] &= b.bits_[0];
    a.bits_[1] &= b.bits_[1];
    return a;
  }
  friend LabelSet operator-(LabelSet a, const LabelSet& b) {
    a.bits_[0] &= ~b.bits_[0];
    a.bits_[1] &= ~b.bits_[1];
    return a;
  }
  LabelSet& operator|=(const LabelSet& b) { return *this = *this | b; }
  friend bool operator==(const LabelSet&, const LabelSet&) = default;

 private:
  uint64_t bits_[2] = {0, 0};
};

// The subscripts with '...' expanded: one label per dimension of each operand, and the
// output's labels (implicit output: the broadcast dimensions, then the letters seen once, in
// ASCII order, as NumPy).
struct EinsumLabels {
  std::vector<Labels> inputs;
  Labels output;
};

// Parses the string form for operands of ranks `ndims`, with NumPy's ValueErrors (operand
// count, characters, ranks, output subscripts).
EinsumLabels parse_subscripts(std::string_view subscripts, const std::vector<int>& ndims);

// Each label's size, indexed by label (1 where absent). A size-1 dimension broadcasts against
// the others; other mismatches are NumPy's ValueError.
using LabelSizes = std::array<int64_t, 128>;
LabelSizes label_sizes(const std::vector<Labels>& inputs, const std::vector<Dims>& shapes);

// How many elements an operand of these labels holds (a repeated label counts each time).
double labels_size(const Labels& labels, const LabelSizes& sizes);
double labels_size(const LabelSet& labels, const LabelSizes& sizes);

// A label as einsum_path's report prints it: a letter as itself, the k-th '...' dimension as
// the capital letter k places before 'Z'.
char display_label(Label c);
std::string display_labels(const Labels& labels);

}  // namespace cunp::detail
