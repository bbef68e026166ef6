# tests/python/linalg/test_products_matmul.py -- matmul, @ and @=: the exported product names, the TF32
# switch and argument errors raised before any device work (no GPU), then against NumPy on the
# GPU, errors compared by their public exception class.
"""matmul, @ and @= against NumPy: every dtype, 1-D promotion, broadcast batches, transposed
and strided operands, empty dimensions, out=/dtype=/casting=, and NumPy's errors (those that need
no device data are checked without a GPU).

Tolerances: float and complex products are sums of k terms; with inputs in [0, 10) (no
cancellation) the relative error of a float32 sum is below k * 2**-24 ~ 6e-8 * k, so rtol 1e-5
covers k up to ~100 and the long-k test uses 1e-5 * sqrt(k) (errors grow like sqrt(k) for
cuBLAS's blocked sums). float16 results are rounded to float16 once (NumPy and cuBLAS both
accumulate in float32), so 1e-3 relative plus one float16 ulp: rtol 2e-3. Integers and bool
compare exactly (both wrap modulo 2**bits).
"""

import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


def test_names_exported():
    for name in ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "trace",
                 "cross", "vecdot", "matvec", "vecmat", "einsum"]:
        assert callable(getattr(cunp, name)), name
    for name in ["matmul", "multi_dot", "tensordot", "vecdot", "outer", "cross",
                 "matrix_transpose", "diagonal", "trace", "set_tf32", "get_tf32"]:
        assert callable(getattr(cunp.linalg, name)), name
    for name in ["__matmul__", "__rmatmul__", "__imatmul__", "dot", "trace"]:
        assert hasattr(cunp.ndarray, name), name


def test_tf32_switch_defaults_off(monkeypatch):
    import os
    if os.environ.get("CUNP_ALLOW_TF32"):
        pytest.skip("CUNP_ALLOW_TF32 is set")
    assert cunp.linalg.get_tf32() is False
    cunp.linalg.set_tf32(True)
    try:
        assert cunp.linalg.get_tf32() is True
    finally:
        cunp.linalg.set_tf32(False)
    assert cunp.linalg.get_tf32() is False


@pytest.mark.parametrize("a,b,index", [(1, 2, 0), (2.5, 1j, 0)])
def test_scalar_operands_are_zero_dimensional(a, b, index):
    with pytest.raises(ValueError, match=f"Input operand {index} does not have enough dimensions"):
        cunp.matmul(a, b)


def test_bad_arguments():
    with pytest.raises(ValueError):
        cunp.matmul(1, 2, casting="bogus")
    with pytest.raises(TypeError):
        cunp.matmul(object(), object())
    with pytest.raises(ValueError):
        cunp.matmul(1, 2, out=(None, None))


# --- on the GPU ---

RTOL = {numpy.float16: 2e-3, numpy.float32: 1e-5, numpy.complex64: 1e-5, 'default': 1e-11}

SHAPES = [
    ((3,), (3,)),
    ((2, 3), (3,)),
    ((3,), (3, 4)),
    ((2, 3), (3, 4)),
    ((1, 3), (3, 1)),
    ((5, 2, 3), (3, 4)),
    ((2, 3), (5, 3, 4)),
    ((3,), (5, 3, 4)),
    ((5, 2, 3), (3,)),
    ((2, 1, 2, 3), (5, 3, 4)),   # batch broadcast on both sides
    ((4, 1, 2, 3), (1, 6, 3, 2)),
    ((7, 16, 17), (7, 17, 33)),  # tile edges of the integer kernel
    ((0, 3), (3, 4)),
    ((2, 3), (3, 0)),
    ((2, 0), (0, 4)),            # k = 0: zeros
    ((0,), (0,)),
    ((0, 2, 3), (3, 4)),
    ((3, 0, 2), (3, 2, 5)),
]


@gpu
@pytest.mark.parametrize('sa,sb', SHAPES)
@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_matmul_shapes(xp, dtype, sa, sb):
    a = testing.shaped_random(sa, xp, dtype, scale=4, seed=1)
    b = testing.shaped_random(sb, xp, dtype, scale=4, seed=2)
    return xp.matmul(a, b)


@gpu
@pytest.mark.parametrize('sa,sb', SHAPES[:8])
@testing.for_dtypes([numpy.float32, numpy.complex128, numpy.int32, numpy.bool_])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_matmul_operator(xp, dtype, sa, sb):
    a = testing.shaped_random(sa, xp, dtype, seed=3)
    b = testing.shaped_random(sb, xp, dtype, seed=4)
    return a @ b


def _layout(xp, dtype, shape, kind, seed):
    """A matrix (stack) of `shape` in one of several memory layouts."""
    if kind == 'C':
        return testing.shaped_random(shape, xp, dtype, seed=seed)
    if kind == 'T':      # transposed view: unit stride down the columns
        t = testing.shaped_random(shape[:-2] + (shape[-1], shape[-2]), xp, dtype, seed=seed)
        return t.swapaxes(-1, -2)
    if kind == 'F':
        return xp.asfortranarray(testing.shaped_random(shape, xp, dtype, seed=seed))
    if kind == 'cols':   # every other column: no unit stride -> copied
        big = testing.shaped_random(shape[:-1] + (shape[-1] * 2,), xp, dtype, seed=seed)
        return big[..., ::2]
    if kind == 'rows':   # every other row: unit stride, row stride > cols (ld > m)
        big = testing.shaped_random(shape[:-2] + (shape[-2] * 2, shape[-1]), xp, dtype, seed=seed)
        return big[..., ::2, :]
    if kind == 'neg':    # reversed rows: negative stride -> copied
        return testing.shaped_random(shape, xp, dtype, seed=seed)[..., ::-1, :]
    if kind == 'bcast':  # one matrix broadcast over the batch (batch stride 0)
        m = testing.shaped_random(shape[-2:], xp, dtype, seed=seed)
        return xp.broadcast_to(m, shape)
    raise AssertionError(kind)


LAYOUT_KINDS = ['C', 'T', 'F', 'cols', 'rows', 'neg', 'bcast']


@gpu
@pytest.mark.parametrize('ka', LAYOUT_KINDS)
@pytest.mark.parametrize('kb', LAYOUT_KINDS)
@testing.for_dtypes([numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
                     numpy.int64, numpy.uint8])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_matmul_layouts(xp, dtype, ka, kb):
    a = _layout(xp, dtype, (3, 4, 5), ka, 5)
    b = _layout(xp, dtype, (3, 5, 6), kb, 6)
    return xp.matmul(a, b)


@gpu
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_matmul_vector_strided(xp, dtype):
    v = testing.shaped_random((10,), xp, dtype, seed=7)[::2]
    m = testing.shaped_random((5, 4), xp, dtype, seed=8)
    return xp.matmul(v, m), xp.matmul(m.T, v), xp.matmul(v, v)


@gpu
@testing.numpy_cunp_allclose(rtol=1e-5 * 4096 ** 0.5)
def test_matmul_long_k_float32(xp):
    a = testing.shaped_random((8, 4096), xp, numpy.float32, scale=1, seed=9) - 0.5
    b = testing.shaped_random((4096, 8), xp, numpy.float32, scale=1, seed=10)
    return a @ b


@gpu
@testing.numpy_cunp_allclose(rtol=1e-5 * 300 ** 0.5)
def test_matmul_large_float32_not_tf32(xp):
    # Values with many mantissa bits: TF32 (10-bit) products would miss rtol by far.
    a = testing.shaped_random((300, 300), xp, numpy.float32, scale=1, seed=11) + 1 / 3
    b = testing.shaped_random((300, 300), xp, numpy.float32, scale=1, seed=12) + 1 / 7
    return a @ b


@gpu
def test_tf32_switch():
    assert cunp.linalg.get_tf32() is False
    a = testing.shaped_random((64, 64), cunp, numpy.float32, scale=1, seed=13)
    ref = numpy.matmul(cunp.asnumpy(a).astype(numpy.float64), cunp.asnumpy(a).astype(numpy.float64))
    cunp.linalg.set_tf32(True)
    try:
        assert cunp.linalg.get_tf32() is True
        r = cunp.asnumpy(a @ a)
        numpy.testing.assert_allclose(r, ref, rtol=1e-2)
    finally:
        cunp.linalg.set_tf32(False)
    numpy.testing.assert_allclose(cunp.asnumpy(a @ a), ref, rtol=1e-5)


@gpu
@pytest.mark.parametrize('da,db', [
    (numpy.int8, numpy.uint8), (numpy.float16, numpy.int8), (numpy.float32, numpy.float64),
    (numpy.int32, numpy.float32), (numpy.bool_, numpy.int16), (numpy.complex64, numpy.float64),
    (numpy.uint64, numpy.int64),
])
@testing.numpy_cunp_allclose(rtol=1e-5)
def test_matmul_mixed_dtypes(xp, da, db):
    a = testing.shaped_random((3, 4), xp, da, scale=3, seed=14)
    b = testing.shaped_random((4, 2), xp, db, scale=3, seed=15)
    return xp.matmul(a, b)


@gpu
@testing.numpy_cunp_array_equal()
def test_matmul_int_wraps(xp):
    a = xp.full((2, 40), 100, dtype=numpy.int8)
    b = xp.full((40, 2), 3, dtype=numpy.int8)
    return a @ b


@gpu
@testing.numpy_cunp_array_equal()
def test_matmul_bool_is_or_of_ands(xp):
    a = xp.asarray([[True, False], [False, False]])
    b = xp.asarray([[False, True], [True, True]])
    return a @ b, a @ a, b @ b


@gpu
@testing.numpy_cunp_allclose(rtol=1e-6)
def test_matmul_out(xp):
    a = testing.shaped_random((2, 3, 4), xp, numpy.float64, seed=16)
    b = testing.shaped_random((4, 5), xp, numpy.float64, seed=17)
    out = xp.zeros((2, 3, 5))
    r = xp.matmul(a, b, out=out)
    assert r is out
    out32 = xp.zeros((2, 3, 5), dtype=numpy.float32)   # same_kind cast on the way out
    xp.matmul(a, b, out=out32)
    outF = xp.zeros((2, 3, 5), order='F')
    xp.matmul(a, b, out=(outF,))
    big = xp.zeros((4, 2, 3, 5))                       # out's extra batch axis
    xp.matmul(a, b, out=big)
    return out, out32, outF, big


@gpu
@testing.numpy_cunp_allclose(rtol=1e-6)
def test_matmul_out_overlaps_input(xp):
    a = testing.shaped_random((4, 4), xp, numpy.float64, seed=18)
    b = testing.shaped_random((4, 4), xp, numpy.float64, seed=19)
    xp.matmul(a, b, out=a)
    return a


@gpu
@testing.numpy_cunp_allclose(rtol=1e-5)
def test_matmul_dtype_argument(xp):
    a = testing.shaped_random((3, 4), xp, numpy.int32, seed=20)
    b = testing.shaped_random((4, 2), xp, numpy.int32, seed=21)
    return xp.matmul(a, b, dtype=numpy.float32), xp.matmul(a, b, dtype=numpy.float64)


@gpu
@testing.numpy_cunp_allclose(rtol=1e-6)
def test_matmul_lists(xp):
    a = testing.shaped_random((2, 2), xp, numpy.float64, seed=22)
    return [[1.0, 2.0], [3.0, 4.0]] @ a, a @ [1.0, 2.0], xp.matmul([[1, 2]], [[3], [4]])


@gpu
@pytest.mark.parametrize('sa,sb', [((3, 3), (3, 3)), ((2, 3), (3, 3)), ((3,), (3, 3)),
                                   ((4, 2, 3), (3, 3)), ((4, 2, 3), (4, 3, 3))])
@testing.numpy_cunp_allclose(rtol=1e-6)
def test_imatmul(xp, sa, sb):
    a = testing.shaped_random(sa, xp, numpy.float64, seed=23)
    b = testing.shaped_random(sb, xp, numpy.float64, seed=24)
    keep = a
    a @= b
    assert a is keep
    return a


@gpu
@testing.numpy_cunp_allclose(rtol=1e-5)
def test_imatmul_same_kind_cast(xp):
    a = testing.shaped_random((2, 3), xp, numpy.float32, seed=25)
    a @= testing.shaped_random((3, 3), xp, numpy.float64, seed=26)
    return a


def _imatmul(a, b):
    a @= b
    return a


@gpu
@pytest.mark.parametrize('f', [
    lambda xp: xp.matmul(xp.ones(()), xp.ones(3)),
    lambda xp: xp.matmul(xp.ones(3), xp.ones(())),
    lambda xp: xp.ones((2, 3)) @ 2,
    lambda xp: 2 @ xp.ones((2, 3)),
    lambda xp: xp.ones((2, 3)) @ xp.ones((2, 2)),
    lambda xp: xp.ones(3) @ xp.ones(2),
    lambda xp: xp.ones((2, 3, 4)) @ xp.ones((3, 4, 5)),
    lambda xp: xp.matmul(xp.ones((2, 3)), xp.ones((3, 2)), out=xp.ones((3, 3))),
    lambda xp: xp.matmul(xp.ones((2, 3)), xp.ones((3, 2)), out=xp.ones((2, 2), dtype=int)),
    lambda xp: xp.matmul(xp.ones((2, 3)), xp.ones((3, 2)), dtype=numpy.int32),
    lambda xp: xp.matmul(xp.ones((2, 3)), xp.ones((3, 2)), casting='no', dtype=numpy.float32),
    lambda xp: _imatmul(xp.ones((2, 3)), xp.ones((3, 2))),
    lambda xp: _imatmul(xp.ones((2, 3)), xp.ones(3)),
    lambda xp: _imatmul(xp.ones((2, 3), dtype=int), xp.ones((3, 3))),
    lambda xp: _imatmul(xp.ones((2, 3)), xp.ones((4, 3, 3))),
])
def test_matmul_errors(f):
    # NumPy raises private subclasses for casting failures (numpy._core._exceptions'
    # _UFuncInputCastingError, a UFuncTypeError, a TypeError) that cunp cannot raise, so
    # cunp must match the first public class (builtins or numpy.exceptions) in their MRO.
    with pytest.raises(Exception) as np_info:
        f(numpy)
    public = next(t for t in type(np_info.value).__mro__
                  if t.__module__ in ('builtins', 'numpy.exceptions'))
    with pytest.raises(public):
        f(cunp)


@gpu
def test_matmul_error_messages():
    with pytest.raises(ValueError, match=r'size 2 is different from 3'):
        cunp.ones((2, 3)) @ cunp.ones((2, 2))
    with pytest.raises(ValueError, match='does not have enough dimensions'):
        cunp.matmul(cunp.ones(()), cunp.ones(3))
    with pytest.raises(TypeError, match="Cannot cast ufunc 'matmul' output"):
        cunp.matmul(cunp.ones((2, 3)), cunp.ones((3, 2)), out=cunp.ones((2, 2), dtype=int))


@gpu
def test_matmul_stream_and_no_sync():
    # Work goes to the current stream: a product on a new stream is ready after its sync.
    s = cunp.cuda.Stream()
    a = testing.shaped_random((64, 64), cunp, numpy.float64, seed=27)
    with s:
        r = a @ a
        s.synchronize()
    h = cunp.asnumpy(a)
    numpy.testing.assert_allclose(cunp.asnumpy(r), h @ h, rtol=1e-12)
