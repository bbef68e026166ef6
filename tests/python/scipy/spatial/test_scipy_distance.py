"""cunp.scipy.spatial.distance against scipy.spatial.distance: the metrics on NumPy (the
module's `cp` and its pairwise kernel replaced, no device) and on the GPU; hellinger and
kl_divergence (CuPy's metrics, not SciPy's) against their NumPy formulas."""
import numpy
import pytest

import cunp
from cunp.scipy.spatial import distance as cd

sd = pytest.importorskip("scipy.spatial.distance")
import scipy.spatial as ss  # noqa: E402

import cunp.scipy.spatial as cs  # noqa: E402

gpu = pytest.mark.gpu
SCIPY_METRICS = ["euclidean", "sqeuclidean", "cityblock", "chebyshev", "minkowski", "cosine",
                 "correlation", "canberra", "hamming", "jensenshannon"]


def _numpy_pairwise(name, x, y, p=2.0):
    """The kernel's definitions, broadcast in NumPy (the CPU stand-in for _core.spatial)."""
    a, b = x[:, None, :], y[None, :, :]
    with numpy.errstate(divide="ignore", invalid="ignore"):
        if name == "cityblock":
            return numpy.abs(a - b).sum(-1)
        if name == "chebyshev":
            return numpy.abs(a - b).max(-1)
        if name == "minkowski":
            return (numpy.abs(a - b) ** p).sum(-1) ** (1 / p)
        if name == "canberra":
            den = numpy.abs(a) + numpy.abs(b)
            return numpy.where(den > 0, numpy.abs(a - b) / den, 0).sum(-1)
        if name == "hamming":
            return (a != b).mean(-1)
        if name == "jensenshannon":
            m = (a + b) / 2

            def rel(u):
                return numpy.where(u > 0, u * numpy.log(u / m), numpy.where(u == 0, 0, numpy.inf))
            return numpy.sqrt(numpy.maximum((rel(a) + rel(b)).sum(-1), 0) / 2)
        if name == "kl_divergence":
            return numpy.where(a > 0, a * numpy.log(a / b), 0).sum(-1)
    raise ValueError(name)


@pytest.fixture
def on_numpy(monkeypatch):
    monkeypatch.setattr(cd, "cp", numpy)
    monkeypatch.setattr(cd, "_pairwise", _numpy_pairwise)


def _host(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


def _check(conv, rtol):
    rng = numpy.random.default_rng(2)
    x, y = rng.random((7, 5)), rng.random((4, 5))
    b = rng.integers(0, 2, (6, 5)).astype(bool)
    for m in SCIPY_METRICS:
        numpy.testing.assert_allclose(_host(cd.cdist(conv(x), conv(y), m)), sd.cdist(x, y, m),
                                      rtol=rtol, atol=1e-12, err_msg=m)
        numpy.testing.assert_allclose(_host(cd.pdist(conv(x), m)), sd.pdist(x, m), rtol=rtol,
                                      atol=1e-12, err_msg=m)
    numpy.testing.assert_allclose(_host(cd.cdist(conv(x), conv(y), "minkowski", p=3.5)),
                                  sd.cdist(x, y, "minkowski", p=3.5), rtol=rtol)
    numpy.testing.assert_allclose(_host(cd.cdist(conv(b), conv(b[:3]), "russellrao")),
                                  sd.cdist(b, b[:3], "russellrao"), rtol=rtol)
    numpy.testing.assert_allclose(_host(cd.cdist(conv(b), conv(b[:3]), "hamming")),
                                  sd.cdist(b, b[:3], "hamming"), rtol=rtol)
    numpy.testing.assert_allclose(_host(cd.pdist(conv(b), "russellrao")),
                                  sd.pdist(b, "russellrao"), rtol=rtol)
    p, q = x / x.sum(1, keepdims=True), y / y.sum(1, keepdims=True)
    numpy.testing.assert_allclose(
        _host(cd.cdist(conv(p), conv(q), "hellinger")),
        numpy.sqrt(numpy.maximum(1 - numpy.sqrt(p[:, None] * q[None]).sum(-1), 0)), rtol=rtol)
    numpy.testing.assert_allclose(
        _host(cd.cdist(conv(p), conv(q), "kl_divergence")),
        (p[:, None] * numpy.log(p[:, None] / q[None])).sum(-1), rtol=rtol)
    # CuPy's functions of two vectors: a 0-d array each, SciPy's value.
    u, v = x[0], y[1]
    for m in SCIPY_METRICS:
        if m == "minkowski":
            got, want = cd.minkowski(conv(u), conv(v), 3.5), sd.minkowski(u, v, 3.5)
        else:
            got, want = getattr(cd, m)(conv(u), conv(v)), getattr(sd, m)(u, v)
        assert _host(got).shape == ()
        numpy.testing.assert_allclose(_host(got), want, rtol=rtol, atol=1e-12, err_msg=m)
    numpy.testing.assert_allclose(_host(cd.russellrao(conv(b[0]), conv(b[1]))),
                                  sd.russellrao(b[0], b[1]), rtol=rtol)
    for m in ("hellinger", "kl_divergence"):
        numpy.testing.assert_allclose(_host(getattr(cd, m)(conv(p[0]), conv(q[1]))),
                                      _host(cd.cdist(conv(p), conv(q), m))[0, 1], rtol=rtol)
    with pytest.raises(ValueError, match="1-D"):
        cd.euclidean(conv(x), conv(y))
    d = sd.pdist(x)
    numpy.testing.assert_allclose(_host(cd.squareform(conv(d))), sd.squareform(d))
    numpy.testing.assert_allclose(_host(cd.squareform(conv(sd.squareform(d)))), d)
    assert _host(cd.squareform(conv(numpy.zeros(0)))).shape == (1, 1)
    assert _host(cd.squareform(conv(numpy.zeros((1, 1))))).shape == (0,)
    numpy.testing.assert_allclose(_host(cs.distance_matrix(conv(x), conv(y))),
                                  ss.distance_matrix(x, y), rtol=rtol)
    numpy.testing.assert_allclose(_host(cs.distance_matrix(conv(x), conv(y), 1)),
                                  ss.distance_matrix(x, y, 1), rtol=rtol)
    numpy.testing.assert_allclose(_host(cs.minkowski_distance(conv(x[:4]), conv(y), 3)),
                                  ss.minkowski_distance(x[:4], y, 3), rtol=rtol)


def test_metrics_on_numpy(on_numpy):
    _check(numpy.asarray, 1e-9)


def test_errors(on_numpy):
    x = numpy.ones((3, 2))
    with pytest.raises(ValueError, match="Unknown Distance Metric"):
        cd.cdist(x, x, "bogus")
    with pytest.raises(ValueError, match="XA must be a 2-dimensional array"):
        cd.cdist(x[0], x)
    with pytest.raises(ValueError, match="same number of columns"):
        cd.cdist(x, numpy.ones((3, 3)))
    with pytest.raises(ValueError, match="binomial coefficient"):
        cd.squareform(numpy.ones(4))
    with pytest.raises(ValueError, match="symmetric"):
        cd.squareform(numpy.triu(numpy.ones((3, 3)), 1))
    with pytest.raises(ValueError):
        cs.distance_matrix(x, numpy.ones((2, 3)))
    with pytest.raises(TypeError):
        cd.cdist(x, x, "euclidean", bogus=1)


@gpu
def test_metrics_on_gpu():
    _check(cunp.asarray, 1e-7)


@gpu
@pytest.mark.parametrize("metric", SCIPY_METRICS)
def test_float32_and_noncontiguous_on_gpu(metric):
    rng = numpy.random.default_rng(4)
    x = rng.random((40, 16)).astype("float32")
    y = rng.random((16, 30)).astype("float32").T  # non-contiguous rows
    got = cd.cdist(cunp.asarray(x)[::2], cunp.asarray(numpy.ascontiguousarray(y.T)).T, metric)
    want = sd.cdist(x[::2], y, metric)
    assert got.dtype == numpy.float32  # float32 stays float32 (CuPy's behaviour)
    numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=2e-4, atol=2e-5)


@gpu
def test_large_euclidean_matches_scipy_on_gpu():
    rng = numpy.random.default_rng(5)
    x, y = rng.standard_normal((600, 64)), rng.standard_normal((500, 64))
    numpy.testing.assert_allclose(cunp.asnumpy(cd.cdist(cunp.asarray(x), cunp.asarray(y))),
                                  sd.cdist(x, y), rtol=1e-10)
    numpy.testing.assert_allclose(
        cunp.asnumpy(cd.cdist(cunp.asarray(x), cunp.asarray(y), "cityblock")),
        sd.cdist(x, y, "cityblock"), rtol=1e-10)
