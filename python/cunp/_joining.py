"""Joining and splitting arrays: concatenate, stack and their vstack/hstack/dstack forms,
atleast_1d/2d/3d, split and its forms. Joins copy each input into its slice of one new array;
splits are views."""
from cunp import _core
from cunp._core import ndarray, empty
from cunp._creation import asarray

__all__ = [
    "concatenate", "concat", "stack", "vstack", "hstack", "dstack", "column_stack",
    "atleast_1d", "atleast_2d", "atleast_3d", "split", "array_split", "hsplit", "vsplit", "dsplit",
]


def _as_arrays(arrays):
    if isinstance(arrays, ndarray):
        # NumPy iterates an array argument along its first axis.
        arrays = list(arrays)
    return [asarray(a) for a in arrays]


def _check_casting(arrays, dtype, casting):
    import numpy

    for a in arrays:
        if not numpy.can_cast(a.dtype, dtype, casting):
            raise TypeError(f"Cannot cast array data from {a.dtype!r} to {numpy.dtype(dtype)!r} "
                            f"according to the rule {casting!r}")


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays along an existing axis (axis=None: flatten them first)."""
    import numpy

    arrays = _as_arrays(arrays)
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an argument, but both "
                        "were provided.")
    if axis is None:
        arrays = [a.ravel() for a in arrays]
        axis = 0
    nd = arrays[0].ndim
    if nd == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = _core._normalize_axis(axis, nd)
    shape = list(arrays[0].shape)
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != nd:
            raise ValueError(
                "all the input arrays must have same number of dimensions, but the array at "
                f"index 0 has {nd} dimension(s) and the array at index {i} has {a.ndim} "
                "dimension(s)")
        for d in range(nd):
            if d != axis and a.shape[d] != shape[d]:
                raise ValueError(
                    "all the input array dimensions except for the concatenation axis must match "
                    f"exactly, but along dimension {d}, the array at index 0 has size {shape[d]} "
                    f"and the array at index {i} has size {a.shape[d]}")
        shape[axis] += a.shape[axis]
    if out is not None:
        if not isinstance(out, ndarray):
            raise TypeError("'out' must be a cunp array")
        if out.shape != tuple(shape):
            raise ValueError("Output array is the wrong shape")
        dtype = out.dtype
    else:
        dtype = numpy.result_type(*[a.dtype for a in arrays]) if dtype is None else \
            numpy.dtype(dtype)
    _check_casting(arrays, dtype, casting)
    if out is None:
        # NumPy keeps F order when every input is F-contiguous (and not also C-contiguous).
        fortran = all(a.flags.f_contiguous and not a.flags.c_contiguous for a in arrays)
        out = empty(tuple(shape), dtype=dtype, order="F" if fortran else "C")
    lead = (slice(None),) * axis
    start = 0
    for a in arrays:
        stop = start + a.shape[axis]
        if stop > start:
            out[lead + (slice(start, stop),)] = a
        start = stop
    return out


concat = concatenate  # the array API standard's name


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays of one shape along a new axis."""
    arrays = _as_arrays(arrays)
    if not arrays:
        raise ValueError("need at least one array to stack")
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays):
        raise ValueError("all input arrays must have the same shape")
    axis = _core._normalize_axis(axis, len(shape) + 1)
    expanded = [a._expand_dims((axis,)) for a in arrays]
    return concatenate(expanded, axis=axis, out=out, dtype=dtype, casting=casting)


def _at_least(ndim, arys):
    out = []
    for a in arys:
        a = asarray(a)
        if a.ndim < ndim:
            if ndim == 1 or a.ndim == 0:
                a = a.reshape((1,) * ndim)
            elif ndim == 2:  # (n,) -> (1, n)
                a = a.reshape((1,) + a.shape)
            else:  # (n,) -> (1, n, 1); (m, n) -> (m, n, 1)
                a = a.reshape(((1,) + a.shape + (1,)) if a.ndim == 1 else (a.shape + (1,)))
        out.append(a)
    return out[0] if len(out) == 1 else tuple(out)


def atleast_1d(*arys):
    return _at_least(1, arys)


def atleast_2d(*arys):
    return _at_least(2, arys)


def atleast_3d(*arys):
    return _at_least(3, arys)


def _listed(at_least, arrays):
    arrays = _as_arrays(arrays)
    return [at_least(a) for a in arrays]


def vstack(tup, *, dtype=None, casting="same_kind"):
    return concatenate(_listed(atleast_2d, tup), axis=0, dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    arrays = _listed(atleast_1d, tup)
    axis = 0 if arrays and arrays[0].ndim == 1 else 1
    return concatenate(arrays, axis=axis, dtype=dtype, casting=casting)


def dstack(tup):
    return concatenate(_listed(atleast_3d, tup), axis=2)


def column_stack(tup):
    arrays = [a.reshape(a.size, 1) if a.ndim < 2 else a for a in _as_arrays(tup)]
    return concatenate(arrays, axis=1)


def array_split(ary, indices_or_sections, axis=0):
    """Views of ary split along axis: at the given indices, or into n near-equal parts."""
    ary = asarray(ary)
    length = ary.shape[axis]
    try:
        bounds = [0] + list(indices_or_sections) + [length]
    except TypeError:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extra = divmod(length, sections)
        sizes = [each + 1] * extra + [each] * (sections - extra)
        bounds = [0]
        for s in sizes:
            bounds.append(bounds[-1] + s)
    lead = (slice(None),) * (axis % ary.ndim if ary.ndim else 0)
    return [ary[lead + (slice(start, stop),)] for start, stop in zip(bounds[:-1], bounds[1:])]


def split(ary, indices_or_sections, axis=0):
    """array_split, except that an integer must divide the axis evenly."""
    if not hasattr(indices_or_sections, "__len__"):
        length = asarray(ary).shape[axis]
        if length % int(indices_or_sections):
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def _split_min_ndim(ary, indices_or_sections, axis, min_ndim, name):
    ary = asarray(ary)
    if ary.ndim < min_ndim:
        raise ValueError(f"{name} only works on arrays of {min_ndim} or more dimensions")
    return split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    ary = asarray(ary)
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return _split_min_ndim(ary, indices_or_sections, 0, 2, "vsplit")


def dsplit(ary, indices_or_sections):
    return _split_min_ndim(ary, indices_or_sections, 2, 3, "dsplit")
