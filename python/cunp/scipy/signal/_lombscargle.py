"""lombscargle: the generalised (weighted, optionally floating-mean) Lomb-Scargle periodogram
of Zechmeister and Kuerster (A&A 496, 2009), over an array namespace `xp`.

For each frequency the data are fitted by a cos(wt) + b sin(wt) (+ c) in weighted least
squares; the sums over the samples are one (frequencies x samples) product each. The fit is
solved in the basis shifted by the phase w tau that makes cos and sin orthogonal, so a
frequency of zero (sin(wt) = 0) leaves only the cos term instead of a singular system."""
import warnings

import numpy as np

_PRECENTER_UNSET = object()
_NORMALIZE = {False: "power", "power": "power", True: "normalize", "normalize": "normalize",
              "amplitude": "amplitude"}


def _vector(xp, a, name_error):
    a = xp.asarray(a)
    if a.ndim != 1 or a.shape[0] == 0:
        raise ValueError(name_error)
    return a.astype(np.float64)


def lombscargle(xp, x, y, freqs, *, precenter=_PRECENTER_UNSET, normalize=False, weights=None,
                floating_mean=False):
    if precenter is not _PRECENTER_UNSET:
        warnings.warn("Use of parameter 'precenter' is deprecated as of SciPy 1.17.0 and will "
                      "be removed in 1.19.0. Please leave 'precenter' unspecified. Passing True "
                      "to 'precenter' can be exactly substituted by passing "
                      "'y = (y - y.mean())' into the input. Consider setting `floating_mean` to "
                      "True instead.", DeprecationWarning, stacklevel=3)
    try:
        mode = _NORMALIZE[normalize] if isinstance(normalize, (bool, str)) else None
    except KeyError:
        mode = None
    if mode is None:
        raise ValueError("Normalize must be: False (or 'power'), True (or 'normalize'), or "
                         "'amplitude'.")
    shape_error = "Parameters x, y, weights must be 1-D arrays of equal non-zero length!"
    x, y = _vector(xp, x, shape_error), _vector(xp, y, shape_error)
    freqs = _vector(xp, freqs, "Parameter freqs must be a 1-D array of non-zero length!")
    n = x.shape[0]
    w = xp.ones(n, dtype=np.float64) if weights is None else \
        _vector(xp, weights, shape_error)
    if y.shape[0] != n or w.shape[0] != n:
        raise ValueError(shape_error)
    total = float(w.sum())
    if bool(xp.any(w < 0)) or not total > 0:
        raise ValueError("Parameter weights must have only non-negative entries which sum to "
                         "a positive value!")
    if precenter is True:
        y = y - y.mean()
    w = w / total
    phase = freqs[:, None] * x
    c, s = xp.cos(phase), xp.sin(phase)
    wc, ws = c * w, s * w
    yc, ys = wc @ y, ws @ y
    cc, ss_, cs = (wc * c).sum(axis=1), (ws * s).sum(axis=1), (wc * s).sum(axis=1)
    yy = float(w @ (y * y))
    if floating_mean:
        ym, cm, sm = float(w @ y), wc.sum(axis=1), ws.sum(axis=1)
        yc, ys = yc - ym * cm, ys - ym * sm
        cc, ss_, cs = cc - cm * cm, ss_ - sm * sm, cs - cm * sm
        yy -= ym * ym
    # Rotate by w tau, tan(2 w tau) = 2 CS / (CC - SS): the shifted cos and sin are orthogonal.
    theta = 0.5 * xp.arctan2(2 * cs, cc - ss_)
    ct, st = xp.cos(theta), xp.sin(theta)
    yc_r, ys_r = yc * ct + ys * st, ys * ct - yc * st
    cc_r = cc * ct * ct + 2 * cs * ct * st + ss_ * st * st
    ss_r = ss_ * ct * ct - 2 * cs * ct * st + cc * st * st
    a_r = xp.where(cc_r > 0, yc_r / xp.where(cc_r > 0, cc_r, 1.0), 0.0)
    b_r = xp.where(ss_r > 0, ys_r / xp.where(ss_r > 0, ss_r, 1.0), 0.0)
    if mode == "amplitude":
        return (a_r * ct - b_r * st) + 1j * (a_r * st + b_r * ct)
    explained = yc_r * a_r + ys_r * b_r
    if mode == "normalize":
        return explained / yy
    return 0.5 * n * explained


FUNCTIONS = [lombscargle]
