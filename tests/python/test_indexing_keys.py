# tests/python/test_indexing_keys.py -- advanced-index key classification (host logic, no GPU)
# and NVRTC compiles of every indexing kernel.
import numpy
import pytest

import cunp
from cunp import _indexing as ix


def plan(key, ndim):
    return ix._classify(key, ndim, numpy.asarray)


def kinds(p):
    return [e.kind for e in p.entries]


def test_single_array_in_place():
    p = plan((slice(None), numpy.array([1, 2])), 2)
    assert p.basic == (slice(None), slice(None))
    assert kinds(p) == ["array"] and p.entries[0].axes == [1] and p.entries[0].axis == 1
    assert p.adjacent and p.position == 1


def test_int_and_array_separated_by_slice_go_first():
    # x[0, :, [1, 2]] on 3-d: the int counts as advanced, a slice separates: (2, n1)
    p = plan((0, slice(None), [1, 2]), 3)
    assert p.basic == (0, slice(None), slice(None))
    assert not p.adjacent and p.position == 0
    assert p.entries[0].axes == [1] and p.entries[0].axis == 2


def test_int_next_to_array_stays_in_place():
    p = plan((slice(None), 0, [1, 2]), 3)
    assert p.adjacent and p.position == 1


def test_none_separates():
    p = plan(([0, 1], None, [1, 2]), 3)
    assert not p.adjacent and p.position == 0


def test_mask_axes_and_ellipsis():
    m = numpy.ones((3, 4), bool)
    p = plan((Ellipsis, m), 3)
    assert p.basic == (slice(None),) * 3
    assert kinds(p) == ["mask"] and p.entries[0].axes == [1, 2] and p.entries[0].axis == 1
    assert p.adjacent and p.position == 1


def test_zero_d_bool_adds_axis():
    p = plan(True, 1)
    assert p.basic == (None,)
    assert kinds(p) == ["bool"] and p.entries[0].axes == [0]
    p = plan((0, True, slice(None), [1]), 3)
    assert not p.adjacent


def test_empty_list_is_integer_index():
    p = plan([], 1)
    assert kinds(p) == ["array"] and p.entries[0].value.dtype.kind == "i"


def test_numpy_scalars_are_ints():
    p = plan((numpy.int64(1), [0]), 2)
    assert p.basic == (1, slice(None)) and kinds(p) == ["array"]
    p = plan((numpy.True_,), 1)
    assert kinds(p) == ["bool"]


@pytest.mark.parametrize("key, ndim, message", [
    ((1.0,), 1, "only integers, slices"),
    (([1.5],), 1, "only integers, slices"),
    (([1, 1.5],), 1, "only integers, slices"),
    ((numpy.array([1.0]),), 1, "arrays used as indices must be of integer (or boolean) type"),
    (([0], [0]), 1, "too many indices for array: array is 1-dimensional, but 2 were indexed"),
    ((Ellipsis, Ellipsis, [0]), 2, "an index can only have a single ellipsis ('...')"),
    (("a",), 1, "only integers, slices"),
    ((numpy.float64(1.0),), 1, "only integers, slices"),
    ((numpy.array(1.0), [0]), 2, "arrays used as indices must be of integer (or boolean) type"),
])
def test_key_errors_match_numpy(key, ndim, message):
    with pytest.raises(IndexError) as e:
        plan(key, ndim)
    assert message in str(e.value)
    x = numpy.zeros((3,) * ndim)
    with pytest.raises(IndexError) as n:
        x[key]
    assert str(n.value) == str(e.value)


def test_broadcast_message_matches_numpy():
    with pytest.raises(IndexError) as e:
        ix._broadcast_index_shapes([(4,), (3,)])
    with pytest.raises(IndexError) as n:
        numpy.zeros((5, 5))[[1, 2, 0, 1], [1, 2, 3]]
    assert str(e.value) == str(n.value)
    assert ix._broadcast_index_shapes([(2, 1), (3,), ()]) == (2, 3)


def test_mask_message_matches_numpy():
    m = numpy.ones(4, bool)
    p = plan((slice(None), m), 2)
    with pytest.raises(IndexError) as e:
        ix._check_mask(p.entries[0], (3, 3))
    with pytest.raises(IndexError) as n:
        numpy.zeros((3, 3))[:, m]
    assert str(e.value) == str(n.value)


def test_placement_permutation():
    assert ix._move_front(2, 4, 1) == [2, 0, 1, 3]
    assert ix._inverse(ix._move_front(2, 4, 1)) == [1, 2, 0, 3]
    # x[:, idx2d, :] on (5, 6, 7): B-first (2, 3, 5, 7) moved to position 1 is NumPy's shape
    b_first = numpy.zeros((2, 3, 5, 7))
    x = numpy.zeros((5, 6, 7))
    assert numpy.transpose(b_first, ix._move_front(2, 4, 1)).shape == \
        x[:, numpy.zeros((2, 3), int), :].shape


# -- every kernel compiles (NVRTC, no GPU) ------------------------------------------------------

@pytest.fixture(scope="module")
def nvrtc():
    k = cunp.ElementwiseKernel("T x", "T y", "y = x", "idx_nvrtc_probe")
    try:
        k._compile([numpy.float32])
    except cunp.cuda.runtime.CUDARuntimeError as e:
        pytest.skip("NVRTC is not available: {}".format(e))


VALUE_DTYPES = ["?", "b", "B", "h", "H", "i", "I", "q", "Q", "e", "f", "d", "F", "D"]
INDEX_DTYPES = ["b", "B", "h", "H", "i", "I", "q", "Q"]


@pytest.mark.parametrize("dtype", VALUE_DTYPES)
def test_value_kernels_compile(nvrtc, dtype):
    for size in (10, 2**40):   # 32- and 64-bit positions within the rest
        ix._gather_kernel(size)._compile([dtype, "q", 3, dtype])
    for nd in (0, 2):
        ix._scatter_kernel()._compile([dtype, "q", 3, dtype], strided_ndim=nd)
        ix._mask_fill_kernel()._compile(["?", dtype, dtype], strided_ndim=nd)


@pytest.mark.parametrize("dtype", INDEX_DTYPES)
def test_index_kernels_compile(nvrtc, dtype):
    for n in (1, 2, 3):
        for nd in (0, 2):
            ix._ravel_kernel(n)._compile([dtype] * n + [5, 1] * n + ["i", "q"], strided_ndim=nd)


# -- the get/set orchestration, run on the host with NumPy stand-ins for the kernels ------------
# (checks the key splitting, transposes, flat positions and result placement without a GPU; the
# stand-ins do what each kernel's body does, position by position)

def _norm(j, n, err):
    t = numpy.asarray(j).astype(numpy.int64)
    t = numpy.where(numpy.asarray(j) < 0, t + n, t) if numpy.asarray(j).dtype.kind == "i" else t
    bad = (t < 0) | (t >= n)
    if bad.any():
        err[0] = 1
    return numpy.where(bad, 0, t)


def _flat(a):
    return numpy.ascontiguousarray(a).reshape(-1)   # raw operands index by C-order position


def _raw_write(dst, pos, values):
    dst[numpy.unravel_index(pos, dst.shape)] = values


class _Fake:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args, size=None):
        return self.fn(*args)


def _ravel(*args):
    k = (len(args) - 2) // 3
    js, ns, err, lin = args[:k], args[k:3 * k], args[-2], args[-1]
    total = numpy.zeros(lin.shape, numpy.int64)
    for e, j in enumerate(js):
        total += _norm(numpy.broadcast_to(j, lin.shape), ns[2 * e], err) * ns[2 * e + 1]
    lin.reshape(-1)[:] = total.reshape(-1)


def _gather(src, lin, rs, out):
    i = numpy.arange(out.size)
    out.reshape(-1)[:] = _flat(src)[_flat(lin)[i // rs] * rs + i % rs]


def _scatter(v, lin, rs, dst):
    shape = numpy.broadcast_shapes(v.shape, lin.shape)
    i = numpy.arange(_prod(shape))
    _raw_write(dst, _flat(numpy.broadcast_to(lin, shape))[i] * rs + i % rs,
               _flat(numpy.broadcast_to(v, shape)))


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _mask_fill(m, v, x):
    x[numpy.broadcast_to(m, x.shape)] = v


def _checked(idx, n, report_axis):
    h = numpy.asarray(idx).astype(numpy.int64).ravel()
    bad = h[(h < -n) | (h >= n)]
    if bad.size:
        raise IndexError("index %d is out of bounds for axis %d with size %d"
                         % (bad[0], report_axis, n))


def _take(x, idx, axis, check=True, report_axis=-1):
    axis %= x.ndim
    _checked(idx, x.shape[axis], axis if report_axis < 0 else report_axis)
    return numpy.take(x, idx, axis=axis)


def _put_along(x, idx, axis, values, report_axis=-1):
    axis %= x.ndim
    _checked(idx, x.shape[axis], axis if report_axis < 0 else report_axis)
    x[(slice(None),) * axis + (idx,)] = values


def _nonzero_coords(a):
    return numpy.array(numpy.nonzero(a), dtype=numpy.int64).reshape(max(a.ndim, 1), -1)


# The orchestration with NumPy stand-ins for the core's indexing kernels and the
# elementwise kernels.
@pytest.fixture
def host_engine(monkeypatch):
    import types

    import cunp._manipulation as manipulation

    core = types.SimpleNamespace(ndarray=numpy.ndarray, empty=numpy.empty,
                                 zeros=lambda n, dtype: numpy.zeros(n, dtype),
                                 _take=_take, _put_along=_put_along,
                                 _compress_mask=lambda x, m: x[m],
                                 _nonzero_coords=_nonzero_coords,
                                 _normalize_axis=cunp._core._normalize_axis,
                                 _clip=lambda a, lo, hi, *options: numpy.clip(a, lo, hi))
    monkeypatch.setattr(ix, "_core", core)
    monkeypatch.setattr(ix, "_asarray", numpy.asarray)
    monkeypatch.setattr(ix, "_empty", numpy.empty)
    monkeypatch.setattr(ix, "_flag", lambda x: numpy.zeros(1, numpy.int32))
    monkeypatch.setattr(ix, "_flag_set", lambda err: bool(err[0]))
    monkeypatch.setattr(ix, "_ravel_kernel", lambda n: _Fake(_ravel))
    monkeypatch.setattr(ix, "_gather_kernel", lambda size: _Fake(_gather))
    monkeypatch.setattr(ix, "_scatter_kernel", lambda: _Fake(_scatter))
    monkeypatch.setattr(ix, "_mask_fill_kernel", lambda: _Fake(_mask_fill))
    monkeypatch.setattr(manipulation, "broadcast_to", numpy.broadcast_to)


_A = numpy.arange(60).reshape(3, 4, 5)
_I2 = numpy.array([[0, 2], [1, -1]])
_KEYS = [
    numpy.array([0, 2, -1]), [0, 0, 2], [], (slice(None), numpy.array([3, 0])),
    (Ellipsis, numpy.array([4, -5])), (numpy.array([0, 2]), numpy.array([1, 3])),
    (numpy.array([0, 2]), slice(None), numpy.array([1, 3])), (0, slice(None), [1, 3]),
    (slice(None), 0, [1, 3]), (slice(None), _I2, slice(1, 3)), (_I2, None, [1]),
    (None, [2, 1]), (slice(None, None, -1), [1, 2], slice(None, None, 2)),
    (_I2[:, :1], [0, 1, 2]), _A % 2 == 0, (_A % 3 == 0)[:, :, 0],
    (slice(None), (_A % 3 == 0)[0]), ([True, False, True], slice(None), [0, 4]),
    (numpy.array([True, False, True]), [0, 3]), True, False, (0, True),
    (numpy.zeros(3, bool),), numpy.zeros((3, 4, 5), bool), (1, [[0], [3]], slice(1, None)),
    (numpy.array([1, 0], numpy.uint8), numpy.array([[-1], [2]], numpy.int16)),
]


@pytest.mark.parametrize("key", _KEYS, ids=range(len(_KEYS)))
@pytest.mark.parametrize("layout", ["c", "strided"])
def test_getitem_orchestration(host_engine, key, layout):
    a = _A if layout == "c" else numpy.arange(240).reshape(6, 8, 5)[::2, ::-2, :]
    expected = a[key]
    got = ix._getitem(a, key)
    assert got.shape == expected.shape
    numpy.testing.assert_array_equal(got, expected)


_SETS = [
    (numpy.array([0, 2]), 7), (numpy.array([0, 2]), numpy.arange(40.0).reshape(2, 4, 5)),
    ((slice(None), [3, 0]), numpy.arange(5.0)), ((0, slice(None), [1, 3]), [[1.0], [2.0]]),
    ((slice(None), 0, [1, 3]), [1.0, 2.0]), (([0, 2], slice(None), [1, 3]), 5.5),
    (_A % 2 == 0, -1), (_A % 2 == 0, numpy.arange(30.0)), ((slice(None), (_A % 3 == 0)[0]), 9),
    ((_A % 3 == 0)[:, :, 0], numpy.arange(5.0)), (True, 3), ((slice(None), _I2, 1), -2.0),
    ((slice(None, None, -1), [1, -1]), numpy.arange(15.0).reshape(3, 1, 5)),
    ([0, 1], [[[1.0]]]),
]


@pytest.mark.parametrize("key, value", _SETS, ids=range(len(_SETS)))
@pytest.mark.parametrize("layout", ["c", "strided"])
def test_setitem_orchestration(host_engine, key, value, layout):
    base = numpy.arange(240.0).reshape(6, 8, 5)
    a = _A.astype(float) if layout == "c" else base[::2, ::-2, :]
    expected = a.copy()
    expected[key] = value
    ix._setitem(a, key, value)
    numpy.testing.assert_array_equal(a, expected)


@pytest.mark.parametrize("key", [numpy.array([3]), (slice(None), [1, 4]), ([0, 1], [0, 7]),
                                 (None, slice(None), [9])])
def test_out_of_bounds_orchestration(host_engine, key):
    with pytest.raises(IndexError) as n:
        _A[key]
    with pytest.raises(IndexError) as c:
        ix._getitem(_A, key)
    assert str(c.value) == str(n.value)
    a = _A.copy()
    with pytest.raises(IndexError):
        ix._setitem(a, key, 0)
    numpy.testing.assert_array_equal(a, _A)


@pytest.fixture
def host_routines(host_engine, monkeypatch):
    import cunp._creation as creation
    import cunp._dtypes as dtypes
    import cunp._joining as joining
    import cunp._manipulation as manipulation
    import cunp._reductions as reductions

    monkeypatch.setattr(ix, "_arange", numpy.arange)
    monkeypatch.setattr(joining, "stack", numpy.stack)
    monkeypatch.setattr(reductions, "any", numpy.any)
    monkeypatch.setattr(creation, "ascontiguousarray", numpy.ascontiguousarray)
    monkeypatch.setattr(manipulation, "broadcast_arrays", numpy.broadcast_arrays)
    monkeypatch.setattr(manipulation, "broadcast_shapes", numpy.broadcast_shapes)
    monkeypatch.setattr(dtypes, "result_type", numpy.result_type)
    ix._core.where = numpy.where
    ix._core._where = numpy.where
    import types

    return types.SimpleNamespace(**{n: getattr(ix, n) for n in ix.__all__},
                                 asarray=numpy.asarray, zeros=numpy.zeros)


_ROUTINES = [
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([5, 0, -1])),
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([[2, 0]]), axis=1),
    lambda xp: xp.take(xp.asarray(_A), 3, axis=-1),
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([7, -9]), axis=2, mode="wrap"),
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([7, -9]), axis=2, mode="clip"),
    lambda xp: xp.take_along_axis(xp.asarray(_A), xp.asarray(numpy.argsort(_A % 7, axis=1)), 1),
    lambda xp: xp.take_along_axis(xp.asarray(_A).ravel(), xp.asarray([3, 1]), None),
    lambda xp: xp.nonzero(xp.asarray(_A % 3 == 0)),
    lambda xp: xp.nonzero(xp.asarray([0.0, 1.5, 0.0, -2.0])),
    lambda xp: xp.argwhere(xp.asarray(_A % 5 == 1)),
    lambda xp: xp.argwhere(xp.asarray(3)),
    lambda xp: xp.flatnonzero(xp.asarray(_A % 6 == 0)),
    lambda xp: xp.compress(xp.asarray([True, False, True]), xp.asarray(_A), axis=0),
    lambda xp: xp.compress(xp.asarray([False, True]), xp.asarray(_A)),
    lambda xp: xp.extract(xp.asarray(_A % 7 == 0), xp.asarray(_A)),
    lambda xp: xp.choose(xp.asarray([[0, 1, 2], [2, 1, 0]]),
                         [xp.asarray([1, 2, 3]), xp.asarray([[10], [20]]), xp.asarray(100)]),
    lambda xp: xp.choose(xp.asarray([4, -1, 1]), [xp.asarray([1, 2, 3]), xp.asarray([5, 6, 7])],
                         mode="wrap"),
    lambda xp: xp.select([xp.asarray(_A < 10), xp.asarray(_A > 50)],
                         [xp.asarray(_A), xp.asarray(-_A)], default=7),
    lambda xp: xp.diag_indices(4, 3),
    lambda xp: xp.tril_indices(4, -1),
    lambda xp: xp.triu_indices_from(xp.zeros((3, 4))),
    lambda xp: xp.indices((2, 3)),
    lambda xp: xp.indices((2, 3), sparse=True),
    lambda xp: xp.ix_(xp.asarray([0, 2]), xp.asarray([True, False, True, True])),
    lambda xp: xp.ravel_multi_index((xp.asarray([1, 2]), xp.asarray([3, 0])), (3, 4)),
    lambda xp: xp.ravel_multi_index((xp.asarray([1, 2]), xp.asarray([5, -1])), (3, 4),
                                    mode=("raise", "wrap"), order="F"),
    lambda xp: xp.unravel_index(xp.asarray([0, 7, 11]), (3, 4)),
    lambda xp: xp.unravel_index(xp.asarray([0, 7, 11]), (3, 4), order="F"),
    lambda xp: xp.repeat(xp.asarray(_A), 2, axis=1),
    lambda xp: xp.repeat(xp.asarray([1, 2, 3]), [2, 0, 1]),
    lambda xp: xp.repeat(xp.asarray(_A), 3),
    lambda xp: xp.tile(xp.asarray([1, 2]), (2, 3)),
    lambda xp: xp.tile(xp.asarray(_A[0]), 2),
]


def _same(n, c):
    if isinstance(n, tuple):
        assert isinstance(c, tuple) and len(n) == len(c)
        for a, b in zip(n, c):
            _same(a, b)
    else:
        assert numpy.shape(c) == numpy.shape(n)
        numpy.testing.assert_array_equal(c, n)


@pytest.mark.parametrize("f", _ROUTINES, ids=range(len(_ROUTINES)))
def test_routines_orchestration(host_routines, f):
    _same(f(numpy), f(host_routines))


def test_mutating_routines_orchestration(host_routines):
    def run(xp):
        out = []
        a = _A.astype(float)
        xp.put(a, xp.asarray([0, 59, -1]), xp.asarray([1.0, 2.0]))
        out.append(a)
        a = _A.astype(float)
        xp.put(a, xp.asarray([100, -100]), 5, mode="clip")
        out.append(a)
        a = _A.astype(float)[:, ::2]
        xp.put(a, xp.asarray([1, 3]), -1)
        out.append(a)
        a = _A.astype(float)
        xp.put_along_axis(a, xp.asarray(numpy.zeros((3, 1, 5), int)), 99, axis=1)
        out.append(a)
        a = _A.astype(float)
        xp.place(a, xp.asarray(_A % 4 == 0), xp.asarray([1.0, 2.0, 3.0]))
        out.append(a)
        a = _A.astype(float)
        xp.putmask(a, xp.asarray(_A % 4 == 1), xp.asarray([-1.0, -2.0]))
        out.append(a)
        return tuple(out)
    _same(run(numpy), run(host_routines))


@pytest.mark.parametrize("key, value", [
    (_A > 100, numpy.ones(3)), (_A > 50, numpy.ones((3, 3))), (_A > 50, numpy.ones((1, 9))),
    (numpy.array([True, False, True]), numpy.ones(3)), ((slice(None), [True, False, True, True]),
                                                        numpy.ones(2)),
])
def test_setitem_value_errors_orchestration(host_engine, key, value):
    a = _A.astype(float)
    with pytest.raises((ValueError, TypeError)) as n:
        a[key] = value
    with pytest.raises(type(n.value)) as c:
        ix._setitem(a, key, value)
    assert str(c.value) == str(n.value)
