"""LinearNDInterpolator, griddata(method='linear') and Delaunay in 3 and 4 dimensions against
SciPy. The simplices are SciPy's Qhull's (made on the host); locating the points and the
barycentric evaluation are cunp's. Each test runs twice: on the CPU (NumPy in place of cunp and
the find_simplex walk's NumPy model: ../spatial/cpu_backend.py) and, marked gpu, on the
device."""
import os
import sys

import numpy
import pytest

import cunp
import cunp.scipy.interpolate as ci
import cunp.scipy.spatial as cs

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spatial"))
import cpu_backend  # noqa: E402

si = pytest.importorskip("scipy.interpolate")
ss = pytest.importorskip("scipy.spatial")


@pytest.fixture(params=["cpu", pytest.param("gpu", marks=pytest.mark.gpu)])
def backend(request, monkeypatch):
    if request.param == "cpu":
        cpu_backend.patch(monkeypatch)
    return request.param


def _np(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


def _dev(backend, a):
    return cunp.asarray(a) if backend == "gpu" else a


def _data(seed, ndim, n=None):
    rng = numpy.random.default_rng(seed)
    n = n or {3: 120, 4: 70}[ndim]
    y = rng.random((n, ndim)) * numpy.linspace(1.0, 3.0, ndim)
    d = numpy.sin(2 * y[:, 0]) * numpy.cos(y[:, -1]) + y[:, 1] ** 2
    xi = rng.random((40, ndim)) * 1.2 * numpy.linspace(1.0, 3.0, ndim) - 0.1
    return rng, y, d, xi


@pytest.mark.parametrize("values", ["real", "complex", "multi", "int"])
@pytest.mark.parametrize("rescale", [False, True])
@pytest.mark.parametrize("ndim", [3, 4])
def test_linear_nd_matches_scipy(backend, ndim, rescale, values):
    _, y, d, xi = _data(ndim, ndim)
    if values == "complex":
        d = d + 1j * y[:, 0]
    elif values == "multi":
        d = numpy.stack([d, d ** 2, y[:, 1]], axis=1).reshape(len(y), 3, 1)
    elif values == "int":
        d = (d * 10).astype(numpy.int32)
    got = ci.LinearNDInterpolator(_dev(backend, y), _dev(backend, d), rescale=rescale)(
        _dev(backend, xi.reshape(5, 8, ndim)))
    ref = si.LinearNDInterpolator(y, d, rescale=rescale)(xi.reshape(5, 8, ndim))
    assert got.shape == ref.shape and got.dtype == ref.dtype
    numpy.testing.assert_allclose(_np(got), ref, rtol=1e-10, atol=1e-12)
    assert numpy.isnan(ref).any()  # some points fall outside the hull


@pytest.mark.parametrize("ndim", [3, 4])
def test_fill_value_and_call_forms(backend, ndim):
    _, y, d, xi = _data(10 + ndim, ndim)
    ip = ci.LinearNDInterpolator(_dev(backend, y), _dev(backend, d), fill_value=-1.5)
    ref = si.LinearNDInterpolator(y, d, fill_value=-1.5)
    numpy.testing.assert_allclose(_np(ip(_dev(backend, xi))), ref(xi), rtol=1e-10, atol=1e-12)
    cols = tuple(_dev(backend, xi[:, k]) for k in range(ndim))
    numpy.testing.assert_allclose(_np(ip(*cols)), ref(*[xi[:, k] for k in range(ndim)]),
                                  rtol=1e-10, atol=1e-12)
    one = ip(_dev(backend, xi[0]))
    assert one.shape == ref(xi[0]).shape
    # A cunp Delaunay passed as the points: the same simplices.
    tri = cs.Delaunay(_dev(backend, y))
    numpy.testing.assert_allclose(_np(ci.LinearNDInterpolator(tri, _dev(backend, d))(
        _dev(backend, xi))), si.LinearNDInterpolator(y, d)(xi), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("ndim", [3, 4])
def test_griddata_linear(backend, ndim):
    _, y, d, xi = _data(20 + ndim, ndim)
    got = ci.griddata(_dev(backend, y), _dev(backend, d), _dev(backend, xi), method="linear",
                      fill_value=0.25, rescale=True)
    ref = si.griddata(y, d, xi, method="linear", fill_value=0.25, rescale=True)
    numpy.testing.assert_allclose(_np(got), ref, rtol=1e-10, atol=1e-12)
    with pytest.raises(ValueError, match="Unknown interpolation method"):
        ci.griddata(_dev(backend, y), _dev(backend, d), _dev(backend, xi), method="cubic")
    with pytest.raises(ValueError, match="only for 2-D data"):
        ci.CloughTocher2DInterpolator(_dev(backend, y), _dev(backend, d))


@pytest.mark.parametrize("ndim", [3, 4])
def test_delaunay_nd(backend, ndim):
    _, y, _, xi = _data(30 + ndim, ndim)
    xi[0] = numpy.nan
    tri, ref = cs.Delaunay(_dev(backend, y)), ss.Delaunay(y)
    assert tri.ndim == ndim and tri.nsimplex == ref.nsimplex and tri.npoints == len(y)
    for name in ("simplices", "neighbors", "transform", "convex_hull", "vertex_to_simplex",
                 "coplanar"):
        numpy.testing.assert_array_equal(_np(getattr(tri, name)), getattr(ref, name))
    for got, exp in zip(tri.vertex_neighbor_vertices, ref.vertex_neighbor_vertices):
        numpy.testing.assert_array_equal(_np(got), exp)
    got, exp = _np(tri.find_simplex(_dev(backend, xi))), ref.find_simplex(xi)
    assert got.dtype == numpy.int32 and got[0] == -1
    numpy.testing.assert_array_equal(got < 0, exp < 0)
    inside = exp >= 0
    numpy.testing.assert_array_equal(numpy.sort(ref.simplices[got[inside]], axis=1),
                                     numpy.sort(ref.simplices[exp[inside]], axis=1))
    # Each vertex is found in a simplex that holds it (a vertex lies on many: any will do).
    at = _np(tri.find_simplex(_dev(backend, y[:10])))
    assert all(k in ref.simplices[s] for k, s in enumerate(at))
    with pytest.raises(ValueError, match="dimensionality"):
        tri.find_simplex(_dev(backend, numpy.zeros((3, ndim + 1))))


def test_errors_nd(backend, monkeypatch):
    with pytest.raises(cs.QhullError):
        cs.Delaunay(_dev(backend, numpy.zeros((6, 3))))
    y = numpy.random.default_rng(40).random((20, 3))
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.spatial", None)
    with pytest.raises(ImportError, match="SciPy"):
        cs.Delaunay(_dev(backend, y))
    with pytest.raises(ImportError, match="SciPy"):
        ci.LinearNDInterpolator(_dev(backend, y), _dev(backend, y[:, 0]))


def test_layouts_dtypes_and_empty(backend):
    _, y, d, xi = _data(50, 3)
    ref = si.LinearNDInterpolator(y, d.astype(numpy.float32))
    ip = ci.LinearNDInterpolator(_dev(backend, numpy.asfortranarray(y)),
                                 _dev(backend, d.astype(numpy.float32)))
    dev = _dev(backend, xi)
    wide = _dev(backend, numpy.zeros((len(xi), 6)))
    wide[:, ::2] = dev
    for view, exp in ((dev[::-1], xi[::-1]), (wide[:, ::2], xi),
                      (_dev(backend, numpy.asfortranarray(xi)), xi),
                      (_dev(backend, xi.astype(numpy.float32)), xi.astype(numpy.float32))):
        got = ip(view)
        assert got.dtype == numpy.float64
        numpy.testing.assert_allclose(_np(got), ref(exp), rtol=1e-10, atol=1e-12)
    assert ip(_dev(backend, numpy.zeros((0, 3)))).shape == (0,)
    assert ip(_dev(backend, numpy.zeros((2, 0, 3)))).shape == (2, 0)
