"""The layout a ufunc gives its new outputs (order='K'): NumPy's iterator order over every array
operand. The core's rule (_core.axes.iterator_order, used by ufunc_call) and the Python one
(cunp._array._layouts.iterator_order, used by linalg and hfft) against NumPy's own outputs on
the CPU, for operands of many layouts with broadcasting; on the GPU, cunp's outputs' C/F
contiguity against NumPy's."""
import itertools

import numpy
import pytest

import cunp
import cunp._array._layouts as rules

SHAPES = [(3, 4), (4, 1), (1, 4), (2, 3, 4), (3, 1, 5), (2, 2, 1, 1), (2, 3, 2, 2)]


def _views(shape):
    """(name, function of a base array) for layouts of one operand."""
    nd = len(shape)
    yield 'C', lambda xp, a: a
    yield 'F', lambda xp, a: xp.asfortranarray(a)
    yield 'reversed', lambda xp, a: a[(slice(None, None, -1),) * nd]
    for perm in itertools.islice(itertools.permutations(range(nd)), 1, 4):
        # The same shape, its axes laid out in the order `perm`.
        inverse = tuple(perm.index(ax) for ax in range(nd))
        yield f'T{perm}', lambda xp, a, perm=perm, inverse=inverse: xp.ascontiguousarray(
            a.transpose(perm)).transpose(inverse)
    yield 'broadcast', lambda xp, a: xp.broadcast_to(a[..., :1], a.shape)
    yield 'row', lambda xp, a: a[0]  # one axis fewer: broadcast against the other


def _broadcast_strides(a, shape):
    """a's strides against the result's shape: 0 on missing or extent-1 (broadcast) axes."""
    out = [0] * len(shape)
    off = len(shape) - a.ndim
    for i in range(a.ndim):
        if a.shape[i] != 1:
            out[off + i] = a.strides[i]
    return out


def _cases():
    rng = numpy.random.default_rng(0)
    for shape in SHAPES:
        base = rng.standard_normal(shape)
        views = list(_views(shape))
        for (n1, f1), (n2, f2) in itertools.product(views, views):
            if n1 == 'row':
                continue
            yield shape, (n1, f1), (n2, f2), base


def _same_layout(got_strides, want, shape):
    return all(shape[ax] == 1 or got_strides[ax] == want[ax] for ax in range(len(shape)))


def test_rules_match_numpy():
    count = 0
    for shape, (n1, f1), (n2, f2), base in _cases():
        a, b = f1(numpy, base), f2(numpy, base)
        for operands in ((a,), (a, b)):
            want = (numpy.negative(a) if len(operands) == 1 else numpy.add(a, b))
            strides = [_broadcast_strides(x, want.shape) for x in operands]
            core = cunp._core.axes.iterator_order(want.shape, strides)
            py = rules.iterator_order(want.shape, strides)
            expect = tuple(s // want.itemsize for s in want.strides)
            what = (shape, n1, n2, len(operands), want.strides)
            assert _same_layout(rules.dense_strides(want.shape, core), expect, want.shape), what
            assert _same_layout(rules.dense_strides(want.shape, py), expect, want.shape), what
            count += 1
    assert count > 300


@pytest.mark.gpu
def test_gpu_ufunc_outputs_follow_numpy_layout():
    for shape, (n1, f1), (n2, f2), base in _cases():
        d = cunp.asarray(base)
        want = numpy.add(f1(numpy, base), f2(numpy, base))
        got = cunp.add(f1(cunp, d), f2(cunp, d))
        assert (got.flags.c_contiguous, got.flags.f_contiguous) == (
            want.flags.c_contiguous, want.flags.f_contiguous), (shape, n1, n2)
        numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
