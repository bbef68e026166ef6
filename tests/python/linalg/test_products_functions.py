# tests/python/linalg/test_products_functions.py -- dot, vdot, inner, outer, tensordot, kron, trace,
# cross, vecdot/matvec/vecmat and numpy.linalg's product helpers against NumPy on the GPU.
"""dot, vdot, inner, outer, tensordot, kron, trace, cross, vecdot, matvec, vecmat and the
numpy.linalg product helpers against NumPy.

Tolerances as in test_products_matmul.py: float32/complex64 sums of a few non-negative terms
are within 1e-5 relative; float16 within 2e-3 (one rounding of a float32 sum); integers exact.
"""

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

RTOL = {numpy.float16: 2e-3, numpy.float32: 1e-5, numpy.complex64: 1e-5, 'default': 1e-11}


def rnd(xp, shape, dtype, seed):
    return testing.shaped_random(shape, xp, dtype, scale=4, seed=seed)


# -- dot ------------------------------------------------------------------------------------

DOT_SHAPES = [((), ()), ((), (3,)), ((2, 3), ()), ((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)),
              ((2, 3), (3, 4)), ((2, 2, 3), (3,)), ((2, 2, 3), (3, 4)), ((2, 3), (5, 3, 4)),
              ((2, 1, 3), (2, 3, 2)), ((0, 3), (3, 2)), ((2, 0), (0, 3))]


@pytest.mark.parametrize('sa,sb', DOT_SHAPES)
@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_dot(xp, dtype, sa, sb):
    return xp.dot(rnd(xp, sa, dtype, 1), rnd(xp, sb, dtype, 2))


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_dot_method_and_out(xp):
    a, b = rnd(xp, (2, 3), numpy.float64, 3), rnd(xp, (3, 4), numpy.float64, 4)
    out = xp.empty((2, 4))
    r = xp.dot(a, b, out=out)
    assert r is out
    return a.dot(b), out


@pytest.mark.parametrize('f', [
    lambda xp: xp.dot(xp.ones((2, 3)), xp.ones((2, 3))),
    lambda xp: xp.dot(xp.ones(3), xp.ones(2)),
    lambda xp: xp.dot(xp.ones((2, 3)), xp.ones((3, 2)), out=xp.ones((2, 2), dtype=numpy.float32)),
])
@testing.numpy_cunp_raises()
def test_dot_errors(xp, f):
    return f(xp)


# -- vdot, inner, outer ---------------------------------------------------------------------

@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_vdot(xp, dtype):
    a, b = rnd(xp, (2, 3), dtype, 5), rnd(xp, (3, 2), dtype, 6)
    r = xp.vdot(a, b)
    return xp.asarray(r) if xp is cunp else numpy.asarray(r)


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_vdot_conjugates_first(xp):
    a = xp.asarray([1 + 2j, 3 - 1j])
    b = xp.asarray([2 - 1j, 1j])
    return xp.asarray(xp.vdot(a, b)), xp.asarray(xp.vdot(b, a))


@testing.numpy_cunp_raises()
def test_vdot_size_mismatch(xp):
    return xp.vdot(xp.ones(3), xp.ones(2))


@pytest.mark.parametrize('sa,sb', [((), (3,)), ((3,), (3,)), ((2, 3), (4, 3)), ((2, 2, 3), (3,)),
                                   ((3,), (2, 4, 3))])
@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_inner(xp, dtype, sa, sb):
    return xp.inner(rnd(xp, sa, dtype, 7), rnd(xp, sb, dtype, 8))


@testing.numpy_cunp_raises()
def test_inner_mismatch(xp):
    return xp.inner(xp.ones((2, 3)), xp.ones((2, 4)))


@pytest.mark.parametrize('sa,sb', [((3,), (4,)), ((2, 3), (4,)), ((), (2,)), ((0,), (3,))])
@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_outer(xp, dtype, sa, sb):
    return xp.outer(rnd(xp, sa, dtype, 9), rnd(xp, sb, dtype, 10))


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_outer_out(xp):
    out = xp.zeros((3, 4))
    r = xp.outer(xp.arange(3.0), xp.arange(4.0), out=out)
    assert r is out
    return out


# -- tensordot, kron ------------------------------------------------------------------------

@pytest.mark.parametrize('sa,sb,axes', [
    ((3, 4, 5), (4, 5, 6), 2), ((3, 4), (4, 5), 1), ((2, 3), (4, 5), 0),
    ((3, 4, 5), (5, 4, 6), ([1, 2], [1, 0])), ((3, 4), (3, 4), ([0, 1], [0, 1])),
    ((2, 3, 4), (3, 2), ([-3, 1], [1, 0])), ((3, 4), (4, 3), (1, 0)), ((2, 0), (0, 3), 1),
])
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex128, numpy.int32, numpy.bool_])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_tensordot(xp, dtype, sa, sb, axes):
    return xp.tensordot(rnd(xp, sa, dtype, 11), rnd(xp, sb, dtype, 12), axes=axes)


@pytest.mark.parametrize('axes', [([0], [1]), ([0, 1], [1]), ([5], [0])])
@testing.numpy_cunp_raises()
def test_tensordot_errors(xp, axes):
    return xp.tensordot(xp.ones((2, 3)), xp.ones((2, 3)), axes=axes)


@pytest.mark.parametrize('sa,sb', [((2, 3), (4,)), ((2,), (3,)), ((2, 2), (3, 3)), ((), (2,)),
                                   ((2, 1, 3), (2, 2)), ((0, 2), (3, 1))])
@testing.for_dtypes([numpy.float32, numpy.complex64, numpy.int16, numpy.bool_])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_kron(xp, dtype, sa, sb):
    return xp.kron(rnd(xp, sa, dtype, 13), rnd(xp, sb, dtype, 14))


# -- trace ----------------------------------------------------------------------------------

@pytest.mark.parametrize('shape,offset,a1,a2', [
    ((3, 3), 0, 0, 1), ((3, 4), 1, 0, 1), ((4, 3), -1, 0, 1), ((2, 3, 4), 0, 1, 2),
    ((2, 3, 4), 1, 0, 2), ((3, 3), 5, 0, 1), ((0, 0), 0, 0, 1), ((2, 3, 3), 0, -1, -2),
])
@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_trace(xp, dtype, shape, offset, a1, a2):
    a = rnd(xp, shape, dtype, 15)
    return xp.trace(a, offset, a1, a2), a.trace(offset, a1, a2)


@testing.numpy_cunp_allclose(rtol=1e-6)
def test_trace_dtype_out(xp):
    a = rnd(xp, (3, 3), numpy.int8, 16)
    out = xp.zeros((), dtype=numpy.float32)
    xp.trace(a, out=out)
    return xp.trace(a, dtype=numpy.float64), xp.trace(a, dtype=numpy.int8), out


@testing.numpy_cunp_raises()
def test_trace_1d(xp):
    return xp.trace(xp.ones(3))


# -- cross ----------------------------------------------------------------------------------

@pytest.mark.parametrize('sa,sb,kw', [
    ((3,), (3,), {}), ((4, 3), (3,), {}), ((3, 4), (3, 4), {'axis': 0}),
    ((3, 4), (4, 3), {'axisa': 0}), ((2, 3), (3, 2), {'axisb': 0, 'axisc': 0}),
    ((2, 1, 3), (4, 3), {}), ((0, 3), (1, 3), {}), ((3, 5), (2, 1, 3), {'axisa': 0, 'axisc': 1}),
])
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex64, numpy.int64])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_cross(xp, dtype, sa, sb, kw):
    return xp.cross(rnd(xp, sa, dtype, 17), rnd(xp, sb, dtype, 18), **kw)


@pytest.mark.parametrize('sa,sb,kw', [((4,), (3,), {}), ((3,), (1,), {}), ((), (3,), {}),
                                      ((3,), (3,), {'axisc': 1}), ((3,), (3,), {'axisa': 1})])
@testing.numpy_cunp_raises()
def test_cross_errors(xp, sa, sb, kw):
    return xp.cross(xp.ones(sa), xp.ones(sb), **kw)


# NumPy 2.0 deprecated 2-vectors in cross and 2.5 removed them (ValueError); cunp follows 2.5.
# NumPy 2.0-2.4 still warn and compute, so these check cunp alone instead of comparing with
# whichever NumPy is installed.
@pytest.mark.parametrize('sa,sb', [((2,), (3,)), ((3,), (2,)), ((2,), (2,)), ((5, 2), (5, 2))])
def test_cross_two_vectors_removed(sa, sb):
    with pytest.raises(ValueError, match=rf'but they are {sa[-1]} and {sb[-1]} dimensional'):
        cunp.cross(cunp.ones(sa), cunp.ones(sb))


# -- vecdot, matvec, vecmat -----------------------------------------------------------------

@pytest.mark.parametrize('sa,sb,axis', [((3,), (3,), -1), ((2, 3), (3,), -1), ((4, 1, 3), (2, 3), -1),
                                        ((3, 2), (3, 2), 0), ((0, 3), (3,), -1)])
@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_vecdot(xp, dtype, sa, sb, axis):
    return xp.vecdot(rnd(xp, sa, dtype, 19), rnd(xp, sb, dtype, 20), axis=axis)


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_vecdot_conjugates_first(xp):
    a = xp.asarray([[1 + 2j, 3 - 1j]])
    b = xp.asarray([2 - 1j, 1j])
    return xp.vecdot(a, b), xp.linalg.vecdot(a, b)


@pytest.mark.parametrize('axis', [-1, 0, None])
def test_linalg_vecdot_checks_operands_before_axis(axis):
    # NumPy's gufunc refuses a 0-d operand (ValueError) before it reads axis (None: TypeError).
    for xp in (numpy, cunp):
        with pytest.raises(ValueError, match='Input operand 1 does not have enough dimensions'):
            xp.linalg.vecdot(xp.ones(3), xp.asarray(2.0), axis=axis)
    for xp in (numpy, cunp):
        with pytest.raises(TypeError if axis is None else ValueError):
            xp.linalg.vecdot(xp.ones(3), xp.ones(2), axis=axis)


@pytest.mark.parametrize('sa,sb', [((2, 3), (3,)), ((4, 2, 3), (3,)), ((2, 3), (5, 3)),
                                   ((0, 3), (3,))])
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex128, numpy.int32])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_matvec(xp, dtype, sa, sb):
    return xp.matvec(rnd(xp, sa, dtype, 21), rnd(xp, sb, dtype, 22))


@pytest.mark.parametrize('sa,sb', [((3,), (3, 2)), ((3,), (4, 3, 2)), ((5, 3), (3, 2))])
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex128, numpy.int32])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_vecmat(xp, dtype, sa, sb):
    return xp.vecmat(rnd(xp, sa, dtype, 23), rnd(xp, sb, dtype, 24))


@pytest.mark.parametrize('f', [
    lambda xp: xp.vecdot(xp.ones(3), xp.ones(2)),
    lambda xp: xp.vecdot(xp.ones(()), xp.ones(2)),
    lambda xp: xp.matvec(xp.ones((2, 3)), xp.ones(2)),
    lambda xp: xp.matvec(xp.ones(3), xp.ones(3)),
    lambda xp: xp.vecmat(xp.ones(3), xp.ones((2, 3))),
])
@testing.numpy_cunp_raises()
def test_gufunc_errors(xp, f):
    return f(xp)


# -- numpy.linalg helpers -------------------------------------------------------------------

@pytest.mark.parametrize('shapes', [
    [(3, 4), (4, 5), (5, 2)], [(4,), (4, 5), (5, 2)], [(3, 4), (4, 5), (5,)],
    [(4,), (4, 5), (5,)], [(10, 2), (2, 30), (30, 3), (3, 40)], [(2, 3), (3, 4)],
])
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex64])
@testing.numpy_cunp_allclose(rtol=RTOL)
def test_multi_dot(xp, dtype, shapes):
    return xp.linalg.multi_dot([rnd(xp, s, dtype, 25 + i) for i, s in enumerate(shapes)])


@pytest.mark.parametrize('shapes', [[(2, 2)], [(2, 2), (2, 2, 2), (2,)], [(2, 3), (2, 3), (3,)]])
@testing.numpy_cunp_raises()
def test_multi_dot_errors(xp, shapes):
    return xp.linalg.multi_dot([xp.ones(s) for s in shapes])


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_linalg_helpers(xp):
    a = rnd(xp, (2, 3, 4), numpy.float64, 31)
    b = rnd(xp, (2, 4, 3), numpy.float64, 32)
    v, w = rnd(xp, (3,), numpy.float64, 33), rnd(xp, (4,), numpy.float64, 34)
    return (xp.linalg.matmul(a, b), xp.linalg.tensordot(a, b[0], axes=1),
            xp.linalg.tensordot(a, b, axes=([1, 2], [2, 1])), xp.linalg.outer(v, w),
            xp.linalg.cross(v, v[::-1]), xp.linalg.matrix_transpose(a),
            xp.linalg.diagonal(a, offset=1), xp.linalg.trace(b), xp.linalg.trace(b, offset=-1),
            xp.linalg.vecdot(a, a, axis=1))


@pytest.mark.parametrize('f', [
    lambda xp: xp.linalg.outer(xp.ones((2, 2)), xp.ones(3)),
    lambda xp: xp.linalg.cross(xp.ones(2), xp.ones(3)),
    lambda xp: xp.linalg.cross(xp.ones(()), xp.ones(3)),
    lambda xp: xp.linalg.cross(xp.ones(3), xp.ones(3), axis=1),
    lambda xp: xp.linalg.matrix_transpose(xp.ones(2)),
])
@testing.numpy_cunp_raises()
def test_linalg_helper_errors(xp, f):
    return f(xp)


# -- out= of the gufunc-like products ---------------------------------------------------------

def _raises_like_numpy(f):
    # NumPy raises private subclasses for casting failures (UFuncTypeError and its children in
    # numpy._core._exceptions) that cunp cannot raise, so cunp must match the first public
    # class (builtins or numpy.exceptions) in their MRO.
    with pytest.raises(Exception) as np_info:
        f(numpy)
    public = next(t for t in type(np_info.value).__mro__
                  if t.__module__ in ('builtins', 'numpy.exceptions'))
    with pytest.raises(public):
        f(cunp)


@pytest.mark.parametrize('f', [
    lambda xp: xp.vecdot(xp.ones((2, 3)), xp.ones(3), out=xp.zeros(2, dtype=numpy.int64)),
    lambda xp: xp.vecdot(xp.ones((2, 3)), xp.ones(3), out=xp.zeros(1)),
    lambda xp: xp.vecdot(xp.ones((2, 3)), xp.ones(3), dtype=numpy.int64),
    lambda xp: xp.matvec(xp.ones((2, 3)), xp.ones(3), out=xp.zeros(2, dtype=numpy.int64)),
    lambda xp: xp.vecmat(xp.ones(3), xp.ones((3, 3)), out=xp.zeros(4)),
    lambda xp: xp.vecmat(xp.ones(3), xp.ones((3, 3)), out=xp.zeros(3, dtype=numpy.bool_)),
    lambda xp: xp.linalg.multi_dot([xp.ones((2, 3)), xp.ones((3, 3)), xp.ones((3, 3))],
                                   out=xp.zeros((2, 3), dtype=numpy.float32)),
    lambda xp: xp.linalg.multi_dot([xp.ones((2, 3)), xp.ones((3, 3)), xp.ones((3, 3))],
                                   out=xp.zeros((3, 2))),
])
def test_out_errors(f):
    _raises_like_numpy(f)


@testing.numpy_cunp_allclose(rtol=1e-6)
def test_gufunc_out_casts_and_broadcasts(xp):
    # A gufunc's out may be any 'same_kind' dtype, and its loop dimensions may broadcast the
    # result (every row of o2 gets the same vector).
    a, b = rnd(xp, (2, 3), numpy.float64, 41), rnd(xp, (3,), numpy.float64, 42)
    o1 = xp.zeros(2, dtype=numpy.float32)
    o2 = xp.zeros((4, 2))
    assert xp.vecdot(a, b, out=o1) is o1
    assert xp.matvec(a, b, out=o2) is o2
    o3 = xp.zeros((3, 3))
    assert xp.linalg.multi_dot([a.T, a, xp.eye(3)], out=o3) is o3
    return o1, o2, o3
