# tests/python/test_einsum_plan_cpu.py -- einsum's plans and contraction paths without a GPU:
# plans replayed with NumPy's functions against numpy.einsum, paths against numpy.einsum_path.
"""einsum builds its plan from shapes and dtypes alone, so a plan run with NumPy's functions in
place of cunp's must give numpy.einsum's values: this checks the planning (labels, diagonals,
transposes, broadcasts, reshapes, sums, products, the order of contractions) on the CPU.
einsum_path must return NumPy's path for 'greedy' and 'optimal', with and without a memory cap.
"""
import random

import numpy
import pytest

from cunp import _einsum

import einsum_cases

CASES = einsum_cases.CASES + [
    ('ea,fb,abcd,gc,hd->efgh', [(3, 4), (2, 5), (4, 5, 6, 3), (2, 6), (4, 3)]),
    ('abc,cd,de,ef->abf', [(2, 3, 4), (4, 5), (5, 6), (6, 2)]),
    ('ij,jk,kl,lm,mn->in', [(4, 10), (10, 3), (3, 9), (9, 2), (2, 7)]),
    ('iij,jk,kl->il', [(3, 3, 4), (4, 5), (5, 2)]),
]


@pytest.fixture
def numpy_backend(monkeypatch):
    monkeypatch.setattr(_einsum, "_OPS", [numpy])


def _plan_run(subscripts, ops, optimize):
    terms, rhs, _ = _einsum._split_operands((subscripts,) + tuple(ops))
    inputs, output = _einsum._labels(terms, rhs, [x.ndim for x in ops])
    plan = _einsum._build_plan(inputs, output, [x.shape for x in ops], [x.dtype for x in ops],
                               optimize)
    return plan.run(ops)


@pytest.mark.parametrize("optimize", [False, True, 'greedy', 'optimal', ('greedy', 10)])
@pytest.mark.parametrize("subscripts,shapes", CASES)
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128, numpy.int64])
def test_plan_matches_numpy(numpy_backend, subscripts, shapes, optimize, dtype):
    rng = numpy.random.default_rng(len(subscripts))
    ops = [(rng.standard_normal(s) * 3).astype(dtype) for s in shapes]
    if numpy.dtype(dtype).kind == 'c':
        ops = [x + 1j * x[..., ::-1] if x.ndim else x for x in ops]
    want = numpy.einsum(subscripts, *ops)
    got = _plan_run(subscripts, ops, optimize)
    assert got.shape == want.shape
    assert got.dtype == want.dtype
    numpy.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_plan_of_batched_matmul_is_one_matmul(numpy_backend):
    inputs, output = _einsum._labels(['bij', 'bjk'], 'bik', [3, 3])
    f32 = numpy.dtype(numpy.float32)
    plan = _einsum._build_plan(inputs, output, [(64, 512, 512)] * 2, [f32, f32], False)
    assert len(plan.steps) == 1
    assert plan.steps[0][0] is numpy.matmul


def test_explicit_path_is_followed(numpy_backend):
    rng = numpy.random.default_rng(3)
    ops = [rng.standard_normal(s) for s in [(2, 3), (3, 4), (4, 5)]]
    for path in (['einsum_path', (1, 2), (0, 1)], ['einsum_path', (0, 1), (0, 1)],
                 ['einsum_path', (0, 1, 2)]):
        numpy.testing.assert_allclose(_plan_run('ij,jk,kl->il', ops, path),
                                      numpy.einsum('ij,jk,kl->il', *ops), rtol=1e-12)
    with pytest.raises(RuntimeError, match="Invalid einsum_path is specified: 1 more"):
        _plan_run('ij,jk,kl->il', ops, ['einsum_path', (0, 1)])


PATH_CASES = [c for c in CASES if len(c[1]) >= 2] + [
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
    want = numpy.einsum_path(subscripts, *ops, optimize=optimize)[0]
    got, report = _einsum.einsum_path(subscripts, *ops, optimize=optimize)
    assert got == want
    assert "Complete contraction" in report


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
        assert _einsum.einsum_path(subscripts, *ops, optimize=optimize)[0] == want, optimize


def test_einsum_path_sublist_form():
    a, b, c = numpy.ones((2, 3)), numpy.ones((3, 4)), numpy.ones((4, 5))
    want = numpy.einsum_path(a, [0, 1], b, [1, 2], c, [2, 3], [0, 3])[0]
    assert _einsum.einsum_path(a, [0, 1], b, [1, 2], c, [2, 3], [0, 3])[0] == want


@pytest.mark.parametrize("optimize,exc", [('nope', KeyError), (3.5, TypeError),
                                          (['nope', 'x', 'y'], TypeError)])
def test_einsum_path_bad_optimize(optimize, exc):
    ops = [numpy.ones((2, 2))] * 3
    with pytest.raises(exc):
        numpy.einsum_path('ij,jk,kl', *ops, optimize=optimize)
    with pytest.raises(exc):
        _einsum.einsum_path('ij,jk,kl', *ops, optimize=optimize)


@pytest.fixture
def numpy_arrays(monkeypatch, numpy_backend):
    """einsum itself on NumPy arrays: NumPy's array type and asarray stand in for cunp's."""
    monkeypatch.setattr(_einsum, "ndarray", numpy.ndarray)
    monkeypatch.setattr(_einsum, "asarray", numpy.asarray)
    monkeypatch.setattr(_einsum, "_PLANS", {})


@pytest.mark.parametrize("subscripts,shapes", CASES)
def test_einsum_call_and_cached_replay(numpy_arrays, subscripts, shapes):
    rng = numpy.random.default_rng(7)
    ops = [rng.standard_normal(s) for s in shapes]
    want = numpy.einsum(subscripts, *ops)
    for _ in range(2):  # the second call replays the cached plan
        numpy.testing.assert_allclose(_einsum.einsum(subscripts, *ops), want, rtol=1e-12,
                                      atol=1e-12)
    assert len(_einsum._PLANS) == 1
    # Other operand values, same shapes: the same plan, their own result.
    ops2 = [x + 1 for x in ops]
    numpy.testing.assert_allclose(_einsum.einsum(subscripts, *ops2),
                                  numpy.einsum(subscripts, *ops2), rtol=1e-12, atol=1e-12)
    assert len(_einsum._PLANS) == 1


def test_einsum_cache_keys(numpy_arrays):
    a, b = numpy.ones((2, 3)), numpy.ones((3, 4))
    _einsum.einsum('ij,jk->ik', a, b)
    _einsum.einsum('ij,jk->ik', a, b, optimize=True)
    _einsum.einsum('ij,jk->ik', a.astype(numpy.float32), b)
    _einsum.einsum('ij,jk->ik', numpy.ones((5, 3)), b)
    _einsum.einsum('ij,jk', a, b)
    _einsum.einsum('ij,jk->ik', a, b, optimize=['einsum_path', (0, 1)])
    assert len(_einsum._PLANS) == 6
    _einsum.einsum('ij,jk->ik', a, b, optimize=['einsum_path', (0, 1)])
    assert len(_einsum._PLANS) == 6
    # dtype= converts first, so the plan is the converted operands' one.
    r = _einsum.einsum('ij,jk->ik', a, b, dtype=numpy.float32, casting='same_kind')
    assert r.dtype == numpy.float32
    out = numpy.zeros((2, 4))
    assert _einsum.einsum('ij,jk->ik', a, b, out=out) is out
    numpy.testing.assert_array_equal(out, 3.0)


def test_einsum_cache_off(numpy_arrays, monkeypatch):
    monkeypatch.setattr(_einsum, "_USE_CACHE", False)
    _einsum.einsum('ij,jk->ik', numpy.ones((2, 3)), numpy.ones((3, 4)))
    assert not _einsum._PLANS


def test_einsum_errors_are_not_cached(numpy_arrays):
    for _ in range(2):
        with pytest.raises(ValueError):
            _einsum.einsum('ij,jk->ik', numpy.ones((2, 3)), numpy.ones((4, 4)))
    assert not _einsum._PLANS
