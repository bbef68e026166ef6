"""The 1-D csr_array against SciPy's (1.14+): construction, conversions, canonical form,
arithmetic, products, reductions, indexing, reshape, comparisons and SciPy's errors, on
random vectors with duplicates and unsorted indices, empty and all-zero ones, in every dtype
SciPy's sparse arrays take.

Each test runs on NumPy (CPU) and on cunp (gpu marker), see conftest.py."""

import operator
import pickle
import warnings

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32,
          numpy.uint32, numpy.int64, numpy.uint64, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]
NUMERIC = [d for d in DTYPES if d is not numpy.bool_]
# Vectors of these kinds: (n, stored entries, duplicates, unsorted).
KINDS = {"random": (12, 6, True, True), "sorted": (9, 4, False, False), "empty": (0, 0, False,
                                                                                 False),
         "all_zero": (7, 0, False, False), "full": (5, 5, False, True)}


def host(x):
    if cs.issparse(x) or sps.issparse(x):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def values(rng, k, dtype):
    vals = rng.integers(1, 4, k)
    if numpy.dtype(dtype).kind not in "ub":
        vals = vals * rng.choice([-1, 1], k)
    if numpy.dtype(dtype).kind == "c":
        vals = vals + 1j * rng.integers(-2, 3, k)
    return (vals > 1) if dtype == numpy.bool_ else vals.astype(dtype)


def vector(kind, dtype, seed=0):
    """(cunp, SciPy) 1-D csr_arrays built from the same (data, indices, indptr)."""
    n, k, dups, unsorted = KINDS[kind]
    rng = numpy.random.default_rng(seed)
    idx = rng.permutation(n)[:k] if unsorted else numpy.sort(rng.permutation(n)[:k])
    if dups and k:
        idx = numpy.concatenate([idx, idx[:2]])
    data = values(rng, idx.size, dtype)
    indptr = numpy.array([0, idx.size])
    xp = _backend.xp
    # Copies: SciPy sums duplicates in place, and the NumPy backend would share its arrays.
    c = cs.csr_array((xp.array(data, copy=True), xp.array(idx, copy=True),
                      xp.array(indptr, copy=True)), shape=(n,))
    s = sps.csr_array((data, idx, indptr), shape=(n,))
    return c, s


def dense_vector(n, dtype, seed=1):
    return values(numpy.random.default_rng(seed), n, dtype)


def same(c, s, fmt=None):
    """A cunp sparse result equal to SciPy's: kind, shape, dtype and values."""
    assert cs.issparse(c) and c.ndim == s.ndim and c.shape == s.shape, (c, s)
    assert c.dtype == s.dtype, (c.dtype, s.dtype)
    if fmt is not None:
        assert c.format == fmt
    if numpy.dtype(s.dtype).kind in "fc":
        # float32 quotients may round differently (SciPy divides some in float64).
        numpy.testing.assert_allclose(host(c), s.toarray(), rtol=1e-6)
    else:
        numpy.testing.assert_array_equal(host(c), s.toarray())


def same_dense(c, s):
    assert not cs.issparse(c)
    s = numpy.asarray(s)
    c = host(c)
    assert c.shape == s.shape, (c.shape, s.shape)
    numpy.testing.assert_allclose(c, s, rtol=1e-6, atol=1e-6)


def check_raises(f_c, f_s):
    """Both raise, and the same exception type."""
    with pytest.raises(Exception) as es:
        f_s()
    with pytest.raises(es.type):
        f_c()


def cunp_dense(a):
    return _backend.xp.asarray(a)


# --- construction and conversions ---

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", KINDS)
def test_construct(backend, kind, dtype):
    c, s = vector(kind, dtype)
    same(c, s, "csr")
    assert isinstance(c, cs.csr_array) and isinstance(c, cs.sparray) and cs.issparse(c)
    assert not cs.isspmatrix(c) and not isinstance(c, cs.csr_matrix)
    assert c.ndim == 1 and c.nnz == s.nnz and c.indptr.shape == (2,)
    numpy.testing.assert_array_equal(host(c.indices), s.indices)
    numpy.testing.assert_array_equal(host(c.data), s.data)
    dense = s.toarray()
    same(cs.csr_array(dense), sps.csr_array(dense))
    same(cs.csr_array(cunp_dense(dense)), sps.csr_array(dense))
    same(cs.csr_array(dense, dtype=numpy.complex128), sps.csr_array(dense,
                                                                    dtype=numpy.complex128))
    n = s.shape[0]
    same(cs.csr_array((n,), dtype=dtype), sps.csr_array((n,), dtype=dtype))
    same(cs.csr_array(s), s)  # from SciPy
    same(cs.csr_array(c), s)
    same(cs.csr_array(c, copy=True), s)
    # SciPy's conversions share (and sum in place) their arrays: each step gets a copy.
    coo_c, coo_s = c.tocoo(), s.copy().tocoo()
    assert coo_c.ndim == 1 and coo_c.format == "coo"
    same(coo_c, coo_s)
    same(coo_c.tocsr(), coo_s.copy().tocsr(), "csr")
    same(cs.csr_array(coo_c), sps.csr_array(coo_s.copy()), "csr")
    same(c.tocsr(), s.tocsr())
    same(c.asformat("coo"), s.asformat("coo"))
    g = c.get()
    assert isinstance(g, sps.csr_array) and g.shape == s.shape
    numpy.testing.assert_array_equal(g.toarray(), dense)
    same(pickle.loads(pickle.dumps(c)), s)
    assert f"shape ({n},)" in repr(c)
    numpy.testing.assert_array_equal(host(c.toarray()), dense)
    numpy.testing.assert_array_equal(host(c.todense()), s.todense())
    out = _backend.xp.zeros(n, dtype=dtype)
    c.toarray(out=out)
    numpy.testing.assert_array_equal(host(out), dense)


def test_construct_coordinates(backend):
    xp = _backend.xp
    data, idx = numpy.array([1.0, 2.0, 5.0]), numpy.array([3, 0, 3])
    for shape in [None, (6,)]:
        c = cs.csr_array((xp.asarray(data), (xp.asarray(idx),)), shape=shape)
        s = sps.csr_array((data, (idx,)), shape=shape)
        same(c, s)
        assert c.nnz == s.nnz and c.has_canonical_format == s.has_canonical_format
    # A 3-tuple without a shape is a 1 x n array in SciPy too.
    c = cs.csr_array((xp.asarray(data), xp.asarray(idx), xp.asarray([0, 3])))
    s = sps.csr_array((data, idx, numpy.array([0, 3])))
    assert c.shape == s.shape == (1, 4)
    # A 1-D input with a 2-D shape is one row (SciPy checks the shape against it).
    v = numpy.array([1.0, 0.0, 2.0])
    for src_c, src_s in [(cunp_dense(v), v), (cs.coo_array(cunp_dense(v)), sps.coo_array(v))]:
        same(cs.csr_array(src_c, shape=(1, 3)), sps.csr_array(src_s, shape=(1, 3)))
        check_raises(lambda: cs.csr_array(src_c, shape=(3, 1)),
                     lambda: sps.csr_array(src_s, shape=(3, 1)))
    check_raises(lambda: cs.coo_array(cunp_dense(v), shape=(1, 3)),
                 lambda: sps.coo_array(v, shape=(1, 3)))
    # A given 1-D shape replaces the input's, as SciPy's CSR takes it (a longer one pads; a
    # one-row 2-D input becomes the vector; more rows fail the index-pointer check).
    row = numpy.array([[1.0, 0.0, 2.0]])
    for src_c, src_s, shape in [(cunp_dense(v), v, (4,)), (cunp_dense(row), row, (3,)),
                                (cunp_dense(row), row, (5,)),
                                (cs.csr_array(cunp_dense(row)), sps.csr_array(row), (3,)),
                                (cs.coo_array(cunp_dense(v)), sps.coo_array(v), (4,))]:
        same(cs.csr_array(src_c, shape=shape), sps.csr_array(src_s, shape=shape), "csr")
    two = numpy.ones((2, 3))
    check_raises(lambda: cs.csr_array(cunp_dense(two), shape=(6,)),
                 lambda: sps.csr_array(two, shape=(6,)))
    # csr_matrix stays 2-D.
    m = cs.csr_matrix(numpy.array([1.0, 0.0, 2.0]))
    assert m.shape == sps.csr_matrix(numpy.array([1.0, 0.0, 2.0])).shape == (1, 3)


def test_construct_errors(backend):
    xp = _backend.xp
    data, idx = numpy.array([1.0, 2.0]), numpy.array([2, 0])
    cases = [
        lambda m: m.csr_array((data, idx, numpy.array([0, 1, 2])), shape=(3,)),  # indptr size
        lambda m: m.csr_array((data, (numpy.array([5, 0]),)), shape=(3,)),  # out of range
        lambda m: m.csr_array((data, (numpy.array([-1, 0]),)), shape=(3,)),
        lambda m: m.csr_array(numpy.array(3.0)),  # 0-D: TypeError in SciPy
        lambda m: m.csc_array(numpy.array([1.0, 0.0])),  # CSC stays 2-D
    ]
    for case in cases:
        check_raises(lambda: case(cs), lambda: case(sps))
    assert xp is not None


@pytest.mark.parametrize("kind", KINDS)
def test_no_2d_conversions(backend, kind):
    c, s = vector(kind, numpy.float64)
    for name in ["tocsc", "todia"]:
        check_raises(getattr(c, name), getattr(s, name))
    for name in ["diagonal", "trace", "setdiag"]:
        args = (1.0,) if name == "setdiag" else ()
        check_raises(lambda: getattr(c.copy(), name)(*args),
                     lambda: getattr(s.copy(), name)(*args))


# --- canonical form ---

@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int32, numpy.bool_,
                                   numpy.complex64])
@pytest.mark.parametrize("kind", KINDS)
def test_canonical(backend, kind, dtype):
    c, s = vector(kind, dtype)
    assert c.has_sorted_indices == s.has_sorted_indices
    assert c.has_canonical_format == s.has_canonical_format
    c2, s2 = c.sorted_indices(), s.sorted_indices()
    assert c2.has_sorted_indices and s2.has_sorted_indices
    numpy.testing.assert_array_equal(host(c2.toarray()), s2.toarray())
    c.sort_indices()
    s.sort_indices()
    numpy.testing.assert_array_equal(host(c.indices), s.indices)
    c.sum_duplicates()
    s.sum_duplicates()
    assert c.has_canonical_format and s.has_canonical_format
    numpy.testing.assert_array_equal(host(c.indices), s.indices)
    numpy.testing.assert_array_equal(host(c.data), s.data)
    numpy.testing.assert_array_equal(host(c.indptr), s.indptr)
    same(c, s)
    # Explicit zeros: stored, then dropped.
    c, s = vector(kind, dtype)
    c, s = c * 0, s * 0
    assert c.nnz == s.nnz
    c.eliminate_zeros()
    s.eliminate_zeros()
    assert c.nnz == s.nnz == 0 and host(c.indptr).tolist() == s.indptr.tolist()
    c.check_format()


def test_resize(backend):
    c, s = vector("random", numpy.float64)
    for n in [20, 5, 0]:
        c.resize(n)
        s.resize(n)
        same(c, s)


# --- arithmetic ---

def _scalar_ops(dtype):
    ops = [lambda a: a * 3, lambda a: 3 * a, lambda a: a.multiply(2), lambda a: a + 0,
           lambda a: a - 0, lambda a: abs(a), lambda a: a.copy(), lambda a: a.T,
           lambda a: a.transpose(), lambda a: a.astype(numpy.float32),
           lambda a: a.astype(numpy.complex128), lambda a: a ** 2, lambda a: a.power(3),
           lambda a: a.conj()]
    if dtype != numpy.bool_:
        ops += [lambda a: a / 2, lambda a: -a if numpy.dtype(dtype).kind != "u" else a]
    return ops


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", KINDS)
def test_scalar_arithmetic(backend, kind, dtype):
    c, s = vector(kind, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for op in _scalar_ops(dtype):
            same(op(c), op(s))
    check_raises(lambda: c + 1, lambda: s + 1)
    check_raises(lambda: 1 - c, lambda: 1 - s)
    check_raises(lambda: 2 / c, lambda: 2 / s)
    check_raises(lambda: c @ 2, lambda: s @ 2)


@pytest.mark.parametrize("dtype", NUMERIC)
@pytest.mark.parametrize("kind", KINDS)
def test_binary_arithmetic(backend, kind, dtype):
    n = KINDS[kind][0]
    d = dense_vector(n, dtype)
    dc = cunp_dense(d)
    # Fresh operands for each step: SciPy sums duplicates in place.
    for op in [operator.add, operator.sub, operator.mul, lambda a, b: a.multiply(b)]:
        (c, s), (c2, s2) = vector(kind, dtype), vector(kind, dtype, seed=7)
        same(op(c, c2), op(s, s2))
        (c, s), (c2, s2) = vector(kind, dtype), vector(kind, dtype, seed=7)
        same(op(c, s2.copy()), op(s, s2))  # a SciPy operand
        (c, s), (c2, s2) = vector(kind, dtype), vector(kind, dtype, seed=7)
        same(op(c, c2.tocoo()), op(s, s2.tocoo()))
    c, s = vector(kind, dtype)
    c2, s2 = vector(kind, dtype, seed=7)
    for op in [operator.add, operator.sub, lambda a, b: b + a, lambda a, b: b - a]:
        same_dense(op(c, dc), op(s, d))
    # Elementwise with dense operands: the stored positions keep (COO in SciPy).
    for op in [operator.mul, lambda a, b: a.multiply(b)]:
        r, rs = op(c, dc), op(s, d)
        assert cs.issparse(r) and r.ndim == 1 and r.format == rs.format
        same(r, rs)
    # Broadcast against 2-D operands: dense (3, n), (n, 1) and sparse (3, n).
    m = numpy.stack([d, d + 1, d * 2]).astype(dtype)
    for other, other_s in [(cunp_dense(m), m), (cunp_dense(d[:, None]), d[:, None]),
                           (cs.csr_array(cunp_dense(m)), sps.csr_array(m))]:
        r, rs = c.multiply(other), s.multiply(other_s)
        assert r.shape == rs.shape and cs.issparse(r)
        numpy.testing.assert_array_equal(host(r), rs.toarray())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        if numpy.dtype(dtype).kind == "f":  # complex 0/0: SciPy's and NumPy's NaNs differ
            same_dense(c / c2, s / s2)
            same(c / (dc + 10), s / (d + 10), "coo")


def _dense_operands():
    d = numpy.ones((2, 5))
    d[0, 0] = numpy.inf
    return [numpy.array([2.0]), numpy.array([1, 0, 0, 4, 5.0]), d, numpy.zeros((2, 5)),
            numpy.ones((5, 1)), numpy.array([[2.0]]), numpy.array([1, 2, 3, 4, 5])]


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int64, numpy.complex64])
@pytest.mark.parametrize("which", range(7))
@pytest.mark.parametrize("op", ["mul", "div", "multiply"])
def test_dense_operand_on_pattern(backend, op, which, dtype):
    """* and / with a dense operand act on the stored positions only (an explicit zero
    included, inf and NaN of the operand elsewhere ignored), as SciPy: a size-1 operand is a
    scalar (CSR), others broadcast into COO."""
    x = _dense_operands()[which]
    data, idx = numpy.array([1, 0, 2], dtype=dtype), numpy.array([1, 2, 3])
    xp = _backend.xp
    c = cs.csr_array((xp.asarray(data), xp.asarray(idx), xp.asarray([0, 3])), shape=(5,))
    s = sps.csr_array((data, idx, numpy.array([0, 3])), shape=(5,))
    f = {"mul": operator.mul, "div": operator.truediv,
         "multiply": lambda a, b: a.multiply(b)}[op]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        rc, rs = f(c, cunp_dense(x)), f(s, x)
    same(rc, rs, rs.format)
    assert rc.nnz == rs.nnz


def test_arithmetic_errors(backend):
    c, s = vector("random", numpy.float64)
    c5, s5 = vector("full", numpy.float64)
    m = numpy.ones((3, 12))
    cases = [
        (lambda: c + c5, lambda: s + s5), (lambda: c - c5, lambda: s - s5),
        (lambda: c.multiply(c5), lambda: s.multiply(s5)),
        (lambda: c + cunp_dense(numpy.ones(4)), lambda: s + numpy.ones(4)),
        (lambda: c + cunp_dense(m), lambda: s + m),
        (lambda: c + cs.csr_array(cunp_dense(m)), lambda: s + sps.csr_array(m)),
        (lambda: c.multiply(cunp_dense(numpy.ones(4))), lambda: s.multiply(numpy.ones(4))),
    ]
    for f_c, f_s in cases:
        check_raises(f_c, f_s)


LAYOUTS = {"contiguous": lambda a: a, "strided": lambda a: a[::2],
           "reversed": lambda a: a[::-1],
           # the array's own module: NumPy will not take a device array implicitly
           "fortran": lambda a: (numpy if isinstance(a, numpy.ndarray) else _backend.xp)
           .asfortranarray(a)}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_layouts(backend, layout):
    """Dense inputs and operands of any layout: strided, negative strides, F-order."""
    rng = numpy.random.default_rng(11)
    base = rng.integers(-2, 3, 24).astype(numpy.float64)
    base[rng.random(24) < 0.5] = 0
    lay = LAYOUTS[layout]
    v = lay(base)
    xp = _backend.xp
    vc = lay(xp.asarray(base)) if layout != "fortran" else xp.asarray(base)
    same(cs.csr_array(vc), sps.csr_array(v))
    c, s = cs.csr_array(vc), sps.csr_array(v)
    n = s.shape[0]
    mat = rng.standard_normal((2 * n, 3))
    mat_c = xp.asarray(mat)
    for other, other_c in [(lay(mat)[:n] if layout != "reversed" else mat[::-2],
                            lay(mat_c)[:n] if layout != "reversed" else mat_c[::-2]),
                           (numpy.asfortranarray(mat[:n]), xp.asfortranarray(mat_c[:n])),
                           (mat[:n, 0], mat_c[:n, 0])]:
        same_dense(c @ other_c, s @ other)
        same_dense(other_c.T @ c, other.T @ s)
        same_dense(c + other_c[:, 0] if other.ndim == 2 else c + other_c,
                   s + other[:, 0] if other.ndim == 2 else s + other)


# --- products ---

@pytest.mark.parametrize("dtype", NUMERIC)
@pytest.mark.parametrize("kind", KINDS)
def test_matmul(backend, kind, dtype):
    c, s = vector(kind, dtype)
    n = s.shape[0]
    rng = numpy.random.default_rng(3)
    x = rng.integers(-3, 4, n).astype(numpy.float64)
    mat = rng.integers(-3, 4, (n, 3)).astype(numpy.float64)
    for other in [x, mat, x[:, None], mat.astype(numpy.float32)]:
        same_dense(c @ cunp_dense(other), s @ other)
        same_dense(c.dot(cunp_dense(other)), s.dot(other))
    same_dense(cunp_dense(x) @ c, x @ s)
    same_dense(cunp_dense(mat.T) @ c, mat.T @ s)
    c2, s2 = vector(kind, dtype, seed=5)
    same_dense(c @ c2, s @ s2)
    # With a 2-D sparse operand: SciPy's 1-D coo_array.
    r, rs = c @ cs.csr_array(cunp_dense(mat)), s @ sps.csr_array(mat)
    same(r, rs)
    r, rs = cs.csr_array(cunp_dense(mat.T)) @ c, sps.csr_array(mat.T) @ s
    same(r, rs)


def test_matmul_errors(backend):
    c, s = vector("random", numpy.float64)
    c5, s5 = vector("full", numpy.float64)
    for other in [numpy.ones(4), numpy.ones((4, 2))]:
        check_raises(lambda: c @ cunp_dense(other), lambda: s @ other)
        check_raises(lambda: cunp_dense(other.T) @ c, lambda: other.T @ s)
    check_raises(lambda: c @ c5, lambda: s @ s5)
    check_raises(lambda: c @ cs.csr_array(cunp_dense(numpy.ones((4, 2)))),
                 lambda: s @ sps.csr_array(numpy.ones((4, 2))))
    check_raises(lambda: 2 @ c, lambda: 2 @ s)


# --- reductions ---

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", KINDS)
def test_reductions(backend, kind, dtype):
    c, s = vector(kind, dtype)
    empty = s.shape[0] == 0
    for axis in [None, 0, -1]:
        same_dense(c.sum(axis=axis), s.sum(axis=axis))
        assert int(c.count_nonzero(axis=axis)) == int(s.count_nonzero(axis=axis))
        if empty:
            check_raises(lambda: c.mean(axis=axis), lambda: s.mean(axis=axis))
        else:
            same_dense(c.mean(axis=axis), s.mean(axis=axis))
        for name in ["min", "max", "argmin", "argmax"]:
            if dtype in (numpy.complex64, numpy.complex128) and name in ("min", "max"):
                continue
            f_c, f_s = getattr(c, name), getattr(s, name)
            if empty:
                check_raises(lambda: f_c(axis=axis), lambda: f_s(axis=axis))
            else:
                same_dense(numpy.asarray(host(f_c(axis=axis))), numpy.asarray(f_s(axis=axis)))
    if not empty and numpy.dtype(dtype).kind != "c":
        for name in ["min", "max", "argmin", "argmax"]:
            f_c, f_s = getattr(c, name), getattr(s, name)
            try:
                expected = f_s(explicit=True)
            except ValueError:  # argmin/argmax of nothing stored
                with pytest.raises(ValueError):
                    f_c(explicit=True)
            else:
                same_dense(numpy.asarray(host(f_c(explicit=True))), numpy.asarray(expected))
    same_dense(c.sum(dtype=numpy.float64), s.sum(dtype=numpy.float64))
    (nz_c,), (nz_s,) = c.nonzero(), s.nonzero()
    numpy.testing.assert_array_equal(host(nz_c), nz_s)
    for name in ["sum", "mean", "max", "argmax", "count_nonzero"]:
        check_raises(lambda: getattr(c, name)(axis=1), lambda: getattr(s, name)(axis=1))


# --- indexing ---

KEYS = [0, 3, -1, -12, slice(None), slice(2, 9), slice(None, None, -2), slice(1, 11, 3),
        slice(5, 2), Ellipsis, [3, 1, 1, 11], numpy.array([-1, 0, 4]), numpy.array([], int),
        (2,), (slice(1, 4),), None]


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int8, numpy.bool_,
                                   numpy.complex128])
@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_getitem(backend, key, dtype):
    c, s = vector("random", dtype)
    rc, rs = c[key], s[key]
    if sps.issparse(rs):
        same(rc, rs, rs.format)
    else:
        # A stored position read on its own: the sum of its duplicates, as the dense array
        # has it (SciPy 1.17's 1-D CSR reads the first of them only; its 2-D CSR sums).
        assert host(rc).shape == numpy.shape(rs) == ()
        assert host(rc) == s.toarray()[key]
    mask = numpy.arange(12) % 3 == 0
    same(c[mask], s[mask])
    same(c[cunp_dense(mask)], s[mask])


def test_getitem_errors(backend):
    c, s = vector("random", numpy.float64)
    keys = [12, -13, (1, 2), 1.0, numpy.array([True, False]), numpy.array([[1, 2]]),
            [0, 12], "a"]
    for key in keys:
        check_raises(lambda: c[key], lambda: s[key])


SET_CASES = [(2, 7), (-1, 7), (1, 0), (3, 0), (slice(1, 4), 9),
             (slice(1, 4), numpy.array([1, 2, 3])), ([0, 4, 0], [5, 6, 8]),
             (numpy.array([1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0], bool), 3), ((2,), 4),
             (Ellipsis, 1), (slice(None, None, -3), numpy.arange(4))]


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int32, numpy.complex128])
@pytest.mark.parametrize("case", range(len(SET_CASES)))
def test_setitem(backend, case, dtype):
    key, value = SET_CASES[case]
    c, s = vector("random", dtype)
    c.sum_duplicates()
    s.sum_duplicates()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        c[key] = cunp_dense(value) if isinstance(value, numpy.ndarray) else value
        s[key] = value
    same(c, s)
    assert c.nnz == s.nnz
    numpy.testing.assert_array_equal(host(c.indices), s.indices)


def test_setitem_errors(backend):
    c, s = vector("random", numpy.float64)
    cases = [(12, 1), (-13, 1), ((0, 1), 1), (slice(1, 4), numpy.array([1.0, 2.0])),
             (1.0, 1)]
    for key, value in cases:
        def f_c():
            c[key] = value

        def f_s():
            s[key] = value

        check_raises(f_c, f_s)


# --- shape ---

@pytest.mark.parametrize("kind", ["random", "full", "empty"])
def test_reshape(backend, kind):
    c, s = vector(kind, numpy.float64)
    n = s.shape[0]
    shapes = [(n,), (-1,), (1, n), (n, 1), (-1, 1), (1, -1)]
    if n and n % 2 == 0:
        shapes += [(2, n // 2), (n // 2, 2)]
    for shape in shapes:
        for order in ["C", "F"]:
            r, rs = c.reshape(shape, order=order), s.reshape(shape, order=order)
            same(r, rs, rs.format)
    same(c.reshape(n, 1).reshape(n), s.reshape(n, 1).reshape(n))
    # 2-D to 1-D: SciPy's 1-D coo_array.
    m = numpy.arange(12.0).reshape(3, 4) * (numpy.arange(12).reshape(3, 4) % 3 == 0)
    for order in ["C", "F"]:
        same(cs.csr_array(cunp_dense(m)).reshape(12, order=order),
             sps.csr_array(m).reshape(12, order=order), "coo")
        same(cs.csr_array(cunp_dense(m)).reshape((-1,), order=order),
             sps.csr_array(m).reshape((-1,), order=order), "coo")
    check_raises(lambda: c.reshape(n + 1), lambda: s.reshape(n + 1))
    check_raises(lambda: c.reshape(n + 1, 1), lambda: s.reshape(n + 1, 1))
    check_raises(lambda: cs.csr_array(cunp_dense(m)).reshape(13),
                 lambda: sps.csr_array(m).reshape(13))
    assert c.T.shape == c.transpose().shape == (n,)


# --- comparisons ---

CMP = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge]


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int32, numpy.uint8, numpy.bool_])
@pytest.mark.parametrize("kind", KINDS)
def test_comparisons(backend, kind, dtype):
    c, s = vector(kind, dtype)
    c2, s2 = vector(kind, dtype, seed=4)
    d = dense_vector(s.shape[0], dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for op in CMP:
            # (-1 against unsigned values is NumPy's business, not the sparse array's.)
            for scalar in [0, 1, 2.5] + ([-1] if numpy.dtype(dtype).kind != "u" else []):
                same(op(c, scalar), op(s, scalar))
            same(op(c, c2), op(s, s2))
            same_dense(op(c, cunp_dense(d)), op(s, d))
        for name in ["maximum", "minimum"]:
            same(getattr(c, name)(c2), getattr(s, name)(s2))
            same(getattr(c, name)(0), getattr(s, name)(0))
            same_dense(getattr(c, name)(cunp_dense(d)), getattr(s, name)(d))
    c5, s5 = vector("full", dtype)
    if c5.shape != c.shape:
        assert (c == c5) is (s == s5) and (c != c5) is (s != s5)
        check_raises(lambda: c < c5, lambda: s < s5)
