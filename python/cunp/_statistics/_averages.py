# python/cunp/_statistics/_averages.py -- statistics over axes, composed from the reductions and ufuncs:
# mean, var, std, average, ptp, count_nonzero and the NaN-ignoring forms (NumPy 2 semantics).
"""Statistics over axes: mean, var, std, average, ptp, count_nonzero and the nan-ignoring forms.

Every function here is a short composition of device primitives (sum, max, argmax, ...,
ufuncs) with NumPy 2's argument handling, result dtypes, warnings and errors. The host only
decides what NumPy decides on the host: a warning or an error about empty or all-NaN slices,
which costs one small device-to-host transfer, and only where NumPy would have to look.

The primitives are looked up on one module object, ``_xp`` (cunp itself, bound on first use),
so that a test can point it at NumPy and check the compositions without a GPU.
"""
import warnings

from cunp import _core
from cunp._statistics import _stat_kernels as _one

__all__ = [
    "mean", "var", "std", "average", "ptp", "count_nonzero",
    "nansum", "nanprod", "nanmax", "nanmin", "nanargmax", "nanargmin",
    "nanmean", "nanvar", "nanstd",
]

_NOVALUE = object()  # "argument not given" where None is a meaningful value
_INF = float("inf")
_NAN = float("nan")

_xp = None  # the array module the compositions call; None: cunp, bound on first use


def _lib():
    global _xp
    if _xp is None:
        import cunp

        _xp = cunp
    return _xp


def _as_array(xp, a):
    return a if isinstance(a, xp.ndarray) else xp.asarray(a)


def _count(shape, axis):
    """Number of elements each output element folds (host ints only: no device work)."""
    n = 1
    for ax in _core.axes.normalize_axes(axis, len(shape)):
        n *= shape[ax]
    return n


def _sum(xp, a, axis, dtype, out, keepdims, where):
    # `where` is passed only when given, so the common call stays on the short path.
    if where is True:
        return xp.sum(a, axis=axis, dtype=dtype, out=out, keepdims=keepdims)
    return xp.sum(a, axis=axis, dtype=dtype, out=out, keepdims=keepdims, where=where)


def _count_where(xp, arr, axis, where, keepdims):
    """Per-output count of the elements `where` selects (a device int64 array)."""
    return xp.sum(xp.broadcast_to(where, arr.shape), axis=axis, dtype="int64",
                  keepdims=keepdims)


def _divide(xp, num, den, out=None):
    """num / den into `out` (default: num itself), NumPy's unsafe cast into the output.
    A float16 quotient is computed in float32: a count above 65504 has no float16 value."""
    if out is None:
        out = num
    if num.dtype.char == "e":
        return xp.true_divide(num, den, out=out, dtype="float32", casting="unsafe")
    return xp.true_divide(num, den, out=out, casting="unsafe")


def _warn(message, level, category=RuntimeWarning):
    warnings.warn(message, category, stacklevel=level + 1)


def _drop_imag(xp, arr, dtype, out, level):
    """arr, or its real part where NumPy's sum/prod would cast complex elements to a real type;
    with NumPy's ComplexWarning wherever NumPy casts complex values to a real type.

    A real dtype= makes NumPy's loop real: each element loses its imaginary part, as summing
    the real view does (which casts nothing). A real out= with no dtype= keeps the complex
    loop and casts only the result into out (its real part), which the reduction does too.
    Either way the warning is issued here, once, whatever the primitive underneath does."""
    if (dtype is None and out is None) or arr.dtype.kind != "c":  # (the common call: no cost)
        return arr
    import numpy

    # A bool target keeps "either part nonzero": NumPy does not warn there.
    if dtype is not None:
        if numpy.dtype(dtype).kind not in "iuf":
            return arr
        arr = arr.real
    elif getattr(getattr(out, "dtype", None), "kind", "c") not in "iuf":
        return arr
    elif _native(xp):
        return arr  # cunp's own reduction warns as it casts into out
    _warn("Casting complex values to real discards the imaginary part", level + 1,
          numpy.exceptions.ComplexWarning)
    return arr


def _native(xp):
    """Whether xp is cunp itself (not a stand-in)."""
    return getattr(xp, "ndarray", None) is _core.ndarray


def _check_initial(initial, loop_dtype, axis, arr):
    """NumPy's error for a Python int `initial` that the reduction's loop dtype cannot hold.

    NumPy converts `initial` to the loop dtype after checking `axis`, so an axis error comes
    first. Only a Python int `initial` costs a look (NumPy's integer limits); other values
    pass untouched, left to the reduction."""
    if type(initial) is not int or loop_dtype is None:
        return
    import numpy

    dt = numpy.dtype(loop_dtype)
    if dt.kind not in "iu":
        return
    info = numpy.iinfo(dt)
    if info.min <= initial <= info.max:
        return
    _core.axes.normalize_axes(axis, arr.ndim, reduce_0d=True)
    # NumPy first reads the int as a C long (unsigned 32/64-bit loops: also the upper half);
    # what it cannot read at all gets a message that depends on the input's width.
    hi = 2**64 if dt.kind == "u" and dt.itemsize >= 4 else 2**63
    if not -2**63 <= initial < hi:
        raise OverflowError("int too big to convert" if arr.dtype.itemsize == 8
                            else "Python int too large to convert to C long")
    raise OverflowError(f"Python integer {initial} out of bounds for {dt}")


def _ddof(ddof, correction):
    # NumPy 2: `correction` is the array API's name for ddof; giving both is an error.
    if correction is not _NOVALUE:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        return correction
    return ddof


def _extras(initial, where):
    kw = {}
    if initial is not _NOVALUE:
        kw["initial"] = initial
    if where is not True:
        kw["where"] = where
    return kw


# -- mean, var, std -------------------------------------------------------------------------------

def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean along the given axes (ints and bools in float64; float16 accumulates in
    float32 and is returned as float16)."""
    return _mean(a, axis, dtype, out, keepdims, where, 2)


def _mean(a, axis, dtype, out, keepdims, where, level):
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if where is True:
        n = _count(arr.shape, axis)
        if n == 0:
            _warn("Mean of empty slice", level + 1)
        r = _one.mean(xp, arr, axis, dtype, out, keepdims, where)
        if r is not None:  # one launch: the sum divided by the count as it is written
            return r
    else:
        n = _count_where(xp, arr, axis, where, keepdims)
        if not bool(xp.all(n)):  # one bool to the host: NumPy warns about an empty slice
            _warn("Mean of empty slice", level + 1)
    half = False
    if dtype is None:
        kind = arr.dtype.kind
        if kind in "biu":
            dtype = "float64"
        elif arr.dtype.char == "e":
            dtype = "float32"
            half = out is None
    arr = _drop_imag(xp, arr, dtype, out, level + 1)
    total = _sum(xp, arr, axis, dtype, out, keepdims, where)
    if half:  # the quotient goes straight into the float16 result: no extra cast pass
        return xp.true_divide(total, n, out=xp.empty(total.shape, dtype="float16"),
                              casting="unsafe")
    return _divide(xp, total, n)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=_NOVALUE):
    """Variance along the given axes: mean(abs(x - x.mean())**2) * N / (N - ddof)."""
    return _var(a, axis, dtype, out, _ddof(ddof, correction), keepdims, where, mean, 2)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=_NOVALUE):
    """Standard deviation along the given axes: sqrt(var(...))."""
    return _var(a, axis, dtype, out, _ddof(ddof, correction), keepdims, where, mean, 2, True)


def _squares(xp, d):
    """|d|**2 in place: d*d, or for complex d the real part of d*conj(d) (a real view)."""
    if d.dtype.kind == "c":
        return xp.multiply(d, xp.conjugate(d), out=d).real
    return xp.multiply(d, d, out=d)


# Fused kernels, made on first use per array module (NumPy standing in for cunp has none):
# (x - m)**2 summed in one reduction reads x once more after the mean, instead of writing and
# re-reading a squared-deviations array. _FUSED = False keeps to the plain composition.
_FUSED = True
_KERNELS = {}


def _make_kernel(xp, kind):
    if kind == "sum_sq_dev":
        make = getattr(xp, "ReductionKernel", None)
        return make and make("T x, T m", "T y", "(x - m) * (x - m)", "a + b", "y = a", "0",
                             "cunp_sum_squared_deviation")
    make = getattr(xp, "ElementwiseKernel", None)
    return make and make("T x, T m", "T d", "d = (x - m) * (x - m)", "cunp_squared_deviation")


def _kernel(xp, kind):
    kernel = _KERNELS.get((xp, kind), _NOVALUE)
    if kernel is _NOVALUE:
        kernel = _KERNELS[xp, kind] = _make_kernel(xp, kind)
    return kernel


def _squared_deviation_kernel(xp):
    return _kernel(xp, "sq_dev")


def _fusable(arr, m, dtype):
    # float32/float64 with a mean of the same dtype accumulate in that dtype, as NumPy's sum.
    return dtype is None and arr.dtype.char in "fd" and getattr(m, "dtype", None) == arr.dtype


def _deviations_squared(xp, arr, m, dtype):
    """(arr - m)**2 as a new array: one fused kernel where possible, else subtract, square."""
    if _FUSED and _fusable(arr, m, dtype):
        kernel = _kernel(xp, "sq_dev")
        if kernel is not None:
            return kernel(arr, m)
    return _squares(xp, xp.subtract(arr, m))


def _var(a, axis, dtype, out, ddof, keepdims, where, mean, level, root=False):
    """var, or with root=True std (the square root taken in the same launch where it can)."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if where is True:
        n = _count(arr.shape, axis)
        if ddof >= n:
            _warn("Degrees of freedom <= 0 for slice", level + 1)
        r = _one.var(xp, arr, axis, dtype, out, ddof, keepdims, where, mean, root)
        if r is not None:  # one pass: (count, mean, M2) folded, divided (and rooted) on write
            return r
        n_kept = n
    else:
        n_kept = _count_where(xp, arr, axis, where, True)  # shaped like the kept-dims mean
        if bool(xp.any(xp.less_equal(n_kept, ddof))):
            _warn("Degrees of freedom <= 0 for slice", level + 1)
    if dtype is None and arr.dtype.kind in "biu":
        dtype = "float64"
    if mean is None:
        # (only this sum can cast complex to real: the squared deviations are real already)
        src = _drop_imag(xp, arr, dtype, None, level + 1)
        m = _divide(xp, _sum(xp, src, axis, dtype, None, True, where), n_kept)
    else:
        m = mean
    if where is True:
        dof = max(n - ddof, 0)
        if _FUSED and out is None and _fusable(arr, m, dtype):  # (sum checks a given out)
            kernel = _kernel(xp, "sum_sq_dev")
            if kernel is not None:  # one pass over arr, then the division in place
                ret = _divide(xp, kernel(arr, m, axis=axis, keepdims=keepdims), dof)
                return xp.sqrt(ret, out=ret) if root else ret
        ret = _sum(xp, _deviations_squared(xp, arr, m, dtype), axis, dtype, out, keepdims, True)
    else:
        ret = _sum(xp, _deviations_squared(xp, arr, m, dtype), axis, dtype, out, keepdims, where)
        dof = xp.maximum(xp.subtract(n_kept, ddof), 0).reshape(ret.shape)
    ret = _divide(xp, ret, dof)
    return xp.sqrt(ret, out=ret) if root else ret


# -- average, ptp, count_nonzero -----------------------------------------------------------------

def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average along the given axes; with returned=True also the sum of the weights."""
    import numpy

    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if axis is not None:
        axis = numpy.lib.array_utils.normalize_axis_tuple(axis, arr.ndim, argname="axis")
    if weights is None:
        avg = _mean(arr, axis, None, None, keepdims, True, 2)
        # NumPy computes the scale even when it is not returned (0/0 raises alike).
        scl = arr.size / avg.size
        if returned:
            return avg, xp.full(avg.shape, scl, dtype=avg.dtype)
        return avg
    wgt = _as_array(xp, weights)
    if arr.shape != wgt.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if wgt.shape != tuple(arr.shape[ax] for ax in axis):
            raise ValueError("Shape of weights must be consistent with shape of a along "
                             "specified axis.")
        # Line the weights' axes up with a's: transpose to a's order, size 1 elsewhere.
        order = tuple(sorted(range(len(axis)), key=axis.__getitem__))
        wgt = wgt.transpose(order).reshape(
            tuple(s if ax in axis else 1 for ax, s in enumerate(arr.shape)))
    if arr.dtype.kind in "biu":
        result_dtype = _core.result_type(arr.dtype, wgt.dtype, "f8")
    else:
        result_dtype = _core.result_type(arr.dtype, wgt.dtype)
    scl = xp.sum(wgt, axis=axis, dtype=result_dtype, keepdims=keepdims)
    if bool(xp.any(xp.equal(scl, 0.0))):  # one bool to the host, as NumPy must look too
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    total = xp.sum(xp.multiply(arr, wgt, dtype=result_dtype), axis=axis, keepdims=keepdims)
    avg = xp.true_divide(total, scl, out=total)
    if returned:
        if scl.shape != avg.shape:
            scl = xp.broadcast_to(scl, avg.shape).copy()
        return avg, scl
    return avg


def ptp(a, axis=None, out=None, keepdims=False):
    """Range (maximum - minimum) along the given axes."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    # As NumPy: the maximum lands in `out` first, so a wider `out` keeps the difference exact.
    hi = xp.max(arr, axis=axis, out=out, keepdims=keepdims)
    lo = xp.min(arr, axis=axis, keepdims=keepdims)
    return xp.subtract(hi, lo, out=out)


def count_nonzero(a, axis=None, *, keepdims=False):
    """Number of nonzero elements along the given axes (int64; a 0-d device array for axis=None,
    as in CuPy, so that no transfer is forced)."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    nz = arr if arr.dtype.kind == "b" else xp.not_equal(arr, 0)
    return xp.sum(nz, axis=axis, dtype="int64", keepdims=keepdims)


# -- NaN-ignoring reductions ----------------------------------------------------------------------

def _inexact(arr):
    return arr.dtype.kind in "fc"


def _replace_nan(xp, arr, value):
    """A copy of a float/complex array with NaN elements set to `value` (one kernel)."""
    if arr.dtype.kind == "f":
        return xp.nan_to_num(arr, nan=value, posinf=_INF, neginf=-_INF)
    # A complex element is NaN when either part is (NumPy's isnan): the whole element goes.
    return xp.where(xp.isnan(arr), value, arr)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    """Sum treating NaN as zero."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if initial is _NOVALUE:
        r = _one.nansum(xp, arr, axis, dtype, out, keepdims, where)
        if r is not None:  # one launch: NaN maps to 0 as it is read
            return r
    if _inexact(arr):
        arr = _drop_imag(xp, _replace_nan(xp, arr, 0), dtype, out, 2)
    if initial is not _NOVALUE:
        _check_initial(initial, _sum_loop_dtype(arr, dtype, out), axis, arr)
    return xp.sum(arr, axis=axis, dtype=dtype, out=out, keepdims=keepdims,
                  **_extras(initial, where))


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    """Product treating NaN as one."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if _inexact(arr):
        arr = _drop_imag(xp, _replace_nan(xp, arr, 1), dtype, out, 2)
    if initial is not _NOVALUE:
        _check_initial(initial, _sum_loop_dtype(arr, dtype, out), axis, arr)
    return xp.prod(arr, axis=axis, dtype=dtype, out=out, keepdims=keepdims,
                   **_extras(initial, where))


def _sum_loop_dtype(arr, dtype, out):
    """The dtype NumPy's sum/prod reduce in: dtype=, else bool and ints narrower than 64 bits
    widened to int64/uint64 (None where an out= is given and no dtype=)."""
    if dtype is not None:
        return dtype
    if out is not None:
        return None  # NumPy's loop choice with out= varies by case: left to the sum itself
    kind = arr.dtype.kind
    if kind in "bi" and arr.dtype.itemsize < 8:
        return "int64"
    if kind == "u" and arr.dtype.itemsize < 8:
        return "uint64"
    return arr.dtype


def _nan_extreme(ufunc, a, axis, out, keepdims, initial, where):
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if initial is not _NOVALUE:
        # (with out=, NumPy's loop choice varies by case: left to the reduction itself)
        _check_initial(initial, arr.dtype if out is None else None, axis, arr)
    # fmax/fmin skip NaN, so only an all-NaN slice leaves one: NumPy warns about it.
    res = getattr(xp, ufunc).reduce(arr, axis=axis, out=out, keepdims=keepdims,
                                    **_extras(initial, where))
    if _inexact(arr) and bool(xp.any(xp.isnan(res))):
        _warn("All-NaN slice encountered", 3)
    return res


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    """Maximum ignoring NaN; an all-NaN slice gives NaN and a RuntimeWarning."""
    return _nan_extreme("fmax", a, axis, out, keepdims, initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    """Minimum ignoring NaN; an all-NaN slice gives NaN and a RuntimeWarning."""
    return _nan_extreme("fmin", a, axis, out, keepdims, initial, where)


def _nan_arg(name, fill, a, axis, out, keepdims):
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if _inexact(arr):
        mask = xp.isnan(arr)
        if arr.size:
            every = xp.all(mask, axis=axis)
            if bool(every if axis is None else xp.any(every)):  # one bool to the host
                raise ValueError("All-NaN slice encountered")
        arr = xp.where(mask, fill, arr)
    return getattr(xp, name)(arr, axis=axis, out=out, keepdims=keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """Index of the maximum ignoring NaN; an all-NaN slice raises ValueError."""
    return _nan_arg("argmax", -_INF, a, axis, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """Index of the minimum ignoring NaN; an all-NaN slice raises ValueError."""
    return _nan_arg("argmin", _INF, a, axis, out, keepdims)


def _check_inexact(dtype, out):
    if dtype is not None:
        import numpy

        if numpy.dtype(dtype).kind not in "fc":
            raise TypeError("If a is inexact, then dtype must be inexact")
    if out is not None and getattr(getattr(out, "dtype", None), "kind", "") not in "fc":
        raise TypeError("If a is inexact, then out must be inexact")


def _not_nan(xp, arr):
    # x == x is False exactly at NaN (a complex element: either part), in one kernel.
    return xp.equal(arr, arr)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Mean of the non-NaN elements; an all-NaN slice gives NaN and a RuntimeWarning."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if not _inexact(arr):
        return _mean(arr, axis, dtype, out, keepdims, where, 2)
    _check_inexact(dtype, out)
    r = _one.nanmean(xp, arr, axis, dtype, out, keepdims, where)
    if r is not None:  # one launch: the non-NaN sum and count, divided on write
        avg, empty = r
        if bool(empty if empty.size == 1 else xp.any(empty)):  # one bool to the host
            _warn("Mean of empty slice", 2)
        return avg
    ok = _not_nan(xp, arr)
    cnt = _sum(xp, ok, axis, "int64", None, keepdims, where)
    tot = _sum(xp, _drop_imag(xp, xp.where(ok, arr, 0), dtype, out, 2), axis, dtype, out,
               keepdims, where)
    avg = _divide(xp, tot, cnt)
    if not bool(xp.all(cnt)):  # one bool to the host
        _warn("Mean of empty slice", 2)
    return avg


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=_NOVALUE, correction=_NOVALUE):
    """Variance of the non-NaN elements; a slice with N - ddof <= 0 gives NaN and a warning."""
    return _nanvar(a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=_NOVALUE, correction=_NOVALUE):
    """Standard deviation of the non-NaN elements: sqrt(nanvar(...))."""
    return _nanvar(a, axis, dtype, out, ddof, keepdims, where, mean, correction, True)


def _nanvar(a, axis, dtype, out, ddof, keepdims, where, mean, correction, root=False):
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if not _inexact(arr):
        return _var(arr, axis, dtype, out, _ddof(ddof, correction), keepdims, where,
                    None if mean is _NOVALUE else mean, 3, root)
    _check_inexact(dtype, out)
    ddof = _ddof(ddof, correction)
    r = None if mean is not _NOVALUE else _one.nanvar(xp, arr, axis, dtype, out, ddof, keepdims,
                                                      where, None, root)
    if r is not None:  # one pass: (count, mean, M2) of the non-NaN values
        ret, bad = r
        if bool(bad if bad.size == 1 else xp.any(bad)):  # one bool to the host
            _warn("Degrees of freedom <= 0 for slice.", 3)
        return ret
    ok = _not_nan(xp, arr)
    vals = xp.where(ok, arr, 0)  # a private copy: the deviations are formed in it
    cnt = _sum(xp, ok, axis, "int64", None, True, where)
    if mean is _NOVALUE:
        src = _drop_imag(xp, vals, dtype, None, 3)  # (the squares below are real already)
        avg = _divide(xp, _sum(xp, src, axis, dtype, None, True, where), cnt)
    else:
        avg = mean
    # NaN slots keep their 0 (where=ok), so they add nothing to the squares.
    xp.subtract(vals, avg, out=vals, casting="unsafe", where=ok)
    ret = _sum(xp, _squares(xp, vals), axis, dtype, out, keepdims, where)
    if not keepdims:
        cnt = cnt.reshape(ret.shape)
    dof = xp.subtract(cnt, ddof)
    good = xp.greater(dof, 0)
    if not bool(xp.all(good)):  # one bool to the host
        _warn("Degrees of freedom <= 0 for slice.", 3)
        dof = xp.where(good, dof, _NAN)  # NumPy gives NaN there, whatever the quotient
    ret = _divide(xp, ret, dof)
    return xp.sqrt(ret, out=ret) if root else ret
