# tests/python/math/test_operators.py -- ndarray operators vs NumPy
# Binary, unary, in-place and reflected forms; scalars, overlap, errors.
"""The ndarray operators (``x + y``, ``x += y``, ``2 - x``, ``~x``...).

Each operator is the ufunc of the same name, so results, result dtypes
(NEP 50 for Python scalars, strong NumPy scalars and 0-d arrays) and errors
must be NumPy's.  ``@`` belongs to the linalg tests.
"""

import operator

import numpy
import pytest

import cunp
from ufunc_support import DTYPES, asxp, attempt, twin

pytestmark = [pytest.mark.gpu,
              pytest.mark.filterwarnings('ignore::RuntimeWarning')]

BINARY = {
    '+': (operator.add, operator.iadd),
    '-': (operator.sub, operator.isub),
    '*': (operator.mul, operator.imul),
    '/': (operator.truediv, operator.itruediv),
    '//': (operator.floordiv, operator.ifloordiv),
    '%': (operator.mod, operator.imod),
    '**': (operator.pow, operator.ipow),
    '<<': (operator.lshift, operator.ilshift),
    '>>': (operator.rshift, operator.irshift),
    '&': (operator.and_, operator.iand),
    '|': (operator.or_, operator.ior),
    '^': (operator.xor, operator.ixor),
}
COMPARISONS = {
    '<': operator.lt, '<=': operator.le, '>': operator.gt,
    '>=': operator.ge, '==': operator.eq, '!=': operator.ne,
}
UNARY = {'-': operator.neg, '+': operator.pos, '~': operator.invert,
         'abs': abs}

# Divisions by a bool array would divide by False (zero): the divisions'
# zero semantics are tested elsewhere, so bool operands are all True there.
DIVIDING = {'/', '//', '%'}


def _id(d):
    return numpy.dtype(d).name


def operands(xp, dtype, op, seed=0):
    """A (3, 4) and a (4,) array of ``dtype`` with values that suit ``op``.

    Values stay small (1..4, exponents and shift counts 1..3) so no result
    overflows and no division by zero happens.
    """
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        if op in DIVIDING:
            a = numpy.ones((3, 4), bool)
            b = numpy.ones(4, bool)
        else:
            a = rng.integers(0, 2, (3, 4)).astype(bool)
            b = rng.integers(0, 2, 4).astype(bool)
    else:
        a = rng.integers(1, 5, (3, 4)).astype(dtype)
        b = rng.integers(1, 4, 4).astype(dtype)
        if dtype.kind == 'c':
            a = a + 1j * rng.integers(-2, 3, (3, 4)).astype(dtype)
    return asxp(xp, a), asxp(xp, b)


def scalars(dtype):
    """Python and NumPy scalars to combine with an array of ``dtype``."""
    return {'py_int': 2, 'py_float': 1.5, 'py_bool': True, 'py_complex': 2j,
            'np_same': numpy.dtype(dtype).type(2), 'np_float64':
            numpy.float64(2.0), 'np_int8': numpy.int8(3), 'np_uint64':
            numpy.uint64(3)}


def _all_forms(xp, dtype, op, func):
    """``func`` applied to every kind of operand pair, errors included."""
    a, b = operands(xp, dtype, op)
    b0 = b[1]
    res = {
        'arrays': attempt(func, a, b),
        'arrays_reflected': attempt(func, b, a),
        '0d': attempt(func, a, b0),
        '0d_reflected': attempt(func, b0, a),
        '0d_both': attempt(func, b0, b[2]),
        'transposed': attempt(func, a.T, b[:3]),
        'reversed': attempt(func, a[::-1, ::-2], b[::-2]),
    }
    for key, s in scalars(dtype).items():
        res[key] = attempt(func, a, s)
        res[key + '_reflected'] = attempt(func, s, a)
    return res


@pytest.mark.parametrize('dtype', DTYPES, ids=_id)
@pytest.mark.parametrize('op', list(BINARY))
@twin()
def test_binary_operator(xp, op, dtype):
    with numpy.errstate(all='ignore'):
        return _all_forms(xp, dtype, op, BINARY[op][0])


@pytest.mark.parametrize('dtype', DTYPES, ids=_id)
@pytest.mark.parametrize('op', list(COMPARISONS))
@twin()
def test_comparison_operator(xp, op, dtype):
    # Always bool arrays (0-d for 0-d operands), whatever the operands.
    return _all_forms(xp, dtype, op, COMPARISONS[op])


def _inplace(func, target, value):
    r = func(target, value)
    return r is target, target


@pytest.mark.parametrize('dtype', DTYPES, ids=_id)
@pytest.mark.parametrize('op', list(BINARY))
@twin()
def test_inplace_operator(xp, op, dtype):
    # The result is cast back to the target's dtype with same_kind casting:
    # int32 += int64 works, int32 += 1.5 raises UFuncTypeError (a
    # TypeError), uint8 += 300 raises OverflowError.
    func = BINARY[op][1]
    others = dict(scalars(dtype))
    others.update({'py_big_int': 300, 'np_float32': numpy.float32(2.0)})
    res = {}
    with numpy.errstate(all='ignore'):
        a, b = operands(xp, dtype, op)
        res['array'] = attempt(_inplace, func, a, b)
        a, b = operands(xp, dtype, op)
        res['0d'] = attempt(_inplace, func, a, b[0])
        a, b = operands(xp, dtype, op)
        res['into_view'] = attempt(_inplace, func, a[1:, ::2], b[::2])
        res['view_base'] = a
        for wider in ('i8', 'f8', 'c16', 'u8'):
            a, b = operands(xp, dtype, op)
            res['array_' + wider] = attempt(
                _inplace, func, a, b.astype(wider))
        for key, s in others.items():
            a, b = operands(xp, dtype, op)
            res[key] = attempt(_inplace, func, a, s)
    return res


@twin()
def test_inplace_casting_error_message(xp):
    a = asxp(xp, numpy.arange(3))
    b = asxp(xp, numpy.arange(3, dtype=numpy.uint8))
    return {'int_plus_float': attempt(operator.iadd, a, 1.5, message=True),
            'uint_overflow': attempt(operator.iadd, b, 300, message=True),
            'bool_target': attempt(operator.iadd,
                                   asxp(xp, numpy.ones(3, bool)), 1,
                                   message=True)}


@pytest.mark.parametrize('dtype', DTYPES, ids=_id)
@twin()
def test_unary_operators(xp, dtype):
    # -bool and +bool raise TypeError, ~ has no float loop; abs(complex)
    # is float.
    a, _ = operands(xp, dtype, '-')
    if numpy.dtype(dtype).kind in 'iu':
        a = a - 2    # negative values too (wrapping for unsigned)
    res = {}
    for name, func in UNARY.items():
        # NumPy's wording for -bool and ~float is part of the contract; the
        # one for +bool names NumPy's DType classes, so only its type is.
        res[name] = attempt(func, a, message=name in ('-', '~'))
        res[name + '_0d'] = attempt(func, a[1, 2])
        res[name + '_transposed'] = attempt(func, a.T)
    return res


@pytest.mark.parametrize('dtype', ['?', 'i1', 'u2', 'i8', 'f2', 'f8', 'c8'])
@twin()
def test_divmod_builtin(xp, dtype):
    # divmod() is ndarray.__divmod__/__rdivmod__, i.e. the divmod ufunc.
    a, b = operands(xp, dtype, '//')
    with numpy.errstate(all='ignore'):
        return {'arrays': attempt(divmod, a, b),
                'py_int': attempt(divmod, a, 3),
                'py_int_reflected': attempt(divmod, 7, a),
                'py_float_reflected': attempt(divmod, 7.5, a),
                'np_scalar_reflected': attempt(divmod, numpy.int16(7), a)}


# -- operand overlap ----------------------------------------------------------

OVERLAP = {
    'shift_right': lambda x: operator.iadd(x[1:], x[:-1]),
    'shift_left': lambda x: operator.iadd(x[:-1], x[1:]),
    'reversed': lambda x: operator.iadd(x, x[::-1]),
    'self': lambda x: operator.imul(x, x),
    'disjoint_strided': lambda x: operator.iadd(x[::2], x[1::2]),
    'interleaved': lambda x: operator.isub(x[2::2], x[:-2:2]),
    'reversed_target': lambda x: operator.iadd(x[::-1], x),
    'shift_by_3': lambda x: operator.iadd(x[3:], x[:-3]),
}


@pytest.mark.parametrize('dtype', ['f8', 'i4', 'u1'])
@pytest.mark.parametrize('case', list(OVERLAP))
@twin()
def test_inplace_overlap(xp, case, dtype):
    # NumPy reads every input as it was before the statement, whatever the
    # overlap: x[1:] += x[:-1] is [x0, x0+x1, x1+x2, ...], not a prefix sum.
    x = asxp(xp, numpy.arange(1, 13).astype(dtype))
    OVERLAP[case](x)
    return x


@twin()
def test_inplace_overlap_2d(xp):
    y = asxp(xp, numpy.arange(16.0).reshape(4, 4))
    y += y.T
    z = asxp(xp, numpy.arange(12).reshape(3, 4))
    z[:, 1:] -= z[:, :-1]
    w = asxp(xp, numpy.arange(12.0).reshape(3, 4))
    w[1:] *= w[:-1]
    return y, z, w


# -- chains, bool operators, truth values -------------------------------------

@twin()
def test_expression_chain(xp):
    a, b = operands(xp, 'f4', '+')
    c = asxp(xp, numpy.arange(3, dtype='i2')).reshape(3, 1)
    return ((a + b) * 2 - c / 3) ** 2 % 7, -(a // b) + abs(c - 2), (
        (a > 2) & (b < 3)) | ~(c == 1)


@twin()
def test_bool_array_operators(xp):
    p = asxp(xp, numpy.array([True, True, False, False]))
    q = asxp(xp, numpy.array([True, False, True, False]))
    return {
        'and': p & q, 'or': p | q, 'xor': p ^ q, 'invert': ~p,
        'add': p + q, 'mul': p * q, 'add_int': p + 1,
        'sub': attempt(operator.sub, p, q, message=True),
        'neg': attempt(operator.neg, p, message=True),
        'pos': attempt(operator.pos, p),
        'isub': attempt(operator.isub, p, q, message=True),
    }


@pytest.mark.parametrize('shape', [(2,), (2, 3), (0,), (1,), (), (1, 1)],
                         ids=str)
@twin()
def test_truth_value(xp, shape):
    a = asxp(xp, numpy.ones(shape))
    return attempt(bool, a, message=True), attempt(bool, a - 1)


@twin()
def test_logical_keywords_on_arrays(xp):
    # `and`/`or`/`not` go through __bool__: fine for one element, an error
    # for several.
    one = asxp(xp, numpy.array([2.0]))
    many = asxp(xp, numpy.array([1.0, 2.0]))
    return {'not_one': not one,
            'and_many': attempt(lambda: many and many, message=True),
            'if_many': attempt(lambda: 1 if many else 0)}


# -- comparisons with non-numbers ---------------------------------------------

@pytest.mark.parametrize('other', [None, 'abc'], ids=repr)
@twin()
def test_equality_with_non_numbers(xp, other):
    # NumPy answers == and != elementwise (all False / all True) instead
    # of raising; ordering comparisons raise TypeError.
    a = asxp(xp, numpy.arange(4, dtype='f4'))
    with numpy.errstate(all='ignore'):
        return {'eq': a == other, 'ne': a != other,
                'eq_reflected': other == a, 'ne_reflected': other != a,
                'lt': attempt(operator.lt, a, other),
                'ge_reflected': attempt(operator.ge, other, a)}


@twin()
def test_arithmetic_with_non_numbers(xp):
    a = asxp(xp, numpy.arange(4, dtype='f4'))
    return {'add_none': attempt(operator.add, a, None),
            'radd_none': attempt(operator.add, None, a),
            'mul_str': attempt(operator.mul, a, 'x'),
            'iadd_none': attempt(operator.iadd, a, None),
            'add_object': attempt(operator.add, a, object())}


# -- NumPy arrays on the other side -------------------------------------------

HOST_OPS = [operator.add, operator.sub, operator.mul, operator.truediv,
            operator.lt, operator.eq, operator.ne, operator.and_]


@pytest.mark.parametrize('func', HOST_OPS, ids=lambda f: f.__name__)
def test_host_array_operand_raises_type_error(func):
    # As in CuPy: a NumPy array is host data and is never copied to the
    # device implicitly, whichever side it is on.  The error must be a
    # clear TypeError, not a crash or a silent identity comparison.
    x = cunp.arange(4)
    h = numpy.arange(4)
    with pytest.raises(TypeError):
        func(x, h)
    with pytest.raises(TypeError):
        func(h, x)


@pytest.mark.parametrize('func', [operator.iadd, operator.imul],
                         ids=lambda f: f.__name__)
def test_host_array_inplace_raises_type_error(func):
    x = cunp.arange(4)
    h = numpy.arange(4)
    with pytest.raises(TypeError):
        func(x, h)
    with pytest.raises(TypeError):
        func(h, x)
    numpy.testing.assert_array_equal(h, numpy.arange(4))


@pytest.mark.parametrize('scalar', [numpy.float64(2.5), numpy.int8(3),
                                    numpy.bool_(True), numpy.complex64(1j)],
                         ids=lambda s: type(s).__name__)
def test_numpy_scalar_on_the_left_gives_device_array(scalar):
    # A NumPy scalar is a value, not host array data: it combines with a
    # device array on either side and the result stays on the device.
    x = cunp.arange(4, dtype=numpy.float32)
    for r in (scalar + x, scalar * x, scalar - x, scalar < x, scalar == x):
        assert isinstance(r, cunp.ndarray)


# --- issue 37: conj of real arrays, integer ** negative Python int ----------------------------

@pytest.mark.parametrize('dtype', ['?', 'b', 'B', 'i', 'l', 'e', 'f', 'd', 'F', 'D'])
def test_conj_keeps_real_arrays(dtype):
    a = numpy.arange(6).reshape(2, 3).astype(dtype)[:, ::-1]
    x = cunp.asarray(a)
    for name in ('conj', 'conjugate'):
        got, want = getattr(x, name)(), getattr(a, name)()
        assert got.dtype == want.dtype
        numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
        if dtype not in 'FD':  # NumPy hands back the array itself
            assert got is x
    # The ufunc has no bool loop: int8, as NumPy's.
    assert cunp.conjugate(cunp.asarray([True])).dtype == numpy.conjugate([True]).dtype


@pytest.mark.parametrize('dtype', ['?', 'b', 'h', 'i', 'l', 'B', 'Q', 'f', 'e', 'D'])
@pytest.mark.parametrize('exponent', [-1, -3, -200, -2**40, 2, 1, 0, -1.0, True, 0.5, 2.0])
def test_power_python_scalar(dtype, exponent):
    a = numpy.array([1, 2, 3]).astype(dtype)
    for form in ('binary', 'inplace'):
        def run(xp, arr):
            if form == 'binary':
                return arr ** exponent
            arr **= exponent
            return arr
        want_err = got_err = None
        try:
            want = run(numpy, a.copy())
        except Exception as e:  # noqa: BLE001 - the type is compared
            want_err = type(e)
        try:
            got = run(cunp, cunp.asarray(a))
        except Exception as e:  # noqa: BLE001
            got_err = type(e)
        assert (got_err is None) == (want_err is None), (got_err, want_err)
        if want_err is not None:
            assert issubclass(got_err, want_err) or issubclass(want_err, got_err), \
                (got_err, want_err)
            continue
        assert got.dtype == want.dtype
        numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-3)


_OBJECTS = [None, 'a', b'a', object(), {}, set(), Ellipsis, slice(1), [None, 1, 2],
            [None, 1.0, 2.5], ['a', 'b', 'c'], [1, 'a', None], (None,), [[None], [1]],
            [1, 2, 3], (1,), [[1], [2]], 10**30, [1, 2], [None, 1]]


@pytest.mark.parametrize('other', _OBJECTS, ids=[repr(o)[:20] for o in _OBJECTS])
@pytest.mark.parametrize('op', ['eq', 'ne'])
@pytest.mark.parametrize('dtype', ['l', 'd', '?', 'F'])
def test_equality_with_python_objects(other, op, dtype):
    # NumPy compares objects element by element: only numbers can equal numbers, and anything
    # else gives False (== ) or True (!=); shapes that do not broadcast are a ValueError.
    a = numpy.arange(1, 4).astype(dtype)
    fn = getattr(operator, op)
    try:
        want = fn(a, other)
    except (ValueError, OverflowError) as e:  # shapes; 10**30 against bool
        with pytest.raises(type(e)):
            fn(cunp.asarray(a), other)
        return
    got = fn(cunp.asarray(a), other)
    assert isinstance(got, cunp.ndarray)
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_array_equal(cunp.asnumpy(got), want)


@pytest.mark.parametrize('exponent', [2, -1, 0.5])
@pytest.mark.parametrize('dtype', ['e', 'f', 'd', 'F', 'D'])
def test_power_fast_paths_are_numpys_functions(exponent, dtype):
    # NumPy's x ** 2, x ** -1 and x ** 0.5 are square, reciprocal and sqrt: sqrt(-1+0j) is
    # exactly 1j where power gives 6e-17+1j.
    values = [-1, -4, 0.25, 2, 9]
    if dtype in 'FD':
        values += [-1 + 0j, -4 + 0j, 3 - 4j]
    a = numpy.array(values).astype(dtype)
    with numpy.errstate(all='ignore'):
        want = a ** exponent
        d = cunp.asarray(a)
        got = d ** exponent
        d **= exponent
    assert got.dtype == want.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-3 if dtype in 'eF' else 1e-12)
    if dtype in 'FD' and exponent == 0.5:  # the real parts are exactly 0, as sqrt's
        numpy.testing.assert_array_equal(cunp.asnumpy(got).real[5:7], want.real[5:7])
    numpy.testing.assert_allclose(cunp.asnumpy(d), want, rtol=1e-3 if dtype in 'eF' else 1e-12)
