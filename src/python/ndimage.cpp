// src/python/ndimage.cpp -- the submodule _core.ndimage: scipy.ndimage's engines (the stencil of
// cunp/ops/ndimage/stencil.hpp, the sampler of cunp/ops/ndimage/interpolate.hpp).
// python/cunp/scipy/ndimage normalises SciPy's arguments (sizes, footprints, origins, modes,
// output dtypes) and calls these with ready tables.
#include "common.hpp"
#include "cunp/ops/ndimage/generic_filter.hpp"
#include "cunp/ops/ndimage/edt.hpp"
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
  if (s == "mean") return StencilFold::Mean;
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
      [](nb::handle input, nb::handle output, nb::handle offsets, nb::handle weights,
         nb::handle interior, int mode, double cval, const std::string& fold, long long rank) {
        stencil(arr(input, "input"), arr(output, "output"), arr(offsets, "offsets"),
                arr(weights, "weights"), arr(interior, "interior"), mode_of(mode), cval,
                fold_of(fold), rank);
      },
      nb::arg("input"), nb::arg("output"), nb::arg("offsets"), nb::arg("weights"),
      nb::arg("interior"), nb::arg("mode"), nb::arg("cval"), nb::arg("fold"), nb::arg("rank") = 0,
      "output[p] = fold over taps k of input[p + offsets[k]] with weights[k] ('sum', 'min', "
      "'max' or 'rank'); mode: SciPy's boundary code; offsets int64 (taps x ndim), weights "
      "float64 (taps), interior int64 (each tap's byte offset for input's strides, then each "
      "axis's smallest and largest offset), all cunp arrays.");
  nd.def(
      "stencil_tile",
      [](nb::handle input, nb::handle output, nb::handle offsets, nb::handle weights,
         const std::vector<long long>& extent, int mode, double cval, const std::string& fold,
         long long rank) {
        const NDArray& x = arr(input, "input");
        if (extent.size() != 2 * static_cast<std::size_t>(x.ndim()))
          throw ValueError("stencil_tile: extent holds 2 offsets per axis");
        return stencil_tile(x, arr(output, "output"), arr(offsets, "offsets"),
                            arr(weights, "weights"), extent.data(), mode_of(mode), cval,
                            fold_of(fold), rank);
      },
      nb::arg("input"), nb::arg("output"), nb::arg("offsets"), nb::arg("weights"),
      nb::arg("extent"), nb::arg("mode"), nb::arg("cval"), nb::arg("fold"), nb::arg("rank") = 0,
      "stencil on a 2-D image or 3-D volume through shared-memory tiles; extent: the "
      "footprint's smallest and largest offset along each axis in turn. False (nothing done) "
      "where the tile does not apply.");
  nd.def(
      "stencil_line",
      [](nb::handle input, nb::handle output, nb::handle weights, int axis, long long start,
         long long taps, int mode, double cval, const std::string& fold) {
        stencil_line(arr(input, "input"), arr(output, "output"), arr(weights, "weights"), axis,
                     start, taps, mode_of(mode), cval, fold_of(fold));
      },
      nb::arg("input"), nb::arg("output"), nb::arg("weights"), nb::arg("axis"), nb::arg("start"),
      nb::arg("taps"), nb::arg("mode"), nb::arg("cval"), nb::arg("fold"),
      "A 1-D pass: output[p] = fold over taps k of input at p + start + k along axis ('sum' "
      "with weights[k], 'mean', 'min' or 'max'); weights: float64 cunp array of taps values.");
  nd.def(
      "generic_filter_raw",
      [](nb::handle input, nb::handle output, nb::handle offsets, nb::handle weights, int mode,
         double cval, const std::string& code, const std::string& name,
         const std::vector<std::string>& options) {
        generic_filter(arr(input, "input"), arr(output, "output"), arr(offsets, "offsets"),
                       arr(weights, "weights"), mode_of(mode), cval,
                       NdiUserFunction{code, name, options});
      },
      nb::arg("input"), nb::arg("output"), nb::arg("offsets"), nb::arg("weights"), nb::arg("mode"),
      nb::arg("cval"), nb::arg("code"), nb::arg("name"), nb::arg("options"),
      "generic_filter with a RawKernel's function name(double* values, int count, double* "
      "result) defined in code; the footprint as stencil's tables.");
  nd.def(
      "generic_filter_reduction",
      [](nb::handle input, nb::handle output, nb::handle offsets, nb::handle weights, int mode,
         double cval, const std::vector<std::string>& params, const std::string& map_expr,
         const std::string& reduce_expr, const std::string& post_map_expr,
         const std::string& identity, const std::string& reduce_type, const std::string& preamble,
         const std::vector<std::string>& options) {
        if (params.size() != 4)
          throw ValueError("generic_filter: params are (in name, in type, out name, out type)");
        NdiUserReduction r{params[0],     params[1], params[2],   params[3], map_expr, reduce_expr,
                           post_map_expr, identity,  reduce_type, preamble,  options};
        generic_filter(arr(input, "input"), arr(output, "output"), arr(offsets, "offsets"),
                       arr(weights, "weights"), mode_of(mode), cval, r);
      },
      nb::arg("input"), nb::arg("output"), nb::arg("offsets"), nb::arg("weights"), nb::arg("mode"),
      nb::arg("cval"), nb::arg("params"), nb::arg("map_expr"), nb::arg("reduce_expr"),
      nb::arg("post_map_expr"), nb::arg("identity"), nb::arg("reduce_type"), nb::arg("preamble"),
      nb::arg("options"),
      "generic_filter with a ReductionKernel's parts (params: input name and type, output name "
      "and type; identity and reduce_type '' for none).");
  nd.def(
      "generic_filter1d",
      [](nb::handle input, nb::handle output, nb::handle in_buffer, nb::handle out_buffer,
         long long first, long long size, long long before, int mode, double cval,
         const std::string& code, const std::string& name,
         const std::vector<std::string>& options) {
        generic_filter1d(arr(input, "input"), arr(output, "output"), arr(in_buffer, "in_buffer"),
                         arr(out_buffer, "out_buffer"), first, size, before, mode_of(mode), cval,
                         NdiUserFunction{code, name, options});
      },
      nb::arg("input"), nb::arg("output"), nb::arg("in_buffer"), nb::arg("out_buffer"),
      nb::arg("first"), nb::arg("size"), nb::arg("before"), nb::arg("mode"), nb::arg("cval"),
      nb::arg("code"), nb::arg("name"), nb::arg("options"),
      "generic_filter1d over lines first.. of input and output (the axis last), through float64 "
      "line buffers (L, n + size - 1) and (L, n); code defines name(double*, ptrdiff_t, double*, "
      "ptrdiff_t).");
  nd.def(
      "interpolate",
      [](nb::handle input, nb::handle output, const std::string& map, nb::handle table,
         nb::handle oshape, int order, int mode, double cval, bool has_shift, bool has_zoom,
         bool grid_mode, long long npad, bool lead) {
        SampleOptions o;
        o.order = order;
        o.npad = npad;
        o.lead = lead;
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
      nb::arg("lead") = false,
      "output = input sampled where map ('coordinates', 'affine' or 'zoom_shift') with its "
      "float64 table (float32 too for coordinates) sends each output element; oshape: the "
      "output's shape as an int64 cunp array; mode: SciPy's boundary code; npad: how far a "
      "prefiltered input was padded; lead (affine): axis 0 a batch of images, each read at its "
      "own index, uninterpolated.");
  nd.def(
      "spline_filter",
      [](nb::handle coefficients, int axis, int order, int mode) {
        spline_filter(arr(coefficients, "coefficients"), axis, order, mode_of(mode));
      },
      nb::arg("coefficients"), nb::arg("axis"), nb::arg("order"), nb::arg("mode"),
      "B-spline coefficients of order 2-5 along axis, in place on a C-contiguous float64 cunp "
      "array; mode: SciPy's boundary code.");
  nd.def(
      "edt_pass",
      [](nb::handle f, nb::handle feat, nb::handle fo, nb::handle go, nb::handle scratch, int axis,
         double step, bool root) {
        const NDArray* positions = feat.is_none() ? nullptr : &arr(feat, "feat");
        const NDArray* nearest = go.is_none() ? nullptr : &arr(go, "go");
        edt_pass(arr(f, "f"), positions, arr(fo, "fo"), nearest, arr(scratch, "scratch"), axis,
                 step, root);
      },
      nb::arg("f"), nb::arg("feat").none(), nb::arg("fo"), nb::arg("go").none(), nb::arg("scratch"),
      nb::arg("axis"), nb::arg("step"), nb::arg("root") = false,
      "One pass of distance_transform_edt along axis: fo, go = the squared distances and "
      "nearest zeros' positions after it (f, fo float64; feat, go int64, feat None for each "
      "element's own position, go None for the squared distances alone; scratch int32; root: fo "
      "gets their square roots instead).");
  nd.def(
      "edt_indices",
      [](nb::handle feat, nb::handle shape, nb::handle out) {
        edt_indices(arr(feat, "feat"), arr(shape, "shape"), arr(out, "out"));
      },
      nb::arg("feat"), nb::arg("shape"), nb::arg("out"),
      "distance_transform_edt's indices (int32, (ndim, *shape)) from the nearest zeros' "
      "positions.");
  nd.def(
      "stencil_line_tile_source",
      [](nb::handle in, nb::handle out, long long taps, int layout) {
        return stencil_line_tile_source(to_dtype(in), to_dtype(out), taps, layout);
      },
      nb::arg("in_dtype"), nb::arg("out_dtype"), nb::arg("taps"), nb::arg("layout"),
      "The CUDA source of the weighted 1-D pass's shared-memory tile for these dtypes and tap "
      "count (layout 0: along the innermost axis, 1: across it), compiled by tests.");
  nd.attr("line_tile_max_taps") = kLineTileMaxTaps;
  nd.attr("line_tile_min_along") = kLineTileMinAlong;
  nd.attr("line_tile_min_across") = kLineTileMinAcross;
}

}  // namespace cunp::py
