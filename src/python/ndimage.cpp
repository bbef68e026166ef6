// src/python/ndimage.cpp -- the submodule _core.ndimage: scipy.ndimage's engines (the stencil of
// cunp/ops/ndimage/stencil.hpp, the sampler of cunp/ops/ndimage/interpolate.hpp).
// python/cunp/scipy/ndimage normalises SciPy's arguments (sizes, footprints, origins, modes,
// output dtypes) and calls these with ready tables.
#include "common.hpp"
#include "cunp/ops/ndimage/interpolate.hpp"
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

SampleMap map_of(const std::string& s) {
  if (s == "coordinates") return SampleMap::Coordinates;
  if (s == "affine") return SampleMap::Affine;
  if (s == "zoom_shift") return SampleMap::ZoomShift;
  throw ValueError("interpolate: unknown map '" + s + "'");
}

NdiMode mode_of(int mode) {
  if (mode < 0 || mode > static_cast<int>(NdiMode::GridConstant))
    throw RuntimeError("boundary mode not supported");
  return static_cast<NdiMode>(mode);
}

}  // namespace

void bind_ndimage(nb::module_& m) {
  nb::module_ nd = m.def_submodule("ndimage", "scipy.ndimage's engines");
  nd.def(
      "stencil",
      [](nb::handle input, nb::handle output, nb::handle offsets, nb::handle weights, int mode,
         double cval, const std::string& fold, long long rank) {
        stencil(arr(input, "input"), arr(output, "output"), arr(offsets, "offsets"),
                arr(weights, "weights"), mode_of(mode), cval, fold_of(fold), rank);
      },
      nb::arg("input"), nb::arg("output"), nb::arg("offsets"), nb::arg("weights"), nb::arg("mode"),
      nb::arg("cval"), nb::arg("fold"), nb::arg("rank") = 0,
      "output[p] = fold over taps k of input[p + offsets[k]] with weights[k] ('sum', 'min', "
      "'max' or 'rank'); mode: SciPy's boundary code; offsets int64 (taps x ndim), weights "
      "float64 (taps), both cunp arrays.");
  nd.def(
      "interpolate",
      [](nb::handle input, nb::handle output, const std::string& map, nb::handle table,
         nb::handle oshape, int order, int mode, double cval, bool has_shift, bool has_zoom,
         bool grid_mode, long long npad) {
        SampleOptions o;
        o.order = order;
        o.npad = npad;
        o.mode = mode_of(mode);
        o.cval = cval;
        o.has_shift = has_shift;
        o.has_zoom = has_zoom;
        o.grid_mode = grid_mode;
        interpolate(arr(input, "input"), arr(output, "output"), map_of(map), arr(table, "table"),
                    arr(oshape, "oshape"), o);
      },
      nb::arg("input"), nb::arg("output"), nb::arg("map"), nb::arg("table"), nb::arg("oshape"),
      nb::arg("order"), nb::arg("mode"), nb::arg("cval"), nb::arg("has_shift") = false,
      nb::arg("has_zoom") = false, nb::arg("grid_mode") = false, nb::arg("npad") = 0,
      "output = input sampled where map ('coordinates', 'affine' or 'zoom_shift') with its "
      "float64 table sends each output element; oshape: the output's shape as an int64 cunp "
      "array; mode: SciPy's boundary code; npad: how far a prefiltered input was padded.");
  nd.def(
      "spline_filter",
      [](nb::handle coefficients, int axis, int order, int mode) {
        spline_filter(arr(coefficients, "coefficients"), axis, order, mode_of(mode));
      },
      nb::arg("coefficients"), nb::arg("axis"), nb::arg("order"), nb::arg("mode"),
      "B-spline coefficients of order 2-5 along axis, in place on a C-contiguous float64 cunp "
      "array; mode: SciPy's boundary code.");
}

}  // namespace cunp::py
