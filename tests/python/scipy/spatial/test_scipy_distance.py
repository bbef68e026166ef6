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


def _condensed_pair(i, m):
    """A model of condensed_pair (src/device/spatial/pairwise.cuh), vectorized: the pair
    (row, col) at condensed position i, from the root in double corrected by whole steps."""
    b = 2.0 * m - 1.0
    r = numpy.floor((b - numpy.sqrt(b * b - 8.0 * i)) / 2.0).astype(numpy.int64)
    r = numpy.clip(r, 0, m - 2)

    def start(r):
        return r * m - r * (r + 1) // 2
    while True:
        down = (r > 0) & (start(r) > i)
        up = (r < m - 2) & (start(r + 1) <= i)
        if not (down.any() or up.any()):
            break
        r = r - down + up
    return r, i - start(r) + r + 1


def _numpy_pdist(name, x, p=2.0):
    """The pdist kernel: each condensed position's pair from the model, then its distance."""
    m = x.shape[0]
    r, c = _condensed_pair(numpy.arange(m * (m - 1) // 2, dtype=numpy.int64), m)
    return _numpy_pairwise(name, x, x, p)[r, c]


@pytest.fixture
def on_numpy(monkeypatch):
    monkeypatch.setattr(cd, "cp", numpy)
    monkeypatch.setattr(cd, "_pairwise", _numpy_pairwise)
    monkeypatch.setattr(cd, "_pdist_kernel", _numpy_pdist)


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


def _check_pdist(conv, host, rtol):
    """pdist's own paths (the condensed kernel, Gram blocks) across sizes, layouts, dtypes and
    metric arguments, against SciPy; and out=."""
    rng = numpy.random.default_rng(9)
    base = rng.random((23, 6))
    b = rng.integers(0, 2, (9, 5)).astype(bool)
    layouts = [base, base[::-1], base[::2, ::-1], numpy.asfortranarray(base), base[:2],
               base[:1], base[:0], base.astype(numpy.float32)]
    for x in layouts:
        for m in SCIPY_METRICS:
            want = sd.pdist(x, m)
            got = host(cd.pdist(conv(x), m))
            assert got.shape == want.shape, (m, x.shape)
            assert got.dtype == (numpy.float32 if x.dtype == numpy.float32 else numpy.float64)
            numpy.testing.assert_allclose(got, want, rtol=max(rtol, 1e-4 if x.dtype ==
                                          numpy.float32 else 0), atol=1e-5, err_msg=m)
    for p in (1, 3.5, numpy.inf):
        numpy.testing.assert_allclose(host(cd.pdist(conv(base), "minkowski", p=p)),
                                      sd.pdist(base, "minkowski", p=p), rtol=rtol)
    numpy.testing.assert_allclose(host(cd.pdist(conv(b), "russellrao")),
                                  sd.pdist(b, "russellrao"), rtol=rtol)
    numpy.testing.assert_allclose(host(cd.pdist(conv(b), "hamming")), sd.pdist(b, "hamming"),
                                  rtol=rtol)
    out = conv(numpy.zeros(23 * 22 // 2))
    assert cd.pdist(conv(base), "cityblock", out=out) is out
    numpy.testing.assert_allclose(host(out), sd.pdist(base, "cityblock"), rtol=rtol)
    with pytest.raises(ValueError, match="incorrect shape"):
        cd.pdist(conv(base), out=conv(numpy.zeros(3)))
    with pytest.raises(ValueError, match="2-dimensional"):
        cd.pdist(conv(base[0]))


def test_pdist_on_numpy(on_numpy, monkeypatch):
    _check_pdist(numpy.asarray, numpy.asarray, 1e-9)
    # Gram-metric blocks of a few rows each: the runs of d they fill must tile it exactly.
    monkeypatch.setattr(cd, "_PDIST_BLOCK", 50)
    _check_pdist(numpy.asarray, numpy.asarray, 1e-9)


def test_condensed_pair_model_at_scale():
    """The inversion of the condensed position, at sizes where the double root rounds."""
    for m in (2, 3, 1000, 1 << 20, (1 << 26) + 3):
        size = m * (m - 1) // 2
        i = numpy.unique(numpy.concatenate([
            numpy.arange(min(size, 50)), size - 1 - numpy.arange(min(size, 50)),
            numpy.random.default_rng(m).integers(0, size, 200)])).astype(numpy.int64)
        r, c = _condensed_pair(i, m)
        assert ((r >= 0) & (r < c) & (c < m)).all()
        numpy.testing.assert_array_equal(r * m - r * (r + 1) // 2 + (c - r - 1), i)


@gpu
def test_pdist_on_gpu(monkeypatch):
    _check_pdist(cunp.asarray, cunp.asnumpy, 1e-7)
    monkeypatch.setattr(cd, "_PDIST_BLOCK", 50)
    _check_pdist(cunp.asarray, cunp.asnumpy, 1e-7)


@gpu
def test_large_pdist_on_gpu():
    """Enough rows for 18 million pairs: condensed positions past 2^24 for the kernel, and
    several row blocks for the matrix-product metrics."""
    x = numpy.random.default_rng(10).standard_normal((6000, 8))
    for metric in ("cityblock", "sqeuclidean"):
        numpy.testing.assert_allclose(cunp.asnumpy(cd.pdist(cunp.asarray(x), metric)),
                                      sd.pdist(x, metric), rtol=1e-9, atol=1e-9)


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
