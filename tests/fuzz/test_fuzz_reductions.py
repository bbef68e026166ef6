"""Reductions with random axes (also out of range and repeated), keepdims and where=."""
import warnings

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import strategies as s
from differential import check
from hypothesis import assume
from known_differences import float_sum_of_wide_integers, quantile_of_empty_over_no_axes

pytestmark = pytest.mark.gpu

WITH_WHERE = ['sum', 'prod', 'any', 'all', 'mean', 'max', 'min', 'nansum', 'nanmax']
PLAIN = ['argmax', 'argmin', 'var', 'std', 'ptp', 'count_nonzero', 'cumsum', 'cumprod',
         'median', 'nanmean']


@st.composite
def axes(draw, ndim):
    return draw(st.one_of(
        st.none(),
        st.integers(-ndim - 1, ndim),
        st.lists(st.integers(-ndim, max(ndim - 1, 0)), max_size=ndim + 1).map(tuple),
    ))


@st.composite
def reduction_case(draw):
    a = draw(s.arrays(exact=True))
    layout = draw(s.layouts(a))
    name = draw(st.sampled_from(WITH_WHERE + PLAIN))
    shape = s.apply_layout(numpy, a, layout).shape
    kwargs = {'axis': draw(axes(len(shape)))}
    if name not in ('cumsum', 'cumprod', 'count_nonzero') or draw(st.booleans()):
        kwargs['keepdims'] = draw(st.booleans())
    if name in ('cumsum', 'cumprod'):
        kwargs.pop('keepdims', None)
        if isinstance(kwargs['axis'], tuple):
            kwargs['axis'] = None
    if name in WITH_WHERE and draw(st.booleans()):
        kwargs['where'] = draw(hnp.arrays(bool, st.sampled_from(
            [shape, shape[1:], shape[-1:] if shape else ()])))
        if name in ('max', 'min', 'nanmax'):
            kwargs['initial'] = draw(st.integers(-5, 5))
    return name, a, layout, kwargs


@given(reduction_case())
def test_reduction(case):
    name, a, layout, kwargs = case
    assume(not quantile_of_empty_over_no_axes(name, s.apply_layout(numpy, a, layout),
                                              kwargs.get('axis')))

    def call(xp, a, **kw):
        return getattr(xp, name)(s.apply_layout(xp, a, layout), **kw)
    with numpy.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            expected = call(numpy, a, **kwargs)
        except Exception:  # noqa: BLE001 - NumPy's error is compared by check
            expected = None
    assume(not float_sum_of_wide_integers(name, [s.apply_layout(numpy, a, layout)], expected))
    where = kwargs.pop('where', None)
    if where is None:
        check(lambda xp, a: call(xp, a, **kwargs), a)
    else:
        check(lambda xp, a, w: call(xp, a, where=w, **kwargs), a, where)
