# python/cunp/_statistics/_averages.py -- statistics over axes: mean, var, std, average, ptp,
# count_nonzero and the NaN-ignoring forms (NumPy 2 semantics).
"""Statistics over axes: mean, var, std, average, ptp, count_nonzero and the nan-ignoring forms.

mean, var, std, nansum, nanmean, nanvar and nanstd have one owner, the C++ core: each passes the
user's arguments once to ``_core.statistics.run`` (src/python/statistics.cpp), which normalizes
the axes, resolves NumPy's dtypes (src/ops/statistics/plan.cpp), issues the warnings a host count
decides, and either launches the one-pass kernel or returns a ``Plan``. The compositions here
follow the plan (its axes, sum dtype, result dtype, count, real-part and ComplexWarning flags)
and keep no dtype rule of their own; they run for where=, var's mean=, nansum's initial=, a
dtype= or out= the kernel does not write, a subclass, and arrays of another module.

Every composition is short: device primitives (sum, ufuncs) with NumPy's argument handling,
warnings and errors. The host only decides what NumPy decides on the host: a warning or an error
about empty or all-NaN slices, which costs one small device-to-host transfer, and only where
NumPy would have to look.

The primitives are looked up on one module object, ``_xp`` (cunp itself, bound on first use),
so that a test can point it at NumPy and check the compositions without a GPU (the plan reads
only a NumPy array's shape and dtype, and then always asks for the composition).
"""
import warnings

from cunp import _core

__all__ = [
    "mean", "var", "std", "average", "ptp", "count_nonzero",
    "nansum", "nanprod", "nanmax", "nanmin", "nanargmax", "nanargmin",
    "nanmean", "nanvar", "nanstd",
]

_NOVALUE = object()  # "argument not given" where None is a meaningful value
_INF = float("inf")
_NAN = float("nan")

_xp = None  # the array module the compositions call; None: cunp, bound on first use
_ONE_PASS = True  # False: every call follows its composition (tests compare the two)
_Plan = _core.statistics.Plan


def _lib():
    global _xp
    if _xp is None:
        import cunp

        _xp = cunp
    return _xp


def _as_array(xp, a):
    return a if isinstance(a, xp.ndarray) else xp.asarray(a)


def _sum(xp, a, axis, dtype, out, keepdims, where):
    # `where` is passed only when given, so the common call stays on the short path.
    if where is True:
        return xp.sum(a, axis=axis, dtype=dtype, out=out, keepdims=keepdims)
    return xp.sum(a, axis=axis, dtype=dtype, out=out, keepdims=keepdims, where=where)


def _count_where(xp, arr, axes, where, keepdims):
    """Per-output count of the elements `where` selects (a device int64 array)."""
    return xp.sum(xp.broadcast_to(where, arr.shape), axis=axes, dtype="int64", keepdims=keepdims)


def _run(kind, arr, axis, dtype, out, keepdims, level, ddof=0, correction=_NOVALUE, where=True,
         mean_given=False, initial_given=False, launch=True):
    """The statistic in one launch, or the Plan of its composition (the C++ side warns where a
    host count decides, `level` frames above this function's caller)."""
    given = correction is not _NOVALUE
    return _core.statistics.run(kind, arr, axis, dtype, out, keepdims, ddof,
                                correction if given else None, given, where is not True,
                                mean_given, initial_given, _ONE_PASS, launch, level + 2)


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


def _drop_imag(xp, arr, plan, level):
    """arr, or its real part where the plan sums a complex input in a real dtype=; with NumPy's
    ComplexWarning where the plan says the composition must issue it.

    A real dtype= makes NumPy's loop real: each element loses its imaginary part, as summing
    the real view does (which casts nothing). A real out= with no dtype= keeps the complex
    loop and casts only the result into out, which cunp's reduction does (and warns) itself;
    only a stand-in module's composition is told to warn there."""
    if plan.real_sum:
        arr = arr.real
    if plan.complex_warning:
        import numpy

        _warn("Casting complex values to real discards the imaginary part", level + 1,
              numpy.exceptions.ComplexWarning)
    return arr


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
    if where is not True:
        xp.broadcast_to(where, arr.shape)  # (NumPy's order: a mask that does not fit, then axes)
    plan = _run("mean", arr, axis, dtype, out, keepdims, level, where=where)
    if type(plan) is not _Plan:  # one launch: the sum divided by the count as it is written
        return plan
    return _mean_plan(xp, arr, plan, out, keepdims, where, level + 1)


def _mean_plan(xp, arr, plan, out, keepdims, where, level):
    """mean's composition: the sum in the plan's dtype divided by the count."""
    if where is True:
        n = plan.count  # (the plan has warned about an empty slice)
    else:
        n = _count_where(xp, arr, plan.axes, where, keepdims)
        if not bool(xp.all(n)):  # one bool to the host: NumPy warns about an empty slice
            _warn("Mean of empty slice", level + 1)
    src = _drop_imag(xp, arr, plan, level + 1)
    total = _sum(xp, src, plan.axes, plan.sum_dtype, out, keepdims, where)
    if plan.half_result:  # the quotient goes straight into the float16 result: no extra pass
        return xp.true_divide(total, n, out=xp.empty(total.shape, dtype=plan.result_dtype),
                              casting="unsafe")
    return _divide(xp, total, n)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=_NOVALUE):
    """Variance along the given axes: mean(abs(x - x.mean())**2) * N / (N - ddof)."""
    return _var(a, axis, dtype, out, ddof, keepdims, where, mean, 2, correction=correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=_NOVALUE):
    """Standard deviation along the given axes: sqrt(var(...))."""
    return _var(a, axis, dtype, out, ddof, keepdims, where, mean, 2, True, correction)


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


def _var(a, axis, dtype, out, ddof, keepdims, where, mean, level, root=False,
         correction=_NOVALUE):
    """var, or with root=True std (the square root taken in the same launch where it can)."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if where is not True:
        xp.broadcast_to(where, arr.shape)  # (NumPy's order: a mask that does not fit, then axes)
    plan = _run("std" if root else "var", arr, axis, dtype, out, keepdims, level, ddof,
                correction, where, mean is not None)
    if type(plan) is not _Plan:  # one pass: (count, mean, M2) folded, divided (and rooted)
        return plan
    return _var_plan(xp, arr, plan, out, keepdims, where, mean, level + 1)


def _var_plan(xp, arr, plan, out, keepdims, where, mean, level):
    """var's (std's) composition: the mean, the squared deviations summed, the divisor."""
    ddof, dtype, axes = plan.ddof, plan.sum_dtype, plan.axes
    if where is True:
        n = n_kept = plan.count  # (the plan has warned about ddof >= n)
    else:
        n_kept = _count_where(xp, arr, axes, where, True)  # shaped like the kept-dims mean
        if bool(xp.any(xp.less_equal(n_kept, ddof))):
            _warn("Degrees of freedom <= 0 for slice", level + 1)
    if mean is None:
        # (only this sum can cast complex to real: the squared deviations are real already)
        src = _drop_imag(xp, arr, plan, level + 1)
        m = _divide(xp, _sum(xp, src, axes, dtype, None, True, where), n_kept)
    else:
        m = mean
    if where is True:
        dof = max(n - ddof, 0)
        if _FUSED and out is None and _fusable(arr, m, dtype):  # (sum checks a given out)
            kernel = _kernel(xp, "sum_sq_dev")
            if kernel is not None:  # one pass over arr, then the division in place
                ret = _divide(xp, kernel(arr, m, axis=axes, keepdims=keepdims), dof)
                return _root(xp, ret, out) if plan.root else ret
        ret = _sum(xp, _deviations_squared(xp, arr, m, dtype), axes, dtype, out, keepdims, True)
    else:
        ret = _sum(xp, _deviations_squared(xp, arr, m, dtype), axes, dtype, out, keepdims, where)
        dof = xp.maximum(xp.subtract(n_kept, ddof), 0).reshape(ret.shape)
    ret = _divide(xp, ret, dof)
    return _root(xp, ret, out) if plan.root else ret


def _root(xp, ret, out):
    """std's square root of the variance, in place. NumPy roots a 0-d result without out= (a
    scalar there) as `dtype.type(sqrt(ret))`, an unsafe cast that lets std(dtype=int8) return
    an int8; an array result (an axis kept, or out=) is rooted with sqrt(out=ret), whose
    same_kind rule refuses an integer or bool result."""
    if out is None and ret.ndim == 0 and ret.dtype.kind in "biu":
        return xp.sqrt(ret, out=ret, casting="unsafe")
    return xp.sqrt(ret, out=ret)


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
    plan = _run("nansum", arr, axis, dtype, out, keepdims, 1, where=where,
                initial_given=initial is not _NOVALUE)
    if type(plan) is not _Plan:  # one launch: NaN maps to 0 as it is read
        return plan
    if _inexact(arr):
        arr = _drop_imag(xp, _replace_nan(xp, arr, 0), plan, 2)
    # (cunp's sum checks `initial` against its loop dtype as NumPy does)
    return xp.sum(arr, axis=axis, dtype=dtype, out=out, keepdims=keepdims,
                  **_extras(initial, where))


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    """Product treating NaN as one."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    if _inexact(arr):
        # prod's dtype rules are sum's: nansum's plan says what a complex input loses
        plan = _run("nansum", arr, axis, dtype, out, keepdims, 1, launch=False)
        arr = _drop_imag(xp, _replace_nan(xp, arr, 1), plan, 2)
    return xp.prod(arr, axis=axis, dtype=dtype, out=out, keepdims=keepdims,
                   **_extras(initial, where))


def _nan_extreme(ufunc, a, axis, out, keepdims, initial, where):
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    # (cunp's reductions check `initial` against their loop dtype as NumPy does)
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


def _not_nan(xp, arr):
    # x == x is False exactly at NaN (a complex element: either part), in one kernel.
    return xp.equal(arr, arr)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Mean of the non-NaN elements; an all-NaN slice gives NaN and a RuntimeWarning."""
    xp = _xp or _lib()
    arr = _as_array(xp, a)
    plan = _run("nanmean", arr, axis, dtype, out, keepdims, 1, where=where)
    if type(plan) is not _Plan:  # one launch: the non-NaN sum and count, divided on write
        return plan
    if plan.kind == "mean":  # bool or integer input: no NaN, NumPy's mean
        if where is not True:
            xp.broadcast_to(where, arr.shape)
        return _mean_plan(xp, arr, plan, out, keepdims, where, 2)
    ok = _not_nan(xp, arr)
    cnt = _sum(xp, ok, plan.axes, "int64", None, keepdims, where)
    tot = _sum(xp, _drop_imag(xp, xp.where(ok, arr, 0), plan, 2), plan.axes, plan.sum_dtype,
               out, keepdims, where)
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
    plan = _run("nanstd" if root else "nanvar", arr, axis, dtype, out, keepdims, 2, ddof,
                correction, where, mean is not _NOVALUE)
    if type(plan) is not _Plan:  # one pass: (count, mean, M2) of the non-NaN values
        return plan
    if plan.kind == "var":  # bool or integer input: no NaN, NumPy's var
        if where is not True:
            xp.broadcast_to(where, arr.shape)
        return _var_plan(xp, arr, plan, out, keepdims, where, None if mean is _NOVALUE else mean,
                         3)
    ok = _not_nan(xp, arr)
    vals = xp.where(ok, arr, 0)  # a private copy: the deviations are formed in it
    cnt = _sum(xp, ok, plan.axes, "int64", None, True, where)
    if mean is _NOVALUE:
        src = _drop_imag(xp, vals, plan, 3)  # (the squares below are real already)
        avg = _divide(xp, _sum(xp, src, plan.axes, plan.sum_dtype, None, True, where), cnt)
    else:
        avg = mean
    # NaN slots keep their 0 (where=ok), so they add nothing to the squares.
    xp.subtract(vals, avg, out=vals, casting="unsafe", where=ok)
    ret = _sum(xp, _squares(xp, vals), plan.axes, plan.sum_dtype, out, keepdims, where)
    if not keepdims:
        cnt = cnt.reshape(ret.shape)
    dof = xp.subtract(cnt, plan.ddof)
    good = xp.greater(dof, 0)
    if not bool(xp.all(good)):  # one bool to the host
        _warn("Degrees of freedom <= 0 for slice.", 3)
        dof = xp.where(good, dof, _NAN)  # NumPy gives NaN there, whatever the quotient
    ret = _divide(xp, ret, dof)
    return _root(xp, ret, out) if plan.root else ret
