// src/python/gufunc_axes.hpp -- NumPy's axes=/axis= for the products with a gufunc signature
// (matmul, vecdot, matvec, vecmat): which axes of each operand are its core dimensions, as the
// permutations that move them last (and the result's back). matmul's binding and the Python
// gufunc objects both use it, so the rules and their errors live only here.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"

namespace cunp::py {

// A gufunc's name and core signature, "(n?,k),(k,m?)->(n?,m?)" parsed into dimension names per
// operand ('?' marks NumPy's optional dimensions).
struct GufuncSignature {
  std::string name, text;
  std::vector<std::vector<std::string>> in;
  std::vector<std::string> out;
  GufuncSignature(std::string name, const std::string& text);
};

// Step 1, before the operands are converted: axes=/axis= checked as NumPy checks them (both
// given, axis= where the signature has several core dimensions, axes= not a list) and axis=
// turned into the axes list it stands for.
nb::list gufunc_axes_list(const GufuncSignature& sig, nb::handle axes, nb::handle axis);

// Step 2, with the inputs' ranks: per input the permutation that moves its core axes last
// (nullopt when none is needed, or when the input has too few dimensions, which the product
// itself then rejects), and what the output's entry needs once the output's rank is known.
struct GufuncAxes {
  std::vector<std::optional<std::vector<int64_t>>> inputs;
  nb::object out_item;  // the output's axes item
  int out_count = 0;    // the output's core dimensions (fewer when optional ones were dropped)
};
GufuncAxes gufunc_core_axes(const GufuncSignature& sig, nb::list axes,
                            const std::vector<int>& ndims);

// Step 3: the output's permutation for an output of rank `ndim`: moving its core axes last
// (an out= array) or, `inverse`, back from last (the product's result). nullopt for none.
std::optional<std::vector<int64_t>> gufunc_out_axes(const GufuncSignature& sig, const GufuncAxes& a,
                                                    int ndim, bool inverse);

// _core.kernels.gufunc_axes_list, gufunc_core_axes and gufunc_out_axes: the three steps for the
// gufunc objects written in Python (python/cunp/_kernels/_gufunc.py), whose products are Python
// too.
void bind_gufunc_axes(nb::module_& m);

}  // namespace cunp::py
