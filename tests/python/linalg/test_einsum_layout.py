"""numpy.einsum's result layout (cunp/_linalg/_einsum_layout.py: the iterator's 'K' order over
every operand's labels) against NumPy's real results on the CPU, for operands of many layouts
(F order, reversed, transposed, broadcast); on the GPU, cunp.einsum's C/F contiguity and
strides against NumPy's."""
import itertools

import numpy
import pytest

import cunp
from cunp._linalg._einsum_layout import einsum_strides

from einsum_cases import CASES


def _layouts(xp, x):
    """x in several layouts (the same values): as given, F order, reversed, transposed
    storage, and stride-0 copies of its first row or column."""
    yield x
    if x.ndim == 0:
        return
    yield xp.broadcast_to(x[:1], x.shape)
    yield xp.broadcast_to(x[..., :1], x.shape)
    yield xp.asfortranarray(x)
    yield x[(slice(None, None, -1),) * x.ndim]
    for p in itertools.islice(itertools.permutations(range(x.ndim)), 1, 4):
        inverse = tuple(int(i) for i in numpy.argsort(p))
        yield xp.ascontiguousarray(x.transpose(p)).transpose(inverse)


def _combos(xp, to_xp, seed=0):
    rng = numpy.random.default_rng(seed)
    for sub, shapes in CASES:
        bases = [rng.standard_normal(s) for s in shapes]
        host = itertools.product(*[list(_layouts(numpy, b)) for b in bases])
        dev = itertools.product(*[list(_layouts(xp, to_xp(b))) for b in bases])
        for h, d in zip(host, dev):
            yield sub, h, d


def _strides(x):
    return tuple(None if n == 1 else s for n, s in zip(x.shape, x.strides)) if x.size else ()


def test_einsum_rule_matches_numpy():
    checked = views = 0
    for sub, ops, _ in _combos(numpy, numpy.asarray):
        r = numpy.einsum(sub, *ops)
        want = einsum_strides(sub, [x.shape for x in ops], [x.strides for x in ops],
                              [x.itemsize for x in ops])
        if want is None:  # NumPy's view of its one operand
            assert len(ops) == 1 and numpy.shares_memory(r, ops[0]), sub
            views += 1
            continue
        if not isinstance(r, numpy.ndarray) or r.ndim == 0:
            continue
        assert _strides(r) == _strides(numpy.lib.stride_tricks.as_strided(
            r, strides=[s * r.itemsize for s in want])), (sub, [x.strides for x in ops])
        checked += 1
    assert checked > 1000 and views > 10


@pytest.mark.gpu
def test_gpu_einsum_follows_numpy_layout():
    for sub, ops, dops in _combos(cunp, cunp.asarray):
        want = numpy.einsum(sub, *ops)
        if not isinstance(want, numpy.ndarray) or want.ndim == 0:
            continue
        got = cunp.einsum(sub, *dops)
        what = (sub, [x.strides for x in ops])
        assert (got.flags.c_contiguous, got.flags.f_contiguous) == (
            want.flags.c_contiguous, want.flags.f_contiguous), what
        if not any(numpy.shares_memory(want, x) for x in ops):
            assert _strides(got) == _strides(want), what
