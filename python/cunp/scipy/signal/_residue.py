"""Partial fractions of a rational transfer function: residue/invres in s (or z) and
residuez/invresz in z^-1, with unique_roots grouping nearly equal roots. Host maths in NumPy on
a few coefficients, as SciPy does; the public wrappers return cunp arrays."""
import math

import numpy as np

_REDUCERS = {"max": np.max, "maximum": np.max, "min": np.min, "minimum": np.min,
             "avg": np.mean, "mean": np.mean}


def _reducer(rtype):
    try:
        return _REDUCERS[rtype]
    except (KeyError, TypeError):
        raise ValueError("`rtype` must be one of {'max', 'maximum', 'min', 'minimum', "
                         "'avg', 'mean'}") from None


def unique_roots(p, tol=1e-3, rtype="min"):
    """Roots closer than tol (Euclidean distance in the complex plane) form one group, taken in
    the order of each group's first member; each group is reduced by rtype."""
    reduce = _reducer(rtype)
    p = np.asarray(p) * 1
    flat = p.ravel()
    used = np.zeros(flat.size, dtype=bool)
    unique, multiplicity = [], []
    for i in range(flat.size):
        if used[i]:
            continue
        group = np.flatnonzero((np.abs(flat - flat[i]) <= tol) & ~used)
        unique.append(reduce(flat[group]))
        multiplicity.append(group.size)
        used[group] = True
    return np.asarray(unique, dtype=flat.dtype), np.asarray(multiplicity, dtype=np.int64)


def _group_consecutive(poles, tol, rtype):
    """Runs of consecutive poles within tol of the run's first pole: the layout residue() and
    residuez() produce (each repeated pole listed once per power)."""
    reduce = _reducer(rtype)
    unique, multiplicity = [], []
    block = []
    for pole in poles:
        if block and abs(pole - block[0]) > tol:
            unique.append(reduce(block))
            multiplicity.append(len(block))
            block = []
        block.append(pole)
    if block:
        unique.append(reduce(block))
        multiplicity.append(len(block))
    return np.asarray(unique), np.asarray(multiplicity)


def _product(roots, multiplicity, skip=None):
    """The monic polynomial prod (x - roots[i])**multiplicity[i] over i != skip."""
    out = np.ones(1)
    for i, (root, m) in enumerate(zip(roots, multiplicity)):
        if i != skip:
            for _ in range(m):
                out = np.convolve(out, [1, -root])
    return out


def _factors(roots, multiplicity):
    """For each pole i and power j = 1..m_i, in that order: the polynomial denominator /
    (x - p_i)**j, which multiplies the residue of 1/(x - p_i)**j when summing back."""
    factors = []
    for i, (root, m) in enumerate(zip(roots, multiplicity)):
        others = _product(roots, multiplicity, skip=i)
        for j in range(1, m + 1):
            factors.append(np.convolve(others, _product([root], [m - j])))
    return factors, _product(roots, multiplicity)


def _taylor(poly, x0, n):
    """The first n Taylor coefficients of the polynomial `poly` (highest power first) at x0."""
    out = []
    for order in range(n):
        out.append(np.polyval(poly, x0) / math.factorial(order) if len(poly) else 0)
        poly = np.polyder(poly) if len(poly) > 1 else np.zeros(0)
    return np.asarray(out, dtype=complex)


def _residues(unique, multiplicity, b):
    """Residues of b / prod (x - p_i)**m_i (monic denominator), per pole by increasing power:
    (x - p)**m b/den is b/others, whose Taylor coefficient of order l at p is the residue of
    1/(x - p)**(m - l); the series division b/others is done on Taylor coefficients."""
    out = []
    for i, (pole, m) in enumerate(zip(unique, multiplicity)):
        num = _taylor(b, pole, m)
        den = _taylor(_product(unique, multiplicity, skip=i), pole, m)
        series = np.zeros(m, dtype=complex)
        for l in range(m):
            series[l] = (num[l] - np.dot(den[1:l + 1], series[l - 1::-1][:l])) / den[0]
        out.extend(series[::-1])
    # Real poles and numerator give real residues (SciPy's dtype then).
    dtype = np.result_type(unique.dtype, b.dtype, np.float64)
    return np.asarray(out, dtype=complex).astype(dtype) if dtype.kind == "c" else \
        np.real(np.asarray(out, dtype=complex)).astype(dtype)


def _cast(b, a):
    b, a = np.asarray(b), np.asarray(a)
    dtype = complex if np.iscomplexobj(b) or np.iscomplexobj(a) else float
    return np.atleast_1d(b.astype(dtype)), np.atleast_1d(a.astype(dtype))


def _sorted_poles(poles, tol, rtype):
    unique, multiplicity = unique_roots(poles, tol=tol, rtype=rtype)
    order = np.argsort(np.abs(unique))
    unique, multiplicity = unique[order], multiplicity[order]
    return unique, multiplicity, np.repeat(unique, multiplicity).astype(poles.dtype)


def residue(b, a, tol=1e-3, rtype="avg"):
    b, a = _cast(b, a)
    b, a = np.trim_zeros(b, "f"), np.trim_zeros(a, "f")
    if a.size == 0:
        raise ValueError("Denominator `a` is zero.")
    poles = np.roots(a)
    if b.size == 0:
        return np.zeros(poles.shape), poles[np.argsort(np.abs(poles))], np.array([])
    if b.size < a.size:
        k = np.empty(0)
    else:
        k, b = np.polydiv(b, a)
    unique, multiplicity, poles = _sorted_poles(poles, tol, rtype)
    return _residues(unique, multiplicity, b / a[0]), poles, k


def residuez(b, a, tol=1e-3, rtype="avg"):
    """In w = z^-1 the denominator's roots are 1/p; a residue r' of 1/(w - 1/p)**j is
    r' (-p)**j over (1 - p z^-1)**j."""
    b, a = _cast(b, a)
    b, a = np.trim_zeros(b, "b"), np.trim_zeros(a, "b")
    if a.size == 0:
        raise ValueError("Denominator `a` is zero.")
    if a[0] == 0:
        raise ValueError("First coefficient of determinant `a` must be non-zero.")
    poles = np.roots(a)
    if b.size == 0:
        return np.zeros(poles.shape), poles[np.argsort(np.abs(poles))], np.array([])
    b_w, a_w = b[::-1], a[::-1]
    if b_w.size < a_w.size:
        k_w = np.empty(0)
    else:
        k_w, b_w = np.polydiv(b_w, a_w)
    unique, multiplicity, poles = _sorted_poles(poles, tol, rtype)
    r = _residues(1 / unique, multiplicity, b_w / a_w[0])
    powers = np.concatenate([np.arange(1, m + 1) for m in multiplicity])
    return r * (-poles) ** powers, poles, k_w[::-1]


def _pad_add(total, term):
    """total + term as polynomials aligned at their last (constant or z^0) coefficient."""
    n = max(len(total), len(term))
    dtype = np.result_type(total, term)
    out = np.zeros(n, dtype)
    out[n - len(total):] += total
    out[n - len(term):] += term
    return out


def invres(r, p, k, tol=1e-3, rtype="avg"):
    r, p = np.atleast_1d(r), np.atleast_1d(p)
    k = np.trim_zeros(np.atleast_1d(k), "f")
    unique, multiplicity = _group_consecutive(p, tol, rtype)
    factors, den = _factors(unique, multiplicity)
    num = np.convolve(k, den) if k.size else np.zeros(1)
    for residue_, factor in zip(r, factors):
        num = _pad_add(num, residue_ * factor)
    return num, den


def invresz(r, p, k, tol=1e-3, rtype="avg"):
    """The same sums in z^-1: (1 - p z^-1) is [1, -p] read in rising powers of z^-1, so
    the factors are those of invres, aligned at z^0 instead of at the highest power."""
    r, p = np.atleast_1d(r), np.atleast_1d(p)
    k = np.trim_zeros(np.atleast_1d(k), "b")
    unique, multiplicity = _group_consecutive(p, tol, rtype)
    factors, den = _factors(unique, multiplicity)
    num = np.convolve(k, den)[::-1] if k.size else np.zeros(1)
    for residue_, factor in zip(r, factors):
        num = _pad_add(num, residue_ * factor[::-1])
    return num[::-1], den


FUNCTIONS = [unique_roots, residue, residuez, invres, invresz]
