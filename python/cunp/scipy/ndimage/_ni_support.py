"""scipy.ndimage's argument rules, shared by the filters: boundary-mode codes, per-axis
sequences, axes=, origins and output= (an array, a dtype or None), with SciPy's exception types
and messages. The work itself runs on a backend (`Backend`): cunp's stencil engine, or in the
CPU tests a NumPy model of it, so these rules are tested without a GPU."""
import numbers
import operator
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


def get_output(be, output, input, shape=None, complex_output=False):
    """SciPy's output=: None gives a new array of input's dtype (complex results: the input's
    promoted to complex), a dtype or type a new array of it (promoted to complex, with a
    warning, for a complex result), a type code string a new array of that (RuntimeError unless
    numeric, and complex for a complex result); an array is used as is (RuntimeError unless its
    shape is the result's, and complex for a complex result)."""
    if shape is None:
        shape = input.shape
    shape = tuple(shape)
    if output is None:
        dtype = input.dtype
        if complex_output:
            dtype = numpy.promote_types(dtype, numpy.complex64)
        return be.xp.zeros(shape, dtype=dtype)
    if isinstance(output, (type, numpy.dtype)):
        if complex_output and numpy.dtype(output).kind != "c":
            warnings.warn("promoting specified output dtype to complex", stacklevel=3)
            output = numpy.promote_types(output, numpy.complex64)
        return be.xp.zeros(shape, dtype=numpy.dtype(output))
    if isinstance(output, str):
        dtype = numpy.dtype(output)
        if complex_output and dtype.kind != "c":
            raise RuntimeError("output must have complex dtype")
        if not issubclass(dtype.type, numpy.number):
            raise RuntimeError("output must have numeric dtype")
        return be.xp.zeros(shape, dtype=dtype)
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


class Backend:
    """Where the filters run. xp: the array module (cunp, or numpy in the CPU tests);
    stencil(input, output, offsets, weights, mode, cval, fold, rank) the engine, given the
    footprint as NumPy tables (offsets int64 taps x ndim, weights float64);
    sample(input, output, map, table, order, mode, cval, has_shift, has_zoom, grid_mode) the
    interpolation sampler (table: float64, NumPy's or xp's); to_host(a) NumPy's copy of a
    weights argument."""

    def __init__(self, xp, stencil, to_host, sample=None, spline=None):
        self.xp = xp
        self._stencil = stencil
        self._sample = sample
        self.spline = spline  # spline(coefficients, axis, order, mode): the prefilter, in place
        self.to_host = to_host

    def interpolate(self, input, output, map, table, order, mode, cval, has_shift=False,
                    has_zoom=False, grid_mode=False, npad=0):
        """The sampler into output (through a temporary where output overlaps input). npad:
        how far a prefiltered input was padded on each side (coordinates move by it)."""
        args = (map, table, int(order), int(mode), float(cval), bool(has_shift),
                bool(has_zoom), bool(grid_mode), int(npad))
        if self.xp.may_share_memory(input, output):
            temp = self.xp.empty(output.shape, dtype=output.dtype)
            self._sample(input, temp, *args)
            output[...] = temp
        else:
            self._sample(input, output, *args)
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

    def stencil(input, output, offsets, weights, mode, cval, fold, rank):
        _core.ndimage.stencil(input, output, cunp.asarray(offsets), cunp.asarray(weights), mode,
                              cval, fold, rank)

    def sample(input, output, map, table, order, mode, cval, has_shift, has_zoom, grid_mode,
               npad):
        oshape = cunp.asarray(numpy.asarray(output.shape, dtype=numpy.int64))
        _core.ndimage.interpolate(input, output, map, cunp.asarray(table, dtype=cunp.float64),
                                  oshape, order, mode, cval, has_shift, has_zoom, grid_mode,
                                  npad)

    def spline(coefficients, axis, order, mode):
        _core.ndimage.spline_filter(coefficients, axis, order, mode)

    def to_host(a):
        return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)

    return Backend(cunp, stencil, to_host, sample, spline)


_CUNP = None


def cunp_backend():
    global _CUNP
    if _CUNP is None:
        _CUNP = _cunp_backend()
    return _CUNP
