"""entropy (Shannon, or Kullback-Leibler against qk) and boxcox_llf."""
import math

import numpy

import cunp as cp
from cunp.scipy.stats._axis import Sample, float_dtype


def entropy(pk, qk=None, base=None, axis=0, *, nan_policy="propagate", keepdims=False):
    """-sum(pk log pk) of the normalized pk along axis, or sum(pk log(pk / qk)) with qk; in
    nats unless base."""
    if base is not None and base <= 0:
        raise ValueError("`base` must be a positive number or `None`.")
    pk = cp.asarray(pk)
    pk = pk.astype(float_dtype(pk.dtype), copy=False)
    if qk is not None:
        qk = cp.asarray(qk)
        try:
            pk, qk = cp.broadcast_arrays(pk, qk)
        except ValueError:
            raise ValueError("Array shapes are incompatible for broadcasting.")
        qk = qk.astype(pk.dtype, copy=False)
    s = Sample(pk, axis, nan_policy)
    p = s.a / s.sum(s.a)[..., None]
    with numpy.errstate(divide="ignore", invalid="ignore"):
        if qk is None:
            terms = cp.where(p > 0, -p * cp.log(p), cp.where(p == 0, 0.0, -cp.inf))
            terms = cp.where(cp.isnan(p), cp.nan, terms)
        else:
            q = cp.moveaxis(qk if axis is not None else qk.reshape(-1), s.axis, -1)
            q = q / q.sum(axis=-1, keepdims=True)
            terms = cp.where((p > 0) & (q > 0), p * cp.log(p / q),
                             cp.where((p == 0) & (q >= 0), 0.0, cp.inf))
            terms = cp.where(cp.isnan(p) | cp.isnan(q), cp.nan, terms)
    r = s.sum(terms)
    if base is not None:
        r = r / math.log(base)
    return s.out(r.astype(pk.dtype, copy=False), keepdims)


def boxcox_llf(lmb, data, *, axis=0, keepdims=False, nan_policy="propagate"):
    """The Box-Cox log-likelihood (lmb - 1) sum(log x) - n/2 log(var(y)), y the transformed
    data (its variance taken in log space, stable for large |lmb|)."""
    s = Sample(data, axis, nan_policy)
    x = s.a
    n = s.count()
    logx = cp.log(x)
    if lmb == 0:
        logvar = cp.log(_var(s, logx))
    else:
        # var((x^l - 1) / l) == var(x^l) / l^2; x^l == exp(l log x), scaled by its maximum so
        # the squares stay finite.
        lx = lmb * logx
        shift = (lx if s.mask is None else cp.where(s.mask, lx, -cp.inf)).max(axis=-1)
        y = cp.exp(lx - shift[..., None])
        logvar = cp.log(_var(s, y)) + 2 * shift - 2 * math.log(abs(lmb))
    llf = (lmb - 1) * s.sum(logx) - n / 2.0 * logvar
    return s.out(llf.astype(x.dtype, copy=False), keepdims)


def _var(s, y):
    m = s.sum(y) / s.count()
    return s.sum((y - m[..., None]) ** 2) / s.count()
