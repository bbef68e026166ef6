"""Line sums, line takes and sparse @ sparse against SciPy: sum along each axis, A[rows] (and
columns), and the product of two sparse matrices (cuSPARSE's SpGEMM on the device for float and
complex data, the composed path for the rest).

Each test runs on NumPy (CPU: _lines.py's model of the per-line kernels, the composed product)
and on cunp (gpu marker: the kernels of src/device/sparse/csr_lines.cuh and SpGEMM), see
conftest.py. Products use small integer values, so every sum is exact in any order: the
device's entries, cancellations (dropped, as SciPy drops them) and nnz must equal SciPy's."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend, _lines  # noqa: E402

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128, numpy.int32,
          numpy.int64, numpy.uint8, numpy.bool_]
FLOATING = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
SHAPES = [(40, 30), (1, 1), (0, 4), (4, 0), (0, 0), (7, 1), (1, 9)]


def host(x):
    if cs.issparse(x):
        x = x.toarray()
    if hasattr(x, "toarray"):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def values(rng, k, dtype, small_ints=False):
    """k values of dtype: small nonzero integers (exact sums, cancellations) or random."""
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.random(k) > 0.3
    if small_ints or dtype.kind in "iu":
        v = rng.choice(numpy.array([-2, -1, 1, 2]), size=k)
        if dtype.kind == "u":
            v = numpy.abs(v)
        if dtype.kind == "c":
            v = v + 1j * rng.choice(numpy.array([-1, 0, 1]), size=k)
        return v.astype(dtype)
    v = rng.random(k) * 4 - 1
    if dtype.kind == "c":
        v = v + 1j * (rng.random(k) - 0.5)
    return v.astype(dtype)


def scipy_coo(shape, dtype, density=0.2, seed=0, dups=False, small_ints=False):
    """A SciPy COO matrix of random positions, with three positions stored twice if `dups`."""
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = int(round(density * m * n))
    pos = rng.permutation(m * n)[:k]
    row, col = pos // max(n, 1), pos % max(n, 1)
    if dups and k:
        take = numpy.arange(min(3, k))
        row, col = numpy.concatenate([row, row[take]]), numpy.concatenate([col, col[take]])
    data = values(rng, row.size, dtype, small_ints)
    return sps.coo_matrix((data, (row, col)), shape=shape)


def both(s, fmt, kind="matrix"):
    """(cunp, SciPy) matrices of SciPy COO `s` in `fmt`."""
    return getattr(cs, f"{fmt}_{kind}")(s), getattr(sps, f"{fmt}_{kind}")(s)


def unsorted_csr(kind="matrix"):
    """(cunp, SciPy) CSR matrices whose rows store unsorted indices and a duplicate."""
    data = numpy.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    indices = numpy.array([3, 0, 2, 2, 1, 0], dtype=numpy.int32)
    indptr = numpy.array([0, 3, 3, 6], dtype=numpy.int32)
    xp = _backend.xp
    c = getattr(cs, f"csr_{kind}")((xp.asarray(data), xp.asarray(indices), xp.asarray(indptr)),
                                   shape=(3, 4))
    # SciPy gets copies: it may canonicalise its arrays in place (NumPy backend shares them).
    s = getattr(sps, f"csr_{kind}")((data.copy(), indices.copy(), indptr.copy()), shape=(3, 4))
    return c, s


def close(a, b, dtype):
    a, b = host(a), host(b)
    tol = 1e-5 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-12
    numpy.testing.assert_allclose(a.reshape(b.shape), b, rtol=tol, atol=tol)


# --- sums ---

@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_sum_matches_scipy(backend, fmt, dtype, shape):
    # Duplicates (in COO): the axis sums add them all; the whole-matrix sum first sums them in
    # place, as SciPy's does, so a duplicate boolean counts once (and the axis sums after it
    # see the summed matrix), on both sides.
    c, s = both(scipy_coo(shape, dtype, dups=True), fmt)
    for axis in (0, 1, -1, None, 0, 1):
        r, e = c.sum(axis=axis), s.sum(axis=axis)
        assert host(r).dtype == host(e).dtype, (axis, host(r).dtype)
        assert host(r).shape == host(e).shape, (axis, host(r).shape)
        close(r, e, dtype)


@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_sum_shapes_and_dtype_argument(backend, kind, fmt):
    c, s = both(scipy_coo((9, 6), numpy.int32, dups=True), fmt, kind)
    for axis in (0, 1):
        for dt in (None, numpy.float32, numpy.complex128, numpy.int8):
            r, e = c.sum(axis=axis, dtype=dt), s.sum(axis=axis, dtype=dt)
            assert host(r).shape == host(e).shape
            assert host(r).dtype == host(e).dtype
            numpy.testing.assert_allclose(host(r), host(e))
        # mean goes through the same sums
        close(c.mean(axis=axis), s.mean(axis=axis), numpy.float64)


def test_sum_unsorted_duplicates(backend):
    c, s = unsorted_csr()
    for axis in (0, 1):
        close(c.sum(axis=axis), s.sum(axis=axis), numpy.float64)
    # The axis sums leave the matrix as it is; the whole-matrix sum canonicalises it in place,
    # as SciPy's does.
    assert host(c.indices).tolist() == [3, 0, 2, 2, 1, 0]
    close(c.sum(), s.sum(), numpy.float64)
    assert host(c.indices).tolist() == s.indices.tolist()
    assert host(c.data).tolist() == s.data.tolist()


def test_sum_out_argument(backend):
    c, s = both(scipy_coo((5, 8), numpy.float64), "csr")
    out = _backend.xp.zeros((5, 1))
    r = c.sum(axis=1, out=out)
    assert r is out
    close(out, s.sum(axis=1), numpy.float64)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64, numpy.int16, numpy.bool_],
                         ids=lambda d: numpy.dtype(d).name)
def test_line_sums_unit(backend, dtype):
    # Empty lines, a last empty line, and data longer than indptr[-1] (unpruned arrays).
    xp = _backend.xp
    rng = numpy.random.default_rng(3)
    indptr = numpy.array([0, 0, 3, 4, 4, 9, 9], dtype=numpy.int64)
    data = values(rng, 11, dtype)
    res = numpy.dtype(numpy.int64) if numpy.dtype(dtype).kind in "biu" else numpy.dtype(dtype)
    r = _lines.line_sums(xp.asarray(indptr), xp.asarray(data), res)
    expect = numpy.array([data[indptr[i]:indptr[i + 1]].astype(res).sum()
                          for i in range(indptr.size - 1)], dtype=res)
    assert host(r).dtype == res
    numpy.testing.assert_allclose(host(r), expect, rtol=1e-6)


# --- takes ---

def keys(n, xp):
    rng = numpy.random.default_rng(5)
    rows = rng.integers(-n, n, 3 * n)
    return [rows, rows.astype(numpy.int32), list(rows[:5]), xp.asarray(rows),
            xp.asarray(rows)[::2], numpy.array([], dtype=numpy.int64), [],
            (numpy.abs(rows) % n).astype(numpy.uint16), rng.random(n) > 0.5, slice(1, None, 2),
            slice(None, None, -1)]


@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64, numpy.int8, numpy.bool_],
                         ids=lambda d: numpy.dtype(d).name)
def test_take_rows_and_columns(backend, kind, fmt, dtype):
    shape = (12, 10)
    c, s = both(scipy_coo(shape, dtype, density=0.4), fmt, kind)
    xp = _backend.xp
    for axis in (0, 1):
        for key in keys(shape[axis], xp):
            hkey = numpy.asarray(_backend.to_host(key)) if not isinstance(
                key, (slice, list)) else key
            full = (key, slice(None)) if axis == 0 else (slice(None), key)
            hfull = (hkey, slice(None)) if axis == 0 else (slice(None), hkey)
            r, e = c[full], s[hfull]
            assert r.format == e.format and r.shape == e.shape, (axis, key)
            numpy.testing.assert_array_equal(host(r), e.toarray())
            if (fmt == "csr") == (axis == 0):
                # Along the compressed axis the arrays are SciPy's: lines in key order, each
                # in its stored order.
                numpy.testing.assert_array_equal(host(r.indptr), e.indptr)
                numpy.testing.assert_array_equal(host(r.indices), e.indices)
                numpy.testing.assert_array_equal(host(r.data), e.data)


def test_take_keeps_unsorted_lines(backend):
    c, s = unsorted_csr()
    key = [2, 0, 2, -1]
    r, e = c[key], s[key]
    numpy.testing.assert_array_equal(host(r.indices), e.indices)
    numpy.testing.assert_array_equal(host(r.data), e.data)
    numpy.testing.assert_array_equal(host(r.indptr), e.indptr)
    numpy.testing.assert_array_equal(host(r), e.toarray())


@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_take_out_of_range(backend, fmt):
    c, s = both(scipy_coo((6, 5), numpy.float64), fmt)
    xp = _backend.xp
    for key in ([0, 6], [-7, 1], numpy.array([2, 100]), xp.asarray([-100, 0])):
        with pytest.raises(IndexError):
            c[key]
        with pytest.raises(IndexError):
            c[:, key]
    # A matrix without rows has none to take.
    z, _ = both(scipy_coo((0, 5), numpy.float64), fmt)
    with pytest.raises(IndexError):
        z[[0]]
    assert z[[]].shape == (0, 5)


@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_take_from_empty_matrix(backend, fmt):
    c, s = both(sps.coo_matrix((8, 3)), fmt)
    r, e = c[[1, 1, 7, -2]], s[[1, 1, 7, -2]]
    assert r.shape == e.shape and r.nnz == 0
    numpy.testing.assert_array_equal(host(r), e.toarray())


# --- sparse @ sparse ---

PRODUCT_SHAPES = [((30, 20), (20, 25)), ((1, 1), (1, 1)), ((0, 4), (4, 3)), ((4, 0), (0, 3)),
                  ((5, 3), (3, 0)), ((6, 1), (1, 7))]


def check_product(r, e):
    """r (cunp) equals SciPy's e exactly (small integer data), in e's format, canonical."""
    assert r.format == e.format and r.shape == e.shape
    assert host(r).dtype == e.dtype
    numpy.testing.assert_array_equal(host(r), e.toarray())
    assert r.has_canonical_format
    e = e.copy()
    e.eliminate_zeros()
    assert r.nnz == e.nnz  # cancelled entries dropped, as SciPy drops them
    data = host(r.data)[:r.nnz]
    assert not (data == 0).any()
    indptr, indices = host(r.indptr), host(r.indices)
    for i in range(indptr.size - 1):
        line = indices[indptr[i]:indptr[i + 1]]
        assert (numpy.diff(line) > 0).all(), i


@pytest.mark.parametrize("fmts", [("csr", "csr"), ("csc", "csc"), ("csr", "csc"),
                                  ("csc", "csr"), ("coo", "csr"), ("csr", "coo")], ids=str)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
def test_spgemm_matches_scipy(backend, fmts, dtype):
    for k, (sa, sb) in enumerate(PRODUCT_SHAPES):
        a0 = scipy_coo(sa, dtype, density=0.3, seed=k, small_ints=True)
        b0 = scipy_coo(sb, dtype, density=0.3, seed=k + 50, small_ints=True)
        ca, a = both(a0, fmts[0])
        cb, b = both(b0, fmts[1])
        check_product(ca @ cb, a @ b)


@pytest.mark.parametrize("pair", [(numpy.int32, numpy.float32), (numpy.float32, numpy.float64),
                                  (numpy.int64, numpy.complex64), (numpy.bool_, numpy.int8),
                                  (numpy.uint8, numpy.complex128)], ids=str)
def test_spgemm_mixed_dtypes(backend, pair):
    a0 = scipy_coo((15, 12), pair[0], density=0.3, seed=1, small_ints=True)
    b0 = scipy_coo((12, 9), pair[1], density=0.3, seed=2, small_ints=True)
    ca, a = both(a0, "csr")
    cb, b = both(b0, "csr")
    check_product(ca @ cb, a @ b)


def test_spgemm_cancellation_and_empty_result(backend):
    # Row 0 of a meets rows 0 and 1 of b, which cancel in column 2: SciPy stores nothing there.
    a0 = sps.coo_matrix((numpy.array([1.0, 1.0]), ([0, 0], [0, 1])), shape=(2, 3))
    b0 = sps.coo_matrix((numpy.array([3.0, -3.0, 5.0]), ([0, 1, 1], [2, 2, 0])), shape=(3, 4))
    ca, a = both(a0, "csr")
    cb, b = both(b0, "csr")
    check_product(ca @ cb, a @ b)
    # a's entries meet only b's empty rows: nothing stored.
    a1 = sps.coo_matrix((numpy.array([1.0]), ([1], [2])), shape=(2, 3))
    ca1, s1 = both(a1, "csr")
    r = ca1 @ cb.tocsr()[[0, 1, 1]]
    check_product(r, s1 @ b.tocsr()[[0, 1, 1]])


@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_spgemm_noncanonical_inputs(backend, fmt):
    # Unsorted indices and a duplicate on both sides; the operands stay as they were.
    c, s = unsorted_csr()
    ct, st = c.T.tocsr(), s.T.tocsr()
    ca, cb = (c, ct) if fmt == "csr" else (c.tocsc(), ct.tocsc())
    before = host(c.indices).copy()
    r = ca @ cb
    e = s @ st if fmt == "csr" else s.tocsc() @ st.tocsc()
    assert r.format == e.format
    close(r, e.toarray(), numpy.float64)
    assert r.has_canonical_format
    numpy.testing.assert_array_equal(host(c.indices), before)


@pytest.mark.parametrize("dtype", FLOATING, ids=lambda d: numpy.dtype(d).name)
def test_spgemm_random_values(backend, dtype):
    # Random (non-integer) values: close to SciPy, canonical.
    a0 = scipy_coo((60, 50), dtype, density=0.1, seed=7)
    b0 = scipy_coo((50, 40), dtype, density=0.1, seed=8)
    ca, a = both(a0, "csr")
    cb, b = both(b0, "csr")
    r = ca @ cb
    close(r, (a @ b).toarray(), dtype)
    assert r.has_canonical_format


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
def test_spgemm_route(backend, dtype, monkeypatch):
    """Float and complex products run cuSPARSE's SpGEMM on the device; others are composed,
    and so is everything on the NumPy backend and with the composed path forced."""
    calls = []
    real = _backend.cusparse_spgemm

    def spy():
        call = real()
        if call is None:
            return None

        def wrapped(*args):
            calls.append(args[0].dtype)
            return call(*args)
        return wrapped

    monkeypatch.setattr(_backend, "cusparse_spgemm", spy)
    a0 = scipy_coo((10, 8), dtype, density=0.4, seed=3, small_ints=True)
    ca, a = both(a0, "csr")
    cb, b = both(a0.T, "csr")
    check_product(ca @ cb, a @ b)
    library = backend == "cunp" and numpy.dtype(dtype) in map(numpy.dtype, FLOATING)
    assert len(calls) == (1 if library else 0)
    calls.clear()
    monkeypatch.setattr(_backend, "composed_only", True)
    check_product(ca @ cb, a @ b)
    assert not calls


def test_product_flags(backend):
    xp = _backend.xp
    indptr = xp.asarray(numpy.array([0, 2, 2, 5], dtype=numpy.int32))
    cases = [([0, 3, 1, 2, 4], [1.0, 2, 3, 4, 5], (False, False)),
             ([0, 3, 1, 2, 4], [1.0, 0, 3, 4, 5], (True, False)),
             ([3, 0, 1, 2, 4], [1.0, 2, 3, 4, 5], (False, True)),
             ([0, 3, 1, 1, 4], [1.0, 2, 3, 0, 5], (True, True))]
    for indices, data, expect in cases:
        got = _lines.product_flags(indptr, xp.asarray(numpy.array(indices, numpy.int32)),
                                   xp.asarray(numpy.array(data)))
        assert got == expect, (indices, data)
