"""Creation functions over random arguments, including ones NumPy refuses."""
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import strategies as s
from differential import check
from known_differences import object_from_python_int

pytestmark = pytest.mark.gpu

maybe_dtype = st.none() | st.sampled_from(s.DTYPES)
small = st.integers(-3, 7)
number = st.one_of(st.integers(-20, 20), st.floats(-20, 20), st.sampled_from([0.5, -0.25]))


@given(number, st.none() | number, st.none() | st.one_of(st.integers(-4, 4), st.floats(-3, 3)),
       maybe_dtype)
def test_arange(start, stop, step, dtype):
    # A tiny step makes billions of elements: both libraries build them (and the comparison
    # reads them) for minutes, past the fuzz watchdog; lengths past intp's range still raise.
    if stop is not None and step:
        span = (stop - start) / step  # inf for a step of a few denormals
        assume(span <= 10**6 or span > 2**63)
    if stop is None:
        check(lambda xp: xp.arange(start, dtype=dtype))
    else:
        check(lambda xp: xp.arange(start, stop, step, dtype=dtype))


@given(number, number, st.integers(-1, 9), st.booleans(), maybe_dtype)
def test_linspace(start, stop, num, endpoint, dtype):
    check(lambda xp: xp.linspace(start, stop, num, endpoint=endpoint, dtype=dtype))


@given(s.shapes | small, st.one_of(s.python_scalars(), st.none()), maybe_dtype,
       st.sampled_from(['full', 'zeros', 'ones', 'empty']), st.sampled_from(['C', 'F']))
def test_filled(shape, fill, dtype, name, order):
    assume(not (name == 'full' and object_from_python_int(fill, dtype)))

    def call(xp):
        if name == 'full':
            return xp.full(shape, fill if fill is not None else 1, dtype=dtype, order=order)
        out = getattr(xp, name)(shape, dtype=dtype, order=order)
        return out if name != 'empty' else (out.shape, out.dtype)
    check(call)


@given(small, st.none() | small, st.integers(-5, 5), maybe_dtype,
       st.sampled_from(['eye', 'tri']))
def test_eye_tri(n, m, k, dtype, name):
    check(lambda xp: getattr(xp, name)(n, m, k, dtype=dtype))


@given(s.arrays(), maybe_dtype, st.sampled_from(['zeros_like', 'ones_like', 'full_like',
                                                  'copy', 'asarray', 'ascontiguousarray']))
def test_like(a, dtype, name):
    def call(xp, a):
        if name == 'full_like':
            return xp.full_like(a, 3, dtype=dtype)
        if name in ('copy', 'ascontiguousarray'):
            return getattr(xp, name)(a)
        return getattr(xp, name)(a, dtype=dtype)
    check(call, a)
