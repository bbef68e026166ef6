"""NumPy's layout rules (cunp/_array/_layouts.py: the iterator's order) and those of
numpy.linalg's factorizations (cunp/linalg/_layout.py: the gufunc outputs), against NumPy's real results on the CPU for inputs of many layouts (transposed stacks,
F order, reversed, broadcast, size-1 and size-0 axes); on the GPU, cunp's results' C/F
contiguity against NumPy's."""
import itertools

import numpy
import pytest

import cunp
import cunp._array._layouts as rules
from cunp.linalg import _layout

SHAPES = [(2, 2), (3, 2), (2, 3), (1, 1), (2, 1), (1, 3), (2, 2, 2), (3, 2, 1), (2, 1, 3),
          (2, 3, 2, 2), (2, 2, 1, 1), (1, 2, 3, 2), (0, 2, 2), (2, 0, 3)]


def _layouts(ndim):
    yield ()
    yield (('F', None),)
    yield (('slice', (slice(None, None, -1),) * ndim),)
    for perm in itertools.islice(itertools.permutations(range(ndim)), 1, 6):
        yield (('transpose', perm),)
    yield (('broadcast', 2),)
    yield (('transpose', tuple(range(ndim))[::-1]), ('broadcast', 3))


def make(xp, base, layout):
    a = base
    for kind, arg in layout:
        if kind == 'F':
            a = xp.asfortranarray(a)
        elif kind == 'slice':
            a = a[arg]
        elif kind == 'transpose':
            a = a.transpose(arg)
        else:
            a = xp.broadcast_to(a, (arg,) + a.shape)
    return a


def _cases(seed=0):
    rng = numpy.random.default_rng(seed)
    for shape in SHAPES:
        for dtype in ('float64', 'float32', 'complex128', 'bool'):
            base = (rng.standard_normal(shape) + 3).astype(dtype)
            for layout in _layouts(len(shape)):
                yield base, layout, make(numpy, base, layout)


def _check(got, want, what):
    """NumPy's array `got` has the element strides `want` (axes of extent 1 aside)."""
    assert got.ndim == len(want), what
    if got.size:
        for ax in range(got.ndim):
            if got.shape[ax] != 1:
                assert got.strides[ax] == want[ax] * got.itemsize, (what, got.strides, want)


CASES = list(_cases())


@pytest.mark.parametrize('full_matrices', [True, False])
def test_svd_rule_matches_numpy(full_matrices):
    for _, layout, a in CASES:
        if 0 in a.shape[-2:]:
            continue  # NumPy's svd of empty matrices: identities, not the gufunc's outputs
        u, s, vh = numpy.linalg.svd(a, full_matrices=full_matrices)
        want = _layout.svd_strides(a.shape, a.strides, a.itemsize, full_matrices, True)
        for got, w, name in zip((u, s, vh), want, 'u s vh'.split()):
            _check(got, w, (name, a.shape, a.strides, layout))
        s_only = numpy.linalg.svd(a, compute_uv=False)
        _check(s_only, _layout.svd_strides(a.shape, a.strides, a.itemsize, True, False),
               ('s', a.shape, a.strides, layout))


@pytest.mark.parametrize('mode', ['reduced', 'complete', 'r', 'raw'])
def test_qr_rule_matches_numpy(mode):
    for _, layout, a in CASES:
        if 0 in a.shape[-2:]:
            continue
        got = numpy.linalg.qr(a, mode=mode)
        want = _layout.qr_strides(a.shape, a.strides, a.itemsize, mode)
        if mode == 'r':
            got, want = (got,), (want,)
        for g, w in zip(got, want):
            _check(g, w, (mode, a.shape, a.strides, layout))


ONE_INPUT = {'det': 1, 'slogdet': 2, 'inv': 1, 'cholesky': 1, 'eigh': 2, 'eigvalsh': 1}


@pytest.mark.parametrize('name', sorted(ONE_INPUT))
def test_one_input_gufunc_rule_matches_numpy(name):
    checked = 0
    for _, layout, a in CASES:
        if a.shape[-1] != a.shape[-2] or 0 in a.shape[-2:]:
            continue
        try:
            got = getattr(numpy.linalg, name)(a)
        except numpy.linalg.LinAlgError:
            continue  # singular or not positive definite
        got = tuple(got) if ONE_INPUT[name] > 1 else (got,)
        nloop = a.ndim - 2
        want = _layout.gufunc_results(a.shape, a.strides, a.itemsize,
                                      [g.shape[nloop:] for g in got])
        for g, w in zip(got, want):
            _check(g, w, (name, a.shape, a.strides, layout))
        checked += 1
    assert checked > 20


def test_iterator_order_is_numpys():
    # The iterator rule alone, through a unary ufunc's output (one operand) and a binary one.
    rng = numpy.random.default_rng(1)
    for shape in SHAPES:
        base = rng.standard_normal(shape)
        for layout in _layouts(len(shape)):
            a = make(numpy, base, layout)
            el = tuple(s // a.itemsize for s in a.strides)
            order = rules.iterator_order(a.shape, [el])
            _check(numpy.negative(a), rules.dense_strides(a.shape, order), (a.strides,))
            c = numpy.ones(a.shape[-1:])
            order = rules.iterator_order(a.shape, [el, (0,) * (a.ndim - 1) + (1,)])
            _check(a + c, rules.dense_strides(a.shape, order), (a.strides, 'binary'))


def test_relayout_on_numpy():
    a = numpy.arange(24.0).reshape(2, 3, 4)
    same = rules.relayout(numpy, a, (12, 4, 1))
    assert same is a
    moved = rules.relayout(numpy, a, (1, 2, 6))
    assert moved.flags.f_contiguous and not moved.flags.c_contiguous
    numpy.testing.assert_array_equal(moved, a)


@pytest.mark.gpu
@pytest.mark.parametrize('func', ['svd', 'svdvals', 'qr', 'qr-r', 'qr-raw', 'qr-complete',
                                  'det', 'slogdet', 'inv', 'eigh', 'eigvalsh'])
def test_gpu_results_follow_numpy_layout(func):
    name, _, mode = func.partition('-')
    for base, layout, a in CASES[::3]:
        if 0 in a.shape[-2:]:
            continue
        if name in ONE_INPUT and a.shape[-1] != a.shape[-2]:
            continue
        kwargs = {'mode': mode} if mode else {}
        try:
            want = getattr(numpy.linalg, name)(a, **kwargs)
        except numpy.linalg.LinAlgError:
            continue
        got = getattr(cunp.linalg, name)(make(cunp, cunp.asarray(base), layout), **kwargs)
        want = want if isinstance(want, tuple) else (want,)
        got = got if isinstance(got, tuple) else (got,)
        for g, w in zip(got, want):
            assert (g.flags.c_contiguous, g.flags.f_contiguous) == (
                w.flags.c_contiguous, w.flags.f_contiguous), (func, a.shape, layout)
