"""scipy.ndimage's filters over a backend `be` (see _ni_support.Backend): SciPy's argument rules
and compositions, with every pass a run of the stencil engine (a weighted sum, a minimum or
maximum, or a rank over the footprint). Separable filters (uniform, Gaussian, minimum/maximum
over a box, sobel, prewitt, laplace) are 1-D passes along each axis (the engine's line kernels:
a running sum for uniform, van Herk / Gil-Werman blocks for minimum and maximum, shared-memory
tiles for weighted sums), each pass's result kept in the output's dtype for the next pass, as
SciPy's (so integer outputs truncate after each pass as SciPy's do)."""
import operator
import warnings

import numpy

from cunp.scipy.ndimage import _footprints
from cunp.scipy.ndimage import _ni_support as ns

SUM, MIN, MAX, RANK, MEAN = "sum", "min", "max", "rank", "mean"


def _copy(output, input):
    output[...] = input
    return output


def _separable(be, input, output, passes, run):
    """The 1-D passes in turn, each reading the previous one's result: run(input, target, *pass)
    for each pass. SciPy writes every pass into output and reads it back, so the values between
    passes are the output dtype's; here they alternate between output and one temporary of its
    dtype, so that the last pass lands in output and no pass reads the array it writes (which
    would cost a temporary and a copy back every pass)."""
    if not passes:
        return _copy(output, input)
    temp = None
    for k, p in enumerate(passes):
        if (len(passes) - k) % 2:
            target = output
        else:
            if temp is None:
                temp = be.xp.empty(output.shape, dtype=output.dtype)
            target = temp
        run(input, target, *p)
        input = target
    return output


# --- the linear filters ---

def correlate1d(be, input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """A 1-D correlation along axis with the given weights."""
    input = be.xp.asarray(input)
    weights = numpy.asarray(be.to_host(weights))
    if input.dtype.kind == "c" or weights.dtype.kind == "c":
        if weights.dtype.kind == "c":
            weights = weights.conj().astype(numpy.complex128)
        output = ns.get_output(be, output, input, complex_output=True)
        return _complex_via_real(be, correlate1d, input, weights, output, cval, axis=axis,
                                 mode=mode, origin=origin)
    output = ns.get_output(be, output, input)
    weights = weights.astype(numpy.float64)
    if weights.ndim != 1 or weights.shape[0] < 1:
        raise RuntimeError("no filter weights given")
    axis = ns.normalize_axis(axis, input.ndim)
    origin = ns.check_origin(
        origin, len(weights),
        "Invalid origin; origin must satisfy -(len(weights) // 2) <= origin <= "
        "(len(weights)-1) // 2")
    code = ns.mode_code(mode, is_filter=True)
    return be.run_line(input, output, weights, axis, _footprints.line_start(len(weights), origin),
                       code, cval, SUM)


def convolve1d(be, input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """A 1-D convolution along axis: a correlation with the weights reversed, the origin
    mirrored (and moved one further left for an even number of weights)."""
    weights = numpy.asarray(be.to_host(weights))[::-1]
    origin = -operator.index(origin)
    if weights.ndim == 1 and not weights.shape[0] & 1:
        origin -= 1
    if weights.dtype.kind == "c":
        weights = weights.conj()  # correlate1d conjugates them back: convolution takes them as is
    return correlate1d(be, input, weights, axis, output, mode, cval, origin)


def _complex_via_real(be, func, input, weights, output, cval, **kwargs):
    """A complex correlation as real ones over the real and imaginary parts (SciPy's split):
    each part is computed in the output's real dtype, then the two are stored together."""
    xp = be.xp
    real_dtype = numpy.empty(0, dtype=output.dtype).real.dtype
    if input.dtype.kind == "c" and weights.dtype.kind == "c":
        re = func(be, input.real, weights.real, output=real_dtype, cval=numpy.real(cval), **kwargs)
        re -= func(be, input.imag, weights.imag, output=None, cval=numpy.imag(cval), **kwargs)
        im = func(be, input.real, weights.imag, output=real_dtype, cval=numpy.real(cval), **kwargs)
        im += func(be, input.imag, weights.real, output=None, cval=numpy.imag(cval), **kwargs)
    elif input.dtype.kind == "c":
        re = func(be, input.real, weights, output=real_dtype, cval=numpy.real(cval), **kwargs)
        im = func(be, input.imag, weights, output=real_dtype, cval=numpy.imag(cval), **kwargs)
    else:
        if numpy.iscomplexobj(cval):
            raise ValueError("Cannot provide a complex-valued cval when the input is real.")
        re = func(be, input, weights.real, output=real_dtype, cval=cval, **kwargs)
        im = func(be, input, weights.imag, output=real_dtype, cval=cval, **kwargs)
    output[...] = xp.add(re, xp.multiply(im, 1j))
    return output


def _correlate_or_convolve_real(be, input, weights, output=None, cval=0.0, *, mode, origin,
                                convolution, axes):
    return _correlate_or_convolve(be, input, weights, output, mode, cval, origin, convolution,
                                  axes)


def _correlate_or_convolve(be, input, weights, output, mode, cval, origin, convolution, axes):
    input = be.xp.asarray(input)
    weights = numpy.asarray(be.to_host(weights))
    if input.dtype.kind == "c" or weights.dtype.kind == "c":
        if weights.dtype.kind == "c" and not convolution:
            weights = weights.conj()  # as numpy.correlate, the weights are conjugated
        output = ns.get_output(be, output, input, complex_output=True)
        return _complex_via_real(be, _correlate_or_convolve_real, input, weights, output, cval,
                                 mode=mode, origin=origin, convolution=convolution, axes=axes)
    axes = ns.check_axes(axes, input.ndim)
    weights = weights.astype(numpy.float64)
    origins = ns.normalize_sequence(origin, len(axes))
    wshape = [n for n in weights.shape if n > 0]
    if len(wshape) != len(axes):
        raise RuntimeError("filter weights array has incorrect shape.")
    origins = [operator.index(o) for o in origins]
    if convolution:
        weights = weights[(slice(None, None, -1),) * weights.ndim]
        origins = [-o - (0 if n & 1 else 1) for o, n in zip(origins, weights.shape)]
    for o, n in zip(origins, wshape):
        ns.check_origin(o, n, "Invalid origin; origin must satisfy -(weights.shape[k] // 2) "
                              "<= origin[k] <= (weights.shape[k]-1) // 2")
    output = ns.get_output(be, output, input)
    if len(axes) < input.ndim:
        weights = numpy.expand_dims(
            weights, tuple(ax for ax in range(input.ndim) if ax not in axes))
        origins = ns.expand_to_ndim(input.ndim, axes, origins, 0)
    code = ns.mode_code(mode, is_filter=True)
    # SciPy's n-D correlation skips weights that are zero (to within double's epsilon).
    mask = numpy.abs(weights) > numpy.finfo(numpy.float64).eps
    if not mask.any():
        output[...] = 0
        return output
    offsets, w = _footprints.table(mask, weights, origins)
    return be.run(input, output, offsets, w, code, cval, SUM)


def correlate(be, input, weights, output=None, mode="reflect", cval=0.0, origin=0, *,
              axes=None):
    """A multidimensional correlation with the weights array."""
    return _correlate_or_convolve(be, input, weights, output, mode, cval, origin, False, axes)


def convolve(be, input, weights, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None):
    """A multidimensional convolution with the weights array."""
    return _correlate_or_convolve(be, input, weights, output, mode, cval, origin, True, axes)


# --- the Gaussian family ---

def _gaussian_kernel1d(sigma, order, radius):
    """The samples at -radius..radius of the normalised Gaussian's order-th derivative. The n-th
    derivative is q_n(x) * phi(x) with q_0 = 1 and q_{n+1} = q_n' - x q_n / sigma^2, kept as
    polynomial coefficients (lowest power first)."""
    if order < 0:
        raise ValueError("order must be non-negative")
    x = numpy.arange(-radius, radius + 1, dtype=numpy.float64)
    phi = numpy.exp(-0.5 / (sigma * sigma) * x ** 2)
    phi /= phi.sum()
    if order == 0:
        return phi
    q = numpy.zeros(order + 1)
    q[0] = 1.0
    for _ in range(order):
        derivative = numpy.zeros_like(q)
        derivative[:-1] = q[1:] * numpy.arange(1, order + 1)
        times_x = numpy.zeros_like(q)
        times_x[1:] = q[:-1]
        q = derivative - times_x / (sigma * sigma)
    powers = x[:, None] ** numpy.arange(order + 1)
    return (powers @ q) * phi


def gaussian_filter1d(be, input, sigma, axis=-1, order=0, output=None, mode="reflect", cval=0.0,
                      truncate=4.0, *, radius=None):
    """A 1-D Gaussian filter (order > 0: a derivative of the Gaussian) along axis."""
    sd = float(sigma)
    radius_ = int(truncate * sd + 0.5)
    if radius is not None:
        radius_ = radius
    if not ns.is_integer(radius_) or radius_ < 0:
        raise ValueError("Radius must be a nonnegative integer.")
    weights = _gaussian_kernel1d(sd, operator.index(order), int(radius_))[::-1]
    return correlate1d(be, input, weights, axis, output, mode, cval, 0)


def gaussian_filter(be, input, sigma, order=0, output=None, mode="reflect", cval=0.0,
                    truncate=4.0, *, radius=None, axes=None):
    """A multidimensional Gaussian filter: 1-D passes along each axis whose sigma is not zero."""
    input = be.xp.asarray(input)
    output = ns.get_output(be, output, input, written=True)
    axes = ns.check_axes(axes, input.ndim)
    n = len(axes)
    orders = ns.normalize_sequence(order, n)
    sigmas = ns.normalize_sequence(sigma, n)
    modes = ns.normalize_sequence(mode, n)
    radii = ns.normalize_sequence(radius, n)
    passes = [(axes[k], sigmas[k], orders[k], modes[k], radii[k]) for k in range(n)
              if sigmas[k] > 1e-15]
    return _separable(be, input, output, passes, lambda x, y, axis, s, o, m, r: gaussian_filter1d(
        be, x, s, axis, o, y, m, cval, truncate, radius=r))


def _sigma_per_axis(sigma, axes, ndim):
    sigma = ns.normalize_sequence(sigma, len(axes))
    if len(axes) < ndim:
        sigma = ns.expand_to_ndim(ndim, axes, sigma, 0)
    return sigma


def gaussian_laplace(be, input, sigma, output=None, mode="reflect", cval=0.0, *, axes=None,
                     **kwargs):
    """The Laplacian of the input smoothed by a Gaussian: second derivatives summed."""
    input = be.xp.asarray(input)
    axes = ns.check_axes(axes, input.ndim)
    sigma = _sigma_per_axis(sigma, axes, input.ndim)

    def derivative2(inp, axis, out, m, c):
        order = [0] * inp.ndim
        order[axis] = 2
        return gaussian_filter(be, inp, sigma, order, out, m, c, **kwargs)

    return _generic_laplace(be, input, derivative2, output, mode, cval, axes)


def gaussian_gradient_magnitude(be, input, sigma, output=None, mode="reflect", cval=0.0, *,
                                axes=None, **kwargs):
    """The gradient's magnitude from first derivatives of the Gaussian. As in SciPy 1.17, sigma
    goes to every axis's smoothing as given (unlike gaussian_laplace, axes outside axes= are
    smoothed too)."""
    input = be.xp.asarray(input)
    axes = ns.check_axes(axes, input.ndim)

    def derivative(inp, axis, out, m, c):
        order = [0] * inp.ndim
        order[axis] = 1
        return gaussian_filter(be, inp, sigma, order, out, m, c, **kwargs)

    return _generic_gradient_magnitude(be, input, derivative, output, mode, cval, axes)


def _generic_laplace(be, input, derivative2, output, mode, cval, axes):
    output = ns.get_output(be, output, input)
    if not axes:
        return _copy(output, input)
    modes = ns.normalize_sequence(mode, len(axes))
    derivative2(input, axes[0], output, modes[0], cval)
    for k in range(1, len(axes)):
        output += derivative2(input, axes[k], output.dtype, modes[k], cval)
    return output


def _generic_gradient_magnitude(be, input, derivative, output, mode, cval, axes):
    xp = be.xp
    output = ns.get_output(be, output, input)
    if not axes:
        return _copy(output, input)
    modes = ns.normalize_sequence(mode, len(axes))
    derivative(input, axes[0], output, modes[0], cval)
    xp.multiply(output, output, output)
    for k in range(1, len(axes)):
        tmp = derivative(input, axes[k], output.dtype, modes[k], cval)
        xp.multiply(tmp, tmp, tmp)
        output += tmp
    xp.sqrt(output, output, casting="unsafe")
    return output


def laplace(be, input, output=None, mode="reflect", cval=0.0, *, axes=None):
    """The Laplacian from second differences [1, -2, 1] along each axis."""
    input = be.xp.asarray(input)
    axes = ns.check_axes(axes, input.ndim)

    def derivative2(inp, axis, out, m, c):
        return correlate1d(be, inp, [1.0, -2.0, 1.0], axis, out, m, c, 0)

    return _generic_laplace(be, input, derivative2, output, mode, cval, axes)


def _edge_filter(be, smooth, input, axis, output, mode, cval):
    input = be.xp.asarray(input)
    axis = ns.normalize_axis(axis, input.ndim)
    output = ns.get_output(be, output, input)
    modes = ns.normalize_sequence(mode, input.ndim)
    correlate1d(be, input, [-1.0, 0.0, 1.0], axis, output, modes[axis], cval, 0)
    for k in range(input.ndim):
        if k != axis:
            correlate1d(be, output, smooth, k, output, modes[k], cval, 0)
    return output


def sobel(be, input, axis=-1, output=None, mode="reflect", cval=0.0):
    """The Sobel derivative along axis: a central difference, smoothed [1, 2, 1] across."""
    return _edge_filter(be, [1.0, 2.0, 1.0], input, axis, output, mode, cval)


def prewitt(be, input, axis=-1, output=None, mode="reflect", cval=0.0):
    """The Prewitt derivative along axis: a central difference, averaged [1, 1, 1] across."""
    return _edge_filter(be, [1.0, 1.0, 1.0], input, axis, output, mode, cval)


# --- box filters ---

def uniform_filter1d(be, input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """The mean over `size` neighbours along axis."""
    input = be.xp.asarray(input)
    axis = ns.normalize_axis(axis, input.ndim)
    size = ns.check_size(size)
    if input.dtype.kind == "c":
        output = ns.get_output(be, output, input, complex_output=True)
        weights = numpy.full(size, 1.0 / size)
        return _complex_via_real(be, _uniform_real, input, weights, output, cval, axis=axis,
                                 mode=mode, origin=origin)
    output = ns.get_output(be, output, input)
    origin = ns.check_origin(origin, size, "invalid origin")
    return be.run_line(input, output, numpy.full(size, 1.0 / size), axis,
                       _footprints.line_start(size, origin), ns.mode_code(mode, is_filter=True),
                       cval, MEAN)


def _uniform_real(be, input, weights, output=None, cval=0.0, *, axis, mode, origin):
    return uniform_filter1d(be, input, len(weights), axis, output, mode, cval, origin)


def uniform_filter(be, input, size=3, output=None, mode="reflect", cval=0.0, origin=0, *,
                   axes=None):
    """A multidimensional box mean: 1-D passes along each axis of size > 1."""
    input = be.xp.asarray(input)
    output = ns.get_output(be, output, input, complex_output=input.dtype.kind == "c",
                           written=True)
    axes = ns.check_axes(axes, input.ndim)
    n = len(axes)
    sizes = ns.normalize_sequence(size, n)
    origins = ns.normalize_sequence(origin, n)
    modes = ns.normalize_sequence(mode, n)
    passes = [(axes[k], sizes[k], origins[k], modes[k]) for k in range(n) if sizes[k] > 1]
    return _separable(be, input, output, passes, lambda x, y, axis, s, o, m: uniform_filter1d(
        be, x, int(s), axis, y, m, cval, o))


def _extreme_filter1d(be, input, size, axis, output, mode, cval, origin, fold):
    input = be.xp.asarray(input)
    ns.check_real(input)
    axis = ns.normalize_axis(axis, input.ndim)
    size = ns.check_size(size)
    output = ns.get_output(be, output, input)
    origin = ns.check_origin(origin, size, "invalid origin")
    return be.run_line(input, output, numpy.zeros(size), axis,
                       _footprints.line_start(size, origin), ns.mode_code(mode, is_filter=True),
                       cval, fold)


def minimum_filter1d(be, input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """The minimum over `size` neighbours along axis."""
    return _extreme_filter1d(be, input, size, axis, output, mode, cval, origin, MIN)


def maximum_filter1d(be, input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """The maximum over `size` neighbours along axis."""
    return _extreme_filter1d(be, input, size, axis, output, mode, cval, origin, MAX)


def _min_or_max_filter(be, input, size, footprint, structure, output, mode, cval, origin, fold,
                       axes):
    if size is not None and footprint is not None:
        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=4)
    if structure is None:
        if footprint is None:
            if size is None:
                raise RuntimeError("no footprint provided")
            separable = True
        else:
            footprint = numpy.asarray(be.to_host(footprint), dtype=bool)
            if not footprint.any():
                raise ValueError("All-zero footprint is not supported.")
            if footprint.all():
                size, footprint, separable = footprint.shape, None, True
            else:
                separable = False
    else:
        structure = numpy.asarray(be.to_host(structure), dtype=numpy.float64)
        separable = False
        if footprint is None:
            footprint = numpy.ones(structure.shape, dtype=bool)
        else:
            footprint = numpy.asarray(be.to_host(footprint), dtype=bool)
    input = be.xp.asarray(input)
    ns.check_real(input)
    output = ns.get_output(be, output, input, written=True)
    axes = ns.check_axes(axes, input.ndim)
    n = len(axes)
    if separable:
        origins = ns.normalize_sequence(origin, n)
        sizes = ns.normalize_sequence(size, n)
        modes = ns.normalize_sequence(mode, n)
        passes = [(axes[k], sizes[k], origins[k], modes[k]) for k in range(n) if sizes[k] != 1]
        return _separable(be, input, output, passes, lambda x, y, axis, s, o, m: (
            _extreme_filter1d(be, x, int(s), axis, y, m, cval, o, fold)))
    footprint = ns.expand_footprint(input.ndim, axes, footprint,
                                    "footprint array has incorrect shape.")
    origins = ns.normalize_sequence(origin, n)
    origins = ns.expand_to_ndim(input.ndim, axes, origins, 0)
    fshape = [k for k in footprint.shape if k > 0]
    if len(fshape) != input.ndim:
        raise RuntimeError("footprint array has incorrect shape.")
    origins = [ns.check_origin(o, k, "invalid origin") for o, k in zip(origins, fshape)]
    values = numpy.zeros(footprint.shape)
    if structure is not None:
        if structure.ndim != n:
            raise RuntimeError("structure array has incorrect shape")
        if n < input.ndim:
            structure = numpy.expand_dims(
                structure, tuple(ax for ax in range(input.ndim) if ax not in axes))
        # SciPy subtracts the structure's values for a minimum and adds them for a maximum.
        values = -structure if fold == MIN else structure
    if not isinstance(mode, str):
        raise RuntimeError("A sequence of modes is not supported for non-separable footprints")
    offsets, w = _footprints.table(footprint, values, origins)
    return be.run(input, output, offsets, w, ns.mode_code(mode, is_filter=True), cval, fold)


def minimum_filter(be, input, size=None, footprint=None, output=None, mode="reflect", cval=0.0,
                   origin=0, *, axes=None):
    """The minimum over a box of `size` or over a boolean footprint."""
    return _min_or_max_filter(be, input, size, footprint, None, output, mode, cval, origin, MIN,
                              axes)


def maximum_filter(be, input, size=None, footprint=None, output=None, mode="reflect", cval=0.0,
                   origin=0, *, axes=None):
    """The maximum over a box of `size` or over a boolean footprint."""
    return _min_or_max_filter(be, input, size, footprint, None, output, mode, cval, origin, MAX,
                              axes)


# --- rank filters ---

def footprint_and_origins(be, input, size, footprint, origin, axes, shape_error, stacklevel):
    """(input as an array, the boolean footprint over all of its axes, the checked origins) of
    a filter given `size` or `footprint`, as SciPy reads them; `shape_error` is SciPy's message
    for a footprint of the wrong rank, `stacklevel` the caller's for the size warning."""
    if size is not None and footprint is not None:
        warnings.warn("ignoring size because footprint is set", UserWarning,
                      stacklevel=stacklevel + 1)
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
    footprint = ns.expand_footprint(input.ndim, axes, footprint, shape_error)
    origins = ns.expand_to_ndim(input.ndim, axes, ns.normalize_sequence(origin, n), 0)
    fshape = [k for k in footprint.shape if k > 0]
    if len(fshape) != input.ndim:
        raise RuntimeError(shape_error)
    origins = [ns.check_origin(o, k, "invalid origin") for o, k in zip(origins, fshape)]
    return input, footprint, origins


def _rank_filter(be, input, rank, size, footprint, output, mode, cval, origin, operation, axes):
    input, footprint, origins = footprint_and_origins(
        be, input, size, footprint, origin, axes, "footprint array has incorrect shape.", 4)
    taps = int(footprint.sum())
    if operation == "median":
        rank = taps // 2
    elif operation == "percentile":
        percentile = rank
        if percentile < 0.0:
            percentile += 100.0
        if percentile < 0 or percentile > 100:
            raise RuntimeError("invalid percentile")
        rank = taps - 1 if percentile == 100.0 else int(float(taps) * percentile / 100.0)
    if rank < 0:
        rank += taps
    if rank < 0 or rank >= taps:
        raise RuntimeError("rank not within filter footprint size")
    if rank == 0:
        return minimum_filter(be, input, None, footprint, output, mode, cval, origins)
    if rank == taps - 1:
        return maximum_filter(be, input, None, footprint, output, mode, cval, origins)
    output = ns.get_output(be, output, input)
    if not isinstance(mode, str):
        raise RuntimeError("A sequence of modes is not supported by non-separable rank filters")
    code = ns.mode_code(mode, is_filter=True)
    offsets, w = _footprints.table(footprint, numpy.zeros(footprint.shape), origins)
    return be.run(input, output, offsets, w, code, cval, RANK, rank)


def rank_filter(be, input, rank, size=None, footprint=None, output=None, mode="reflect",
                cval=0.0, origin=0, *, axes=None):
    """The rank-th smallest value (negative: from the largest) over the footprint."""
    return _rank_filter(be, input, operator.index(rank), size, footprint, output, mode, cval,
                        origin, "rank", axes)


def median_filter(be, input, size=None, footprint=None, output=None, mode="reflect", cval=0.0,
                  origin=0, *, axes=None):
    """The median over the footprint (the upper one of an even count's middle pair)."""
    return _rank_filter(be, input, 0, size, footprint, output, mode, cval, origin, "median", axes)


def percentile_filter(be, input, percentile, size=None, footprint=None, output=None,
                      mode="reflect", cval=0.0, origin=0, *, axes=None):
    """The given percentile (negative: counted from 100) over the footprint."""
    return _rank_filter(be, input, percentile, size, footprint, output, mode, cval, origin,
                        "percentile", axes)


FILTERS = [
    correlate1d, convolve1d, correlate, convolve, gaussian_filter1d, gaussian_filter,
    gaussian_laplace, gaussian_gradient_magnitude, laplace, sobel, prewitt, uniform_filter1d,
    uniform_filter, minimum_filter1d, maximum_filter1d, minimum_filter, maximum_filter,
    rank_filter, median_filter, percentile_filter,
]
