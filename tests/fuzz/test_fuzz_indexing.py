"""Indexing with keys of every kind, read and written."""
import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import strategies as s
from differential import check

pytestmark = pytest.mark.gpu


def has_index_array(key):
    parts = key if isinstance(key, tuple) else (key,)
    return any(isinstance(p, (list, numpy.ndarray)) and numpy.asarray(p).dtype != bool
               for p in parts)


@st.composite
def indexed(draw):
    a = draw(s.arrays(shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5)))
    layout = draw(s.layouts(a))
    view_shape = s.apply_layout(numpy, a, layout).shape
    return a, layout, draw(s.index_keys(view_shape))


def device_key(xp, key):
    """The key with its NumPy arrays moved to the device (lists and scalars stay)."""
    def one(k):
        return xp.asarray(k) if isinstance(k, numpy.ndarray) else k
    return tuple(one(k) for k in key) if isinstance(key, tuple) else one(key)


@given(indexed())
def test_getitem(case):
    a, layout, key = case
    check(lambda xp, a: s.apply_layout(xp, a, layout)[device_key(xp, key)], a)


@given(indexed(), st.one_of(st.integers(-3, 3), st.floats(-2, 2), st.booleans()))
def test_setitem_scalar(case, value):
    a, layout, key = case

    def call(xp, a):
        a = a.copy()  # a base that can be written through the view
        view = s.apply_layout(xp, a, [step for step in layout if step[0] != 'broadcast'])
        view[device_key(xp, key)] = value
        return a
    check(call, a)


@given(indexed(), st.integers(0, 2**32 - 1))
def test_setitem_array(case, seed):
    """An array value of the indexed result's shape. Keys with integer arrays are left out:
    with repeated indices NumPy keeps the last value and cunp any one of them."""
    a, layout, key = case
    if has_index_array(key):
        return
    layout = [step for step in layout if step[0] != 'broadcast']
    try:
        target = s.apply_layout(numpy, a, layout)[key]
    except Exception:  # noqa: BLE001 - a bad key: test_getitem covers its error
        return
    value = numpy.random.default_rng(seed).integers(-9, 9, numpy.shape(target)).astype(a.dtype)

    def call(xp, a, value):
        a = a.copy()
        s.apply_layout(xp, a, layout)[device_key(xp, key)] = value
        return a
    check(call, a, value)
