// src/ops/kernels/kernel_params.cpp -- CuPy's parameter lists of user kernels: parsing, the dtypes a
// call gives the parameters, and host scalars converted to them.
#include "cunp/ops/kernels/kernel_params.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

bool is_identifier(std::string_view s) {
  auto head = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  if (s.empty() || !head(s[0])) return false;
  return std::all_of(s.begin() + 1, s.end(),
                     [&](char c) { return head(c) || (c >= '0' && c <= '9'); });
}

std::string_view strip(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> w;
  for (std::size_t i = 0; i < s.size();) {
    if (is_space(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    w.push_back(s.substr(i, j - i));
    i = j;
  }
  return w;
}

// Characters, not bytes: a one-character type is a placeholder whatever its encoding.
std::size_t characters(std::string_view s) {
  return std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; });
}

// A C type name as a parameter list can hold it: identifiers joined by '::'.
bool is_type_name(std::string_view s) {
  for (;;) {
    std::size_t sep = s.find("::");
    if (!is_identifier(s.substr(0, sep))) return false;
    if (sep == std::string_view::npos) return true;
    s.remove_prefix(sep + 2);
  }
}

// A struct-typed parameter's type: a CUDA vector type, or a name `scope` mentions.
bool names_struct(std::string_view type, const std::string& scope) {
  if (is_cuda_vector_type(type)) return true;
  if (!is_type_name(type)) return false;
  std::size_t last = type.rfind("::");
  return mentions_identifier(scope, last == std::string_view::npos ? type : type.substr(last + 2));
}

// One entry of a list; `is_const` is the list's default (inputs are read-only).
KernelParam parse_param(std::string_view text, bool is_const, const std::string* struct_scope) {
  std::vector<std::string_view> w = words(text);
  if (w.size() < 2) throw ValueError("Syntax error: " + std::string(text));
  KernelParam p;
  p.is_const = is_const;
  for (std::size_t k = 0; k + 2 < w.size(); ++k) {
    if (w[k] == "raw") p.raw = true;
    else if (w[k] == "_non_const") p.is_const = false;
    else throw ValueError("Unknown keyword \"" + std::string(w[k]) + "\"");
  }
  std::string_view type = w[w.size() - 2];
  p.name = w.back();
  if (!is_identifier(p.name)) throw ValueError("Invalid parameter name: \"" + p.name + "\"");
  if (characters(type) == 1) {
    p.ctype = type;
  } else {
    try {
      p.dtype = dtype_from_string(std::string(type));  // TypeError: not understood
      p.ctype = user_ctype(*p.dtype);
    } catch (const TypeError&) {
      if (!struct_scope || p.raw || !is_const || !names_struct(type, *struct_scope)) throw;
      p.ctype = type;
      p.is_struct = true;
    }
  }
  if (!p.is_const && !p.raw && is_const)
    throw NotImplementedError("'_non_const' is supported on raw parameters only (parameter " +
                              p.name + ")");
  return p;
}

std::vector<KernelParam> parse_list(std::string_view text, bool is_const,
                                    const std::string* struct_scope) {
  std::vector<KernelParam> params;
  if (text.empty()) return params;
  std::string_view rest = strip(text);
  for (;;) {
    std::size_t comma = rest.find(',');
    params.push_back(parse_param(rest.substr(0, comma), is_const, struct_scope));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return params;
}

// NEP 50: a Python int must fit the integer dtype `t` it is stored into.
bool python_int_fits(const KernelScalar& s, DType t) {
  if (s.big_int) return false;
  if (s.value.dtype == DType::UInt64) return t == DType::UInt64;  // beyond int64
  const int64_t v = s.value.as_int();
  const int bits = itemsize(t) * 8;
  if (kind(t) == 'u') return v >= 0 && (bits == 64 || v < (int64_t{1} << bits));
  return bits == 64 || (v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1)));
}

std::string python_int_text(const KernelScalar& s) {
  if (s.big_int) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", s.value.as_double());
    return buf;
  }
  return s.value.dtype == DType::UInt64 ? std::to_string(s.value.as_uint())
                                        : std::to_string(s.value.as_int());
}

}  // namespace

KernelParams::KernelParams(std::string_view in_params, std::string_view out_params,
                           const std::string* struct_scope)
    : in(parse_list(in_params, true, struct_scope)), out(parse_list(out_params, false, nullptr)) {
  for (std::size_t k = 0; k < size(); ++k) {
    KernelParam& p = k < in.size() ? in[k] : out[k - in.size()];
    if (p.dtype || p.is_struct) continue;
    auto it = std::find(placeholders.begin(), placeholders.end(), p.ctype);
    p.placeholder = static_cast<int>(it - placeholders.begin());
    if (it == placeholders.end()) placeholders.push_back(p.ctype);
  }
}

void KernelParams::check_unique_names() const {
  for (std::size_t k = 0; k < size(); ++k)
    for (std::size_t j = 0; j < k; ++j)
      if ((*this)[j].name == (*this)[k].name)
        throw ValueError("Duplicate parameter name: \"" + (*this)[k].name + "\"");
}

void KernelParams::resolve(std::span<const std::optional<DType>> inputs,
                           std::span<const DType> outputs, std::span<DType> in_types,
                           std::span<DType> out_types, const std::string& kernel_name) const {
  // Placeholders are at most as many as parameters; small kernels need no allocation.
  constexpr std::size_t kInline = 32;
  DType inline_types[kInline];
  bool inline_known[kInline] = {};
  std::vector<DType> heap_types;
  std::vector<char> heap_known;
  DType* ptype = inline_types;
  bool* known = inline_known;
  if (placeholders.size() > kInline) {
    heap_types.resize(placeholders.size());
    heap_known.assign(placeholders.size(), 0);
    ptype = heap_types.data();
    known = reinterpret_cast<bool*>(heap_known.data());
  }
  auto bind = [&](const KernelParam& p, DType a) {
    if (p.is_struct) {
      throw TypeError("parameter '" + p.name + "' of kernel '" + kernel_name + "' has the C type " +
                      p.ctype + " and takes a structured value, not an array");
    } else if (p.dtype) {
      if (a != *p.dtype)
        throw TypeError("Type is mismatched. " + p.name + " " + name(a) + " " + name(*p.dtype));
    } else if (known[p.placeholder]) {
      if (a != ptype[p.placeholder])
        throw TypeError("Type is mismatched. " + p.name + " " + name(a) + " " +
                        name(ptype[p.placeholder]) + " " + p.ctype);
    } else {
      ptype[p.placeholder] = a;
      known[p.placeholder] = true;
    }
  };
  for (std::size_t j = 0; j < outputs.size() && j < out.size(); ++j) bind(out[j], outputs[j]);
  for (std::size_t k = 0; k < in.size(); ++k)
    if (inputs[k]) bind(in[k], *inputs[k]);
  auto type_of = [&](const KernelParam& p) {
    if (p.is_struct) return DType::UInt8;
    if (p.dtype) return *p.dtype;
    if (!known[p.placeholder])
      throw TypeError("Cannot determine the type of '" + p.ctype + "' for parameter '" + p.name +
                      "' of kernel '" + kernel_name + "': no array argument has that type");
    return ptype[p.placeholder];
  };
  for (std::size_t k = 0; k < in.size(); ++k) in_types[k] = type_of(in[k]);
  for (std::size_t j = 0; j < out.size(); ++j) out_types[j] = type_of(out[j]);
}

Scalar KernelScalar::as(DType t) const {
  if (python_value) {
    const char k = kind(value.dtype);
    if ((big_int || k == 'i' || k == 'u') && is_integer(t) && !python_int_fits(*this, t))
      throw OverflowError("Python integer " + python_int_text(*this) + " out of bounds for " +
                          name(t));
    if (k == 'f' && !big_int && is_integer(t) && !std::isfinite(value.as_double())) {
      if (std::isnan(value.as_double())) throw ValueError("cannot convert float NaN to integer");
      throw OverflowError("cannot convert float infinity to integer");
    }
    if (k == 'c' && !is_complex(t))
      throw TypeError("float() argument must be a string or a real number, not 'complex'");
  }
  return value.cast(t);
}

bool is_cuda_vector_type(std::string_view name) {
  static constexpr std::string_view bases[] = {"char",     "uchar",     "short", "ushort",
                                               "int",      "uint",      "long",  "ulong",
                                               "longlong", "ulonglong", "float", "double"};
  if (name.size() < 2) return false;
  const char n = name.back();
  if (n < '1' || n > '4') return false;
  name.remove_suffix(1);
  return std::find(std::begin(bases), std::end(bases), name) != std::end(bases);
}

std::string user_ctype(DType t) {
  std::string_view c = info(t).ctype;
  constexpr std::string_view ns = "cunp::";
  if (c.substr(0, ns.size()) == ns) c.remove_prefix(ns.size());
  return std::string(c);
}

bool is_valid_kernel_name(std::string_view name) { return is_identifier(name); }

void check_kernel_name(const std::string& name) {
  if (!is_identifier(name)) throw ValueError("Invalid kernel name: \"" + name + "\"");
}

bool mentions_identifier(std::string_view code, std::string_view word) {
  auto word_char = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  };
  for (std::size_t at = code.find(word); at != std::string_view::npos;
       at = code.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !word_char(code[at - 1])) && (end == code.size() || !word_char(code[end])))
      return true;
  }
  return false;
}

}  // namespace cunp
