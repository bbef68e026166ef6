# tests/python/linalg/test_products_einsum.py -- einsum: the core's plans replayed with NumPy's
# functions against numpy.einsum, paths against numpy.einsum_path and the errors raised before
# any device work (no GPU); then against NumPy on the GPU: contractions, sums in the operands'
# dtypes, out= checks and errors.
"""The core builds einsum's plan from shapes and dtypes alone (_core.einsum.plan shows it), so a
plan replayed with NumPy's functions must give numpy.einsum's values: this checks the planning
(labels, diagonals, transposes, broadcasts, reshapes, sums, products, the order of contractions,
each step's dtype) on the CPU. einsum_path must return NumPy's path for 'greedy' and 'optimal',
with and without a memory cap.

On the GPU: explicit and implicit outputs, '...', repeated indices (diagonals), sums, outer
products, chains of three and more operands, the sublist form, dtype= and out=, and NumPy's
errors. Layouts may differ from NumPy's (contiguous_check off); values may not. Tolerances as in
test_products_matmul.py.
"""

import random

import numpy
import pytest

import cunp
from cunp import _core
from cunp import testing
import einsum_cases

gpu = pytest.mark.gpu


PLAN_CASES = einsum_cases.CASES + [
    ('ea,fb,abcd,gc,hd->efgh', [(3, 4), (2, 5), (4, 5, 6, 3), (2, 6), (4, 3)]),
    ('abc,cd,de,ef->abf', [(2, 3, 4), (4, 5), (5, 6), (6, 2)]),
    ('ij,jk,kl,lm,mn->in', [(4, 10), (10, 3), (3, 9), (9, 2), (2, 7)]),
    ('iij,jk,kl->il', [(3, 3, 4), (4, 5), (5, 2)]),
]

# Each kind of plan step as NumPy computes it.
_STEPS = {
    "diagonal": lambda x, axes, shape: x.diagonal(0, axes[0], axes[1]),
    "transpose": lambda x, axes, shape: x.transpose(axes),
    "reshape": lambda x, axes, shape: x.reshape(shape),
    "broadcast_to": lambda x, axes, shape: numpy.broadcast_to(x, shape),
    "sum": lambda x, axes, shape: x.sum(axis=axes, dtype=x.dtype),
    "multiply": lambda x, y, axes, shape: numpy.multiply(x, y),
    "matmul": lambda x, y, axes, shape: numpy.matmul(x, y),
}


def _plan(subscripts, ops, optimize):
    return _core.einsum.plan(subscripts, [x.shape for x in ops], [x.dtype for x in ops],
                              optimize)


def _replay(subscripts, ops, optimize):
    steps, result, shape, dtype = _plan(subscripts, ops, optimize)
    values = list(ops) + [None] * len(steps)
    for name, ins, out, axes, step_shape, step_dtype in steps:
        v = _STEPS[name](*[values[i] for i in ins], axes, step_shape)
        assert v.shape == step_shape, (name, v.shape, step_shape)
        assert v.dtype == step_dtype, (name, v.dtype, step_dtype)
        values[out] = v
    r = values[result]
    assert r.shape == shape and r.dtype == dtype
    return r


@pytest.mark.parametrize("optimize", [False, True, 'greedy', 'optimal', ('greedy', 10)])
@pytest.mark.parametrize("subscripts,shapes", PLAN_CASES)
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128, numpy.int64])
def test_plan_matches_numpy(subscripts, shapes, optimize, dtype):
    rng = numpy.random.default_rng(len(subscripts))
    ops = [(rng.standard_normal(s) * 3).astype(dtype) for s in shapes]
    if numpy.dtype(dtype).kind == 'c':
        ops = [x + 1j * x[..., ::-1] if x.ndim else x for x in ops]
    want = numpy.einsum(subscripts, *ops)
    got = _replay(subscripts, ops, optimize)
    assert got.shape == want.shape
    assert got.dtype == want.dtype
    numpy.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("subscripts,shapes", PLAN_CASES)
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.float16])
def test_plan_dtypes_match_numpy(subscripts, shapes, dtype):
    # Sums stay in the operand's dtype (bool: or; int8 wraps), as numpy.einsum's do.
    rng = numpy.random.default_rng(len(subscripts))
    ops = [(rng.standard_normal(s) * 2).astype(dtype) for s in shapes]
    assert _replay(subscripts, ops, False).dtype == numpy.einsum(subscripts, *ops).dtype


def test_plan_of_mixed_dtypes_promotes():
    a = numpy.ones((4, 3), numpy.float32)
    b = numpy.ones((5, 3), numpy.float64)
    assert _replay('ij,kj->ik', [a, b], False).dtype == numpy.float64


def test_plan_of_batched_matmul_is_one_matmul():
    steps, result, shape, dtype = _core.einsum.plan('bij,bjk->bik', [(64, 512, 512)] * 2,
                                                     ['float32'] * 2, False)
    assert [s[0] for s in steps] == ['matmul']
    assert steps[0][1] == (0, 1) and steps[0][2] == result
    assert shape == (64, 512, 512) and dtype == numpy.float32


def test_plan_of_views_reads_the_operand():
    steps, result, _, _ = _core.einsum.plan('ii->i', [(3, 3)], ['float64'], False)
    assert [s[0] for s in steps] == ['diagonal'] and steps[0][2] == result
    steps, result, _, _ = _core.einsum.plan('ij', [(2, 3)], ['float64'], False)
    assert steps == [] and result == 0


def test_explicit_path_is_followed():
    rng = numpy.random.default_rng(3)
    ops = [rng.standard_normal(s) for s in [(2, 3), (3, 4), (4, 5)]]
    for path in (['einsum_path', (1, 2), (0, 1)], ['einsum_path', (0, 1), (0, 1)],
                 ['einsum_path', (0, 1, 2)]):
        numpy.testing.assert_allclose(_replay('ij,jk,kl->il', ops, path),
                                      numpy.einsum('ij,jk,kl->il', *ops), rtol=1e-12)
    with pytest.raises(RuntimeError, match="Invalid einsum_path is specified: 1 more"):
        _plan('ij,jk,kl->il', ops, ['einsum_path', (0, 1)])
    with pytest.raises(ValueError, match=r"invalid contraction \(0, 3\) in einsum_path"):
        _plan('ij,jk,kl->il', ops, ['einsum_path', (0, 3), (0, 1)])


PATH_CASES = [c for c in PLAN_CASES if len(c[1]) >= 2] + [
    ('abc,bcd,cde,def->af', [(3, 4, 5), (4, 5, 6), (5, 6, 7), (6, 7, 3)]),
    ('ab,bc,cd,de,ef,fg->ag', [(9, 2), (2, 8), (8, 3), (3, 7), (7, 4), (4, 6)]),
    ('ij,kl,jk,li->', [(5, 6), (7, 8), (6, 7), (8, 5)]),
    ('a,ab,abc->abc', [(10,), (10, 10), (10, 10, 10)]),
    ('...a,...a->...', [(4, 3), (3,)]),
]


@pytest.mark.parametrize("optimize", ['greedy', 'optimal', True, False, ('greedy', 50),
                                      ('optimal', 50)])
@pytest.mark.parametrize("subscripts,shapes", PATH_CASES)
def test_einsum_path_matches_numpy(subscripts, shapes, optimize):
    ops = [numpy.ones(s) for s in shapes]
    want, want_report = numpy.einsum_path(subscripts, *ops, optimize=optimize)
    got, report = cunp.einsum_path(subscripts, *ops, optimize=optimize)
    assert got == want
    assert "Complete contraction" in report
    if "..." not in subscripts:  # '...' prints as other letters than NumPy's
        assert report == want_report


def _random_expression(rng):
    letters = "abcdefgh"
    n_ops = rng.randint(3, 6)
    terms = ["".join(rng.sample(letters, rng.randint(1, 3))) for _ in range(n_ops)]
    counts = {}
    for t in terms:
        for c in t:
            counts[c] = counts.get(c, 0) + 1
    out = "".join(sorted(c for c in counts if counts[c] == 1 or rng.random() < 0.2))
    sizes = {c: rng.randint(2, 9) for c in letters}
    return ",".join(terms) + "->" + out, [tuple(sizes[c] for c in t) for t in terms]


@pytest.mark.parametrize("seed", range(60))
def test_einsum_path_random_greedy_and_optimal(seed):
    rng = random.Random(seed)
    subscripts, shapes = _random_expression(rng)
    ops = [numpy.ones(s) for s in shapes]
    for optimize in ('greedy', 'optimal'):
        want = numpy.einsum_path(subscripts, *ops, optimize=optimize)[0]
        assert cunp.einsum_path(subscripts, *ops, optimize=optimize)[0] == want, optimize


def test_einsum_path_sublist_form():
    a, b, c = numpy.ones((2, 3)), numpy.ones((3, 4)), numpy.ones((4, 5))
    want = numpy.einsum_path(a, [0, 1], b, [1, 2], c, [2, 3], [0, 3])[0]
    assert cunp.einsum_path(a, [0, 1], b, [1, 2], c, [2, 3], [0, 3])[0] == want
    assert cunp.einsum_path(a, [Ellipsis, 1], b, [1, 2])[0] == ['einsum_path', (0, 1)]


def test_einsum_path_takes_shapes_only():
    # Shapes of host objects are enough: nothing is copied to a device.
    assert cunp.einsum_path('ij,jk', [[1, 2]], [[1], [2]])[0] == ['einsum_path', (0, 1)]


@pytest.mark.parametrize("optimize,exc", [('nope', KeyError), (3.5, TypeError),
                                          (['nope', 'x', 'y'], TypeError),
                                          (('nope', 10), KeyError)])
def test_einsum_path_bad_optimize(optimize, exc):
    ops = [numpy.ones((2, 2))] * 3
    with pytest.raises(exc):
        numpy.einsum_path('ij,jk,kl', *ops, optimize=optimize)
    with pytest.raises(exc):
        cunp.einsum_path('ij,jk,kl', *ops, optimize=optimize)


@pytest.mark.parametrize("subscripts,shapes", [
    ('ij,jk', [(2, 3), (2, 3)]),
    ('ij,jk,k', [(2, 3), (3, 3)]),
    ('i', [(2,), (2,)]),
    ('ij->k', [(2, 3)]),
    ('ij->ii', [(2, 3)]),
    ('i1', [(2, 3)]),
    ('ij', [(2, 3, 4)]),
    ('ijk', [(2, 3)]),
    ('i.j', [(2, 3)]),
    ('ij->i-', [(2, 3)]),
])
def test_einsum_path_errors_as_numpys(subscripts, shapes):
    ops = [numpy.ones(s) for s in shapes]
    with pytest.raises(ValueError):
        numpy.einsum_path(subscripts, *ops)
    with pytest.raises(ValueError):
        cunp.einsum_path(subscripts, *ops)


def test_einsum_argument_errors_before_device_work():
    with pytest.raises(ValueError, match="must specify the einstein sum subscripts string"):
        cunp.einsum()
    with pytest.raises(ValueError, match=r"subscript is not within the valid range \[0, 52\)"):
        cunp.einsum(numpy.ones(2), [52])


# --- on the GPU ---

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


@gpu
@pytest.mark.parametrize('subscripts,shapes', CASES)
@testing.for_dtypes([numpy.float32, numpy.float64, numpy.complex128, numpy.int32, numpy.bool_])
@testing.numpy_cunp_allclose(rtol=RTOL, contiguous_check=False)
def test_einsum(xp, dtype, subscripts, shapes):
    ops = [testing.shaped_random(s, xp, dtype, scale=4, seed=i) for i, s in enumerate(shapes)]
    return xp.einsum(subscripts, *ops)


@gpu
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


@gpu
@pytest.mark.parametrize('subscripts,shapes', REDUCE_CASES)
@testing.for_dtypes([numpy.float16, numpy.complex64, numpy.int8, numpy.uint16, numpy.bool_])
@testing.numpy_cunp_allclose(rtol=RTOL, contiguous_check=False)
def test_einsum_sums_keep_dtype(xp, dtype, subscripts, shapes):
    ops = [testing.shaped_random(s, xp, dtype, scale=3, seed=i) for i, s in enumerate(shapes)]
    return xp.einsum(subscripts, *ops)


@gpu
@testing.numpy_cunp_allclose(rtol=1e-6, contiguous_check=False)
def test_einsum_mixed_dtypes_and_strided(xp):
    a = testing.shaped_random((4, 6), xp, numpy.float32, seed=1)[:, ::2]
    b = testing.shaped_random((3, 5), xp, numpy.float64, seed=2).T[::-1]
    return xp.einsum('ij,kj->ik', a, b)


@gpu
@testing.numpy_cunp_allclose(rtol=1e-6, contiguous_check=False)
def test_einsum_sublist_form(xp):
    a = testing.shaped_random((2, 3), xp, numpy.float64, seed=3)
    b = testing.shaped_random((3,), xp, numpy.float64, seed=4)
    return xp.einsum(a, [0, 1], b, [1], [0]), xp.einsum(a, [Ellipsis, 1], b, [1])


@gpu
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


@gpu
def test_einsum_diagonal_is_a_view():
    a = cunp.zeros((3, 3))
    d = cunp.einsum('ii->i', a)
    d[...] = 1
    numpy.testing.assert_array_equal(cunp.asnumpy(a), numpy.eye(3))


@gpu
def test_einsum_batched_matmul_matches_matmul():
    a = testing.shaped_random((8, 32, 16), cunp, numpy.float32, seed=7)
    b = testing.shaped_random((8, 16, 24), cunp, numpy.float32, seed=8)
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.einsum('bij,bjk->bik', a, b)),
                                     cunp.asnumpy(a @ b))


@gpu
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


# issue 37: one operand ('ij', 'ii->i', 'jiji->ij', sums over axes) keeps a small dtype as
# NumPy's einsum does (no int64/uint64 sums for bool, int8, uint8).
UNARY_CASES = [('ij', (2, 3)), ('...', (2, 3)), ('ji', (2, 3)), ('ii->i', (3, 3)),
               ('jii->ij', (3, 3, 3)), ('iji->ij', (3, 3, 3)), ('...ii->...i', (3, 3, 3)),
               ('iii->i', (3, 3, 3)), ('ijk->kij', (2, 3, 4)), ('j...i->i...j', (2, 3, 4)),
               ('i->', (3,)), ('ii', (3, 3)), ('ijkj->kij', (2, 2, 2, 2)),
               ('ijij->ij', (2, 2, 2, 2)), ('jiji->ij', (2, 2, 2, 2)), ('ii...->...', (2, 2, 2, 2)),
               ('i...i->...', (2, 2, 2, 2)), ('...ii->...', (2, 2, 2, 2)),
               ('j...i->...', (2, 2, 2, 2)), ('ij->i', (2, 3)), ('ij->', (2, 3)),
               ('ij->j', (2, 3))]


@pytest.mark.parametrize("subscripts,shape", UNARY_CASES)
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16,
                                   numpy.float16])
def test_unary_plan_keeps_dtype(subscripts, shape, dtype):
    x = (numpy.arange(numpy.prod(shape)).reshape(shape) % 5).astype(dtype)
    want = numpy.einsum(subscripts, x)
    got = _replay(subscripts, [x], False)
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_array_equal(got, want)


@gpu
@pytest.mark.parametrize("subscripts,shape", UNARY_CASES)
@testing.for_dtypes([numpy.bool_, numpy.int8, numpy.uint8, numpy.float16, numpy.complex64])
@testing.numpy_cunp_allclose(rtol=RTOL, contiguous_check=False)
def test_einsum_unary_keeps_dtype(xp, dtype, subscripts, shape):
    a = testing.shaped_arange(shape, xp, dtype)
    out = xp.einsum(subscripts, a)
    if xp is not numpy:
        for optimize in (True, 'greedy', 'optimal'):
            got = xp.einsum(subscripts, a, optimize=optimize)
            assert got.dtype == out.dtype
            testing.assert_array_equal(got, out)
    return out


@gpu
@pytest.mark.parametrize("subscripts,shape", UNARY_CASES[:6] + UNARY_CASES[-4:])
@pytest.mark.parametrize("dtype_a,dtype_out", [(numpy.bool_, numpy.int8), (numpy.int8, numpy.int8),
                                               (numpy.uint8, numpy.int16),
                                               (numpy.int8, numpy.float32),
                                               (numpy.bool_, numpy.bool_)])
@testing.numpy_cunp_allclose(rtol=RTOL, contiguous_check=False)
def test_einsum_unary_dtype_argument(xp, subscripts, shape, dtype_a, dtype_out):
    return xp.einsum(subscripts, testing.shaped_arange(shape, xp, dtype_a), dtype=dtype_out)
