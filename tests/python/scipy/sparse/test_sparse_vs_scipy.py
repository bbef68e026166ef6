"""cunp.scipy.sparse against scipy.sparse: construction, conversions, products, elementwise
operations, reductions, canonical form, indexing and the constructors, across formats, the
matrix and array APIs, dtypes, empty and one-column shapes, explicit zeros and duplicates.
Each test runs on NumPy (CPU) and on cunp (gpu marker), see conftest.py."""

import pickle
import warnings

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

FORMATS = ["csr", "csc", "coo"]
KINDS = ["matrix", "array"]
SHAPES = [(5, 7), (1, 1), (6, 1), (0, 3), (4, 4)]
DTYPES = [numpy.float64, numpy.float32, numpy.complex128, numpy.complex64, numpy.int32,
          numpy.int8, numpy.uint16, numpy.bool_]


def host(x):
    """A NumPy array of a dense result, a sparse result (densified) or a scalar."""
    if cs.issparse(x):
        x = x.toarray()
    if hasattr(x, "toarray"):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def scipy_input(shape, dtype, dups, zeros, seed=0):
    """A SciPy COO matrix with random entries; with `dups` three positions stored twice, with
    `zeros` one explicit zero."""
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = int(round(0.4 * m * n))
    pos = rng.permutation(m * n)[:k]
    row, col = pos // max(n, 1), pos % max(n, 1)
    vals = rng.random(k) * 4 - 1
    if numpy.dtype(dtype).kind == "c":
        vals = vals + 1j * (rng.random(k) - 0.5)
    if dups and k:
        take = numpy.arange(min(3, k))
        row, col = numpy.concatenate([row, row[take]]), numpy.concatenate([col, col[take]])
        vals = numpy.concatenate([vals, vals[take] * 0.5])
    if zeros and k:
        vals[0] = 0
    if numpy.dtype(dtype) == numpy.bool_:
        data = vals > 0.5
    elif numpy.dtype(dtype).kind in "iu":
        data = (numpy.abs(vals) * 3).astype(dtype)
    else:
        data = vals.astype(dtype)
    return sps.coo_matrix((data, (row, col)), shape=shape)


def close(a, b, tol=None):
    a, b = host(a), host(b)
    assert a.shape == b.shape, (a.shape, b.shape)
    if tol is None:
        tol = 1e-4 if a.dtype in (numpy.float32, numpy.complex64) or b.dtype in (
            numpy.float32, numpy.complex64) else 1e-10
    numpy.testing.assert_allclose(a, b, rtol=tol, atol=tol)


def pair(fmt, kind, shape=(5, 7), dtype=numpy.float64, dups=False, zeros=False, seed=0):
    s0 = scipy_input(shape, dtype, dups, zeros, seed)
    s = getattr(sps, f"{fmt}_{kind}")(s0)
    c = getattr(cs, f"{fmt}_{kind}")(s0)
    return c, s


CASES = [(f, k, sh, dt, d) for f in FORMATS for k in KINDS for sh in SHAPES for dt in DTYPES
         for d in (False, True)]


def case_id(c):
    f, k, sh, dt, d = c
    return f"{f}-{k}-{sh[0]}x{sh[1]}-{numpy.dtype(dt).name}{'-dups' if d else ''}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_construct_convert(backend, case):
    fmt, kind, shape, dtype, dups = case
    c, s = pair(fmt, kind, shape, dtype, dups, zeros=True)
    assert c.format == fmt and c.shape == s.shape and c.dtype == s.dtype
    assert c.nnz == s.nnz
    close(c, s)
    close(c.toarray(), s.toarray())
    close(c.todense(), s.todense())
    assert type(c.get()) is type(s)
    assert cs.issparse(c) and cs.isspmatrix(c) == (kind == "matrix")
    assert getattr(cs, f"isspmatrix_{fmt}")(c) == (kind == "matrix")
    dense = s.toarray()
    d = getattr(cs, f"{fmt}_{kind}")(dense)
    close(d, dense)
    assert d.nnz == getattr(sps, f"{fmt}_{kind}")(dense).nnz
    for other in FORMATS:
        close(c.asformat(other), s.asformat(other))
        assert c.asformat(other).format == other
        assert c.asformat(other).nnz == s.asformat(other).nnz
    close(c.T, s.T)
    assert c.T.format == s.T.format and c.transpose().shape == s.transpose().shape
    close(c.conj(), s.conj())
    close(c.astype(numpy.complex128), s.astype(numpy.complex128))
    close(c.copy(), s)
    if fmt != "coo":
        assert c.indices.dtype == s.indices.dtype and c.indptr.dtype == s.indptr.dtype
        assert c.has_canonical_format == s.has_canonical_format
        assert c.has_sorted_indices == s.has_sorted_indices
    else:
        assert c.row.dtype == s.row.dtype


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_canonical_form(backend, case):
    fmt, kind, shape, dtype, dups = case
    c, s = pair(fmt, kind, shape, dtype, dups, zeros=True)
    assert c.count_nonzero() == s.count_nonzero()
    c.sum_duplicates()
    s.sum_duplicates()
    assert c.nnz == s.nnz
    close(c, s)
    c.eliminate_zeros()
    s.eliminate_zeros()
    assert c.nnz == s.nnz
    close(c, s)
    if fmt != "coo":
        assert c.has_canonical_format and c.has_sorted_indices
        numpy.testing.assert_array_equal(host(c.indices), s.indices)
        numpy.testing.assert_array_equal(host(c.indptr), s.indptr)
        c2, s2 = pair(fmt, kind, shape, dtype, dups, seed=1)
        c2.sort_indices()
        s2.sort_indices()
        numpy.testing.assert_array_equal(host(c2.indices), s2.indices)
        close(c2, s2)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_arithmetic_and_reductions(backend, case):
    fmt, kind, shape, dtype, dups = case
    if dtype == numpy.bool_:
        pytest.skip("boolean arithmetic is covered by test_boolean_data")
    c, s = pair(fmt, kind, shape, dtype, dups, zeros=True)
    c2, s2 = pair(fmt, kind, shape, dtype, dups, seed=2)
    for r, e in [(c + c2, s + s2), (c - c2, s - s2), (c * 2, s * 2), (2 * c, 2 * s),
                 (c / 3, s / 3), (c.multiply(c2), s.multiply(s2)),
                 (c.multiply(s2.toarray()), s.multiply(s2.toarray())), (abs(c), abs(s)),
                 (c.power(2), s.power(2))]:
        close(r, e)
        assert numpy.dtype(r.dtype) == numpy.dtype(e.dtype), (r.dtype, e.dtype)
        assert cs.issparse(r) == sps.issparse(e)
    if numpy.dtype(dtype).kind != "u":
        close(-c, -s)
    close(c + s2.toarray(), s + s2.toarray())
    for axis in [None, 0, 1, -1]:
        r, e = c.sum(axis=axis), s.sum(axis=axis)
        close(r, e)
        assert host(r).dtype == numpy.asarray(e).dtype
        assert host(r).shape == numpy.asarray(e).shape
        try:
            e = s.mean(axis=axis)
        except ZeroDivisionError:  # SciPy's mean over an empty axis
            with pytest.raises(ZeroDivisionError):
                c.mean(axis=axis)
            continue
        r = c.mean(axis=axis)
        close(r, e)
        assert host(r).dtype == numpy.asarray(e).dtype
    for k in [0, 1, -1, 3, -7]:
        close(c.diagonal(k), s.diagonal(k))
    close(c.trace(), s.trace())
    if numpy.dtype(dtype).kind in "fc":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            names = ["sin", "sqrt", "expm1", "tanh", "arctan", "log1p", "arcsinh"]
            if numpy.dtype(dtype).kind == "f":
                names += ["ceil", "floor", "sign", "rint", "trunc", "deg2rad", "rad2deg"]
            for name in names:
                close(getattr(c.copy(), name)(), getattr(s.copy(), name)())


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shape", [(5, 7), (7, 5), (1, 1), (6, 1), (0, 3)])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64, numpy.int16, numpy.bool_])
def test_dia(backend, kind, shape, dtype):
    C, S = getattr(cs, f"dia_{kind}"), getattr(sps, f"dia_{kind}")
    s0 = scipy_input(shape, dtype, True, True)
    c, s = C(s0), S(s0)
    assert c.format == "dia" and c.dtype == s.dtype and c.shape == s.shape
    close(c, s)
    assert c.nnz == s.nnz
    assert type(c.get()) is type(s) and getattr(cs, "isspmatrix_dia")(c) == (kind == "matrix")
    assert c.count_nonzero() == s.count_nonzero()
    for other in FORMATS:
        r, e = c.asformat(other), s.asformat(other)
        close(r, e)
        assert r.nnz == e.nnz and r.format == other
    close(c.T, s.T)
    assert c.T.format == "dia"
    close(C(s.toarray()), s)
    if dtype != numpy.bool_:
        close(c * 3, s * 3)
        close(c + c, s + s)
        x = numpy.arange(shape[1], dtype=numpy.float64)
        close(c @ x, s @ x)
        close(abs(c), abs(s))
    for axis in [None, 0, 1]:
        close(c.sum(axis=axis), s.sum(axis=axis))
    for k in [0, 1, -1]:
        close(c.diagonal(k), s.diagonal(k))
    data = numpy.arange(1, 9, dtype=numpy.float64).reshape(2, 4)
    r, e = C((data, [0, -1]), shape=(4, 5)), S((data, [0, -1]), shape=(4, 5))
    close(r, e)
    assert r.nnz == e.nnz
    with pytest.raises(ValueError, match="duplicate"):
        C((data, [1, 1]), shape=(4, 4))
    with pytest.raises(ValueError, match="expected a shape"):
        C((data, [0, 1]))
    with pytest.raises(ValueError, match="does not match the number of offsets"):
        C((data, [0, 1, 2]), shape=(4, 4))
    assert cs.eye(3).format == sps.eye(3).format == "dia"
    assert cs.diags([1.0, 2.0], 1).format == sps.diags([1.0, 2.0], 1).format


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("kind", KINDS)
def test_reshape_resize(backend, fmt, kind):
    c, s = pair(fmt, kind, (4, 6), numpy.float64, dups=True)
    for shape in [(6, 4), (2, 12), (24, 1), (4, 6)]:
        for order in "CF":
            r, e = c.reshape(shape, order=order), s.reshape(shape, order=order)
            close(r, e)
            assert r.format == e.format
    with pytest.raises(ValueError):
        c.reshape((5, 5))
    for shape in [(3, 7), (6, 2), (0, 0), (4, 6)]:
        c2, s2 = c.copy(), s.copy()
        c2.resize(shape)
        s2.resize(shape)
        assert c2.shape == s2.shape and c2.format == s2.format
        close(c2, s2)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_min_max(backend, case):
    fmt, kind, shape, dtype, dups = case
    if numpy.dtype(dtype).kind == "c":
        pytest.skip("SciPy orders complex values lexicographically; not compared")
    c, s = pair(fmt, kind, shape, dtype, dups, zeros=True)
    for name in ["max", "min", "argmax", "argmin"]:
        try:
            e = getattr(s, name)()
        except ValueError:
            with pytest.raises(ValueError):
                getattr(c, name)()
            continue
        r = getattr(c, name)()
        close(r, e)
    z, sz = pair(fmt, kind, (3, 4), dtype, seed=9)
    z, sz = z * 0, sz * 0
    for name in ["max", "min", "argmax", "argmin"]:
        close(getattr(z, name)(), getattr(sz, name)())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_products(backend, case):
    fmt, kind, shape, dtype, dups = case
    if dtype == numpy.bool_:
        pytest.skip("boolean products are covered by test_boolean_data")
    c, s = pair(fmt, kind, shape, dtype, dups, zeros=True)
    rng = numpy.random.default_rng(3)
    m, n = shape
    # SciPy's n-D COO array gives 0-d results for some products with one column where the
    # other formats (and NumPy's rules) give shape (1,): values are compared there.
    loose = fmt == "coo" and kind == "array" and 1 in shape
    # Duplicates of single-precision data are summed in their own precision before the product
    # (SciPy multiplies each one in the result's): results agree to single precision only.
    tol = 1e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else None

    def same(r, e):
        if loose:
            r, e = host(r).ravel(), numpy.asarray(e).ravel()
        close(r, e, tol)
        assert host(r).dtype == numpy.asarray(e).dtype

    for x in [rng.random(n), rng.random((n, 3)), rng.random((n, 1)),
              (rng.random(n) + 1j).astype(numpy.complex64)]:
        r, e = c @ x, s @ x
        same(r, e)
        same(c.dot(x), s.dot(x))
    y = rng.random(m)
    same(y @ c, y @ s)
    yy = rng.random((2, m))
    same(yy @ c, yy @ s)
    c2, s2 = pair(fmt, kind, (n, 4), dtype, dups, seed=4)
    r, e = c @ c2, s @ s2
    close(r, e)
    assert r.format == e.format or e.format not in ("csr", "csc")
    close(c @ c.T, s @ s.T)
    if kind == "matrix":
        close(c * x, s * x)


def test_boolean_data(backend):
    c, s = pair("csr", "array", (6, 5), numpy.bool_, dups=True)
    close(c + c, s + s)
    close(c.multiply(c), s.multiply(s))
    close(c.sum(axis=0), s.sum(axis=0))
    assert c.count_nonzero() == s.count_nonzero()
    x = numpy.random.default_rng(0).random(5)
    close(c @ x, s @ x)
    with pytest.raises(NotImplementedError):
        -c


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("kind", KINDS)
def test_indexing(backend, fmt, kind):
    c, s = pair(fmt, kind, (6, 5), numpy.float64, dups=True)
    keys = [slice(1, 4), slice(None, None, 2), slice(4, 1, -1), [2, 0, 2], numpy.array([-1, 3]),
            numpy.array([True, False, True, True, False, False]), (slice(None), slice(1, 3)),
            (slice(None), [4, 0]), (slice(1, 5), [0, 0, 3]), ([], slice(None))]
    for key in keys:
        close(c[key], s[key])
    for i, j in [(1, 2), (-1, -1), (0, 0), (5, 4)]:
        close(c[i, j], s[i, j])
    if kind == "matrix":
        close(c[2], s[2])
        close(c[:, 3], s[:, 3])
    for bad in [(6, 0), (0, 5), [7], (slice(None), [-6])]:
        with pytest.raises(IndexError):
            c[bad]
        with pytest.raises(IndexError):
            s[bad]


@pytest.mark.parametrize("kind", KINDS)
def test_constructors(backend, kind):
    mod_eye = cs.eye if kind == "matrix" else cs.eye_array
    ref_eye = sps.eye if kind == "matrix" else sps.eye_array
    for args in [(3,), (3, 4), (4, 3), (1,), (0,)]:
        for k in [0, 1, -2, 5]:
            for fmt in ["csr", "csc", "coo"]:
                try:
                    e = ref_eye(*args, k=k, format=fmt)
                except ValueError:
                    with pytest.raises(ValueError):
                        mod_eye(*args, k=k, format=fmt)
                    continue
                r = mod_eye(*args, k=k, format=fmt)
                close(r, e)
                assert r.format == fmt and r.dtype == e.dtype and r.nnz == e.nnz
                assert cs.isspmatrix(r) == (kind == "matrix")
    close(cs.identity(4, dtype=numpy.int8), sps.identity(4, dtype=numpy.int8))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for d, o in [([1.5, 2, 3], 0), ([[1, 2, 3], [4, 5]], [0, 1]),
                     ([[1, 2], [3, 4]], [-1, 1]), ([[1j, 2]], [0])]:
            r, e = cs.diags(d, o), sps.diags(d, o)
            close(r, e)
            assert r.dtype == e.dtype
            r = cs.diags_array(d, offsets=o, dtype=None)
            e = sps.diags_array(d, offsets=o, dtype=None)
            close(r, e)
            assert r.dtype == e.dtype
        close(cs.diags([1, 2], [0, 1], shape=(4, 5), format="csc"),
              sps.diags([1, 2], [0, 1], shape=(4, 5), format="csc"))
    data = numpy.arange(12.0).reshape(3, 4)
    close(cs.spdiags(data, [0, -1, 2], 4, 4), sps.spdiags(data, [0, -1, 2], 4, 4))
    close(cs.spdiags(data, [0, -1, 2], 3, 5), sps.spdiags(data, [0, -1, 2], 3, 5))
    with pytest.raises(ValueError):
        cs.diags([[1, 2], [3]], [0])


@pytest.mark.parametrize("fmt", FORMATS)
def test_stacks_kron_triangles_find(backend, fmt):
    a, sa = pair(fmt, "matrix", (4, 3), numpy.float64, dups=True)
    b, sb = pair(fmt, "matrix", (4, 2), numpy.float32, seed=5)
    r, e = cs.hstack([a, b]), sps.hstack([sa, sb])
    close(r, e)
    assert r.format == e.format and r.dtype == e.dtype
    r, e = cs.vstack([a.T, b.T]), sps.vstack([sa.T, sb.T])
    close(r, e)
    assert r.format == e.format
    close(cs.hstack([a, b], format="csc"), sps.hstack([sa, sb], format="csc"))
    with pytest.raises(ValueError):
        cs.hstack([a, b.T])
    close(cs.kron(a, b), sps.kron(sa, sb))
    sq, ssq = pair(fmt, "array", (3, 3), numpy.complex128, dups=True, seed=6)
    r, e = cs.kronsum(a[:3, :3] if fmt != "coo" else a.tocsr()[:3, :3], sq), \
        sps.kronsum(sa.tocsr()[:3, :3], ssq)
    close(r, e)
    assert r.dtype == e.dtype
    with pytest.raises(ValueError, match="A is not square"):
        cs.kronsum(a, sq)
    grid, sgrid = [[a, None], [None, b]], [[sa, None], [None, sb]]
    r, e = cs.bmat(grid), sps.bmat(sgrid)
    close(r, e)
    assert r.format == e.format and cs.isspmatrix(r)
    r, e = cs.block_array([[a, a], [a, a]]), sps.block_array([[sa, sa], [sa, sa]])
    close(r, e)
    assert r.format == e.format and not cs.isspmatrix(r)
    r, e = cs.block_diag([a, b, sq]), sps.block_diag([sa, sb, ssq])
    close(r, e)
    assert r.format == e.format and r.dtype == e.dtype
    with pytest.raises(ValueError, match="incompatible row dimensions"):
        cs.bmat([[a, b.T]])
    with pytest.raises(ValueError, match="incompatible column dimensions"):
        cs.bmat([[a], [b]])
    for k in [0, 1, -1]:
        for f, g in [(cs.tril, sps.tril), (cs.triu, sps.triu)]:
            r, e = f(a, k), g(sa, k)
            close(r, e)
            assert r.format == e.format
    for r, e in zip(cs.find(a), sps.find(sa)):
        numpy.testing.assert_array_equal(host(r), e)


def test_random(backend):
    for fmt in FORMATS:
        r = cs.random(50, 40, density=0.1, format=fmt, rng=1)
        assert r.nnz == 200 and r.format == fmt and cs.isspmatrix(r)
        assert r.count_nonzero() <= 200
        a = host(r)
        assert (a >= 0).all() and (a < 1).all()
    r = cs.random_array((30, 20), density=0.5, dtype=numpy.float32, rng=2)
    assert r.nnz == 300 and r.format == "coo" and r.dtype == numpy.float32
    assert not cs.isspmatrix(r)
    assert cs.rand(10, 10, density=1.0).nnz == 100
    with pytest.raises(ValueError):
        cs.random(3, 3, density=1.5)


def test_scipy_round_trip_and_pickle(backend):
    s = scipy_input((5, 4), numpy.float64, True, True).tocsr()
    c = cs.csr_matrix(s)
    back = c.get()
    assert isinstance(back, sps.csr_matrix)
    close(back, s)
    c2 = pickle.loads(pickle.dumps(c))
    assert type(c2) is type(c) and c2.shape == c.shape
    close(c2, s)
    assert cs.csr_matrix.__array_priority__ > 10


def test_bad_input(backend):
    dense = numpy.eye(3)
    with pytest.raises(ValueError, match="indices must be < 3"):
        cs.csr_matrix(([1.0], [5], [0, 1, 1, 1]), shape=(3, 3)).check_format()
    with pytest.raises(ValueError, match="index pointer size"):
        cs.csr_matrix(([1.0], [0], [0, 1]), shape=(3, 3))
    with pytest.raises(ValueError, match="exceeds matrix dimension"):
        cs.coo_matrix(([1.0], ([5], [0])), shape=(2, 2))
    with pytest.raises(ValueError, match="negative axis 1 index"):
        cs.coo_array(([1.0], ([0], [-1])), shape=(2, 2))
    with pytest.raises(ValueError, match="does not support dtype"):
        cs.csr_matrix(numpy.ones((2, 2), numpy.float16))
    with pytest.raises(ValueError, match="does not support dtype"):
        cs.csr_matrix(dense, dtype=numpy.float16)
    with pytest.raises(ValueError, match="dimension mismatch"):
        cs.csr_matrix(dense) @ numpy.ones(4)
    with pytest.raises(ValueError, match="dimension mismatch"):
        cs.csr_matrix(dense) @ cs.csr_matrix(numpy.ones((4, 2)))
    with pytest.raises(ValueError, match="inconsistent shapes"):
        cs.csr_matrix(dense) + cs.csr_matrix(numpy.ones((3, 2)))
    with pytest.raises(ValueError, match="Format xyz is unknown"):
        cs.csr_matrix(dense).asformat("xyz")
    with pytest.raises(NotImplementedError):
        cs.csr_matrix(dense) + 1
    with pytest.raises(ValueError, match="Scalar operands"):
        cs.csr_matrix(dense) @ 2
    with pytest.raises(TypeError):
        len(cs.csr_matrix(dense))
    with pytest.raises(TypeError, match="invalid input format"):
        cs.coo_matrix((1, 2, 3, 4))
    with pytest.raises(ValueError, match="unable to infer"):
        cs.csr_matrix(([], [], [0]))
