"""Ufuncs and operators on random dtypes, shapes, layouts and NEP 50 Python scalars: many
examples of the most used ufuncs (test_fuzz_every_ufunc.py draws every shared one)."""
import operator

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import strategies as s
from differential import check
from known_differences import (complex_power_overflow, integer_power_negative_exponent,
                               unrepresentable_cast)

pytestmark = pytest.mark.gpu

BINARY = ['add', 'subtract', 'multiply', 'true_divide', 'floor_divide', 'remainder', 'power',
          'maximum', 'minimum', 'fmax', 'fmin', 'arctan2', 'hypot', 'equal', 'less',
          'greater_equal', 'logical_and', 'logical_xor', 'bitwise_and', 'bitwise_or',
          'left_shift', 'right_shift', 'copysign', 'nextafter', 'heaviside', 'gcd', 'lcm',
          'float_power', 'logaddexp']
UNARY = ['negative', 'positive', 'absolute', 'sign', 'sqrt', 'exp', 'log', 'log1p', 'sin',
         'cos', 'tanh', 'arcsin', 'floor', 'ceil', 'rint', 'trunc', 'square', 'reciprocal',
         'isnan', 'isinf', 'isfinite', 'signbit', 'invert', 'logical_not', 'conjugate', 'cbrt',
         'spacing', 'deg2rad']
OPERATORS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv,
             operator.mod, operator.pow, operator.lt, operator.eq, operator.and_, operator.xor,
             operator.lshift]


@st.composite
def operand_pair(draw):
    shapes = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=4))
    a = draw(s.arrays(shape=shapes.input_shapes[0]))
    b = draw(s.arrays(shape=shapes.input_shapes[1]))
    return a, draw(s.layouts(a)), b, draw(s.layouts(b))


@given(st.sampled_from(BINARY), operand_pair())
def test_binary_ufunc_arrays(name, operands):
    a, la, b, lb = operands
    assume(not integer_power_negative_exponent(name, a, b))
    assume(not complex_power_overflow(name, a, b))
    check(lambda xp, a, b: getattr(xp, name)(s.apply_layout(xp, a, la), s.apply_layout(xp, b, lb)),
          a, b)


@given(st.sampled_from(BINARY), s.arrays(), s.python_scalars(), st.booleans())
def test_binary_ufunc_python_scalar(name, a, scalar, scalar_first):
    base, exponent = (scalar, a) if scalar_first else (a, scalar)
    assume(not integer_power_negative_exponent(name, base, exponent))
    assume(not complex_power_overflow(name, base, exponent))
    def call(xp, a):
        return getattr(xp, name)(scalar, a) if scalar_first else getattr(xp, name)(a, scalar)
    check(call, a)


@given(st.sampled_from(UNARY), s.arrays().flatmap(lambda a: st.tuples(st.just(a), s.layouts(a))))
def test_unary_ufunc(name, operand):
    a, layout = operand
    check(lambda xp, a: getattr(xp, name)(s.apply_layout(xp, a, layout)), a)


@given(st.sampled_from(OPERATORS), s.arrays(), st.one_of(s.python_scalars(), s.arrays()),
       st.booleans())
def test_operators(op, a, other, reflected):
    base, exponent = (other, a) if reflected else (a, other)
    assume(not integer_power_negative_exponent(op.__name__, base, exponent))
    assume(not complex_power_overflow(op.__name__, base, exponent))
    if hasattr(other, 'shape'):
        check(lambda xp, a, b: op(b, a) if reflected else op(a, b), a, other)
    else:
        check(lambda xp, a: op(other, a) if reflected else op(a, other), a)


@given(st.sampled_from(['add', 'multiply', 'subtract', 'maximum']),
       s.arrays(shape=st.integers(2, 12).map(lambda n: (n,))), st.integers(1, 3))
def test_overlapping_out(name, a, shift):
    """out= overlapping the inputs with an offset: NumPy's result is as if the inputs were
    copied first."""
    def call(xp, a):
        a = a.copy()
        n = a.shape[0]
        getattr(xp, name)(a[:n - shift], a[shift:], out=a[shift:] if n > shift else a[:0],
                          casting='unsafe')
        return a
    check(call, a)


@given(s.arrays(), st.sampled_from(s.DTYPES), st.sampled_from(['unsafe', 'same_kind', 'safe']))
def test_astype(a, dtype, casting):
    assume(not unrepresentable_cast(a, dtype))
    check(lambda xp, a: a.astype(dtype, casting=casting), a)

