// src/python/gufunc_axes.cpp -- NumPy's axes=/axis= for the gufunc products: parsing the core
// signature, checking each operand's axes item, and the permutations that move core axes last.
#include "gufunc_axes.hpp"

#include <algorithm>
#include <set>

namespace cunp::py {
namespace {

bool optional_dim(const std::string& d) { return !d.empty() && d.back() == '?'; }

// "(n?,k),(k,m?)" -> {{"n?", "k"}, {"k", "m?"}}; "()" -> {{}}.
std::vector<std::vector<std::string>> groups(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find("),", start);
    std::string part = text.substr(start, end == std::string::npos ? end : end - start);
    // Python's str.strip("()"): parentheses off both ends.
    std::size_t b = part.find_first_not_of("()"), e = part.find_last_not_of("()");
    part = b == std::string::npos ? "" : part.substr(b, e - b + 1);
    std::vector<std::string> dims;
    std::size_t p = 0;
    while (p <= part.size()) {
      std::size_t q = part.find(',', p);
      if (q == std::string::npos) q = part.size();
      if (q > p) dims.push_back(part.substr(p, q - p));
      p = q + 1;
    }
    out.push_back(std::move(dims));
    if (end == std::string::npos) break;
    start = end + 2;
  }
  return out;
}

// numpy.exceptions.AxisError with a message of its own (the one-argument form).
[[noreturn]] void raise_axis_error(const std::string& message) {
  nb::object e = numpy().attr("exceptions").attr("AxisError")(message);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(e.ptr())), e.ptr());
  throw nb::python_error();
}

// An operand's core dimensions: the signature's, less the optional ones an operand of too few
// dimensions lacks.
int core_count(const std::vector<std::string>& core, int ndim, bool optional) {
  if (optional && ndim < static_cast<int>(core.size()))
    return static_cast<int>(std::count_if(core.begin(), core.end(),
                                          [](const std::string& d) { return !optional_dim(d); }));
  return static_cast<int>(core.size());
}

// One axes item as `count` normalized axes of an operand of rank `ndim` (operand `index`).
std::vector<int64_t> entry(const GufuncSignature& sig, int index, nb::handle item, int count,
                           int ndim) {
  std::vector<nb::handle> items;
  if (PyTuple_Check(item.ptr()) || PyList_Check(item.ptr())) {
    for (nb::handle h : item) items.push_back(h);
    if (static_cast<int>(items.size()) != count)
      raise_axis_error(sig.name + ": operand " + std::to_string(index) + " has " +
                       std::to_string(count) + " core dimensions, but " +
                       std::to_string(items.size()) + " dimensions are specified by axes tuple.");
  } else {
    if (count != 1)
      raise_axis_error(sig.name + ": operand " + std::to_string(index) + " has " +
                       std::to_string(count) +
                       " core dimensions, but the axes item is a single integer.");
    items.push_back(item);
  }
  std::vector<int64_t> out;
  for (nb::handle h : items) {
    const int64_t a = axis_number(h);
    if (a < -ndim || a >= ndim) throw AxisError(a, ndim);
    const int64_t n = a < 0 ? a + ndim : a;
    if (std::find(out.begin(), out.end(), n) != out.end())
      throw ValueError("axes item " + std::to_string(index) + " has value " + std::to_string(n) +
                       " repeated");
    out.push_back(n);
  }
  return out;
}

// The permutation that moves `axes` last, in order; nullopt when it is the identity.
std::optional<std::vector<int64_t>> to_end(int ndim, const std::vector<int64_t>& axes) {
  if (axes.empty()) return std::nullopt;
  std::vector<int64_t> perm;
  for (int64_t k = 0; k < ndim; ++k)
    if (std::find(axes.begin(), axes.end(), k) == axes.end()) perm.push_back(k);
  perm.insert(perm.end(), axes.begin(), axes.end());
  for (int64_t k = 0; k < ndim; ++k)
    if (perm[k] != k) return perm;
  return std::nullopt;
}

// The inverse of to_end: the last axes.size() dimensions go to positions `axes`.
std::optional<std::vector<int64_t>> from_end(int ndim, const std::vector<int64_t>& axes) {
  std::optional<std::vector<int64_t>> forward = to_end(ndim, axes);
  if (!forward) return std::nullopt;
  std::vector<int64_t> perm(ndim);
  for (int64_t src = 0; src < ndim; ++src) perm[(*forward)[src]] = src;
  return perm;
}

}  // namespace

GufuncSignature::GufuncSignature(std::string name_, const std::string& text_)
    : name(std::move(name_)), text(text_) {
  const std::size_t arrow = text.find("->");
  in = groups(text.substr(0, arrow));
  out = groups(text.substr(arrow + 2))[0];
}

nb::list gufunc_axes_list(const GufuncSignature& sig, nb::handle axes, nb::handle axis) {
  if (!axes.is_none() && !axis.is_none()) throw TypeError("cannot specify both 'axis' and 'axes'");
  if (!axis.is_none()) {
    std::set<std::string> names;
    auto add = [&](const std::vector<std::string>& core) {
      for (std::string d : core) {
        if (optional_dim(d)) d.pop_back();
        names.insert(d);
      }
    };
    for (const auto& core : sig.in) add(core);
    add(sig.out);
    if (names.size() != 1)
      throw TypeError(sig.name + ": axis can only be used with a single shared core dimension, " +
                      "not with the " + std::to_string(names.size()) +
                      " distinct ones implied by signature " + sig.text + ".");
    nb::list list;
    auto item = [&](const std::vector<std::string>& core) {
      list.append(core.empty() ? nb::tuple() : nb::make_tuple(axis));
    };
    for (const auto& core : sig.in) item(core);
    item(sig.out);
    return list;
  }
  if (!PyList_Check(axes.ptr())) throw TypeError("axes should be a list.");
  return nb::borrow<nb::list>(axes);
}

GufuncAxes gufunc_core_axes(const GufuncSignature& sig, nb::list axes,
                            const std::vector<int>& ndims) {
  const int nargs = static_cast<int>(sig.in.size()) + 1;
  std::vector<nb::handle> items(axes.begin(), axes.end());
  nb::tuple empty;
  if (static_cast<int>(items.size()) == nargs - 1 && sig.out.empty()) items.push_back(empty);
  if (static_cast<int>(items.size()) != nargs)
    throw ValueError("axes should be a list with an entry for all " + std::to_string(nargs) +
                     " inputs and outputs; entries for outputs can only be omitted if none of "
                     "them has core axes.");
  bool optional = false;
  for (const auto& core : sig.in)
    for (const std::string& d : core) optional = optional || optional_dim(d);
  std::set<std::string> dropped;
  GufuncAxes a;
  for (std::size_t i = 0; i < sig.in.size(); ++i) {
    const auto& core = sig.in[i];
    const int count = core_count(core, ndims[i], optional);
    if (count < static_cast<int>(core.size()))
      for (const std::string& d : core)
        if (optional_dim(d)) dropped.insert(d);
    if (ndims[i] >= count)
      a.inputs.push_back(
          to_end(ndims[i], entry(sig, static_cast<int>(i), items[i], count, ndims[i])));
    else a.inputs.push_back(std::nullopt);
  }
  a.out_item = nb::borrow(items.back());
  for (const std::string& d : sig.out) a.out_count += dropped.count(d) ? 0 : 1;
  return a;
}

std::optional<std::vector<int64_t>> gufunc_out_axes(const GufuncSignature& sig, const GufuncAxes& a,
                                                    int ndim, bool inverse) {
  std::vector<int64_t> e = entry(sig, static_cast<int>(sig.in.size()), a.out_item, a.out_count,
                                 ndim);
  return inverse ? from_end(ndim, e) : to_end(ndim, e);
}

void bind_gufunc_axes(nb::module_& m) {
  // The area's one-line doc is given in raw_kernel.cpp.
  nb::module_ sub = m.def_submodule("kernels");
  auto perm_object = [](const std::optional<std::vector<int64_t>>& p) -> nb::object {
    return p ? nb::cast(*p) : nb::none();
  };
  sub.def(
      "gufunc_axes_list",
      [](const std::string& name, const std::string& signature, nb::handle axes, nb::handle axis) {
        return gufunc_axes_list({name, signature}, axes, axis);
      },
      nb::arg("name"), nb::arg("signature"), nb::arg("axes").none(), nb::arg("axis").none());
  sub.def(
      "gufunc_core_axes",
      [perm_object](const std::string& name, const std::string& signature, nb::list axes,
                    const std::vector<int>& ndims) {
        GufuncSignature sig(name, signature);
        if (ndims.size() != sig.in.size()) throw ValueError("one rank per input is needed");
        GufuncAxes a = gufunc_core_axes(sig, axes, ndims);
        nb::list perms;
        for (const auto& p : a.inputs) perms.append(perm_object(p));
        return nb::make_tuple(perms, a.out_item, a.out_count);
      },
      nb::arg("name"), nb::arg("signature"), nb::arg("axes"), nb::arg("ndims"),
      "Per input, the permutation moving its core axes last (None: none needed), the output's "
      "axes item and its count of core dimensions.");
  sub.def(
      "gufunc_out_axes",
      [perm_object](const std::string& name, const std::string& signature, nb::handle item,
                    int count, int ndim, bool inverse) {
        GufuncAxes a;
        a.out_item = nb::borrow(item);
        a.out_count = count;
        return perm_object(gufunc_out_axes({name, signature}, a, ndim, inverse));
      },
      nb::arg("name"), nb::arg("signature"), nb::arg("item").none(), nb::arg("count"),
      nb::arg("ndim"), nb::arg("inverse"),
      "The output's permutation: moving its core axes last (out=), or back (inverse, the "
      "result); None when none is needed.");
}

}  // namespace cunp::py
