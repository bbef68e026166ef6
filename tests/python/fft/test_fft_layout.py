"""The layout of cunp.fft's results: NumPy's rule (each 1-D step's output allocated like its
input, 'K' order), as modelled in fft_layout_model.py, against NumPy's real outputs (CPU), and
the core's own copy of the rule (_core.fft.result_strides, host arithmetic only) against the
model; on the GPU, cunp's results' C/F contiguity against NumPy's."""
import itertools

import numpy
import pytest

import cunp
from layout_support import make
import fft_layout_model as model
import cunp._array._layouts as rules

ONE_D = ['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft']
N_D = ['fftn', 'ifftn', 'rfftn', 'irfftn', 'fft2', 'ifft2', 'rfft2', 'irfft2']


def _recipes():
    """(shape, layout) pairs: transposed, reversed, stepped, broadcast (stride 0), F order,
    over shapes with size-0 and size-1 axes."""
    shapes = [(5,), (1,), (3, 4), (4, 1), (1, 4), (2, 3, 4), (3, 1, 5), (2, 2, 1, 1),
              (0, 3), (3, 0, 2)]
    for shape in shapes:
        nd = len(shape)
        yield shape, ()
        yield shape, (('F', None),)
        yield shape, (('slice', (slice(None, None, -1),) * nd),)
        if nd > 1:
            for perm in itertools.islice(itertools.permutations(range(nd)), 1, 4):
                yield shape, (('transpose', perm),)
            yield shape, (('slice', (slice(None, None, 2),)),)
        for k in (1, 2):
            yield shape, (('broadcast', k),)
        if nd > 1:
            yield shape, (('transpose', tuple(range(nd))[::-1]), ('broadcast', 2))


def _views(seed=0):
    rng = numpy.random.default_rng(seed)
    for shape, layout in _recipes():
        base = rng.standard_normal(shape)
        yield base, layout, make(numpy, base, layout)


def _cases():
    for base, layout, a in _views():
        if a.ndim == 0 or a.size == 0 and a.ndim < 2:
            continue
        for name in ONE_D:
            for axis in range(-a.ndim, 0):
                for n in (None, 1, 4):
                    yield name, (base, layout, a), dict(n=n, axis=axis)
        if a.ndim >= 2:
            for name in N_D:
                yield name, (base, layout, a), {}
                if not name.endswith('2'):
                    yield name, (base, layout, a), dict(axes=(0,) if a.ndim < 3 else (0, 2))


def _numpy_result(name, a, kwargs):
    with numpy.errstate(all='ignore'):
        return getattr(numpy.fft, name)(a, **kwargs)


def _model_strides(name, a, kwargs):
    """The model's strides (elements) of the result and its steps; hfft's steps start from
    conjugate(a), as NumPy's hfft is irfft(conjugate(a))."""
    proto = numpy.conjugate(a) if name == 'hfft' else a
    if name in ONE_D:
        steps = model.steps_of(name, a.shape, n=kwargs.get('n'), axis=kwargs['axis'])
    else:
        axes = kwargs.get('axes', (-2, -1) if name.endswith('2') else None)
        steps = model.steps_of(name, a.shape, axes=axes)
    return model.result_strides(proto.shape, proto.strides, proto.itemsize, steps), steps


def _flags(shape, strides):
    """(C, F) contiguity of a dense array of `shape` with element strides `strides`."""
    return (rules._contiguous(shape, strides, 1, True),
            rules._contiguous(shape, strides, 1, False))


def _valid(name, a, kwargs):
    try:
        return _numpy_result(name, a, kwargs)
    except (ValueError, IndexError):
        return None  # a size-0 axis and no length given: NumPy's error, no layout


CASES = [(name, views, kwargs) for name, views, kwargs in _cases()
         if _valid(name, views[2], kwargs) is not None]


def test_model_matches_numpy():
    # The rule reproduces NumPy's result strides (up to the item size) in every case.
    assert len(CASES) > 500
    for name, (_, layout, a), kwargs in CASES:
        got = _numpy_result(name, a, kwargs)
        want, _ = _model_strides(name, a, kwargs)
        what = (name, a.shape, a.strides, layout, kwargs, got.strides, want)
        if got.size:
            assert tuple(s // got.itemsize for s in got.strides) == want, what
        assert (got.flags.c_contiguous, got.flags.f_contiguous) == _flags(got.shape, want), what


def test_core_rule_matches_model():
    # The core's copy of the rule (host arithmetic, no device) gives the model's strides.
    core = cunp._core.fft
    for name, (_, layout, a), kwargs in CASES:
        want, steps = _model_strides(name, a, kwargs)
        proto = numpy.conjugate(a) if name == 'hfft' else a
        got = core.result_strides(proto.shape, proto.strides, proto.itemsize,
                                  [ax for ax, _ in steps], [n for _, n in steps])
        shape = _numpy_result(name, a, kwargs).shape
        what = (name, a.shape, a.strides, layout, kwargs, got, want)
        assert _flags(shape, tuple(got)) == _flags(shape, want), what
        if numpy.prod(shape):
            assert tuple(got) == want, what


@pytest.mark.gpu
@pytest.mark.parametrize('name', ONE_D + N_D)
def test_gpu_results_follow_numpy_layout(name):
    for case_name, (base, layout, a), kwargs in CASES:
        if case_name != name:
            continue
        want = _numpy_result(name, a, kwargs)
        got = getattr(cunp.fft, name)(make(cunp, cunp.asarray(base), layout), **kwargs)
        assert (got.flags.c_contiguous, got.flags.f_contiguous) == (
            want.flags.c_contiguous, want.flags.f_contiguous), (layout, kwargs)
        numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-6, atol=1e-6)
