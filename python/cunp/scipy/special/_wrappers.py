"""scipy.special's functions that SciPy itself writes in Python around a private ufunc
(lambertw, spherical_yn, sph_harm_y with its derivatives), and CuPy's sph_harm: argument
handling as SciPy's, the elementwise work in the special ufunc table."""
import cunp
from cunp import _core
from cunp.scipy.special._errstate import geterr, report


def lambertw(z, k=0, tol=1e-8):
    """The Lambert W function W_k(z), the solution w of w exp(w) = z on branch k (an integer,
    or integers broadcast with z), by Halley's iteration to relative tolerance tol; always
    complex. Where the iteration does not converge the result is NaN (with
    errstate(no_result=...) 'warn' or 'raise', reported as SciPy does)."""
    k = cunp.asarray(k, dtype=cunp.int64)
    # tol as a float64 operand: SciPy's result is complex128 for any z (its Python float tol
    # counts as float64 there).
    w = _core.special._lambertw(z, k, cunp.asarray(tol, dtype=cunp.float64))
    if geterr()["no_result"] != "ignore":
        zz = cunp.asarray(z)
        if bool(cunp.any(cunp.isnan(w) & ~cunp.isnan(zz))):
            report("lambertw", "no_result", "iteration failed to converge")
    return w


def _spherical(kind, n, z, derivative):
    n = cunp.asarray(n, dtype=cunp.int64)
    name = "_spherical_" + kind + ("_d" if derivative else "")
    r = getattr(_core.special, name)(n, z)
    # SciPy reflects negative real z for jn, yn and in by multiplying with an int64 sign
    # array (also when no z is negative), so their float32 results come back as float64; kn
    # reflects through the complex function and stays float32.
    if kind != "kn" and r.dtype.kind == "f" and r.dtype != cunp.float64:
        r = r.astype(cunp.float64)
    return r


def spherical_jn(n, z, derivative=False):
    """The spherical Bessel function of the first kind j_n(z), or its derivative, for integer
    n >= 0 and real z."""
    return _spherical("jn", n, z, derivative)


def spherical_yn(n, z, derivative=False):
    """The spherical Bessel function of the second kind y_n(z), or its derivative, for integer
    n >= 0 and real z."""
    return _spherical("yn", n, z, derivative)


def spherical_in(n, z, derivative=False):
    """The modified spherical Bessel function of the first kind i_n(z), or its derivative."""
    return _spherical("in", n, z, derivative)


def spherical_kn(n, z, derivative=False):
    """The modified spherical Bessel function of the second kind k_n(z), or its derivative."""
    return _spherical("kn", n, z, derivative)


def softplus(x, **kwargs):
    """log(1 + exp(x)) without overflow, as SciPy's: NumPy's logaddexp(0, x) (ufunc keyword
    arguments pass through)."""
    return cunp.logaddexp(0, x, **kwargs)


def sph_harm_y(n, m, theta, phi, *, diff_n=0):
    """The spherical harmonic Y_n^m(theta, phi) of degree n and order m (integers), polar
    angle theta and azimuth phi (SciPy 1.15+'s order); zero where |m| > n. With diff_n=1 also
    its gradient in (theta, phi), shape (..., 2); with diff_n=2 also its Hessian, (..., 2, 2),
    as SciPy 1.18 returns them (complex64 for float32 angles). The theta derivatives come from the device (the
    Legendre recurrence of the neighbouring orders); those in phi are i m and -m^2 times."""
    if diff_n not in (0, 1, 2):
        raise ValueError("diff_n is currently only implemented for orders 0, 1, and 2, "
                         f"received: {diff_n}.")
    n = cunp.asarray(n, dtype=cunp.int64)
    m = cunp.asarray(m, dtype=cunp.int64)
    if diff_n == 0:
        return _core.special._sph_harm_y(n, m, theta, phi)
    # The derivatives are computed in double; SciPy 1.18 returns them in the precision of
    # Y's own loop (complex64 for float32 angles).
    out = _core.special._sph_harm_y.resolve_dtypes(
        (n.dtype, m.dtype, _operand_dtype(theta), _operand_dtype(phi), None))[-1]
    im = m * 1j  # d/dphi of e^(i m phi)
    if diff_n == 1:
        y, y_t = _core.special._sph_harm_y_d1(n, m, theta, phi)
        return y.astype(out, copy=False), cunp.stack([y_t, im * y], axis=-1).astype(
            out, copy=False)
    y, y_t, y_tt = _core.special._sph_harm_y_d2(n, m, theta, phi)
    y_p, y_tp = im * y, im * y_t
    y_pp = -(m * m) * y
    jac = cunp.stack([y_t, y_p], axis=-1)
    hess = cunp.stack([cunp.stack([y_tt, y_tp], axis=-1), cunp.stack([y_tp, y_pp], axis=-1)],
                      axis=-2)
    return tuple(r.astype(out, copy=False) for r in (y, jac, hess))


def _operand_dtype(x):
    """x's dtype for loop resolution: a Python scalar's type (a weak scalar, as in NumPy)."""
    if type(x) in (bool, int, float, complex):
        return type(x)
    dtype = getattr(x, "dtype", None)
    return dtype if dtype is not None else cunp.asarray(x).dtype


def sph_harm(m, n, theta, phi):
    """CuPy's (and SciPy < 1.17's) spherical harmonic: order m first, theta the azimuth and phi
    the polar angle; sph_harm(m, n, theta, phi) = sph_harm_y(n, m, phi, theta)."""
    return sph_harm_y(n, m, phi, theta)
