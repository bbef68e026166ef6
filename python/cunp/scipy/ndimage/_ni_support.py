"""scipy.ndimage's argument rules, shared by the filters: boundary-mode codes, per-axis
sequences, axes=, origins and output= (an array, a dtype or None), with SciPy's exception types
and messages. The work itself runs on a backend (`Backend`): cunp's stencil engine, or in the
CPU tests a NumPy model of it, so these rules are tested without a GPU."""
import numbers
import operator
import types
import warnings
from collections.abc import Iterable

import numpy

# SciPy's codes (scipy.ndimage._ni_support._extend_mode_to_code); the device transform reads the
# same numbers (src/device/ndimage/ndi_boundary.cuh).
_MODE_CODES = {"nearest": 0, "wrap": 1, "reflect": 2, "grid-mirror": 2, "mirror": 3,
               "constant": 4, "grid-wrap": 5, "grid-constant": 6}


def mode_code(mode, is_filter=False):
    """SciPy's code for a boundary mode; filters treat grid-wrap as wrap and grid-constant as
    constant (interpolation tells them apart)."""
    code = _MODE_CODES.get(mode) if isinstance(mode, str) else None
    if code is None:
        raise RuntimeError("boundary mode not supported")
    if is_filter and code == 5:
        return 1
    if is_filter and code == 6:
        return 4
    return code


def normalize_sequence(value, rank):
    """One value per axis: a scalar or string is repeated, a sequence must have `rank` items."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        return [value] * rank
    value = list(value)
    if len(value) != rank:
        raise RuntimeError("sequence argument must have length equal to input rank")
    return value


def check_axes(axes, ndim):
    """axes= as a tuple of non-negative axes: None is every axis; out-of-range or repeated axes
    raise ValueError."""
    if axes is None:
        return tuple(range(ndim))
    if numpy.isscalar(axes):
        axes = (operator.index(axes),)
    elif isinstance(axes, Iterable):
        axes = tuple(operator.index(ax) for ax in axes)
    else:
        raise ValueError("axes must be an integer, iterable of integers, or None")
    for ax in axes:
        if ax < -ndim or ax > ndim - 1:
            raise ValueError(f"specified axis: {ax} is out of range")
    axes = tuple(ax % ndim if ax < 0 else ax for ax in axes)
    if len(set(axes)) != len(axes):
        raise ValueError("axes must be unique")
    return axes


def normalize_axis(axis, ndim):
    """One axis, negative counted from the end; AxisError (a ValueError) when out of range."""
    axis = operator.index(axis)
    if axis < -ndim or axis >= ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def expand_to_ndim(ndim, axes, values, fill):
    """Per-axis values given for `axes` spread over all ndim axes, `fill` elsewhere."""
    full = [fill] * ndim
    for ax, v in zip(axes, values):
        full[ax] = v
    return full


def expand_footprint(ndim, axes, footprint, message):
    """A footprint over `axes` as one over every axis (size 1 on the others)."""
    if len(axes) == ndim:
        return footprint
    if footprint.ndim != len(axes):
        raise RuntimeError(message)
    return numpy.expand_dims(footprint, tuple(ax for ax in range(ndim) if ax not in axes))


def check_origin(origin, length, message):
    """An origin keeps the footprint's centre inside it: -(n // 2) <= origin <= (n - 1) // 2."""
    origin = operator.index(origin)
    if length // 2 + origin < 0 or length // 2 + origin >= length:
        raise ValueError(message)
    return origin


def check_size(size):
    size = operator.index(size)
    if size < 1:
        raise RuntimeError("incorrect filter size")
    return size


def check_real(input):
    if input.dtype.kind == "c":
        raise TypeError("Complex type not supported")


def get_output(be, output, input, shape=None, complex_output=False, written=False):
    """SciPy's output=: None gives a new array of input's dtype (complex results: the input's
    promoted to complex), a dtype or type a new array of it (promoted to complex, with a
    warning, for a complex result), a type code string a new array of that (RuntimeError unless
    numeric, and complex for a complex result); an array is used as is (RuntimeError unless its
    shape is the result's, and complex for a complex result). written: the caller writes every
    element, so a new array is left unfilled (zeroing it would be a pass over the output that
    the call does not need)."""
    if shape is None:
        shape = input.shape
    shape = tuple(shape)
    new = be.xp.empty if written else be.xp.zeros
    if output is None:
        dtype = input.dtype
        if complex_output:
            dtype = numpy.promote_types(dtype, numpy.complex64)
        return new(shape, dtype=dtype)
    if isinstance(output, (type, numpy.dtype)):
        if complex_output and numpy.dtype(output).kind != "c":
            warnings.warn("promoting specified output dtype to complex", stacklevel=3)
            output = numpy.promote_types(output, numpy.complex64)
        return new(shape, dtype=numpy.dtype(output))
    if isinstance(output, str):
        dtype = numpy.dtype(output)
        if complex_output and dtype.kind != "c":
            raise RuntimeError("output must have complex dtype")
        if not issubclass(dtype.type, numpy.number):
            raise RuntimeError("output must have numeric dtype")
        return new(shape, dtype=dtype)
    if not isinstance(output, be.xp.ndarray):
        raise TypeError("output must be None, a dtype or an array of the input's kind")
    if output.shape != shape:
        raise RuntimeError("output shape not correct")
    if complex_output and output.dtype.kind != "c":
        raise RuntimeError("output must have complex dtype")
    return output


def is_integer(value):
    return isinstance(value, numbers.Integral) or (
        isinstance(value, numpy.generic) and numpy.issubdtype(type(value), numpy.integer))


def interior_table(offsets, shape, strides):
    """The stencil's interior table: each tap's byte offset for the input's strides, then the
    smallest and largest offset along each axis (int64; see cunp/ops/ndimage/stencil.hpp)."""
    ndim = len(shape)
    if ndim == 0:  # the engine refuses 0-d input before it reads the table
        return numpy.zeros(0, dtype=numpy.int64)
    taps = numpy.asarray(offsets, dtype=numpy.int64).reshape(-1, ndim)
    deltas = taps @ numpy.asarray(strides, dtype=numpy.int64).reshape(ndim)
    if len(taps):
        extent = numpy.stack([taps.min(axis=0), taps.max(axis=0)], axis=1)
    else:
        extent = numpy.zeros((ndim, 2), dtype=numpy.int64)
    return numpy.concatenate([deltas, extent.reshape(-1)]).astype(numpy.int64)


class Backend:
    """Where the filters run. xp: the array module (cunp, or numpy in the CPU tests);
    stencil(input, output, offsets, weights, mode, cval, fold, rank) the engine, given the
    footprint as NumPy tables (offsets int64 taps x ndim, weights float64);
    sample(input, output, map, table, order, mode, cval, has_shift, has_zoom, grid_mode) the
    interpolation sampler (table: float64, NumPy's or xp's); to_host(a) NumPy's copy of a
    weights argument."""

    def __init__(self, xp, stencil, to_host, sample=None, spline=None, line=None, generic=None,
                 generic1d=None, user_function=None, edt=None):
        self.xp = xp
        # edt.line(f, feat, fo, go, scratch, axis, step) (feat None: each element's own
        # position) and edt.indices(feat, shape, out): distance_transform_edt's pass and indices
        # (shape as a host sequence), as cunp/ops/ndimage/edt.hpp describes them.
        self.edt = edt
        self._stencil = stencil
        self._sample = sample
        self.spline = spline  # spline(coefficients, axis, order, mode): the prefilter, in place
        self.to_host = to_host
        # line(input, output, weights, axis, start, taps, mode, cval, fold): a 1-D pass (fold
        # 'sum', 'mean', 'min' or 'max'); without one, passes run as stencils of a line table.
        self._line = line
        # generic(input, output, offsets, weights, mode, cval, function) and
        # generic1d(input, output, size, before, mode, cval, function) (axis last) run a user
        # function that user_function(function, caller) accepted (it raises TypeError else).
        self._generic = generic
        self._generic1d = generic1d
        self._user_function = user_function

    def user_function(self, function, caller):
        return self._user_function(function, caller)

    def generic(self, input, output, offsets, weights, mode, cval, function):
        offsets = numpy.ascontiguousarray(offsets, dtype=numpy.int64).reshape(-1)
        weights = numpy.ascontiguousarray(weights, dtype=numpy.float64).reshape(-1)
        target = output
        if self.xp.may_share_memory(input, output):
            target = self.xp.empty(output.shape, dtype=output.dtype)
        self._generic(input, target, offsets, weights, int(mode), float(cval), function)
        if target is not output:
            output[...] = target
        return output

    def generic1d(self, input, output, axis, size, before, mode, cval, function):
        target = output
        if self.xp.may_share_memory(input, output):
            target = self.xp.empty(output.shape, dtype=output.dtype)
        self._generic1d(self.xp.moveaxis(input, axis, -1), self.xp.moveaxis(target, axis, -1),
                        int(size), int(before), int(mode), float(cval), function)
        if target is not output:
            output[...] = target
        return output

    def run_line(self, input, output, weights, axis, start, mode, cval, fold):
        """A 1-D pass along axis: taps start .. start + len(weights) - 1 (origin applied).
        fold 'mean' is a 'sum' of equal weights 1 / taps that the engine may keep as a running
        sum; 'min' and 'max' ignore the weights (plain extremes)."""
        weights = numpy.ascontiguousarray(weights, dtype=numpy.float64).reshape(-1)
        taps = len(weights)
        if self._line is None:
            offsets = numpy.zeros((taps, input.ndim), dtype=numpy.int64)
            offsets[:, axis] = numpy.arange(taps) + start
            return self.run(input, output, offsets, weights, mode, cval,
                            "sum" if fold == "mean" else fold)
        target = output
        if self.xp.may_share_memory(input, output):
            target = self.xp.empty(output.shape, dtype=output.dtype)
        self._line(input, target, weights, int(axis), int(start), taps, int(mode), float(cval),
                   fold)
        if target is not output:
            output[...] = target
        return output

    def interpolate(self, input, output, map, table, order, mode, cval, has_shift=False,
                    has_zoom=False, grid_mode=False, npad=0, new_output=False, lead=False):
        """The sampler into output (through a temporary where output overlaps input). npad:
        how far a prefiltered input was padded on each side (coordinates move by it);
        new_output: the call allocated output, so it cannot overlap (no overlap test, which is
        host work on every call); lead (affine): axis 0 is a batch of images, each output
        element reading it at its own index, uninterpolated."""
        args = (map, table, int(order), int(mode), float(cval), bool(has_shift),
                bool(has_zoom), bool(grid_mode), int(npad))
        extra = {"lead": True} if lead else {}
        if not new_output and self.xp.may_share_memory(input, output):
            temp = self.xp.empty(output.shape, dtype=output.dtype)
            self._sample(input, temp, *args, **extra)
            output[...] = temp
        else:
            self._sample(input, output, *args, **extra)
        return output

    def run(self, input, output, offsets, weights, mode, cval, fold, rank=0):
        """The stencil into output, through a temporary where output overlaps input (taps read
        neighbours that the launch is writing)."""
        offsets = numpy.ascontiguousarray(offsets, dtype=numpy.int64).reshape(-1)
        weights = numpy.ascontiguousarray(weights, dtype=numpy.float64).reshape(-1)
        if self.xp.may_share_memory(input, output):
            temp = self.xp.empty(output.shape, dtype=output.dtype)
            self._stencil(input, temp, offsets, weights, mode, float(cval), fold, int(rank))
            output[...] = temp
        else:
            self._stencil(input, output, offsets, weights, mode, float(cval), fold, int(rank))
        return output


def _cunp_backend():
    import cunp
    from cunp import _core

    tables = {}

    def table(a, dtype):
        """The device copy of one of the engine's small tables, kept across calls: a filter
        applied again (each iteration of a morphology loop, each pass of a benchmark) uploads
        nothing. The engine only reads them."""
        a = numpy.ascontiguousarray(a, dtype=dtype)
        key = (cunp.cuda.runtime.getDevice(), a.dtype.char, a.shape, a.tobytes())
        found = tables.get(key)
        if found is None:
            if len(tables) >= 64:
                tables.pop(next(iter(tables)))
            found = tables[key] = cunp.asarray(a)
        return found

    def stencil(input, output, offsets, weights, mode, cval, fold, rank):
        interior = interior_table(offsets, input.shape, input.strides)
        device_offsets = table(offsets, numpy.int64)
        device_weights = table(weights, numpy.float64)
        # 2-D images and 3-D volumes: shared-memory tiles where the footprint's halo fits and
        # the fold runs in registers (the engine says).
        if input.ndim in (2, 3) and len(weights) and _core.ndimage.stencil_tile(
                input, output, device_offsets, device_weights,
                [int(v) for v in interior[len(weights):]], mode, cval, fold, rank):
            return
        _core.ndimage.stencil(input, output, device_offsets, device_weights,
                              table(interior, numpy.int64), mode, cval, fold, rank)

    def sample(input, output, map, where, order, mode, cval, has_shift, has_zoom, grid_mode,
               npad, lead=False):
        # The small tables (shape, affine map, zoom and shift) from the cache, so a repeated
        # call uploads nothing; a coordinate array is on the device already (float32 or 64).
        if not isinstance(where, cunp.ndarray):
            where = table(where, numpy.float64)
        _core.ndimage.interpolate(input, output, map, where, table(output.shape, numpy.int64),
                                  order, mode, cval, has_shift, has_zoom, grid_mode, npad, lead)

    def spline(coefficients, axis, order, mode):
        _core.ndimage.spline_filter(coefficients, axis, order, mode)

    def to_host(a):
        return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)

    def line(input, output, weights, axis, start, taps, mode, cval, fold):
        _core.ndimage.stencil_line(input, output, table(weights, numpy.float64), axis, start,
                                   taps, mode, cval, fold)

    def generic(input, output, offsets, weights, mode, cval, function):
        offsets, weights = table(offsets, numpy.int64), table(weights, numpy.float64)
        if function.kind == "reduction":
            _core.ndimage.generic_filter_reduction(input, output, offsets, weights, mode, cval,
                                                   *function.parts)
        else:
            _core.ndimage.generic_filter_raw(input, output, offsets, weights, mode, cval,
                                             *function.parts)

    def generic1d(input, output, size, before, mode, cval, function):
        n = input.shape[-1] if input.ndim else 1
        if input.size == 0:
            return
        lines = input.size // n
        # The line buffers take at most about 64 MiB a launch; wider work goes in steps.
        step = max(1, min(lines, (1 << 23) // (2 * n + size - 1)))
        in_buf = cunp.empty((step, n + size - 1), dtype=cunp.float64)
        out_buf = cunp.empty((step, n), dtype=cunp.float64)
        for first in range(0, lines, step):
            count = min(step, lines - first)
            _core.ndimage.generic_filter1d(input, output, in_buf[:count], out_buf[:count], first,
                                           size, before, mode, cval, *function.parts)

    def edt_indices(feat, shape, out):
        _core.ndimage.edt_indices(feat, table(shape, numpy.int64), out)

    edt = types.SimpleNamespace(line=_core.ndimage.edt_pass, indices=edt_indices)
    return Backend(cunp, stencil, to_host, sample, spline, line, generic, generic1d,
                   _user_kernel, edt)


class _UserKernel:
    """A user's device function as the engine takes it: kind 'raw' (parts: code, name,
    options) or 'reduction' (parts: the parameters, expressions, identity, reduce type,
    preamble and options)."""

    def __init__(self, kind, parts):
        self.kind, self.parts = kind, parts


_SIGNATURES = {
    "generic_filter": "__global__ void f(double* values, int count, double* result)",
    "generic_filter1d": "__global__ void f(double* in, ptrdiff_t in_length, double* out, "
                        "ptrdiff_t out_length)",
}


def _global_name(code):
    import re

    names = re.findall(r"__global__\s+void\s+([A-Za-z_]\w*)\s*\(", code)
    if len(names) != 1:
        raise ValueError("the CUDA source must define exactly one __global__ function")
    return names[0]


def _user_kernel(function, caller):
    """A RawKernel, CUDA source or (generic_filter only) ReductionKernel as the engine's parts;
    anything else is a TypeError saying what to pass."""
    import cunp

    if isinstance(function, cunp.RawKernel):
        return _UserKernel("raw", (function.code, function.name,
                                   [str(o) for o in function.options]))
    if isinstance(function, str):
        return _UserKernel("raw", (function, _global_name(function), []))
    if caller == "generic_filter" and isinstance(function, cunp.ReductionKernel):
        if function.nin != 1 or function.nout != 1:
            raise TypeError("generic_filter: the ReductionKernel must take one input and give "
                            "one output")
        p_in, p_out = function.in_params[0], function.out_params[0]
        # ctype: the placeholder letter, or the dtype's device type.
        params = [p_in.name, p_in.ctype, p_out.name, p_out.ctype]
        reduce_type = getattr(function, "reduce_type", None) or ""
        identity = "" if function.identity is None else str(function.identity)
        return _UserKernel("reduction", (params, function.map_expr, function.reduce_expr,
                                         function.post_map_expr, identity, reduce_type,
                                         function.preamble or "",
                                         [str(o) for o in function.options]))
    kernels = ("a cunp.ReductionKernel (one input, one output), " if caller == "generic_filter"
               else "")
    if isinstance(function, (cunp.ReductionKernel, cunp.ElementwiseKernel)):
        name = type(function).__name__  # callable, but not a form it takes
        what = ("an " if name[0] in "AEIOU" else "a ") + name
    elif callable(function):
        what = "a Python function"
    else:
        what = type(function).__name__
    raise TypeError(f"{caller} runs on the GPU and cannot call {what}: pass {kernels}a "
                    f"cunp.RawKernel or the CUDA source of one defining "
                    f"'{_SIGNATURES[caller]}' (as cupyx.scipy.ndimage does)")


_CUNP = None


def cunp_backend():
    global _CUNP
    if _CUNP is None:
        _CUNP = _cunp_backend()
    return _CUNP
