"""scipy.ndimage's interpolation over a backend `be` (see _ni_support.Backend): SciPy's argument
rules, then one run of the sampler, which finds each output element's coordinates from a
coordinate array, an affine map or a per-axis zoom and shift. Orders 2 to 5 read B-spline
coefficients that the prefilter (spline_filter) computes first, unless prefilter=False. Complex
input is interpolated as its real and imaginary parts, as SciPy does."""
import math
import operator
import warnings

import numpy

from cunp.scipy.ndimage import _ni_support as ns


def _check_order(order):
    order = operator.index(order)
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")
    return order


def _prefiltered(be, input, order, mode, cval, prefilter):
    """The array the sampler reads and how far it was padded: for order > 1 with prefilter, the
    B-spline coefficients (float64), of the input padded by 12 first where the mode extends it
    in a way the prefilter's boundaries cannot express (nearest, grid-constant), as SciPy."""
    if not prefilter or order <= 1:
        return input, 0
    npad = 0
    if mode == "nearest":
        npad = 12
        input = be.xp.pad(input, npad, mode="edge")
    elif mode == "grid-constant":
        npad = 12
        input = be.xp.pad(input, npad, mode="constant", constant_values=cval)
    return _coefficients(be, input, order, mode), npad


def _coefficients(be, input, order, mode, axes=None):
    """The B-spline coefficients of a real input along the given axes (default every axis): one
    float64 C-order copy, filtered in place axis by axis (no copy between the axes)."""
    coefficients = be.xp.array(input, dtype=numpy.float64, order="C")
    code = ns.mode_code(mode)
    for axis in range(input.ndim) if axes is None else axes:
        be.spline(coefficients, axis, order, code)
    return coefficients


def spline_filter1d(be, input, order=3, axis=-1, output=numpy.float64, mode="mirror"):
    """B-spline coefficients along one axis (orders 2 to 5; orders 0 and 1 copy the input)."""
    order = _check_order(order)
    input = be.xp.asarray(input)
    output = ns.get_output(be, output, input, complex_output=input.dtype.kind == "c",
                           written=True)
    if input.dtype.kind == "c":
        re = spline_filter1d(be, input.real, order, axis, output.real.dtype, mode)
        im = spline_filter1d(be, input.imag, order, axis, output.real.dtype, mode)
        output[...] = be.xp.add(re, be.xp.multiply(im, 1j))
        return output
    if order in (0, 1):
        output[...] = input
        return output
    code = ns.mode_code(mode)
    axis = ns.normalize_axis(axis, input.ndim)
    coefficients = be.xp.array(input, dtype=numpy.float64, order="C")
    be.spline(coefficients, axis, order, code)
    output[...] = coefficients
    return output


def spline_filter(be, input, order=3, output=numpy.float64, mode="mirror"):
    """B-spline coefficients along every axis in turn (orders 2 to 5)."""
    order = operator.index(order)
    if order < 2 or order > 5:
        raise RuntimeError("spline order not supported")
    input = be.xp.asarray(input)
    output = ns.get_output(be, output, input, complex_output=input.dtype.kind == "c",
                           written=True)
    if input.ndim == 0:
        output[...] = input
        return output
    if input.dtype.kind != "c" and output.dtype == numpy.float64:
        # (A narrower output rounds between the axes in SciPy, so it takes the loop below.)
        output[...] = _coefficients(be, input, order, mode)
        return output
    for axis in range(input.ndim):
        spline_filter1d(be, input, order, axis, output=output, mode=mode)
        input = output
    return output


def _complex_parts(be, func, input, output, cval, **kwargs):
    """func on the real and imaginary parts (cval split likewise), each in the output's real
    dtype, stored together in the complex output: SciPy's treatment of complex input."""
    real_dtype = numpy.empty(0, dtype=output.dtype).real.dtype
    re = func(be, input.real, output=real_dtype, cval=numpy.real(cval), **kwargs)
    im = func(be, input.imag, output=real_dtype, cval=numpy.imag(cval), **kwargs)
    output[...] = be.xp.add(re, be.xp.multiply(im, 1j))
    return output


def map_coordinates(be, input, coordinates, output=None, order=3, mode="constant", cval=0.0,
                    prefilter=True):
    """The input interpolated at the given coordinates (coordinates[d] along axis d)."""
    order = operator.index(order)
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")
    input = be.xp.asarray(input)
    coordinates = be.xp.asarray(coordinates)
    if coordinates.dtype.kind == "c":
        raise TypeError("Complex type not supported")
    output_shape = coordinates.shape[1:]
    if input.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError("input and output rank must be > 0")
    if coordinates.shape[0] != input.ndim:
        raise RuntimeError("invalid shape for coordinate array")
    complex_output = input.dtype.kind == "c"
    # Every element is written (no zero fill), and a new output needs no overlap test.
    new_output = not isinstance(output, be.xp.ndarray)
    output = ns.get_output(be, output, input, shape=output_shape, complex_output=complex_output,
                           written=True)
    if complex_output:
        return _complex_parts(be, map_coordinates, input, output, cval, coordinates=coordinates,
                              order=order, mode=mode, prefilter=prefilter)
    code = ns.mode_code(mode)
    # float32 and float64 coordinates go to the sampler as they are (it reads each as a double,
    # as SciPy's float64 copy holds it); other kinds become float64 once.
    kind = coordinates.dtype if coordinates.dtype in (numpy.float32, numpy.float64) else None
    table = be.xp.ascontiguousarray(coordinates, dtype=kind or numpy.float64)
    filtered, npad = _prefiltered(be, input, order, mode, cval, prefilter)
    return be.interpolate(filtered, output, "coordinates", table, order, code, cval, npad=npad,
                          new_output=new_output)


def affine_transform(be, input, matrix, offset=0.0, output_shape=None, output=None, order=3,
                     mode="constant", cval=0.0, prefilter=True):
    """The input sampled at matrix @ o + offset for each output coordinate o (matrix may be
    the diagonal, an ndim x ndim matrix, or homogeneous ndim x (ndim + 1) or (ndim + 1)^2)."""
    order = operator.index(order)
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")
    input = be.xp.asarray(input)
    if output_shape is None:
        output_shape = output.shape if isinstance(output, be.xp.ndarray) else input.shape
    if input.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError("input and output rank must be > 0")
    complex_output = input.dtype.kind == "c"
    new_output = not isinstance(output, be.xp.ndarray)
    output = ns.get_output(be, output, input, shape=output_shape, complex_output=complex_output,
                           written=True)
    if complex_output:
        return _complex_parts(be, affine_transform, input, output, cval, matrix=matrix,
                              offset=offset, output_shape=output_shape, order=order, mode=mode,
                              prefilter=prefilter)
    code = ns.mode_code(mode)
    matrix = numpy.asarray(be.to_host(matrix), dtype=numpy.float64)
    if matrix.ndim not in (1, 2) or matrix.shape[0] < 1:
        raise RuntimeError("no proper affine matrix provided")
    n = input.ndim
    if matrix.ndim == 2 and matrix.shape[1] == n + 1 and matrix.shape[0] in (n, n + 1):
        if matrix.shape[0] == n + 1:
            bottom = [0] * n + [1]
            if not numpy.all(matrix[n] == bottom):
                raise ValueError(
                    f"Expected homogeneous transformation matrix with shape {matrix.shape} for "
                    f"image shape {input.shape}, but bottom row was not equal to {bottom}")
        offset = matrix[:n, n]
        matrix = matrix[:n, :n]
    if matrix.shape[0] != n:
        raise RuntimeError("affine matrix has wrong number of rows")
    if matrix.ndim == 2 and matrix.shape[1] != output.ndim:
        raise RuntimeError("affine matrix has wrong number of columns")
    offset = numpy.asarray(ns.normalize_sequence(be.to_host(offset) if not numpy.isscalar(offset)
                                                 else offset, n), dtype=numpy.float64)
    if offset.ndim != 1 or offset.shape[0] < 1:
        raise RuntimeError("no proper offset provided")
    filtered, npad = _prefiltered(be, input, order, mode, cval, prefilter)
    if matrix.ndim == 1:
        # A diagonal: SciPy samples at (o + offset / matrix) * matrix, per axis.
        return _zoom_shift(be, filtered, output, offset / matrix, matrix, False, order, code,
                           cval, npad, new_output)
    table = numpy.concatenate([matrix.reshape(-1), offset])
    return be.interpolate(filtered, output, "affine", table, order, code, cval, npad=npad,
                          new_output=new_output)


def _zoom_shift(be, input, output, shift, zoom, grid_mode, order, code, cval, npad, new_output):
    n = input.ndim
    table = numpy.concatenate([
        numpy.zeros(n) if shift is None else numpy.asarray(shift, dtype=numpy.float64),
        numpy.ones(n) if zoom is None else numpy.asarray(zoom, dtype=numpy.float64)])
    return be.interpolate(input, output, "zoom_shift", table, order, code, cval,
                          has_shift=shift is not None, has_zoom=zoom is not None,
                          grid_mode=grid_mode, npad=npad, new_output=new_output)


def shift(be, input, shift, output=None, order=3, mode="constant", cval=0.0, prefilter=True):
    """The input shifted by `shift` (per axis) with interpolation."""
    order = operator.index(order)
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")
    input = be.xp.asarray(input)
    if input.ndim < 1:
        raise RuntimeError("input and output rank must be > 0")
    complex_output = input.dtype.kind == "c"
    new_output = not isinstance(output, be.xp.ndarray)
    output = ns.get_output(be, output, input, complex_output=complex_output, written=True)
    if complex_output:
        return _complex_parts(be, globals()["shift"], input, output, cval, shift=shift,
                              order=order, mode=mode, prefilter=prefilter)
    code = ns.mode_code(mode)
    shifts = [-float(s) for s in ns.normalize_sequence(shift, input.ndim)]
    filtered, npad = _prefiltered(be, input, order, mode, cval, prefilter)
    return _zoom_shift(be, filtered, output, shifts, None, False, order, code, cval, npad,
                       new_output)


def zoom(be, input, zoom, output=None, order=3, mode="constant", cval=0.0, prefilter=True, *,
         grid_mode=False):
    """The input resized by `zoom` (per axis) with interpolation; grid_mode aligns pixel edges
    instead of the first and last pixel centres."""
    order = operator.index(order)
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")
    input = be.xp.asarray(input)
    if input.ndim < 1:
        raise RuntimeError("input and output rank must be > 0")
    zoom = ns.normalize_sequence(zoom, input.ndim)
    output_shape = tuple(int(round(n * z)) for n, z in zip(input.shape, zoom))
    complex_output = input.dtype.kind == "c"
    new_output = not isinstance(output, be.xp.ndarray)
    output = ns.get_output(be, output, input, shape=output_shape, complex_output=complex_output,
                           written=True)
    if all(z == 1 for z in zoom) and prefilter:
        output[...] = input
        return output
    if complex_output:
        return _complex_parts(be, globals()["zoom"], input, output, cval, zoom=zoom, order=order,
                              mode=mode, prefilter=prefilter, grid_mode=grid_mode)
    if grid_mode:
        suggest = {"constant": "grid-constant", "wrap": "grid-wrap"}.get(mode)
        if suggest is not None:
            warnings.warn(f"It is recommended to use mode = {suggest} instead of {mode} when "
                          f"grid_mode is True.", stacklevel=3)
    code = ns.mode_code(mode)
    div = numpy.array(output_shape)
    num = numpy.array(input.shape)
    if not grid_mode:
        div -= 1
        num -= 1
    # An axis zoomed to one sample (div 0) keeps factor 1 rather than an infinite one.
    factors = numpy.divide(num, div, out=numpy.ones(input.ndim, dtype=numpy.float64),
                           where=div != 0)
    filtered, npad = _prefiltered(be, input, order, mode, cval, prefilter)
    return _zoom_shift(be, filtered, output, None, factors, bool(grid_mode), order, code, cval,
                       npad, new_output)


def _cos_sin_degrees(angle):
    """cos and sin of an angle in degrees, exact at multiples of 90 degrees (as SciPy's cosdg and
    sindg are), so quarter turns move samples without rounding."""
    a = float(angle) % 360.0
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}
    if a in exact:
        return exact[a]
    r = math.radians(a)
    return math.cos(r), math.sin(r)


def rotate(be, input, angle, axes=(1, 0), reshape=True, output=None, order=3, mode="constant",
           cval=0.0, prefilter=True):
    """The input rotated by `angle` degrees in the plane of two axes, about the array's centre;
    reshape grows the output to hold the whole rotated input."""
    input = be.xp.asarray(input)
    ndim = input.ndim
    if ndim < 2:
        raise ValueError("input array should be at least 2D")
    axes = list(axes)
    if len(axes) != 2:
        raise ValueError("axes should contain exactly two values")
    if not all(float(ax).is_integer() for ax in axes):
        raise ValueError("axes should contain only integer values")
    axes = [int(ax) + ndim if ax < 0 else int(ax) for ax in axes]
    if any(ax < 0 or ax >= ndim for ax in axes):
        raise ValueError("invalid rotation plane specified")
    axes.sort()
    c, s = _cos_sin_degrees(angle)
    rot = numpy.array([[c, s], [-s, c]])
    shape = numpy.asarray(input.shape)
    in_plane = shape[axes]
    if reshape:
        iy, ix = in_plane
        corners = rot @ [[0, 0, iy, iy], [0, ix, 0, ix]]
        out_plane = (numpy.ptp(corners, axis=1) + 0.5).astype(int)
    else:
        out_plane = in_plane
    offset_plane = (in_plane - 1) / 2 - rot @ ((out_plane - 1) / 2)
    output_shape = shape.copy()
    output_shape[axes] = out_plane
    output_shape = tuple(int(n) for n in output_shape)
    order = _check_order(order)
    if ndim == 2:
        matrix = numpy.eye(ndim)
        matrix[numpy.ix_(axes, axes)] = rot
        offset = numpy.zeros(ndim)
        offset[axes] = offset_plane
        return affine_transform(be, input, matrix, offset, output_shape, output, order, mode,
                                cval, prefilter)
    complex_output = input.dtype.kind == "c"
    new_output = not isinstance(output, be.xp.ndarray)
    output = ns.get_output(be, output, input, shape=output_shape, complex_output=complex_output,
                           written=True)
    if complex_output:
        return _complex_parts(be, rotate, input, output, cval, angle=angle, axes=axes,
                              reshape=reshape, order=order, mode=mode, prefilter=prefilter)
    return _rotate_volume(be, input, output, rot, offset_plane, axes, order, mode, cval,
                          prefilter, new_output)


def _rotate_volume(be, input, output, rot, offset_plane, axes, order, mode, cval, prefilter,
                   new_output):
    """A volume's planes rotated at once: the planes stacked along one batch axis (the plane's
    axes last), one prefilter pass per plane axis over the whole stack and one run of the
    sampler, which reads the batch axis at each output's own index, one tap, uninterpolated
    (its `lead`). So every plane is filtered and sampled as SciPy does plane by plane, and none
    leaks into another (not even a NaN or a huge value), in one launch instead of one a plane.
    (An affine map over every axis would read the planes beside each sample too: with weight 0
    at order 1, which still turns a neighbour's infinity into NaN, and through the spline at
    higher orders.)"""
    xp = be.xp
    ndim = input.ndim
    stacked = xp.moveaxis(input, axes, (-2, -1))
    batch_shape = tuple(stacked.shape[:-2])
    planes = math.prod(batch_shape)
    stacked = stacked.reshape((planes,) + tuple(stacked.shape[-2:]))
    npad = 0
    if prefilter and order > 1:
        if mode in ("nearest", "grid-constant"):
            npad = 12  # the plane padded as SciPy pads it (the batch axis is not filtered)
            widths = [(0, 0), (npad, npad), (npad, npad)]
            if mode == "nearest":
                stacked = xp.pad(stacked, widths, mode="edge")
            else:
                stacked = xp.pad(stacked, widths, mode="constant", constant_values=cval)
        stacked = _coefficients(be, stacked, order, mode, axes=(1, 2))
    out_plane = (output.shape[axes[0]], output.shape[axes[1]])
    # A new output with the plane's axes last is the stack itself; any other is written from a
    # stacked one.
    direct = new_output and list(axes) == [ndim - 2, ndim - 1]
    target = (output.reshape((planes,) + out_plane) if direct
              else xp.empty((planes,) + out_plane, dtype=output.dtype))
    matrix = numpy.eye(3)
    matrix[1:, 1:] = rot
    table = numpy.concatenate([matrix.reshape(-1), [0.0], offset_plane])
    be.interpolate(stacked, target, "affine", table, order, ns.mode_code(mode), cval, npad=npad,
                   new_output=True, lead=True)
    if not direct:
        xp.moveaxis(output, axes, (-2, -1))[...] = target.reshape(batch_shape + out_plane)
    return output


INTERPOLATION = [spline_filter1d, spline_filter, map_coordinates, affine_transform, shift, zoom,
                 rotate]
