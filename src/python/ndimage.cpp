// src/python/ndimage.cpp -- the submodule _core.ndimage: scipy.ndimage's engines (the stencil of
// cunp/ops/ndimage/stencil.hpp). python/cunp/scipy/ndimage normalises SciPy's arguments (sizes,
// footprints, origins, modes, output dtypes) and calls these with ready tables.
#include "common.hpp"
#include "cunp/ops/ndimage/stencil.hpp"

namespace cunp::py {
namespace {

const NDArray& arr(nb::handle h, const char* what) {
  if (!is_array(h)) throw nb::type_error((std::string(what) + " must be a cunp.ndarray").c_str());
  return unwrap(h).a;
}

StencilFold fold_of(const std::string& s) {
  if (s == "sum") return StencilFold::Sum;
  if (s == "min") return StencilFold::Min;
  if (s == "max") return StencilFold::Max;
  if (s == "rank") return StencilFold::Rank;
  throw ValueError("stencil: unknown fold '" + s + "'");
}

}  // namespace

void bind_ndimage(nb::module_& m) {
  nb::module_ nd = m.def_submodule("ndimage", "scipy.ndimage's engines");
  nd.def(
      "stencil",
      [](nb::handle input, nb::handle output, nb::handle offsets, nb::handle weights, int mode,
         double cval, const std::string& fold, long long rank) {
        if (mode < 0 || mode > static_cast<int>(NdiMode::GridConstant))
          throw RuntimeError("boundary mode not supported");
        stencil(arr(input, "input"), arr(output, "output"), arr(offsets, "offsets"),
                arr(weights, "weights"), static_cast<NdiMode>(mode), cval, fold_of(fold), rank);
      },
      nb::arg("input"), nb::arg("output"), nb::arg("offsets"), nb::arg("weights"),
      nb::arg("mode"), nb::arg("cval"), nb::arg("fold"), nb::arg("rank") = 0,
      "output[p] = fold over taps k of input[p + offsets[k]] with weights[k] ('sum', 'min', "
      "'max' or 'rank'); mode: SciPy's boundary code; offsets int64 (taps x ndim), weights "
      "float64 (taps), both cunp arrays.");
}

}  // namespace cunp::py
