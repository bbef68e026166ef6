"""lombscargle: the generalised (weighted, optionally floating-mean) Lomb-Scargle periodogram
of Zechmeister and Kuerster (A&A 496, 2009), over an array namespace `xp`.

For each frequency the data are fitted by a cos(wt) + b sin(wt) (+ c) in weighted least
squares; the sums over the samples are one (frequencies x samples) product each, formed a
chunk of frequencies at a time so the temporaries stay bounded. The fit is solved in the
basis shifted by the phase w tau that makes cos and sin orthogonal, so a frequency of zero
(sin(wt) = 0) leaves only the cos term instead of a singular system."""
import warnings

import numpy as np

_PRECENTER_UNSET = object()
# Memory for the per-chunk (frequencies x samples) float64 matrices; _LIVE_MATRICES bounds how
# many are alive at once (cos, sin, their weighted copies, one product and the allocator's
# slack), so a chunk's rows follow from the sample count.
_TEMPORARY_BYTES = 256 << 20
_LIVE_MATRICES = 6
_NORMALIZE = {False: "power", "power": "power", True: "normalize", "normalize": "normalize",
              "amplitude": "amplitude"}


def _vector(xp, a, name_error):
    a = xp.asarray(a)
    if a.ndim != 1 or a.shape[0] == 0:
        raise ValueError(name_error)
    return a.astype(np.float64)


def _rows_per_chunk(n):
    """Frequencies per chunk: _LIVE_MATRICES float64 (frequencies x samples) temporaries stay
    within _TEMPORARY_BYTES (at least one frequency, however many samples)."""
    return max(1, _TEMPORARY_BYTES // (_LIVE_MATRICES * 8 * n))


def _sums(xp, freqs, x, y, w, floating_mean):
    """The weighted sums over the samples for each frequency: Y.C, Y.S, C.C, S.S, C.S and (for
    a floating mean) 1.C, 1.S, with C = cos(f x), S = sin(f x) rows. Each chunk of frequencies
    is one (chunk x samples) product per sum; the chunks concatenate along the frequencies."""
    rows = _rows_per_chunk(x.shape[0])
    parts = []
    for start in range(0, freqs.shape[0], rows):
        phase = freqs[start:start + rows, None] * x
        c, s = xp.cos(phase), xp.sin(phase)
        del phase
        wc, ws = c * w, s * w
        part = [wc @ y, ws @ y, (wc * c).sum(axis=1), (ws * s).sum(axis=1),
                (wc * s).sum(axis=1)]
        if floating_mean:
            part += [wc.sum(axis=1), ws.sum(axis=1)]
        parts.append(part)
    if len(parts) == 1:
        sums = parts[0]
    else:
        sums = [xp.concatenate(column) for column in zip(*parts)]
    return sums + [None] * (7 - len(sums))


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
    yc, ys, cc, ss_, cs, cm, sm = _sums(xp, freqs, x, y, w, floating_mean)
    yy = float(w @ (y * y))
    if floating_mean:
        ym = float(w @ y)
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
