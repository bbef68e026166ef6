# tests/python/test_products_einsum.py -- einsum against NumPy on the GPU: contractions,
# sums in the operands' dtypes, out= checks and errors.
"""einsum against NumPy: explicit and implicit outputs, '...', repeated indices (diagonals),
sums, outer products, chains of three and more operands, the sublist form, dtype= and out=,
and NumPy's errors. Layouts may differ from NumPy's (contiguous_check off); values may not.
Tolerances as in test_products_matmul.py.
"""

import numpy
import pytest

import cunp
from cunp import testing

import einsum_cases

pytestmark = pytest.mark.gpu

RTOL = {numpy.float16: 5e-3, numpy.float32: 1e-5, numpy.complex64: 1e-5, 'default': 1e-11}

CASES = einsum_cases.CASES + [
    ('ij->i', [(2, 3)]),
    ('i,i', [(4,), (4,)]),
    ('i,j', [(3,), (4,)]),
    ('ij,ij->', [(2, 3), (2, 3)]),
    ('...i->...', [(3, 2, 4)]),
    (',', [(), ()]),
    ('ij,jk->ik', [(2, 0), (0, 3)]),
    ('bij,bij->b', [(3, 2, 5), (3, 2, 5)]),
    ('bi,bj->bij', [(3, 2), (3, 4)]),
    ('bi,bi->bi', [(0, 3), (0, 3)]),
    ('bk,bk->b', [(3, 0), (3, 0)]),      # empty sum: zeros
]


@pytest.mark.parametrize('subscripts,shapes', CASES)
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex128, numpy.int32, numpy.bool_])
@testing.numpy_cunp_allclose(rtol=RTOL, contiguous_check=False)
def test_einsum(xp, dtype, subscripts, shapes):
    ops = [testing.shaped_random(s, xp, dtype, scale=4, seed=i) for i, s in enumerate(shapes)]
    return xp.einsum(subscripts, *ops)


@pytest.mark.parametrize('subscripts,shapes', CASES[:6])
@testing.for_dtypes([numpy.float16, numpy.complex64, numpy.int8, numpy.uint16])
@testing.numpy_cunp_allclose(rtol=RTOL, contiguous_check=False)
def test_einsum_more_dtypes(xp, dtype, subscripts, shapes):
    ops = [testing.shaped_random(s, xp, dtype, scale=3, seed=i) for i, s in enumerate(shapes)]
    return xp.einsum(subscripts, *ops)


# Labels summed within one operand go to cunp.sum in that operand's own dtype, as NumPy's
# einsum keeps it: int8 wraps (300 terms of up to 2 exceed 127), bool sums are logical or,
# float16 accumulates wider than float16 on both sides (within RTOL's one final rounding).
REDUCE_CASES = [
    ('ij->i', [(2, 300)]),
    ('ij->', [(40, 30)]),
    ('ij->j', [(300, 2)]),
    ('iij->j', [(3, 3, 2)]),
    ('ii', [(3, 3)]),
    ('ij,jk->i', [(2, 3), (3, 4)]),
]


@pytest.mark.parametrize('subscripts,shapes', REDUCE_CASES)
@testing.for_dtypes([numpy.float16, numpy.complex64, numpy.int8, numpy.uint16, numpy.bool_])
@testing.numpy_cunp_allclose(rtol=RTOL, contiguous_check=False)
def test_einsum_sums_keep_dtype(xp, dtype, subscripts, shapes):
    ops = [testing.shaped_random(s, xp, dtype, scale=3, seed=i) for i, s in enumerate(shapes)]
    return xp.einsum(subscripts, *ops)


@testing.numpy_cunp_allclose(rtol=1e-6, contiguous_check=False)
def test_einsum_mixed_dtypes_and_strided(xp):
    a = testing.shaped_random((4, 6), xp, numpy.float32, seed=1)[:, ::2]
    b = testing.shaped_random((3, 5), xp, numpy.float64, seed=2).T[::-1]
    return xp.einsum('ij,kj->ik', a, b)


@testing.numpy_cunp_allclose(rtol=1e-6, contiguous_check=False)
def test_einsum_sublist_form(xp):
    a = testing.shaped_random((2, 3), xp, numpy.float64, seed=3)
    b = testing.shaped_random((3,), xp, numpy.float64, seed=4)
    return xp.einsum(a, [0, 1], b, [1], [0]), xp.einsum(a, [Ellipsis, 1], b, [1])


@testing.numpy_cunp_allclose(rtol=1e-6, contiguous_check=False)
def test_einsum_dtype_out_optimize(xp):
    a = testing.shaped_random((2, 3), xp, numpy.float32, seed=5)
    b = testing.shaped_random((3, 4), xp, numpy.float32, seed=6)
    out = xp.zeros((2, 4), dtype=numpy.float64)
    r = xp.einsum('ij,jk->ik', a, b, out=out)
    assert r is out
    return (xp.einsum('ij,jk->ik', a, b, dtype=numpy.float64),
            xp.einsum('ij,jk->ik', a, b, optimize=True),
            xp.einsum('ij,jk->ik', a, b, optimize='greedy'), out)


def test_einsum_diagonal_is_a_view():
    a = cunp.zeros((3, 3))
    d = cunp.einsum('ii->i', a)
    d[...] = 1
    numpy.testing.assert_array_equal(cunp.asnumpy(a), numpy.eye(3))


def test_einsum_batched_matmul_matches_matmul():
    a = testing.shaped_random((8, 32, 16), cunp, numpy.float32, seed=7)
    b = testing.shaped_random((8, 16, 24), cunp, numpy.float32, seed=8)
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.einsum('bij,bjk->bik', a, b)),
                                     cunp.asnumpy(a @ b))


@pytest.mark.parametrize('f', [
    lambda xp: xp.einsum('ij,jk', xp.ones((2, 3)), xp.ones((2, 3))),
    lambda xp: xp.einsum('ij,jk,k', xp.ones((2, 3)), xp.ones((3, 3))),
    lambda xp: xp.einsum('i', xp.ones(2), xp.ones(2)),
    lambda xp: xp.einsum('ij->k', xp.ones((2, 3))),
    lambda xp: xp.einsum('ij->ii', xp.ones((2, 3))),
    lambda xp: xp.einsum('i1', xp.ones((2, 3))),
    lambda xp: xp.einsum('ij', xp.ones((2, 3, 4))),
    lambda xp: xp.einsum('ijk', xp.ones((2, 3))),
    lambda xp: xp.einsum('ii', xp.ones((2, 3))),
    lambda xp: xp.einsum('i,i', xp.ones(3), xp.ones(3), dtype=numpy.float32),
    # out= is checked as NumPy's iterator does: exact shape, 'safe' casting, an array.
    lambda xp: xp.einsum('ij,j->i', xp.ones((2, 3)), xp.ones(3), out=xp.zeros(2, dtype=int)),
    lambda xp: xp.einsum('ij,j->i', xp.ones((2, 3)), xp.ones(3),
                         out=xp.zeros(2, dtype=numpy.float32)),
    lambda xp: xp.einsum('ij,j->i', xp.ones((2, 3)), xp.ones(3), out=xp.zeros(3)),
    lambda xp: xp.einsum('ij,j->i', xp.ones((2, 3)), xp.ones(3), out=xp.zeros((4, 2))),
    lambda xp: xp.einsum('ij,j->i', xp.ones((2, 3)), xp.ones(3), out=[0.0, 0.0]),
])
@testing.numpy_cunp_raises()
def test_einsum_errors(xp, f):
    return f(xp)
