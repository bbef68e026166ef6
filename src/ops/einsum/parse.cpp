// src/ops/einsum/parse.cpp -- einsum's subscripts: the string form parsed into labels ('...'
// expanded, the implicit output found) with NumPy's errors, and each label's size.
#include <algorithm>
#include <optional>

#include "cunp/runtime/error.hpp"
#include "labels.hpp"

namespace cunp::detail {
namespace {

constexpr std::string_view kEllipsis = "...";

bool is_ascii_letter(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The character at s[i] as Python shows it: a UTF-8 sequence stays whole.
std::string character_at(std::string_view s, size_t i) {
  size_t n = 1;
  if (static_cast<unsigned char>(s[i]) >= 0xC0)
    while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
  return std::string(s.substr(i, n));
}

// A term (or the output) holds letters and at most one '...'.
void check_characters(std::string_view term) {
  const size_t ellipsis = term.find(kEllipsis);
  for (size_t i = 0; i < term.size(); ++i) {
    if (ellipsis != std::string_view::npos && i >= ellipsis && i < ellipsis + kEllipsis.size())
      continue;
    const unsigned char c = term[i];
    if (is_ascii_letter(c)) continue;
    if (c == '.')
      throw ValueError("einstein sum subscripts string contains a '.' that is not part of an "
                       "ellipsis ('...')");
    throw ValueError("invalid subscript '" + character_at(term, i) +
                     "' in einstein sum subscripts string, subscripts must be letters");
  }
}

void append_letters(Labels& labels, std::string_view letters) {
  for (char c : letters) labels.push_back(static_cast<Label>(c));
}

// The labels of '...' where it stands for `count` of the `total` broadcast dimensions: the
// rightmost ones, as operands broadcast.
void append_broadcast(Labels& labels, int count, int total) {
  for (int k = total - count; k < total; ++k) labels.push_back(static_cast<Label>(k));
}

std::string too_many_subscripts(size_t operand) {
  return "einstein sum subscripts string contains too many subscripts for operand " +
         std::to_string(operand);
}

Labels output_labels(std::optional<std::string_view> rhs, const std::vector<Labels>& inputs,
                     int broadcast_dims) {
  Labels output;
  if (!rhs) {
    // Implicit: the broadcast dimensions, then the letters seen exactly once, in ASCII order.
    int counts[128] = {};
    for (const Labels& labels : inputs)
      for (Label c : labels) ++counts[c];
    append_broadcast(output, broadcast_dims, broadcast_dims);
    for (int c = 'A'; c < 128; ++c)
      if (counts[c] == 1) output.push_back(static_cast<Label>(c));
    return output;
  }
  const size_t ellipsis = rhs->find(kEllipsis);
  if (ellipsis == std::string_view::npos) {
    append_letters(output, *rhs);
  } else {
    append_letters(output, rhs->substr(0, ellipsis));
    append_broadcast(output, broadcast_dims, broadcast_dims);
    append_letters(output, rhs->substr(ellipsis + kEllipsis.size()));
  }
  LabelSet present, seen;
  for (const Labels& labels : inputs) present |= LabelSet(labels);
  for (Label c : output) {
    const std::string name(1, static_cast<char>(c));
    if (seen.has(c))
      throw ValueError("einstein sum subscripts string includes output subscript '" + name +
                       "' multiple times");
    seen.add(c);
    if (!present.has(c))
      throw ValueError("einstein sum subscripts string included output subscript '" + name +
                       "' which never appeared in an input");
  }
  return output;
}

}  // namespace

EinsumLabels parse_subscripts(std::string_view subscripts, const std::vector<int>& ndims) {
  std::string text;
  text.reserve(subscripts.size());
  for (char c : subscripts)
    if (c != ' ') text.push_back(c);
  const std::string_view s = text;

  std::string_view lhs = s;
  std::optional<std::string_view> rhs;
  if (size_t arrow = s.find("->"); arrow != std::string_view::npos) {
    lhs = s.substr(0, arrow);
    rhs = s.substr(arrow + 2);
    if (rhs->find_first_of("->") != std::string_view::npos)
      throw ValueError("einstein sum subscript string does not contain proper '->' output "
                       "specified");
  }
  std::vector<std::string_view> terms;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  // NumPy's wording: "fewer" when the string names fewer operands than were given.
  if (terms.size() < ndims.size())
    throw ValueError("fewer operands provided to einstein sum function than specified in the "
                     "subscripts string");
  if (terms.size() > ndims.size())
    throw ValueError("more operands provided to einstein sum function than specified in the "
                     "subscripts string");
  for (std::string_view t : terms) check_characters(t);
  if (rhs) check_characters(*rhs);

  // The broadcast dimensions: as many as the operand with the most dimensions under '...'.
  int broadcast_dims = 0;
  for (size_t i = 0; i < terms.size(); ++i)
    if (terms[i].find(kEllipsis) != std::string_view::npos)
      broadcast_dims = std::max(broadcast_dims,
                                ndims[i] - static_cast<int>(terms[i].size() - kEllipsis.size()));
  if (broadcast_dims > kMaxBroadcastDims)
    throw ValueError("einstein sum subscripts string: '...' stands for more than " +
                     std::to_string(kMaxBroadcastDims) + " dimensions");

  EinsumLabels out;
  out.inputs.resize(terms.size());
  for (size_t i = 0; i < terms.size(); ++i) {
    const std::string_view t = terms[i];
    Labels& labels = out.inputs[i];
    const size_t ellipsis = t.find(kEllipsis);
    if (ellipsis != std::string_view::npos) {
      const std::string_view head = t.substr(0, ellipsis),
                             tail = t.substr(ellipsis + kEllipsis.size());
      const int count = ndims[i] - static_cast<int>(head.size() + tail.size());
      if (count < 0) throw ValueError(too_many_subscripts(i));
      append_letters(labels, head);
      append_broadcast(labels, count, broadcast_dims);
      append_letters(labels, tail);
    } else {
      if (static_cast<int>(t.size()) < ndims[i])
        throw ValueError("operand has more dimensions than subscripts given in einstein sum, "
                         "but no '...' ellipsis provided to broadcast the extra dimensions.");
      if (static_cast<int>(t.size()) > ndims[i]) throw ValueError(too_many_subscripts(i));
      append_letters(labels, t);
    }
  }
  out.output = output_labels(rhs, out.inputs, broadcast_dims);
  return out;
}

LabelSizes label_sizes(const std::vector<Labels>& inputs, const std::vector<Dims>& shapes) {
  LabelSizes sizes;
  sizes.fill(1);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Labels& labels = inputs[i];
    for (size_t d = 0; d < labels.size(); ++d) {
      const Label c = labels[d];
      const int64_t n = shapes[i][static_cast<int>(d)];
      if (sizes[c] == 1) {
        sizes[c] = n;
      } else if (n != 1 && n != sizes[c]) {
        throw ValueError(
            "operands could not be broadcast together with remapped shapes "
            "[original->remapped]: label '" +
            (is_letter(c) ? std::string(1, static_cast<char>(c)) : std::string(kEllipsis)) +
            "' has sizes " + std::to_string(sizes[c]) + " and " + std::to_string(n));
      }
    }
  }
  return sizes;
}

double labels_size(const Labels& labels, const LabelSizes& sizes) {
  double n = 1;
  for (Label c : labels) n *= static_cast<double>(sizes[c]);
  return n;
}

double labels_size(const LabelSet& labels, const LabelSizes& sizes) {
  double n = 1;
  labels.for_each([&](Label c) { n *= static_cast<double>(sizes[c]); });
  return n;
}

char display_label(Label c) { return is_letter(c) ? static_cast<char>(c) : 'Z' - c; }

std::string display_labels(const Labels& labels) {
  std::string s;
  for (Label c : labels) s.push_back(display_label(c));
  return s;
}

}  // namespace cunp::detail
