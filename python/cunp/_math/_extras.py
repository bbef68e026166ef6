"""Small mathematical functions composed on the ufuncs: sinc, i0, fix, isposinf, isneginf,
real_if_close, ediff1d, gradient, trapezoid, unwrap, cov, corrcoef."""
import math
import warnings

from cunp import _core
from cunp._creation._basic import asarray, empty_like

__all__ = ["sinc", "i0", "fix", "isposinf", "isneginf", "real_if_close", "ediff1d", "gradient",
           "trapezoid", "unwrap", "cov", "corrcoef"]


def _numpy():
    import numpy

    return numpy


def _host_ndim(v):
    """ndim of an array or of host data (lists, scalars) without moving anything."""
    nd = getattr(v, "ndim", None)
    return nd if nd is not None else _numpy().ndim(v)


def sinc(x):
    """sin(pi x) / (pi x), 1 at 0 (the 0 is replaced by the dtype's eps, as NumPy does)."""
    from cunp import sin, where

    x = asarray(x) * math.pi
    eps = float(_numpy().finfo(x.dtype).eps) if x.dtype.kind == "f" else 1e-20
    y = where(x != 0, x, eps)
    return sin(y) / y


def i0(x):
    """The modified Bessel function of the first kind, order 0 (NumPy's Chebyshev expansion);
    integers and booleans give float64, float16 is computed in float32 (the core's cunp::i0,
    which also lays the result out as NumPy does)."""
    return _core.math.i0(asarray(x))


def fix(x, out=None):
    """Rounds toward zero (trunc, as NumPy 2 defines it)."""
    from cunp import trunc

    return trunc(asarray(x), out=out)


def _inf_of_sign(x, out, positive):
    from cunp import isinf, logical_and, signbit

    x = asarray(x)
    if x.dtype.kind == "c":
        raise TypeError(f"This operation is not supported for {x.dtype} values because it "
                        "would be ambiguous.")
    sign = signbit(x)
    return logical_and(isinf(x), ~sign if positive else sign, out)


def isposinf(x, out=None):
    """True where x is +inf."""
    return _inf_of_sign(x, out, True)


def isneginf(x, out=None):
    """True where x is -inf."""
    return _inf_of_sign(x, out, False)


def real_if_close(a, tol=100):
    """a's real part when every imaginary part is below tol (in machine epsilons when tol > 1),
    else a (one device sync for complex input)."""
    from cunp import absolute

    a = asarray(a)
    if a.dtype.kind != "c":
        return a
    if tol > 1:
        tol = float(_numpy().finfo(a.dtype).eps) * tol
    if bool((absolute(a.imag) < tol).all()):
        a = a.real
    return a


def _edge_values(values, dtype, name):
    v = asarray(values)
    if not _core_can_cast(v.dtype, dtype):
        raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the "
                        "`same_kind` rule.")
    return v.ravel()


def _core_can_cast(from_, to):
    from cunp import can_cast

    return can_cast(from_, to, casting="same_kind")


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences of consecutive elements of the flattened array, in its dtype, with
    to_begin / to_end joined at the ends."""
    ary = asarray(ary).ravel()
    if to_begin is None and to_end is None:
        return ary[1:] - ary[:-1]
    begin = _edge_values(to_begin, ary.dtype, "to_begin") if to_begin is not None else None
    end = _edge_values(to_end, ary.dtype, "to_end") if to_end is not None else None
    nb = 0 if begin is None else begin.size
    ne = 0 if end is None else end.size
    nd = max(ary.size - 1, 0)
    out = empty_like(ary, shape=(nb + nd + ne,))
    if nb:
        out[:nb] = begin
    if ne:
        out[nb + nd:] = end
    from cunp import subtract

    subtract(ary[1:], ary[:-1], out=out[nb:nb + nd])
    return out


def _spacings(f, axes, varargs):
    """Each axis's spacing: a Python or 0-d scalar, or the differences of its coordinates."""
    from cunp import diff

    n = len(varargs)
    if n == 0:
        return [1.0] * len(axes)
    if n == 1 and _host_ndim(varargs[0]) == 0:
        return [varargs[0]] * len(axes)
    if n != len(axes):
        raise TypeError("invalid number of arguments")
    dx = list(varargs)
    for i, distances in enumerate(dx):
        if _host_ndim(distances) == 0:
            continue
        distances = asarray(distances)
        if distances.ndim != 1:
            raise ValueError("distances must be either scalars or 1d")
        if distances.shape[0] != f.shape[axes[i]]:
            raise ValueError("when 1d, distances must match the length of the corresponding "
                             "dimension")
        if distances.dtype.kind in "iub":
            distances = distances.astype("float64")
        d = diff(distances)
        # Evenly spaced coordinates take the scalar path (NumPy's results, one sync).
        dx[i] = d[0] if d.size and bool((d == d[0]).all()) else d
    return dx


def gradient(f, *varargs, axis=None, edge_order=1):
    """Second-order central differences inside, first- or second-order one-sided differences at
    the edges, along each axis; spacing as one scalar, a scalar per axis, or coordinates."""
    f = asarray(f)
    nd = f.ndim
    axes = _core.axes.normalize_axes(axis, nd)
    dx = _spacings(f, axes, varargs)
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    if f.dtype.kind in "fc":
        otype = f.dtype
    else:
        if f.dtype.kind in "iu":
            f = f.astype("float64")
        otype = "float64"

    def at(ax, key):
        k = [slice(None)] * nd
        k[ax] = key
        return tuple(k)

    outvals = []
    for ax, h in zip(axes, dx):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at "
                             "least (edge_order + 1) elements are required.")
        out = empty_like(f, dtype=otype)
        uniform = _host_ndim(h) == 0
        if uniform:
            out[at(ax, slice(1, -1))] = (f[at(ax, slice(2, None))] -
                                         f[at(ax, slice(None, -2))]) / (2.0 * h)
        else:
            shape = [1] * nd
            shape[ax] = -1
            dx1, dx2 = h[:-1], h[1:]
            a = (-dx2 / (dx1 * (dx1 + dx2))).reshape(shape)
            b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
            c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
            out[at(ax, slice(1, -1))] = (a * f[at(ax, slice(None, -2))] +
                                         b * f[at(ax, slice(1, -1))] +
                                         c * f[at(ax, slice(2, None))])
        if edge_order == 1:
            d0 = h if uniform else h[0]
            dn = h if uniform else h[-1]
            out[at(ax, 0)] = (f[at(ax, 1)] - f[at(ax, 0)]) / d0
            out[at(ax, -1)] = (f[at(ax, -1)] - f[at(ax, -2)]) / dn
        else:
            if uniform:
                a, b, c = -1.5 / h, 2.0 / h, -0.5 / h
            else:
                dx1, dx2 = h[0], h[1]
                a = -(2.0 * dx1 + dx2) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = -dx1 / (dx2 * (dx1 + dx2))
            out[at(ax, 0)] = a * f[at(ax, 0)] + b * f[at(ax, 1)] + c * f[at(ax, 2)]
            if uniform:
                a, b, c = 0.5 / h, -2.0 / h, 1.5 / h
            else:
                dx1, dx2 = h[-2], h[-1]
                a = dx2 / (dx1 * (dx1 + dx2))
                b = -(dx2 + dx1) / (dx1 * dx2)
                c = (2.0 * dx2 + dx1) / (dx2 * (dx1 + dx2))
            out[at(ax, -1)] = a * f[at(ax, -3)] + b * f[at(ax, -2)] + c * f[at(ax, -1)]
        outvals.append(out)
    return outvals[0] if len(axes) == 1 else tuple(outvals)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """The integral of y along `axis` by the trapezoidal rule, at sample points x (1-D, or y's
    shape) or evenly dx apart."""
    from cunp import diff

    y = asarray(y)
    nd = y.ndim
    if x is None:
        d = dx
    else:
        x = asarray(x)
        if x.ndim == 1:
            d = diff(x)
            shape = [1] * nd
            shape[axis] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = diff(x, axis=axis)
    upper = [slice(None)] * nd
    lower = [slice(None)] * nd
    upper[axis] = slice(1, None)
    lower[axis] = slice(None, -1)
    return (d * (y[tuple(upper)] + y[tuple(lower)]) / 2.0).sum(axis)


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi):
    """p with jumps larger than max(discont, period/2) between neighbours along `axis` changed
    to their complement modulo period (phase unwrapping)."""
    from cunp import absolute, diff, mod, result_type, where

    p = asarray(p)
    nd = p.ndim
    dd = diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    dtype = result_type(dd, period)
    if _numpy().dtype(dtype).kind in "iu":
        high, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        high = period / 2
        ambiguous = True
    low = -high
    ddmod = mod(dd - low, period) + low
    if ambiguous:
        # a jump of exactly period/2 keeps its sign
        ddmod = where((ddmod == low) & (dd > 0), high, ddmod)
    correct = where(absolute(dd) < discont, 0, ddmod - dd)
    tail = [slice(None)] * nd
    tail[axis] = slice(1, None)
    tail = tuple(tail)
    up = p.astype(dtype, copy=True)
    up[tail] = p[tail] + correct.cumsum(axis)
    return up


def _float_weights(w, name, nobs):
    from cunp import around

    w = asarray(w, dtype="float64")
    if name == "fweights" and not bool((w == around(w)).all()):
        raise TypeError("fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if w.shape[0] != nobs:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    if bool((w < 0).any()):
        raise ValueError(f"{name} cannot be negative")
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """The covariance matrix of the variables in m's rows (columns for rowvar=False) and y's,
    with frequency and reliability weights."""
    from cunp import concatenate, result_type

    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = asarray(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = result_type(m, "float64") if y is None else result_type(m, y, "float64")
    X = _core.array(m, dtype, True, "K", 2)  # noqa: N806 - NumPy's name
    if not rowvar and m.ndim != 1:
        X = X.T  # noqa: N806
    if X.shape[0] == 0:
        return _core.zeros((0, 0), "float64")
    if y is not None:
        y = _core.array(y, dtype, None, "K", 2)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        X = concatenate((X, y), axis=0)  # noqa: N806
    if ddof is None:
        ddof = 0 if bias else 1
    nobs = X.shape[1]
    w = None
    if fweights is not None:
        w = _float_weights(fweights, "fweights", nobs)
    if aweights is not None:
        aw = _float_weights(aweights, "aweights", nobs)
        w = aw if w is None else w * aw
    if w is None:
        avg = X.mean(axis=1)
        fact = nobs - ddof
    else:
        w_sum = w.sum()
        avg = (X * w).sum(axis=1) / w_sum
        w_sum = float(w_sum)
        if ddof == 0:
            fact = w_sum
        elif aweights is None:
            fact = w_sum - ddof
        else:
            fact = w_sum - ddof * float((w * aw).sum()) / w_sum
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    # In place, as NumPy's `X -= avg`: an integer or bool dtype= cannot hold the centred values
    # and raises NumPy's casting error instead of truncating them.
    X -= avg[:, None]  # noqa: N806
    xt = X.T if w is None else (X * w).T
    c = X @ xt.conj()
    c = c * (1.0 / fact if fact else math.inf)
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients: cov normalised by the standard deviations, the real and
    imaginary parts clipped to [-1, 1]."""
    from cunp import clip, sqrt

    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    std = sqrt(c.diagonal().real)
    c = c / std[:, None]
    c = c / std[None, :]
    clip(c.real, -1, 1, out=c.real)
    if c.dtype.kind == "c":
        clip(c.imag, -1, 1, out=c.imag)
    return c

