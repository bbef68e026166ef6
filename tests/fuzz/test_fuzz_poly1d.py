"""poly1d against NumPy's: construction (from coefficients of every dtype, leading zeros,
0-d, 2-d, from roots, variable=), arithmetic (+ - * / ** with poly1d, arrays and Python
scalars, on either side), calls (arrays, scalars, poly1d), deriv/integ (m and k valid and
invalid), getitem/setitem (past the order, negative), ==, len, str and roots. A poly1d result
is compared as its coefficients, order and variable.

Coefficients are integral (and NaN, inf) and at most 5 long, so that products and sums are
exact; roots are compared as the monic polynomial they rebuild (poly(roots)), whose
coefficients are well defined where the roots of a repeated factor are not.
"""
import operator

import numpy
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import strategies as s
from differential import check
from known_differences import complex_product_not_finite, object_from_python_int, \
    poly_of_zero_dim, unrepresentable_cast

pytestmark = pytest.mark.gpu

# 1-d of up to 5 mostly (leading zeros now and then); 0-d (a constant) and 2-d (NumPy's
# ValueError) one time in ten each.
coefficient_shapes = st.integers(0, 9).flatmap(
    lambda i: st.just(()) if i == 8 else st.just((2, 2)) if i == 9 else
    hnp.array_shapes(min_dims=1, max_dims=1, min_side=0, max_side=5))


@st.composite
def coefficients(draw, finite=False):
    c = draw(s.arrays(shape=coefficient_shapes, exact=True))
    if c.ndim == 1 and c.size > 1 and draw(st.integers(0, 3)) == 0:
        c[0] = 0  # a leading zero, which poly1d drops
    if finite and c.dtype.kind in 'fc':
        with numpy.errstate(all='ignore'):
            c = numpy.nan_to_num(c, nan=1.0, posinf=2.0, neginf=-2.0)
    return c


def _poly(xp, c, variable=None):
    return xp.poly1d(c, variable=variable) if variable else xp.poly1d(c)


def _out(xp, result):
    """A poly1d as (coeffs, order, variable); tuples (polydiv's) item by item."""
    if isinstance(result, xp.poly1d):
        return result.coeffs, numpy.int64(result.order), result.variable
    if isinstance(result, tuple):
        return tuple(_out(xp, r) for r in result)
    return result


def _scalar_ok(value):
    """A Python int past 64 bits makes an object array in NumPy (known_differences)."""
    return not object_from_python_int(value, None)


OPERATORS = {'+': operator.add, '-': operator.sub, '*': operator.mul, '/': operator.truediv}


@given(st.sampled_from(sorted(OPERATORS)), coefficients(),
       st.sampled_from(['poly1d', 'array', 'scalar']), st.booleans(), st.data())
def test_arithmetic(op, c, kind, reflected, data):
    """p op q, p op array, p op scalar and the reflected forms: an array on the left is the
    array's operator, which sees the poly1d as the array of its coefficients (both libraries)."""
    fn = OPERATORS[op]
    if kind == 'scalar':
        other = data.draw(s.python_scalars())
        assume(_scalar_ok(other))
    else:
        other = data.draw(coefficients() if kind == 'poly1d' else
                          s.arrays(shape=hnp.array_shapes(min_dims=0, max_dims=2, max_side=5),
                                   exact=True))

    def call(xp, c, *rest):
        p = _poly(xp, c)
        q = rest[0] if rest else other
        if kind == 'poly1d':
            q = _poly(xp, q)
        return _out(xp, fn(q, p) if reflected else fn(p, q))
    args = (c, other) if kind != 'scalar' else (c,)
    if op == '*' and kind != 'scalar':
        assume(not complex_product_not_finite(c, other))
    check(call, *args, normwise=op == '/')


@given(coefficients(), st.one_of(st.integers(-1, 4), st.sampled_from([2.0, 1.5, -0.0])))
def test_power(c, exponent):
    """** of a non-negative integer (an integral float too); others raise (ValueError, or
    TypeError for a float that passes NumPy's check)."""
    check(lambda xp, c: _out(xp, _poly(xp, c) ** exponent), c)


@given(coefficients(), st.one_of(
    s.arrays(shape=hnp.array_shapes(min_dims=0, max_dims=2, max_side=4), exact=True),
    s.python_scalars(), coefficients().map(lambda c: ('poly1d', c))))
def test_call(c, x):
    """p(x): arrays of any dtype and shape, Python scalars, and poly1d (composition)."""
    if isinstance(x, tuple):
        check(lambda xp, c, q: _out(xp, _poly(xp, c)(_poly(xp, q))), c, x[1])
    elif isinstance(x, numpy.ndarray):
        check(lambda xp, c, x: _out(xp, _poly(xp, c)(x)), c, x)
    else:
        assume(_scalar_ok(x))
        check(lambda xp, c: _out(xp, _poly(xp, c)(x)), c)


@given(coefficients(), st.sampled_from(['deriv', 'integ']), st.integers(-1, 3),
       st.one_of(st.none(), st.integers(-3, 3), st.lists(st.integers(-3, 3), max_size=4)))
def test_deriv_integ(c, method, m, k):
    """deriv(m) and integ(m, k): k a scalar or a list of m constants (of another length:
    NumPy's ValueError); m < 0 raises."""
    def call(xp, c):
        p = _poly(xp, c)
        if method == 'deriv':
            return _out(xp, p.deriv(m))
        return _out(xp, p.integ(m) if k is None else p.integ(m, k=k))
    check(call, c)


@given(coefficients(), st.integers(-2, 8), st.one_of(st.none(), st.integers(-5, 5)))
def test_getitem_setitem(c, power, value):
    """p[power] (0 past the order and below 0) and p[power] = value (extending the
    coefficients past the order; a negative power raises)."""
    assume(c.ndim == 1 or value is None)
    if value is not None:
        assume(not unrepresentable_cast(numpy.asarray(float(value)), c.dtype))

    def call(xp, c):
        p = _poly(xp, c)
        if value is None:
            return p[power]
        p[power] = value
        return _out(xp, p)
    check(call, c)


@given(coefficients(), st.sampled_from(['x', 'z', 's', 'lambda']), st.booleans())
def test_variable(c, variable, derived):
    """variable= is kept by poly1d(...), its arithmetic and its derivative, and shows in
    str(p)."""
    def call(xp, c):
        p = _poly(xp, c, variable)
        if derived:
            p = (p * p).deriv()
        return _out(xp, p), str(p), len(p)
    check(call, c)


@given(coefficients(finite=True), st.booleans())
def test_roots(c, from_roots):
    """p.roots as the monic polynomial they rebuild, as complex numbers; and poly1d(r, r=True),
    the polynomial of given roots."""
    assume(not poly_of_zero_dim(c, from_roots))

    def call(xp, c):
        if from_roots:
            return _out(xp, xp.poly1d(c, r=True))
        r = _poly(xp, c).roots
        # in the roots' precision (single for float16/32 and complex64 coefficients)
        work = numpy.complex64 if r.dtype.char in 'efF' else numpy.complex128
        return xp.asarray(xp.poly(r)).astype(work), r.shape
    check(call, c, normwise=True)


@given(coefficients(), coefficients())
def test_equality(c, d):
    """== and != of two poly1d (coefficients and lengths compared)."""
    check(lambda xp, c, d: (_poly(xp, c) == _poly(xp, d), _poly(xp, c) != _poly(xp, d)), c, d)
