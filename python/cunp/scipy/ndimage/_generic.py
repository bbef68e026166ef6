"""scipy.ndimage's generic filters over a backend `be` (see _ni_support.Backend).

generic_filter and generic_filter1d run a user's function on the device, so the function is
device code in CuPy's forms (cupyx.scipy.ndimage's contracts): for generic_filter a
ReductionKernel of one input and one output (mapped and folded over the footprint's values), or
a RawKernel (or its CUDA source) defining ``__global__ void f(double* values, int count,
double* result)``; for generic_filter1d a RawKernel (or source) defining ``__global__ void
f(double* in, ptrdiff_t in_length, double* out, ptrdiff_t out_length)`` that fills the output
line from the input line extended by filter_size - 1 values. A Python callable is refused with a
TypeError that says so. SciPy's extra_arguments / extra_keywords have no device form and are
not taken (as in CuPy).

generic_gradient_magnitude and generic_laplace are compositions: their derivative functions are
called from Python, as SciPy's are, with any extra arguments.
"""
import numpy

from cunp.scipy.ndimage import _filters
from cunp.scipy.ndimage import _footprints
from cunp.scipy.ndimage import _ni_support as ns


def generic_filter(be, input, function, size=None, footprint=None, output=None, mode="reflect",
                   cval=0.0, origin=0, *, axes=None):
    """A multidimensional filter whose value at each element is `function` of the input's
    values under the footprint (in the footprint's C order): a ReductionKernel of one input and
    one output, or a RawKernel / CUDA source defining
    ``__global__ void f(double* values, int count, double* result)``."""
    function = be.user_function(function, "generic_filter")
    if size is not None and footprint is not None:
        import warnings

        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=3)
    input = be.xp.asarray(input)
    ns.check_real(input)
    axes = ns.check_axes(axes, input.ndim)
    n = len(axes)
    if footprint is None:
        if size is None:
            raise RuntimeError("no footprint or filter size provided")
        footprint = numpy.ones(ns.normalize_sequence(size, n), dtype=bool)
    else:
        footprint = numpy.asarray(be.to_host(footprint), dtype=bool)
    footprint = ns.expand_footprint(input.ndim, axes, footprint,
                                    "filter footprint array has incorrect shape.")
    origins = ns.expand_to_ndim(input.ndim, axes, ns.normalize_sequence(origin, n), 0)
    fshape = [k for k in footprint.shape if k > 0]
    if len(fshape) != input.ndim:
        raise RuntimeError("filter footprint array has incorrect shape.")
    origins = [ns.check_origin(o, k, "invalid origin") for o, k in zip(origins, fshape)]
    output = ns.get_output(be, output, input)
    code = ns.mode_code(mode, is_filter=True)
    offsets, weights = _footprints.table(footprint, numpy.zeros(footprint.shape), origins)
    return be.generic(input, output, offsets, weights, code, cval, function)


def generic_filter1d(be, input, function, filter_size, axis=-1, output=None, mode="reflect",
                     cval=0.0, origin=0):
    """A 1-D filter along axis: each line, extended by filter_size - 1 values through the
    boundary mode (filter_size // 2 + origin of them before it), goes to `function`, a RawKernel
    / CUDA source defining ``__global__ void f(double* in, ptrdiff_t in_length, double* out,
    ptrdiff_t out_length)``, which writes the line's output."""
    function = be.user_function(function, "generic_filter1d")
    input = be.xp.asarray(input)
    ns.check_real(input)
    output = ns.get_output(be, output, input)
    filter_size = int(filter_size)
    if filter_size < 1:
        raise RuntimeError("invalid filter size")
    axis = ns.normalize_axis(axis, input.ndim)
    ns.check_origin(origin, filter_size, "invalid origin")
    code = ns.mode_code(mode, is_filter=True)
    before = filter_size // 2 + int(origin)
    return be.generic1d(input, output, axis, filter_size, before, code, cval, function)


def generic_laplace(be, input, derivative2, output=None, mode="reflect", cval=0.0,
                    extra_arguments=(), extra_keywords=None, *, axes=None):
    """The sum over axes of derivative2(input, axis, output, mode, cval, *extra_arguments,
    **extra_keywords), each a second derivative along one axis (a Python function)."""
    extra_keywords = {} if extra_keywords is None else extra_keywords
    input = be.xp.asarray(input)
    axes = ns.check_axes(axes, input.ndim)

    def derivative(inp, axis, out, m, c):
        return derivative2(inp, axis, out, m, c, *extra_arguments, **extra_keywords)

    return _filters._generic_laplace(be, input, derivative, output, mode, cval, axes)


def generic_gradient_magnitude(be, input, derivative, output=None, mode="reflect", cval=0.0,
                               extra_arguments=(), extra_keywords=None, *, axes=None):
    """The root of the sum over axes of derivative(input, axis, output, mode, cval,
    *extra_arguments, **extra_keywords) squared, each a first derivative along one axis."""
    extra_keywords = {} if extra_keywords is None else extra_keywords
    input = be.xp.asarray(input)
    axes = ns.check_axes(axes, input.ndim)

    def first(inp, axis, out, m, c):
        return derivative(inp, axis, out, m, c, *extra_arguments, **extra_keywords)

    return _filters._generic_gradient_magnitude(be, input, first, output, mode, cval, axes)


GENERIC = [generic_filter, generic_filter1d, generic_laplace, generic_gradient_magnitude]
