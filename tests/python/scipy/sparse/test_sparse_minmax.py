"""max/min/argmax/argmin against SciPy: whole matrix and along each axis, with explicit=False
(implicit zeros count) and explicit=True (stored values only), over formats, both APIs,
dtypes, explicit zeros, duplicates, empty lines and degenerate shapes."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

NAMES = ["max", "min", "argmax", "argmin"]


def host(x):
    if hasattr(x, "toarray"):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def make(shape, dtype, seed):
    """A COO input with duplicates, one explicit zero, an empty row and an empty column."""
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = int(0.5 * m * n)
    pos = rng.permutation(m * n)[:k]
    row, col = pos // max(n, 1), pos % max(n, 1)
    keep = (row != m - 1) & (col != 0) if m > 2 and n > 2 else numpy.ones(k, bool)
    row, col = row[keep], col[keep]
    vals = rng.integers(-3, 4, row.shape[0]).astype(numpy.float64)
    if row.size:
        row, col = numpy.concatenate([row, row[:2]]), numpy.concatenate([col, col[:2]])
        vals = numpy.concatenate([vals, vals[:2]])
        vals[-1] = 0
    if numpy.dtype(dtype).kind == "u":
        vals = numpy.abs(vals)
    return sps.coo_matrix((vals.astype(dtype), (row, col)), shape=shape)


def outcome(f):
    try:
        return f(), None
    except (ValueError, TypeError) as e:
        return None, type(e)


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("shape", [(5, 7), (7, 4), (1, 1), (6, 1), (1, 5), (0, 3)])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int8, numpy.uint16])
def test_min_max_axis(backend, fmt, kind, shape, dtype):
    for seed in range(3):
        s0 = make(shape, dtype, seed)
        s = getattr(sps, f"{fmt}_{kind}")(s0)
        c = getattr(cs, f"{fmt}_{kind}")(s0)
        for name in NAMES:
            for axis in [None, 0, 1, -1]:
                for explicit in [False, True]:
                    e, err = outcome(lambda: getattr(s, name)(axis=axis, explicit=explicit))
                    if err is not None:
                        with pytest.raises(err):
                            getattr(c, name)(axis=axis, explicit=explicit)
                        continue
                    r = getattr(c, name)(axis=axis, explicit=explicit)
                    numpy.testing.assert_array_equal(host(r), host(e),
                                                     err_msg=f"{name} {axis} {explicit}")
                    if name in ("max", "min") and axis is not None:
                        assert numpy.dtype(r.dtype) == e.dtype
                        # SciPy gives a COO matrix (2-D) or a 1-D COO array; cunp gives the
                        # matrix and, having no 1-D sparse arrays, the dense vector.
                        assert cs.issparse(r) == (kind == "matrix")


def test_all_zero_and_full_lines(backend):
    dense = numpy.array([[0.0, 0, 0], [2, 1, 3], [-1, -2, -1], [0, 0, -5]])
    s = sps.csr_array(dense)
    s.data[s.data == 3] = 0  # an explicit zero in a full row
    c = cs.csr_array(s)
    for name in NAMES:
        for axis in [0, 1]:
            for explicit in [False, True]:
                numpy.testing.assert_array_equal(
                    host(getattr(c, name)(axis=axis, explicit=explicit)),
                    host(getattr(s, name)(axis=axis, explicit=explicit)))
    z, sz = cs.csr_matrix((3, 4)), sps.csr_matrix((3, 4))
    for name in NAMES:
        numpy.testing.assert_array_equal(host(getattr(z, name)()), getattr(sz, name)())
    with pytest.raises(ValueError):
        z.argmax(explicit=True)


def test_nan_and_errors(backend):
    s = sps.csr_array(numpy.array([[1.0, numpy.nan, 0], [0, 2, 3]]))
    c = cs.csr_array(s)
    for name in NAMES:
        for axis in [None, 0, 1]:
            numpy.testing.assert_array_equal(host(getattr(c, name)(axis=axis)),
                                             host(getattr(s, name)(axis=axis)))
    for name in NAMES:
        with pytest.raises(ValueError):
            getattr(c, name)(out=numpy.zeros(2))
        with pytest.raises(ValueError):
            getattr(c, name)(axis=2)
        with pytest.raises(TypeError):
            getattr(c, name)(axis=1.5)
