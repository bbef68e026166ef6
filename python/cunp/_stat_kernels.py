# python/cunp/_stat_kernels.py -- one-launch statistics on the reduction engine: mean, var/std
# (a (count, mean, M2) fold merged by Chan's formula) and the NaN-skipping nansum/nanmean/nanvar.
"""Single-pass statistics kernels.

Each function here reads its input once, in one reduction launch: the map turns an element
into a partial result, the fold merges partials, and the post-map writes the statistic (it
reads the reduced count, ``_red_n``, from the engine). var/std fold (n, mean, M2) triples and
merge them with Chan et al.'s parallel formula, which keeps the accuracy of a two-pass
variance (no cancellation of large sums of squares) while reading the data once.

Each function returns None when its arguments need the general composition in _statistics
(a where= mask, a dtype= or out= other than the natural one, mean=, ...).
"""
import math

from cunp import _core

_OPS = {}

# Accumulator per input dtype char: float16 folds in float32, integers and bools in float64.
_ACC = {"e": "f", "f": "f", "d": "d", "F": "F", "D": "D"}
_REAL = {"f": "float", "d": "double", "F": "float", "D": "double"}
_CTYPE = {"f": "float", "d": "double", "F": "complex<float>", "D": "complex<double>"}

# Device helpers every op shares: the value of an element in the accumulator's type, NaN tests
# and the quotient by a count (a complex value by the complex count, as NumPy divides). A
# %-template: the asm operands are written %%0.
_COMMON = r"""
typedef %(R)s _R;
typedef %(A)s _A;
__device__ __forceinline__ bool _st_isnan(_R v) { return v != v; }
__device__ __forceinline__ bool _st_isnan(complex<_R> v) { return v.re != v.re || v.im != v.im; }
__device__ __forceinline__ _R _st_div(_R a, double n) { return a / static_cast<_R>(n); }
__device__ __forceinline__ complex<_R> _st_div(complex<_R> a, double n) {
  return np_true_divide(a, complex<_R>(static_cast<_R>(n), _R(0)));  // NumPy's: inf / n is inf+nanj
}
__device__ __forceinline__ float _st_nan(float) { return __int_as_float(0x7fc00000); }
__device__ __forceinline__ double _st_nan(double) { return __longlong_as_double(0x7ff8000000000000LL); }
// 1 / n for a count n >= 1 (the merges never take an empty side): the hardware approximation
// (float32: within 1 ulp) or, for float64, the approximation and one cubic step (below 2^-60),
// not a correctly rounded division: the fold takes one per element.
__device__ __forceinline__ float _st_rcp(float n) {
  float r;
  asm("rcp.approx.ftz.f32 %%0, %%1;" : "=f"(r) : "f"(n));
  return r;
}
__device__ __forceinline__ double _st_rcp(double n) {
  double r;
  asm("rcp.approx.ftz.f64 %%0, %%1;" : "=d"(r) : "d"(n));
  double e = fma(-n, r, 1.0);
  e = fma(e, e, e);
  return fma(r, e, r);
}
"""

# The (n, mean, M2) fold, shifted: a partial holds its mean as k + m, where k is the first value
# it saw, so that m stays of the order of the spread (a float32 mean of 1e4 + noise would keep
# only 1e-3 of it: its rounding, not the data, would set M2). Merging adds b's partial to a's
# with Chan's formula, keeping a's shift; the weight b.n / n is one reciprocal per merge, and
# for a single element (b = (1, x, 0, 0), the map inlined) it is Welford's update. Empty
# partials (n = 0) merge to the other side unchanged.
_WELFORD_REAL = r"""
struct _wf {
  _R n, k, m, q;
};
__device__ __forceinline__ _wf _wf_merge(const _wf a, const _wf b) {
  if (b.n == _R(0)) return a;
  if (a.n == _R(0)) return b;
  const _R n = a.n + b.n, wb = b.n * _st_rcp(n), d = (b.k - a.k) + (b.m - a.m);
  return _wf{n, a.k, a.m + d * wb, a.q + b.q + d * d * a.n * wb};
}
__device__ __forceinline__ _wf _wf_zero() { return _wf{_R(0), _R(0), _R(0), _R(0)}; }
__device__ __forceinline__ bool _wf_finite(const _wf a) {
  const _R mu = a.k + a.m;
  return mu - mu == _R(0);
}
template <class T> __device__ __forceinline__ _wf _wf_map(T x) {
  const _R v = cast<_R>(x);
  if (SKIP_NAN && _st_isnan(v)) return _wf_zero();
  return _wf{_R(1), v, _R(0), _R(0)};
}
"""

# Complex values: the mean is complex, M2 sums |x - mean|^2 (real). complex64 keeps a shift per
# part; complex128 (float64 parts, and a partial must fit 32 bytes) does without.
_WELFORD_COMPLEX = r"""
#if SHIFTED
struct _wf {
  _R n, kr, ki, mr, mi, q;
};
#define _WF_SHIFT(a, b, dr, di) const _R dr = (b.kr - a.kr) + (b.mr - a.mr), di = (b.ki - a.ki) + (b.mi - a.mi)
#define _WF_MAKE(n, a, mr, mi, q) _wf{n, a.kr, a.ki, mr, mi, q}
#define _WF_ELEM(v) _wf{_R(1), v.re, v.im, _R(0), _R(0), _R(0)}
#define _WF_ZERO _wf{_R(0), _R(0), _R(0), _R(0), _R(0), _R(0)}
#define _WF_MEAN(a, re, im) const _R re = a.kr + a.mr, im = a.ki + a.mi
#else
struct _wf {
  _R n, mr, mi, q;
};
#define _WF_SHIFT(a, b, dr, di) const _R dr = b.mr - a.mr, di = b.mi - a.mi
#define _WF_MAKE(n, a, mr, mi, q) _wf{n, mr, mi, q}
#define _WF_ELEM(v) _wf{_R(1), v.re, v.im, _R(0)}
#define _WF_ZERO _wf{_R(0), _R(0), _R(0), _R(0)}
#define _WF_MEAN(a, re, im) const _R re = a.mr, im = a.mi
#endif
__device__ __forceinline__ _wf _wf_merge(const _wf a, const _wf b) {
  if (b.n == _R(0)) return a;
  if (a.n == _R(0)) return b;
  const _R n = a.n + b.n, wb = b.n * _st_rcp(n);
  _WF_SHIFT(a, b, dr, di);
  return _WF_MAKE(n, a, a.mr + dr * wb, a.mi + di * wb, a.q + b.q + (dr * dr + di * di) * a.n * wb);
}
__device__ __forceinline__ _wf _wf_zero() { return _WF_ZERO; }
__device__ __forceinline__ bool _wf_finite(const _wf a) {
  _WF_MEAN(a, re, im);
  return re - re == _R(0) && im - im == _R(0);
}
template <class T> __device__ __forceinline__ _wf _wf_map(T x) {
  const complex<_R> v = cast<complex<_R>>(x);
  if (SKIP_NAN && _st_isnan(v)) return _wf_zero();
  return _WF_ELEM(v);
}
"""

# var/std's result from the fold: M2 / max(n - ddof, 0) (NumPy's var; the count is the
# engine's, exact); nanvar's: M2 / (n - ddof) over the non-NaN count, NaN where that is <= 0.
# An infinite (or NaN) mean makes NumPy's deviations NaN, so the result is NaN there too.
_VAR_POST = r"""
__device__ __forceinline__ _R _wf_var(const _wf a, double n) {
  double d = n - (DDOF);
  if (d < 0) d = 0;
  _R v = a.q / static_cast<_R>(d);
  if (!_wf_finite(a)) v = _st_nan(v);
  return ROOT ? sqrt(v) : v;
}
__device__ __forceinline__ _R _wf_nanvar(const _wf a, bool& bad) {
  const double d = static_cast<double>(a.n) - (DDOF);
  bad = !(d > 0);
  if (bad || !_wf_finite(a)) return _st_nan(_R(0));
  const _R v = a.q / static_cast<_R>(d);
  return ROOT ? sqrt(v) : v;
}
"""

# nanmean's fold: the sum of the non-NaN values and their count.
_NANMEAN = r"""
struct _nm {
  _A s;
  _R n;
};
template <class T> __device__ __forceinline__ _nm _nm_map(T x) {
  const _A v = cast<_A>(x);
  if (_st_isnan(v)) return _nm{cast<_A>(0), _R(0)};
  return _nm{v, _R(1)};
}
"""


def _op(kind, acc, ddof=0.0, root=False):
    """The engine op for one statistic folding in accumulator dtype char `acc` (cached)."""
    key = (kind, acc, ddof, root)
    op = _OPS.get(key)
    if op is not None:
        return op
    pre = _COMMON % {"R": _REAL[acc], "A": _CTYPE[acc]}
    cplx = acc in "FD"
    defs = "#define SKIP_NAN %s\n#define DDOF %r\n#define ROOT %s\n#define SHIFTED %d\n" % (
        "true" if kind == "nanvar" else "false", float(ddof), "true" if root else "false",
        acc != "D")
    if kind == "mean":
        parts = ("cast<_rtype>(in0)", "a + b", "out0 = cast<_t1>(_st_div(a, static_cast<double>(_red_n)))",
                 "cast<_rtype>(0)", _CTYPE[acc])
    elif kind == "nansum":
        parts = ("_st_isnan(cast<_rtype>(in0)) ? cast<_rtype>(0) : cast<_rtype>(in0)", "a + b",
                 "out0 = cast<_t1>(a)", "cast<_rtype>(0)", _CTYPE[acc])
    elif kind == "nanmean":
        pre += _NANMEAN
        parts = ("_nm_map(in0)", "_nm{a.s + b.s, a.n + b.n}",
                 "out0 = cast<_t1>(_st_div(a.s, static_cast<double>(a.n))); out1 = a.n == _R(0)",
                 "_nm{cast<_A>(0), _R(0)}", "_nm")
    elif kind in ("var", "nanvar"):
        pre += defs + (_WELFORD_COMPLEX if cplx else _WELFORD_REAL) + _VAR_POST
        post = ("out0 = cast<_t1>(_wf_var(a, static_cast<double>(_red_n)))" if kind == "var" else
                "bool _bad; out0 = cast<_t1>(_wf_nanvar(a, _bad)); out1 = _bad")
        parts = ("_wf_map(in0)", "_wf_merge(a, b)", post, "_wf_zero()", "_wf")
    else:
        raise ValueError(kind)
    map_expr, reduce_expr, post_map, identity, rtype = parts
    name = kind + ("_std" if root else "")
    op = _core._ReductionOp(name, map_expr, reduce_expr, post_map, identity, rtype, pre, [], [],
                            [], [], False)
    _OPS[key] = op
    return op


def source(kind, in_dtype, out_dtypes, ddof=0.0, root=False, strategy=0, kept_ndim=0,
           reduced_ndim=1, vec=1):
    """The CUDA source of one statistic for these dtypes and layout (CPU tests compile it)."""
    import numpy

    acc = _acc(numpy.dtype(in_dtype))
    return _op(kind, acc, float(ddof), root)._source(
        [str(in_dtype)], [str(d) for d in out_dtypes], strategy, kept_ndim, reduced_ndim, vec)


def _acc(dt):
    return _ACC.get(dt.char, "d")


def _axes(arr, axis, nan=False):
    """The sorted axes to fold. The nan-functions (nan=True) take axis 0 or -1 on a 0-d array,
    as the ufunc reductions NumPy builds them from do; mean, var and std raise AxisError."""
    if axis is None:
        return list(range(arr.ndim))
    return sorted(_core._normalize_axes(axis, arr.ndim, reduce_0d=nan))


def _result(arr, axes, keepdims, dtype, out):
    """The output array: a new one, or `out` when it is exactly what would be made (else None:
    the caller falls back to the composition, which handles casting into out=)."""
    if keepdims or len(axes) != arr.ndim:
        shape = tuple(1 if d in axes else e for d, e in enumerate(arr.shape)
                      if keepdims or d not in axes)
    else:
        shape = ()  # every axis folded: the common case, without the walk over the shape
    if out is None:
        return _core.empty(shape, dtype)
    if type(out) is not _core.ndarray or out.shape != shape or out.dtype != dtype:
        return None
    return out


def _run(op, arr, outs, axes):
    op([arr], outs, axes, arr.shape)


def _finite_float(v):
    """v as a finite float, or None (the composition path then gives NumPy's error or nan)."""
    try:
        v = float(v)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def _usable(xp, arr, where):
    return where is True and xp.ndarray is _core.ndarray and type(arr) is _core.ndarray


def _nan_usable(xp, arr, dtype, where):
    # The NaN-skipping kernels take float and complex input in their own dtype only.
    return _usable(xp, arr, where) and dtype is None and arr.dtype.kind in "fc"


_RESULT_TYPES = {}


def _acc_and_result(dt, kind):
    """(accumulator char, result dtype) of mean or var (also std, nanvar) for input dtype dt,
    memoized: mean's result is a float or complex input's own dtype, else float64; var's a float
    input's own, else the real type of the accumulator."""
    key = (dt, kind)
    r = _RESULT_TYPES.get(key)
    if r is None:
        import numpy

        acc = _acc(dt)
        if kind == "mean":
            res = dt if dt.kind in "fc" else numpy.dtype("float64")
        elif dt.kind == "f":
            res = dt
        else:
            res = numpy.dtype("float32" if _REAL[acc] == "float" else "float64")
        r = _RESULT_TYPES[key] = (acc, res)
    return r


def mean(xp, arr, axis, dtype, out, keepdims, where):
    """mean in one launch (sum and divide by the count in the post-map), or None."""
    if not _usable(xp, arr, where):
        return None
    dt = arr.dtype
    if dtype is not None:
        import numpy

        # dtype= names the accumulator and the result; a complex input into a real dtype
        # drops imaginary parts with a warning: left to the composition.
        res = numpy.dtype(dtype)
        if res.char not in "efdFD" or dt.kind == "c" and res.kind != "c":
            return None
        acc = _ACC[res.char]
    else:
        if dt.kind not in "biufc":
            return None
        acc, res = _acc_and_result(dt, "mean")
    axes = _axes(arr, axis)
    o = _result(arr, axes, keepdims, res, out)
    if o is None:
        return None
    _run(_op("mean", acc), arr, [o], axes)
    return o


def var(xp, arr, axis, dtype, out, ddof, keepdims, where, mean, root):
    """var (root: std) in one pass over arr, or None."""
    if not _usable(xp, arr, where) or mean is not None:
        return None
    dt = arr.dtype
    if dt.kind not in "biufc":
        return None
    if dtype is not None:
        import numpy

        if numpy.dtype(dtype) != dt:
            return None
    ddof = _finite_float(ddof)
    if ddof is None:
        return None
    acc, res = _acc_and_result(dt, "var")
    axes = _axes(arr, axis)
    o = _result(arr, axes, keepdims, res, out)
    if o is None:
        return None
    _run(_op("var", acc, ddof, root), arr, [o], axes)
    return o


def nansum(xp, arr, axis, dtype, out, keepdims, where):
    """nansum of a float/complex array in one launch (NaN maps to 0), or None."""
    if not _nan_usable(xp, arr, dtype, where):
        return None
    axes = _axes(arr, axis, nan=True)
    o = _result(arr, axes, keepdims, arr.dtype, out)
    if o is None:
        return None
    _run(_op("nansum", _acc(arr.dtype)), arr, [o], axes)
    return o


def nanmean(xp, arr, axis, dtype, out, keepdims, where):
    """(mean, empty) of a float/complex array's non-NaN elements in one launch, or None;
    `empty` is a bool array (True where a slice had no value), for the caller's warning."""
    if not _nan_usable(xp, arr, dtype, where):
        return None
    axes = _axes(arr, axis, nan=True)
    o = _result(arr, axes, keepdims, arr.dtype, out)
    if o is None:
        return None
    empty = _core.empty(o.shape, dtype="bool")
    _run(_op("nanmean", _acc(arr.dtype)), arr, [o, empty], axes)
    return o, empty


def nanvar(xp, arr, axis, dtype, out, ddof, keepdims, where, mean, root):
    """(nanvar or nanstd, bad) in one pass, or None; `bad` flags slices with n - ddof <= 0."""
    if not _nan_usable(xp, arr, dtype, where):
        return None
    ddof = _finite_float(ddof)
    if ddof is None:
        return None
    acc, res = _acc_and_result(arr.dtype, "var")
    axes = _axes(arr, axis, nan=True)
    o = _result(arr, axes, keepdims, res, out)
    if o is None:
        return None
    bad = _core.empty(o.shape, dtype="bool")
    _run(_op("nanvar", acc, ddof, root), arr, [o, bad], axes)
    return o, bad
