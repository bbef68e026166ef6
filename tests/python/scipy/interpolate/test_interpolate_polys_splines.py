"""BPoly, the interpolating polynomials (barycentric, Krogh), spline boundary conditions,
least-squares splines and splder/splantider against scipy.interpolate: on NumPy (each
module's `cp` replaced, no device) and on the GPU."""
import types
import warnings

import numpy
import pytest

import cunp
from cunp.scipy.interpolate import (
    _bpoly, _bspline, _cubic, _fitpack, _fitpack2, _ndbspline, _ndppoly, _polyint, _ppoly,
    _rgi,
)

si = pytest.importorskip("scipy.interpolate")
import cunp.scipy.interpolate as ci  # noqa: E402

gpu = pytest.mark.gpu


def _scipy_at_least(major, minor):
    try:
        import scipy
    except ImportError:
        return False
    return tuple(int(p) for p in scipy.__version__.split(".")[:2]) >= (major, minor)


@pytest.fixture
def on_numpy(monkeypatch):
    np_like = types.SimpleNamespace(**{k: getattr(numpy, k) for k in dir(numpy)
                                       if not k.startswith("__")})
    np_like.asnumpy = numpy.asarray
    for m in (_bpoly, _bspline, _cubic, _fitpack, _fitpack2, _ndbspline, _ndppoly, _polyint,
              _ppoly, _rgi):
        monkeypatch.setattr(m, "cp", np_like)


def _host(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


def _eq(got, want, rtol=1e-9, dtype=True, atol=1e-12):
    got, want = _host(got), numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    if dtype:
        assert got.dtype == want.dtype, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)


def _data():
    rng = numpy.random.default_rng(7)
    x = numpy.sort(rng.random(9)) * 10
    return rng, x, numpy.linspace(-1, 11, 37)


def _check_bpoly(conv, rtol):
    rng, x, xn = _data()
    X, XN = conv(x), conv(xn)
    c = rng.random((4, 8, 2))
    for ax in (0, 1):
        cc = c if ax == 0 else numpy.moveaxis(c, 2, 0)
        for ext in (True, False, "periodic"):
            p, q = ci.BPoly(conv(cc), X, ext, axis=ax), si.BPoly(cc, x, ext, axis=ax)
            _eq(p(XN), q(xn), rtol)
            _eq(p(XN, 1), q(xn, 1), rtol)
            _eq(p.derivative(2)(XN), q.derivative(2)(xn), rtol)
            _eq(p.derivative(5)(XN), q.derivative(5)(xn), rtol)
            _eq(p.antiderivative(2)(XN), q.antiderivative(2)(xn), rtol)
            _eq(p.antiderivative(1).c, q.antiderivative(1).c, rtol)
            for a, b in ((1, 7), (7, 1), (-3, 25), (2.5, 2.5)):
                _eq(p.integrate(a, b), q.integrate(a, b), rtol)
    assert isinstance(ci.BPoly(conv(c), X).derivative(), ci.BPoly)
    pc = rng.random((4, 8, 2))
    for ext in (None, False):
        b = ci.BPoly.from_power_basis(ci.PPoly(conv(pc), X), extrapolate=ext)
        s = si.BPoly.from_power_basis(si.PPoly(pc, x), extrapolate=ext)
        _eq(b.c, s.c, rtol)
        _eq(b(XN), s(xn), rtol)
    for ext in (None, False):
        bc = numpy.moveaxis(rng.random((4, 8, 2)), 0, 0)
        q = si.PPoly.from_bernstein_basis(si.BPoly(bc, x), extrapolate=ext)
        p = ci.PPoly.from_bernstein_basis(ci.BPoly(conv(bc), X), extrapolate=ext)
        _eq(p.c, q.c, 1e-8)
        _eq(p(XN), q(xn), rtol)
    yi = [[1.0], [2.0, -1.0], [0.5, 0.0, 3.0], [1.0, 2.0], [-1.0]]
    xi = numpy.array([0, 1, 2.5, 3, 4.0])
    for orders in (None, 1, [1, 2, 1, 1]):
        b = ci.BPoly.from_derivatives(conv(xi), yi, orders=orders)
        s = si.BPoly.from_derivatives(xi, yi, orders=orders)
        _eq(b.c, s.c, rtol)
        _eq(b(XN * 0.4), s(xn * 0.4), rtol)
        _eq(b(XN * 0.4, 1), s(xn * 0.4, 1), rtol)
    yv = [numpy.array([[1.0, 2.0], [0.0, 1.0]]), numpy.array([[3.0, 1.0]]),
          numpy.array([[0.0, 0.0], [1.0, -1.0], [2.0, 2.0]])]
    b = ci.BPoly.from_derivatives(conv(xi[:3]), [conv(v) for v in yv], extrapolate=False)
    s = si.BPoly.from_derivatives(xi[:3], yv, extrapolate=False)
    _eq(b(XN * 0.3), s(xn * 0.3), rtol)


def _check_polyint(conv, rtol):
    rng, x, xn = _data()
    xi = numpy.cos(numpy.linspace(0, numpy.pi, 8))
    yi = rng.random((8, 3))
    xs = numpy.r_[numpy.linspace(-1.2, 1.2, 17), xi[2], xi[5]]
    XI, YI, XS = conv(xi), conv(yi), conv(xs)
    b, s = ci.BarycentricInterpolator(XI, YI), si.BarycentricInterpolator(xi, yi)
    _eq(b(XS), s(xs), rtol)
    _eq(b(conv(xs[:6].reshape(2, 3))), s(xs[:6].reshape(2, 3)), rtol)
    _eq(b(0.3), s(0.3), rtol)
    _eq(b.derivative(XS, 2), s.derivative(xs, 2), 1e-7)
    _eq(b.derivatives(XS), s.derivatives(xs), 1e-7, atol=1e-8)
    b = ci.BarycentricInterpolator(XI, conv(yi.T), axis=1)
    s = si.BarycentricInterpolator(xi, yi.T, axis=1)
    _eq(b(XS), s(xs), rtol)
    b, s = ci.BarycentricInterpolator(XI[:5], YI[:5]), si.BarycentricInterpolator(xi[:5], yi[:5])
    b.add_xi(XI[5:], YI[5:])
    s.add_xi(xi[5:], yi[5:])
    _eq(b(XS), s(xs), rtol)
    b.set_yi(YI[:, ::-1])
    s.set_yi(yi[:, ::-1])
    _eq(b(XS), s(xs), rtol)
    _eq(ci.barycentric_interpolate(XI, YI, XS), si.barycentric_interpolate(xi, yi, xs), rtol)
    y1 = yi[:, 0] + 1j * yi[:, 1]
    _eq(ci.BarycentricInterpolator(XI, conv(y1))(XS), si.BarycentricInterpolator(xi, y1)(xs),
        rtol)
    kx = numpy.array([0, 0, 1, 1, 1, 2, 3.0])
    ky = numpy.array([1, 2, 0, 1, 3, 2, -1.0])
    kyy = numpy.column_stack([ky, ky[::-1]])
    KX, KY = conv(kx), conv(kyy)
    k, s = ci.KroghInterpolator(KX, KY), si.KroghInterpolator(kx, kyy)
    XS2 = conv(xs * 2)
    _eq(k(XS2), s(xs * 2), rtol)
    _eq(k.derivative(XS2, 2), s.derivative(xs * 2, 2), rtol)
    _eq(k.derivatives(XS2), s.derivatives(xs * 2), rtol)
    _eq(k.derivatives(XS2, 9), s.derivatives(xs * 2, 9), rtol)
    _eq(k.derivatives(1.5, 3), s.derivatives(1.5, 3), rtol)
    k = ci.KroghInterpolator(KX, conv(kyy.T), axis=1)
    s = si.KroghInterpolator(kx, kyy.T, axis=1)
    _eq(k(XS2), s(xs * 2), rtol)
    _eq(k.derivatives(XS2, 3), s.derivatives(xs * 2, 3), rtol)
    _eq(ci.krogh_interpolate(KX, conv(ky), XS2), si.krogh_interpolate(kx, ky, xs * 2), rtol)
    _eq(ci.krogh_interpolate(KX, conv(ky), XS2, der=1),
        si.krogh_interpolate(kx, ky, xs * 2, der=1), rtol)
    _eq(ci.krogh_interpolate(KX, conv(ky), XS2, der=[0, 2]),
        si.krogh_interpolate(kx, ky, xs * 2, der=[0, 2]), rtol)
    f = cunp.sin if conv is cunp.asarray else numpy.sin
    for order in (None, 7):
        got = ci.approximate_taylor_polynomial(f, 0.3, 4, 0.5, order=order)
        want = si.approximate_taylor_polynomial(numpy.sin, 0.3, 4, 0.5, order=order)
        _eq(got.coeffs, want.coeffs, 1e-8)


def _check_splines(conv, rtol):
    warnings.simplefilter("ignore")
    rng, x, xn = _data()
    y = rng.random((9, 3))
    X, Y, XN = conv(x), conv(y), conv(xn)
    a3, b3 = rng.random(3), rng.random(3)
    cases = [(3, "clamped"), (3, "natural"), (3, ("clamped", "natural")),
             (3, ([(1, a3)], [(2, b3)])), (3, (None, None)), (3, "not-a-knot"),
             (2, ([(1, a3)], None)), (2, (None, [(2, b3)])), (1, None),
             (5, ([(1, a3), (2, b3)], [(1, b3), (2, a3)])),
             (5, ([(3, a3), (1, b3)], [(1, a3), (4, b3)]))]
    for k, bc in cases:
        cbc = bc if not isinstance(bc, tuple) else tuple(
            side if not isinstance(side, list) else [(o, conv(v)) for o, v in side]
            for side in bc)
        s = si.make_interp_spline(x, y, k, bc_type=bc)
        b = ci.make_interp_spline(X, Y, k, bc_type=cbc)
        _eq(b.t, s.t, rtol)
        _eq(b.c, s.c, 1e-8)
        for nu in range(k + 1):
            _eq(b(XN, nu), s(xn, nu), 1e-8, atol=1e-9)
    s = si.make_interp_spline(x, y.T, 3, bc_type="natural", axis=1)
    _eq(ci.make_interp_spline(X, conv(y.T), 3, bc_type="natural", axis=1)(XN), s(xn), 1e-8)
    y1 = y[:, 0]
    _eq(ci.make_interp_spline(X, conv(y1), bc_type="clamped")(XN),
        si.make_interp_spline(x, y1, bc_type="clamped")(xn), 1e-8)
    with pytest.raises(ValueError, match="derivatives at boundaries"):
        ci.make_interp_spline(X, Y, 3, bc_type=("clamped", None))
    with pytest.raises(ValueError):
        ci.make_interp_spline(X, Y, 3, bc_type="bogus")
    yp = y.copy()
    yp[-1] = yp[0]
    xw = numpy.linspace(-12, 25, 53)
    for k in (0, 1, 2, 3, 4, 5):
        s = si.make_interp_spline(x, yp, k, bc_type="periodic")
        b = ci.make_interp_spline(X, conv(yp), k, bc_type="periodic")
        assert b.extrapolate == s.extrapolate
        _eq(b.t, s.t, rtol)
        _eq(b.c, s.c, 1e-8)
        for nu in range(min(k, 2) + 1):
            _eq(b(conv(xw), nu), s(xw, nu), 1e-8, atol=1e-9)
    _eq(ci.make_interp_spline(X, conv(yp.T), 3, bc_type="periodic", axis=1)(XN),
        si.make_interp_spline(x, yp.T, 3, bc_type="periodic", axis=1)(xn), 1e-8)
    with pytest.raises(ValueError, match="First and last"):
        ci.make_interp_spline(X, Y, 3, bc_type="periodic")
    kt = numpy.r_[0, 0, 0, 0, 1, 2, 3, 3, 3, 3.0]
    kc = rng.random(6)
    _eq(ci.BSpline(conv(kt), conv(kc), 3, "periodic")(conv(xw)),
        si.BSpline(kt, kc, 3, "periodic")(xw), rtol)
    xl = numpy.sort(rng.random(40)) * 10
    yl = numpy.column_stack([numpy.sin(xl), numpy.cos(xl)]) + 0.05 * rng.random((40, 2))
    w = 0.5 + rng.random(40)
    for k in (1, 2, 3):
        t = numpy.r_[(xl[0],) * (k + 1), [2.5, 4.0, 5.5, 7.0], (xl[-1],) * (k + 1)]
        for ww in (None, w):
            s = si.make_lsq_spline(xl, yl, t, k, w=ww)
            b = ci.make_lsq_spline(conv(xl), conv(yl), conv(t), k,
                                   w=None if ww is None else conv(ww))
            _eq(b.c, s.c, 1e-8)
            _eq(b(XN), s(xn), 1e-8)
    s = si.make_lsq_spline(xl, yl.T, t, 3, axis=1)
    _eq(ci.make_lsq_spline(conv(xl), conv(yl.T), conv(t), 3, axis=1)(XN), s(xn), 1e-8)
    with pytest.raises(ValueError, match="non-decreasing"):
        ci.make_lsq_spline(conv(xl[::-1]), conv(yl), conv(t), 3)
    tck = si.splrep(xl, yl[:, 0], s=0.5)
    ctck = (conv(tck[0]), conv(tck[1]), tck[2])
    for n in (1, 2, 3):
        got, want = ci.splder(ctck, n), si.splder(tck, n)
        _eq(got[0], want[0], rtol)
        _eq(got[1], want[1], 1e-8)
        assert got[2] == want[2]
        got, want = ci.splantider(ctck, n), si.splantider(tck, n)
        _eq(got[0], want[0], rtol)
        _eq(got[1], want[1], 1e-8)
        assert got[2] == want[2]
    # SciPy's integrate and from_spline take 1-D coefficients only for some of these.
    for spl, cspl in ((si.make_interp_spline(x, y[:, 1], 3),
                       ci.make_interp_spline(X, conv(y[:, 1]), 3)),
                      (si.make_interp_spline(x, y[:, 0], 2, bc_type=([(1, 0.0)], None)),
                       ci.make_interp_spline(X, conv(y[:, 0]), 2, bc_type=([(1, 0.0)], None))),
                      (si.make_interp_spline(x, yp[:, 0], 3, bc_type="periodic"),
                       ci.make_interp_spline(X, conv(yp[:, 0]), 3, bc_type="periodic"))):
        for lo, hi in ((1, 7), (-3, 25), (7, 1), (2, 2)):
            for ext in (None, False, True):
                _eq(cspl.integrate(lo, hi, extrapolate=ext),
                    spl.integrate(lo, hi, extrapolate=ext), 1e-8)
        pp, cpp = si.PPoly.from_spline(spl), ci.PPoly.from_spline(cspl)
        _eq(cpp.x, pp.x, rtol)
        assert cpp.extrapolate == pp.extrapolate
        _eq(cpp(XN), pp(xn), 1e-8)
    pp, cpp = si.PPoly.from_spline(tck), ci.PPoly.from_spline(ctck)
    _eq(cpp(XN), pp(xn), 1e-8)
    got, want = ci.splder(ci.splantider(ctck, 2), 2), si.splder(si.splantider(tck, 2), 2)
    _eq(got[1], want[1], 1e-8)
    with pytest.raises(ValueError, match="Order of derivative"):
        ci.splder(ctck, 4)
    s = si.make_interp_spline(x, y, 3)
    b = ci.make_interp_spline(X, Y, 3)
    for n in (1, 2):
        _eq(ci.splder(b, n)(XN), si.splder(s, n)(xn), 1e-8)
        _eq(ci.splantider(b, n)(XN), si.splantider(s, n)(xn), 1e-8)
        _eq(ci.splantider(b, n).t, si.splantider(s, n).t, rtol)
        _eq(b.antiderivative(n)(XN, n), s(xn), 1e-8)


def _check_univariate(conv, rtol):
    warnings.simplefilter("ignore")
    xn = numpy.linspace(-1, 11, 41)
    XN = conv(xn)
    for seed, m in ((0, 25), (1, 60), (3, 200)):
        rng = numpy.random.default_rng(seed)
        x = numpy.sort(rng.random(m)) * 10
        y = numpy.exp(-x / 3) * numpy.sin(2 * x) + 0.1 * rng.standard_normal(m)
        w = 0.5 + rng.random(m) if seed % 2 else None
        bbox = [x[0] - 0.5, x[-1] + 1] if seed == 3 else [None, None]
        X, Y, W = conv(x), conv(y), None if w is None else conv(w)
        for k in (1, 2, 3, 5):
            for s in (None, 0, 0.01 * m, 0.05 * m, 0.5 * m):
                a = si.UnivariateSpline(x, y, w=w, bbox=bbox, k=k, s=s)
                b = ci.UnivariateSpline(X, Y, w=W, bbox=bbox, k=k, s=s)
                _eq(b.get_knots(), a.get_knots(), rtol)
                # Interpolation on a wide bbox is ill-conditioned (coefficients up to 1e3).
                _eq(b.get_coeffs(), a.get_coeffs(), 1e-5, atol=1e-7)
                assert abs(b.get_residual() - a.get_residual()) <= 1e-9 * (1 + a.get_residual())
                _eq(b(XN), a(xn), 1e-7, atol=1e-9)
                _eq(b(XN, 1), a(xn, 1), 1e-6, atol=1e-7)
    rng = numpy.random.default_rng(1)
    x = numpy.sort(rng.random(60)) * 10
    y = numpy.exp(-x / 3) * numpy.sin(2 * x) + 0.1 * rng.standard_normal(60)
    for k in (1, 3):
        for s0, s1 in ((None, 3.0), (30.0, 0.6), (0.6, 30.0), (3.0, 1.2), (0, 6.0)):
            a = si.UnivariateSpline(x, y, k=k, s=s0)
            b = ci.UnivariateSpline(conv(x), conv(y), k=k, s=s0)
            for s in (s1, s1 * 0.7):
                a.set_smoothing_factor(s)
                b.set_smoothing_factor(s)
                _eq(b.get_knots(), a.get_knots(), rtol)
                _eq(b(XN), a(xn), 1e-7, atol=1e-9)
    rng = numpy.random.default_rng(5)
    x = numpy.sort(rng.random(50)) * 10
    y = numpy.sin(x) + 0.05 * rng.standard_normal(50)
    X, Y = conv(x), conv(y)
    a, b = si.UnivariateSpline(x, y, s=0.2), ci.UnivariateSpline(X, Y, s=0.2)
    for ext in (0, 1, 3, "zeros", "const"):
        _eq(b(XN, ext=ext), a(xn, ext=ext), 1e-8, atol=1e-10)
    with pytest.raises(ValueError, match="not in the domain"):
        b(XN, ext=2)
    for lo, hi in ((2, 7), (-3, 20), (7, 2), (3, 3)):
        assert abs(b.integral(lo, hi) - a.integral(lo, hi)) <= 1e-9
    _eq(b.derivatives(3.3), a.derivatives(3.3), 1e-8, atol=1e-10)
    _eq(b.roots(), a.roots(), 1e-8)
    _eq(b.derivative(2)(XN), a.derivative(2)(xn), 1e-8, atol=1e-10)
    _eq(b.antiderivative()(XN), a.antiderivative()(xn), 1e-8, atol=1e-10)
    with pytest.raises(NotImplementedError):
        ci.UnivariateSpline(X, Y, k=2).roots()
    with pytest.raises(ValueError, match="increasing"):
        ci.UnivariateSpline(X[::-1], Y)
    for k in (1, 2, 3, 4, 5):
        a = si.InterpolatedUnivariateSpline(x, y, k=k)
        b = ci.InterpolatedUnivariateSpline(X, Y, k=k)
        _eq(b.get_knots(), a.get_knots(), rtol)
        _eq(b(XN), a(xn), 1e-8, atol=1e-10)
        assert b.get_residual() == a.get_residual()
    w = 0.5 + rng.random(50)
    for k in (1, 3):
        for ww, bbox in ((None, [None, None]), (w, [-0.5, 10.5])):
            a = si.LSQUnivariateSpline(x, y, [2.0, 4.0, 6.0, 8.0], w=ww, bbox=bbox, k=k)
            b = ci.LSQUnivariateSpline(X, Y, conv(numpy.array([2.0, 4.0, 6.0, 8.0])),
                                       w=None if ww is None else conv(ww), bbox=bbox, k=k)
            _eq(b.get_knots(), a.get_knots(), rtol)
            _eq(b.get_coeffs(), a.get_coeffs(), 1e-8)
            _eq(b(XN), a(xn), 1e-8, atol=1e-10)
            assert abs(b.get_residual() - a.get_residual()) <= 1e-9 * (1 + a.get_residual())


def _check_rgi_pchip(conv, rtol):
    rng = numpy.random.default_rng(11)
    g1, g2 = numpy.sort(rng.random(6)), numpy.sort(rng.random(7))
    g3 = numpy.sort(rng.random(5))[::-1].copy()
    v = numpy.cumsum(rng.random((6, 7, 5)) - 0.4, axis=1)
    v2 = rng.random((6, 7, 5, 2))
    pts = numpy.column_stack([rng.uniform(g1[0], g1[-1], 30), rng.uniform(g2[0], g2[-1], 30),
                              rng.uniform(g3[-1], g3[0], 30)])
    grid = (conv(g1), conv(g2), conv(g3))
    for vals in (v, v2):
        want = si.RegularGridInterpolator((g1, g2, g3), vals, "pchip")(pts)
        _eq(ci.RegularGridInterpolator(grid, conv(vals), "pchip")(conv(pts)), want, rtol)
        want = si.interpn((g1, g2, g3), vals, pts * 1.3, method="pchip", bounds_error=False,
                          fill_value=None)
        _eq(ci.interpn(grid, conv(vals), conv(pts * 1.3), method="pchip", bounds_error=False,
                       fill_value=None), want, rtol)
    want = si.RegularGridInterpolator((g1, g2, g3), v, bounds_error=False)(pts * 1.3,
                                                                           method="pchip")
    _eq(ci.RegularGridInterpolator(grid, conv(v), bounds_error=False)(conv(pts * 1.3),
                                                                      method="pchip"), want,
        rtol)
    want = si.RegularGridInterpolator((g2,), v[0, :, 0], "pchip")(pts[:, 1:2])
    _eq(ci.RegularGridInterpolator((conv(g2),), conv(v[0, :, 0]), "pchip")(conv(pts[:, 1:2])),
        want, rtol)
    with pytest.raises(ValueError, match="at least 4 points"):
        ci.RegularGridInterpolator((conv(g1[:3]),), conv(v[:3, 0, 0]), "pchip")
    with pytest.raises(ValueError, match="real values"):
        ci.RegularGridInterpolator((conv(g1),), conv(v[:, 0, 0] * 1j), "pchip")


def _check_rgi_derivatives(conv, rtol):
    """nu= on the spline methods (ascending and descending axes, trailing value axes, orders
    above the degree, bounds handling) and SciPy's errors elsewhere."""
    rng = numpy.random.default_rng(12)
    g1, g2 = numpy.sort(rng.random(7)), numpy.sort(rng.random(8))[::-1].copy()
    v = rng.random((7, 8))
    v2 = rng.random((7, 8, 3)) + 1j * rng.random((7, 8, 3))
    pts = numpy.column_stack([rng.uniform(g1[0], g1[-1], 25), rng.uniform(g2[-1], g2[0], 25)])
    grid = (conv(g1), conv(g2))
    # A direct solve for SciPy's coefficients: its default iterative one stops at rtol 1e-5.
    exact = {"solver": pytest.importorskip("scipy.sparse.linalg").spsolve}
    for method in ("slinear", "cubic", "quintic"):
        for vals in (v, v2):
            want_rgi = si.RegularGridInterpolator((g1, g2), vals, method, **exact)
            got_rgi = ci.RegularGridInterpolator(grid, conv(vals), method)
            for nu in ((0, 0), (1, 0), (0, 1), (2, 1), (1.0, 2), (6, 0)):
                _eq(got_rgi(conv(pts), nu=nu), want_rgi(pts, nu=nu), rtol, atol=1e-8)
        # Derivatives on another method's interpolator, and out of bounds.
        want = si.RegularGridInterpolator((g1, g2), v, method, bounds_error=False, **exact)(
            pts * 1.5, nu=(1, 1))
        got = ci.RegularGridInterpolator(grid, conv(v), "linear", bounds_error=False)(
            conv(pts * 1.5), method=method, nu=(1, 1))
        _eq(got, want, rtol, atol=1e-8)
    rgi = ci.RegularGridInterpolator(grid, conv(v), "cubic")
    assert ci.RegularGridInterpolator(grid, conv(v), "slinear").method == "slinear"
    for method in ("linear", "nearest", "pchip"):
        with pytest.raises(ValueError, match="Can only compute derivatives"):
            rgi(conv(pts), method=method, nu=(1, 0))
    with pytest.raises(ValueError, match="invalid number of derivative orders"):
        rgi(conv(pts), nu=(1,))
    with pytest.raises(ValueError, match="derivatives must be positive"):
        rgi(conv(pts), nu=(1, -1))


def test_rgi_derivatives_on_numpy(on_numpy):
    _check_rgi_derivatives(numpy.asarray, 1e-8)


@gpu
def test_rgi_derivatives_on_gpu():
    _check_rgi_derivatives(cunp.asarray, 1e-8)


def _check_ndppoly(conv, rtol):
    rng = numpy.random.default_rng(4)
    x = (numpy.sort(rng.random(5)), numpy.sort(rng.random(4)) + 1, numpy.sort(rng.random(3)))
    X = tuple(conv(v) for v in x)
    c = rng.random((3, 4, 2, 4, 3, 2, 2))
    pts = rng.random((10, 3)) * 1.4 - 0.2
    pts[:, 1] += 1
    P = conv(pts)
    box = [(0.1, 0.8), (1.2, 1.5), (0.3, 0.6)]
    for ext in (True, False):
        a, b = si.NdPPoly(c, x, ext), ci.NdPPoly(conv(c), X, ext)
        _eq(b(P), a(pts), rtol)
        _eq(b(conv(pts.reshape(2, 5, 3))), a(pts.reshape(2, 5, 3)), rtol)
        _eq(b(P, nu=(1, 2, 0)), a(pts, nu=(1, 2, 0)), rtol)
        _eq(b.derivative((0, 1, 1))(P), a.derivative((0, 1, 1))(pts), rtol)
        _eq(b.antiderivative((1, 0, 2))(P), a.antiderivative((1, 0, 2))(pts), rtol)
        _eq(b.integrate_1d(0.2, 0.9, 1)(P[:, :2]), a.integrate_1d(0.2, 0.9, 1)(pts[:, :2]), rtol)
        _eq(b.integrate(box), a.integrate(box), rtol)
    c1 = rng.random((4, 4, 2))
    a, b = si.NdPPoly(c1, x[:1]), ci.NdPPoly(conv(c1), X[:1])
    _eq(b(P[:, :1]), a(pts[:, :1]), rtol)
    _eq(b.integrate_1d(0.1, 0.7, 0), a.integrate_1d(0.1, 0.7, 0), rtol)


def _check_ndbspline(conv, rtol):
    rng = numpy.random.default_rng(9)
    t1 = numpy.r_[0, 0, 0, 0, 0.3, 0.5, 1, 1, 1, 1.0]
    t2 = numpy.r_[1, 1, 1, 1.4, 1.7, 2, 2, 2.0]
    t3 = numpy.r_[0, 0, 0.2, 0.6, 0.7, 1, 1.0]
    t = (t1, t2, t3)
    T = tuple(conv(v) for v in t)
    k = (3, 2, 1)
    c = rng.random((6, 5, 5))
    c2 = rng.random((6, 5, 5, 2))
    pts = rng.random((12, 3)) * 1.4 - 0.2
    pts[:, 1] += 1
    P = conv(pts)
    for ext in (None, False):
        for cc in (c, c2):
            a = si.NdBSpline(t, cc, k, extrapolate=ext)
            b = ci.NdBSpline(T, conv(cc), k, extrapolate=ext)
            _eq(b(P), a(pts), rtol)
            _eq(b(conv(pts.reshape(3, 4, 3))), a(pts.reshape(3, 4, 3)), rtol)
            _eq(b(P, nu=(1, 2, 0)), a(pts, nu=(1, 2, 0)), 1e-8)
            _eq(b(P, extrapolate=True), a(pts, extrapolate=True), rtol)
    tt = (t1, t1)
    cs = rng.random((6, 6))
    _eq(ci.NdBSpline(tuple(conv(v) for v in tt), conv(cs), 3)(P[:, :2]),
        si.NdBSpline(tt, cs, 3)(pts[:, :2]), rtol)
    with pytest.raises(ValueError):
        ci.NdBSpline(T, conv(c[:5]), k)


def test_ndbspline_on_numpy(on_numpy):
    _check_ndbspline(numpy.asarray, 1e-9)


@gpu
def test_ndbspline_on_gpu():
    _check_ndbspline(cunp.asarray, 1e-9)


def test_ndppoly_on_numpy(on_numpy):
    _check_ndppoly(numpy.asarray, 1e-9)


@gpu
def test_ndppoly_on_gpu():
    _check_ndppoly(cunp.asarray, 1e-9)


def test_rgi_pchip_on_numpy(on_numpy):
    _check_rgi_pchip(numpy.asarray, 1e-9)


@gpu
def test_rgi_pchip_on_gpu():
    _check_rgi_pchip(cunp.asarray, 1e-9)


# SciPy 1.18's set_smoothing_factor places another number of knots than 1.17's (cunp follows
# 1.17's FITPACK continuation); to be matched.
_SMOOTHING_118 = pytest.mark.xfail(condition=_scipy_at_least(1, 18), strict=False,
                                   reason="SciPy 1.18 changed set_smoothing_factor's knots")


@_SMOOTHING_118
def test_univariate_on_numpy(on_numpy):
    _check_univariate(numpy.asarray, 1e-9)


@gpu
@_SMOOTHING_118
def test_univariate_on_gpu():
    _check_univariate(cunp.asarray, 1e-9)


def test_bad_input_more(on_numpy):
    x, y = numpy.arange(6.0), numpy.sin(numpy.arange(6.0))
    dup = numpy.r_[0, 1, 1, 2, 3, 4.0]
    cases = [
        (lambda m: m.BPoly.from_derivatives([0, 2, 1.0], [[1.0], [2.0], [3.0]]), "strictly"),
        (lambda m: m.BPoly.from_derivatives([0, 1.0], [[1.0]]), "same length"),
        (lambda m: m.UnivariateSpline(dup, y, s=0), "strictly increasing"),
        (lambda m: m.UnivariateSpline(x[::-1].copy(), y), "increasing"),
        (lambda m: m.UnivariateSpline(x, y, k=6), "1 <= k <= 5"),
        (lambda m: m.UnivariateSpline(x, y[:5]), "same length"),
        (lambda m: m.InterpolatedUnivariateSpline(dup, y), "strictly increasing"),
        (lambda m: m.LSQUnivariateSpline(x, y, [-1.0, 2.0]), "Schoenberg-Whitney"),
        (lambda m: m.NdPPoly(numpy.ones((2, 2)), (numpy.array([0, 2, 1.0]),)), "increasing"),
        (lambda m: m.KroghInterpolator(x, y[:5]), "equal in length"),
        (lambda m: m.BarycentricInterpolator(x, y[:5]), "equal in length"),
        (lambda m: m.make_interp_spline(dup, y, 3, bc_type="natural"), "duplicates"),
        (lambda m: m.make_interp_spline(x[::-1].copy(), y), "strictly increasing"),
        (lambda m: m.NdBSpline((numpy.r_[0, 0, 1, 1.0],), numpy.ones(3), 1), "inconsistent"),
        (lambda m: m.splder((numpy.r_[0, 0, 1, 1.0], numpy.r_[1, 2, 0, 0.0], 1), 2), "Order"),
    ]
    for make, match in cases:
        with pytest.raises(ValueError, match=match):
            make(si)
        with pytest.raises(ValueError, match=match):
            make(ci)


def test_bpoly_on_numpy(on_numpy):
    _check_bpoly(numpy.asarray, 1e-9)


def test_polyint_on_numpy(on_numpy):
    _check_polyint(numpy.asarray, 1e-9)


def test_splines_on_numpy(on_numpy):
    _check_splines(numpy.asarray, 1e-9)


@gpu
def test_bpoly_on_gpu():
    _check_bpoly(cunp.asarray, 1e-9)


@gpu
def test_polyint_on_gpu():
    _check_polyint(cunp.asarray, 1e-9)


@gpu
def test_splines_on_gpu():
    _check_splines(cunp.asarray, 1e-9)


@gpu
def test_large_evaluation_on_gpu():
    rng = numpy.random.default_rng(12)
    x = numpy.sort(rng.random(400)) * 10
    y = numpy.sin(x) + 0.05 * rng.standard_normal(400)
    xn = rng.random(200000) * 10
    X, Y, XN = cunp.asarray(x), cunp.asarray(y), cunp.asarray(xn)
    a, b = si.UnivariateSpline(x, y, s=1.0), ci.UnivariateSpline(X, Y, s=1.0)
    _eq(b(XN), a(xn), 1e-8, atol=1e-10)
    c = rng.random((4, 399))
    _eq(ci.BPoly(cunp.asarray(c), X)(XN), si.BPoly(c, x)(xn), 1e-9)
    t = numpy.r_[0, 0, 0, 0, numpy.linspace(0.5, 9.5, 30), 10, 10, 10, 10.0]
    cc = rng.random((34, 34))
    pts = rng.random((100000, 2)) * 10
    _eq(ci.NdBSpline((cunp.asarray(t),) * 2, cunp.asarray(cc), 3)(cunp.asarray(pts)),
        si.NdBSpline((t, t), cc, 3)(pts), 1e-9)
