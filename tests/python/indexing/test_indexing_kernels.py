# tests/python/indexing/test_indexing_kernels.py -- the core's indexing kernels (one gather/scatter along an
# axis, boolean compaction, nonzero) against NumPy: every dtype, axis, layout, unit width and
# index dtype, bounds errors with NumPy's messages, and compaction across many tiles.
import subprocess
import sys

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu

DTYPES = ["bool", "int8", "uint8", "int16", "float16", "int32", "float32", "uint64", "float64",
          "complex64", "complex128"]
INDEX_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def data(shape, dtype="float32", seed=0):
    r = numpy.random.default_rng(seed)
    a = r.integers(-50, 100, size=shape)
    if numpy.dtype(dtype).kind == "b":
        return (a % 2).astype(dtype)
    if numpy.dtype(dtype).kind == "u":
        a = abs(a)
    if numpy.dtype(dtype).kind == "c":
        return (a + 1j * r.integers(-9, 9, size=shape)).astype(dtype)
    return a.astype(dtype)


def same(expected, got):
    assert isinstance(got, cunp.ndarray)
    h = got.get()
    assert h.dtype == expected.dtype
    assert h.shape == expected.shape
    numpy.testing.assert_array_equal(h, expected)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,axis", [((37,), 0), ((6, 7), 0), ((6, 7), 1), ((3, 4, 5), 1),
                                        ((3, 4, 5), 2), ((2, 3, 4, 5), 0)])
def test_take_every_dtype_and_axis(dtype, shape, axis):
    a = data(shape, dtype)
    n = shape[axis]
    idx = numpy.array([0, n - 1, -1, -n, n // 2, 1 % n, 0])
    g = cunp.asarray(a)
    same(numpy.take(a, idx, axis=axis), cunp.take(g, cunp.asarray(idx), axis=axis))
    key = (slice(None),) * axis + (idx,)
    same(a[key], g[(slice(None),) * axis + (cunp.asarray(idx),)])
    if axis == len(shape) - 1:
        same(a[..., idx], g[..., cunp.asarray(idx)])


@pytest.mark.parametrize("idtype", INDEX_DTYPES)
def test_index_dtypes(idtype):
    a = data((10, 6), "float32")
    idx = numpy.array([0, 3, 9, 1], dtype=idtype)
    g = cunp.asarray(a)
    same(a[idx], g[cunp.asarray(idx)])
    same(a[:, idx[:3] % 6], g[:, cunp.asarray(idx[:3] % 6)])
    if numpy.dtype(idtype).kind == "i":
        neg = numpy.array([-1, -10, 5], dtype=idtype)
        same(a[neg], g[cunp.asarray(neg)])


def test_huge_uint64_index_wraps_as_numpy():
    a = numpy.arange(3.0)
    idx = numpy.array([2**64 - 1, 0], dtype=numpy.uint64)   # NumPy reads it as intp: -1
    same(a[idx], cunp.asarray(a)[cunp.asarray(idx)])


@pytest.mark.parametrize("inner,dtype", [(1, "int8"), (3, "int8"), (2, "float16"), (4, "float32"),
                                         (5, "float32"), (8, "float32"), (2, "float64"),
                                         (3, "complex128"), (64, "float32"), (1, "complex128")])
@pytest.mark.parametrize("offset", [0, 1])
def test_unit_widths_and_alignment(inner, dtype, offset):
    # Rows of every byte width, from base addresses that do and do not allow wide units.
    a = data((9, inner), dtype)
    g = cunp.asarray(a)
    a, g = a.reshape(-1)[offset:offset + 8 * inner].reshape(8, inner), \
        g.reshape(-1)[offset:offset + 8 * inner].reshape(8, inner)
    idx = numpy.array([7, 0, 3, 3, -2])
    same(a[idx], g[cunp.asarray(idx)])
    x = a.reshape(2, 4, inner)
    same(x[:, idx[:3] % 4], g.reshape(2, 4, inner)[:, cunp.asarray(idx[:3] % 4)])


@pytest.mark.parametrize("dtype", ["int8", "float32", "complex128"])
def test_layouts(dtype):
    a = data((6, 8, 10), dtype)
    g = cunp.asarray(a)
    idx = numpy.array([[1, -1], [0, 2]])
    gi = cunp.asarray(idx)
    views = [
        (a[:, ::2], g[:, ::2]),                     # strided middle axis
        (a[::-1], g[::-1]),                         # negative strides
        (a.transpose(2, 0, 1), g.transpose(2, 0, 1)),
        (a[..., ::-3], g[..., ::-3]),               # inner negative strides: strided kernel
        (numpy.asfortranarray(a), cunp.asfortranarray(g)),
        (a[1:, 2:, 3:], g[1:, 2:, 3:]),
    ]
    for x, y in views:
        for axis in range(3):
            key = (slice(None),) * axis + (idx,)
            same(x[key], y[(slice(None),) * axis + (gi,)])


def test_index_array_layouts():
    a = data((20, 3), "float32")
    g = cunp.asarray(a)
    idx = numpy.arange(40).reshape(5, 8) % 20
    for i, gi in [(idx[:, ::2], cunp.asarray(idx)[:, ::2]), (idx.T, cunp.asarray(idx).T),
                  (idx[::-1], cunp.asarray(idx)[::-1])]:
        same(a[i], g[gi])
        same(a[:, i % 3], g[:, gi % 3])


def test_many_dimensions_strided_kernel():
    # Every other element along 11 axes: no two axes merge, so past 8 on either side of the
    # indexed axis the gather works on a contiguous copy, and the scatter writes back through one.
    a = data((3,) * 11, "float32")
    sl = (slice(None, None, 2),) * 11
    idx = numpy.array([1, 0, 1])
    for axis in (0, 5, 10):
        key = (slice(None),) * axis + (idx,)
        g = cunp.asarray(a)
        gkey = (slice(None),) * axis + (cunp.asarray(idx),)
        same(a[sl][key], g[sl][gkey])
        e = a.copy()
        e[sl][(slice(None),) * axis + (idx[:2],)] = 5.0
        g[sl][(slice(None),) * axis + (cunp.asarray(idx[:2]),)] = 5.0
        same(e, g)


def test_empty_and_zero_sized():
    a = data((4, 5), "float32")
    g = cunp.asarray(a)
    e = numpy.array([], dtype=numpy.int64)
    same(a[e], g[cunp.asarray(e)])
    same(a[:, e], g[:, cunp.asarray(e)])
    same(a[numpy.zeros((0, 3), numpy.int64)], g[cunp.zeros((0, 3), dtype="int64")])
    z = numpy.zeros((0, 5), numpy.float32)
    same(z[:, [1, 4]], cunp.asarray(z)[:, cunp.asarray([1, 4])])
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 1 with size 5"):
        cunp.asarray(z)[:, cunp.asarray([1, 5])]
    with pytest.raises(IndexError, match="index 0 is out of bounds for axis 1 with size 0"):
        cunp.zeros((3, 0))[:, cunp.asarray([0])]


@pytest.mark.parametrize("axis,n", [(0, 4), (1, 5), (2, 6)])
def test_out_of_bounds_messages(axis, n):
    g = cunp.zeros((4, 5, 6), dtype="float32")
    for bad in (n, -n - 1, 1000):
        idx = cunp.asarray([0, bad, 1])
        with pytest.raises(IndexError) as e:
            g[(slice(None),) * axis + (idx,)]
        assert str(e.value) == "index %d is out of bounds for axis %d with size %d" % (bad, axis, n)
        with pytest.raises(IndexError):
            cunp.take(g, idx, axis=axis)
    # The flag is cleared after an error: the next good call succeeds.
    same(numpy.zeros((2, 5, 6), numpy.float32), g[cunp.asarray([0, 1])])


def test_out_of_bounds_after_integer_reports_original_axis():
    a = numpy.zeros((3, 4, 5))
    with pytest.raises(IndexError, match="index 7 is out of bounds for axis 2 with size 5"):
        cunp.asarray(a)[0, :, cunp.asarray([7])]
    with pytest.raises(IndexError, match="index 7 is out of bounds for axis 2 with size 5"):
        a[0, :, [7]]


def test_integer_then_array_puts_index_dims_first():
    a = data((3, 4, 5), "int32")
    g = cunp.asarray(a)
    # In bounds for every axis the keys index (sizes 3, 4, 5): NumPy raises for 4 on axis 0.
    idx = numpy.array([[2, 0], [1, 2]])
    for key in [(0, slice(None), idx), (slice(None), 1, idx), (idx, slice(None), 2),
                (1, idx)]:
        gkey = tuple(cunp.asarray(k) if isinstance(k, numpy.ndarray) else k for k in key)
        same(a[key], g[gkey])


def test_index_array_as_float_is_rejected():
    g = cunp.zeros(4)
    with pytest.raises(IndexError, match="arrays used as indices must be of integer"):
        g[cunp.asarray([1.0])]


@pytest.mark.parametrize("dtype", DTYPES)
def test_put_along_every_dtype(dtype):
    a = data((6, 5, 4), dtype)
    v = data((6, 3, 4), dtype, seed=1)
    idx = numpy.array([4, 0, -2])
    e = a.copy()
    e[:, idx] = v
    g = cunp.asarray(a)
    g[:, cunp.asarray(idx)] = cunp.asarray(v)
    same(e, g)
    # one value (a scalar, a 0-d array, a length-1 array)
    for val in (a.reshape(-1)[0], numpy.array(a.reshape(-1)[1]), a.reshape(-1)[2:3]):
        e = a.copy()
        e[idx] = val
        g = cunp.asarray(a)
        g[cunp.asarray(idx)] = cunp.asarray(val) if isinstance(val, numpy.ndarray) else val
        same(e, g)


@pytest.mark.parametrize("inner", [1, 3, 4, 8])
def test_put_broadcast_values_and_layouts(inner):
    a = data((10, 6, inner), "float32")
    idx = numpy.array([5, -1, 0])
    for vshape in [(), (inner,), (6, inner), (3, 1, inner), (1, 3, 6, inner)]:
        v = data(vshape, "float32", seed=3) if vshape else numpy.float32(7)
        for view in (lambda x: x, lambda x: x[::-1], lambda x: x[:, ::2], lambda x: x[..., ::-1]):
            e = a.copy()
            ev = view(e)
            try:
                ev[idx] = v
            except ValueError:
                continue
            g = cunp.asarray(a)
            view(g)[cunp.asarray(idx)] = cunp.asarray(v) if vshape else v
            same(e, g)


def test_put_value_cast_and_overlap():
    a = numpy.arange(12, dtype=numpy.int32)
    e = a.copy()
    e[[0, 1, 2]] = numpy.array([1.7, -2.2, 3.9])
    g = cunp.asarray(a)
    g[cunp.asarray([0, 1, 2])] = cunp.asarray([1.7, -2.2, 3.9])
    same(e, g)
    e = a.copy()
    e[[3, 4, 5]] = e[0:3]
    g = cunp.asarray(a)
    g[cunp.asarray([3, 4, 5])] = g[0:3]
    same(e, g)


def test_put_errors():
    g = cunp.zeros((4, 5))
    with pytest.raises(IndexError, match="index 4 is out of bounds for axis 0 with size 4"):
        g[cunp.asarray([1, 4])] = 1.0
    with pytest.raises(IndexError, match="index -6 is out of bounds for axis 1 with size 5"):
        g[:, cunp.asarray([-6])] = 1.0
    with pytest.raises(ValueError):
        g[cunp.asarray([0, 1])] = cunp.zeros(3)
    # NumPy checks every index before writing: an IndexError leaves the array unchanged, for
    # scalar and array values, along any axis, and through the copy taken for many dimensions.
    g = cunp.zeros((4, 5))
    for key, value in [((cunp.asarray([9]),), 1.0), ((cunp.asarray([0, 1, 2, 9]),), 1.0),
                       ((cunp.asarray([0, 9]),), cunp.ones((2, 5))),
                       ((slice(None), cunp.asarray([4, -6, 0])), 2),
                       ((Ellipsis, cunp.asarray([[1, 5]])), cunp.ones((4, 1, 2)))]:
        with pytest.raises(IndexError):
            g[key] = value
        same(numpy.zeros((4, 5)), g)
    many = cunp.zeros((2,) * 10)
    with pytest.raises(IndexError, match="index 2 is out of bounds for axis 9 with size 2"):
        many[::-1, :, ::-1, :, ::-1, :, ::-1, :, ::-1][..., cunp.asarray([0, 2])] = 1.0
    same(numpy.zeros((2,) * 10), many)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("inner", [(), (1,), (3,), (4,), (16,)])
def test_put_python_scalar(dtype, inner):
    # A Python scalar travels in the kernel's parameters, repeated across the unit the kernel
    # moves (several elements of a contiguous row); strided complex128 goes through a buffer.
    a = data((6,) + inner, dtype)
    value = {"b": True, "c": 2 - 3j, "f": 2.5}.get(numpy.dtype(dtype).kind, 7)
    idx = numpy.array([4, 0, -1])
    for view in (lambda t: t, lambda t: t[::-1], lambda t: t[:, ::2] if t.ndim > 1 else t[::2]):
        e, g = a.copy(), cunp.asarray(a)
        ve, vg = view(e), view(g)
        j = idx % ve.shape[0]
        ve[j] = value
        vg[cunp.asarray(j)] = value
        same(e, g)
        if ve.ndim > 1:
            ve[:, numpy.array([0])] = value
            vg[:, cunp.asarray([0])] = value
            same(e, g)


def test_put_python_scalar_casts_as_numpy():
    g = cunp.zeros(4, dtype="int8")
    with pytest.raises(OverflowError):
        g[cunp.asarray([0])] = 300
    same(numpy.zeros(4, numpy.int8), g)
    g[cunp.asarray([1, 2])] = -3
    g[cunp.asarray([3])] = True
    same(numpy.array([0, -3, -3, 1], numpy.int8), g)
    f = cunp.zeros(3, dtype="float32")
    f[cunp.asarray([0, 2], dtype="uint8")] = 0.1
    same(numpy.array([0.1, 0, 0.1], numpy.float32), f)


@pytest.mark.parametrize("dtype", DTYPES)
def test_compress_mask_every_dtype(dtype):
    a = data((7, 9), dtype)
    m = data((7, 9), "int64", seed=2) > 30
    same(a[m], cunp.asarray(a)[cunp.asarray(m)])


@pytest.mark.parametrize("n", [1, 255, 256, 4095, 4096, 4097, 100003])
@pytest.mark.parametrize("density", [0.0, 0.01, 0.5, 1.0])
def test_compress_sizes(n, density):
    r = numpy.random.default_rng(n)
    a = r.standard_normal(n).astype(numpy.float32)
    m = r.random(n) < density
    same(a[m], cunp.asarray(a)[cunp.asarray(m)])
    same(numpy.nonzero(m)[0], cunp.nonzero(cunp.asarray(m))[0])


def test_compress_many_tiles_scan_carry():
    # More than 8192 tiles: the scan of the tile counts runs in several chunks.
    n = 2**25 + 12345
    r = numpy.random.default_rng(1)
    m = r.random(n) < 0.3
    a = numpy.arange(n, dtype=numpy.int32)
    got = cunp.asarray(a)[cunp.asarray(m)]
    same(a[m], got)
    same(numpy.flatnonzero(m), cunp.flatnonzero(cunp.asarray(m)))


def test_compress_layouts():
    a = data((6, 8, 5), "float64")
    m = data((6, 8, 5), "int64", seed=4) > 20
    g, gm = cunp.asarray(a), cunp.asarray(m)
    for f in (lambda x: x[::-1], lambda x: x.transpose(2, 0, 1), lambda x: x[:, ::2, 1:]):
        same(f(a)[f(m)], f(g)[f(gm)])
    c = data((5, 4), "complex128")
    cm = data((5, 4), "int64", seed=5) > 10
    same(c[:, ::-1][cm], cunp.asarray(c)[:, ::-1][cunp.asarray(cm)])


def test_mask_errors():
    g = cunp.zeros((3, 4))
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 1; "
                                         "size of axis is 4 but size of corresponding boolean axis "
                                         "is 5"):
        g[cunp.zeros((3, 5), dtype=bool)]
    with pytest.raises(IndexError, match="boolean index did not match"):
        g[cunp.zeros(4, dtype=bool)]


@pytest.mark.parametrize("shape", [(0,), (13,), (5, 7), (3, 4, 5), (2, 1, 3, 2), (4, 0, 3)])
@pytest.mark.parametrize("dtype", ["bool", "int32", "float64", "complex64"])
def test_nonzero(shape, dtype):
    a = data(shape, dtype, seed=7) if dtype != "bool" else data(shape, "int64", seed=7) > 40
    if dtype != "bool":
        a = numpy.where(data(shape, "int64", seed=8) > 50, a, 0).astype(dtype)
    got = cunp.nonzero(cunp.asarray(a))
    expected = numpy.nonzero(a)
    assert len(got) == len(expected)
    for e, c in zip(expected, got):
        same(e.astype(numpy.int64), c)
    same(numpy.argwhere(a), cunp.argwhere(cunp.asarray(a)))


def test_nonzero_non_contiguous_and_nan():
    a = numpy.array([[0.0, numpy.nan, 1.0], [0.0, 0.0, -0.0], [2.0, 0.0, 3.0]])
    for f in (lambda x: x, lambda x: x.T, lambda x: x[::-1, ::2]):
        expected = numpy.nonzero(f(a))
        got = cunp.nonzero(f(cunp.asarray(a)))
        for e, c in zip(expected, got):
            same(e.astype(numpy.int64), c)


def test_compress_and_take_routines():
    a = data((5, 6), "float32")
    g = cunp.asarray(a)
    cond = numpy.array([True, False, True, True, False, True])
    same(numpy.compress(cond, a, axis=1), cunp.compress(cunp.asarray(cond), g, axis=1))
    same(numpy.compress(cond[:5], a, axis=0), cunp.compress(cunp.asarray(cond[:5]), g, axis=0))
    same(numpy.take(a, [[1, -1]], axis=1), cunp.take(g, cunp.asarray([[1, -1]]), axis=1))
    same(numpy.take(a, 7), cunp.take(g, 7))
    same(numpy.extract(a > 50, a), cunp.extract(g > 50, g))


def test_core_functions_directly():
    g = cunp.asarray(data((4, 6), "float32"))
    h = g.get()
    same(h[:, [5, 0]], cunp._core.indexing.take(g, cunp.asarray([5, 0]), 1))
    same(h[:, [5, 0]], cunp._core.indexing.take(g, cunp.asarray([5, 0]), -1, False))
    same(h[h > 40], cunp._core.indexing.compress_mask(g, g > 40))
    c = cunp._core.indexing.nonzero_coords(g > 40)
    assert c.shape == (2, int((h > 40).sum()))
    with pytest.raises(numpy.exceptions.AxisError):
        cunp._core.indexing.take(g, cunp.asarray([0]), 2)


def test_in_a_fresh_process():
    code = ("import numpy, cunp\n"
            "a = numpy.arange(60.0).reshape(3, 4, 5)\n"
            "g = cunp.asarray(a)\n"
            "i = numpy.array([3, -1, 0])\n"
            "assert (g[:, cunp.asarray(i)].get() == a[:, i]).all()\n"
            "assert (g[g > 30].get() == a[a > 30]).all()\n"
            "g[cunp.asarray(i[:2]) % 3] = 1.0\n"
            "a[i[:2] % 3] = 1.0\n"
            "assert (g.get() == a).all()\n"
            "try:\n    g[cunp.asarray([3])]\nexcept IndexError as e:\n"
            "    assert 'index 3 is out of bounds for axis 0 with size 3' in str(e)\n"
            "else:\n    raise AssertionError\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
