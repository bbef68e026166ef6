"""cunp.scipy.interpolate against scipy.interpolate: on NumPy (each module's `cp` replaced, no
device) and on the GPU."""
import types
import warnings

import numpy
import pytest

import cunp
from cunp.scipy.interpolate import _bspline, _cubic, _interp1d, _ppoly, _rgi

si = pytest.importorskip("scipy.interpolate")
import cunp.scipy.interpolate as ci  # noqa: E402

gpu = pytest.mark.gpu


@pytest.fixture
def on_numpy(monkeypatch):
    np_like = types.SimpleNamespace(**{k: getattr(numpy, k) for k in dir(numpy)
                                       if not k.startswith("__")})
    np_like.asnumpy = numpy.asarray
    for m in (_bspline, _cubic, _interp1d, _ppoly, _rgi):
        monkeypatch.setattr(m, "cp", np_like)


def _host(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


def _eq(got, want, rtol=1e-9, dtype=True):
    got, want = _host(got), numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    if dtype:
        assert got.dtype == want.dtype, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=1e-12, equal_nan=True)


KINDS = ["linear", "nearest", "nearest-up", "previous", "next", "zero", "slinear", "quadratic",
         "cubic", 0, 1, 2, 3, 5]


def _check(conv, rtol):
    warnings.simplefilter("ignore")
    rng = numpy.random.default_rng(0)
    x = numpy.sort(rng.random(9)) * 10
    y, y1 = rng.random((9, 3)), rng.random(9)
    xn = numpy.linspace(-1, 11, 37)
    xi = numpy.linspace(x[0], x[-1], 25)
    c = rng.random((4, 8, 2))
    X, Y, Y1, XN, XI = conv(x), conv(y), conv(y1), conv(xn), conv(xi)
    for ax in (0, 1):
        cc = c if ax == 0 else numpy.moveaxis(c, 2, 0)
        for ext in (True, False):
            p, q = ci.PPoly(conv(cc), X, ext, axis=ax), si.PPoly(cc, x, ext, axis=ax)
            _eq(p(XN), q(xn), rtol)
            _eq(p(XN, 1), q(xn, 1), rtol)
            _eq(p.derivative(2)(XN), q.derivative(2)(xn), rtol)
            _eq(p.antiderivative(2)(XN), q.antiderivative(2)(xn), rtol)
            _eq(p.integrate(1, 7), q.integrate(1, 7), rtol)
    _eq(ci.PPoly(conv(c), X, "periodic")(XN), si.PPoly(c, x, "periodic")(xn), rtol)
    for bc in ("not-a-knot", "natural", "clamped",
               ((1, numpy.full(3, 0.5)), (2, numpy.arange(3.0)))):
        _eq(ci.CubicSpline(X, Y, bc_type=bc)(XN), si.CubicSpline(x, y, bc_type=bc)(xn), rtol)
        _eq(ci.CubicSpline(X, Y, bc_type=bc)(XN, 2), si.CubicSpline(x, y, bc_type=bc)(xn, 2),
            rtol)
    _eq(ci.CubicSpline(X, conv(y.T), axis=1)(XN[:5]), si.CubicSpline(x, y.T, axis=1)(xn[:5]),
        rtol)
    _eq(ci.CubicSpline(X[:3], Y1[:3])(XN), si.CubicSpline(x[:3], y1[:3])(xn), rtol)
    _eq(ci.CubicSpline(X[:2], Y1[:2])(XN), si.CubicSpline(x[:2], y1[:2])(xn), rtol)
    yc = y1 + 1j * y1[::-1]
    _eq(ci.CubicSpline(X, conv(yc))(XN), si.CubicSpline(x, yc)(xn), rtol)
    xp = numpy.array([0, 1, 2.5, 3, 4.0])
    yp = numpy.array([[1, 2, 0, 3, 1.0], [0, 1, 2, 3, 0]]).T
    for xx, yv in ((xp, yp), (xp[:3], numpy.array([1, 2, 1.0])), (xp[:2], numpy.array([1, 1.0]))):
        for nu in (0, 1):
            _eq(ci.CubicSpline(conv(xx), conv(yv), bc_type="periodic")(XN, nu),
                si.CubicSpline(xx, yv, bc_type="periodic")(xn, nu), rtol)
    d = rng.random((9, 3))
    _eq(ci.CubicHermiteSpline(X, Y, conv(d))(XN), si.CubicHermiteSpline(x, y, d)(xn), rtol)
    yy = numpy.cumsum(rng.random(9) - 0.3)
    YY = conv(yy)
    _eq(ci.PchipInterpolator(X, YY)(XN), si.PchipInterpolator(x, yy)(xn), rtol)
    _eq(ci.PchipInterpolator(X, Y)(XN, 1), si.PchipInterpolator(x, y)(xn, 1), rtol)
    _eq(ci.PchipInterpolator(X[:2], Y1[:2])(XN), si.PchipInterpolator(x[:2], y1[:2])(xn), rtol)
    _eq(ci.pchip_interpolate(X, YY, XN), si.pchip_interpolate(x, yy, xn), rtol)
    for m in ("akima", "makima"):
        _eq(ci.Akima1DInterpolator(X, YY, method=m)(XN),
            si.Akima1DInterpolator(x, yy, method=m)(xn), rtol)
        _eq(ci.Akima1DInterpolator(X, Y, method=m)(XI),
            si.Akima1DInterpolator(x, y, method=m)(xi), rtol)
        flat = numpy.array([0, 0, 0, 1, 1, 1, 2, 2, 2.0])
        _eq(ci.Akima1DInterpolator(X, conv(flat), method=m)(XI),
            si.Akima1DInterpolator(x, flat, method=m)(xi), rtol)
    for kind in KINDS:
        for fv in (numpy.nan, (-1.0, 2.0), "extrapolate"):
            be = None if fv == "extrapolate" else False
            _eq(ci.interp1d(X, conv(y.T), kind=kind, fill_value=fv, bounds_error=be)(XN),
                si.interp1d(x, y.T, kind=kind, fill_value=fv, bounds_error=be)(xn), rtol)
        _eq(ci.interp1d(X, Y, kind=kind, axis=0)(XI.reshape(5, 5)),
            si.interp1d(x, y, kind=kind, axis=0)(xi.reshape(5, 5)), rtol)
        xs = x[::-1].copy()
        _eq(ci.interp1d(conv(xs), conv(y1[::-1]), kind=kind)(XI),
            si.interp1d(xs, y1[::-1], kind=kind)(xi), rtol)
    for k in (0, 1, 2, 3, 5):
        s = si.make_interp_spline(x, y, k)
        b = ci.make_interp_spline(X, Y, k)
        _eq(b.t, s.t, rtol)
        _eq(b.c, s.c, 1e-8)
        for nu in range(k + 1):
            _eq(b(XN, nu), s(xn, nu), 1e-8)
        _eq(b(XN, extrapolate=False), s(xn, extrapolate=False), 1e-8)
        _eq(ci.make_interp_spline(X, conv(y.T), k, axis=1)(XN[:5]),
            si.make_interp_spline(x, y.T, k, axis=1)(xn[:5]), 1e-8)
    kt = numpy.r_[0, 0, 0, 0, 1, 2, 3, 3, 3, 3.0]
    kc = rng.random(6)
    _eq(ci.BSpline(conv(kt), conv(kc), 3)(XN), si.BSpline(kt, kc, 3)(xn), rtol)
    _eq(ci.BSpline(conv(kt), conv(kc), 3, False)(XN), si.BSpline(kt, kc, 3, False)(xn), rtol)
    for kind in ("linear", "nearest"):
        y32 = y1.astype(numpy.float32)
        _eq(ci.interp1d(X, conv(y32), kind=kind)(XI), si.interp1d(x, y32, kind=kind)(xi), 1e-6)
    g1, g2 = numpy.sort(rng.random(5)), numpy.sort(rng.random(7))
    g3 = numpy.sort(rng.random(4))[::-1].copy()
    grid = (conv(g1), conv(g2), conv(g3))
    v, v2 = rng.random((5, 7, 4)), rng.random((5, 7, 4, 2))
    pts = rng.random((6, 3)) * 0.8 + 0.1
    for m in ("linear", "nearest", "slinear"):
        _eq(ci.interpn(grid, conv(v), conv(pts), method=m, bounds_error=False),
            si.interpn((g1, g2, g3), v, pts, method=m, bounds_error=False), rtol)
        _eq(ci.RegularGridInterpolator(grid, conv(v2), m, bounds_error=False,
                                       fill_value=None)(conv(pts.reshape(2, 3, 3))),
            si.RegularGridInterpolator((g1, g2, g3), v2, m, bounds_error=False,
                                       fill_value=None)(pts.reshape(2, 3, 3)), rtol)
        _eq(ci.RegularGridInterpolator(grid, conv(v), m, bounds_error=False)(conv(pts * 3)),
            si.RegularGridInterpolator((g1, g2, g3), v, m, bounds_error=False)(pts * 3), rtol)


def _check_spline_grid(conv, rtol):
    # SciPy's default solver for the spline methods is iterative (about 1e-6 relative); with a
    # direct one its results are the exact tensor-product spline that cunp computes.
    from scipy.sparse.linalg import spsolve
    rng = numpy.random.default_rng(1)
    g1, g2 = numpy.sort(rng.random(7)), numpy.sort(rng.random(8))
    g3 = numpy.sort(rng.random(6))[::-1].copy()
    grid = (conv(g1), conv(g2), conv(g3))
    v, v2 = rng.random((7, 8, 6)), rng.random((7, 8, 6, 2))
    pts = numpy.column_stack([rng.uniform(g1[0], g1[-1], 20), rng.uniform(g2[0], g2[-1], 20),
                              rng.uniform(g3[-1], g3[0], 20)])
    for m in ("cubic", "quintic"):
        _eq(ci.RegularGridInterpolator(grid, conv(v), m)(conv(pts)),
            si.RegularGridInterpolator((g1, g2, g3), v, m, solver=spsolve)(pts), rtol)
        _eq(ci.interpn(grid, conv(v2), conv(pts), method=m),
            si.RegularGridInterpolator((g1, g2, g3), v2, m, solver=spsolve)(pts), rtol)
        _eq(ci.RegularGridInterpolator(grid, conv(v), m, bounds_error=False)(conv(pts * 2)),
            si.RegularGridInterpolator((g1, g2, g3), v, m, bounds_error=False,
                                       solver=spsolve)(pts * 2), rtol)
        _eq(ci.RegularGridInterpolator(grid, conv(v), m, bounds_error=False,
                                       fill_value=None)(conv(pts * 1.1)),
            si.RegularGridInterpolator((g1, g2, g3), v, m, bounds_error=False, fill_value=None,
                                       solver=spsolve)(pts * 1.1), rtol)
    with pytest.raises(ValueError, match="at least 4 points"):
        ci.RegularGridInterpolator((conv(g1[:3]),), conv(v[:3, 0, 0]), "cubic")


def test_spline_grid_on_numpy(on_numpy):
    _check_spline_grid(numpy.asarray, 1e-6)


@gpu
def test_spline_grid_on_gpu():
    _check_spline_grid(cunp.asarray, 1e-6)


def test_interpolators_on_numpy(on_numpy):
    _check(numpy.asarray, 1e-9)


def test_bad_input(on_numpy):
    x = numpy.arange(5.0)
    with pytest.raises(ValueError, match="strictly increasing"):
        ci.CubicSpline([0, 1, 1, 2], [1, 2, 3, 4])
    with pytest.raises(ValueError):
        ci.PchipInterpolator(x, x[:4])
    with pytest.raises(ValueError, match="above the interpolation range"):
        ci.interp1d(x, x)(7)
    with pytest.raises(ValueError, match="below the interpolation range"):
        ci.interp1d(x, x)(-1)
    with pytest.raises(NotImplementedError):
        ci.interp1d(x, x, kind="bogus")
    with pytest.raises(ValueError):
        ci.interp1d(x, x, bounds_error=True, fill_value="extrapolate")
    with pytest.raises(ValueError, match="not defined"):
        ci.RegularGridInterpolator((x,), x, method="bogus")
    with pytest.raises(ValueError, match="out of bounds"):
        ci.interpn((x,), x, numpy.array([[7.0]]))
    with pytest.raises(ValueError, match="Order of derivative"):
        ci.PPoly(numpy.ones((2, 4)), x)(1.0, -1)
    with pytest.raises(ValueError, match="bc_type"):
        ci.CubicSpline(x, x, bc_type="bogus")
    with pytest.raises(ValueError, match="identical"):
        ci.CubicSpline(x, x, bc_type="periodic")


@gpu
def test_interpolators_on_gpu():
    _check(cunp.asarray, 1e-9)


@gpu
def test_large_evaluation_on_gpu():
    rng = numpy.random.default_rng(3)
    x = numpy.sort(rng.random(1000))
    y = numpy.sin(20 * x)
    xn = rng.random(200000) * (x[-1] - x[0]) + x[0]
    _eq(ci.CubicSpline(cunp.asarray(x), cunp.asarray(y))(cunp.asarray(xn)),
        si.CubicSpline(x, y)(xn), 1e-8)
    _eq(ci.interp1d(cunp.asarray(x), cunp.asarray(y))(cunp.asarray(xn)),
        si.interp1d(x, y)(xn), 1e-12)
