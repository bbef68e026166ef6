"""scipy.ndimage's binary and grey morphology over a backend `be` (see _ni_support.Backend).
Binary erosion is the stencil's minimum of (input != 0) over the structure's taps with the
border reading border_value, dilation the maximum over the reflected structure (SciPy's dilation
is an erosion of the complement with the reflected structure; De Morgan makes that a maximum);
grey erosion and dilation are the minimum and maximum filters with the structure's values
subtracted or added."""
import operator
import warnings

import numpy

from cunp.scipy.ndimage import _filters, _footprints
from cunp.scipy.ndimage import _ni_support as ns


def generate_binary_structure(be, rank, connectivity):
    """The rank-D 3 x ... x 3 structure whose elements lie within `connectivity` steps (along
    axes) of the centre."""
    if connectivity < 1:
        connectivity = 1
    if rank < 1:
        return be.xp.asarray(numpy.array(True, dtype=bool))
    steps = numpy.abs(numpy.indices([3] * rank) - 1).sum(axis=0)
    return be.xp.asarray(steps <= connectivity)


def iterate_structure(be, structure, iterations, origin=None):
    """The structure dilated by itself iterations - 1 times (and the origin scaled to match)."""
    structure = numpy.asarray(be.to_host(structure))
    if iterations < 2:
        return be.xp.asarray(structure.copy())
    more = iterations - 1
    shape = [n + more * (n - 1) for n in structure.shape]
    start = [more * (n // 2) for n in structure.shape]
    grown = numpy.zeros(shape, dtype=bool)
    grown[tuple(slice(p, p + n) for p, n in zip(start, structure.shape))] = structure != 0
    out = binary_dilation(be, grown, structure, iterations=more)
    if origin is None:
        return out
    return out, [iterations * o for o in ns.normalize_sequence(origin, structure.ndim)]


def _reflect(structure, origins):
    """A structure reversed along every axis and the origins that keep it aligned (mirrored, and
    one further for an even length)."""
    structure = structure[(slice(None, None, -1),) * structure.ndim]
    origins = [-o - (0 if n & 1 else 1) for o, n in zip(origins, structure.shape)]
    return structure, origins


def _binary(be, input, structure, iterations, mask, output, border_value, origin, dilate,
            brute_force, axes, reflect=None):
    try:
        iterations = operator.index(iterations)
    except TypeError as e:
        raise TypeError("iterations parameter should be an integer") from e
    input = be.xp.asarray(input)
    if input.dtype.kind == "c":
        raise TypeError("Complex type not supported")
    axes = ns.check_axes(axes, input.ndim)
    n = len(axes)
    if structure is None:
        structure = numpy.abs(numpy.indices([3] * n) - 1).sum(axis=0) <= 1
    else:
        structure = numpy.asarray(be.to_host(structure), dtype=bool)
    origins = [operator.index(o) for o in ns.normalize_sequence(origin, n)]
    if dilate if reflect is None else reflect:
        structure, origins = _reflect(structure, origins)
    structure = ns.expand_footprint(input.ndim, axes, structure,
                                    "structure array has incorrect shape.")
    if structure.ndim != input.ndim:
        raise RuntimeError("structure and input must have same dimensionality")
    if structure.size < 1:
        raise RuntimeError("structure must not be empty")
    if mask is not None:
        mask = be.xp.asarray(mask)
        if mask.shape != input.shape:
            raise RuntimeError("mask and input must have equal sizes")
    origins = ns.expand_to_ndim(input.ndim, axes, origins, 0)
    if isinstance(output, be.xp.ndarray):
        if output.dtype.kind == "c":
            raise TypeError("Complex output type not supported")
    else:
        output = bool
    output = ns.get_output(be, output, input)
    for o, k in zip(origins, structure.shape):
        ns.check_origin(o, k, "invalid origin")
    offsets, w = _footprints.table(structure, numpy.zeros(structure.shape), origins)
    fold = _filters.MAX if dilate else _filters.MIN
    source = input.astype(bool)
    keep = None if mask is None else ~mask.astype(bool)

    def step(x):
        y = be.xp.empty(input.shape, dtype=bool)
        if len(w):
            be.run(x, y, offsets, w, ns.mode_code("constant"), float(bool(border_value)), fold)
        else:
            y[...] = not dilate  # an empty structure: SciPy's erosion is true, dilation false
        if keep is not None:
            y[keep] = x[keep]
        return y

    result = step(source)
    done = 1
    while done < iterations or (iterations < 1 and bool((result != source).any())):
        source, result = result, step(result)
        done += 1
    output[...] = result
    return output


def binary_erosion(be, input, structure=None, iterations=1, mask=None, output=None,
                   border_value=0, origin=0, brute_force=False, *, axes=None):
    """True where every element of the structure placed there covers a true input (outside the
    input reads border_value); iterations < 1 repeats until nothing changes."""
    return _binary(be, input, structure, iterations, mask, output, border_value, origin, False,
                   brute_force, axes)


def binary_dilation(be, input, structure=None, iterations=1, mask=None, output=None,
                    border_value=0, origin=0, brute_force=False, *, axes=None):
    """True where the reflected structure placed there covers any true input."""
    return _binary(be, input, structure, iterations, mask, output, border_value, origin, True,
                   brute_force, axes)


def binary_hit_or_miss(be, input, structure1=None, structure2=None, output=None, origin1=0,
                       origin2=None, *, axes=None):
    """True where structure1 fits in the input and structure2 (default: structure1's
    complement) fits in its complement."""
    xp = be.xp
    input = xp.asarray(input)
    axes = ns.check_axes(axes, input.ndim)
    n = len(axes)
    if structure1 is None:
        structure1 = numpy.abs(numpy.indices([3] * n) - 1).sum(axis=0) <= 1
    else:
        structure1 = numpy.asarray(be.to_host(structure1))
    if structure2 is None:
        structure2 = numpy.logical_not(structure1)
    origin1 = ns.normalize_sequence(origin1, n)
    origin2 = origin1 if origin2 is None else ns.normalize_sequence(origin2, n)
    hit = _binary(be, input, structure1, 1, None, None, 0, origin1, False, False, axes)
    # "structure2 fits the complement" is "no true input under structure2": the maximum over
    # structure2 (not reflected), negated.
    touched = _binary(be, input, structure2, 1, None, output, 0, origin2, True, False, axes,
                      reflect=False)
    xp.logical_not(touched, touched)
    return xp.logical_and(hit, touched, touched)


def binary_propagation(be, input, structure=None, mask=None, output=None, border_value=0,
                       origin=0, *, axes=None):
    """Dilation repeated until nothing changes, inside mask."""
    return binary_dilation(be, input, structure, -1, mask, output, border_value, origin,
                           axes=axes)


def binary_fill_holes(be, input, structure=None, output=None, origin=0, *, axes=None):
    """The input with its holes (background not connected to the border) filled: the
    background reached from the border by propagation, complemented."""
    xp = be.xp
    input = xp.asarray(input)
    mask = xp.logical_not(input)
    seed = xp.zeros(mask.shape, dtype=bool)
    reached = binary_dilation(be, seed, structure, -1, mask, output, 1, origin, axes=axes)
    return xp.logical_not(reached, reached)


def _default_structure(be, input, structure, axes):
    if structure is not None:
        return structure
    n = len(ns.check_axes(axes, be.xp.asarray(input).ndim))
    return numpy.abs(numpy.indices([3] * n) - 1).sum(axis=0) <= 1


def binary_opening(be, input, structure=None, iterations=1, output=None, origin=0, mask=None,
                   border_value=0, brute_force=False, *, axes=None):
    """Erosion then dilation with the same structure."""
    structure = _default_structure(be, input, structure, axes)
    eroded = binary_erosion(be, input, structure, iterations, mask, None, border_value, origin,
                            brute_force, axes=axes)
    return binary_dilation(be, eroded, structure, iterations, mask, output, border_value,
                           origin, brute_force, axes=axes)


def binary_closing(be, input, structure=None, iterations=1, output=None, origin=0, mask=None,
                   border_value=0, brute_force=False, *, axes=None):
    """Dilation then erosion with the same structure."""
    structure = _default_structure(be, input, structure, axes)
    dilated = binary_dilation(be, input, structure, iterations, mask, None, border_value, origin,
                              brute_force, axes=axes)
    return binary_erosion(be, dilated, structure, iterations, mask, output, border_value, origin,
                          brute_force, axes=axes)


def grey_erosion(be, input, size=None, footprint=None, structure=None, output=None,
                 mode="reflect", cval=0.0, origin=0, *, axes=None):
    """The minimum over the footprint of input minus the structure's values."""
    if size is None and footprint is None and structure is None:
        raise ValueError("size, footprint, or structure must be specified")
    return _filters._min_or_max_filter(be, input, size, footprint, structure, output, mode, cval,
                                       origin, _filters.MIN, axes)


def grey_dilation(be, input, size=None, footprint=None, structure=None, output=None,
                  mode="reflect", cval=0.0, origin=0, *, axes=None):
    """The maximum over the reflected footprint of input plus the reflected structure."""
    if size is None and footprint is None and structure is None:
        raise ValueError("size, footprint, or structure must be specified")
    if structure is not None:
        structure = numpy.asarray(be.to_host(structure))
        structure = structure[(slice(None, None, -1),) * structure.ndim]
    if footprint is not None:
        footprint = numpy.asarray(be.to_host(footprint))
        footprint = footprint[(slice(None, None, -1),) * footprint.ndim]
    input = be.xp.asarray(input)
    axes = ns.check_axes(axes, input.ndim)
    origins = ns.normalize_sequence(origin, len(axes))
    for k in range(len(origins)):
        origins[k] = -operator.index(origins[k])
        if footprint is not None:
            n = footprint.shape[k]
        elif structure is not None:
            n = structure.shape[k]
        elif numpy.isscalar(size):
            n = size
        else:
            n = size[k]
        if not n & 1:
            origins[k] -= 1
    return _filters._min_or_max_filter(be, input, size, footprint, structure, output, mode, cval,
                                       origins, _filters.MAX, axes)


def _warn_size_and_footprint(size, footprint):
    if size is not None and footprint is not None:
        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=3)


def grey_opening(be, input, size=None, footprint=None, structure=None, output=None,
                 mode="reflect", cval=0.0, origin=0, *, axes=None):
    """Grey erosion then grey dilation."""
    _warn_size_and_footprint(size, footprint)
    eroded = grey_erosion(be, input, size, footprint, structure, None, mode, cval, origin,
                          axes=axes)
    return grey_dilation(be, eroded, size, footprint, structure, output, mode, cval, origin,
                         axes=axes)


def grey_closing(be, input, size=None, footprint=None, structure=None, output=None,
                 mode="reflect", cval=0.0, origin=0, *, axes=None):
    """Grey dilation then grey erosion."""
    _warn_size_and_footprint(size, footprint)
    dilated = grey_dilation(be, input, size, footprint, structure, None, mode, cval, origin,
                            axes=axes)
    return grey_erosion(be, dilated, size, footprint, structure, output, mode, cval, origin,
                        axes=axes)


def morphological_gradient(be, input, size=None, footprint=None, structure=None, output=None,
                           mode="reflect", cval=0.0, origin=0, *, axes=None):
    """Grey dilation minus grey erosion."""
    args = (size, footprint, structure)
    dilated = grey_dilation(be, input, *args, None, mode, cval, origin, axes=axes)
    if isinstance(output, be.xp.ndarray):
        grey_erosion(be, input, *args, output, mode, cval, origin, axes=axes)
        return be.xp.subtract(dilated, output, output)
    return dilated - grey_erosion(be, input, *args, None, mode, cval, origin, axes=axes)


def morphological_laplace(be, input, size=None, footprint=None, structure=None, output=None,
                          mode="reflect", cval=0.0, origin=0, *, axes=None):
    """Grey dilation plus grey erosion minus twice the input."""
    xp = be.xp
    input = xp.asarray(input)
    args = (size, footprint, structure)
    dilated = grey_dilation(be, input, *args, None, mode, cval, origin, axes=axes)
    if isinstance(output, xp.ndarray):
        grey_erosion(be, input, *args, output, mode, cval, origin, axes=axes)
        result = output
    else:
        result = grey_erosion(be, input, *args, None, mode, cval, origin, axes=axes)
    # In SciPy's order (each step in the result's dtype): add, then subtract the input twice.
    xp.add(dilated, result, result)
    xp.subtract(result, input, result)
    return xp.subtract(result, input, result)


def white_tophat(be, input, size=None, footprint=None, structure=None, output=None,
                 mode="reflect", cval=0.0, origin=0, *, axes=None):
    """The input minus its grey opening (exclusive or for booleans)."""
    xp = be.xp
    input = xp.asarray(input)
    _warn_size_and_footprint(size, footprint)
    args = (size, footprint, structure)
    tmp = grey_erosion(be, input, *args, None, mode, cval, origin, axes=axes)
    tmp = grey_dilation(be, tmp, *args, output, mode, cval, origin, axes=axes)
    if input.dtype == numpy.bool_ and tmp.dtype == numpy.bool_:
        xp.bitwise_xor(input, tmp, out=tmp)
    else:
        xp.subtract(input, tmp, out=tmp)
    return tmp


def black_tophat(be, input, size=None, footprint=None, structure=None, output=None,
                 mode="reflect", cval=0.0, origin=0, *, axes=None):
    """The grey closing minus the input (exclusive or for booleans)."""
    xp = be.xp
    input = xp.asarray(input)
    _warn_size_and_footprint(size, footprint)
    args = (size, footprint, structure)
    tmp = grey_dilation(be, input, *args, None, mode, cval, origin, axes=axes)
    tmp = grey_erosion(be, tmp, *args, output, mode, cval, origin, axes=axes)
    if input.dtype == numpy.bool_ and tmp.dtype == numpy.bool_:
        xp.bitwise_xor(tmp, input, out=tmp)
    else:
        xp.subtract(tmp, input, out=tmp)
    return tmp


MORPHOLOGY = [generate_binary_structure, iterate_structure, binary_erosion, binary_dilation,
              binary_opening, binary_closing, binary_hit_or_miss, binary_propagation,
              binary_fill_holes, grey_erosion, grey_dilation, grey_opening,
              grey_closing, morphological_gradient, morphological_laplace, white_tophat,
              black_tophat]
